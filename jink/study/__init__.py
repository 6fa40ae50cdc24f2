"""Studying a position: the solved game tree (networkx), a study session at the
terminal, and a self-contained analysis page (HTML).

This layer sits above :mod:`jink.analysis` and below :mod:`jink.cli`: it asks the
solver questions and shapes the answers; it prints nothing.
"""

from jink.study.tree import TreeSummary, full_tree, proof_tree, summarise

__all__ = ["TreeSummary", "full_tree", "proof_tree", "summarise"]

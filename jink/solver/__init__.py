"""The search engine, and nothing above it: the goals a seat plays for, the
limits of a search, the transposition table, the two engines (the Python
reference engine in ``search.py``; the compiled core, ``_core.c`` and
``core/``, with its settlers, driven by ``native.py``) and the
:class:`Solver` that asks them a question. Everything that reads the
answers (lines, notes, analysis, decisions) lives in the layers above,
:mod:`jink.analysis` and :mod:`jink.decisions`; this package imports only
the cards, the games and positions below it.
"""

from jink.solver.goals import SPOIL, THREE, AtLeast, Goal, Spoil, parse_goal
from jink.solver.limits import Limit
from jink.solver.solver import MoveScore, OpenScore, Solver, Verdict

__all__ = ["SPOIL", "THREE", "AtLeast", "Goal", "Limit", "MoveScore", "OpenScore",
           "Solver", "Spoil", "Verdict", "parse_goal"]

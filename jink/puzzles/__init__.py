"""Puzzles: composed positions with one key card. A puzzle file (``puzzle``),
the built-in collection (``collection``, the files of ``data/``), the checker
that proves a puzzle sound with the solver (``check``), the generator
(``generate``), the solution written out (``solution``) and play at the
terminal (``play``). It builds on the position files of :mod:`jink.formats`
and the answers of :mod:`jink.analysis`; ``files`` and ``dealstring`` here
are the former places of :mod:`jink.formats.files` and
:mod:`jink.formats.dealstring`, kept for code that imports them.
"""

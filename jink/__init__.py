"""jink: a double-dummy solver and study kit for Spoil Five and its family.

The public API: :class:`~jink.position.Position` for a deal in progress,
:func:`~jink.games.find_game` for the rules, and :func:`solve` for the
answers.

>>> import jink
>>> p = jink.Position.create("spoil-five", "D", ["5D JD AH KC 2S", "9C 8C 7C 6C 4C"])
>>> jink.solve(p, line=False).verdicts[0].max_tricks
5
"""

from jink.errors import (
    IllegalPlayError,
    JinkError,
    LimitExceeded,
    ParseError,
    PositionError,
    UnknownNameError,
)
from jink.games import find_game
from jink.position import Position
from jink.solver import Limit, SolveResult, solve

__version__ = "0.1.0"

__all__ = [
    "IllegalPlayError",
    "JinkError",
    "Limit",
    "LimitExceeded",
    "ParseError",
    "Position",
    "PositionError",
    "SolveResult",
    "UnknownNameError",
    "__version__",
    "find_game",
    "solve",
]

"""jink: a double-dummy solver and study kit for Spoil Five and its family.

The public API: :class:`~jink.position.Position` for a deal in progress,
:func:`~jink.games.find_game` for the rules, and (from :mod:`jink.solver`)
``solve`` for the answers.
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

__version__ = "0.1.0"

__all__ = ["IllegalPlayError", "JinkError", "LimitExceeded", "ParseError", "Position",
           "PositionError", "UnknownNameError", "__version__", "find_game"]

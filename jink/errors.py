"""The exceptions jink raises: one root, one class per kind of bad input.

Every error a user can provoke is a :class:`JinkError`, and also a
:class:`ValueError`, so callers can catch either. The CLI turns any of them
into a one-line message and exit status 1. (:class:`LimitExceeded` is no
bad input: a limit reached where no partial answer was wanted.)

>>> from jink.cards import parse_card
>>> try:
...     parse_card("5X")
... except ValueError as error:
...     print(type(error).__name__, isinstance(error, JinkError), error)
ParseError True not a card: '5X' (unknown suit 'X')
"""

from __future__ import annotations


class JinkError(Exception):
    """Root of every error jink raises on purpose."""


class ParseError(JinkError, ValueError):
    """Text that is not a card, a hand, or a well-formed file.

    ``where`` says where the bad text was (a field name, ``line 3``, ...).
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class PositionError(JinkError, ValueError):
    """A position that cannot arise: duplicate cards, wrong hand sizes, ..."""


class IllegalPlayError(JinkError, ValueError):
    """A card that may not be played now; the message says why."""


class UnknownNameError(JinkError, ValueError):
    """An unknown game, option or goal name."""


class LimitExceeded(JinkError):
    """A search ran past its node or time limit; no guess is returned."""

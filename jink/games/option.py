"""A named rule option of a game, or of its books across deals.

Kept apart from :mod:`jink.games.base` so that the books
(:mod:`jink.games.ledger`), which have options of their own, need not import
the rules that read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Option:
    """A named rule option with its default and a one-line meaning."""

    name: str
    default: bool
    help: str
    #: Duties the option changes when set, by field of :class:`Duties`
    #: (Rounce's ``trump_lead_every_trick``: the lead duty lasts to the end).
    duties: tuple[tuple[str, Any], ...] = ()

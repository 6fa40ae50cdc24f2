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


@dataclass(frozen=True)
class Unmodelled:
    """A rule the sources give as a variation, or give at all, that jink does
    not model: named, so that ``jink rules GAME`` lists it and an option of
    that name is refused with why, not as unknown."""

    name: str
    #: What the rule says, in a few words.
    rule: str
    #: Where it comes from: the source's words.
    source: str

"""A game's duties as data: what the leader and the followers must play.

Every game of the family is described by the same few facts, read both by
the Python interpreter (:class:`~jink.games.base.Rules`) and by the compiled
search core, which knows no game by name:

- a *follow duty* (:class:`Follow`): follow suit or trump, with the renege
  privilege of the cards the ranking names (Spoil Five, Forty-Five); follow
  and head, else trump and over-trump, else under-trump (Rams, Bierspiel,
  Loo); or follow suit only (Rounce);
- a *lead duty*: from trick ``lead_trump_from`` (counted from 0, as tricks
  done) up to but not including ``lead_trump_until``, a leader holding a trump
  must lead one (Rounce's first-trick winner, Loo once trumps are known);
- *forced leads*: for the first F tricks (F by the number of seats in the
  play) a trump must be led, and a leader without one leads his lowest card
  face down; the others must then trump, over-trumping if able, and the
  face-down card cannot win (Bierspiel);
- a *phase change*: a position with no trump yet whose trump comes in at the
  first trick in which a seat cannot follow suit, counting at once for that
  trick (Loo's simple pool).

>>> Duties(Follow.HEAD).lead_trump_from == NEVER
True
>>> Duties(Follow.SUIT, forced_leads=(0, 0, 1, 2, 3)).forced_for(7)
3
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

#: A trick number no deal reaches: "never" for the lead duty's bounds.
NEVER = 99


class Follow(IntEnum):
    """How a seat must follow to a card led face up (values shared with the C core)."""

    #: Follow suit or trump (any trump); void, any card. To a trump lead, a
    #: trump, unless every trump held is a privileged card above the card led.
    OR_TRUMP = 0
    #: Follow and head the trick (any card of the suit once a plain trick is
    #: trumped); void, trump, over-trumping if able, else under-trumping.
    HEAD = 1
    #: Follow suit if able, else any card.
    SUIT = 2


@dataclass(frozen=True)
class Duties:
    """The duties of one game (options may replace fields: see ``Game.duties_for``)."""

    follow: Follow
    lead_trump_from: int = NEVER
    lead_trump_until: int = NEVER
    #: ``forced_leads[n]``: tricks that must be led with a trump with ``n`` seats
    #: in the play (past the end of the tuple, its last entry).
    forced_leads: tuple[int, ...] = ()
    #: Ranks (0 = two .. 12 = ace) from lowest: the face-down lead's "lowest card".
    low_ranks: tuple[int, ...] = ()
    #: A position with no trump gets one at the first trick a seat cannot follow.
    trump_on_void: bool = False

    def forced_for(self, players: int) -> int:
        """How many tricks must be led with a trump with ``players`` in the play
        (0 when the number is not known)."""
        if not self.forced_leads or players <= 0:
            return 0
        return self.forced_leads[min(players, len(self.forced_leads) - 1)]

"""The duty to head a trick, shared by Rams (and Bierspiel) and Loo.

A seat following must play a card of the suit led and beat the card heading
the trick if it can (any card of the suit once a plain-suit trick is
trumped); void in the suit, it must trump if it can, over-trumping if able,
else under-trumping; otherwise it may play anything.
"""

from __future__ import annotations

from collections.abc import Sequence

from jink.cards import Card, CardSet, bit
from jink.games.base import TRUMP_BASE, Rules


class HeadingRules(Rules):
    """Rules whose followers must head the trick: see the module docstring.

    Subclasses call :meth:`make_above` once their ranking is final.
    """

    #: ``above[card]``: the cards counting as ``card``'s suit that rank above it.
    above: tuple[CardSet, ...] = ()

    def make_above(self) -> None:
        above = [0] * 52
        for suit in range(4):
            better = 0
            for card in self.order(suit):
                above[card] = better
                better |= bit(card)
        self.above = tuple(above)

    def top(self, trick: Sequence[Card]) -> Card:
        """The card heading ``trick`` (not empty) so far, as the seat to follow
        sees it: the best trump, else the best card of the suit led."""
        return trick[Rules.winner(self, trick)]

    def trumping(self, trumps: CardSet, trick: Sequence[Card]) -> CardSet:
        """Of ``trumps`` (held, not empty), those that must be played to ``trick``:
        the ones above every trump in it, if any, else all (under-trumping)."""
        top = self.top(trick)
        if self.power[top] > TRUMP_BASE:
            return trumps & self.above[top] or trumps
        return trumps

    def following(self, hand: CardSet, trick: Sequence[Card]) -> CardSet:
        """The legal cards of ``hand`` to a trick (not empty) led face up."""
        suited = hand & self.suit_masks[self.suit[trick[0]]]
        if suited:
            # Head the top card if able. A trumped plain-suit trick has a trump on
            # top, which no card of the suit is above: then any card of the suit.
            return suited & self.above[self.top(trick)] or suited
        trumps = hand & self.trump_mask
        return self.trumping(trumps, trick) if trumps else hand

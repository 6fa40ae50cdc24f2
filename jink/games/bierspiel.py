"""Bierspiel: Rams with the 7♦ always the second trump, and forced trump leads.

The rules follow RULINGS.md ("Bierspiel"). The 7♦ is always a trump, just
below the ace of trumps, and never counts as a diamond. A trump must be led to
the first trick with two seats in the play, to the first two with three, to the
first three with four or five. A leader who must lead a trump and holds none
leads his lowest card face down (any card of the lowest rank he holds): every
other seat must then play a trump if he can, over-trumping if he can, and
otherwise any card. The face-down card cannot win: with no trump played the
leader takes the trick. A trick is known to be led face down when it is one of
the forced tricks and its first card is not a trump. Every other duty is Rams'.

Seats: as in Rams, a position lists only the seats that play, 2 to 5 of them.
When the number of seats in the play is not known (``players == 0``), no lead
is forced; ``jink legal --hand`` asks for ``--players`` in the first tricks
(:attr:`Game.seats_decide_duties`).

Only the A K Q J 10 9 8 7 order is offered (no ``ecarte_order``): the 7♦'s
place, "second best, just below the ace", is defined for that order only.

Questions, per seat: ``takes_a_trick`` (it can force at least one trick) and
``all_five`` (it can force every trick). Extras: ``points``, the points its
``max_tricks`` wipe off the player's fifteen (one a trick).

>>> rules = BIERSPIEL.bind(DIAMONDS, players=3)
>>> cards_text(rules.order(DIAMONDS))
'AD 7D KD QD JD TD 9D 8D'
>>> cards_text(BIERSPIEL.bind(SPADES).order(DIAMONDS))
'AD KD QD JD TD 9D 8D'
>>> from jink.cards import parse_cardset
>>> cards_text(rules.legal(parse_cardset("9H 8C KD 8S 7C"), (), 1))
'KD'
>>> cards_text(rules.legal(parse_cardset("9H 8C 8S AC"), (), 1))
'8S 8C'
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from jink.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SEVEN,
    SPADES,
    Card,
    CardSet,
    Suit,
    bit,
    card_name,
    cards_text,
    make_card,
)
from jink.games.base import (
    TRUMP_BASE,
    Declaring,
    Game,
    Question,
    Ranking,
    Rules,
    points_per_trick,
)
from jink.games.duties import Duties, Follow
from jink.games.rams import PIQUET_RANKS, RAMS_DECK, RamsRules, suit_order

SEVEN_OF_DIAMONDS = make_card(SEVEN, DIAMONDS)

__all__ = [
    "BIERSPIEL",
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "SEVEN_OF_DIAMONDS",
    "SPADES",
    "BierspielRules",
    "bierspiel_ranking",
    "cards_text",
    "forced_trump_leads",
]


def bierspiel_ranking(trump: Suit | None) -> Ranking:
    """The ranking tables of Bierspiel: Rams' order, the 7♦ second in trumps."""
    if trump is None:
        raise ValueError("Bierspiel always has a trump suit")
    ace, *rest = (c for c in suit_order(trump) if c != SEVEN_OF_DIAMONDS)
    trumps = (ace, SEVEN_OF_DIAMONDS, *rest)
    plain = tuple(() if s == trump else tuple(c for c in suit_order(s) if c != SEVEN_OF_DIAMONDS)
                  for s in range(4))
    return Ranking(trump, trumps, plain)


def forced_trump_leads(players: int) -> int:
    """How many tricks, from the first, must be led with a trump.

    >>> [forced_trump_leads(n) for n in range(6)]
    [0, 0, 1, 2, 3, 3]
    """
    if players < 2:
        return 0  # not known (0), or no play at all
    return min(players - 1, 3)


class BierspielRules(RamsRules):
    """Rams' following, with forced trump leads and the face-down lead."""

    def __init__(self, game: Game, ranking: Ranking, options: Mapping[str, Any],
                 players: int = 0, turn: Card | None = None) -> None:
        super().__init__(game, ranking, options, players, turn)
        #: Tricks (from the first) that must be led with a trump.
        self.forced = forced_trump_leads(players)
        # The cards of each rank, lowest rank first: a face-down lead is the lowest.
        self.ranks_low_first: tuple[CardSet, ...] = tuple(
            sum(bit(make_card(r, s)) for s in range(4)) & RAMS_DECK
            for r in reversed(PIQUET_RANKS))
        # The lowest card compares ranks across suits: while leads are forced,
        # positions alike up to the order within each suit need not play alike.
        # (Cards of one suit with no live card between stay equivalent, though:
        # in a forced trick a seat holding a trump must play one, led or face
        # down, so only a seat without trumps chooses among plain cards, and such
        # a seat wins no later forced trick, so it never leads one face down.)
        self.relative_ranks_safe = self.forced == 0
        #: The same rules once no lead is forced any more (see :meth:`after_trick`).
        self.unforced: BierspielRules = self
        if self.forced:
            self.unforced = copy.copy(self)
            self.unforced.forced = 0
            self.unforced.relative_ranks_safe = True
            self.unforced.unforced = self.unforced

    def face_down(self, trick: Sequence[Card], tricks_done: int) -> bool:
        """Whether ``trick`` (not empty) was led face down."""
        return tricks_done < self.forced and not self.trump_mask & bit(trick[0])

    def lowest(self, hand: CardSet) -> CardSet:
        """The cards of ``hand`` of its lowest rank (A K Q J 10 9 8 7)."""
        for cards in self.ranks_low_first:
            if hand & cards:
                return hand & cards
        return hand

    def legal(self, hand: CardSet, trick: Sequence[Card], tricks_done: int) -> CardSet:
        if not trick:
            if tricks_done < self.forced:
                trumps = hand & self.trump_mask
                return trumps if trumps else self.lowest(hand)
            return hand
        if tricks_done < self.forced and not self.trump_mask & bit(trick[0]):
            trumps = hand & self.trump_mask
            return self.trumping(trumps, trick) if trumps else hand
        return self.following(hand, trick)

    def after_trick(self, trick: Sequence[Card], tricks_done: int) -> Rules:
        # After the last forced trick Bierspiel is played as Rams: the search may
        # then share table entries between positions alike up to relative rank.
        return self.unforced if tricks_done + 1 >= self.forced else self

    def winner(self, trick: Sequence[Card], tricks_done: int = 0) -> int:
        if tricks_done < self.forced and not self.trump_mask & bit(trick[0]):
            # Led face down: the best trump wins; with none, the leader takes it.
            top = self.top(trick)
            return trick.index(top) if self.power[top] > TRUMP_BASE else 0
        return super().winner(trick, tricks_done)

    def explain(self, card: Card, hand: CardSet, trick: Sequence[Card],
                tricks_done: int | None = None) -> str:
        if tricks_done is None:
            # Without the trick number, a lead can only be illegal if it was
            # forced, and a follower's card legal by Rams' duties breaks the
            # face-down duty.
            if not trick or self.following(hand, trick) & bit(card):
                return self.explain_forced(card, hand, trick, None)
            return self.explain_following(card, hand, trick)
        if tricks_done < self.forced and (not trick or self.face_down(trick, tricks_done)):
            return self.explain_forced(card, hand, trick, tricks_done)
        return super().explain(card, hand, trick, tricks_done)

    def explain_forced(self, card: Card, hand: CardSet, trick: Sequence[Card],
                       tricks_done: int | None) -> str:
        """Why ``card`` may not be led to a forced trick, or follow a face-down lead
        (``tricks_done``: None if not known)."""
        name = card_name(card)
        if trick:
            return self.explain_trumping(card, hand & self.trump_mask, trick,
                                         "to a card led face down")
        which = (f"trick {tricks_done + 1}" if tricks_done is not None
                 else f"each of the first {self.forced} tricks")
        forced = f"a trump must be led to {which} with {self.players} in the play"
        trumps = hand & self.trump_mask
        if trumps:
            return f"{name} is not a trump: {forced}, and the hand holds {self.show(trumps)}"
        return (f"{name} is not the lowest card: {forced}, and a leader without a trump "
                f"leads his lowest card face down ({self.show(self.lowest(hand))})")


BIERSPIEL_QUESTIONS = (
    Question("takes_a_trick", "Takes a trick (a point off)", 1),
    Question("all_five", "All five tricks", 5),
)

_RULES_NOTE = ("as Rams (follow and head; void, trump and over-trump), with the 7♦ the second "
               "trump; a trump must be led to the first trick with two in the play, the first "
               "two with three, the first three with four or more: a leader without a trump "
               "leads his lowest card face down, and the others must trump (over-trumping "
               "if able)")


BIERSPIEL = Game(
    ranking_of=bierspiel_ranking, rules_type=BierspielRules,
    question_set=BIERSPIEL_QUESTIONS, worth=points_per_trick,
    name="bierspiel", title="Bierspiel", min_players=2, max_players=5, deck=RAMS_DECK,
    aliases=("bier", "bier-spiel"), following=_RULES_NOTE,
    seats_decide_duties=forced_trump_leads(5),
    duties=Duties(Follow.HEAD, forced_leads=tuple(forced_trump_leads(n) for n in range(6)),
                  low_ranks=tuple(reversed(PIQUET_RANKS))),
    # Declaring, the widow, the dealer's rob and the general rams are Rams'
    # (RULINGS: Rams with one change to the cards and one to the leads;
    # Foster: "If only two declare to play"). Foster gives no Bierspiel
    # payment for a general rams: its verdict is the game's own.
    widow=5, declaring=Declaring.RAMS, table=(3, 5), dealer_robs=True, general_rams=True,
    # Foster: a turned-up 7D makes no trumps; the dealer turns the next card
    # and may take both, or, if he passes, the eldest may take up the trump.
    # Not modelled: such a turn-up is refused (docs/rules.md, Bierspiel).
    turned_past=bit(SEVEN_OF_DIAMONDS),
)

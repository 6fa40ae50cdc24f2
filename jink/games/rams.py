"""Rams: the 32-card game where a player must head the trick and trump when void.

The tables follow RULINGS.md ("Rams"): A K Q J 10 9 8 7 in every suit, trumps
included, or with the option ``ecarte_order`` K Q J A 10 9 8 7. Following: a
player must follow suit and *head* the trick (play above every card of the
suit led played so far) if he can; once a plain-suit trick has been trumped he
need only follow suit, with any card of it. Void in the suit led he must trump
if he can, over-trumping if he can, else under-trumping; otherwise any card.

Seats: a position lists only the seats that play (those who passed are out of
the deal). Three to six sit at the table and with six the dealer takes no
cards, so from 2 (the pone against the dealer) to 5 seats are in the play.

Questions, per seat: ``not_ramsed`` (it can force a trick: a player who plays
and takes none is ramsed) and ``general_rams`` (it can force all five).
Extras: ``pool_share``, the part of the pool its ``max_tricks`` take, in
lowest terms (``"2/5"``, ``"0"``, ``"1"``), as in Rounce and Loo.

>>> rules = RAMS.bind(HEARTS)
>>> cards_text(rules.order(HEARTS))
'AH KH QH JH TH 9H 8H 7H'
>>> cards_text(RAMS.bind(SPADES, {"ecarte_order": True}).order(CLUBS))
'KC QC JC AC TC 9C 8C 7C'
>>> from jink.cards import parse_cardset, parse_cards
>>> cards_text(rules.legal(parse_cardset("8C KC 7C KH"), tuple(parse_cards("9C")), 0))
'KC'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from jink.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    EIGHT,
    HEARTS,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SPADES,
    TEN,
    Card,
    CardSet,
    Suit,
    bit,
    card_name,
    cards_text,
    cardset,
    iter_cards,
    make_card,
    suit_of,
)
from jink.games.base import (
    Declaring,
    Game,
    Option,
    Question,
    Ranking,
    share_of_pool,
)
from jink.games.duties import Duties, Follow
from jink.games.heading import HeadingRules

__all__ = [
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "PIQUET_RANKS",
    "RAMS",
    "RAMS_DECK",
    "SPADES",
    "RamsRules",
    "cards_text",
    "general_rams_payment",
    "rams_ranking",
]

#: Ranks of the 32-card pack, best first: the piquet order (RULINGS' default).
PIQUET_RANKS: tuple[int, ...] = (ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN)
#: The écarté order, Foster's first: the ace between the J and the 10.
ECARTE_RANKS: tuple[int, ...] = (KING, QUEEN, JACK, ACE, TEN, NINE, EIGHT, SEVEN)

#: The euchre pack: 7 to A of every suit.
RAMS_DECK: CardSet = cardset(make_card(r, s) for s in range(4) for r in PIQUET_RANKS)


def suit_order(suit: Suit, ecarte: bool = False) -> tuple[Card, ...]:
    """The eight cards of ``suit``, best first."""
    return tuple(make_card(r, suit) for r in (ECARTE_RANKS if ecarte else PIQUET_RANKS))


def rams_ranking(trump: Suit | None, ecarte: bool = False) -> Ranking:
    """The ranking tables of Rams for one trump suit: one order for every suit."""
    if trump is None:
        raise ValueError("Rams always has a trump suit")
    plain = tuple(() if s == trump else suit_order(s, ecarte) for s in range(4))
    return Ranking(trump, suit_order(trump, ecarte), plain)


class RamsRules(HeadingRules):
    """Following in Rams: follow and head, else trump and over-trump, else anything."""

    def __init__(self, game: Game, ranking: Ranking, options: Mapping[str, Any],
                 players: int = 0, turn: Card | None = None) -> None:
        # Game.ranking() does not see the options, so the option's order is put in here.
        if options.get("ecarte_order"):
            ranking = rams_ranking(ranking.trump, ecarte=True)
        super().__init__(game, ranking, options, players, turn)
        self.make_above()

    def show(self, cards: CardSet) -> str:
        """The names of ``cards`` for a message: suit by suit, best first."""
        return cards_text(sorted(iter_cards(cards), key=lambda c: (suit_of(c), -self.power[c])))

    def legal(self, hand: CardSet, trick: Sequence[Card], tricks_done: int) -> CardSet:
        if not trick:
            return hand
        return self.following(hand, trick)

    def explain(self, card: Card, hand: CardSet, trick: Sequence[Card],
                tricks_done: int | None = None) -> str:
        if not trick:
            return super().explain(card, hand, trick, tricks_done)
        return self.explain_following(card, hand, trick)

    def explain_following(self, card: Card, hand: CardSet, trick: Sequence[Card]) -> str:
        """Why ``card`` may not follow to a trick led face up."""
        name = card_name(card)
        led = self.suit[trick[0]]
        suited = hand & self.suit_masks[led]
        if suited:
            what = "a trump" if led == self.trump else "a card of the suit led"
            if not suited & bit(card):
                return (f"{name} does not follow suit: the hand holds {what} "
                        f"({self.show(suited)}), which must be played")
            top = self.top(trick)
            return (f"{name} does not head the trick: the hand holds "
                    f"{self.show(suited & self.above[top])} above the {card_name(top)}, "
                    "and must play one of them")
        trumps = hand & self.trump_mask
        return self.explain_trumping(card, trumps, trick, "void in the suit led")

    def explain_trumping(self, card: Card, trumps: CardSet, trick: Sequence[Card],
                         why: str) -> str:
        """Why ``card`` breaks the duty to trump (and over-trump) with ``trumps``."""
        name = card_name(card)
        if not trumps & bit(card):
            return f"{name} is not a trump: {why}, the hand must trump ({self.show(trumps)})"
        top = self.top(trick)
        return (f"{name} does not over-trump the {card_name(top)}: the hand holds "
                f"{self.show(trumps & self.above[top])}, and must play one of them")


RAMS_QUESTIONS = (
    Question("not_ramsed", "Takes a trick (not ramsed)", 1),
    Question("general_rams", "General rams (all five)", 5),
)

_RULES_NOTE = ("follow suit and head the trick if able (once a plain-suit trick is trumped, "
               "any card of the suit); void in the suit led, trump if able, over-trumping if "
               "able, else under-trumping; otherwise any card")


def general_rams_payment(succeeded: bool, seats: int) -> dict[str, object]:
    """What a general rams comes to for its announcer, ``seats`` at the table.

    Foster: "If he succeeds in getting all five tricks, he not only gets the
    pool but receives five counters in addition from each player. If he
    fails, he must double the amount then in the pool, and pay five counters
    to each of his adversaries." ``pool_share`` -1: he pays in as much as
    the pool holds; ``counters``: what the other players pay him (negative:
    what he pays them).

    >>> general_rams_payment(False, 4)
    {'pool_share': '-1', 'counters': -15}
    """
    others = seats - 1
    if succeeded:
        return {"pool_share": "1", "counters": 5 * others}
    return {"pool_share": "-1", "counters": -5 * others}


RAMS = Game(
    ranking_of=rams_ranking, rules_type=RamsRules, question_set=RAMS_QUESTIONS,
    worth=share_of_pool,
    name="rams", title="Rams", min_players=2, max_players=5, deck=RAMS_DECK,
    aliases=("rammes",), following=_RULES_NOTE, duties=Duties(Follow.HEAD),
    # Foster: three to six at the table; with six the dealer takes no cards,
    # which declare does not model, so at most five hands.
    widow=5, declaring=Declaring.RAMS, table=(3, 5), dealer_robs=True, general_rams=True,
    general_rams_worth=general_rams_payment,
    options=(Option("ecarte_order", False,
                    "rank every suit K Q J A 10 9 8 7 (as at Écarté), not A K Q J 10 9 8 7"),),
)

"""Spoil Five: the ranking tables, following with the reneging privilege.

The tables follow RULINGS.md: "highest in red, lowest in black" in plain
suits; in trumps the 5, the J, the A♥ and the ace of the suit head the order
(the A♥ is always the third trump and never a heart). A plain-suit lead may
be followed or trumped; a trump lead must be followed unless every trump held
is a privileged card (5, J of trumps, A♥) ranking above the card *led*.

>>> rules = SPOIL_FIVE.bind(DIAMONDS)
>>> cards_text(rules.order(DIAMONDS))
'5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D'
>>> cards_text(rules.order(CLUBS))
'KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C TC'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jink.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    FIVE,
    FULL_DECK,
    HEARTS,
    JACK,
    KING,
    QUEEN,
    RED_SUITS,
    SPADES,
    Card,
    Suit,
    cards_text,
    make_card,
)
from jink.games.base import Game, Question, Ranking
from jink.games.duties import Duties, Follow
from jink.games.ledger import (
    DEAL_AGAIN_FORFEIT,
    MISDEALER_DEALS_AGAIN,
    Ledger,
    LedgerKind,
    ledger_option,
)
from jink.games.option import Option

ACE_OF_HEARTS = make_card(ACE, HEARTS)

__all__ = [
    "ACE_OF_HEARTS",
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "SPADES",
    "SPOIL_FIVE",
    "cards_text",
    "spoil_five_ranking",
]


def plain_order(suit: Suit) -> tuple[Card, ...]:
    """A suit's order when it is not trumps: K Q J, then high in red, low in black."""
    courts = [make_card(r, suit) for r in (KING, QUEEN, JACK)]
    if suit in RED_SUITS:
        spots = [make_card(r, suit) for r in (8, 7, 6, 5, 4, 3, 2, 1, 0)]
        if suit == DIAMONDS:
            spots.append(make_card(ACE, suit))
        return tuple(courts + spots)
    spots = [make_card(r, suit) for r in (ACE, 0, 1, 2, 3, 4, 5, 6, 7, 8)]
    return tuple(courts + spots)


def spoil_five_ranking(trump: Suit | None, options: Mapping[str, Any] | None = None) -> Ranking:
    """The ranking tables of Spoil Five (and Forty-Five) for one trump suit."""
    if trump is None:
        raise ValueError("Spoil Five always has a trump suit")
    top = [make_card(FIVE, trump), make_card(JACK, trump), ACE_OF_HEARTS]
    if trump != HEARTS:
        top.append(make_card(ACE, trump))
    rest = [c for c in plain_order(trump) if c not in top]
    trumps = tuple(top + rest)
    plain = tuple(
        () if s == trump else tuple(c for c in plain_order(s) if c != ACE_OF_HEARTS)
        for s in range(4))
    return Ranking(trump, trumps, plain, privileged=tuple(top[:3]))


SPOIL_FIVE_QUESTIONS = (
    Question("three", "Three (pool)", 3),
    Question("jink", "Jink (all five)", 5),
    Question("spoil", "Spoil", None),
)

RULES_NOTE = ("follow suit or trump to a plain lead; a trump lead must be followed with a "
               "trump unless every trump held is the 5, J of trumps or A♥ ranking above the "
               "card led (reneging)")


SPOIL_FIVE = Game(
    ranking_of=spoil_five_ranking, question_set=SPOIL_FIVE_QUESTIONS,
    name="spoil-five", title="Spoil Five", min_players=2, max_players=10, deck=FULL_DECK,
    aliases=("spoil5", "spoilfive", "spoil_five"), following=RULES_NOTE,
    winning_question="three", pool=3, robbing_rank=ACE, duties=Duties(Follow.OR_TRUMP),
    options=(Option("compulsory_rob", False,
                    "the holder of the ace of trumps (or the dealer, on a turned ace) must rob"),),
    ledger=Ledger(LedgerKind.CARRIED_POOL, counters=20, stake=1, last_deal_right=True,
                  deal_again_forfeit=DEAL_AGAIN_FORFEIT, options=(
        ledger_option("dealer_puts_up_for_all", False,
                      "each dealer puts up one counter for every player, whether the pool "
                      "was won or not (Foster: 'in some places')"), MISDEALER_DEALS_AGAIN)),
)

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

from collections.abc import Mapping
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
    cards_text,
    cardset,
    make_card,
)
from jink.games.base import (
    Declaring,
    Game,
    Question,
    Ranking,
    share_of_pool,
)
from jink.games.duties import Duties, Follow
from jink.games.ledger import (
    DEAL_AGAIN_FORFEIT,
    MISDEALER_DEALS_AGAIN,
    Ledger,
    LedgerKind,
    ledger_option,
)
from jink.games.option import Option

__all__ = [
    "CLUBS",
    "DIAMONDS",
    "ELDEST_MUST_PLAY",
    "HEARTS",
    "PIQUET_RANKS",
    "RAMS",
    "RAMS_DECK",
    "SPADES",
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


def rams_ranking(trump: Suit | None, options: Mapping[str, Any] | None = None) -> Ranking:
    """The ranking tables of Rams for one trump suit: one order for every suit."""
    if trump is None:
        raise ValueError("Rams always has a trump suit")
    ecarte = bool((options or {}).get("ecarte_order"))
    plain = tuple(() if s == trump else suit_order(s, ecarte) for s in range(4))
    return Ranking(trump, suit_order(trump, ecarte), plain)


#: Foster: "In some clubs the eldest hand is obliged to play, either with his
#: own hand or with the widow." A rule of declaring: the play is unchanged.
ELDEST_MUST_PLAY = Option(
    "eldest_must_play", False,
    "the eldest hand may not pass: he plays his own hand or the widow (Foster: 'in some "
    "clubs')")

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
    ranking_of=rams_ranking, question_set=RAMS_QUESTIONS,
    worth=share_of_pool,
    name="rams", title="Rams", min_players=2, max_players=5, deck=RAMS_DECK,
    aliases=("rammes",), following=_RULES_NOTE, duties=Duties(Follow.HEAD),
    # Foster: three to six at the table; with six the dealer takes no cards.
    widow=5, declaring=Declaring.RAMS, table=(3, 6), dealer_out_at=6, dealer_robs=True,
    general_rams=True, general_rams_worth=general_rams_payment,
    options=(Option("ecarte_order", False,
                    "rank every suit K Q J A 10 9 8 7 (as at Écarté), not A K Q J 10 9 8 7"),
             ELDEST_MUST_PLAY),
    # "The general arrangements for the players, first deal, counters, etc.,
    # are exactly the same as at Spoil Five": the last deal too.
    ledger=Ledger(LedgerKind.DIVIDED_POOL, counters=20, stake=5, penalty=5, simple_pools=True,
                  pone_pays=True, general_rams=5, last_deal_right=True,
                  # "Irregularities in the deal are governed by the same rules
                  # as in Spoil Five": misdeals too.
                  deal_again_forfeit=DEAL_AGAIN_FORFEIT, options=(
        ledger_option("compulsory_simple", True,
                      "every player must play when the pool is a simple (the dealer's five "
                      "alone): Foster's 'usual custom'"), MISDEALER_DEALS_AGAIN)),
)

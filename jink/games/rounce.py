"""Rounce: Rams with the whole pack, following suit only, and a trump lead to trick two.

RULINGS.md ("Rounce") and Foster: 52 cards ranking A K Q ... 2 in every suit,
trumps included; five cards each. A player must follow suit if he can, else
play any card: there is no duty to head the trick nor to trump. The winner of
the first trick must lead a trump to the second if he has one; the option
``trump_lead_every_trick`` puts the winner of every trick under that duty.

Seats: three to nine sit at the table, but a position lists only the seats in
the play (a player may pass and take no part). As in Rams, at least two play
(the pone must play against the dealer if all others pass), so a position has
2 to 9 seats.

Each trick takes a fifth of the pool; a player who plays and takes no trick
pays a forfeit. The questions, per seat: ``takes_a_trick`` (he can force one
trick, so he escapes the forfeit) and ``all_five`` (every trick, the whole
pool; there is no announced "general rounce"). ``extras`` gives the share of
the pool that ``max_tricks`` is sure of, as ``pool_share`` ("2/5").

>>> from jink.cards import HEARTS, cards_text, parse_cardset
>>> rules = ROUNCE.bind(HEARTS)
>>> cards_text(rules.order(HEARTS))
'AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H'
>>> hand = parse_cardset("AS 3H 4D")
>>> cards_text(rules.legal(hand, [], 0)), cards_text(rules.legal(hand, [], 1))
('AS 3H 4D', '3H')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jink.cards import (
    ACE,
    FULL_DECK,
    Suit,
    make_card,
)
from jink.games.base import Declaring, Game, Question, Ranking, share_of_pool
from jink.games.duties import NEVER, Duties, Follow
from jink.games.ledger import DEAL_AGAIN_FORFEIT, MISDEALER_DEALS_AGAIN, Ledger, LedgerKind
from jink.games.option import Option
from jink.games.rams import ELDEST_MUST_PLAY

__all__ = ["ROUNCE", "ROUNCE_QUESTIONS", "whist_ranking"]


def whist_ranking(trump: Suit | None, options: Mapping[str, Any] | None = None) -> Ranking:
    """A K Q ... 2 in every suit of the full pack, trumps included.

    With no trump (a Loo simple pool before trumps come in) every suit is plain.

    >>> from jink.cards import HEARTS, cards_text
    >>> ranking = whist_ranking(None)
    >>> ranking.trumps, cards_text(ranking.plain[HEARTS][:3])
    ((), 'AH KH QH')
    """
    orders = tuple(tuple(make_card(rank, suit) for rank in range(ACE, -1, -1))
                   for suit in range(4))
    if trump is None:
        return Ranking(None, (), orders)
    plain = tuple(() if suit == trump else order for suit, order in enumerate(orders))
    return Ranking(trump, orders[trump], plain)


ROUNCE_QUESTIONS = (
    Question("takes_a_trick", "Takes a trick", 1),
    Question("all_five", "All five", 5),
)

_RULES_NOTE = ("follow suit if able, else any card (no duty to head the trick or to trump); "
               "the winner of the first trick must lead a trump if he has one")


ROUNCE = Game(
    ranking_of=whist_ranking, question_set=ROUNCE_QUESTIONS,
    worth=share_of_pool,
    name="rounce", title="Rounce", min_players=2, max_players=9, deck=FULL_DECK,
    following=_RULES_NOTE, duties=Duties(Follow.SUIT, lead_trump_from=1, lead_trump_until=2),
    # Foster: three to nine; a six-card widow, its taker discarding one.
    widow=6, declaring=Declaring.RAMS, table=(3, 9), dealer_robs=True,
    options=(Option("trump_lead_every_trick", False,
                    "the winner of every trick, not only the first, must lead a trump "
                    "if he has one", duties=(("lead_trump_until", NEVER),)),
             ELDEST_MUST_PLAY),
    # Foster: "All pools are alike": no simples, so nobody is made to play.
    # Misdeals as in Rams, and so as in Spoil Five.
    ledger=Ledger(LedgerKind.DIVIDED_POOL, counters=20, stake=5, penalty=5, pone_pays=True,
                  last_deal_right=True, deal_again_forfeit=DEAL_AGAIN_FORFEIT,
                  options=(MISDEALER_DEALS_AGAIN,)),
)

"""Forty-Five (Five and Ten): Spoil Five's cards and play, for sides.

Two players, or four or six in two partnerships, partners sitting alternately
(seats 1, 3, 5 against 2, 4, 6). No pool: the side taking three or four
tricks scores 5, all five scores 10; with the option ``per_trick_scoring``
each trick counts 5 and the losers' tricks are deducted (four tricks: 15).
The solver's questions are per side: the most tricks the side can force, the
odd trick (three or more) and all five.

>>> FORTY_FIVE.extras(4, 4, {"per_trick_scoring": False})
{'points': 5}
>>> FORTY_FIVE.extras(4, 4, {"per_trick_scoring": True})
{'points': 15}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jink.cards import ACE, FULL_DECK
from jink.games.base import Game, Question
from jink.games.duties import Duties, Follow
from jink.games.ledger import Ledger, LedgerKind
from jink.games.option import Option, Unmodelled
from jink.games.spoil_five import RULES_NOTE, spoil_five_ranking

QUESTIONS = (
    Question("odd_trick", "Odd trick (three or more)", 3),
    Question("all_five", "All five", 5),
)


def side_points(game: Game, max_tricks: int,
                options: Mapping[str, Any]) -> dict[str, object]:
    """What a side's tricks score, by the game's scoring option."""
    return {"points": points(max_tricks, bool(options.get("per_trick_scoring")))}


def points(tricks: int, per_trick: bool) -> int:
    """What a side's tricks score: 5 for three or four, 10 for five; or, per
    trick, 5 for each trick more than the other side (nothing for the losers)."""
    if tricks < 3:
        return 0
    if per_trick:
        return 5 * (tricks - (5 - tricks))
    return 10 if tricks == 5 else 5


FORTY_FIVE = Game(
    ranking_of=spoil_five_ranking, question_set=QUESTIONS,
    worth=side_points,
    name="forty-five", title="Forty-Five", min_players=2, max_players=6, deck=FULL_DECK,
    aliases=("45", "five-and-ten", "forty_five", "fortyfive"), partnerships=True,
    player_counts=(2, 4, 6), following=RULES_NOTE + "; partners sit alternately",
    winning_question="odd_trick", robbing_rank=ACE, duties=Duties(Follow.OR_TRUMP),
    options=(Option("per_trick_scoring", False,
                    "each trick counts 5 and the losers' tricks are deducted"),),
    not_modelled=(
        Unmodelled("rob_with_king", "robbing with the King of trumps when the ace is not in "
                   "play",
                   "Foster, Forty-Five: 'Minor variations are sometimes introduced; such as "
                   "robbing with the King, if the ace is not in play'"),
        Unmodelled("turned_ace_or_king_scores", "five points to the dealer's side when the "
                   "ace or King is turned up",
                   "Foster, Forty-Five: 'counting five for the dealer's side if the ace or "
                   "King is turned up'")),
    ledger=Ledger(LedgerKind.SCORE, points=(5, 10), game_points=45, trick_points=5),
)

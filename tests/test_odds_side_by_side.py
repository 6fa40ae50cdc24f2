"""tools/odds_side_by_side.py: the deals of an odds run scored on two builds in turns."""

from __future__ import annotations

import pytest

from jink.dealing.odds import hand_view, odds, searched_goal, view_from_dict
from jink.games import find_game
from jink.solver import Solver
from tools.odds_side_by_side import check_same, compare, odds_deals


def test_the_deals_are_the_odds_runs_and_each_is_scored_on_both() -> None:
    deals = list(odds_deals("spoil-five", "5S JS AH KD 2C", 4, 3, seed=1, turnup="7S"))
    view = view_from_dict(hand_view("spoil-five", "5S JS AH KD 2C", 4, turnup="7S"))
    run = odds(view, deals=3, seed=1)
    assert len(deals) == 3 and all(d.hands[0] == view.hands[0] for d in deals)
    # (the same core twice: the same nodes, each deal timed on both)
    goal = searched_goal(find_game("spoil-five"), 4)
    sides = compare(None, None, iter(deals), goal)
    assert sides["new"].nodes == sides["old"].nodes > 0
    assert len(sides["new"].per_deal) == len(sides["old"].per_deal) == 3
    # and its scores are the odds run's: each card's most tricks summed
    totals: dict[int, int] = {}
    for deal in deals:
        for move in Solver().score_moves(deal, 0, goal):
            totals[move.card] = totals.get(move.card, 0) + move.max_tricks
    assert {c.card: round(c.max_tricks_mean * 3) for c in run.cards} == totals


def test_two_builds_that_score_a_deal_differently_stop_the_run() -> None:
    check_same(0, [(3, 2, True)], [(3, 2, True)])
    with pytest.raises(AssertionError, match="deal 7"):
        check_same(7, [(3, 2, True)], [(3, 1, True)])

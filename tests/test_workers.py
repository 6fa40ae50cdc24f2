"""Deals solved on worker processes give what one process gives, in order;
an error in a worker reaches the run; a run stopped part-way leaves no
worker behind."""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Generator

import pytest

from jink import workers
from jink.dealing.declare_odds import declare_odds
from jink.dealing.odds import count_each, hand_view, odds, view_from_dict
from jink.dealing.rob_odds import rob_odds
from jink.errors import JinkError, LimitExceeded
from jink.solver.limits import Limit


def square_or_fail(n: int) -> int:
    """(Run in the workers: a module's function pickles.)"""
    if n == 7:
        raise JinkError("seven is refused")
    time.sleep(0.001 * (n % 3))  # (finished out of order, given back in order)
    return n * n


@pytest.fixture
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers from the second deal on, however short the run."""
    monkeypatch.setattr(workers, "ALONE_SECONDS", 0.0)


def test_results_come_in_order_and_an_error_reaches_the_run(at_once: None) -> None:
    assert list(workers.in_order(square_or_fail, range(7), workers=2)) == \
        [n * n for n in range(7)]
    got = []
    with pytest.raises(JinkError, match="seven is refused"):
        for result in workers.in_order(square_or_fail, range(12), workers=2):
            got.append(result)
    assert got == [n * n for n in range(7)]  # (each before the refused one, and no other)
    assert not multiprocessing.active_children()


def test_a_run_stopped_part_way_leaves_no_worker(at_once: None) -> None:
    solved = workers.in_order(square_or_fail, range(1000, 5000), workers=2)
    assert isinstance(solved, Generator)  # (closed part-way below)
    assert [next(solved) for _ in range(5)] == [n * n for n in range(1000, 1005)]
    solved.close()
    assert not multiprocessing.active_children()


def test_a_short_run_starts_no_worker() -> None:
    seen: list[int] = []
    assert count_each(range(5), seen.append, 5, solve=square_or_fail, workers=2) == (5, False)
    assert seen == [0, 1, 4, 9, 16] and not multiprocessing.active_children()


def same(one: dict[str, object], other: dict[str, object]) -> None:
    one.pop("seconds")
    other.pop("seconds")
    assert one == other


def test_odds_on_two_workers_are_the_odds_of_one(at_once: None) -> None:
    view = view_from_dict(hand_view("spoil-five", "QH 9D 4C 3S KD", 5, trump="S"))
    same(odds(view, deals=40, seed=3).to_dict(),
         odds(view, deals=40, seed=3, workers=2).to_dict())
    with pytest.raises(LimitExceeded):
        odds(view, deals=40, seed=3, workers=2, limit=Limit(nodes=200))


@pytest.mark.ci
def test_robbing_and_declaring_odds_on_two_workers_are_those_of_one(at_once: None) -> None:
    view = view_from_dict(hand_view("spoil-five", "AS 2C 3C 4H 9D", 4, turnup="7S"))
    same(rob_odds(view, deals=30, seed=1).to_dict(),
         rob_odds(view, deals=30, seed=1, workers=2).to_dict())
    view = view_from_dict(hand_view("rams", "AH KH QH 9C 7S", 3, trump="H"))
    same(declare_odds(view, others=[1], deals=30, seed=1).to_dict(),
         declare_odds(view, others=[1], deals=30, seed=1, workers=2).to_dict())

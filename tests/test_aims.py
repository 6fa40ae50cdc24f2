"""The others' single aims tried first in a spoil question (Solver._spoil_probed;
docs/solver.md, "The others' aims first").

A spoil fails once the others can bring one seat of theirs to the pool, so
from seven players on a spoil question asks that of each seat (the
hand-over's search) under small node caps before its own search. Here the
aims are tried at every table size, under caps of a few nodes (so that
some are cut short and carried to the next round, some answer, and some
settle the question), and every answer must be the plain kernel's. A
solver that reads each aim's answer backwards must be caught on the same
sample, so the aims are known to be asked and read there.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jink.bench.deals import deal
from jink.cards import parse_card
from jink.position import Position
from jink.solver import Solver, native
from jink.solver.goals import SPOIL, Helped
from jink.solver.limits import QuestionCapped
from jink.solver.solver import SearchRecord
from tests.sweeps import tiers
from tests.test_native import random_position

pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")


def eager(solver: Solver) -> Solver:
    """``solver`` with the aims tried at every size, under tiny caps."""
    solver.probe_from = 0
    solver.probe_caps = (4, 256)
    return solver


def spoils(solver: Solver, position: Position) -> list[bool]:
    return [solver.can_force(position, seat, SPOIL) for seat in range(position.players)]


def position_of(seed: int) -> Position:
    """Spoil Five at three to nine seats, from the deal's start (to six
    seats) or a trick or more in (the plain kernel answers those quickly)."""
    rng = random.Random(seed)
    seats = rng.randrange(3, 10)
    played = rng.randrange(0, 2 * seats) if seats <= 6 else rng.randrange(seats, 3 * seats)
    return random_position(rng, "spoil-five", seats, played)


@given(st.integers(0, 2**32))
@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
def test_aims_tried_first_leave_every_spoil_exact(seed: int) -> None:
    position = position_of(seed)
    want = spoils(Solver(exact=True), position)
    assert spoils(eager(Solver(engine="native")), position) == want, position
    assert spoils(eager(Solver(engine="native", threads=2)), position) == want, position


class Backwards(Solver):
    """A solver that reads each aim's answer backwards."""

    def _prove(self, position: Position, side: frozenset[int], goal: object, cap: int | None,
               narrow: bool = False) -> bool:
        answer = super()._prove(position, side, goal, cap, narrow)  # type: ignore[arg-type]
        return not answer if isinstance(goal, Helped) else answer


@pytest.mark.parametrize("count", tiers(40, 200))
def test_an_aim_read_backwards_is_caught(count: int) -> None:
    settled = caught = 0
    for seed in range(count):
        position = position_of(seed)
        records: list[SearchRecord] = []
        solver = eager(Solver(engine="native"))
        solver.on_search = records.append
        got = spoils(solver, position)
        settled += any(isinstance(r.goal, Helped) and r.answer for r in records)
        caught += spoils(eager(Backwards(engine="native")), position) != got
    assert settled >= count // 10, settled
    assert caught >= count // 10, caught


def test_an_aim_settles_a_ten_seat_spoil_its_own_search_finds_late() -> None:
    """Ten seats, spades trumps, seat 1 has led the five of hearts. The spoil
    fails: seat 2, with the five and seven of trumps, is brought to three by
    the others (the spoil search alone takes about 48 million nodes here, its
    helpers feeding seat 3 first, which holds three trumps); the aims, in
    36,549 nodes in all."""
    hands = ["4S 6S 5H 8H JH", "5S 7S JD 5C KC", "2S 8S KS 6H 3D", "AS 7D 2C 7C 9C",
             "TS 4D TD KD 3C", "2H 4H KH AH AD", "QH 6D 4C TC QC", "7H 9H 2D 6C AC",
             "QS TH 5D 9D JC", "3S 9S 3H QD 8C"]
    after = Position.create("spoil-five", "S", hands, leader=0).play(parse_card("5H"))
    records: list[SearchRecord] = []
    solver = Solver(engine="native", threads=1)
    solver.on_search = records.append
    assert solver.can_force(after, 0, SPOIL) is False
    assert [r.goal for r in records if r.answer] == [Helped(1, 3)]
    assert solver.nodes < 200_000, solver.nodes


def test_aims_asked_of_a_spoil_alone_and_not_in_verdicts() -> None:
    """Verdicts (a full table, or some seats') ask no aim; the spoil asked on
    its own asks them, with the verdicts' answer."""
    asked = 0
    for index in range(6):
        position = deal(7, index, 2026)
        records: list[SearchRecord] = []
        solver = Solver(engine="native", threads=1)
        solver.on_search = records.append
        table = solver.verdicts(position)
        assert solver.verdict(position, 0) == table[0]
        assert not any(isinstance(r.goal, Helped) for r in records)
        for seat in range(position.players):
            records.clear()
            alone = Solver(engine="native", threads=1)
            alone.on_search = records.append
            spoils = alone.can_force(position, seat, SPOIL)
            assert spoils is dict(table[seat].answers)["spoil"], (index, seat)
            asked += any(isinstance(r.goal, Helped) for r in records)
    assert asked >= 3, asked


@pytest.mark.parametrize("count", tiers(12, 60))
def test_aims_keep_within_the_questions_cap(count: int) -> None:
    """Under a cap (a limited run's rounds), the aims and the spoil search
    together stop past it, never answering otherwise than uncapped."""
    for seed in range(count):
        position = position_of(seed)
        want = spoils(Solver(exact=True), position)
        for cap in (40, 400, 4000):
            solver = eager(Solver(engine="native"))
            for seat in range(position.players):
                start = solver.nodes
                try:
                    got = solver._can_force(position, seat, SPOIL, cap)
                except QuestionCapped:
                    assert solver.nodes - start == cap + 1, (position, seat, cap)
                    continue
                assert got is want[seat], (position, seat, cap)
                assert solver.nodes - start <= cap + 1

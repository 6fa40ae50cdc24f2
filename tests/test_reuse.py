"""A solver started over is a new solver: the same answers, the very nodes.

Runs of many deals (jink odds, the robbing odds) solve each deal on one
solver per thread, started over (jink/solver/reuse.py), so that its memory,
already mapped, serves again.
"""

from __future__ import annotations

import threading

import pytest

from jink.bench.deals import deal
from jink.solver import Limit, Solver, native
from jink.solver.goals import SPOIL
from jink.solver.reuse import deal_solver, let_go


def solved(solver: Solver, players: int, index: int) -> tuple[object, object, int]:
    position = deal(players, index, 808)
    verdicts = solver.verdicts(position)
    moves = [(m.card, m.max_tricks, m.achieves)
             for m in solver.score_moves(position, position.seat_to_play, SPOIL)]
    return verdicts, moves, solver.nodes


@pytest.mark.parametrize("engine", ["native", "python"])
def test_a_solver_started_over_searches_as_a_new_one(engine: str) -> None:
    if engine == "native" and not native.available():
        pytest.skip("the C core is not built")
    players = 7 if engine == "native" else 4
    used = Solver(engine=engine, threads=1)
    solved(used, players, 0)  # (its table grown, its memories used)
    for index in (1, 2):
        used.start_over()
        assert used.nodes == 0
        assert solved(used, players, index) == solved(Solver(engine=engine, threads=1),
                                                      players, index)


def test_start_over_takes_the_new_limit() -> None:
    solver = Solver(Limit(nodes=10), threads=1)
    solver.start_over(Limit(nodes=123))
    assert solver.budget.limit == Limit(nodes=123) and solver.budget.nodes == 0


def test_each_thread_has_its_deal_solver_until_it_lets_go() -> None:
    first = deal_solver(None, 64)
    assert deal_solver(None, 64) is first  # started over, the same one
    assert deal_solver(Limit(seconds=5), 64) is not first  # made otherwise: a new one
    other: list[Solver] = []
    thread = threading.Thread(target=lambda: other.append(deal_solver(None, 64)))
    thread.start()
    thread.join()
    assert other[0] is not deal_solver(None, 64)
    kept = deal_solver(None, 64)
    let_go()
    assert deal_solver(None, 64) is not kept
    let_go()

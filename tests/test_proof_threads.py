"""Several threads on one proof give the answers of one thread.

The compiled core may run one proof on several threads (core/threads.c:
helpers searching the same question, sharing the table). Whichever thread
answers first, the answer must be the one thread's, and the Python
engine's. Here the helpers start with every proof (``help_after=0``; by
default only proofs past 32,768 nodes have them), on random positions of
every game at 2 to 10 seats, every question the solver asks, with a big
table and with a tiny one (purged again and again while the threads search).
The first leads of 7 to 10 seats, too slow for the Python engine, are
compared with one thread. tests/native_sanitizers.sh runs this file under
AddressSanitizer and UndefinedBehaviorSanitizer, and under ThreadSanitizer.
"""

from __future__ import annotations

import random
import threading
import time

import pytest

from jink.bench.deals import deal
from jink.errors import LimitExceeded
from jink.position import Position
from jink.solver import Limit, Solver, native
from jink.solver.goals import SPOIL, AtLeast
from tests.sweeps import Size, sweep
from tests.test_native import GAMES, questions, random_position, sample

pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")


def threaded(threads: int, memory_mb: float = 256, help_after: int | None = 0,
             limit: Limit | None = None) -> Solver:
    """A native solver whose proofs run on ``threads`` threads, helpers from
    the first node (``help_after``), one proof at a time at every table size
    (its questions not spread over the threads: tests/test_spread.py)."""
    solver = Solver(limit, memory_mb=memory_mb, engine="native", threads=threads)
    solver.spread_from = 99
    solver.table = native.NativeTable(memory_mb, settlers=solver.settlers, threads=threads,
                                      help_after=help_after)
    return solver


def answers(position: Position, engine: str, threads: int, memory_mb: float) -> object:
    solver = (Solver(memory_mb=memory_mb, engine="python") if engine == "python"
              else threaded(threads, memory_mb))
    return questions(solver, position)


@pytest.mark.parametrize("size", sweep(sample=12, ci=120, full=600))
def test_every_thread_count_gives_the_python_engines_answers(size: Size) -> None:
    rng = random.Random(4049)
    for game, seats, played in sample(4049, size.examples, deep=False):
        position = random_position(rng, game, seats, played)
        expected = answers(position, "python", 1, 256)
        for threads, memory_mb in ((1, 256), (2, 256), (3, 256), (2, 0.02), (3, 0.02)):
            got = answers(position, "native", threads, memory_mb)
            assert got == expected, (repr(position), threads, memory_mb)


@pytest.mark.parametrize("size", sweep(sample=1, ci=4, full=40))
def test_big_first_leads_on_threads_give_one_threads_answers(size: Size) -> None:
    """Deals from the first lead at 7 to 10 seats: long proofs, many threads'
    entries in the table, the table purged (a small one) while they search."""
    for i in range(size.examples):
        players = 7 + i % 4
        position = deal(players, i, 4049)
        one = threaded(1, 256).verdicts(position)
        for threads, memory_mb in ((2, 256), (3, 4)):
            solver = threaded(threads, memory_mb)
            assert solver.verdicts(position) == one, (players, i, threads, memory_mb)


def test_helpers_search_and_the_nodes_count_every_threads() -> None:
    """Not a single thread in disguise: the helpers' nodes are counted, and
    the caller's thread searched only part of them. (A proof of 33,000
    nodes; on a loaded machine a helper may start only once the caller's
    thread has answered, so up to five tries.)"""
    position = deal(8, 1, 4049)
    for _ in range(5):
        solver = threaded(2)
        solver.can_force(position, 1, SPOIL)
        assert isinstance(solver.table, native.NativeTable)
        stats = solver.table.core.stats()
        assert stats["threads"] == 2 and 0 < stats["caller_nodes"] <= solver.nodes
        if stats["caller_nodes"] < solver.nodes:
            break
    assert stats["caller_nodes"] < solver.nodes


def test_one_thread_is_the_search_of_before() -> None:
    """threads=1 makes no helper: the very nodes of a table made without it."""
    position = deal(6, 2, 4049)
    plain = Solver(engine="native")
    plain.verdicts(position)
    one = threaded(1, help_after=0)
    one.verdicts(position)
    assert one.nodes == plain.nodes
    assert isinstance(one.table, native.NativeTable)
    assert one.table.core.stats()["caller_nodes"] == one.nodes


def test_a_purge_while_threads_search_keeps_the_answers() -> None:
    position = deal(7, 3, 4049)
    one = threaded(1, 256).verdicts(position)
    solver = threaded(3, 0.05)
    assert solver.verdicts(position) == one
    assert solver.table.snapshot().flushes > 0


def test_the_node_limit_counts_every_threads_nodes() -> None:
    position = deal(9, 0, 4049)
    solver = threaded(2, limit=Limit(nodes=50_000))
    with pytest.raises(LimitExceeded):
        solver.verdicts(position)
    # read every 4,096 nodes of the caller's thread: the helpers' count too
    assert 50_000 < solver.nodes < 50_000 + 40 * 4096


def test_the_time_limit_stops_every_thread() -> None:
    position = deal(10, 7, 4049)
    solver = threaded(3, limit=Limit(seconds=0.2))
    started = time.perf_counter()
    with pytest.raises(LimitExceeded):
        solver.verdicts(position)
    assert time.perf_counter() - started < 5


def test_threaded_searches_release_the_gil() -> None:
    """A threaded proof, as a one-thread one, lets other Python threads run."""
    ticks = []
    done = threading.Event()

    def tick() -> None:
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        solver = threaded(2, limit=Limit(seconds=0.3))
        with pytest.raises(LimitExceeded):
            solver.verdicts(deal(10, 7, 4049))
    finally:
        done.set()
        ticker.join()
    assert len(ticks) > 20


@pytest.mark.parametrize("bad", [0, 65, -1, True, 2.0])
def test_a_bad_thread_count_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="threads must be from 1 to 64"):
        Solver(threads=bad)  # type: ignore[arg-type]


def test_the_python_engine_runs_on_one_thread_and_answers_alike() -> None:
    position = random_position(random.Random(7), "spoil-five", 4, 4)
    solver = Solver(engine="python", threads=3)
    assert solver.can_force(position, 0, AtLeast(1)) == Solver(engine="native").can_force(
        position, 0, AtLeast(1))


def test_games_cover_the_sample() -> None:
    """(the sample above reaches every game)"""
    assert {game for game, _, _ in sample(4049, 12, deep=False)} == set(GAMES)

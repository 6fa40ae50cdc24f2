"""A solver's questions spread over its threads give the answers of one thread.

With several threads, from :attr:`Solver.spread_from` seats on, a solver
answers its questions on as many workers, each with a table of its own
(jink/solver/spread.py); a worker left without a question lends its thread
to a proof under way (:attr:`Solver.lend_threads`). Here spreading is
made to apply at every table size, on random positions of every game, every
question the solver asks, and on the first leads of big tables; and the
ways a spread run can stop (a limit, an error in one worker) are checked to
stop every worker and leave the solver as it was. tests/native_sanitizers.sh
runs this file under ThreadSanitizer too.
"""

from __future__ import annotations

import contextlib
import gc
import random
import sys
import threading
import time
from typing import Any

import pytest

from jink.bench.deals import deal
from jink.cards import iter_cards
from jink.errors import LimitExceeded
from jink.solver import Limit, Solver, native
from jink.solver import solver as solver_module
from jink.solver.goals import SPOIL
from jink.solver.limits import Halted, QuestionCapped
from jink.solver.solver import _Force
from jink.solver.spread import settle_spread
from tests.sweeps import Size, sweep
from tests.test_native import questions, random_position, sample

pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")


def spreading(threads: int, lend: bool = True, limit: Limit | None = None,
              memory_mb: float = 256) -> Solver:
    """A native solver that spreads its questions over ``threads`` threads at
    every table size from the first, its free threads assisting a spoil
    under way with the others' aims, then lent (``lend``) or not."""
    solver = Solver(limit, memory_mb=memory_mb, engine="native", threads=threads)
    solver.spread_from = 2
    solver.spread_left = 0
    solver.spread_after = 0.0
    solver.assist_below = 99
    solver.lend_threads = lend
    return solver


@pytest.mark.parametrize("size", sweep(sample=10, ci=100, full=500))
def test_spread_questions_give_one_threads_answers(size: Size) -> None:
    rng = random.Random(5150)
    for game, seats, played in sample(5150, size.examples, deep=False):
        position = random_position(rng, game, seats, played)
        expected = questions(Solver(engine="native", threads=1), position)
        for threads, lend, memory_mb in ((2, True, 256), (3, False, 256), (2, True, 0.02)):
            got = questions(spreading(threads, lend, memory_mb=memory_mb), position)
            assert got == expected, (repr(position), threads, lend, memory_mb)


@pytest.mark.parametrize("size", sweep(sample=1, ci=4, full=20))
def test_big_first_leads_spread_give_one_threads_answers(size: Size) -> None:
    for i in range(size.examples):
        players = 8 + i % 3
        position = deal(players, i, 5150)
        one = Solver(engine="native", threads=1).verdicts(position)
        for threads, lend in ((2, True), (2, False)):
            assert spreading(threads, lend).verdicts(position) == one, (players, i, threads)


def test_big_tables_spread_by_default_and_count_every_workers_nodes() -> None:
    """A nine-seat table (0.15 s), two threads as they come: after the first
    spread_after seconds the questions are spread, the helper solver answers
    some of them, and its nodes are the solver's too."""
    position = deal(9, 33, 2026)
    one = Solver(engine="native", threads=1)
    expected = one.verdicts(position)
    solver = Solver(engine="native", threads=2)
    assert solver.verdicts(position) == expected
    helper = solver._helpers[0]
    assert 0 < helper.budget.nodes < solver.nodes
    assert isinstance(solver.table, native.NativeTable)
    assert solver.table.core.stats()["caller_nodes"] < solver.nodes


def test_without_lending_or_assisting_each_question_is_one_threads_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither lent a thread nor assisted (the helper takes the solver's
    settings), the waves in turn, each worker searches as one thread would:
    each worker's searches, made again in their order on a new solver of one
    thread, take the very nodes they took. (Which worker answers which
    question is the threads' timing; a question's nodes depend on what its
    worker's table holds. With the waves overlapping, a search that another
    answer settles stops part-way.)"""
    position = deal(9, 33, 2026)  # (0.15 s: the helper has questions to take)
    searches: dict[int, list[tuple[Any, ...]]] = {}
    prove = Solver._prove

    def recorded(solver: Solver, *args: Any) -> bool:
        nodes = solver.budget.nodes
        try:
            return prove(solver, *args)
        finally:
            searches.setdefault(id(solver), []).append((args, solver.budget.nodes - nodes))

    expected = Solver(engine="native", threads=1).verdicts(position)
    solver = spreading(2, lend=False)
    solver.assist_below = 0
    solver.waves_overlap = False
    monkeypatch.setattr(Solver, "_prove", recorded)
    assert solver.verdicts(position) == expected
    monkeypatch.setattr(Solver, "_prove", prove)
    assert set(searches) == {id(solver), id(solver._helpers[0])}  # (both answered some)
    assert solver._helpers[0].assist_below == 0
    assert sum(nodes for done in searches.values() for _, nodes in done) == solver.nodes
    for done in searches.values():
        again = Solver(engine="native", threads=1)
        for args, nodes in done:
            before = again.budget.nodes
            with contextlib.suppress(QuestionCapped):
                again._prove(*args)
            assert again.budget.nodes - before == nodes, args


def test_the_table_stats_add_what_the_helpers_tables_did() -> None:
    """``table_stats`` (what `jink solve --json` reports) counts the helpers'
    tables too: their entries and room, and the look-ups, hits and flushes they made
    for this solver's questions (a helper's own counters run on from the
    solvers it served before)."""
    solver = spreading(2, lend=False)
    solver.verdicts(deal(9, 33, 2026))
    helper = solver._helpers[0]
    own, theirs, stats = solver.table.snapshot(), helper.table.snapshot(), solver.table_stats()
    before = {"own": (own.lookups, own.hits), "theirs": (theirs.lookups, theirs.hits),
              "stats": (stats.lookups, stats.hits)}
    solver.verdicts(deal(9, 34, 2026))
    own, theirs, stats = solver.table.snapshot(), helper.table.snapshot(), solver.table_stats()
    assert theirs.lookups > before["theirs"][0]  # (the helper answered some questions)
    for i, name in enumerate(("lookups", "hits")):
        made = {k: getattr(v, name) - before[k][i]
                for k, v in (("own", own), ("theirs", theirs), ("stats", stats))}
        assert made["stats"] == made["own"] + made["theirs"], name
    assert stats.entries == own.entries + theirs.entries
    assert stats.cap_entries == own.cap_entries + theirs.cap_entries


def test_a_node_limit_keeps_one_proof_at_a_time() -> None:
    """A node limit counts the nodes in one order: no spreading under it."""
    solver = spreading(2, limit=Limit(nodes=10**9))
    assert solver.verdicts(deal(9, 2, 4049)) == Solver(engine="native").verdicts(
        deal(9, 2, 4049))
    assert not solver._helpers


def test_the_time_limit_stops_every_worker() -> None:
    solver = Solver(Limit(seconds=0.2), engine="native", threads=3)
    started = time.perf_counter()
    with pytest.raises(LimitExceeded) as caught:
        solver.verdicts(deal(10, 7, 4049))
    assert time.perf_counter() - started < 5
    assert not isinstance(caught.value, Halted)  # the limit's own message
    assert "limit 0.2 s" in str(caught.value)


def test_an_error_in_one_worker_stops_the_others_and_is_raised() -> None:
    """A helper's question fails: the caller's proof under way is halted, the
    error raised, and the solver answers as before afterwards (no table left
    halted or lent)."""
    position = deal(10, 7, 4049)
    solver = Solver(engine="native", threads=2)
    failing = threading.Event()
    original = Solver._can_force

    def can_force(self: Solver, *args: object, **kwargs: object) -> bool:
        if self is not solver:  # (the helper's)
            failing.set()
            raise RuntimeError("a worker failed")
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    Solver._can_force = can_force  # type: ignore[method-assign]
    try:
        started = time.perf_counter()
        with pytest.raises(RuntimeError, match="a worker failed"):
            solver.verdicts(position)
        assert failing.is_set() and time.perf_counter() - started < 5
    finally:
        Solver._can_force = original  # type: ignore[method-assign]
    small = deal(9, 2, 4049)
    assert solver.verdicts(small) == Solver(engine="native").verdicts(small)


def test_a_halted_table_stops_its_proof_and_answers_again_once_let_go() -> None:
    """halt() from another thread stops a proof under way (Halted); halt(False)
    lets the next proof run to its answer."""
    position = deal(10, 35, 2026)  # (seat 9's spoil: 9 million nodes)
    solver = Solver(engine="native", threads=1)
    table = solver.native_table()
    timer = threading.Timer(0.1, table.halt)
    timer.start()
    started = time.perf_counter()
    with pytest.raises(Halted):
        solver.can_force(position, 8, SPOIL)
    timer.join()
    assert time.perf_counter() - started < 5
    table.halt(False)
    small = deal(6, 2, 4049)
    assert solver.can_force(small, 0, SPOIL) == Solver(engine="native").can_force(
        small, 0, SPOIL)


def test_a_thread_lent_to_a_proof_under_way_starts_its_helper() -> None:
    """Lent one thread (the table's own only), a proof has no helper; lent
    two, the same proof on a fresh table starts one (help_after=0)."""
    position = deal(8, 1, 4049)

    def run(lent: int) -> tuple[int, int, int]:
        table = native.NativeTable(threads=2, help_after=0)
        table.lend(lent)
        solver = Solver(engine="native", threads=2)
        solver.table = table
        solver.spread_from = 99
        solver.can_force(position, 1, SPOIL)
        stats = table.core.stats()
        return stats["helped"], stats["caller_nodes"], solver.nodes

    helped, caller, nodes = run(1)
    assert helped == 0 and caller == nodes  # no helper searched
    helped, caller, nodes = run(2)
    assert helped >= 1


@pytest.mark.parametrize(("players", "index", "seat", "helped"),
                         [(9, 3, 0, True), (8, 1, 6, False)])
def test_from_nine_seats_a_proof_starts_its_helper_sooner(players: int, index: int, seat: int,
                                                          helped: bool) -> None:
    """By default a proof starts its helpers past 32,768 nodes, and from nine
    seats, where a node costs microseconds, past 2,048 (threads.c): a spoil
    of about 20,000 nodes has its helper at nine seats and none at eight."""
    position = deal(players, index, 4049)

    def run(threads: int) -> tuple[int, int]:
        solver = Solver(engine="native", threads=threads)
        solver.spread_from = 99
        solver._prove(position, solver.side_of(position, seat), SPOIL, None)
        return solver.native_table().core.stats()["helped"], solver.nodes

    _, alone = run(1)
    assert 8_192 < alone < 32_768  # (past the first checks, short of the default's start)
    started, nodes = run(2)
    assert started == helped
    if not helped:
        assert nodes == alone


def test_a_negative_help_after_is_refused() -> None:
    with pytest.raises(ValueError, match="help_after: a number of nodes, 0 or more"):
        native.NativeTable(threads=2, help_after=-1)


@pytest.mark.parametrize("bad", [0, 3, -1])
def test_lending_more_threads_than_the_table_has_is_refused(bad: int) -> None:
    with pytest.raises(ValueError, match="lend: from 1 to 2 threads"):
        native.NativeTable(threads=2).lend(bad)


@pytest.mark.parametrize(("left", "spread"), [(4, False), (3, True)])
def test_a_table_with_few_tricks_left_stays_on_one_worker(left: int, spread: bool) -> None:
    """With fewer than spread_left tricks left a table is not spread: its
    solver never takes helpers (spread_left 3: it does)."""
    position = deal(9, 33, 2026)
    rng = random.Random(33)
    while position.tricks_done < 2:
        position = position.play(rng.choice(list(iter_cards(position.legal_moves()))))
    solver = Solver(engine="native", threads=2)
    solver.spread_left = left
    solver.spread_after = 0.0
    assert solver.verdicts(position) == Solver(engine="native").verdicts(position)
    assert bool(solver._helpers) == spread


def test_a_table_shorter_than_spread_after_stays_on_one_worker() -> None:
    """Until spread_after seconds have passed the solver answers alone: a
    table that ends sooner never starts its helper's thread."""
    solver = Solver(engine="native", threads=2)
    solver.spread_from = 2
    solver.spread_after = 3600.0
    position = deal(9, 33, 2026)
    assert solver.verdicts(position) == Solver(engine="native").verdicts(position)
    assert [helper.budget.nodes for helper in solver._helpers] == [0]


def test_an_assistant_answers_a_spoil_that_fails_by_an_aim() -> None:
    """A spoil that fails, one of the others' aims reaching the pool: the
    assistant answers it (no), as the spoil's own search would; one that
    holds it cannot answer; told to stop, it searches nothing."""
    position = deal(9, 26, 2026)  # (seat 7's spoil fails: 0.9 s searched, an aim 0.02 s)
    solver = Solver(engine="native", threads=1)
    fails = _Force(position, 6, SPOIL, lambda: None, aims=False)
    assert fails.assist(solver, lambda: False) and fails.answer() is False
    small = deal(6, 2, 4049)
    holds = [seat for seat in range(6) if Solver(engine="native").can_force(small, seat, SPOIL)]
    assert holds
    force = _Force(small, holds[0], SPOIL, lambda: None, aims=False)
    assert not force.assist(Solver(engine="native"), lambda: False)
    assert force.answer() is None
    idle = Solver(engine="native")
    stopped = _Force(position, 6, SPOIL, lambda: None, aims=False)
    assert not stopped.assist(idle, lambda: True) and idle.nodes == 0


@pytest.mark.ci
def test_an_assisted_table_gives_one_threads_verdicts() -> None:
    """The table whose costliest spoil an aim answers: the spoil's search
    halted by the assistant, the verdicts one thread's."""
    position = deal(9, 26, 2026)
    solver = Solver(engine="native", threads=2)
    solver.assist_below = 99
    assert solver.verdicts(position) == Solver(engine="native").verdicts(position)


def test_from_ten_seats_a_free_thread_does_not_assist() -> None:
    position = deal(10, 0, 2026)
    force = _Force(position, 0, SPOIL, lambda: None, aims=False)
    solver = Solver(engine="native")
    assert not force.assist(solver, lambda: False) and solver.nodes == 0


def test_spare_helpers_are_kept_apart_by_the_compiled_core(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A helper made under one compiled core is not handed to a solver under
    another (tests swap cores in: tests.mutants.core): its table and rules
    are the other core's types."""
    monkeypatch.setattr(solver_module, "_SPARES", {})
    monkeypatch.setattr(solver_module, "_HELPED", [])
    solver = spreading(2)
    solver.verdicts(deal(8, 1, 2026))
    kind = solver_module._helper_kind(solver)
    alike = Solver(engine="native", threads=2)
    del solver
    gc.collect()
    monkeypatch.setattr(native, "_core", object())  # (another core in use now)
    assert solver_module._helper_kind(alike) != kind
    solver_module._take_back_helpers()
    assert [len(helpers) for helpers in solver_module._SPARES.values()] == [1]
    assert solver_module._SPARES.get(kind)  # (filed as made, not as now)


def test_a_solver_gone_gives_its_helpers_back_without_a_finalizer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing of jink's runs when a solver that spread is collected (a
    Ctrl-C arriving in a finalizer would be lost there): its helper is taken
    back, emptied, by the next solver of its kind, which answers as one
    thread does."""
    # (no spares, nor helpers of solvers gone, from other tests)
    monkeypatch.setattr(solver_module, "_SPARES", {})
    monkeypatch.setattr(solver_module, "_HELPED", [])
    position = deal(7, 3, 5150)
    expected = Solver(engine="native", threads=1).verdicts(position)
    solver = spreading(2)
    assert solver.verdicts(position) == expected
    helper = solver._helpers[0]
    called: list[str] = []

    def profile(frame: Any, event: str, arg: object) -> None:
        if event == "call" and "jink" in frame.f_code.co_filename:
            called.append(frame.f_code.co_qualname)

    sys.setprofile(profile)
    try:
        del solver
        gc.collect()
    finally:
        sys.setprofile(None)
    assert not called, called
    again = spreading(2)
    assert again.verdicts(position) == expected
    assert again._helpers == [helper]  # (taken back, not a new one)


class _Settling:
    """A first-wave question whose answer, after ``seconds``, settles
    another's (``settles``)."""

    wave = 0
    seat = 1

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.settles: list[bool] = []

    def done(self) -> bool:
        return bool(self.settles)

    def work(self, solver: Solver, cap: int | None) -> None:
        time.sleep(self.seconds)
        self.settles.append(True)

    def assist(self, solver: Solver, stop: Any) -> bool:
        return False


def test_a_question_another_answer_settles_stops_its_search() -> None:
    """A worker with nothing left to take in the first wave takes the next
    wave's questions; one that a first-wave answer then settles has its
    search stopped, not searched to its end (1.9 million nodes, a second)."""
    position = deal(10, 10, 2026)
    first = _Settling(0.5)
    spoil = _Force(position, 4, SPOIL, lambda: True if first.settles else None, aims=False)
    workers = [Solver(engine="native", threads=2), Solver(engine="native", threads=2)]
    settle_spread(workers, [first, spoil], lend=False, after=0.0)
    assert spoil.done() and spoil.result is None  # (settled; its search stopped)
    assert workers[0].nodes + workers[1].nodes > 0  # (its search had begun)

"""Several solves at once: threads and processes give the answers of one at a time.

``jink.solve`` (and every :class:`~jink.solver.Solver`) may run in several
threads at once, each with its own solver; the compiled core searches with
the GIL released, so threads overlap for real. The caches the threads share
(the games' bound rules, the search's tables, the compiled core's
descriptions of rules) are filled safely. Each run here uses fresh copies of
the games, so that the threads meet rules nobody has bound or flattened yet
and race to make them: the place where a missing lock would show.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from jink import Position, find_game, solve
from jink.cards import parse_card
from jink.dealing import deal
from jink.formats.files import dumps, loads
from jink.solver import native

needs_core = pytest.mark.skipif(not native.available(), reason="the compiled core is not built")

#: (game, players, trump) for the deals of each engine: native ones big
#: enough that the searches overlap; each game's own duties (Bierspiel's
#: forced leads and Loo's arriving trump link rules to other rules).
NATIVE_DEALS = [("spoil-five", 7, "D"), ("bierspiel", 5, "S"), ("loo", 5, None),
                ("forty-five", 6, "H")]
PYTHON_DEALS = [("forty-five", 4, "H"), ("bierspiel", 4, "S"), ("loo", 4, None),
                ("rams", 4, "C")]


def positions(kinds: list[tuple[str, int, str | None]], each: int, seed: int,
              fresh: bool) -> list[Position]:
    """``each`` deals of every kind; with ``fresh``, of new copies of the games
    (no rules bound yet)."""
    out = []
    for game, players, trump in kinds:
        constraints: dict[str, Any] = {"game": game, "players": players}
        if trump is not None:
            constraints["trump"] = trump
        for p in deal(constraints, seed=seed, count=each):
            if fresh:
                copy = dataclasses.replace(p.game, _cache={})
                p = dataclasses.replace(p, game=copy)
            out.append(p)
    return out


def answers(position: Position, engine: str) -> dict[str, object]:
    """The solve's JSON, bar what depends on timing or table size."""
    result = solve(position, engine=engine, why=False).to_dict()
    for key in ("seconds", "table"):
        result.pop(key)
    return result


def in_threads(work: list[list[Position]], engine: str) -> tuple[list[list[Any]], list[float]]:
    """Each list of positions solved in its own thread, all started together:
    the answers, and how long the threads overlapped (seconds, per pair)."""
    barrier = threading.Barrier(len(work))
    results: list[list[Any]] = [[] for _ in work]
    spans: list[tuple[float, float]] = [(0.0, 0.0)] * len(work)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            barrier.wait()
            started = time.perf_counter()
            results[i] = [answers(p, engine) for p in work[i]]
            spans[i] = (started, time.perf_counter())
        except BaseException as error:  # reported by the test's thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(work))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    overlaps = [min(a[1], b[1]) - max(a[0], b[0])
                for i, a in enumerate(spans) for b in spans[i + 1:]]
    return results, overlaps


@pytest.mark.parametrize(("engine", "kinds", "each"),
                         [pytest.param("native", NATIVE_DEALS, 2, marks=needs_core),
                          ("python", PYTHON_DEALS, 1)])
def test_threads_agree_with_one_at_a_time(engine: str, kinds: list[Any], each: int) -> None:
    # Two threads, each solving every kind of deal (different deals), on
    # games whose rules neither has bound yet.
    work = [positions(kinds, each, seed=seed, fresh=True) for seed in (11, 12)]
    together, overlaps = in_threads(work, engine)
    assert all(o > 0 for o in overlaps), "the threads never ran at the same time"
    alone = [[answers(p, engine) for p in ps] for ps in work]
    assert together == alone


@needs_core
def test_many_threads_on_the_same_new_rules() -> None:
    # Four threads meeting one new game's rules at once get one description
    # of them (and the answers of a single thread).
    game = dataclasses.replace(find_game("loo"), _cache={})
    base = positions([("loo", 5, None)], 1, seed=5, fresh=False)[0]
    position = dataclasses.replace(base, game=game)
    together, _ = in_threads([[position]] * 4, "native")
    assert all(r == together[0] for r in together)
    assert together[0] == [answers(base, "native")]


@needs_core
def test_one_solver_refuses_two_threads() -> None:
    # A Solver is for one thread at a time: its table says so rather than
    # mixing two searches (each thread makes its own solver).
    from jink.solver import Solver

    solver = Solver(engine="native")
    position = positions([("spoil-five", 8, "D")], 1, seed=3, fresh=False)[0]
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def run() -> None:
        barrier.wait()
        try:
            solver.verdicts(position)
        except RuntimeError as error:
            errors.append(error)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # Either they took turns (the first finished before the second began)
    # or the second was refused with a clear message; never a crash.
    assert all("another thread" in str(e) for e in errors)


def run_together(*jobs: Any) -> list[Any]:
    """Each job in its own thread, started together: their results."""
    barrier = threading.Barrier(len(jobs))
    out: list[Any] = [None] * len(jobs)

    def run(i: int) -> None:
        barrier.wait()
        out[i] = jobs[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def test_two_threads_binding_the_same_rules_share_them() -> None:
    # Making the rules made slow, so that the second thread asks while the
    # first is making them: both must get the one object kept (the search's
    # caches are keyed on it).
    loo = find_game("loo")

    def slow_ranking(trump: Any, options: Any) -> Any:
        time.sleep(0.05)
        assert loo.ranking_of is not None
        return loo.ranking_of(trump, options)

    game = dataclasses.replace(loo, ranking_of=slow_ranking, _cache={})
    first, second = run_together(lambda: game.bind(1, None, 4),
                                 lambda: game.bind(1, None, 4))
    assert first is second is game.bind(1, None, 4)


_REAL_CORE = native._core  # type: ignore[attr-defined]  # (compiled, no stub)


class _SlowLink:
    """A compiled rules object whose linking is slow, and says when it is done."""

    def __init__(self, *args: Any) -> None:
        self.linked = False
        self.core = _REAL_CORE.Rules(*args)

    def link(self, *targets: Any) -> None:
        time.sleep(0.05)
        self.core.link(*(None if t is None else t.core for t in targets))
        self.linked = True


@needs_core
def test_a_thread_never_sees_rules_half_flattened(monkeypatch: pytest.MonkeyPatch) -> None:
    # Loo's simple pool links its rules to those of the trump to come: a
    # second thread asking meanwhile waits, and gets them linked.
    class Core:
        Rules = _SlowLink

    monkeypatch.setattr(native, "_core", Core)
    game = dataclasses.replace(find_game("loo"), _cache={})
    rules = game.bind(None, None, 5, turn=parse_card("9D"))

    def second() -> bool:
        time.sleep(0.02)  # once the first thread is linking
        flat = native.flatten(rules)
        return bool(flat.linked)

    first_flat, second_linked = run_together(lambda: native.flatten(rules), second)
    assert second_linked and first_flat.linked


def _solve_text(text: str) -> dict[str, object]:
    return answers(loads(text), "native")


@needs_core
def test_process_pool_agrees() -> None:
    work = positions(NATIVE_DEALS, 1, seed=21, fresh=False)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = list(pool.map(_solve_text, [dumps(p) for p in work]))
    assert pooled == [answers(p, "native") for p in work]


@needs_core
def test_positions_and_results_pickle_with_their_game() -> None:
    # What a process pool sends: a position comes back with the registry's
    # very game (its rules cache), a result with the same answers.
    import pickle

    position = positions([("bierspiel", 5, "S")], 1, seed=2, fresh=False)[0]
    again = pickle.loads(pickle.dumps(position))
    assert again == position and again.game is find_game("bierspiel")
    result = solve(position, engine="native")
    assert pickle.loads(pickle.dumps(result)).to_dict() == result.to_dict()

"""The compiled search core against the Python engine, question by question.

The C core (jink/solver/_core.c) is a port of jink/solver/search.py meant to
visit the very same nodes, so on random positions of every game (2 to 10
seats, first lead and mid-trick, Loo before and after its trumps come in,
Bierspiel in and after its forced leads, Forty-Five's sides) both engines
must give the same answers to every question and, with the core's partition
search off (the port), count the same nodes, as long as the table is not
emptied (a big one here). With a tiny table only the answers must agree. The
core as it runs (partition search, mid-trick entries from seven seats) and
with mid-trick entries at every size (and the relaxed game's pool seats in
groups wherever there are two) must give the same answers too; see
also tests/test_partition.py. The independent references are compared with the native
engine by tests/test_engine_vs_reference.py and tests/test_family_vs_reference.py
(the engine is native by default; ``JINK_ENGINE=python`` runs them on Python).

A sample runs by default; `pytest --full` (or ``JINK_FULL=1``) adds the full sweep (marked slow).
Without the compiled core these tests are skipped, unless JINK_REQUIRE_NATIVE=1
(as in CI), which makes that an error.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from jink.cards import suit_of
from jink.errors import LimitExceeded
from jink.games import find_game
from jink.position import Position
from jink.solver import Limit, Solver, native
from jink.solver.goals import SPOIL, AtLeast, Goal, Helped, goal_for
from jink.solver.limits import Budget
from tests.sweeps import tiers

if os.environ.get("JINK_REQUIRE_NATIVE") == "1" and not native.available():
    raise ImportError("JINK_REQUIRE_NATIVE=1 but the compiled core jink.solver._core "
                      "is not built")
pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")

GAMES = ("spoil-five", "forty-five", "rams", "bierspiel", "rounce", "loo")


def seat_counts(game: str) -> list[int]:
    g = find_game(game)
    counts = g.player_counts or tuple(range(g.min_players, g.max_players + 1))
    return [n for n in counts if n <= 10]


def random_position(rng: random.Random, game: str, seats: int, played: int) -> Position:
    """A random deal of ``game`` with ``played`` random legal cards played.

    Loo is dealt as a simple pool (no trump, the card to be turned known) or a
    double one; every option of the game is drawn at random.
    """
    g = find_game(game)
    deck = [c for c in range(52) if g.deck >> c & 1]
    rng.shuffle(deck)
    size = g.hand_size
    hands = [sum(1 << c for c in deck[i * size:(i + 1) * size]) for i in range(seats)]
    trump: int | None = rng.randrange(4)
    turn = None
    if g.uses_turn:
        # A simple pool (no trump until a seat is void, the turn known) or a
        # double one (the trump turned before play).
        turn = deck[seats * size]
        trump = None
        if rng.random() < 0.4 or seats < g.simple_min_players:
            trump, turn = suit_of(turn), None
    options = {o.name: rng.random() < 0.5 for o in g.options}
    position = Position.create(g, trump, hands, leader=rng.randrange(seats), turn=turn,
                               options=options)
    for _ in range(played):
        position = position.play(rng.choice(position.legal_cards()))
    return position


def questions(solver: Solver, position: Position) -> list[Any]:
    """Every question of the solver, asked in one order of one solver."""
    out: list[Any] = [solver.verdicts(position)]
    if any(q.tricks is None for q in position.game.questions(position.players)):
        # The hand-over's own search, asked directly of each seat.
        for seat in range(position.players):
            out.append(solver.can_force(position, seat, Helped(seat, 3)))
    if not position.is_over:
        seat = position.seat_to_play
        goal = goal_for(position, None)
        out.append([(m.card, m.max_tricks, m.achieves, m.equivalent)
                    for m in solver.score_moves(position, seat, goal)])
    return out


def narrow_questions(solver: Solver, position: Position) -> list[Any]:
    """The spoil question through the narrow search first (every table size)."""
    solver.narrow_from = solver.narrow_from_partition = 0
    return [solver.can_force(position, seat, SPOIL) for seat in range(position.players)]


def compare(position: Position, memory_mb: float = 256, narrow: bool = False) -> None:
    """The Python engine, the port (the core without partition search: the
    same nodes) and the core as it runs (partition search: the same answers)."""
    results = {}
    for engine in ("python", "port", "native", "mid"):
        solver = Solver(memory_mb=memory_mb, engine="python" if engine == "python" else "native")
        if engine == "port":
            solver.table = native.NativeTable(memory_mb, partition=False)
        elif engine == "mid":  # mid-trick entries at every table size, and the
            # relaxed game's pool seats in groups wherever there are two
            solver.table = native.NativeTable(memory_mb, mid_trick=(2, 1, 1, 15), relax_groups=2)
        answers = narrow_questions(solver, position) if narrow else questions(solver, position)
        results[engine] = (answers, solver.nodes, solver.table.snapshot())
    where = repr(position)
    assert results["port"][0] == results["python"][0], where
    assert results["native"][0] == results["python"][0], where
    assert results["mid"][0] == results["python"][0], where
    if results["python"][2].flushes == 0 and results["port"][2].flushes == 0:
        assert results["port"][1] == results["python"][1], ("nodes", where)


def sample(seed: int, count: int, deep: bool) -> list[tuple[str, int, int]]:
    """(game, seats, cards played) drawn so that the Python engine stays quick."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        game = GAMES[i % len(GAMES)]
        g = find_game(game)
        seats = rng.choice(seat_counts(game))
        total = seats * g.hand_size
        # Big tables from the first lead take the Python engine seconds.
        first = 0 if seats <= (5 if deep else 4) else seats * (g.hand_size - (3 if deep else 2))
        # A third from the first lead of the sample's range, the rest anywhere.
        played = first if rng.random() < 1 / 3 else rng.randrange(first, total)
        out.append((game, seats, played))
    return out


def run_sample(seed: int, count: int, deep: bool, memory_mb: float = 256,
               narrow: bool = False, part: int = 0, parts: int = 1) -> None:
    """Compare the sample's positions; with ``parts`` > 1, only those of the
    ``part``-th of every ``parts`` rounds of the games (the positions are
    drawn as for the whole sample, so the parts together compare all of them,
    and each part has its share of every game: the costly ones too)."""
    rng = random.Random(seed)
    for i, (game, seats, played) in enumerate(sample(seed, count, deep)):
        if narrow and game != "spoil-five":
            continue
        position = random_position(rng, game, seats, played)
        if i // len(GAMES) % parts == part:
            compare(position, memory_mb, narrow)


@pytest.mark.parametrize("count", tiers(40, 600))
def test_native_matches_python_on_a_sample(count: int) -> None:
    run_sample(13, count, deep=False)


@pytest.mark.parametrize("count", tiers(20, 150))
def test_native_matches_python_with_a_tiny_table(count: int) -> None:
    run_sample(14, count, deep=False, memory_mb=0.002)


@pytest.mark.parametrize("count", tiers(60, 600))
def test_narrow_search_matches_python(count: int) -> None:
    run_sample(15, count, deep=False, narrow=True)


@pytest.mark.ci  # (the default run's random sample above covers the same ground)
@pytest.mark.parametrize("count", [3])
def test_native_matches_python_on_benchmark_deals(count: int) -> None:
    from jink.bench.deals import deal, endgame
    for players in (2, 3, 4, 5):
        for index in range(count):
            compare(deal(players, index, 2026))
            compare(endgame(players, index, 2026))


#: The full sweep's runs: (first seed, positions, table in MB, narrow search),
#: each at eight seeds and cut into parts of a few seconds each (96 in all), so that the
#: workers of ``pytest -n`` share them evenly (one seed whole took two
#: minutes). The parts of a run together compare every one of its positions.
FULL_SWEEP = {"plain": (100, 600, 256, False), "tiny": (200, 150, 0.002, False),
              "narrow": (300, 300, 256, True)}
FULL_PARTS = {"plain": 6, "tiny": 4, "narrow": 2}


@pytest.mark.slow
@pytest.mark.parametrize("run, part", [(run, part) for run in FULL_SWEEP
                                       for part in range(FULL_PARTS[run])])
@pytest.mark.parametrize("seed", range(8))
def test_native_matches_python_full_sweep(seed: int, run: str, part: int) -> None:
    first, count, memory_mb, narrow = FULL_SWEEP[run]
    run_sample(first + seed, count, deep=True, memory_mb=memory_mb, narrow=narrow,
               part=part, parts=FULL_PARTS[run])


def test_the_generator_covers_the_phases() -> None:
    """Loo before and after trumps, Bierspiel in and after forced leads, big tables."""
    rng = random.Random(13)
    seen = set()
    for game, seats, played in sample(13, 240, deep=False):
        position = random_position(rng, game, seats, played)
        rules = position.rules
        if game == "loo":
            seen.add("loo no trump" if rules.trump is None else "loo trump")
        if game == "bierspiel" and rules.forced_leads:
            seen.add("forced" if position.tricks_done < rules.forced_leads else "after forced")
        if position.trick:
            seen.add("mid-trick")
        if seats >= 7:
            seen.add("big table")
    assert seen == {"loo no trump", "loo trump", "forced", "after forced", "mid-trick",
                    "big table"}


# -- limits and interruptions -------------------------------------------------------


def lift_limits(solver: Solver) -> None:
    """No more limits on ``solver``'s budget (its searches keep that object)."""
    solver.budget.limit = Limit()
    solver.budget.next_check = solver.budget.nodes + Budget.CHECK_EVERY


def fresh_answers(position: Position) -> list[int]:
    solver = Solver(engine="native")
    return [solver.max_tricks(position, seat) for seat in range(position.players)]


def test_node_limit_same_message_and_clean_state() -> None:
    from jink.bench.deals import deal
    position = deal(5, 0, 2026)
    messages = []
    for engine in ("python", "native"):
        solver = Solver(Limit(nodes=500), engine=engine)
        with pytest.raises(LimitExceeded) as stopped:
            solver.verdicts(position)
        messages.append(str(stopped.value))
        if engine == "native":
            # The same table, no limit: the answers of a fresh solver.
            lift_limits(solver)
            again = [solver.max_tricks(position, seat) for seat in range(position.players)]
            assert again == fresh_answers(position)
    assert messages[0] == messages[1]
    assert "(limit 500); no answer is given" in messages[1]


def test_time_limit_stops_the_native_search() -> None:
    from jink.bench.deals import deal
    solver = Solver(Limit(seconds=0.05), engine="native")
    started = time.perf_counter()
    with pytest.raises(LimitExceeded, match=r"\(limit 0.05 s\); no answer is given"):
        solver.verdicts(deal(10, 4, 2026))  # seconds of search without the limit
    assert time.perf_counter() - started < 0.5


def test_interrupt_stops_the_native_search_quickly() -> None:
    from jink.bench.deals import deal
    position = deal(10, 4, 2026)  # seconds of native search for the full table

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, interrupt)
    solver = Solver(engine="native")
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        started = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            solver.verdicts(position)
        late = time.perf_counter() - started - 0.05
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert late < 0.2, late
    # The table holds only proven bounds: the same answers as a fresh solver.
    endgame = position
    for _ in range(3 * position.players):
        endgame = endgame.play(endgame.legal_cards()[0])
    lift_limits(solver)
    assert [solver.max_tricks(endgame, s) for s in range(endgame.players)] == \
        fresh_answers(endgame)


def test_the_search_releases_the_gil() -> None:
    """Another thread runs Python while one native proof (about 1.2 s) goes on."""
    import threading
    position = deal_of(10, 10)  # seat 5's spoil: 1.9 M nodes (8-player deal 17's took 0.5 s)
    solver = Solver(engine="native")
    search = threading.Thread(target=solver.can_force, args=(position, 4, SPOIL))
    gaps = []
    search.start()
    last = started = time.perf_counter()
    while search.is_alive():
        # A short sleep, not a busy loop: waking needs the GIL back, so a
        # proof holding it stalls the loop just the same, and the loop leaves
        # the other core to the rest of the test run.
        time.sleep(0.002)
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
    search.join()
    # Holding the GIL, the proof would stall this loop for nearly its whole
    # length; a busy machine may stall it for a while now and then.
    assert last - started > 0.5, "the proof was too quick to tell"
    assert max(gaps) < 0.4 * (last - started), (max(gaps), last - started)


def deal_of(players: int, index: int) -> Position:
    from jink.bench.deals import deal
    return deal(players, index, 2026)


# -- engines ------------------------------------------------------------------------


def test_engine_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Solver(engine="python").engine == "python"
    assert Solver(engine="native").engine == "native"
    monkeypatch.setenv("JINK_ENGINE", "python")
    assert Solver().engine == "python"
    monkeypatch.setenv("JINK_ENGINE", "native")
    assert Solver().engine == "native"
    monkeypatch.delenv("JINK_ENGINE")
    assert Solver().engine == "native"
    with pytest.raises(ValueError, match="unknown engine"):
        Solver(engine="fortran")
    monkeypatch.setenv("JINK_ENGINE", "native")
    try:
        native.use_engine("python")  # a command's --engine: before JINK_ENGINE
        assert Solver().engine == "python"
        assert Solver(engine="native").engine == "native"
        with pytest.raises(ValueError, match="unknown engine"):
            native.use_engine("fortran")
    finally:
        native.use_engine(None)
    assert Solver().engine == "native"


def test_missing_core_falls_back_once(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(native, "_core", None)
    monkeypatch.setattr(native, "_warned", [])
    assert not native.available()
    assert Solver().engine == "python"
    assert Solver(engine="native").engine == "python"
    err = capsys.readouterr().err
    assert err.count("the compiled search core is not built") == 1


def test_loo_without_turn_is_searched_in_python() -> None:
    """No trump and no known turn: the core declines, Python answers (or raises)."""
    loo = find_game("loo")
    position = Position.create(loo, None, ["AH KH QH", "2C 3C 4C", "2D 3D 4D"], turn=None)
    assert not native.supported(position.rules, 3)
    goal: Goal = AtLeast(1)
    answers: list[bool | str] = []
    for engine in ("python", "native"):
        solver = Solver(engine=engine)
        try:
            answers.append(solver.can_force(position, 0, goal))
        except Exception as error:  # the same error from both
            answers.append(type(error).__name__)
    assert answers[0] == answers[1]


@pytest.mark.parametrize("count", tiers(200, 600))
def test_core_rules_interpret_the_duties_as_python_does(count: int) -> None:
    """The C legal cards and trick winners, on random play-outs of every game."""
    rng = random.Random(5)
    for i in range(count):
        game = GAMES[i % len(GAMES)]
        seats = rng.choice(seat_counts(game))
        position = random_position(rng, game, seats, 0)
        while not position.is_over:
            rules = position.rules
            flat = native.flatten(rules)
            hand = position.hands[position.seat_to_play]
            done = position.tricks_done
            assert flat.legal(hand, position.trick, done) == \
                rules.legal(hand, position.trick, done), repr(position)
            card = rng.choice(position.legal_cards())
            if len(position.trick) == seats - 1:
                trick = (*position.trick, card)
                assert flat.winner(trick, done) == rules.winner(trick, done), repr(position)
            position = position.play(card)


@pytest.mark.ci
@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the core")
def test_the_optimiser_changes_no_answer_and_no_node(tmp_path: Path) -> None:
    """setup.py builds the core at -O3: built at -O2 (the level it was once
    built at) and at -O0, the same full tables give the same verdicts in the
    same nodes, so the optimiser reads nothing undefined into the core."""
    from tests import mutants  # (it imports this module)

    deals = ((8, range(3)), (9, range(2)))
    built = mutants.full_tables(None, deals, ())[:2]
    text = mutants.source_text()
    for level in ("-O2", "-O0"):
        module = mutants.build_text(text, f"level{level[2:]}", tmp_path, flags=[level])
        assert mutants.full_tables(module, deals, ())[:2] == built, level


def test_a_table_grown_into_big_memory_keeps_its_answers() -> None:
    """A table grown past 4 MB keeps its arrays in big memory (on Linux, mapped
    from the kernel in large pages: table.c, big_alloc): grown there, emptied
    and filled again, it gives the answers, and the nodes, of a table kept
    small enough never to use it (a first size and a cap of 2 MB)."""
    from jink.bench.deals import deal

    position = deal(9, 13, 2026)  # (every seat's verdicts: 0.2 s, some 25,000 entries)
    big = Solver(engine="native")
    first = big.verdicts(position)
    stats = big.table.snapshot()
    # (the table keeps itself at most half full: its slots are twice its entries or more)
    assert 2 * stats.entries * stats.entry_bytes >= 4 << 20
    nodes = big.nodes
    assert isinstance(big.table, native.NativeTable)
    big.table.core.clear()  # (the big arrays given back; the table as new)
    assert big.verdicts(position) == first
    assert big.nodes == 2 * nodes
    big.start_over()  # (emptied, the big arrays kept: Table.empty)
    assert big.verdicts(position) == first
    assert big.nodes == nodes
    small = Solver(memory_mb=2, engine="native")
    assert small.verdicts(position) == first
    assert small.table.snapshot().flushes > 0  # (it was kept small)

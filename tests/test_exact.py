"""The exact kernel and its settlers: each settler on and off gives the same
verdicts, and the full solver agrees with the kernel alone.

The compiled core is an exact kernel (rules, table, search: jink/solver/core/
core.h, rules.c, table.c, search.c) and switchable parts: the settlers,
techniques that settle a position sooner, and partition search (one file
each, listed in settlers.c with where the kernel asks each and what each
needs; see docs/solver.md). Each can be switched off at run time
(``Solver(settlers=...)``, ``Solver(exact=True)``, ``jink ... --exact``).
Checked here:

- the core's table matches its files and Python's names; a part needs what
  it says (a table refuses it without, Python adds it);
- every part, switched off alone (with the parts that need it), leaves every
  verdict of random positions at 2 to 10 seats as it was, and does change
  the search (its nodes) on some of them: the check is not idle;
- with every settler off, the kernel alone answers small tables as the full
  solver does, and the Python engine's own four settlers likewise;
- the full solver gives the stored verdicts of the exact kernel
  (tests/data/exact_verdicts.jsonl: every seat's three, jink, spoil and max
  tricks on deals of nine and ten seats, worked out once by
  ``python -m tools.exact_fixture``), and so would catch a settler that
  settles a big table wrongly where random positions do not reach. Each
  record says which kernel gave it: ``plain`` (no settler, no partition
  search: ``Solver(exact=True)`` as it is now) or ``partition`` (no settler,
  partition search on: the kernel as it was first written, pending the
  plain kernel's hours a deal; where both were run they agree).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from jink.cli.app import app
from jink.errors import LimitExceeded, UnknownNameError
from jink.formats.files import position_from_dict
from jink.position import Position
from jink.solver import Limit, Solver, native
from tests.sweeps import Size, sweep
from tests.test_native import random_position

FIXTURE = Path(__file__).resolve().parent / "data" / "exact_verdicts.jsonl"

needs_core = pytest.mark.skipif(not native.available(), reason="the C core is not built")


def records() -> list[dict[str, Any]]:
    return [json.loads(line) for line in FIXTURE.read_text().splitlines() if line.strip()]


def verdicts(solver: Solver, position: Position) -> list[tuple[Any, ...]]:
    return [(v.seat + 1, v.max_tricks, v.three, v.jink, v.spoil)
            for v in solver.verdicts(position)]


#: The nodes the full solver may take on a random position of the sweeps
#: (those past it are left out: a few deals of nine or ten seats take
#: seconds), and a solver with a settler off, as many times more.
CAP = 1_000_000
WITHOUT = 30


def capped(position: Position, nodes: int, **how: Any) -> tuple[Solver, Any]:
    """A solver and its verdicts within ``nodes`` (None past them)."""
    solver = Solver(Limit(nodes=nodes), engine="native", **how)
    try:
        return solver, verdicts(solver, position)
    except LimitExceeded:
        return solver, None


def big_positions(count: int, seed: int) -> list[Position]:
    """Spoil Five at seven to ten seats, part-way through the first trick:
    where the settlers of big tables (relaxed, pooled, early, next) act."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        seats = rng.randrange(7, 11)
        out.append(random_position(rng, "spoil-five", seats, rng.randrange(0, seats)))
    return out


def small_positions(count: int, seed: int) -> list[Position]:
    """Every game at two to six seats, from the deal's start or later."""
    rng = random.Random(seed)
    games = [("spoil-five", range(2, 7)), ("forty-five", (2, 4, 6)), ("rams", range(3, 6)),
             ("rounce", range(3, 7)), ("bierspiel", range(3, 6)), ("loo", range(3, 7))]
    out = []
    for i in range(count):
        game, seats = games[i % len(games)]
        n = rng.choice(list(seats))
        out.append(random_position(rng, game, n, rng.randrange(0, 2 * n)))
    return out


#: The stages where the kernel asks the settlers (core.h: STAGE_*), in the
#: order of a node's search.
STAGES = ("start", "stored", "trick", "cards")


@needs_core
def test_the_core_and_python_name_the_same_settlers() -> None:
    from jink.solver import _core  # type: ignore[attr-defined]  # (compiled, no stub)

    assert tuple(entry[0] for entry in _core.SETTLERS) == native.SETTLERS
    assert [entry[1] for entry in _core.SETTLERS] == [1 << i for i in range(len(native.SETTLERS))]
    assert (1 << len(native.SETTLERS)) - 1 == _core.SETTLE_ALL
    core = Path(native.__file__).parent / "core"
    search = (core / "search.c").read_text()
    for name, bit, needs, file, function, thresholds, asks, soundness in _core.SETTLERS:
        text = (core / file).read_text()
        # the file's header says what it is, where it applies and why it is sound
        assert re.search(rf'^ \* (Settler|Part) "{name}"', text, re.M), (name, file)
        for word in ("Guard:", "Sound:"):
            assert word in text, (file, word)
        assert re.search(rf"^static \w+ {function}\(", text, re.M), (name, function)
        for stage, settle, _, when in asks:
            assert stage in STAGES
            assert re.search(rf"^static int {settle}\(Search \*s, At \*at\)", text, re.M), \
                (name, settle)
            assert when & bit  # asked (at least) while it is on
            assert settle not in search  # the kernel asks it only through the table
        if thresholds:
            assert f"static const {thresholds.title()}Thresholds {thresholds} = {{" in text
        assert len(soundness) > 40  # why it is sound
        assert frozenset(needs) == native.NEEDS.get(name, frozenset()), name
    # every stage is asked by some settler, and each is walked by the kernel
    assert {ask[0] for entry in _core.SETTLERS for ask in entry[6]} == set(STAGES)
    for stage in STAGES:
        assert f"STAGE_{stage.upper()}" in search


@needs_core
def test_a_table_takes_only_the_settlers_there_are() -> None:
    from jink.solver import _core  # type: ignore[attr-defined]  # (compiled, no stub)

    _core.Table(1.0, settlers=0)
    with pytest.raises(ValueError, match="settlers"):
        _core.Table(1.0, settlers=_core.SETTLE_ALL + 1)
    with pytest.raises(UnknownNameError, match="unknown settler 'fast'"):
        Solver(settlers=["sure", "fast"])


@needs_core
@pytest.mark.parametrize("part", sorted(native.NEEDS))
def test_a_table_refuses_a_part_without_what_it_needs(part: str) -> None:
    from jink.solver import _core  # type: ignore[attr-defined]  # (compiled, no stub)

    for needed in native.NEEDS[part]:
        others = native.settlers_of([part]) - {needed}
        with pytest.raises(ValueError, match=f"needs .*{needed}"):
            _core.Table(1.0, settlers=native.settler_mask(others))
    _core.Table(1.0, settlers=native.settler_mask(native.settlers_of([part])))


def test_switching_the_pooled_game_off_switches_off_all_that_play_it() -> None:
    """The pooled game is played by early and next too: with it off, they are
    off, so no pooled game is played anywhere."""
    assert native.without(["pooled"]) == frozenset(native.SETTLERS) - {"pooled", "early", "next"}
    assert native.settlers_of(["next"]) == {"next", "pooled", "partition"}
    assert Solver(settlers=native.without(["pooled"])).settlers.isdisjoint(
        {"pooled", "early", "next"})


@needs_core
def test_without_the_pooled_game_no_pooled_game_is_played() -> None:
    """A nine-seat spoil where the pooled game, early and next all act: with
    pooled off the search is the same as with all three off."""
    position = big_positions(1, 38)[0]
    off = capped(position, CAP * WITHOUT, settlers=native.without(["pooled"]))[0]
    none = capped(position, CAP * WITHOUT,
                  settlers=frozenset(native.SETTLERS) - {"pooled", "early", "next"})[0]
    full = capped(position, CAP)[0]
    assert off.nodes == none.nodes
    assert off.nodes != full.nodes  # (the pooled game acts here)


def test_exact_means_no_settler() -> None:
    assert Solver(exact=True).settlers == frozenset()
    assert Solver().settlers == frozenset(native.SETTLERS)
    assert Solver(settlers=["two"]).settlers == {"two"}
    # the relaxed game with the partition search it plays on
    assert Solver(settlers=["relaxed"]).settlers == {"relaxed", "partition"}


@needs_core
def test_exact_is_the_plain_kernel_and_settlers_keep_partition_search() -> None:
    exact = Solver(exact=True, engine="native")
    assert isinstance(exact.table, native.NativeTable)
    assert not exact.table.partition
    relaxed = Solver(settlers=["relaxed"], engine="native")
    assert isinstance(relaxed.table, native.NativeTable)
    assert relaxed.table.partition and relaxed.table.settlers == {"relaxed", "partition"}
    native.use_exact(True)
    try:
        plain = Solver(engine="native")
        assert isinstance(plain.table, native.NativeTable)
        assert plain.exact and not plain.table.partition and plain.settlers == frozenset()
    finally:
        native.use_exact(False)


@needs_core
def test_a_deal_of_more_tricks_than_the_core_keys_is_refused() -> None:
    """The core keeps a seat's tricks won in 3 bits: it refuses a deal of
    more than 7 tricks with a clear error, and the solver leaves such deals
    to the Python engine."""
    from jink.games import find_game
    from jink.solver import _core  # type: ignore[attr-defined]  # (compiled, no stub)

    assert _core.MAX_TRICKS == 7
    rules = find_game("spoil-five").bind(0, {}, 2)
    flat = native.flatten(rules)
    table = _core.Table(1.0)
    hands = (sum(1 << c for c in range(8)), sum(1 << c for c in range(13, 21)))
    # (rules, seats, tricks, side, goal, k, goal's seat, narrow, hands, leader,
    # trick, won, nodes, next check, node limit, time limit, elapsed, pool)
    with pytest.raises(ValueError, match="at most 7 tricks a deal"):
        table.prove(flat, 2, 8, 1, native.GOAL_AT_LEAST, 1, 0, 0, hands, 0, (), (0, 0),
                    0, 4096, -1, -1.0, 0.0, 1)
    seven = (sum(1 << c for c in range(7)), sum(1 << c for c in range(13, 20)))
    table.prove(flat, 2, 7, 1, native.GOAL_AT_LEAST, 1, 0, 0, seven, 0, (), (0, 0),
                0, 4096, -1, -1.0, 0.0, 1)
    assert native.supported(rules, 2, 7) and not native.supported(rules, 2, 8)


@needs_core
@pytest.mark.parametrize("size", sweep(sample=3, ci=5, full=30))
@pytest.mark.parametrize("settler", native.SETTLERS)
def test_a_settler_switched_off_changes_no_verdict(settler: str, size: Size) -> None:
    others = native.without([settler])
    changed = compared = 0
    cases = big_positions(size.examples, 38) + small_positions(size.examples, 39)
    if settler == "partition" and size.tier == "sample":
        # The first, at ten seats, passes the cap without partition search
        # (3 s, and then left out): the sample leaves it out at once.
        cases = cases[1:]
    if settler == "widen":
        # Cheap tries change the search only where a try of the coalition's
        # passes its first cap (4,096 nodes) and the whole stays within CAP:
        # three of these twelve (#5, #8 and #11), which the sample takes alone.
        more = big_positions(12, 40)
        cases += more if size.tier != "sample" else [more[i] for i in (5, 8, 11)]
    if settler == "pns":
        # The proof-number layer starts at ten seats, in a spoil or hand-over
        # past 100,000 nodes: of these, the second alone (about 500,000).
        cases += big_positions(2, 40)[1:]
    for position in cases:
        full, want = capped(position, CAP)
        if want is None:
            continue
        without, got = capped(position, CAP * WITHOUT, settlers=others)
        if got is None:
            continue
        assert got == want, (settler, position)
        compared += 1
        changed += without.nodes != full.nodes
    assert compared >= len(cases) * 3 // 4
    assert changed, f"settler {settler} never acted on these positions"


@needs_core
@pytest.mark.parametrize("size", sweep(sample=12, ci=48, full=300))
def test_the_kernel_alone_answers_small_tables_as_the_full_solver(size: Size) -> None:
    for position in small_positions(size.examples, 40):
        assert verdicts(Solver(engine="native", exact=True), position) == \
            verdicts(Solver(engine="native"), position), position


@pytest.mark.parametrize("size", sweep(sample=6, ci=24, full=120))
def test_the_python_engine_without_its_settlers_gives_the_same_verdicts(size: Size) -> None:
    for position in small_positions(size.examples, 41):
        if position.players > 5:
            continue  # (the Python engine's kernel alone is slow there)
        want = verdicts(Solver(engine="python"), position)
        for settler in ("sure", "threats", "two", "order"):
            others = set(native.SETTLERS) - {settler}
            assert verdicts(Solver(engine="python", settlers=others), position) == want, \
                (settler, position)
        assert verdicts(Solver(engine="python", exact=True), position) == want, position


def test_the_stored_verdicts_cover_nine_and_ten_seats() -> None:
    found = records()
    assert len(found) >= 40
    assert {r["players"] for r in found} == {9, 10}
    for r in found:
        assert len(r["verdicts"]) == r["players"]
        assert r["kernel"] in ("plain", "partition")
    assert any(r["kernel"] == "plain" for r in found)


@needs_core
@pytest.mark.parametrize("size", sweep(sample=2, ci=6, full=10_000))
def test_the_full_solver_gives_the_exact_kernels_verdicts(size: Size) -> None:
    found = records()
    # The sample: the cheapest deals of each table size (the full run: all).
    chosen = found if size.full else [
        r for players in (9, 10)
        for r in sorted((r for r in found if r["players"] == players),
                        key=lambda r: r["kernel_nodes"])[:size.examples // 2]]
    for r in chosen:
        position = position_from_dict(r["position"])
        got = [dict(zip(("seat", "max_tricks", "three", "jink", "spoil"), v, strict=True))
               for v in verdicts(Solver(engine="native"), position)]
        assert got == r["verdicts"], (r["players"], r["deal"])


@needs_core
def test_exact_on_the_command_line_gives_the_same_answers() -> None:
    runner = CliRunner()
    plain = runner.invoke(app, ["solve", "--example", "--json"])
    exact = runner.invoke(app, ["solve", "--example", "--json", "--exact"])
    assert plain.exit_code == 0 and exact.exit_code == 0, exact.output
    a, b = json.loads(plain.stdout), json.loads(exact.stdout)
    for key in ("nodes", "seconds", "table"):
        a.pop(key, None)
        b.pop(key, None)
    assert a == b

"""The next trick's start settled early (the core's ``next_start``; docs/solver.md,
"The next start, settled early"): exact, checked three ways.

In a spoil or a hand-over with four tricks left at its trick's start, once
the seats still to play hold no trump but those that may spend one, the core
plays the pooled game of the next trick's start once for them all, with the
cards those seats will play still in their hands (a stronger pool). An answer
read that way stands for every combination of their cards, so a slip in what
it enumerates (a trump spent, the asker's card, a seat that may take the
trick) would hand a whole set of positions a wrong answer.

- The core built with ``JINK_CHECK_NEXT`` searches each such answer again,
  below it without the shortcut, and counts the answers that differ: none on
  full tables of big deals, where it answers thousands of times.
- Turned off (``NEXT.from_seats`` past the table), the core gives every verdict the
  same, in more nodes.
- From four seats (``NEXT.from_seats`` 4), where the Python engine can answer the
  same positions, the core agrees with it.
- (slow) The checking core finds faults in the mutants of the shortcut
  (tests/mutants.py), so the checks are not idle.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from jink.position import Position
from jink.solver import Solver, native
from tests import mutants
from tests.sweeps import Size, sweep, tiers
from tests.test_native import questions, random_position

pytestmark = [
    pytest.mark.skipif(not native.available(), reason="the C core is not built"),
    pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the core"),
]

CHECKING = "#define JINK_CHECK 1\n#define JINK_CHECK_NEXT 1\n"
#: Full tables where the shortcut answers often (and, below, catches the mutants).
BIG = ((8, range(4)), (9, range(3)), (10, range(1)))
#: A few of them where it answers often for their size, for the default run.
FEW = ((8, range(1, 4, 2)), (9, range(1, 2)))
#: The mutants the checking core must find faults in, and the deals it finds them on.
FOUND = {"next_spent": (9, 5), "next_asker": (9, 0), "next_winner": (9, 1),
         "next_leader": (9, 1)}


def build(prefix: str, text: str, name: str, where: Path, exact: bool = True) -> ModuleType:
    return mutants.build_text(prefix + text, name, where, exact)


def tables(module: ModuleType | None, big: tuple[tuple[int, range], ...] = BIG,
           ) -> tuple[list[Any], int, dict[str, int]]:
    """Every verdict of the full tables, the nodes, and the core's counters."""
    return mutants.full_tables(module, big, ("next_checks", "next_failures", "check_failures"))


@pytest.mark.parametrize("size", tiers((FEW, 1_500), (BIG, 5_000)))
def test_the_checking_core_finds_no_fault(size: tuple[tuple[tuple[int, range], ...], int],
                                          tmp_path: Path) -> None:
    big, answers = size  # the deals, and how often it answers on them at least
    module = build(CHECKING, mutants.source_text(), "next_check", tmp_path)
    _, _, counts = tables(module, big)
    assert counts["next_failures"] == 0
    assert counts["check_failures"] == 0
    assert counts["next_checks"] > answers  # it answers often at eight to ten seats


@pytest.mark.parametrize("big", tiers(FEW, BIG))
def test_turned_off_it_gives_the_same_verdicts_in_more_nodes(
        big: tuple[tuple[int, range], ...], tmp_path: Path) -> None:
    text = mutants.source_text()
    off = build("", mutants.with_thresholds(text, {"NEXT.from_seats": 99}), "next_off", tmp_path)
    with_it, nodes_with, _ = tables(None, big)  # (the core as built: the same source)
    without, nodes_without, _ = tables(off, big)
    assert with_it == without
    assert nodes_with < nodes_without * 0.9


def small_positions(count: int, seed: int) -> list[Position]:
    """Spoil Five and Forty-Five (the games partition search runs in) at four
    to six seats, from within the first trick or the second's start: their
    second tricks are where the shortcut answers from four seats."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        game = ("spoil-five", "forty-five")[i % 2]
        seats = rng.choice([4, 5, 6] if game == "spoil-five" else [4, 6])
        out.append(random_position(rng, game, seats, rng.randrange(0, seats + 1)))
    return out


@pytest.mark.parametrize("size", sweep(sample=2, ci=12, full=40))
def test_from_four_seats_it_agrees_with_the_python_engine(size: Size, tmp_path: Path) -> None:
    cases = small_positions(size.examples, 17)
    module = build(CHECKING, mutants.with_thresholds(mutants.source_text(),
                                                     {"NEXT.from_seats": 4}),
                   "next_small", tmp_path)
    checks = 0
    for position in cases:
        want = mutants.exact(position)
        with mutants.core(module):
            solver = Solver(engine="native")
            got = questions(solver, position)
            assert isinstance(solver.table, native.NativeTable)
            stats = solver.table.core.stats()
        assert got == want, position
        assert stats["next_failures"] == 0, position
        checks += stats["next_checks"]
    assert checks > 5 * size.examples  # (it answered on these positions)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FOUND))
def test_the_checking_core_finds_the_mutant(name: str, tmp_path: Path) -> None:
    players, i = FOUND[name]
    module = build(CHECKING, mutants.mutant_source(name), name, tmp_path, exact=False)
    _, _, counts = tables(module, ((players, range(i, i + 1)),))
    assert counts["next_failures"], f"the checking core finds no fault in mutant {name}"

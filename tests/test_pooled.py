"""The pooled game and its memory in the compiled core (docs/solver.md, "The
pooled game first"): exact, checked from inside.

The pooled game's answers are kept under a key that leaves out how the
pool's cards lie among its seats, and read back for other positions. A key
that left out something the game reads would hand one position another's
answer; random positions seldom show that at their root (the relaxed game
and the search behind it often answer alike), so the core is built here
with ``JINK_CHECK``: every answer read from the memory is played again and
compared (its value, and the cards it rests on, down to the same places;
played from scratch, without the answers the memory keeps of the games'
later tricks, and compared only where neither was cut short by its cap),
and wherever the pooled game holds, the relaxed game is played too and must
hold (the pooled game is the easier one for the opponents), and so must the
pooled game with its groups leading every kind of every plain suit (they
lead only their lowest card of it, which gives the opponents every outcome
a higher one does, and one suit only of those the asker and the threats
hold none of); and every last
trick the games play out without the search (relaxed_last) is searched too,
and must give the same answer, cards named and cards counted. The checking
core answers as the real one does (the same nodes).

- the checking core finds no fault on full tables of big deals, and checks
  many answers there;
- (slow) it finds faults in the mutants of the pooled game (tests/mutants.py),
  so the checks are not idle. Three parts of the key are not told apart by
  any deal tried (``pg_kinds``, ``pg_own``, ``pg_who``): within one deal the
  asker's and the threats' cards say whose they are, and the best card
  whose seat or run holds it; the kinds, over 726,000 answers read on the
  first six deals of nine players and two of ten, never changed an answer
  of the same cards. The argument needs them (another deal on the same
  table, or another history), so they stay.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from types import ModuleType

import pytest

from jink.bench.deals import deal
from jink.solver import Solver, native
from tests import mutants
from tests.sweeps import tiers

pytestmark = [
    pytest.mark.skipif(not native.available(), reason="the C core is not built"),
    pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the core"),
]

#: The mutants of the pooled game the checking core must find faults in.
FOUND = ["pg_won", "pg_best", "pg_mark", "pg_rel", "pg_sub_won", "pg_sub_leader", "pg_cards",
         "pg_top", "pg_duty", "pg_low_lead",
         "pg_void_lead", "rx_sibling_named",
         "last_won", "last_duty", "last_top", "last_calls"]


def checking(text: str, name: str, where: Path, exact: bool = False) -> ModuleType:
    return mutants.build_text("#define JINK_CHECK 1\n" + text, name, where, exact)


def checked(module: ModuleType, players: int, deals: range) -> tuple[int, int, int, int]:
    """Checks made, faults found, trick starts the pooled game's memory
    settled before the table, and nodes, over full tables of bench deals."""
    checks = faults = known = nodes = 0
    with mutants.core(module):
        for i in deals:
            solver = Solver(engine="native")
            solver.verdicts(deal(players, i, 2026))
            assert isinstance(solver.table, native.NativeTable)
            stats = solver.table.core.stats()
            checks += stats["checks"]
            faults += stats["check_failures"]
            known += stats["known"]
            nodes += solver.nodes
    return checks, faults, known, nodes


@pytest.mark.parametrize("deals", tiers(range(2), range(3)))
def test_the_checking_core_finds_no_fault(deals: range, tmp_path: Path) -> None:
    module = checking(mutants.source_text(), "check", tmp_path, exact=True)
    checks, faults, known, nodes = checked(module, 9, deals)
    assert faults == 0
    assert checks > 10_000  # the pooled memory is read often at nine seats
    assert known > 1_000  # and settles trick starts before the table
    # and it answers as the real core does
    assert nodes == sum(_nodes(9, i) for i in deals)


def test_the_memory_grows_answering_the_same(tmp_path: Path) -> None:
    """Started at 16 slots, the pooled game's memory doubles many times over
    a full table, its answers moved as it grows: the checking core finds no
    fault in them, the verdicts are the real core's, the memory settles as
    many trick starts as the one that starts big (an answer lost in a move
    is played again, and settles fewer), and a table emptied starts the
    memory small again."""
    grown = checking(mutants.variant(mutants.source_text(),
                                     {"#define PG_FIRST 16384": "#define PG_FIRST 16"}),
                     "grow", tmp_path, exact=True)
    big = checking(mutants.source_text(), "check", tmp_path, exact=True)
    position = deal(9, 1, 2026)
    with mutants.core(big):
        solver = Solver(engine="native")
        solver.verdicts(position)
        assert isinstance(solver.table, native.NativeTable)
        known = solver.table.core.stats()["known"]
    with mutants.core(grown):
        solver = Solver(engine="native")
        assert isinstance(solver.table, native.NativeTable)
        assert solver.table.core.stats()["pooled_slots"] == 16
        verdicts = solver.verdicts(position)
        stats = solver.table.core.stats()
        solver.start_over()
        emptied = solver.table.core.stats()["pooled_slots"]
    assert stats["pooled_slots"] >= 16 * 2**10  # grown ten times or more
    assert stats["checks"] > 100_000 and stats["check_failures"] == 0
    # (counted: 1,761 against 1,762; with the moves' answers dropped, 1,577)
    assert abs(stats["known"] - known) <= known // 50
    assert emptied == 16
    assert verdicts == Solver(engine="native").verdicts(position)


def test_the_memory_starts_small() -> None:
    """A table that plays no pooled game keeps the memory at its first size."""
    solver = Solver(engine="native")
    solver.verdicts(deal(5, 0, 2026))
    assert isinstance(solver.table, native.NativeTable)
    assert solver.table.core.stats()["pooled_slots"] == 16384


def _nodes(players: int, i: int) -> int:
    solver = Solver(engine="native")
    solver.verdicts(deal(players, i, 2026))
    return solver.nodes


@pytest.mark.slow
@pytest.mark.parametrize("name", FOUND)
def test_the_checking_core_finds_the_mutant(name: str, tmp_path: Path) -> None:
    module = checking(mutants.mutant_source(name), name, tmp_path)
    faults = 0
    # Deals where one of them shows: a mutant's fault shows only where the
    # search reads a kept answer it changes, and the search's path moves as
    # the core's bounds do (``pg_won`` showed on 9-player deal 2 until the
    # games were capped in their cards; now on deals 17, 18 and 21).
    for players, deals in ((9, range(6)), (10, range(12, 13)), (9, range(17, 18))):
        if not faults:
            _, faults, _, _ = checked(module, players, deals)
    assert faults, f"the checking core finds no fault in mutant {name}"

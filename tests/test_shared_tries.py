"""The coalition's cards shared out among a proof's threads
(jink/solver/core/threads.c, ``shared_tries``): at the coalition's nodes of
a proof's first two tricks, a thread puts off a card another thread is
searching and tries it after the node's other cards. Every card must still
be searched: a card put off and then forgotten would drop one of the
coalition's lines, and a spoil would hold that fails.

Which cards meet another thread there depends on the threads' timing, so
the core built with ``JINK_CHECK_SHARE`` puts off every such node's first
card on every thread, as if another thread were on it. On two threads (the
helper from the first node) it must give one thread's verdicts on full
tables and on random positions; the checking core counts the cards put off,
so the check is not idle; and a mutant that never comes back to the cards
put off is caught.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from jink.bench.deals import deal
from jink.solver import Solver, native
from tests import mutants
from tests.test_native import questions, random_position, sample
from tests.test_proof_threads import threaded

pytestmark = [
    pytest.mark.skipif(not native.available(), reason="the C core is not built"),
    pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the core"),
]

FORCED = "#define JINK_CHECK 1\n#define JINK_CHECK_SHARE 1\n"
#: Full tables with spoil proofs long enough for two tricks of the coalition's cards.
DEALS = ((8, range(0, 2)), (9, range(0, 1)), (10, range(2, 3)))
#: The cards put off never searched: the second round dropped.
FORGETFUL = {"for (int round = 0; round < 2; round++)":
             "for (int round = 0; round < 1; round++)"}


def two_threads(module: ModuleType | None, positions: list[Any]) -> tuple[list[Any], int]:
    """Every position's answers on two threads (on ``module``), and the cards
    the checking core put off."""
    got: list[Any] = []
    put_off = 0
    with mutants.core(module):
        for position in positions:
            solver = threaded(2)
            got.append(questions(solver, position))
            assert isinstance(solver.table, native.NativeTable)
            put_off += solver.table.core.stats().get("put_off", 0)
    return got, put_off


def one_thread(positions: list[Any]) -> list[Any]:
    return [questions(Solver(engine="native"), position) for position in positions]


def tables() -> list[Any]:
    return [deal(players, i, 2026) for players, numbers in DEALS for i in numbers]


def randoms(count: int) -> list[Any]:
    rng = random.Random(4051)
    return [random_position(rng, game, seats, played)
            for game, seats, played in sample(4051, count, deep=False) if seats >= 6]


def test_cards_put_off_are_all_searched(tmp_path: Path) -> None:
    module = mutants.build_text(FORCED + mutants.source_text(), "share_forced", tmp_path,
                                exact=True)  # (sanitized in tests/native_sanitizers.sh)
    positions = tables() + randoms(60)
    got, put_off = two_threads(module, positions)
    assert got == one_thread(positions)
    assert put_off > 1_000  # (cards were put off on these positions)


def test_a_core_that_forgets_the_cards_put_off_is_caught(tmp_path: Path) -> None:
    text = mutants.variant(FORCED + mutants.source_text(), FORGETFUL)
    module = mutants.build_text(text, "share_forgetful", tmp_path)
    positions = tables()
    got, _ = two_threads(module, positions)
    assert got != one_thread(positions)

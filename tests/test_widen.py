"""Cheap tries first (widen.c; docs/solver.md, "Cheap tries first"): in a spoil search
and a hand-over, the coalition's cards near the search's start are tried
under a cap on nodes that grows round by round; a try cut short is open for
the next round, never a "yes" or a "no".

As it runs, the core does this in the first trick of a search only, with a
first cap of 4,096 nodes, which the positions the Python engine answers seldom
reach. So the core is built here with the caps tiny and the tries capped in
every trick: the cut tries come up everywhere, and must leave every answer
exact; and the mutants that read a cut try as a failure, or as the coalition's
way through, must be caught on them, so that the cut is known to happen.
"""

from __future__ import annotations

import functools
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from jink.position import Position
from jink.solver import native
from tests import mutants
from tests.sweeps import tiers
from tests.test_native import random_position

pytestmark = [
    pytest.mark.skipif(not native.available(), reason="the C core is not built"),
    pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the core"),
]

#: Every coalition's choice tried capped, from a cap of two nodes.
SMALL = {"WIDEN.first": 2, "WIDEN.tricks": 16, "WIDEN.plays": 16}
#: A try cut short kept open for the next round (widen.c) ...
OPEN = "                open |= (u64)1 << j;  /* for the next round */\n                continue;\n"
#: ... read as a card that failed (the mutant) ...
AS_FAILED = "                continue;\n"
#: ... or as the coalition's way through (the other).
AS_WAY = "                return TRY_SETTLES;\n"


def positions(count: int, seed: int) -> list[Position]:
    """Spoil Five and Forty-Five (the games partition search runs in) at three
    to six seats, from the deal's start or a few cards in."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        game = ("spoil-five", "forty-five")[i % 2]
        seats = rng.choice([3, 4, 5, 6] if game == "spoil-five" else [4, 6])
        out.append(random_position(rng, game, seats, rng.randrange(0, seats + 2)))
    return out


def answers_of(module: Any, cases: list[Position]) -> list[list[Any]]:
    with mutants.core(module):
        return [[mutants.as_it_runs(p), mutants.answers(p)] for p in cases]


@functools.cache
def cases(count: int) -> list[tuple[Position, list[Any]]]:
    """The first ``count`` positions, each with its exact answers."""
    return [(p, mutants.exact(p)) for p in positions(count, 7)]


def test_the_source_keeps_a_cut_try_open() -> None:
    assert mutants.source_text().count(OPEN) == 1


@pytest.mark.parametrize("count", tiers(4, 24))
def test_tries_cut_short_leave_the_answers_exact(count: int, tmp_path: Path) -> None:
    module = mutants.build_text(mutants.with_thresholds(mutants.source_text(), SMALL), "small",
                                tmp_path,
                                exact=True)
    found = cases(count)
    got = answers_of(module, [p for p, _ in found])
    for (position, want), answers in zip(found, got, strict=True):
        assert answers == [want, want], position


@pytest.mark.ci
@pytest.mark.parametrize("name, text", [("as_failed", AS_FAILED), ("as_way", AS_WAY)])
def test_a_cut_try_read_as_an_answer_is_caught(tmp_path: Path, name: str, text: str) -> None:
    source = mutants.with_thresholds(mutants.source_text(), SMALL).replace(OPEN, text)
    module = mutants.build_text(source, name, tmp_path)
    found = cases(24)
    got = answers_of(module, [p for p, _ in found])
    assert any(answers != [want, want] for (_, want), answers in zip(found, got, strict=True))

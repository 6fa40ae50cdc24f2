"""The relaxed and pooled games cut short (docs/solver.md, "The pooled game
first"): every game is capped in the cards it plays (RELAXED.plays), a game
given fewer steps (spoil_early's, at four tricks left) at POOLED.capped_plays, and a
game that runs out gives no answer, never a "yes".

As it runs, the core plays the four-left games from nine seats only, caps
every game from nine seats too, and reaches the caps only in big proofs. So
the core is built here with all set small (from four seats, the caps a
handful of cards): the cut games come up on positions the Python engine can
answer, and must leave every answer exact;
and the mutant that reads a game cut short as a "yes" must be caught on them,
so that the cap is known to be reached.
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

#: Cut-short games from four seats, and every game capped at a few cards.
SMALL = {"EARLY.from_seats": 4, "POOLED.capped_plays": 6, "RELAXED.plays": 6,
         "RELAXED.plays_from": 4}
#: The cap read as a "yes" (the mutant).
CAP = "if (x->plays <= 0) return 0;"
CAP_YES = "if (x->plays <= 0) return 1;"


def positions(count: int, seed: int) -> list[Position]:
    """Spoil Five and Forty-Five (the games partition search runs in) at four
    to six seats, from the second trick's start or within the first trick:
    their trick starts with four tricks left are where the games are cut."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        game = ("spoil-five", "forty-five")[i % 2]
        seats = rng.choice([4, 5, 6] if game == "spoil-five" else [4, 6])
        out.append(random_position(rng, game, seats, rng.randrange(1, seats + 1)))
    return out


def answers_of(module: Any, cases: list[Position]) -> list[list[Any]]:
    with mutants.core(module):
        return [mutants.as_it_runs(p) for p in cases]


@functools.cache
def cases(count: int) -> list[tuple[Position, list[Any]]]:
    """The first ``count`` positions, each with its exact answers."""
    return [(p, mutants.exact(p)) for p in positions(count, 5)]


def test_the_source_has_the_cap() -> None:
    assert mutants.source_text().count(CAP) == 1


@pytest.mark.parametrize("count", tiers(8, 24))
def test_games_cut_short_leave_the_answers_exact(count: int, tmp_path: Path) -> None:
    module = mutants.build_text(mutants.with_thresholds(mutants.source_text(), SMALL), "small",
                                tmp_path,
                                exact=True)
    found = cases(count)
    got = answers_of(module, [p for p, _ in found])
    for (position, want), answers in zip(found, got, strict=True):
        assert answers == want, position


@pytest.mark.ci
def test_a_cut_short_game_read_as_yes_is_caught(tmp_path: Path) -> None:
    text = mutants.with_thresholds(mutants.source_text(), SMALL).replace(CAP, CAP_YES)
    module = mutants.build_text(text, "cap_yes", tmp_path)
    found = cases(24)
    got = answers_of(module, [p for p, _ in found])
    assert any(answers != want for (_, want), answers in zip(found, got, strict=True))

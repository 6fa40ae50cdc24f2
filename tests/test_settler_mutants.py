"""Mutants of the settlers: each bound made wrong is killed, each threshold
changed changes no verdict.

A settler (jink/solver/core/: sure.c, trick.c, threats.c, relaxed.c,
pooled.c, early.c, next.c, two.c, order.c) settles a position sooner than the
exact kernel, by a bound that must hold (a count of tricks against the
pool or the goal's need) and where its thresholds say it pays. The mutants
(tests/mutants.py):

- BOUND_MUTANTS: a bound one trick off. Each must be killed: some position of
  the checks below gets another verdict. The one no test can kill is in
  EQUIVALENT, with why.
- THRESHOLD_MUTANTS: every threshold of every settler, set so that the
  settler is asked far more often or cut far shorter. A threshold says where
  a settler pays, never what it answers, so these are equivalent mutants:
  each must leave every verdict as it was (were one to change a verdict, the
  settler's soundness would hang on its threshold).

The checks: random positions at two to six seats, in each game, as the core
runs and as the port runs (partition search off, against the Python engine);
random positions at seven to ten seats; and deals of nine and ten seats with
the exact kernel's verdicts (tests/data/exact_verdicts.jsonl). Slow: each
mutant is a build of the core.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from jink.formats.files import position_from_dict
from jink.position import Position
from jink.solver import Solver, native
from tests import mutants
from tests.test_exact import CAP, WITHOUT, big_positions, capped, records, small_positions

pytestmark = [
    pytest.mark.skipif(not native.available(), reason="the C core is not built"),
    pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the core"),
]

#: Fixture deals read by a threshold mutant: the cheapest for the kernel.
DEALS = 4


def test_every_threshold_of_every_settler_has_its_mutant() -> None:
    assert set(mutants.thresholds(mutants.source_text())) == set(mutants.THRESHOLD_MUTANTS)


def test_every_bound_mutant_is_in_the_core() -> None:
    for name in mutants.BOUND_MUTANTS:
        mutants.settler_mutant_source(name)  # raises if its text is not once in the core
    assert set(mutants.EQUIVALENT) <= set(mutants.BOUND_MUTANTS)


def stored(r: dict[str, Any]) -> tuple[Position, list[tuple[Any, ...]]]:
    return position_from_dict(r["position"]), [
        tuple(v[k] for k in ("seat", "max_tricks", "three", "jink", "spoil"))
        for v in r["verdicts"]]


@pytest.fixture(scope="module")
def checks() -> dict[str, list[tuple[Position, Any]]]:
    """The positions and their verdicts from the real core (or the Python
    engine, for the port)."""
    small, big = small_positions(8, 39), big_positions(8, 38)
    port = small_positions(12, 39)
    deals = sorted(records(), key=lambda r: r["kernel_nodes"])
    return {"small": [(p, capped(p, CAP)[1]) for p in small],
            "big": [(p, capped(p, CAP)[1]) for p in big],
            "port": [(p, mutants.exact(p)) for p in port],
            "deals": [stored(r) for r in deals]}


def differs(module: Any, checks: dict[str, list[tuple[Position, Any]]],
            deals: int | None) -> str | None:
    """The first check the core ``module`` answers otherwise (None: none),
    reading the first ``deals`` fixture deals (None: all)."""
    with mutants.core(module):
        for kind in ("small", "port", "big"):
            for position, want in checks[kind]:
                if want is None:
                    continue  # (past the cap with the real core)
                if kind == "port":
                    got = mutants.answers(position, partition=False)
                else:
                    got = capped(position, CAP * WITHOUT)[1]
                if got is not None and got != want:
                    return f"{kind}: {position}"
        for position, want in checks["deals"][:deals]:
            got = [(v.seat + 1, v.max_tricks, v.three, v.jink, v.spoil)
                   for v in Solver(engine="native").verdicts(position)]
            if got != want:
                return f"deal: {position}"
    return None


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(set(mutants.BOUND_MUTANTS) - set(mutants.EQUIVALENT)))
def test_a_bound_made_wrong_is_killed(name: str, checks: dict[str, Any],
                                      tmp_path: Path) -> None:
    module = mutants.build_text(mutants.settler_mutant_source(name), name, tmp_path)
    assert differs(module, checks, None), f"bound mutant {name} survives every check"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(mutants.EQUIVALENT))
def test_an_equivalent_bound_mutant_changes_no_verdict(name: str, checks: dict[str, Any],
                                                       tmp_path: Path) -> None:
    module = mutants.build_text(mutants.settler_mutant_source(name), name, tmp_path)
    assert differs(module, checks, DEALS) is None


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(mutants.THRESHOLD_MUTANTS))
def test_a_threshold_changed_changes_no_verdict(name: str, checks: dict[str, Any],
                                                tmp_path: Path) -> None:
    module = mutants.build_text(mutants.settler_mutant_source(name), name.replace(".", "_"),
                                tmp_path, exact=True)
    found = differs(module, checks, DEALS)
    assert found is None, f"threshold {name} = {mutants.THRESHOLD_MUTANTS[name]}: {found}"

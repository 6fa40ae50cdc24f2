"""The proof-number layer (pns.c; docs/solver.md, "A proof-number layer"): a
long proof at ten seats (a `max_tricks` rung's from nine) grows a tree of its
first cards at its most-proving leaf, each leaf searched by the kernel under a
cap, along a path on which no other card is tried and nothing is stored.

As it runs, the layer starts only at nine or ten seats and past 100,000
nodes, which the positions the Python engine answers never reach. So the
core is built here with the layer on from two seats and its caps tiny: it
then runs on nearly every spoil, hand-over and rung, its capped searches cut
short everywhere, and its answers must be exact. The mutants that store a
path's node, or back up a node's numbers the wrong way round, must be caught
on the same positions, so that the layer is known to decide them.
"""

from __future__ import annotations

import functools
import shutil
from pathlib import Path
from typing import Any

import pytest

from jink.position import Position
from jink.solver import Solver, native
from tests import mutants
from tests.test_native import questions
from tests.test_widen import answers_of, positions

pytestmark = [
    pytest.mark.skipif(not native.available(), reason="the C core is not built"),
    pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the core"),
]

#: The layer from two seats, from the first node, its caps tiny, to its end.
SMALL = {"PNS.from": 2, "PNS.rungs_from": 2, "PNS.root": 2, "PNS.child": 2, "PNS.open": 8,
         "PNS.growth": 2, "PNS.budget": 1 << 40}
#: The same, handing over to the search alone after a few hundred nodes.
SHORT = dict(SMALL, **{"PNS.budget": 300})

#: A node on the path answers with its one card, and is not stored (search.c) ...
NOT_STORED = "    if (path) return result;"
#: ... an AND node's proof number the sum of its children's (pns.c) ...
AND_SUM = "            pn = pn_add(pn, ch->pn);\n"


def mutant_text(old: str, new: str) -> str:
    text = mutants.with_thresholds(mutants.source_text(), SMALL)
    assert text.count(old) == 1
    return text.replace(old, new)


@functools.cache
def cases(count: int) -> list[tuple[Position, list[Any]]]:
    """The first ``count`` positions, each with its exact answers."""
    return [(p, mutants.exact(p)) for p in positions(count, 11)]


def test_the_source_has_the_lines_the_mutants_change() -> None:
    text = mutants.source_text()
    assert text.count(NOT_STORED) == 1 and text.count(AND_SUM) == 1


@pytest.mark.parametrize("name, values, count", [
    pytest.param("small", SMALL, 4, id="small-sample"),
    pytest.param("small", SMALL, 24, marks=pytest.mark.ci, id="small-ci"),
    pytest.param("short", SHORT, 24, marks=pytest.mark.ci, id="short-ci")])
def test_the_layer_leaves_the_answers_exact(count: int, name: str, values: dict[str, int],
                                            tmp_path: Path) -> None:
    module = mutants.build_text(mutants.with_thresholds(mutants.source_text(), values),
                                f"pns_{name}", tmp_path, exact=True)
    found = cases(count)
    got = answers_of(module, [p for p, _ in found])
    for (position, want), answers in zip(found, got, strict=True):
        assert answers == [want, want], position


def test_the_layer_on_threads_leaves_the_answers_exact(tmp_path: Path) -> None:
    """The caller's thread in the layer, a helper searching the root from the
    first node (the table shared): the answers are the Python engine's."""
    module = mutants.build_text(mutants.with_thresholds(mutants.source_text(), SMALL),
                                "pns_small", tmp_path, exact=True)
    found = cases(4)
    with mutants.core(module):
        for position, want in found:
            solver = Solver(engine="native", threads=2)
            solver.table = native.NativeTable(64, settlers=solver.settlers, threads=2,
                                              help_after=0)
            assert questions(solver, position) == want, position


@pytest.mark.ci
@pytest.mark.parametrize("name, old, new", [
    pytest.param("stored", NOT_STORED, "", id="stored"),
    pytest.param("and_min", AND_SUM, "            if (ch->pn < pn) pn = ch->pn;\n",
                 id="and_min"),
])
def test_a_wrong_layer_is_caught(tmp_path: Path, name: str, old: str, new: str) -> None:
    module = mutants.build_text(mutant_text(old, new), f"pns_{name}", tmp_path)
    found = cases(24)
    got = answers_of(module, [p for p, _ in found])
    assert any(answers != [want, want] for (_, want), answers in zip(found, got, strict=True))

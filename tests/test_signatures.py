"""The table's signatures (jink/solver/core/table.c, ``sig_of``): a filter
that lets a probe pass over the entries of a key that cannot stand for its
position without reading them. It must change no answer and no node: a
signature that turned away an entry standing for the position would lose a
table hit (more nodes), or, when storing, make a second entry for a set the
table holds.

- The checking core (``JINK_CHECK``) reads every entry a signature turns
  away and counts those that did stand for the position: none, on full
  tables of eight to ten seats where it turns away many.
- Built without signatures, the core gives the same verdicts in the very
  same nodes.
- A mutant whose signatures ignore the entries' depths is caught by the
  checking core, so its count is not idle.

The trump holders in the hash that chooses where a key's chain starts
(``home_hash``) are the same kind of filter: every entry names them, so the
entries a probe can match are all in its chain, in their order. Built with
the key alone hashed, the core gives the same verdicts in the same nodes.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from jink.solver import native
from tests import mutants

pytestmark = [
    pytest.mark.skipif(not native.available(), reason="the C core is not built"),
    pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the core"),
]

CHECKING = "#define JINK_CHECK 1\n"
#: Full tables whose spoil proofs fill the table with many entries a key.
DEALS = ((8, range(1, 4, 2)), (9, range(0, 2)), (10, range(2, 3)))
#: The signatures read without a filter: every entry admitted, none another set.
WITHOUT = {"return ((sig ^ mine) & ~sig_any(sig)) == 0;":
           "(void)sig;\n    (void)mine;\n    return 1;",
           "int other = sig_at(t, i) != sig;": "int other = 0;"}
#: A key's chain chosen by the key alone, not the trump holders too.
KEY_ALONE = {"return suit > 3 ? h : mix(h, detail[suit]);":
             "return suit >= 0 ? h : mix(h, detail[suit]);"}
#: A wrong signature: every suit's four places named, whatever the entry's depth.
DEPTHLESS = {"u64 mask = depth_mask(depth[su] < SIG_HOLDERS ? depth[su] : SIG_HOLDERS);":
             "u64 mask = depth_mask(SIG_HOLDERS);"}


def tables(module: ModuleType | None, deals: tuple[tuple[int, range], ...] = DEALS,
           ) -> tuple[list[Any], int, dict[str, int]]:
    """Every verdict of the full tables, their nodes, and the core's counters."""
    return mutants.full_tables(module, deals, ("sig_rejects", "sig_failures"))


def test_the_checking_core_finds_no_entry_turned_away_wrongly(tmp_path: Path) -> None:
    module = mutants.build_text(CHECKING + mutants.source_text(), "sig_check", tmp_path,
                                exact=True)
    _, _, counts = tables(module)
    assert counts["sig_failures"] == 0
    # (the filter works on these tables: 6,260 of a key's entries for other
    # holders turned away, where the trump holders part the chains)
    assert counts["sig_rejects"] > 5_000


@pytest.mark.parametrize(("name", "changes"), [("sig_off", WITHOUT), ("key_alone", KEY_ALONE)],
                         ids=["without signatures", "the key alone hashed"])
def test_built_otherwise_the_same_verdicts_in_the_same_nodes(
        tmp_path: Path, name: str, changes: dict[str, str]) -> None:
    text = mutants.variant(mutants.source_text(), changes)
    module = mutants.build_text(text, name, tmp_path, exact=True)
    built, nodes_built, _ = tables(None)  # (the core as built)
    other, nodes_other, _ = tables(module)
    assert built == other
    assert nodes_built == nodes_other


def test_the_checking_core_catches_signatures_without_depths(tmp_path: Path) -> None:
    text = mutants.variant(CHECKING + mutants.source_text(), DEPTHLESS)
    module = mutants.build_text(text, "sig_depthless", tmp_path)
    _, _, counts = tables(module, ((9, range(1)),))  # (the cheapest table that shows it)
    assert counts["sig_failures"] > 0

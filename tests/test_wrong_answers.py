"""Positions the full solver once answered wrongly, each kept as a check.

tests/data/wrong_answers.jsonl holds, one a line, a position, every seat's
verdicts as the plain kernel gives them (``Solver(exact=True)``: no settler,
no partition search) and what was found wrong. The first were seen in use;
the rest are the differential sweep's (``python -m tools.sweep``), each
shrunk to its smallest form. Each is checked here:

- the plain kernel still gives the stored verdicts, and for Spoil Five the
  independent reference of tests/reference.py agrees on every seat's spoil
  (with the tests marked slow);
- the full solver gives them, and so does each settler switched on alone
  (a wrong answer is mostly one settler's, and alone it cannot hide behind
  another that settles the position first).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from jink.formats.files import position_from_dict
from jink.position import Position
from jink.solver import Solver, native
from tests.reference import clear_memos, ref_can_force, ref_position

FIXTURE = Path(__file__).resolve().parent / "data" / "wrong_answers.jsonl"

needs_core = pytest.mark.skipif(not native.available(), reason="the C core is not built")


def records() -> list[dict[str, Any]]:
    return [json.loads(line) for line in FIXTURE.read_text().splitlines() if line.strip()]


def verdicts(solver: Solver, position: Position) -> list[dict[str, Any]]:
    return [{"seat": v.seat + 1, "max_tricks": v.max_tricks, "three": v.three,
             "jink": v.jink, "spoil": v.spoil} for v in solver.verdicts(position)]


def ids() -> list[str]:
    return [f"{r['position']['game']}-{len(r['position']['hands'])}-{i}"
            for i, r in enumerate(records())]


def test_the_fixture_holds_the_positions_first_seen() -> None:
    found = records()
    assert len(found) >= 3
    for r in found:
        assert set(r) >= {"position", "verdicts", "found"}
        assert len(r["verdicts"]) == len(r["position"]["hands"])
    assert plain_spoil_five(), "no record small enough for the reference"


@pytest.mark.parametrize("record", records(), ids=ids())
def test_the_plain_kernel_gives_the_stored_verdicts(record: dict[str, Any]) -> None:
    position = position_from_dict(record["position"])
    assert verdicts(Solver(exact=True), position) == record["verdicts"]


#: The reference's plain minimax is asked of positions up to this many seats
#: times tricks left (past it, a position takes it minutes).
REFERENCE_SIZE = 20


def plain_spoil_five() -> list[dict[str, Any]]:
    """The records of Spoil Five with its default rules (the reference's
    game), small enough for the reference."""
    out = []
    for r in records():
        p = r["position"]
        left = len(p["hands"][p["leader"] - 1].split()) if p["hands"] else 0
        if p["game"] == "spoil-five" and not p.get("options") \
                and len(p["hands"]) * left <= REFERENCE_SIZE:
            out.append(r)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("record", plain_spoil_five())
def test_the_reference_gives_the_stored_spoils(record: dict[str, Any]) -> None:
    """(Slow: the reference's plain minimax takes seconds a position.)"""
    p = record["position"]
    ref = ref_position(p["trump"], p["hands"], p["leader"] - 1, p.get("trick", ""), p["won"])
    try:
        for v in record["verdicts"]:
            assert ref_can_force(ref, v["seat"] - 1, "spoil") == v["spoil"], v["seat"]
    finally:
        clear_memos()


@needs_core
@pytest.mark.parametrize("record", records(), ids=ids())
def test_the_full_solver_gives_them(record: dict[str, Any]) -> None:
    position = position_from_dict(record["position"])
    assert verdicts(Solver(engine="native"), position) == record["verdicts"]


@needs_core
@pytest.mark.parametrize("settler", native.SETTLERS)
def test_each_settler_alone_gives_them(settler: str) -> None:
    for record in records():
        position = position_from_dict(record["position"])
        got = verdicts(Solver(engine="native", settlers=[settler]), position)
        assert got == record["verdicts"], (settler, record["position"])

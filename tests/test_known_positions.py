"""Positions whose answers were worked out by hand, checked against ``solve``.

Each ``tests/data/known/*.toml`` is a position file whose opening comment
gives the reasoning; ``tests/data/known/expected.toml`` holds the verdicts,
one table per file stem: ``max_tricks``, ``three``, ``jink`` and ``spoil``
per seat (seat 1 first), and ``best``, the legal cards of the seat to play
that keep its max_tricks. The slow reference solver must agree too, so a
slip in the expectations shows up as a reference failure, not an engine one.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from jink.analysis.solve import solve
from jink.cards import SUITS, card_name, iter_cards
from jink.formats.files import read
from jink.position import Position
from tests.reference import (
    RefPosition,
    ref_can_force,
    ref_max_tricks,
    ref_move_scores,
    seat_to_play,
)

KNOWN = Path(__file__).parent / "data" / "known"
EXPECTED: dict[str, dict[str, Any]] = tomllib.loads(
    (KNOWN / "expected.toml").read_text(encoding="utf-8"))
FILES = sorted(p for p in KNOWN.glob("*.toml") if p.stem != "expected")
VERDICTS = ("max_tricks", "three", "jink", "spoil")


def load(stem: str) -> Position:
    [file] = read(KNOWN / f"{stem}.toml")
    return file.position


def to_ref(position: Position) -> RefPosition:
    assert position.trump is not None
    return RefPosition(SUITS[position.trump],
                       tuple(frozenset(iter_cards(hand)) for hand in position.hands),
                       position.leader, tuple(position.trick), tuple(position.won))


def test_every_position_has_expectations_and_comments() -> None:
    assert 8 <= len(FILES) <= 12
    assert sorted(p.stem for p in FILES) == sorted(EXPECTED)
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# "), f"{path.name} should open with its reasoning"
        expected = EXPECTED[path.stem]
        players = load(path.stem).players
        assert set(expected) <= {*VERDICTS, "best"}, path.stem
        for key in VERDICTS:
            assert len(expected[key]) == players, (path.stem, key)


@pytest.mark.parametrize("stem", sorted(EXPECTED))
def test_solver_verdicts(stem: str) -> None:
    expected = EXPECTED[stem]
    result = solve(load(stem))
    for key in VERDICTS:
        got = [getattr(v, key) for v in result.verdicts]
        assert got == expected[key], (stem, key)
    assert result.forceable == any(expected["three"])


@pytest.mark.parametrize("stem", sorted(s for s in EXPECTED if "best" in EXPECTED[s]))
def test_solver_best_cards(stem: str) -> None:
    position = load(stem)
    mover = position.seat_to_play
    result = solve(position)
    assert result.seat == mover
    most = EXPECTED[stem]["max_tricks"][mover]
    best = {card_name(m.card) for m in result.moves if m.max_tricks == most}
    assert best == set(EXPECTED[stem]["best"])
    # No card does better than the seat's value; the line starts with a best card.
    assert max(m.max_tricks for m in result.moves) == most
    assert card_name(result.line[0].card) in best


@pytest.mark.parametrize("stem", sorted(EXPECTED))
def test_reference_agrees_with_expectations(stem: str) -> None:
    position = load(stem)
    ref = to_ref(position)
    expected = EXPECTED[stem]
    seats = range(position.players)
    assert [ref_max_tricks(ref, s) for s in seats] == expected["max_tricks"]
    for goal in ("three", "jink", "spoil"):
        assert [ref_can_force(ref, s, goal) for s in seats] == expected[goal], goal
    if "best" in expected:
        mover = seat_to_play(ref)
        most = expected["max_tricks"][mover]
        scores = ref_move_scores(ref, mover)
        assert {card_name(c) for c, v in scores.items() if v == most} == set(expected["best"])

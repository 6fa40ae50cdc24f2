"""The built-in collection: every puzzle proved sound by the solver, here at test
time (nothing is taken from the files but the question), and its spread."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from jink.games import GAMES
from jink.puzzles.check import check
from jink.puzzles.collection import collection, puzzle_by_id
from jink.solver.limits import Limit

PUZZLES = collection()


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_built_in_puzzle_is_sound(puzzle) -> None:  # type: ignore[no-untyped-def]
    result = check(puzzle, Limit(seconds=20))
    assert result.ok, result.problems


def test_the_collection_is_quick_to_check() -> None:
    started = time.perf_counter()
    for puzzle in PUZZLES:
        check(puzzle)
    assert time.perf_counter() - started < 30


def test_the_collection_spans_every_game_and_table_size() -> None:
    assert len(PUZZLES) >= 60
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    games = Counter(p.game for p in PUZZLES)
    assert set(games) == set(GAMES)
    seats = {p.players for p in PUZZLES}
    assert set(range(2, 11)) <= seats
    assert any(p.position.tricks_done == 0 and not p.position.trick for p in PUZZLES)
    assert any(p.position.tricks_done > 0 for p in PUZZLES)  # endgames
    assert all(p.story and p.title and 1 <= p.difficulty <= 5 for p in PUZZLES)


def test_puzzle_by_id() -> None:
    first = PUZZLES[0]
    assert puzzle_by_id(first.id) == first
    with pytest.raises(ValueError, match="no built-in puzzle"):
        puzzle_by_id("no-such-puzzle")

"""The built-in puzzle collection: the TOML files shipped in ``jink/puzzles/data``.

Each file holds one puzzle (see :mod:`jink.puzzles.puzzle`); its name is the
puzzle's id. Soundness is not taken on trust: the test suite checks every
puzzle with the solver (:mod:`jink.puzzles.check`).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from jink.errors import UnknownNameError

from .puzzle import Puzzle, parse, read

__all__ = ["collection", "find_puzzle_file", "puzzle_by_id"]


def collection() -> list[Puzzle]:
    """Every built-in puzzle, in the order of their ids."""
    folder = resources.files("jink.puzzles") / "data"
    puzzles = [parse(entry.read_text(encoding="utf-8"), source=f"built-in {entry.name}")
               for entry in folder.iterdir() if entry.name.endswith(".toml")]
    return sorted(puzzles, key=lambda p: p.id)


def puzzle_by_id(puzzle_id: str) -> Puzzle:
    """The built-in puzzle called ``puzzle_id``."""
    for puzzle in collection():
        if puzzle.id == puzzle_id.strip():
            return puzzle
    raise UnknownNameError(f"no built-in puzzle {puzzle_id!r} (see jink puzzle list)")


def find_puzzle_file(name: str) -> Puzzle:
    """A puzzle named by a file path (when such a file exists) or a built-in id."""
    path = Path(name)
    if path.suffix.lower() == ".toml" or path.exists():
        return read(path)
    return puzzle_by_id(name)

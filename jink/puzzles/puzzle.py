"""Puzzle files: a position file with a ``[puzzle]`` table.

The ``[puzzle]`` table names the seat the solver of the puzzle plays (it must
be the seat to play), the goal (anything ``jink solve --goal`` takes), and the
key: every legal card that keeps the goal, equivalent cards written by any
one of them. The rest of the file is an ordinary position file, read by
:func:`jink.formats.files.file_from_dict`. Readers and writers are shaped
like the :mod:`json` module. Whether a puzzle is *sound* is not checked here
but by :mod:`jink.puzzles.check`, with the solver.

>>> text = '''
... game = "spoil-five"
... turnup = "2S"
... hands = ["8S QH KD QD KC", "7S 7H 9D 4D JC", "JS QS TH 2D TC"]
... [puzzle]
... id = "sf-first-lead"
... title = "The quiet trump"
... story = "Seat 1 to lead. Win the pool against any defence."
... seat = 1
... goal = "three"
... key = ["8S"]
... difficulty = 2
... '''
>>> puzzle = loads(text)
>>> puzzle.id, puzzle.seat, puzzle.key_text
('sf-first-lead', 0, '8S')
>>> loads(dumps(puzzle)) == puzzle
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from jink.cards import Card, card_name, cards_text, parse_card
from jink.errors import ParseError
from jink.formats.files import PositionFile, file_from_dict
from jink.formats.files import dumps as position_dumps
from jink.formats.inputs import loads_toml, read_text
from jink.position import Position

__all__ = ["PUZZLE_KEYS", "Puzzle", "dump", "dumps", "load", "loads", "parse", "read"]

PUZZLE_KEYS = ("id", "title", "story", "seat", "goal", "key", "hint", "source", "difficulty")
_REQUIRED = ("id", "title", "story", "seat", "goal", "key", "difficulty")


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a position, the seat and goal asked about, and the key.

    ``seat`` is 0-based (files say 1-based, as everywhere people see seats).
    """

    file: PositionFile
    id: str
    title: str
    story: str
    seat: int
    goal: str
    key: tuple[Card, ...]
    difficulty: int
    hint: str | None = None
    source: str | None = None

    @property
    def position(self) -> Position:
        return self.file.position

    @property
    def players(self) -> int:
        return self.position.players

    @property
    def game(self) -> str:
        return self.position.game.name

    @property
    def key_text(self) -> str:
        return cards_text(self.key)

    def task(self) -> str:
        """The question put to the reader, from the seat and goal (not the answer)."""
        p = self.position
        verb = "to lead" if not p.trick else "to play"
        goal = self.goal.strip().lower().replace("-", "_")
        words = {q.name: q.label for q in p.game.questions(p.players)}
        if goal in words:
            aim = words[goal][:1].lower() + words[goal][1:]
        elif goal.isdigit():
            aim = f"at least {goal} trick{'' if goal == '1' else 's'} in all"
        else:
            aim = goal.replace("_", " ")
        return f"Seat {self.seat + 1} {verb}. Goal: {aim}, against any defence."

    def to_dict(self) -> dict[str, Any]:
        """The ``[puzzle]`` table (seat 1-based, key as card names)."""
        out: dict[str, Any] = {"id": self.id, "title": self.title, "story": self.story,
                               "seat": self.seat + 1, "goal": self.goal,
                               "key": [card_name(c) for c in self.key]}
        if self.hint is not None:
            out["hint"] = self.hint
        if self.source is not None:
            out["source"] = self.source
        out["difficulty"] = self.difficulty
        return out

    def summary(self) -> dict[str, Any]:
        """What ``jink puzzle list --json`` prints: no key, no story."""
        return {"id": self.id, "title": self.title, "game": self.game,
                "players": self.players, "seat": self.seat + 1, "goal": self.goal,
                "tricks_done": self.position.tricks_done, "difficulty": self.difficulty}


def _fail(source: str | None, key: str, message: str) -> ParseError:
    return ParseError(message, ", ".join(p for p in (source, f"puzzle.{key}") if p))


def _string(table: Mapping[str, Any], key: str, source: str | None) -> str | None:
    value = table.get(key)
    if value is not None and not isinstance(value, str):
        raise _fail(source, key, f"expected a string, got {type(value).__name__}")
    return value


def _integer(table: Mapping[str, Any], key: str, source: str | None) -> int:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(source, key, f"expected an integer, got {type(value).__name__}")
    return value


def from_dict(obj: Mapping[str, Any], *, source: str | None = None) -> Puzzle:
    """A puzzle from the object form: a position with a ``puzzle`` table."""
    rest = dict(obj)
    table = rest.pop("puzzle", None)
    if table is None:
        raise ParseError("missing the [puzzle] table (id, title, story, seat, goal, key, "
                         "difficulty)", source)
    if not isinstance(table, Mapping):
        raise ParseError("puzzle: expected a table", source)
    unknown = [k for k in table if k not in PUZZLE_KEYS]
    if unknown:
        raise _fail(source, unknown[0], f"unknown key {unknown[0]!r} "
                    f"(keys: {', '.join(PUZZLE_KEYS)})")
    missing = [k for k in _REQUIRED if k not in table]
    if missing:
        raise _fail(source, missing[0], "missing")
    file = file_from_dict(rest, source=source)
    seat = _integer(table, "seat", source)
    if not 1 <= seat <= file.position.players:
        raise _fail(source, "seat", f"the deal has seats 1 to {file.position.players}, "
                    f"not {seat}")
    difficulty = _integer(table, "difficulty", source)
    if not 1 <= difficulty <= 5:
        raise _fail(source, "difficulty", f"expected 1 to 5, not {difficulty}")
    keys = table["key"]
    if not isinstance(keys, list) or not keys or not all(isinstance(k, str) for k in keys):
        raise _fail(source, "key", "expected a non-empty list of card names")
    try:
        key = tuple(parse_card(k) for k in keys)
    except ParseError as error:
        raise _fail(source, "key", str(error)) from None
    if len(set(key)) != len(key):
        raise _fail(source, "key", "a card is listed twice")
    _check_goal(str(_string(table, "goal", source)), file.position, source)
    return Puzzle(file, str(_string(table, "id", source)), str(_string(table, "title", source)),
                  str(_string(table, "story", source)), seat - 1,
                  str(_string(table, "goal", source)), key, difficulty,
                  _string(table, "hint", source), _string(table, "source", source))


def _check_goal(goal: str, position: Position, source: str | None) -> None:
    """A puzzle's goal is one of its game's questions, or a number of tricks
    (what jink.solver.goals.parse_goal reads, checked here where the file is
    read)."""
    game = position.game
    word = goal.strip().lower().replace("-", "_")
    names = [q.name for q in game.questions(position.players)]
    if word in names or (word.isdigit() and 0 <= int(word) <= game.tricks):
        return
    raise _fail(source, "goal", f"{goal!r} is no goal of {game.title} (use {', '.join(names)} "
                f"or a number of tricks 0 to {game.tricks})")


def parse(text: str, *, source: str | None = None) -> Puzzle:
    """Read one puzzle file (TOML)."""
    return from_dict(loads_toml(text, source), source=source)


def loads(text: str) -> Puzzle:
    """The puzzle in a TOML text."""
    return parse(text)


def load(fp: IO[str] | IO[bytes]) -> Puzzle:
    """The puzzle in a TOML file opened for reading (text or binary)."""
    data = fp.read()
    text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    name = getattr(fp, "name", None)
    return parse(text, source=name if isinstance(name, str) else None)


def read(path: str | Path) -> Puzzle:
    """The puzzle in the file at ``path``; errors name the file."""
    path = Path(path)
    return parse(read_text(path), source=str(path))


def _toml(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def dumps(puzzle: Puzzle) -> str:
    """The TOML text of a puzzle: the position (canonical), then ``[puzzle]``.

    The ``[puzzle]`` table comes last: an ``[options]`` table before it holds
    only the keys written under it.
    """
    lines = ["", "[puzzle]"]
    lines.extend(f"{k} = {_toml(v)}" for k, v in puzzle.to_dict().items())
    return position_dumps(puzzle.file) + "\n".join(lines) + "\n"


def dump(puzzle: Puzzle, fp: IO[str]) -> None:
    """Write the TOML text of a puzzle to a text file."""
    fp.write(dumps(puzzle))

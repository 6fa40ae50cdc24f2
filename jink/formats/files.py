"""Position files: TOML for one position, JSON lines for many.

The keys are those of docs/files.md ("The keys"): ``game``, ``trump`` or ``turnup``,
``hands`` (seat 1 first), ``leader`` (a 1-based seat, default 1), ``trick``
(default ""), ``won`` (default all zeros), ``turn`` (the card a Loo simple pool
will turn) and an ``[options]`` table, plus ``play`` (a played record, one string
per trick), carried along for the commands that use it.
Nothing is dropped silently: an unknown key or a value of the wrong type is a
:class:`~jink.errors.ParseError` saying where it is (the key, and the line
when there is one), and an impossible deal is a
:class:`~jink.errors.PositionError`. Readers and writers are shaped like the
:mod:`json` module; writing always gives canonical card names.

>>> text = '''
... game = "spoil-five"
... trump = "d"
... hands = ["5d jd ah kc 2s", "9c 8c 7c 6c 4c", "kd qd 2d 3h 4h"]
... '''
>>> position = loads(text)
>>> print(dumps(position), end="")
game = "spoil-five"
trump = "D"
hands = ["2S AH 5D JD KC", "4C 6C 7C 8C 9C", "4H 3H KD QD 2D"]
leader = 1
trick = ""
won = [0, 0, 0]
>>> loads(dumps(position)) == position
True
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, NamedTuple

from jink.cards import SUITS, Card, cards_text, parse_card, parse_cards, parse_cardset, parse_suit
from jink.errors import JinkError, ParseError, PositionError, UnknownNameError
from jink.formats.inputs import UTF8_BOM as _UTF8_BOM
from jink.formats.inputs import check_not_wide as _check_not_wide
from jink.formats.inputs import decode as _decode
from jink.formats.inputs import not_utf8 as _not_utf8
from jink.formats.inputs import read_bytes
from jink.formats.inputs import unreadable as _unreadable
from jink.formats.inputs import where as _where
from jink.games import find_game
from jink.position import Position, hand_text

__all__ = [
    "JsonlEntry", "PositionFile", "dump", "dumps", "dumps_jsonl", "file_from_dict", "load",
    "load_jsonl", "loads", "loads_jsonl", "parse", "parse_jsonl", "position_from_dict",
    "position_to_dict", "read",
]

KEYS = ("game", "trump", "turnup", "hands", "leader", "trick", "won", "options", "turn", "play")


@dataclass(frozen=True)
class PositionFile:
    """A position as a file holds it: the position and the record it carries along.

    ``play`` is a played record, the cards of each trick in the order played
    (None if not given); it is not checked against the deal here: the commands
    that use it do that. A Loo simple pool's ``turn`` is part of the position
    (:attr:`Position.turn`), so it is kept by everything that keeps a position.
    """

    position: Position
    play: tuple[tuple[Card, ...], ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON object form (see :func:`position_to_dict`)."""
        return position_to_dict(self)


class JsonlEntry(NamedTuple):
    """One non-blank line of a JSON lines file: its number and what it held."""

    line: int
    result: PositionFile | JinkError


# -- reading ---------------------------------------------------------------------------


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


class _Reader:
    """Reads the keys of one mapping, checking types; errors say where (:meth:`where`)."""

    def __init__(self, obj: Mapping[str, Any], source: str | None,
                 lines: Mapping[str, int] | None = None, line: int | None = None) -> None:
        self.obj = obj
        self.source = source
        self.lines = lines or {}
        self.line = line

    def where(self, key: str | None, detail: str | None = None) -> str | None:
        line = self.line
        if line is None and key:
            line = self.lines.get(f"{key}.{detail}") or self.lines.get(key)
        return _where(self.source, f"line {line}" if line else None,
                      f"{key} ({detail})" if key and detail else key)

    def fail(self, key: str | None, message: str, detail: str | None = None) -> ParseError:
        return ParseError(message, self.where(key, detail))

    def string(self, key: str) -> str | None:
        value = self.obj.get(key)
        if value is not None and not isinstance(value, str):
            raise self.fail(key, f"expected a string, got {_type_name(value)}")
        return value

    def strings(self, key: str) -> list[str] | None:
        value = self.obj.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, f"expected a list of strings, got {_type_name(value)}"
                            + (" holding other values" if isinstance(value, list) else ""))
        return value

    def integer(self, key: str) -> int | None:
        value = self.obj.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(key, f"expected an integer, got {_type_name(value)}")
        return value

    def integers(self, key: str) -> list[int] | None:
        value = self.obj.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise self.fail(key, f"expected a list of integers, got {_type_name(value)}"
                            + (" holding other values" if isinstance(value, list) else ""))
        return value

    def card(self, key: str) -> Card | None:
        text = self.string(key)
        if text is None:
            return None
        try:
            return parse_card(text)
        except ParseError as error:
            raise self.fail(key, str(error)) from None

    def cards(self, key: str, text: str, detail: str | None = None) -> list[Card]:
        try:
            return parse_cards(text)
        except ParseError as error:
            raise self.fail(key, str(error), detail) from None


def file_from_dict(obj: Mapping[str, Any], *, source: str | None = None,
                   line: int | None = None,
                   lines: Mapping[str, int] | None = None) -> PositionFile:
    """Read the object form of a position (TOML table or JSON object).

    ``source`` (a file name), ``line`` (the line of a JSON lines file) and
    ``lines`` (the line of each key) only make error messages say where.
    """
    r = _Reader(obj, source, lines, line)
    unknown = [k for k in obj if k not in KEYS]
    if unknown:
        raise r.fail(unknown[0], f"unknown key {unknown[0]!r} (keys: {', '.join(KEYS)})")

    game_name = r.string("game")
    if game_name is None:
        raise r.fail("game", "missing: name the game, e.g. game = \"spoil-five\"")
    try:
        game = find_game(game_name)
    except UnknownNameError as error:
        raise r.fail("game", str(error)) from None

    trump_text = r.string("trump")
    try:
        trump = parse_suit(trump_text) if trump_text is not None else None
    except ParseError as error:
        raise r.fail("trump", str(error)) from None
    turnup = r.card("turnup")

    hand_texts = r.strings("hands")
    if hand_texts is None:
        raise r.fail("hands", "missing: a list of hands, seat 1 first")
    hands = []
    for seat, text in enumerate(hand_texts):
        try:
            hands.append(parse_cardset(text))
        except ParseError as error:
            raise r.fail("hands", str(error), f"seat {seat + 1}") from None

    leader = r.integer("leader")
    trick = r.cards("trick", r.string("trick") or "")
    won = r.integers("won")
    if won == []:
        # Not "all zeros" (what leaving won out means): a count per seat was left out.
        raise r.fail("won", "an empty list: give one count per seat, seat 1 first, "
                     "or leave won out (no tricks taken)")

    options = obj.get("options")
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise r.fail("options", f"expected a table, got {_type_name(options)}")
    for name in options:
        if isinstance(options[name], list | dict):
            # Not its repr: that could be thousands of brackets long.
            raise r.fail("options", f"option {name!r} takes true or false, not "
                         f"{_type_name(options[name])}", str(name))
        try:
            game.check_options({name: options[name]})
        except UnknownNameError as error:
            raise r.fail("options", str(error), str(name)) from None

    turn = r.card("turn")
    play_texts = r.strings("play")
    play = None
    if play_texts is not None:
        play = tuple(tuple(r.cards("play", text, f"trick {i + 1}"))
                     for i, text in enumerate(play_texts))

    try:
        position = Position.create(
            game, trump, hands, leader=(1 if leader is None else leader) - 1, trick=trick,
            won=won or (), options=dict(options), turnup=turnup, turn=turn)
    except PositionError as error:
        where = _where(source, f"line {line}" if line else None)
        raise PositionError(f"{where}: {error}" if where else str(error)) from None
    return PositionFile(position, play)


def position_from_dict(obj: Mapping[str, Any], *, source: str | None = None,
                       line: int | None = None) -> Position:
    """The position of an object form (key ``play`` is read, then dropped).

    >>> position_from_dict({"game": "spoil-five", "trump": "S",
    ...                     "hands": ["2S AH 5D 4C KC", "3S KH 4D 6C 7C"]}).players
    2
    """
    return file_from_dict(obj, source=source, line=line).position


_TOML_ERROR_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_AT_END = " (at end of document)"
_TABLE_HEADER = re.compile(r"^\s*\[+\s*([^\]]*?)\s*\]+")
_KEY = re.compile(r"""^\s*["']?([A-Za-z0-9_-]+)["']?\s*=""")


def _key_lines(text: str) -> dict[str, int]:
    """The line of each key, ``table.key`` inside a table (for messages, not a parser)."""
    lines: dict[str, int] = {}
    table = ""
    for number, line in enumerate(text.split("\n"), start=1):  # as TOML counts lines
        header = _TABLE_HEADER.match(line)
        if header:
            table = header.group(1)
            lines.setdefault(table, number)
            continue
        key = _KEY.match(line)
        if key:
            lines.setdefault(f"{table}.{key.group(1)}" if table else key.group(1), number)
    return lines


def parse(text: str, *, source: str | None = None) -> PositionFile:
    """Read one position file (TOML), keeping ``play``.

    >>> text = 'game = "spoil-five"\\ntrump = "S"\\nhands = ["2S 3S"]\\nlimit = 1\\n'
    >>> parse(text)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    jink.errors.ParseError: line 4, limit: unknown key 'limit' (keys: game, trump, ...)
    """
    try:
        obj = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error.args[0]) if error.args else str(error)
        at = _TOML_ERROR_AT.search(message)
        line = getattr(error, "lineno", None) or (int(at.group(1)) if at else None)
        if at:
            message = f"{message[:at.start()]} (column {at.group(2)})"
        elif message.endswith(_AT_END):
            line = line or text.rstrip("\n").count("\n") + 1
            message = message[:-len(_AT_END)] + " (at the end of the file)"
        raise ParseError(f"not valid TOML: {message}",
                         _where(source, f"line {line}" if line else None)) from None
    except (RecursionError, ValueError) as error:
        raise ParseError(f"not valid TOML: {_unreadable(error)}", source) from None
    return file_from_dict(obj, source=source, lines=_key_lines(text))


def loads(text: str) -> Position:
    """The position in a TOML text."""
    return parse(text).position


def _read_text(fp: IO[str] | IO[bytes]) -> str:
    data = fp.read()
    if isinstance(data, bytes):
        name = getattr(fp, "name", None)
        return _decode(data, name if isinstance(name, str) else None)
    return data


def load(fp: IO[str] | IO[bytes]) -> Position:
    """The position in a TOML file opened for reading (text or binary)."""
    name = getattr(fp, "name", None)
    return parse(_read_text(fp), source=name if isinstance(name, str) else None).position


# -- JSON lines ------------------------------------------------------------------------


def parse_jsonl(text: str | bytes, *, source: str | None = None) -> Iterator[JsonlEntry]:
    """Every non-blank line of a JSON lines text: a position file, or the error it gave.

    A bad line does not stop the others; each error says its line number. Given
    bytes, each line is decoded on its own, so a line that is not UTF-8 is one bad
    line; UTF-16 text raises at once (every line of it would be bad). Lines end at
    ``\\n`` only, as editors count them (``\\r\\n`` is fine too).

    >>> text = '{"game": "spoil-five", "trump": "S", "hands": ["2S 3S"]}\\n\\n[1]\\n'
    >>> [(e.line, str(e.result)) for e in parse_jsonl(text)]  # doctest: +ELLIPSIS
    [(1, 'line 1: spoil-five takes 2 to 10 players, not 1'), (3, 'line 3: expected ...')]
    >>> [str(e.result) for e in parse_jsonl(b"\\xff\\n")]
    ['line 1: not UTF-8 text (byte 0xFF at byte 1 of the line)']
    """
    lines = list(_numbered_lines(text, source))
    _check_not_toml(lines, source)
    for number, line in lines:
        if isinstance(line, ParseError):
            yield JsonlEntry(number, line)
            continue
        if not line.strip():
            continue
        yield JsonlEntry(number, _parse_json_line(line, number, source))


def _check_not_toml(lines: list[tuple[int, str | ParseError]], source: str | None) -> None:
    """Refuse a TOML position file given as JSON lines, saying what it is.

    Only a text that is valid TOML, and whose first line is not JSON, is refused:
    no line of such a text is a JSON object, so no good line is lost.
    """
    texts = [line for _, line in lines if isinstance(line, str)]
    first = next((line for line in texts if line.strip()), None)
    if first is None or len(texts) < len(lines):
        return
    try:
        json.loads(first)
        return
    except (ValueError, RecursionError):
        pass
    try:
        table = tomllib.loads("\n".join(texts))
    except (ValueError, RecursionError):
        return
    if table:
        raise ParseError("a TOML position file, not JSON lines (one JSON object a line)",
                         source)


def _numbered_lines(text: str | bytes,
                    source: str | None) -> Iterator[tuple[int, str | ParseError]]:
    """Each line with its number, or the error of a line that is not UTF-8."""
    if isinstance(text, str):
        yield from enumerate(text.removeprefix("\ufeff").split("\n"), start=1)
        return
    _check_not_wide(text, source)
    for number, raw in enumerate(text.removeprefix(_UTF8_BOM).split(b"\n"), start=1):
        try:
            yield number, raw.decode("utf-8")
        except UnicodeDecodeError as error:
            yield number, _not_utf8(error, _where(source, f"line {number}"))


def _json_loads(text: str, where: str | None, *, say_line: bool = False) -> Any:
    """``json.loads``, every failure a :class:`ParseError` at ``where`` (and at the line
    of the fault, with ``say_line``, for a text of many lines)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        line = f"line {error.lineno}" if say_line else None
        raise ParseError(f"not valid JSON: {error.msg} (column {error.colno})",
                         _where(where, line)) from None
    except (RecursionError, ValueError) as error:
        raise ParseError(f"not valid JSON: {_unreadable(error)}", where) from None


def _parse_json_line(line: str, number: int, source: str | None) -> PositionFile | JinkError:
    where = _where(source, f"line {number}")
    try:
        obj = _json_loads(line, where)
    except ParseError as error:
        return error
    if not isinstance(obj, dict):
        return ParseError(f"expected a JSON object, got {_type_name(obj)}", where)
    try:
        return file_from_dict(obj, source=source, line=number)
    except JinkError as error:
        return error


def _strict(entries: Iterable[JsonlEntry]) -> Iterator[PositionFile]:
    for entry in entries:
        if isinstance(entry.result, JinkError):
            raise entry.result
        yield entry.result


def loads_jsonl(text: str | bytes) -> Iterator[Position]:
    """The positions of a JSON lines text (or UTF-8 bytes); a bad line raises (its
    message says the line).

    >>> line = '{"game": "spoil-five", "trump": "S", "hands": ["2S 3S 4S 5S 6S", "7S 8S 9S TS JS"]}'
    >>> [p.players for p in loads_jsonl(line + "\\n" + line)]
    [2, 2]
    """
    for file in _strict(parse_jsonl(text)):
        yield file.position


def load_jsonl(fp: IO[str] | IO[bytes]) -> Iterator[Position]:
    """The positions of a JSON lines file opened for reading (text or binary)."""
    data = fp.read()
    name = getattr(fp, "name", None)
    return (file.position for file in _strict(
        parse_jsonl(data, source=name if isinstance(name, str) else None)))


def read(path: str | Path) -> list[PositionFile]:
    """Every position in a file: JSON lines for ``.jsonl``, one JSON object for
    ``.json``, otherwise TOML. Errors name the file; a missing file raises
    :class:`OSError` as :func:`open` does.
    """
    path = Path(path)
    data = read_bytes(path)
    source = str(path)
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return list(_strict(parse_jsonl(data, source=source)))
    text = _decode(data, source)
    if suffix == ".json":
        obj = _json_loads(text, source, say_line=True)
        if not isinstance(obj, dict):
            raise ParseError(f"expected a JSON object, got {_type_name(obj)}", source)
        return [file_from_dict(obj, source=source)]
    return [parse(text, source=source)]


# -- writing ---------------------------------------------------------------------------


def position_to_dict(obj: Position | PositionFile) -> dict[str, Any]:
    """The object form, canonical: hands in display order, only options that differ
    from the game's defaults, ``turnup``, ``turn`` and ``play`` only when set.

    >>> p = Position.create("spoil-five", "S", ["2S AH 5D", "3S KH 4C"], leader=1,
    ...                     won=[1, 1])
    >>> position_to_dict(p)  # doctest: +NORMALIZE_WHITESPACE
    {'game': 'spoil-five', 'trump': 'S', 'hands': ['2S AH 5D', '3S KH 4C'],
     'leader': 2, 'trick': '', 'won': [1, 1], 'options': {}}
    """
    file = obj if isinstance(obj, PositionFile) else PositionFile(obj)
    p = file.position
    rules = p.rules
    result: dict[str, Any] = {"game": p.game.name}
    if p.trump is not None:
        result["trump"] = SUITS[p.trump]
    if p.turnup is not None:
        result["turnup"] = cards_text([p.turnup])
    result["hands"] = [hand_text(rules, hand) for hand in p.hands]
    result["leader"] = p.leader + 1
    result["trick"] = cards_text(p.trick)
    result["won"] = list(p.won)
    defaults = {o.name: o.default for o in p.game.options}
    result["options"] = {k: v for k, v in p.options.items() if defaults.get(k) != v}
    if p.turn is not None:
        result["turn"] = cards_text([p.turn])
    if file.play is not None:
        result["play"] = [cards_text(trick) for trick in file.play]
    return result


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a valid TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def dumps(obj: Position | PositionFile) -> str:
    """The TOML text of a position (canonical; see :func:`position_to_dict`)."""
    data = position_to_dict(obj)
    options = data.pop("options")
    lines = [f"{key} = {_toml_value(value)}" for key, value in data.items()]
    if options:
        lines.append("")
        lines.append("[options]")
        lines.extend(f"{key} = {_toml_value(value)}" for key, value in options.items())
    return "\n".join(lines) + "\n"


def dump(obj: Position | PositionFile, fp: IO[str]) -> None:
    """Write the TOML text of a position to a text file."""
    fp.write(dumps(obj))


def dumps_jsonl(objs: Iterable[Position | PositionFile]) -> str:
    """One JSON object per line, each the object form of a position."""
    return "".join(json.dumps(position_to_dict(obj)) + "\n" for obj in objs)

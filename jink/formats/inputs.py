"""Reading the files a user names for input: positions, views, constraints,
sessions and puzzles.

A file is read whole only if it is a regular file (or a pipe) of sensible
size: a device such as /dev/zero would never end. Its bytes must be UTF-8
(a byte-order mark is dropped; UTF-16 and UTF-32 are named as such), and
its TOML or JSON must not nest past what the parsers take. Every failure is
a :class:`~jink.errors.ParseError` naming the file (and the line where
there is one), or an :class:`OSError` carrying the file's name, which the
command line turns into one line (``cannot read FILE: ...``).

>>> decode(b"\\xef\\xbb\\xbfgame = 1", "f.toml")
'game = 1'
>>> decode(b"a = 1\\nb = \\xff", "f.toml")
Traceback (most recent call last):
...
jink.errors.ParseError: f.toml, line 2: not UTF-8 text (byte 0xFF at byte 5 of the line)
>>> loads_toml("a = " + "[" * 5000, "deep.toml")
Traceback (most recent call last):
...
jink.errors.ParseError: deep.toml: nested too deeply
"""

from __future__ import annotations

import json
import stat
import tomllib
from pathlib import Path
from typing import Any

from jink.errors import ParseError

#: The largest input file read (no position, session or view comes near it).
MAX_BYTES = 256 * 2**20

UTF8_BOM = b"\xef\xbb\xbf"
_WIDE_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
              (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


def where(*parts: str | None) -> str | None:
    """The parts of a place that are given, joined (None: none)."""
    text = ", ".join(p for p in parts if p)
    return text or None


def read_bytes(path: str | Path) -> bytes:
    """The bytes of the file at ``path``, a regular file or a pipe of at most
    MAX_BYTES."""
    path = Path(path)
    try:
        mode = path.stat().st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            raise ParseError("not a regular file", str(path))
        with path.open("rb") as fp:
            data = fp.read(MAX_BYTES + 1)
    except OSError as error:
        # (a read that fails, as /proc/self/mem's, names no file by itself)
        raise OSError(error.errno, error.strerror or str(error), str(path)) from None
    if len(data) > MAX_BYTES:
        raise ParseError(f"too large to read (over {MAX_BYTES // 2**20} MB)", str(path))
    return data


def check_not_wide(data: bytes, source: str | None) -> None:
    """Refuse UTF-16 and UTF-32 text as a whole: read line by line, it would give a
    confusing error on every line. A NUL in the first two bytes gives it away even
    without a byte-order mark (no TOML or JSON text starts with one).
    """
    name = next((name for bom, name in _WIDE_BOMS if data.startswith(bom)), None)
    if name is None and b"\x00" in data[:2]:
        name = "UTF-32" if data[:4].count(b"\x00") == 3 else "UTF-16"
    if name is not None:
        raise ParseError(f"not UTF-8 text (it looks like {name}; save it as UTF-8)", source)


def not_utf8(error: UnicodeDecodeError, place: str | None, offset: int = 0) -> ParseError:
    """The error for bytes that are not UTF-8, at ``place`` (``offset``: where
    the line starts)."""
    byte = error.object[error.start]
    return ParseError(f"not UTF-8 text (byte 0x{byte:02X} at byte {error.start - offset + 1} "
                      "of the line)", place)


def decode(data: bytes, source: str | None) -> str:
    """A whole file's text; the error for bytes that are not UTF-8 gives their line."""
    check_not_wide(data, source)
    data = data.removeprefix(UTF8_BOM)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        line = data.count(b"\n", 0, error.start) + 1
        raise not_utf8(error, where(source, f"line {line}"), line_start) from None


def read_text(path: str | Path) -> str:
    """The UTF-8 text of the file at ``path`` (see :func:`read_bytes`)."""
    return decode(read_bytes(path), str(path))


def unreadable(error: RecursionError | ValueError) -> str:
    """What is wrong with a text the JSON or TOML parser gave up on without saying where.

    Both parsers recurse once for each ``[`` or ``{``, and Python refuses to turn
    more than a few thousand digits into a number: neither is a syntax error.
    """
    if isinstance(error, RecursionError):
        return "nested too deeply"
    if "digits" in str(error):
        return "a number with too many digits"
    return str(error)


def loads_toml(text: str, source: str | None) -> dict[str, Any]:
    """``tomllib.loads``, every failure a :class:`ParseError` at ``source``."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ParseError(f"not valid TOML: {error}", source) from None
    except (RecursionError, ValueError) as error:
        raise ParseError(unreadable(error), source) from None


def loads_json(text: str, source: str | None) -> Any:
    """``json.loads``, every failure a :class:`ParseError` at ``source``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ParseError(f"not valid JSON: {error.msg} (line {error.lineno})", source) from None
    except (RecursionError, ValueError) as error:
        raise ParseError(unreadable(error), source) from None

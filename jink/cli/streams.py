"""The process's standard streams and terminal, made safe before a command runs.

A command writes cards with suit symbols and tables with box-drawing lines;
it must still run where the output cannot take them (``PYTHONIOENCODING=ascii``,
``LC_ALL=POSIX``), where stdout is closed (``jink rules >&-``), or where the
environment says the terminal is 0 columns wide (``COLUMNS=0``, which Rich
would obey by printing nothing). :func:`prepare` is called once by the entry
point, before the command line is read, so usage errors are covered too.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import sys
from typing import Any

__all__ = ["CLOSED_STDOUT", "LETTERS", "ClosedOutput", "letters", "prepare"]

#: The name of the codec error handler that writes what an encoding lacks as letters.
LETTERS = "jink-letters"

#: What is written for a character the output's encoding lacks: a suit as its
#: letter, so ``Q♦`` is written ``QD`` (as input takes it), lines as ASCII.
_PLAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "…": "...", "—": "-", "–": "-",
          "’": "'", "‘": "'", "“": '"', "”": '"', "×": "x", "±": "+-", "≥": ">=",
          "≤": "<=", "→": "->", "←": "<-", "·": "."}
_LINES = "─━│┃┌┐└┘├┤┬┴┼╭╮╯╰═║╔╗╚╝╠╣╦╩╬╴╵╶╷╸╹╺╻"

CLOSED_STDOUT = "stdout is closed"


def _plain(char: str) -> str:
    if char in _PLAIN:
        return _PLAIN[char]
    if char in _LINES:
        return "|" if char in "│┃║" else "-"
    return "?"


def letters(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler :data:`LETTERS`: each character the encoding
    lacks written in plain letters (``♦`` as ``D``), else as ``?``.

    >>> "Q♦ … 10♥".encode("ascii", errors=LETTERS)
    b'QD ... 10H'
    """
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = "".join(_plain(char) for char in error.object[error.start:error.end])
    return text, error.end


codecs.register_error(LETTERS, letters)


class ClosedOutput(io.TextIOBase):
    """Stands for a standard stream the process was started without: any
    write is an :class:`OSError`, which the entry point reports as one line."""

    encoding = "utf-8"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if not text:
            return 0
        raise OSError(errno.EBADF, CLOSED_STDOUT)

    def isatty(self) -> bool:
        return False


def _takes_symbols(stream: Any) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣─…".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _fill_closed_descriptors() -> None:
    """A closed descriptor 0, 1 or 2 is opened on the null device, so that no
    file the command opens later (a database, an output file) takes its number
    and receives what a worker process or a library writes to it."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            with contextlib.suppress(OSError):
                null = os.open(os.devnull, os.O_RDWR)
                if null != fd:
                    os.dup2(null, fd)
                    os.close(null)


def prepare() -> None:
    """Make the streams and the terminal width safe for a command (see the module)."""
    _fill_closed_descriptors()
    if sys.stdout is None:
        sys.stdout = ClosedOutput()
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (for the process)
    for stream in (sys.stdout, sys.stderr):
        if not _takes_symbols(stream) and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors=LETTERS)
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) == 0:
        os.environ["COLUMNS"] = "80"   # "0 wide" is no width: the usual one

"""A fuzz of every command's options and arguments, read from the app itself.

Each command runs from a cheap command line that works (:data:`BASES`, checked
to exit 0); then each of its parameters, one at a time, is given values a
user may give by mistake, chosen by the parameter's kind: numbers too big,
below zero or not numbers; text empty, 5,000 characters long or holding
Rich markup; files missing, empty, not text, folders, devices, JSON lines
with a bad line. Whatever the value, the command must end as docs/cli.md
says: exit status 0, 1 with an ``error:`` line last on stderr, or 2 with the
usage box; never a traceback, and no error line that quotes a long input
whole.

The parameters come from the Typer app, so an option added to any command is
fuzzed the day it lands (and a command added without a base fails
:func:`test_every_command_has_a_base`). The default run gives each parameter
one value (a different kind of mistake for neighbouring parameters); the
slow run gives each all of them.
"""

from __future__ import annotations

import itertools
import json
import signal
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.core import TyperGroup
from typer.testing import CliRunner, Result

from jink.cli.app import app

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "80"})
APP = typer.main.get_command(app)
DOCS = Path(__file__).resolve().parent.parent / "docs" / "examples"
#: Seconds a case may take before it counts as a hang.
BUDGET = 30
#: The longest error line: what the user gave, quoted back, is cut short.
LONGEST_LINE = 400

HANDS = "5D JD AH KC 2S / 9C 8C 7C 6C 4C / KD QD 2D 3H 4H"
POSITION = json.dumps({"game": "spoil-five", "turnup": "9D", "won": [1, 1, 1],
                       "hands": ["5D JD", "9C 8C", "KD QD"]})
PUZZLE = (DOCS.parent.parent / "jink" / "puzzles" / "data" / "bier-2-end-01.toml")
RAMS = ["--game", "rams", "--trump", "H", "--widow", "AD KD QD JD TD", "--hands",
        "AH KH 8C 9C TS / QH JH AC KC 7S / 7H AS KS QS JS / 8H 9H TH 7D 8D"]
VIEW = ('game = "spoil-five"\nturnup = "2S"\nhands = ["KS 9H", "?", "?"]\n'
        'won = [1, 1, 1]\nleader = 3\ntrick = "QD"\n'
        'seen = "4H JH 8H  7C 3S AS  5D 6D JD  2C 3C 4C 5C 6C 8C 9C TC JC QC KC AC 2H 3H"\n')

#: For each command, a command line that works and costs little (words in
#: capitals are files made by :func:`files`).
BASES: dict[str, list[str]] = {
    "legal": ["--hands", HANDS, "--turnup", "9D"],
    "rules": ["rams"],
    "show": ["POSITION"],
    "solve": ["POSITION"],
    "analyse": [str(DOCS / "kd-lead.toml"), "--max-nodes", "200000"],
    "rob": ["--hands", "5H 8H 7D AD QC / 7S 9S 2D 5D KC / KS 4H 6H KD 5C", "--turnup", "9D"],
    "declare": [*RAMS, "--playing", "3"],
    "tree": ["POSITION", "--out", "OUT.graphml"],
    "study": ["POSITION"],
    "puzzle check": [str(PUZZLE)],
    "puzzle list": ["--game", "bierspiel"],
    "puzzle show": [str(PUZZLE)],
    "puzzle solve": [str(PUZZLE)],
    "puzzle generate": ["--players", "2", "--seed", "3", "--attempts", "5", "--cards", "2",
                        "--out", "FOLDER"],
    "puzzle play": [str(PUZZLE)],
    "deal": ["--players", "3", "--seed", "1"],
    "odds": ["VIEW", "--deals", "3", "--seed", "1"],
    "table": ["loo", "--example"],
    "session": [str(DOCS / "evening.toml")],
    "batch": ["--players", "3", "--deals", "1", "--seed", "1", "--workers", "1", "--db",
              "NEW.db"],
    "stats": ["RUN.db"],
    # (the server itself is stood in for by _served_at_once: each case ends
    # once the board would be served)
    "serve": ["POSITION", "--port", "0", "--no-browser"],
}


def _commands(command: Any, path: tuple[str, ...]) -> Iterator[tuple[str, Any]]:
    if isinstance(command, TyperGroup):
        for name, sub in command.commands.items():
            yield from _commands(sub, (*path, name))
    else:
        yield " ".join(path), command


COMMANDS = dict(_commands(APP, ()))


def kind(param: Any) -> str:
    """What a parameter takes: flag, int, float, path or text."""
    if getattr(param, "is_flag", False):
        return "flag"
    annotation = param.type_descriptor.annotation
    inner = getattr(annotation, "__args__", (annotation,))[0] \
        if getattr(annotation, "__origin__", None) is list else annotation
    return {int: "int", float: "float", Path: "path"}.get(inner, "text")


#: The mistakes tried for each kind of parameter, most telling first.
VALUES: dict[str, list[str]] = {
    "int": ["99999999999999999999", "-3", "abc", "0", "1.5", ""],
    "float": ["nan", "1e999", "-1", "abc", "0"],
    "text": ["[/b] Ann [the elder]", "x" * 5000, "", " ", "-1", "\u00e9\u2660\x00"],
    "path": ["MISSING", "JUNK.toml", "EMPTY.jsonl", "FOLDER", "/dev/full", "BADLINE.jsonl",
             "[/b]x.toml", ""],
    "flag": [""],
}


def files(folder: Path) -> dict[str, str]:
    """The files the capital words of a command line stand for, made in ``folder``."""
    (folder / "position.jsonl").write_text(POSITION + "\n", encoding="utf-8")
    (folder / "view.toml").write_text(VIEW, encoding="utf-8")
    (folder / "junk.toml").write_bytes(b"\xff\xfe\x00garbage = [[[\n")
    (folder / "empty.jsonl").write_bytes(b"")
    (folder / "badline.jsonl").write_text(POSITION + "\n{not json\n", encoding="utf-8")
    (folder / "[").mkdir()
    (folder / "[" / "b]x.toml").write_text("[puzzle\n", encoding="utf-8")
    (folder / "folder").mkdir()
    run = folder / "run.db"
    if not run.exists():
        made = runner.invoke(app, ["batch", "--players", "3", "--deals", "1", "--seed", "1",
                                   "--workers", "1", "--db", str(run)])
        assert made.exit_code == 0, made.output
    return {"POSITION": str(folder / "position.jsonl"), "VIEW": str(folder / "view.toml"),
            "JUNK.toml": str(folder / "junk.toml"), "EMPTY.jsonl": str(folder / "empty.jsonl"),
            "BADLINE.jsonl": str(folder / "badline.jsonl"), "FOLDER": str(folder / "folder"),
            "[/b]x.toml": str(folder / "[/b]x.toml"), "MISSING": str(folder / "missing.toml"),
            "OUT.graphml": str(folder / "out.graphml"), "NEW.db": str(folder / "new.db"),
            "RUN.db": str(run)}


def with_value(command: str, param: Any, value: str) -> list[str]:
    """The command's base, with ``param`` given ``value`` (in place of the
    base's own value for it, if any)."""
    base = list(BASES[command])
    options = {name: p for p in COMMANDS[command].params for name in (*p.opts,
                                                                        *p.secondary_opts)}
    positionals: list[str] = []
    rest: list[str] = []
    words = iter(base)
    for word in words:
        found = options.get(word)
        if found is None:
            positionals.append(word)
            continue
        taken = [] if getattr(found, "is_flag", False) else [next(words)]
        if found is not param:
            rest += [word, *taken]
    if param.param_type_name == "argument":
        return [*command.split(), value, *rest]
    name = next(o for o in param.opts if o.startswith("--"))
    given = [name] if kind(param) == "flag" else [name, value]
    return [*command.split(), *positionals, *rest, *given]


_NEW = itertools.count()


class Hung(Exception):
    """A case ran past :data:`BUDGET`."""


def run(args: list[str], names: dict[str, str]) -> Result:
    """``jink ARGS`` with the capital words made files, stopped past the budget
    (``NEW.db`` a new database each time, so no case is refused for the run
    another case left there)."""
    fresh = str(Path(names["NEW.db"]).with_name(f"new-{next(_NEW)}.db"))
    args = [fresh if word == "NEW.db" else names.get(word, word) for word in args]

    def stop(signum: int, frame: object) -> None:
        raise Hung(f"{BUDGET} s passed")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, BUDGET)
    try:
        return runner.invoke(app, args, input="")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def check_ending(args: list[str], result: Result) -> None:
    """The ending docs/cli.md promises, whatever was given (``puzzle check``
    fails a file it finds unsound on stdout, where its verdicts go)."""
    shown = " ".join(args)[:300]
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        (shown, repr(result.exception))
    assert result.exit_code in (0, 1, 2), (shown, result.exit_code, result.output[-500:])
    assert "Traceback" not in result.output, shown
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    if result.exit_code == 1 and args[:2] != ["puzzle", "check"]:
        assert lines and lines[-1].startswith("error: "), (shown, result.stderr[-500:])
    if result.exit_code == 1 and args[:2] == ["puzzle", "check"]:
        assert "FAIL" in result.stdout or lines[-1].startswith("error: "), shown
    if result.exit_code == 2:
        assert "Usage:" in result.stderr or (lines and lines[-1].startswith("error: ")), \
            (shown, result.stderr[-500:])
    long = [line[:80] for line in lines if len(line) > LONGEST_LINE]
    assert not long, (shown, long)


def cases(full: bool) -> list[Any]:
    """Every (command, parameter, value) of the fuzz: one value per parameter,
    or all of them."""
    out = []
    index = 0
    for command, found in COMMANDS.items():
        for param in found.params:
            if param.name == "help":
                continue
            values = VALUES[kind(param)]
            chosen = values if full else [values[index % len(values)]]
            index += 1
            for value in chosen:
                name = param.opts[0] if param.opts else param.name
                out.append(pytest.param(command, param.name, value,
                                        id=f"{command}:{name}={value[:12]!r}"))
    return out


@pytest.fixture(autouse=True)
def _served_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``jink serve`` serves until stopped: here the server ends as soon as it
    would start, with its socket closed, so that a case ends once everything
    the command reads has been read."""
    def served(app: object, sock: socket.socket, open_url: object, ready: Any) -> None:
        ready()
        sock.close()

    monkeypatch.setattr("jink.serve.run.run", served)


@pytest.fixture(scope="module")
def names(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return files(tmp_path_factory.mktemp("fuzz"))


def test_every_command_has_a_base() -> None:
    assert sorted(BASES) == sorted(COMMANDS)


@pytest.mark.parametrize("command", sorted(BASES))
def test_each_base_works(command: str, tmp_path: Path) -> None:
    names = files(tmp_path)
    result = run([*command.split(), *BASES[command]], names)
    assert result.exit_code == 0, (command, result.output[-800:])


def _fuzz(command: str, name: str, value: str, names: dict[str, str]) -> None:
    param = next(p for p in COMMANDS[command].params if p.name == name)
    args = with_value(command, param, value)
    check_ending(args, run(args, names))


def test_a_mistaken_value_ends_as_documented(names: dict[str, str]) -> None:
    """Every parameter once (in one test: a few hundred cases of milliseconds
    each, whose failures are all reported)."""
    failed = []
    for case in cases(full=False):
        try:
            command, name, value = case.values
            _fuzz(command, name, value, names)
        except AssertionError as error:
            failed.append(f"{case.id}: {str(error)[:300]}")
    assert not failed, "\n".join(failed)


@pytest.mark.slow
@pytest.mark.parametrize("command, name, value", cases(full=True))
def test_every_mistaken_value_ends_as_documented(command: str, name: str, value: str,
                                                 names: dict[str, str]) -> None:
    _fuzz(command, name, value, names)

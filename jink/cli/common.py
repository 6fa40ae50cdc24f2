"""What every command shares: the position options, the error handler, output.

A command takes a position either from a FILE (TOML, or JSON lines holding
many), from ``--example``, or from options (``--game --trump --hands
--leader --trick --won --option --deal``); the options are declared once,
in :data:`POSITION_OPTIONS`, and a command gets them with
:func:`takes_position`, so an option added there reaches every command that
takes a position. :func:`positions_from_cli` turns any of these into
position files, so every command reads positions the same way.
Every command that searches takes the same limits (``--max-seconds
--max-nodes --memory``), each checked by :func:`check_limit`, and the same
``--engine --exact --threads``, and turns them into a :class:`Search` with
:func:`search_options`. :func:`handle_errors`
turns the library's errors into one red line on stderr and exit status 1,
never a traceback; :func:`print_sections` prints every picture for people.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import json
import math
import random
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Annotated, Any, NoReturn, TextIO, TypeVar, cast

import typer
from rich.console import Console, RenderableType
from rich.markup import escape
from typer.core import TyperCommand, TyperGroup

from jink.cards import with_symbols
from jink.errors import JinkError, ParseError, PositionError
from jink.formats.dealstring import read_deal_string
from jink.formats.examples import EXAMPLES, example_file
from jink.formats.files import PositionFile, file_from_dict, parse_jsonl, read
from jink.formats.inputs import read_bytes
from jink.games import GAMES
from jink.solver.limits import Limit
from jink.solver.native import (
    ENGINES,
    MAX_THREADS,
    cores_available,
    use_engine,
    use_exact,
    use_threads,
)
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.words import plural

POSITION_PANEL = "Position (instead of a FILE)"
#: A command function (:func:`takes_position` gives it back with another signature).
CommandFunction = TypeVar("CommandFunction", bound=Callable[..., Any])
LIMITS_PANEL = "Limits"

# -- the command classes: every command and group, sub-apps too -----------------------


def _no_flag_values(params: list[Any]) -> list[Any]:
    """Flags take no value, so --help shows none for them (Typer's Rich help
    would show ``<bool>``), the help option included."""
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    return params


class Command(TyperCommand):
    """A jink command: Typer's, with flags shown without a value in --help."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _no_flag_values(super().get_params(ctx))


class Group(TyperGroup):
    """A jink command group (``jink``, ``jink puzzle``): flags shown without a
    value in --help."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _no_flag_values(super().get_params(ctx))


# -- the shared argument and option types ---------------------------------------------

#: The most seats any game takes: a ``--players`` past it is a misused command
#: line (exit status 2), as one below 1 is; within it, a game that takes fewer
#: says so (exit status 1).
MOST_PLAYERS = max(game.max_players for game in GAMES.values())
#: The most worker processes ``--workers`` takes.
MOST_WORKERS = 1024
#: The most deals a run (``batch --deals``) or a listing (``deal --count``) takes.
MOST_DEALS = 10_000_000

#: The game names and built-in example names, for --help (the registries' own order).
GAME_NAMES = ", ".join(GAMES)
EXAMPLE_NAMES = ", ".join(EXAMPLES)

FileArg = Annotated[Path | None, typer.Argument(
    help="A position file: TOML, or JSON lines (.jsonl) holding one position a line. "
         "With --example: the name of a built-in example.",
    metavar="FILE", show_default=False)]
ExampleOpt = Annotated[bool, typer.Option(
    "--example", help=f"Use a built-in example position, named by FILE: {EXAMPLE_NAMES} "
                      "(the one called default when FILE is not given).")]


def game_option(panel: str = POSITION_PANEL) -> Any:
    """``--game``/``-g``, the same in every command (``panel``: its --help panel)."""
    return typer.Option(
        "--game", "-g", metavar="GAME",
        help=f"The game: {GAME_NAMES}, or an alias (see jink rules); default spoil-five.",
        rich_help_panel=panel, show_default=False)


def trump_option(panel: str = POSITION_PANEL) -> Any:
    """``--trump``/``-t``, the same in every command."""
    return typer.Option("--trump", "-t", metavar="SUIT",
                        help="The trump suit: S H D C or ♠ ♥ ♦ ♣.",
                        rich_help_panel=panel, show_default=False)


def turnup_option(panel: str = POSITION_PANEL) -> Any:
    """``--turnup``, the same in every command."""
    return typer.Option("--turnup", metavar="CARD",
                        help="The turned-up card (sets the trump suit).",
                        rich_help_panel=panel, show_default=False)


GameOpt = Annotated[str | None, game_option()]
TrumpOpt = Annotated[str | None, trump_option()]
TurnupOpt = Annotated[str | None, turnup_option()]
HandsOpt = Annotated[str | None, typer.Option(
    "--hands", metavar="HANDS",
    help='Every hand, seat 1 first, separated by "/": "5D JD AH KC 2S / 9C 8C ...".',
    rich_help_panel=POSITION_PANEL, show_default=False)]
LeaderOpt = Annotated[int | None, typer.Option(
    "--leader", metavar="SEAT",
    help="The seat leading the current trick; default 1 (the eldest hand).",
    rich_help_panel=POSITION_PANEL, show_default=False)]
TrickOpt = Annotated[str | None, typer.Option(
    "--trick", metavar="CARDS",
    help='Cards already played to the current trick, in order: "3S 9S".',
    rich_help_panel=POSITION_PANEL, show_default=False)]
def numbers_option(value: str | None) -> str | None:
    """A callback: ``--won`` must read as whole numbers, or it is a misused
    command line (exit status 2), as ``--leader one`` is.

    >>> numbers_option("1, 0,1")
    '1, 0,1'
    """
    return _reads_as(value, parse_numbers)


def _reads_as(value: str | None, parse: Callable[[str, str], object]) -> str | None:
    """``value`` if ``parse`` reads it (None: not given), else a usage error."""
    if value is not None:
        try:
            parse(value, "")
        except ParseError as error:
            raise typer.BadParameter(with_symbols(str(error).removeprefix(": "))) from None
    return value


WonOpt = Annotated[str | None, typer.Option(
    "--won", metavar="TRICKS", callback=numbers_option,
    help='Tricks already taken by each seat: "1,0,1"; default none.',
    rich_help_panel=POSITION_PANEL, show_default=False)]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="NAME=VALUE",
    help="A rule option, name=true or name=false (repeatable; see jink rules GAME).",
    rich_help_panel=POSITION_PANEL, show_default=False)]
DealOpt = Annotated[str | None, typer.Option(
    "--deal", metavar="STRING",
    help='The position as one deal string, GAME:TRUMP:SEAT:HANDS[:KEY=VALUE]...: '
         '"spoil-five:D:1:5D.JD.AH.KC.2S 9C.8C.7C.6C.4C KD.QD.2D.3H.4H" (see docs/files.md).',
    rich_help_panel=POSITION_PANEL, show_default=False)]
#: The position options, in --help order: every command that takes a position
#: gets them from here (:func:`takes_position`), so an option added here reaches
#: them all. Each is the command-line parameter's name and its Typer type.
POSITION_OPTIONS: tuple[tuple[str, Any], ...] = (
    ("game", GameOpt), ("trump", TrumpOpt), ("turnup", TurnupOpt), ("hands", HandsOpt),
    ("leader", LeaderOpt), ("trick", TrickOpt), ("won", WonOpt), ("option", OptionOpt),
    ("deal", DealOpt))


def takes_position(
        *, without: tuple[str, ...] = ()) -> Callable[[CommandFunction], CommandFunction]:
    """A command that takes a position: its parameter ``opts`` (a
    :class:`PositionOptions`) stands for the position options, which the
    command line shows in its place (less those named in ``without``) and
    which the command receives gathered in ``opts``.

    Typer reads a command's parameters from its signature, so the command is
    given one with the options in place of ``opts``; the values Typer passes
    by those names are gathered before the command runs.
    """
    names = [name for name, _ in POSITION_OPTIONS if name not in without]
    unknown = set(without) - {name for name, _ in POSITION_OPTIONS}
    if unknown:
        raise ValueError(f"not position options: {sorted(unknown)}")

    def decorate(command: CommandFunction) -> CommandFunction:
        signature = inspect.signature(command, eval_str=True)
        parameters: list[inspect.Parameter] = []
        for parameter in signature.parameters.values():
            if parameter.name == "opts":
                parameters += [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                                 default=None, annotation=kind)
                               for name, kind in POSITION_OPTIONS if name in names]
            else:
                parameters.append(parameter)

        @functools.wraps(command)
        def run(**values: Any) -> Any:
            given = {("options" if name == "option" else name): values.pop(name)
                     for name in names}
            return command(**values, opts=PositionOptions(**given))

        run.__signature__ = signature.replace(  # type: ignore[attr-defined]
            parameters=parameters)
        return cast(CommandFunction, run)

    return decorate


JsonOpt = Annotated[bool, typer.Option(
    "--json", help="Print JSON on stdout (one line per result) instead of a picture.")]




def epilog(*examples: str, note: str = "") -> str:
    """A command's --help epilog: its examples, then an optional note, laid out
    alike for every command.

    Typer dedents the epilog as a whole (``inspect.cleandoc``), so an epilog
    whose every line was indented would lose its examples' indent: the first,
    empty line keeps the heading at the margin and the examples two in.
    """
    shown = "\n\n".join("\n".join("  " + line for line in example.splitlines())
                         for example in examples)
    text = f"\nExamples:\n\n{escape(shown)}\n"
    return text + (f"\n{escape(note)}\n" if note else "")


# -- the limits of a search: the same options, checked alike, for every command that solves


def check_limit(value: float | None) -> float | None:
    """A limit must be a finite number above 0 (None: not given).

    The one check of ``--max-seconds``, ``--max-nodes`` and ``--memory``, run
    by the command line as it parses them, so a bad limit is a usage error
    (exit status 2) naming the option, before any position is read. ``nan``
    compares false with everything, so it is refused by name, not by ``<=``.

    >>> check_limit(2.5)
    2.5
    """
    if value is not None and (math.isnan(value) or math.isinf(value) or value <= 0):
        shown = f"{value:g}" if isinstance(value, float) else str(value)
        raise typer.BadParameter(f"must be a finite number above 0, not {shown}")
    return value


def max_seconds_option(help: str = "Stop with an error (never a guess) past this many "
                                   "seconds; default: no limit.") -> Any:
    """``--max-seconds``, checked by :func:`check_limit`; ``help`` says what
    passing it does where that is not the command's error."""
    return typer.Option("--max-seconds", metavar="SECONDS", callback=check_limit, help=help,
                        rich_help_panel=LIMITS_PANEL, show_default=False)


def max_nodes_option(help: str = "Stop with an error (never a guess) past this many "
                                 "search nodes; default: no limit.") -> Any:
    """``--max-nodes``, checked by :func:`check_limit`."""
    return typer.Option("--max-nodes", metavar="NODES", callback=check_nodes, help=help,
                        rich_help_panel=LIMITS_PANEL, show_default=False)


#: The most nodes a limit may name: the compiled core counts them in 64 bits.
MAX_NODES = 2**62


def check_nodes(value: int | None) -> int | None:
    """``--max-nodes``: a limit (:func:`check_limit`) the search can count to.

    >>> check_nodes(2**62)
    4611686018427387904
    """
    check_limit(value)
    if value is not None and value > MAX_NODES:
        raise typer.BadParameter(f"must be at most {MAX_NODES} (2^62), not {value}")
    return value


def memory_option(help: str = "Memory cap of the transposition table, in MB; default "
                              f"{DEFAULT_MEMORY_MB}.") -> Any:
    """``--memory``, checked by :func:`check_limit`."""
    return typer.Option("--memory", metavar="MB", callback=check_limit, help=help,
                        rich_help_panel=LIMITS_PANEL, show_default=False)


def check_engine(value: str | None) -> str | None:
    """``--engine`` names one of the engines (None: not given).

    >>> check_engine("Native")
    'native'
    """
    if value is None:
        return None
    name = value.strip().lower()
    if name not in ENGINES:
        raise typer.BadParameter(f"choose {' or '.join(ENGINES)}, not {value!r}")
    return name


EngineOpt = Annotated[str | None, typer.Option(
    "--engine", metavar="ENGINE", callback=check_engine,
    help="The search engine: native (the compiled core) or python (the reference "
         "engine, slower); default: $JINK_ENGINE, else native.",
    rich_help_panel=LIMITS_PANEL, show_default=False)]

ExactOpt = Annotated[bool, typer.Option(
    "--exact", help="Search with the plain kernel: every settler (the shortcuts that "
                    "settle positions sooner: docs/solver.md) and partition search switched "
                    "off. The same answers, much slower; the judge of the rest.",
    rich_help_panel=LIMITS_PANEL)]

def check_threads(value: int | None) -> int | None:
    """``--threads``: from 1 to the most threads one proof runs on (None: not given).

    >>> check_threads(2)
    2
    """
    if value is not None and not 1 <= value <= MAX_THREADS:
        raise typer.BadParameter(f"must be from 1 to {MAX_THREADS}, not {value}")
    return value


def threads_option(default: str = "the cores available") -> Any:
    """``--threads``, checked by :func:`check_threads`; ``default`` says what
    not giving it means."""
    return typer.Option(
        "--threads", metavar="N", callback=check_threads,
        help="Threads each search runs on (the compiled core; the same answers, sooner "
             f"on several cores; node counts vary from run to run); default: {default}.",
        rich_help_panel=LIMITS_PANEL, show_default=False)


ThreadsOpt = Annotated[int | None, threads_option()]

MaxSecondsOpt = Annotated[float | None, max_seconds_option()]
MaxNodesOpt = Annotated[int | None, max_nodes_option()]
# In solve and analyse a limit passed is not an error: what it stopped is unknown.
AnytimeSecondsOpt = Annotated[float | None, max_seconds_option(
    "Past this many seconds, the questions not yet answered are unknown (? in the "
    "tables, null in JSON; never a guess); cheap questions come first. Default: no limit.")]
AnytimeNodesOpt = Annotated[int | None, max_nodes_option(
    "Past this many search nodes, the questions not yet answered are unknown (? in the "
    "tables, null in JSON; never a guess); cheap questions come first. Default: no limit.")]
MemoryOpt = Annotated[float, memory_option()]


def seed_option(what: str, reported: str = "printed on stderr") -> Any:
    """``--seed``, the same in every command that deals at random: the same seed
    gives the same ``what``; without it a fresh seed is drawn and ``reported``."""
    return typer.Option("--seed", metavar="SEED",
                        help=f"Seed of the random dealing: the same seed gives the same "
                             f"{what}; default: a fresh seed, {reported}.",
                        show_default=False)


def fresh_seed(seed: int | None) -> int:
    """``seed``, or when None a fresh one (to say with :func:`say_seed`)."""
    return random.SystemRandom().randrange(2**32) if seed is None else seed


def say_seed(seed: int) -> None:
    """A fresh seed, printed on stderr so the run can be repeated (once the
    command line is known good: bad input is one error line alone)."""
    Console(stderr=True, highlight=False).print(f"seed: {seed}")


@dataclass(frozen=True)
class Search:
    """How to search, from the limit options: every solving command takes these."""

    limit: Limit
    memory_mb: float = DEFAULT_MEMORY_MB
    #: The engine asked for (None: $JINK_ENGINE, else native).
    engine: str | None = None
    #: The exact kernel alone (``--exact``).
    exact: bool = False
    #: The threads each proof runs on (``--threads``, else the cores available).
    threads: int = 1


def default_threads() -> int:
    """``--threads`` not given: the cores available (at most the most one proof takes)."""
    return min(MAX_THREADS, cores_available())


def search_options(max_seconds: float | None, max_nodes: int | None,
                   memory: float = DEFAULT_MEMORY_MB, engine: str | None = None,
                   exact: bool = False, threads: int | None = None) -> Search:
    """The search the limit options ask for (each already checked by :func:`check_limit`).

    ``--engine``, ``--exact`` and ``--threads`` are made the process's defaults
    (:func:`jink.solver.native.use_engine`, :func:`~jink.solver.native.use_exact`,
    :func:`~jink.solver.native.use_threads`): a command is one process, and
    every solver the library makes for it, however deep, then uses the engine
    asked for without an argument in every call.
    """
    use_engine(engine)
    use_exact(exact)
    chosen = default_threads() if threads is None else threads
    use_threads(chosen)
    return Search(Limit(nodes=max_nodes, seconds=max_seconds), memory, engine, exact, chosen)


@dataclass(frozen=True)
class PositionOptions:
    """The values of the position options of one command line (None: not given)."""

    game: str | None = None
    trump: str | None = None
    turnup: str | None = None
    hands: str | None = None
    leader: int | None = None
    trick: str | None = None
    won: str | None = None
    options: list[str] | None = None
    #: A deal string (``--deal``), instead of the other options.
    deal: str | None = None

    def given(self) -> list[str]:
        """The options given, as their command-line names."""
        return [{"options": "--option"}.get(f.name, "--" + f.name)
                for f in fields(self) if getattr(self, f.name) not in (None, [], ())]


#: No position option given.
NO_POSITION = PositionOptions()


# -- building positions ---------------------------------------------------------------

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def parse_option(text: str) -> tuple[str, bool]:
    """One ``--option name=value``; a bare ``name`` means true.

    >>> parse_option("compulsory_rob=yes")
    ('compulsory_rob', True)
    """
    name, sep, value = text.partition("=")
    name, value = name.strip().replace("-", "_"), value.strip().lower()
    if not name:
        raise ParseError(f"expected name=value, got {text!r}", "--option")
    if not sep:
        return name, True
    if value in _TRUE:
        return name, True
    if value in _FALSE:
        return name, False
    raise ParseError(f"option {name!r} takes true or false, not {value!r}", "--option")


def parse_won(text: str) -> list[int]:
    """Tricks won per seat from ``"1,0,1"`` (commas or spaces).

    >>> parse_won("1, 0 1")
    [1, 0, 1]
    """
    won = parse_numbers(text, "--won")
    if not won:
        raise ParseError("give one count per seat, seat 1 first, or leave --won out",
                         "--won")
    return won


def parse_seats(text: str, where: str = "--seats") -> list[int]:
    """A list of 1-based seats, none twice: ``"1,3"``.

    >>> parse_seats("3 1")
    [3, 1]
    """
    seats = parse_numbers(text, where)
    if not seats:
        raise ParseError("give at least one seat", where)
    twice = sorted({s for s in seats if seats.count(s) > 1})
    if twice:
        raise ParseError(f"seat {twice[0]} given twice", where)
    return seats


def seats_option(value: str | None) -> str | None:
    """A callback: ``--seats`` (or ``--playing``) must read as seats, or it is a
    misused command line (exit status 2), as a bad limit is.

    >>> seats_option("1,3")
    '1,3'
    """
    return _reads_as(value, parse_seats)


def check_seats(seats: list[int], players: int, where: str = "--seats") -> None:
    """Each of ``seats`` (1-based) must be a seat of a ``players``-seat deal."""
    for seat in seats:
        if not 1 <= seat <= players:
            raise PositionError(f"{where} {seat}: the deal has seats 1 to {players}")


def parse_numbers(text: str, where: str) -> list[int]:
    """Whole numbers separated by commas or spaces; a bad one, or an empty place
    between commas (``"1,,2"``: a number left out?), is an error at ``where``.

    >>> parse_numbers("2, 4 5", "--seats")
    [2, 4, 5]
    """
    stripped = text.strip()
    parts = re.split(r"\s*,\s*|\s+", stripped) if stripped else []
    if not any(parts):
        return []  # "" or ",": no number at all, which the caller says
    if "" in parts:
        raise ParseError(f"an empty place between commas in {text!r}: expected whole "
                         "numbers separated by commas", where)
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise ParseError(f"expected whole numbers separated by commas, got {text!r}",
                         where) from None


def position_from_options(opts: PositionOptions) -> PositionFile:
    """The position the options describe (``--hands`` is required)."""
    if opts.hands is None:
        raise ParseError("give every hand, seat 1 first, separated by \"/\"", "--hands")
    obj: dict[str, Any] = {
        # None is "not given"; an empty name given is an unknown game, not the default.
        "game": "spoil-five" if opts.game is None else opts.game,
        "hands": [hand.strip() for hand in opts.hands.split("/")],
        "leader": 1 if opts.leader is None else opts.leader,
        "trick": opts.trick or "",
        "options": dict(parse_option(o) for o in opts.options or []),
    }
    if opts.trump is not None:
        obj["trump"] = opts.trump
    if opts.turnup is not None:
        obj["turnup"] = opts.turnup
    if opts.won is not None:
        obj["won"] = parse_won(opts.won)
    try:
        return file_from_dict(obj)
    except ParseError as error:
        raise _as_option(error) from None


def _as_option(error: ParseError) -> ParseError:
    """An error the file reader named by its key (``turnup``, ``hands (seat
    1)``), named instead by the option the user gave (``--turnup``)."""
    where = error.where
    if where is None:
        return error
    key, paren, detail = where.partition(" (")
    message = str(error)[len(where) + 2:]
    option = "--option" if key == "options" else f"--{key}"
    return ParseError(message, option + paren + detail)


def deal_alone(given: list[str]) -> None:
    """A deal string (``--deal``) is the whole position: refuse the other
    position options of ``given`` beside it."""
    others = [name for name in given if name != "--deal"]
    if others:
        raise typer.BadParameter(f"a deal string goes alone, without {', '.join(others)}",
                                 param_hint="--deal")


def positions_from_cli(file: Path | None, opts: PositionOptions, *,
                       example: bool = False) -> list[PositionFile]:
    """The positions a command line names: a FILE, ``--example [NAME]``, or options.

    Naming a position two ways at once (a FILE and ``--hands``, say) is a usage
    error (exit status 2); a bad position is a :class:`~jink.errors.JinkError`.
    """
    given = opts.given()
    if example:
        if given:
            raise typer.BadParameter(f"--example does not take {', '.join(given)}")
        return [example_file(str(file) if file is not None else "default")]
    if opts.deal is not None and file is None:
        deal_alone(given)
        return [read_deal_string(opts.deal)]
    if file is not None:
        _file_alone(opts)
        found = read(file)
        if not found:
            # Only a JSON lines file can hold no position: a TOML one needs its keys.
            raise no_positions(file)
        return found
    if opts.hands is None:
        raise typer.BadParameter("give a position: a FILE, --example, or --hands",
                                 param_hint="FILE")
    return [position_from_options(opts)]


def _file_alone(opts: PositionOptions) -> None:
    """A position FILE takes no position options: a usage error."""
    given = opts.given()
    if given:
        raise typer.BadParameter(
            f"give a position FILE or position options, not both ({', '.join(given)})",
            param_hint="FILE")


def no_positions(file: Path) -> ParseError:
    """The error for a positions file that holds none."""
    return ParseError("no positions: the file is empty"
                      + (" but for blank lines" if file.stat().st_size else ""), str(file))


def for_each_position(file: Path | None, opts: PositionOptions, *, example: bool,
                      act: Callable[[PositionFile, int], None]) -> None:
    """Run ``act`` on each position the command line names (and its index).

    A JSON lines FILE is taken line by line, as ``solve --positions`` takes
    one: a line that is no position, or that ``act`` finds bad, is named on
    stderr and the others are still answered; then the command fails (exit
    status 1), saying how many lines failed.
    """
    if file is None or example or file.suffix.lower() not in (".jsonl", ".ndjson"):
        for index, item in enumerate(positions_from_cli(file, opts, example=example)):
            act(item, index)
        return
    _file_alone(opts)
    entries = list(parse_jsonl(read_bytes(file), source=str(file)))
    if not entries:
        raise no_positions(file)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    failed = done = 0
    for entry in entries:
        try:
            if isinstance(entry.result, JinkError):
                raise entry.result
            act(entry.result, done)
            done += 1
        except JinkError as error:
            failed += 1
            say_bad_line(err, file, entry.line, error)
    if failed:
        fail(f"{plural(failed, 'line')} of {file} failed (see above)")


def say_bad_line(err: Console, file: Path, line: int, error: JinkError) -> None:
    """One error line on ``err`` for a bad line of a JSON lines file (the
    file and line named once)."""
    message = with_symbols(str(error))
    if f"line {line}" not in message:
        message = f"{file}, line {line}: {message}"
    err.print(f"[bold red]error:[/bold red] {escape(shorten(' '.join(message.split())))}")


# -- output and errors ----------------------------------------------------------------


def stdout() -> Console:
    """A console on stdout for people (made per call: tests swap the streams)."""
    return Console(highlight=False)


#: Spaces at the end of a line, before any colour codes that close it.
_TRAILING = re.compile(r"[ \t]+((?:\x1b\[[0-9;]*m)*)$")
_COLOUR = re.compile(r"\x1b\[[0-9;]*m")


def print_sections(*sections: RenderableType, gap: bool = False) -> None:
    """Print a result for people: its sections (a deal diagram, a table, a
    summary) with one blank line between them, no blank line doubled, and no
    trailing spaces (Rich pads table rows to their width; piped into a file or
    another program the padding is noise). ``gap``: a blank line first, as
    between the results of several positions.
    """
    console = stdout()
    blocks: list[str] = []
    for section in sections:
        with console.capture() as capture:
            console.print(section)
        lines: list[str] = []
        for line in capture.get().splitlines():
            line = _TRAILING.sub(r"\1", line)
            if _COLOUR.sub("", line).strip():
                lines.append(line)
            elif lines and lines[-1]:
                lines.append("")  # one blank line, however many Rich drew
        while lines and not lines[-1]:
            lines.pop()
        if lines:
            blocks.append("\n".join(lines))
    if blocks:
        sys.stdout.write(("\n" if gap else "") + "\n\n".join(blocks) + "\n")
        sys.stdout.flush()


def print_json(obj: Any) -> None:
    """One JSON object on one line of stdout."""
    typer.echo(json.dumps(obj, ensure_ascii=False))


#: An error line longer than this has its long quotes and words cut short.
LINE_MOST = 200
#: A quoted input longer than this is cut short in an error line.
QUOTE_MOST = 60
#: Any other word (a path, say) longer than this is cut short in an error line.
WORD_MOST = 120
_QUOTED = re.compile(f"'([^']{{{QUOTE_MOST + 1},}})'|\"([^\"]{{{QUOTE_MOST + 1},}})\"")
_WORD = re.compile(rf"\S{{{WORD_MOST + 1},}}")


def shorten(line: str) -> str:
    """An error line with what the user gave quoted back cut short: a 2 MB
    value makes a line a person can read, not one of two million characters.

    >>> shorten("unknown game '" + "x" * 300 + "'")
    "unknown game 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (300 characters)"
    """
    if len(line) <= LINE_MOST:
        return line  # (an apostrophe pair in a sentence is no quote to cut)

    def quote(found: re.Match[str]) -> str:
        inner = found.group(1) if found.group(1) is not None else found.group(2)
        mark = found.group(0)[0]
        return f"{mark}{inner[:QUOTE_MOST - 11]}...{mark} ({len(inner):,} characters)"

    def word(found: re.Match[str]) -> str:
        return found.group(0)[:WORD_MOST - 20] + f"... ({len(found.group(0)):,} characters)"

    return _WORD.sub(word, _QUOTED.sub(quote, line))


def fail(message: str) -> NoReturn:
    """Print ``message`` as one red line on stderr and exit with status 1."""
    line = shorten(" ".join(message.split()))
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"[bold red]error:[/bold red] {escape(line)}")
    raise typer.Exit(1)


def same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (however spelt: ``./``, a link)."""
    try:
        return a.samefile(b)
    except OSError:
        return False  # one of them does not exist (yet): not the same file


def refuse_overwrite(out: Path | None, option: str, *inputs: Path | None) -> None:
    """An output file (``option``'s) may not be one of the command's inputs: a
    misused command line (exit status 2), before anything is read or written."""
    if out is None:
        return
    for given in inputs:
        if given is not None and same_file(out, given):
            raise typer.BadParameter(f"{out} is an input of this command: writing there would "
                                     "overwrite it (give another file)", param_hint=option)


def output_path(value: str) -> Path:
    """The parser of every option naming a file or folder to write (``--out``,
    ``--html``, ``--plot``, ``--db``): an empty name is a misused command line,
    not the current folder (which is what ``Path("")`` would be).

    >>> output_path("deals.jsonl")
    PosixPath('deals.jsonl')
    """
    if not value.strip():
        raise typer.BadParameter("an empty name: give a file name")
    return Path(value)


def open_out(path: Path) -> TextIO:
    """A file named by ``--out`` (or ``--html``), opened for writing; one that
    cannot be written is one error line (:func:`handle_errors` would say
    "cannot read")."""
    try:
        return path.open("w", encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}")


@contextmanager
def writing_to(path: Path | None) -> Iterator[TextIO]:
    """stdout (``path`` None), or a file the user named for output, opened for
    the block: a write that fails there, or the flush as it closes (a full
    disk), is one error line naming the file, however many writes were left."""
    if path is None:
        yield sys.stdout
        return
    sink = open_out(path)
    try:
        yield sink
        sink.close()
    except OSError as error:
        if error.filename is not None:
            raise  # another file (an input), which its reader names
        fail(f"cannot write {path}: {error.strerror or error}")
    finally:
        with contextlib.suppress(OSError):
            sink.close()  # (after a failure: its buffer cannot go anywhere either)


def write_out(path: Path, text: str) -> None:
    """Write ``text`` to a file the user named for output (see :func:`writing_to`)."""
    with writing_to(path) as sink:
        sink.write(text)


def make_folder(path: Path) -> None:
    """A folder the user named for output, made if missing (and its parents)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}")


@contextmanager
def handle_errors() -> Iterator[None]:
    """Turn bad input (a :class:`~jink.errors.JinkError`, a file that cannot be
    read) into :func:`fail`: one line on stderr, exit status 1."""
    try:
        yield
    except JinkError as error:
        fail(with_symbols(str(error)))
    except KeyboardInterrupt:
        # Ctrl-C: what was printed stays printed; the run says it stopped short.
        fail("interrupted")
    except OSError as error:
        if error.filename is None:
            raise  # not a file we were asked to read (a closed pipe, say)
        fail(f"cannot read {error.filename}: {error.strerror or error}")

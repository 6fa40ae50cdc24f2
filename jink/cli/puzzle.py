"""``jink puzzle``: check, list, show, solve, generate and play puzzles.

A puzzle is named by a file (``puzzle.toml``) or by the id of a built-in one
(``jink puzzle list``). The library does the work (:mod:`jink.puzzles`);
these commands parse options and print.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from jink.cards import card_name, card_symbol, parse_card, with_symbols
from jink.cli.common import (
    GAME_NAMES,
    MOST_DEALS,
    MOST_PLAYERS,
    Command,
    EngineOpt,
    ExactOpt,
    Group,
    JsonOpt,
    MaxNodesOpt,
    MaxSecondsOpt,
    MemoryOpt,
    ThreadsOpt,
    epilog,
    fail,
    fresh_seed,
    game_option,
    handle_errors,
    make_folder,
    max_nodes_option,
    max_seconds_option,
    output_path,
    print_json,
    print_sections,
    say_seed,
    search_options,
    seed_option,
    stdout,
    threads_option,
    write_out,
)
from jink.cli.render import cards_markup, deal_diagram
from jink.errors import JinkError, LimitExceeded, ParseError, PositionError
from jink.formats.files import position_to_dict
from jink.games import find_game
from jink.position import Position, hand_text
from jink.puzzles.check import CheckResult, check
from jink.puzzles.collection import collection, find_puzzle_file
from jink.puzzles.generate import ATTEMPT_NODES, generate
from jink.puzzles.play import PlaySession
from jink.puzzles.puzzle import Puzzle, dumps, read
from jink.puzzles.solution import line_text, solve_puzzle
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.words import plural

app = typer.Typer(
    cls=Group,
    name="puzzle",
    help="Puzzles: composed positions with one key card. Check, list, show, solve, "
         "generate, play.",
    epilog="Try: jink puzzle list, jink puzzle show sf-3-lead-01, jink puzzle play "
           "sf-3-lead-01, jink puzzle check. See docs/puzzles.md.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)

#: Seconds one puzzle may take to check by default: a sound puzzle of the
#: collection takes well under one on the Python engine.
CHECK_SECONDS = 20.0

CHECK_EPILOG = epilog(
    "jink puzzle check                    (the built-in collection)",
    "jink puzzle check mine.toml --json",
    note="A puzzle that passes --max-seconds or --max-nodes is reported not proved (so "
         "not sound), and the other puzzles are still checked.")

FilesArg = Annotated[list[Path] | None, typer.Argument(
    help="Puzzle files (TOML with a \\[puzzle] table); none: the built-in collection.",
    metavar="FILE...", show_default=False)]
# In puzzle check a limit passed is not the command's error: that puzzle is not proved.
CheckSecondsOpt = Annotated[float, max_seconds_option(
    f"Past this many seconds on one puzzle, report it not proved (not sound) and go on "
    f"to the next; default {CHECK_SECONDS:g}.")]
CheckNodesOpt = Annotated[int | None, max_nodes_option(
    "Past this many search nodes on one puzzle, report it not proved (not sound) and go "
    "on to the next; default: no limit.")]
# Generating: one thread unless asked (the node limit then gives a seed the
# same puzzles on every machine).
GenerateThreadsOpt = Annotated[int | None, threads_option("1, so that a seed gives the same "
                                                          "puzzles on every machine")]


def _err() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


@app.command("check", cls=Command, epilog=CHECK_EPILOG)
def check_command(files: FilesArg = None, max_seconds: CheckSecondsOpt = CHECK_SECONDS,
                  max_nodes: CheckNodesOpt = None, memory: MemoryOpt = DEFAULT_MEMORY_MB,
                  engine: EngineOpt = None,
                  exact: ExactOpt = False,
                  threads: ThreadsOpt = None,
                  json_output: JsonOpt = False) -> None:
    """Prove puzzles sound with the solver (none given: the built-in collection).

    Sound: the goal can be forced, every card of key keeps it, no other legal
    card does. Each problem is said in words, never mended; exit status 1 if
    any puzzle is not sound.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
    with handle_errors():
        items: list[tuple[str, Puzzle | JinkError]] = []
        if files:
            for path in files:
                try:
                    items.append((str(path), read(path)))
                except JinkError as error:
                    items.append((str(path), error))
                except OSError as error:
                    fail(f"cannot read {path}: {error.strerror or error}")
        else:
            items = [(f"built-in:{p.id}", p) for p in collection()]
        bad = 0
        console = stdout()
        with Progress(console=_err(), transient=True, disable=not _err().is_terminal) as bar:
            task = bar.add_task("checking", total=len(items))
            for name, item in items:
                if isinstance(item, JinkError):
                    result = CheckResult("", (f"cannot read: {item}",))
                else:
                    result = check(item, search.limit, search.memory_mb)
                bad += not result.ok
                if json_output:
                    print_json(result.to_dict(name))
                elif result.ok:
                    console.print(f"[green]ok[/green]   {escape(name)} ({escape(result.id)})",
                                  soft_wrap=True)
                else:
                    # soft_wrap: a long path is not wrapped (wrapping leaves
                    # trailing spaces), as everything printed for people.
                    console.print(f"[red]FAIL[/red] {escape(name)}"
                                  + (f" ({escape(result.id)})" if result.id else ""),
                                  soft_wrap=True)
                    for problem in result.problems:
                        console.print(f"     - {problem}", markup=False, soft_wrap=True)
                bar.advance(task)
        if not json_output:
            print_sections(Text(f"{len(items) - bad} of {len(items)} sound"), gap=bool(items))
        if bad:
            raise typer.Exit(1)


GENERATE_EPILOG = epilog(
    "jink puzzle generate --game spoil-five --players 4 --seed 7 --out puzzles/",
    "jink puzzle generate -g loo --players 8 --count 3 --seed 1 --out new/",
    "jink puzzle generate -g rounce --players 7 --cards 2 --mid-trick --out end/   "
    "(endgames)",
    note="A deal whose search passes --max-nodes or --max-seconds is given up and the "
         "next is tried. Only --max-nodes (a count) gives the same puzzles on every "
         "machine; --max-seconds depends on the machine's speed.")

#: The most puzzles one run of generate looks for.
MOST_PUZZLES = 10_000
GameOpt = Annotated[str | None, game_option("Options")]
PlayersOpt = Annotated[int, typer.Option(
    "--players", "-n", metavar="N", help="Seats at the table; default 3.", min=1,
    max=MOST_PLAYERS, show_default=False)]
CardsOpt = Annotated[int | None, typer.Option(
    "--cards", metavar="N", min=1,
    help="Cards left in each hand (fewer than a full hand: an endgame, the "
    "tricks before shared at random); default a full hand, a first lead.",
    show_default=False)]
MidOpt = Annotated[bool, typer.Option(
    "--mid-trick", help="Play some cards to the trick at random first: the puzzle is a "
    "follow, not a lead.")]
SeedOpt = Annotated[int | None, seed_option("puzzles")]
CountOpt = Annotated[int, typer.Option("--count", metavar="N",
                                       help="How many puzzles to find; default 1.",
                                       min=1, max=MOST_PUZZLES,
                                       show_default=False)]
AttemptsOpt = Annotated[int, typer.Option("--attempts", metavar="N",
                                          help="Deals to try at most; default 500.",
                                          min=1, max=MOST_DEALS,
                                          show_default=False)]
# In generate a limit passed is not the command's error: that deal is given up.
GenerateNodesOpt = Annotated[int, max_nodes_option(
    "Past this many search nodes on one deal, give the deal up and try the next (a "
    f"count, not a time: reproducible); default {ATTEMPT_NODES}.")]
GenerateSecondsOpt = Annotated[float | None, max_seconds_option(
    "Past this many seconds on one deal, give the deal up and try the next (not "
    "reproducible across machines); default: no limit.")]
OutOpt = Annotated[Path, typer.Option(
    "--out", metavar="DIR", parser=output_path,
    help="Folder to write the puzzle files to (made if missing); "
    "each is named ID.toml.", show_default=False)]
def check_prefix(value: str | None) -> str | None:
    """A prefix names files inside --out: a plain name, no folder.

    >>> check_prefix("sf-4")
    'sf-4'
    """
    if (value is not None and not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", value)) \
            or (value is not None and ".." in value):
        raise typer.BadParameter(f"a plain name (letters, digits, '-', '_', '.'), not "
                                 f"{value!r}: the files go in --out")
    return value


PrefixOpt = Annotated[str | None, typer.Option(
    "--prefix", metavar="PREFIX", callback=check_prefix,
    help="Ids are PREFIX-01, PREFIX-02, ...; default GAME-PLAYERS-sSEED.",
    show_default=False)]


@app.command("generate", cls=Command, epilog=GENERATE_EPILOG)
def generate_command(out: OutOpt, game: GameOpt = None, players: PlayersOpt = 3,
                     cards: CardsOpt = None, mid_trick: MidOpt = False,
                     seed: SeedOpt = None, count: CountOpt = 1, attempts: AttemptsOpt = 500,
                     max_seconds: GenerateSecondsOpt = None,
                     max_nodes: GenerateNodesOpt = ATTEMPT_NODES,
                     memory: MemoryOpt = DEFAULT_MEMORY_MB, prefix: PrefixOpt = None,
                     engine: EngineOpt = None,
                     exact: ExactOpt = False,
                     threads: GenerateThreadsOpt = None,
                     json_output: JsonOpt = False) -> None:
    """Search random deals for puzzles: one key card, not the obvious one.

    A deal is kept when exactly one card (equivalent cards are one) keeps a
    goal of the seat to play, that seat has more than one card in play, and
    the key is not its highest-ranking legal card. Difficulty (1 to 5) is
    measured: the tempting wrong cards a simple player considers, whether it
    considers the key, how deep the refutations go. Files pass jink puzzle check.
    """
    # One thread unless asked: its node limit then gives a seed the same puzzles
    # on every machine (several threads' nodes vary from run to run).
    search = search_options(max_seconds, max_nodes, memory, engine, exact,
                            1 if threads is None else threads)
    with handle_errors():
        game_obj = find_game("spoil-five" if game is None else game)
        game_obj.check_players(players)
        if cards is not None and not 1 <= cards <= game_obj.hand_size:
            raise typer.BadParameter(f"{game_obj.title} hands hold 1 to "
                                     f"{game_obj.hand_size} cards, not {cards}",
                                     param_hint="--cards")
        make_folder(out)
        drawn = fresh_seed(seed)
        if seed is None:
            say_seed(drawn)
        made = 0
        console = stdout()
        with Progress(console=_err(), transient=True, disable=not _err().is_terminal) as bar:
            task = bar.add_task("dealing", total=attempts)

            def advance(found: int) -> None:
                bar.update(task, advance=1, description=f"found {found} of {count}")

            for puzzle in generate(game_obj.name, players, seed=drawn, count=count,
                                   cards=cards, mid_trick=mid_trick, attempts=attempts,
                                   limit=search.limit, prefix=prefix,
                                   progress=advance, memory_mb=search.memory_mb):
                path = out / f"{puzzle.id}.toml"
                text = dumps(puzzle)
                _refuse_replacing(path, text)
                write_out(path, text)
                made += 1
                if json_output:
                    print_json({"file": str(path), **puzzle.summary()})
                else:
                    console.print(f"{path}  difficulty {puzzle.difficulty}  goal "
                                  f"{puzzle.goal}", markup=False, soft_wrap=True)
        if made < count:
            fail(f"found {made} of {plural(count, 'puzzle')} in {plural(attempts, 'deal')} "
                 "(try more --attempts, or another --seed)")


# -- list, show, solve ----------------------------------------------------------------

LIST_EPILOG = epilog(
    "jink puzzle list",
    "jink puzzle list --game loo --difficulty 3-5",
    "jink puzzle list --players 7-10 --json")

PuzzleArg = Annotated[str, typer.Argument(
    help="A built-in puzzle's id (see jink puzzle list) or a puzzle file.", metavar="ID")]
ListGameOpt = Annotated[str | None, typer.Option(
    "--game", "-g", metavar="GAME", help=f"Only this game: {GAME_NAMES}, or an alias.",
    show_default=False)]
def _range(text: str, where: str, most: int) -> tuple[int, int]:
    """``"3-5"`` or ``"4"``, each number from 1 to ``most``."""
    low, sep, high = text.partition("-")
    try:
        first = int(low)
        last = int(high) if sep else first
    except ValueError:
        raise ParseError(f'expected a number or a range such as "3-5", got {text!r}',
                         where) from None
    if first > last:
        raise ParseError(f"the range {text!r} is empty (write the smaller number first)",
                         where)
    if first < 1 or last > most:
        raise ParseError(f"{text!r}: give numbers from 1 to {most}", where)
    return first, last


def _range_option(most: int) -> Callable[[str | None], str | None]:
    """A callback: a range that does not read is a misused command line (exit
    status 2), as ``deal --players 0`` is."""
    def check(value: str | None) -> str | None:
        if value is not None:
            try:
                _range(value, "", most)
            except ParseError as error:
                raise typer.BadParameter(str(error).removeprefix(": ")) from None
        return value
    return check


RangeOpt = Annotated[str | None, typer.Option(
    "--players", "-n", metavar="N", help='Only these table sizes: "4" or "7-10".',
    callback=_range_option(MOST_PLAYERS), show_default=False)]
DifficultyOpt = Annotated[str | None, typer.Option(
    "--difficulty", "-d", metavar="LEVEL", help='Only these difficulties (1 to 5): "2" or '
    '"3-5".', callback=_range_option(5), show_default=False)]


def _where(p: Position) -> str:
    if p.trick:
        return f"follow, trick {p.tricks_done + 1}"
    return "first lead" if not p.tricks_done else f"lead, trick {p.tricks_done + 1}"


@app.command("list", cls=Command, epilog=LIST_EPILOG)
def list_command(game: ListGameOpt = None, players: RangeOpt = None,
                 difficulty: DifficultyOpt = None, json_output: JsonOpt = False) -> None:
    """List the built-in puzzles (not their answers)."""
    with handle_errors():
        name = find_game(game).name if game is not None else None
        seats = _range(players, "--players", MOST_PLAYERS) if players is not None else None
        hard = _range(difficulty, "--difficulty", 5) if difficulty is not None else None
        chosen = [p for p in collection()
                  if (name is None or p.game == name)
                  and (seats is None or seats[0] <= p.players <= seats[1])
                  and (hard is None or hard[0] <= p.difficulty <= hard[1])]
        if json_output:
            for puzzle in chosen:
                print_json(puzzle.summary())
            return
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
        for column in ("Id", "Game", "Seats", "Where", "Goal", "Level"):
            # (the place in the deal wraps, so the rest fits 80 columns whole)
            table.add_column(column, no_wrap=column != "Where")
        for puzzle in chosen:
            table.add_row(escape(puzzle.id), puzzle.game, str(puzzle.players),
                          _where(puzzle.position), puzzle.goal, "*" * puzzle.difficulty)
        print_sections(table, Text(f"{len(chosen)} puzzle{'' if len(chosen) == 1 else 's'}."
                                   " Try: jink puzzle show ID, jink puzzle play ID."))


SHOW_EPILOG = epilog(
    "jink puzzle show sf-3-lead-01",
    "jink puzzle show mine.toml --hint")

HintOpt = Annotated[bool, typer.Option("--hint", help="Print the puzzle's hint too.")]


def _refuse_replacing(path: Path, text: str) -> None:
    """A puzzle file already there is replaced only by the same puzzle (the same
    command run again): another run's puzzle of the same id is kept, and the
    command fails naming it."""
    try:
        old = path.read_bytes()
    except OSError:
        return  # not there (or not readable: writing it says why)
    if old != text.encode("utf-8"):
        fail(f"{path} already holds another puzzle: give another --prefix or --out "
             "(nothing is replaced)")


def _header(puzzle: Puzzle) -> list[RenderableType]:
    """The title, the deal and the task: three sections."""
    return [Text(f"{puzzle.title}  [{puzzle.id}, difficulty {puzzle.difficulty}]",
                 style="bold"),
            deal_diagram(puzzle.file), Text(puzzle.task(), style="bold")]


@app.command("show", cls=Command, epilog=SHOW_EPILOG)
def show_command(puzzle_id: PuzzleArg, hint: HintOpt = False,
                 json_output: JsonOpt = False) -> None:
    """Show a puzzle: the position and the task, not the answer."""
    with handle_errors():
        puzzle = find_puzzle_file(puzzle_id)
        to_play = puzzle.position.seat_to_play
        if to_play != puzzle.seat:
            # (as check, solve and play refuse it: the task would name the wrong seat)
            raise PositionError(f"puzzle {puzzle.id} is not sound: seat {puzzle.seat + 1} is "
                                f"not the seat to play (seat {to_play + 1} is)")
        if json_output:
            out = {**puzzle.summary(), "task": puzzle.task(),
                   "position": position_to_dict(puzzle.file)}
            if hint:
                out["hint"] = puzzle.hint
            print_json(out)
            return
        hint_text = [Text(f"Hint: {puzzle.hint or 'none given.'}")] if hint else []
        print_sections(*_header(puzzle), *hint_text)


SOLVE_EPILOG = epilog(
    "jink puzzle solve sf-3-lead-01",
    "jink puzzle solve mine.toml --json")


@app.command("solve", cls=Command, epilog=SOLVE_EPILOG)
def solve_command(puzzle_id: PuzzleArg, max_seconds: MaxSecondsOpt = None,
                  max_nodes: MaxNodesOpt = None, memory: MemoryOpt = DEFAULT_MEMORY_MB,
                  engine: EngineOpt = None,
                  exact: ExactOpt = False,
                  threads: ThreadsOpt = None,
                  json_output: JsonOpt = False) -> None:
    """Solve a puzzle: the key, its line, and the refutation of each tempting card.

    All of it is worked out by the solver, not read from the file; an unsound
    puzzle is refused with its problems.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
    with handle_errors():
        puzzle = find_puzzle_file(puzzle_id)
        solution = solve_puzzle(puzzle, search.limit, search.memory_mb)
        if json_output:
            print_json(solution.to_dict())
            return
        p = puzzle.position
        key = solution.key
        sections: list[RenderableType] = [*_header(puzzle), Text(puzzle.story)]
        # Each card's section: what it does, then its line (one section, no gap).
        heading = Text.from_markup(f"[bold]Key:[/bold] {cards_markup(key[:1])}"
                                   + (f" (or its equal {cards_markup(key[1:])})"
                                      if key[1:] else ""))
        sections.append(_with_line(heading, line_text(p, key[0], solution.line)))
        for refutation in solution.tempting:
            heading = Text.from_markup(
                f"[bold]{cards_markup([refutation.card])}[/bold] keeps at most "
                f"{refutation.max_tricks} trick{'' if refutation.max_tricks == 1 else 's'}; "
                f"the goal is lost by trick {p.tricks_done + refutation.lost_at}:")
            sections.append(_with_line(heading, line_text(p, refutation.card,
                                                          refutation.line)))
        if solution.others:
            rest = ", ".join(f"{card_symbol(r.card)} ({r.max_tricks})" for r in solution.others)
            sections.append(Text(f"Also losing (most tricks kept): {rest}."))
        print_sections(*sections)


def _with_line(heading: Text, lines: list[str]) -> Text:
    """A heading and the line of play under it, indented, as one section."""
    return Text("\n").join([heading, *(Text(f"  {with_symbols(text)}") for text in lines)])


# -- play ----------------------------------------------------------------------------

PLAY_EPILOG = epilog(
    "jink puzzle play sf-3-lead-01",
    "jink puzzle play mine.toml",
    "printf '8S\\nundo\\n' | jink puzzle play sf-3-lead-01       (a script on stdin)",
    "printf '8S\\nquit\\n' | jink puzzle play sf-3-lead-01 --json",
    note="At the prompt type a card (8S, 10h, T♥), or: undo (take back your last card), "
         "hint, hand (show the deal again), quit. Reads plain lines, so it can be "
         "scripted. With --json: no prompt and no pictures, one JSON object a line on "
         "stdout for each thing that happens (start, play, mistake, undo, hint, hand, "
         "error, end).")


class _Player:
    """What play says, for people (lines of text) or with ``json_output`` as one
    JSON object a line, each with its ``event``."""

    def __init__(self, json_output: bool) -> None:
        self.json = json_output
        self.console = stdout()

    def say(self, event: str, text: str | RenderableType | list[RenderableType],
            style: str | None = None,
            **data: object) -> None:
        self.say_data(event, text, data, style)

    def say_data(self, event: str, text: str | RenderableType | list[RenderableType],
                 data: dict[str, object],
                 style: str | None = None) -> None:
        if self.json:
            print_json({"event": event, **data})
        elif isinstance(text, str):
            # People read cards as the tables draw them (Q♦); JSON keeps names.
            self.console.print(with_symbols(text), style=style, markup=False)
        else:
            # A picture: a blank line before it (but first) and after it.
            print_sections(*(text if isinstance(text, list) else [text]),
                           gap=event != "start")
            typer.echo()

    def read(self, prompt: str) -> str | None:
        """One line from stdin (after ``prompt`` for people); None at the end of input."""
        if not self.json:
            typer.echo(prompt, nl=False)
        line = sys.stdin.readline()
        if not line:
            if not self.json:
                typer.echo()
            return None
        if not self.json and not sys.stdin.isatty():
            typer.echo(line.rstrip("\n"))  # echo scripted input, so the transcript reads
        return line.strip()


def _your_turn(session: PlaySession) -> tuple[str, dict[str, object]]:
    p = session.position
    rules = p.rules
    trick = ", ".join(f"seat {p.seat_of_trick_card(i) + 1} {card_name(c)}"
                      for i, c in enumerate(p.trick))
    legal = [card_name(c) for c in p.legal_cards()]
    text = (f"Trick {p.tricks_done + 1}: " + (f"{trick}." if trick else "you lead.")
            + f" Your hand: {hand_text(rules, p.hands[session.seat])}; legal: "
            + " ".join(legal) + ".")
    return text, {"trick": p.tricks_done + 1, "cards": [card_name(c) for c in p.trick],
                  "hand": hand_text(rules, p.hands[session.seat]), "legal": legal}


def _play_line(seat: int, card: int, won_by: int | None) -> tuple[str, dict[str, object]]:
    text = f"seat {seat + 1} plays {card_name(card)}"
    if won_by is not None:
        text += f"; seat {won_by + 1} wins the trick"
    return text, {"seat": seat + 1, "card": card_name(card),
                  "won_by": None if won_by is None else won_by + 1}


@app.command("play", cls=Command, epilog=PLAY_EPILOG)
def play_command(puzzle_id: PuzzleArg, max_seconds: MaxSecondsOpt = None,
                 max_nodes: MaxNodesOpt = None, memory: MemoryOpt = DEFAULT_MEMORY_MB,
                 engine: EngineOpt = None,
                 exact: ExactOpt = False,
                 threads: ThreadsOpt = None,
                 json_output: JsonOpt = False) -> None:
    """Play a puzzle's seat at a prompt against the solver.

    The solver plays every other seat perfectly. A card that throws the goal
    away is flagged at once with the line that refutes it; undo takes it back.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
    with handle_errors():
        puzzle = find_puzzle_file(puzzle_id)
        session = PlaySession(puzzle, search.limit, search.memory_mb)
        out = _Player(json_output)
        out.say("start", _header(puzzle), **puzzle.summary(), task=puzzle.task(),
                position=position_to_dict(puzzle.file))
        seat = puzzle.seat + 1
        while True:
            for move in session.reply():
                text, data = _play_line(move.seat, move.card, move.won_by)
                out.say_data("play", text, data)
            if session.finished:
                break
            text, data = _your_turn(session)
            out.say_data("turn", text, data)
            line = out.read(f"seat {seat}> ")
            if line is None or line.lower() in ("quit", "q", "exit"):
                out.say("end", "Stopped: not solved.", solved=False, stopped=True)
                return
            word = line.lower()
            if not word:
                continue
            if word == "undo":
                if session.can_undo:
                    session.undo()
                    out.say("undo", "Taken back.", undone=True)
                else:
                    out.say("undo", "Nothing to undo.", undone=False)
                continue
            if word == "hint":
                out.say("hint", f"Hint: {puzzle.hint or 'none given.'}", hint=puzzle.hint)
                continue
            if word == "hand":
                out.say("hand", deal_diagram(session.position),
                        position=position_to_dict(session.position))
                continue
            try:
                card = parse_card(line)
                before = session.position
                mistake = session.play(card)
            except LimitExceeded:
                raise
            except JinkError as error:
                out.say("error", f"{error}; try again.", message=str(error))
                continue
            won = session.position.tricks_done > before.tricks_done
            text, data = _play_line(puzzle.seat, card,
                                    session.position.leader if won else None)
            out.say_data("play", text, data)
            if mistake is not None:
                out.say("mistake", f"Mistake: {card_name(card)} throws the goal away (at "
                        f"most {mistake.max_tricks} trick"
                        f"{'' if mistake.max_tricks == 1 else 's'} now). The refutation:",
                        style="bold red", card=card_name(card),
                        max_tricks=mistake.max_tricks,
                        line=[step.to_dict() for step in mistake.line])
                if not json_output:
                    for text in line_text(before, card, mistake.line):
                        out.say("line", f"  {text}")
                    out.say("undo", "Type undo to take it back.")
        p = session.position
        mine = sum(p.won[s] for s in session.side)
        tricks = f"{mine} trick{'' if mine == 1 else 's'}"
        if session.solved:
            out.say("end", f"Solved: seat {seat} has {tricks}; the goal is kept"
                    + (" (with a mistake taken back)." if session.mistakes else "."),
                    style="bold green", solved=True, tricks=mine, mistakes=session.mistakes)
        else:
            out.say("end", f"Not solved: seat {seat} has {tricks}; the goal is lost.",
                    style="bold red", solved=False, tricks=mine, mistakes=session.mistakes)

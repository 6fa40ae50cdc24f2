"""``jink solve``: the double-dummy verdicts, scored cards and line of a position."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated, TextIO

import typer
from rich.console import Console
from rich.progress import Progress

from jink.analysis.expected import solve_expected
from jink.analysis.solve import SolveResult, line_verdicts, solve
from jink.cli.common import (
    NO_POSITION,
    AnytimeNodesOpt,
    AnytimeSecondsOpt,
    EngineOpt,
    ExactOpt,
    ExampleOpt,
    FileArg,
    JsonOpt,
    MemoryOpt,
    PositionOptions,
    ThreadsOpt,
    check_seats,
    epilog,
    fail,
    handle_errors,
    output_path,
    parse_seats,
    positions_from_cli,
    print_json,
    print_sections,
    refuse_overwrite,
    say_bad_line,
    search_options,
    seats_option,
    takes_position,
    writing_to,
)
from jink.cli.html import HtmlOpt, check_html, write_html
from jink.cli.render import deal_diagram
from jink.cli.solve_render import expected_picture, solve_picture
from jink.errors import JinkError, ParseError
from jink.formats.files import parse_jsonl
from jink.formats.inputs import read_bytes
from jink.position import Position
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.study.page import solve_page
from jink.words import plural

EPILOG = epilog(
    "jink solve --example",
    "jink solve deal.toml --seat 2 --goal spoil",
    'jink solve --trump D --hands "5D JD AH KC 2S / 9C 8C 7C 6C 4C / KD QD 2D 3H 4H" --json',
    "jink solve --positions deals.jsonl --out results.jsonl",
    "jink solve loo.toml --expected      (a Loo simple pool with no turn card)")

SOLVE_PANEL = "Question"
SeatOpt = Annotated[int | None, typer.Option(
    "--seat", metavar="SEAT", help="The seat asked about; default: the seat to play.",
    rich_help_panel=SOLVE_PANEL, show_default=False)]
SeatsOpt = Annotated[str | None, typer.Option(
    "--seats", metavar="SEATS", callback=seats_option,
    help='Verdicts for these seats only, and the seat asked about ("1,3"); default every '
         "seat. At a big table another seat's spoil question can take minutes.",
    rich_help_panel=SOLVE_PANEL, show_default=False)]
GoalOpt = Annotated[str | None, typer.Option(
    "--goal", metavar="GOAL",
    help="three, jink, spoil (Spoil Five), a question of the game (odd_trick, ...: see "
         "jink rules GAME), or a number of tricks; default: the game's main question.",
    rich_help_panel=SOLVE_PANEL, show_default=False)]
LineOpt = Annotated[bool, typer.Option(
    "--line/--no-line", help="Work out the annotated line of play (the default), or not.",
    rich_help_panel=SOLVE_PANEL, show_default=False)]
MovesOpt = Annotated[bool, typer.Option(
    "--moves/--no-moves", help="Score every legal card of the seat to play (the default), "
    "or not.", rich_help_panel=SOLVE_PANEL, show_default=False)]
PositionsOpt = Annotated[Path | None, typer.Option(
    "--positions", metavar="FILE",
    help="Solve every position of a .jsonl file, one result per line.", show_default=False)]
ExpectedOpt = Annotated[bool, typer.Option(
    "--expected", help="Loo simple pool with no turn: average over the cards the turn "
    "could be (a labelled expectation, not double dummy).", rich_help_panel=SOLVE_PANEL)]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", metavar="FILE", parser=output_path,
    help="With --positions: write the results here, not to stdout.",
    show_default=False)]


@takes_position()
def solve_command(
    file: FileArg = None,
    opts: PositionOptions = NO_POSITION,
    example: ExampleOpt = False,
    seat: SeatOpt = None,
    seats: SeatsOpt = None,
    goal: GoalOpt = None,
    line: LineOpt = True,
    moves: MovesOpt = True,
    max_seconds: AnytimeSecondsOpt = None,
    max_nodes: AnytimeNodesOpt = None,
    memory: MemoryOpt = DEFAULT_MEMORY_MB,
    engine: EngineOpt = None,
    exact: ExactOpt = False,
    threads: ThreadsOpt = None,
    positions: PositionsOpt = None,
    out: OutOpt = None,
    expected: ExpectedOpt = False,
    json_output: JsonOpt = False,
    html: HtmlOpt = None,
) -> None:
    """Solve a position double dummy: what every seat can force, and how.

    Prints every seat's verdicts (max tricks, three, jink, spoil), every legal
    card of the seat to play scored for the seat asked about, and the best line
    of play to the end of the deal with a note on each card.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
    solved: list[int] | None = None

    def run(position: Position) -> SolveResult:
        check_seats([] if seat is None else [seat], position.players, "--seat")
        check_seats(solved or [], position.players)
        return solve(position, None if seat is None else seat - 1, goal, moves=moves,
                     line=line, limit=search.limit, memory_mb=search.memory_mb,
                     seats=None if solved is None else [s - 1 for s in solved])

    with handle_errors():
        refuse_overwrite(html, "--html", file, positions)
        if seats is not None:
            solved = parse_seats(seats)
        if positions is not None:
            if file is not None or example or opts.given():
                raise typer.BadParameter("--positions takes no other position",
                                         param_hint="--positions")
            refuse_overwrite(out, "--out", positions)
            check_html(html, 0, not_with="--positions")
            failed = solve_many(positions, out, run)
            if failed:
                fail(f"{plural(failed, 'line')} of {positions} failed "
                     "(see above)")
            return
        if out is not None:
            raise typer.BadParameter("--out goes with --positions", param_hint="--out")
        if expected:
            ignored = [name for name, given in (("--seat", seat is not None),
                                                ("--seats", seats is not None),
                                                ("--goal", goal is not None),
                                                ("--no-line", not line),
                                                ("--no-moves", not moves)) if given]
            if ignored:
                raise typer.BadParameter(
                    f"--expected gives every seat's averaged verdicts; it takes no "
                    f"{', '.join(ignored)}", param_hint="--expected")
        items = positions_from_cli(file, opts, example=example)
        check_html(html, len(items), not_with="--expected" if expected else None)
        for index, item in enumerate(items):
            if expected:
                outcome = solve_expected(item.position, search.limit, search.memory_mb)
                if json_output:
                    print_json(outcome.to_dict())
                else:
                    print_sections(deal_diagram(item), *expected_picture(outcome),
                                   gap=index > 0)
                continue
            result = run(item.position)
            if html is not None:
                # The page's verdict table follows its stepper: every solved
                # seat's verdicts after each card of the line (a limit of their own).
                write_html(html, solve_page(result, line_verdicts(result, search.limit,
                                                                  search.memory_mb)))
            if json_output:
                print_json(result.to_dict())
            else:
                print_sections(deal_diagram(item), *solve_picture(result), gap=index > 0)


def solve_many(path: Path, out: Path | None, run: Callable[[Position], SolveResult]) -> int:
    """Solve each line of a .jsonl file; a bad line is reported and skipped.

    Returns how many lines failed.
    """
    # Bytes, not text: each line is decoded on its own, so one line that is not
    # UTF-8 is reported and the others are still solved.
    entries = list(parse_jsonl(read_bytes(path), source=str(path)))
    if not entries:
        raise ParseError("no positions to solve: the file is empty"
                         + (" but for blank lines" if path.stat().st_size else ""), str(path))
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    failed = 0
    with ExitStack() as stack:
        # Opened only once the positions are read (a missing input leaves an old
        # --out file alone), and before any search (a bad --out fails at once).
        sink: TextIO = stack.enter_context(writing_to(out))
        # The bar is drawn on stderr, and only there: stdout is never redirected
        # through it. When the results go to the same terminal, the bar is taken
        # down while each result is written, so the two never share a line.
        progress = stack.enter_context(Progress(console=err, transient=True,
                                                disable=not err.is_terminal,
                                                redirect_stdout=False, redirect_stderr=False))
        share_terminal = out is None and not progress.disable and sys.stdout.isatty()
        task = progress.add_task("solving", total=len(entries))
        for entry in entries:
            result = entry.result
            try:
                if isinstance(result, JinkError):
                    raise result
                solved = run(result.position)
            except JinkError as error:
                failed += 1
                say_bad_line(err, path, entry.line, error)
            else:
                # The input's line number, so results can be matched to inputs.
                record = {"input_line": entry.line, **solved.to_dict()}
                if share_terminal:
                    progress.stop()  # transient: erases the bar, the cursor at its start
                try:
                    sink.write(json.dumps(record, ensure_ascii=False) + "\n")
                    sink.flush()
                except OSError as error:
                    if out is None:
                        raise  # stdout closed (a pipe), not a file we were asked to write
                    fail(f"cannot write {out}: {error.strerror or error}")
                if share_terminal:
                    progress.start()
            progress.advance(task)
    return failed




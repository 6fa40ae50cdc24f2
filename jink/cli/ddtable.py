"""``jink table``: the double-dummy table of a deal, one column per trump suit."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer
from rich import box
from rich.console import Console, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table
from rich.text import Text

from jink.analysis.ddtable import DDTable, dd_table
from jink.cli.common import (
    NO_POSITION,
    EngineOpt,
    ExactOpt,
    ExampleOpt,
    FileArg,
    JsonOpt,
    MaxNodesOpt,
    MaxSecondsOpt,
    MemoryOpt,
    PositionOptions,
    ThreadsOpt,
    epilog,
    for_each_position,
    handle_errors,
    print_json,
    print_sections,
    search_options,
    takes_position,
)
from jink.cli.render import deal_diagram, suit_markup
from jink.formats.files import PositionFile
from jink.games import Question
from jink.solver.table import DEFAULT_MEMORY_MB

EPILOG = epilog(
    'jink table --hands "5D JD AH KC 2S / 9C 8C 7C 6C 4C / KD QD 2D 3H 4H"',
    'jink table --deal "rams:H:1:AH.KH.8C.9C.TS QH.JH.AC.KC.7S 7H.AS.KS.QS.JS" --json',
    "jink table deals.jsonl --every-leader",
    note="The deal's own trump (and turn-up), which --hands need not give, is set "
         "aside: each column is the deal played with that suit trumps from the first "
         "card, seat by seat against all the others (partners together).")

EveryLeaderOpt = Annotated[bool, typer.Option(
    "--every-leader", help="A table for each seat leading to the first trick, not only "
    "the deal's leader.")]


@takes_position(without=('trick', 'won'))
def table_command(
    file: FileArg = None,
    opts: PositionOptions = NO_POSITION,
    example: ExampleOpt = False,
    every_leader: EveryLeaderOpt = False,
    max_seconds: MaxSecondsOpt = None,
    max_nodes: MaxNodesOpt = None,
    memory: MemoryOpt = DEFAULT_MEMORY_MB,
    engine: EngineOpt = None,
    exact: ExactOpt = False,
    threads: ThreadsOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """The double-dummy table of a deal: what each seat can force, each suit trumps.

    For each trump suit (columns) and each seat (rows): the most tricks the
    seat can be sure of against all the others, and which of the game's
    questions it can force, as jink solve answers them for one trump.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
    with handle_errors():
        no_trump = opts.hands is not None and opts.trump is None and opts.turnup is None
        if no_trump:
            # Every suit is tried: the deal's own trump, needed to make a
            # position, matters not; when not given any suit will do (and no
            # deal diagram is drawn, which would sort the hands by it).
            opts = dataclasses.replace(opts, trump="S")
        err = Console(stderr=True, highlight=False)

        def act(item: PositionFile, index: int) -> None:
            position = item.position
            leaders = range(position.players) if every_leader else None
            with Progress(TextColumn("solving"), BarColumn(), MofNCompleteColumn(),
                          console=err, transient=True, disable=not err.is_terminal) as bar:
                task = bar.add_task("cells", total=None)
                table = dd_table(position, leaders, search.limit, search.memory_mb,
                                 lambda done, total: bar.update(task, completed=done,
                                                                total=total))
            if json_output:
                print_json(table.to_dict())
            else:
                diagram = [] if no_trump else [deal_diagram(item)]
                print_sections(*diagram, *table_pictures(table), gap=index > 0)

        for_each_position(file, opts, example=example, act=act)


def abbreviations(questions: tuple[Question, ...]) -> list[str]:
    """A short mark for each question: the shortest distinct prefixes of their
    names, in capitals (three, jink, spoil: T, J, S).

    >>> abbreviations((Question("three", "", 3), Question("tricks", "", 1)))
    ['TH', 'TR']
    """
    names = [q.name.upper() for q in questions]
    for size in range(1, max((len(n) for n in names), default=1) + 1):
        marks = [n[:size] for n in names]
        if len(set(marks)) == len(marks):
            return marks
    return names


def table_pictures(table: DDTable) -> list[RenderableType]:
    """One table per first leader: a row per seat, a column per trump suit."""
    position = table.position
    questions = position.game.questions(position.players)
    marks = abbreviations(questions)
    pictures: list[RenderableType] = []
    for leader in table.leaders:
        pictures.append(Text(f"Double-dummy table, seat {leader + 1} leading to the first "
                             "trick", style="bold"))
        grid = Table(box=box.SIMPLE_HEAD)
        grid.add_column("Seat", justify="right")
        for trump in range(4):
            grid.add_column(f"{suit_markup(trump)} trumps", justify="left", no_wrap=True)
        for seat in range(position.players):
            cells = []
            for trump in range(4):
                verdict = table.cell(trump, leader).verdicts[seat]
                forced = " ".join(mark for mark, q in zip(marks, questions, strict=True)
                                  if verdict.answer(q.name))
                tricks = "?" if verdict.max_tricks is None else str(verdict.max_tricks)
                cells.append(f"{tricks} {forced}".rstrip())
            grid.add_row(str(seat + 1), *cells)
        pictures.append(grid)
    legend = ", ".join(f"{mark}: {q.label}" for mark, q in zip(marks, questions, strict=True))
    pictures.append(Text(f"Each cell: the most tricks the seat can be sure of, then the goals "
                         f"it can force ({legend}).", style="dim"))
    return pictures

"""``jink stats``: summary tables of research runs made by ``jink batch``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import RenderableType
from rich.table import Table as RichTable

from jink.batch.stats import TOP_TRUMPS, Table, Tally, summarise
from jink.batch.store import Store
from jink.cli.common import JsonOpt, epilog, handle_errors, output_path, print_json, print_sections
from jink.words import plural

EPILOG = epilog(
    "jink stats four.db",
    "jink stats three.db four.db five.db --plot eldest.png",
    "jink stats four.db --json",
    note="""\
Shares are of deals (seats: of the deals in which that seat was solved), each
with its 95% interval (Wilson's). Seat 1 is the eldest hand; the last seat
deals. "Anybody" counts the deals with every seat solved. Top trumps: how
many of the game's three highest trumps the seat holds. --plot needs
matplotlib: pip install 'jink[plot]'.""")

DbArg = Annotated[list[Path], typer.Argument(
    help="Databases made by jink batch; their deals are summed by game and table size.",
    metavar="DB...", show_default=False)]
PlotOpt = Annotated[Path | None, typer.Option(
    "--plot", metavar="FILE", parser=output_path,
    help="Also draw the chief charts into FILE (.png, .svg or "
    ".pdf).", show_default=False)]


def stats_command(dbs: DbArg, plot: PlotOpt = None, json_output: JsonOpt = False) -> None:
    """Summary tables of jink batch runs, with 95% intervals.

    How often each seat, by its place at the table, can force each of the
    game's questions (three, jink, spoil in Spoil Five), how often anybody
    can, and the chance by trumps held and by top trumps held.
    """
    with handle_errors():
        if plot is not None:
            from jink.batch.plot import FORMATS, pyplot

            if plot.suffix.lower() not in FORMATS:
                raise typer.BadParameter(f"write {', '.join(FORMATS)}, not {plot.name}",
                                         param_hint="--plot")
            pyplot()   # installed? said before the databases are read
        stores = [Store.open(db) for db in dbs]
        try:
            tables = summarise(stores)
        finally:
            for store in stores:
                store.close()
        if plot is not None:
            from jink.batch.plot import plot as draw

            draw(tables, plot)
        if json_output:
            print_json({"databases": [str(db) for db in dbs],
                        "tables": [t.to_dict() for t in tables]})
            return
        if not tables:
            print_sections("No deals solved yet.")
        for index, table in enumerate(tables):
            print_sections(*pictures(table), gap=index > 0)


def _cells(tallies: dict[str, Tally], questions: list[str]) -> list[str]:
    return [tallies[q].text() if q in tallies else "" for q in questions]


def pictures(table: Table) -> list[RenderableType]:
    """The tables for people: by seat (and anybody), by trumps, by top trumps."""
    q = table.questions
    title = f"{table.game}, {table.players} players: {plural(table.deals, 'deal')}"
    seats = RichTable(title=title + ", by seat", box=box.SIMPLE_HEAD,
                      caption="share of deals the seat can force it, 95% interval")
    seats.add_column("Seat")
    seats.add_column("Max tricks (mean)", justify="right")
    for name in q:
        seats.add_column(name.replace("_", " "), justify="right", no_wrap=True)
    for seat, group in sorted(table.seats.items()):
        seats.add_row(str(seat), f"{group.tricks / group.deals:.2f}",
                      *_cells(group.tallies, q))
    if table.anybody:
        seats.add_row("anybody", "", *_cells(table.anybody, q))
    out: list[RenderableType] = [seats]
    if table.anybody and q and q[0] in table.anybody:
        anybody = table.anybody[q[0]]
        nobody = Tally(anybody.deals - anybody.hits, anybody.deals)
        out.append(f"Nobody can force {q[0].replace('_', ' ')} in {nobody.text()} of "
                   f"{plural(nobody.deals, 'deal')} with every seat solved.")
    for groups, heading, what in ((table.by_trumps, "Trumps held", "by trumps held"),
                                  (table.by_top_trumps, f"Of the {TOP_TRUMPS} highest",
                                   "by top trumps held")):
        if not groups:
            continue
        picture = RichTable(title=f"{title}, {what} (each seat of each deal)",
                            box=box.SIMPLE_HEAD)
        picture.add_column(heading, justify="right")
        picture.add_column("Seat deals", justify="right")
        for name in q:
            picture.add_column(name.replace("_", " "), justify="right", no_wrap=True)
        for k, group in sorted(groups.items()):
            picture.add_row(str(k), f"{group.deals:,}", *_cells(group.tallies, q))
        out.append(picture)
    seconds = table.seconds / table.deals
    took = f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
    out.append(f"Search: {table.nodes / table.deals:,.0f} nodes and {took} a deal on "
               "average.")
    return out

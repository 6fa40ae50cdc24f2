"""``jink odds``: single-dummy odds of each card, from one seat's view."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from jink.cards import card_markup
from jink.cli.common import (
    EngineOpt,
    ExactOpt,
    JsonOpt,
    MaxNodesOpt,
    MaxSecondsOpt,
    MemoryOpt,
    epilog,
    fail,
    handle_errors,
    print_json,
    print_sections,
    refuse_overwrite,
    search_options,
    seed_option,
    write_out,
)
from jink.dealing.odds import OddsResult, load_view, odds
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.words import plural

EPILOG = epilog(
    "jink odds view.toml --deals 1000 --seed 1",
    "jink odds view.toml --exhaustive --json",
    "jink odds view.toml --deals 200 --max-seconds 5 --out odds.json",
    note="""\
A view is a position file with the hands the seat cannot see written "?",
and the cards known to be out of them listed in seen:

  game = "spoil-five"
  turnup = "2S"
  hands = ["KS 9H", "?", "?"]
  won = [1, 1, 1]
  seen = "AS QS 3S ..."          # played to earlier tricks, or shown
  [[seats]]                      # optional: what the play has shown
  seat = 2
  hearts = "0"                   # seat 2 showed out of hearts

The limits apply to each deal, as jink solve applies them to each position.
Each deal is solved double dummy (every hand open): the shares are upper
estimates of what the seat can expect. See docs/dealing.md.""")

FileArg = Annotated[Path, typer.Argument(
    help='A view: a position file (TOML, or .json) with unseen hands written "?".',
    metavar="FILE", show_default=False)]
#: The most deals --deals takes: at a million the 95% interval of a share is
#: within a tenth of a percent; more only takes longer (a limit applies to
#: each deal, not to the run).
MAX_DEALS = 1_000_000
DealsOpt = Annotated[int, typer.Option(
    "--deals", metavar="N", help="How many deals of the unseen cards to solve; default "
    "1000, at most a million.", min=1, max=MAX_DEALS, show_default=False)]
SeedOpt = Annotated[int | None, seed_option("odds", "shown with the result")]
ExhaustiveOpt = Annotated[bool, typer.Option(
    "--exhaustive", help="Solve every possible deal (at most a million) instead.")]
SeatOpt = Annotated[int | None, typer.Option(
    "--seat", metavar="SEAT", help="The seat whose cards are scored; default: the seat to "
    "play.", show_default=False)]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", metavar="FILE", help="Write the JSON result here instead of stdout.",
    show_default=False)]


def odds_command(
    file: FileArg,
    deals: DealsOpt = 1000,
    seed: SeedOpt = None,
    exhaustive: ExhaustiveOpt = False,
    seat: SeatOpt = None,
    max_seconds: MaxSecondsOpt = None,
    max_nodes: MaxNodesOpt = None,
    memory: MemoryOpt = DEFAULT_MEMORY_MB,
    engine: EngineOpt = None,
    exact: ExactOpt = False,
    out: OutOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """Single-dummy odds: how often each card keeps three, jink and spoil.

    Deals the cards the seat cannot see many times (or every way), solves each
    deal double dummy, and reports for each legal card the share of deals in
    which it keeps each of the game's goals, with a 95% interval, the mean of
    the most tricks, and the recommended card.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact)
    with handle_errors():
        refuse_overwrite(out, "--out", file)
        if exhaustive and seed is not None:
            raise typer.BadParameter("--exhaustive deals every way: it takes no --seed",
                                     param_hint="--seed")
        view = load_view(file)
        err = Console(stderr=True, highlight=False)
        columns = (TextColumn("solving deals"), BarColumn(), MofNCompleteColumn(),
                   TaskProgressColumn(), TextColumn("{task.fields[rate]}"),
                   TimeRemainingColumn())
        with Progress(*columns, console=err, transient=True,
                      disable=not err.is_terminal) as bar:
            task = bar.add_task("deals", total=None, rate="")

            def advance(done: int, total: int) -> None:
                elapsed = bar.tasks[0].elapsed or 0.0
                rate = f"{done / elapsed:.1f} deals/s" if elapsed else ""
                bar.update(task, completed=done, total=total, rate=rate)

            result = odds(view, deals=deals, seed=seed, exhaustive=exhaustive,
                          seat=None if seat is None else seat - 1,
                          limit=search.limit, memory_mb=search.memory_mb,
                          progress=advance)
        if out is not None:
            write_out(out, json.dumps(result.to_dict(), ensure_ascii=False) + "\n")
        if json_output:
            print_json(result.to_dict())
        elif out is None:
            print_sections(odds_table(result))
        if result.interrupted:
            fail(f"interrupted: the shares are of the {plural(result.deals, 'deal')} solved "
                 "by then")


def odds_table(result: OddsResult) -> Table:
    """Each legal card: mean max tricks and each question's share with its interval."""
    how = ("every possible deal" if result.exhaustive
           else f"{plural(result.deals, 'deal')} of {result.possible:,} possible, "
                f"seed {result.seed}")
    caption = ("each deal solved double dummy; shares of deals, exact" if result.exhaustive
               else "each deal solved double dummy; shares of deals, 95% interval")
    table = Table(title=f"Seat {result.seat + 1}: single-dummy odds over {how}",
                  box=box.SIMPLE_HEAD, caption=caption)
    table.add_column("card")
    table.add_column("max tricks (mean)", justify="right")
    for name in result.questions:
        table.add_column(name.replace("_", " "), justify="right", no_wrap=True)
    table.add_column("best for")
    best = result.best()
    for card in result.cards:
        cells = []
        for name in result.questions:
            share = card.share(name)
            low, high = share.interval
            # (one % sign for the interval: the share and its bounds on one line)
            text = f"{share.share:.0%}" if result.exhaustive else \
                f"{share.share:.0%} ({100 * low:.0f}-{100 * high:.0f}%)"
            cells.append(f"[bold]{text}[/bold]" if best.get(name) == card.card else text)
        best_for = ", ".join(name.replace("_", " ") for name, top in best.items()
                             if top == card.card)
        table.add_row(card_markup(card.card), f"{card.max_tricks_mean:.2f}", *cells, best_for)
    return table

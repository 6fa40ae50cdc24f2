"""``jink session``: an evening's play replayed, with the pool and the counters kept."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from jink.cli.common import (
    EngineOpt,
    ExactOpt,
    JsonOpt,
    MaxNodesOpt,
    MaxSecondsOpt,
    MemoryOpt,
    ThreadsOpt,
    epilog,
    fail,
    handle_errors,
    output_path,
    print_json,
    print_sections,
    refuse_overwrite,
    search_options,
    write_out,
)
from jink.cli.render import names_markup
from jink.errors import LimitExceeded
from jink.session.evening import Evening, play_evening
from jink.session.file import read_session
from jink.session.page import session_page
from jink.session.review import review_deal
from jink.solver.table import DEFAULT_MEMORY_MB

EPILOG = epilog(
    "jink session evening.toml",
    "jink session evening.toml --analyse --json",
    "jink session evening.toml --analyse --html evening.html",
    note="A session file names the game, the players in order round the table and the "
         "deals in order, each with its hands (seat 1, the dealer's left, first), turn-up, "
         "decisions and play; see docs/session.md.")

SessionArg = Annotated[Path, typer.Argument(
    help="A session file (TOML): the game, the players, the deals in order.",
    metavar="FILE", show_default=False)]
AnalyseOpt = Annotated[bool, typer.Option(
    "--analyse", help="Analyse every deal double dummy: was the pool forceable, by whom, "
    "which card lost it, and what the slips cost in counters.")]
SessionHtmlOpt = Annotated[Path | None, typer.Option(
    "--html", parser=output_path,
    help="Also write the evening as one self-contained page (HTML).",
    show_default=False, metavar="FILE")]


def session_command(file: SessionArg, analyse: AnalyseOpt = False,
                    max_seconds: MaxSecondsOpt = None, max_nodes: MaxNodesOpt = None,
                    memory: MemoryOpt = DEFAULT_MEMORY_MB, json_output: JsonOpt = False,
                    engine: EngineOpt = None,
                    exact: ExactOpt = False,
                    threads: ThreadsOpt = None,
                    html: SessionHtmlOpt = None) -> None:
    """Replay an evening's deals: check each, keep the pool and every player's counters.

    The ledger after each deal follows the game's own rules (Foster): Spoil
    Five's carried pool and jinks, Forty-Five's score, the divided pools of
    Rams, Rounce and Loo with their rams and loos, Bierspiel's crosses. A deal
    that breaks a rule is reported with its deal and trick; the ledger up to
    the deal before it is kept.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
    with handle_errors():
        refuse_overwrite(html, "--html", file)
        session = read_session(file)
        evening = play_evening(session)
        # The deals a limit stopped: the others are analysed all the same.
        ran_out: list[tuple[int, LimitExceeded]] = []
        if analyse and evening.deals:
            # On stderr only, and only on a terminal; the ledger is printed after it.
            err = Console(stderr=True, highlight=False)
            with Progress(console=err, transient=True, disable=not err.is_terminal,
                          redirect_stdout=False, redirect_stderr=False) as progress:
                task = progress.add_task("analysing", total=len(evening.deals))
                for result in evening.deals:
                    try:
                        review_deal(result, search.limit, search.memory_mb,
                                    session.ledger_options)
                    except LimitExceeded as error:
                        ran_out.append((result.number, error))
                    progress.advance(task)
        if html is not None:
            write_out(html, session_page(evening))
        if json_output:
            print_json(evening.to_dict())
        else:
            print_sections(*evening_picture(evening))
        if evening.error is not None:
            fail(evening.error)
        if ran_out:
            numbers = ", ".join(str(number) for number, _ in ran_out)
            which = f"deal {numbers}" if len(ran_out) == 1 else f"deals {numbers}"
            fail(f"{which} not analysed: {ran_out[0][1]}; the other deals are analysed above")


def evening_picture(evening: Evening) -> list[RenderableType]:
    """The ledger, a row per deal and a column per player (or side); then each
    deal's analysis, if asked; then the standings."""
    table = Table(title=f"{evening.session.game.title}: the ledger, deal by deal",
                  box=box.SIMPLE_HEAD, title_justify="left")
    columns = _columns(evening.standings())
    for column in ("Deal", "Dealer", "What happened"):
        table.add_column(column)
    for column in columns:
        table.add_column(escape(column[0].upper() + column[1:]), justify="right")
    for result in evening.deals:
        table.add_row(str(result.number), escape(result.dealer),
                      "\n".join(names_markup(e) for e in result.events),
                      *_cells(result.books, columns))
    table.add_section()
    table.add_row("", "", "[bold]standings[/bold]", *_cells(evening.standings(), columns))
    sections: list[RenderableType] = [table]
    last = evening.last_dealer
    if last is not None and evening.error is None:
        first = evening.session.players[evening.session.first_dealer]
        when = ("and made it: the evening may end here" if evening.may_end()
                else "so the evening may end only after a deal of theirs")
        sections.append(Text.from_markup(names_markup(
            f"The last deal of the evening is {last}'s, on the right of {first}, the first "
            f"dealer (Foster), {when}.")))
    for result in evening.deals:
        if result.analysis is None:
            continue
        seats = ", ".join(f"seat {i + 1} {escape(name)}" for i, name in enumerate(result.in_play))
        lines = [f"[bold]Deal {result.number}[/bold] [dim]({seats})[/dim]"]
        lines += [names_markup(line) for line in result.analysis.summary()]
        lines += [names_markup(slip) for slip in result.slips]
        lines += [f"[bold red]{names_markup(c)}[/bold red]" for c in result.costs]
        sections.append(Text.from_markup("\n".join(lines)))
    costs = [c for r in evening.deals for c in r.costs]
    if any(r.analysis is not None for r in evening.deals):
        sections.append(Text.from_markup(
            "[bold]Against the double-dummy result[/bold]\n"
            + ("\n".join(names_markup(c) for c in costs) if costs
               else "No slip cost anything: every player got what they could be sure of.")))
    return sections


def _columns(books: dict[str, object]) -> list[str]:
    """The ledger's columns: the pool and each player, each side, or each
    player's points and the beer."""
    columns = []
    for key, value in books.items():
        if key == "games":
            continue
        if isinstance(value, dict):
            columns += [str(k) for k in value]
        else:
            columns.append(key)
    return columns


def _cells(books: dict[str, object], columns: list[str]) -> list[str]:
    found: dict[str, str] = {}
    for key, value in books.items():
        if isinstance(value, dict):
            for name, amount in value.items():
                if key == "games":
                    if amount:
                        found[str(name)] = f"{found.get(str(name), '')} ({amount} won)"
                    continue
                found[str(name)] = str(amount) + found.get(str(name), "")
        elif isinstance(value, list):
            found[key] = ", ".join(map(str, value))
        else:
            found[key] = str(value)
    return [found.get(c, "") for c in columns]

"""``jink analyse``: replay a played deal and see where it was won or lost."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from jink.analysis.analyse import Analysis, analyse, replay
from jink.analysis.cost import terms_for
from jink.cards import card_markup, with_symbols
from jink.cli.common import (
    AnytimeNodesOpt,
    AnytimeSecondsOpt,
    DealOpt,
    EngineOpt,
    ExactOpt,
    JsonOpt,
    MemoryOpt,
    ThreadsOpt,
    check_seats,
    epilog,
    fail,
    handle_errors,
    no_positions,
    parse_seats,
    print_json,
    print_sections,
    refuse_overwrite,
    search_options,
    seats_option,
)
from jink.cli.html import HtmlOpt, check_html, write_html
from jink.cli.render import deal_diagram, names_markup
from jink.cli.solve_render import verdicts_table
from jink.errors import JinkError
from jink.formats.dealstring import read_deal_string
from jink.formats.files import read
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.study.page import analysis_page
from jink.words import plural

EPILOG = epilog(
    "jink analyse game.toml",
    "jink analyse game.toml --seats 1 --max-seconds 60 --json",
    note="A game file is a position file at the first lead (or at the start of any trick) "
         "with the tricks played after it, each trick's cards in the order played: "
         'play = ["5D 9C KD", "JD 8C QD", ...]')


SeatsOpt = Annotated[str | None, typer.Option(
    "--seats", metavar="SEATS", callback=seats_option,
    help='Verdicts for these seats only ("1,3"); default every seat. At a big table every '
         "seat's spoil question at every card can take hours.",
    show_default=False)]
PoolOpt = Annotated[int | None, typer.Option(
    "--pool", metavar="N", min=1,
    help="Price each card's cost at a pool of N counters (games with a pool); default the "
         "game's standard pool: a counter from each player in Spoil Five, the dealer's "
         "stake in Rams, Rounce and Loo.", show_default=False)]
GameFileArg = Annotated[Path | None, typer.Argument(
    help="A game file: a position file (TOML, or JSON lines holding several) with the "
         "tricks played from it, play = [...].", metavar="FILE", show_default=False)]


def analyse_command(file: GameFileArg = None, deal: DealOpt = None, seats: SeatsOpt = None,
                    max_seconds: AnytimeSecondsOpt = None, max_nodes: AnytimeNodesOpt = None,
                    memory: MemoryOpt = DEFAULT_MEMORY_MB,
                    engine: EngineOpt = None,
                    exact: ExactOpt = False,
                    threads: ThreadsOpt = None,
                    json_output: JsonOpt = False, html: HtmlOpt = None,
                    pool: PoolOpt = None) -> None:
    """Replay a played deal: every card with every seat's verdicts before and after.

    Marks each card that changed what a seat could force (threw it away, or let
    another seat force it), names the cards that would have kept it, what it
    cost and the line by which the others punish it, says where a seat with
    three tricks should have claimed or could jink, and sums up the deal.
    Every card after which its side could be sure of fewer tricks is priced
    in the game's terms: counters, points or crosses.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
    if file is None and deal is None:
        raise typer.BadParameter("give a game file: a position with play = [...]",
                                 param_hint="FILE")
    if file is not None and deal is not None:
        raise typer.BadParameter("give a game FILE or --deal, not both", param_hint="--deal")
    with handle_errors():
        refuse_overwrite(html, "--html", file)
        solved = parse_seats(seats) if seats is not None else None
        items = [read_deal_string(deal)] if deal is not None else read(file or Path())
        if not items:
            raise no_positions(file or Path())
        check_html(html, len(items))
        source = str(file) if file is not None else "deal string"
        # Every record is checked before the first search: a bad card in the
        # last game of a file must not wait for the others to be solved.
        for number, item in enumerate(items, start=1):
            where = f"{source}, position {number}" if len(items) > 1 else source
            if item.play is None:
                add = 'play = ["...", ...]' if deal is None else ":play=5D.9C.KD/..."
                fail(f"{where}: no played record: add {add}, the tricks played from this "
                     "position")
            if solved is not None:
                check_seats(solved, item.position.players)
            try:
                terms_for(item.position.game, item.position.players, item.position.options,
                          pool)
                replay(item.position, item.play)
            except JinkError as error:
                message = with_symbols(str(error))
                fail(f"{where}: {message}" if len(items) > 1 else message)
        for index, item in enumerate(items):
            assert item.play is not None  # checked above
            review = analyse(item.position, item.play, search.limit, search.memory_mb,
                             seats=None if solved is None else [s - 1 for s in solved],
                             pool=pool)
            if html is not None:
                write_html(html, analysis_page(review))
            if json_output:
                print_json(review.to_dict())
            else:
                print_sections(deal_diagram(item.position), *analysis_picture(review),
                               gap=index > 0)


def analysis_picture(review: Analysis) -> list[RenderableType]:
    """The start's verdicts, the record card by card, and the summary."""
    start = verdicts_table(review.start, review.verdicts,
                           title="At the start, what each {who} could force")
    table = Table(title="The record, card by card", box=box.SIMPLE_HEAD,
                  title_justify="left")
    for column in ("Trick", "Seat", "Card", "What it did"):
        table.add_column(column)
    last = 0
    for card in review.cards:
        if card.trick != last and last:
            table.add_section()
        # A card that was its mover's best, though it let another seat force
        # something, is no slip: not in red.
        style = "bold red" if card.slip else "yellow"
        notes = [f"[{style}]{names_markup(n)}[/{style}]" for n in card.notes]
        # Why: the cards that would have kept it, and the refutation.
        notes += [names_markup(reason) for reason in card.reasons]
        if card.unknown:
            # Not "kept": the limit stopped an answer before or after the card.
            notes.append("[yellow]?[/yellow] [dim]some answers unknown (the limit)[/dim]")
        notes = notes or ["[dim]kept[/dim]"]
        if card.won_by is not None:
            winner = review.seat_name(card.won_by)
            notes.append(f"[bold]{escape(winner[:1].upper() + winner[1:])} wins trick "
                         f"{card.trick}.[/bold]")
        if card.claim:
            notes.append(f"[yellow]{names_markup(card.claim)}[/yellow]")
        table.add_row(str(card.trick) if card.trick != last else "", str(card.seat + 1),
                      card_markup(card.card), "\n".join(notes))
        last = card.trick
    summary = Text.from_markup("[bold]Summary[/bold]\n"
                               + "\n".join(map(names_markup, review.summary()))
                               + f"\n[dim]{plural(review.nodes, 'node')}.[/dim]")
    return [start, table, summary]

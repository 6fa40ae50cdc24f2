"""``jink declare``: pass, play, take the widow, or general rams (Rams, Rounce,
Bierspiel, Loo)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer
from rich import box
from rich.table import Table

from jink.cards import NO_CARDS, card_name, parse_card, parse_cardset, parse_suit, suit_of
from jink.cli.common import (
    EngineOpt,
    ExactOpt,
    JsonOpt,
    MaxNodesOpt,
    MaxSecondsOpt,
    MemoryOpt,
    ThreadsOpt,
    check_seats,
    epilog,
    game_option,
    handle_errors,
    parse_option,
    parse_seats,
    print_json,
    print_sections,
    search_options,
    seats_option,
    trump_option,
    turnup_option,
)
from jink.cli.render import names_markup
from jink.cli.solve_render import verdict_cells, verdict_headings
from jink.decisions.declare import (
    Declaration,
    deal_from_text,
    declare,
    simple_pools_declared,
)
from jink.errors import ParseError, PositionError, UnknownNameError
from jink.games import find_game
from jink.solver.table import DEFAULT_MEMORY_MB

T = TypeVar("T")

EPILOG = epilog(
    'jink declare --game rams --trump H --widow "AD KD QD JD TD" \\\n'
    '    --hands "AH KH 8C 9C TS / QH JH AC KC 7S / 7H AS KS QS JS / 8H 9H TH 7D 8D" \\\n'
    "    --seat 1 --playing 3",
    'jink declare --game loo --trump S --widow "2D 3D 4D" \\\n'
    '    --hands "AS 7H 2C / KS 8H 3C / QS 9D 4C" --seat 2 --playing 1,3 --json',
    'jink declare --game rams --trump H --widow "AD KD QD JD TD" --simple \\\n'
    '    --hands "AH KH 8C 9C TS / QH JH AC KC 7S / 7H AS KS QS JS / 8H 9H TH 7D 8D"',
    note="--hands gives every hand at the table (seat 1 first, the dealer last), as "
         "dealt (with six at a Rams or Bierspiel table the dealer takes no cards: write "
         "his hand -); --playing the other seats that declare to play; --widow-taker the one "
         "of them, before the seat asking, that took the widow. A later seat takes the "
         "widow, if left, or not, as hurts the seat asking most.")


DEAL_PANEL = "The deal, as dealt"
DeclareGameOpt = Annotated[str | None, game_option(DEAL_PANEL)]
DeclareTrumpOpt = Annotated[str | None, trump_option(DEAL_PANEL)]
DeclareTurnupOpt = Annotated[str | None, turnup_option(DEAL_PANEL)]
TableHandsOpt = Annotated[str | None, typer.Option(
    "--hands", metavar="HANDS", help='Every hand at the table, seat 1 first, the dealer '
    'last, separated by "/"; "-" for a dealer dealt no cards (six at a Rams table).',
    rich_help_panel=DEAL_PANEL, show_default=False)]
WidowOpt = Annotated[str, typer.Option(
    "--widow", metavar="CARDS", help="The widow's cards.", rich_help_panel=DEAL_PANEL,
    show_default=False)]
AskingSeatOpt = Annotated[int | None, typer.Option(
    "--seat", metavar="SEAT", help="The seat asking; default 1, the eldest hand, who "
    "declares first.", show_default=False)]
PlayingOpt = Annotated[str | None, typer.Option(
    "--playing", metavar="SEATS", callback=seats_option,
    help='The other seats that declare to play ("2,4"); default none.', show_default=False)]
# --option as on every command, shown with the deal (declare reads no FILE).
DeclareOptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="NAME=VALUE",
    help="A rule option, name=true or name=false (repeatable; see jink rules GAME).",
    rich_help_panel=DEAL_PANEL, show_default=False)]
SimpleOpt = Annotated[bool, typer.Option(
    "--simple", help="The pool is a simple (the dealer's stake alone): every player must "
    "play, by Foster's usual custom (Rams). --playing is then every other seat.")]
WidowTakerOpt = Annotated[int | None, typer.Option(
    "--widow-taker", metavar="SEAT", help="The seat of those playing, before the seat "
    "asking, that took the widow; default none.", show_default=False)]


def declare_command(
    game: DeclareGameOpt = None,
    trump: DeclareTrumpOpt = None,
    turnup: DeclareTurnupOpt = None,
    hands: TableHandsOpt = None,
    widow: WidowOpt = "",
    seat: AskingSeatOpt = None,
    playing: PlayingOpt = None,
    widow_taker: WidowTakerOpt = None,
    simple: SimpleOpt = False,
    option: DeclareOptionOpt = None,
    max_seconds: MaxSecondsOpt = None,
    max_nodes: MaxNodesOpt = None,
    memory: MemoryOpt = DEFAULT_MEMORY_MB,
    engine: EngineOpt = None,
    exact: ExactOpt = False,
    threads: ThreadsOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """Value each choice of a seat: pass, play its hand, take the widow, general rams.

    Each choice gives a position of the seats in the play (the dealer joins a
    lone player); each is solved double dummy for the seat asking.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
    if hands is None:
        raise typer.BadParameter("give every hand at the table, seat 1 first, separated "
                                 'by "/"', param_hint="--hands")
    with handle_errors():
        found = find_game("spoil-five" if game is None else game)
        if trump is None and turnup is None:
            raise ParseError("give the trump suit (or --turnup)", "--trump")
        turned = _parsed(parse_card, turnup, "--turnup")
        suit = _parsed(parse_suit, trump, "--trump")
        if suit is None:
            assert turned is not None
            suit = suit_of(turned)
        elif turned is not None and suit_of(turned) != suit:
            raise PositionError(f"the turn-up {card_name(turned)} is not of the trump suit")
        options: dict[str, Any] = dict(parse_option(o) for o in option or [])
        try:
            found.check_options(options)
        except UnknownNameError as error:
            raise ParseError(str(error), "--option") from None
        table = [h.strip() for h in hands.split("/")]
        for text in table:
            if text != NO_CARDS:
                _parsed(parse_cardset, text, "--hands")
        _parsed(parse_cardset, widow, "--widow")
        asking = 1 if seat is None else seat
        check_seats([asking], len(table), "--seat")
        if simple and not simple_pools_declared(found):
            raise ParseError(f"{found.title} has no simple pools in which players declare",
                             "--simple")
        if simple and playing is None:
            # In a simple everyone plays: the others are every seat dealt cards.
            playing = ",".join(str(s) for s in range(1, len(table) + 1)
                               if s != asking and table[s - 1] != NO_CARDS)
        others = parse_seats(playing, "--playing") if playing is not None else []
        check_seats(others, len(table), "--playing")
        if asking in others:
            raise PositionError(f"--playing {asking}: seat {asking} is the seat asking "
                                "(--seat)")
        if simple:
            missing = [s for s in range(1, len(table) + 1) if s != asking
                       and s not in others and table[s - 1] != NO_CARDS]
            if missing:
                raise ParseError(f"the pool is a simple, so every player plays: seat "
                                 f"{missing[0]} is missing (leave --playing out)", "--playing")
        if (options.get("eldest_must_play") and asking != 1 and 1 not in others):
            raise ParseError("seat 1, the eldest hand, must play (option eldest_must_play)",
                             "--playing")
        if widow_taker is not None and widow_taker not in others:
            raise PositionError(f"--widow-taker {widow_taker}: seat {widow_taker} is not "
                                "among the seats playing (--playing)")
        deal = deal_from_text(found, suit, table, widow, turned, options)
        taker = widow_taker - 1 if widow_taker is not None else None
        decision = declare(deal, asking - 1, [s - 1 for s in others], search.limit,
                           widow_taker=taker, memory_mb=search.memory_mb, simple=simple)
        if json_output:
            print_json(decision.to_dict())
        else:
            print_sections(declaration_table(decision))


def _parsed(parse: Callable[[str], T], text: str | None, where: str) -> T | None:
    """``parse(text)``, a bad value named by its option; None when not given."""
    if text is None:
        return None
    try:
        return parse(text)
    except ParseError as error:
        raise ParseError(str(error), where) from None


def declaration_table(decision: Declaration) -> Table:
    """One row per choice: who is in the play and what the seat can force."""
    game = decision.deal.game
    questions = game.questions(len(decision.deal.hands))
    others = ", ".join(str(s + 1) for s in decision.others) or "none"
    valued = [c.verdict for c in decision.choices if c.verdict is not None]
    extras = [name for name, _ in valued[0].extras] if valued else []
    table = Table(title=f"Seat {decision.seat + 1}'s choices ({game.title}; others "
                        f"playing: {others})", box=box.SIMPLE_HEAD, title_justify="left",
                  expand=True)
    # The verdict columns are those of jink solve: the questions' labels, not
    # their keys. Each choice's note goes under its name, where it can wrap.
    table.add_column("Choice", ratio=1)  # takes the width the others leave
    table.add_column("In play", no_wrap=True)
    for heading in ("Max tricks", *verdict_headings(questions, extras)):
        table.add_column(heading, justify="center", max_width=9)
    for index, choice in enumerate(decision.choices):
        verdict = choice.verdict
        cells = ([str(verdict.max_tricks),
                  *verdict_cells(questions, extras, verdict.to_dict())]
                 if verdict else ["-"] * (1 + len(questions) + len(extras)))
        name = choice.name if choice.allowed else f"{choice.name} (not allowed)"
        if index:
            table.add_section()
        table.add_row(f"[bold]{name}[/bold]\n{names_markup(choice.note)}",
                      " ".join(str(s + 1) for s in choice.players) or "-", *cells)
    return table

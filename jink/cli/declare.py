"""``jink declare``: pass, play, take the widow, or general rams (Rams, Rounce, Loo)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich import box
from rich.table import Table

from jink.cards import parse_card, parse_suit, suit_of
from jink.cli.common import (
    JsonOpt,
    MaxNodesOpt,
    MaxSecondsOpt,
    MemoryOpt,
    handle_errors,
    parse_won,
    print_json,
    search_options,
    stdout,
)
from jink.cli.render import names_markup
from jink.errors import ParseError
from jink.games import find_game
from jink.solver.declare import Declaration, deal_from_text, declare
from jink.solver.table import DEFAULT_MEMORY_MB

EPILOG = """\
Examples:

  jink declare --game rams --trump H --widow "AD KD QD JD TD" \\
      --hands "AH KH 8C 9C TS / QH JH AC KC 7S / 7H AS KS QS JS / 8H 9H TH 7D 8D" \\
      --seat 1 --playing 3

  jink declare --game loo --trump S --widow "2D 3D 4D" \\
      --hands "AS 7H 2C / KS 8H 3C / QS 9D 4C" --seat 2 --playing 1,3 --json

--hands gives every hand at the table (seat 1 first, the dealer last), as
dealt; --playing the other seats that declare to play.
"""


def declare_command(
    game: Annotated[str, typer.Option(help="rams, rounce or loo.")] = "rams",
    trump: Annotated[str | None, typer.Option(help="The trump suit.")] = None,
    turnup: Annotated[str | None, typer.Option(help="The turn-up card (sets trumps).")] = None,
    hands: Annotated[str, typer.Option(help="Every hand at the table, seat 1 first, "
                                            "separated by '/'.")] = "",
    widow: Annotated[str, typer.Option(help="The widow's cards.")] = "",
    seat: Annotated[int, typer.Option(help="The seat asking (1-based).")] = 1,
    playing: Annotated[str, typer.Option(help="The other seats that play, e.g. 2,4.")] = "",
    max_seconds: MaxSecondsOpt = None,
    max_nodes: MaxNodesOpt = None,
    memory: MemoryOpt = DEFAULT_MEMORY_MB,
    json_output: JsonOpt = False,
) -> None:
    """Value each choice of a seat: pass, play its hand, take the widow, general rams.

    Each choice gives a position of the seats in the play (the dealer joins a
    lone player); each is solved double dummy for the seat asking.
    """
    search = search_options(max_seconds, max_nodes, memory)
    with handle_errors():
        found = find_game(game)
        if (trump is None) == (turnup is None):
            raise ParseError("give the trump suit or the turn-up, one of them", "--trump")
        turned = parse_card(turnup) if turnup is not None else None
        suit = parse_suit(trump) if trump is not None else suit_of(turned or 0)
        if not hands:
            raise ParseError("give every hand at the table, separated by '/'", "--hands")
        deal = deal_from_text(found, suit, [h.strip() for h in hands.split("/")], widow,
                              turned)
        others = [s - 1 for s in parse_won(playing)] if playing.strip() else []
        decision = declare(deal, seat - 1, others, search.limit, search.memory_mb)
        if json_output:
            print_json(decision.to_dict())
        else:
            stdout().print(declaration_table(decision))


def declaration_table(decision: Declaration) -> Table:
    """One row per choice: who is in the play and what the seat can force."""
    game = decision.deal.game
    questions = game.questions(len(decision.deal.hands))
    others = ", ".join(str(s + 1) for s in decision.others) or "none"
    table = Table(title=f"Seat {decision.seat + 1}'s choices ({game.title}; others "
                        f"playing: {others})", box=box.SIMPLE_HEAD, title_justify="left")
    for column in ("Choice", "In play", "Max", *(q.name for q in questions), "Note"):
        table.add_column(column, no_wrap=column != "Note")
    for choice in decision.choices:
        verdict = choice.verdict
        cells = ([str(verdict.max_tricks), *("yes" if verdict.answer(q.name) else "no"
                                             for q in questions)]
                 if verdict else ["-"] * (1 + len(questions)))
        name = choice.name if choice.allowed else f"{choice.name} (not allowed)"
        table.add_row(name, " ".join(str(s + 1) for s in choice.players) or "-", *cells,
                      names_markup(choice.note))
    return table

"""``jink deal``: random deals under constraints, written as positions ready for ``solve``."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer

from jink.cli.common import (
    MOST_DEALS,
    MOST_PLAYERS,
    GameOpt,
    OptionOpt,
    TrumpOpt,
    TurnupOpt,
    epilog,
    fresh_seed,
    handle_errors,
    output_path,
    parse_option,
    refuse_overwrite,
    say_seed,
    seed_option,
    writing_to,
)
from jink.dealing.constraints import (
    Constraints,
    SeatSpec,
    constraints_from_dict,
    load_constraints,
    parse_seat_cards,
    parse_seat_counts,
)
from jink.dealing.deal import deal
from jink.formats.files import PositionFile, dumps, dumps_jsonl
from jink.games import find_game

EPILOG = epilog(
    "jink deal --players 5 --turnup 2S --holds 1=5S,JS --count 10 --seed 1",
    'jink deal --players 4 --trump H --suits "2:trumps>=3" --lacks 3=AH,KH --json',
    "jink deal --constraints hands.toml --count 1000 --seed 7 --out deals.jsonl",
    "jink deal --players 3 --trump D --out deal.toml     (one deal, as TOML)",
    note="""\
A constraints file:

  game = "spoil-five"
  players = 5
  turnup = "2S"              # or trump = "S"; neither: the turn-up is dealt
  [[seats]]
  seat = 1
  holds = "5S JS"            # these cards are in the seat's hand
  lacks = "AH"               # these are not
  trumps = ">=2"             # counts: "2", ">=2", "<=1", "1-3"
  hearts = "0"               # a suit by name, as the game counts it

Every deal meeting the constraints is equally likely (see docs/dealing.md).
The deals are JSON lines with or without --json: --json only says so.""")

DEAL_PANEL = "Constraints (instead of, or added to, a --constraints FILE)"

ConstraintsOpt = Annotated[Path | None, typer.Option(
    "--constraints", "-c", metavar="FILE", help="A constraints file (TOML): see below.",
    show_default=False)]
CountOpt = Annotated[int, typer.Option("--count", metavar="N",
                                       help="How many deals; default 1.", min=1, max=MOST_DEALS,
                                       show_default=False)]
SeedOpt = Annotated[int | None, seed_option("deals")]
PlayersOpt = Annotated[int | None, typer.Option(
    "--players", "-n", metavar="N", help="How many seats.", rich_help_panel=DEAL_PANEL, min=1,
    max=MOST_PLAYERS,
    show_default=False)]
HoldsOpt = Annotated[list[str] | None, typer.Option(
    "--holds", metavar="SEAT=CARDS",
    help="SEAT=CARDS: the seat holds these cards (repeatable): 1=5S,JS.",
    rich_help_panel=DEAL_PANEL, show_default=False)]
LacksOpt = Annotated[list[str] | None, typer.Option(
    "--lacks", metavar="SEAT=CARDS",
    help="SEAT=CARDS: the seat does not hold these cards (repeatable): 2=AH.",
    rich_help_panel=DEAL_PANEL, show_default=False)]
SuitsOpt = Annotated[list[str] | None, typer.Option(
    "--suits", metavar="SEAT:COUNTS",
    help="SEAT:SUIT COUNT,...: suit counts (repeatable): \"1:trumps>=2,hearts=0\". "
    "SUIT is trumps, spades, hearts, diamonds or clubs, as the game counts them.",
    rich_help_panel=DEAL_PANEL, show_default=False)]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", metavar="FILE", parser=output_path,
    help="Write the deals here (JSON lines; a .toml file holds "
    "one deal) instead of stdout.", show_default=False)]
# The deals are machine output already: --json is accepted, as on every command,
# and changes nothing.
DealJsonOpt = Annotated[bool, typer.Option(
    "--json", help="Print JSON on stdout, one deal a line: what jink deal prints anyway.")]


def deal_command(
    constraints: ConstraintsOpt = None,
    count: CountOpt = 1,
    seed: SeedOpt = None,
    game: GameOpt = None,
    players: PlayersOpt = None,
    trump: TrumpOpt = None,
    turnup: TurnupOpt = None,
    holds: HoldsOpt = None,
    lacks: LacksOpt = None,
    suits: SuitsOpt = None,
    option: OptionOpt = None,
    out: OutOpt = None,
    json_output: DealJsonOpt = False,
) -> None:
    """Deal random hands under constraints, as positions ready for jink solve.

    Prints one position a line (JSON lines) on stdout. Constraints that cannot
    be met are an error before any dealing.
    """
    with handle_errors():
        refuse_overwrite(out, "--out", constraints)
        if json_output and out is not None and out.suffix.lower() == ".toml":
            raise typer.BadParameter("--json writes JSON lines, not TOML (write .jsonl)",
                                     param_hint="--out")
        if out is not None and out.suffix.lower() == ".toml" and count != 1:
            raise typer.BadParameter(f"a .toml file holds one deal, not {count} (write "
                                     ".jsonl)", param_hint="--out")
        spec = build_constraints(constraints, game, players, trump, turnup, holds, lacks,
                                 suits, option)
        drawn = fresh_seed(seed)
        positions = deal(spec, seed=drawn, count=count)
        if seed is None:
            say_seed(drawn)
        with ExitStack() as stack:
            sink: TextIO = stack.enter_context(writing_to(out))
            if out is not None and out.suffix.lower() == ".toml":
                position = next(positions)
                sink.write(dumps(PositionFile(position)))
                return
            for position in positions:
                sink.write(dumps_jsonl([PositionFile(position)]))


def build_constraints(path: Path | None, game: str | None, players: int | None,
                      trump: str | None, turnup: str | None, holds: list[str] | None,
                      lacks: list[str] | None, suits: list[str] | None,
                      option: list[str] | None) -> Constraints:
    """The constraints of a command line: a FILE, options, or both (the seat
    options then add to the file's seats)."""
    top: dict[str, Any] = {}
    if path is not None:
        given = [name for name, value in (("--game", game), ("--players", players),
                                          ("--trump", trump), ("--turnup", turnup),
                                          ("--option", option)) if value is not None]
        if given:
            raise typer.BadParameter(f"{', '.join(given)} belong in the constraints file "
                                     "when one is given", param_hint="--constraints")
        spec = load_constraints(path)
    else:
        if players is None:
            raise typer.BadParameter("give the number of seats (or a --constraints file)",
                                     param_hint="--players")
        # None is "not given"; an empty name given is an unknown game, not the default.
        top = {"game": "spoil-five" if game is None else game, "players": players,
               "options": dict(parse_option(o) for o in option or [])}
        if trump is not None:
            top["trump"] = trump
        if turnup is not None:
            top["turnup"] = turnup
        spec = constraints_from_dict(top, "command line")
    hand_size = find_game(spec.game.name).hand_size
    extra: list[SeatSpec] = []
    for text in holds or []:
        seat, cards = parse_seat_cards(text, "--holds")
        extra.append(SeatSpec(seat, holds=cards))
    for text in lacks or []:
        seat, cards = parse_seat_cards(text, "--lacks")
        extra.append(SeatSpec(seat, lacks=cards))
    for text in suits or []:
        seat, counts = parse_seat_counts(text, "--suits", hand_size)
        extra.append(SeatSpec(seat, counts=counts))
    if not extra:
        return spec
    return Constraints(spec.game, spec.players, spec.trump, spec.turnup, spec.options,
                       (*spec.seats, *extra))

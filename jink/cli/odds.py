"""``jink odds``: single-dummy odds of each card, from one seat's view."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console, RenderableType
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from jink.cards import card_markup, card_symbol, parse_card, parse_cards
from jink.cli.common import (
    MOST_PLAYERS,
    EngineOpt,
    ExactOpt,
    JsonOpt,
    MaxNodesOpt,
    MaxSecondsOpt,
    MemoryOpt,
    ThreadsOpt,
    check_seats,
    deal_alone,
    epilog,
    fail,
    game_option,
    handle_errors,
    output_path,
    parse_option,
    parse_seats,
    print_json,
    print_sections,
    refuse_overwrite,
    search_options,
    seats_option,
    seed_option,
    trump_option,
    turnup_option,
    write_out,
)
from jink.dealing.declare_odds import declare_odds
from jink.dealing.odds import (
    UNSEEN,
    ChoicesResult,
    OddsResult,
    Share,
    View,
    hand_view,
    load_view,
    odds,
    view_from_dict,
)
from jink.dealing.rob_odds import rob_odds
from jink.errors import ParseError, PositionError
from jink.formats.dealstring import WHERE, parse_deal_string
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.words import plural

EPILOG = epilog(
    'jink odds --hand "5S JS AH KD 2C" --turnup 7S --players 5 --seed 1',
    'jink odds --hand "AS 2C 3C 4H 9D" --turnup 7S --players 4 --rob --deals 200',
    'jink odds -g rams --hand "AH KH QH 9C 7S" --trump H --players 4 --declare \\\n'
    '    --playing 3',
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

Or give one hand on the command line (--hand, with --turnup or --trump and
--players): the view of that seat (--seat, default 1) at the first lead,
every other hand unseen, as the file form gives it (the same seed, the same
numbers). --rob values keeping the hand and robbing with each discard;
--declare (Rams, Rounce, Bierspiel, Loo) each way to play, the widow drawn
from the unseen cards too, with --playing the other seats that play.

The limits apply to each deal, as jink solve applies them to each position.
Each deal is solved double dummy (every hand open): the shares are upper
estimates of what the seat can expect. See docs/dealing.md.""")

FileArg = Annotated[Path | None, typer.Argument(
    help='A view: a position file (TOML, or .json) with unseen hands written "?" '
         "(or give --hand).", metavar="FILE", show_default=False)]
HAND_PANEL = "One hand (instead of a FILE)"
OddsDealOpt = Annotated[str | None, typer.Option(
    "--deal", metavar="STRING", help='The view as one deal string, unseen hands "?": '
    '"spoil-five:7S:1:5S.JS.AH.KD.2C ? ?" (see docs/files.md).', show_default=False)]
HandOpt = Annotated[str | None, typer.Option(
    "--hand", metavar="CARDS", help='The hand of the seat asking, as dealt: "5S JS AH KD 2C".',
    rich_help_panel=HAND_PANEL, show_default=False)]
PlayersOpt = Annotated[int | None, typer.Option(
    "--players", "-n", metavar="N", help="How many seats are dealt cards.", min=1,
    max=MOST_PLAYERS,
    rich_help_panel=HAND_PANEL, show_default=False)]
OddsGameOpt = Annotated[str | None, game_option(HAND_PANEL)]
OddsTrumpOpt = Annotated[str | None, trump_option(HAND_PANEL)]
OddsTurnupOpt = Annotated[str | None, turnup_option(HAND_PANEL)]
OddsTrickOpt = Annotated[str | None, typer.Option(
    "--trick", metavar="CARDS", help="The cards the seats before --seat played to the first "
    'trick, in order: "3S 9S".', rich_help_panel=HAND_PANEL, show_default=False)]
OddsOptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="NAME=VALUE",
    help="A rule option, name=true or name=false (repeatable; see jink rules GAME).",
    rich_help_panel=HAND_PANEL, show_default=False)]
RobOpt = Annotated[bool, typer.Option(
    "--rob", help="Value keeping the hand and robbing the turn-up with each discard, "
    "instead of the leads.")]
DeclareOpt = Annotated[bool, typer.Option(
    "--declare", help="Value each way to play (own hand, widow, general rams; Rams, Rounce, "
    "Bierspiel, Loo), instead of the leads.")]
PlayingOpt = Annotated[str | None, typer.Option(
    "--playing", metavar="SEATS", callback=seats_option,
    help='With --declare: the other seats that play ("2,4"); default none.',
    show_default=False)]
SimpleOpt = Annotated[bool, typer.Option(
    "--simple", help="With --declare: the pool is a simple, every player plays (Rams); "
    "--playing is then every other seat.")]
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
    "play (with --hand: the seat holding it, default 1, the eldest hand, who leads).",
    show_default=False)]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", metavar="FILE", parser=output_path,
    help="Write the JSON result here instead of stdout.",
    show_default=False)]


def odds_command(
    file: FileArg = None,
    deal: OddsDealOpt = None,
    hand: HandOpt = None,
    players: PlayersOpt = None,
    game: OddsGameOpt = None,
    trump: OddsTrumpOpt = None,
    turnup: OddsTurnupOpt = None,
    trick: OddsTrickOpt = None,
    option: OddsOptionOpt = None,
    rob: RobOpt = False,
    declare: DeclareOpt = False,
    playing: PlayingOpt = None,
    simple: SimpleOpt = False,
    deals: DealsOpt = 1000,
    seed: SeedOpt = None,
    exhaustive: ExhaustiveOpt = False,
    seat: SeatOpt = None,
    max_seconds: MaxSecondsOpt = None,
    max_nodes: MaxNodesOpt = None,
    memory: MemoryOpt = DEFAULT_MEMORY_MB,
    engine: EngineOpt = None,
    exact: ExactOpt = False,
    threads: ThreadsOpt = None,
    out: OutOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """Single-dummy odds: how often each card keeps three, jink and spoil.

    Deals the cards the seat cannot see many times (or every way), solves each
    deal double dummy, and reports for each legal card the share of deals in
    which it keeps each of the game's goals, with a 95% interval, the mean of
    the most tricks, and the recommended card. With --rob or --declare: the
    same for each choice made before the play.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
    with handle_errors():
        refuse_overwrite(out, "--out", file)
        if exhaustive and seed is not None:
            raise typer.BadParameter("--exhaustive deals every way: it takes no --seed",
                                     param_hint="--seed")
        if rob and declare:
            raise typer.BadParameter("ask one question: --rob or --declare",
                                     param_hint="--declare")
        if (playing is not None or simple) and not declare:
            raise typer.BadParameter("--playing and --simple go with --declare",
                                     param_hint="--playing" if playing else "--simple")
        view = _view(file, deal, hand, players, game, trump, turnup, trick, option, seat)
        asking = None if seat is None else seat - 1
        if hand is not None and asking is None:
            asking = 0
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

            result: OddsResult | ChoicesResult
            if rob:
                _robs_before_the_play(view)
                result = rob_odds(view, deals=deals, seed=seed, exhaustive=exhaustive,
                                  seat=asking, limit=search.limit,
                                  memory_mb=search.memory_mb, progress=advance,
                                  workers=search.threads)
            elif declare:
                others = _others(view, asking, playing, simple)
                result = declare_odds(view, others=others, deals=deals, seed=seed,
                                      exhaustive=exhaustive, seat=asking,
                                      limit=search.limit, memory_mb=search.memory_mb,
                                      simple=simple, progress=advance,
                                      workers=search.threads)
            else:
                if hand is not None and view.seat_to_play != asking:
                    raise PositionError(
                        f"seat {view.seat_to_play + 1} is to play, not seat {seat}: give "
                        f"--trick, the cards seats 1 to {asking} played to the first trick")
                result = odds(view, deals=deals, seed=seed, exhaustive=exhaustive,
                              seat=asking, limit=search.limit, memory_mb=search.memory_mb,
                              progress=advance, workers=search.threads)
        if out is not None:
            write_out(out, json.dumps(result.to_dict(), ensure_ascii=False) + "\n")
        if json_output:
            print_json(result.to_dict())
        elif out is None:
            if isinstance(result, OddsResult):
                print_sections(odds_table(result))
            else:
                print_sections(*choices_table(result))
        _point_to_exhaustive(result, exhaustive, deals)
        if result.interrupted:
            fail(f"interrupted: the shares are of the {plural(result.deals, 'deal')} solved "
                 "by then")


def _view(file: Path | None, deal: str | None, hand: str | None, players: int | None,
          game: str | None, trump: str | None, turnup: str | None, trick: str | None,
          option: list[str] | None, seat: int | None) -> View:
    """The view a command line names: a FILE, a deal string, or one hand and the table."""
    given = [name for name, value in (("--deal", deal), ("--hand", hand),
                                      ("--players", players),
                                      ("--game", game), ("--trump", trump),
                                      ("--turnup", turnup), ("--trick", trick),
                                      ("--option", option)) if value is not None]
    if file is not None:
        if given:
            raise typer.BadParameter(f"give a view FILE or --hand, not both "
                                     f"({', '.join(given)})", param_hint="FILE")
        return load_view(file)
    if deal is not None:
        deal_alone(given)
        try:
            return view_from_dict(parse_deal_string(deal))
        except ParseError as error:
            raise ParseError(str(error).removeprefix(f"{WHERE}: "), WHERE) from None
    if hand is None:
        raise typer.BadParameter("give a view: a FILE, --deal, or --hand with --players",
                                 param_hint="FILE")
    if players is None:
        raise typer.BadParameter("give the number of players with --hand",
                                 param_hint="--players")
    if turnup is not None and trump is None:
        _turnup_not_in_hand(hand, turnup)
    if hand.strip() == UNSEEN:
        raise ParseError("give the cards of the hand, not \"?\"", "--hand")
    options = dict(parse_option(o) for o in option or [])
    obj = hand_view("spoil-five" if game is None else game, hand, players,
                    seat=0 if seat is None else seat - 1, turnup=turnup, trump=trump,
                    trick=trick or "", options=options)
    try:
        return view_from_dict(obj)
    except ParseError as error:
        # Named by the option given, not by the key of the file form.
        if not error.where:
            raise
        key = error.where.partition(" (")[0]
        named = {"hands": "--hand", "options": "--option"}.get(key, f"--{key}")
        raise ParseError(str(error)[len(error.where) + 2:], named) from None


def _point_to_exhaustive(result: OddsResult | ChoicesResult, exhaustive: bool,
                         deals: int) -> None:
    """A sample as large as the deals there are: each deal is solved once, and
    exactly, with ``--exhaustive`` (said on stderr: stdout may be JSON)."""
    possible = result.possible
    if exhaustive or possible is None or deals < possible:
        return
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"note: {deals:,} deals drawn of only {plural(possible, 'possible deal')}: "
        "--exhaustive solves each once, for exact shares", markup=False)


def _turnup_not_in_hand(hand: str, turnup: str) -> None:
    """The hand on the command line is as dealt: the turn-up is not in it (a
    card given twice), robbing or not (``--rob`` asks about robbing)."""
    try:
        card, held = parse_card(turnup), parse_cards(hand)
    except ParseError:
        return  # said by the view's reader, named by its option
    if card in held:
        raise ParseError(f"card {card_symbol(card)} given twice: in --hand and as --turnup "
                         "(the hand as dealt, before any rob)", "--hand")


def _robs_before_the_play(view: View) -> None:
    """``--rob`` asks about robbing before the play; where only a dealer who
    declares to play robs (Rams), that is a question of ``--declare``."""
    game = view.game
    if game.robbing_rank is None and game.dealer_robs:
        raise PositionError(f"{game.title}: nobody robs before declaring; the dealer who "
                            "plays robs the turn-up as he declares: ask --declare (with "
                            f"--seat {view.players})")


def _others(view: View, seat: int | None, playing: str | None, simple: bool) -> list[int]:
    """The other seats that play (0-based), from --playing (all, with --simple)."""
    asking = seat if seat is not None else next(
        (s for s, h in enumerate(view.hands) if h is not None), 0)
    if simple and playing is None:
        return [s for s in range(view.players) if s != asking]
    seats = parse_seats(playing, "--playing") if playing is not None else []
    check_seats(seats, view.players, "--playing")
    if asking + 1 in seats:
        raise PositionError(f"--playing {asking + 1}: seat {asking + 1} is the seat asking")
    return [s - 1 for s in seats]


def odds_table(result: OddsResult) -> Table:
    """Each legal card: mean max tricks and each question's share with its interval."""
    return _shares_table(result, f"Seat {result.seat + 1}", "card",
                         [(card_markup(c.card), c.card, c.max_tricks_mean, c.share)
                          for c in result.cards])


def choices_table(result: ChoicesResult) -> list[RenderableType]:
    """Each choice: mean max tricks and each question's share with its interval."""
    what = {"rob": "to rob or not", "declare": "how to play"}[result.question]
    rows = [(" ".join(w if i == 0 else "/".join(card_markup(parse_card(x))
                                                 for x in w.split("/"))
                      for i, w in enumerate(c.choice.split())),
             c.choice, c.max_tricks_mean, c.share) for c in result.choices]
    notes: list[RenderableType] = [
        _shares_table(result, f"Seat {result.seat + 1}, {what}", "choice", rows)]
    # Each whole-number worth (Bierspiel's points, a fresh cross counted as
    # -5; a general rams' counters) as one line: the table has no room for it.
    worths = list(dict.fromkeys(key for c in result.choices for key, _ in c.means))
    for key in worths:
        notes.append(Text(f"{key.replace('_', ' ')} (mean): " + ", ".join(
            f"{c.choice} {dict(c.means)[key]:.2f}" for c in result.choices
            if key in dict(c.means))))
    for name, note in result.without_play:
        notes.append(Text(f"{name}: {note}"))
    return notes


#: One row of a table of shares: its label (markup), what :meth:`best` names
#: it by, the mean of the most tricks, and its share of each question.
ShareRow = tuple[str, object, float, Callable[[str], Share]]


def _shares_table(result: OddsResult | ChoicesResult, who: str, first: str,
                  rows: Sequence[ShareRow]) -> Table:
    """The table of ``rows``: a column per question, the best in bold."""
    how = ("every possible deal" if result.exhaustive
           else f"{plural(result.deals, 'deal')} of {result.possible:,} possible, "
                f"seed {result.seed}")
    caption = ("each deal solved double dummy; shares of deals, exact" if result.exhaustive
               else "each deal solved double dummy; shares of deals, 95% interval")
    table = Table(title=f"{who}: single-dummy odds over {how}", box=box.SIMPLE_HEAD,
                  caption=caption)
    table.add_column(first, no_wrap=True)
    table.add_column("max tricks (mean)", justify="right")
    for name in result.questions:
        table.add_column(name.replace("_", " "), justify="right", no_wrap=True)
    table.add_column("best for")
    best: dict[str, object] = dict(result.best())
    for label, key, mean, share in rows:
        cells = [_share_text(share(name), result.exhaustive, best.get(name) == key)
                 for name in result.questions]
        best_for = ", ".join(name.replace("_", " ") for name, top in best.items() if top == key)
        table.add_row(label, f"{mean:.2f}", *cells, best_for)
    return table


def share_words(share: float, interval: tuple[float, float] | None = None) -> str:
    """A share as a percentage with enough digits to be seen: a share that is
    not nothing (or not all) never reads as 0% (100%), nor does its interval.

    >>> share_words(0.25, (0.2, 0.31)), share_words(0.0012, (0.0, 0.003))
    ('25% (20-31%)', '0.1% (0.0-0.3%)')
    >>> share_words(0.0), share_words(1.0), share_words(0.9996)
    ('0%', '100%', '99.96%')
    """
    values = [share, *(interval or ())]
    digits = next((d for d in range(4) if all(
        (v == 0 or round(100 * v, d) != 0) and (v == 1 or round(100 * v, d) != 100)
        for v in values)), 4)
    if interval is None:
        return f"{100 * share:.{digits}f}%"
    low, high = interval
    # (one % sign for the interval: the share and its bounds on one line)
    return f"{100 * share:.{digits}f}% ({100 * low:.{digits}f}-{100 * high:.{digits}f}%)"


def _share_text(share: Share, exhaustive: bool, bold: bool) -> str:
    text = share_words(share.share, None if exhaustive else share.interval)
    return f"[bold]{text}[/bold]" if bold else text

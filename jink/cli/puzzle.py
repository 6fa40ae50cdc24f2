"""``jink puzzle``: check, list, show, solve, generate and play puzzles.

A puzzle is named by a file (``puzzle.toml``) or by the id of a built-in one
(``jink puzzle list``). The library does the work (:mod:`jink.puzzles`);
these commands parse options and print.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress

from jink.cli.common import JsonOpt, fail, handle_errors, print_json, stdout
from jink.errors import JinkError
from jink.games import find_game
from jink.puzzles.check import CheckResult, check
from jink.puzzles.collection import collection
from jink.puzzles.generate import ATTEMPT_NODES, generate
from jink.puzzles.puzzle import Puzzle, dumps, read
from jink.solver.limits import Limit

app = typer.Typer(
    name="puzzle",
    help="Puzzles: composed positions with one key card. Check, list, show, solve, "
         "generate, play.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)

#: Seconds one puzzle may take to check by default: a sound puzzle of the
#: collection takes well under one on the Python engine.
CHECK_SECONDS = 20.0

CHECK_EPILOG = """\
Examples:

  jink puzzle check                    (the built-in collection)

  jink puzzle check mine.toml --json
"""

FilesArg = Annotated[list[Path] | None, typer.Argument(
    help="Puzzle files (TOML with a [puzzle] table); none: the built-in collection.",
    metavar="FILE...", show_default=False)]
SecondsOpt = Annotated[float, typer.Option(
    "--max-seconds", help="Give up on a puzzle (reported not proved) past this many seconds.")]


def _err() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


@app.command("check", epilog=CHECK_EPILOG)
def check_command(files: FilesArg = None, max_seconds: SecondsOpt = CHECK_SECONDS,
                  json_output: JsonOpt = False) -> None:
    """Prove puzzles sound with the solver: the goal can be forced, every card of
    key keeps it, no other legal card does. Exit status 1 if any is not."""
    with handle_errors():
        if max_seconds <= 0:
            raise typer.BadParameter(f"must be positive, not {max_seconds}",
                                     param_hint="--max-seconds")
        items: list[tuple[str, Puzzle | JinkError]] = []
        if files:
            for path in files:
                try:
                    items.append((str(path), read(path)))
                except JinkError as error:
                    items.append((str(path), error))
                except OSError as error:
                    fail(f"cannot read {path}: {error.strerror or error}")
        else:
            items = [(f"built-in:{p.id}", p) for p in collection()]
        bad = 0
        console = stdout()
        with Progress(console=_err(), transient=True, disable=not _err().is_terminal) as bar:
            task = bar.add_task("checking", total=len(items))
            for name, item in items:
                if isinstance(item, JinkError):
                    result = CheckResult("", (f"cannot read: {item}",))
                else:
                    result = check(item, Limit(seconds=max_seconds))
                bad += not result.ok
                if json_output:
                    print_json(result.to_dict(name))
                elif result.ok:
                    console.print(f"[green]ok[/green]   {name} ({result.id})")
                else:
                    console.print(f"[red]FAIL[/red] {name}" + (f" ({result.id})" if result.id
                                                             else ""))
                    for problem in result.problems:
                        console.print(f"     - {problem}", markup=False)
                bar.advance(task)
        if not json_output:
            console.print(f"{len(items) - bad} of {len(items)} sound")
        if bad:
            raise typer.Exit(1)


GENERATE_EPILOG = """\
Examples:

  jink puzzle generate --game spoil-five --players 4 --seed 7 --out puzzles/

  jink puzzle generate -g loo --players 8 --count 3 --seed 1 --out new/

  jink puzzle generate -g rounce --players 7 --cards 2 --mid-trick --out end/   (endgames)
"""

GameOpt = Annotated[str, typer.Option("--game", "-g", help="The game.")]
PlayersOpt = Annotated[int, typer.Option("--players", "-n", help="Seats at the table.")]
CardsOpt = Annotated[int | None, typer.Option(
    "--cards", help="Cards left in each hand (fewer than a full hand: an endgame, the "
    "tricks before shared at random); default a full hand, a first lead.",
    show_default=False)]
MidOpt = Annotated[bool, typer.Option(
    "--mid-trick", help="Play some cards to the trick at random first: the puzzle is a "
    "follow, not a lead.")]
SeedOpt = Annotated[int, typer.Option("--seed", help="Random seed: the same seed, the same "
                                      "puzzles.")]
CountOpt = Annotated[int, typer.Option("--count", help="How many puzzles to find.")]
AttemptsOpt = Annotated[int, typer.Option("--attempts", help="Deals to try at most.")]
NodesOpt = Annotated[int, typer.Option(
    "--max-nodes", help="Give a deal up past this many search nodes (a count, not a time: "
    "reproducible).")]
OutOpt = Annotated[Path, typer.Option("--out", help="Folder to write the puzzle files to "
                                      "(made if missing); each is named ID.toml.")]
PrefixOpt = Annotated[str | None, typer.Option(
    "--prefix", help="Ids are PREFIX-01, PREFIX-02, ...; default GAME-PLAYERS-sSEED.",
    show_default=False)]


@app.command("generate", epilog=GENERATE_EPILOG)
def generate_command(out: OutOpt, game: GameOpt = "spoil-five", players: PlayersOpt = 3,
                     cards: CardsOpt = None, mid_trick: MidOpt = False, seed: SeedOpt = 1,
                     count: CountOpt = 1, attempts: AttemptsOpt = 500,
                     max_nodes: NodesOpt = ATTEMPT_NODES, prefix: PrefixOpt = None,
                     json_output: JsonOpt = False) -> None:
    """Search random deals for puzzles: one key card, not the obvious one.

    A deal is kept when exactly one card (equivalent cards are one) keeps a
    goal of the seat to play, that seat has more than one card in play, and
    the key is not its highest-ranking legal card. Difficulty (1 to 5) is
    measured: the tempting wrong cards a simple player considers, whether it
    considers the key, how deep the refutations go. Files pass jink puzzle check.
    """
    with handle_errors():
        game_obj = find_game(game)
        game_obj.check_players(players)
        for name, value in (("--count", count), ("--attempts", attempts),
                            ("--max-nodes", max_nodes)):
            if value < 1:
                raise typer.BadParameter(f"must be at least 1, not {value}", param_hint=name)
        if cards is not None and not 1 <= cards <= game_obj.hand_size:
            raise typer.BadParameter(f"{game_obj.title} hands hold 1 to "
                                     f"{game_obj.hand_size} cards, not {cards}",
                                     param_hint="--cards")
        out.mkdir(parents=True, exist_ok=True)
        made = 0
        console = stdout()
        with Progress(console=_err(), transient=True, disable=not _err().is_terminal) as bar:
            task = bar.add_task("dealing", total=attempts)

            def advance(found: int) -> None:
                bar.update(task, advance=1, description=f"found {found} of {count}")

            for puzzle in generate(game_obj.name, players, seed=seed, count=count,
                                   cards=cards, mid_trick=mid_trick, attempts=attempts,
                                   limit=Limit(nodes=max_nodes), prefix=prefix,
                                   progress=advance):
                path = out / f"{puzzle.id}.toml"
                path.write_text(dumps(puzzle), encoding="utf-8")
                made += 1
                if json_output:
                    print_json({"file": str(path), **puzzle.summary()})
                else:
                    console.print(f"{path}  difficulty {puzzle.difficulty}  goal "
                                  f"{puzzle.goal}", markup=False)
        if made < count:
            fail(f"found {made} of {count} puzzles in {attempts} deals (try more "
                 "--attempts, or another --seed)")

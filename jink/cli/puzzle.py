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
from jink.puzzles.check import CheckResult, check
from jink.puzzles.collection import collection
from jink.puzzles.puzzle import Puzzle, read
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

"""The ``jink`` command: the Typer app and its entry point.

Each command lives in its own module as a plain function; this module only
registers them, so the list below is the whole command set.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Annotated

import typer

from jink.cli import (
    analyse,
    batch,
    ddtable,
    deal,
    declare,
    legal,
    odds,
    puzzle,
    rob,
    rules,
    serve,
    session,
    show,
    solve,
    stats,
)
from jink.cli import study as study_cli
from jink.cli import tree as tree_cli
from jink.cli.common import Command, Group, handle_errors
from jink.cli.streams import prepare
from jink.solver.native import engine_name
from jink.version import __version__

app = typer.Typer(
    cls=Group,
    name="jink",
    help="Double-dummy analysis for Spoil Five and its family.",
    epilog="Try: jink solve --example, jink show --example, jink rules, jink legal --help.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)

app.command("legal", cls=Command, epilog=legal.EPILOG)(legal.legal)
app.command("rules", cls=Command, epilog=rules.EPILOG)(rules.rules)
app.command("show", cls=Command, epilog=show.EPILOG)(show.show)
app.command("solve", cls=Command, epilog=solve.EPILOG)(solve.solve_command)
app.command("analyse", cls=Command, epilog=analyse.EPILOG)(analyse.analyse_command)
app.command("rob", cls=Command, epilog=rob.EPILOG)(rob.rob_command)
app.command("declare", cls=Command, epilog=declare.EPILOG)(declare.declare_command)
app.command("tree", cls=Command, epilog=tree_cli.EPILOG)(tree_cli.tree_command)
app.command("study", cls=Command, epilog=study_cli.EPILOG)(study_cli.study_command)
app.add_typer(puzzle.app, name="puzzle")
app.command("deal", cls=Command, epilog=deal.EPILOG)(deal.deal_command)
app.command("odds", cls=Command, epilog=odds.EPILOG)(odds.odds_command)
app.command("table", cls=Command, epilog=ddtable.EPILOG)(ddtable.table_command)
app.command("session", cls=Command, epilog=session.EPILOG)(session.session_command)
app.command("batch", cls=Command, epilog=batch.EPILOG)(batch.batch_command)
app.command("stats", cls=Command, epilog=stats.EPILOG)(stats.stats_command)
app.command("serve", cls=Command, epilog=serve.EPILOG)(serve.serve_command)


def _version(value: bool) -> None:
    if value:
        with handle_errors():
            engine = engine_name()
        where = "the compiled core" if engine == "native" else "the reference engine, in Python"
        typer.echo(f"jink {__version__} (search engine: {engine}, {where})")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")]
        = False,
) -> None:
    """Double-dummy analysis for Spoil Five and its family.

    Seats are numbered 1, 2, ... in order of play: seat 1 is the eldest hand,
    the last seat deals.
    """


def main() -> None:
    """Run the ``jink`` command.

    What escapes a command's own error handling is still one line on stderr,
    never a traceback: output that cannot be written (a full disk, a closed
    pipe), exit status 1. The streams are made safe first (a closed stdout,
    an output encoding without suit symbols, ``COLUMNS=0``:
    :mod:`jink.cli.streams`).
    """
    prepare()
    try:
        app()
    except OSError as error:
        # Nothing more can go to stdout; Python's own flush at exit would
        # complain about it too.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        if isinstance(error, BrokenPipeError):
            sys.exit(1)  # the reader went away (``| head``): nothing to say
        what = error.filename or "the output"
        sys.stderr.write(f"error: cannot write {what}: {error.strerror or error}\n")
        sys.exit(1)

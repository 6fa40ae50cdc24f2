"""The ``jink`` command: the Typer app and its entry point.

Each command lives in its own module as a plain function; this module only
registers them, so the list below is the whole command set.
"""

from __future__ import annotations

from typing import Annotated

import typer

from jink import __version__
from jink.cli import analyse, deal, declare, legal, odds, rob, rules, show, solve

app = typer.Typer(
    name="jink",
    help="Double-dummy analysis for Spoil Five and its family.",
    epilog="Try: jink solve --example, jink show --example, jink rules, jink legal --help.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)

app.command("legal", epilog=legal.EPILOG)(legal.legal)
app.command("rules", epilog=rules.EPILOG)(rules.rules)
app.command("show", epilog=show.EPILOG)(show.show)
app.command("solve", epilog=solve.EPILOG)(solve.solve_command)
app.command("analyse", epilog=analyse.EPILOG)(analyse.analyse_command)
app.command("rob", epilog=rob.EPILOG)(rob.rob_command)
app.command("declare", epilog=declare.EPILOG)(declare.declare_command)
app.command("deal", epilog=deal.EPILOG)(deal.deal_command)
app.command("odds", epilog=odds.EPILOG)(odds.odds_command)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"jink {__version__}")
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
    """Run the ``jink`` command."""
    app()

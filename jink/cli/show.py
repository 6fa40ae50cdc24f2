"""``jink show``: the deal diagram of a position, or its JSON object form."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from jink.cli.common import (
    NO_POSITION,
    ExampleOpt,
    FileArg,
    JsonOpt,
    PositionOptions,
    epilog,
    for_each_position,
    handle_errors,
    print_json,
    print_sections,
    takes_position,
)
from jink.cli.render import deal_diagram
from jink.formats.dealstring import deal_string
from jink.formats.examples import example_note
from jink.formats.files import PositionFile

DealStringOpt = Annotated[bool, typer.Option(
    "--deal-string", help="Print each position's deal string (one line, for --deal) "
    "instead of a picture.")]

EPILOG = epilog(
    "jink show --example",
    "jink show deal.toml --json",
    "jink show deal.toml --deal-string",
    'jink show --deal "spoil-five:D:1:5D.JD.AH.KC.2S 9C.8C.7C.6C.4C KD.QD.2D.3H.4H"',
    'jink show --trump D --hands "5D JD AH KC 2S / 9C 8C 7C 6C 4C / KD QD 2D 3H 4H"')


@takes_position()
def show(
    file: FileArg = None,
    opts: PositionOptions = NO_POSITION,
    example: ExampleOpt = False,
    json_output: JsonOpt = False,
    deal_string_output: DealStringOpt = False,
) -> None:
    """Show a position: every hand by suit, the trick so far, tricks won, who is to play.

    With --json: the position's object form, as in a .jsonl file (one per line);
    with --deal-string: its deal string (one per line).
    """
    if json_output and deal_string_output:
        raise typer.BadParameter("choose --json or --deal-string", param_hint="--deal-string")

    def act(item: PositionFile, index: int) -> None:
        if deal_string_output:
            typer.echo(deal_string(item))
        elif json_output:
            print_json(item.to_dict())
        elif example:  # and what the example is there to show
            print_sections(deal_diagram(item),
                           Text(example_note(str(file or "default")), style="dim"))
        else:
            print_sections(deal_diagram(item), gap=index > 0)

    with handle_errors():
        # A JSON lines FILE line by line: a bad line is named, the others shown.
        for_each_position(file, opts, example=example, act=act)

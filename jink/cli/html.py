"""``--html FILE`` for ``jink solve`` and ``jink analyse``: the option, its
checks and the writing of the page (the page itself: :mod:`jink.study.page`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from jink.cli.common import output_path, write_out

HtmlOpt = Annotated[Path | None, typer.Option(
    "--html", parser=output_path,
    help="Also write a self-contained analysis page (HTML, no network needed) "
    "with buttons that step through the play.", show_default=False, metavar="FILE")]


def check_html(html: Path | None, positions: int, *, not_with: str | None = None) -> None:
    """--html draws one position: a usage error with ``not_with`` (an option
    given), and an error for a file of several positions."""
    if html is None:
        return
    if not_with is not None:
        raise typer.BadParameter(f"--html draws one position; it does not go with {not_with}",
                                 param_hint="--html")
    if positions != 1:
        raise typer.BadParameter(f"--html draws one position, and the file holds {positions}",
                                 param_hint="--html")


def write_html(html: Path, page: str) -> None:
    """Write the page; say where on stderr (stdout may be JSON)."""
    write_out(html, page)
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"[dim]Wrote the analysis page to {escape(str(html))}.[/dim]")

"""``jink serve``: the interactive board in the browser (:mod:`jink.serve`)."""

from __future__ import annotations

import contextlib
import importlib.util
import json
from pathlib import Path
from typing import Annotated
from urllib.parse import quote

import typer
from rich.console import Console

from jink.cli.common import (
    NO_POSITION,
    AnytimeNodesOpt,
    AnytimeSecondsOpt,
    EngineOpt,
    ExactOpt,
    ExampleOpt,
    FileArg,
    JsonOpt,
    MemoryOpt,
    PositionOptions,
    ThreadsOpt,
    epilog,
    fail,
    handle_errors,
    positions_from_cli,
    search_options,
    takes_position,
)
from jink.errors import PositionError
from jink.formats.dealstring import deal_string
from jink.formats.files import PositionFile
from jink.session.evening import play_evening
from jink.session.file import read_session
from jink.solver.table import DEFAULT_MEMORY_MB

EPILOG = epilog(
    "jink serve",
    "jink serve --example",
    "jink serve game.toml      (a played record opens with its slips marked)",
    "jink serve --session evening.toml --number 2",
    'jink serve --deal "spoil-five:2S:1:8S.QH.KD.QD.KC 7S.7H.9D.4D.JC JS.QS.TH.2D.TC"',
    "jink serve --port 0 --no-browser --json      (any free port; its address on stdout)",
    note="The board is served to this machine only (127.0.0.1) unless --host says "
         "otherwise. Ctrl-C stops it.")

SERVER_PANEL = "Server"
#: Where the board listens unless told otherwise.
DEFAULT_PORT = 8765


def check_port(value: int) -> int:
    """A callback: a port is 0 (any free one) to 65535, or a misused command line.

    >>> check_port(8765)
    8765
    """
    if not 0 <= value <= 65535:
        raise typer.BadParameter(f"a port is 0 to 65535, not {value}")
    return value


PortOpt = Annotated[int, typer.Option(
    "--port", metavar="PORT", callback=check_port,
    help=f"The port to listen on; 0: any free port. Default {DEFAULT_PORT}.",
    rich_help_panel=SERVER_PANEL, show_default=False)]
HostOpt = Annotated[str, typer.Option(
    "--host", metavar="HOST",
    help="The address to listen on; default 127.0.0.1 (this machine only). 0.0.0.0 "
         "opens the board to every machine that can reach this one.",
    rich_help_panel=SERVER_PANEL, show_default=False)]
SessionOpt = Annotated[Path | None, typer.Option(
    "--session", metavar="FILE",
    help="A session file (jink session): open one of its deals, played out, with its slips "
         "marked (--number says which).", show_default=False)]
NumberOpt = Annotated[int | None, typer.Option(
    "--number", metavar="N", help="With --session: the deal to open, numbered from 1 as "
    "jink session numbers them; default 1.", show_default=False)]
BrowserOpt = Annotated[bool, typer.Option(
    "--browser/--no-browser", help="Open the board in the browser (the default), or not.",
    rich_help_panel=SERVER_PANEL, show_default=False)]


@takes_position()
def serve_command(
    file: FileArg = None,
    opts: PositionOptions = NO_POSITION,
    example: ExampleOpt = False,
    session: SessionOpt = None,
    number: NumberOpt = None,
    port: PortOpt = DEFAULT_PORT,
    host: HostOpt = "127.0.0.1",
    browser: BrowserOpt = True,
    max_seconds: AnytimeSecondsOpt = None,
    max_nodes: AnytimeNodesOpt = None,
    memory: MemoryOpt = DEFAULT_MEMORY_MB,
    engine: EngineOpt = None,
    exact: ExactOpt = False,
    threads: ThreadsOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """Open an interactive double-dummy board in the browser.

    Every legal card of the seat to play shows what it is worth for the seat
    asked about; click a card to play it, undo, redo, jump to any trick, ask
    about another seat or goal. A played record opens with its slips marked.
    With no position, the board opens empty: paste a deal string, pick an
    example, or deal at random. With --json the board's address is printed
    as one JSON object on stdout once it is served.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
    with handle_errors():
        opening = at = None
        if session is not None:
            if file is not None or example or opts.given():
                raise typer.BadParameter("give a session or a position, not both",
                                         param_hint="--session")
            opening, at = session_deal(session, 1 if number is None else number), 0
        elif number is not None:
            raise typer.BadParameter("--number goes with --session", param_hint="--number")
        elif file is not None or example or opts.given():
            items = positions_from_cli(file, opts, example=example)
            if len(items) > 1:
                fail(f"{file} holds {len(items)} positions: the board opens one (give a file "
                     "of one, or --deal with its deal string)")
            opening = deal_string(items[0])
            at = 0 if items[0].play is not None else None
        missing = [name for name in ("starlette", "uvicorn")
                   if importlib.util.find_spec(name) is None]
        if missing:
            fail(f"jink serve needs {' and '.join(missing)}: pip install 'jink[web]'")
        # Imported here: the web extra is needed by this command only.
        from jink.serve.app import make_app
        from jink.serve.run import LOOPBACK, address, listen, run
        from jink.serve.work import Settings

        settings = Settings(search.limit, search.memory_mb, search.engine, search.exact,
                            search.threads)
        # On this machine only, the board answers only to this machine's names.
        hosts = ["127.0.0.1", "localhost", "::1", "[::1]"] if host in LOOPBACK else None
        app = make_app(settings, opening, at, hosts)
        sock = listen(host, port)
    url = address(sock, host)
    page = url + (f"#deal={quote(opening, safe=':=./')}" if opening else "") \
        + ("&at=0" if at == 0 else "")
    err = Console(stderr=True, highlight=False, soft_wrap=True)

    def ready() -> None:
        if json_output:
            typer.echo(json.dumps({"url": page, "host": host,
                                   "port": sock.getsockname()[1]}, ensure_ascii=False))
        else:
            Console(highlight=False, soft_wrap=True).print(f"The board: {page}")
        if host not in LOOPBACK:
            err.print(f"[yellow]note:[/yellow] listening on {host}: any machine that can "
                      "reach it can use the board")
        err.print("[dim]Ctrl-C stops the server.[/dim]")

    # Ctrl-C is how the server is meant to stop: no error.
    with contextlib.suppress(KeyboardInterrupt):
        run(app, sock, page if browser else None, ready)


def session_deal(path: Path, number: int) -> str:
    """The deal string, with its play, of deal ``number`` of a session file, as
    ``jink session`` replays it (robbing and declaring done)."""
    evening = play_evening(read_session(path))
    found = [deal for deal in evening.deals if deal.number == number]
    if not found:
        played = f"it has deals 1 to {len(evening.deals)}" if evening.deals else "it has none"
        stopped = f"; {evening.error}" if evening.error else ""
        raise PositionError(f"{path}: no deal {number} ({played}{stopped})")
    deal = found[0]
    if deal.position is None:
        raise PositionError(f"{path}, deal {number}: not played out, so there is no play "
                            "to show")
    return deal_string(PositionFile(deal.position, deal.play))

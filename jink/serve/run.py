"""Running the board's server: the socket, uvicorn, and the browser opened on it."""

from __future__ import annotations

import socket
import threading
import webbrowser
from collections.abc import Callable
from types import FrameType

import uvicorn
from starlette.applications import Starlette

from jink.errors import JinkError
from jink.serve.lanes import Lane

#: The loopback addresses: a server bound to one of these is seen by this machine only.
LOOPBACK = ("127.0.0.1", "::1", "localhost")


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (0: any free port), or a
    :class:`~jink.errors.JinkError` saying why not."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        raise JinkError(f"--host {host}: not an address of this machine ({error.strerror})") \
            from None
    except UnicodeError:
        # (a name is encoded for the resolver first, each of its labels at
        # most 63 characters and none empty)
        raise JinkError(f"--host {host}: not a host name (a part of it empty, or past 63 "
                        "characters)") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(64)
    except OSError as error:
        sock.close()
        hint = " (give another --port, or --port 0 for any free one)" \
            if error.errno in (48, 98, 10048) else ""
        raise JinkError(f"cannot listen on {host}:{port}: {error.strerror or error}{hint}") \
            from None
    return sock


def address(sock: socket.socket, host: str) -> str:
    """The page's address for a socket listening for ``host``."""
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        shown = "127.0.0.1"  # every address: this machine's own works for its browser
    return f"http://{shown}:{port}/"


class _Server(uvicorn.Server):
    """uvicorn's server, which stops every search when told to stop: their
    requests then answer at once, and the server need not wait for them."""

    def __init__(self, config: uvicorn.Config, lanes: list[Lane]) -> None:
        super().__init__(config)
        self.lanes = lanes

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        for lane in self.lanes:
            lane.stop("the server is stopping")
        super().handle_exit(sig, frame)


def run(app: Starlette, sock: socket.socket, open_url: str | None,
        ready: Callable[[], None] = lambda: None) -> None:
    """Serve ``app`` on ``sock`` until interrupted (Ctrl-C); open ``open_url``
    in the browser once serving (None: do not)."""
    # A search still running when the server is stopped is not waited for:
    # its request is cancelled, which ends its process.
    config = uvicorn.Config(app, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=1)
    server = _Server(config, getattr(app.state, "lanes", []))

    def when_started() -> None:
        while not server.started and not server.should_exit:
            threading.Event().wait(0.05)
        if server.started:
            ready()
            if open_url is not None:
                webbrowser.open(open_url)

    threading.Thread(target=when_started, daemon=True).start()
    server.run(sockets=[sock])

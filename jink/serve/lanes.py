"""Searches off the server's event loop, one child process each, cancellable.

A :class:`Lane` runs one kind of search (the board's scores, the review of
its play) at a time: a newer search on the lane cancels the one running
(its child is stopped at once, its request answered "cancelled"), for only
the newest click's answer is wanted. A request whose browser went away
stops its search too. A child that fails with bad input sends back the
error's message; one that dies (a crash, the memory) is said as such; the
server goes on either way.

Children are forked from a fork server that has already imported the
searches (where the system has one; elsewhere they are spawned), so
starting one costs milliseconds, not an import of jink.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import signal
import threading
import traceback
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from typing import Any

from jink.cards import with_symbols
from jink.errors import JinkError

#: How often (seconds) a waiting request looks for its child's answer.
POLL = 0.02


class Cancelled(Exception):
    """A newer search on the lane took this one's place."""


class Failed(Exception):
    """The search could not answer: bad input (``bad`` true), or its process died."""

    def __init__(self, message: str, bad: bool) -> None:
        super().__init__(message)
        self.bad = bad


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["jink.serve.work"])
        return context
    return multiprocessing.get_context("spawn")


def _child(conn: Connection, job: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """Run ``job`` and send back ``("ok", answer)`` or ``("bad", message)``."""
    # Ctrl-C at the terminal reaches every process of the server: the server
    # ends this one itself, with no traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        answer = ("ok", job(*args))
    except JinkError as error:
        answer = ("bad", with_symbols(" ".join(str(error).split())))
    except MemoryError:
        answer = ("died", "the search ran out of memory (try a smaller --memory)")
    except Exception as error:  # a fault of jink's: said on the page, logged in full
        traceback.print_exc()
        answer = ("died", f"internal error: {type(error).__name__}: {error}")
    conn.send(answer)
    conn.close()


class Lane:
    """One search at a time; a newer one cancels the older."""

    def __init__(self) -> None:
        self._context = _context()
        self._running: asyncio.Event | None = None
        #: Why the search running was stopped, when not for a newer one.
        self._why: str | None = None

    async def run(self, job: Callable[..., Any], *args: Any,
                  gone: Callable[[], Awaitable[bool]] | None = None) -> Any:
        """The answer of ``job(*args)``, worked out in a child process.

        Raises :class:`Cancelled` when a newer call takes its place (or
        ``gone()``, asked while waiting, says the asker went away) and
        :class:`Failed` when the job reports bad input or its process dies.
        """
        if self._running is not None:
            self._running.set()  # the older search: stop
        stop = self._running = asyncio.Event()
        self._why = None
        parent, child = self._context.Pipe(duplex=False)
        process = self._context.Process(target=_child, args=(child, job, args), daemon=True)
        try:
            process.start()
            child.close()
            # poll() is true for an answer, and for the end of the pipe when the
            # child dies without one.
            while not parent.poll():
                if stop.is_set():
                    raise Cancelled(self._why if self._running is stop and self._why
                                    else "a newer request took this one's place")
                if gone is not None and await gone():
                    raise Cancelled("the page that asked went away")
                await asyncio.sleep(POLL)
            try:
                kind, answer = parent.recv()
            except EOFError:
                await asyncio.get_running_loop().run_in_executor(None, process.join)
                raise Failed(f"the search process died (exit status {process.exitcode})",
                             bad=False) from None
            if kind != "ok":
                raise Failed(answer, bad=kind == "bad")
            return answer
        finally:
            if self._running is stop:
                self._running = None
            parent.close()
            if process.is_alive():
                process.kill()
            if process.pid is not None:
                # Reaped in a thread, not awaited: a killed child can take a
                # moment to go, and this may run while the request is cancelled.
                threading.Thread(target=process.join, daemon=True).start()

    def stop(self, why: str) -> None:
        """Stop the search running, if any: its request answers "cancelled", ``why``."""
        if self._running is not None:
            self._why = why
            self._running.set()

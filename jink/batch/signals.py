"""Ctrl-C and SIGTERM in a run with worker processes: the run's process alone
answers them.

A terminal sends Ctrl-C to its whole process group, so every worker would
get it too, and print a ``KeyboardInterrupt`` traceback of its own (most
often while it is still starting). The run stops its workers itself
(:mod:`jink.batch.local`, :mod:`jink.batch.cluster`), so they need not hear
it: :func:`workers_deaf` blocks SIGINT in the thread that starts them, for
as long as it starts them, and a process (or a thread) started then keeps
SIGINT blocked for its life. A Ctrl-C that comes meanwhile is held, not
lost: the run's process gets it as soon as the block ends
(:func:`deferred_interrupt` holds it back from a start-up that must not be
cut short). (:func:`workers_deaf` is
:mod:`jink.workers`'s, shared with the runs of the dealing layer.) Dask starts its
workers from threads of its own, so :func:`spawned_deaf` blocks SIGINT
around each process started by ``spawn``, in whatever thread starts it.
:func:`terminate_as_interrupt` makes SIGTERM (``kill PID``) stop a run as
Ctrl-C does, with its summary, instead of killing it mid-write.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from jink.workers import workers_deaf

__all__ = ["deferred_interrupt", "spawned_deaf", "terminate_as_interrupt", "workers_deaf"]

_BLOCKS = hasattr(signal, "pthread_sigmask")


@contextmanager
def spawned_deaf() -> Iterator[None]:
    """Every process started by ``multiprocessing``'s spawn method in the block,
    from any thread, starts with SIGINT blocked.

    The start of such a process is :class:`multiprocessing.context.SpawnProcess`'s
    ``_Popen``: the one place every thread's start passes, wrapped for the block.
    """
    from multiprocessing import context

    if not _BLOCKS:
        yield
        return
    original = context.SpawnProcess._Popen

    def start(process: Any) -> Any:
        with workers_deaf():
            return original(process)

    context.SpawnProcess._Popen = staticmethod(start)  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        context.SpawnProcess._Popen = staticmethod(original)  # type: ignore[method-assign]


@contextmanager
def deferred_interrupt() -> Iterator[None]:
    """Ctrl-C in the block is held until the block ends, then raised: for a
    start-up (a Dask cluster's) that an interruption would leave half made,
    with errors of its own in place of :class:`KeyboardInterrupt`."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pressed: list[int] = []
    before = signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if pressed:
        raise KeyboardInterrupt


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM raises :class:`KeyboardInterrupt` in the block, as Ctrl-C does
    (in the main thread only, where Python runs signal handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)

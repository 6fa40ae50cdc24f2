"""Worker processes: solving many deals on several cores at once.

A search runs on one core; a run of many independent deals (the sampled
deals of ``jink odds``, a batch's chunks) uses more cores by handing deals to
worker processes, each searching one deal at a time with its own table. This
is how the answers stay the same for every number of workers: each deal is
solved exactly as it would be alone, and :func:`in_order` gives the results
back in the order of the deals.

The workers are started by ``spawn`` (a fresh interpreter: forking a process
that runs threads, a progress bar's say, may copy a held lock), hear no Ctrl-C
(:func:`workers_deaf`: the run's process stops them itself, and a terminal
would send the signal to the whole process group), exit when the run's process
is gone (:func:`watch_parent`), and are ended at once when the run stops
(:func:`stop_pool`), so that nothing is left solving for nobody.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import TypeVar

from jink.errors import JinkError

__all__ = ["WorkerDied", "in_order", "new_pool", "stop_pool", "watch_parent", "workers_deaf"]

T = TypeVar("T")
R = TypeVar("R")

_BLOCKS = hasattr(signal, "pthread_sigmask")

#: How long :func:`in_order` solves alone before it starts workers: a run
#: shorter than this would spend more on starting them (an interpreter each,
#: about 0.4 s of CPU) than they save.
ALONE_SECONDS = 0.5

#: How many items :func:`in_order` sends ahead of the one it gives back next,
#: per worker. The times of deals run from milliseconds to minutes: while one
#: long deal holds back the results, the other workers go on with the items
#: after it, as many as this allows.
AHEAD = 64


@contextmanager
def workers_deaf() -> Iterator[None]:
    """SIGINT blocked in this thread for the block: a process (or a thread)
    started meanwhile keeps it blocked for its life. A Ctrl-C that comes in
    the block is held, not lost: this process gets it when the block ends."""
    if not _BLOCKS:
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def watch_parent(parent: int) -> None:
    """In a worker: exit when the run's process is gone (killed, even with
    SIGKILL, which it cannot pass on), rather than solve on as an orphan."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """End the pool's workers now, and wait for them to be gone, so that nothing
    of the pool is left for the interpreter to wait on at exit."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(5)
        if process.is_alive():
            process.kill()
            process.join(5)


def new_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes that watch this one."""
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=watch_parent, initargs=(os.getpid(),))


class WorkerDied(JinkError):
    """A worker process ended without an answer (killed, or out of memory)."""


def in_order(solve: Callable[[T], R], items: Iterable[T], workers: int = 1,
             alone_for: float | None = None) -> Iterator[R]:
    """``solve(item)`` for each item, yielded in the items' order.

    With ``workers`` above 1, the items left once this process has solved
    alone for ``alone_for`` seconds (default :data:`ALONE_SECONDS`) go to that
    many worker processes, up to :data:`AHEAD` each ahead of the one yielded
    next; ``solve`` and the items must then pickle
    (a module's function, or a :func:`functools.partial` of one). An error
    raised by ``solve`` is raised here, for the first item that raised it.
    Closing the generator (or Ctrl-C while it waits) ends the workers at once.
    A worker that dies raises :class:`WorkerDied`.

    >>> list(in_order(abs, [-2, 3, -1]))
    [2, 3, 1]
    """
    items = iter(items)
    alone = ALONE_SECONDS if alone_for is None else alone_for
    started = time.perf_counter()
    for item in items:
        yield solve(item)
        if workers > 1 and time.perf_counter() - started >= alone:
            break
    else:
        return
    pool = new_pool(workers)
    flying: deque[Future[R]] = deque()
    try:
        while True:
            while len(flying) < AHEAD * workers:
                item_or_end = next(items, _END)
                if item_or_end is _END:
                    break
                with workers_deaf():  # (a submit may start a worker)
                    flying.append(pool.submit(solve, item_or_end))  # type: ignore[arg-type]
            if not flying:
                return
            try:
                result = flying.popleft().result()
            except BrokenProcessPool:
                raise WorkerDied("a worker process died (killed, or out of memory)") from None
            yield result
    finally:
        if flying:
            stop_pool(pool)  # (stopped part-way: what is in flight is nobody's now)
        pool.shutdown(wait=True, cancel_futures=True)


_END = object()

"""Running a research run on a Dask distributed cluster.

The same chunks as a local run (:func:`~jink.batch.local.todo_chunks`) go
to the cluster's workers as futures, a few per worker at a time; each
chunk's rows are stored as its future completes
(:func:`distributed.as_completed`), so the database is never behind by
more than the chunks being solved. A worker that dies has its chunks run
again elsewhere by the scheduler itself; a chunk that kills workers again
and again (Dask's ``allowed-failures``, 3 by default) stops the run. Dask is
an optional extra: ``pip install 'jink[cluster]'``. The cluster's workers
need jink installed too, the same version.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

from jink.batch.local import ChunkFunction, Items, Outcome, Progress, todo_chunks
from jink.batch.signals import deferred_interrupt, spawned_deaf
from jink.batch.store import Store
from jink.batch.work import ChunkStopped, Run, solve_chunk
from jink.errors import JinkError, LimitExceeded

__all__ = ["MISSING", "distributed_module", "run_dask"]

MISSING = ("--scheduler and --cluster need Dask's distributed scheduler, which is not "
           "installed: pip install 'jink[cluster]'")


def distributed_module() -> Any:
    """``distributed``, or an error saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise JinkError(MISSING) from None
    return distributed


def run_dask(run: Run, store: Store, *, scheduler: str | None = None,
             local_workers: int | None = None, chunk: int | None = None,
             progress: Progress | None = None,
             function: ChunkFunction = solve_chunk) -> Outcome:
    """Solve every deal of ``run`` not yet in ``store`` on the Dask scheduler
    at ``scheduler``, or on a local cluster of ``local_workers`` processes
    started (and stopped) here."""
    dd = distributed_module()
    started = time.perf_counter()
    with ExitStack() as stack:
        if scheduler is not None:
            try:
                client = stack.enter_context(dd.Client(scheduler, timeout="20s"))
            except (OSError, TimeoutError) as error:
                raise JinkError(f"cannot reach the Dask scheduler at {scheduler}: "
                                f"{error}") from None
            except (ValueError, TypeError) as error:  # (not an address Dask can parse)
                raise JinkError(f"--scheduler: not a scheduler's address: {scheduler!r} "
                                f"({error})") from None
        else:
            # ":0": the scheduler's HTTP server on any free port, never a
            # warning that 8787 is taken (None still binds 8787).
            # The cluster's processes (and the thread that starts them) leave
            # Ctrl-C to this one, which stops them as the stack closes.
            with deferred_interrupt(), spawned_deaf():
                cluster = stack.enter_context(dd.LocalCluster(
                    n_workers=local_workers or 1, threads_per_worker=1, processes=True,
                    dashboard_address=":0", silence_logs=logging.CRITICAL))
                client = stack.enter_context(dd.Client(cluster))
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        chunks, already, _ = todo_chunks(run, store, chunk, workers, most=50)
        stored = already
        if progress is not None:
            progress(stored, run.deals)
        pending = dd.as_completed()
        sent: dict[str, Items] = {}
        flying: dict[str, Any] = {}   # (the futures, to cancel on Ctrl-C)

        def send(source: Iterator[Items]) -> None:
            items = next(source, None)
            if items:
                future = client.submit(function, run.question, items, pure=False)
                sent[future.key] = items
                flying[future.key] = future
                pending.add(future)

        interrupted = False
        try:
            for _ in range(3 * workers):
                send(chunks)
            for future in pending:
                items = sent.pop(future.key)
                flying.pop(future.key, None)
                try:
                    rows = future.result()
                except ChunkStopped as stopped:
                    store.add(stopped.rows)   # the deals solved before the one stopped
                    raise LimitExceeded(str(stopped)) from None
                except dd.KilledWorker:
                    raise JinkError(f"workers died running deals {items[0][0]} to "
                                    f"{items[-1][0]} again and again: the run stops (those "
                                    "stored are kept)") from None
                stored += store.add(rows)
                if progress is not None:
                    progress(stored, run.deals)
                send(chunks)
        except KeyboardInterrupt:
            # What is stored stays; the chunks in flight are dropped, not left
            # running, before the client and any local cluster close.
            interrupted = True
            stored = store.count()  # (Ctrl-C may have come between a commit and its count)
            with contextlib.suppress(Exception):
                client.cancel(list(flying.values()), force=True)
    return Outcome(stored - already, already, run.deals, time.perf_counter() - started,
                   interrupted)

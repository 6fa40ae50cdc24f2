"""Running a research run here: in this process, or over local processes.

The deals not yet in the database go out in chunks; each chunk's rows are
stored as it comes back (:meth:`Store.add`, one transaction), so a run
killed at any moment loses at most the chunks being solved. Over several
processes (``spawn``ed, so nothing of this process but the chunk goes to
them) a few chunks per worker are in flight at once; when a worker dies
the pool breaks, and every chunk that was in flight is run again in a new
pool, up to :data:`MAX_TRIES` times.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from jink.batch.store import Store
from jink.batch.work import ChunkStopped, Question, Row, Run, engine_name, solve_chunk
from jink.errors import JinkError, LimitExceeded
from jink.workers import new_pool, stop_pool, workers_deaf

__all__ = ["MAX_TRIES", "ChunkFunction", "Outcome", "Progress", "chunk_size", "run_local",
           "todo_chunks"]

#: How often a chunk is sent out before a worker dying on it stops the run.
MAX_TRIES = 3

#: Called with (deals stored, deals in the run) after each chunk.
Progress = Callable[[int, int], None]
Items = list[tuple[int, dict[str, Any]]]
ChunkFunction = Callable[[Question, Items], list[Row]]


@dataclass(frozen=True)
class Outcome:
    """What a run did: deals solved now, found already solved, in the run."""

    solved: int
    already: int
    deals: int
    seconds: float
    #: Stopped by Ctrl-C (the deals solved by then are stored).
    interrupted: bool = False

    def to_dict(self) -> dict[str, object]:
        rate = self.solved / self.seconds if self.seconds else None
        return {"deals": self.deals, "solved": self.solved, "already": self.already,
                "seconds": round(self.seconds, 3),
                "deals_per_second": None if rate is None else round(rate, 3),
                "interrupted": self.interrupted}


def chunk_size(remaining: int, workers: int, most: int = 20) -> int:
    """Deals per chunk: enough chunks that every worker has several (the
    progress bar moves, a lost chunk costs little), at most ``most``.

    >>> chunk_size(1000, 2), chunk_size(10, 2), chunk_size(0, 4)
    (20, 1, 1)
    """
    return max(1, min(most, remaining // (workers * 8)))


def todo_chunks(run: Run, store: Store, chunk: int | None, workers: int,
                most: int = 20) -> tuple[Iterator[Items], int, int]:
    """The chunks of the deals not yet stored, and how many deals are already
    stored and still to do."""
    done = store.done()
    todo = [k for k in range(run.deals) if k not in done]
    size = chunk or chunk_size(len(todo), workers, most)
    return run.chunks(todo, size), run.deals - len(todo), len(todo)


def run_local(run: Run, store: Store, workers: int = 1, chunk: int | None = None,
              progress: Progress | None = None,
              function: ChunkFunction = solve_chunk) -> Outcome:
    """Solve every deal of ``run`` not yet in ``store``: here when ``workers``
    is 1, else over that many processes."""
    started = time.perf_counter()
    chunks, already, _ = todo_chunks(run, store, chunk, workers)
    stored = already

    def keep(rows: Sequence[Row]) -> None:
        nonlocal stored
        stored += store.add(rows)
        if progress is not None:
            progress(stored, run.deals)

    if progress is not None:
        progress(stored, run.deals)
    interrupted = False
    try:
        if workers <= 1:
            for items in chunks:
                keep(function(run.question, items))
        else:
            # Resolved here first: a missing core is said once, not by every worker.
            engine_name(run.question.engine)
            _over_processes(run.question, chunks, workers, keep, function)
    except ChunkStopped as stopped:
        keep(stopped.rows)   # the deals of the chunk solved before the one stopped
        raise LimitExceeded(str(stopped)) from None
    except KeyboardInterrupt:
        interrupted = True   # what is stored stays; the caller reports it
        stored = store.count()  # (Ctrl-C may have come between a commit and its count)
    return Outcome(stored - already, already, run.deals, time.perf_counter() - started,
                   interrupted)


def _over_processes(question: Question, chunks: Iterator[Items], workers: int,
                    keep: Callable[[Sequence[Row]], None], function: ChunkFunction) -> None:
    again: deque[tuple[Items, int]] = deque()   # chunks to send again, with their tries
    while True:
        pool = new_pool(workers)
        broken = False
        flying: dict[Future[list[Row]], tuple[Items, int]] = {}
        try:
            while True:
                while len(flying) < 2 * workers:
                    if again:
                        items, tries = again.popleft()
                    else:
                        items = next(chunks, [])
                        tries = 0
                        if not items:
                            break
                    with workers_deaf():   # (a submit may start a worker)
                        future = pool.submit(function, question, items)
                    flying[future] = (items, tries + 1)
                if not flying:
                    return
                finished, _ = wait(flying, return_when=FIRST_COMPLETED)
                for future in finished:
                    items, tries = flying.pop(future)
                    try:
                        rows = future.result()
                    except BrokenProcessPool:
                        again.append((items, tries))
                        broken = True
                        continue
                    keep(rows)
                if broken:
                    break
        except KeyboardInterrupt:
            # Stop the workers now: a chunk in flight is lost (it is solved
            # again on the next run), none is left solving for nobody.
            stop_pool(pool)
            raise
        finally:
            pool.shutdown(wait=broken, cancel_futures=True)
        # A worker died: every chunk in flight is sent again to a new pool.
        again.extend(flying.values())
        worst = max(again, key=lambda entry: entry[1])
        if worst[1] >= MAX_TRIES:
            first, last = worst[0][0][0], worst[0][-1][0]
            raise JinkError(f"a worker died {MAX_TRIES} times running deals {first} to "
                            f"{last}: the run stops (those stored are kept)")

"""Limits on a search: nodes and seconds. Past either, the search stops with
:class:`~jink.errors.LimitExceeded` instead of returning a guess."""

from __future__ import annotations

import time
from dataclasses import dataclass

from jink.errors import LimitExceeded
from jink.words import plural


@dataclass(frozen=True)
class Limit:
    """At most ``nodes`` search nodes and ``seconds`` of wall time (None: no limit)."""

    nodes: int | None = None
    seconds: float | None = None


class Budget:
    """Counts nodes across every search of one question and enforces a :class:`Limit`."""

    #: How often (in nodes) the clock is read: reading it is not free.
    CHECK_EVERY = 4096

    def __init__(self, limit: Limit | None = None) -> None:
        self.limit = limit or Limit()
        self.nodes = 0
        self.started = time.perf_counter()
        # The first check comes early enough to keep a small node limit exactly.
        self.next_check = self.CHECK_EVERY
        if self.limit.nodes is not None:
            self.next_check = min(self.CHECK_EVERY, self.limit.nodes + 1)

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def check(self) -> None:
        """Raise if a limit is passed; called by the search every CHECK_EVERY nodes."""
        limit = self.limit
        self.next_check = self.nodes + self.CHECK_EVERY
        if limit.nodes is not None:
            self.next_check = min(self.next_check, limit.nodes + 1)
        if limit.nodes is not None and self.nodes > limit.nodes:
            raise LimitExceeded(f"search stopped after {plural(self.nodes, 'node')} "
                                f"(limit {limit.nodes}); no answer is given")
        if limit.seconds is not None and self.elapsed() > limit.seconds:
            raise LimitExceeded(f"search stopped after {self.elapsed():.2f} s "
                                f"(limit {limit.seconds} s); no answer is given")

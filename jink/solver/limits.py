"""Limits on a search: nodes and seconds. Past either, the search stops with
:class:`~jink.errors.LimitExceeded` instead of returning a guess.

A :class:`Budget` may also hold a *cap*: a node count at which the one
question being searched stops (:class:`QuestionCapped`) while the budget
itself goes on, so that a solver can try every question cheaply before it
spends the rest on the hard ones (see :meth:`Budget.capped`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from jink.errors import LimitExceeded
from jink.words import plural


@dataclass(frozen=True)
class Limit:
    """At most ``nodes`` search nodes and ``seconds`` of wall time (None: no limit).

    >>> Limit(nodes=-1)
    Traceback (most recent call last):
    ...
    ValueError: the node limit must be a whole number, 0 or more, not -1
    """

    nodes: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        nodes, seconds = self.nodes, self.seconds
        if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int)
                                  or nodes < 0):
            raise ValueError(f"the node limit must be a whole number, 0 or more, not {nodes!r}")
        if seconds is not None and (isinstance(seconds, bool)
                                    or not isinstance(seconds, (int, float))
                                    or not 0 <= seconds < float("inf")):
            raise ValueError(f"the time limit must be a number of seconds, 0 or more, "
                             f"not {seconds!r}")

    @property
    def unlimited(self) -> bool:
        return self.nodes is None and self.seconds is None


class QuestionCapped(LimitExceeded):
    """One question passed the cap it was searched under; the budget has more.

    Raised only inside :meth:`Budget.capped`: the solver that set the cap
    catches it and leaves the question open for a later, larger cap.
    """


class Halted(LimitExceeded):
    """Another thread halted the search (:meth:`jink.solver.native.NativeTable.halt`):
    one of the threads answering a solver's questions together failed, and
    the others stop with it (see :meth:`jink.solver.solver.Solver._settle`).
    """


class Budget:
    """Counts nodes across every search of one question and enforces a :class:`Limit`."""

    #: How often (in nodes) the clock is read: reading it is not free.
    CHECK_EVERY = 4096

    def __init__(self, limit: Limit | None = None) -> None:
        self.limit = limit or Limit()
        self.nodes = 0
        self.started = time.perf_counter()
        #: The node count past which the question searched now stops (None: no cap).
        self.cap_at: int | None = None
        # The first check comes early enough to keep a small node limit exactly.
        self.next_check = self.CHECK_EVERY
        if self.limit.nodes is not None:
            self.next_check = min(self.CHECK_EVERY, self.limit.nodes + 1)

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    @property
    def node_stop(self) -> int | None:
        """The node count past which a search must stop now: the limit's or the
        cap's, whichever comes first (None: neither)."""
        stops = [n for n in (self.limit.nodes, self.cap_at) if n is not None]
        return min(stops) if stops else None

    def exhausted(self) -> bool:
        """Whether the limit (not a cap) has been passed: no search may start."""
        limit = self.limit
        return (limit.nodes is not None and self.nodes > limit.nodes) or \
            (limit.seconds is not None and self.elapsed() > limit.seconds)

    @contextmanager
    def capped(self, nodes: int | None) -> Iterator[None]:
        """Searches inside stop with :class:`QuestionCapped` after ``nodes`` more
        nodes (None: no cap), unless the limit, or a cap this one is inside,
        stops them first (:meth:`cap_passed` then tells the two apart)."""
        if nodes is None:
            yield
            return
        outer = self.cap_at
        self.cap_at = self.nodes + nodes if outer is None else min(outer, self.nodes + nodes)
        self.next_check = min(self.next_check, self.cap_at + 1)
        try:
            yield
        finally:
            self.cap_at = outer

    def cap_passed(self) -> bool:
        """Whether the cap in force (none: False) has been passed."""
        return self.cap_at is not None and self.nodes > self.cap_at

    def check(self) -> None:
        """Raise if a limit is passed; called by the search every CHECK_EVERY nodes.

        The limit is checked before the cap: once it is passed, the searches
        stop for good (:class:`~jink.errors.LimitExceeded`), not only this one.
        """
        limit = self.limit
        self.next_check = self.nodes + self.CHECK_EVERY
        stop = self.node_stop
        if stop is not None:
            self.next_check = min(self.next_check, stop + 1)
        if limit.nodes is not None and self.nodes > limit.nodes:
            raise LimitExceeded(f"search stopped after {plural(self.nodes, 'node')} "
                                f"(limit {limit.nodes}); no answer is given")
        if limit.seconds is not None and self.elapsed() > limit.seconds:
            raise LimitExceeded(f"search stopped after {self.elapsed():.2f} s "
                                f"(limit {limit.seconds} s); no answer is given")
        if self.cap_at is not None and self.nodes > self.cap_at:
            raise QuestionCapped(f"question stopped at its cap of {self.cap_at} nodes")

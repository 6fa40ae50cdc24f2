"""One solver for deal after deal in a thread, started over for each.

A run of many deals (``jink odds``, the robbing and declaring odds) solves
each deal on its own. A new solver's table and memories are mapped by the
kernel page by page as they are first touched (at ten seats some 170,000
page faults in 60 deals); one solver started over for each deal
(:meth:`~jink.solver.solver.Solver.start_over`) searches the very nodes a
new one would, its memory already mapped (measured on the odds of a
ten-seat hand: 0.957 of the CPU time). The solver is the calling thread's,
so that runs in several threads at once each have their own; :func:`let_go`
gives it back at the end of a run.
"""

from __future__ import annotations

import threading

from jink.solver import native
from jink.solver.limits import Limit
from jink.solver.solver import Solver

_HELD = threading.local()


def deal_solver(limit: Limit | None, memory_mb: float) -> Solver:
    """This thread's solver for the next deal: as ``Solver(limit, memory_mb)``
    would be made now (the process's engine and threads as they stand), the
    one held started over where it was made alike."""
    kind = (limit, memory_mb, native.engine_name(None), native.exact_chosen(),
            native.threads_chosen())
    held: tuple[object, Solver] | None = getattr(_HELD, "solver", None)
    if held is not None and held[0] == kind:
        held[1].start_over(limit)
        return held[1]
    solver = Solver(limit, memory_mb)
    _HELD.solver = (kind, solver)
    return solver


def let_go() -> None:
    """This thread's solver given back (its memory with it), at a run's end."""
    _HELD.__dict__.pop("solver", None)

"""Time the full-table verdicts (every seat: max_tricks, three, jink, spoil).

Per player count: median, 90th percentile and slowest time per deal, nodes,
the process's peak memory, and how many deals ran past the per-deal time
limit (those are counted at the limit, so a figure with timeouts is a floor).

The *seat 1* rows time what ``jink solve --seats 1`` does instead: seat 1's
verdicts only, its legal cards scored and the line of play.

Times are the process's CPU time (``time.process_time``): on a machine shared
with other work they move less than the wall clock. ``engine`` chooses the
search engine (native or python; None: JINK_ENGINE, else native), and
``ns_per_node`` is the CPU time of all the deals over all their nodes.
``threads``: the threads each proof runs on (1 by default, so that node
counts stay exact); with more, CPU time counts every thread's, so each deal's
wall-clock time is kept too (``wall_ms``, in deal order), and the CPU time
of the thread that asks (``caller_ms``): near what the wall time would be
on idle cores, where other work shares the machine.
"""

from __future__ import annotations

import resource
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field

from jink.analysis.line import principal_line
from jink.errors import LimitExceeded
from jink.position import Position
from jink.solver import Limit, Solver
from jink.solver.goals import goal_for


@dataclass
class Row:
    """One player count's figures (times in milliseconds)."""

    set: str
    players: int
    deals: int
    median_ms: float
    p90_ms: float
    max_ms: float
    median_nodes: int
    max_nodes: int
    timeouts: int
    peak_mb: float
    engine: str = "python"
    ns_per_node: float = 0.0
    threads: int = 1
    #: Each deal's wall-clock time, in deal order.
    wall_ms: list[float] = field(default_factory=list)
    #: Each deal's CPU time in the thread that asks (the others' not counted).
    caller_ms: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def full_table(solver: Solver, position: Position) -> None:
    """Every seat's verdicts."""
    solver.verdicts(position)


def one_seat(solver: Solver, position: Position) -> None:
    """Seat 1's verdicts, its cards scored and the line: ``jink solve --seats 1``."""
    goal = goal_for(position, None)
    solver.verdicts(position, [0])
    solver.score_moves(position, 0, goal)
    principal_line(solver, position, 0, goal)


def time_positions(name: str, players: int, positions: Iterable[Position],
                   seconds: float | None,
                   work: Callable[[Solver, Position], None] = full_table,
                   engine: str | None = None, threads: int = 1) -> Row:
    times: list[float] = []
    walls: list[float] = []
    callers: list[float] = []
    nodes: list[int] = []
    timeouts = 0
    used = ""
    for position in positions:
        solver = Solver(Limit(seconds=seconds), engine=engine, threads=threads)
        used = solver.engine
        started = time.process_time()
        wall = time.perf_counter()
        caller = time.thread_time()
        try:
            work(solver, position)
        except LimitExceeded:
            timeouts += 1
        times.append((time.process_time() - started) * 1000)
        walls.append(round((time.perf_counter() - wall) * 1000, 3))
        callers.append(round((time.thread_time() - caller) * 1000, 3))
        nodes.append(solver.nodes)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    per_node = sum(times) * 1e6 / max(1, sum(nodes))
    return Row(name, players, len(times), round(statistics.median(times), 3),
               round(percentile(times, 0.9), 3), round(max(times), 3),
               int(statistics.median(nodes)), max(nodes), timeouts, round(peak_mb, 1),
               used, round(per_node, 1), threads, walls, callers)


def run(players: Iterable[int], deals: int, seed: int, seconds: float | None,
        endgames: bool, progress: Callable[[str], None] | None = None,
        seat_one: bool = False, full: bool = True, engine: str | None = None,
        threads: int = 1) -> list[Row]:
    from jink.bench.deals import deal, endgame

    rows = []
    for n in players:
        if progress:
            progress(f"{deals} deals of {n} players")
        if full:
            rows.append(time_positions("deal", n, (deal(n, i, seed) for i in range(deals)),
                                       seconds, engine=engine, threads=threads))
        if endgames:
            rows.append(time_positions("endgame", n,
                                       (endgame(n, i, seed) for i in range(deals)), seconds,
                                       engine=engine, threads=threads))
        if seat_one:
            rows.append(time_positions("seat 1", n, (deal(n, i, seed) for i in range(deals)),
                                       seconds, one_seat, engine, threads))
    return rows

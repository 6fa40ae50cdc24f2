"""Where a full table's time goes, question by question (``--by-question``).

A full table is many searches: the rungs of every seat's ``max_tricks``
ladder ("can it make k tricks?") and every seat's spoil. The rows sum them
by kind and answer (holds, fails, or cut by the time limit) over the deals:
how many, their nodes and CPU time, their share of all the CPU time and of
the *middle half* of the deals' (those around the median deal, the figure
the bar reads), the median and 90th percentile of one search, and the share
of its kind's CPU time that its costliest tenth of searches takes (how heavy
the tail is). Times are CPU time, as in :mod:`jink.bench.run`.
"""

from __future__ import annotations

import contextlib
import statistics
import time
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from jink.bench.run import percentile
from jink.errors import LimitExceeded
from jink.position import Position
from jink.solver import AtLeast, Limit, Solver
from jink.solver.solver import SearchRecord

ANSWERS = {True: "holds", False: "fails", None: "cut"}


@dataclass
class QuestionRow:
    """One kind of search and answer at one player count (times in ms)."""

    players: int
    question: str
    answer: str
    count: int
    nodes: int
    cpu_ms: float
    share: float
    middle_share: float
    median_ms: float
    p90_ms: float
    top_tenth: float

    def to_dict(self) -> dict[str, object]:
        return {"set": "questions", **asdict(self)}


def kind(record: SearchRecord) -> str:
    """``max_tricks`` for a rung of the ladder, else the goal's name (and
    ``narrow`` for the narrow search, which the Python engine makes first)."""
    name = "max_tricks" if isinstance(record.goal, AtLeast) else str(record.goal.name)
    return f"{name}, narrow" if record.narrow else name


def searches(positions: Iterable[Position], seconds: float | None,
             engine: str | None = None, threads: int = 1,
             ) -> list[tuple[float, list[SearchRecord]]]:
    """Each position's full table: its CPU seconds (every thread's) and the
    searches it made."""
    out = []
    for position in positions:
        solver = Solver(Limit(seconds=seconds), engine=engine, threads=threads)
        made: list[SearchRecord] = []
        solver.on_search = made.append
        started = time.process_time()
        # Past the limit, the searches it finished are kept; the one cut is "cut".
        with contextlib.suppress(LimitExceeded):
            solver.verdicts(position)
        out.append((time.process_time() - started, made))
    return out


def rows(players: int, deals: list[tuple[float, list[SearchRecord]]]) -> list[QuestionRow]:
    """The rows of one player count, by kind and answer."""
    by_cost = sorted(range(len(deals)), key=lambda index: deals[index][0])
    quarter = len(by_cost) // 4
    middle = set(by_cost[quarter:len(by_cost) - quarter])
    groups: dict[tuple[str, str], list[SearchRecord]] = defaultdict(list)
    middle_cpu: dict[tuple[str, str], float] = defaultdict(float)
    for index, (_, made) in enumerate(deals):
        for record in made:
            key = (kind(record), ANSWERS[record.answer])
            groups[key].append(record)
            if index in middle:
                middle_cpu[key] += record.seconds
    total = sum(r.seconds for records in groups.values() for r in records) or 1.0
    middle_total = sum(middle_cpu.values()) or 1.0
    out = []
    for (question, answer), records in sorted(groups.items()):
        times = sorted(r.seconds * 1000 for r in records)
        cpu = sum(times)
        tenth = max(1, len(times) // 10)
        out.append(QuestionRow(
            players, question, answer, len(records), sum(r.nodes for r in records),
            round(cpu, 3), round(cpu / 1000 / total, 4),
            round(middle_cpu[question, answer] / middle_total, 4),
            round(statistics.median(times), 3), round(percentile(times, 0.9), 3),
            round(sum(times[-tenth:]) / cpu, 4) if cpu else 0.0))
    return out


def run(players: Iterable[int], deals: int, seed: int, seconds: float | None,
        engine: str | None = None, threads: int = 1) -> list[QuestionRow]:
    """The rows of each player count, over ``deals`` benchmark deals."""
    from jink.bench.deals import deal

    out = []
    for n in players:
        out.extend(rows(n, searches((deal(n, i, seed) for i in range(deals)), seconds,
                                    engine, threads)))
    return out

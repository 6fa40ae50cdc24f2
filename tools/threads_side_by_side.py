"""One thread against several on the benchmark's deals, deal by deal in turns.

``tools/threads_ratio.py`` compares two runs of ``python -m jink.bench``
made one after the other; on a machine whose speed drifts by a fifth within
the hour that moves the ratio as much as any change does. This runs each
deal's full table on one thread and on ``--threads`` in turns (which goes
first alternating from deal to deal), checks that both give the same
verdicts, and prints for each player count the ``--slowest`` deals of the
one-thread side, as ``threads_ratio`` does::

    python -m tools.threads_side_by_side --players 9,10 --deals 40 --threads 2 --slowest 20

``--lazy-only``: the threads all on one proof at a time, at every table
size (the questions not spread over them: jink/solver/spread.py).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence

from jink.bench.deals import deal
from jink.solver import Limit, Solver
from tools.threads_ratio import compare


def timed(players: int, index: int, seed: int, threads: int, seconds: float | None,
          lazy_only: bool = False) -> tuple[float, object]:
    """The wall time (ms) of deal ``index``'s full table on ``threads``, and its verdicts."""
    position = deal(players, index, seed)
    solver = Solver(Limit(seconds=seconds), engine="native", threads=threads)
    if lazy_only:
        solver.spreads_questions = False
    started = time.perf_counter()
    verdicts = solver.verdicts(position)
    return (time.perf_counter() - started) * 1000, verdicts


def side_by_side(players: int, deals: int, seed: int, threads: int,
                 seconds: float | None, lazy_only: bool = False) -> tuple[list[float], list[float]]:
    """Each deal's wall time (ms) on one thread and on ``threads``, in turns."""
    one: list[float] = []
    many: list[float] = []
    for index in range(deals):
        counts = (1, threads) if index % 2 == 0 else (threads, 1)
        got = {count: timed(players, index, seed, count, seconds, lazy_only)
               for count in counts}
        if got[1][1] != got[threads][1]:
            raise SystemExit(f"{players} players, deal {index}: {threads} threads gave other "
                             "verdicts than one")
        one.append(got[1][0])
        many.append(got[threads][0])
    return one, many


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="9,10", help="player counts, e.g. 9,10")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--slowest", type=int, default=20)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--lazy-only", action="store_true",
                        help="every thread on one proof at a time (no questions spread)")
    args = parser.parse_args(argv)
    for players in (int(p) for p in args.players.split(",")):
        one, many = side_by_side(players, args.deals, args.seed, args.threads,
                                 args.time_limit, args.lazy_only)
        print(json.dumps({"times": "wall_ms", "set": "deal", "players": players,
                          "threads": args.threads, "lazy_only": args.lazy_only,
                          **compare(one, many, args.slowest)}),
              flush=True)


if __name__ == "__main__":
    main()

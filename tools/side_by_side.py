"""Time two builds of the compiled core side by side on the benchmark's deals.

For "is this change slower?": the core as it is (default the working tree's)
and another (``--against``: a commit, whose jink/solver/_core.c and
jink/solver/core/ are read from git; or a _core.c file whose core/ directory
lies beside it; with optional text swaps, as tools/core_variant.py takes
them) are both built and loaded, and every seat's verdicts of each deal of
jink/bench/deals.py are timed
with one, then the other, in turns (which goes first alternates deal by
deal), so that a machine's drift or another load weighs on both alike.
Prints, per table size, each build's median and slowest CPU time per deal,
their nodes, and the ratios; a deal past ``--limit`` seconds of CPU in
either build counts as that limit in both (as the benchmark counts a
timeout). Run from the repository root:

    python -m tools.side_by_side --players 5-10 --deals 200 --against HEAD~5

Both are compiled as setup.py compiles the core (``-O3``); ``--flags`` and
``--against-flags`` add compiler flags to one or the other (the same source
twice, ``--against HEAD``, compares flags alone):

    python -m tools.side_by_side --players 9,10 --deals 40 --against HEAD \
        --flags="-fwrapv -O3" --against-flags="-fwrapv -O2"

Both cores are driven by this tree's jink.solver.native, which switches an
older core's parts by the names in its own table (a part it lacks is left
out) and gives it partition search as the argument it then took.
"""

from __future__ import annotations

import argparse
import io
import shlex
import statistics
import subprocess
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType

from jink.bench.__main__ import parse_range
from jink.bench.deals import deal
from jink.errors import LimitExceeded
from jink.position import Position
from jink.solver import Limit, Solver
from tests import mutants
from tools.core_variant import TIMED_LEVEL, swapped


def timed(module: ModuleType, position: Position, limit: float) -> tuple[float, int]:
    """CPU seconds and nodes of every seat's verdicts on ``module`` (the
    limit's seconds where it ran past them)."""
    with mutants.core(module):
        solver = Solver(Limit(seconds=limit), engine="native")
        start = time.process_time()
        try:
            solver.verdicts(position)
        except LimitExceeded:
            return limit, solver.nodes
        return time.process_time() - start, solver.nodes


def source_of(against: str, where: Path) -> str:
    """The C text of the core ``against``: a _core.c file (its includes read
    beside it), else a commit's, extracted into ``where``."""
    path = Path(against)
    if path.is_file():
        return mutants.source_text(path)
    archive = subprocess.run(["git", "archive", against, "jink/solver/_core.c",
                              "jink/solver/core"], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(where, filter="data")
    return mutants.source_text(where / "jink" / "solver" / "_core.c")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="5-10", help="e.g. 5-10 or 7,9")
    parser.add_argument("--deals", type=int, default=200, help="the first N deals")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--limit", type=float, default=30.0, help="seconds a deal")
    parser.add_argument("--source", type=Path, default=mutants.SOURCE)
    parser.add_argument("--against", required=True,
                        help="a commit (e.g. HEAD~5), or an older _core.c file")
    parser.add_argument("--swap", type=Path, help="text swaps for --against")
    parser.add_argument("--flags", default="", help="compiler flags added to the new build")
    parser.add_argument("--against-flags", default="",
                        help="compiler flags added to the --against build")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        other = source_of(args.against, Path(tmp) / "against")
        if args.swap:
            other = swapped(other, args.swap.read_text())
        new = mutants.build_text(mutants.source_text(args.source), "new", Path(tmp),
                                 flags=shlex.split(args.flags), level=TIMED_LEVEL)
        old = mutants.build_text(other, "old", Path(tmp), flags=shlex.split(args.against_flags),
                                 level=TIMED_LEVEL)
        print("players  median new  median old  ratio   slowest new  slowest old  ratio"
              "   nodes new / old")
        for players in parse_range(args.players):
            times: dict[str, list[float]] = {"new": [], "old": []}
            nodes = {"new": 0, "old": 0}
            for i in range(args.deals):
                position = deal(players, i, args.seed)
                order = [("new", new), ("old", old)]
                for name, module in order if i % 2 == 0 else order[::-1]:
                    seconds, count = timed(module, position, args.limit)
                    times[name].append(seconds)
                    nodes[name] += count
            for name in times:  # a timeout in one counts in both
                times[name] = [max(a, b) if args.limit in (a, b) else t
                               for t, a, b in zip(times[name], times["new"], times["old"],
                                                  strict=True)]
            med = {k: statistics.median(v) for k, v in times.items()}
            top = {k: max(v) for k, v in times.items()}
            print(f"{players:7d}  {med['new'] * 1e3:8.1f} ms {med['old'] * 1e3:8.1f} ms "
                  f"{med['new'] / med['old']:6.3f}  {top['new']:9.2f} s  {top['old']:9.2f} s "
                  f"{top['new'] / top['old']:6.3f}   {nodes['new'] / max(nodes['old'], 1):.4f}",
                  flush=True)


if __name__ == "__main__":
    main()

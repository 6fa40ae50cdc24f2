"""Wall time on several threads against one, on one thread's slowest deals.

Reads two files of ``python -m jink.bench --json`` lines, the same deals run
with ``--threads 1`` and with more, and prints for each player count the
``slowest`` deals of the one-thread run (by its wall time): their wall time
summed on each side, the ratio, and the median of the deals' own ratios;
then the same by the CPU time of the thread that asks (``caller_ms``: near
the wall time on idle cores, when other work shares the machine).
docs/performance.md ("Two threads") has the commands::

    python -m tools.threads_ratio one.jsonl two.jsonl --slowest 20
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path


def rows(path: Path, times: str) -> dict[tuple[str, int], list[float]]:
    """Each (set, players) row's ``times`` (wall_ms or caller_ms), in deal order."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            out[(row["set"], row["players"])] = row[times]
    return out


def compare(one: list[float], many: list[float], slowest: int) -> dict[str, float]:
    """The ``slowest`` deals of ``one``: wall time summed on each side, and ratios.

    >>> compare([10.0, 100.0, 50.0], [9.0, 40.0, 30.0], 2)
    {'deals': 2, 'one_s': 0.15, 'many_s': 0.07, 'ratio': 0.467, 'median_ratio': 0.5}
    """
    if len(one) != len(many):
        raise ValueError("the two runs have different deals")
    picked = sorted(range(len(one)), key=lambda i: -one[i])[:slowest]
    a = sum(one[i] for i in picked)
    b = sum(many[i] for i in picked)
    return {"deals": len(picked), "one_s": round(a / 1000, 3), "many_s": round(b / 1000, 3),
            "ratio": round(b / a, 3),
            "median_ratio": round(statistics.median(many[i] / one[i] for i in picked), 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("one", type=Path, help="the --threads 1 run (JSON lines)")
    parser.add_argument("many", type=Path, help="the run on more threads (JSON lines)")
    parser.add_argument("--slowest", type=int, default=20)
    args = parser.parse_args()
    for times in ("wall_ms", "caller_ms"):
        first, second = rows(args.one, times), rows(args.many, times)
        for key in sorted(first.keys() & second.keys()):
            print(json.dumps({"times": times, "set": key[0], "players": key[1],
                              **compare(first[key], second[key], args.slowest)}))


if __name__ == "__main__":
    main()

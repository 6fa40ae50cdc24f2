"""Time the full table on the benchmark's deals with a variant of the core.

For measuring a change to the compiled core (jink/solver/_core.c and core/)
before making it, or an old commit's core against today's: the core is built
from a source file (default the working tree's, its core/ files included)
with text swaps applied, loaded in place of the installed one (as
tests/mutants.py loads its mutants), and every seat's verdicts are timed on
deals of jink/bench/deals.py. Prints each deal's nodes and CPU seconds,
then the totals. Run from the repository root:

    python -m tools.core_variant --players 9 --deals 20
    python -m tools.core_variant --players 10 --only 15 --swap swaps.txt
    python -m tools.core_variant --players 8 --deals 40 --source old_core.c

A swap file holds blocks ``old text``, a line ``=====``, ``new text``, each
block ending with a line ``%%%%%``; each old text must occur once.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from jink.bench.deals import deal
from jink.solver import Solver
from tests import mutants

#: The level the timed builds are compiled at: setup.py's, so that a variant
#: is timed as the installed core runs (the tests' own builds use -O1).
TIMED_LEVEL = "-O3"


def swapped(text: str, swaps: str) -> str:
    for block in swaps.split("%%%%%\n"):
        if not block.strip():
            continue
        old, new = block.split("=====\n")
        if text.count(old) != 1:
            raise SystemExit(f"swap text found {text.count(old)} times: {old[:60]!r}")
        text = text.replace(old, new)
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--deals", type=int, default=20, help="the first N deals")
    parser.add_argument("--only", type=int, nargs="*", help="these deals instead")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--source", type=Path, default=mutants.SOURCE)
    parser.add_argument("--swap", type=Path, help="a file of text swaps")
    args = parser.parse_args()
    text = mutants.source_text(args.source)
    if args.swap:
        text = swapped(text, args.swap.read_text())
    with tempfile.TemporaryDirectory() as tmp:
        module = mutants.build_text(text, "variant", Path(tmp), level=TIMED_LEVEL)
        nodes, seconds = 0, 0.0
        with mutants.core(module):
            for i in args.only if args.only is not None else range(args.deals):
                solver = Solver(engine="native")
                start = time.process_time()
                solver.verdicts(deal(args.players, i, args.seed))
                spent = time.process_time() - start
                nodes += solver.nodes
                seconds += spent
                print(f"deal {i}: {solver.nodes} nodes, {spent:.3f} s", flush=True)
        print(f"{args.players} players: {nodes} nodes, {seconds:.2f} s")


if __name__ == "__main__":
    main()

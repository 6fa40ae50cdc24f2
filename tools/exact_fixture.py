"""Write the stored verdicts of the exact kernel (tests/data/exact_verdicts.jsonl).

Every seat's verdicts (three, jink, spoil, max tricks) on the benchmark's deals
(jink/bench/deals.py) at nine and ten seats, worked out by the plain kernel
(``Solver(exact=True)``: the compiled core's rules, table and search, with
no settler and no partition search), so that the verdicts do not rest on the
machinery they judge. Slow (minutes to hours a deal): run
once, by hand, and the file kept. tests/test_exact.py checks the full solver
against it. Deals are taken in their order; a deal the kernel does not finish
within ``--seconds`` is left out and said on stderr (the file's first line
names them), so the choice of deals is not the solver's.

    python -m tools.exact_fixture --players 9 --deals 25 --seconds 900 >> part9.jsonl
    python -m tools.exact_fixture --players 10 --only 1,2,4 --seconds 0 >> part10.jsonl
    python -m tools.exact_fixture --players 10 --first 35 --deals 40 --kernel partition >> p10.jsonl

(``--kernel partition``: no settler, with partition search, as the kernel was
first written; its records say so.)
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from jink.bench.deals import deal
from jink.errors import LimitExceeded
from jink.formats.files import position_to_dict
from jink.solver import Solver
from jink.solver.limits import Limit

SEED = 2026


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--deals", type=int, default=0, help="deals 0 to N-1")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--only", default="", help="these deals (comma-separated) instead")
    parser.add_argument("--kernel", choices=("plain", "partition"), default="plain",
                        help="plain: no settler and no partition search (--exact); "
                             "partition: no settler, partition search on (faster at ten seats)")
    parser.add_argument("--seconds", type=float, default=900.0,
                        help="leave out a deal the kernel has not finished by then "
                             "(0: no limit)")
    args = parser.parse_args()
    chosen = ([int(i) for i in args.only.split(",")] if args.only
              else list(range(args.first, args.deals)))
    for index in chosen:
        position = deal(args.players, index, SEED)
        limit = Limit(seconds=args.seconds) if args.seconds > 0 else Limit()
        solver = (Solver(limit, engine="native", exact=True) if args.kernel == "plain"
                  else Solver(limit, engine="native", settlers=["partition"]))
        started = time.process_time()
        try:
            verdicts = solver.verdicts(position)
        except LimitExceeded:
            print(f"deal {index} at {args.players} players: past {args.seconds} s, left out",
                  file=sys.stderr, flush=True)
            continue
        record = {"players": args.players, "deal": index, "seed": SEED,
                  "position": position_to_dict(position),
                  "verdicts": [{"seat": v.seat + 1, "max_tricks": v.max_tricks,
                                "three": v.three, "jink": v.jink, "spoil": v.spoil}
                               for v in verdicts],
                  "kernel": args.kernel,
                  "kernel_nodes": solver.nodes,
                  "kernel_seconds": round(time.process_time() - started, 1)}
        print(json.dumps(record, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()

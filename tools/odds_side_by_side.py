"""Time two builds of the compiled core side by side on the deals of a `jink odds` run.

For "does this change help `jink odds`?": the core as it is (default the
working tree's) and another (``--against``: a commit, or an older _core.c
file, as tools/side_by_side.py takes them) are both built and loaded, and
the deals of one odds run (one seat's hand known, every other unseen, the
run's seed) are solved with one, then the other, in turns (which goes
first alternates deal by deal), as `jink odds` solves each: every legal
card of the seat scored for its most tricks and the game's searched
question. The two builds must give the same scores deal by deal (else it
stops, naming the deal). Prints each build's CPU time and nodes over the
deals, their ratios, and the slowest deals. Run from the repository root:

    python -m tools.odds_side_by_side --hand "QS 5H 7H 9H KD" --trump H \
        --players 10 --deals 100 --against HEAD~1

A deal's time is CPU time; the run is on one thread (`jink odds --threads
N` shares the deals among processes, each proof on one thread).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from jink.dealing.odds import deals_of, hand_view, searched_goal, view_from_dict
from jink.games import find_game
from jink.position import Position
from jink.solver import Solver
from jink.solver.goals import Goal
from tests import mutants
from tools.core_variant import TIMED_LEVEL
from tools.side_by_side import source_of


@dataclass
class Side:
    """One build's totals over the deals, and each deal's CPU time."""

    seconds: float = 0.0
    nodes: int = 0
    per_deal: list[float] = field(default_factory=list)


def odds_deals(game: str, hand: str, players: int, deals: int, seed: int,
               trump: str | None = None, turnup: str | None = None) -> Iterator[Position]:
    """The first ``deals`` deals `jink odds --hand` solves for seat 1 with this
    seed (the same view, the same private generator)."""
    view = view_from_dict(hand_view(game, hand, players, trump=trump, turnup=turnup))
    positions, _, _ = deals_of(view.plan(), deals, seed, False)
    yield from positions


def compare(new: ModuleType | None, old: ModuleType | None, positions: Iterator[Position],
            goal: Goal) -> dict[str, Side]:
    """Each deal scored on both builds in turns; the totals. Raises
    AssertionError where the two builds score a deal differently."""
    sides = {"new": Side(), "old": Side()}
    for i, position in enumerate(positions):
        scores = {}
        order = [("new", new), ("old", old)]
        for name, module in order if i % 2 == 0 else order[::-1]:
            with mutants.core(module):
                solver = Solver(engine="native")
                start = time.process_time()
                moves = solver.score_moves(position, position.seat_to_play, goal)
                seconds = time.process_time() - start
            scores[name] = [(m.card, m.max_tricks, m.achieves) for m in moves]
            side = sides[name]
            side.seconds += seconds
            side.nodes += solver.nodes
            side.per_deal.append(seconds)
        check_same(i, scores["new"], scores["old"])
    return sides


def check_same(deal: int, new: list[tuple[int, int, bool]],
               old: list[tuple[int, int, bool]]) -> None:
    """Raise AssertionError, naming the deal, where the two builds' scores
    (card, most tricks, goal kept) differ."""
    if new != old:
        raise AssertionError(f"deal {deal}: the builds score it differently: "
                             f"{new} against {old}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="spoil-five")
    parser.add_argument("--hand", required=True, help='seat 1\'s hand, e.g. "QS 5H 7H 9H KD"')
    parser.add_argument("--trump", help="the trump suit (or give --turnup)")
    parser.add_argument("--turnup", help="the turned-up card")
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--deals", type=int, default=100, help="the run's first N deals")
    parser.add_argument("--seed", type=int, default=1, help="the odds run's seed")
    parser.add_argument("--source", type=Path, default=mutants.SOURCE)
    parser.add_argument("--against", required=True,
                        help="a commit (e.g. HEAD~1), or an older _core.c file")
    parser.add_argument("--slowest", type=int, default=5, help="the slowest deals listed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        new = mutants.build_text(mutants.source_text(args.source), "oddsnew", Path(tmp),
                                 level=TIMED_LEVEL)
        old = mutants.build_text(source_of(args.against, Path(tmp) / "against"), "oddsold",
                                 Path(tmp), level=TIMED_LEVEL)
        positions = odds_deals(args.game, args.hand, args.players, args.deals, args.seed,
                               args.trump, args.turnup)
        sides = compare(new, old, positions, searched_goal(find_game(args.game), args.players))
    new_side, old_side = sides["new"], sides["old"]
    print(f"deals {args.deals}: CPU new {new_side.seconds:.2f} s, old {old_side.seconds:.2f} s, "
          f"ratio {new_side.seconds / max(old_side.seconds, 1e-9):.3f}; "
          f"nodes ratio {new_side.nodes / max(old_side.nodes, 1):.4f}; the same scores")
    slowest = sorted(range(len(old_side.per_deal)), key=lambda i: -old_side.per_deal[i])
    for i in slowest[:args.slowest]:
        print(f"  deal {i}: new {new_side.per_deal[i]:.2f} s, old {old_side.per_deal[i]:.2f} s")


if __name__ == "__main__":
    main()

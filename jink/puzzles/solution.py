"""A puzzle's solution: the key, the line after it, and the refutation of each
tempting wrong card, worked out by the solver (never read from the file).

A *tempting* card is one the simple heuristic player of
:func:`jink.puzzles.generate.plausible` considers; its refutation is the
solver's best line after it (the puzzle's side keeping the most it can, the
others holding it to the least), with the trick at which the goal is lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from jink.analysis.line import LineStep, principal_line
from jink.cards import Card, card_name
from jink.position import Position
from jink.solver.goals import Goal, goal_for
from jink.solver.limits import Limit
from jink.solver.solver import MoveScore, Solver
from jink.solver.table import DEFAULT_MEMORY_MB

from .check import require_sound
from .generate import lost_at, plausible
from .puzzle import Puzzle

__all__ = ["Refutation", "Solution", "line_text", "solve_puzzle"]


@dataclass(frozen=True)
class Refutation:
    """A wrong card: the most the side keeps after it, where the goal is lost
    (the trick, counted from the puzzle), and the line (empty when not asked)."""

    card: Card
    equivalent: tuple[Card, ...]
    max_tricks: int
    lost_at: int
    line: tuple[LineStep, ...]

    def to_dict(self) -> dict[str, object]:
        return {"card": card_name(self.card),
                "equivalent": [card_name(c) for c in self.equivalent],
                "max_tricks": self.max_tricks, "lost_at_trick": self.lost_at,
                "line": [s.to_dict() for s in self.line]}


@dataclass(frozen=True)
class Solution:
    """The key (with its equivalents), the line after it, and the wrong cards."""

    puzzle: Puzzle
    goal: Goal
    key: tuple[Card, ...]
    line: tuple[LineStep, ...]
    tempting: tuple[Refutation, ...]
    others: tuple[Refutation, ...]

    def to_dict(self) -> dict[str, object]:
        return {"id": self.puzzle.id, "goal": self.goal.name,
                "key": [card_name(c) for c in self.key], "story": self.puzzle.story,
                "line": [s.to_dict() for s in self.line],
                "tempting": [r.to_dict() for r in self.tempting],
                "others": [r.to_dict() for r in self.others]}


def _after(solver: Solver, position: Position, seat: int, goal: Goal,
           card: Card) -> tuple[LineStep, ...]:
    return tuple(principal_line(solver, position.play(card), seat, goal))


def solve_puzzle(puzzle: Puzzle, limit: Limit | None = None,
                 memory_mb: float = DEFAULT_MEMORY_MB) -> Solution:
    """Solve ``puzzle``; an unsound one is a :class:`~jink.errors.JinkError`
    naming its problems (a solution of a wrong puzzle would mislead)."""
    result = require_sound(puzzle, limit, memory_mb)
    p = puzzle.position
    goal = goal_for(p, puzzle.goal)
    solver = Solver(limit, memory_mb)
    considered = plausible(p)
    key: list[Card] = []
    line: tuple[LineStep, ...] = ()
    tempting: list[Refutation] = []
    others: list[Refutation] = []
    seen: set[Card] = set()
    for score in result.scores:
        if score.card in seen:
            continue
        group = {score.card, *score.equivalent}
        seen |= group
        if score.achieves:
            key.extend(sorted(group, key=lambda c: -p.rules.power[c]))
            line = _after(solver, p, puzzle.seat, goal, score.card)
            continue
        wanted = bool(group & considered)
        tempting_card = next((c for c in (score.card, *score.equivalent) if c in considered),
                             score.card)
        refutation = _refute(solver, p, puzzle.seat, goal, score, tempting_card, wanted)
        (tempting if wanted else others).append(refutation)
    return Solution(puzzle, goal, tuple(key), line, tuple(tempting), tuple(others))


def _refute(solver: Solver, position: Position, seat: int, goal: Goal, score: MoveScore,
            card: Card, with_line: bool) -> Refutation:
    equivalent = tuple(c for c in (score.card, *score.equivalent) if c != card)
    depth = lost_at(solver, position, seat, goal, card)
    line = _after(solver, position, seat, goal, card) if with_line else ()
    return Refutation(card, equivalent, score.max_tricks, depth, line)


def line_text(position: Position, first: Card, steps: tuple[LineStep, ...]) -> list[str]:
    """The line, one trick a line: "trick 1: seat 1 8S, seat 2 7S, ... (seat 3 wins)"."""
    out: list[str] = []
    current = [f"seat {position.seat_of_trick_card(i) + 1} {card_name(card)}"
               for i, card in enumerate(position.trick)]
    current.append(f"seat {position.seat_to_play + 1} {card_name(first)}")
    trick = position.tricks_done + 1
    after = position.play(first)
    if after.tricks_done > position.tricks_done:
        out.append(f"trick {trick}: {', '.join(current)} (seat {after.leader + 1} wins)")
        current, trick = [], trick + 1
    for step in steps:
        current.append(f"seat {step.seat + 1} {card_name(step.card)}")
        if step.won_by is not None:
            out.append(f"trick {step.trick}: {', '.join(current)} (seat {step.won_by + 1} wins)")
            current = []
    if current:
        out.append(f"trick {trick}: {', '.join(current)}")
    return out

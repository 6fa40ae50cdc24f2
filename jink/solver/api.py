"""``solve``: the one-call API, and the result object behind ``jink solve --json``.

>>> from jink.position import Position
>>> p = Position.create("spoil-five", "D", ["5D JD AH KC 2S", "9C 8C 7C 6C 4C"])
>>> result = solve(p)
>>> result.verdicts[0].max_tricks, result.to_dict()["forceable"]
(5, True)
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from jink.cards import SUITS, card_name
from jink.errors import PositionError
from jink.position import Position, sort_cards
from jink.solver.expected import turn_unknown
from jink.solver.goals import Goal, goal_for
from jink.solver.limits import Limit
from jink.solver.line import LineStep, principal_line
from jink.solver.solver import MoveScore, Solver, Verdict, every_side_solved, forceable
from jink.solver.table import DEFAULT_MEMORY_MB, TableStats


@dataclass
class SolveResult:
    """Everything ``solve`` found; :meth:`to_dict` is the JSON contract."""

    position: Position
    seat: int
    goal: Goal
    verdicts: list[Verdict]
    moves: list[MoveScore] = field(default_factory=list)
    line: list[LineStep] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    table: TableStats | None = None

    @property
    def forceable(self) -> bool | None:
        """Whether some seat can force the game's winning question (Spoil Five:
        three tricks) from this position; None for a game without one, and
        None when only some seats were solved and none of them can."""
        return forceable(self.position, self.verdicts)

    @property
    def complete(self) -> bool:
        """Whether every seat's verdicts (every side's, in partnerships) were
        worked out, not only those of the seats asked for."""
        return every_side_solved(self.position, self.verdicts)

    def verdict_of(self, seat: int) -> Verdict:
        """The verdicts of ``seat``: its own, or its side's (partners share them).

        Raises ``KeyError`` for a seat that was not solved.
        """
        side = next(s for s in self._sides() if seat in s)
        mine = [v for v in self.verdicts if v.seat == seat] \
            or [v for v in self.verdicts if v.seat in side]
        if not mine:
            raise KeyError(f"seat {seat + 1} was not solved")
        return mine[0]

    def _sides(self) -> tuple[tuple[int, ...], ...]:
        return self.position.game.sides(self.position.players)

    def sides(self) -> list[dict[str, object]]:
        """The partnerships' verdicts (each side's seats share one verdict), for
        the sides that were solved."""
        solved = {v.seat for v in self.verdicts}
        out = []
        for side in self._sides():
            if not solved & set(side):
                continue
            verdict = self.verdict_of(side[0]).to_dict()
            verdict.pop("seat")
            out.append({"seats": [s + 1 for s in side], **verdict})
        return out

    def to_dict(self) -> dict[str, object]:
        p = self.position
        sides = {"sides": self.sides()} if p.game.partnerships else {}
        return {
            "game": p.game.name,
            "trump": SUITS[p.trump] if p.trump is not None else None,
            "seat_to_play": None if p.is_over else p.seat_to_play + 1,
            "question": {"seat": self.seat + 1, "goal": self.goal.name},
            "seats": [v.to_dict() for v in self.verdicts],
            **sides,
            "forceable": self.forceable,
            "moves": [{"card": card_name(m.card), "max_tricks": m.max_tricks,
                       "achieves": m.achieves,
                       "equivalent": [card_name(c) for c in m.equivalent]}
                      for m in self.moves],
            "line": [step.to_dict() for step in self.line],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "table": self.table.to_dict() if self.table else None,
        }


def solve(position: Position, seat: int | None = None, goal: Goal | str | None = None, *,
          moves: bool = True, line: bool = True, limit: Limit | None = None,
          memory_mb: float = DEFAULT_MEMORY_MB,
          seats: Iterable[int] | None = None) -> SolveResult:
    """Solve ``position`` double dummy.

    ``seat`` (0-based, default the seat to play) and ``goal`` (default the
    game's main question) choose the question for the move scores and the
    line. The verdicts are every seat's, or with ``seats`` (0-based) those
    seats' and the asked seat's only: at a big table another seat's spoil
    question can take minutes. Past ``limit``, :class:`~jink.errors.LimitExceeded`.
    """
    if turn_unknown(position):
        raise PositionError("the card to be turned is not known: give turn, or use the "
                            "expected mode (jink solve --expected, solve_expected)")
    if seat is None:
        seat = position.seat_to_play
    solved = None if seats is None else sorted(set(seats) | {seat})
    for other in solved or [seat]:
        position.check_seat(other)
    goal = goal_for(position, goal)
    started = time.perf_counter()
    solver = Solver(limit, memory_mb)
    verdicts = solver.verdicts(position, solved)
    scored = solver.score_moves(position, seat, goal) if moves and not position.is_over else []
    display = {c: i for i, c in enumerate(sort_cards(position.rules, [m.card for m in scored]))}
    scored.sort(key=lambda m: display[m.card])
    steps = principal_line(solver, position, seat, goal) if line else []
    return SolveResult(position, seat, goal, verdicts, scored, steps, solver.nodes,
                       time.perf_counter() - started, solver.table.snapshot())

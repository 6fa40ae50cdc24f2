"""``solve``: the one-call API, and the result object behind ``jink solve --json``.

>>> from jink.position import Position
>>> p = Position.create("spoil-five", "D", ["5D JD AH KC 2S", "9C 8C 7C 6C KS"])
>>> result = solve(p)
>>> result.verdicts[0].max_tricks, result.to_dict()["forceable"]
(4, True)

Under a limit, what the limit stopped is unknown, not an error (see
:meth:`SolveResult.to_dict` and :mod:`jink.solver.solver`):

>>> from jink.solver.limits import Limit
>>> cut = solve(p, limit=Limit(nodes=0))
>>> cut.unknown
['seats', 'moves', 'line']
>>> seat_1 = cut.verdicts[0].to_dict()
>>> seat_1["max_tricks"], seat_1["max_tricks_at_least"], seat_1["three"], seat_1["jink"]
(None, 4, True, None)
>>> seat_1["unknown"]
['max_tricks', 'jink']
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from jink.analysis.expected import turn_unknown
from jink.analysis.line import LineStep, principal_line
from jink.analysis.why import explain_line
from jink.cards import SUITS, card_name
from jink.errors import LimitExceeded, PositionError
from jink.position import Position, sort_cards
from jink.solver.goals import Goal, goal_for
from jink.solver.limits import Limit
from jink.solver.solver import (
    MoveScore,
    OpenScore,
    Solver,
    Verdict,
    every_side_solved,
    forceable,
)
from jink.solver.table import DEFAULT_MEMORY_MB, TableStats


@dataclass
class SolveResult:
    """Everything ``solve`` found; :meth:`to_dict` is the JSON contract.

    ``moves`` are the cards scored; ``open_moves`` those whose score the limit
    stopped (with ``partial``), ``line_cut`` whether it stopped the line.
    """

    position: Position
    seat: int
    goal: Goal
    verdicts: list[Verdict]
    moves: list[MoveScore] = field(default_factory=list)
    line: list[LineStep] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    table: TableStats | None = None
    open_moves: list[OpenScore] = field(default_factory=list)
    line_cut: bool = False
    #: Whether the limit stopped the saying of why the line's key cards matter.
    why_cut: bool = False

    @property
    def unknown(self) -> list[str]:
        """The parts of the result the limit left incomplete: ``seats`` (some
        verdict unknown), ``moves`` (some card not scored), ``line``."""
        parts = [("seats", any(v.unknown for v in self.verdicts)),
                 ("moves", bool(self.open_moves)), ("line", self.line_cut),
                 ("why", self.why_cut)]
        return [name for name, cut in parts if cut]

    def every_move(self) -> list[MoveScore | OpenScore]:
        """``moves`` and ``open_moves`` together, in display order."""
        moves: list[MoveScore | OpenScore] = [*self.moves, *self.open_moves]
        display = {c: i for i, c in enumerate(sort_cards(self.position.rules,
                                                         [m.card for m in moves]))}
        return sorted(moves, key=lambda m: display[m.card])

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
        """The JSON form. An answer the limit stopped is null and named in its
        object's ``unknown`` list; the result's ``unknown`` (only when the limit
        stopped something) names the parts affected."""
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
            "moves": [_move_dict(m) for m in self.every_move()],
            "line": [step.to_dict() for step in self.line],
            **({"unknown": self.unknown} if self.unknown else {}),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "table": self.table.to_dict() if self.table else None,
        }


def _move_dict(move: MoveScore | OpenScore) -> dict[str, object]:
    equivalent = [card_name(c) for c in move.equivalent]
    if isinstance(move, MoveScore):
        return {"card": card_name(move.card), "max_tricks": move.max_tricks,
                "achieves": move.achieves, "equivalent": equivalent}
    unknown = ["max_tricks"] + (["achieves"] if move.achieves is None else [])
    return {"card": card_name(move.card), "max_tricks": None,
            "max_tricks_at_least": move.at_least, "achieves": move.achieves,
            "equivalent": equivalent, "unknown": unknown}


def solve(position: Position, seat: int | None = None, goal: Goal | str | None = None, *,
          moves: bool = True, line: bool = True, limit: Limit | None = None,
          memory_mb: float = DEFAULT_MEMORY_MB,
          seats: Iterable[int] | None = None, partial: bool = True,
          why: bool = True, engine: str | None = None) -> SolveResult:
    """Solve ``position`` double dummy.

    ``seat`` (0-based, default the seat to play) and ``goal`` (default the
    game's main question) choose the question for the move scores and the
    line. The verdicts are every seat's, or with ``seats`` (0-based) those
    seats' and the asked seat's only: at a big table another seat's spoil
    question can take minutes.

    Under ``limit``, with ``partial`` (the default), an answer the limit stops
    is unknown (None; :attr:`SolveResult.unknown` names the parts cut): the
    verdicts are worked out first, cheap questions before hard ones, then the
    cards' scores, then the line. Without ``partial``, past the limit
    :class:`~jink.errors.LimitExceeded`.

    With ``why`` (the default), each key card of the line says why it
    matters (:mod:`jink.analysis.why`); a limit that stops this leaves the
    rest unsaid (``unknown`` gets ``why``), never the line cut.

    ``engine``: ``"native"`` (the compiled core) or ``"python"`` (the
    reference engine); None: the process's default (see
    :func:`jink.solver.native.use_engine`), else native. Both give the same
    answers; without the compiled core, native means python (said once on
    stderr).

    >>> from jink.cards import card_name
    >>> p = Position.create("spoil-five", "H", ["KH 2C", "AH 3C", "5H 4C"], won=[1, 1, 1])
    >>> result = solve(p, engine="python")
    >>> [(v.seat, v.max_tricks, v.three) for v in result.verdicts]
    [(0, 1, False), (1, 1, False), (2, 2, False)]
    >>> [(card_name(m.card), m.max_tricks) for m in result.moves]
    [('KH', 1), ('2C', 1)]
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
    solver = Solver(limit, memory_mb, engine)
    verdicts = solver.verdicts(position, solved, partial=partial)
    every = solver.score_moves_anytime(position, seat, goal, partial=partial) \
        if moves and not position.is_over else []
    display = {c: i for i, c in enumerate(sort_cards(position.rules, [m.card for m in every]))}
    every.sort(key=lambda m: display[m.card])
    steps: list[LineStep] = []
    line_cut = False
    if line:
        # The line needs every card's score at every step: under a limit that
        # stops it, the steps worked out before it (exact), never a step
        # played on guesses.
        try:
            if partial and solver.budget.exhausted():
                raise LimitExceeded("the limit was reached before the line")
            principal_line(solver, position, seat, goal, steps)
        except LimitExceeded:
            if not partial:
                raise
            line_cut = True
    why_cut = False
    if line and why and not line_cut:
        try:
            if partial and solver.budget.exhausted():
                raise LimitExceeded("the limit was reached before the reasons")
            explain_line(solver, position, seat, goal, steps)
        except LimitExceeded:
            if not partial:
                raise
            why_cut = True
    return SolveResult(position, seat, goal, verdicts,
                       [m for m in every if isinstance(m, MoveScore)], steps, solver.nodes,
                       time.perf_counter() - started, solver.table_stats(),
                       [m for m in every if isinstance(m, OpenScore)], line_cut, why_cut)


def line_verdicts(result: SolveResult, limit: Limit | None = None,
                  memory_mb: float = DEFAULT_MEMORY_MB) -> list[list[Verdict]]:
    """The verdicts of the seats ``result`` solved after each card of its line
    (the analysis page's verdict table follows the stepper with them). Under
    ``limit`` (a budget of their own) the answers it stops are unknown (None).

    >>> from jink.formats.examples import example
    >>> after = line_verdicts(solve(example("renege")))
    >>> [v.max_tricks for v in after[0]]
    [1, 3, 1]
    """
    positions = []
    position = result.position
    for step in result.line:
        position = position.play(step.card)
        positions.append(position)
    seats = [v.seat for v in result.verdicts]
    return Solver(limit, memory_mb).verdicts_of(positions, seats, partial=True)

"""A study session: walk a position card by card, asking the solver as you go.

:class:`Study` keeps the start, the cards played since (by any seat: the
student plays every hand), the seat and goal asked about, and one
:class:`~jink.solver.solver.Solver` for the whole session, so going back and
forth costs little: what one step learnt stays in the table for the next.
It prints nothing; ``jink study`` (:mod:`jink.cli.study`) is its prompt.

>>> from jink.cards import card_name, parse_card
>>> from jink.formats.examples import example
>>> study = Study(example("renege"), seat=1)
>>> [card_name(s.card) for s in study.scores() if s.achieves]
['TC']
>>> study.play(parse_card("TC")).trick_winner()  # seat 1's 6S still wins it
0
>>> card_name(study.undo()), study.played
('TC', [])
>>> lost = study.play(parse_card("JH")) and study.lost  # the JH loses the goal
>>> card_name(lost.card), lost.goal, [card_name(c) for c in lost.keepers]
('JH', 'three', ['TC'])
"""

from __future__ import annotations

from dataclasses import dataclass

from jink.analysis.expected import turn_unknown
from jink.analysis.line import LineStep, principal_line
from jink.analysis.why import explain_line, why_best
from jink.cards import Card
from jink.errors import JinkError, LimitExceeded, PositionError
from jink.position import Position, sort_cards
from jink.solver.goals import Goal, goal_for
from jink.solver.limits import Limit
from jink.solver.solver import MoveScore, Solver
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.study.tree import NO_TURN

__all__ = ["Loss", "Standing", "Study", "StudyError"]


class StudyError(JinkError, ValueError):
    """A study command that cannot be done here (nothing to undo, no such trick)."""


@dataclass(frozen=True)
class Standing:
    """Where the question stands now: the most the seat's side can be sure of,
    and whether the goal can still be forced."""

    max_tricks: int
    achieves: bool


@dataclass(frozen=True)
class Loss:
    """A card that lost the goal asked about: its name, and the cards that
    would have kept it (in display order)."""

    card: Card
    goal: str
    keepers: tuple[Card, ...]


class Study:
    """A position being studied: the start, the cards played since, the question."""

    #: The last card played, if it lost the goal for the asked seat's side.
    lost: Loss | None = None

    def __init__(self, start: Position, seat: int | None = None,
                 goal: Goal | str | None = None, limit: Limit | None = None,
                 memory_mb: float = DEFAULT_MEMORY_MB) -> None:
        if turn_unknown(start):
            raise PositionError(NO_TURN)
        self.start = start
        self.positions = [start]
        self.played: list[Card] = []
        self.solver = Solver(limit, memory_mb)
        if seat is None:
            seat = 0 if start.is_over else start.seat_to_play
        self.seat = seat
        start.check_seat(self.seat)
        self.goal = goal_for(start, goal)

    @property
    def position(self) -> Position:
        """The position now."""
        return self.positions[-1]

    def set_seat(self, seat: int) -> None:
        """Ask about ``seat`` (0-based) from now on."""
        self.position.check_seat(seat)
        self.seat = seat

    def set_goal(self, goal: str) -> None:
        """Ask about ``goal`` (a name, as ``--goal`` takes) from now on."""
        self.goal = goal_for(self.position, goal)

    def standing(self) -> Standing:
        """The seat's most sure tricks and whether the goal holds, from here."""
        most = self.solver.max_tricks(self.position, self.seat)
        return Standing(most, self.solver.achieves(self.position, self.seat, self.goal, most))

    def scores(self) -> list[MoveScore]:
        """Every legal card of the seat to play, scored, in display order."""
        if self.position.is_over:
            return []
        scores = self.solver.score_moves(self.position, self.seat, self.goal)
        order = {c: i for i, c in enumerate(sort_cards(self.position.rules,
                                                       [s.card for s in scores]))}
        return sorted(scores, key=lambda s: order[s.card])

    def play(self, card: Card) -> Position:
        """Play ``card`` for the seat to play (an illegal card is an
        :class:`~jink.errors.IllegalPlayError`). A card of the asked seat's
        side that loses the goal is kept in :attr:`lost`, with the cards
        that would have kept it."""
        before = self.position
        after = before.play(card)
        self.lost = None
        if before.seat_to_play in self.solver.side_of(before, self.seat):
            try:
                keepers = tuple(s.card for s in self.scores() if s.achieves)
            except LimitExceeded:
                keepers = ()  # what would have kept it is extra: a limit is no error
            if keepers and card not in keepers:
                self.lost = Loss(card, self.goal.name, keepers)
        self.positions.append(after)
        self.played.append(card)
        return after

    def undo(self) -> Card:
        """Take back the last card played."""
        if not self.played:
            raise StudyError("nothing to undo: this is the position you started from")
        self.positions.pop()
        return self.played.pop()

    @property
    def first_trick(self) -> int:
        """The number of the trick the study started in (1-based)."""
        return self.start.tricks_done + 1

    @property
    def trick_number(self) -> int:
        """The number of the trick being played now (the last one once over)."""
        p = self.position
        return min(p.tricks_done + 1, p.game.tricks)

    def back(self, trick: int) -> None:
        """Go back to the start of trick ``trick`` (1-based), or to the start of
        the study when it began part-way through that trick."""
        if not self.first_trick <= trick <= self.trick_number:
            raise StudyError(f"no trick {trick} to go back to: the study has tricks "
                             f"{self.first_trick} to {self.trick_number}")
        while self.played and (self.position.tricks_done >= trick or
                               (self.position.tricks_done == trick - 1
                                and self.position.trick)):
            self.undo()

    def best_line(self) -> list[LineStep]:
        """Best play from here to the end of the deal, annotated (as ``jink solve``),
        each key card with why it matters."""
        line = principal_line(self.solver, self.position, self.seat, self.goal)
        return explain_line(self.solver, self.position, self.seat, self.goal, line)

    def why(self) -> tuple[Card, str] | None:
        """The best card of the seat to play and why it matters, when another
        card does worse and the tree shows why (see :mod:`jink.analysis.why`)."""
        if self.position.is_over:
            return None
        return why_best(self.solver, self.position, self.seat, self.goal, self.scores())

    def played_by_trick(self) -> list[tuple[int, list[Card]]]:
        """The cards played since the start, trick by trick (numbered 1-based)."""
        out: list[tuple[int, list[Card]]] = []
        for before, card in zip(self.positions, self.played, strict=False):
            number = before.tricks_done + 1
            if not out or out[-1][0] != number:
                out.append((number, []))
            out[-1][1].append(card)
        return out

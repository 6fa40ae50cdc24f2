"""Playing a puzzle against the solver: the user plays the puzzle's seat, the
solver every other seat (the user's partners for the side, the others against
it), each card best for its side.

A card of the user's that throws the goal away (the goal could be forced
before it and cannot after) is flagged at once with the line that refutes
it; :meth:`PlaySession.undo` takes back the user's last card. The session
ends when the goal is decided: kept for good (solved) or lost for good.

>>> from jink.puzzles.puzzle import loads
>>> text = '''
... game = "spoil-five"
... turnup = "2S"
... hands = ["8S QH KD QD KC", "7S 7H 9D 4D JC", "JS QS TH 2D TC"]
... [puzzle]
... id = "x"
... title = "x"
... story = "x"
... seat = 1
... goal = "three"
... key = ["8S"]
... difficulty = 2
... '''
>>> session = PlaySession(loads(text))
>>> session.play(parse_card("KD")) is not None   # a mistake
True
>>> session.undo(); session.play(parse_card("8S")) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from jink.analysis.expected import turn_unknown
from jink.analysis.line import LineStep, principal_line
from jink.cards import Card, parse_card
from jink.errors import JinkError, PositionError
from jink.position import Position
from jink.solver.goals import Goal, goal_for
from jink.solver.limits import Limit
from jink.solver.solver import MoveScore, Solver
from jink.solver.table import DEFAULT_MEMORY_MB

from .check import require_sound
from .puzzle import Puzzle

__all__ = ["Mistake", "Move", "PlaySession", "parse_card"]


@dataclass(frozen=True)
class Mistake:
    """A user's card that threw the goal away: the most the side keeps after it,
    and the solver's line from there (the refutation)."""

    card: Card
    max_tricks: int
    line: tuple[LineStep, ...]


@dataclass(frozen=True)
class Move:
    """A card played by the solver for ``seat``; ``won_by`` when it ended a trick."""

    seat: int
    card: Card
    won_by: int | None


def _value(score: MoveScore) -> tuple[bool, int]:
    return (score.achieves, score.max_tricks)


class PlaySession:
    """One play of a puzzle: the position, and the positions before each of the
    user's cards (for undo)."""

    def __init__(self, puzzle: Puzzle, limit: Limit | None = None,
                 memory_mb: float = DEFAULT_MEMORY_MB) -> None:
        require_sound(puzzle, limit, memory_mb)  # a wrong puzzle would teach wrong play
        self.puzzle = puzzle
        self.seat = puzzle.seat
        self.position: Position = puzzle.position
        if turn_unknown(self.position):
            raise PositionError("the card to be turned is not known: give turn (the "
                                "solver plays double dummy)")
        self.goal: Goal = goal_for(self.position, puzzle.goal)
        self.solver = Solver(limit, memory_mb)
        self.side = self.solver.side_of(self.position, self.seat)
        self.history: list[Position] = []
        self.mistakes = 0

    # -- where the play stands ---------------------------------------------------------

    def decided(self) -> bool | None:
        """True once the goal is kept for good, False once lost, else None."""
        p = self.position
        return self.goal.status(p.won, self.side, p.game.tricks - p.tricks_done)

    @property
    def finished(self) -> bool:
        return self.position.is_over or self.decided() is not None

    @property
    def solved(self) -> bool:
        return self.decided() is True

    @property
    def users_turn(self) -> bool:
        return not self.finished and self.position.seat_to_play == self.seat

    # -- moves ---------------------------------------------------------------------------

    def play(self, card: Card) -> Mistake | None:
        """The user's card (an illegal one raises
        :class:`~jink.errors.IllegalPlayError`); a :class:`Mistake` if it
        throws the goal away."""
        if not self.users_turn:
            raise JinkError(f"it is not seat {self.seat + 1}'s turn")
        before = self.position
        after = before.play(card)  # raises for an illegal card before any search
        scores = self.solver.score_moves(before, self.seat, self.goal)
        mine = next(s for s in scores if s.card == card)
        self.history.append(before)
        self.position = after
        if mine.achieves or not any(s.achieves for s in scores):
            return None
        self.mistakes += 1
        line = tuple(principal_line(self.solver, after, self.seat, self.goal))
        return Mistake(card, mine.max_tricks, line)

    def reply(self) -> list[Move]:
        """The solver's cards for the other seats, up to the user's next turn or
        the end."""
        moves = []
        while not self.finished and self.position.seat_to_play != self.seat:
            p = self.position
            mover = p.seat_to_play
            scores = self.solver.score_moves(p, self.seat, self.goal)
            pick = max if mover in self.side else min
            card = pick(scores, key=_value).card
            self.position = p.play(card)
            won_by = self.position.leader if self.position.tricks_done > p.tricks_done \
                else None
            moves.append(Move(mover, card, won_by))
        return moves

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    def undo(self) -> None:
        """Take back the user's last card and the solver's replies to it."""
        if not self.history:
            raise JinkError("nothing to undo")
        self.position = self.history.pop()

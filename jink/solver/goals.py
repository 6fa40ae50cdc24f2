"""The solver's questions as goals: at least k tricks, jink, spoil.

A goal is judged for a *side* (one seat in Spoil Five, a partnership in
Forty-Five) against every other seat. Each goal maps the tricks won so far to
a *need*: the search proves "the side's value from here is at least need",
where the value of an at-least goal is the number of further tricks the side
can force (so one table of bounds serves every k), and the value of spoil is
1 when no other seat ends with three, else 0.

>>> parse_goal("three"), parse_goal("jink"), parse_goal("2")
(AtLeast(k=3), AtLeast(k=5), AtLeast(k=2))
>>> parse_goal("spoil", pool=3)
Spoil(pool=3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from jink.errors import UnknownNameError
from jink.games.base import Game, Question
from jink.games.spoil_five import SPOIL_FIVE
from jink.position import Position


@dataclass(frozen=True)
class AtLeast:
    """The side ends the deal with at least ``k`` tricks (tricks won count)."""

    k: int
    #: The game's word for it (``odd_trick``, ``not_ramsed``); default: three,
    #: jink or the number.
    label: str = field(default="", compare=False, repr=False)

    @property
    def name(self) -> str:
        return self.label or {3: "three", 5: "jink"}.get(self.k, str(self.k))

    #: Bounds from different k share one table: the value does not depend on k.
    family = "tricks"

    def need(self, won: Sequence[int], side: frozenset[int]) -> int:
        return self.k - sum(won[s] for s in side)

    def key(self, won: Sequence[int], side: frozenset[int],
            remaining: int) -> tuple[int, ...]:
        return ()

    def status(self, won: Sequence[int], side: frozenset[int], remaining: int) -> bool | None:
        need = self.k - sum(won[s] for s in side)
        if need <= 0:
            return True
        if need > remaining:
            return False
        return None


@dataclass(frozen=True)
class Spoil:
    """No seat outside the side ends the deal with ``pool`` tricks or more
    (the game's pool: :attr:`jink.games.base.Game.pool`)."""

    pool: int
    name = "spoil"
    family = "spoil"

    def need(self, won: Sequence[int], side: frozenset[int]) -> int:
        return 1

    def key(self, won: Sequence[int], side: frozenset[int],
            remaining: int) -> tuple[int, ...]:
        # The side's own tricks do not matter, nor the count of a seat that can
        # no longer reach the pool: such positions share one table entry.
        return tuple(0 if s in side or w + remaining < self.pool else w
                     for s, w in enumerate(won))

    def status(self, won: Sequence[int], side: frozenset[int], remaining: int) -> bool | None:
        best_other = 0
        for s, w in enumerate(won):
            if w > best_other and s not in side:
                best_other = w
        if best_other >= self.pool:
            return False
        if best_other + remaining < self.pool:
            return True
        return None


@dataclass(frozen=True)
class Helped:
    """Seat ``seat`` ends with at least ``k`` tricks, its side helping it.

    A spoil search asks this once only one other seat can still reach the pool
    (``k``): then the spoil fails exactly when everybody else can bring that
    seat there. The value is the seat's further tricks, so the table's bounds
    serve any k.
    """

    seat: int
    k: int

    @property
    def name(self) -> str:
        return f"seat {self.seat + 1} to {self.k}"

    @property
    def family(self) -> str:
        return f"helped-{self.seat}"

    def need(self, won: Sequence[int], side: frozenset[int]) -> int:
        return self.k - won[self.seat]

    def key(self, won: Sequence[int], side: frozenset[int],
            remaining: int) -> tuple[int, ...]:
        return ()

    def status(self, won: Sequence[int], side: frozenset[int], remaining: int) -> bool | None:
        need = self.k - won[self.seat]
        if need <= 0:
            return True
        if need > remaining:
            return False
        return None


Goal = AtLeast | Spoil | Helped

#: Spoil Five's two questions of the pool, from its description: the pool
#: taken (three tricks) and spoiled.
THREE = AtLeast(SPOIL_FIVE.pool or 0)
SPOIL = Spoil(SPOIL_FIVE.pool or 0)


def spoil_of(game: Game) -> Spoil:
    """The spoil question of ``game``, bounded by its pool.

    >>> from jink.games import find_game
    >>> spoil_of(find_game("spoil-five"))
    Spoil(pool=3)
    """
    if game.pool is None:
        raise ValueError(f"{game.title} has no pool to spoil")
    return Spoil(game.pool)


def jink_goal(tricks: int = 5) -> AtLeast:
    """All the tricks of the deal."""
    return AtLeast(tricks)


def parse_goal(text: str, tricks: int = 5, questions: Sequence[Question] = (),
               pool: int | None = None) -> Goal:
    """``three``, ``jink``, ``spoil``, a number of tricks 0..``tricks``, or the
    name of one of the game's ``questions`` (``odd_trick``, ``not_ramsed``);
    ``pool``: the game's pool (:attr:`jink.games.base.Game.pool`), the bound
    of its spoil (default Spoil Five's)."""
    word = text.strip().lower().replace("-", "_")
    spoil = SPOIL if pool is None else Spoil(pool)
    for question in questions:
        if word == question.name:
            return spoil if question.tricks is None else AtLeast(question.tricks, question.name)
    if questions and word == "spoil":
        raise UnknownNameError("spoil is a question of Spoil Five only")
    if questions and word in ("three", "jink") and not any(
            q.name == word for q in questions):
        names = ", ".join(q.name for q in questions)
        raise UnknownNameError(f"unknown goal {text!r} for this game (use {names} or a "
                               f"number of tricks 0 to {tricks})")
    if word == "three":
        return THREE
    if word == "jink":
        return jink_goal(tricks)
    if word == "spoil":
        return spoil
    if word.isdigit() and 0 <= int(word) <= tricks:
        return AtLeast(int(word))
    names = ", ".join(q.name for q in questions) if questions else "three, jink, spoil"
    raise UnknownNameError(f"unknown goal {text!r} (use {names} or a number of tricks "
                           f"0 to {tricks})")


def goal_for(position: Position, goal: Goal | str | None) -> Goal:
    """The goal asked about in ``position``: a goal as given, a name parsed with
    the game's questions, or (None) the game's winning question, else its first."""
    game = position.game
    questions = game.questions(position.players)
    if goal is None:
        goal = game.winning_question or questions[0].name
    if isinstance(goal, str):
        return parse_goal(goal, game.tricks, questions, game.pool)
    return goal

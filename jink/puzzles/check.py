"""Proving a puzzle sound with the solver.

A puzzle is sound when its seat is the seat to play, the goal can be forced,
every card of ``key`` is a legal card that keeps the goal, no other legal card
keeps it (an equivalent of a key card counts as that key: equivalent cards
are one card in play), and not every legal card keeps it (then there is no
puzzle). The one kind of claim a story makes beyond these, "the QD keeps at
most 1 trick", is proved too (:func:`story_problems`). :func:`check` never
mends a puzzle: it says what is wrong, in words a setter can act on ("9S also
wins the pool but is not in key").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from jink.analysis.expected import turn_unknown
from jink.cards import card_name, parse_card
from jink.errors import JinkError, LimitExceeded
from jink.position import Position
from jink.solver.goals import AtLeast, Goal, goal_for
from jink.solver.limits import Limit
from jink.solver.solver import MoveScore, Solver
from jink.solver.table import DEFAULT_MEMORY_MB

from .puzzle import Puzzle

__all__ = ["CheckResult", "check", "goal_words"]


@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` found about one puzzle; ``ok`` when there is no problem."""

    id: str
    problems: tuple[str, ...]
    scores: tuple[MoveScore, ...] = field(default=(), compare=False)
    seconds: float = 0.0
    #: The limit that stopped the proof (the puzzle is then not proved), if one did.
    stopped: LimitExceeded | None = field(default=None, compare=False)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self, file: str | None = None) -> dict[str, object]:
        return {"file": file, "id": self.id, "ok": self.ok, "problems": list(self.problems)}


def goal_words(position: Position, goal: Goal) -> str:
    """How a card that keeps ``goal`` is described: "wins the pool" when the goal
    is the pool's count of tricks, "makes 2 tricks" for a bare count, else
    "keeps the goal (<goal>)"."""
    pool = position.game.pool
    if isinstance(goal, AtLeast) and pool is not None and goal.k == pool:
        return "wins the pool"
    if isinstance(goal, AtLeast) and not goal.label:
        return f"makes {goal.k} trick{'' if goal.k == 1 else 's'}"
    return f"keeps the goal ({goal.name.replace('_', ' ')})"


#: A claim a story may make, and check proves: "the QD keeps at most 1 trick"
#: (an aside in brackets may follow the card: "the QD (the highest card) ...").
CLAIM = re.compile(r"\b(?i:the) (10[SHDC]|[2-9TJQKA][SHDC])(?: \([^)]*\))? keeps at most "
                   r"(\d+) tricks?\b")


def story_problems(story: str, by_card: dict[int, MoveScore]) -> list[str]:
    """What is wrong with the story's claims of the form :data:`CLAIM`: each card
    named must be a legal card, and the most its side keeps after it must be
    the number said.

    >>> story_problems("The KD keeps at most 1 trick.", {})
    ['the story says KD keeps at most 1 trick, but KD is not a legal card']
    """
    problems = []
    for match in CLAIM.finditer(story):
        card = parse_card(match.group(1))
        said = int(match.group(2))
        claim = f"the story says {card_name(card)} keeps at most {match.group(2)} " \
                f"trick{'' if said == 1 else 's'}"
        score = by_card.get(card)
        if score is None:
            problems.append(f"{claim}, but {card_name(card)} is not a legal card")
        elif score.max_tricks != said:
            problems.append(f"{claim}, but the most it keeps is {score.max_tricks}")
    return problems


def check(puzzle: Puzzle, limit: Limit | None = None,
          memory_mb: float = DEFAULT_MEMORY_MB) -> CheckResult:
    """Prove ``puzzle`` sound, or say each thing wrong with it.

    Past ``limit`` the puzzle is reported not proved (a problem: an unproved
    puzzle is not sound as far as anyone knows). ``memory_mb`` caps the
    transposition table.
    """
    solver = Solver(limit, memory_mb)
    p = puzzle.position
    problems: list[str] = []
    if p.is_over:
        return CheckResult(puzzle.id, ("the deal is over: there is no card to play",))
    if turn_unknown(p):
        return CheckResult(puzzle.id, ("the card to be turned is not known: give turn (a "
                                       "puzzle is solved double dummy)",))
    if p.seat_to_play != puzzle.seat:
        return CheckResult(puzzle.id, (f"seat {puzzle.seat + 1} is not the seat to play "
                                       f"(seat {p.seat_to_play + 1} is)",))
    try:
        goal = goal_for(p, puzzle.goal)
    except JinkError as error:
        return CheckResult(puzzle.id, (f"goal: {error}",))
    legal = set(p.legal_cards())
    hand = p.hands[puzzle.seat]
    for card in puzzle.key:
        if card not in legal:
            where = "a legal card" if hand >> card & 1 else f"in seat {puzzle.seat + 1}'s hand"
            problems.append(f"{card_name(card)} is in key but is not {where}")
    try:
        scores = solver.score_moves(p, puzzle.seat, goal)
    except LimitExceeded as error:
        return CheckResult(puzzle.id, (*problems, f"not proved: {error}"),
                           seconds=solver.budget.elapsed(), stopped=error)
    except JinkError as error:
        return CheckResult(puzzle.id, (*problems, f"cannot be solved: {error}"))
    by_card = {s.card: s for s in scores}
    keeps = goal_words(p, goal)
    if not any(s.achieves for s in scores):
        problems.append(f"the goal ({goal.name.replace('_', ' ')}) cannot be forced: "
                        "no legal card keeps it")
    for card in puzzle.key:
        score = by_card.get(card)
        if score is not None and not score.achieves:
            problems.append(f"{card_name(card)} is in key but loses the goal "
                            f"(the most it keeps is {score.max_tricks} "
                            f"trick{'' if score.max_tricks == 1 else 's'})")
    key = set(puzzle.key)
    reported: set[int] = set()
    for score in scores:
        if not score.achieves or score.card in reported:
            continue
        group = {score.card, *score.equivalent}
        reported |= group
        if group & key:
            continue
        equal = ("" if not score.equivalent else
                 f" (nor its equal {'/'.join(card_name(c) for c in score.equivalent)})")
        problems.append(f"{card_name(score.card)} also {keeps} but is not in key{equal}")
    if scores and all(s.achieves for s in scores):
        problems.append("every legal card keeps the goal: there is nothing to find")
    problems.extend(story_problems(puzzle.story, by_card))
    return CheckResult(puzzle.id, tuple(problems), tuple(scores), solver.budget.elapsed())


def require_sound(puzzle: Puzzle, limit: Limit | None = None,
                  memory_mb: float = DEFAULT_MEMORY_MB) -> CheckResult:
    """:func:`check`'s proof that ``puzzle`` is sound; otherwise raise a
    :class:`~jink.errors.JinkError` naming its problems (to solve or play a
    wrong puzzle would mislead), or the limit's own error when ``limit`` ran
    out first (no answer, not an unsound puzzle)."""
    result = check(puzzle, limit, memory_mb)
    if result.stopped is not None:
        raise result.stopped
    if not result.ok:
        raise JinkError(f"puzzle {puzzle.id} is not sound: {'; '.join(result.problems)}")
    return result

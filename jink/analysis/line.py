"""The principal line of play, annotated card by card.

Every seat plays a card that is best for its side: the seat asked about (and
its partners) keep the most they can force, the others hold it to the least.
Each card is annotated with how many cards would have done as well, and what
the others would have cost; in Spoil Five, the moment a seat reaches three
tricks is marked with whether it could go on to jink.
"""

from __future__ import annotations

from dataclasses import dataclass

from jink.cards import Card, card_name
from jink.position import Position
from jink.solver.goals import AtLeast, Goal, Spoil
from jink.solver.solver import MoveScore, Solver
from jink.words import plural


@dataclass(frozen=True)
class LineStep:
    """One card of the line: who played it, the value after it, and why."""

    trick: int
    seat: int
    card: Card
    max_tricks: int
    achieves: bool
    note: str
    keeps: tuple[Card, ...]
    won_by: int | None = None
    claim: str | None = None
    #: Why a key card matters, read off the tree (:mod:`jink.analysis.why`).
    why: str | None = None

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "trick": self.trick, "seat": self.seat + 1, "card": card_name(self.card),
            "max_tricks": self.max_tricks, "achieves": self.achieves, "note": self.note,
            "keeps": [card_name(c) for c in self.keeps]}
        if self.won_by is not None:
            out["won_by"] = self.won_by + 1
        if self.claim is not None:
            out["claim"] = self.claim
        if self.why is not None:
            out["why"] = self.why
        return out


def _value(score: MoveScore) -> tuple[bool, int]:
    return (score.achieves, score.max_tricks)


def _tricks(n: int) -> str:
    return plural(n, "trick")


def goal_words(goal: Goal) -> str:
    """A goal in words: its name (``not looed``), or ``at least 2 tricks``.

    >>> goal_words(AtLeast(2)), goal_words(AtLeast(3)), goal_words(AtLeast(1, "odd_trick"))
    ('at least 2 tricks', 'three', 'odd trick')
    """
    name = goal.name
    return f"at least {_tricks(int(name))}" if name.isdigit() else name.replace("_", " ")


def _what(goal: Goal, seat: int, value: MoveScore, on_side: bool, in_tricks: bool) -> str:
    """What the chosen card achieves, said from the mover's side of the table.

    A spoil question is said in tricks when every card gives the same spoil.
    """
    who = f"seat {seat + 1}"
    if isinstance(goal, Spoil) and not in_tricks:
        if value.achieves:
            return f"keeps the spoil for {who}" if on_side else f"lets {who} spoil"
        return f"{who} can no longer spoil" if on_side else f"stops {who} spoiling"
    if on_side:
        return f"keeps {_tricks(value.max_tricks)} for {who}"
    return f"holds {who} to {_tricks(value.max_tricks)}"


def _state(goal: Goal, seat: int, value: MoveScore) -> str:
    """Where the question stands, said neutrally (for a card that changes nothing)."""
    who = f"seat {seat + 1}"
    if isinstance(goal, Spoil):
        return f"{who} {'can still' if value.achieves else 'cannot'} spoil"
    return f"{who} can make {_tricks(value.max_tricks)}"


def annotate(scores: list[MoveScore], chosen: MoveScore, on_side: bool, goal: Goal,
             seat: int) -> tuple[str, tuple[Card, ...]]:
    """The note for ``chosen`` among ``scores``, and the cards that do as well.

    Cards that do as well as ``chosen`` are counted as distinct cards in play
    (equivalent cards are one); the note says what the others would cost.
    """
    keeps = tuple(s.card for s in scores if _value(s) == _value(chosen))
    same_goal = all(s.achieves == chosen.achieves for s in scores)
    what = _what(goal, seat, chosen, on_side, in_tricks=same_goal and len(scores) > 1)
    if len(keeps) == len(scores):
        state = _state(goal, seat, chosen)
        return (f"only legal card; {state}" if len(scores) == 1 else f"any card; {state}"), keeps
    distinct = len({min((s.card, *s.equivalent)) for s in scores if s.card in keeps})
    if distinct == 1:
        lead = "only card that" if len(keeps) == 1 else \
            f"only card (with its equal {_others(keeps, chosen.card)}) that"
    else:
        lead = f"one of {distinct} cards that"
    worst = (min if on_side else max)(scores, key=_value)
    diff = abs(worst.max_tricks - chosen.max_tricks)
    # What the other cards would do is said from the asking seat's side, and
    # names it: "the goal" alone could be the mover's as well as the asker's.
    who = f"seat {seat + 1}"
    if worst.achieves != chosen.achieves:
        words = goal_words(goal)
        cost = f"others would cost {who} its goal, {words}" if on_side else \
            f"others would let {who} reach its goal, {words}"
    elif diff:
        cost = f"others would cost {who} up to {_tricks(diff)}" if on_side else \
            f"others would give {who} up to {_tricks(diff)} more"
    else:
        cost = "others do as well"  # not reached: they would be among the keepers
    verb = (what.replace("keeps", "keep").replace("holds", "hold").replace("stops", "stop")
            .replace("lets", "let"))
    return f"{lead} {verb if distinct > 1 else what} ({cost})", keeps


def _others(keeps: tuple[Card, ...], card: Card) -> str:
    return "/".join(card_name(c) for c in keeps if c != card)


def cut_where(shown: int) -> str:
    """Where a limit stopped a line of which ``shown`` cards were worked out.

    >>> cut_where(4), cut_where(0)
    ('after 4 cards', 'before it was worked out')
    """
    return f"after {plural(shown, 'card')}" if shown else "before it was worked out"


def principal_line(solver: Solver, position: Position, seat: int, goal: Goal,
                   steps: list[LineStep] | None = None) -> list[LineStep]:
    """Best play from ``position`` to the end of the deal, for ``seat`` and ``goal``.

    Each step is appended to ``steps`` (a new list if None) as soon as it is
    worked out: a caller that catches a limit's :class:`LimitExceeded` keeps
    the line's exact beginning there.
    """
    side = solver.side_of(position, seat)
    steps = [] if steps is None else steps
    while not position.is_over:
        mover = position.seat_to_play
        on_side = mover in side
        scores = solver.score_moves(position, seat, goal)
        pick = max if on_side else min
        chosen = pick(scores, key=_value)
        note, keeps = annotate(scores, chosen, on_side, goal, seat)
        trick_no = position.tricks_done + 1
        after = position.play(chosen.card)
        won_by = claim = None
        if after.tricks_done > position.tricks_done:
            won_by = after.leader
            claim = _claim_note(solver, after, won_by)
        steps.append(LineStep(trick_no, mover, chosen.card, chosen.max_tricks, chosen.achieves,
                              note, keeps, won_by, claim))
        position = after
    return steps


def _claim_note(solver: Solver, position: Position, winner: int) -> str | None:
    """When a seat has just reached three tricks: may claim; can it jink from here?"""
    if position.won[winner] != position.game.pool:
        return None  # only a game with a pool won by a count of tricks has the jink
    if position.is_over:
        return f"Seat {winner + 1} has three tricks and wins the pool"
    jink = solver.can_force(position, winner, AtLeast(position.game.tricks))
    return (f"Seat {winner + 1} has three tricks and may claim the pool; "
            + ("can force the jink from here" if jink else "cannot force the jink: should claim"))

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
from jink.solver.goals import POOL, AtLeast, Goal
from jink.solver.solver import MoveScore, Solver


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

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "trick": self.trick, "seat": self.seat + 1, "card": card_name(self.card),
            "max_tricks": self.max_tricks, "achieves": self.achieves, "note": self.note,
            "keeps": [card_name(c) for c in self.keeps]}
        if self.won_by is not None:
            out["won_by"] = self.won_by + 1
        if self.claim is not None:
            out["claim"] = self.claim
        return out


def _value(score: MoveScore) -> tuple[bool, int]:
    return (score.achieves, score.max_tricks)


def _goal_phrase(goal: Goal, seat: int, achieves: bool, most: int) -> str:
    who = f"seat {seat + 1}"
    if isinstance(goal, AtLeast):
        return f"{who} can still make {most}" + (" trick" if most == 1 else " tricks")
    return f"{who} {'can still' if achieves else 'can no longer'} spoil"


def annotate(scores: list[MoveScore], chosen: MoveScore, on_side: bool, goal: Goal,
             seat: int) -> tuple[str, tuple[Card, ...]]:
    """The note for ``chosen`` among ``scores``, and the cards that do as well."""
    keeps = tuple(s.card for s in scores if _value(s) == _value(chosen))
    phrase = _goal_phrase(goal, seat, chosen.achieves, chosen.max_tricks)
    if len(scores) == 1:
        return f"only legal card; {phrase}", keeps
    if len(keeps) == len(scores):
        return f"any card; {phrase}", keeps
    distinct = {s.card for s in scores if _value(s) == _value(chosen)}
    groups = len({min((s.card, *s.equivalent)) for s in scores if s.card in distinct})
    if groups == 1:
        lead = ("only card" if len(keeps) == 1
                else f"only card (with its equals {_others(keeps, chosen.card)})")
    else:
        lead = f"one of {len(keeps)} cards"
    worst = (min if on_side else max)(scores, key=_value)
    diff = abs(worst.max_tricks - chosen.max_tricks)
    if diff:
        cost = f"; others give up to {diff} trick{'s' if diff > 1 else ''}" if on_side else \
            f"; others give up to {diff} trick{'s' if diff > 1 else ''} more"
    else:
        cost = "; others lose the goal" if on_side else "; others concede the goal"
    return f"{lead}: {phrase}{cost}", keeps


def _others(keeps: tuple[Card, ...], card: Card) -> str:
    return "/".join(card_name(c) for c in keeps if c != card)


def principal_line(solver: Solver, position: Position, seat: int, goal: Goal) -> list[LineStep]:
    """Best play from ``position`` to the end of the deal, for ``seat`` and ``goal``."""
    side = solver.side_of(position, seat)
    steps: list[LineStep] = []
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
    if position.game.partnerships or position.won[winner] != POOL:
        return None
    if position.is_over:
        return f"seat {winner + 1} has three tricks and wins the pool"
    jink = solver.can_force(position, winner, AtLeast(position.game.tricks))
    return (f"seat {winner + 1} has three tricks and may claim the pool; "
            + ("can force the jink from here" if jink else "cannot force the jink: should claim"))

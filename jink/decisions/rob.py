"""Robbing the turn-up: the value of keeping the hand and of each discard.

Spoil Five (and Forty-Five): if the turn-up is an ace the dealer may take it
for any card of his hand; otherwise the holder of the ace of trumps (the A♥
when hearts are trumps) may. The discard goes out of play, unseen. Each
choice gives a position at the first lead; each is solved double dummy and
valued for the robber and the goal asked. Discards that are equivalent cards
(no card in play ranks between them) give the same value and are grouped.
The holder of the ace keeps it: Foster's robber "must have at least the ace
and the turn-up in trumps", so the ace is never his discard. The dealer
robbing a turned ace may discard any card.

Each choice is valued as made before the lead. The dealer robs a turned ace
then; the ace's holder robs at his first turn, after the seats before him
have played to the first trick, and may wait and see. For him
:attr:`RobDecision.first_turn` is his value deciding then: the seats before
him play as they like (double dummy, they know what he will do about each
card they play), then he keeps or robs as suits him best. It is at least
the best single choice's value, and sometimes more.

>>> from jink.position import Position
>>> p = Position.create("spoil-five", "D", ["5D 2S 3S 4C 6C", "KD QD JC TC 9C"],
...                     turnup="AD")
>>> decision = rob(p)
>>> decision.robber, decision.best.discard is not None
(1, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from jink.cards import Card, CardSet, card_name, make_card, rank_of
from jink.errors import PositionError
from jink.games import Rules
from jink.position import Position
from jink.solver.goals import Goal, goal_for
from jink.solver.limits import Limit
from jink.solver.search import Tables, equivalent_groups
from jink.solver.solver import Solver
from jink.solver.table import DEFAULT_MEMORY_MB


@dataclass(frozen=True)
class RobChoice:
    """Keep the hand (``discard`` None) or rob, discarding one of ``discard``."""

    discard: tuple[Card, ...] | None
    max_tricks: int
    achieves: bool
    position: Position

    def to_dict(self) -> dict[str, object]:
        return {"rob": self.discard is not None,
                "discard": [card_name(c) for c in self.discard] if self.discard else None,
                "max_tricks": self.max_tricks, "achieves": self.achieves}


@dataclass(frozen=True)
class FirstTurn:
    """The ace's holder deciding at his first turn, after ``before`` have played
    to the first trick: the most tricks he can be sure of, and whether he can
    force the goal (each a question of its own, as in a verdict)."""

    before: tuple[int, ...]
    max_tricks: int
    achieves: bool

    def to_dict(self) -> dict[str, object]:
        return {"after_seats": [s + 1 for s in self.before], "max_tricks": self.max_tricks,
                "achieves": self.achieves}


@dataclass(frozen=True)
class RobDecision:
    """Every choice of the robber, best first in value, and the best one."""

    position: Position
    robber: int
    goal: Goal
    choices: list[RobChoice]
    #: The ace's holder deciding at his first turn (None when the robber is the
    #: dealer, or the holder leads the first trick: nothing to wait for).
    first_turn: FirstTurn | None = None

    @property
    def best(self) -> RobChoice:
        return max(self.choices, key=lambda c: (c.achieves, c.max_tricks))

    def to_dict(self) -> dict[str, object]:
        assert self.position.turnup is not None
        return {"game": self.position.game.name, "turnup": card_name(self.position.turnup),
                "robber": self.robber + 1, "goal": self.goal.name,
                "choices": [c.to_dict() for c in self.choices],
                "best": self.best.to_dict(),
                "first_turn": self.first_turn.to_dict() if self.first_turn else None}


def robber(position: Position) -> int:
    """The seat that may rob: the dealer on a turned ace, else the ace's holder."""
    return _robber(position)[0]


def kept_card(position: Position) -> Card | None:
    """The card the robber must keep: the ace of trumps, for its holder; None
    for the dealer robbing a turned ace."""
    return _robber(position)[1]


def _robber(position: Position) -> tuple[int, Card | None]:
    """The seat that may rob, and the card it must keep (the ace of trumps,
    for its holder; None for the dealer robbing a turned ace)."""
    turnup = position.turnup
    if turnup is None:
        raise PositionError("robbing needs the turn-up: give turnup = \"...\", not trump")
    rank = position.game.robbing_rank
    if rank is None:
        raise PositionError(f"{position.game.name}: no seat robs the turn-up by this rule "
                            "(Spoil Five and Forty-Five only)")
    if position.tricks_done or position.trick:
        raise PositionError("robbing happens before the first trick")
    if any(hand >> turnup & 1 for hand in position.hands):
        raise PositionError(f"the turn-up {card_name(turnup)} is already in a hand: give "
                            "the hands as dealt, before any robbing")
    if rank_of(turnup) == rank:
        return position.players - 1, None
    trump = position.trump
    assert trump is not None
    ace = make_card(rank, trump)
    for seat, hand in enumerate(position.hands):
        if hand >> ace & 1:
            return seat, ace
    raise PositionError(f"nobody holds the {card_name(ace)}: nobody may rob")


def robbed_hands(rules: Rules, hand: CardSet, turnup: Card, live: CardSet,
                 keep: CardSet = 0) -> list[tuple[tuple[Card, ...], CardSet]]:
    """The hands robbing ``turnup`` can make from ``hand``: one per group of
    equivalent discards (``live``: the cards that may separate them, the
    turn-up among them), with the group. The cards of ``keep`` are never
    discarded (they stay live, so no group reaches across them)."""
    return [(tuple(group), hand & ~(1 << group[0]) | 1 << turnup)
            for group in equivalent_groups(Tables.of(rules), hand & ~keep, live)]


def rob(position: Position, goal: Goal | str | None = None, limit: Limit | None = None,
        memory_mb: float = DEFAULT_MEMORY_MB) -> RobDecision:
    """Value every choice of the seat that may rob (``compulsory_rob``: robbing only)."""
    seat, kept = _robber(position)
    goal = goal_for(position, goal)
    assert position.turnup is not None
    turnup = position.turnup
    solver = Solver(limit, memory_mb)
    choices = []
    if not position.options.get("compulsory_rob"):
        choices.append(_value(solver, position, seat, goal, None))
    live = 1 << turnup
    for other in position.hands:
        live |= other
    # The ace's holder keeps the ace ("at least the ace and the turn-up in
    # trumps"): it is never his discard.
    keep = 1 << kept if kept is not None else 0
    for group, robbed in robbed_hands(position.rules, position.hands[seat], turnup, live, keep):
        hands = list(position.hands)
        hands[seat] = robbed
        after = dataclasses.replace(position, hands=tuple(hands))
        choices.append(_value(solver, after, seat, goal, group))
    first_turn = None
    if kept is not None and position.leader != seat:  # the ace's holder, not the dealer
        first_turn = _first_turn(solver, position, seat, goal,
                                 [c.position.hands[seat] for c in choices], live,
                                 (max(c.achieves for c in choices),
                                  max(c.max_tricks for c in choices)))
    return RobDecision(position, seat, goal, choices, first_turn)


def _first_turn(solver: Solver, start: Position, seat: int, goal: Goal,
                hands: list[CardSet], live: CardSet,
                floor: tuple[bool, int]) -> FirstTurn:
    """The holder's value deciding at his first turn among ``hands`` (keeping,
    and each rob): the seats before him play every way they may (equivalent
    cards once; ``live`` includes the turn-up), each to its side's good.

    Each criterion (the goal; the most tricks) is a minimax of its own, so
    they are carried side by side. While only seats against him have played,
    no line can bring the holder below ``floor``, his best choice made before
    the lead, so such a seat stops looking once it has reached it. (Once a
    partner has chosen, a line may fall below: the partner might have done
    better elsewhere.)
    """
    tables = Tables.of(start.rules)
    side = solver.side_of(start, seat)
    before = []
    mover = start.leader
    while mover != seat:
        before.append(mover)
        mover = (mover + 1) % start.players

    def value(position: Position, floored: bool) -> tuple[bool, int]:
        mover = position.seat_to_play
        if mover == seat:
            best = (False, 0)
            for hand in hands:
                held = list(position.hands)
                held[seat] = hand
                choice = dataclasses.replace(position, hands=tuple(held))
                most = solver.max_tricks(choice, seat)
                got = (solver.achieves(choice, seat, goal, most), most)
                best = (best[0] or got[0], max(best[1], got[1]))
            return best
        ours = mover in side
        result: tuple[bool, int] | None = None
        for group in equivalent_groups(tables, position.legal_moves(), live):
            got = value(position.play(group[0]), floored and not ours)
            if result is None:
                result = got
            elif ours:
                result = (result[0] or got[0], max(result[1], got[1]))
            else:
                result = (result[0] and got[0], min(result[1], got[1]))
            if floored and not ours and result == floor:
                break  # the holder cannot be held lower than his best choice
        assert result is not None  # the seat to play always has a card
        return result

    achieves, most = value(start, True)
    return FirstTurn(tuple(before), most, achieves)


def _value(solver: Solver, position: Position, seat: int, goal: Goal,
           discard: tuple[Card, ...] | None) -> RobChoice:
    most = solver.max_tricks(position, seat)
    return RobChoice(discard, most, solver.achieves(position, seat, goal, most), position)

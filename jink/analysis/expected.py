"""Expected mode: a Loo simple pool whose card to be turned is not known.

Double dummy assumes every card is known; in a simple pool the card that will
be turned often is not. Only its suit matters (it only names trumps), so the
position is solved once per suit, with any unseen card of that suit as the
turn, and the answers are averaged, each suit weighted by how many unseen
cards it has. An unseen card is one in no hand and not in the trick, so the
mode needs the position at the first trick (cards of earlier tricks are not
recorded in a position); the result is labelled as an expectation.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from jink.cards import SUITS, Card, iter_cards, suit_of
from jink.errors import PositionError
from jink.position import Position
from jink.solver.limits import Limit
from jink.solver.solver import Solver, Verdict
from jink.solver.table import DEFAULT_MEMORY_MB


def turn_unknown(position: Position) -> bool:
    """Whether ``position`` is a simple pool whose card to be turned is unknown."""
    return position.game.uses_turn and position.trump is None and position.turn is None


@dataclass(frozen=True)
class ExpectedResult:
    """Each suit's weight and verdicts, and the averages over them."""

    position: Position
    weights: dict[int, Fraction]
    by_suit: dict[int, list[Verdict]]
    nodes: int

    def expected(self, seat: int) -> dict[str, float]:
        """The seat's expected ``max_tricks`` and the chance of each question."""
        out: dict[str, float] = {"max_tricks": 0.0}
        for suit, weight in self.weights.items():
            verdict = self.by_suit[suit][seat]
            out["max_tricks"] += float(weight) * verdict.exact_max_tricks
            for name, answer in verdict.answers:
                out[name] = out.get(name, 0.0) + float(weight) * bool(answer)
        return {name: round(value, 4) for name, value in out.items()}

    def to_dict(self) -> dict[str, object]:
        p = self.position
        return {
            "game": p.game.name,
            "mode": "expected",
            "turn": None,
            "seat_to_play": None if p.is_over else p.seat_to_play + 1,
            "weights": {SUITS[s]: str(w) for s, w in self.weights.items()},
            "seats": [{"seat": seat + 1, **self.expected(seat)}
                      for seat in range(p.players)],
            "by_suit": {SUITS[s]: [v.to_dict() for v in verdicts]
                        for s, verdicts in self.by_suit.items()},
            "nodes": self.nodes,
        }


def unseen_cards(position: Position) -> list[Card]:
    """The cards the turn could be: in the pack, in no hand, not in the trick."""
    held = 0
    for hand in position.hands:
        held |= hand
    for card in position.trick:
        held |= 1 << card
    return list(iter_cards(position.game.deck & ~held))


def solve_expected(position: Position, limit: Limit | None = None,
                   memory_mb: float = DEFAULT_MEMORY_MB) -> ExpectedResult:
    """Every seat's verdicts averaged over the cards the turn could be."""
    if not turn_unknown(position):
        raise PositionError("expected mode is for a Loo simple pool whose card to be "
                            "turned is unknown (no trump and no turn)")
    if position.tricks_done:
        raise PositionError("expected mode needs the position at the first trick: the "
                            "cards of earlier tricks are not in a position")
    unseen = unseen_cards(position)
    weights: dict[int, Fraction] = {}
    by_suit: dict[int, list[Verdict]] = {}
    nodes = 0
    for suit in range(4):
        cards = [c for c in unseen if suit_of(c) == suit]
        if not cards:
            continue
        weights[suit] = Fraction(len(cards), len(unseen))
        solver = Solver(limit, memory_mb)
        by_suit[suit] = solver.verdicts(dataclasses.replace(position, turn=cards[0]))
        nodes += solver.nodes
    return ExpectedResult(position, weights, by_suit, nodes)

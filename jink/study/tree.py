"""The solved game tree of one question, as a networkx ``DiGraph``.

A question is a seat (with its side) and a goal. The *proof tree* shows why
the answer is what it is: where the side that has the answer is to play
(the asking side when the goal holds, the others when it fails), the cards
that keep that answer (one, or every one with ``all_keys``); where the other
side is to play, every legal card. So a tree whose root holds shows the
asking side's winning strategy against every defence, and a tree whose root
fails shows each of the side's cards with one refutation. The *full tree*
has every legal card to a number of plies. Either way equivalent cards
(see :func:`jink.solver.search.equivalent_groups`) are one edge, whose
``group`` names them all, and a branch stops where the goal is decided
(the proof tree only), where the deal ends, or at the depth asked for.

Node ids are the cards played from the root, by name (``"8S 7S"``); the root
is ``"root"``. Node attributes: ``seat_to_play`` (1-based; 0 once the deal is
over), ``trick`` (1-based, the trick being played; the last trick once the deal
is over), ``won`` (tricks won by each seat, ``"1,0,2"``), ``value`` (whether
the goal holds from there under best play), ``ply`` (cards from the root),
``hands`` and ``trick_cards`` (the position there), ``root`` (on the root
only) and ``leaf`` (on leaves only: why the branch stops). Edge attributes:
``card``, ``seat`` (1-based, who played it), ``keeps`` (whether the card keeps
its node's value) and ``group`` (the equivalent cards it stands for).

>>> from jink.position import Position
>>> p = Position.create("spoil-five", "H", ["5H 2C", "JH AH", "KH QH"], won=[2, 0, 1])
>>> tree = proof_tree(p, 0, "three")
>>> tree.nodes["root"]["value"], sorted(tree.successors("root"))
(True, ['5H'])
>>> [tree.edges["5H", child]["group"] for child in tree.successors("5H")]
['JH AH']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from jink.analysis.expected import turn_unknown
from jink.cards import SUITS, Card, card_name, cards_text
from jink.errors import LimitExceeded, PositionError
from jink.position import Position, hand_text, sort_cards
from jink.solver.goals import Goal, goal_for
from jink.solver.limits import Limit
from jink.solver.search import Tables, equivalent_groups
from jink.solver.solver import Solver
from jink.solver.table import DEFAULT_MEMORY_MB

if TYPE_CHECKING:
    import networkx as nx

ROOT = "root"

#: A game tree: nodes are named by the cards played from the root (strings).
Tree: TypeAlias = "nx.DiGraph[str]"

#: Trees past this many nodes stop with an error: a person cannot read them,
#: and a bigger one usually means a depth was forgotten.
MAX_TREE_NODES = 100_000

#: A Loo simple pool whose turn card is unknown has no double-dummy tree.
NO_TURN = ("the card to be turned is not known: give turn (only jink solve --expected "
           "averages over the cards it could be)")

#: Why a branch stops, the ``leaf`` attribute.
LEAF_OVER = "deal over"
LEAF_DECIDED = "goal decided"
LEAF_DEPTH = "depth reached"


@dataclass(frozen=True)
class TreeSummary:
    """The size and shape of a tree: what ``jink tree`` says on stderr."""

    nodes: int
    edges: int
    depth: int
    widest_trick: int
    widest_nodes: int
    value: bool

    def __str__(self) -> str:
        return (f"{_many(self.nodes, 'node')}, {_many(self.edges, 'edge')}, depth "
                f"{_many(self.depth, 'card')}; widest trick: trick {self.widest_trick} "
                f"({_many(self.widest_nodes, 'node')}); the goal "
                f"{'holds' if self.value else 'fails'} at the root")


def _many(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summarise(tree: Tree) -> TreeSummary:
    """Count a tree's nodes and edges, its depth in cards and its widest trick."""
    per_trick = Counter(data["trick"] for _, data in tree.nodes(data=True))
    trick, widest = max(per_trick.items(), key=lambda item: (item[1], -item[0]))
    depth = max(data["ply"] for _, data in tree.nodes(data=True))
    return TreeSummary(tree.number_of_nodes(), tree.number_of_edges(), depth, trick, widest,
                       bool(tree.nodes[ROOT]["value"]))


def proof_tree(position: Position, seat: int | None = None, goal: Goal | str | None = None,
               *, all_keys: bool = False, depth: int | None = None,
               limit: Limit | None = None, max_nodes: int = MAX_TREE_NODES,
               memory_mb: float = DEFAULT_MEMORY_MB) -> Tree:
    """The proof tree of ``seat`` (0-based, default the seat to play) and ``goal``.

    ``depth`` cuts it after that many cards (default: to the end). Past
    ``max_nodes`` tree nodes, or past the search ``limit``,
    :class:`~jink.errors.LimitExceeded`.
    """
    return _Builder(position, seat, goal, "proof", Solver(limit, memory_mb),
                    max_nodes).build(depth, all_keys)


def full_tree(position: Position, seat: int | None = None, goal: Goal | str | None = None,
              *, depth: int, limit: Limit | None = None,
              max_nodes: int = MAX_TREE_NODES, memory_mb: float = DEFAULT_MEMORY_MB) -> Tree:
    """Every legal card (one per equivalent group) to ``depth`` cards, each node
    with its value for ``seat`` (0-based, default the seat to play) and ``goal``."""
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")
    return _Builder(position, seat, goal, "full", Solver(limit, memory_mb),
                    max_nodes).build(depth, True)


class _Builder:
    """Walks the positions of one question, asking one solver (one shared table)."""

    def __init__(self, position: Position, seat: int | None, goal: Goal | str | None,
                 kind: str, solver: Solver, max_nodes: int) -> None:
        if turn_unknown(position):
            raise PositionError(NO_TURN)
        self.seat = 0 if seat is None and position.is_over else \
            position.seat_to_play if seat is None else seat
        position.check_seat(self.seat)
        self.goal = goal_for(position, goal)
        self.solver = solver
        self.side = self.solver.side_of(position, self.seat)
        self.kind = kind
        self.max_nodes = max_nodes
        self.start = position
        p = position
        import networkx as nx  # (here: every command would pay its import, 0.15 s)

        self.graph: Tree = nx.DiGraph(
            kind=kind, game=p.game.name, trump=SUITS[p.trump] if p.trump is not None else "",
            players=p.players, seat=self.seat + 1, goal=self.goal.name)

    def value(self, position: Position) -> bool:
        return self.solver.can_force(position, self.seat, self.goal)

    def decided(self, position: Position) -> bool:
        remaining = position.game.tricks - position.tricks_done
        return self.goal.status(position.won, self.side, remaining) is not None

    def build(self, depth: int | None, all_keys: bool) -> Tree:
        value = self.value(self.start)
        self.graph.graph["value"] = value
        self.add_node(ROOT, self.start, value, 0)
        self.graph.nodes[ROOT]["root"] = True
        # Depth first with an explicit stack: a deal of ten hands is 50 cards deep.
        stack: list[tuple[str, Position, bool, int]] = [(ROOT, self.start, value, 0)]
        while stack:
            node, position, value, ply = stack.pop()
            if position.is_over:
                self.graph.nodes[node]["leaf"] = LEAF_OVER
                continue
            if self.kind == "proof" and self.decided(position):
                self.graph.nodes[node]["leaf"] = LEAF_DECIDED
                continue
            if depth is not None and ply >= depth:
                self.graph.nodes[node]["leaf"] = LEAF_DEPTH
                continue
            children = self.children(position, value, all_keys)
            for group, after, after_value in reversed(children):
                child = group_id(node, group[0])
                self.add_node(child, after, after_value, ply + 1)
                self.graph.add_edge(node, child, card=card_name(group[0]),
                                    seat=position.seat_to_play + 1,
                                    keeps=after_value == value,
                                    group=cards_text(group))
                stack.append((child, after, after_value, ply + 1))
        return self.graph

    def children(self, position: Position, value: bool,
                 all_keys: bool) -> list[tuple[list[Card], Position, bool]]:
        """The cards to draw from ``position``: each group's first card, the
        position after it and its value."""
        rules = position.rules
        live = 0
        for hand in position.hands:
            live |= hand
        for card in position.trick:
            live |= 1 << card
        groups = [sort_cards(rules, g)
                  for g in equivalent_groups(Tables.of(rules), position.legal_moves(), live)]
        # The side that has the value (the asking side where the goal holds,
        # the others where it fails) needs only a card that keeps it: one is
        # proof enough, unless every such card is asked for.
        has_value = (position.seat_to_play in self.side) == value
        choosy = self.kind == "proof" and has_value
        out = []
        for group in groups:
            after = position.play(group[0])
            after_value = self.value(after)
            if choosy and after_value != value:
                continue
            out.append((group, after, after_value))
            if choosy and not all_keys:
                break
        return out

    def add_node(self, node: str, position: Position, value: bool, ply: int) -> None:
        if self.graph.number_of_nodes() >= self.max_nodes:
            raise LimitExceeded(f"the tree passed {self.max_nodes} nodes; give a smaller "
                                "depth, or a position nearer the end of the deal")
        over = position.is_over
        rules = position.rules
        self.graph.add_node(
            node,
            seat_to_play=0 if over else position.seat_to_play + 1,
            trick=min(position.tricks_done + 1, position.game.tricks),
            won=",".join(str(w) for w in position.won),
            value=value,
            ply=ply,
            hands=" / ".join(hand_text(rules, hand) for hand in position.hands),
            trick_cards=cards_text(position.trick),
        )


def group_id(parent: str, card: Card) -> str:
    """The id of the node after ``card``: the cards played from the root."""
    return card_name(card) if parent == ROOT else f"{parent} {card_name(card)}"

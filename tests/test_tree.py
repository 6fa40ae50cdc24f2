"""``jink tree`` and :mod:`jink.study.tree`: the proof tree checked node by node
against a fresh solver and the independent references, the full tree, the
files networkx reads back, and the command."""

from __future__ import annotations

import io
import json
from pathlib import Path

import networkx as nx
import pytest
from typer.testing import CliRunner

from jink.cards import card_name, iter_cards, parse_card, parse_cards
from jink.cli.app import app
from jink.formats.examples import example
from jink.position import Position, hand_text
from jink.solver import AtLeast, Solver
from jink.solver.goals import goal_for
from jink.solver.search import Tables, equivalent_groups
from jink.study.export import to_dot, to_graphml, to_json
from jink.study.tree import LEAF_DECIDED, LEAF_OVER, ROOT, full_tree, proof_tree, summarise
from tests.reference import ref_can_force, ref_position
from tests.reference_family import fam_can_force, fam_position

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})

# Four hands of two cards, Forty-Five: seats 1 and 3 against 2 and 4.
FORTY_FIVE = Position.create("forty-five", "H", ["KH 2C", "QH 9S", "7H 8S", "AS 3C"],
                             won=[1, 1, 1, 0], leader=2)

# (position, 0-based seat, goal): roots that hold and roots that fail, a spoil
# question, equal cards (seat 2's JH/AH in lone-five), and partnerships.
CASES = [
    (example("renege"), 1, "three"),           # holds
    (example("renege"), 0, "three"),           # fails
    (example("renege"), 2, "spoil"),
    (Position.create("spoil-five", "H", ["5H 2C", "JH AH", "KH QH"], won=[2, 0, 1]), 0,
     "three"),
    (Position.create("spoil-five", "H", ["5H 2C", "JH AH", "KH QH"], won=[2, 0, 1]), 1,
     "spoil"),
    (Position.create("spoil-five", "D", ["QC 8C 2S", "KC 4C 3S", "AC 7C 9H"],
                     won=[1, 1, 0], leader=1), 2, "2"),
    (FORTY_FIVE, 0, None),
    (FORTY_FIVE, 1, None),
]


def replay(start: Position, node: str) -> Position:
    """The position at ``node``, rebuilt from its id (the cards from the root),
    so the check does not trust the attributes it checks."""
    position = start
    if node != ROOT:
        for card in parse_cards(node):
            position = position.play(card)
    return position


def reference_value(position: Position, seat: int, goal_name: str) -> bool:
    """Whether the goal holds, by the slow reference that shares no code with jink."""
    trump = "SHDC"[position.trump] if position.trump is not None else None
    hands = [hand_text(position.rules, h) for h in position.hands]
    trick = " ".join(card_name(c) for c in position.trick)
    goal = goal_for(position, goal_name)
    if position.game.name == "spoil-five":
        assert trump is not None
        wanted: str | int = goal.name if goal.name in ("three", "jink", "spoil") \
            else int(goal.name)
        return ref_can_force(ref_position(trump, hands, position.leader, trick,
                                          list(position.won)), seat, wanted)
    assert isinstance(goal, AtLeast)
    side = next(s for s in position.game.sides(position.players) if seat in s)
    if position.is_over:  # the family reference takes only positions with tricks to play
        return sum(position.won[s] for s in side) >= goal.k
    pos = fam_position(position.game.name, trump, hands, position.leader, trick,
                       list(position.won))
    return fam_can_force(pos, frozenset(side), goal.k)


def groups_of(position: Position) -> list[frozenset[int]]:
    live = 0
    for hand in position.hands:
        live |= hand
    for card in position.trick:
        live |= 1 << card
    return [frozenset(g) for g in equivalent_groups(Tables.of(position.rules),
                                                    position.legal_moves(), live)]


@pytest.mark.parametrize(("start", "seat", "goal"), CASES)
@pytest.mark.parametrize("all_keys", [False, True])
def test_proof_tree_against_solver_and_reference(start: Position, seat: int, goal: str | None,
                                                 all_keys: bool) -> None:
    tree = proof_tree(start, seat, goal, all_keys=all_keys)
    solver = Solver()
    resolved = goal_for(start, goal)
    side = solver.side_of(start, seat)
    root_value = tree.nodes[ROOT]["value"]
    assert root_value == solver.can_force(start, seat, resolved)
    assert root_value == reference_value(start, seat, resolved.name)
    assert tree.nodes[ROOT]["root"] is True
    assert nx.is_arborescence(tree)
    for node, data in tree.nodes(data=True):
        position = replay(start, node)
        value = data["value"]
        # A proof tree never leaves its root's value: every node keeps it.
        assert value == root_value
        assert value == solver.can_force(position, seat, resolved)
        assert value == reference_value(position, seat, resolved.name)
        assert data["won"] == ",".join(map(str, position.won))
        assert data["trick"] == min(position.tricks_done + 1, start.game.tricks)
        assert data["seat_to_play"] == (0 if position.is_over else position.seat_to_play + 1)
        out = list(tree.out_edges(node, data=True))
        if position.is_over:
            assert data["leaf"] == LEAF_OVER and not out
            continue
        remaining = start.game.tricks - position.tricks_done
        if resolved.status(position.won, side, remaining) is not None:
            assert data["leaf"] == LEAF_DECIDED and not out
            continue
        assert "leaf" not in data and out
        drawn = [frozenset(parse_cards(e["group"])) for _, _, e in out]
        for (_, _, e), group in zip(out, drawn, strict=True):
            # Each edge is one equivalent group, named in full, played by its first card.
            assert group in groups_of(position)
            assert parse_card(e["card"]) in group
            assert e["seat"] == position.seat_to_play + 1
            assert e["keeps"] is True
            # Every card of the group does the same, by the reference.
            for card in group:
                assert reference_value(position.play(card), seat, resolved.name) == value
        has_value = (position.seat_to_play in side) == value
        if has_value:
            keepers = [g for g in groups_of(position)
                       if solver.can_force(position.play(min(g)), seat, resolved) == value]
            assert len(out) == (len(keepers) if all_keys else 1)
            assert set(drawn) <= set(keepers)
        else:
            # The other side's node (or the side's own, where the goal fails):
            # every legal card, one edge per group.
            assert sorted(drawn, key=min) == sorted(groups_of(position), key=min)
            assert frozenset().union(*drawn) == frozenset(iter_cards(position.legal_moves()))


def test_a_true_root_holds_every_card_of_every_other_seat() -> None:
    """A true root holds every card of every other seat, checked directly on the deepest example."""
    start = example("default")
    tree = proof_tree(start, 0, "three")
    assert tree.nodes[ROOT]["value"] is True
    others = [n for n, d in tree.nodes(data=True) if d["seat_to_play"] not in (0, 1)
              and "leaf" not in d]
    assert others
    for node in others:
        legal = set(iter_cards(replay(start, node).legal_moves()))
        held: set[int] = set()
        for _, _, edge in tree.out_edges(node, data=True):
            held |= set(parse_cards(edge["group"]))
        assert held == legal


def test_full_tree_keeps_is_the_value_kept() -> None:
    start = example("renege")
    tree = full_tree(start, 1, "three", depth=4)
    solver = Solver()
    goal = goal_for(start, "three")
    assert summarise(tree).depth == 4
    kept = lost = 0
    for parent, child, edge in tree.edges(data=True):
        before = tree.nodes[parent]["value"]
        after = solver.can_force(replay(start, child), 1, goal)
        assert tree.nodes[child]["value"] == after
        assert edge["keeps"] == (after == before)
        kept += edge["keeps"]
        lost += not edge["keeps"]
    assert kept and lost  # the example has both kinds of card
    # Every legal card of every inner node, one edge per group.
    for node in tree:
        position = replay(start, node)
        if tree.nodes[node]["ply"] < 4 and not position.is_over:
            assert tree.out_degree(node) == len(groups_of(position))


def test_depth_cuts_the_proof_tree() -> None:
    tree = proof_tree(example("default"), 0, "three", depth=3)
    assert summarise(tree).depth == 3
    assert all(d.get("leaf") == "depth reached" for n, d in tree.nodes(data=True)
               if d["ply"] == 3)


def _equal(a: nx.Graph[str], b: nx.Graph[str]) -> None:
    assert type(a) is type(b) is nx.DiGraph
    assert dict(a.nodes(data=True)) == dict(b.nodes(data=True))
    assert sorted(a.edges(data=True)) == sorted(b.edges(data=True))
    # read_graphml adds empty node_default/edge_default dicts to the graph's data.
    extra = ("node_default", "edge_default")
    assert {k: v for k, v in a.graph.items() if k not in extra} == \
        {k: v for k, v in b.graph.items() if k not in extra}


@pytest.mark.parametrize("full", [False, True])
def test_graphml_and_json_read_back_equal(full: bool) -> None:
    start = example("renege")
    tree = full_tree(start, 1, depth=5) if full else proof_tree(start, 1, all_keys=True)
    from_graphml = nx.read_graphml(io.BytesIO(to_graphml(tree).encode("utf-8")))
    _equal(from_graphml, tree)
    from_json = nx.node_link_graph(json.loads(to_json(tree)), edges="edges")
    _equal(from_json, tree)


def test_dot_draws_every_node_and_edge_with_suit_symbols() -> None:
    tree = proof_tree(example("renege"), 1, "three")
    dot = to_dot(tree)
    assert dot.startswith("digraph jink {") and dot.rstrip().endswith("}")
    assert dot.count(" -> ") == tree.number_of_edges()
    assert dot.count("fillcolor=") == tree.number_of_nodes()
    assert '[label=<<font color="red">K♥</font>>]' in dot   # hearts in red
    assert "[label=<10♣>]" in dot                             # clubs in black
    assert "\\nwon 1,1,0" in dot


# -- the command ----------------------------------------------------------------------


def test_command_writes_graphml_by_suffix_with_a_summary(tmp_path: Path) -> None:
    out = tmp_path / "t.graphml"
    result = runner.invoke(app, ["tree", "--example", "renege", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    tree = nx.read_graphml(out)
    assert isinstance(tree, nx.DiGraph)
    summary = summarise(tree)
    assert f"{summary.nodes} nodes" in result.stderr and "widest trick" in result.stderr
    assert tree.nodes[ROOT]["root"] is True


def test_command_json_and_dot_on_stdout() -> None:
    result = runner.invoke(app, ["tree", "--example", "renege", "--seat", "1", "--json"])
    assert result.exit_code == 0, result.output
    tree = nx.node_link_graph(json.loads(result.stdout), edges="edges")
    assert tree.graph["seat"] == 1 and tree.nodes[ROOT]["value"] is False
    result = runner.invoke(app, ["tree", "--example", "renege", "--full", "--depth", "2",
                                 "--format", "dot"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("digraph jink {")
    assert "Full tree" in result.stderr


@pytest.mark.parametrize(("args", "code", "message"), [
    (["--example", "renege", "--seat", "9"], 1, "--seat 9: the deal has seats 1 to 3"),
    (["--example", "renege", "--goal", "seven"], 1, "unknown goal"),
    (["--example", "renege", "--max-size", "3"], 1, "the tree passed 3 nodes"),
    (["--example", "renege", "--format", "png"], 2, "use graphml, dot, json"),
    (["--example", "renege", "--full", "--all-keys"], 2, "--all-keys"),
    (["--example", "renege", "--depth", "-1"], 2, "--depth"),
    ([], 2, "give a position"),
    (["-g", "loo", "--hands", "QS QH AC / 6S 5S 2C / KH 4D JC"], 1,
     "the card to be turned is not known"),
])
def test_command_errors(args: list[str], code: int, message: str) -> None:
    result = runner.invoke(app, ["tree", *args])
    assert result.exit_code == code, result.output
    assert message in " ".join(result.stderr.split())
    assert "Traceback" not in result.output


def test_a_finished_deal_is_one_node() -> None:
    over = Position.create("spoil-five", "H", ["", "", ""], won=[3, 2, 0])
    tree = proof_tree(over)
    assert list(tree.nodes) == [ROOT]
    assert tree.nodes[ROOT]["leaf"] == LEAF_OVER and tree.nodes[ROOT]["seat_to_play"] == 0
    assert str(summarise(tree)).startswith("1 node, 0 edges, depth 0 cards")

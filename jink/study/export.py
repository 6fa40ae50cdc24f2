"""Writing a game tree: GraphML, node-link JSON (both read back by networkx),
and DOT for Graphviz with suit symbols and red suits in red.

>>> from jink.position import Position
>>> from jink.study.tree import proof_tree
>>> p = Position.create("spoil-five", "H", ["5H 2C", "JH AH", "KH QH"], won=[2, 0, 1])
>>> tree = proof_tree(p, 0, "three")
>>> import networkx as nx
>>> back = nx.node_link_graph(json.loads(to_json(tree)), edges="edges")
>>> dict(back.nodes(data=True)) == dict(tree.nodes(data=True))
True
>>> '[label=<<font color="red">5♥</font>>' in to_dot(tree)
True
"""

from __future__ import annotations

import io
import json
from html import escape

from jink.cards import RED_SUITS, SUIT_SYMBOLS, card_symbol, parse_cards, parse_suit, suit_of
from jink.games import find_game
from jink.study.tree import Tree

FORMATS = ("graphml", "dot", "json")

#: Node colours in DOT: where the goal holds, where it fails.
HOLDS_FILL = "#d9f2d9"
FAILS_FILL = "#f6dada"


def to_graphml(tree: Tree) -> str:
    """GraphML, typed attributes and all (``networkx.read_graphml`` reads it back)."""
    import networkx as nx  # (as in jink.study.tree: only when a tree is written)

    out = io.BytesIO()
    nx.write_graphml(tree, out, encoding="utf-8")
    return out.getvalue().decode("utf-8")


def to_json(tree: Tree) -> str:
    """Node-link JSON (``networkx.node_link_graph(data, edges="edges")`` reads it back).

    The edge list is named ``edges`` explicitly: networkx changed its default
    from ``links`` to ``edges`` in 3.4 to 3.6, and files should not depend on it.
    """
    import networkx as nx

    return json.dumps(nx.node_link_data(tree, edges="edges"), ensure_ascii=False)


def to_dot(tree: Tree) -> str:
    """DOT for Graphviz (``dot -Tsvg``): each node says who is to play and the
    tricks won, green where the goal holds and red where it fails; each edge
    shows its card, or its equivalent cards joined by ``=``, red suits in red;
    a card that does not keep its node's value is drawn dashed."""
    graph = tree.graph
    title = f"{find_game(graph['game']).title}"
    if graph.get("trump"):
        suit = parse_suit(graph["trump"])
        title += f", {_colour(SUIT_SYMBOLS[suit], suit)} trumps"
    title += (f": seat {graph['seat']}, goal {escape(graph['goal'])} "
              f"({graph['kind']} tree)")
    lines = [
        "digraph jink {",
        f"  graph [label=<{title}>, labelloc=t, fontname=\"Helvetica\"];",
        "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10];",
        "  edge [fontname=\"Helvetica\", fontsize=11];",
    ]
    for node, data in tree.nodes(data=True):
        if data["seat_to_play"]:
            head = f"seat {data['seat_to_play']} to play, trick {data['trick']}"
        else:
            head = "deal over"
        label = f"{head}\\nwon {data['won']}"
        if "leaf" in data and data["leaf"] != "deal over":
            label += f"\\n({data['leaf']})"
        fill = HOLDS_FILL if data["value"] else FAILS_FILL
        extra = ", penwidth=2" if data.get("root") else ""
        lines.append(f"  {_quote(node)} [label={_quote(label)}, fillcolor=\"{fill}\"{extra}];")
    for source, target, data in tree.edges(data=True):
        cards = "=".join(_colour(card_symbol(c), suit_of(c)) for c in parse_cards(data["group"]))
        style = "" if data["keeps"] else ", style=dashed"
        lines.append(f"  {_quote(source)} -> {_quote(target)} [label=<{cards}>{style}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _colour(text: str, suit: int) -> str:
    """Text for an HTML-like DOT label, red for a red suit."""
    return f'<font color="red">{text}</font>' if suit in RED_SUITS else text


def _quote(text: str) -> str:
    """A DOT ID in double quotes (backslash escapes such as \\n are kept)."""
    return '"' + text.replace('"', '\\"') + '"'


def dumps(tree: Tree, fmt: str) -> str:
    """The tree in ``fmt``: graphml, dot or json."""
    writers = {"graphml": to_graphml, "dot": to_dot, "json": to_json}
    if fmt not in writers:
        raise ValueError(f"unknown format {fmt!r} (use {', '.join(FORMATS)})")
    return writers[fmt](tree)

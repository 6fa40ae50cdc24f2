"""``jink tree``: the solved game tree of a question, as GraphML, DOT or JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from jink.cli.common import (
    NO_POSITION,
    EngineOpt,
    ExactOpt,
    ExampleOpt,
    FileArg,
    JsonOpt,
    MaxNodesOpt,
    MaxSecondsOpt,
    MemoryOpt,
    PositionOptions,
    ThreadsOpt,
    check_seats,
    epilog,
    handle_errors,
    output_path,
    positions_from_cli,
    refuse_overwrite,
    search_options,
    takes_position,
    write_out,
)
from jink.cli.solve import GoalOpt, SeatOpt
from jink.errors import PositionError
from jink.position import Position
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.study.export import FORMATS, dumps
from jink.study.tree import MAX_TREE_NODES, full_tree, proof_tree, summarise

EPILOG = epilog(
    "jink tree --example renege --out renege.graphml",
    "jink tree --example renege --format dot | dot -Tsvg > renege.svg",
    "jink tree deal.toml --seat 2 --goal spoil --all-keys --json",
    "jink tree --example --full --depth 3 --format dot --out first-trick.dot",
    note="""\
The proof tree (the default) shows why the answer holds or fails: where the
side that has the answer is to play, one card that keeps it (every one with
--all-keys); where the other side is to play, every legal card. Equivalent
cards are one edge. A branch stops where the goal is decided.""")

TREE_PANEL = "Tree"
FormatOpt = Annotated[str | None, typer.Option(
    "--format", "-f", metavar="FORMAT",
    help="graphml, dot (for Graphviz) or json (networkx node-link); "
    "default: from the --out suffix (.graphml, .dot/.gv, .json), else graphml.",
    rich_help_panel=TREE_PANEL, show_default=False)]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", metavar="FILE", parser=output_path,
    help="Write the tree here, not to stdout.",
    rich_help_panel=TREE_PANEL,
    show_default=False)]
AllKeysOpt = Annotated[bool, typer.Option(
    "--all-keys", help="Every card that keeps the answer, not just one.",
    rich_help_panel=TREE_PANEL)]
FullOpt = Annotated[bool, typer.Option(
    "--full", help="Every legal card (one per equivalent group) to --depth cards, not the "
    "proof tree.", rich_help_panel=TREE_PANEL)]
DepthOpt = Annotated[int | None, typer.Option(
    "--depth", metavar="CARDS",
    help="Stop after this many cards; default: the end of the deal, or with "
    "--full one round of cards (one per seat).", rich_help_panel=TREE_PANEL,
    show_default=False)]
SizeOpt = Annotated[int, typer.Option(
    "--max-size", metavar="NODES", help="Stop (with an error) past this many tree nodes; "
    f"default {MAX_TREE_NODES}.", rich_help_panel=TREE_PANEL, show_default=False)]

_SUFFIXES = {".graphml": "graphml", ".xml": "graphml", ".dot": "dot", ".gv": "dot",
             ".json": "json"}


@takes_position()
def tree_command(
    file: FileArg = None,
    opts: PositionOptions = NO_POSITION,
    example: ExampleOpt = False,
    seat: SeatOpt = None,
    goal: GoalOpt = None,
    all_keys: AllKeysOpt = False,
    full: FullOpt = False,
    depth: DepthOpt = None,
    fmt: FormatOpt = None,
    out: OutOpt = None,
    max_seconds: MaxSecondsOpt = None,
    max_nodes: MaxNodesOpt = None,
    memory: MemoryOpt = DEFAULT_MEMORY_MB,
    engine: EngineOpt = None,
    exact: ExactOpt = False,
    threads: ThreadsOpt = None,
    max_size: SizeOpt = MAX_TREE_NODES,
    json_output: JsonOpt = False,
) -> None:
    """The solved game tree of a question, as a graph (networkx): GraphML, DOT or JSON.

    Nodes are positions (seat to play, trick, tricks won, whether the goal
    holds from there); edges are cards (who played it, whether it keeps the
    value). A summary (nodes, depth, widest trick) goes to stderr.
    """
    with handle_errors():
        refuse_overwrite(out, "--out", file)
        fmt = _format(fmt, out, json_output)
        if depth is not None and depth < 0:
            raise typer.BadParameter(f"must be 0 or more, not {depth}", param_hint="--depth")
        if full and all_keys:
            raise typer.BadParameter("--full has every card already", param_hint="--all-keys")
        if max_size < 1:
            raise typer.BadParameter(f"must be positive, not {max_size}",
                                     param_hint="--max-size")
        items = positions_from_cli(file, opts, example=example)
        if len(items) != 1:
            raise PositionError(f"{file} holds {len(items)} positions; jink tree draws one")
        position = items[0].position
        check_seats([] if seat is None else [seat], position.players, "--seat")
        asked = None if seat is None else seat - 1
        search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
        if full:
            tree = full_tree(position, asked, goal, depth=_round(position, depth),
                             limit=search.limit, max_nodes=max_size,
                             memory_mb=search.memory_mb)
        else:
            tree = proof_tree(position, asked, goal, all_keys=all_keys, depth=depth,
                              limit=search.limit, max_nodes=max_size,
                              memory_mb=search.memory_mb)
        text = dumps(tree, fmt)
        if out is not None:
            write_out(out, text)
        else:
            typer.echo(text, nl=not text.endswith("\n"))
        err = Console(stderr=True, highlight=False, soft_wrap=True)
        where = f" to {out}" if out is not None else ""
        err.print(f"{tree.graph['kind'].capitalize()} tree for seat {tree.graph['seat']}, "
                  f"goal {tree.graph['goal']}{where}: {summarise(tree)}.", markup=False)


def _format(fmt: str | None, out: Path | None, json_output: bool) -> str:
    """The output format: --format, --json, or the --out suffix."""
    if json_output:
        if fmt not in (None, "json"):
            raise typer.BadParameter(f"--json writes json, not {fmt}", param_hint="--format")
        return "json"
    if fmt is not None:
        if fmt.lower() not in FORMATS:
            raise typer.BadParameter(f"use {', '.join(FORMATS)}, not {fmt!r}",
                                     param_hint="--format")
        return fmt.lower()
    if out is not None:
        return _SUFFIXES.get(out.suffix.lower(), "graphml")
    return "graphml"


def _round(position: Position, depth: int | None) -> int:
    """--full's depth: as given, or one card per seat."""
    return position.players if depth is None else depth

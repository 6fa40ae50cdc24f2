"""``python -m jink.bench``: the benchmark's command line (see ``--help``)."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from jink.bench import questions
from jink.bench.run import Row, run
from jink.solver.native import MAX_THREADS

app = typer.Typer(add_completion=False)


def parse_range(text: str) -> list[int]:
    """``2-10`` or ``3,5,7``."""
    out: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        out.extend(range(int(low), int(high or low) + 1))
    return out


@app.command()
def main(
    players: Annotated[str, typer.Option(help="Player counts, e.g. 2-10 or 3,5")] = "2-10",
    deals: Annotated[int, typer.Option(help="Deals per player count")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the deals")] = 2026,
    time_limit: Annotated[float, typer.Option(help="Seconds per deal before it counts "
                                                   "as a timeout (0: none)")] = 30.0,
    endgames: Annotated[bool, typer.Option(help="Also time mid-trick endgames")] = True,
    full: Annotated[bool, typer.Option(
        "--full-table/--no-full-table", help="Time the full table (every seat)")] = True,
    seat_one: Annotated[bool, typer.Option(
        "--seat-one", help="Also time one seat's question (jink solve --seats 1: seat 1's "
                           "verdicts, cards scored and line) on the same deals")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="JSON lines on stdout")] = False,
    engine: Annotated[str, typer.Option(
        help="Search engine: native, python, or both (side by side, with the ratio)")] = "",
    by_question: Annotated[bool, typer.Option(
        "--by-question", help="Where the full tables' time goes instead: their searches "
                              "summed by question (max_tricks, spoil) and answer, with "
                              "shares of all the CPU time and of the middle half of the "
                              "deals (around the median)")] = False,
    threads: Annotated[int, typer.Option(
        help="Threads each proof runs on (default 1: node counts exact); with more, "
             "--json gives each deal's wall-clock time (wall_ms)")] = 1,
) -> None:
    """Time full-table analysis (every seat's max_tricks, three, jink, spoil).

    Times are CPU time. Example: python -m jink.bench --players 2-5 --deals 50 --engine both
    """
    err = Console(stderr=True)
    try:
        counts = parse_range(players)
    except ValueError:
        err.print(f"[red]error:[/red] --players: not a range: {players!r}")
        raise typer.Exit(1) from None
    if not 1 <= threads <= MAX_THREADS:
        err.print(f"[red]error:[/red] --threads: from 1 to {MAX_THREADS}, not {threads}")
        raise typer.Exit(1)
    engines: list[str | None] = [engine or None]
    if engine == "both":
        engines = ["python", "native"]
    elif engine and engine not in ("native", "python"):
        err.print(f"[red]error:[/red] --engine: native, python or both, not {engine!r}")
        raise typer.Exit(1)
    if by_question:
        if engine == "both":
            err.print("[red]error:[/red] --by-question: one engine at a time, not both")
            raise typer.Exit(1)
        question_table(questions.run(counts, deals, seed, time_limit or None, engine or None,
                                     threads), seed, time_limit, as_json)
        return
    by_engine = [run(counts, deals, seed, time_limit or None, endgames,
                     progress=None if as_json else lambda text: err.print(f"[dim]{text}…[/dim]"),
                     seat_one=seat_one, full=full, engine=name, threads=threads)
                 for name in engines]
    if len(by_engine) == 2 and not as_json:
        side_by_side(by_engine[0], by_engine[1], seed, time_limit)
        return
    rows = [row for rows in by_engine for row in rows]
    if as_json:
        for row in rows:
            sys.stdout.write(json.dumps(row.to_dict()) + "\n")
        return
    table = Table(title=f"jink benchmark, seed {seed}, time limit {time_limit} s, "
                        f"{rows[0].engine if rows else ''} engine, CPU time")
    for column in ("set", "players", "deals", "median ms", "p90 ms", "max ms",
                   "median nodes", "max nodes", "ns/node", "timeouts", "peak MB"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(row.set, str(row.players), str(row.deals), ms(row.median_ms),
                      ms(row.p90_ms), ms(row.max_ms), str(row.median_nodes),
                      str(row.max_nodes), f"{row.ns_per_node:.0f}", str(row.timeouts),
                      f"{row.peak_mb:.0f}")
    Console(width=None if sys.stdout.isatty() else 130).print(table)


def question_table(rows: list[questions.QuestionRow], seed: int, time_limit: float,
                   as_json: bool) -> None:
    """The rows of ``--by-question``: a table, or JSON lines."""
    if as_json:
        for row in rows:
            sys.stdout.write(json.dumps(row.to_dict()) + "\n")
        return
    table = Table(title=f"jink benchmark by question, seed {seed}, time limit {time_limit} s, "
                        "CPU time")
    for column in ("players", "question", "answer", "searches", "nodes", "CPU s", "share",
                   "middle half", "median ms", "p90 ms", "costliest tenth"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(str(row.players), row.question, row.answer, str(row.count),
                      f"{row.nodes:.3g}", f"{row.cpu_ms / 1000:.3g}", f"{row.share:.0%}",
                      f"{row.middle_share:.0%}", ms(row.median_ms), ms(row.p90_ms),
                      f"{row.top_tenth:.0%}")
    Console(width=None if sys.stdout.isatty() else 130).print(table)


def ms(value: float) -> str:
    """Milliseconds, with a digit more below 10 ms (the native engine's range)."""
    return f"{value:.2f}" if value < 10 else f"{value:.1f}"


def side_by_side(python: list[Row], native: list[Row], seed: int, time_limit: float) -> None:
    """The two engines' rows side by side, with the ratio (python / native)."""
    table = Table(title=f"jink benchmark, seed {seed}, time limit {time_limit} s: python / "
                        "native engine, CPU time")
    for column in ("set", "players", "deals", "median ms py", "median ms C", "ratio",
                   "max ms py", "max ms C", "ratio", "ns/node py", "ns/node C", "ratio",
                   "same nodes"):
        table.add_column(column, justify="right")
    for p, c in zip(python, native, strict=True):
        table.add_row(p.set, str(p.players), str(p.deals), ms(p.median_ms), ms(c.median_ms),
                      ratio(p.median_ms, c.median_ms), ms(p.max_ms), ms(c.max_ms),
                      ratio(p.max_ms, c.max_ms), f"{p.ns_per_node:.0f}",
                      f"{c.ns_per_node:.0f}", ratio(p.ns_per_node, c.ns_per_node),
                      "yes" if (p.median_nodes, p.max_nodes) == (c.median_nodes, c.max_nodes)
                      else "no")
    Console(width=None if sys.stdout.isatty() else 160).print(table)


def ratio(slow: float, fast: float) -> str:
    return f"{slow / fast:.0f}x" if fast > 0 else "-"


if __name__ == "__main__":
    app()

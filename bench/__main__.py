"""``python -m bench``: the benchmark's command line (see ``--help``)."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from bench.run import run

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
) -> None:
    """Time full-table analysis (every seat's max_tricks, three, jink, spoil).

    Example: python -m bench --players 2-5 --deals 50
    """
    err = Console(stderr=True)
    try:
        counts = parse_range(players)
    except ValueError:
        err.print(f"[red]error:[/red] --players: not a range: {players!r}")
        raise typer.Exit(1) from None
    rows = run(counts, deals, seed, time_limit or None, endgames,
               progress=None if as_json else lambda text: err.print(f"[dim]{text}…[/dim]"),
               seat_one=seat_one, full=full)
    if as_json:
        for row in rows:
            sys.stdout.write(json.dumps(row.to_dict()) + "\n")
        return
    table = Table(title=f"jink benchmark, seed {seed}, time limit {time_limit} s")
    for column in ("set", "players", "deals", "median ms", "p90 ms", "max ms",
                   "median nodes", "max nodes", "timeouts", "peak MB"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(row.set, str(row.players), str(row.deals), f"{row.median_ms:.1f}",
                      f"{row.p90_ms:.1f}", f"{row.max_ms:.1f}", str(row.median_nodes),
                      str(row.max_nodes), str(row.timeouts), f"{row.peak_mb:.0f}")
    Console(width=None if sys.stdout.isatty() else 130).print(table)


if __name__ == "__main__":
    app()

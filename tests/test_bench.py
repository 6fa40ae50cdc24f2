"""The benchmark runs and reports every row it promises (its timings are not
checked here: they are measured, see docs/performance.md)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from bench.__main__ import app
from bench.deals import deal
from bench.run import one_seat, run
from jink.solver import Solver, solve


def test_rows_for_each_set_and_player_count() -> None:
    rows = run([2, 3], 3, 2026, None, endgames=True, seat_one=True)
    assert [(r.set, r.players) for r in rows] == [
        ("deal", 2), ("endgame", 2), ("seat 1", 2), ("deal", 3), ("endgame", 3), ("seat 1", 3)]
    assert all(r.deals == 3 and r.timeouts == 0 and r.max_nodes >= r.median_nodes > 0
               for r in rows)


def test_one_seat_does_what_solve_with_seats_does() -> None:
    position = deal(4, 0, 2026)
    solver = Solver()
    one_seat(solver, position)
    assert solver.nodes == solve(position, 0, seats=[0]).nodes


def test_json_lines() -> None:
    result = CliRunner().invoke(app, ["--players", "2", "--deals", "2", "--no-endgames",
                                      "--seat-one", "--json"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["set"] for row in rows] == ["deal", "seat 1"]
    result = CliRunner().invoke(app, ["--players", "2", "--deals", "2", "--no-endgames",
                                      "--no-full-table", "--seat-one", "--json"])
    assert [json.loads(line)["set"] for line in result.stdout.splitlines()] == ["seat 1"]

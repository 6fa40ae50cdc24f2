"""The benchmark runs and reports every row it promises (its timings are not
checked here: they are measured, see docs/performance.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from jink.analysis.solve import solve
from jink.bench import questions
from jink.bench.__main__ import app
from jink.bench.deals import deal
from jink.bench.run import one_seat, run
from jink.solver import SPOIL, AtLeast, Solver
from jink.solver.solver import SearchRecord


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
    # The bench times the verdicts, the scored cards and the line; saying why
    # the line's key cards matter is extra work it leaves out.
    assert solver.nodes == solve(position, 0, seats=[0], why=False).nodes


def test_json_lines() -> None:
    result = CliRunner().invoke(app, ["--players", "2", "--deals", "2", "--no-endgames",
                                      "--seat-one", "--json"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["set"] for row in rows] == ["deal", "seat 1"]
    result = CliRunner().invoke(app, ["--players", "2", "--deals", "2", "--no-endgames",
                                      "--no-full-table", "--seat-one", "--json"])
    assert [json.loads(line)["set"] for line in result.stdout.splitlines()] == ["seat 1"]


def test_by_question_accounts_for_every_node() -> None:
    deals = [deal(5, index, 2026) for index in range(4)]
    want = 0
    for position in deals:
        solver = Solver()
        solver.verdicts(position)
        want += solver.nodes
    rows = questions.rows(5, questions.searches(deals, None))
    assert sum(row.nodes for row in rows) == want > 0
    assert {(row.question, row.answer) for row in rows} <= {
        (q, a) for q in ("max_tricks", "spoil") for a in ("holds", "fails")}
    assert abs(sum(row.share for row in rows) - 1) < 1e-3
    assert abs(sum(row.middle_share for row in rows) - 1) < 1e-3
    assert all(0 < row.top_tenth <= 1 and row.median_ms <= row.p90_ms for row in rows)


def test_by_question_keeps_what_a_cut_deal_searched() -> None:
    # The clock is read every 4096 nodes: the first search to pass them is cut.
    deals = questions.searches([deal(6, 1, 2026)], 1e-9)
    made = deals[0][1]
    assert made and made[-1].answer is None and made[-1].nodes > 0
    assert all(record.answer is not None for record in made[:-1])
    assert [row.count for row in questions.rows(6, deals) if row.answer == "cut"] == [1]


def test_by_question_runs_on_the_threads_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Solver] = []

    def solver(*args: Any, **kwargs: Any) -> Solver:
        made.append(Solver(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(questions, "Solver", solver)
    one = questions.searches([deal(5, 0, 2026)], None)
    two = questions.searches([deal(5, 0, 2026)], None, threads=2)
    assert [s.threads for s in made] == [1, 2]
    assert [(r.goal, r.side, r.answer) for r in one[0][1]] == [
        (r.goal, r.side, r.answer) for r in two[0][1]]


def test_by_question_command() -> None:
    result = CliRunner().invoke(app, ["--players", "4", "--deals", "2", "--no-endgames",
                                      "--by-question", "--json"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows and {row["set"] for row in rows} == {"questions"}
    assert {row["players"] for row in rows} == {4}
    result = CliRunner().invoke(app, ["--players", "4", "--deals", "1", "--by-question",
                                      "--engine", "both"])
    assert result.exit_code == 1 and "one engine at a time" in result.output


def test_by_question_names_the_narrow_search() -> None:
    record = SearchRecord(SPOIL, frozenset({0}), False, 10, 0.001, narrow=True)
    assert questions.kind(record) == "spoil, narrow"
    assert questions.kind(SearchRecord(AtLeast(2), frozenset({0}), True, 1, 0.0)) == "max_tricks"


def test_by_question_middle_half_reads_the_deals_around_the_median() -> None:
    def made(goal: Any, answer: bool, seconds: float) -> list[SearchRecord]:
        return [SearchRecord(goal, frozenset({0}), answer, 100, seconds)]

    # Four deals by cost 4, 1, 3, 2 s: the middle half is the 2 s and 3 s deals,
    # each one spoil that fails; the cheapest and the dearest spoils that hold.
    deals = [(4.0, made(SPOIL, True, 4.0)), (1.0, made(SPOIL, True, 1.0)),
             (3.0, made(SPOIL, False, 3.0)), (2.0, made(SPOIL, False, 2.0))]
    shares = {row.answer: (row.share, row.middle_share, row.count, row.median_ms)
              for row in questions.rows(4, deals)}
    assert shares == {"holds": (0.5, 0.0, 2, 2500.0), "fails": (0.5, 1.0, 2, 2500.0)}


def test_odds_of_a_hand_a_row_each_and_the_same_shares_on_two_workers() -> None:
    from jink.bench.odds import app as odds_app

    rows = {}
    for workers in ("1", "2"):
        result = CliRunner().invoke(odds_app, ["--players", "4", "--hands", "2", "--deals", "3",
                                               "--workers", workers, "--json"])
        assert result.exit_code == 0, result.output
        rows[workers] = [json.loads(line) for line in result.stdout.splitlines()]
    assert [len(r) for r in rows.values()] == [3, 3]
    assert [r["three"] for r in rows["1"][:2]] == [r["three"] for r in rows["2"][:2]]
    assert rows["1"][-1]["hands"] == 2 and rows["1"][-1]["wall_s_per_1000_deals"] > 0

"""``jink batch``: results stored as they complete, nothing lost when killed,
the same rows however the deals are split up."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from jink.batch.local import run_local
from jink.batch.store import Store
from jink.batch.work import Question, Row, Run, deal_at, solve_one
from jink.cli.app import app
from jink.dealing.constraints import constraints_from_dict
from jink.dealing.deal import plan_for
from tests.batch_helpers import die_once

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})
ROOT = Path(__file__).resolve().parent.parent


def invoke(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result


def batch(db: Path, *extra: str, players: int = 3, deals: int = 20, seed: int = 1) -> Result:
    return invoke("batch", "--players", str(players), "--deals", str(deals), "--seed",
                  str(seed), "--db", str(db), "--workers", "1", *extra)


def rows(db: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as con:
        return con.execute("SELECT deal, position, verdicts, nodes, engine FROM results "
                           "ORDER BY deal").fetchall()


def serial_rows(players: int, deals: int, seed: int) -> list[Row]:
    spec = constraints_from_dict({"game": "spoil-five", "players": players})
    plan = plan_for(spec)
    return [solve_one(Question(), k, deal_at(plan, seed, k)) for k in range(deals)]


def same(stored: list[tuple[object, ...]], fresh: list[Row]) -> None:
    """Every stored row is the fresh solve of its deal: position, verdicts, nodes, engine."""
    assert [r[0] for r in stored] == [r.deal for r in fresh]
    for row, new in zip(stored, fresh, strict=True):
        assert row == (new.deal, new.position, new.verdicts, new.nodes, new.engine)


# -- the database ------------------------------------------------------------------------


def test_a_run_stores_one_row_per_deal_as_jink_solve_gives_it(tmp_path: Path) -> None:
    db = tmp_path / "run.db"
    result = batch(db, "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["solved"] == 20 and summary["already"] == 0 and not summary["resumed"]
    stored = rows(db)
    same(stored, serial_rows(3, 20, 1))
    position = json.loads(str(stored[0][1]))
    solved = invoke("solve", "--trump", position["trump"], "--hands",
                    " / ".join(position["hands"]), "--json", "--no-moves", "--no-line")
    expected = json.loads(solved.stdout)
    for key in ("nodes", "seconds", "table"):
        expected.pop(key)
    assert json.loads(str(stored[0][2])) == expected
    with sqlite3.connect(db) as con:
        columns = [c[1] for c in con.execute("PRAGMA table_info(results)")]
        run = dict(con.execute("SELECT key, value FROM run"))
    assert columns == ["deal", "position", "verdicts", "nodes", "seconds", "engine"]
    assert json.loads(run["seed"]) == 1 and json.loads(run["deals"]) == 20


def test_a_rerun_solves_nothing_again_and_more_deals_extend_the_run(tmp_path: Path) -> None:
    db = tmp_path / "run.db"
    assert batch(db, deals=10).exit_code == 0
    again = batch(db, "--json", deals=10)
    assert json.loads(again.stdout)["solved"] == 0
    more = batch(db, "--json", deals=15)
    assert json.loads(more.stdout) | {"seconds": 0, "deals_per_second": 0} == {
        "db": str(db), "resumed": True, "deals": 15, "solved": 5, "already": 10,
        "seconds": 0, "deals_per_second": 0, "interrupted": False}
    same(rows(db), serial_rows(3, 15, 1))


def test_chunks_and_workers_change_nothing_in_the_rows(tmp_path: Path) -> None:
    one, seven, two = tmp_path / "1.db", tmp_path / "7.db", tmp_path / "2.db"
    assert batch(one, "--chunk", "1", deals=12).exit_code == 0
    assert batch(seven, "--chunk", "7", deals=12).exit_code == 0
    result = invoke("batch", "--players", "3", "--deals", "12", "--seed", "1", "--db",
                    str(two), "--workers", "2", "--chunk", "2")
    assert result.exit_code == 0, result.output
    assert rows(one) == rows(seven) == rows(two)


def test_without_a_seed_a_rerun_keeps_the_stored_one(tmp_path: Path) -> None:
    db = tmp_path / "run.db"
    first = invoke("batch", "--players", "3", "--deals", "4", "--db", str(db), "--workers", "1")
    assert first.exit_code == 0 and first.stderr.startswith("seed: ")
    again = invoke("batch", "--players", "3", "--deals", "6", "--db", str(db), "--workers",
                   "1", "--json")
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["already"] == 4


@pytest.mark.parametrize(("extra", "message"), [
    (["--seed", "2"], "holds a run with seed 1, not seed 2"),
    (["--players", "4"], "holds a run with the constraints"),
    (["--seats", "1"], "holds a run with seats every seat, not seats [1]"),
    (["--goal", "spoil"], 'holds a run with goal none, not goal "spoil"'),
    (["--deals", "5"], "holds a run with deals 10, not deals 5"),
])
def test_a_rerun_with_other_arguments_is_refused(tmp_path: Path, extra: list[str],
                                                message: str) -> None:
    db = tmp_path / "run.db"
    assert batch(db, deals=10).exit_code == 0
    args = ["batch", "--players", "3", "--deals", "10", "--seed", "1", "--db", str(db),
            "--workers", "1"]
    for i in range(0, len(extra), 2):
        at = args.index(extra[i]) if extra[i] in args else None
        if at is None:
            args += extra[i:i + 2]
        else:
            args[at + 1] = extra[i + 1]
    result = invoke(*args)
    assert result.exit_code == 1, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith("error: ") and message in line, line
    assert len(rows(db)) == 10


def test_a_database_made_by_another_command_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as con:
        con.execute("CREATE TABLE results (deal INTEGER PRIMARY KEY, score REAL)")
        con.execute("INSERT INTO results VALUES (0, 1.5)")
    result = batch(other)
    assert result.exit_code == 1, result.output
    [line] = result.stderr.splitlines()
    assert "made by something else, not jink batch" in line, line
    with sqlite3.connect(other) as con:   # left as it was
        assert con.execute("SELECT * FROM results").fetchall() == [(0, 1.5)]
    text = tmp_path / "notes.db"
    text.write_text("not a database at all, just some notes\n" * 20, encoding="utf-8")
    result = batch(text)
    assert result.exit_code == 1 and "is not an SQLite database" in result.stderr


def test_positions_from_a_file_are_solved_in_order(tmp_path: Path) -> None:
    deals = tmp_path / "deals.jsonl"
    made = invoke("deal", "--players", "3", "--count", "5", "--seed", "9", "--out", str(deals))
    assert made.exit_code == 0, made.output
    db = tmp_path / "run.db"
    result = invoke("batch", "--positions", str(deals), "--db", str(db), "--workers", "1",
                    "--seats", "1")
    assert result.exit_code == 0, result.output
    stored = rows(db)
    wanted = [json.loads(line) for line in deals.read_text(encoding="utf-8").splitlines()]
    assert [json.loads(str(r[1])) for r in stored] == wanted
    assert all([s["seat"] for s in json.loads(str(r[2]))["seats"]] == [1] for r in stored)
    refused = invoke("batch", "--positions", str(deals), "--db", str(db), "--seed", "1")
    assert refused.exit_code == 2 and "--positions takes no --seed" in refused.stderr


def test_a_deal_past_the_limits_stops_the_run_and_keeps_what_was_stored(tmp_path: Path
                                                                       ) -> None:
    db = tmp_path / "run.db"
    result = batch(db, "--max-nodes", "10", "--chunk", "1", players=4)
    assert result.exit_code == 1
    [line] = result.stderr.splitlines()
    assert line.startswith("error: search stopped after") and "(deal 0)" in line, line
    # A chunk stopped at a deal keeps the deals of the chunk before it.
    nodes = [row.nodes for row in serial_rows(4, 20, 1)]
    stop = next(j for j in range(1, 20) if nodes[j] > max(nodes[:j]))
    limited = tmp_path / "limited.db"
    for workers in ("1", "2"):
        result = batch(limited, "--max-nodes", str(max(nodes[:stop])), "--chunk", "20",
                       "--workers", workers, players=4)
        assert result.exit_code == 1 and f"(deal {stop})" in result.stderr, result.output
        assert [row[0] for row in rows(limited)] == list(range(stop))
    # The limits are not the run's arguments: raised, the run goes on.
    assert batch(db, "--max-nodes", "10000000", players=4).exit_code == 0
    assert len(rows(db)) == 20


def test_the_store_api_resumes_without_the_command_line(tmp_path: Path) -> None:
    spec = constraints_from_dict({"game": "rams", "players": 4, "trump": "C"})
    run = Run(6, Question(seats=(0,)), constraints=spec, seed=3)
    store, resumed = Store.create_or_resume(tmp_path / "api.db", run.arguments())
    assert not resumed
    outcome = run_local(run, store)
    assert (outcome.solved, outcome.already) == (6, 0)
    assert [r.deal for r in store.rows()] == list(range(6))
    store.close()


# -- a worker killed mid-chunk -----------------------------------------------------------


def dealt_run(deals: int, seed: int = 1) -> Run:
    return Run(deals, Question(), constraints=constraints_from_dict(
        {"game": "spoil-five", "players": 3}), seed=seed)


def test_a_local_worker_killed_mid_chunk_has_its_chunk_run_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    died = tmp_path / "died"
    monkeypatch.setenv("JINK_TEST_DIED", str(died))
    store, _ = Store.create_or_resume(tmp_path / "run.db", dealt_run(24).arguments())
    outcome = run_local(dealt_run(24), store, workers=2, chunk=4, function=die_once)
    stored = list(store.rows())
    store.close()
    assert died.exists() and int(died.read_text()) != os.getpid()
    assert outcome.solved == 24
    same([(r.deal, r.position, r.verdicts, r.nodes, r.engine) for r in stored],
         serial_rows(3, 24, 1))


# -- killed with SIGKILL, then resumed ---------------------------------------------------


def count_rows(db: Path) -> int:
    try:
        with sqlite3.connect(db, timeout=5) as con:
            return int(con.execute("SELECT count(*) FROM results").fetchone()[0])
    except sqlite3.OperationalError:
        return 0   # not made yet


# (Two workers, the costlier case, in CI's run.)
@pytest.mark.parametrize("workers", ["1", pytest.param("2", marks=pytest.mark.ci)])
def test_killed_with_sigkill_a_rerun_loses_nothing_and_doubles_nothing(tmp_path: Path,
                                                                       workers: str) -> None:
    db = tmp_path / "run.db"
    # Enough deals, stored one at a time and polled often, that the kill
    # lands mid-run however fast the engine is.
    deals = 200
    command = [sys.executable, "-m", "jink", "batch", "--players", "3", "--deals", str(deals),
               "--seed", "11", "--db", str(db), "--workers", workers, "--chunk", "1"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while count_rows(db) < 20:
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        assert time.monotonic() < deadline
        time.sleep(0.005)
    os.killpg(process.pid, signal.SIGKILL)   # the command and its workers, as kill -9 would
    process.wait()
    killed_at = count_rows(db)
    assert 20 <= killed_at < deals, killed_at
    resumed = subprocess.run([*command, "--json"], cwd=ROOT, capture_output=True, text=True,
                             timeout=120, check=False)
    assert resumed.returncode == 0, resumed.stderr
    summary = json.loads(resumed.stdout)
    assert summary["already"] == killed_at and summary["solved"] == deals - killed_at
    same(rows(db), serial_rows(3, deals, 11))


# -- jink stats ------------------------------------------------------------------------


def test_stats_counts_every_seat_and_anybody_with_intervals(tmp_path: Path) -> None:
    db = tmp_path / "run.db"
    assert batch(db, deals=30).exit_code == 0
    result = invoke("stats", str(db), "--json")
    assert result.exit_code == 0, result.output
    [table] = json.loads(result.stdout)["tables"]
    assert (table["game"], table["players"], table["deals"]) == ("spoil-five", 3, 30)
    assert table["questions"] == ["three", "jink", "spoil"]
    fresh = [json.loads(r.verdicts) for r in serial_rows(3, 30, 1)]
    for seat in table["seats"]:
        hits = sum(v["seats"][seat["seat"] - 1]["three"] for v in fresh)
        three = seat["three"]
        assert (three["deals"], round(three["share"] * 30)) == (30, hits)
        assert three["low"] <= three["share"] <= three["high"]
    pool = sum(v["forceable"] for v in fresh)
    assert round(table["anybody"]["three"]["share"] * 30) == pool
    assert sum(g["deals"] for g in table["by_trumps"]) == 90   # every seat of every deal
    assert sum(g["deals"] for g in table["by_top_trumps"]) == 90
    people = invoke("stats", str(db))
    assert people.exit_code == 0 and "by seat" in people.stdout
    assert "Nobody can force three in" in people.stdout


def test_stats_sums_databases_by_table_size_and_plots(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    three, four = tmp_path / "3.db", tmp_path / "4.db"
    assert batch(three, deals=8).exit_code == 0
    assert batch(four, "--seats", "1", deals=4, players=4).exit_code == 0
    for name in ("chart.png", "chart.svg"):
        result = invoke("stats", str(three), str(four), "--plot", str(tmp_path / name),
                        "--json")
        assert result.exit_code == 0, result.output
        assert (tmp_path / name).stat().st_size > 1000
    tables = json.loads(result.stdout)["tables"]
    assert [(t["players"], t["deals"]) for t in tables] == [(3, 8), (4, 4)]
    assert [s["seat"] for s in tables[1]["seats"]] == [1] and tables[1]["anybody"] is None
    assert (tmp_path / "chart.png").read_bytes().startswith(b"\x89PNG")
    bad = invoke("stats", str(three), "--plot", str(tmp_path / "chart.gif"))
    assert bad.exit_code == 2 and ".png" in bad.stderr


def test_stats_refuses_what_jink_batch_did_not_make(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as con:
        con.execute("CREATE TABLE results (deal INTEGER PRIMARY KEY)")
    result = invoke("stats", str(other))
    assert result.exit_code == 1 and "made by something else" in result.stderr
    db = tmp_path / "run.db"
    assert batch(db, deals=2).exit_code == 0
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = invoke("stats", str(db), "--plot", str(tmp_path / "x.png"))
    assert result.exit_code == 1 and "pip install 'jink[plot]'" in result.stderr


@pytest.mark.parametrize("game", ["forty-five", "rams", "rounce", "bierspiel", "loo"])
def test_every_game_runs_and_is_summarised(tmp_path: Path, game: str) -> None:
    db = tmp_path / "run.db"
    result = invoke("batch", "-g", game, "-n", "4", "--deals", "3", "--seed", "2", "--db",
                    str(db), "--workers", "1")
    assert result.exit_code == 0, result.output
    plan = plan_for(constraints_from_dict({"game": game, "players": 4}))
    same(rows(db), [solve_one(Question(), k, deal_at(plan, 2, k)) for k in range(3)])
    stats = invoke("stats", str(db), "--json")
    assert stats.exit_code == 0, stats.output
    [table] = json.loads(stats.stdout)["tables"]
    assert (table["game"], table["players"], table["deals"]) == (game, 4, 3)
    assert [s["seat"] for s in table["seats"]] == [1, 2, 3, 4]


@pytest.mark.parametrize("engine", ["python", "native"])
def test_each_row_names_the_engine_that_solved_it(tmp_path: Path, engine: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # The other engine in the environment: --engine must win, in the workers too.
    monkeypatch.setenv("JINK_ENGINE", "native" if engine == "python" else "python")
    db = tmp_path / "run.db"
    result = batch(db, "--engine", engine, deals=3)
    assert result.exit_code == 0, result.output
    assert {row[4] for row in rows(db)} == {engine}
    # Both engines give the same answers (the compiled core's partition search
    # visits fewer nodes): the rows agree but for the engine and the nodes.
    assert [row[:3] for row in rows(db)] == [
        (r.deal, r.position, r.verdicts) for r in serial_rows(3, 3, 1)]

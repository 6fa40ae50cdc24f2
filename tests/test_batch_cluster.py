"""``jink batch`` on a Dask distributed cluster: the same rows as a serial run,
a worker killed mid-chunk costs nothing, and Dask missing is said plainly."""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from jink.batch.cluster import run_dask
from jink.batch.store import Store
from jink.batch.work import Question, Run
from jink.errors import LimitExceeded
from tests.batch_helpers import die_once
from tests.test_batch import ROOT, batch, dealt_run, invoke, rows, same, serial_rows

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def died(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where die_once records the worker it killed: set before the cluster
    starts, so every worker it starts (again) knows it."""
    marker = tmp_path_factory.mktemp("died") / "died"
    before = os.environ.get("JINK_TEST_DIED")
    os.environ["JINK_TEST_DIED"] = str(marker)
    yield marker
    if before is None:
        del os.environ["JINK_TEST_DIED"]
    else:
        os.environ["JINK_TEST_DIED"] = before


@pytest.fixture(scope="module")
def scheduler(died: Path) -> Iterator[str]:
    """A running two-worker cluster, reached by its address as --scheduler would."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0",
                                  silence_logs=logging.ERROR) as cluster:
        yield cluster.scheduler_address


def test_a_local_cluster_of_two_workers_stores_the_rows_of_a_serial_run(tmp_path: Path
                                                                       ) -> None:
    serial, cluster = tmp_path / "serial.db", tmp_path / "cluster.db"
    assert batch(serial, deals=30).exit_code == 0
    result = invoke("batch", "--players", "3", "--deals", "30", "--seed", "1", "--db",
                    str(cluster), "--cluster", "local:2", "--chunk", "4")
    assert result.exit_code == 0, result.output
    assert rows(cluster) == rows(serial)
    same(rows(cluster), serial_rows(3, 30, 1))


def test_a_run_on_a_scheduler_resumes_a_local_one(tmp_path: Path, scheduler: str) -> None:
    db = tmp_path / "run.db"
    assert batch(db, deals=10).exit_code == 0
    result = invoke("batch", "--players", "3", "--deals", "25", "--seed", "1", "--db",
                    str(db), "--scheduler", scheduler)
    assert result.exit_code == 0, result.output
    same(rows(db), serial_rows(3, 25, 1))


def test_a_dask_worker_killed_mid_chunk_has_its_chunk_run_again(
        tmp_path: Path, scheduler: str, died: Path) -> None:
    assert not died.exists()
    run = dealt_run(24)
    store, _ = Store.create_or_resume(tmp_path / "run.db", run.arguments())
    outcome = run_dask(run, store, scheduler=scheduler, chunk=4, function=die_once)
    stored = list(store.rows())
    store.close()
    assert died.exists() and int(died.read_text()) != os.getpid()
    assert outcome.solved == 24
    same([(r.deal, r.position, r.verdicts, r.nodes, r.engine) for r in stored],
         serial_rows(3, 24, 1))


def test_without_dask_the_cluster_options_say_what_to_install(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)   # import distributed fails
    for option in (["--cluster", "local:2"], ["--scheduler", "tcp://127.0.0.1:1"]):
        result = invoke("batch", "--players", "3", "--deals", "2", "--seed", "1", "--db",
                        str(tmp_path / "run.db"), *option)
        assert result.exit_code == 1, result.output
        [line] = result.stderr.splitlines()
        assert line.startswith("error: ") and "pip install 'jink[cluster]'" in line
        assert not (tmp_path / "run.db").exists()   # said before anything is made


@pytest.mark.parametrize(("args", "message"), [
    (["--cluster", "remote:2"], "expected local:N"),
    (["--cluster", "local:0"], "expected local:N"),
    (["--cluster", "local:2", "--scheduler", "tcp://x:1"], "not both"),
])
def test_bad_cluster_options_are_usage_errors(tmp_path: Path, args: list[str],
                                              message: str) -> None:
    result = invoke("batch", "--players", "3", "--deals", "2", "--db",
                    str(tmp_path / "run.db"), *args)
    assert result.exit_code == 2 and message in result.stderr, result.output
    assert not sqlite3.connect(tmp_path / "run.db").execute(
        "SELECT count(*) FROM sqlite_master").fetchone()[0]


@pytest.mark.ci  # (a cluster started for one deal: some seconds)
def test_a_deal_past_the_limits_on_a_cluster_is_one_error_line(tmp_path: Path) -> None:
    """The workers' own logs (a task's traceback) stay out of the command's stderr."""
    result = subprocess.run(
        [sys.executable, "-m", "jink", "batch", "--players", "4", "--deals", "8", "--seed",
         "3", "--db", str(tmp_path / "run.db"), "--cluster", "local:2", "--max-nodes", "10"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1, result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith("error: search stopped after") and "(deal " in line, line


def test_a_chunk_stopped_at_the_limits_on_a_cluster_keeps_the_deals_before(
        tmp_path: Path, scheduler: str) -> None:
    # The first seed with a deal past every deal before it (not the first).
    for seed in range(1, 20):
        nodes = [row.nodes for row in serial_rows(3, 12, seed)]
        stop = next((j for j in range(1, 12) if nodes[j] > max(nodes[:j])), 0)
        if stop:
            break
    assert stop, "no seed gives a deal that takes more nodes than every deal before it"
    run = dealt_run(12, seed)
    limited = Run(run.deals, Question(max_nodes=max(nodes[:stop])),
                  constraints=run.constraints, seed=run.seed)
    store, _ = Store.create_or_resume(tmp_path / "run.db", limited.arguments())
    with pytest.raises(LimitExceeded, match=rf"\(deal {stop}\)"):
        run_dask(limited, store, scheduler=scheduler, chunk=12)
    assert [row.deal for row in store.rows()] == list(range(stop))
    store.close()

"""No traceback, nothing lost and nothing silently taken, from what a user may
give: databases that are devices, damaged or not writable; names that look
like Rich markup; a closed stdout, an output encoding without suit symbols,
``COLUMNS=0``; counts too big to be counts; files replaced or left behind;
empty inputs and one-hand odds that named the wrong mistake.

The cases that need a real stdout run ``python -m jink`` in a process of its
own; the rest use the in-process runner.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from jink.batch.stats import summarise
from jink.batch.store import Store, StoreError
from jink.cli.app import app
from jink.cli.streams import LETTERS
from tests.test_trust import _all_gone, _as_at_a_terminal, _children, needs_proc

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})
ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "examples"
PUZZLE = ROOT / "jink" / "puzzles" / "data" / "bier-2-end-01.toml"


def one_error(args: list[str], status: int = 1) -> str:
    """The command's one error line (checked: the status, a single line)."""
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert result.exit_code == status, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def usage_error(args: list[str]) -> str:
    """A misused command line: exit status 2, the usage box on stderr."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "Usage:" in result.stderr
    return " ".join(result.stderr.replace("│", " ").split())


def jink(*args: str, env: dict[str, str] | None = None,
         **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """``python -m jink ARGS`` in a process of its own."""
    return subprocess.run([sys.executable, "-m", "jink", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "COLUMNS": "80", **(env or {})},
                          **kwargs)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    db = tmp_path / "run.db"
    made = runner.invoke(app, ["batch", "--deals", "2", "--players", "3", "--seed", "1",
                               "--workers", "1", "--db", str(db)])
    assert made.exit_code == 0, made.output
    return db


# -- batch databases -----------------------------------------------------------------------


@pytest.mark.parametrize("device", ["/dev/full", "/dev/null", "/dev/zero"])
def test_a_device_is_no_database(device: str) -> None:
    if not Path(device).exists():
        pytest.skip(f"no {device} here")
    before = set(Path(device).parent.iterdir())
    line = one_error(["batch", "-n", "3", "--deals", "1", "--db", device])
    assert line == f"error: {device}: not a regular file (give a database file)"
    assert set(Path(device).parent.iterdir()) == before   # no journal left beside it


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux's /proc")
def test_a_proc_file_is_no_database() -> None:
    line = one_error(["batch", "-n", "3", "--deals", "1", "--db", "/proc/self/status"])
    assert line.startswith("error: /proc/self/status: cannot write the database")


def test_a_database_whose_table_was_dropped_is_named(database: Path) -> None:
    with sqlite3.connect(database) as db:
        db.execute("DROP TABLE results")
    for args in (["stats", str(database)],
                 ["batch", "--deals", "3", "--players", "3", "--seed", "1", "--db",
                  str(database)]):
        line = one_error(args)
        assert line == (f"error: {database}: its results table is missing: not a database "
                        "as jink batch wrote it")


def test_a_refused_database_is_left_as_it_was(tmp_path: Path) -> None:
    """A database of another program, in write-ahead-log mode: refused, and
    without the journal files opening it would leave."""
    foreign = tmp_path / "other.db"
    with sqlite3.connect(foreign) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("CREATE TABLE t (x)")
    db.close()
    before = sorted(tmp_path.iterdir())
    line = one_error(["batch", "-n", "3", "--deals", "1", "--db", str(foreign)])
    assert "made by something else" in line
    assert sorted(tmp_path.iterdir()) == before


def _as_nobody(action: object) -> str:
    """Run ``action()`` as a user who may not write what root made, in a forked
    child (the tests may run as root, whom permissions do not stop); its
    answer, or the error it raised, as text."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        try:
            if os.geteuid() == 0:
                os.setgid(65534)
                os.setuid(65534)
            try:
                answer = str(action())  # type: ignore[operator]
            except StoreError as error:
                answer = f"StoreError: {error}"
            os.write(write, answer.encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        answer = pipe.read()
    os.waitpid(pid, 0)
    return answer


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_database_nobody_may_write_is_read_and_not_resumed() -> None:
    """In a folder the user cannot write (so SQLite cannot make the shared-memory
    file a write-ahead log needs), jink stats reads the database all the same,
    and a resume says it cannot write."""
    folder = Path(tempfile.mkdtemp(prefix="jink-ro-"))   # others may enter it
    try:
        db = folder / "run.db"
        made = runner.invoke(app, ["batch", "--deals", "2", "--players", "3", "--seed", "1",
                                   "--workers", "1", "--db", str(db)])
        assert made.exit_code == 0, made.output
        folder.chmod(0o555)
        db.chmod(0o444)

        def read() -> str:
            store = Store.open(db)
            try:
                return f"{sum(t.deals for t in summarise([store]))} deals"
            finally:
                store.close()

        def resume() -> str:
            store, _ = Store.create_or_resume(db, {"deals": 3})
            store.close()
            return "resumed"

        assert _as_nobody(read) == "2 deals"
        answer = _as_nobody(resume)
        assert answer.startswith(f"StoreError: {db}: cannot write the database"), answer
    finally:
        folder.chmod(0o755)
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()


@pytest.mark.parametrize("args, option", [
    (["batch", "-n", "3", "--deals", "1", "--db", "DB", "--workers", "99999999999"],
     "--workers"),
    (["odds", "--hand", "5S JS AH KD 2C", "--turnup", "7S", "--players",
      "99999999999999999999"], "--players"),
    (["deal", "--players", "3", "--count", str(10**20)], "--count"),
    (["batch", "-n", "3", "--deals", str(10**20), "--db", "DB"], "--deals"),
    (["puzzle", "generate", "--players", "0", "--out", "DB"], "--players"),
])
def test_a_count_past_any_use_is_a_usage_error(args: list[str], option: str,
                                               tmp_path: Path) -> None:
    args = [str(tmp_path / "x.db") if a == "DB" else a for a in args]
    assert f"Invalid value for '{option}'" in usage_error(args)
    assert not (tmp_path / "x.db").exists()


# -- what the user named, never read as markup ----------------------------------------------


def test_player_names_are_shown_as_written(tmp_path: Path) -> None:
    text = (DOCS / "evening.toml").read_text(encoding="utf-8")
    path = tmp_path / "evening.toml"
    path.write_text(text.replace('"Bob"', '"Bob [/b]"').replace('"Ann"', '"Ann [the elder]"'),
                    encoding="utf-8")
    result = runner.invoke(app, ["session", str(path)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "Bob [/b] takes the pool" in result.stdout
    assert "Ann [the elder] deals" in result.stdout


def test_file_names_are_shown_as_written(tmp_path: Path) -> None:
    (tmp_path / "a[").mkdir()
    paths = [tmp_path / "mine [draft].toml", tmp_path / "a[" / "b].toml"]
    for path in paths:
        path.write_bytes(PUZZLE.read_bytes())
    result = runner.invoke(app, ["puzzle", "check", *map(str, paths)], terminal_width=300)
    assert result.exit_code == 0, result.output
    for path in paths:
        assert f"ok   {path} (bier-2-end-01)" in result.stdout
    result = runner.invoke(app, ["tree", "--example", "loo", "--out",
                                 str(tmp_path / "a[" / "/b].graphml")])
    assert result.exit_code == 0, result.output
    assert "/b].graphml" in result.stderr


# -- the streams and the terminal --------------------------------------------------------------


def test_a_closed_stdout_is_one_error_line() -> None:
    done = jink("rules", stdout=None, preexec_fn=lambda: os.close(1))
    assert done.returncode == 1
    assert done.stderr.splitlines() == ["error: cannot write the output: stdout is closed"]


def test_an_output_without_suit_symbols_gets_letters_at_80_columns() -> None:
    """PYTHONIOENCODING=ascii (or LC_ALL=POSIX): cards as they are typed, QD;
    COLUMNS=0 is no width, so the usual 80."""
    done = jink("solve", "--example", "--no-line", env={"PYTHONIOENCODING": "ascii",
                                                        "COLUMNS": "0"})
    assert done.returncode == 0, done.stderr
    assert "turned up 2S" in done.stdout and "\u2660" not in done.stdout
    widths = [len(line) for line in done.stdout.splitlines()]
    assert "Seat" in done.stdout and 60 < max(widths) <= 80
    assert "Q\u2666".encode("ascii", errors=LETTERS) == b"QD"


# -- inputs and outputs: nothing replaced, dropped or cut without a word -------------------------


def test_puzzle_generate_replaces_no_other_puzzle(tmp_path: Path) -> None:
    base = ["puzzle", "generate", "-g", "bierspiel", "-n", "2", "--seed", "1", "--out",
            str(tmp_path), "--attempts", "50"]
    first = runner.invoke(app, [*base, "--cards", "2"])
    assert first.exit_code == 0, first.output
    (made,) = tmp_path.iterdir()
    kept = made.read_bytes()
    again = runner.invoke(app, [*base, "--cards", "2"])   # the same puzzle: written again
    assert again.exit_code == 0, again.output
    line = one_error([*base, "--cards", "3"])
    assert line == (f"error: {made} already holds another puzzle: give another --prefix or "
                    "--out (nothing is replaced)")
    assert made.read_bytes() == kept


def test_an_empty_file_to_analyse_fails(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    assert one_error(["analyse", str(path)]) == f"error: {path}: no positions: the file is empty"


def test_puzzle_show_refuses_a_seat_not_to_play(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text(PUZZLE.read_text().replace("seat = 2", "seat = 1"))
    for command in ("show", "solve"):
        line = one_error(["puzzle", command, str(path)])
        assert "seat 1 is not the seat to play (seat 2 is)" in line, command


def test_puzzle_solve_writes_its_lines_in_cards() -> None:
    result = runner.invoke(app, ["puzzle", "solve", "bier-2-end-01"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if line.startswith("  trick")]
    assert lines and all("J\u2666" in line or "JD" not in line for line in lines)
    assert "seat 2 J\u2666" in result.stdout


def test_a_long_input_is_quoted_cut_short() -> None:
    line = one_error(["solve", "--game", "g" * 100_000, "--hands", "5D / 9C"])
    assert len(line) < 200 and "(100,000 characters)" in line


def test_show_answers_the_good_lines_of_a_jsonl_file(tmp_path: Path) -> None:
    good = (DOCS / "deals.jsonl").read_text().splitlines()[0]
    path = tmp_path / "d.jsonl"
    path.write_text(f"{good}\n{{bad\n{good}\n")
    result = runner.invoke(app, ["show", str(path), "--deal-string"])
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 2
    assert result.stderr.splitlines()[-1] == f"error: 1 line of {path} failed (see above)"


def test_an_empty_output_name_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for args in (["puzzle", "generate", "--out", ""], ["deal", "--out", ""],
                 ["batch", "-n", "3", "--deals", "1", "--db", ""],
                 ["solve", "--example", "--html", ""]):
        assert "an empty name" in usage_error(args), args
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [
    ["solve", "--positions", str(DOCS / "deals.jsonl"), "--out", "/dev/full"],
    ["deal", "--players", "3", "--seed", "1", "--out", "/dev/full"],
    ["tree", "--example", "loo", "--out", "/dev/full"],
])
def test_a_full_disk_on_out_is_one_error_line(args: list[str]) -> None:
    assert one_error(args) == "error: cannot write /dev/full: No space left on device"


# -- one-hand odds -------------------------------------------------------------------------------


def test_odds_turnup_in_the_hand_is_a_card_given_twice() -> None:
    line = one_error(["odds", "--hand", "5S JS AH KD 2C", "--turnup", "5S", "--players", "3"])
    assert line == ("error: --hand: card 5\u2660 given twice: in --hand and as --turnup (the "
                    "hand as dealt, before any rob)")


def test_odds_rob_in_rams_points_to_declare() -> None:
    line = one_error(["odds", "-g", "rams", "--hand", "AS KS QS JS TS", "--turnup", "7S",
                      "--players", "4", "--seat", "4", "--rob"])
    assert "the dealer who plays robs the turn-up as he declares: ask --declare" in line


def test_odds_without_a_trump_needs_one_only_where_the_game_does(tmp_path: Path) -> None:
    line = one_error(["odds", "--hand", "AS 4H 9D 2C 3C", "--players", "3"])
    assert line == "error: --turnup: spoil-five needs a trump suit: give the turn-up (or the " \
                   "trump suit)"
    view = tmp_path / "v.toml"
    view.write_text('game = "spoil-five"\nhands = ["AS 4H 9D 2C 3C", "?", "?"]\n')
    assert "spoil-five needs a trump suit" in one_error(["odds", str(view)])
    # a Loo simple pool has no turn-up: the same view as a file and as --hand
    loo = runner.invoke(app, ["odds", "-g", "loo", "--hand", "AS 4H 9D", "--players", "3",
                              "--deals", "3", "--seed", "1", "--json"])
    assert loo.exit_code == 0, loo.output
    view.write_text('game = "loo"\nhands = ["AS 4H 9D", "?", "?"]\n')
    as_file = runner.invoke(app, ["odds", str(view), "--deals", "3", "--seed", "1", "--json"])
    assert as_file.exit_code == 0, as_file.output
    got, want = json.loads(loo.stdout), json.loads(as_file.stdout)
    assert got["cards"] == want["cards"] and got["possible_deals"] == want["possible_deals"]


def test_an_example_is_named_by_its_game_too() -> None:
    for name, same in (("spoil-five", "default"), ("45", "forty-five"), ("Loo", "loo")):
        by_game = runner.invoke(app, ["show", "--example", name, "--json"])
        by_name = runner.invoke(app, ["show", "--example", same, "--json"])
        assert by_game.exit_code == 0 and by_game.stdout == by_name.stdout, name


def test_odds_point_to_exhaustive_when_the_sample_is_as_big(tmp_path: Path) -> None:
    """12 possible deals (four unseen cards for three places): 20 drawn is a
    note on stderr; 11 is not."""
    view = tmp_path / "tiny.toml"
    shown = {"KS", "9H", "QD", "2S", *["4H", "JH", "8H", "7C", "3S", "AS", "5D", "6D", "JD"]}
    unseen = {"4S", "5S", "6S", "7S"}
    seen = [r + s for s in "SHDC" for r in "23456789TJQKA"
            if r + s not in shown | unseen] + ["4H", "JH", "8H", "7C", "3S", "AS", "5D", "6D", "JD"]
    view.write_text('game = "spoil-five"\nturnup = "2S"\nhands = ["KS 9H", "?", "?"]\n'
                    f'won = [1, 1, 1]\nleader = 3\ntrick = "QD"\nseen = "{" ".join(seen)}"\n')
    many = runner.invoke(app, ["odds", str(view), "--deals", "20", "--seed", "1", "--json"])
    assert many.exit_code == 0, many.output
    assert json.loads(many.stdout)["possible_deals"] == 12
    assert many.stderr == ("note: 20 deals drawn of only 12 possible deals: --exhaustive "
                           "solves each once, for exact shares\n")
    few = runner.invoke(app, ["odds", str(view), "--deals", "11", "--seed", "1", "--json"])
    assert few.exit_code == 0 and few.stderr == ""


# -- Ctrl-C as a terminal sends it (to the whole process group), and SIGTERM ---------------------


def _interrupt_group(tmp_path: Path, how: list[str], after: float,
                     sig: int = signal.SIGINT, group: bool = True) -> tuple[int, str, str]:
    """A batch run in a process group of its own, sent ``sig`` ``after`` seconds
    once its database is made (its workers starting, then solving): its exit
    status, stdout and stderr. A run that does not end is a failure. (Its
    3000 six-player deals take about half a minute on two workers, well past
    the latest signal.)"""
    db = tmp_path / f"run-{after}.db"
    process = subprocess.Popen(
        [sys.executable, "-m", "jink", "batch", "-n", "6", "--deals", "3000", "--seed", "1",
         "--db", str(db), "--json", *how], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True, preexec_fn=_as_at_a_terminal, cwd=ROOT)
    started = time.monotonic()
    while not db.exists() and time.monotonic() - started < 120:
        time.sleep(0.02)
    time.sleep(after)
    workers = _children(process.pid)
    if group:
        os.killpg(process.pid, sig)
    else:
        process.send_signal(sig)
    try:
        out, err = process.communicate(timeout=90)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError(f"still running 90 s after the signal at {after} s") from None
    assert _all_gone(workers)
    return process.returncode, out, err


def _ended_as_interrupted(status: int, out: str, err: str) -> None:
    assert status == 1, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: interrupted"), err
    if out:
        assert json.loads(out)["interrupted"] is True


@needs_proc
def test_ctrl_c_while_the_workers_start_is_one_line(tmp_path: Path) -> None:
    _ended_as_interrupted(*_interrupt_group(tmp_path, ["--workers", "2"], 0.2))


@pytest.mark.slow
@needs_proc
def test_sigterm_stops_a_batch_as_ctrl_c_does(tmp_path: Path) -> None:
    """``kill PID``: the summary and the one error line, nothing more (no
    warning of a semaphore leaked by workers killed under it)."""
    status, out, err = _interrupt_group(tmp_path, ["--workers", "2"], 3.0,
                                        sig=signal.SIGTERM, group=False)
    _ended_as_interrupted(status, out, err)
    assert out and "leaked" not in err


@pytest.mark.slow
@needs_proc
@pytest.mark.parametrize("how", [["--workers", "2"], ["--cluster", "local:2"]])
def test_ctrl_c_at_any_moment_is_one_line(how: list[str], tmp_path: Path) -> None:
    """Repeatedly, from the workers' start to their solving."""
    if how[0] == "--cluster":
        pytest.importorskip("distributed")
    for after in (0.0, 0.1, 0.3, 0.6, 1.0, 2.0, 4.0, 8.0):
        _ended_as_interrupted(*_interrupt_group(tmp_path, how, after))

"""No traceback from what a user may give: files that are not text, not
files, nested past the parsers or too big a number; output that cannot be
written; a batch database that jink did not write.

Each case is one line on stderr, ``error: ...``, naming what is wrong and
where, and exit status 1 (2 for a command-line value that cannot be one).
The output cases run the installed command in a process of its own
(``python -m jink``), as a user does: stdout is a real file there.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jink.cards import card_symbol, parse_card
from jink.cli.app import app
from jink.dealing.odds import load_view, odds

runner = CliRunner()

#: A command reading the file named last, and the file's suffix.
READERS = [(["odds"], ".toml"), (["deal", "--constraints"], ".toml"),
           (["batch", "--deals", "1", "--db", "DB", "--constraints"], ".toml"),
           (["puzzle", "show"], ".toml"), (["session"], ".toml"), (["solve"], ".toml"),
           (["odds"], ".json")]


def one_error(args: list[str], status: int = 1) -> str:
    """The command's one error line (checked: the status, a single line)."""
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert result.exit_code == status, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def command(reader: list[str], path: Path, tmp_path: Path) -> list[str]:
    return [arg.replace("DB", str(tmp_path / "run.db")) for arg in reader] + [str(path)]


@pytest.mark.parametrize("reader, suffix", READERS)
def test_a_file_that_is_not_utf8_is_named(reader: list[str], suffix: str,
                                          tmp_path: Path) -> None:
    path = tmp_path / f"latin{suffix}"
    path.write_bytes(b'game = "spoil-five"\n# caf\xe9\n')
    line = one_error(command(reader, path, tmp_path))
    assert str(path) in line and "not UTF-8 text" in line


@pytest.mark.parametrize("reader, suffix", READERS)
def test_a_file_nested_past_the_parsers_is_named(reader: list[str], suffix: str,
                                                 tmp_path: Path) -> None:
    path = tmp_path / f"deep{suffix}"
    depth = 100_000
    path.write_text(("a = " if suffix == ".toml" else '{"a": ') + "[" * depth + "]" * depth
                    + ("" if suffix == ".toml" else "}") + "\n")
    line = one_error(command(reader, path, tmp_path))
    assert str(path) in line and "nested too deeply" in line


@pytest.mark.parametrize("reader, suffix", READERS[:3])
def test_a_device_is_not_read(reader: list[str], suffix: str, tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    line = one_error(command(reader, Path("/dev/zero"), tmp_path))
    assert "/dev/zero" in line and "not a regular file" in line


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's /proc")
def test_a_file_that_fails_when_read_is_named(tmp_path: Path) -> None:
    line = one_error(["odds", "/proc/self/mem"])
    assert line.startswith("error: cannot read /proc/self/mem:"), line


def test_max_nodes_past_what_the_search_counts_is_a_usage_error() -> None:
    result = runner.invoke(app, ["solve", "--example", "--max-nodes", str(2**63)])
    assert result.exit_code == 2
    assert "--max-nodes" in result.stderr and "at most" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["solve", "--example"],
                                  pytest.param(["solve", "--example", "--json"],
                                               marks=pytest.mark.ci),
                                  pytest.param(["rules"], marks=pytest.mark.ci)])
def test_a_full_disk_on_stdout_is_one_line(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "jink", *args], stdout=full,
                              stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "error: cannot write the output: No space left on device"], done.stderr


@pytest.fixture
def database(tmp_path: Path) -> Path:
    db = tmp_path / "run.db"
    result = runner.invoke(app, ["batch", "--deals", "2", "--players", "3", "--seed", "1",
                                 "--db", str(db)])
    assert result.exit_code == 0, result.output
    return db


def test_a_row_jink_did_not_write_is_named(database: Path) -> None:
    with sqlite3.connect(database) as db:
        db.execute("UPDATE results SET verdicts = '{bad' WHERE deal = 1")
    line = one_error(["stats", str(database)])
    assert f"{database}: deal 1: not a row jink batch wrote" in line


def test_a_run_table_jink_did_not_write_is_named(database: Path) -> None:
    with sqlite3.connect(database) as db:
        db.execute("UPDATE run SET value = '{oops' WHERE key = 'seed'")
    line = one_error(["batch", "--deals", "3", "--players", "3", "--seed", "1",
                      "--db", str(database)])
    assert f"{database}: its run table is not one jink batch wrote" in line


@pytest.mark.parametrize("address", ["::::", "", "http://x y", "tcp://"])
def test_a_scheduler_address_that_is_none_is_a_usage_error(address: str,
                                                          tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    result = runner.invoke(app, ["batch", "--deals", "1", "--players", "3", "--db",
                                 str(tmp_path / "s.db"), "--scheduler", address])
    assert result.exit_code == 2, result.output
    assert "not a scheduler's address" in result.stderr and "seed" not in result.stderr
    assert not (tmp_path / "s.db").exists()


def test_puzzle_check_reports_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(b'game = "spoil-five"\n# caf\xe9\n')
    result = runner.invoke(app, ["puzzle", "check", str(path)])
    assert result.exit_code == 1
    assert "line 2: not UTF-8 text" in result.stdout
    path.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    result = runner.invoke(app, ["puzzle", "check", str(path)])
    assert result.exit_code == 1 and "nested too deeply" in result.stdout


EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "kd-lead.toml"


@pytest.mark.parametrize("args", [
    ["analyse", "IN", "--html", "IN"], ["solve", "IN", "--html", "IN"],
    ["tree", "IN", "--out", "IN"], ["solve", "--positions", "IN", "--out", "IN"],
])
def test_an_output_that_is_an_input_is_refused(args: list[str], tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_bytes(EXAMPLE.read_bytes())
    # the same file however it is spelt
    spelt = [str(path) if a == "IN" and i < args.index("IN") + 1 else
             str(tmp_path / "." / "game.toml") if a == "IN" else a for i, a in enumerate(args)]
    result = runner.invoke(app, spelt)
    assert result.exit_code == 2, result.output
    assert "is an input of this command" in " ".join(result.stderr.replace("│", " ").split())
    assert path.read_bytes() == EXAMPLE.read_bytes()


def test_an_odds_or_session_output_that_is_its_input_is_refused(tmp_path: Path) -> None:
    for command, option in (("odds", "--out"), ("session", "--html")):
        path = tmp_path / f"{command}.toml"
        path.write_text("# kept\n")
        result = runner.invoke(app, [command, str(path), option, str(path)])
        assert result.exit_code == 2, (command, result.output)
        assert path.read_text() == "# kept\n"


def test_a_goal_no_deal_has_is_refused_before_the_database(tmp_path: Path) -> None:
    db = tmp_path / "run.db"
    line = one_error(["batch", "--deals", "1", "--players", "3", "--db", str(db),
                      "--goal", "bogus"])
    assert "unknown goal 'bogus'" in line
    assert not db.exists()


@pytest.mark.parametrize(("hands", "turnup", "held"), [
    ("5S JS AH KD 2C / 3C 4C 5C 6C 7C", "5S", False),    # seat 1 holds no A♠: no rob
    ("5S JS AS KD 2C / 3C 4C 5C 6C 7C", "5S", True),     # the holder of the A♠ robbed
    ("5S JS 3S KD 2C / 3C 4C 5C 6C AS", "AS", True),     # the dealer robbed a turned ace
    ("AS JS 3S KD 2C / 3C 4C 5C 6C 7C", "AS", False),    # a turned ace, not the dealer
])
def test_a_turnup_in_a_hand_was_robbed_by_a_seat_that_may(hands: str, turnup: str,
                                                          held: bool) -> None:
    """RULINGS, Spoil Five 6: the dealer robs a turned ace; otherwise the holder
    of the ace of trumps may take the turn-up."""
    result = runner.invoke(app, ["show", "--hands", hands, "--turnup", turnup])
    if held:
        assert result.exit_code == 0, result.output
    else:
        line = one_error(["show", "--hands", hands, "--turnup", turnup])
        assert (f"the turn-up {card_symbol(parse_card(turnup))} is in seat 1's hand, "
                "but only the holder of the A♠") in line


@pytest.mark.parametrize("option", ["--holds", "--lacks"])
def test_a_seat_given_no_cards_is_refused(option: str) -> None:
    line = one_error(["deal", "--players", "3", "--seed", "1", option, "1="])
    assert f"{option}: '1=' names no card" in line


def test_exhaustive_odds_give_exact_counts(tmp_path: Path) -> None:
    """Beside each rounded share, the deals where the goal holds, of how many."""
    view = tmp_path / "view.toml"
    # docs/examples/late.toml with more cards seen: 105 deals to solve
    view.write_text('game = "spoil-five"\nturnup = "2S"\nhands = ["KS 9H", "?", "?"]\n'
                    'won = [1, 1, 1]\nleader = 3\ntrick = "QD"\n'
                    'seen = "4H JH 8H  7C 3S AS  5D 6D JD  2C 3C 4C 5C 6C 8C 9C TC JC QC KC '
                    'AC 2H 3H  4S 5S 6S 7S 8S 9S TS QS 6H 7H TH QH KH 2D 3D 4D 8D 9D"\n')
    result = runner.invoke(app, ["odds", str(view), "--exhaustive", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["exhaustive"] and out["deals"] == out["possible_deals"] > 100
    for card in out["cards"]:
        for question in out["questions"]:
            share = card[question]
            assert share["deals"] == out["deals"]
            assert round(share["hits"] / share["deals"], 4) == share["share"]
    assert any(card["spoil"]["hits"] for card in out["cards"])


@pytest.mark.parametrize("command", ["legal", "rob"])
def test_a_jsonl_file_answers_its_good_lines_and_names_its_bad_ones(command: str,
                                                                   tmp_path: Path) -> None:
    """As solve --positions: a bad line is named on stderr, the others answered."""
    good = runner.invoke(app, ["show", "--hands", "5S JS AH KD 2C / 3C 4C 5C 6C 7C / "
                               "2D 3D 4D 5D 6D", "--turnup", "AS", "--json"]).stdout
    path = tmp_path / "deals.jsonl"
    path.write_text(good + '{"bad": 1}\n' + good + "[1]\n")
    result = runner.invoke(app, [command, str(path), "--json"])
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 2  # lines 1 and 3
    assert result.stderr.splitlines() == [
        f"error: {path}, line 2, bad: unknown key 'bad' (keys: game, trump, turnup, hands, "
        "leader, trick, won, options, turn, play)",
        f"error: {path}, line 4: expected a JSON object, got a list",
        f"error: 2 lines of {path} failed (see above)"]


def test_a_puzzle_goal_that_is_no_goal_is_refused(tmp_path: Path) -> None:
    source = Path(__file__).resolve().parent.parent / "jink" / "puzzles" / "data"
    text = next(source.glob("sf-*.toml")).read_text()
    path = tmp_path / "p.toml"
    path.write_text("\n".join('goal = "nonsense"' if line.startswith("goal =") else line
                              for line in text.splitlines()) + "\n")
    for command in ("show", "play", "solve"):
        line = one_error(["puzzle", command, str(path)])
        assert "puzzle.goal: 'nonsense' is no goal of Spoil Five" in line, command


@pytest.mark.parametrize("prefix", ["../x", "a/b", "/tmp/x", ".hidden", "x/../../y"])
def test_a_puzzle_prefix_stays_inside_out(prefix: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["puzzle", "generate", "--game", "spoil-five", "--players",
                                 "3", "--seed", "1", "--out", str(tmp_path / "out"),
                                 "--prefix", prefix])
    assert result.exit_code == 2, result.output
    assert "a plain name" in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("deals", ["1000001", str(10**20)])
def test_odds_past_a_million_deals_is_a_usage_error(deals: str) -> None:
    view = Path(__file__).resolve().parent.parent / "docs" / "examples" / "late.toml"
    result = runner.invoke(app, ["odds", str(view), "--deals", deals])
    assert result.exit_code == 2, result.output
    assert "Invalid value for '--deals'" in result.stderr


def test_study_interrupted_at_its_prompt_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at the prompt ends the session, and the command exits 1 (the end
    of input, Ctrl-D, is a clean end: 0)."""
    from jink.cli.study import Prompt
    from jink.formats.examples import example
    from jink.study.study import Study

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    def ended(prompt: str) -> str:
        raise EOFError

    for answer, failed in ((interrupted, True), (ended, False)):
        prompt = Prompt(Study(example(), None, None))
        prompt.interactive = True
        monkeypatch.setattr("builtins.input", answer)
        assert prompt.run() is failed


def test_the_declare_table_speaks_no_json_keys() -> None:
    """A general rams that fails is said in words, not as JSON keys."""
    result = runner.invoke(app, ["declare", "--game", "rams", "--trump", "H", "--widow",
                                 "AD KD QD JD TD", "--hands", "AH KH 8C 9C TS / QH JH AC KC 7S"
                                 " / 7H AS KS QS JS / 8H 9H TH 7D 8D", "--seat", "1",
                                 "--playing", "3"], terminal_width=80)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "pool_share" not in text and "counters -" not in text
    assert "fails: pays as much as the pool, pays 15 counters" in text


def test_a_session_analysed_under_a_limit_keeps_the_deals_it_finished() -> None:
    """The deal the limit stops is named; every other deal is analysed."""
    evening = Path(__file__).resolve().parent.parent / "docs" / "examples" / "evening.toml"
    full = runner.invoke(app, ["session", str(evening), "--analyse", "--json"])
    assert full.exit_code == 0
    # deal 1 takes the most nodes of this evening: a limit below it stops it alone
    result = runner.invoke(app, ["session", str(evening), "--analyse", "--json",
                                 "--max-nodes", "900"])
    assert result.exit_code == 1
    # (the count passes the limit by a node or two: the last trick is counted unchecked)
    assert re.match(r"error: deal 1 not analysed: search stopped after 90[12] nodes "
                    r"\(limit 900\); no answer is given", result.stderr)
    got, want = json.loads(result.stdout)["deals"], json.loads(full.stdout)["deals"]
    assert "analysis" not in got[0] and "analysis" in want[0]
    assert got[1:] == want[1:]


def test_odds_fit_80_columns_without_key_names() -> None:
    """Each share and its interval on one line; question names in words."""
    view = Path(__file__).resolve().parent.parent / "docs" / "examples" / "late.toml"
    result = runner.invoke(app, ["odds", str(view), "--deals", "50", "--seed", "1"],
                           terminal_width=80)
    assert result.exit_code == 0, result.output
    assert "86% (74-93%)" in result.stdout and "…" not in result.stdout
    assert all(len(line) <= 80 for line in result.stdout.splitlines())


def test_stats_fit_80_columns_without_key_names(tmp_path: Path) -> None:
    db = tmp_path / "rams.db"
    made = runner.invoke(app, ["batch", "--game", "rams", "--players", "4", "--deals", "3",
                               "--seed", "1", "--db", str(db)])
    assert made.exit_code == 0, made.output
    result = runner.invoke(app, ["stats", str(db)], terminal_width=80)
    assert result.exit_code == 0, result.output
    assert "not ramsed" in result.stdout and "not_ramsed" not in result.stdout
    assert "…" not in result.stdout
    assert all(len(line) <= 80 for line in result.stdout.splitlines())


def test_the_puzzle_list_fits_80_columns_uncut() -> None:
    result = runner.invoke(app, ["puzzle", "list"], terminal_width=80)
    assert result.exit_code == 0
    assert "…" not in result.stdout and "Level" in result.stdout


def _as_at_a_terminal() -> None:
    """In the child: Ctrl-C as at a terminal. A shell's background job (CI run
    with ``&``) starts with SIGINT ignored, and Python then installs no
    KeyboardInterrupt for it: the signal these tests send would be lost."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _batch_running(db: Path, *extra: str) -> subprocess.Popen[str]:
    """A batch run started in a process of its own, once it has stored a few deals."""
    process = subprocess.Popen(
        [sys.executable, "-m", "jink", "batch", "--players", "7", "--deals", "400",
         "--seed", "3", "--db", str(db), *extra], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, preexec_fn=_as_at_a_terminal)
    started = time.monotonic()
    while time.monotonic() - started < 120:
        time.sleep(0.3)
        try:
            with sqlite3.connect(db) as found:
                if found.execute("SELECT count(*) FROM results").fetchone()[0] >= 5:
                    return process
        except sqlite3.Error:
            pass
    process.kill()
    raise AssertionError("the batch stored nothing in two minutes")


def _children(pid: int) -> set[int]:
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            out |= {int(k) for k in (task / "children").read_text().split()}
    return out


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def _all_gone(pids: set[int], seconds: float = 15.0) -> bool:
    """Whether every process of ``pids`` ends within ``seconds`` (a loaded
    machine may take a few to reap them)."""
    deadline = time.monotonic() + seconds
    while any(_running(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


needs_proc = pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="Linux's /proc")


@pytest.mark.slow
@needs_proc
@pytest.mark.parametrize("how", [["--workers", "2"], ["--cluster", "local:2"]])
def test_an_interrupted_batch_says_what_it_kept(how: list[str], tmp_path: Path) -> None:
    """Ctrl-C: the summary (JSON here), then exit 1; no worker left running."""
    if how[0] == "--cluster":
        pytest.importorskip("distributed")
    db = tmp_path / "run.db"
    process = _batch_running(db, "--json", *how)
    workers = _children(process.pid)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 1, err
    summary = json.loads(out)
    assert summary["interrupted"] is True and summary["solved"] >= 5
    with sqlite3.connect(db) as found:
        assert found.execute("SELECT count(*) FROM results").fetchone()[0] == summary["solved"]
    assert err.strip().splitlines() == [
        f"error: interrupted: {db} holds {summary['solved']} of 400; run the same command "
        "again to go on"]
    assert _all_gone(workers)


@pytest.mark.slow
@needs_proc
def test_a_killed_batch_leaves_no_worker(tmp_path: Path) -> None:
    """Even SIGKILL, which the run cannot pass on: its workers see it gone."""
    process = _batch_running(tmp_path / "run.db", "--workers", "2")
    workers = _children(process.pid)
    assert workers
    process.kill()
    process.communicate()
    assert _all_gone(workers)


# -- card names in errors, as people read them --------------------------------------------


@pytest.mark.parametrize("args, shown, kept", [
    (["solve", "--hands", "5D JD AH KC 5D / 9C 8C 7C 6C 4C", "--turnup", "3D"],
     "card 5♦ given twice", "'5D JD AH KC 5D'"),
    (["solve", "--hands", "5D JD AH KC 2S / 9C 8C 7C 6C 4C", "--turnup", "3D", "--trick", "9C"],
     "9♣ is in the hand of seat 2", None),
    (["rob", "--hands", "5D JD AH KC 2S / 9C 8C 7C 6C 4C", "--turnup", "5D"],
     "the turn-up 5♦ is in seat 1's hand, but only the holder of the A♦", None),
])
def test_errors_write_cards_as_the_tables_do(args: list[str], shown: str,
                                             kept: str | None) -> None:
    """An error names a card as every table does (``5♦``); what the user wrote,
    quoted back, stays as written."""
    line = one_error(args)
    assert shown in line, line
    assert kept is None or kept in line, line


# -- Ctrl-C on a terminal: the progress bar goes with the run ---------------------------------

_CONTROL = re.compile(r"(\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0-9A-Za-z]|\r|\n)")


def screen(raw: str) -> list[str]:
    """What a terminal shows after ``raw``: text written over the cursor's
    place, with carriage returns, new lines, cursor-up and erasing obeyed,
    the other controls (colours, the cursor shown or hidden) dropped.

    >>> screen("ab\\rX\\n\\x1b[31mbar\\x1b[0m\\r\\x1b[2K\\x1b[1A\\x1b[2Kdone")
    ['done', '']
    """
    rows, r, c = [""], 0, 0
    for token in _CONTROL.split(raw):
        if token == "\r":
            c = 0
        elif token == "\n":
            r, c = r + 1, 0
            rows += [""] * (r + 1 - len(rows))
        elif token.startswith("\x1b["):
            code, args = token[-1], token[2:-1]
            if code == "A":
                r = max(0, r - int(args or 1))
            elif code == "K":
                rows[r] = "" if args == "2" else rows[r][:c]
        elif token and not token.startswith("\x1b"):
            row = rows[r].ljust(c)
            rows[r] = row[:c] + token + row[c + len(token):]
            c += len(token)
    return rows


#: Long runs with a progress bar: interrupted once the bar shows.
INTERRUPTED = [
    ["odds", "docs/examples/late.toml", "--deals", "1000000", "--seed", "1"],
    ["solve", "--positions", "POSITIONS"],
    ["batch", "--players", "7", "--deals", "400", "--seed", "3", "--db", "DB", "--workers",
     "1"],
]


# (odds in the default run: its bar, its workers; the others, alike, in CI's.)
@pytest.mark.parametrize("args", [a if a[0] == "odds" else pytest.param(a, marks=pytest.mark.ci)
                                  for a in INTERRUPTED], ids=lambda a: a[0])
def test_ctrl_c_leaves_no_progress_bar(args: list[str], tmp_path: Path) -> None:
    pty = pytest.importorskip("pty")
    lines = [json.dumps({"game": "spoil-five", "turnup": "2S",
                         "hands": ["KS 9H 4C 3C 2C", "QS 8H 7H 6H 5H", "JS TS 9S 8S 7S",
                                   "AD KD QD JD TD", "AC KC QC JC TC", "9D 8D 7D 6D 5D",
                                   "3D 4D 2D 3H 4H"]})] * 400
    (tmp_path / "deals.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    args = [a.replace("POSITIONS", str(tmp_path / "deals.jsonl"))
            .replace("DB", str(tmp_path / "run.db")) for a in args]
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE",
                                                            "NO_COLOR", "TERM")}
    env.update(COLUMNS="100", TERM="xterm")
    process = subprocess.Popen([sys.executable, "-m", "jink", *args], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=slave, env=env,
                               preexec_fn=_as_at_a_terminal)
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + 120
    while "━".encode() not in seen and time.monotonic() < deadline:
        seen += os.read(master, 65536)  # the bar, drawn at least once
    time.sleep(1.0)
    process.send_signal(signal.SIGINT)
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the terminal closes once the command has exited
            break
        if not data:
            break
        seen += data
    os.close(master)
    assert process.wait(timeout=60) != 0
    shown = [line for line in screen(seen.decode()) if line.strip()]
    assert "━".encode() in seen
    assert not any("━" in line for line in shown), shown
    assert shown and shown[-1].startswith("error: interrupted"), shown


def test_odds_stopped_part_way_keeps_the_deals_it_solved() -> None:
    """Ctrl-C (here raised from the progress callback) ends the dealing; the
    shares are of the deals solved by then, and the result says so."""
    def stop_at_three(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    result = odds(load_view(Path("docs/examples/late.toml")), deals=50, seed=1,
                  progress=stop_at_three)
    assert result.interrupted and result.deals == 3
    assert result.to_dict()["interrupted"] is True
    whole = odds(load_view(Path("docs/examples/late.toml")), deals=3, seed=1)
    assert [c.to_dict() for c in whole.cards] == [c.to_dict() for c in result.cards]
    assert "interrupted" not in whole.to_dict()

"""``jink solve`` through Typer's CliRunner: pictures, JSON, questions, files, errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from jink.cli.app import app

# Plain text whatever the terminal asks for, so the assertions see no colour codes.
runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})

# Seat 1 holds the three best trumps, the KC over seat 2's clubs, and the only
# spade: it takes all five.
HANDS = "5D JD AH KC 2S / 9C 8C 7C 6C 4C / KD QD 2D 3H 4H"

# Three positions as JSON lines: the second holds the KH twice.
GOOD_1 = {"game": "spoil-five", "trump": "S",
          "hands": ["KH", "2S", "AS", "AH", "QS", "3S", "KS", "TH", "9D", "4C"],
          "won": [1, 0, 0, 2, 0, 0, 1, 0, 0, 0]}
BAD_2 = {"game": "spoil-five", "trump": "S", "hands": ["KH 2C", "KH 3C"], "won": [2, 1]}
GOOD_3 = {"game": "spoil-five", "trump": "H", "hands": ["5H 2C", "JH AH", "KH QH"],
          "won": [2, 0, 1]}


def run(*args: str, code: int = 0) -> Result:
    result = runner.invoke(app, ["solve", *args])
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.output
    return result


def run_json(*args: str) -> dict[str, Any]:
    result = run(*args, "--json")
    [line] = result.stdout.splitlines()
    out: dict[str, Any] = json.loads(line)
    return out


def check_fields(out: dict[str, Any], players: int) -> None:
    """The fields docs/cli.md promises for ``jink solve --json``."""
    assert out["game"] == "spoil-five"
    assert out["trump"] in ("S", "H", "D", "C")
    assert 1 <= out["seat_to_play"] <= players
    assert [s["seat"] for s in out["seats"]] == list(range(1, players + 1))
    for seat in out["seats"]:
        assert set(seat) >= {"seat", "max_tricks", "three", "jink", "spoil"}
    assert out["forceable"] == any(s["three"] for s in out["seats"])
    for move in out["moves"]:
        assert set(move) >= {"card", "max_tricks"}
    for step in out["line"]:
        assert set(step) >= {"seat", "card", "note"}


def write_jsonl(path: Path, *objs: dict[str, Any]) -> Path:
    path.write_text("".join(json.dumps(o) + "\n" for o in objs), encoding="utf-8")
    return path


# -- one position ---------------------------------------------------------------------


def test_example_human() -> None:
    out = run("--example").stdout
    assert "What each seat can force" in out
    for column in ("Max tricks", "Three (pool)", "Jink (all five)", "Spoil"):
        assert column in out
    assert "Seat 1's legal cards, scored for seat 1" in out
    assert "Best play for seat 1 (goal: three)" in out
    assert "only card that keeps 3 tricks for seat 1" in out
    assert "Seat 3 wins trick 1." in out
    assert "Seat 1 has three tricks and wins the pool" in out
    assert "The pool is forceable by seat 1." in out


def test_example_json() -> None:
    out = run_json("--example")
    check_fields(out, 3)
    assert out["trump"] == "S" and out["seat_to_play"] == 1
    assert out["question"] == {"seat": 1, "goal": "three"}
    assert [s["max_tricks"] for s in out["seats"]] == [3, 0, 2]
    assert [s["three"] for s in out["seats"]] == [True, False, False]
    assert out["forceable"] is True
    assert {m["card"]: m["max_tricks"] for m in out["moves"]} == \
        {"8S": 3, "QH": 1, "KD": 2, "QD": 2, "KC": 1}
    assert out["line"][0] == {**out["line"][0], "seat": 1, "card": "8S"}
    assert out["line"][0]["note"].startswith("only card that keeps 3 tricks")
    assert len(out["line"]) == 15
    assert out["line"][-1]["claim"] == "Seat 1 has three tricks and wins the pool"


def test_seat_and_goal_set_the_question() -> None:
    out = run_json("--example", "--seat", "2", "--goal", "spoil")
    check_fields(out, 3)
    assert out["question"] == {"seat": 2, "goal": "spoil"}
    assert out["seat_to_play"] == 1
    # Seat 1's cards scored for seat 2, who takes nothing and cannot spoil.
    assert {m["card"] for m in out["moves"]} == {"8S", "QH", "KD", "QD", "KC"}
    assert all(m["max_tricks"] == 0 and m["achieves"] is False for m in out["moves"])
    human = run("--example", "--seat", "2", "--goal", "spoil").stdout
    assert "scored for seat 2" in human and "Best play for seat 2 (goal: spoil)" in human


def test_goal_jink_by_name() -> None:
    out = run_json("--trump", "D", "--hands", HANDS, "--goal", "jink")
    assert out["question"] == {"seat": 1, "goal": "jink"}
    assert any(m["achieves"] for m in out["moves"])


def test_position_from_options() -> None:
    out = run_json("--trump", "D", "--hands", HANDS)
    check_fields(out, 3)
    assert out["trump"] == "D"
    assert out["seats"][0] == {"seat": 1, "max_tricks": 5, "three": True, "jink": True,
                               "spoil": True}
    assert [s["max_tricks"] for s in out["seats"]] == [5, 0, 0]
    assert sorted(m["card"] for m in out["moves"]) == ["2S", "5D", "AH", "JD", "KC"]
    # Mid-deal from options: seat 2 to play, tricks already won counted.
    out = run_json("--trump", "S", "--hands", "7C 8D / 5S TC JH / 5H 4S KH",
                   "--trick", "6S", "--won", "1,1,0")
    assert out["seat_to_play"] == 2
    assert [s["max_tricks"] for s in out["seats"]] == [1, 3, 0]


def test_position_file(tmp_path: Path) -> None:
    path = tmp_path / "deal.toml"
    path.write_text('game = "spoil-five"\ntrump = "H"\nhands = ["5H 2C", "JH AH", "KH QH"]\n'
                    'won = [2, 0, 1]\n', encoding="utf-8")
    out = run_json(str(path))
    assert [s["max_tricks"] for s in out["seats"]] == [3, 1, 1]


def test_no_line_and_no_moves() -> None:
    out = run_json("--example", "--no-line")
    assert out["line"] == [] and len(out["moves"]) == 5
    out = run_json("--example", "--no-moves")
    assert out["moves"] == [] and len(out["line"]) == 15
    out = run_json("--example", "--no-line", "--no-moves")
    assert out["moves"] == [] and out["line"] == []
    assert [s["max_tricks"] for s in out["seats"]] == [3, 0, 2]
    human = run("--example", "--no-line", "--no-moves").stdout
    assert "What each seat can force" in human
    assert "legal cards" not in human and "Best play" not in human


def test_memory_cap() -> None:
    out = run_json("--example", "--memory", "0.001")
    assert out["table"]["flushes"] > 0
    assert [s["max_tricks"] for s in out["seats"]] == [3, 0, 2]
    assert run_json("--example")["table"]["flushes"] == 0


# -- many positions -------------------------------------------------------------------


def test_positions_file_with_a_bad_line(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "deals.jsonl", GOOD_1, BAD_2, GOOD_3)
    result = run("--positions", str(path), code=1)
    outs = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(outs) == 2
    for out in outs:
        check_fields(out, len(out["seats"]))
    assert [s["max_tricks"] for s in outs[0]["seats"]] == [1, 0, 0, 3, 0, 0, 1, 0, 0, 0]
    assert [s["max_tricks"] for s in outs[1]["seats"]] == [3, 1, 1]
    # Each result names its input line (the bad line 2 has none).
    assert [out["input_line"] for out in outs] == [1, 3]
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert any("deals.jsonl, line 2" in e and "K♥ is in the hand of seat 1" in e
               for e in errors), result.stderr
    assert not any("line 1" in e or "line 3" in e for e in errors)
    assert errors[-1] == f"error: 1 line of {path} failed (see above)"


def test_positions_to_out_file(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "deals.jsonl", GOOD_1, GOOD_3)
    target = tmp_path / "results.jsonl"
    result = run("--positions", str(path), "--out", str(target))
    assert result.stdout == ""
    outs = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert [o["seats"][0]["max_tricks"] for o in outs] == [1, 3]
    # A bad line: the good results still go to the file, the error to stderr.
    path = write_jsonl(tmp_path / "mixed.jsonl", BAD_2, GOOD_3)
    result = run("--positions", str(path), "--out", str(target), code=1)
    assert result.stdout == ""
    assert "line 1" in result.stderr
    assert len(target.read_text(encoding="utf-8").splitlines()) == 1


def test_positions_with_a_question(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "deals.jsonl", GOOD_3)
    result = run("--positions", str(path), "--seat", "2", "--goal", "spoil", "--no-line")
    [out] = [json.loads(line) for line in result.stdout.splitlines()]
    assert out["question"] == {"seat": 2, "goal": "spoil"} and out["line"] == []


# -- errors ---------------------------------------------------------------------------

BAD = [
    (["--trump", "D", "--hands", HANDS.replace("2S", "2X")], "not a card: '2X'"),
    (["--trump", "D", "--hands", HANDS.replace("4C", "KC")],
     "K♣ is in the hand of seat 1 and in the hand of seat 2"),
    (["--example", "--goal", "bogus"], "unknown goal 'bogus'"),
    (["--example", "--seat", "4"], "--seat 4: the deal has seats 1 to 3"),
    (["--example", "--seat", "0"], "--seat 0"),
    (["no-such-deal.toml"], "cannot read no-such-deal.toml"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_input_is_one_line_and_exit_1(args: list[str], message: str) -> None:
    result = run(*args, code=1)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert message in lines[0]


def test_node_limit_on_a_small_position() -> None:
    """BUG: the node budget is checked only every 4096 nodes, so a position that
    needs a few hundred nodes is solved although --max-nodes 5 was given."""
    result = runner.invoke(app, ["solve", "--example", "renege", "--max-nodes", "5", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # Past the limit the search stops at the next node and the answers it
    # stopped are unknown; within it, the whole answer.
    assert out["nodes"] <= (6 if out.get("unknown") else 5), out["nodes"]


@pytest.mark.parametrize("args", [
    ["--example", "--out", "x.jsonl"],              # --out without --positions
    ["--positions", "x.jsonl", "--example"],        # --positions and another position
    ["--example", "--seat", "two"],                 # not a number
    [],                                             # no position at all
    ["--example", "--memory", "0"],                 # a cap must be positive
])
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = runner.invoke(app, ["solve", *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_help_has_examples() -> None:
    out = run("--help").stdout
    assert "jink solve --example" in out and "--positions" in out


# -- positions files that are not UTF-8 ----------------------------


def test_positions_line_not_utf8_is_reported_and_the_rest_solved(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_bytes(json.dumps(GOOD_1).encode() + b"\n" + b"\xff\xfe junk\n"
                     + json.dumps(GOOD_3).encode() + b"\n" + b'{"game": "caf\xe9"}\n')
    result = run("--positions", str(path), code=1)
    outs = [json.loads(line) for line in result.stdout.splitlines()]
    assert [out["input_line"] for out in outs] == [1, 3]
    errors = result.stderr.splitlines()
    assert errors[0].startswith(f"error: {path}, line 2: not UTF-8 text")
    assert errors[1].startswith(f"error: {path}, line 4: not UTF-8 text")
    assert errors[-1] == f"error: 2 lines of {path} failed (see above)"
    assert len(errors) == 3


def test_positions_utf16_file_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_bytes((json.dumps(GOOD_3) + "\n").encode("utf-16"))
    result = run("--positions", str(path), code=1)
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith(f"error: {path}: not UTF-8 text (it looks like UTF-16")


# -- values nested too deeply ---------------------------------------


def test_positions_nested_too_deeply_is_one_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text(json.dumps(GOOD_3) + "\n" + "[" * 100_000 + "\n" + json.dumps(GOOD_3)
                    + "\n", encoding="utf-8")
    result = run("--positions", str(path), code=1)
    assert [json.loads(line)["input_line"] for line in result.stdout.splitlines()] == [1, 3]
    assert result.stderr.splitlines() == [
        f"error: {path}, line 2: not valid JSON: nested too deeply",
        f"error: 1 line of {path} failed (see above)"]


def test_toml_nested_too_deeply_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "deal.toml"
    path.write_text("hands = " + "[" * 100_000, encoding="utf-8")
    result = run(str(path), code=1)
    assert result.stderr.splitlines() == [f"error: {path}: not valid TOML: nested too deeply"]


# -- where --out may write ------------------------------------------


@pytest.mark.parametrize("spelling", ["same", "dotted", "symlink"])
def test_out_may_not_be_the_positions_file(tmp_path: Path, spelling: str) -> None:
    path = write_jsonl(tmp_path / "deals.jsonl", GOOD_3)
    before = path.read_bytes()
    out = {"same": path, "dotted": tmp_path / "." / "deals.jsonl",
           "symlink": tmp_path / "link.jsonl"}[spelling]
    if spelling == "symlink":
        out.symlink_to(path)
    result = runner.invoke(app, ["solve", "--positions", str(path), "--out", str(out)])
    assert result.exit_code == 2, result.output
    # The usage box wraps a long path: compare without spaces and the box's sides.
    boxless = "".join(result.stderr.replace("│", "").split())
    assert "isaninputofthiscommand" in boxless, result.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize("where", ["folder", "missing folder"])
def test_out_that_cannot_be_written(tmp_path: Path, where: str) -> None:
    path = write_jsonl(tmp_path / "deals.jsonl", GOOD_3)
    out = tmp_path if where == "folder" else tmp_path / "nowhere" / "results.jsonl"
    result = run("--positions", str(path), "--out", str(out), code=1)
    [line] = result.stderr.splitlines()
    reason = "Is a directory" if where == "folder" else "No such file or directory"
    assert line == f"error: cannot write {out}: {reason}"


def test_out_is_not_emptied_when_the_positions_cannot_be_read(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    out.write_text("earlier results\n", encoding="utf-8")
    result = run("--positions", str(tmp_path / "missing.jsonl"), "--out", str(out), code=1)
    assert result.stderr.startswith("error: cannot read")
    assert out.read_text(encoding="utf-8") == "earlier results\n"


# -- the progress bar on a terminal ---------------------------------

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def run_on_terminal(args: list[str], *, stdout_too: bool) -> tuple[str, str]:
    """Run ``python -m jink`` with stderr (and stdout, with ``stdout_too``) on a real
    pseudo-terminal, as a user at a terminal would; the terminal's text and stdout's."""
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE",
                                                            "NO_COLOR", "TERM")}
    env.update(COLUMNS="100", TERM="xterm")
    proc = subprocess.Popen([sys.executable, "-m", "jink", *args], stdin=subprocess.DEVNULL,
                            stdout=slave if stdout_too else subprocess.PIPE, stderr=slave,
                            env=env)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the terminal is closed once the command has exited
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    stdout = proc.stdout.read() if proc.stdout else b""
    assert proc.wait(timeout=60) == 0
    return b"".join(chunks).decode(), stdout.decode()


def test_progress_bar_never_shares_a_line_with_a_result(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "deals.jsonl", *[GOOD_3] * 6)
    terminal, _ = run_on_terminal(["solve", "--positions", str(path)], stdout_too=True)
    # What each line shows: the text after its last carriage return (the terminal
    # ends lines with "\r\n"), without colours and cursor moves.
    lines = [ANSI.sub("", line.rstrip("\r").split("\r")[-1]) for line in terminal.split("\n")]
    results = [line for line in lines if "input_line" in line]
    assert len(results) == 6, terminal
    for line in results:
        assert line.startswith('{"input_line"') and "━" not in line, repr(line)
        json.loads(line)


def test_progress_bar_goes_to_stderr(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "deals.jsonl", *[GOOD_3] * 3)
    terminal, stdout = run_on_terminal(["solve", "--positions", str(path)], stdout_too=False)
    assert "solving" in terminal and "━" in terminal  # the bar, on stderr's terminal
    assert "input_line" not in terminal
    assert [json.loads(line)["input_line"] for line in stdout.splitlines()] == [1, 2, 3]


def test_positions_error_with_brackets_is_printed_as_given(tmp_path: Path) -> None:
    # Rich markup in a user's text is shown as text, never read as markup (and a
    # stray closing tag does not crash).
    path = tmp_path / "deals.jsonl"
    path.write_text('{"[/bold]": 1}\n{"[red]x": 1}\n' + json.dumps(GOOD_3) + "\n",
                    encoding="utf-8")
    result = run("--positions", str(path), code=1)
    assert len(result.stdout.splitlines()) == 1
    errors = result.stderr.splitlines()
    assert errors[0].startswith(f"error: {path}, line 1, [/bold]: unknown key '[/bold]'")
    assert errors[1].startswith(f"error: {path}, line 2, [red]x: unknown key '[red]x'")

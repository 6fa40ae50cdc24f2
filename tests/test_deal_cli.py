"""``jink deal`` through Typer's CliRunner: JSON lines, seeds, files, errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from jink.analysis.solve import solve
from jink.cards import parse_card
from jink.cli.app import app
from jink.formats.files import loads_jsonl, read

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})


def run(*args: str, code: int = 0) -> Result:
    result = runner.invoke(app, ["deal", *args])
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.output
    return result


def test_json_lines_meet_the_options_and_load_as_positions():
    result = run("--players", "5", "--turnup", "2S", "--holds", "1=5S,JS",
                 "--lacks", "2=AH", "--suits", "3:trumps>=2,hearts=0", "--count", "8",
                 "--seed", "1")
    positions = list(loads_jsonl(result.stdout))
    assert len(positions) == 8
    five, jack, ace = parse_card("5S"), parse_card("JS"), parse_card("AH")
    for position in positions:
        assert position.turnup == parse_card("2S")
        assert position.hands[0] >> five & 1 and position.hands[0] >> jack & 1
        assert not position.hands[1] >> ace & 1
        rules = position.rules
        assert (position.hands[2] & rules.trump_mask).bit_count() >= 2
        assert position.hands[2] & rules.suit_masks[1] == 0


def test_seed_repeats_and_no_seed_prints_the_one_used():
    first = run("--players", "3", "--count", "3", "--seed", "9").stdout
    assert first == run("--players", "3", "--count", "3", "--seed", "9").stdout
    fresh = run("--players", "3", "--count", "3")
    seed = fresh.stderr.split("seed:")[1].split()[0]
    assert fresh.stdout == run("--players", "3", "--count", "3", "--seed", seed).stdout


def test_constraints_file_and_out(tmp_path: Path) -> None:
    spec = tmp_path / "spec.toml"
    spec.write_text('game = "rams"\nplayers = 4\ntrump = "C"\n'
                    '[[seats]]\nseat = 2\nholds = "AC"\ntrumps = "3"\n', encoding="utf-8")
    out = tmp_path / "deals.jsonl"
    run("--constraints", str(spec), "--count", "4", "--seed", "2", "--out", str(out))
    items = read(out)
    assert len(items) == 4
    for item in items:
        position = item.position
        assert position.game.name == "rams"
        assert (position.hands[1] & position.rules.trump_mask).bit_count() == 3
    toml = tmp_path / "one.toml"
    run("--constraints", str(spec), "--seed", "2", "--out", str(toml))
    [item] = read(toml)
    assert solve(item.position, line=False).verdicts


def test_errors_are_one_line():
    for args, words in [
        (("--players", "2", "--holds", "1=AS", "--holds", "2=AS"), "dealt twice"),
        (("--players", "2", "--suits", "1:trumps=2"), "trump"),
        (("--players", "3", "-g", "forty-five"), "forty-five takes 2, 4 or 6"),
        (("--players", "2", "-t", "S", "--suits", "1:trumps=5", "--suits", "2:trumps=5",
          "--suits", "1:hearts=0", "--lacks", "2=5S,JS,AH,AS,KS,QS,2S,3S,4S,6S"), "seat 2"),
    ]:
        result = run(*args, code=1)
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("error:"), result.stderr
        assert words in lines[0]
        assert result.stdout == ""


def test_unknown_key_in_file_names_the_keys(tmp_path: Path) -> None:
    spec = tmp_path / "spec.toml"
    spec.write_text('players = 3\n[[seats]]\nseat = 1\nvoid = "H"\n', encoding="utf-8")
    result = run("--constraints", str(spec), code=1)
    assert "unknown key 'void'" in result.stderr and "hearts" in result.stderr


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    run(code=2)  # no players
    run("--players", "3", "--count", "2", "--out", str(tmp_path / "x.toml"), code=2)
    spec = tmp_path / "spec.toml"
    spec.write_text("players = 3\n", encoding="utf-8")
    run("--constraints", str(spec), "--players", "4", code=2)


def test_help_has_an_example():
    result = runner.invoke(app, ["deal", "--help"])
    assert result.exit_code == 0
    assert "jink deal --players 5" in result.stdout


def test_json_is_canonical():
    line = run("--players", "2", "--trump", "h", "--seed", "1").stdout.splitlines()[0]
    obj = json.loads(line)
    assert obj["trump"] == "H" and len(obj["hands"]) == 2

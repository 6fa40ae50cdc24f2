"""One convention for every command: the limits, the options, --help and the output.

Issue 12, items 2, 7, 13, 14 and 16: each test here names the command line a
user would type and checks what every command that takes it does alike.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from jink.cli.app import app

# Plain text whatever the terminal asks for, so the assertions see no colour codes.
runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})

GAME_FILE = """\
game = "spoil-five"
turnup = "2S"
hands = ["8S QH KD QD KC", "7S 7H 9D 4D JC", "JS QS TH 2D TC"]
play = ["KD 9D 2D", "QD 4D JS"]
"""

ROB_HANDS = "5H 8H 7D AD QC / 7S 9S 2D 5D KC / KS 4H 6H KD 5C"
RAMS_DECLARE = ["--game", "rams", "--trump", "H", "--widow", "AD KD QD JD TD", "--hands",
                "AH KH 8C 9C TS / QH JH AC KC 7S / 7H AS KS QS JS / 8H 9H TH 7D 8D",
                "--playing", "3"]


def invoke(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.toml"
    path.write_text(GAME_FILE, encoding="utf-8")
    return path


def solving_commands(game_file: Path) -> dict[str, list[str]]:
    """Every command that searches, each with something to work on."""
    return {
        "solve": ["solve", "--example"],
        "analyse": ["analyse", str(game_file)],
        "rob": ["rob", "--turnup", "9D", "--hands", ROB_HANDS],
        "declare": ["declare", *RAMS_DECLARE],
    }


# -- item 2 and 7: the limits, the same for every command that solves -----------------

BAD_LIMITS = [
    ("--memory", "nan"), ("--memory", "inf"), ("--memory", "0"), ("--memory", "-1"),
    ("--max-nodes", "0"), ("--max-nodes", "-5"),
    ("--max-seconds", "0"), ("--max-seconds", "-1"), ("--max-seconds", "nan"),
    ("--max-seconds", "inf"), ("--max-seconds", "1e999"),
]


@pytest.mark.parametrize("command", ["solve", "analyse", "rob", "declare"])
@pytest.mark.parametrize(("option", "value"), BAD_LIMITS)
def test_a_bad_limit_is_a_usage_error(game_file: Path, command: str, option: str,
                                      value: str) -> None:
    result = invoke(*solving_commands(game_file)[command], option, value)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert option in result.stderr and "finite number above 0" in result.stderr


@pytest.mark.parametrize("command", ["solve", "analyse", "rob", "declare"])
def test_every_solving_command_keeps_its_node_limit(game_file: Path, command: str) -> None:
    result = invoke(*solving_commands(game_file)[command], "--max-nodes", "10")
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("error: search stopped after")
    assert "(limit 10)" in result.stderr and len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("command", ["solve", "analyse", "rob", "declare"])
def test_every_solving_command_runs_within_good_limits(game_file: Path, command: str) -> None:
    result = invoke(*solving_commands(game_file)[command], "--max-seconds", "60",
                    "--max-nodes", "10000000", "--memory", "16", "--json")
    assert result.exit_code == 0, result.output

"""Input that used to be accepted quietly is refused, saying why.

An empty ``--game``, an empty place in a list of seats, a positions file with
nothing to solve, a TOML file given as JSON lines; and counts of one said in the
singular ("1 card", "1 node").
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from jink.analysis.solve import solve
from jink.cli.app import app
from jink.cli.solve_render import summary
from jink.errors import LimitExceeded, ParseError, PositionError
from jink.formats import files
from jink.formats.examples import example
from jink.position import Position
from jink.solver import Limit
from jink.solver.limits import Budget
from jink.words import plural

# Plain text whatever the terminal asks for, so the assertions see no colour codes.
runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})

HANDS = "5D JD AH KC 2S / 9C 8C 7C 6C 4C / KD QD 2D 3H 4H"
GOOD = {"game": "spoil-five", "trump": "H", "hands": ["5H 2C", "JH AH", "KH QH"],
        "won": [2, 0, 1]}
TOML = 'game = "spoil-five"\ntrump = "D"\nhands = ["5D JD AH KC 2S", "9C 8C 7C 6C 4C", ' \
       '"KD QD 2D 3H 4H"]\n'


def run(*args: str, code: int) -> Result:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.output
    return result


def one_error(result: Result) -> str:
    """The one error line (stdout empty)."""
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith("error: ")
    return line


# -- an empty game name ----------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["show", "--game", "", "--trump", "D", "--hands", HANDS],
    ["solve", "-g", "", "--trump", "D", "--hands", HANDS, "--json"],
    ["legal", "--game", "", "--trump", "S", "--hand", "2S 3S", "--tricks-done", "1"],
])
def test_an_empty_game_name_is_not_spoil_five(args: list[str]) -> None:
    assert "unknown game ''" in one_error(run(*args, code=1))


# -- lists of seats --------------------------------------------------------------------


def usage_error(result: Result) -> str:
    """The usage box's text, unwrapped (a value not of its kind exits 2)."""
    assert result.stdout == ""
    return " ".join(result.stderr.replace("│", " ").split())


@pytest.mark.parametrize("seats", ["1,,2", "1,", ",1", "1, ,2"])
def test_an_empty_place_in_a_seat_list(seats: str) -> None:
    text = usage_error(run("solve", "--example", "--seats", seats, "--json", code=2))
    assert "Invalid value for '--seats'" in text and repr(seats) in text


@pytest.mark.parametrize("seats", ["1,2", "1, 2", "1 2", " 2 , 1 "])
def test_seat_lists_that_are_fine(seats: str) -> None:
    result = run("solve", "--example", "--seats", seats, "--json", "--no-line", code=0)
    assert [s["seat"] for s in json.loads(result.stdout)["seats"]] == [1, 2]


def test_an_empty_place_in_won() -> None:
    text = usage_error(run("show", "--trump", "S", "--hands", "7C 8D / 5S TC JH / 5H 4S KH",
                           "--trick", "6S", "--won", "1,,1,0", code=2))
    assert "Invalid value for '--won'" in text


# -- a positions file with nothing to solve --------------------------------------------


@pytest.mark.parametrize("text", ["", "\n\n  \n"])
def test_positions_file_with_nothing_to_solve(tmp_path: Path, text: str) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text(text, encoding="utf-8")
    line = one_error(run("solve", "--positions", str(path), code=1))
    assert line.startswith(f"error: {path}: no positions to solve")
    line = one_error(run("show", str(path), code=1))
    assert line.startswith(f"error: {path}: no positions")


@pytest.mark.parametrize("name", ["deal.toml", "deal.jsonl", "deal.txt"])
def test_toml_file_given_to_positions(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text("# a deal\n" + TOML + "\n[options]\ncompulsory_rob = false\n",
                    encoding="utf-8")
    line = one_error(run("solve", "--positions", str(path), code=1))
    assert line.startswith(f"error: {path}: a TOML position file, not JSON lines")


def test_toml_detection_never_costs_a_good_line() -> None:
    # A JSON lines file whose first line is bad is still read line by line.
    text = "game = 1\n" + json.dumps(GOOD) + "\n"
    entries = list(files.parse_jsonl(text))
    assert [e.line for e in entries] == [1, 2]
    assert isinstance(entries[0].result, ParseError)
    assert isinstance(entries[1].result, files.PositionFile)
    with pytest.raises(ParseError, match=r"^a TOML position file, not JSON lines"):
        list(files.parse_jsonl(TOML))


# -- one card, one node ----------------------------------------------------------------


def test_plural() -> None:
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


def test_a_hand_of_one_card() -> None:
    with pytest.raises(PositionError, match=r"seat 2 holds 1 card, should hold 2 "
                                            r"\(3 tricks played\)"):
        Position.create("spoil-five", "H", ["5H 2C", "JH", "KH QH"], won=[2, 0, 1])
    line = one_error(run("legal", "--trump", "S", "--hand", "2S 3S", "--tricks-done", "4",
                         code=1))
    assert "the hand holds 2 cards; after 4 tricks a hand holds at most 1" in line


def test_won_for_one_seat() -> None:
    with pytest.raises(PositionError, match="won lists 1 seat, the deal has 3"):
        Position.create("spoil-five", "H", ["5H 2C", "JH AH", "KH QH"], won=[3])


def test_one_node() -> None:
    result = solve(example("default"), moves=False, line=False)
    text = summary(dataclasses.replace(result, nodes=1)).plain
    assert "1 node in" in text and "1 nodes" not in text
    budget = Budget(Limit(nodes=0))
    budget.nodes = 1
    with pytest.raises(LimitExceeded, match="after 1 node "):
        budget.check()


@pytest.mark.parametrize("limit", [{"nodes": -1}, {"nodes": 2.5}, {"nodes": True},
                                   {"seconds": -0.5}, {"seconds": float("nan")},
                                   {"seconds": float("inf")}, {"seconds": "3"}])
def test_a_limit_is_checked_where_it_is_made(limit: dict[str, object]) -> None:
    """The library refuses a limit no search could keep, naming the value."""
    with pytest.raises(ValueError, match=r"limit must be .*, not "):
        Limit(**limit)  # type: ignore[arg-type]


def test_at_least_one_trick() -> None:
    result = run("solve", "--example", "--goal", "1", "--no-line", code=0)
    text = " ".join(result.stdout.split())
    assert "At least 1 trick" in text and "1 tricks" not in text


# -- an empty won list -----------------------------------------------------------------


def test_an_empty_won_is_not_all_zeros() -> None:
    line = one_error(run("show", "--trump", "D", "--hands", HANDS, "--won", "", code=1))
    assert line.startswith("error: --won: ")
    with pytest.raises(ParseError, match=r"^line 4, won: an empty list"):
        files.parse(TOML + "won = []\n")

"""One convention for every command: the limits, the options, --help and the output.

Issue 12, items 2, 7, 13, 14 and 16: each test here names the command line a
user would type and checks what every command that takes it does alike.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from jink.cli.app import app
from jink.errors import JinkError
from jink.games import GAMES
from jink.puzzles.examples import EXAMPLES, example
from jink.puzzles.files import parse
from jink.solver import solve

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


# -- item 13: --help, alike for every command -------------------------------------------

COMMANDS = ["legal", "rules", "show", "solve", "analyse", "rob", "declare"]


def help_text(*command: str) -> str:
    result = invoke(*command, "--help")
    assert result.exit_code == 0, result.output
    return result.stdout


def flat(text: str) -> str:
    """The help without its box drawing and line breaks, to find wrapped phrases."""
    return " ".join(text.replace("│", " ").split())


@pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS)])
def test_help_shows_no_bool_value_and_no_default_noise(command: list[str]) -> None:
    text = help_text(*command)
    assert "<bool>" not in text
    assert "[default:" not in text


@pytest.mark.parametrize("command", ["legal", "show", "solve", "rob", "declare", "rules"])
def test_help_lists_the_games(command: str) -> None:
    text = flat(help_text(command))
    for name in GAMES:
        assert name in text, name


@pytest.mark.parametrize("command", ["legal", "show", "solve", "rob"])
def test_help_lists_the_examples(command: str) -> None:
    text = flat(help_text(command))
    for name in EXAMPLES:
        assert name in text, name


def test_help_examples_are_indented_alike() -> None:
    indents = {}
    for command in COMMANDS:
        text = help_text(command)
        lines = text.splitlines()
        heading = next(i for i, line in enumerate(lines) if line.strip() == "Examples:")
        shown = [line for line in lines[heading:] if line.strip().startswith(f"jink {command}")]
        assert shown, command
        heading_indent = len(lines[heading]) - len(lines[heading].lstrip())
        for line in shown:
            indents[command, line.strip()] = len(line) - len(line.lstrip())
            assert indents[command, line.strip()] > heading_indent, line
    assert len(set(indents.values())) == 1, indents


# -- item 14: declare, rob and analyse follow solve's conventions ----------------------


def test_declare_takes_the_short_game_and_trump_options() -> None:
    long = invoke("declare", *RAMS_DECLARE, "--json")
    args = [{"--game": "-g", "--trump": "-t"}.get(a, a) for a in RAMS_DECLARE]
    short = invoke("declare", *args, "--json")
    assert long.exit_code == short.exit_code == 0, short.output
    assert long.stdout == short.stdout


def test_declare_defaults_to_spoil_five_and_the_first_seat() -> None:
    without_game = RAMS_DECLARE[2:]
    result = invoke("declare", *without_game)
    assert result.exit_code == 1 and "spoil-five" in result.stderr
    result = invoke("declare", *RAMS_DECLARE, "--json")
    assert '"seat": 1' in result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["--playing", "two"], "--playing: expected whole numbers"),
    (["--playing", "3,3"], "--playing: seat 3 given twice"),
    (["--playing", "9"], "--playing 9: the deal has seats 1 to 4"),
    (["--playing", "1", "--seat", "1"], "--playing 1: seat 1 is the seat asking (--seat)"),
    (["--seat", "9"], "--seat 9: the deal has seats 1 to 4"),
])
def test_declare_messages_name_the_option_given(args: list[str], message: str) -> None:
    base = list(RAMS_DECLARE)
    at = base.index("--playing")
    del base[at:at + 2]
    result = invoke("declare", *base, *args)
    assert result.exit_code == 1, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith("error: ") and message in line, line
    assert "--won" not in result.stderr


@pytest.mark.parametrize(("option", "value"), [("--widow", "AD KD QD JD 1D"),
                                               ("--hands", "AH KH 8C 9C 1S / QH")])
def test_declare_bad_cards_name_the_option(option: str, value: str) -> None:
    args = list(RAMS_DECLARE)
    args[args.index(option) + 1] = value
    result = invoke("declare", *args)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {option}: not a card"), result.stderr


@pytest.mark.parametrize("args", [["declare"], ["declare", "--game", "rams", "--trump", "H"],
                                  ["analyse"], ["analyse", "--seats", "1"]])
def test_nothing_to_work_on_is_a_usage_error(args: list[str]) -> None:
    result = invoke(*args)
    assert result.exit_code == 2, result.output


@pytest.mark.parametrize("option", [["--trick", "9S"], ["--won", "0,0,0"]])
def test_rob_offers_no_option_that_cannot_apply(option: list[str]) -> None:
    result = invoke("rob", "--turnup", "9D", "--hands", ROB_HANDS, *option)
    assert result.exit_code == 2, result.output
    assert "No such option" in result.stderr
    assert option[0] not in help_text("rob")


# -- item 16: human output -------------------------------------------------------------


def test_notes_name_the_asking_seat_and_its_goal() -> None:
    first = solve(example()).line[0]
    assert first.note == ("only card that keeps 3 tricks for seat 1 (others would cost "
                          "seat 1 its goal, three)")
    # Seat 3's 2C against seat 1 (the Loo example of docs/cli.md).
    loo = parse('game = "loo"\nhands = ["KH 9H 5S", "AH 3D 8C", "QH 7H 2C"]\nturn = "4C"\n')
    third = solve(loo.position).line[2]
    assert third.note == ("only card that holds seat 1 to 0 tricks (others would let seat 1 "
                          "reach its goal, not looed)")


@pytest.mark.parametrize("name", ["default", "four-hands", "renege", "forty-five", "rams",
                                  "rounce", "bierspiel", "loo"])
@pytest.mark.parametrize("goal", [None, "spoil", "2"])
def test_every_note_is_said_from_the_asking_seat(name: str, goal: str | None) -> None:
    position = example(name)
    for seat in range(position.players):
        try:
            result = solve(position, seat, goal, moves=False)
        except JinkError:
            continue  # a goal of another game
        for step in result.line:
            assert "the goal" not in step.note
            cost = step.note.partition("(others")[2]
            if cost:
                assert f"seat {seat + 1}" in cost, step.note
            if goal == "2" and "its goal" in cost:
                assert "its goal, at least 2 tricks" in cost, step.note


def human(*args: str) -> list[str]:
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def check_layout(lines: list[str], sections: list[str]) -> None:
    """No trailing spaces, no doubled blank line, and each section (named by
    the start of its first line) after a blank line."""
    assert lines and lines[0].strip() and lines[-1].strip()
    for line in lines:
        assert line == line.rstrip(), repr(line)
    for before, after in itertools.pairwise(lines):
        assert before or after, "two blank lines"
    for start in sections:
        at = [i for i, line in enumerate(lines) if line.startswith(start)]
        assert at, start
        assert all(i == 0 or lines[i - 1] == "" for i in at), (start, lines)


def test_solve_output_has_one_blank_line_between_sections() -> None:
    check_layout(human("solve", "--example"), [
        "What each seat can force", "Seat 1's legal cards", "Best play for seat 1",
        "The pool is forceable"])
    check_layout(human("solve", "--example", "four-hands"), [
        "What each seat can force", "Best play for seat 1"])


def test_analyse_output_has_one_blank_line_between_sections(game_file: Path) -> None:
    check_layout(human("analyse", str(game_file)), [
        "At the start, what each seat could force", "The record, card by card", "Summary"])


def test_rob_output_has_one_blank_line_between_sections() -> None:
    check_layout(human("rob", "--turnup", "9D", "--hands", ROB_HANDS),
                 ["Seat 1 may rob", "Each choice is solved"])


def test_other_outputs_have_no_trailing_spaces() -> None:
    check_layout(human("declare", *RAMS_DECLARE), ["Seat 1's choices"])
    check_layout(human("show", "--example"), ["Three hands at the first lead"])
    check_layout(human("rules", "rams"), ["Spades trumps", "Hearts trumps"])
    check_layout(human("legal", "--example", "renege"), [])


def test_declare_uses_the_labels_of_solve() -> None:
    text = "\n".join(human("declare", *RAMS_DECLARE))
    assert "not_ramsed" not in text and "general_rams" not in text
    header = text[:text.index("─")].split()   # the headings, wrapped as they may be
    for label in ("Max tricks", "Takes a trick (not ramsed)", "General rams (all five)",
                  "Pool share"):
        assert all(word in header for word in label.split()), (label, header)


@pytest.mark.parametrize(("args", "message"), [
    (["--turnup", "1D"], "error: --turnup: not a card: '1D'"),
    (["--trump", "D", "--trick", "ZZ"], "error: --trick: not a card: 'ZZ'"),
    (["--trump", "Q"], "error: --trump: not a suit: 'Q'"),
    (["--trump", "D", "-g", "whist"], "error: --game: unknown game 'whist'"),
    (["--trump", "D", "-o", "rob_anyway"], "error: --option"),
])
def test_position_options_are_named_as_given(args: list[str], message: str) -> None:
    hands = "5D JD AH KC 2S / 9C 8C 7C 6C 4C / KD QD 2D 3H 4H"
    for command in ("show", "solve", "legal"):
        result = invoke(command, "--hands", hands, *args)
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(message), result.stderr
    bad_hand = invoke("show", "--trump", "D", "--hands", hands.replace("2S", "2X"))
    assert bad_hand.stderr.startswith("error: --hands (seat 1): not a card: '2X'")

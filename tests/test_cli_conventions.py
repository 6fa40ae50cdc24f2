"""One convention for every command: the limits, the options, --help and the output.

Each test here names the command line a
user would type and checks what every command that takes it does alike.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.core import TyperGroup
from typer.testing import CliRunner, Result

from jink.analysis.solve import solve
from jink.cli import common
from jink.cli.app import app
from jink.errors import JinkError
from jink.formats.examples import EXAMPLES, example
from jink.formats.files import parse
from jink.games import GAMES
from jink.solver import Solver, native

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


def invoke(*args: str, input: str | None = None) -> Result:
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.toml"
    path.write_text(GAME_FILE, encoding="utf-8")
    return path


PUZZLE_FILE = GAME_FILE.replace('play = ["KD 9D 2D", "QD 4D JS"]\n', """
[puzzle]
id = "quiet-trump"
title = "The quiet trump"
story = "Only the 8S keeps three."
seat = 1
goal = "three"
key = ["8S"]
difficulty = 2
""")

DOCS = Path(__file__).parent.parent / "docs"


def _commands(command: Any, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    if isinstance(command, TyperGroup):
        for name, sub in command.commands.items():
            yield from _commands(sub, (*path, name))
    else:
        yield path


#: Every command and sub-command, read from the app itself ("puzzle check", ...).
APP = typer.main.get_command(app)
ALL_COMMANDS = [" ".join(path) for path in _commands(APP, ())]
GROUPS = ["", "puzzle"]


def params(command: str) -> dict[str, Any]:
    """A command's options, by every name they have (--game and -g)."""
    found: Any = APP
    for word in command.split():
        found = found.commands[word]
    return {name: p for p in found.params for name in (*p.opts, *p.secondary_opts)}


@pytest.fixture
def puzzle_file(tmp_path: Path) -> Path:
    path = tmp_path / "puzzle.toml"
    path.write_text(PUZZLE_FILE, encoding="utf-8")
    return path


def solving_commands(game_file: Path) -> dict[str, list[str]]:
    """Every command that searches, each with something to work on."""
    puzzle = str(game_file.parent / "puzzle.toml")
    return {
        "solve": ["solve", "--example"],
        "analyse": ["analyse", str(game_file)],
        "rob": ["rob", "--turnup", "9D", "--hands", ROB_HANDS],
        "declare": ["declare", *RAMS_DECLARE],
        "tree": ["tree", "--example"],
        "study": ["study", "--example"],
        "odds": ["odds", str(DOCS / "examples" / "late.toml"), "--deals", "3", "--seed", "1"],
        "table": ["table", "--example"],
        "batch": ["batch", "--players", "3", "--deals", "2", "--seed", "1", "--workers", "1",
                  "--db", str(game_file.parent / "batch.db")],
        "puzzle check": ["puzzle", "check", puzzle],
        "puzzle solve": ["puzzle", "solve", puzzle],
        "puzzle play": ["puzzle", "play", puzzle],
        "puzzle generate": ["puzzle", "generate", "--players", "2", "--seed", "3",
                            "--attempts", "20", "--out", str(game_file.parent / "new")],
        "session": ["session", str(_session_file(game_file.parent)), "--analyse"],
    }


SESSION_FILE = """\
game = "spoil-five"
players = ["Ann", "Bob", "Cat"]
[[deal]]
turnup = "2S"
hands = ["8S QH KD QD KC", "7S 7H 9D 4D JC", "JS QS TH 2D TC"]
play = ["8S 7S JS", "QS QH 7H", "TH KD 9D", "2D QD 4D", "KC JC TC"]
"""


def _session_file(folder: Path) -> Path:
    """A session file beside the game file (only its name, for the listing at import)."""
    path = folder / "session.toml"
    if folder.is_absolute():
        path.write_text(SESSION_FILE, encoding="utf-8")
    return path


#: Every other command: none of them searches, so none takes a limit.
OTHER_COMMANDS = ["legal", "rules", "show", "deal", "puzzle list", "puzzle show", "stats"]
SOLVING = list(solving_commands(Path("game.toml")))
#: Commands that search but run until stopped (the board's web server): they
#: take the limits and refuse bad ones here; their searches under the limits
#: are tested with the server (tests/test_serve.py).
SERVING = {"serve": ["serve", "--example", "--no-browser"]}


def test_every_command_is_listed_here() -> None:
    """A new command is held to the conventions: it fails here until it is listed
    as solving (and tested with the limits below) or not."""
    assert sorted(SOLVING + list(SERVING) + OTHER_COMMANDS) == sorted(ALL_COMMANDS)


@pytest.mark.parametrize("command", ALL_COMMANDS)
def test_the_solving_commands_and_only_they_take_the_limits(command: str) -> None:
    names = params(command)
    for option in ("--max-seconds", "--max-nodes", "--memory", "--engine", "--threads"):
        assert (option in names) == (command in SOLVING or command in SERVING), \
            (command, option)


# -- --threads, on every command that solves ------------------------------------

@pytest.mark.parametrize("command", SOLVING + list(SERVING))
@pytest.mark.parametrize("value", ["0", "65"])
def test_a_bad_thread_count_is_a_usage_error(game_file: Path, puzzle_file: Path,
                                             command: str, value: str) -> None:
    result = invoke(*{**solving_commands(game_file), **SERVING}[command], "--threads", value)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "--threads" in result.stderr


def test_batch_shares_the_cores_between_workers_and_threads(tmp_path: Path) -> None:
    cores = native.cores_available()
    result = invoke("batch", "--deals", "1", "--db", str(tmp_path / "d.db"), "--workers",
                    str(cores + 1), "--threads", "2")
    assert result.exit_code == 2, result.output
    assert "--threads" in result.stderr and f"{cores} " in result.stderr


# -- --engine, on every command that solves -------------------------------------

@pytest.mark.parametrize("command", SOLVING + list(SERVING))
def test_a_bad_engine_is_a_usage_error(game_file: Path, puzzle_file: Path,
                                       command: str) -> None:
    result = invoke(*{**solving_commands(game_file), **SERVING}[command], "--engine", "fast")
    assert result.exit_code == 2, result.output
    assert "--engine" in result.stderr and "native or python" in result.stderr


@pytest.mark.parametrize("engine", ["python", "native"])
@pytest.mark.parametrize("command", SOLVING)
def test_every_solving_command_searches_with_the_engine_asked_for(
        game_file: Path, puzzle_file: Path, command: str, engine: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    if engine == "native" and not native.available():
        pytest.fail("the compiled core is not built")
    used: list[tuple[str, int]] = []
    made = Solver.__init__

    def spy(self: Solver, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        used.append((self.engine, self.threads))

    monkeypatch.setattr(Solver, "__init__", spy)
    monkeypatch.setenv("JINK_ENGINE", "python" if engine == "native" else "native")
    # (--threads too: every command's solvers search on the threads asked for)
    try:
        result = invoke(*solving_commands(game_file)[command], "--engine", engine,
                        "--threads", "3", "--json", input="8S\n")
    finally:
        native.use_engine(None)
    assert result.exit_code == 0, result.output
    assert used and set(used) == {(engine, 3)}, (command, used)


# -- item 2 and 7: the limits, the same for every command that solves -----------------

BAD_LIMITS = [
    ("--memory", "nan"), ("--memory", "inf"), ("--memory", "0"), ("--memory", "-1"),
    ("--max-nodes", "0"), ("--max-nodes", "-5"),
    ("--max-seconds", "0"), ("--max-seconds", "-1"), ("--max-seconds", "nan"),
    ("--max-seconds", "inf"), ("--max-seconds", "1e999"),
]


@pytest.mark.parametrize("command", SOLVING + list(SERVING))
@pytest.mark.parametrize(("option", "value"), BAD_LIMITS)
def test_a_bad_limit_is_a_usage_error(game_file: Path, puzzle_file: Path, command: str,
                                      option: str, value: str) -> None:
    result = invoke(*{**solving_commands(game_file), **SERVING}[command], option, value)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert option in result.stderr and "finite number above 0" in result.stderr


#: Commands where a search past a limit is not the command's error: puzzle check
#: reports that puzzle not proved (and checks the others), puzzle generate gives
#: that deal up (and tries the next).
GIVES_UP = {"puzzle check", "puzzle generate"}
#: Commands that answer anytime: an answer the limit stops is
#: unknown (? in the tables, null in JSON) and the command succeeds.
ANYTIME = {"solve", "analyse", "serve"}


@pytest.mark.parametrize("command", SOLVING)
def test_every_solving_command_keeps_its_node_limit(game_file: Path, puzzle_file: Path,
                                                    command: str) -> None:
    # A card on stdin for the commands that read a prompt (puzzle play searches
    # only once its seat has played).
    result = invoke(*solving_commands(game_file)[command], "--max-nodes", "10", input="8S\n")
    if command in ANYTIME:
        assert result.exit_code == 0, result.output
        assert "the limit stopped this question" in result.stdout
        nodes = json.loads(invoke(*solving_commands(game_file)[command], "--max-nodes", "10",
                                  "--json").stdout)["nodes"]
        assert 0 < nodes <= 11  # the limit and one node past it, as the search counts
        return
    assert result.exit_code == 1, result.output
    if command == "puzzle check":
        assert "not proved: search stopped after" in result.stdout
        assert "(limit 10)" in result.stdout
    elif command == "puzzle generate":
        assert result.stderr.startswith("error: found 0 of 1 puzzle in 20 deals")
    elif command == "session":  # (it names the deals the limit stopped)
        assert result.stderr.startswith("error: deal 1 not analysed: search stopped after")
        assert "(limit 10)" in result.stderr and len(result.stderr.splitlines()) == 1
    else:
        assert result.stderr.startswith("error: search stopped after"), result.stderr
        assert "(limit 10)" in result.stderr and len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("command", SOLVING)
def test_every_solving_command_builds_its_search_with_search_options(
        game_file: Path, puzzle_file: Path, command: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """So an option added to Search (--engine) reaches every command at once."""
    built: list[common.Search] = []
    search = common.Search

    def spy(*args: Any, **kwargs: Any) -> common.Search:
        built.append(search(*args, **kwargs))
        return built[-1]

    monkeypatch.setattr(common, "Search", spy)
    invoke(*solving_commands(game_file)[command], "--max-nodes", "10", input="8S\n")
    assert [search.limit.nodes for search in built] == [10]


@pytest.mark.parametrize("command", sorted(GIVES_UP | ANYTIME))
def test_a_different_meaning_of_a_limit_is_said_in_the_help(command: str) -> None:
    text = flat(help_text(*command.split()))
    assert "--max-seconds" in text and "--max-nodes" in text
    if command in ANYTIME:
        assert "the questions not yet answered are unknown" in text
        assert "Stop with an error" not in text
    else:
        assert "not proved" in text if command == "puzzle check" else "give the deal up" in text


@pytest.mark.parametrize("command", SOLVING)
def test_every_solving_command_runs_within_good_limits(game_file: Path, puzzle_file: Path,
                                                       command: str) -> None:
    result = invoke(*solving_commands(game_file)[command], "--max-seconds", "60",
                    "--max-nodes", "10000000", "--memory", "16", "--json", input="8S\n")
    assert result.exit_code == 0, result.output
    assert result.stdout and all(json.loads(line) for line in result.stdout.splitlines())


# -- item 13: --help, alike for every command -------------------------------------------

def help_text(*command: str) -> str:
    result = invoke(*command, "--help")
    assert result.exit_code == 0, result.output
    return result.stdout


def flat(text: str) -> str:
    """The help without its box drawing and line breaks, to find wrapped phrases."""
    return " ".join(text.replace("│", " ").split())


@pytest.mark.parametrize("command", GROUPS + ALL_COMMANDS)
def test_help_shows_no_bool_value_and_no_default_noise(command: str) -> None:
    text = help_text(*command.split())
    assert "<bool>" not in text
    assert "[default:" not in text


@pytest.mark.parametrize("command", ALL_COMMANDS)
def test_every_option_that_takes_a_value_names_it(command: str) -> None:
    """SEAT, FILE, N: never Typer's <int> or <path>."""
    for name, param in params(command).items():
        if name.startswith("--") and param.param_type_name == "option" and not param.is_flag:
            assert param.metavar, (command, name)


@pytest.mark.parametrize("command", ALL_COMMANDS)
def test_help_keeps_every_word_of_the_options_help(command: str) -> None:
    """Rich reads [puzzle] as markup and drops it: each option's help, as
    written, is in --help word for word."""
    text = flat(help_text(*command.split()))
    seen = set()
    for param in params(command).values():
        if id(param) in seen or not getattr(param, "help", None):
            continue
        seen.add(id(param))
        assert flat(param.help.replace("\\[", "[")) in text, (command, param.help)


@pytest.mark.parametrize("command", GROUPS + ALL_COMMANDS)
def test_help_keeps_every_word_of_the_description_and_examples(command: str) -> None:
    found: Any = APP
    for word in command.split():
        found = found.commands[word]
    text = flat(help_text(*command.split()))
    for written in (found.help, found.epilog):
        if written:
            assert flat(written.replace("\\[", "[")) in text, (command, written)


@pytest.mark.parametrize("command", [c for c in ALL_COMMANDS
                                     if "--game" in params(c) or c == "rules"])
def test_help_lists_the_games(command: str) -> None:
    text = flat(help_text(*command.split()))
    for name in GAMES:
        assert name in text, name


@pytest.mark.parametrize("command", [c for c in ALL_COMMANDS if "--example" in params(c)])
def test_help_lists_the_examples(command: str) -> None:
    text = flat(help_text(*command.split()))
    for name in EXAMPLES:
        assert name in text, name


def test_help_examples_are_indented_alike() -> None:
    indents = {}
    for command in ALL_COMMANDS:
        text = help_text(*command.split())
        lines = text.splitlines()
        heading = next((i for i, line in enumerate(lines) if line.strip() == "Examples:"),
                       None)
        assert heading is not None, command
        shown = [line for line in lines[heading:]
                 if line.strip().startswith(f"jink {command}")]
        assert shown, command
        heading_indent = len(lines[heading]) - len(lines[heading].lstrip())
        for line in shown:
            indents[command, line.strip()] = len(line) - len(line.lstrip())
            assert indents[command, line.strip()] > heading_indent, line
    assert len(set(indents.values())) == 1, indents


# -- --json and the exit statuses, for every command ------------------------------------


def test_a_short_option_means_one_thing_in_every_command() -> None:
    """-n is --players everywhere (not --count in one command, --deals in another)."""
    meanings: dict[str, set[str]] = {}
    for command in ALL_COMMANDS:
        for name, param in params(command).items():
            longs = [o for o in param.opts if o.startswith("--")]
            if not name.startswith("--") and name.startswith("-") and longs:
                meanings.setdefault(name, set()).update(longs)
    assert meanings and all(len(longs) == 1 for longs in meanings.values()), meanings


@pytest.mark.parametrize("option", ["--game", "--trump", "--seat", "--seats", "--goal",
                                    "--json", "--out", "--seed", "--players",
                                    "--max-seconds", "--max-nodes", "--memory"])
def test_a_shared_option_has_one_short_name_and_metavar(option: str) -> None:
    found = {(tuple(sorted(p.opts)), p.metavar) for c in ALL_COMMANDS
             for name, p in params(c).items() if name == option}
    assert found
    assert len({opts for opts, _ in found}) == 1, found
    if option != "--out":  # a FILE or a DIR
        assert len({metavar for _, metavar in found}) == 1, found


@pytest.mark.parametrize("command", ALL_COMMANDS)
def test_every_command_has_json_output(command: str) -> None:
    assert "--json" in params(command)


@pytest.mark.parametrize("group", GROUPS)
def test_a_group_with_no_command_prints_its_help_and_exits_2(group: str) -> None:
    result = invoke(*group.split())
    assert result.exit_code == 2 and "Usage:" in result.output


@pytest.mark.parametrize("command", ALL_COMMANDS)
def test_an_unknown_option_is_a_usage_error(command: str) -> None:
    result = invoke(*command.split(), "--no-such-option")
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "No such option" in result.stderr


def bad_input(tmp_path: Path) -> dict[str, list[str]]:
    """Every command, given something it cannot work on."""
    missing = str(tmp_path / "missing.toml")
    return {
        "legal": ["legal", "--hand", "5D 1D"],
        "rules": ["rules", "whist"],
        "show": ["show", missing],
        "solve": ["solve", missing],
        "analyse": ["analyse", missing],
        "rob": ["rob", "--turnup", "1D", "--hands", ROB_HANDS],
        "declare": ["declare", "--game", "rams", "--trump", "H", "--hands", "AH ZZ"],
        "tree": ["tree", missing],
        "study": ["study", missing],
        "deal": ["deal", "--players", "3", "--trump", "S", "--holds", "1=AS,KS,QS,JS,TS,9S"],
        "odds": ["odds", missing],
        "table": ["table", missing],
        "batch": ["batch", "--positions", missing, "--db", str(tmp_path / "b.db")],
        "stats": ["stats", missing],
        "puzzle check": ["puzzle", "check", "--json", missing],
        "puzzle generate": ["puzzle", "generate", "-g", "whist", "--out", str(tmp_path)],
        "puzzle list": ["puzzle", "list", "--game", "whist"],
        "puzzle show": ["puzzle", "show", "no-such-puzzle"],
        "puzzle solve": ["puzzle", "solve", "no-such-puzzle"],
        "puzzle play": ["puzzle", "play", "no-such-puzzle"],
        "session": ["session", missing],
        "serve": ["serve", missing],
    }


def test_every_command_is_tried_with_bad_input(tmp_path: Path) -> None:
    assert sorted(bad_input(tmp_path)) == sorted(ALL_COMMANDS)


@pytest.mark.parametrize("command", ALL_COMMANDS)
def test_bad_input_is_one_error_line_and_status_1(tmp_path: Path, command: str) -> None:
    result = invoke(*bad_input(tmp_path)[command])
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith("error: "), line


def writing_commands(tmp_path: Path) -> dict[str, list[str]]:
    """Every command with --out, each with something to write."""
    positions = tmp_path / "deals.jsonl"
    positions.write_text(json.dumps(parse(GAME_FILE).to_dict()) + "\n", encoding="utf-8")
    return {
        "solve": ["solve", "--positions", str(positions)],
        "tree": ["tree", "--example", "renege"],
        "deal": ["deal", "--players", "3", "--seed", "1"],
        "odds": ["odds", str(DOCS / "examples" / "late.toml"), "--deals", "2", "--seed", "1"],
        "puzzle generate": ["puzzle", "generate", "--players", "2", "--seed", "3"],
    }


def test_every_command_with_out_is_tried_unwritable(tmp_path: Path) -> None:
    assert sorted(writing_commands(tmp_path)) == sorted(c for c in ALL_COMMANDS
                                                        if "--out" in params(c))


@pytest.mark.parametrize("command", [c for c in ALL_COMMANDS if "--out" in params(c)])
def test_an_out_that_cannot_be_written_says_so(tmp_path: Path, command: str) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    out = blocked / "out.txt"  # under a file: no folder can be made there
    result = invoke(*writing_commands(tmp_path)[command], "--out", str(out))
    assert result.exit_code == 1, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith(f"error: cannot write {out}"), line


def with_game(tmp_path: Path) -> dict[str, list[str]]:
    """Every command with --game, each with something to work on but the game."""
    hands = ["--trump", "D", "--hands", "5D JD AH KC 2S / 9C 8C 7C 6C 4C / KD QD 2D 3H 4H"]
    return {
        **{c: [c, *hands] for c in ("legal", "show", "solve", "tree", "study", "table",
                                    "serve")},
        "rob": ["rob", "--turnup", "9D", "--hands", ROB_HANDS],
        "declare": ["declare", *RAMS_DECLARE[2:]],
        "deal": ["deal", "--players", "3", "--seed", "1"],
        "batch": ["batch", "--players", "3", "--deals", "1", "--seed", "1", "--workers", "1",
                  "--db", str(tmp_path / "b.db")],
        "puzzle generate": ["puzzle", "generate", "--out", str(tmp_path)],
        "puzzle list": ["puzzle", "list"],
        "odds": ["odds", "--hand", "5D JD AH KC 2S", "--trump", "D", "--players", "3",
                 "--deals", "1", "--seed", "1"],
    }


def test_every_command_with_a_game_is_tried_with_an_empty_one(tmp_path: Path) -> None:
    assert sorted(with_game(tmp_path)) == sorted(c for c in ALL_COMMANDS
                                                 if "--game" in params(c))


@pytest.mark.parametrize("command", [c for c in ALL_COMMANDS if "--game" in params(c)])
def test_an_empty_game_is_an_unknown_game_not_the_default(tmp_path: Path,
                                                          command: str) -> None:
    result = invoke(*with_game(tmp_path)[command], "--game", "")
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith("error:") and "unknown game ''" in line, line


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


def test_puzzle_outputs_have_one_blank_line_between_sections(puzzle_file: Path) -> None:
    check_layout(human("puzzle", "list", "--game", "rams"), ["9 puzzles."])
    check_layout(human("puzzle", "show", str(puzzle_file), "--hint"), [
        "The quiet trump", "Spoil Five: spades trumps", "Seat 1 to lead", "Hint:"])
    check_layout(human("puzzle", "solve", str(puzzle_file)), [
        "The quiet trump", "Spoil Five: spades trumps", "Seat 1 to lead", "Only the 8S",
        "Key:"])
    check_layout(human("puzzle", "check", str(puzzle_file)), ["1 of 1 sound"])
    result = invoke("puzzle", "play", str(puzzle_file), input="8S\nhand\nquit\n")
    check_layout(result.stdout.splitlines(), ["The quiet trump", "Spoil Five: spades trumps",
                                              "Seat 1 to lead"])


def test_a_long_path_leaves_no_trailing_space(puzzle_file: Path, tmp_path: Path) -> None:
    # Rich wraps a line longer than the terminal and pads the break with a space.
    deep = tmp_path / ("a-folder-with-a-long-name-" * 3)
    deep.mkdir()
    moved = deep / "puzzle.toml"
    moved.write_text(puzzle_file.read_text(encoding="utf-8"), encoding="utf-8")
    lines = human("puzzle", "check", str(moved))
    assert lines and all(line == line.rstrip() for line in lines), lines


def test_study_and_odds_outputs_have_one_blank_line_between_sections() -> None:
    result = invoke("study", "--example", input="8S\nbest\n")
    check_layout(result.stdout.splitlines(), ["Seat 1, goal three", "Seat 1's legal cards",
                                              "Played since the start", "Best play for"])
    check_layout(human("odds", str(DOCS / "examples" / "late.toml"), "--deals", "5",
                       "--seed", "1"), [])


def test_one_is_singular(tmp_path: Path) -> None:
    result = invoke("odds", str(DOCS / "examples" / "late.toml"), "--deals", "1", "--seed", "1")
    assert result.exit_code == 0 and "over 1 deal of" in result.stdout, result.output
    result = invoke("puzzle", "generate", "--attempts", "1", "--seed", "5", "--max-nodes", "10",
                    "--out", str(tmp_path))
    assert result.stderr.startswith("error: found 0 of 1 puzzle in 1 deal ("), result.stderr


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


# -- the position options: declared once, the same in every command that takes a position


#: The commands that take a position, and the position options each leaves out.
POSITION_COMMANDS = {"legal": (), "show": (), "solve": (), "study": (), "tree": (),
                     "rob": ("trick", "won"), "table": ("trick", "won")}


def test_every_position_command_takes_the_position_options_from_one_place() -> None:
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    for name, without in POSITION_COMMANDS.items():
        taken = [p.name for p in commands[name].params
                 if p.name in {option for option, _ in common.POSITION_OPTIONS}]
        assert taken == [option for option, _ in common.POSITION_OPTIONS
                         if option not in without], name


def test_takes_position_gathers_the_options() -> None:
    seen: list[common.PositionOptions] = []

    @common.takes_position(without=("won",))
    def command(file: str | None = None, opts: common.PositionOptions = common.NO_POSITION,
                flag: bool = False) -> None:
        seen.append(opts)

    app_ = typer.Typer()
    app_.command()(command)
    result = CliRunner().invoke(app_, ["--game", "rams", "--option", "a=1", "--flag"])
    assert result.exit_code == 0, result.output
    assert seen == [common.PositionOptions(game="rams", options=["a=1"])]
    refused = CliRunner().invoke(app_, ["--won", "1,0"])
    assert refused.exit_code == 2

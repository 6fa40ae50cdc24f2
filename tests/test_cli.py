"""The ``jink`` command through Typer's CliRunner: output, JSON, exit codes, errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from jink.cli.app import app
from jink.formats import files
from jink.formats.examples import EXAMPLES, example

# Plain text whatever the terminal asks for, so the assertions see no colour codes.
runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})

HANDS = "5D JD AH KC 2S / 9C 8C 7C 6C 4C / KD QD 2D 3H 4H"


def run(*args: str, code: int = 0) -> Result:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.stdout, result.stderr)
    return result


def names(text: str) -> list[str]:
    return text.split()


def run_json(*args: str) -> list[dict[str, Any]]:
    result = run(*args, "--json")
    return [json.loads(line) for line in result.stdout.splitlines()]


# -- jink legal ------------------------------------------------------------------------


def test_legal_exact_json():
    result = run("legal", "--game", "spoil-five", "--trump", "S", "--hand", "2S AH 5D",
                 "--trick", "3S", "--json")
    assert result.stdout == '{"legal": ["2S", "AH"]}\n'
    assert result.stderr == ""


# Foster's examples of following and reneging (RULINGS.md, Spoil Five 2 and 3).
FOSTER = [
    # A trump lead with a privileged card and a smaller trump: play one of them.
    ("S", "2S AH 5D", "3S", ["2S", "AH"]),
    ("S", "JS 3S 2H", "8S", ["JS", "3S"]),
    # The 5 led: no one may refuse, whatever trumps he holds.
    ("S", "JS 2H 3D", "5S", ["JS"]),
    ("S", "AH 2H 3D", "5S", ["AH"]),
    # The J led: the lone 5 need not be played.
    ("S", "5S 2H 3D", "JS", ["5S", "2H", "3D"]),
    # The A♥ led: neither the lone J nor the lone 5 need be played.
    ("S", "JS 2H 3D", "AH", ["JS", "2H", "3D"]),
    ("S", "5S 4C", "AH", ["5S", "4C"]),
    # The 5 played on an 8 led: the lead was inferior, the lone J may renege.
    ("S", "JS 2H", "8S 5S", ["JS", "2H"]),
    ("S", "AH 2D", "8S 5S", ["AH", "2D"]),
    # The J led, the holder of the lone A♥ (ranking below it) must play it.
    ("S", "AH 2D", "JS", ["AH"]),
    # A plain suit led: follow or trump, never discard while holding the suit.
    ("S", "5D 2S KH", "4D", ["2S", "5D"]),
    ("S", "KH 2D", "4C", ["KH", "2D"]),
    # The A♥ is not a heart: with no other heart, the hand is void in hearts.
    ("D", "AH 9C 2D", "KH", ["AH", "2D", "9C"]),
    # Hearts trumps: the A♥ is the third trump and may renege to a low trump.
    ("H", "AH 2C", "4H", ["AH", "2C"]),
]


@pytest.mark.parametrize(("trump", "hand", "trick", "expected"), FOSTER)
def test_legal_foster(trump, hand, trick, expected):
    [out] = run_json("legal", "--trump", trump, "--hand", hand, "--trick", trick)
    assert out == {"legal": expected}


def test_legal_lead_is_any_card_best_first():
    [out] = run_json("legal", "--trump", "S", "--hand", "2S 5S JS AH 3D")
    assert out == {"legal": ["5S", "JS", "2S", "AH", "3D"]}


def test_legal_accepts_any_notation_and_turnup():
    [out] = run_json("legal", "--turnup", "9s", "--hand", "2♠ a♥, 5d", "--trick", "3s")
    assert out == {"legal": ["2S", "AH"]}


def test_legal_human():
    result = run("legal", "--trump", "S", "--hand", "2S AH 5D", "--trick", "3S")
    assert "2♠ A♥" in result.stdout and "5♦" not in result.stdout


def test_legal_of_a_position():
    [out] = run_json("legal", "--example", "renege")
    assert out == {"legal": ["5S", "JH", "TC"], "seat_to_play": 2}
    result = run("legal", "--trump", "D", "--hands", HANDS)
    assert "Seat 1 to lead" in result.stdout


def test_legal_of_every_line_of_a_jsonl_file(tmp_path):
    path = tmp_path / "deals.jsonl"
    path.write_text(files.dumps_jsonl([example("default"), example("renege")]))
    outs = run_json("legal", str(path))
    assert [o["seat_to_play"] for o in outs] == [1, 2]


# -- jink rules ------------------------------------------------------------------------


def test_rules_json_for_every_trump():
    [out] = run_json("rules", "spoil-five")
    assert out["game"] == "spoil-five" and out["title"] == "Spoil Five"
    assert out["players"] == [2, 10]
    assert sorted(out["rankings"]) == ["C", "D", "H", "S"]
    for trump, ranking in out["rankings"].items():
        trumps = ranking["trumps"]
        assert trumps[:3] == ["5" + trump, "J" + trump, "AH"]
        assert [c[0] for c in trumps].count("5") == 1  # Foster's misprint is not copied
        assert len(trumps) == (13 if trump == "H" else 14)
        assert len(set(trumps)) == len(trumps)
        assert sorted(ranking["plain"]) == sorted(set("SHDC") - {trump})
        for suit, order in ranking["plain"].items():
            assert "AH" not in order
            assert all(c[1] == suit for c in order)
            assert order[:3] == ["K" + suit, "Q" + suit, "J" + suit]
    assert out["rankings"]["D"]["trumps"] == names("5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D")
    assert out["rankings"]["S"]["trumps"] == names("5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S TS")
    assert out["rankings"]["H"]["trumps"] == names("5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H")
    assert out["rankings"]["S"]["plain"]["C"][3:5] == ["AC", "2C"]
    assert "renege" in out["following"] or "reneging" in out["following"]
    [option] = out["options"]
    assert (option["name"], option["default"]) == ("compulsory_rob", False)
    assert option["help"]


def test_rules_human():
    result = run("rules")
    for heading in ("Spades trumps", "Hearts trumps", "Diamonds trumps", "Clubs trumps"):
        assert heading in result.stdout
    assert "5 J A♥ A K Q 10 9 8 7 6 4 3 2" in result.stdout
    # each question once, by its name, then its label where that says more
    questions = " ".join(result.stdout.split("Questions (jink solve --goal NAME):")[1].split())
    assert questions == "three: Three (pool); jink: Jink (all five); spoil; or a number of tricks."


@pytest.mark.parametrize("game, names", [
    ("forty-five", ["rob_with_king", "turned_ace_or_king_scores"]),
    ("bierspiel", ["turned_seven_of_diamonds", "eldest_robs_if_dealer_passes"]),
    ("spoil-five", []),
])
def test_rules_name_what_is_not_modelled_with_its_source(game: str, names: list[str]) -> None:
    """Foster's variations jink does not model (Forty-Five: "robbing with the
    King, if the ace is not in play; counting five for the dealer's side if
    the ace or King is turned up"; Bierspiel: the turned-up 7D, and "If the
    dealer passes, the eldest hand may take up the trump" read as a rob in
    every deal) are named by jink rules, each with Foster's words, and an
    option of that name is refused as not modelled, not as unknown."""
    [out] = run_json("rules", game)
    assert [u["name"] for u in out["not_modelled"]] == names
    human = " ".join(run("rules", game).stdout.split())
    for rule in out["not_modelled"]:
        assert rule["source"].startswith(f"Foster, {out['title']}: '")
        assert f"Not modelled, {rule['name']}: " in human and rule["source"] in human
    for name in names:
        result = run("solve", "-g", game, "--trump", "S", "--hands",
                     "AS KS QS JS TS / AH KH QH JH TH", "--option", f"{name}=true", code=1)
        assert f"option {name!r} is not modelled by jink" in result.stderr


# -- jink show -------------------------------------------------------------------------


def test_show_human():
    result = run("show", "--trump", "D", "--hands", HANDS, "--won", "0,0,0")
    out = result.stdout
    assert "Spoil Five" in out and "diamonds trumps" in out
    assert "5 J A♥" in out  # seat 1's trumps, best first, the A♥ among them
    assert "seat 1 to play" in out


def test_show_mid_trick():
    result = run("show", "--example", "renege")
    assert "6♠" in result.stdout and "seat 2 to play" in result.stdout
    assert "winning the trick with 6♠" in result.stdout


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_show_json_is_the_object_form(name):
    [out] = run_json("show", "--example", name)
    assert out == files.position_to_dict(example(name))
    assert files.position_from_dict(out) == example(name)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_solve_each_example_asks_its_games_question(name):
    [out] = run_json("solve", "--example", name, "--no-line")
    game = example(name).game
    asked = game.winning_question or game.questions(example(name).players)[0].name
    assert out["game"] == game.name and out["question"]["goal"] == asked
    assert all(asked in seat for seat in out["seats"])


def test_show_example_says_what_it_shows():
    text = " ".join(run("show", "--example", "rams").stdout.split())
    assert "Seat 1's one trump is the 9♣" in text
    assert "humble 8♠" not in text  # the note of this example only
    assert "humble" not in run("show", "--trump", "S", "--hands", "8S / 7S", "--won", "2,2").stdout


def test_show_marks_a_face_down_lead():
    hands = "AH KH 8C TD / 7D 9C JH AC / KS 8S KC QD 7H"
    forced = run("show", "--game", "bierspiel", "--trump", "S", "--hands", hands,
                 "--trick", "8H QS").stdout
    assert "8♥ (face down)" in forced
    # The third trick is not forced with three seats: an 8♥ lead is a plain lead.
    played = run("show", "--game", "bierspiel", "--trump", "S", "--hands",
                 "AH KH / 9C QS / KS 8S KC", "--won", "1,1,0", "--trick", "8H JH").stdout
    assert "8♥" in played and "face down" not in played


def test_show_names_the_partners():
    assert "Partners: seats 1 and 3 against seats 2 and 4." in \
        run("show", "--example", "forty-five").stdout
    two = run("show", "--game", "forty-five", "--trump", "S", "--hands",
              "AH KH 8C TD 2S / 7D 9C JH AC 3S").stdout
    assert "Partners" not in two
    assert "Partners" not in run("show", "--example", "four-hands").stdout


def test_legal_lone_hand_with_the_seats_in_the_play():
    """Bierspiel's forced leads need the seats in the play: with three, the
    first two leads are trumps (else the lowest card face down), the third free."""
    hand = ["--game", "bierspiel", "--trump", "S", "--hand"]
    [out] = run_json("legal", *hand, "AH KH 8C TD 8H", "--players", "3")
    assert out == {"legal": ["8H", "8C"]}  # no trump: the lowest rank, face down
    [out] = run_json("legal", *hand, "AH KH 8S TD", "--players", "3", "--tricks-done", "1")
    assert out == {"legal": ["8S"]}
    [out] = run_json("legal", *hand, "AH KH 8S", "--players", "3", "--tricks-done", "2")
    assert out == {"legal": ["8S", "AH", "KH"]}
    # With two in the play only the first lead is forced.
    [out] = run_json("legal", *hand, "AH KH 8S TD", "--players", "2", "--tricks-done", "1")
    assert out == {"legal": ["8S", "AH", "KH", "TD"]}
    # Past the forced tricks the count does not matter, and need not be given.
    [out] = run_json("legal", *hand, "AH 8S", "--tricks-done", "3")
    assert out == {"legal": ["8S", "AH"]}


def test_legal_lone_hand_in_a_loo_simple_pool():
    """No trump yet: follow and head, else any card (the turn changes no duty
    within the trick)."""
    [out] = run_json("legal", "--game", "loo", "--hand", "AH KH 8C", "--trick", "QH")
    assert out == {"legal": ["AH", "KH"]}
    [out] = run_json("legal", "--game", "loo", "--hand", "AH KH 8C", "--trick", "3D")
    assert out == {"legal": ["AH", "KH", "8C"]}
    assert "(no trump yet)" in run("legal", "--game", "loo", "--hand", "8C", "--trick",
                                   "3D").stdout


def test_solve_some_seats_only():
    [out] = run_json("solve", "--example", "--seat", "2", "--seats", "3", "--no-line")
    assert [v["seat"] for v in out["seats"]] == [2, 3] and out["forceable"] is None
    text = run("solve", "--example", "--seats", "2,3", "--no-line", "--no-moves").stdout
    assert "No seat solved (1, 2, 3)" not in text  # seat 1 asked: solved, and it forces
    assert "The pool is forceable by seat 1." in text
    text = run("solve", "--example", "--seat", "2", "--seats", "3", "--no-line",
               "--no-moves").stdout
    assert "No seat solved (2, 3) can force three tricks; the other seats were not solved." \
        in " ".join(text.split())


def test_show_default_example():
    [out] = run_json("show", "--example")
    assert files.position_from_dict(out) == example()


def test_show_file_toml_and_jsonl(tmp_path):
    p = example("renege")
    (tmp_path / "a.toml").write_text(files.dumps(p))
    (tmp_path / "b.jsonl").write_text(files.dumps_jsonl([p, example()]))
    assert [files.position_from_dict(o) for o in run_json("show", str(tmp_path / "a.toml"))] \
        == [p]
    assert [files.position_from_dict(o) for o in run_json("show", str(tmp_path / "b.jsonl"))] \
        == [p, example()]
    assert "Spoil Five" in run("show", str(tmp_path / "a.toml")).stdout


def test_show_options_round_trip():
    [out] = run_json("show", "--turnup", "9D", "--hands", HANDS, "--option",
                     "compulsory_rob=true")
    assert out["options"] == {"compulsory_rob": True} and out["turnup"] == "9D"


# -- help and errors -------------------------------------------------------------------


@pytest.mark.parametrize("command", ["legal", "rules", "show"])
def test_help_has_an_example(command):
    result = run(command, "--help")
    assert "Examples" in result.stdout and f"jink {command}" in result.stdout


def test_no_command_shows_help():
    result = runner.invoke(app, [])
    assert "legal" in result.output and "show" in result.output


BAD = [
    # bad card
    (["show", "--trump", "D", "--hands", HANDS.replace("2S", "2X")], "not a card: '2X'"),
    (["legal", "--trump", "S", "--hand", "2S 1H"], "--hand: not a card: '1H'"),
    # duplicate card in a hand
    (["show", "--trump", "D", "--hands", HANDS.replace("2S", "5D")], "5♦ given twice"),
    # a card in two hands
    (["show", "--trump", "D", "--hands", HANDS.replace("4C", "5D")],
     "5♦ is in the hand of seat 1 and in the hand of seat 2"),
    (["legal", "--trump", "S", "--hand", "2S AH", "--trick", "2S"], "in the hand and in the trick"),
    # wrong hand size
    (["show", "--trump", "D", "--hands", HANDS.replace(" 4C", "")], "seat 2 holds 4 cards"),
    (["legal", "--trump", "S", "--hand", "2S 3S 4S 5S 6S 7S"], "holds 6 cards"),
    # trick counts that do not add up
    (["show", "--trump", "D", "--hands", HANDS, "--won", "1,0,0"], "should hold 4"),
    (["show", "--trump", "D", "--hands", HANDS, "--won", "0,0"], "won lists 2 seats"),
    # unknown game
    (["show", "--game", "whist", "--trump", "D", "--hands", HANDS], "unknown game 'whist'"),
    (["rules", "whist"], "unknown game 'whist'"),
    (["legal", "--game", "whist", "--trump", "S", "--hand", "2S"], "unknown game 'whist'"),
    # unknown option
    (["show", "--trump", "D", "--hands", HANDS, "-o", "rob_anyway=true"],
     "unknown option 'rob_anyway'"),
    (["legal", "--trump", "S", "--hand", "2S", "-o", "rob_anyway"], "unknown option 'rob_anyway'"),
    (["show", "--trump", "D", "--hands", HANDS, "-o", "compulsory_rob=maybe"], "true or false"),
    # missing file, unknown example, other bad input
    (["show", "no-such-file.toml"], "cannot read no-such-file.toml: No such file"),
    (["legal", "no-such-file.jsonl"], "cannot read no-such-file.jsonl"),
    (["show", "--example", "nope"], "unknown example 'nope'"),
    (["show", "--hands", HANDS], "needs a trump suit"),
    (["show", "--trump", "Z", "--hands", HANDS], "not a suit: 'Z'"),
    (["show", "--trump", "D", "--hands", HANDS, "--leader", "4"], "leader"),
    (["show", "--trump", "D", "--hands", HANDS, "--trick", "[bold]x"], "not a card: '[bold]x'"),
    (["legal", "--hand", "2S AH"], "--trump: give the trump suit"),
    # seats with --hand
    (["legal", "--game", "bierspiel", "--trump", "S", "--hand", "AH KH 8C TD 8H"],
     "--players: bierspiel: the duties of the first 3 tricks depend on how many play"),
    (["legal", "--game", "forty-five", "--trump", "S", "--hand", "2S", "--players", "3"],
     "forty-five takes 2, 4 or 6 players, not 3"),
    (["legal", "--trump", "S", "--hand", "2S", "--players", "2", "--trick", "3S 4S"],
     "the trick holds 2 cards; with 2 players it is complete"),
    # the seats to solve
    (["solve", "--example", "--seats", "4"], "--seats 4: the deal has seats 1 to 3"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_input_is_one_line_and_exit_1(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output


def test_bad_file_says_where(tmp_path):
    path = tmp_path / "deal.toml"
    path.write_text('game = "spoil-five"\ntrump = "D"\nhands = [\n')
    result = runner.invoke(app, ["show", str(path)])
    assert result.exit_code == 1
    assert "deal.toml, line 3: not valid TOML" in result.stderr
    path.write_text('game = "spoil-five"\ntrump = D\nhands = []\n')
    result = runner.invoke(app, ["show", str(path)])
    assert "deal.toml, line 2: not valid TOML: Invalid value (column 9)" in result.stderr
    path = tmp_path / "deals.jsonl"
    good = files.dumps_jsonl([example()])
    path.write_text(good + good.replace('"game"', '"games"'))
    result = runner.invoke(app, ["show", str(path), "--json"])
    assert result.exit_code == 1
    assert "deals.jsonl, line 2, games: unknown key" in result.stderr


@pytest.mark.parametrize("args", [
    ["show", "deal.toml", "--hands", HANDS],       # a FILE and options
    ["show"],                                       # no position
    ["show", "--example", "--trump", "S"],          # an example and options
    ["legal", "--hand", "2S", "--hands", HANDS],    # one hand and a whole deal
    ["legal", "--example", "--tricks-done", "1"],   # --tricks-done without --hand
    ["legal", "--example", "--players", "3"],       # --players without --hand
    ["solve", "loo.toml", "--expected", "--seats", "1"],  # --expected solves every seat
    ["show", "--leader", "one"],                    # not a number
    ["rules", "--no-such-flag"],
])
def test_usage_errors_exit_2(args):
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("args", "message"), [
    # a value that is not of its kind is a misused command line, whatever the option
    (["show", "--trump", "D", "--hands", HANDS, "--won", "one"],
     "Invalid value for '--won': expected whole numbers"),
    (["solve", "--example", "--seats", "2,2"], "Invalid value for '--seats': seat 2 given twice"),
    (["solve", "--example", "--seats", "two"], "Invalid value for '--seats': expected whole"),
    (["solve", "--example", "--seats", ","], "Invalid value for '--seats': give at least one"),
    (["deal", "--players", "-3"], "Invalid value for '--players'"),
    (["declare", "--game", "rams", "--hands", "5S JS AH KD 2C / - / - / -", "--turnup", "7S",
      "--playing", "two"], "Invalid value for '--playing': expected whole numbers"),
    (["deal", "--players", "abc"], "Invalid value for '--players'"),
    (["batch", "--deals", "1", "--players", "0", "--db", "x.db"],
     "Invalid value for '--players'"),
])
def test_a_value_not_of_its_kind_exits_2(args, message):
    result = runner.invoke(app, args, terminal_width=200)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.stderr.replace("│", " ").split())
    assert "Traceback" not in result.output


def test_version():
    result = run("--version")
    assert result.stdout.startswith("jink ")

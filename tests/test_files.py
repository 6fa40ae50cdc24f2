"""Position files: TOML and JSON lines round trips, and every error saying where."""

from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jink.cards import cardset, parse_card, parse_cards
from jink.errors import JinkError, ParseError, PositionError, UnknownNameError
from jink.formats import files
from jink.formats.examples import EXAMPLES, example, example_file
from jink.formats.files import PositionFile
from jink.games.spoil_five import SPOIL_FIVE
from jink.position import Position

THREE_HANDS = """\
game = "spoil-five"
trump = "D"
hands = ["5D JD AH KC 2S", "9C 8C 7C 6C 4C", "KD QD 2D 3H 4H"]
"""


def toml(**keys: object) -> str:
    """THREE_HANDS with keys replaced or added (values as TOML text)."""
    lines = {"game": '"spoil-five"', "trump": '"D"',
             "hands": '["5D JD AH KC 2S", "9C 8C 7C 6C 4C", "KD QD 2D 3H 4H"]'}
    lines.update({k: str(v) for k, v in keys.items()})
    return "".join(f"{k} = {v}\n" for k, v in lines.items() if v != "DROP")


def random_position(rnd: random.Random, players: int, plays: int, turnup: bool,
                    rob: bool) -> Position:
    deck = list(range(52))
    rnd.shuffle(deck)
    hands = [cardset(deck[5 * i:5 * i + 5]) for i in range(players)]
    turned = deck[5 * players]
    p = Position.create(SPOIL_FIVE, turned // 13, hands, leader=rnd.randrange(players),
                        turnup=turned if turnup else None,
                        options={"compulsory_rob": rob})
    for _ in range(plays):
        if p.is_over:
            break
        p = p.play(rnd.choice(p.legal_cards()))
    return p


# -- round trips -----------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 10), st.integers(0, 50),
       st.booleans(), st.booleans())
def test_round_trip_toml_and_jsonl(rnd, players, plays, turnup, rob):
    p = random_position(rnd, players, plays, turnup, rob)
    assert files.loads(files.dumps(p)) == p
    assert list(files.loads_jsonl(files.dumps_jsonl([p, p]))) == [p, p]
    assert files.position_from_dict(json.loads(json.dumps(files.position_to_dict(p)))) == p


def test_dumps_is_canonical():
    p = files.loads(toml(hands='["5d, jd, a♥ kc 2♠", "9c 8c 7c 6c 4c", "kd qd 2d 3h 4h"]',
                         trump='"♦"'))
    assert files.dumps(p) == (
        'game = "spoil-five"\n'
        'trump = "D"\n'
        'hands = ["2S AH 5D JD KC", "4C 6C 7C 8C 9C", "4H 3H KD QD 2D"]\n'
        "leader = 1\n"
        'trick = ""\n'
        "won = [0, 0, 0]\n")
    assert files.loads(files.dumps(p)) == p


def test_dumps_writes_changed_options_and_turnup():
    p = files.loads(toml(trump="DROP", turnup='"10d"') + "[options]\ncompulsory_rob = true\n")
    text = files.dumps(p)
    assert 'turnup = "TD"' in text
    assert text.endswith("\n[options]\ncompulsory_rob = true\n")
    assert files.loads(text) == p
    assert p.options["compulsory_rob"] is True


def test_defaults_leader_trick_won():
    p = files.loads(THREE_HANDS)
    assert (p.leader, p.trick, p.won, p.turnup) == (0, (), (0, 0, 0), None)


def test_a_trick_in_progress():
    p = files.loads(toml(hands='["5D JD AH KC", "9C 8C 7C 6C 4C", "KD QD 2D 3H"]',
                         leader=3, trick='"4H 2S"'))
    assert p.leader == 2 and p.trick == tuple(parse_cards("4H 2S"))
    assert p.seat_to_play == 1
    assert files.loads(files.dumps(p)) == p


def test_turn_is_only_for_loo():
    # The card a Loo simple pool will turn means nothing in Spoil Five.
    error = error_of(toml(turn='"9h"'))
    assert isinstance(error, PositionError)
    assert "turn (the card to be turned) is for Loo simple pools" in str(error)


def test_play_is_kept():
    text = toml(play='["5d 9c kd"]')
    file = files.parse(text)
    assert file.position.turn is None
    assert file.play == (tuple(parse_cards("5D 9C KD")),)
    again = files.parse(files.dumps(file))
    assert again == file
    assert files.position_to_dict(file)["play"] == ["5D 9C KD"]
    [line] = files.parse_jsonl(files.dumps_jsonl([file]))
    assert line.result == file


def test_load_and_dump_file_objects(tmp_path):
    p = files.loads(THREE_HANDS)
    out = io.StringIO()
    files.dump(p, out)
    assert files.load(io.StringIO(out.getvalue())) == p
    assert files.load(io.BytesIO(out.getvalue().encode())) == p
    assert list(files.load_jsonl(io.StringIO(files.dumps_jsonl([p])))) == [p]


def test_read_by_suffix(tmp_path):
    p = files.loads(THREE_HANDS)
    (tmp_path / "a.toml").write_text(files.dumps(p))
    (tmp_path / "b.jsonl").write_text(files.dumps_jsonl([p, p]) + "\n")
    (tmp_path / "c.json").write_text(json.dumps(files.position_to_dict(p), indent=2))
    assert [f.position for f in files.read(tmp_path / "a.toml")] == [p]
    assert [f.position for f in files.read(tmp_path / "b.jsonl")] == [p, p]
    assert [f.position for f in files.read(tmp_path / "c.json")] == [p]


def test_read_missing_file_is_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        files.read(tmp_path / "nowhere.toml")


# -- errors say where ------------------------------------------------------------------


def error_of(text: str) -> JinkError:
    with pytest.raises(JinkError) as info:
        files.parse(text)
    error = info.value
    assert isinstance(error, ParseError | PositionError)
    assert isinstance(error, ValueError)
    return error


def test_toml_syntax_error_gives_the_line():
    error = error_of('game = "spoil-five"\ntrump = "D"\nhands = ["5D" "JD"]\n')
    assert isinstance(error, ParseError)
    assert str(error).startswith("line 3: not valid TOML")
    assert error.where == "line 3"


def test_unknown_key_gives_key_and_line():
    error = error_of(THREE_HANDS + "dealer = 3\n")
    assert isinstance(error, ParseError)
    assert "line 4" in str(error) and "dealer" in str(error) and "unknown key" in str(error)


def test_bad_card_gives_the_seat():
    error = error_of(toml(hands='["5D JD AH KC 2S", "9C 8C 7C 6C 1C", "KD QD 2D 3H 4H"]'))
    assert isinstance(error, ParseError)
    assert str(error).startswith("line 3, hands (seat 2): not a card: '1C'")


def test_duplicate_card_in_a_hand():
    error = error_of(toml(hands='["5D JD AH KC 5d", "9C 8C 7C 6C 4C", "KD QD 2D 3H 4H"]'))
    assert "hands (seat 1)" in str(error) and "5D given twice" in str(error)


def test_card_in_two_hands():
    error = error_of(toml(hands='["5D JD AH KC 2S", "9C 8C 7C 6C 5D", "KD QD 2D 3H 4H"]'))
    assert isinstance(error, PositionError)
    assert "5D is in the hand of seat 1 and in the hand of seat 2" in str(error)


def test_card_in_a_hand_and_the_trick():
    error = error_of(toml(hands='["5D JD AH KC", "9C 8C 7C 6C 4C", "KD QD 2D 3H 4H"]',
                          trick='"2S 4C"'))
    assert isinstance(error, PositionError) and "4C" in str(error)


def test_bad_hand_sizes():
    error = error_of(toml(hands='["5D JD AH KC 2S", "9C 8C 7C 6C", "KD QD 2D 3H 4H"]'))
    assert isinstance(error, PositionError)
    assert "seat 2 holds 4 cards, should hold 5" in str(error)


def test_won_that_does_not_add_up():
    error = error_of(toml(won="[1, 0, 0]"))
    assert isinstance(error, PositionError) and "should hold 4" in str(error)
    error = error_of(toml(won="[0, 0]"))
    assert "won lists 2 seats" in str(error)


def test_unknown_game():
    error = error_of(toml(game='"whist"'))
    assert isinstance(error, ParseError)
    assert str(error).startswith("line 1, game: unknown game 'whist'")


def test_unknown_option():
    error = error_of(THREE_HANDS + "\n[options]\nrob_anyway = true\n")
    assert isinstance(error, ParseError)
    assert "line 6, options (rob_anyway)" in str(error)
    assert "unknown option 'rob_anyway'" in str(error)


def test_option_that_is_not_a_boolean():
    error = error_of(THREE_HANDS + "[options]\ncompulsory_rob = 1\n")
    assert "options (compulsory_rob)" in str(error) and "true or false" in str(error)


@pytest.mark.parametrize(("key", "value", "expected"), [
    ("leader", '"1"', "leader: expected an integer, got a string"),
    ("leader", "true", "leader: expected an integer, got a boolean"),
    ("won", "[true, 0, 0]", "won: expected a list of integers"),
    ("won", "3", "won: expected a list of integers, got an integer"),
    ("hands", '"5D JD AH KC 2S"', "hands: expected a list of strings, got a string"),
    ("hands", '[["5D"], ["JD"]]', "hands: expected a list of strings, got a list holding"),
    ("trick", '["4H"]', "trick: expected a string, got a list"),
    ("trump", "2", "trump: expected a string, got an integer"),
    ("trump", '"X"', "trump: not a suit: 'X'"),
    ("turnup", '"9X"', "turnup: not a card: '9X'"),
    ("options", "3", "options: expected a table, got an integer"),
    ("play", '"5D 9C KD"', "play: expected a list of strings, got a string"),
    ("play", '["5D 9C XX"]', "play (trick 1): not a card: 'XX'"),
    ("turn", '"5X"', "turn: not a card: '5X'"),
])
def test_wrong_types_and_values(key, value, expected):
    error = error_of(toml(**{key: value}))
    assert isinstance(error, ParseError)
    assert expected in str(error)
    assert "line" in str(error)


def test_missing_keys():
    assert "game: missing" in str(error_of(toml(game="DROP")))
    assert "hands: missing" in str(error_of(toml(hands="DROP")))
    assert "needs a trump suit" in str(error_of(toml(trump="DROP")))


def test_trump_and_turnup_disagree():
    error = error_of(toml(turnup='"9S"'))
    assert isinstance(error, PositionError) and "turn-up 9S" in str(error)


def test_file_name_in_messages(tmp_path):
    path = tmp_path / "deal.toml"
    path.write_text(toml(hands='["5D JD AH KC 2S", "9C 8C 7C 6C", "KD QD 2D 3H 4H"]'))
    with pytest.raises(PositionError, match=r"deal\.toml: seat 2 holds 4 cards"):
        files.read(path)
    path.write_text(THREE_HANDS + "x = 1\n")
    with pytest.raises(ParseError, match=r"deal\.toml, line 4, x: unknown key"):
        files.read(path)
    path.write_bytes(b'game = "spoil-five"\n\xff\n')
    with pytest.raises(ParseError, match="not UTF-8"):
        files.read(path)


# -- JSON lines ------------------------------------------------------------------------

GOOD = json.dumps({"game": "spoil-five", "trump": "D",
                   "hands": ["5D JD AH KC 2S", "9C 8C 7C 6C 4C", "KD QD 2D 3H 4H"]})


def test_jsonl_errors_name_their_line():
    text = "\n".join([
        GOOD,                                        # 1
        "",                                          # 2: blank, skipped
        GOOD.replace('"trump"', '"trumps"'),         # 3: unknown key
        '{"game": "spoil-five",',                    # 4: bad JSON
        "[1, 2]",                                    # 5: not an object
        GOOD.replace("4C", "5D"),                    # 6: card in two hands
        GOOD,                                        # 7
    ])
    entries = list(files.parse_jsonl(text))
    assert [e.line for e in entries] == [1, 3, 4, 5, 6, 7]
    results = [e.result for e in entries]
    assert isinstance(results[0], PositionFile) and isinstance(results[5], PositionFile)
    messages = [str(r) for r in results[1:5]]
    assert messages[0].startswith("line 3, trumps: unknown key")
    assert messages[1].startswith("line 4: not valid JSON")
    assert messages[2] == "line 5: expected a JSON object, got a list"
    assert messages[3].startswith("line 6: 5D is in the hand of seat 1")
    with pytest.raises(ParseError, match=r"^line 3, trumps"):
        list(files.loads_jsonl(text))


def test_jsonl_file_name_and_line(tmp_path):
    path = tmp_path / "deals.jsonl"
    path.write_text(GOOD + "\n" + GOOD.replace("KC", "KX") + "\n")
    with pytest.raises(ParseError, match=r"deals\.jsonl, line 2, hands \(seat 1\)"):
        files.read(path)


def test_jsonl_wrong_types():
    bad = json.loads(GOOD)
    bad["leader"] = 1.0
    [entry] = files.parse_jsonl(json.dumps(bad))
    assert str(entry.result) == "line 1, leader: expected an integer, got a float"


# -- the built-in examples -------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_examples_load_and_round_trip(name):
    p = example(name)
    assert files.loads(EXAMPLES[name]) == p
    assert files.loads(files.dumps(p)) == p
    assert example_file(name).position == p


def test_unknown_example():
    with pytest.raises(UnknownNameError, match="examples: default"):
        example("nope")


@pytest.mark.parametrize(("name", "seat", "only_card"), [
    ("default", 0, "8S"), ("four-hands", 0, "AH"), ("renege", 1, "TC")])
def test_examples_say_true(name, seat, only_card):
    """Each example's comment: the seat forces three, not a jink, with one card only."""
    from jink.analysis.solve import solve

    result = solve(example(name))
    verdict = result.verdicts[seat]
    assert verdict.three and not verdict.jink
    assert result.position.seat_to_play == seat
    keeping = [m.card for m in result.moves if m.max_tricks >= 3]
    assert keeping == [parse_card(only_card)]


# Each family example's comment, card by card: seat 1's tricks after each lead.
FAMILY_EXAMPLES = {
    "forty-five": {"QH": 4, "8S": 3, "6H": 3, "4D": 3, "3C": 3},
    "rams": {"9C": 3, "TS": 1, "QH": 1, "QD": 1, "TD": 1},
    "rounce": {"8S": 4, "QS": 3, "KC": 3, "TH": 2, "6C": 2},
    "bierspiel": {"7D": 4, "9C": 3, "7C": 3},
    "loo": {"QS": 2, "QH": 1, "AC": 1},
}


@pytest.mark.parametrize("name", sorted(FAMILY_EXAMPLES))
def test_family_examples_say_true(name):
    """The comment's claim: one lead makes the most tricks, the others what it says."""
    from jink.analysis.solve import solve

    position = example(name)
    assert position.game.name == name and position.seat_to_play == 0
    result = solve(position, line=False)
    scored = {m.card: m.max_tricks for m in result.moves}
    assert scored == {parse_card(c): n for c, n in FAMILY_EXAMPLES[name].items()}
    assert result.verdicts[0].max_tricks == max(scored.values())


# -- text that is not UTF-8 -----------------------------------------


def test_jsonl_bytes_report_each_line_that_is_not_utf8():
    # A bad line does not hide the good ones, and says its line number.
    data = (GOOD.encode() + b"\n" + b'{"game": "spoil-five\xff"}\n' + b"\n"
            + b"\xe9t\xe9\n" + GOOD.encode() + b"\n")
    entries = list(files.parse_jsonl(data, source="deals.jsonl"))
    assert [e.line for e in entries] == [1, 2, 4, 5]
    assert isinstance(entries[0].result, PositionFile)
    assert isinstance(entries[3].result, PositionFile)
    for entry in entries[1:3]:
        assert isinstance(entry.result, ParseError)
        assert str(entry.result).startswith(f"deals.jsonl, line {entry.line}: not UTF-8 text")


def test_jsonl_bytes_with_a_byte_order_mark_and_crlf():
    data = b"\xef\xbb\xbf" + GOOD.encode() + b"\r\n" + GOOD.encode() + b"\r\n"
    assert [e.line for e in files.parse_jsonl(data)] == [1, 2]
    assert len(list(files.loads_jsonl(data))) == 2


def test_jsonl_lines_are_counted_at_newlines_only():
    # U+2028 may stand raw in a JSON string; it does not start a new line.
    text = GOOD.replace('"D"', '"D\u2028"') + "\n" + GOOD + "\n"
    entries = list(files.parse_jsonl(text))
    assert [e.line for e in entries] == [1, 2]
    assert isinstance(entries[1].result, PositionFile)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_utf16_file_is_named_as_such(tmp_path, encoding):
    path = tmp_path / "deals.jsonl"
    path.write_bytes((GOOD + "\n" + GOOD + "\n").encode(encoding))
    with pytest.raises(ParseError, match=r"deals\.jsonl: not UTF-8 text \(it looks like "
                                         r"UTF-(16|32)"):
        files.read(path)
    with pytest.raises(ParseError, match="not UTF-8 text"):
        list(files.parse_jsonl(path.read_bytes()))
    toml_path = tmp_path / "deal.toml"
    toml_path.write_bytes(THREE_HANDS.encode(encoding))
    with pytest.raises(ParseError, match=r"deal\.toml: not UTF-8 text \(it looks like UTF"):
        files.read(toml_path)


def test_toml_not_utf8_gives_the_line(tmp_path):
    path = tmp_path / "deal.toml"
    path.write_bytes(THREE_HANDS.encode() + b"# caf\xe9\n")
    with pytest.raises(ParseError, match=r"^.*deal\.toml, line 4: not UTF-8 text"):
        files.read(path)
    with pytest.raises(ParseError, match=r"^line 4: not UTF-8 text"):
        files.load(io.BytesIO(THREE_HANDS.encode() + b"# caf\xe9\n"))


# -- values nested too deeply or too long to read -------------------

DEEP = "[" * 100_000


@pytest.mark.parametrize(("text", "message"), [
    (f"a = {DEEP}", "nested too deeply"),
    ("a = " + "{b = " * 100_000, "nested too deeply"),
    (THREE_HANDS + "leader = " + "1" * 5000 + "\n", "a number with too many digits"),
])
def test_toml_too_deep_or_too_long_is_a_parse_error(text, message):
    error = error_of(text)
    assert str(error) == f"not valid TOML: {message}"


@pytest.mark.parametrize(("line", "message"), [
    (DEEP, "line 2: not valid JSON: nested too deeply"),
    ('{"game": ' + DEEP, "line 2: not valid JSON: nested too deeply"),
    (GOOD[:-1] + ', "leader": ' + "1" * 5000 + "}",
     "line 2: not valid JSON: a number with too many digits"),
    (GOOD[:-1] + ', "options": {"compulsory_rob": ' + "[" * 500 + "]" * 500 + "}}",
     "line 2, options (compulsory_rob): option 'compulsory_rob' takes true or false, "
     "not a list"),
])
def test_jsonl_too_deep_or_too_long_is_one_bad_line(line, message):
    entries = list(files.parse_jsonl("\n".join([GOOD, line, GOOD])))
    assert [e.line for e in entries] == [1, 2, 3]
    assert isinstance(entries[0].result, PositionFile)
    assert isinstance(entries[2].result, PositionFile)
    assert str(entries[1].result) == message


def test_json_file_too_deep(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text(DEEP)
    with pytest.raises(ParseError, match=r"deal\.json: not valid JSON: nested too deeply$"):
        files.read(path)
    path.write_text('{\n"game": }')
    with pytest.raises(ParseError, match=r"deal\.json, line 2: not valid JSON: Expecting value"):
        files.read(path)


# -- one turn: the position's ---------------------------------------

LOO_SIMPLE = 'game = "loo"\nhands = ["KH 9H 5S", "AH 3D 8C", "QH 7H 2C"]\nturn = "4C"\n'


def test_loo_turn_survives_the_python_round_trip():
    # The round trip the docs promise: load a file, dump it again.
    position = files.load(io.BytesIO(LOO_SIMPLE.encode()))
    assert position.turn == parse_card("4C")
    assert 'turn = "4C"' in files.dumps(position)
    assert files.loads(files.dumps(position)) == position
    assert files.position_to_dict(position)["turn"] == "4C"
    assert list(files.loads_jsonl(files.dumps_jsonl([position]))) == [position]


def test_position_file_has_one_turn():
    file = files.parse(LOO_SIMPLE)
    assert file.position.turn == parse_card("4C")
    assert not hasattr(file, "turn")
    assert files.dumps(file) == files.dumps(file.position)


def test_toml_key_lines_are_counted_at_newlines_only():
    # A comment may hold U+2028, which does not start a line.
    error = error_of('# a\u2028b\ngame = "spoil-five"\nlimit = 1\n')
    assert str(error).startswith("line 3, limit: unknown key")

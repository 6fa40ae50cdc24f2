"""Deal strings: every position of every game survives the round trip, the
string is accepted wherever a position is, and bad strings say what is wrong."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from jink.cards import suit_of
from jink.cli.app import app
from jink.dealing.odds import view_from_dict
from jink.errors import JinkError, ParseError
from jink.formats import files
from jink.formats.dealstring import deal_string, parse_deal_string, read_deal_string
from jink.formats.files import PositionFile
from jink.games import GAMES
from jink.position import Position

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})

DEAL = "spoil-five:D:1:5D.JD.AH.KC.2S 9C.8C.7C.6C.4C KD.QD.2D.3H.4H"
HANDS = "5D JD AH KC 2S / 9C 8C 7C 6C 4C / KD QD 2D 3H 4H"


def invoke(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result


def random_position(rng: random.Random, name: str, played: int) -> PositionFile:
    """A random deal of game ``name`` (options, turn-up, Loo's simple pool at
    random), with ``played`` random legal cards played and their record."""
    game = GAMES[name]
    counts = game.player_counts or tuple(range(game.min_players, game.max_players + 1))
    seats = rng.choice([n for n in counts if n * game.hand_size < bin(game.deck).count("1")])
    deck = [c for c in range(52) if game.deck >> c & 1]
    rng.shuffle(deck)
    size = game.hand_size
    hands = [sum(1 << c for c in deck[i * size:(i + 1) * size]) for i in range(seats)]
    spare = deck[seats * size]
    trump: int | None = suit_of(spare)
    turnup = turn = None
    double_too_big = bool(game.double_max_players) and seats > game.double_max_players
    if game.uses_turn and seats >= game.simple_min_players and (
            double_too_big or rng.random() < 0.5):
        trump, turn = None, spare
    elif rng.random() < 0.5:
        try:
            game.check_turnup(spare)
            turnup = spare
        except JinkError:
            pass
    options = {o.name: rng.random() < 0.5 for o in game.options}
    position = Position.create(game, trump, hands, leader=0, turnup=turnup, turn=turn,
                               options=options)
    tricks: list[tuple[int, ...]] = []
    trick: list[int] = []
    for _ in range(played):
        if position.is_over:
            break
        card = rng.choice(position.legal_cards())
        trick.append(card)
        position = position.play(card)
        if not position.trick:
            tricks.append(tuple(trick))
            trick = []
    return PositionFile(position, tuple(tricks) if rng.random() < 0.5 else None)


@settings(max_examples=120, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(sorted(GAMES)),
       st.integers(0, 30))
def test_every_position_survives_the_round_trip(rng: random.Random, name: str,
                                                 played: int) -> None:
    item = random_position(rng, name, played)
    text = deal_string(item)
    assert ":" not in text.split(":", 4)[-1] or "=" in text  # fields only after HANDS
    back = read_deal_string(text)
    assert back == item
    assert deal_string(back) == text
    # The same object form as the file's: the string and the file are one position.
    assert files.file_from_dict(parse_deal_string(text)) == item


def test_reading_accepts_any_spelling_and_writing_is_canonical() -> None:
    item = read_deal_string(" Spoil5:♦:1:5d.jd.a♥.kc.2s 9c.8c.7c.6c.4c kd.qd.2d.3h.4h ")
    assert deal_string(item) == "spoil-five:D:1:2S.AH.5D.JD.KC 4C.6C.7C.8C.9C 4H.3H.KD.QD.2D"
    assert item.position == files.position_from_dict(
        {"game": "spoil-five", "trump": "D", "hands": HANDS.split(" / ")})


def test_a_view_string_reads_as_the_view_file() -> None:
    text = "spoil-five:7S:2:KS.9H ? ?:won=1.1.1:trick=QS:seen=AS.3S"
    from_string = view_from_dict(parse_deal_string(text))
    from_file = view_from_dict({"game": "spoil-five", "turnup": "7S", "leader": 2,
                                "hands": ["KS 9H", "?", "?"], "won": [1, 1, 1],
                                "trick": "QS", "seen": "AS 3S"})
    assert from_string == from_file


def test_empty_hands_and_options() -> None:
    text = "rams:H:1:AH.KH.QH.JH.TH AS.KS.QS.JS.TS AD.KD.QD.JD.TD AC.KC.QC.JC.TC 7H.8H.9H.7S.8S -"
    obj = parse_deal_string(text + ":ecarte_order=true")
    assert obj["hands"][-1] == "" and obj["options"] == {"ecarte_order": True}


@pytest.mark.parametrize("text, message", [
    ("spoil-five:D:1", "deal string: expected GAME:TRUMP:SEAT:HANDS"),
    ("whist:D:1:2S", "deal string: game: unknown game 'whist'"),
    ("spoil-five:D:x:2S 3S", "deal string, SEAT: expected the seat to lead"),
    ("spoil-five::1:2S 3S", "deal string, TRUMP: empty"),
    ("spoil-five:D:1:2S.ZZ 3S", "deal string: hands (seat 1): not a card"),
    ("spoil-five:D:1:2S ?", "deal string, HANDS: seat 2's hand is unseen"),
    ("spoil-five:D:1:2S 3S:won=a", "deal string, won: expected tricks per seat"),
    ("spoil-five:D:1:2S 3S:colour=red", "deal string, colour: unknown field"),
    ("spoil-five:D:1:2S 3S:trick=4S:trick=5S", "deal string, trick: given twice"),
    ("spoil-five:D:1:2S 3S:nosuch=true", "nosuch"),
])
def test_bad_strings_say_what_and_where(text: str, message: str) -> None:
    with pytest.raises(JinkError) as error:
        read_deal_string(text)
    assert message in str(error.value)
    assert isinstance(error.value, ParseError) or "deal string" not in message


@pytest.mark.parametrize("command", ["legal", "show", "solve", "tree", "study", "rob"])
def test_every_position_command_takes_a_deal_string(command: str) -> None:
    deal = DEAL if command != "rob" else DEAL.replace(":D:", ":AD:").replace("AH", "3S")
    hands = HANDS if command != "rob" else HANDS.replace("AH", "3S")
    trump = ["--trump", "D"] if command != "rob" else ["--turnup", "AD"]
    by_string = invoke(command, "--deal", deal, "--json")
    by_options = invoke(command, *trump, "--hands", hands, "--json")
    assert by_string.exit_code == 0, by_string.output
    assert untimed(json.loads(by_string.stdout)) == untimed(json.loads(by_options.stdout))


def untimed(obj: object) -> object:
    """``obj`` without the times it records (they differ from run to run)."""
    if isinstance(obj, dict):
        return {k: untimed(v) for k, v in obj.items() if k != "seconds"}
    if isinstance(obj, list):
        return [untimed(v) for v in obj]
    return obj


def test_a_deal_string_goes_alone() -> None:
    result = invoke("show", "--deal", DEAL, "--hands", HANDS)
    assert result.exit_code == 2
    assert "--hands" in result.stderr
    result = invoke("show", "--deal", "spoil-five:D:1:2S.ZZ")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: deal string") and len(result.stderr.splitlines()) == 1


def test_show_prints_the_deal_string() -> None:
    result = invoke("show", "--trump", "D", "--hands", HANDS, "--deal-string")
    assert result.exit_code == 0, result.output
    assert result.stdout == "spoil-five:D:1:2S.AH.5D.JD.KC 4C.6C.7C.8C.9C 4H.3H.KD.QD.2D\n"
    back = invoke("show", "--deal", result.stdout.strip(), "--json")
    assert json.loads(back.stdout) == json.loads(
        invoke("show", "--trump", "D", "--hands", HANDS, "--json").stdout)


def test_odds_takes_a_view_string() -> None:
    view = "spoil-five:7S:1:5S.JS.AH.KD.2C ? ?"
    by_string = invoke("odds", "--deal", view, "--deals", "5", "--seed", "3", "--json")
    by_hand = invoke("odds", "--hand", "5S JS AH KD 2C", "--turnup", "7S", "--players", "3",
                     "--deals", "5", "--seed", "3", "--json")
    assert by_string.exit_code == 0, by_string.output
    strip = [{k: v for k, v in json.loads(r.stdout).items() if k != "seconds"}
             for r in (by_string, by_hand)]
    assert strip[0] == strip[1]


def test_analyse_takes_a_deal_string_with_its_record(tmp_path: Path) -> None:
    record = ("spoil-five:2S:1:8S.QH.KD.QD.KC 7S.7H.9D.4D.JC JS.QS.TH.2D.TC"
              ":play=KD.9D.2D/QD.4D.JS/QS.8S.7S/TH.QH.7H")
    path = tmp_path / "game.toml"
    path.write_text(files.dumps(read_deal_string(record)), encoding="utf-8")
    by_string = invoke("analyse", "--deal", record, "--json")
    by_file = invoke("analyse", str(path), "--json")
    assert by_string.exit_code == 0, by_string.output
    assert untimed(json.loads(by_string.stdout)) == untimed(json.loads(by_file.stdout))
    result = invoke("analyse", "--deal", record.split(":play")[0])
    assert result.exit_code == 1
    assert "no played record: add :play=" in result.stderr

"""Puzzle files and the checker: round trips, and unsound puzzles of each kind
reported with what is wrong. Soundness comes from the solver at test time."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from jink.cards import card_name
from jink.cli.app import app
from jink.errors import ParseError
from jink.puzzles import puzzle as puzzles
from jink.puzzles.check import check
from jink.puzzles.generate import generate, obvious_card
from jink.solver.limits import Limit

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})

# The default example: seat 1 can force three only by leading the 8S.
POSITION = '''\
game = "spoil-five"
turnup = "2S"
hands = ["8S QH KD QD KC", "7S 7H 9D 4D JC", "JS QS TH 2D TC"]
'''

# Diamonds trumps; the 4C and 9C are equivalent (no club between them is live),
# and one of them is seat 1's only way to three.
EQUALS = '''\
game = "spoil-five"
turnup = "3D"
hands = ["5D KD QD 4C 9C", "AS 9S JH 8D QC", "6S TH AD 7D 2D"]
'''


def make(position: str = POSITION, **fields: Any) -> str:
    table = {"id": "t", "title": "T", "story": "S", "seat": 1, "goal": "three",
             "key": ["8S"], "difficulty": 2, **fields}
    lines = [f"{k} = {json.dumps(v)}" for k, v in table.items() if v is not None]
    return position + "\n[puzzle]\n" + "\n".join(lines) + "\n"


def problems(text: str, limit: Limit | None = None) -> tuple[str, ...]:
    return check(puzzles.loads(text), limit).problems


def test_round_trip_and_fields() -> None:
    puzzle = puzzles.loads(make(hint="low", source="me"))
    assert (puzzle.id, puzzle.seat, puzzle.goal, puzzle.key_text) == ("t", 0, "three", "8S")
    assert puzzles.loads(puzzles.dumps(puzzle)) == puzzle
    out = io.StringIO()
    puzzles.dump(puzzle, out)
    assert puzzles.load(io.BytesIO(out.getvalue().encode())) == puzzle
    assert puzzle.task() == "Seat 1 to lead. Goal: three (pool), against any defence."


@pytest.mark.parametrize(("fields", "message"), [
    ({"key": []}, "non-empty list"),
    ({"key": ["8S", "8S"]}, "listed twice"),
    ({"key": ["ZZ"]}, "puzzle.key"),
    ({"seat": 4}, "seats 1 to 3"),
    ({"difficulty": 6}, "1 to 5"),
    ({"colour": "red"}, "unknown key 'colour'"),
    ({"title": None}, "puzzle.title: missing"),
])
def test_bad_puzzle_tables(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        puzzles.loads(make(**fields))


def test_no_puzzle_table() -> None:
    with pytest.raises(ParseError, match=r"\[puzzle\] table"):
        puzzles.loads(POSITION)


def test_sound_puzzle() -> None:
    assert problems(make()) == ()


def test_an_equivalent_card_stands_for_the_key() -> None:
    assert problems(make(EQUALS, key=["4C"])) == ()
    assert problems(make(EQUALS, key=["9C"])) == ()


def test_a_card_that_loses_is_reported() -> None:
    found = problems(make(key=["8S", "QH"]))
    assert len(found) == 1 and found[0].startswith("QH is in key but loses the goal")


def test_a_card_left_out_is_reported() -> None:
    found = problems(make(key=["QH"]))
    assert "8S also wins the pool but is not in key" in found
    assert any(p.startswith("QH is in key but loses") for p in found)


def test_a_left_out_card_names_its_equals() -> None:
    found = problems(make(EQUALS, key=["5D"]))
    assert any(p.startswith("4C also wins the pool but is not in key (nor its equal 9C)")
               for p in found), found


def test_a_goal_that_cannot_be_forced() -> None:
    found = problems(make(goal="jink"))
    assert any("cannot be forced" in p for p in found)
    assert any(p.startswith("8S is in key but loses") for p in found)


def test_every_card_keeps_the_goal() -> None:
    found = problems(make(goal="0"))
    assert any("every legal card keeps the goal" in p for p in found)


def test_key_cards_not_in_hand_or_not_legal() -> None:
    found = problems(make(key=["8S", "AS"]))
    assert "AS is in key but is not in seat 1's hand" in found
    # Seat 1 has led the 8S; seat 2 must follow with its only trump, the 7S.
    mid = POSITION.replace('"8S QH KD QD KC"', '"QH KD QD KC"') + 'trick = "8S"\n'
    found = problems(make(mid, seat=2, key=["7H"]))
    assert "7H is in key but is not a legal card" in found

def test_seat_not_to_play_and_bad_goal() -> None:
    assert problems(make(seat=2)) == ("seat 2 is not the seat to play (seat 1 is)",)
    # A goal that is none is refused as the file is read (puzzle show, play, check).
    with pytest.raises(ParseError, match=r"puzzle\.goal: 'most' is no goal of Spoil Five"):
        puzzles.loads(make(goal="most"))


def test_past_the_limit_is_not_proved() -> None:
    [problem] = problems(make(), Limit(nodes=10))
    assert problem.startswith("not proved: search stopped")


# -- jink puzzle check ------------------------------------------------------------------


def invoke(*args: str, code: int = 0) -> Result:
    result = runner.invoke(app, ["puzzle", *args])
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.output
    return result


def test_check_command_files(tmp_path: Path) -> None:
    good, bad, broken = tmp_path / "good.toml", tmp_path / "bad.toml", tmp_path / "x.toml"
    good.write_text(make())
    bad.write_text(make(key=["QH"], id="bad"))
    broken.write_text(POSITION)
    result = invoke("check", str(good), str(bad), str(broken), "--json", code=1)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(d["file"], d["ok"]) for d in lines] == [
        (str(good), True), (str(bad), False), (str(broken), False)]
    assert "8S also wins the pool but is not in key" in lines[1]["problems"]
    assert "[puzzle] table" in lines[2]["problems"][0]
    text = invoke("check", str(bad), code=1).stdout
    assert "FAIL" in text and "8S also wins the pool" in text
    assert invoke("check", str(good)).stdout.strip().endswith("1 of 1 sound")


def test_check_command_errors(tmp_path: Path) -> None:
    result = invoke("check", str(tmp_path / "none.toml"), code=1)
    assert result.stderr.startswith("error: cannot read")
    invoke("check", "--max-seconds", "0", code=2)


# -- generate -----------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "cards", "mid"), [
    ("spoil-five", 3, None, False), ("forty-five", 4, None, False), ("loo", 5, None, True),
    ("rounce", 6, 2, False), ("bierspiel", 3, None, True), ("rams", 4, 3, False),
])
def test_generated_puzzles_pass_check(game: str, players: int, cards: int | None,
                                      mid: bool) -> None:
    made = list(generate(game, players, seed=3, count=2, cards=cards, mid_trick=mid,
                         attempts=200))
    assert made, "no puzzle found"
    for puzzle in made:
        assert check(puzzle).ok, check(puzzle).problems
        p = puzzle.position
        assert puzzle.seat == p.seat_to_play and puzzle.players == players
        assert obvious_card(p) not in puzzle.key
        assert 1 <= puzzle.difficulty <= 5
        assert puzzles.loads(puzzles.dumps(puzzle)) == puzzle


def test_generate_is_reproducible() -> None:
    first = [puzzles.dumps(p) for p in generate("rams", 3, seed=5, count=2)]
    again = [puzzles.dumps(p) for p in generate("rams", 3, seed=5, count=2)]
    other = [puzzles.dumps(p) for p in generate("rams", 3, seed=6, count=2)]
    assert first == again and first != other


def test_generate_command(tmp_path: Path) -> None:
    result = invoke("generate", "-g", "rams", "-n", "3", "--count", "2", "--seed", "2",
                    "--out", str(tmp_path), "--json")
    made = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(made) == 2 and all(d["game"] == "rams" and d["players"] == 3 for d in made)
    checked = invoke("check", *(d["file"] for d in made), "--json")
    assert all(json.loads(line)["ok"] for line in checked.stdout.splitlines())
    assert invoke("generate", "-g", "rams", "-n", "9", "--out", str(tmp_path),
                  code=1).stderr.startswith("error: rams takes 2 to 5 players")
    none = invoke("generate", "--attempts", "1", "--count", "5", "--out", str(tmp_path),
                  code=1)
    assert "found" in none.stderr and "of 5 puzzles in 1 deal (" in none.stderr


def test_a_loo_pool_with_no_turn_card_is_not_a_puzzle() -> None:
    loo = 'game = "loo"\nhands = ["QS QH AC", "6S 5S 2C", "KH 4D JC", "8H 7D 9C"]\n'
    [problem] = problems(make(loo, goal="not_looed", key=["QS"]))
    assert problem.startswith("the card to be turned is not known")
    # With the turn card known, the same deal is solved (sound or not, it is answered).
    result = check(puzzles.loads(make(loo + 'turn = "2H"\n', goal="not_looed", key=["QS"])))
    assert not any("turned" in p for p in result.problems)


def test_the_story_s_claims_are_proved() -> None:
    scores = {s.card: s for s in check(puzzles.loads(make())).scores}
    told = {card_name(c): s.max_tricks for c, s in scores.items()}
    true = f"The KD keeps at most {told['KD']} tricks."
    assert problems(make(story=true)) == ()
    wrong = f"The KD (a king) keeps at most {told['KD'] + 1} tricks."
    assert problems(make(story=wrong)) == (
        f"the story says KD keeps at most {told['KD'] + 1} tricks, but the most it keeps "
        f"is {told['KD']}",)

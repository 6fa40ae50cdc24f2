"""``jink puzzle list/show/solve/play`` through Typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from jink.cards import card_name, card_symbol, parse_card
from jink.cli.app import app
from jink.puzzles import puzzle as puzzles
from jink.puzzles.check import check
from jink.puzzles.collection import collection
from jink.puzzles.play import PlaySession

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "120"})

# The default example: seat 1 can force three only by leading the 8S.
PUZZLE = '''\
game = "spoil-five"
turnup = "2S"
hands = ["8S QH KD QD KC", "7S 7H 9D 4D JC", "JS QS TH 2D TC"]

[puzzle]
id = "quiet-trump"
title = "The quiet trump"
story = "Only the 8S keeps three."
seat = 1
goal = "three"
key = ["8S"]
hint = "Not a king."
difficulty = 2
'''


def invoke(*args: str, code: int = 0, input: str | None = None) -> Result:
    result = runner.invoke(app, ["puzzle", *args], input=input)
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.output
    return result


def write(tmp_path: Path, text: str = PUZZLE) -> str:
    path = tmp_path / "p.toml"
    path.write_text(text)
    return str(path)


def test_list_json_and_filters() -> None:
    rows = [json.loads(line) for line in invoke("list", "--json").stdout.splitlines()]
    assert len(rows) == len(collection())
    assert all({"id", "game", "players", "difficulty"} <= set(row) for row in rows)
    loo = [json.loads(line) for line in
           invoke("list", "-g", "loo", "-n", "7-10", "-d", "1-3", "--json").stdout.splitlines()]
    expected = [p.id for p in collection() if p.game == "loo" and 7 <= p.players <= 10
                and p.difficulty <= 3]
    assert [row["id"] for row in loo] == expected and expected
    text = invoke("list", "--game", "rams").stdout
    assert "rams-" in text and "loo-" not in text
    # a range that does not read is a misused command line, as deal --players 0 is
    for value in ("x", "-3", "", "1.5", "0"):
        assert "Invalid value for '--players'" in invoke("list", "-n", value, code=2).stderr
    assert "Invalid value for '--difficulty'" in invoke("list", "-d", "abc", code=2).stderr
    assert "is empty" in invoke("list", "-d", "5-3", code=2).stderr
    assert invoke("list", "-g", "chess", code=1).stderr.startswith("error: unknown game")


def test_show_gives_the_task_not_the_answer(tmp_path: Path) -> None:
    out = invoke("show", write(tmp_path)).stdout
    assert "The quiet trump" in out and "Seat 1 to lead. Goal: three (pool)" in out
    assert "Only the 8S" not in out and "Key" not in out and "Not a king" not in out
    assert "Hint: Not a king." in invoke("show", write(tmp_path), "--hint").stdout
    data = json.loads(invoke("show", write(tmp_path), "--json").stdout)
    assert data["id"] == "quiet-trump" and "key" not in data
    built_in = collection()[0]
    assert built_in.id in invoke("show", built_in.id).stdout
    assert invoke("show", "nothing-like-it", code=1).stderr.startswith(
        "error: no built-in puzzle")


def test_solve_gives_the_key_and_refutations(tmp_path: Path) -> None:
    out = invoke("solve", write(tmp_path)).stdout
    assert "Key: 8♠" in out and "Only the 8S keeps three." in out
    data = json.loads(invoke("solve", write(tmp_path), "--json").stdout)
    assert data["key"] == ["8S"]
    tempting = {r["card"] for r in data["tempting"]}
    wrong = tempting | {r["card"] for r in data["others"]}
    assert "8S" not in wrong and {"KD", "KC"} & wrong
    for refutation in data["tempting"]:
        assert refutation["max_tricks"] < 3 and refutation["line"]
        assert card_symbol(parse_card(refutation["card"])) in out   # as people read cards


def test_solve_refuses_an_unsound_puzzle(tmp_path: Path) -> None:
    bad = PUZZLE.replace('key = ["8S"]', 'key = ["QH"]')
    result = invoke("solve", write(tmp_path, bad), code=1)
    assert "is not sound" in result.stderr and "8♠ also wins the pool" in result.stderr


def test_play_refuses_an_unsound_puzzle(tmp_path: Path) -> None:
    """Played, a wrong key would flag the right card a mistake: refused first."""
    bad = PUZZLE.replace('key = ["8S"]', 'key = ["QH"]')
    result = invoke("play", write(tmp_path, bad), code=1, input="8S\n")
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: puzzle ") and "is not sound" in lines[0]
    assert result.stdout == ""


# -- play -------------------------------------------------------------------------------


def winning_cards(text: str, first: str | None = None) -> list[str]:
    """The user's cards that keep the goal, found by the solver now (not stored)."""
    session = PlaySession(puzzles.loads(text))
    cards: list[str] = []
    while True:
        session.reply()
        if session.finished:
            return cards
        scores = session.solver.score_moves(session.position, session.seat, session.goal)
        card = next(s.card for s in scores if s.achieves) if first is None or cards \
            else parse_card(first)
        cards.append(card_name(card))
        session.play(card)


def test_play_through_a_win(tmp_path: Path) -> None:
    assert check(puzzles.loads(PUZZLE)).ok
    cards = winning_cards(PUZZLE)
    assert cards[0] == "8S"
    out = invoke("play", write(tmp_path), input="\n".join(cards) + "\n").stdout
    assert "Mistake" not in out
    assert out.strip().splitlines()[-1].startswith("Solved: seat 1 has 3 tricks")


def test_play_through_a_mistake_with_undo(tmp_path: Path) -> None:
    cards = winning_cards(PUZZLE)
    script = ["KD", "undo", *cards]
    out = invoke("play", write(tmp_path), input="\n".join(script) + "\n").stdout
    assert "Mistake: K♦ throws the goal away" in out and "trick 1: seat 1 K♦" in out
    assert "Taken back." in out
    assert out.strip().splitlines()[-1].startswith("Solved: seat 1 has 3 tricks; the goal "
                                                   "is kept (with a mistake taken back)")


def test_play_a_mistake_kept_is_not_solved(tmp_path: Path) -> None:
    # After the KD the goal is lost whatever follows: play any legal cards.
    session = PlaySession(puzzles.loads(PUZZLE))
    script = ["KD"]
    assert session.play(parse_card("KD")) is not None
    while True:
        session.reply()
        if session.finished:
            break
        card = session.position.legal_cards()[0]
        script.append(card_name(card))
        session.play(card)
    out = invoke("play", write(tmp_path), input="\n".join(script) + "\n").stdout
    assert out.strip().splitlines()[-1].startswith("Not solved: seat 1 has")


def test_play_input_errors_and_end_of_input(tmp_path: Path) -> None:
    out = invoke("play", write(tmp_path), input="undo\nZZ\nAS\nhint\n").stdout
    assert "Nothing to undo." in out
    assert "ZZ" in out and "cannot play A♠" in out and "Hint: Not a king." in out
    assert out.strip().splitlines()[-1] == "Stopped: not solved."
    invoke("play", "nothing-like-it", code=1)

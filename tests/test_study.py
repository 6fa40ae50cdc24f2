"""``jink study`` driven from stdin, and the :class:`~jink.study.study.Study`
behind it: play, undo, back, best, seat and goal, checked against the solver."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner, Result

from jink.analysis.solve import solve
from jink.cards import card_name, card_symbol, parse_card, parse_cards
from jink.cli.app import app
from jink.errors import IllegalPlayError
from jink.formats.examples import example
from jink.solver import Solver
from jink.solver.goals import goal_for
from jink.study.study import Study, StudyError

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})


def study(script: str, *args: str, code: int = 0) -> Result:
    result = runner.invoke(app, ["study", *args], input=script)
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.output
    return result


def score_rows(text: str) -> dict[str, int]:
    """The scored cards of the last table in ``text``: card symbol -> max tricks."""
    table = text.rsplit("Max tricks for seat", 1)[1]
    rows: dict[str, int] = {}
    for line in table.splitlines()[2:]:
        match = re.match(r"^\s+(\S+(?: = \S+)*)\s+(\d+)\s+(yes|no)\s*$", line)
        if match is None:
            break
        for symbol in match.group(1).split(" = "):
            rows[symbol] = int(match.group(2))
    return rows


def expected_scores(position_cards: str, seat: int, goal: str = "three") -> dict[str, int]:
    """What a fresh solver scores, after ``position_cards`` from the default example."""
    position = example("default")
    for card in parse_cards(position_cards):
        position = position.play(card)
    solver = Solver()
    return {card_symbol(s.card): s.max_tricks
            for s in solver.score_moves(position, seat, goal_for(position, goal))}


def test_a_script_on_stdin_plays_undoes_and_goes_back() -> None:
    result = study("8S\n7s\nundo\nbest\nback 1\nseat 3\nquit\nJS\n", "--example")
    out = result.stdout
    # Every command is echoed after its prompt, so the output reads as a transcript.
    for line in ("trick 1, seat 1 to play> 8S", "trick 1, seat 2 to play> 7s",
                 "trick 1, seat 3 to play> undo", "trick 1, seat 2 to play> best",
                 "trick 1, seat 2 to play> back 1", "trick 1, seat 1 to play> seat 3",
                 "trick 1, seat 1 to play> quit"):
        assert line in out
    assert "> JS" not in out  # quit stops reading
    assert "Took back 7♠." in out
    # The scores shown at the start, and after switching to seat 3, are the solver's.
    first = out.split("trick 1, seat 1 to play> 8S")[0]
    assert score_rows(first) == expected_scores("", 0)
    assert score_rows(out) == expected_scores("", 2)
    # best: the line of jink solve from the position after 8S.
    after = example("default").play(parse_card("8S"))
    best_line = solve(after, 0, "three").line
    best = out.split("> best")[1].split("> back 1")[0]
    assert [card_symbol(step.card) for step in best_line] == \
        re.findall(r"^\s+(?:\d\s+)?\d\s+(\S+)\s{2,}", best, flags=re.MULTILINE)


def test_mistakes_are_reported_and_the_session_goes_on() -> None:
    result = study("zz\n7S\nundo\nback 4\nseat 7\nfrobnicate\n8S\n", "--example", code=1)
    errors = result.stderr.splitlines()
    assert errors == [
        "error: not a card: 'zz' (write e.g. 5♦, 10h, T♥)",
        "error: seat 1 cannot play 7♠: 7♠ is not in the hand",
        "error: nothing to undo: this is the position you started from",
        "error: no trick 4 to go back to: the study has tricks 1 to 1",
        "error: seat 7: the deal has seats 1 to 3",
        "error: unknown command 'frobnicate': type a card (8♠), undo, back N, best, seat N, "
        "goal G, help or quit",
    ]
    # The session went on after the mistakes: the 8S was played.
    assert "Played since the start: 1: 8♠." in result.stdout


def test_end_of_input_quits_and_help_lists_the_commands() -> None:
    result = study("help\n", "--example", "renege", "--seat", "2")
    for word in ("undo", "back N", "best", "seat N", "help", "quit"):
        assert word in result.stdout
    assert "Seat 2, goal three: can force it from here" in result.stdout


def test_bad_position_or_seat_is_one_line_and_exit_1() -> None:
    result = study("", "--example", "--seat", "5", code=1)
    assert result.stderr.strip() == "error: --seat 5: the deal has seats 1 to 3"
    result = study("", "--example", "--goal", "seven", code=1)
    assert result.stderr.startswith("error: unknown goal")
    result = study("", "-g", "loo", "--hands", "QS QH AC / 6S 5S 2C / KH 4D JC", code=1)
    assert result.stderr.startswith("error: the card to be turned is not known")


# -- the library ----------------------------------------------------------------------


def test_back_to_a_trick_and_to_a_start_part_way_through_one() -> None:
    start = example("renege")          # trick 3 with seat 1's 6S already led
    s = Study(start, seat=1)
    for name in ("TC", "4S", "KH", "7C"):
        s.play(parse_card(name))
    assert s.trick_number == 4 and s.position.trick   # 4S won trick 3; trick 4 under way
    s.back(4)
    assert [card_name(c) for c in s.played] == ["TC", "4S"]
    assert s.position.tricks_done == 3 and not s.position.trick
    s.back(3)
    assert s.played == [] and s.position == start
    with pytest.raises(StudyError, match="tricks 3 to 3"):
        s.back(2)


def test_play_checks_the_card_and_scores_follow_the_question() -> None:
    s = Study(example("default"))
    with pytest.raises(IllegalPlayError):
        s.play(parse_card("7S"))       # seat 2's card, seat 1 to play
    assert s.standing().achieves and s.standing().max_tricks == 3
    s.set_seat(2)
    s.set_goal("spoil")
    assert not s.standing().achieves
    assert {card_name(m.card): m.achieves for m in s.scores()} == \
        {"8S": False, "QH": True, "KD": True, "QD": True, "KC": True}
    with pytest.raises(StudyError):
        s.undo()


def test_json_mode_answers_each_command_with_one_object() -> None:
    result = study("8S\n7S\nzz\nundo\nbest\nseat 3\n", "--example", "--json", code=1)
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["command"] for a in answers] == [None, "8S", "7S", "zz", "undo", "best", "seat 3"]
    assert "error" in answers[3] and result.stderr.startswith("error: not a card: 'zz'")
    assert answers[4]["undone"] == "7S" and answers[4]["played"] == ["8S"]
    position = example("default")
    solver = Solver()
    for answer, played in ((answers[0], ""), (answers[1], "8S"), (answers[2], "8S 7S")):
        here = position
        for card in parse_cards(played):
            here = here.play(card)
        assert answer["played"] == played.split()
        assert answer["seat_to_play"] == here.seat_to_play + 1
        scores = solver.score_moves(here, 0, goal_for(here, "three"))
        assert {m["card"]: m["max_tricks"] for m in answer["moves"]} == \
            {card_name(s.card): s.max_tricks for s in scores}
    line = solve(position.play(parse_card("8S")), 0, "three").line
    assert [step["card"] for step in answers[5]["line"]] == [card_name(s.card) for s in line]
    assert answers[6]["question"] == {"seat": 3, "goal": "three"}
    assert answers[6]["max_tricks"] == solver.max_tricks(position.play(parse_card("8S")), 2)


def test_a_card_that_loses_the_goal_names_the_cards_that_would_have_kept_it() -> None:
    from tests import reference as ref
    from tests.test_instead import to_ref

    # Seat 2, to play, can force three tricks; the reference says which of
    # its cards keep them. Any other card loses the goal and names those; a
    # card of another seat, and a card that keeps the goal, lose nothing.
    start = to_ref(example("renege"))
    keep = {card_name(c) for c in ref.ref_legal(start)
            if ref.ref_can_force(ref.ref_play(start, c), 1, "three")}
    losing = sorted(card_name(c) for c in ref.ref_legal(start))
    ref.clear_memos()
    losing = [c for c in losing if c not in keep]
    assert keep and losing
    s = Study(example("renege"), seat=1)
    for name in losing:
        s.play(parse_card(name))
        assert s.lost is not None and (card_name(s.lost.card), s.lost.goal) == (name, "three")
        assert {card_name(c) for c in s.lost.keepers} == keep
        s.play(min(s.position.legal_cards()))
        assert s.lost is None
        s.undo()
        s.undo()
    s.play(parse_card(sorted(keep)[0]))
    assert s.lost is None
    script = f"{losing[0]}\n"
    [_, answer] = [json.loads(line) for line in study(script, "--example", "renege", "--seat",
                                                       "2", "--json").stdout.splitlines()]
    assert answer["lost"] == {"card": losing[0], "goal": "three", "kept_by": sorted(keep)}
    text = " ".join(study(script, "--example", "renege", "--seat", "2").stdout.split())
    kept = " or ".join(card_symbol(parse_card(c)) for c in sorted(keep))
    assert f"lost goal three for seat 2: {kept} would have kept it." in text

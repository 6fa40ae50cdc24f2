"""Why a key card matters: every claim of a line's ``why`` checked
on the cards, and the lines it compares checked against the independent
slow reference (``tests/reference.py``): the key card does better than the
card it is compared with, and both lines are best play."""

from __future__ import annotations

import random
import re

from typer.testing import CliRunner

from jink.analysis.line import principal_line
from jink.analysis.solve import solve
from jink.cards import parse_card
from jink.cli.app import app
from jink.formats.examples import example
from jink.position import Position
from jink.solver.goals import THREE
from jink.solver.solver import Solver
from tests import reference as ref
from tests.test_instead import random_spoil_five, to_ref

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "80"})


def ref_value(position: Position, seat: int) -> tuple[bool, int]:
    if position.is_over:
        return (position.won[seat] >= 3, position.won[seat])
    pos = to_ref(position)
    return (ref.ref_can_force(pos, seat, "three"), ref.ref_max_tricks(pos, seat))


def tricks_of(start: Position, cards: list[int]) -> dict[int, tuple[int, list[tuple[int, int]]]]:
    """Trick number -> (winner, the (seat, card) of the trick), as played."""
    out = {}
    trick = [(start.seat_of_trick_card(i), c) for i, c in enumerate(start.trick)]
    position = start
    for card in cards:
        trick.append((position.seat_to_play, card))
        after = position.play(card)
        if after.tricks_done > position.tricks_done:
            out[after.tricks_done] = (after.leader, trick)
            trick = []
        position = after
    return out


def check_why(start: Position, seat: int) -> int:
    """Every ``why`` of the line from ``start``, checked; how many there were."""
    result = solve(start, seat, THREE)
    position = start
    said = 0
    cards = [step.card for step in result.line]
    for index, step in enumerate(result.line):
        if step.why is not None:
            said += 1
            other = parse_card(re.findall(r"(?:which|after) ([2-9TJQKA][SHDC])", step.why)[0])
            on_side = step.seat == seat
            team = {seat} if on_side else set(range(start.players)) - {seat}
            # The card compared with is legal here and does worse, by the reference.
            mine, theirs = ref_value(position.play(step.card), seat), \
                ref_value(position.play(other), seat)
            assert (theirs < mine) if on_side else (theirs > mine), step.why
            # Its line is best play, by the reference, card by card.
            alt = [other, *(s.card for s in principal_line(Solver(), position.play(other),
                                                          seat, THREE))]
            walk = position.play(other)
            for card in alt[1:]:
                after = walk.play(card)
                assert ref_value(after, seat) == ref_value(walk, seat)
                walk = after
            now = position.tricks_done + 1
            key_tricks = tricks_of(position, cards[index:])
            alt_tricks = tricks_of(position, alt)
            for claim in step.why.split("; "):
                if claim.startswith("wins trick"):
                    assert key_tricks[now][0] in team and alt_tricks[now][0] not in team
                elif claim.startswith("gives up trick"):
                    assert key_tricks[now][0] not in team and alt_tricks[now][0] in team
                else:
                    verb, name, n = re.match(r"(draws|stops) the (\w\w)\W.*trick (\d)",
                                             claim).groups()  # type: ignore[union-attr]
                    card, number = parse_card(name), int(n)
                    winner, played = alt_tricks[number]
                    assert winner not in team and (winner, card) in played
                    if verb == "draws":
                        assert any(c == card and s not in team
                                   for s, c in key_tricks[now][1])
                    else:
                        assert not any(w not in team and (w, card) in p
                                       for w, p in key_tricks.values())
        position = position.play(step.card)
    return said


def test_why_against_the_reference() -> None:
    said = 0
    for seed in range(6):
        rng = random.Random(500 + seed)
        start = random_spoil_five(rng, 3, 4)
        said += check_why(start, start.seat_to_play)
        ref.clear_memos()
    said += check_why(example("default"), 0)
    assert said > 0


def test_solve_shows_why_the_8s() -> None:
    result = solve(example("default"))
    assert result.line[0].why == "draws the JS, which takes trick 2 after KD"
    assert result.to_dict()["line"][0]["why"] == result.line[0].why  # type: ignore[index]
    text = runner.invoke(app, ["solve", "--example"]).stdout
    assert "why: draws the J♠, which takes trick 2 after K♦" in text
    # --no-line: no line, nothing to say why.
    assert "why" not in runner.invoke(app, ["solve", "--example", "--no-line", "--json"]).stdout


def test_study_says_why_its_best_card() -> None:
    done = runner.invoke(app, ["study", "--example"], input="")
    assert "Why 8♠: draws the J♠, which takes trick 2 after K♦." in done.stdout
    lines = runner.invoke(app, ["study", "--example", "--json"], input="8S\n").stdout
    first, second = lines.splitlines()
    assert '"why": {"card": "8S", "reason": "draws the JS' in first
    assert '"why"' not in second       # the 7S is seat 2's only card


def test_a_limit_leaves_why_unsaid_not_wrong() -> None:
    from jink.solver import Limit

    full = solve(example("default"))
    cut_here = 0
    for nodes in range(3000, 5001, 100):
        result = solve(example("default"), limit=Limit(nodes=nodes))
        if result.line_cut:
            assert all(step.why is None for step in result.line)
            continue
        # The line is whole, and each why said is the one said without a limit.
        assert [s.card for s in result.line] == [s.card for s in full.line]
        for step, whole in zip(result.line, full.line, strict=True):
            assert step.why in (None, whole.why)
        said = [s.why for s in result.line] == [s.why for s in full.line]
        assert ("why" in result.unknown) is not said
        cut_here += not said
    assert cut_here > 0

"""jink rob: keep the hand or rob the turn-up, and with which discard.

The values are checked against the independent reference (tests/reference.py)
on the position each choice produces, and against a fresh solve.
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from typer.testing import CliRunner

from jink.cards import card_name, cards_text, iter_cards, parse_card
from jink.cli.app import app
from jink.decisions.rob import rob
from jink.errors import PositionError
from jink.position import Position
from jink.solver import Solver
from tests.reference import (
    RefPosition,
    ref_can_force,
    ref_legal,
    ref_max_tricks,
    ref_play,
    ref_position,
    seat_to_play,
)

# Diamonds trumps (9D turned); seat 1 holds the AD and may rob. Kept, his hand
# makes one trick at most; robbing the 9D for the 5H (or the QC) makes three.
ROB_WINS = ["5H 8H 7D AD QC", "7S 9S 2D 5D KC", "KS 4H 6H KD 5C"]
# Hearts trumps (6H turned); seat 1 holds the AH (the ace of trumps). The
# lowest card is the 8C, but the best discard is the 8D: it alone gives the jink.
BEST_NOT_LOWEST = ["4S 9H AH 8D 8C", "5S 8S 2D TD TC"]


def values(decision) -> dict[str | None, int]:  # type: ignore[no-untyped-def]
    return {(cards_text(c.discard) if c.discard else None): c.max_tricks
            for c in decision.choices}


def test_robbing_wins_the_pool_and_keeping_does_not() -> None:
    decision = rob(Position.create("spoil-five", None, ROB_WINS, turnup="9D"))
    assert decision.robber == 0
    keep = decision.choices[0]
    assert keep.discard is None and keep.max_tricks == 1 and not keep.achieves
    assert values(decision) == {None: 1, "8H": 2, "5H": 3, "7D": 1, "QC": 3}
    assert decision.best.achieves and decision.best.max_tricks == 3


@pytest.mark.parametrize(("game", "hands", "turnup", "ace"), [
    ("spoil-five", ROB_WINS, "9D", "AD"),
    ("spoil-five", BEST_NOT_LOWEST, "6H", "AH"),  # hearts trumps: the AH is the ace
    ("forty-five", ["AD KD 2S 3C 4H", "QD 5S 6C 7H 8S"], "9D", "AD"),
])
def test_the_aces_holder_keeps_the_ace(game: str, hands: list[str], turnup: str,
                                       ace: str) -> None:
    """Foster: the robber "must have at least the ace and the turn-up in
    trumps". Every other card of his hand is a discard, each valued as the
    hand it leaves (checked by a fresh solve of that hand, built here)."""
    decision = rob(Position.create(game, None, hands, turnup=turnup))
    assert decision.robber == 0
    discards = [card_name(c) for choice in decision.choices for c in choice.discard or ()]
    expected = [c for c in hands[0].split() if c != ace]
    assert sorted(discards) == sorted(expected)
    for choice in decision.choices:
        if choice.discard is None:
            continue
        held = [c for c in hands[0].split() if c != card_name(choice.discard[0])] + [turnup]
        after = Position.create(game, None, [" ".join(held), *hands[1:]], turnup=turnup)
        assert choice.max_tricks == Solver().max_tricks(after, 0)


def test_the_best_discard_is_not_the_lowest_card() -> None:
    position = Position.create("spoil-five", None, BEST_NOT_LOWEST, turnup="6H")
    decision = rob(position)
    power = position.rules.power
    lowest = min(iter_cards(position.hands[0]), key=lambda c: power[c])
    assert card_name(lowest) == "8C"
    assert decision.best.discard is not None
    assert [card_name(c) for c in decision.best.discard] == ["8D"]
    assert decision.best.max_tricks == 5 and values(decision)["8C"] == 4


@pytest.mark.parametrize(("hands", "turnup"), [(ROB_WINS, "9D"), (BEST_NOT_LOWEST, "6H")])
def test_each_value_equals_a_fresh_solve(hands: list[str], turnup: str) -> None:
    decision = rob(Position.create("spoil-five", None, hands, turnup=turnup))
    for choice in decision.choices:
        assert Solver().max_tricks(choice.position, decision.robber) == choice.max_tricks


@pytest.mark.parametrize(("hands", "turnup"), [
    pytest.param(ROB_WINS, "9D", marks=pytest.mark.slow), (BEST_NOT_LOWEST, "6H")])
def test_each_value_equals_the_reference(hands: list[str], turnup: str) -> None:
    decision = rob(Position.create("spoil-five", None, hands, turnup=turnup))
    for choice in decision.choices:
        after = choice.position
        ref = ref_position(turnup[1], [cards_text(h) for h in after.hands])
        assert ref_max_tricks(ref, decision.robber) == choice.max_tricks


def test_the_dealer_robs_a_turned_ace() -> None:
    decision = rob(Position.create("spoil-five", None, ["5D 2S 3S 4C 6C",
                                                       "KD QD JC TC 9C"], turnup="AD"))
    assert decision.robber == 1
    # Equivalent discards are one choice: the JC, TC and 9C are clubs, adjacent
    # once the others are out (clubs rank K Q J A 2 ... 10; 4C and 6C are seat 1's).
    groups = [c.discard for c in decision.choices if c.discard]
    assert sum(len(g) for g in groups) == 5 and len(groups) < 5


def test_compulsory_rob_has_no_keep_row() -> None:
    decision = rob(Position.create("spoil-five", None, ROB_WINS, turnup="9D",
                                   options={"compulsory_rob": True}))
    assert all(c.discard is not None for c in decision.choices)


def test_errors() -> None:
    with pytest.raises(PositionError, match="needs the turn-up"):
        rob(Position.create("spoil-five", "D", ROB_WINS))
    with pytest.raises(PositionError, match="already in a hand"):
        rob(Position.create("spoil-five", None, ["9D 8H 7D AD QC", *ROB_WINS[1:]],
                            turnup="9D"))
    with pytest.raises(PositionError, match="nobody holds the AD"):
        rob(Position.create("spoil-five", None, ["5H 8H 7D 6D QC", *ROB_WINS[1:]],
                            turnup="9D"))
    with pytest.raises(PositionError, match="Spoil Five and Forty-Five only"):
        rob(Position.create("rams", None, ["AD KD QD JD TD", "AS KS QS JS TS"],
                            turnup="7D"))


def test_cli() -> None:
    runner = CliRunner()
    args = ["rob", "--turnup", "9D", "--hands", " / ".join(ROB_WINS)]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["robber"] == 1 and data["turnup"] == "9D" and data["goal"] == "three"
    assert data["choices"][0] == {"rob": False, "discard": None, "max_tricks": 1,
                                  "achieves": False}
    assert data["best"]["achieves"] is True
    assert all("AD" not in (c["discard"] or []) for c in data["choices"])
    human = runner.invoke(app, args)
    assert human.exit_code == 0 and "rob, discarding" in human.stdout
    bad = runner.invoke(app, ["rob", "--trump", "D", "--hands", " / ".join(ROB_WINS)])
    assert bad.exit_code == 1 and "turn-up" in bad.stderr


# Hearts trumps (8H turned); seat 3 holds the AH. Deciding before the lead, his
# best is one trick; robbing at his first turn, after seeing seats 1 and 2
# play, he makes sure of two.
WAIT_AND_SEE = ["2S 5H KH AD 8C", "3S 9S 3H JH 4D", "KS 2H AH TD 5C"]


def ref_first_turn(hands: list[str], turnup: str, holder: int) -> tuple[bool, int]:
    """The reference's value of robbing at the holder's first turn: the whole
    first trick played out card by card, the holder choosing his hand (keep,
    or the turn-up for any card but the ace of trumps) when his turn comes;
    goal three."""
    up = parse_card(turnup)

    def value(pos: RefPosition) -> tuple[bool, int]:
        if seat_to_play(pos) == holder:
            hand = pos.hands[holder]
            best = (False, 0)
            ace = parse_card("A" + turnup[1])  # the ace of trumps (the AH in hearts)
            for held in [hand, *(hand - {d} | {up} for d in hand if d != ace)]:
                after = dataclasses.replace(pos, hands=tuple(
                    frozenset(held) if s == holder else h for s, h in enumerate(pos.hands)))
                best = (best[0] or ref_can_force(after, holder, "three"),
                        max(best[1], ref_max_tricks(after, holder)))
            return best
        kids = [value(ref_play(pos, c)) for c in ref_legal(pos)]
        return all(k[0] for k in kids), min(k[1] for k in kids)

    return value(ref_position(turnup[1], hands))


def test_the_aces_holder_may_wait_and_see() -> None:
    decision = rob(Position.create("spoil-five", None, WAIT_AND_SEE, turnup="8H"))
    assert decision.robber == 2 and decision.best.max_tricks == 1
    first = decision.first_turn
    assert first is not None and first.before == (0, 1)
    assert (first.achieves, first.max_tricks) == (False, 2)
    assert decision.to_dict()["first_turn"] == {"after_seats": [1, 2], "max_tricks": 2,
                                                "achieves": False}


@pytest.mark.slow
def test_the_reference_waits_and_sees_alike() -> None:
    """The value above, (False, 2), from the reference's minimax of the first trick."""
    assert ref_first_turn(WAIT_AND_SEE, "8H", 2) == (False, 2)


def test_nothing_to_wait_for() -> None:
    # The holder leads the first trick; the dealer robs a turned ace before it.
    assert rob(Position.create("spoil-five", None, ROB_WINS, turnup="9D")).first_turn is None
    dealer = rob(Position.create("spoil-five", None, ["5D 2S 3S 4C 6C", "KD QD JC TC 9C"],
                                 turnup="AD"))
    assert dealer.robber == 1 and dealer.first_turn is None


def test_first_turn_in_words() -> None:
    result = CliRunner().invoke(app, ["rob", "--turnup", "8H", "--hands",
                                      " / ".join(WAIT_AND_SEE)])
    text = " ".join(result.stdout.split())
    assert "Seat 3 robs at his first turn, after seats 1, 2 have played: deciding then, " \
        "2 tricks for sure, three (pool) forceable: no (more than the best choice made before " \
        "the lead)." in text


def test_first_turn_cut_off_agrees_with_the_full_minimax() -> None:
    """The cut-off (stop once the holder is held to his best choice made before
    the lead) must not change a value: Forty-Five deals where the holder's
    partner leads, and Spoil Five deals, against the same minimax without it."""
    import random

    from jink.cards import ACE, HEARTS, make_card
    from jink.decisions.rob import _first_turn
    from jink.solver.goals import goal_for

    rng = random.Random(3)
    checked = 0
    while checked < 12:
        game = "forty-five" if checked % 2 else "spoil-five"
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[i * 5:(i + 1) * 5]) for i in range(4)]
        turnup = deck[20]
        trump = turnup // 13
        ace = make_card(ACE, HEARTS) if trump == HEARTS else make_card(ACE, trump)
        if turnup % 13 == ACE or not hands[2] >> ace & 1:
            continue  # seat 3 must hold the ace, with seats 1 and 2 before him
        position = Position.create(game, None, hands, turnup=card_name(turnup))
        decision = rob(position)
        live = 1 << turnup
        for hand in hands:
            live |= hand
        full = _first_turn(Solver(), position, 2, goal_for(position, None),
                           [c.position.hands[2] for c in decision.choices], live,
                           (True, 99))  # a floor no line reaches: no cut-off
        assert decision.first_turn == full
        checked += 1

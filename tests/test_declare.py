"""jink declare: pass, play, take the widow or general rams; Loo standing.

Each choice's value is checked against a solve of the position the choice
produces, built here by hand from the rules (who is in the play, who leads).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from jink.cards import HEARTS, SPADES, card_name
from jink.cli.app import app
from jink.errors import PositionError
from jink.games import find_game
from jink.position import Position
from jink.solver import Solver
from jink.solver.declare import deal_from_text, declare

RAMS_HANDS = ["AH KH 8C 9C TS", "QH JH AC KC 7S", "7H AS KS QS JS", "8H 9H TH 7D 8D"]
RAMS_WIDOW = "AD KD QD JD TD"


def rams_deal():  # type: ignore[no-untyped-def]
    return deal_from_text(find_game("rams"), HEARTS, RAMS_HANDS, RAMS_WIDOW)


def by_name(decision):  # type: ignore[no-untyped-def]
    return {c.name + ("/" + "".join(map(card_name, c.discard)) if c.discard else ""): c
            for c in decision.choices}


def test_values_equal_solves_of_the_positions_they_make() -> None:
    decision = declare(rams_deal(), 0, [2])
    choices = by_name(decision)
    # Seats 1 and 3 play, seat 1 leading.
    play = Position.create("rams", "H", [RAMS_HANDS[0], RAMS_HANDS[2]])
    assert choices["play"].players == (0, 2)
    assert choices["play"].verdict == Solver().verdict(play, 0)
    widow = Position.create("rams", "H", [RAMS_WIDOW, RAMS_HANDS[2]])
    assert choices["widow"].verdict == Solver().verdict(widow, 0)
    # General rams: everybody plays and the announcer leads.
    general = Position.create("rams", "H", RAMS_HANDS, leader=0)
    assert choices["general-rams"].players == (0, 1, 2, 3)
    assert choices["general-rams"].verdict == Solver().verdict(general, 0)
    assert choices["pass"].verdict is None and choices["pass"].allowed


def test_the_dealer_joins_a_lone_player_and_must_play_against_one() -> None:
    deal = rams_deal()
    # Seat 2 alone would play with nobody: the dealer (seat 4) must play.
    alone = by_name(declare(deal, 1, []))
    assert alone["play"].players == (1, 3)
    assert "pone" not in alone["pass"].note
    # The pone (seat 3) when all the others passed: passing costs him.
    pone = by_name(declare(deal, 2, []))
    assert pone["pass"].allowed and "pays the dealer five" in pone["pass"].note
    # The dealer opposed by one player may not pass.
    dealer = by_name(declare(deal, 3, [0]))
    assert not dealer["pass"].allowed
    with pytest.raises(PositionError, match="the pone must play"):
        declare(deal, 3, [])


def test_rounce_widow_discards_are_grouped() -> None:
    deal = deal_from_text(find_game("rounce"), HEARTS, RAMS_HANDS[:3], RAMS_WIDOW + " 2C")
    widows = [c for c in declare(deal, 0, [1]).choices if c.name == "widow"]
    # AD KD QD JD TD are equivalent (nothing live between them): one choice.
    assert sorted(len(c.discard) for c in widows) == [1, 5]
    for choice in widows:
        hand = deal.widow & ~(1 << choice.discard[0])
        position = Position.create("rounce", "H", [hand, deal.hands[1]])
        assert choice.verdict == Solver().verdict(position, 0)
    assert not any(c.name.startswith("general") for c in declare(deal, 0, [1]).choices)


def test_loo_standing_in_a_double_pool() -> None:
    deal = deal_from_text(find_game("loo"), SPADES, ["AS 7H 2C", "KS 8H 3C", "QS 9D 4C"],
                          "2D 3D 4D")
    choices = by_name(declare(deal, 1, [0, 2]))
    play = Position.create("loo", "S", ["AS 7H 2C", "KS 8H 3C", "QS 9D 4C"])
    assert choices["play"].verdict == Solver().verdict(play, 1)
    widow = Position.create("loo", "S", ["AS 7H 2C", "2D 3D 4D", "QS 9D 4C"])
    assert choices["widow"].verdict == Solver().verdict(widow, 1)
    # No dealer's duty in Loo: a lone stander is not joined.
    assert by_name(declare(deal, 0, [2]))["play"].players == (0, 2)


@pytest.mark.parametrize(("game", "hands", "widow", "message"), [
    ("rams", RAMS_HANDS, "AD KD QD", "widow has 5 cards, not 3"),
    ("rams", RAMS_HANDS, "AH KD QD JD TD", "AH dealt twice"),
    ("spoil-five", ["AH KH 8C 9C TS", "QH JH AC KC 7S"], "AD KD QD JD TD", "declare is for"),
])
def test_bad_deals(game: str, hands: list[str], widow: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        deal_from_text(find_game(game), HEARTS, hands, widow)


def test_cli() -> None:
    runner = CliRunner()
    args = ["declare", "--game", "rams", "--turnup", "9H", "--widow", RAMS_WIDOW,
            "--hands", " / ".join(RAMS_HANDS), "--seat", "1", "--playing", "3"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seat"] == 1 and data["others_play"] == [3]
    assert [c["choice"] for c in data["choices"]] == ["pass", "play", "widow",
                                                      "general-rams", "general-rams-widow"]
    assert data["choices"][1]["in_play"] == [1, 3]
    human = runner.invoke(app, args)
    assert human.exit_code == 0 and "general-rams" in human.stdout
    bad = runner.invoke(app, [*args[:-2], "--seat", "4"])
    assert bad.exit_code == 1 and len(bad.stderr.strip().splitlines()) == 1

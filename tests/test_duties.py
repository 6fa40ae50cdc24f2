"""The duties as data: one interpreter for every game, options that change
duties, immutable rules, and a new game made of data alone."""

from __future__ import annotations

import pytest

from jink.cards import FULL_DECK, HEARTS, SPADES, cards_text, parse_card, parse_cardset
from jink.games import GAMES, find_game
from jink.games.base import Game, Question, Rules
from jink.games.duties import NEVER, Duties, Follow
from jink.games.rounce import whist_ranking
from jink.position import Position
from jink.solver import Solver


def test_every_game_is_the_one_interpreter() -> None:
    for game in GAMES.values():
        trump = None if game.allows_no_trump else SPADES
        assert type(game.bind(trump, players=game.min_players)) is Rules


def test_forced_leads_by_seats() -> None:
    duties = Duties(Follow.HEAD, forced_leads=(0, 0, 1, 2, 3))
    assert [duties.forced_for(n) for n in range(8)] == [0, 0, 1, 2, 3, 3, 3, 3]


def test_an_option_changes_a_duty() -> None:
    rounce = find_game("rounce")
    assert rounce.bind(SPADES).lead_trump_until == 2
    every = rounce.bind(SPADES, {"trump_lead_every_trick": True})
    assert every.lead_trump_until == NEVER
    hand = parse_cardset("AS 3H 4D")
    # Trick 3 (two done): free by default, a trump under the option.
    assert cards_text(rounce.bind(SPADES).legal(hand, [], 2)) == "AS 3H 4D"
    assert cards_text(every.legal(hand, [], 2)) == "AS"


def test_rules_are_immutable() -> None:
    rules = find_game("spoil-five").bind(SPADES)
    with pytest.raises(AttributeError, match="immutable"):
        rules.trump = HEARTS
    forced = find_game("bierspiel").bind(SPADES, players=4)
    assert forced.forced_leads == 3 and forced.unforced.forced_leads == 0
    with pytest.raises(AttributeError):
        forced.unforced.forced_leads = 2


#: A game that is not in jink: whist's following (suit only), five cards each,
#: every suit A K Q ... 2. Made of data alone, as a seventh game would be.
WHIST_FIVE = Game(
    ranking_of=whist_ranking, question_set=(Question("one", "One trick", 1),),
    name="whist-five", title="Whist Five", min_players=2, max_players=4, deck=FULL_DECK,
    duties=Duties(Follow.SUIT))


def test_a_new_game_is_data_only() -> None:
    rules = WHIST_FIVE.bind(HEARTS)
    hand = parse_cardset("AS 2S 3H 4D")
    led = [parse_card("KS")]
    assert cards_text(rules.legal(hand, led, 0)) == "2S AS"
    assert cards_text(rules.legal(parse_cardset("3H 4D"), led, 0)) == "3H 4D"
    assert "does not follow suit" in rules.explain(parse_card("3H"), hand, led, 0)
    # The solver needs nothing more. Seat 1 takes its A♥ and nothing else:
    # seat 2 must follow with the K♥ and wins every club trick.
    position = Position.create(WHIST_FIVE, HEARTS, [parse_cardset(h) for h in (
        "AH 2C 3C 4C 5C", "KH AC KC QC JC")])
    solver = Solver()
    assert (solver.max_tricks(position, 0), solver.max_tricks(position, 1)) == (1, 4)

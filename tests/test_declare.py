"""jink declare: pass, play, take the widow or general rams; Loo standing.

Each choice's value is checked against a solve of the position the choice
produces, built here by hand from the rules (who is in the play, who leads).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from jink.cards import CLUBS, HEARTS, SPADES, card_name, parse_card, parse_cardset
from jink.cli.app import app
from jink.decisions.declare import Choice, Deal, Declaration, deal_from_text, declare
from jink.errors import PositionError
from jink.games import find_game
from jink.position import Position
from jink.solver import Solver, Verdict
from tests.reference_family import fam_max_tricks, fam_position

RAMS_HANDS = ["AH KH 8C 9C TS", "QH JH AC KC 7S", "7H AS KS QS JS", "8H 9H TH 7D 8D"]
RAMS_WIDOW = "AD KD QD JD TD"


def rams_deal() -> Deal:
    return deal_from_text(find_game("rams"), HEARTS, RAMS_HANDS, RAMS_WIDOW)


def by_name(decision: Declaration) -> dict[str, Choice]:
    return {c.name + ("/" + "".join(map(card_name, c.discard)) if c.discard else ""): c
            for c in decision.choices}


def widow_hands(widow: str, size: int = 5) -> list[str]:
    """Every hand a widow makes: itself, or itself less each card in turn."""
    cards = widow.split()
    if len(cards) == size:
        return [widow]
    return [" ".join(c for c in cards if c != d) for d in cards]


def ref_value(game: str, trump: str, hands: list[str], widow: str, asker: int, mine: str,
              players: list[int], *, widow_left: bool, taker: int | None = None,
              turnup: str | None = None, leader: int = 0,
              tricks: int = 5) -> tuple[int, bool, bool]:
    """The slow reference's value of a choice for ``asker``, holding ``mine``:
    the other seats' holdings written out one by one (an earlier ``taker``'s
    widow with each discard; a later seat in the play taking the widow left
    to it; the dealer robbing ``turnup`` with each card of his hand), each
    position solved by tests/reference_family.py, the worst kept: the fewest
    tricks, and one trick (all ``tricks``) only if forced in every one."""
    dealer = len(hands) - 1
    ways: list[dict[int, str]] = [{}]
    if taker is not None:
        ways = [{taker: w} for w in widow_hands(widow, len(mine.split()))]
    elif widow_left:
        ways += [{s: w} for s in players if s > asker
                 for w in widow_hands(widow, len(mine.split()))]
    if turnup is not None and dealer in players and dealer != asker:
        ways += [{**w, dealer: " ".join([c for c in w.get(dealer, hands[dealer]).split()
                                         if c != d] + [turnup])}
                 for w in list(ways) for d in w.get(dealer, hands[dealer]).split()]
    values = []
    index = players.index(asker)
    for way in ways:
        held = [mine if s == asker else way.get(s, hands[s]) for s in players]
        position = fam_position(game, trump, held, leader=leader)
        seats = frozenset({index})
        # (forcing k tricks is max_tricks >= k: test_reference_family ties
        # fam_can_force to it, and its own minimax per k was most of this time)
        most = fam_max_tricks(position, seats)
        values.append((most, most >= 1, most >= tricks))
    return (min(v[0] for v in values), all(v[1] for v in values),
            all(v[2] for v in values))


def value_of(choice: Choice) -> tuple[int | None, bool | None, bool | None]:
    verdict = choice.verdict
    assert verdict is not None
    one, five = (answer for _, answer in verdict.answers)
    return verdict.max_tricks, one, five


def tricks_of(verdict: Verdict | None) -> int:
    """A solved choice's tricks (every solve here is worked out to the end)."""
    assert verdict is not None and verdict.max_tricks is not None
    return verdict.max_tricks


# Three at the table, hearts trumps, and a widow of five trumps: whoever
# holds it takes every trick.
TABLE3 = ["AS KS QS 7H 8H", "7C 8C 9C TC JC", "AD KD QD JD TD"]
WIDOW3 = "AH KH QH JH TH"


def table3(game: str = "rams") -> Deal:
    return deal_from_text(find_game(game), HEARTS, TABLE3, WIDOW3)


def test_values_equal_the_references_worst_holding() -> None:
    choices = by_name(declare(table3(), 0, [1]))
    # Seats 1 and 2 play, seat 1 leading; seat 2, after him, may take the
    # widow if he leaves it, and does, since it hurts seat 1 most.
    assert choices["play"].players == (0, 1)
    assert value_of(choices["play"]) == ref_value(
        "rams", "H", TABLE3, WIDOW3, 0, TABLE3[0], [0, 1], widow_left=True) == (0, False, False)
    assert "seat 2's taking the widow costs it" in choices["play"].note
    own = Position.create("rams", "H", [TABLE3[0], TABLE3[1]])
    assert Solver().max_tricks(own, 0) == 5  # what the play was worth before
    assert value_of(choices["widow"]) == ref_value(
        "rams", "H", TABLE3, WIDOW3, 0, WIDOW3, [0, 1], widow_left=False) == (5, True, True)
    assert choices["pass"].verdict is None and choices["pass"].allowed


def test_the_dealer_joining_a_lone_player_may_take_the_widow() -> None:
    choices = by_name(declare(table3(), 1, []))
    assert choices["play"].players == (1, 2)
    assert value_of(choices["play"]) == ref_value(
        "rams", "H", TABLE3, WIDOW3, 1, TABLE3[1], [1, 2], widow_left=True) == (0, False, False)
    assert "the dealer's taking the widow" in choices["play"].note


def test_an_earlier_seat_took_the_widow() -> None:
    decision = declare(table3(), 1, [0], widow_taker=0)
    choices = by_name(decision)
    assert not choices["widow"].allowed and choices["widow"].verdict is None
    assert value_of(choices["play"]) == ref_value(
        "rams", "H", TABLE3, WIDOW3, 1, TABLE3[1], [0, 1], widow_left=False, taker=0)
    assert value_of(choices["play"]) == (0, False, False)
    # Nor may he announce a general rams with it.
    assert "general-rams-widow" not in choices
    assert value_of(choices["general-rams"]) == ref_value(
        "rams", "H", TABLE3, WIDOW3, 1, TABLE3[1], [0, 1, 2], widow_left=False, taker=0,
        leader=1)
    assert decision.to_dict()["widow_taken_by"] == 1
    with pytest.raises(PositionError, match="give it among the seats that play"):
        declare(table3(), 1, [], widow_taker=0)
    with pytest.raises(PositionError, match="later seat takes the widow or not"):
        declare(table3(), 0, [1], widow_taker=1)


def test_general_rams_everybody_plays_the_announcer_leads_and_pays() -> None:
    choices = by_name(declare(table3(), 0, []))
    general = choices["general-rams"]
    assert general.players == (0, 1, 2)
    assert tricks_of(general.verdict) < 5
    # Foster: failing, "he must double the amount then in the pool, and pay five
    # counters to each of his adversaries" (two here), and gets nothing.
    data = general.to_dict()
    assert data["pool_share"] == "-1" and data["counters"] == -10
    widow = choices["general-rams-widow"]
    # Succeeding, "he not only gets the pool but receives five counters in
    # addition from each player".
    data = widow.to_dict()
    assert data["max_tricks"] == 5 and data["pool_share"] == "1" and data["counters"] == 10


@pytest.mark.ci
def test_general_rams_values_against_the_reference() -> None:
    """The values above, by the slow reference (some seconds: every seat's
    taking of the widow written out)."""
    choices = by_name(declare(table3(), 0, []))
    # Seats 2 and 3 have not refused the widow: either may take it against him.
    assert value_of(choices["general-rams"]) == ref_value(
        "rams", "H", TABLE3, WIDOW3, 0, TABLE3[0], [0, 1, 2], widow_left=True, leader=0)
    assert value_of(choices["general-rams-widow"]) == ref_value(
        "rams", "H", TABLE3, WIDOW3, 0, WIDOW3, [0, 1, 2], widow_left=False, leader=0)


def test_the_dealer_joins_a_lone_player_and_must_play_against_one() -> None:
    deal = rams_deal()
    # Seat 2 alone would play with nobody: the dealer (seat 4) must play.
    alone = by_name(declare(deal, 1, []))
    assert alone["play"].players == (1, 3)
    # His pass costs him nothing (the pone, passing after him, pays).
    assert "counters" not in alone["pass"].to_dict()
    assert "no penalty" in alone["pass"].note
    # The pone (seat 3) when all the others passed: passing costs him.
    pone = by_name(declare(deal, 2, []))
    assert pone["pass"].allowed and "pay him 5 counters" in pone["pass"].note
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
    args = ["declare", "--game", "rams", "--trump", "H", "--widow", RAMS_WIDOW,
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


# A Rams deal with a turn-up the dealer (seat 4) may rob: spades trumps, the 9♠.
ROB_HANDS = ["AS KH QH 8D 7C", "KS JH TD 9C 8C", "7S AH 9H AD KC", "8S TH 7H QC JC"]
ROB_WIDOW = "QS JS TS AC TC"


def rob_deal() -> Deal:
    return deal_from_text(find_game("rams"), SPADES, ROB_HANDS, ROB_WIDOW, parse_card("9S"))


def cards_text_of(hand: int) -> str:
    return " ".join(card_name(c) for c in range(52) if hand >> c & 1)


def robbed(hand: str, discard: str) -> int:
    return parse_cardset(hand) & ~(1 << parse_card(discard)) | 1 << parse_card("9S")


def test_the_dealer_asking_sees_each_way_of_robbing() -> None:
    decision = declare(rob_deal(), 3, [0])
    plays = [c for c in decision.choices if c.name == "play"]
    assert [tuple(map(card_name, c.rob)) for c in plays] == \
        [(), ("8S",), ("TH",), ("7H",), ("QC", "JC")]  # QC and JC are one card in play
    solver = Solver()
    for choice in plays:
        hand = robbed(ROB_HANDS[3], card_name(choice.rob[0])) if choice.rob \
            else parse_cardset(ROB_HANDS[3])
        position = Position.create("rams", "S", [parse_cardset(ROB_HANDS[0]), hand])
        assert choice.verdict == solver.verdict(position, 1)
    # Robbing pays: the hand dealt makes one trick, robbing for the 10♥ three.
    assert [c.verdict.max_tricks for c in plays if c.verdict] == [1, 1, 3, 3, 2]
    widows = [c for c in decision.choices if c.name == "widow"]
    assert [tuple(map(card_name, c.rob)) for c in widows] == \
        [(), ("QS", "JS", "TS"), ("AC",), ("TC",)]
    assert all("robs the turn-up" in c.note for c in decision.choices if c.rob)
    data = decision.to_dict()["choices"]
    assert isinstance(data, list)
    assert data[2]["rob"] == ["8S"] and "rob" not in data[1]


def test_another_seat_asking_meets_the_dealers_worst_rob() -> None:
    decision = declare(rob_deal(), 0, [3])
    [play] = [c for c in decision.choices if c.name == "play"]
    assert play.verdict is not None and not play.rob
    # The dealer may rob with his own hand, or take the widow and rob from it.
    assert value_of(play) == ref_value("rams", "S", ROB_HANDS, ROB_WIDOW, 0, ROB_HANDS[0],
                                       [0, 3], widow_left=True, turnup="9S")
    solver = Solver()
    dealer_hands = [parse_cardset(ROB_HANDS[3])] + [robbed(ROB_HANDS[3], d)
                                                    for d in ("8S", "TH", "7H", "QC")]
    values = [solver.verdict(Position.create("rams", "S", [parse_cardset(ROB_HANDS[0]), h]),
                             0) for h in dealer_hands]
    assert values[0].max_tricks == 4  # with no exchange seat 1 would make four
    assert min(tricks_of(v) for v in values) == 2  # the dealer's rob alone: two
    assert tricks_of(play.verdict) == 1  # the widow too: one
    assert "the dealer's rob of the 9S" in play.note
    assert "the dealer's taking the widow" in play.note
    # Where robbing cannot hurt seat 1, the note says nothing of it.
    [widow] = [c for c in decision.choices if c.name == "widow"]
    assert value_of(widow) == ref_value("rams", "S", ROB_HANDS, ROB_WIDOW, 0, ROB_WIDOW,
                                        [0, 3], widow_left=False, turnup="9S")
    assert "rob" not in widow.note


def test_no_rob_without_the_turn_up_or_the_dealer() -> None:
    plain = deal_from_text(find_game("rams"), SPADES, ROB_HANDS, ROB_WIDOW)
    assert not any(c.rob for c in declare(plain, 3, [0]).choices)
    # Seats 1 and 2 play, the dealer passes: nobody may rob.
    decision = declare(rob_deal(), 0, [1])
    assert all("rob" not in c.note and not c.rob for c in decision.choices)


@pytest.mark.parametrize(("turnup", "message"), [
    ("8S", "the turn-up 8S is also in a hand or the widow"),
    ("9D", "the turn-up 9D is not of the trump suit"),
    ("2S", "the turn-up 2S is not in the Rams pack"),
])
def test_bad_turn_up(turnup: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        deal_from_text(find_game("rams"), SPADES, ROB_HANDS, ROB_WIDOW, parse_card(turnup))


def test_the_rounce_dealer_robs_too() -> None:
    deal = deal_from_text(find_game("rounce"), SPADES,
                          ["AS KH QH 8D 7C", "KS JH TD 9C 8C", "2S 3H 9H AD KC"],
                          "QS JS TS AC TC 2C", parse_card("5S"))
    decision = declare(deal, 2, [0])
    robs = [c for c in decision.choices if c.name == "play" and c.rob]
    assert robs and all(c.verdict is not None for c in robs)
    assert not any(c.name.startswith("general") for c in decision.choices)


def test_bierspiel_declares_as_rams() -> None:
    """Foster's Bierspiel is "a popular form of Rams" where "only two declare
    to play": the widow, declaring, the dealer's duty and general rams are
    Rams'; the positions are played by Bierspiel's rules (the 7D second
    trump, forced trump leads), checked by the slow reference in CI's run."""
    decision = declare(table3("bierspiel"), 0, [1])
    choices = by_name(decision)
    assert [c.name for c in decision.choices] == ["pass", "play", "widow", "general-rams",
                                                  "general-rams-widow"]
    # Bierspiel scores points, not a pool: no Rams payment.
    assert "points" in choices["general-rams"].to_dict()
    # The dealer must play against a lone player, as in Rams.
    assert not by_name(declare(table3("bierspiel"), 2, [0]))["pass"].allowed


@pytest.mark.ci
def test_bierspiel_declaring_values_against_the_reference() -> None:
    """The values of Bierspiel's declaring, by the slow reference (some seconds)."""
    choices = by_name(declare(table3("bierspiel"), 0, [1]))
    assert value_of(choices["play"]) == ref_value(
        "bierspiel", "H", TABLE3, WIDOW3, 0, TABLE3[0], [0, 1], widow_left=True)
    assert value_of(choices["widow"]) == ref_value(
        "bierspiel", "H", TABLE3, WIDOW3, 0, WIDOW3, [0, 1], widow_left=False)
    assert value_of(choices["general-rams-widow"]) == ref_value(
        "bierspiel", "H", TABLE3, WIDOW3, 0, WIDOW3, [0, 1, 2], widow_left=False, leader=0)


def test_bierspiel_dealer_robs_the_turn_up() -> None:
    deal = deal_from_text(find_game("bierspiel"), SPADES, ROB_HANDS, ROB_WIDOW,
                          parse_card("9S"))
    plays = [c for c in declare(deal, 3, [0]).choices if c.name == "play"]
    assert len(plays) > 1 and any(c.rob for c in plays)
    for choice in plays:
        hand = robbed(ROB_HANDS[3], card_name(choice.rob[0])) if choice.rob \
            else parse_cardset(ROB_HANDS[3])
        assert value_of(choice) == ref_value(
            "bierspiel", "S", ROB_HANDS, ROB_WIDOW, 3, cards_text_of(hand), [0, 3],
            widow_left=False)


def test_bierspiel_cli() -> None:
    result = CliRunner().invoke(app, [
        "declare", "--game", "bierspiel", "--trump", "H", "--widow", WIDOW3,
        "--hands", " / ".join(TABLE3), "--seat", "1", "--playing", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "bierspiel"
    assert [c["choice"] for c in data["choices"]] == ["pass", "play", "widow", "general-rams",
                                                      "general-rams-widow"]


# Loo, a double pool: three at the table, spades trumps.
LOO3 = ["AS 7H 2C", "KS 8H 3C", "QS 9D 4C"]
LOO_MISS = "2S 3S 4S"


def loo_deal() -> Deal:
    return deal_from_text(find_game("loo"), SPADES, LOO3, LOO_MISS)


def test_loo_lone_stander_meets_the_dealer() -> None:
    """RULINGS Loo 6: against a lone stander the dealer stands on his own
    cards, takes the miss, or plays the miss for the pool; against the miss's
    holder he stands or throws up (the holder then takes the pool)."""
    choices = by_name(declare(loo_deal(), 0, []))
    play, widow = choices["play"], choices["widow"]
    assert play.players == widow.players == (0, 2)
    # The dealer holds his own hand or the miss, as hurts seat 1 most.
    assert value_of(play) == ref_value("loo", "S", LOO3, LOO_MISS, 0, LOO3[0], [0, 2],
                                       widow_left=True, tricks=3)
    # Holding the miss, seat 1 meets the dealer's own hand (if the dealer
    # throws up instead, seat 1 takes the whole pool: no worse for him).
    assert value_of(widow) == ref_value("loo", "S", LOO3, LOO_MISS, 0, LOO_MISS, [0, 2],
                                        widow_left=False, tricks=3)
    assert "if he throws up, seat 1 takes the pool" in widow.note


def test_loo_dealer_against_a_lone_stander() -> None:
    decision = declare(loo_deal(), 2, [0])
    choices = by_name(decision)
    # Not standing, he must play the miss for the pool: no gain, no loss.
    assert choices["pass"].allowed and choices["pass"].players == (0, 2)
    assert choices["pass"].verdict is None
    assert "play the widow for the pool against seat 1" in choices["pass"].note
    assert value_of(choices["play"]) == ref_value("loo", "S", LOO3, LOO_MISS, 2, LOO3[2],
                                                  [0, 2], widow_left=False, tricks=3)
    assert value_of(choices["widow"]) == ref_value("loo", "S", LOO3, LOO_MISS, 2, LOO_MISS,
                                                   [0, 2], widow_left=False, tricks=3)
    # The lone one holds the miss: the dealer stands or throws up.
    held = by_name(declare(loo_deal(), 2, [0], widow_taker=0))
    assert held["pass"].allowed and held["pass"].players == ()
    assert "seat 1, holding the widow, takes the pool" in held["pass"].note
    assert not held["widow"].allowed
    assert value_of(held["play"]) == ref_value("loo", "S", LOO3, LOO_MISS, 2, LOO3[2],
                                               [0, 2], widow_left=False, taker=0, tricks=3)
    # Everybody before him threw up: he takes the pool, no play.
    [pool] = declare(loo_deal(), 2, []).choices
    assert pool.name == "pool" and pool.allowed and pool.players == ()


@pytest.mark.parametrize(("game", "hands", "widow", "message"), [
    ("rams", ["AH KH 8C 9C TS", "QH JH AC KC 7S"], "AD KD QD JD TD",
     "Rams declaring takes 3 to 6 hands at the table, not 2"),
    ("loo", ["AS 7H 2C", "KS 8H 3C"], "2D 3D 4D",
     "Three-card Loo declaring takes 3 to 16 hands at the table, not 2"),
    ("loo", [" ".join(card_name(3 * i + k) for k in range(3)) for i in range(16)] + ["QS"],
     "2D 3D 4D", "Three-card Loo declaring takes 3 to 16 hands at the table, not 17"),
])
def test_seats_at_the_table(game: str, hands: list[str], widow: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        deal_from_text(find_game(game), HEARTS, hands, widow)


def test_cli_lone_stander_and_widow_taker() -> None:
    runner = CliRunner()
    loo = ["declare", "--game", "loo", "--trump", "S", "--widow", LOO_MISS,
           "--hands", " / ".join(LOO3)]
    alone = runner.invoke(app, [*loo, "--seat", "1", "--json"])
    assert alone.exit_code == 0, alone.output
    assert json.loads(alone.stdout)["choices"][1]["in_play"] == [1, 3]
    held = runner.invoke(app, [*loo, "--seat", "3", "--playing", "1", "--widow-taker", "1",
                               "--json"])
    assert held.exit_code == 0, held.output
    data = json.loads(held.stdout)
    assert data["widow_taken_by"] == 1
    assert [(c["choice"], c["allowed"]) for c in data["choices"]] == \
        [("pass", True), ("play", True), ("widow", False)]
    bad = runner.invoke(app, [*loo, "--seat", "1", "--playing", "3", "--widow-taker", "3"])
    assert bad.exit_code == 1 and bad.stderr.startswith("error: ")
    assert len(bad.stderr.strip().splitlines()) == 1


def test_the_lone_pone_must_play_or_pay_the_dealer() -> None:
    """Foster (Rams): "If all pass except the pone, he must play against the
    dealer ... If he declines to play, he must pay the dealer five counters,
    and the pool remains." The dealer's own choice comes after the pone's,
    so naming him among those who play changes nothing: the pone's pass is
    still scored -5 (it was once shown as "no penalty", with the dealer
    alone in the play)."""
    deal = rams_deal()
    for others in ([], [3]):
        decision = declare(deal, 2, others)
        passing = by_name(decision)["pass"]
        assert passing.allowed and passing.players == ()
        assert "must play against the dealer or pay him 5" in passing.note
        assert passing.to_dict()["counters"] == -5
    # A seat before the pone, with every other seat before the dealer passing:
    # no penalty for him, and nobody plays.
    early = by_name(declare(deal, 0, [3]))["pass"]
    assert early.players == () and "counters" not in early.to_dict()
    assert "the deal is not played" in early.note and "pone pays the dealer 5" in early.note
    # Rounce keeps the pone's payment ("everything else is Rams'").
    rounce = deal_from_text(find_game("rounce"), HEARTS, RAMS_HANDS, RAMS_WIDOW + " 2C")
    assert by_name(declare(rounce, 2, []))["pass"].to_dict()["counters"] == -5


def test_the_lone_pone_in_bierspiel_and_loo_pays_nothing() -> None:
    """Bierspiel keeps crosses, not counters: nobody pays the dealer, and the
    deal is not played (docs/session.md's ruling). Loo (RULINGS Loo 6): "If
    everybody before the dealer throws up and nobody took the miss, the
    dealer takes the pool": the pone's throwing up says so, and costs him
    nothing (RULINGS, not a reading of "pay the dealer", decides Loo)."""
    bier = deal_from_text(find_game("bierspiel"), HEARTS, RAMS_HANDS, RAMS_WIDOW)
    passing = by_name(declare(bier, 2, []))["pass"]
    assert "the deal is not played" in passing.note and "counters" not in passing.to_dict()
    loo = by_name(declare(loo_deal(), 1, [2]))["pass"]
    assert "the dealer takes the pool" in loo.note and loo.players == ()
    assert "counters" not in loo.to_dict()


def test_a_rams_simple_every_player_plays() -> None:
    """Foster (Rams): "The usual custom is to compel every one to play when
    the pool is a simple". Told the pool is a simple, declare does not allow
    passing and puts every other seat in the play; Rounce ("all pools are
    alike") and Loo (a simple has no widow) have no such declaring."""
    deal = rams_deal()
    decision = declare(deal, 1, [0, 2, 3], simple=True)
    choices = by_name(decision)
    assert not choices["pass"].allowed and "simple" in choices["pass"].note
    assert choices["play"].players == (0, 1, 2, 3)
    position = Position.create("rams", "H", RAMS_HANDS)
    # Seat 3 and the dealer, after seat 2, may take the widow against him:
    # never better for him than the hands as dealt.
    assert tricks_of(choices["play"].verdict) <= Solver().max_tricks(position, 1)
    assert decision.to_dict()["simple"] is True
    with pytest.raises(PositionError, match="seat 3 is not among the seats that play"):
        declare(deal, 1, [0, 3], simple=True)
    for game, widow in (("rounce", RAMS_WIDOW + " 2C"), ("bierspiel", RAMS_WIDOW)):
        other = deal_from_text(find_game(game), HEARTS, RAMS_HANDS, widow)
        with pytest.raises(PositionError, match="no simple pools"):
            declare(other, 1, [0, 2, 3], simple=True)
    runner = CliRunner()
    args = ["declare", "--game", "rams", "--trump", "H", "--widow", RAMS_WIDOW,
            "--hands", " / ".join(RAMS_HANDS), "--seat", "2", "--simple"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["others_play"] == [1, 3, 4]
    assert data["choices"][0]["choice"] == "pass" and not data["choices"][0]["allowed"]
    bad = runner.invoke(app, [*args, "--playing", "1,3"])
    assert bad.exit_code == 1 and bad.stderr.startswith("error: --playing: ")
    loo = runner.invoke(app, ["declare", "--game", "loo", "--trump", "S", "--widow", LOO_MISS,
                              "--hands", " / ".join(LOO3), "--simple"])
    assert loo.exit_code == 1 and loo.stderr.startswith("error: --simple: ")


def test_the_eldest_must_play_in_some_clubs() -> None:
    """Foster (Rams): "In some clubs the eldest hand is obliged to play,
    either with his own hand or with the widow": the option eldest_must_play
    (default off) takes away seat 1's pass, and a later seat asking must have
    him among those who play."""
    assert find_game("rams").check_options({})["eldest_must_play"] is False
    club = deal_from_text(find_game("rams"), HEARTS, RAMS_HANDS, RAMS_WIDOW,
                          options={"eldest_must_play": True})
    choices = by_name(declare(club, 0, []))
    assert not choices["pass"].allowed and "eldest" in choices["pass"].note
    assert choices["play"].allowed and choices["widow"].allowed
    assert by_name(declare(rams_deal(), 0, []))["pass"].allowed
    with pytest.raises(PositionError, match="seat 1, the eldest hand, must play"):
        declare(club, 2, [])
    assert by_name(declare(club, 2, [0]))["pass"].allowed
    runner = CliRunner()
    args = ["declare", "--game", "rams", "--trump", "H", "--widow", RAMS_WIDOW,
            "--hands", " / ".join(RAMS_HANDS), "--option", "eldest_must_play"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["choices"][0]["allowed"] is False
    bad = runner.invoke(app, [*args, "--seat", "3"])
    assert bad.exit_code == 1 and bad.stderr.startswith("error: --playing: ")


#: Six at a Rams table: five hands dealt, the dealer's none ("-").
SIX = ["AH KH 8C 9C TS", "QH JH AC KC 7S", "7H AS KS QS JS", "8H 9H TH 7D 8D",
       "9S 8S TC 9D JC", "-"]


@pytest.mark.parametrize("game", ["rams", "bierspiel"])
def test_six_at_the_table_the_dealer_takes_no_cards(game: str) -> None:
    """Foster (Rams): "Any number from three to six may play; but when six
    play the dealer takes no cards" (RULINGS Rams 1; Bierspiel is Rams).
    Five hands are dealt and the dealer neither declares, plays nor robs.
    RULINGS Rams 5: "If only one player announces to play, the deal is not
    played: the pool remains and nobody pays, as when everybody passes."
    Two or more play as usual."""
    deal = deal_from_text(find_game(game), CLUBS, SIX, RAMS_WIDOW, parse_card("7C"))
    assert deal.dealer_out and not deal.dealer_robs
    pair = by_name(declare(deal, 0, [4]))
    assert pair["play"].players == (0, 4)
    position = Position.create(game, "C", [SIX[0], SIX[4]])
    # Seat 5, after him, may take the widow he leaves: never better for him.
    assert tricks_of(pair["play"].verdict) <= Solver().max_tricks(position, 0)
    alone = by_name(declare(deal, 4, []))
    for name in ("play", "widow"):
        # Not played: no seats in the play, no verdict, nothing paid.
        row = alone[name]
        assert row.allowed and row.players == () and row.verdict is None, row
        assert row.counters is None and "not played" in row.note
    # Nobody else plays: no pone pays (there is no dealer's hand to play against).
    assert "counters" not in alone["pass"].to_dict() and alone["pass"].players == ()
    # Seat 1 passing while seat 5 alone plays: not played either.
    left = by_name(declare(deal, 0, [4]))["pass"]
    assert left.players == () and "not played" in left.note and left.counters is None
    general = by_name(declare(deal, 0, []))["general-rams"]
    assert general.players == (0, 1, 2, 3, 4)
    with pytest.raises(PositionError, match="dealer, seat 6, takes no cards"):
        declare(deal, 5, [0])
    with pytest.raises(PositionError, match="takes no cards"):
        deal_from_text(find_game(game), HEARTS, [*SIX[:5], "7C 8H 9H TH JH"], RAMS_WIDOW)
    with pytest.raises(PositionError, match="only the dealer"):
        deal_from_text(find_game(game), HEARTS, ["-", *SIX[1:]], RAMS_WIDOW)
    runner = CliRunner()
    result = runner.invoke(app, ["declare", "--game", game, "--turnup", "7C", "--widow",
                                 RAMS_WIDOW, "--hands", " / ".join(SIX), "--seat", "5",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["table"] == 6 and data["choices"][1]["in_play"] == []
    assert "max_tricks" not in data["choices"][1]


def test_a_general_rams_payment_is_said_once_per_way_of_robbing() -> None:
    """Foster's general rams payment ("he must double the amount then in the
    pool, and pay five counters to each of his adversaries") is said once in
    each row's note: the dealer asking sees one row per way of robbing, and
    the rows' notes used to pile up every earlier row's payment."""
    deal = deal_from_text(find_game("rams"), SPADES,
                          ["AS KH QH 8D 7C", "KS JH TD 9C 8C", "7S AH 9H AD KC",
                           "8S TH 7H QC JC"], "QS JS TS AC TC", parse_card("9S"))
    rows = [c for c in declare(deal, 3, [0]).choices if c.name.startswith("general")]
    assert len(rows) > 2
    for row in rows:
        said = row.note.count("fails:") + row.note.count("succeeds:")
        assert said == 1, row.note


def test_declare_takes_the_games_options() -> None:
    """RULINGS Rams 1: the *option* ecarte_order ranks every suit K Q J A 10 9
    8 7. jink declare --option passes it to every position it solves: with
    seat 1 holding the widow, seat 2's play is worth what the solver gives
    the same seats under the Écarté order, which differs here from the
    piquet order's."""
    hands = ["JS 9D 9C QC KC", "9S QS AS QH TD", "TS 9H TH KH AC", "7S JH AH 7D TC"]
    widow = "KS 8H KD AD 8C"
    held = [widow, hands[1], hands[3]]
    values = {}
    for ecarte in (False, True):
        options = {"ecarte_order": ecarte}
        deal = deal_from_text(find_game("rams"), HEARTS, hands, widow, options=options)
        play = by_name(declare(deal, 1, [0, 3], widow_taker=0))["play"]
        solved = Solver().max_tricks(Position.create("rams", "H", held, options=options), 1)
        assert tricks_of(play.verdict) == solved
        values[ecarte] = solved
    assert values[False] != values[True]
    runner = CliRunner()
    args = ["declare", "--game", "rams", "--trump", "H", "--widow", widow, "--hands",
            " / ".join(hands), "--seat", "2", "--playing", "1,4", "--widow-taker", "1",
            "--json"]
    for extra, ecarte in (([], False), (["--option", "ecarte_order"], True)):
        result = runner.invoke(app, [*args, *extra])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["choices"][1]["max_tricks"] == values[ecarte]
    bad = runner.invoke(app, [*args, "--option", "no_such"])
    assert bad.exit_code == 1 and bad.stderr.startswith("error: --option: unknown option")


@pytest.mark.parametrize("game, key", [("rams", "counters"), ("bierspiel", "points")])
def test_bierspiel_penalties_are_fresh_crosses(game: str, key: str) -> None:
    """RULINGS Bierspiel 4: "where Rams forfeits five counters (a player who
    plays and takes no trick, a failed general rams, the pone who declines),
    Bierspiel adds one fresh cross, five points, to that player's score".
    In jink declare a fresh cross is ``points`` -5: the pone's pass pays it
    (Rams: five counters to the dealer), a row that can be held to no trick
    is worth it, and so is a general rams that can be made to fail."""
    deal = deal_from_text(find_game(game), HEARTS, RAMS_HANDS, RAMS_WIDOW)
    pone = by_name(declare(deal, 2, []))["pass"].to_dict()
    assert pone[key] == -5 and ({"counters", "points"} - {key}).isdisjoint(pone)
    kinds = set()
    for seat, others in ((2, []), (0, []), (1, [0])):
        for choice in declare(deal, seat, others).choices:
            verdict = choice.verdict
            if verdict is None:
                continue
            assert verdict.max_tricks is not None
            general = choice.name.startswith("general")
            failed = verdict.max_tricks < 5 if general else verdict.max_tricks == 0
            if game == "bierspiel":
                want = -5 if failed else verdict.max_tricks
                assert dict(verdict.extras)["points"] == want, choice
                assert ("a penalty" in choice.note) == failed, choice.note
            kinds.add((general, failed))
    # Each case met: plays held to none, plays with a trick, general rams failing.
    assert {(False, True), (False, False), (True, True)} <= kinds
    runner = CliRunner()
    result = runner.invoke(app, ["declare", "--game", game, "--trump", "H", "--widow",
                                 RAMS_WIDOW, "--hands", " / ".join(RAMS_HANDS), "--seat",
                                 "3", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["choices"][0][key] == -5

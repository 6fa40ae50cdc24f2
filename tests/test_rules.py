"""Spoil Five's rules: the ranking tables, following and reneging, who wins a trick.

Every expectation here is written out by hand from RULINGS.md and Foster's text
(``/work/shared/sources/foster-spoil-five.txt``), never computed by the package.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pytest

from jink.cards import (
    FULL_DECK,
    Card,
    card_name,
    cardset,
    iter_cards,
    parse_card,
    parse_cards,
    parse_cardset,
    parse_suit,
)
from jink.errors import IllegalPlayError, JinkError
from jink.games.base import TRUMP_BASE
from jink.games.spoil_five import SPOIL_FIVE
from jink.position import Position

# -- the ranking tables of RULINGS.md, best card first -----------------------------------

#: A suit's order when it is not trumps.
PLAIN_ORDERS: dict[str, str] = {
    "H": "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",  # the A♥ is never a heart
    "D": "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD",
    "C": "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C TC",
    "S": "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
}

#: The trump suit's order; the 5 heads it and appears nowhere else.
TRUMP_ORDERS: dict[str, str] = {
    "H": "5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H",
    "D": "5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D",
    "C": "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C TC",
    "S": "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S TS",
}

TRUMPS = "SHDC"


def names(cards: Iterable[Card]) -> list[str]:
    return [card_name(c) for c in cards]


@pytest.mark.parametrize("trump", TRUMPS)
def test_trump_order(trump: str) -> None:
    rules = SPOIL_FIVE.bind(parse_suit(trump))
    assert names(rules.order(parse_suit(trump))) == TRUMP_ORDERS[trump].split()
    assert names(rules.ranking.trumps) == TRUMP_ORDERS[trump].split()


@pytest.mark.parametrize("trump", TRUMPS)
def test_plain_orders(trump: str) -> None:
    rules = SPOIL_FIVE.bind(parse_suit(trump))
    for suit in TRUMPS:
        if suit == trump:
            assert rules.ranking.plain[parse_suit(suit)] == ()
            continue
        assert names(rules.order(parse_suit(suit))) == PLAIN_ORDERS[suit].split()


@pytest.mark.parametrize("trump", TRUMPS)
def test_five_of_trumps_appears_exactly_once(trump: str) -> None:
    rules = SPOIL_FIVE.bind(parse_suit(trump))
    five = parse_card("5" + trump)
    assert rules.ranking.trumps.count(five) == 1
    assert rules.ranking.trumps[0] == five
    assert all(five not in order for order in rules.ranking.plain)
    assert len(rules.ranking.trumps) == (13 if trump == "H" else 14)


@pytest.mark.parametrize("trump", TRUMPS)
def test_ace_of_hearts_is_always_the_third_trump(trump: str) -> None:
    rules = SPOIL_FIVE.bind(parse_suit(trump))
    ace = parse_card("AH")
    assert rules.ranking.trumps[2] == ace
    assert ace not in rules.ranking.plain[parse_suit("H")]
    assert all(ace not in order for order in rules.ranking.plain)
    assert rules.trump_mask & (1 << ace)
    assert rules.suit[ace] == parse_suit(trump)
    if trump != "H":
        assert not rules.suit_masks[parse_suit("H")] & (1 << ace)


@pytest.mark.parametrize("trump", TRUMPS)
def test_tables_cover_the_pack_once_and_power_follows_them(trump: str) -> None:
    rules = SPOIL_FIVE.bind(parse_suit(trump))
    every = list(rules.ranking.trumps) + [c for order in rules.ranking.plain for c in order]
    assert sorted(every) == list(range(52))
    assert cardset(every) == FULL_DECK
    for order in (rules.ranking.trumps, *rules.ranking.plain):
        powers = [rules.power[c] for c in order]
        assert powers == sorted(powers, reverse=True)
        assert len(set(powers)) == len(powers)
    assert min(rules.power[c] for c in rules.ranking.trumps) > TRUMP_BASE
    assert max(rules.power[c] for o in rules.ranking.plain for c in o) < TRUMP_BASE


# -- legal plays ------------------------------------------------------------------------


def legal(trump: str, hand: str, trick: str) -> set[str]:
    """The legal cards, as names, of ``hand`` to ``trick`` with ``trump`` trumps."""
    rules = SPOIL_FIVE.bind(parse_suit(trump))
    return set(names(iter_cards(rules.legal(parse_cardset(hand), tuple(parse_cards(trick)), 0))))


def every(hand: str) -> set[str]:
    return set(hand.split())


LEGAL_CASES: list[tuple[str, str, str, set[str], str]] = [
    # (trump, hand, trick so far, legal cards, why)
    # Foster: "If the Five of trumps is led, no one can refuse to follow suit".
    ("D", "JD KS 2C 9H 3S", "5D", {"JD"}, "J alone must follow the 5"),
    ("D", "AH KS 2C 9H 3S", "5D", {"AH"}, "A♥ alone must follow the 5"),
    ("C", "JC AH 9H KS 3D", "5C", {"JC", "AH"}, "J and A♥ to the 5: either"),
    ("H", "JH 2S KC 3D 4D", "5H", {"JH"}, "hearts trumps, J must follow the 5"),
    ("H", "AH 2S KC 3D 4D", "5H", {"AH"}, "hearts trumps, A♥ must follow the 5"),
    # Foster: "if the Jack is led, and any player holds the Five alone, he need not play it".
    ("S", "5S KH 2D 3C 9C", "JS", every("5S KH 2D 3C 9C"), "5 alone may renege to the J"),
    ("H", "5H KS 2D 3C 9C", "JH", every("5H KS 2D 3C 9C"), "5 alone may renege to the J"),
    # Foster: "if he has also a smaller trump, he must play one or the other".
    ("S", "5S 2S KH 3C 9C", "JS", {"5S", "2S"}, "5 with a smaller trump: either"),
    ("S", "JS 3S KD 4H 9C", "9S", {"JS", "3S"}, "J with a smaller trump: either"),
    ("S", "JS TS KD 4H 9C", "9S", {"JS", "TS"}, "the smaller trump may rank below the lead"),
    ("D", "5D AD 7C 8H KS", "4D", {"5D", "AD"}, "the ace of trumps is not privileged"),
    ("C", "AH 7C KD 8H KS", "QC", {"AH", "7C"}, "A♥ with a smaller trump: either"),
    ("D", "AD KS 2C 9H 3S", "2D", {"AD"}, "the ace of trumps alone must follow"),
    ("H", "KH KS 2C 9D 3S", "2H", {"KH"}, "the king of trumps alone must follow"),
    # RULINGS 3: every trump held a privileged card above the card led: renege.
    ("C", "5C JC 9H 2D KS", "KC", every("5C JC 9H 2D KS"), "5 and J above the lead"),
    ("C", "JC AH 9H 2D KS", "QC", every("JC AH 9H 2D KS"), "J and A♥ above the lead"),
    ("C", "5C JC AH 2D KS", "TC", every("5C JC AH 2D KS"), "all three privileged cards"),
    ("C", "5C AH 9H 2D KS", "AC", every("5C AH 9H 2D KS"), "5 and A♥ above the ace"),
    ("H", "5H JH 9S 2D KS", "AH", every("5H JH 9S 2D KS"), "hearts trumps: 5, J over A♥"),
    ("H", "AH 9S 2D KS 3C", "7H", every("AH 9S 2D KS 3C"), "hearts trumps, A♥ alone"),
    ("H", "AH 2H KD 3C 4S", "7H", {"AH", "2H"}, "hearts trumps, A♥ with 2H: either"),
    # RULINGS 3: a privileged card below the card led must follow.
    ("D", "AH KS 3C 9H 4S", "JD", {"AH"}, "J led, A♥ alone must follow"),
    ("S", "JS KH 3C 9D 4D", "5S", {"JS"}, "5 led, J alone must follow"),
    ("D", "5D AH KS 3C 9H", "JD", {"5D", "AH"}, "5 above but A♥ below the J: a trump"),
    ("C", "AH 2H KS 3D 9D", "JC", {"AH"}, "A♥ below the J must follow, not a heart"),
    # No trump at all: any card to a trump lead.
    ("S", "KH 2D 3C 9C 4H", "3S", every("KH 2D 3C 9C 4H"), "void in trumps"),
    # A lead of the A♥ is a trump lead.
    ("C", "2H 3C KS 4D 5H", "AH", {"3C"}, "A♥ led: trumps, not hearts, must follow"),
    ("C", "2H KH KS 4D 5H", "AH", every("2H KH KS 4D 5H"), "A♥ led, no trump: anything"),
    ("C", "JC 5C 2H KS 4D", "AH", every("JC 5C 2H KS 4D"), "Foster: J and 5 over the A♥"),
    ("D", "AD 2H KS 4C 5H", "AH", {"AD"}, "A♥ led: the ace of trumps must follow"),
    # RULINGS 1: the A♥ alone is no heart when hearts are not trumps.
    ("S", "AH 2D 3C KD 7C", "KH", every("AH 2D 3C KD 7C"), "A♥ is void in hearts"),
    ("C", "AH 2H 3D KD 7D", "KH", {"AH", "2H"}, "a heart or a trump (the A♥)"),
    # RULINGS 2: plain lead, follow or trump, any trump.
    ("S", "2D 9D 5S JS KC", "KD", {"2D", "9D", "5S", "JS"}, "follow or trump"),
    ("S", "2D 3S AH 9H KC", "KD", {"2D", "3S", "AH"}, "any trump, the A♥ too"),
    ("H", "2D 3H AH 9S KC", "8D", {"2D", "3H", "AH"}, "hearts trumps: follow or trump"),
    ("C", "2D 3D 9S KS TS", "4D 9C", {"2D", "3D"}, "already trumped: follow or trump"),
    ("S", "KD QD 9C 8H 7H", "TC", {"9C"}, "follow with the one club"),
    # Void in the suit led: anything.
    ("S", "2S KC AH 4H 9H", "KD", every("2S KC AH 4H 9H"), "void in the suit led"),
    ("D", "KC QC 9S 8H 7H", "AD", every("KC QC 9S 8H 7H"), "void in diamonds"),
    # Leading: anything.
    ("S", "2S KC AH 4H 9D", "", every("2S KC AH 4H 9D"), "a lead is free"),
    ("H", "5H JH AH 2C 9D", "", every("5H JH AH 2C 9D"), "a lead is free"),
    # The worked example of position.py's docstring.
    ("S", "2S AH 5D", "3S", {"2S", "AH"}, "A♥ with a smaller trump to a trump lead"),
]


@pytest.mark.parametrize(("trump", "hand", "trick", "expected", "why"), LEGAL_CASES,
                         ids=[c[4] + " " + c[0] for c in LEGAL_CASES])
def test_legal(trump: str, hand: str, trick: str, expected: set[str], why: str) -> None:
    assert legal(trump, hand, trick) == expected, why


@pytest.mark.parametrize(("trump", "hand", "trick", "expected", "why"), LEGAL_CASES,
                         ids=[c[4] + " " + c[0] for c in LEGAL_CASES])
def test_why_illegal_agrees_with_legal(trump: str, hand: str, trick: str, expected: set[str],
                                       why: str) -> None:
    rules = SPOIL_FIVE.bind(parse_suit(trump))
    hand_set = parse_cardset(hand)
    trick_cards = tuple(parse_cards(trick))
    for card in iter_cards(hand_set):
        reason = rules.why_illegal(card, hand_set, trick_cards, 0)
        if card_name(card) in expected:
            assert reason is None
        else:
            assert reason is not None and card_name(card) in reason
    outside = parse_card("QH") if not hand_set & (1 << parse_card("QH")) else parse_card("QS")
    assert rules.why_illegal(outside, hand_set, trick_cards, 0) is not None


def test_foster_ace_of_hearts_led_both_lone_five_and_lone_jack_renege() -> None:
    # Foster: "If the heart ace is led, and one player holds the Jack alone, and another
    # the Five alone, neither of these cards need be played".
    pos = Position.create("spoil-five", "C", ["2D 3D 4D 6D", "JC KD QD TH 9H",
                                              "5C KS QS JS 8H", "7H 8D 9D 2H 3H"],
                          trick="AH", leader=0)
    assert pos.seat_to_play == 1
    assert set(names(pos.legal_cards())) == every("JC KD QD TH 9H")
    pos = pos.play(parse_card("KD"))
    assert pos.seat_to_play == 2
    assert set(names(pos.legal_cards())) == every("5C KS QS JS 8H")
    pos = pos.play(parse_card("KS"))
    # The last seat has no trump: anything.
    assert set(names(pos.legal_cards())) == every("7H 8D 9D 2H 3H")
    pos = pos.play(parse_card("2H"))
    assert pos.won == (1, 0, 0, 0)
    assert pos.leader == 0


@pytest.mark.parametrize("holder", ["JD 2C 3C 4C 6C", "AH 2C 3C 4C 6C"])
def test_foster_five_on_an_eight_lead_lone_jack_or_ace_of_hearts_need_not_follow(
        holder: str) -> None:
    # Foster: "If a superior trump is played in following suit, such as the Five played
    # on an Eight led, the holder of the lone Jack of trumps or ace of hearts need not
    # play it, because the lead was inferior."  The privilege looks at the card led.
    pos = Position.create("spoil-five", "D", ["KS QS JS TS", "9S 8S 7S 6S", holder],
                          trick="8D 5D", leader=0)
    assert pos.seat_to_play == 2
    assert set(names(pos.legal_cards())) == every(holder)
    privileged = holder.split()[0]
    after = pos.play(parse_card("2C"))  # reneges
    assert after.won == (0, 1, 0)
    assert after.hands[2] & (1 << parse_card(privileged))


def test_five_led_even_a_privileged_pair_must_follow() -> None:
    pos = Position.create("spoil-five", "S", ["2C 3C 4C 6C", "JS AH KD QD TD"],
                          trick="5S", leader=0)
    assert set(names(pos.legal_cards())) == {"JS", "AH"}
    with pytest.raises(IllegalPlayError, match="seat 2") as info:
        pos.play(parse_card("KD"))
    assert "KD" in str(info.value)


# -- who wins a trick -----------------------------------------------------------------


def winner(trump: str, trick: str) -> str:
    """The name of the card winning ``trick``."""
    cards = parse_cards(trick)
    return card_name(cards[SPOIL_FIVE.bind(parse_suit(trump)).winner(tuple(cards))])


WINNER_CASES: list[tuple[str, str, str, str]] = [
    # (trump, trick, winning card, why)
    # Red plain suits: highest in red; the AD is the lowest diamond.
    ("S", "AD 2D", "2D", "the AD is below the 2D"),
    ("S", "2D AD", "2D", "the AD is below the 2D"),
    ("C", "9D TD 2D", "TD", "highest in red"),
    ("C", "TD JD", "JD", "courts above spots"),
    ("S", "QD KD JD", "KD", "king is best"),
    ("S", "2H TH 9H", "TH", "hearts: highest in red"),
    ("D", "JH TH", "JH", "courts above spots"),
    # Black plain suits: lowest in black, the ace between the J and the 2.
    ("H", "TC 2C", "2C", "lowest in black"),
    ("H", "2C TC", "2C", "lowest in black"),
    ("H", "2C AC", "AC", "the ace above the 2"),
    ("D", "AC JC", "JC", "the J above the ace"),
    ("D", "QC KC", "KC", "the K is best"),
    ("H", "9S 3S 7S", "3S", "lowest in black"),
    ("D", "AS 2S", "AS", "the ace above the 2"),
    # Off-suit discards never win.
    ("S", "2C KD KH", "2C", "discards of other suits"),
    ("S", "TC KD QH JD", "TC", "even the worst card led wins against discards"),
    ("H", "AD KC QS", "AD", "the AD (worst diamond) led, discards lose"),
    # Trumps beat plain cards.
    ("S", "KD TS", "TS", "the worst trump beats the best diamond"),
    ("S", "KD TS KH", "TS", "a trump beats plain cards"),
    ("D", "KC 2D 9C", "2D", "the worst diamond trump"),
    # The highest trump wins.
    ("D", "2D 3D", "3D", "trumps highest in red"),
    ("C", "2C TC", "2C", "trumps lowest in black"),
    ("C", "KC AC", "AC", "ace of trumps above the K"),
    ("D", "KD AD", "AD", "ace of trumps above the K"),
    ("S", "KS 4S", "KS", "K above the spots"),
    ("S", "AS 5S", "5S", "the 5 is best"),
    # The A♥ played to a heart lead, hearts not trumps, wins as a trump.
    ("C", "KH AH QH", "AH", "the A♥ trumps the hearts"),
    ("S", "2H AH", "AH", "the A♥ trumps the hearts"),
    ("C", "KH AH 2C", "AH", "the A♥ above a low trump"),
    ("C", "KH AH JC", "JC", "the J above the A♥"),
    ("D", "KH AD AH", "AH", "the A♥ above the ace of trumps"),
    # A lead of the A♥ is a trump lead.
    ("S", "AH KH", "AH", "the KH is a discard"),
    ("S", "AH 2S", "AH", "a lower trump"),
    ("S", "AH AS", "AH", "the ace of trumps is lower"),
    ("S", "AH JS", "JS", "a higher trump"),
    ("H", "AH KH QH", "AH", "hearts trumps: the A♥ is the ace of trumps"),
    ("H", "KH AH 5H", "5H", "hearts trumps: the 5 is best"),
]


@pytest.mark.parametrize(("trump", "trick", "expected", "why"), WINNER_CASES,
                         ids=[f"{c[1]} {c[0]}" for c in WINNER_CASES])
def test_winner(trump: str, trick: str, expected: str, why: str) -> None:
    assert winner(trump, trick) == expected, why


@pytest.mark.parametrize("trump", "DCS")
def test_top_four_trumps_in_any_order(trump: str) -> None:
    # 5 > J > A♥ > A of trumps, whoever played them first.
    top = ["5" + trump, "J" + trump, "AH", "A" + trump]
    for size in range(2, 5):
        for subset in itertools.combinations(top, size):
            for order in itertools.permutations(subset):
                assert winner(trump, " ".join(order)) == subset[0]


def test_trick_winner_and_seat() -> None:
    pos = Position.create("spoil-five", "C", ["KH QD 2S 3S 4S", "AH JD 5S 6S 7S",
                                              "QH KD 8S 9S TS"], leader=1)
    assert pos.trick_winner() is None
    pos = pos.play(parse_card("JD"))  # seat 2 leads
    assert pos.trick_winner() == 1
    pos = pos.play(parse_card("KD"))
    assert pos.trick_winner() == 2
    pos = pos.play(parse_card("QD"))
    assert pos.won == (0, 0, 1)
    assert pos.leader == 2


# -- IllegalPlayError ---------------------------------------------------------------


def test_illegal_play_reason_names_seat_and_card() -> None:
    pos = Position.create("spoil-five", "S", ["KD 2C 3C 4C 6C", "2D KC QC JC 7C",
                                              "9H 8H 7H 6H 5H"], leader=0)
    pos = pos.play(parse_card("KD"))
    with pytest.raises(IllegalPlayError) as info:
        pos.play(parse_card("KC"))
    message = str(info.value)
    assert "seat 2" in message
    assert "KC" in message
    assert "2D" in message  # the card of the suit led that the hand holds
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, JinkError)


def test_illegal_play_not_following_a_trump_lead() -> None:
    pos = Position.create("spoil-five", "D", ["2C 3C 4C 6C", "AH KC QC JC 7C",
                                              "9H 8H 7H 6H 5H"], trick="3D", leader=0)
    # The A♥ ranks above the 3D and is the only trump: it may renege.
    assert set(names(pos.legal_cards())) == every("AH KC QC JC 7C")
    pos = Position.create("spoil-five", "D", ["2C 3C 4C 6C", "AH 2D QC JC 7C",
                                              "9H 8H 7H 6H 5H"], trick="3D", leader=0)
    with pytest.raises(IllegalPlayError, match=r"seat 2 cannot play QC") as info:
        pos.play(parse_card("QC"))
    assert "trump" in str(info.value)


def test_illegal_play_card_not_in_hand() -> None:
    pos = Position.create("spoil-five", "S", ["KD 2C 3C 4C 6C", "2D KC QC JC 7C"])
    with pytest.raises(IllegalPlayError, match=r"seat 1 cannot play 9H.*not in the hand"):
        pos.play(parse_card("9H"))
    with pytest.raises(IllegalPlayError, match=r"seat 1 cannot play 2D"):
        pos.play(parse_card("2D"))  # seat 2's card


@pytest.mark.parametrize("card", [52, 60, -1])
def test_illegal_play_of_a_number_that_is_no_card(card: int) -> None:
    pos = Position.create("spoil-five", "S", ["KD 2C 3C 4C 6C", "2D KC QC JC 7C"])
    with pytest.raises(IllegalPlayError, match="seat 1 cannot play"):
        pos.play(card)


def test_no_play_after_the_deal_is_over() -> None:
    pos = Position.create("spoil-five", "S", ["", ""], won=[3, 2])
    assert pos.is_over
    with pytest.raises(IllegalPlayError, match="over"):
        pos.play(parse_card("2S"))

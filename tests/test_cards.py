"""Cards as ints: parsing and naming in pairs, every notation of docs/files.md, bad input."""

from __future__ import annotations

import pytest

from jink.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    EMPTY,
    FULL_DECK,
    HEARTS,
    SPADES,
    SUIT_MASKS,
    TEN,
    TWO,
    Card,
    bit,
    card_markup,
    card_name,
    card_symbol,
    cards_text,
    cardset,
    count,
    iter_cards,
    make_card,
    parse_card,
    parse_cards,
    parse_cardset,
    parse_suit,
    rank_of,
    suit_of,
)
from jink.errors import JinkError, ParseError

ALL_CARDS: list[Card] = list(range(52))


# -- the pair parse_card / card_name ---------------------------------------------------


def test_round_trip_over_all_52_cards() -> None:
    names = [card_name(card) for card in ALL_CARDS]
    assert len(set(names)) == 52
    for card in ALL_CARDS:
        assert parse_card(card_name(card)) == card
        assert parse_card(card_name(card).lower()) == card
        assert parse_card(card_symbol(card)) == card


def test_canonical_names_are_rank_letter_then_suit_letter() -> None:
    names = {card_name(card) for card in ALL_CARDS}
    expected = {rank + suit for rank in "23456789TJQKA" for suit in "SHDC"}
    assert names == expected


def test_card_is_suit_times_13_plus_rank() -> None:
    for suit in range(4):
        for rank in range(13):
            card = make_card(rank, suit)
            assert card == suit * 13 + rank
            assert suit_of(card) == suit
            assert rank_of(card) == rank
    assert make_card(TWO, SPADES) == 0
    assert make_card(ACE, CLUBS) == 51


# -- every notation of docs/files.md ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("5D", 3, DIAMONDS),
        ("5d", 3, DIAMONDS),
        ("10h", TEN, HEARTS),
        ("10H", TEN, HEARTS),
        ("TH", TEN, HEARTS),
        ("th", TEN, HEARTS),
        ("T♥", TEN, HEARTS),
        ("10♥", TEN, HEARTS),
        ("a♠", ACE, SPADES),
        ("A♠", ACE, SPADES),
        ("as", ACE, SPADES),
        ("J♣", 9, CLUBS),
        ("q♦", 10, DIAMONDS),
        ("Kc", 11, CLUBS),
        ("2s", TWO, SPADES),
        ("9♦", 7, DIAMONDS),
        ("  7c  ", 5, CLUBS),
    ],
)
def test_notations(text: str, rank: int, suit: int) -> None:
    assert parse_card(text) == make_card(rank, suit)


def test_ten_written_either_way_is_one_card_named_t() -> None:
    assert parse_card("10s") == parse_card("TS") == parse_card("t♠")
    assert card_name(parse_card("10h")) == "TH"
    assert card_symbol(parse_card("TH")) == "10♥"


@pytest.mark.parametrize(
    "text",
    ["5D 10h T♠ a♣", "5D,10h,T♠,a♣", "5D, 10h, T♠, a♣", " 5D ,10h  T♠,,a♣ ", "5D\t10h\nT♠ a♣"],
)
def test_hands_separated_by_commas_or_spaces(text: str) -> None:
    expected = [make_card(3, DIAMONDS), make_card(TEN, HEARTS), make_card(TEN, SPADES),
                make_card(ACE, CLUBS)]
    assert parse_cards(text) == expected
    assert parse_cardset(text) == cardset(expected)


def test_parse_cards_keeps_order() -> None:
    assert [card_name(c) for c in parse_cards("KC 2S AH 5D")] == ["KC", "2S", "AH", "5D"]


def test_empty_hand_is_empty() -> None:
    assert parse_cards("") == []
    assert parse_cards("   ") == []
    assert parse_cardset("") == EMPTY


@pytest.mark.parametrize(("text", "suit"), [("S", SPADES), ("h", HEARTS), ("♦", DIAMONDS),
                                            ("c", CLUBS), (" ♣ ", CLUBS)])
def test_parse_suit(text: str, suit: int) -> None:
    assert parse_suit(text) == suit


# -- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["", "   ", "x", "junk", "5", "D", "1H", "11S", "0S", "1S", "10", "55D", "5DD", "5 D",
     "ZS", "♥5", "D5", "100H", "5💎"],
)
def test_parse_card_rejects_junk(text: str) -> None:
    with pytest.raises(ParseError, match="not a card"):
        parse_card(text)


@pytest.mark.parametrize("text", ["5X", "10Z", "AB", "K?"])
def test_unknown_suit_is_named(text: str) -> None:
    with pytest.raises(ParseError, match="unknown suit"):
        parse_card(text)


def test_parse_error_is_a_value_error_and_a_jink_error() -> None:
    with pytest.raises(ValueError):
        parse_card("1H")
    with pytest.raises(JinkError):
        parse_card("11S")
    assert issubclass(ParseError, ValueError)


@pytest.mark.parametrize("text", ["5D 5D", "5D 5d", "10h TH", "T♥, th", "AS 2C a♠"])
def test_duplicates_in_a_hand(text: str) -> None:
    with pytest.raises(ParseError, match="twice"):
        parse_cards(text)
    with pytest.raises(ParseError, match="twice"):
        parse_cardset(text)


def test_bad_card_in_a_hand() -> None:
    with pytest.raises(ParseError, match="'1H'"):
        parse_cards("5D 1H KC")


@pytest.mark.parametrize("text", ["", "X", "spades", "HS", "5"])
def test_parse_suit_rejects_junk(text: str) -> None:
    with pytest.raises(ParseError, match="not a suit"):
        parse_suit(text)


def test_parse_error_where() -> None:
    error = ParseError("not a card", where="line 3")
    assert error.where == "line 3"
    assert str(error) == "line 3: not a card"


# -- sets and display ------------------------------------------------------------------


def test_card_markup_colours_red_suits() -> None:
    for card in ALL_CARDS:
        markup = card_markup(card)
        if suit_of(card) in (HEARTS, DIAMONDS):
            assert markup == f"[red]{card_symbol(card)}[/red]"
        else:
            assert markup == card_symbol(card)
            assert "red" not in markup
    assert card_markup(parse_card("AH")) == "[red]A♥[/red]"
    assert card_markup(parse_card("10d")) == "[red]10♦[/red]"
    assert card_markup(parse_card("JC")) == "J♣"
    assert card_markup(parse_card("2s")) == "2♠"


def test_card_sets() -> None:
    assert count(FULL_DECK) == 52
    assert list(iter_cards(FULL_DECK)) == ALL_CARDS
    for suit in range(4):
        assert count(SUIT_MASKS[suit]) == 13
        assert all(suit_of(c) == suit for c in iter_cards(SUIT_MASKS[suit]))
    hand = parse_cardset("5d, 2s KC")
    assert count(hand) == 3
    assert hand & bit(parse_card("KC"))
    assert not hand & bit(parse_card("KD"))
    assert cards_text(hand) == "2S 5D KC"
    assert cards_text(parse_cards("KC 2S")) == "KC 2S"

"""Position: validation at the door, whose turn it is, and playing cards through tricks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from jink.cards import bit, card_name, parse_card, parse_cardset
from jink.errors import JinkError, ParseError, PositionError, UnknownNameError
from jink.games import find_game
from jink.games.spoil_five import SPOIL_FIVE
from jink.position import Position

# Three legal start-of-deal hands, clubs trumps (seat 1 first).
HANDS3 = ["5C JD AH KC 2S", "9C 8C 7C 6C 4C", "KD QD 2D 3H 4H"]


def make(hands: Sequence[str | int], **kwargs: Any) -> Position:
    kwargs.setdefault("trump", "C")
    trump = kwargs.pop("trump")
    game = kwargs.pop("game", "spoil-five")
    return Position.create(game, trump, list(hands), **kwargs)


def bad(message: str, hands: Sequence[str | int], **kwargs: Any) -> PositionError:
    """Assert that the position is refused with a message matching ``message``."""
    with pytest.raises(PositionError, match=message) as info:
        make(hands, **kwargs)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, JinkError)
    return info.value


# -- a valid position -------------------------------------------------------------------


def test_create_from_names() -> None:
    pos = make(HANDS3)
    assert pos.game is SPOIL_FIVE
    assert pos.players == 3
    assert pos.trump == 3
    assert pos.hands[0] == parse_cardset("5C JD AH KC 2S")
    assert pos.won == (0, 0, 0)
    assert pos.leader == 0
    assert pos.trick == ()
    assert pos.tricks_done == 0
    assert not pos.is_over
    assert pos.seat_to_play == 0


def test_create_accepts_cardsets_and_card_lists() -> None:
    hands = [parse_cardset(h) for h in HANDS3]
    hands[1] &= ~bit(parse_card("9C"))
    pos = make(hands, trick=[parse_card("9C")], leader=1, trump=3)
    assert pos.trick == (parse_card("9C"),)
    assert pos.hands[1] == parse_cardset("8C 7C 6C 4C")


def test_trump_from_turnup() -> None:
    pos = make(HANDS3, trump=None, turnup="9s")
    assert pos.trump == 0
    assert pos.turnup == parse_card("9S")


def test_equal_positions_are_equal_and_hash_alike() -> None:
    a = make(HANDS3)
    b = Position.create("Spoil_Five", "c", ["2S KC AH JD 5C", *HANDS3[1:]])
    assert a == b
    assert hash(a) == hash(b)


@pytest.mark.parametrize("players", range(2, 11))
def test_every_allowed_number_of_players(players: int) -> None:
    ranks = "23456789TJQKA"
    deck = [r + s for s in "SHDC" for r in ranks]
    hands = [" ".join(deck[5 * i:5 * i + 5]) for i in range(players)]
    pos = make(hands)
    assert pos.players == players


# -- validation -------------------------------------------------------------------------


def test_duplicate_card_across_hands() -> None:
    error = bad(r"KC is in the hand of seat 1 and in the hand of seat 3",
                ["5C JD AH KC 2S", "9C 8C 7C 6C 4C", "KD QD 2D 3H KC"])
    assert "KC" in str(error)


def test_duplicate_card_within_a_hand_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="twice"):
        make(["5C JD AH KC 5c", "9C 8C 7C 6C 4C"])


def test_card_in_a_hand_and_in_the_trick() -> None:
    bad(r"9C is in the hand of seat 2 and in the trick",
        ["5C JD AH KC", "9C 8C 7C 6C 4C", "KD QD 2D 3H 4H"], trick="9C", leader=0)


def test_wrong_hand_size_at_the_start() -> None:
    bad(r"seat 2 holds 4 cards, should hold 5 \(0 tricks played\)",
        ["5C JD AH KC 2S", "9C 8C 7C 6C", "KD QD 2D 3H 4H"])
    bad(r"seat 1 holds 6 cards, should hold 5",
        ["5C JD AH KC 2S 3S", "9C 8C 7C 6C 4C", "KD QD 2D 3H 4H"])


def test_wrong_hand_size_mid_trick() -> None:
    # Seat 2 led the 9C: seat 2 holds one card fewer than seats 3 and 1.
    good = make(["5C JD AH KC 2S", "8C 7C 6C 4C", "KD QD 2D 3H 4H"], trick="9C", leader=1)
    assert good.seat_to_play == 2
    # The leader still holding five cards.
    bad(r"seat 2 holds 5 cards, should hold 4 \(0 tricks played, and one card to this trick\)",
        ["5C JD AH KC 2S", "8C 7C 6C 4C 3C", "KD QD 2D 3H 4H"], trick="9C", leader=1)
    # A seat yet to play holding one card fewer.
    bad(r"seat 3 holds 4 cards, should hold 5",
        ["5C JD AH KC 2S", "8C 7C 6C 4C", "KD QD 2D 3H"], trick="9C", leader=1)
    # Two cards played, leader seat 3, then seat 1: both hold four.
    make(["5C 3S AH KC", "8C 7C 6C 4C 9C", "KD QD 3H 4H"], trick="2D 2S", leader=2)
    bad(r"seat 1 holds 5 cards, should hold 4",
        ["5C 3S AH KC 4S", "8C 7C 6C 4C 9C", "KD QD 3H 4H"], trick="2D 2S", leader=2)


def test_wrong_hand_size_mid_deal() -> None:
    # Two tricks done: three cards each.
    make(["5C JD AH", "9C 8C 7C", "KD QD 2D"], won=[1, 1, 0])
    bad(r"holds 5 cards, should hold 3 \(2 tricks played\)", HANDS3, won=[1, 1, 0])


@pytest.mark.parametrize("players", [1, 11])
def test_number_of_players(players: int) -> None:
    hands = [""] * players
    bad(rf"spoil-five takes 2 to 10 players, not {players}", hands, won=[5] + [0] * (players - 1))


def test_no_hands() -> None:
    bad(r"takes 2 to 10 players, not 0", [])


def test_won_sums_disagree_with_hand_sizes() -> None:
    bad(r"should hold 4 \(1 trick played\)", HANDS3, won=[1, 0, 0])
    bad(r"should hold 5 \(0 tricks played\)", ["5C JD AH KC", "9C 8C 7C 6C", "KD QD 2D 3H"])


def test_won_more_tricks_than_a_deal_has() -> None:
    bad(r"won counts 6 tricks, a deal has 5", ["", "", ""], won=[3, 3, 0])


def test_won_five_tricks_with_a_trick_on_the_table() -> None:
    bad(r"won counts 5 tricks", ["", "", ""], won=[3, 2, 0], trick="2S")


def test_won_negative() -> None:
    bad(r"negative", ["5C JD AH KC", "9C 8C 7C 6C", "KD QD 2D 3H"], won=[2, -1, 0])


@pytest.mark.parametrize("won", [[0, 0, 0, 0], [0, 0], [0]])
def test_won_lists_the_wrong_number_of_seats(won: list[int]) -> None:
    seats = "1 seat" if len(won) == 1 else f"{len(won)} seats"
    bad(rf"won lists {seats}, the deal has 3", HANDS3, won=won)


@pytest.mark.parametrize(("leader", "shown"), [(3, 4), (7, 8), (-1, 0)])
def test_leader_out_of_range(leader: int, shown: int) -> None:
    bad(rf"leader must be a seat from 1 to 3, not {shown}", HANDS3, leader=leader)


def test_trick_already_complete() -> None:
    bad(r"the trick holds 3 cards; with 3 players it would be complete",
        ["5C JD AH KC", "8C 7C 6C 4C", "KD QD 3H 4H"], trick="9C 2S 2D")


def test_trick_card_that_was_an_illegal_play() -> None:
    # Seat 1 led the KD; seat 2 held the 2D yet discarded the 4S.
    error = bad(r"the trick's 4S by seat 2 was not a legal play",
                ["QD 2C 3C 4C", "2D 5H 6H 7H", "9H 8H TH JH QH"], trick="KD 4S", trump="C")
    assert "2D" in str(error)
    # A trump lead not followed by a holder of a trump that may not renege.
    bad(r"the trick's 4S by seat 2 was not a legal play",
        ["QD 2C 3C 4C", "2D 5H 6H 7H", "9H 8H TH JH QH"], trick="KD 4S", trump="D")
    # The same discard is legal when seat 2 had no diamond.
    make(["QD 2C 3C 4C", "3S 5H 6H 7H", "9H 8H TH JH QH"], trick="KD 4S", trump="C")
    # Reneging: the lone 5 of trumps need not follow the J.
    make(["QD 2C 3C 4C", "5D 5H 6H 7H", "9H 8H TH JH QH"], trick="JD 4S", trump="D")


def test_no_trump() -> None:
    bad(r"needs a trump suit", HANDS3, trump=None)


def test_turnup_of_another_suit() -> None:
    bad(r"the turn-up 9S is not of the trump suit", HANDS3, trump="C", turnup="9S")


def test_card_outside_the_pack_in_a_hand() -> None:
    # A CardSet with a bit beyond the 52 cards is not a card of the pack.
    hands = [parse_cardset(h) for h in HANDS3]
    hands[2] = (hands[2] & ~bit(parse_card("4H"))) | (1 << 52)
    with pytest.raises(PositionError, match="seat 3 holds numbers that are not cards"):
        Position.create("spoil-five", "C", hands)


@pytest.mark.parametrize("card", [52, 60, -1])
def test_card_outside_the_pack_in_the_trick(card: int) -> None:
    # Cards are ints 0..51; any other int in the trick is a bad position, not a crash.
    with pytest.raises(PositionError, match=r"\(the trick\) is not a card"):
        Position.create("spoil-five", "C", ["5C JD AH KC", "8C 7C 6C 4C 9C",
                                            "KD QD 3H 4H 2D"], trick=[card])


def test_unknown_game() -> None:
    with pytest.raises(UnknownNameError, match=r"unknown game 'whist'") as info:
        Position.create("whist", "S", HANDS3)
    assert isinstance(info.value, ValueError)
    assert "spoil-five" in str(info.value)


def test_unknown_option() -> None:
    with pytest.raises(UnknownNameError, match=r"unknown option 'jokers' for spoil-five") as info:
        make(HANDS3, options={"jokers": True})
    assert "compulsory_rob" in str(info.value)
    with pytest.raises(UnknownNameError, match="true or false"):
        make(HANDS3, options={"compulsory_rob": "yes"})
    # An option of another game is unknown here.
    with pytest.raises(UnknownNameError, match="per_trick_scoring"):
        make(HANDS3, options={"per_trick_scoring": True})


def test_options_get_defaults() -> None:
    assert make(HANDS3).options == {"compulsory_rob": False}
    assert make(HANDS3, options={"compulsory_rob": True}).options == {"compulsory_rob": True}


@pytest.mark.parametrize("name", ["spoil-five", "Spoil Five".replace(" ", "-"), "SPOIL_FIVE",
                                  "spoil5", "spoilfive", " spoil-five "])
def test_find_game_names_and_aliases(name: str) -> None:
    assert find_game(name) is SPOIL_FIVE


# -- whose turn, playing, the end ------------------------------------------------------


def test_seat_to_play_goes_round_from_the_leader() -> None:
    pos = make(["5C JD AH KC 2S", "9C 8C 7C 6C 4C", "KD QD 2D 3H 4H"], leader=2)
    seats = []
    for name in ["KD", "JD", "9C"]:
        seats.append(pos.seat_to_play)
        pos = pos.play(parse_card(name))
    assert seats == [2, 0, 1]


def test_seat_of_trick_card() -> None:
    pos = make(["5C 3S AH KC", "9C 8C 7C 6C 4C", "QD 2D 3H 4H"], trick="KD 2S", leader=2)
    assert pos.seat_of_trick_card(0) == 2
    assert pos.seat_of_trick_card(1) == 0
    assert pos.seat_to_play == 1


def test_play_completes_a_trick_winner_leads() -> None:
    pos = make(HANDS3)  # clubs trumps
    pos = pos.play(parse_card("JD"))
    assert pos.trick == (parse_card("JD"),)
    assert pos.won == (0, 0, 0)
    pos = pos.play(parse_card("4C"))  # seat 2 trumps
    pos = pos.play(parse_card("KD"))
    assert pos.trick == ()
    assert pos.won == (0, 1, 0)
    assert pos.leader == 1
    assert pos.seat_to_play == 1
    assert pos.tricks_done == 1
    # Clubs are trumps, and lowest in black: the 6C is the best of these.
    assert [card_name(c) for c in pos.legal_cards()] == ["6C", "7C", "8C", "9C"]
    assert pos.hands == (parse_cardset("5C AH KC 2S"), parse_cardset("9C 8C 7C 6C"),
                         parse_cardset("QD 2D 3H 4H"))


def test_play_does_not_change_the_position() -> None:
    pos = make(HANDS3)
    after = pos.play(parse_card("2S"))
    assert pos.trick == ()
    assert pos.hands[0] == parse_cardset("5C JD AH KC 2S")
    assert after.hands[0] == parse_cardset("5C JD AH KC")


def test_a_whole_deal_to_the_end() -> None:
    pos = make(["5C JC", "2H 3H"], won=[2, 1], trump="C")
    assert not pos.is_over
    assert pos.tricks_done == 3
    pos = pos.play(parse_card("JC")).play(parse_card("2H"))
    assert pos.won == (3, 1)
    pos = pos.play(parse_card("5C")).play(parse_card("3H"))
    assert pos.won == (4, 1)
    assert pos.is_over
    assert pos.hands == (0, 0)
    assert pos.legal_moves() == 0
    assert pos.legal_cards() == []


def test_last_trick_won_by_the_second_seat() -> None:
    pos = make(["2H", "KH"], won=[2, 2], trump="S")
    pos = pos.play(parse_card("2H")).play(parse_card("KH"))
    assert pos.won == (2, 3)
    assert pos.leader == 1
    assert pos.is_over


def test_legal_cards_display_order() -> None:
    pos = make(["5C JD AH KC 2S", "9C 8C 7C 6C 4C", "KD QD 2D 3H 4H"])
    # Suits S H D C, each best first as the game ranks (the A♥ is a club here by power).
    assert [card_name(c) for c in pos.legal_cards()] == ["2S", "AH", "JD", "5C", "KC"]

"""Hand-checked tests of the reference solver in ``tests/reference.py``.

The reference is what the fast engine is checked against, so it is checked
here on its own: the ranking tables card by card, Foster's reneging examples,
a few endgames worked out by hand, and properties tying its two independent
formulations (``ref_max_tricks`` and the boolean ``ref_can_force``) together.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jink.cards import card_name, parse_card
from tests.reference import (
    PLAIN_ORDER,
    TRUMP_ORDER,
    RefPosition,
    names,
    ref_can_force,
    ref_legal,
    ref_max_tricks,
    ref_move_scores,
    ref_play,
    ref_position,
    ref_trick_winner,
)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(word) for word in text.split())


def legal_names(pos: RefPosition) -> set[str]:
    return names(ref_legal(pos))


def scores(pos: RefPosition, seat: int) -> dict[str, int]:
    return {card_name(c): v for c, v in ref_move_scores(pos, seat).items()}


def after(pos: RefPosition, text: str) -> RefPosition:
    """Play the named cards one after another."""
    for card in cards(text):
        pos = ref_play(pos, card)
    return pos


# ------------------------------------------------------------ ranking orders

# Typed again from RULINGS.md (with "10"), best first, to check the tables
# through ref_trick_winner rather than by reading them back.
SPEC_TRUMPS = {
    "H": "5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H",
    "D": "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D",
    "C": "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C",
    "S": "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S",
}
SPEC_PLAIN = {
    "H": "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    "D": "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
    "C": "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
    "S": "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
}


@pytest.mark.parametrize("trump", "SHDC")
def test_trump_order(trump: str) -> None:
    order = cards(SPEC_TRUMPS[trump])
    for better, worse in itertools.combinations(order, 2):
        assert ref_trick_winner(trump, (better, worse)) == 0
        assert ref_trick_winner(trump, (worse, better)) == 1


@pytest.mark.parametrize(("trump", "suit"), [(t, s) for t in "SHDC" for s in "SHDC" if t != s])
def test_plain_order(trump: str, suit: str) -> None:
    order = cards(SPEC_PLAIN[suit])
    for better, worse in itertools.combinations(order, 2):
        assert ref_trick_winner(trump, (better, worse)) == 0
        assert ref_trick_winner(trump, (worse, better)) == 1


@pytest.mark.parametrize("trump", "SHDC")
def test_tables_partition_the_pack(trump: str) -> None:
    plain = [name for suit in "SHDC" if suit != trump for name in PLAIN_ORDER[suit]]
    every = TRUMP_ORDER[trump] + plain
    assert len(every) == len(set(every)) == 52
    assert "AH" in TRUMP_ORDER[trump]
    assert "AH" not in PLAIN_ORDER["H"]


def test_trick_winner_basics() -> None:
    # The lowest trump beats the best card of the suit led.
    assert ref_trick_winner("D", cards("KC 2D QC")) == 1
    # Another plain suit never wins, however high.
    assert ref_trick_winner("D", cards("10C KS KH")) == 0
    # The A of hearts is a trump with spades trumps: it beats the K of hearts,
    # whether led or played second, and loses to the 5 and J of spades.
    assert ref_trick_winner("S", cards("AH KH")) == 0
    assert ref_trick_winner("S", cards("KH AH")) == 1
    assert ref_trick_winner("S", cards("AH JS 2S")) == 1
    assert ref_trick_winner("S", cards("2S AH AS")) == 1
    # The highest trump wins, not the first.
    assert ref_trick_winner("C", cards("3H 10C 2C 4H")) == 2


# ------------------------------------------------------------ following


def test_lead_is_free() -> None:
    pos = ref_position("D", ["5D AH KS", "2C 3C 4C"])
    assert legal_names(pos) == {"5D", "AH", "KS"}


def test_plain_lead_follow_or_trump() -> None:
    pos = ref_position("D", ["QS QC", "3C 2D 4S"], trick="7C")
    assert legal_names(pos) == {"3C", "2D"}  # follow, or any trump; not 4S
    pos = ref_position("D", ["QS QC", "4S 2D 5H"], trick="7C")
    assert legal_names(pos) == {"4S", "2D", "5H"}  # void in clubs: need not trump
    pos = ref_position("D", ["QS QC", "4S 5D AH"], trick="7C")
    assert legal_names(pos) == {"4S", "5D", "AH"}  # void, holding trumps: anything


def test_ace_of_hearts_is_not_a_heart() -> None:
    # Spades trumps, a heart led: the A of hearts does not count as a heart.
    pos = ref_position("S", ["QS", "AH 2C"], trick="KH")
    assert legal_names(pos) == {"AH", "2C"}
    pos = ref_position("S", ["QS QC", "5H AH 2C"], trick="KH")
    assert legal_names(pos) == {"5H", "AH"}  # follow with 5H or trump with AH
    # Leading the A of hearts is a trump lead: a plain heart does not follow it.
    pos = ref_position("S", ["QS", "2S KH"], trick="AH")
    assert legal_names(pos) == {"2S"}


def test_trump_lead_must_follow_with_a_trump() -> None:
    pos = ref_position("D", ["QS QC", "9D 3D KC"], trick="2D")
    assert legal_names(pos) == {"9D", "3D"}
    # The A of diamonds is not privileged: it must follow.
    pos = ref_position("D", ["QS", "AD KC"], trick="2D")
    assert legal_names(pos) == {"AD"}
    pos = ref_position("D", ["QS", "KC 7H"], trick="2D")
    assert legal_names(pos) == {"KC", "7H"}  # no trump: anything


def test_foster_lone_five_may_renege_when_jack_led() -> None:
    pos = ref_position("D", ["QS QC", "5D 2C 3H"], trick="JD")
    assert legal_names(pos) == {"5D", "2C", "3H"}


def test_foster_ace_of_hearts_led_lone_jack_and_lone_five_both_renege() -> None:
    pos = ref_position("C", ["KD 7H", "JC 2D 3D", "5C 4D 6D"], trick="AH")
    assert legal_names(pos) == {"JC", "2D", "3D"}
    pos = after(pos, "2D")
    assert legal_names(pos) == {"5C", "4D", "6D"}


def test_foster_privilege_is_against_the_card_led() -> None:
    # The 8 led and the 5 played on it: the lone J and the lone A of hearts
    # still rank above the card led, so they may still renege.
    pos = ref_position("D", ["QS", "KS", "JD 2C", "AH 3C"], trick="8D 5D")
    assert legal_names(pos) == {"JD", "2C"}
    pos = after(pos, "2C")
    assert legal_names(pos) == {"AH", "3C"}


def test_foster_nobody_reneges_when_five_led() -> None:
    pos = ref_position("D", ["QS", "JD 2C", "AH 3C"], trick="5D")
    assert legal_names(pos) == {"JD"}
    pos = after(pos, "JD")
    assert legal_names(pos) == {"AH"}


def test_foster_jack_with_a_small_trump_must_follow() -> None:
    pos = ref_position("D", ["QS QC", "JD 3D KC"], trick="8D")
    assert legal_names(pos) == {"JD", "3D"}  # must play a trump, either
    pos = ref_position("D", ["QS QC", "AH 2D KC"], trick="8D")
    assert legal_names(pos) == {"AH", "2D"}


def test_renege_with_two_privileged_cards_and_lower_privileged() -> None:
    # Both the 5 and the J rank above the A of hearts led: may renege.
    pos = ref_position("D", ["QS QC", "5D JD KC"], trick="AH")
    assert legal_names(pos) == {"5D", "JD", "KC"}
    # The J led: the A of hearts ranks below it, so it must follow (with
    # either trump, the 5 included).
    pos = ref_position("D", ["QS QC", "5D AH KC"], trick="JD")
    assert legal_names(pos) == {"5D", "AH"}
    # Hearts trumps: the privileged cards are 5H, JH and AH.
    pos = ref_position("H", ["QS", "AH KS"], trick="2H")
    assert legal_names(pos) == {"AH", "KS"}
    pos = ref_position("H", ["QS", "KH KS"], trick="2H")
    assert legal_names(pos) == {"KH"}


# ------------------------------------------------------------ play and positions


def test_play_completes_trick() -> None:
    pos = ref_position("S", ["KC 2S", "AC 3H"])
    pos = after(pos, "KC")
    assert pos.trick == cards("KC") and pos.leader == 0
    pos = after(pos, "AC")  # clubs: K beats A
    assert pos.trick == () and pos.leader == 0 and pos.won == (1, 0)
    pos = ref_position("S", ["AD 2S", "2D 3H"], leader=1, won=[1, 2])
    pos = after(pos, "2D AD")  # plain diamonds: the ace is lowest
    assert pos.leader == 1 and pos.won == (1, 3)


def test_illegal_play_and_bad_positions_rejected() -> None:
    pos = ref_position("D", ["QS", "9D KC"], trick="2D")
    with pytest.raises(ValueError):
        ref_play(pos, parse_card("KC"))
    with pytest.raises(ValueError):
        ref_position("D", ["QS KS", "QS 2C"])  # a card twice
    with pytest.raises(ValueError):
        ref_position("D", ["QS KS", "2C"])  # uneven hands
    with pytest.raises(ValueError):
        ref_position("D", ["QS KS", "2C 3C"], won=[2, 2])  # six tricks
    with pytest.raises(ValueError):
        ref_position("D", ["QS"])  # one seat
    with pytest.raises(ValueError):
        ref_can_force(ref_position("D", ["QS", "2C"]), 0, "win")


# ------------------------------------------------------------ endgames by hand


def test_endgame_one_trick() -> None:
    # Diamonds trumps, seat 0 leads the KC, seat 1 (void in clubs) trumps.
    pos = ref_position("D", ["KC", "2D"], won=[2, 2])
    assert ref_max_tricks(pos, 0) == 2
    assert ref_max_tricks(pos, 1) == 3
    assert ref_can_force(pos, 1, "three")
    assert not ref_can_force(pos, 0, "spoil")
    assert ref_can_force(pos, 1, "spoil")  # three implies spoil
    assert scores(pos, 1) == {"KC": 3}


def test_endgame_renege_keeps_the_jack() -> None:
    # Diamonds trumps, three players, two tricks; seat 0 leads.
    #   seat 0: 8D 2S   seat 1: 5D 3S   seat 2: JD KC
    # Seat 2 can be sure of one trick, and only thanks to the privilege:
    # if seat 0 leads 8D and seat 1 plays 5D, seat 2 (lone J, above the 8
    # led) reneges with KC and keeps the J; seat 1 then leads 3S, seat 0 plays
    # 2S (which beats the 3 in spades) and seat 2 trumps it with the J.
    # Had seat 2 to follow with the J, it would lose to the 5, and the 2S
    # would take the last trick: no trick. On 2S led instead, seat 1 trumps
    # with 5D or plays 3S; either way seat 2 keeps the J for one trick.
    # Seat 0 gets nothing: seats 1 and 2 hold the 5 and J, and the 2S is
    # trumped if led or beaten after.
    pos = ref_position("D", ["8D 2S", "5D 3S", "JD KC"])
    assert [ref_max_tricks(pos, s) for s in range(3)] == [0, 1, 1]
    assert scores(pos, 2) == {"8D": 1, "2S": 1}
    pos = after(pos, "8D 5D")
    assert legal_names(pos) == {"JD", "KC"}
    assert scores(pos, 2) == {"JD": 0, "KC": 1}


def test_endgame_draw_the_jack_first() -> None:
    # Diamonds trumps; seat 2 leads, has won none, seats 0 and 1 have 2 and 1.
    #   seat 0: JD 3C   seat 1: QS 4C   seat 2: 5D KS
    # Leading 5D forces out seat 0's lone J (it ranks below the 5 led, so no
    # renege); then the KS wins too: seat 2 takes both, nobody reaches three.
    # Leading KS first, seat 0 (void in spades) trumps with the J: three
    # tricks, the deal is not spoiled; seat 0 leads 3C, which beats seat 1's
    # 4C in clubs, and seat 2 trumps with the 5 for one trick.
    pos = ref_position("D", ["JD 3C", "QS 4C", "5D KS"], leader=2, won=[2, 1, 0])
    assert scores(pos, 2) == {"5D": 2, "KS": 1}
    assert ref_max_tricks(pos, 2) == 2
    assert ref_can_force(pos, 2, "spoil")
    assert not ref_can_force(after(pos, "KS"), 2, "spoil")
    assert not ref_can_force(pos, 0, "three")


def test_endgame_jink_with_reneging_optional() -> None:
    # Diamonds trumps, seat 0 has three tricks, seat 1 leads.
    #   seat 0: 5D KS   seat 1: JD QS
    # On the JD led, seat 0's lone 5 may renege (KS) but need not: playing
    # 5D wins, then KS beats QS, all five. On the QS led, KS wins, then the
    # 5D leads and the J must follow. Seat 0 can jink either way.
    pos = ref_position("D", ["5D KS", "JD QS"], leader=1, won=[3, 0])
    assert ref_can_force(pos, 0, "jink")
    assert scores(pos, 0) == {"JD": 5, "QS": 5}
    pos = after(pos, "JD")
    assert legal_names(pos) == {"5D", "KS"}
    assert scores(pos, 0) == {"5D": 5, "KS": 4}


def test_endgame_two_players_lead_matters() -> None:
    # Diamonds trumps, seat 0 leads.   seat 0: 9D KS   seat 1: JD 2C
    # 9D led: seat 1 wins it with the J, leads 2C, and seat 0's KS (not a
    # club, not a trump) cannot beat it: seat 1 takes both. KS led: seat 1
    # trumps with the J and seat 0 trumps the 2C with the 9, or seat 1 throws
    # the 2C and the J takes the 9 later: one trick each.
    pos = ref_position("D", ["9D KS", "JD 2C"])
    assert scores(pos, 1) == {"9D": 2, "KS": 1}
    assert scores(pos, 0) == {"9D": 0, "KS": 1}
    assert ref_max_tricks(pos, 0) == 1
    assert ref_max_tricks(pos, 1) == 1


# ------------------------------------------------------------ properties


@st.composite
def positions(draw: st.DrawFn) -> RefPosition:
    """Small random positions: 2-4 seats, 1-2 tricks left, maybe mid-trick."""
    seats = draw(st.integers(2, 4))
    per_hand = draw(st.integers(1, 2))
    trump = draw(st.sampled_from("SHDC"))
    # Half the time deal from the trumps and one plain suit, so that the
    # privileged cards and reneging turn up often.
    other = draw(st.sampled_from([s for s in "SHDC" if s != trump]))
    rich = [parse_card(name) for name in TRUMP_ORDER[trump] + PLAIN_ORDER[other]]
    pool = draw(st.sampled_from([rich, list(range(52))]))
    dealt = draw(
        st.lists(
            st.sampled_from(pool),
            min_size=seats * per_hand,
            max_size=seats * per_hand,
            unique=True,
        )
    )
    hands = tuple(frozenset(dealt[i * per_hand : (i + 1) * per_hand]) for i in range(seats))
    earlier = draw(st.integers(0, 5 - per_hand))
    winners = draw(st.lists(st.integers(0, seats - 1), min_size=earlier, max_size=earlier))
    won = tuple(winners.count(s) for s in range(seats))
    pos = RefPosition(trump, hands, draw(st.integers(0, seats - 1)), (), won)
    for _ in range(draw(st.integers(0, seats - 1))):
        pos = ref_play(pos, draw(st.sampled_from(sorted(ref_legal(pos)))))
    return pos


PROPERTY_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@PROPERTY_SETTINGS
@given(positions())
def test_can_force_agrees_with_max_tricks(pos: RefPosition) -> None:
    for seat in range(len(pos.hands)):
        best = ref_max_tricks(pos, seat)
        for k in range(6):
            assert ref_can_force(pos, seat, k) == (best >= k)
        assert ref_can_force(pos, seat, "three") == (best >= 3)
        assert ref_can_force(pos, seat, "jink") == (best >= 5)
        if ref_can_force(pos, seat, "three"):
            assert ref_can_force(pos, seat, "spoil")


@PROPERTY_SETTINGS
@given(positions())
def test_move_scores_agree_with_max_tricks(pos: RefPosition) -> None:
    n = len(pos.hands)
    mover = (pos.leader + len(pos.trick)) % n
    legal = ref_legal(pos)
    assert legal and legal <= pos.hands[mover]
    if not pos.trick:
        assert legal == pos.hands[mover]
    for seat in range(n):
        move_scores = ref_move_scores(pos, seat)
        assert set(move_scores) == set(legal)
        pick = max if seat == mover else min
        assert pick(move_scores.values()) == ref_max_tricks(pos, seat)


@PROPERTY_SETTINGS
@given(positions())
def test_guarantees_fit_in_the_deal(pos: RefPosition) -> None:
    # Every seat playing its own guaranteeing strategy gives one line of play
    # in which each seat makes at least its guarantee: they fit in the deal.
    n = len(pos.hands)
    tricks_left = len(pos.hands[pos.leader]) + (1 if pos.trick else 0)
    guarantees = [ref_max_tricks(pos, seat) for seat in range(n)]
    assert sum(guarantees) <= sum(pos.won) + tricks_left
    for seat in range(n):
        assert pos.won[seat] <= guarantees[seat] <= pos.won[seat] + tricks_left
    assert sum(ref_can_force(pos, seat, "three") for seat in range(n)) <= 1

"""Hand-checked positions for the family reference, and its self-consistency.

Every expected answer here was worked out by hand from ``RULINGS.md`` (the
comments say how), so that the reference in ``tests/reference_family.py`` is
checked against the rules before it is used to check the engine.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jink.cards import parse_card
from tests.reference_family import (
    DEAL_MODES,
    GAMES,
    LOO_POOLS,
    TRICKS,
    FamPosition,
    clear_caches,
    fam_can_force,
    fam_legal,
    fam_max_tricks,
    fam_move_scores,
    fam_play,
    fam_position,
    names,
    plain_order,
    random_position,
    seat_to_play,
    sides,
    trump_order,
)
from tests.sweeps import Size, sweep


def play(pos: FamPosition, *cards: str) -> FamPosition:
    for card in cards:
        pos = fam_play(pos, parse_card(card))
    return pos


def legal(pos: FamPosition) -> set[str]:
    return names(fam_legal(pos))


def order(text: str) -> list[str]:
    return text.split()


def S(*seats: int) -> frozenset[int]:
    return frozenset(seats)


# ---------------------------------------------------------------- ranking orders


def test_forty_five_plays_spoil_fives_cards() -> None:
    assert trump_order("forty-five", "H", {}) == \
        order("5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H")
    assert trump_order("forty-five", "D", {}) == \
        order("5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D")
    assert trump_order("forty-five", "C", {}) == \
        order("5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C TC")
    assert trump_order("forty-five", "S", {})[:4] == ["5S", "JS", "AH", "AS"]
    assert plain_order("forty-five", "H", "S", {})[-1] == "2H"  # no A♥ among hearts
    assert plain_order("forty-five", "D", "S", {})[-1] == "AD"
    assert plain_order("forty-five", "S", "D", {})[3:5] == ["AS", "2S"]


def test_forty_five_black_trumps_lowest_spot_wins() -> None:
    # Clubs trumps, two players: 2C beats TC (lowest in black), the A♥ beats the A♣.
    pos = fam_position("forty-five", "C", ["TC 3D", "2C 4D"], won=[2, 1])
    after = play(pos, "TC", "2C")
    assert after.won == (2, 2) and after.leader == 1
    pos = fam_position("forty-five", "C", ["AC 3D", "AH 4D"], won=[2, 1])
    assert play(pos, "AC", "AH").leader == 1


def test_forty_five_a_of_hearts_lead_is_a_trump_lead_and_reneging() -> None:
    # Spades trumps. The A♥ led is a trump lead; the lone 5♠ (above it) may renege,
    # the J♠ held with the 3♠ may not.
    pos = fam_position("forty-five", "S", ["AH 2D", "5S KH", "JS 3S", "9D 8D"],
                       won=[1, 1, 1, 0])
    after = play(pos, "AH")
    assert legal(after) == {"5S", "KH"}
    assert legal(play(after, "KH")) == {"JS", "3S"}
    # A plain heart led: follow suit or trump, at choice.
    pos = fam_position("forty-five", "S", ["KH 2D", "QH 4S", "AH 3C", "9D 8D"],
                       won=[1, 1, 1, 0])
    assert legal(play(pos, "KH")) == {"QH", "4S"}
    # The A♥ is not a heart: its holder is void in hearts and may play anything.
    assert legal(play(pos, "KH", "QH")) == {"AH", "3C"}


def test_rams_orders() -> None:
    assert trump_order("rams", "H", {"ecarte_order": False}) == \
        order("AH KH QH JH TH 9H 8H 7H")
    assert trump_order("rams", "H", {"ecarte_order": True}) == \
        order("KH QH JH AH TH 9H 8H 7H")
    piquet = fam_position("rams", "S", ["AC 8D", "KC 9D"], won=[2, 1])
    assert play(piquet, "AC", "KC").leader == 0  # A beats K
    ecarte = fam_position("rams", "S", ["AC 8D", "KC 9D"], won=[2, 1],
                          options={"ecarte_order": True})
    assert legal(play(ecarte, "AC")) == {"KC"}
    assert play(ecarte, "AC", "KC").leader == 1  # K beats A
    # Écarté order also decides heading: over a led J only the K and Q head.
    pos = fam_position("rams", "S", ["JC 7S", "AC QC"], won=[2, 1],
                       options={"ecarte_order": True})
    assert legal(play(pos, "JC")) == {"QC"}


def test_bierspiel_seven_of_diamonds() -> None:
    assert trump_order("bierspiel", "H", {})[:3] == ["AH", "7D", "KH"]
    assert trump_order("bierspiel", "D", {}) == order("AD 7D KD QD JD TD 9D 8D")
    assert plain_order("bierspiel", "D", "S", {}) == order("AD KD QD JD TD 9D 8D")
    # Hearts trumps, trick 5 (no forced lead): a diamond led; the 7♦ is no
    # diamond, so its holder is void and must trump with it.
    pos = fam_position("bierspiel", "H", ["8D 9S", "7D 9C", "AS TS"], won=[1, 1, 1])
    after = play(pos, "8D")
    assert legal(after) == {"7D"}
    assert play(after, "7D", "AS").leader == 1
    # The 7♦ heads the K of trumps (the 8♥ does not) and loses to the A.
    pos = fam_position("bierspiel", "H", ["KH 9S", "7D 8H", "AH TS"], won=[1, 1, 1])
    assert legal(play(pos, "KH")) == {"7D"}
    assert play(pos, "KH", "7D", "AH").leader == 2


def test_rounce_and_loo_rank_ace_high() -> None:
    for game in ("rounce", "loo"):
        assert trump_order(game, "C", {})[0] == "AC"
        assert plain_order(game, "D", "C", {}) == order("AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D")


# ---------------------------------------------------------------- Rams


def test_fosters_rams_example() -> None:
    # "Hearts are trumps, and A leads a club. B follows suit, but neither C nor
    # D has a club. Suppose C trumps with the King, and that the only trump D
    # has is the Queen, he must play it on the trick, losing it to C's King."
    pos = fam_position("rams", "H", ["9C AS AD 8S 7D", "JC TC 8D 9S KD",
                                     "KH 7H QS JS 9D", "QH TS 7S QD JD"])
    after = play(pos, "9C")
    assert legal(after) == {"JC", "TC"}  # B must head the 9, with either
    after = play(after, "JC")
    assert legal(after) == {"KH", "7H"}  # C is void: he must trump, any trump
    after = play(after, "KH")
    assert legal(after) == {"QH"}  # D cannot over-trump, so must under-trump
    after = play(after, "QH")
    assert after.leader == 2 and after.won == (0, 0, 1, 0)


def test_rams_heading_and_a_trumped_trick() -> None:
    # Spades trumps. Seat 0 leads the 9♣; seat 1 is void and trumps; seat 2
    # still must follow clubs, but need not head a trick already trumped.
    pos = fam_position("rams", "S", ["9C KD", "7S QD", "TC 8C"], won=[2, 1, 0])
    after = play(pos, "9C", "7S")
    assert legal(after) == {"TC", "8C"}
    # Not trumped: he must head the 9 with the 10.
    pos = fam_position("rams", "S", ["9C KD", "7D QD", "TC 8C"], won=[2, 1, 0])
    assert legal(play(pos, "9C", "7D")) == {"TC"}
    # Over-trumping when void, even when the trick is already trumped.
    pos = fam_position("rams", "S", ["9C KD", "9S QD", "AS 8S"], won=[2, 1, 0])
    assert legal(play(pos, "9C", "9S")) == {"AS"}


# ---------------------------------------------------------------- Bierspiel


def test_bierspiel_face_down_lead() -> None:
    # Three in the play, hearts trumps: a trump must be led to tricks 1 and 2.
    # Seat 0 has no trump, so he leads his lowest card face down: a 7 (either).
    pos = fam_position("bierspiel", "H", ["AS KS 8C 7S 7C", "KH 9H AC 9S 8D",
                                          "AH 8H JS JC TD"])
    assert legal(pos) == {"7S", "7C"}
    after = play(pos, "7C")
    # Seat 1 must trump (any trump: none is played yet), not follow clubs.
    assert legal(after) == {"KH", "9H"}
    after = play(after, "9H")
    # Seat 2 must over-trump the 9 if he can: both his trumps do.
    assert legal(after) == {"AH"}
    after = play(after, "AH")
    assert after.leader == 2
    # Trick 2 is also a forced trump lead: seat 2 has the 8♥ and must lead it.
    assert legal(after) == {"8H"}


def test_bierspiel_lowest_card_ties() -> None:
    # Trick 2 of three, hearts trumps, no 7 in hand: the 8♦ (the lowest
    # diamond, the 7♦ being a trump) ties with the 8♠; either may go face down.
    pos = fam_position("bierspiel", "H", ["8D 8S AS KS", "KH 9C TC JC", "QH 9D TD JD"],
                       won=[1, 0, 0])
    assert legal(pos) == {"8D", "8S"}


def test_bierspiel_face_down_card_cannot_win() -> None:
    # Two in the play, clubs trumps, trick 1. Seat 0 has no trump: the 7♠ goes
    # face down. Seat 1 has no trump either and plays the A♠: the face-down
    # card cannot win, but no trump was played, so the leader takes the trick.
    pos = fam_position("bierspiel", "C", ["7S 8S 9S TS JS", "AS KS QS AH KH"])
    assert legal(pos) == {"7S"}
    after = play(pos, "7S")
    assert legal(after) == {"AS", "KS", "QS", "AH", "KH"}  # no trump: anything
    after = play(after, "AS")
    assert after.leader == 0 and after.won == (1, 0)
    # Trick 2 with two in the play is free.
    assert legal(after) == {"8S", "9S", "TS", "JS"}
    # With a trump played to the face-down card, the trump wins.
    pos = fam_position("bierspiel", "C", ["7S 8S 9S TS JS", "AS KS QS AH 7C"])
    assert legal(play(pos, "7S")) == {"7C"}
    assert play(pos, "7S", "7C").leader == 1


def test_bierspiel_forced_leads_by_seats() -> None:
    hands4 = ["AH 8S 9S TS JS", "KH 8C 9C TC JC", "QH 8D 9D TD JD", "JH QS QC QD KS"]
    # Four seats: tricks 1 to 3 must be led with a trump; the 4th is free.
    for done in (0, 1, 2, 3):
        left = 5 - done
        hands = [" ".join(h.split()[:left]) for h in hands4]
        won = [done, 0, 0, 0]
        pos = fam_position("bierspiel", "H", hands, won=won)
        want = {hands[0].split()[0]} if done < 3 else set(hands[0].split())
        assert legal(pos) == want, done
    # Two seats: only trick 1.
    pos = fam_position("bierspiel", "H", ["AH 8S 9S TS", "KH 8C 9C TC"], won=[1, 0])
    assert legal(pos) == {"AH", "8S", "9S", "TS"}
    # The 7♦ is a trump for the forced lead.
    pos = fam_position("bierspiel", "S", ["7D 8S 9H TH JH", "KS 8C 9C TC JC"])
    assert legal(pos) == {"7D", "8S"}


# ---------------------------------------------------------------- Rounce


def test_rounce_follow_suit_only() -> None:
    # No duty to head or to trump: holding a club, any club; void, any card.
    pos = fam_position("rounce", "S", ["9C 2D", "KC 3C", "4S 5D"], won=[2, 1, 0])
    assert legal(play(pos, "9C")) == {"KC", "3C"}
    assert legal(play(pos, "9C", "3C")) == {"4S", "5D"}
    assert play(pos, "9C", "3C", "5D").leader == 0
    assert play(pos, "9C", "3C", "4S").leader == 2


def test_rounce_trump_lead_after_the_first_trick() -> None:
    pos = fam_position("rounce", "H", ["AC 2H 3D 4S 5S", "KC 6H 7D 8S 9S",
                                       "QC TH JD QS KS"])
    assert legal(pos) == names(pos.hands[0])  # the first lead is free
    after = play(pos, "AC", "KC", "QC")
    assert after.leader == 0
    assert legal(after) == {"2H"}  # the winner of trick 1 leads his trump
    # Trick 3 is free by default, not with trump_lead_every_trick.
    pos = fam_position("rounce", "H", ["2H 3D 4S", "6H 7D 8S", "TH JD QS"], won=[1, 1, 0],
                       leader=1)
    assert legal(pos) == {"6H", "7D", "8S"}
    pos = fam_position("rounce", "H", ["2H 3D 4S", "6H 7D 8S", "TH JD QS"], won=[1, 1, 0],
                       leader=1, options={"trump_lead_every_trick": True})
    assert legal(pos) == {"6H"}
    # Without a trump, any lead.
    pos = fam_position("rounce", "H", ["3D 4S 5S 6S", "7D 8S 9S TS", "JD QS KS AS"],
                       won=[1, 0, 0])
    assert legal(pos) == {"3D", "4S", "5S", "6S"}


# ---------------------------------------------------------------- Loo


def test_loo_void_trick_brings_trumps_in_at_once() -> None:
    # Simple pool, no trump yet; the card to be turned is the 9♥.
    pos = fam_position("loo", None, ["5S 2D 3C", "KS 4S 5C", "2H 3H QD"], turn="9H")
    after = play(pos, "5S")
    assert legal(after) == {"KS"}  # must follow and head the 5
    after = play(after, "KS")
    assert legal(after) == {"2H", "3H", "QD"}  # void, and no trumps yet: anything
    done = play(after, "2H")
    # Seat 2 could not follow: hearts are trumps, counting at once, so the 2♥ wins.
    assert done.trump == "H" and done.leader == 2
    assert legal(done) == {"3H"}  # the winner must lead a trump
    # Had seat 2 thrown the Q♦, the K♠ wins; hearts are trumps all the same.
    other = play(after, "QD")
    assert other.trump == "H" and other.leader == 1
    assert legal(other) == {"4S", "5C"}  # seat 1 has no trump to lead


def test_loo_all_follow_no_trumps() -> None:
    pos = fam_position("loo", None, ["5S 2D 3C", "KS 4D 5C", "2S 3H QD"], turn="9H")
    after = play(pos, "5S", "KS", "2S")  # seat 2 must follow: the 2♠ cannot head
    assert after.trump is None and after.leader == 1
    assert legal(after) == {"4D", "5C"}  # no trumps known: a free lead


def test_loo_double_pool_trumping() -> None:
    # Clubs trumps from the start. Void: trump, over-trumping if able,
    # otherwise still trump.
    pos = fam_position("loo", "C", ["AS 2D 3D", "4C 5D 6D", "3C 7D KC"])
    assert legal(pos) == {"AS", "2D", "3D"}  # the first lead is free
    after = play(pos, "AS", "4C")
    assert legal(after) == {"KC"}
    pos = fam_position("loo", "C", ["AS 2D 3D", "4C 5D 6D", "3C 2C 7D"])
    assert legal(play(pos, "AS", "4C")) == {"3C", "2C"}
    # The winner of a trick must then lead a trump.
    won = play(fam_position("loo", "C", ["AS 2D 3D", "4C 5D 6D", "3C 7D KC"]),
               "AS", "4C", "KC")
    assert won.leader == 2 and legal(won) == {"3C"}


# ---------------------------------------------------------------- Forty-Five


def forty_five_overtaking_position() -> FamPosition:
    """Forty-Five for four, spades trumps: seats 0 and 2 against 1 and 3.

    Three tricks are played: seat 0 took one, seat 1 two. Seat 1 leads the Q♦,
    partner seat 2 plays the K♦ (winning), seat 3 the 2♦, and seat 0, last,
    holds the 5♠ (the best trump) and the 3♣ and no diamond. The side 0+2 has
    one trick and needs both that are left to make three.

    If seat 0 trumps with the 5♠ he wins the trick, but must then lead the 3♣
    to the last trick, which seat 1's K♣ wins: two tricks. If he gives the trick
    to his partner (the 3♣), the K♦ wins and seat 2 leads the K♥: seat 3 must
    follow with the 4♥, seat 0 trumps or not, the trick is the side's: three.
    """
    return fam_position("forty-five", "S", ["5S 3C", "KC", "KH", "4H"], leader=1,
                        trick="QD KD 2D", won=[1, 2, 0, 0])


def test_forty_five_partner_gives_up_a_trick() -> None:
    pos = forty_five_overtaking_position()
    ours, theirs = sides("forty-five", 4)
    assert ours == S(0, 2) and theirs == S(1, 3)
    assert legal(pos) == {"5S", "3C"}
    assert fam_move_scores(pos, ours) == {parse_card("3C"): 3, parse_card("5S"): 2}
    assert fam_max_tricks(pos, ours) == 3
    assert fam_can_force(pos, ours, 3)
    assert fam_max_tricks(pos, theirs) == 2
    # The side can only do it by seat 0 giving the trick to seat 2.
    assert play(pos, "3C").leader == 2
    assert not fam_can_force(play(pos, "5S"), ours, 3)
    # Counting only his own tricks, seat 0 does not care: he takes one of the
    # two either way (the last trick with the 5♠ over the partner's K♥).
    assert fam_move_scores(pos, S(0)) == {parse_card("3C"): 2, parse_card("5S"): 2}


def test_forty_five_two_players() -> None:
    assert sides("forty-five", 2) == [S(0), S(1)]
    pos = fam_position("forty-five", "D", ["5D 2S", "JD KS"], won=[1, 2])
    # 5♦ then 2♠ (the J♦ must fall to the 5♦ led; the K♠ takes the 2♠), or the
    # 2♠ first: either way seat 0 takes one of the two and seat 1 the other.
    assert fam_max_tricks(pos, S(0)) == 2
    assert fam_max_tricks(pos, S(1)) == 3
    with pytest.raises(ValueError):
        fam_position("forty-five", "D", ["5D", "JD", "2D"], won=[2, 1, 1])


# ---------------------------------------------------------------- bad positions


def test_bad_positions_are_refused() -> None:
    with pytest.raises(ValueError):  # the 6 is not in the Rams pack
        fam_position("rams", "H", ["6H", "7H"], won=[3, 1])
    with pytest.raises(ValueError):  # a Loo simple pool needs the card to be turned
        fam_position("loo", None, ["2S", "3S"], won=[1, 1])
    with pytest.raises(ValueError):  # the trick's 2D by seat 1 did not head
        fam_position("loo", "C", ["AS 3S", "4D", "6D"], leader=1, trick="5D 2D",
                     won=[0, 1, 0])
    with pytest.raises(ValueError):  # no such option
        fam_position("rounce", "H", ["2H", "3H"], won=[3, 1], options={"ecarte_order": True})
    with pytest.raises(ValueError):  # the leader won the last trick
        fam_position("rams", "H", ["AH", "7H"], won=[0, 4])


# ---------------------------------------------------------------- self-consistency


@st.composite
def small_positions(draw: st.DrawFn) -> FamPosition:
    game = draw(st.sampled_from(GAMES))
    seats = draw(st.sampled_from({"forty-five": (2, 4)}.get(game, (2, 3, 4))))
    most_left = {2: 5, 3: 3, 4: 2}[seats]
    left = draw(st.integers(1, min(most_left, TRICKS[game])))
    options = None
    if game == "rams":
        options = {"ecarte_order": draw(st.booleans())}
    if game == "rounce":
        options = {"trump_lead_every_trick": draw(st.booleans())}
    rng = random.Random(draw(st.integers(0, 2**32)))
    return random_position(rng, game, seats, left, mode=draw(st.sampled_from(DEAL_MODES)),
                           loo_pool=draw(st.sampled_from(LOO_POOLS)), options=options,
                           cards_in_trick=draw(st.integers(0, seats - 1)))


@pytest.mark.parametrize("size", sweep(sample=20, ci=60, full=600))
def test_can_force_agrees_with_max_tricks(size: Size) -> None:
    @settings(max_examples=size.examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(small_positions())
    def check(pos: FamPosition) -> None:
        clear_caches()
        for side in [*sides(pos.game, len(pos.hands)), S(*range(len(pos.hands)))]:
            most = fam_max_tricks(pos, side)
            for k in range(TRICKS[pos.game] + 2):
                assert fam_can_force(pos, side, k) == (most >= k), (side, k, pos)
            scores = fam_move_scores(pos, side)
            best = max if seat_to_play(pos) in side else min
            assert best(scores.values()) == most

    check()

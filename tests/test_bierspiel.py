"""Bierspiel's rules: the 7♦ among the trumps, forced trump leads, the face-down lead.

Every expectation is written out by hand from RULINGS.md ("Bierspiel", which is
Rams with two changes) and Foster's text, never computed by the package. The
plain reading of Rams' following and the play-out checks come from
``tests/test_rams.py``; the Bierspiel reading adds the forced leads and the
face-down lead to it, with the tables typed in below.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jink.cards import (
    bit,
    card_name,
    iter_cards,
    parse_card,
    parse_cards,
    parse_cardset,
    parse_suit,
)
from jink.errors import IllegalPlayError, PositionError
from jink.games.base import TRUMP_BASE, Rules
from jink.games.bierspiel import (
    BIERSPIEL,
    SEVEN_OF_DIAMONDS,
    forced_trump_leads,
)
from jink.position import Position
from jink.solver import Solver
from tests.sweeps import Size, sweep, tiers
from tests.test_rams import (
    PACK,
    Orders,
    Reading,
    names,
    play_out,
    ref_follow,
    ref_max_tricks,
    ref_trumping,
    ref_winner,
)

SUITS = "SHDC"

# -- the ranking tables, best card first ----------------------------------------------------

#: The trumps: the 7♦ second, just below the ace of trumps.
TRUMPS: dict[str, str] = {
    "S": "AS 7D KS QS JS TS 9S 8S 7S",
    "H": "AH 7D KH QH JH TH 9H 8H 7H",
    "D": "AD 7D KD QD JD TD 9D 8D",
    "C": "AC 7D KC QC JC TC 9C 8C 7C",
}

#: A suit that is not trumps: the 7♦ is never a diamond.
PLAIN: dict[str, str] = {
    "S": "AS KS QS JS TS 9S 8S 7S",
    "H": "AH KH QH JH TH 9H 8H 7H",
    "D": "AD KD QD JD TD 9D 8D",
    "C": "AC KC QC JC TC 9C 8C 7C",
}

#: Seats in the play -> tricks, from the first, that must be led with a trump.
FORCED = {2: 1, 3: 2, 4: 3, 5: 3}

#: Ranks, lowest first, for the face-down lead's "lowest card".
LOW_FIRST = "789TJQKA"


@pytest.mark.parametrize("trump", SUITS)
def test_orders(trump: str) -> None:
    rules = BIERSPIEL.bind(parse_suit(trump))
    assert names(rules.ranking.trumps) == TRUMPS[trump].split()
    assert names(rules.order(parse_suit(trump))) == TRUMPS[trump].split()
    for suit in SUITS:
        if suit == trump:
            assert rules.ranking.plain[parse_suit(suit)] == ()
        else:
            assert names(rules.order(parse_suit(suit))) == PLAIN[suit].split()


@pytest.mark.parametrize("trump", SUITS)
def test_seven_of_diamonds_is_always_the_second_trump(trump: str) -> None:
    rules = BIERSPIEL.bind(parse_suit(trump))
    seven = parse_card("7D")
    assert seven == SEVEN_OF_DIAMONDS
    assert rules.ranking.trumps[:2] == (parse_card("A" + trump), seven)
    assert rules.suit[seven] == parse_suit(trump)
    assert rules.trump_mask & bit(seven)
    assert all(seven not in order for order in rules.ranking.plain)
    assert rules.power[parse_card("A" + trump)] > rules.power[seven] > rules.power[
        parse_card("K" + trump)]
    if trump != "D":
        assert not rules.suit_masks[parse_suit("D")] & bit(seven)
    assert len(rules.ranking.trumps) == (8 if trump == "D" else 9)


@pytest.mark.parametrize("trump", SUITS)
def test_tables_cover_the_pack_once_and_power_follows_them(trump: str) -> None:
    rules = BIERSPIEL.bind(parse_suit(trump))
    every = list(rules.ranking.trumps) + [c for o in rules.ranking.plain for c in o]
    assert sorted(every) == sorted(parse_cards(PACK))
    for order in (rules.ranking.trumps, *rules.ranking.plain):
        powers = [rules.power[c] for c in order]
        assert powers == sorted(powers, reverse=True)
    assert min(rules.power[c] for c in rules.ranking.trumps) > TRUMP_BASE
    assert max(rules.power[c] for o in rules.ranking.plain for c in o) < TRUMP_BASE


def bierspiel_rules(trump: str, players: int = 0) -> Rules:
    return BIERSPIEL.bind(parse_suit(trump), players=players)


def test_forced_trump_leads_by_seats_in_the_play() -> None:
    assert {n: forced_trump_leads(n) for n in range(2, 6)} == FORCED
    assert forced_trump_leads(0) == 0  # not known: no lead is forced
    for n, forced in FORCED.items():
        assert bierspiel_rules("S", n).forced_leads == forced


# -- an independent reading of the rulings ---------------------------------------------


def orders(trump: str) -> Orders:
    return Orders(tuple(TRUMPS[trump].split()),
                  {s: tuple(PLAIN[s].split()) for s in SUITS if s != trump})


def bierspiel_reading(table: Orders) -> Reading:
    """RULINGS Bierspiel 2 on top of Rams' following (``ref_follow``)."""

    def lowest(hand: list[str]) -> set[str]:
        low = min(LOW_FIRST.index(c[0]) for c in hand)
        return {c for c in hand if LOW_FIRST.index(c[0]) == low}

    def legal(hand: list[str], trick: list[str], done: int, seats: int) -> set[str]:
        forced = done + 1 <= FORCED.get(seats, 0)
        trumps = [c for c in hand if table.counts_as(c) == "T"]
        if not trick:
            if not forced:
                return set(hand)
            return set(trumps) if trumps else lowest(hand)
        if forced and table.counts_as(trick[0]) != "T":  # led face down
            return ref_trumping(table, trumps, trick) if trumps else set(hand)
        return ref_follow(table, hand, trick)

    def winner(trick: list[str], done: int, seats: int) -> int:
        if done + 1 <= FORCED.get(seats, 0) and table.counts_as(trick[0]) != "T":
            trumps = [i for i, c in enumerate(trick) if table.counts_as(c) == "T"]
            return min(trumps, key=lambda i: table.place(trick[i])) if trumps else 0
        return ref_winner(table, trick)

    return Reading(legal, winner)


# -- legal plays ------------------------------------------------------------------------


def every(hand: str) -> set[str]:
    return set(hand.split())


LEGAL_CASES: list[tuple[str, int, int, str, str, set[str], str]] = [
    # (trump, seats in the play, tricks done, hand, trick so far, legal cards, why)
    # Forced trump leads: 2 seats, the first trick; 3, two; 4 or more, three.
    ("S", 2, 0, "KS 8S AH 9D TC", "", {"KS", "8S"}, "2 seats: trick 1 forced"),
    ("S", 2, 1, "KS 8S AH 9D", "", every("KS 8S AH 9D"), "2 seats: trick 2 free"),
    ("H", 3, 1, "TH AS 9D TC", "", {"TH"}, "3 seats: trick 2 forced"),
    ("H", 3, 2, "TH AS 9D", "", every("TH AS 9D"), "3 seats: trick 3 free"),
    ("C", 4, 2, "9C 7D KS", "", {"9C", "7D"}, "4 seats: trick 3 forced, the 7♦ too"),
    ("C", 4, 3, "9C KS", "", every("9C KS"), "4 seats: trick 4 free"),
    ("C", 5, 2, "9C 7D KS", "", {"9C", "7D"}, "5 seats: trick 3 forced"),
    ("C", 5, 3, "9C KS", "", every("9C KS"), "5 seats: trick 4 free"),
    ("S", 3, 0, "7D AH KH 9C 8C", "", {"7D"}, "the 7♦ alone is a trump to lead"),
    ("D", 2, 0, "7D AH KH 9C 8C", "", {"7D"}, "diamonds trumps: the 7♦ is a trump"),
    ("S", 0, 0, "KS 8S AH 9D TC", "", every("KS 8S AH 9D TC"), "seats not known: free"),
    # No trump to lead: the lowest card, face down; all cards of the lowest rank.
    ("S", 2, 0, "9H 8C 8D KD AC", "", {"8C", "8D"}, "two eights: either"),
    ("S", 3, 1, "AH 9C KD QH", "", {"9C"}, "the nine is lowest"),
    ("H", 4, 2, "7S 7C 8D", "", {"7S", "7C"}, "the sevens are lowest"),
    ("D", 4, 0, "AS KS AC KC QC", "", {"QC"}, "the queen is lowest"),
    ("C", 2, 0, "8D 9D TD JD QD", "", {"8D"}, "the 8♦ is the lowest diamond (7♦ a trump)"),
    ("S", 0, 0, "9H 8C 8D KD AC", "", every("9H 8C 8D KD AC"), "seats not known: free"),
    # Led face down: trump if able, over-trumping if able; otherwise anything.
    ("S", 3, 0, "KS 9S 8C AC 7H", "9C", {"KS", "9S"}, "face down: any trump, not a club"),
    ("S", 3, 0, "KS 9S 8C AC 7H", "9C QS", {"KS"}, "face down: over-trump the Q"),
    ("S", 3, 0, "8S 9S AC 7H TD", "9C QS", {"8S", "9S"}, "face down: else under-trump"),
    ("S", 3, 0, "8S 7D AC 7H TD", "9C AS", {"8S", "7D"}, "the ace cannot be over-trumped"),
    ("S", 3, 0, "8S 7D AC 7H TD", "9C KS", {"7D"}, "the 7♦ over-trumps the K"),
    ("S", 4, 1, "AC KC 7H TD", "9C", every("AC KC 7H TD"), "face down, no trump: anything"),
    ("H", 4, 2, "KC 7S 8D", "9C TS", every("KC 7S 8D"), "face down, no trump: anything"),
    ("D", 2, 0, "7D AS KS QS JS", "TC", {"7D"}, "diamonds trumps: the 7♦ trumps it"),
    # A forced trump lead: followed as in Rams, heading.
    ("S", 3, 0, "KS 9S 8C AC 7H", "QS", {"KS"}, "forced trump lead: head it"),
    ("S", 3, 0, "7D 9S 8C AC 7H", "QS", {"7D"}, "the 7♦ heads the Q"),
    ("S", 3, 0, "TS 9S 8C AC 7H", "7D", {"TS", "9S"}, "the 7♦ led: any trump"),
    ("D", 3, 0, "7D 8D AC KS 7H", "KD", {"7D"}, "diamonds trumps: the 7♦ heads the K"),
    ("D", 3, 0, "7D 8D AC KS 7H", "AD", {"7D", "8D"}, "nothing heads the ace: any trump"),
    ("S", 3, 1, "AC KD 7H QH", "9S", every("AC KD 7H QH"), "trump led, none: any"),
    # Past the forced tricks, and with seats not known, Rams' duties.
    ("S", 2, 1, "KC 7C 9S 8H", "9C", {"KC"}, "after the forced trick: head the club"),
    ("S", 2, 1, "7C 8C 9S 8H", "9C", {"7C", "8C"}, "follow suit, not trump"),
    ("S", 0, 0, "KC 7C 9S 8H TD", "9C", {"KC"}, "seats not known: no face-down lead"),
    ("S", 3, 2, "9S 7D 8H", "9C", {"9S", "7D"}, "void in clubs: trump"),
    ("S", 3, 2, "9S 7D 8H", "9C JS", {"7D"}, "void in clubs: over-trump with the 7♦"),
    # The 7♦ is never a diamond: holding it alone, a player is void in diamonds.
    ("S", 3, 2, "7D AH 8C", "9D", {"7D"}, "void in diamonds: trump with the 7♦"),
    ("H", 3, 2, "7D 8D AC", "9D", {"8D"}, "the 8♦ cannot head: still no 7♦"),
    ("H", 3, 2, "7D TD AC", "9D", {"TD"}, "a diamond heads; the 7♦ is no diamond"),
    ("C", 3, 2, "7D KS 8H", "9D 9C", {"7D"}, "void: over-trump the 9♣ with the 7♦"),
]


@pytest.mark.parametrize(("trump", "seats", "done", "hand", "trick", "expected", "why"),
                         LEGAL_CASES, ids=[f"{c[6]} {c[0]}" for c in LEGAL_CASES])
def test_legal(trump: str, seats: int, done: int, hand: str, trick: str, expected: set[str],
               why: str) -> None:
    rules = BIERSPIEL.bind(parse_suit(trump), players=seats)
    played = tuple(parse_cards(trick))
    assert set(names(iter_cards(rules.legal(parse_cardset(hand), played, done)))) == expected
    reading = bierspiel_reading(orders(trump))
    assert reading.legal(hand.split(), trick.split(), done, seats) == expected, why


@pytest.mark.parametrize(("trump", "seats", "done", "hand", "trick", "expected", "why"),
                         LEGAL_CASES, ids=[f"{c[6]} {c[0]}" for c in LEGAL_CASES])
def test_why_illegal_agrees_with_legal(trump: str, seats: int, done: int, hand: str,
                                       trick: str, expected: set[str], why: str) -> None:
    rules = BIERSPIEL.bind(parse_suit(trump), players=seats)
    hand_set = parse_cardset(hand)
    played = tuple(parse_cards(trick))
    for card in iter_cards(hand_set):
        reason = rules.why_illegal(card, hand_set, played, done)
        if card_name(card) in expected:
            assert reason is None
        else:
            assert reason is not None and card_name(card) in reason


EXPLAIN_CASES: list[tuple[str, int, int, str, str, str, list[str]]] = [
    # (trump, seats, tricks done, hand, trick, illegal card, words the reason must hold)
    ("S", 2, 0, "KS 8S AH 9D TC", "", "AH", ["not a trump", "trump must be led to trick 1",
                                             "KS 8S"]),
    ("H", 4, 2, "7S 7C 8D", "", "8D", ["not the lowest", "face down", "7S 7C"]),
    ("S", 3, 0, "KS 9S 8C AC 7H", "9C", "8C", ["not a trump", "face down", "KS 9S"]),
    ("S", 3, 0, "KS 9S 8C AC 7H", "9C QS", "9S", ["does not over-trump", "QS", "KS"]),
    ("S", 3, 0, "KS 9S 8C AC 7H", "QS", "9S", ["does not head", "KS"]),
    ("H", 3, 2, "7D TD AC", "9D", "7D", ["does not follow suit", "TD"]),
]


@pytest.mark.parametrize(("trump", "seats", "done", "hand", "trick", "card", "words"),
                         EXPLAIN_CASES)
def test_the_reason_names_the_duty(trump: str, seats: int, done: int, hand: str, trick: str,
                                   card: str, words: list[str]) -> None:
    rules = BIERSPIEL.bind(parse_suit(trump), players=seats)
    hand_set = parse_cardset(hand)
    played = tuple(parse_cards(trick))
    reason = rules.why_illegal(parse_card(card), hand_set, played, done)
    assert reason is not None
    for word in words:
        assert word in reason
    # Without the trick number explain() works it out: a face-down trick is one whose
    # first card is not a trump and where the card would be legal by Rams' duties.
    assert card in rules.explain(parse_card(card), hand_set, played)


def test_explain_without_the_trick_number() -> None:
    rules = bierspiel_rules("S", 3)
    reason = rules.explain(parse_card("AH"), parse_cardset("KS 8S AH 9D"), ())
    assert "AH is not a trump" in reason and "each of the first 2 tricks" in reason
    # The AC would head the 9C: it can only be illegal because the 9C was led face down.
    reason = rules.explain(parse_card("AC"), parse_cardset("KS 8C AC"), tuple(parse_cards("9C")))
    assert "AC is not a trump: to a card led face down" in reason


# -- who wins a trick -------------------------------------------------------------------


WINNER_CASES: list[tuple[str, int, int, str, str, str]] = [
    # (trump, seats, tricks done, trick, winning card or "leader", why)
    ("S", 3, 0, "8C KC AC", "leader", "face down, no trump: the leader, not the AC"),
    ("S", 2, 0, "7H AH", "leader", "face down: a higher heart does not win"),
    ("S", 3, 0, "8C 7S AC", "7S", "face down: the trump wins"),
    ("S", 3, 0, "8C 7S KS", "KS", "face down: the best trump"),
    ("S", 4, 2, "8C KS 7D 9H", "7D", "face down: the 7♦ over the K"),
    ("D", 4, 1, "8C AD 7D", "AD", "the ace over the 7♦"),
    ("S", 3, 2, "8C KC AC", "AC", "trick 3 of 3 seats is free: the best club"),
    ("S", 2, 1, "7H AH", "AH", "trick 2 of 2 seats is free: the best heart"),
    ("S", 0, 0, "8C KC AC", "AC", "seats not known: no face-down lead"),
    ("S", 3, 0, "9S AS", "AS", "forced trump lead: the best trump"),
    ("H", 3, 2, "KD 7D", "7D", "the 7♦ trumps a diamond"),
    ("H", 3, 2, "7D AD", "7D", "the 7♦ led is a trump lead"),
    ("C", 3, 2, "8D 9D AS", "9D", "the best diamond; the spade is a discard"),
]


@pytest.mark.parametrize(("trump", "seats", "done", "trick", "expected", "why"), WINNER_CASES,
                         ids=[f"{c[3]} {c[0]} {c[1]} {c[2]}" for c in WINNER_CASES])
def test_winner(trump: str, seats: int, done: int, trick: str, expected: str, why: str) -> None:
    rules = BIERSPIEL.bind(parse_suit(trump), players=seats)
    cards = tuple(parse_cards(trick))
    index = rules.winner(cards, done)
    reading = bierspiel_reading(orders(trump))
    assert reading.winner(trick.split(), done, seats) == index
    if expected == "leader":
        assert index == 0, why
    else:
        assert card_name(cards[index]) == expected, why


def test_face_down_play_in_a_position() -> None:
    # Three seats, hearts trumps: the first two tricks must be led with a trump.
    pos = Position.create(BIERSPIEL, "H", ["9C 8C 8S KD AS", "QH 7C 9S JD AC",
                                           "KC QC JC TD 9D"])
    assert set(names(pos.legal_cards())) == {"8C", "8S"}  # no trump: lowest, face down
    with pytest.raises(IllegalPlayError, match=r"seat 1 cannot play 9C.*lowest"):
        pos.play(parse_card("9C"))
    pos = pos.play(parse_card("8S"))
    assert set(names(pos.legal_cards())) == {"QH"}  # seat 2 must trump
    with pytest.raises(IllegalPlayError, match=r"seat 2 cannot play 9S.*face down"):
        pos.play(parse_card("9S"))
    pos = pos.play(parse_card("QH"))
    assert pos.trick_winner() == 1
    assert set(names(pos.legal_cards())) == every("KC QC JC TD 9D")  # no trump: anything
    pos = pos.play(parse_card("9D"))
    assert pos.won == (0, 1, 0) and pos.leader == 1
    # Trick 2 is forced too; seat 2 has no trump left: his lowest card, the 7♣.
    assert set(names(pos.legal_cards())) == {"7C"}
    pos = pos.play(parse_card("7C"))
    assert set(names(pos.legal_cards())) == every("KC QC JC TD")  # seat 3: no trump
    pos = pos.play(parse_card("JC"))
    assert set(names(pos.legal_cards())) == every("9C 8C KD AS")  # nor seat 1
    assert pos.trick_winner() == 1  # the J♣ above the 7♣ does not win: the leader does
    pos = pos.play(parse_card("8C"))
    assert pos.won == (0, 2, 0) and pos.leader == 1
    # Trick 3 is free: seat 2 may lead anything, and clubs must be headed.
    assert set(names(pos.legal_cards())) == every("9S JD AC")
    pos = pos.play(parse_card("AC"))
    assert set(names(pos.legal_cards())) == {"KC", "QC"}  # seat 3 cannot head: any club


def test_face_down_trick_in_a_position_is_validated() -> None:
    hands = ["9C 8S KD AS", "QH 7C 9S JD AC", "KC QC JC TD 9D"]
    pos = Position.create(BIERSPIEL, "H", hands, trick="8C")
    assert pos.seat_to_play == 1 and set(names(pos.legal_cards())) == {"QH"}
    with pytest.raises(PositionError, match=r"9C by seat 1 was not a legal play.*lowest"):
        Position.create(BIERSPIEL, "H", ["8C 8S KD AS", *hands[1:]], trick="9C")


# -- the game's data: seats, questions, extras -------------------------------------------


def test_seats_in_the_play() -> None:
    assert (BIERSPIEL.min_players, BIERSPIEL.max_players) == (2, 5)
    with pytest.raises(PositionError, match="2 to 5"):
        Position.create(BIERSPIEL, "S", ["7S 8S 9S TS JS"])


def test_questions_options_and_extras() -> None:
    assert [(q.name, q.tricks) for q in BIERSPIEL.questions(3)] == [("takes_a_trick", 1),
                                                                     ("all_five", 5)]
    # No option of the play; declaring has Rams' eldest_must_play ("in some clubs").
    assert [o.name for o in BIERSPIEL.options] == ["eldest_must_play"]
    assert BIERSPIEL.extras(3, 4, {}) == {"points": 3}
    assert "face down" in BIERSPIEL.following and "7♦" in BIERSPIEL.following
    assert not BIERSPIEL.bind(parse_suit("S"), players=3).trumps_always_legal


# -- random play-outs -------------------------------------------------------------------


@st.composite
def bierspiel_deals(draw: st.DrawFn) -> Position:
    """A random deal, 2 to 5 seats; often from a pack short of trumps (face-down leads)."""
    players = draw(st.integers(2, 5))
    trump = draw(st.sampled_from(SUITS))
    pack = list(draw(st.permutations(sorted(iter_cards(BIERSPIEL.deck)))))
    if draw(st.booleans()):
        trumps = set(parse_cards(TRUMPS[trump]))
        plain = [c for c in pack if c not in trumps]
        keep = max(draw(st.integers(0, 3)), 5 * players - len(plain))
        pack = plain + [c for c in pack if c in trumps][:keep]
        pack = draw(st.permutations(pack))
    hands = [sum(bit(c) for c in pack[5 * i:5 * i + 5]) for i in range(players)]
    return Position.create(BIERSPIEL, trump, hands)


@pytest.mark.parametrize("examples", tiers(60, 150))
def test_random_playouts(examples: int) -> None:
    @settings(max_examples=examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(bierspiel_deals(), st.data())
    def check(pos: Position, data: st.DataObject) -> None:
        reading = bierspiel_reading(orders(SUITS[pos.trump or 0]))
        play_out(pos, reading, lambda cards: data.draw(st.sampled_from(cards)))

    check()


def test_playouts_meet_face_down_leads() -> None:
    """Random play from trump-poor deals reaches face-down tricks won both ways."""
    rng = random.Random(7)
    seen = {"leader": 0, "trump": 0}
    for _ in range(60):
        players = rng.randint(2, 5)
        trump = rng.choice(SUITS)
        rules = bierspiel_rules(trump, players)
        pack = [c for c in iter_cards(BIERSPIEL.deck) if not rules.trump_mask & bit(c)]
        pack += rng.sample(parse_cards(TRUMPS[trump]), 2)
        rng.shuffle(pack)
        pos = Position.create(BIERSPIEL, trump,
                              [sum(bit(c) for c in pack[5 * i:5 * i + 5]) for i in range(players)])
        while not pos.is_over:
            done, trick = pos.tricks_done, pos.trick
            card = rng.choice(sorted(iter_cards(pos.legal_moves())))
            if len(trick) == players - 1 and rules.face_down((*trick, card), done):
                taker = rules.winner((*trick, card), done)
                seen["leader" if taker == 0 else "trump"] += 1
            pos = pos.play(card)
    assert seen["leader"] >= 5 and seen["trump"] >= 5, seen


# -- the solver -------------------------------------------------------------------------


def test_solver_plugs_in() -> None:
    # Two seats, spades trumps, the whole deal. Seat 1 holds no trump and must lead his
    # lowest card face down; seat 2 must trump it (7♦), then leads. Seat 2 holds the
    # 7♦ and the four best clubs, seat 1 the rest of the clubs can never head them.
    pos = Position.create(BIERSPIEL, "S", ["8H TC 9C 8C 7C", "7D AC KC QC JC"])
    assert set(names(pos.legal_cards())) == {"7C"}
    solver = Solver()
    assert solver.max_tricks(pos, 1) == 5
    assert solver.max_tricks(pos, 0) == 0
    verdicts = solver.verdicts(pos)
    assert [v.answer("all_five") for v in verdicts] == [False, True]
    assert [v.answer("takes_a_trick") for v in verdicts] == [False, True]
    assert verdicts[1].to_dict()["points"] == 5


def test_solver_face_down_lead_keeps_the_trick_for_the_leader() -> None:
    # Three seats, hearts trumps, nobody holds a trump: seat 1 leads his lowest card
    # face down and takes both forced tricks whatever is played; then the clubs are his.
    pos = Position.create(BIERSPIEL, "H", ["7S 7C AC KC QC", "AS KS QS JS TS",
                                           "AD KD QD JD TD"])
    assert Solver().max_tricks(pos, 0) == 5


#: (seats, tricks left) of the positions checked against the minimax: each has a
#: forced lead still to come, some two or three of them.
SHAPES = [(2, 5), (3, 5), (3, 4), (4, 4), (4, 3)]


def small_position(seed: int, players: int, left: int) -> tuple[Position, list[list[str]],
                                                                  list[int]]:
    """Random, often short of trumps, ``left`` tricks to play."""
    rng = random.Random(seed)
    trump = rng.choice(SUITS)
    rules = BIERSPIEL.bind(parse_suit(trump), players=players)
    pack = sorted(iter_cards(BIERSPIEL.deck))
    rng.shuffle(pack)
    if rng.random() < 0.6:
        plain = [c for c in pack if not rules.trump_mask & bit(c)]
        pack = plain + [c for c in pack if rules.trump_mask & bit(c)][:rng.randint(0, 3)]
        rng.shuffle(pack)
    hands = [pack[left * i:left * i + left] for i in range(players)]
    won = [0] * players
    leader = rng.randrange(players)
    if left < 5:
        won[leader] = 1
        for _ in range(4 - left):
            won[rng.randrange(players)] += 1
    pos = Position.create(BIERSPIEL, trump, [sum(bit(c) for c in h) for h in hands],
                          leader=leader, won=won)
    return pos, [names(h) for h in hands], won


@pytest.mark.parametrize("size", sweep(sample=6, ci=15, full=200))
def test_solver_agrees_with_a_full_minimax(size: Size) -> None:
    @settings(max_examples=size.examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.integers(0, 2**32), st.sampled_from(SHAPES))
    def check(seed: int, shape: tuple[int, int]) -> None:
        players, left = shape
        pos, hands, won = small_position(seed, players, left)
        assert pos.tricks_done < FORCED[players]  # a forced lead is still to come
        reading = bierspiel_reading(orders(SUITS[pos.trump or 0]))
        solver = Solver()
        for seat in range(players):
            expected = ref_max_tricks(reading, hands, pos.leader, won, seat)
            assert solver.max_tricks(pos, seat) == expected

    check()


def test_rules_after_the_forced_tricks() -> None:
    # Three seats: tricks 1 and 2 are forced. The rules in force for trick 3 on force
    # nothing (and let the search share positions alike up to relative rank).
    rules = BIERSPIEL.bind(parse_suit("S"), players=3)
    trick = tuple(parse_cards("AS 8C 9C"))
    assert rules.after_trick(trick, 0) is rules
    after = rules.after_trick(trick, 1)
    assert after.trump == rules.trump and after.players == 3
    assert not rules.relative_ranks_safe and after.relative_ranks_safe
    hand = parse_cardset("KS 9H 8H")
    assert rules.legal(hand, (), 2) == after.legal(hand, (), 2) == hand
    assert after.after_trick(trick, 2) is after
    two = BIERSPIEL.bind(parse_suit("S"), players=2)
    assert two.after_trick(trick, 0) is not two
    unknown = BIERSPIEL.bind(parse_suit("S"))
    assert unknown.after_trick(trick, 0) is unknown and unknown.relative_ranks_safe


def test_a_turned_up_seven_of_diamonds_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Foster: "If it is turned up, the dealer turns up the next card for a
    trump": the 7D names no trump suit, so jink refuses it as a turn-up (it
    does not model the dealer taking both cards) rather than make diamonds
    trumps. Everywhere: a position, a position file, the command line, and
    jink declare. One error line, exit 1."""
    from typer.testing import CliRunner

    from jink.cards import DIAMONDS
    from jink.cli.app import app
    from jink.decisions.declare import deal_from_text
    from jink.games import find_game

    message = "a turned-up 7D: in Bierspiel the dealer then turns the next card"
    shown = message.replace("7D", "7♦")  # the command draws cards as its tables do
    with pytest.raises(PositionError, match=message):
        Position.create("bierspiel", None, ["AS KS QS JS TS", "AH KH QH JH TH"], turnup="7D")
    with pytest.raises(PositionError, match=message):
        deal_from_text(find_game("bierspiel"), DIAMONDS, ["AS KS QS 7H 8H", "7C 8C 9C TC JC",
                                                          "AD KD QD JD TD"],
                       "AH KH QH JH TH", parse_card("7D"))
    file = tmp_path / "seven.toml"
    file.write_text('game = "bierspiel"\nturnup = "7D"\n'
                    'hands = ["AS KS QS JS TS", "AH KH QH JH TH"]\n')
    runner = CliRunner()
    for args in (["solve", str(file)],
                 ["solve", "--game", "bierspiel", "--turnup", "7D", "--hands",
                  "AS KS QS JS TS / AH KH QH JH TH"],
                 ["declare", "--game", "bierspiel", "--turnup", "7D", "--widow",
                  "AH KH QH JH TH", "--hands",
                  "AS KS QS 7H 8H / 7C 8C 9C TC JC / AD KD QD JD TD", "--seat", "1"],
                 # jink legal of one hand (this path once made diamonds trumps).
                 ["legal", "--game", "bierspiel", "--turnup", "7D", "--hand", "AS KS 8C",
                  "--players", "3"],
                 ["legal", "--game", "bierspiel", "--turnup", "7D", "--hand", "AS KS 8C",
                  "--trick", "9C", "--players", "3", "--tricks-done", "2", "--json"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith("error: ") and shown in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
    # Any other turn-up, and the 7D in a hand, are as before.
    Position.create("bierspiel", None, ["AS KS QS JS 7D", "AH KH QH JH TH"], turnup="9D")
    legal = runner.invoke(app, ["legal", "--game", "bierspiel", "--turnup", "9D", "--hand",
                                "7D KS 8H", "--trick", "9C", "--players", "3",
                                "--tricks-done", "2", "--json"])
    assert legal.exit_code == 0 and '"7D"' in legal.output, legal.output
    # Rams has no such card: its 7D turned up makes diamonds trumps.
    assert Position.create("rams", None, ["AS KS QS JS TS", "AH KH QH JH TH"],
                           turnup="7D").trump == DIAMONDS

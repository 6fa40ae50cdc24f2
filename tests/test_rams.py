"""Rams' rules: the ranking tables, heading and trumping, who wins a trick, the engine.

Every expectation is written out by hand from RULINGS.md ("Rams") and Foster's
text (``/work/shared/sources/foster-rams.txt``), never computed by the package.
The random play-outs compare the package's legal cards and trick winners with a
plain reading of the rulings below (:func:`ref_follow`, :func:`ref_winner`),
which looks cards up by name in the tables typed in here; the solver is checked
against a full minimax over that reading. ``tests/test_bierspiel.py`` reuses it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, reduce

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jink.cards import (
    Card,
    bit,
    card_name,
    count,
    iter_cards,
    parse_card,
    parse_cards,
    parse_cardset,
    parse_suit,
)
from jink.errors import IllegalPlayError, PositionError
from jink.games.base import TRUMP_BASE
from jink.games.rams import RAMS
from jink.position import Position
from jink.solver import Solver

SUITS = "SHDC"

# -- the ranking tables of RULINGS.md, best card first ------------------------------------

#: A K Q J 10 9 8 7 in every suit, trumps included.
PIQUET: dict[str, str] = {
    "S": "AS KS QS JS TS 9S 8S 7S",
    "H": "AH KH QH JH TH 9H 8H 7H",
    "D": "AD KD QD JD TD 9D 8D 7D",
    "C": "AC KC QC JC TC 9C 8C 7C",
}

#: Option ``ecarte_order``: K Q J A 10 9 8 7 in every suit, trumps included.
ECARTE: dict[str, str] = {
    "S": "KS QS JS AS TS 9S 8S 7S",
    "H": "KH QH JH AH TH 9H 8H 7H",
    "D": "KD QD JD AD TD 9D 8D 7D",
    "C": "KC QC JC AC TC 9C 8C 7C",
}

PACK = "7S 8S 9S TS JS QS KS AS 7H 8H 9H TH JH QH KH AH 7D 8D 9D TD JD QD KD AD " \
       "7C 8C 9C TC JC QC KC AC"


def names(cards: Iterable[Card]) -> list[str]:
    return [card_name(c) for c in cards]


def test_pack_is_the_euchre_pack() -> None:
    assert sorted(iter_cards(RAMS.deck)) == sorted(parse_cards(PACK))
    assert count(RAMS.deck) == 32
    assert RAMS.hand_size == 5 and RAMS.tricks == 5


@pytest.mark.parametrize("ecarte", [False, True])
@pytest.mark.parametrize("trump", SUITS)
def test_orders(trump: str, ecarte: bool) -> None:
    table = ECARTE if ecarte else PIQUET
    rules = RAMS.bind(parse_suit(trump), {"ecarte_order": ecarte})
    assert names(rules.ranking.trumps) == table[trump].split()
    assert names(rules.order(parse_suit(trump))) == table[trump].split()
    for suit in SUITS:
        if suit == trump:
            assert rules.ranking.plain[parse_suit(suit)] == ()
        else:
            assert names(rules.order(parse_suit(suit))) == table[suit].split()


@pytest.mark.parametrize("ecarte", [False, True])
@pytest.mark.parametrize("trump", SUITS)
def test_tables_cover_the_pack_once_and_power_follows_them(trump: str, ecarte: bool) -> None:
    rules = RAMS.bind(parse_suit(trump), {"ecarte_order": ecarte})
    every = list(rules.ranking.trumps) + [c for o in rules.ranking.plain for c in o]
    assert sorted(every) == sorted(parse_cards(PACK))
    for order in (rules.ranking.trumps, *rules.ranking.plain):
        powers = [rules.power[c] for c in order]
        assert powers == sorted(powers, reverse=True)
        assert len(set(powers)) == len(powers)
    assert min(rules.power[c] for c in rules.ranking.trumps) > TRUMP_BASE
    assert max(rules.power[c] for o in rules.ranking.plain for c in o) < TRUMP_BASE
    assert rules.trump_mask == parse_cardset(PIQUET[trump])
    for suit in SUITS:
        assert rules.suit_masks[parse_suit(suit)] == parse_cardset(PIQUET[suit])


def test_default_order_is_piquet_and_option_is_named() -> None:
    assert [(o.name, o.default) for o in RAMS.options] == [("ecarte_order", False),
                                                         ("eldest_must_play", False)]
    assert names(RAMS.bind(parse_suit("C")).order(parse_suit("S"))) == PIQUET["S"].split()
    assert not RAMS.bind(parse_suit("C")).trumps_always_legal


# -- an independent reading of the rulings ---------------------------------------------


@dataclass(frozen=True)
class Orders:
    """The ranking of one deal by name: every trump, and each other suit, best first."""

    trumps: tuple[str, ...]
    plain: dict[str, tuple[str, ...]]

    def counts_as(self, card: str) -> str:
        """"T" for a trump, else the printed suit letter."""
        return "T" if card in self.trumps else card[1]

    def place(self, card: str) -> int:
        """0 for the best card of the suit it counts as, 1 for the next, ..."""
        if card in self.trumps:
            return self.trumps.index(card)
        return self.plain[card[1]].index(card)


def rams_orders(trump: str, ecarte: bool = False) -> Orders:
    table = ECARTE if ecarte else PIQUET
    return Orders(tuple(table[trump].split()),
                  {s: tuple(table[s].split()) for s in SUITS if s != trump})


def ref_trumping(orders: Orders, trumps: list[str], played: list[str]) -> set[str]:
    """Trumps held, to ``played``: over-trump if able, else any trump (under-trump)."""
    best = [orders.place(c) for c in played if orders.counts_as(c) == "T"]
    if not best:
        return set(trumps)
    over = [c for c in trumps if orders.place(c) < min(best)]
    return set(over or trumps)


def ref_follow(orders: Orders, hand: list[str], trick: list[str]) -> set[str]:
    """RULINGS Rams 3: follow suit and head; trumped, any of the suit; void, trump."""
    led = orders.counts_as(trick[0])
    suited = [c for c in hand if orders.counts_as(c) == led]
    if suited:
        if led != "T" and any(orders.counts_as(c) == "T" for c in trick):
            return set(suited)
        best = min(orders.place(c) for c in trick if orders.counts_as(c) == led)
        heading = [c for c in suited if orders.place(c) < best]
        return set(heading or suited)
    trumps = [c for c in hand if orders.counts_as(c) == "T"]
    if trumps:
        return ref_trumping(orders, trumps, trick)
    return set(hand)


def ref_winner(orders: Orders, trick: list[str]) -> int:
    """The best trump, else the best card of the suit led."""
    trumps = [i for i, c in enumerate(trick) if orders.counts_as(c) == "T"]
    if trumps:
        return min(trumps, key=lambda i: orders.place(trick[i]))
    led = orders.counts_as(trick[0])
    return min((i for i, c in enumerate(trick) if orders.counts_as(c) == led),
               key=lambda i: orders.place(trick[i]))


@dataclass(frozen=True)
class Reading:
    """One game's rules by name: legal cards and the trick's winner."""

    #: (hand, trick so far, tricks done, seats) -> the legal cards.
    legal: Callable[[list[str], list[str], int, int], set[str]]
    #: (trick, tricks done, seats) -> index of the winning card.
    winner: Callable[[list[str], int, int], int]


def rams_reading(orders: Orders) -> Reading:
    return Reading(
        lambda hand, trick, done, seats: set(hand) if not trick else ref_follow(orders, hand,
                                                                               trick),
        lambda trick, done, seats: ref_winner(orders, trick))


def ref_max_tricks(reading: Reading, hands: list[list[str]], leader: int, won: list[int],
                   seat: int, tricks: int = 5) -> int:
    """A full minimax over the reading: ``seat`` against everybody."""
    n = len(hands)

    @cache
    def value(hands: tuple[frozenset[str], ...], leader: int, trick: tuple[str, ...],
              won: tuple[int, ...]) -> int:
        done = sum(won)
        if done == tricks:
            return won[seat]
        if len(trick) == n:
            taker = (leader + reading.winner(list(trick), done, n)) % n
            return value(hands, taker, (), tuple(w + (s == taker) for s, w in enumerate(won)))
        to_play = (leader + len(trick)) % n
        results = []
        for card in reading.legal(sorted(hands[to_play]), list(trick), done, n):
            after = tuple(h - {card} if s == to_play else h for s, h in enumerate(hands))
            results.append(value(after, leader, (*trick, card), won))
        return max(results) if to_play == seat else min(results)

    return value(tuple(frozenset(h) for h in hands), leader, (), tuple(won))


# -- legal plays ------------------------------------------------------------------------


def legal(trump: str, hand: str, trick: str, ecarte: bool = False) -> set[str]:
    """The legal cards, as names, of ``hand`` to ``trick`` with ``trump`` trumps."""
    rules = RAMS.bind(parse_suit(trump), {"ecarte_order": ecarte})
    played = tuple(parse_cards(trick))
    return set(names(iter_cards(rules.legal(parse_cardset(hand), played, 0))))


def every(hand: str) -> set[str]:
    return set(hand.split())


LEGAL_CASES: list[tuple[str, str, str, bool, set[str], str]] = [
    # (trump, hand, trick so far, ecarte_order, legal cards, why)
    ("H", "AH 7C KS 8D 9D", "", False, every("AH 7C KS 8D 9D"), "a lead is free"),
    # Follow suit and head the trick.
    ("H", "KC 8C 7C 9H TS", "9C", False, {"KC"}, "head: the one club above the 9"),
    ("H", "KC QC 7C 9H TS", "9C", False, {"KC", "QC"}, "Foster: two higher, either"),
    ("H", "8C 7C 9H AS TS", "9C", False, {"8C", "7C"}, "no club higher: any club, not a trump"),
    ("S", "KD 7D AS 8H 9H", "QD", False, {"KD"}, "holding a trump, must still follow"),
    ("S", "KD 7D 8H 9H TC", "QD JD", False, {"KD"}, "head the best so far, not the lead"),
    ("S", "QD 7D 8H 9H TC", "8D KD", False, {"QD", "7D"}, "cannot head the K: any diamond"),
    ("C", "AS KS 7S 8H 9D", "QS KS", False, {"AS"}, "head the second card"),
    ("D", "TH 9H KC 8S AD", "7H", False, {"TH", "9H"}, "every heart heads the 7"),
    # Already trumped (a plain suit led): any card of the suit.
    ("H", "AC 8C 7H KS TS", "9C 7H", False, {"AC", "8C"}, "trumped: any club, heading or not"),
    ("H", "AC 8C KH KS TS", "9C 7H", False, {"AC", "8C"}, "trumped: follow, not over-trump"),
    ("S", "KD 8D 9S TC 7H", "QD 7S JD", False, {"KD", "8D"}, "trumped then followed"),
    # Void: trump if able, over-trumping if able, else under-trumping.
    ("H", "7H QH KS TS 8D", "9C", False, {"7H", "QH"}, "void in clubs: any trump"),
    ("H", "7H QH KS TS 8D", "9C JH", False, {"QH"}, "over-trump the J with the Q"),
    ("H", "7H 8H KS TS 8D", "9C JH", False, {"7H", "8H"}, "cannot over-trump: under-trump"),
    ("H", "AH 8H KS TS 8D", "9C KH QH", False, {"AH"}, "over-trump the best trump"),
    ("D", "9D KS TS QH 8H", "AC KD", False, {"9D"}, "Foster: even when already trumped"),
    # Void and no trump: anything.
    ("H", "KS TS 8D 7D AS", "9C", False, every("KS TS 8D 7D AS"), "neither: any card"),
    ("H", "KS TS 8D 7D AS", "9C JH", False, every("KS TS 8D 7D AS"), "neither: any card"),
    # A trump led: follow with a trump and head it.
    ("S", "KS 8S AC 9H TD", "QS", False, {"KS"}, "trump led: head with the K"),
    ("S", "9S 8S AC 9H TD", "QS", False, {"9S", "8S"}, "trump led: no higher, any trump"),
    ("S", "AS 8S AC 9H TD", "9S KS", False, {"AS"}, "trump led: head the best trump"),
    ("S", "AC 9H TD KD QC", "QS", False, every("AC 9H TD KD QC"), "trump led, none: any"),
    # The écarté order: the ace between the J and the 10.
    ("H", "AC QC TC 9D 8S", "JC", True, {"QC"}, "écarté: the Q heads the J, the A does not"),
    ("H", "AC TC 9D 8S 7S", "JC", True, {"AC", "TC"}, "écarté: the A is below the J"),
    ("H", "AC TC 9D 8S 7S", "TC", True, {"AC"}, "écarté: the A heads the 10"),
    ("C", "AC KC 9D 8S 7S", "QC", True, {"KC"}, "écarté trumps: K heads the Q, A does not"),
    ("C", "AC KC 9D 8S 7S", "QH JC", True, {"KC"}, "écarté: over-trump the J with the K"),
    ("C", "AC 8C 9D 8S 7S", "QH JC", True, {"AC", "8C"}, "écarté: the ace under-trumps"),
    ("C", "AC KC QC 8S 7S", "JC", False, {"AC", "KC", "QC"}, "piquet: the ace heads"),
]


@pytest.mark.parametrize(("trump", "hand", "trick", "ecarte", "expected", "why"), LEGAL_CASES,
                         ids=[c[5] + " " + c[0] for c in LEGAL_CASES])
def test_legal(trump: str, hand: str, trick: str, ecarte: bool, expected: set[str],
               why: str) -> None:
    assert legal(trump, hand, trick, ecarte) == expected, why
    reading = rams_reading(rams_orders(trump, ecarte))
    assert reading.legal(hand.split(), trick.split(), 0, 0) == expected, why


@pytest.mark.parametrize(("trump", "hand", "trick", "ecarte", "expected", "why"), LEGAL_CASES,
                         ids=[c[5] + " " + c[0] for c in LEGAL_CASES])
def test_why_illegal_agrees_with_legal(trump: str, hand: str, trick: str, ecarte: bool,
                                       expected: set[str], why: str) -> None:
    rules = RAMS.bind(parse_suit(trump), {"ecarte_order": ecarte})
    hand_set = parse_cardset(hand)
    played = tuple(parse_cards(trick))
    for card in iter_cards(hand_set):
        reason = rules.why_illegal(card, hand_set, played, 0)
        if card_name(card) in expected:
            assert reason is None
        else:
            assert reason is not None and card_name(card) in reason
            assert reason == rules.explain(card, hand_set, played)
    outside = parse_card("QH") if not hand_set & bit(parse_card("QH")) else parse_card("QS")
    assert "not in the hand" in str(rules.why_illegal(outside, hand_set, played, 0))


EXPLAIN_CASES: list[tuple[str, str, str, str, list[str]]] = [
    # (trump, hand, trick, illegal card, words the reason must hold)
    ("H", "KC 8C 7C 9H TS", "9C", "TS", ["does not follow suit", "KC 8C 7C"]),
    ("H", "KC 8C 7C 9H TS", "9C", "8C", ["does not head", "KC", "9C"]),
    ("H", "KC 8C 7C 9H TS", "9C", "9H", ["does not follow suit"]),
    ("H", "7H QH KS TS 8D", "9C", "KS", ["not a trump", "void", "QH 7H"]),
    ("H", "7H QH KS TS 8D", "9C JH", "7H", ["does not over-trump", "JH", "QH"]),
    ("S", "KS 8S AC 9H TD", "QS", "8S", ["does not head", "KS", "QS"]),
    ("S", "KS 8S AC 9H TD", "QS", "AC", ["does not follow suit", "a trump"]),
]


@pytest.mark.parametrize(("trump", "hand", "trick", "card", "words"), EXPLAIN_CASES)
def test_the_reason_names_the_duty(trump: str, hand: str, trick: str, card: str,
                                   words: list[str]) -> None:
    rules = RAMS.bind(parse_suit(trump))
    reason = rules.why_illegal(parse_card(card), parse_cardset(hand),
                               tuple(parse_cards(trick)), 0)
    assert reason is not None
    for word in words:
        assert word in reason


def test_foster_must_trump_even_when_already_trumped() -> None:
    # Foster: "Hearts are trumps, and A leads a club. B follows suit, but neither C nor D
    # has a club. Suppose C trumps with the King, and that the only trump D has is the
    # Queen, he must play it on the trick, losing it to C's King."
    pos = Position.create(RAMS, "H", ["9C 7S 8S 9S TS", "JC 7D 8D 9D TD",
                                      "KH AS KS QS JS", "QH AD KD QD JD"])
    pos = pos.play(parse_card("9C"))  # A leads a club
    assert set(names(pos.legal_cards())) == {"JC"}  # B follows suit, heading the 9
    pos = pos.play(parse_card("JC"))
    assert set(names(pos.legal_cards())) == {"KH"}  # C, no club: must trump
    with pytest.raises(IllegalPlayError, match=r"seat 3 cannot play AS.*trump"):
        pos.play(parse_card("AS"))
    pos = pos.play(parse_card("KH"))
    assert set(names(pos.legal_cards())) == {"QH"}  # D must play his only trump
    with pytest.raises(IllegalPlayError, match=r"seat 4 cannot play AD.*not a trump"):
        pos.play(parse_card("AD"))
    pos = pos.play(parse_card("QH"))
    assert pos.won == (0, 0, 1, 0)  # losing it to C's King
    assert pos.leader == 2


def test_a_trick_that_breaks_a_duty_is_no_position() -> None:
    with pytest.raises(PositionError, match=r"7C by seat 2 was not a legal play.*head"):
        Position.create(RAMS, "H", ["7S 8S 9S TS", "JC 7D 8D 9D", "KH AS KS QS JS"],
                        trick="9C 7C")
    with pytest.raises(PositionError, match=r"AS by seat 3 was not a legal play"):
        Position.create(RAMS, "H", ["7S 8S 9S TS", "8D 7D 9D TD", "KS QS JS TC",
                                    "AD KD QD JD QH"], trick="9C JC AS")


# -- who wins a trick -------------------------------------------------------------------


WINNER_CASES: list[tuple[str, str, bool, str, str]] = [
    # (trump, trick, ecarte_order, winning card, why)
    ("H", "9C JC KC", False, "KC", "the best club"),
    ("H", "AC KC", False, "AC", "the ace is best"),
    ("H", "AC KC", True, "KC", "écarté: the K above the A"),
    ("H", "AC TC", True, "AC", "écarté: the A above the 10"),
    ("H", "9C 7H AC", False, "7H", "the worst trump beats the best club"),
    ("H", "9C 7H KH 8H", False, "KH", "the best trump"),
    ("S", "7D AC KH QC", False, "7D", "discards of other suits never win"),
    ("S", "AS KS", False, "AS", "trump led: the ace"),
    ("S", "AS KS", True, "KS", "écarté trumps: the K"),
    ("D", "JD AD", True, "JD", "écarté trumps: the J above the A"),
    ("C", "8H 7C", False, "7C", "the 7 of trumps beats a plain 8"),
]


@pytest.mark.parametrize(("trump", "trick", "ecarte", "expected", "why"), WINNER_CASES,
                         ids=[f"{c[1]} {c[0]} {c[2]}" for c in WINNER_CASES])
def test_winner(trump: str, trick: str, ecarte: bool, expected: str, why: str) -> None:
    cards = parse_cards(trick)
    rules = RAMS.bind(parse_suit(trump), {"ecarte_order": ecarte})
    assert card_name(cards[rules.winner(tuple(cards), 0)]) == expected, why
    assert trick.split()[ref_winner(rams_orders(trump, ecarte), trick.split())] == expected


# -- the game's data: seats, questions, extras -------------------------------------------


def test_seats_in_the_play() -> None:
    # 3 to 6 at the table, with six the dealer takes no cards: 2 to 5 in the play.
    assert (RAMS.min_players, RAMS.max_players) == (2, 5)
    hands = ["7S 8S 9S TS JS", "7H 8H 9H TH JH", "7D 8D 9D TD JD", "7C 8C 9C TC JC",
             "QS KS AS QH KH", "AH QD KD AD QC"]
    for n in range(2, 6):
        assert Position.create(RAMS, "S", hands[:n]).players == n
    for n in (1, 6):
        with pytest.raises(PositionError, match="2 to 5"):
            Position.create(RAMS, "S", hands[:n])


def test_cards_outside_the_pack_are_refused() -> None:
    with pytest.raises(PositionError, match=r"6S.*not in the Rams pack"):
        Position.create(RAMS, "S", ["6S 8S 9S TS JS", "7H 8H 9H TH JH"])


def test_questions_and_extras() -> None:
    assert [(q.name, q.tricks) for q in RAMS.questions(3)] == [("not_ramsed", 1),
                                                                ("general_rams", 5)]
    assert RAMS.extras(2, 3, {}) == {"pool_share": "2/5"}
    assert RAMS.extras(0, 3, {}) == {"pool_share": "0"}
    assert RAMS.extras(5, 3, {}) == {"pool_share": "1"}
    assert "head" in RAMS.following and "over-trump" in RAMS.following


# -- random play-outs -------------------------------------------------------------------

play_settings = settings(max_examples=60, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow])


def hand_names(hand: int) -> list[str]:
    return names(iter_cards(hand))


def check_invariants(pos: Position, reading: Reading) -> None:
    n = pos.players
    done = pos.tricks_done
    union = reduce(lambda a, b: a | b, pos.hands, 0) | sum(bit(c) for c in pos.trick)
    assert count(union) == sum(count(h) for h in pos.hands) + len(pos.trick)
    assert union & ~pos.game.deck == 0
    assert sum(pos.won) == done <= 5
    assert len(pos.trick) < n
    played = [count(h) == 4 - done for h in pos.hands]
    assert sum(played) == len(pos.trick)
    assert all(played[(pos.leader + i) % n] for i in range(len(pos.trick)))
    if pos.is_over:
        assert pos.legal_moves() == 0
        return
    seat = pos.seat_to_play
    hand = pos.hands[seat]
    legal_set = pos.legal_moves()
    assert legal_set and legal_set & ~hand == 0
    expected = reading.legal(hand_names(hand), names(pos.trick), done, n)
    assert set(names(iter_cards(legal_set))) == expected
    again = Position.create(pos.game, pos.trump, list(pos.hands), leader=pos.leader,
                            trick=list(pos.trick), won=list(pos.won), options=pos.options)
    assert again == pos


def play_out(pos: Position, reading: Reading, choose: Callable[[list[Card]], Card]) -> Position:
    """Play random legal cards to the end of the deal, checking every step."""
    check_invariants(pos, reading)
    while not pos.is_over:
        seat = pos.seat_to_play
        hand = pos.hands[seat]
        legal_set = pos.legal_moves()
        illegal = sorted(iter_cards(hand & ~legal_set))
        if illegal:
            with pytest.raises(IllegalPlayError, match=f"seat {seat + 1} cannot play"):
                pos.play(choose(illegal))
        card = choose(sorted(iter_cards(legal_set)))
        after = pos.play(card)
        trick = (*pos.trick, card)
        if len(trick) == pos.players:
            gained = [s for s in range(pos.players) if after.won[s] != pos.won[s]]
            assert len(gained) == 1 and after.won[gained[0]] == pos.won[gained[0]] + 1
            expected = reading.winner(names(trick), pos.tricks_done, pos.players)
            assert gained[0] == pos.seat_of_trick_card(expected)
            assert pos.rules.winner(trick, pos.tricks_done) == expected
            assert after.leader == gained[0] and after.trick == ()
        else:
            assert after.trick == trick and after.won == pos.won
            assert after.trick_winner() == after.seat_of_trick_card(
                reading.winner(names(trick), pos.tricks_done, pos.players))
        pos = after
        check_invariants(pos, reading)
    assert all(h == 0 for h in pos.hands) and sum(pos.won) == 5
    return pos


@st.composite
def rams_deals(draw: st.DrawFn) -> tuple[Position, bool]:
    """A random deal: 2 to 5 seats in the play, any trump, either order."""
    players = draw(st.integers(2, 5))
    trump = draw(st.sampled_from(SUITS))
    ecarte = draw(st.booleans())
    pack = draw(st.permutations(sorted(iter_cards(RAMS.deck))))
    hands = [sum(bit(c) for c in pack[5 * i:5 * i + 5]) for i in range(players)]
    return Position.create(RAMS, trump, hands, options={"ecarte_order": ecarte}), ecarte


@play_settings
@given(rams_deals(), st.data())
def test_random_playouts(deal: tuple[Position, bool], data: st.DataObject) -> None:
    pos, ecarte = deal
    trump = "SHDC"[pos.trump or 0]
    reading = rams_reading(rams_orders(trump, ecarte))
    play_out(pos, reading, lambda cards: data.draw(st.sampled_from(cards)))


# -- the solver -------------------------------------------------------------------------


def test_solver_plugs_in() -> None:
    # Hearts trumps, a trick each, seat 1 to lead. Leading the AC: seat 2 follows with
    # the KC, seat 3 must follow with the QC (he cannot head it), the AC wins; then the
    # 7H is headed by the 8H and by the KH. Leading the 7H: the 8H and KH head it, seat 3
    # leads the QC, and the AC must head it. Either way seats 1 and 3 take one more.
    pos = Position.create(RAMS, "H", ["AC 7H", "KC 8H", "KH QC"], won=[1, 1, 1])
    solver = Solver()
    assert [solver.max_tricks(pos, s) for s in range(3)] == [2, 1, 2]
    verdicts = solver.verdicts(pos)
    assert [v.answer("not_ramsed") for v in verdicts] == [True, True, True]
    assert [v.answer("general_rams") for v in verdicts] == [False, False, False]
    assert verdicts[2].to_dict()["pool_share"] == "2/5"


def test_solver_ramsed() -> None:
    # Clubs trumps, seat 2 to lead, three tricks to play. Seat 3 holds the two worst
    # diamonds, a heart and no trump: a diamond lead is headed by the AD or KD, to a
    # club or spade he can only discard, and never winning he never leads his heart.
    pos = Position.create(RAMS, "C", ["AC AD 7S", "KC KD 8S", "8D 7D 7H"], leader=1,
                          won=[1, 1, 0])
    solver = Solver()
    assert not solver.verdict(pos, 2).answer("not_ramsed")
    assert solver.max_tricks(pos, 2) == 0


def test_solver_must_head_costs_the_trick() -> None:
    # Spades trumps. Seat 1 leads the 9D; seat 2 holds AD and 8D and must head with the
    # ace, so seat 3's KD never wins; if he might duck, the KD would win and lead.
    pos = Position.create(RAMS, "S", ["9D 7C", "AD 8D", "KD 8C"], leader=0, won=[1, 1, 1])
    assert set(names(pos.play(parse_card("9D")).legal_cards())) == {"AD"}
    assert Solver().max_tricks(pos, 2) == 1  # only his earlier trick


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(2, 3), st.booleans())
def test_solver_agrees_with_a_full_minimax(seed: int, players: int, ecarte: bool) -> None:
    rng = random.Random(seed)
    left = {2: 4, 3: 3}[players]
    pack = sorted(iter_cards(RAMS.deck))
    rng.shuffle(pack)
    hands = [pack[left * i:left * i + left] for i in range(players)]
    won = [0] * players
    leader = rng.randrange(players)
    won[leader] = 1
    for _ in range(4 - left):
        won[rng.randrange(players)] += 1
    trump = rng.choice(SUITS)
    pos = Position.create(RAMS, trump, [sum(bit(c) for c in h) for h in hands], leader=leader,
                          won=won, options={"ecarte_order": ecarte})
    reading = rams_reading(rams_orders(trump, ecarte))
    solver = Solver()
    for seat in range(players):
        expected = ref_max_tricks(reading, [names(h) for h in hands], leader, won, seat)
        assert solver.max_tricks(pos, seat) == expected

"""Rounce: the ranking tables, following suit only, the trump lead, play-outs, the solver.

Every expectation is written out by hand from RULINGS.md ("Rounce") and Foster's
text, never computed by the package. The play-outs and the solver comparison
use a plain reading of the rules written again here, over card names.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jink.cards import (
    CardSet,
    bit,
    card_name,
    iter_cards,
    parse_card,
    parse_cards,
    parse_cardset,
    parse_suit,
)
from jink.errors import IllegalPlayError, PositionError, UnknownNameError
from jink.games.base import TRUMP_BASE
from jink.games.rounce import ROUNCE
from jink.position import Position
from jink.solver import Solver

TRUMPS = "SHDC"
RANKS = "AKQJT98765432"  # best first, in every suit, trumps included
EVERY = {"trump_lead_every_trick": True}

play_settings = settings(max_examples=60, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow])


def names(cards: CardSet) -> set[str]:
    return {card_name(c) for c in iter_cards(cards)}


# -- ranking --------------------------------------------------------------------------


@pytest.mark.parametrize("trump", TRUMPS)
def test_ranking_is_ace_high_in_every_suit(trump: str) -> None:
    rules = ROUNCE.bind(parse_suit(trump))
    assert [card_name(c) for c in rules.ranking.trumps] == [r + trump for r in RANKS]
    for suit in TRUMPS:
        order = [card_name(c) for c in rules.order(parse_suit(suit))]
        assert order == [r + suit for r in RANKS]
        if suit == trump:
            assert rules.ranking.plain[parse_suit(suit)] == ()
    assert min(rules.power[c] for c in rules.ranking.trumps) > TRUMP_BASE
    every = list(rules.ranking.trumps) + [c for o in rules.ranking.plain for c in o]
    assert sorted(every) == list(range(52))


def test_game_data() -> None:
    assert (ROUNCE.name, ROUNCE.min_players, ROUNCE.max_players, ROUNCE.tricks) == \
        ("rounce", 2, 9, 5)
    assert [o.name for o in ROUNCE.options] == ["trump_lead_every_trick", "eldest_must_play"]
    assert ROUNCE.options[0].default is False
    assert [(q.name, q.tricks) for q in ROUNCE.questions(4)] == \
        [("takes_a_trick", 1), ("all_five", 5)]
    assert ROUNCE.extras(2, 4, {}) == {"pool_share": "2/5"}
    assert ROUNCE.extras(0, 4, {}) == {"pool_share": "0"}
    assert ROUNCE.extras(5, 4, {}) == {"pool_share": "1"}
    assert not ROUNCE.allows_no_trump and not ROUNCE.uses_turn


# -- legal plays ----------------------------------------------------------------------


def legal(trump: str, hand: str, trick: str, done: int = 0, every: bool = False) -> set[str]:
    rules = ROUNCE.bind(parse_suit(trump), EVERY if every else None)
    return names(rules.legal(parse_cardset(hand), tuple(parse_cards(trick)), done))


def all_of(hand: str) -> set[str]:
    return set(hand.split())


LEGAL_CASES: list[tuple[str, str, str, int, bool, set[str], str]] = [
    # (trump, hand, trick, tricks done, option, legal, why)
    ("S", "2H AH 3S AS 9C", "KH", 0, False, {"2H", "AH"}, "follow suit: either heart"),
    ("S", "2H 3S AS 9C 8C", "KH", 0, False, {"2H"}, "no duty to head: the low heart"),
    ("S", "2H 3S AS 9C 8C", "KH AS", 0, False, {"2H"}, "trumped: still follow suit"),
    ("S", "3S AS 9C 8C 7D", "KH", 0, False, all_of("3S AS 9C 8C 7D"), "void: no duty to trump"),
    ("S", "9C 8C 7D 6D 5D", "KH", 0, False, all_of("9C 8C 7D 6D 5D"), "void: any card"),
    ("D", "2D QD 3S AC 4H", "KD", 0, False, {"2D", "QD"}, "trump led: follow, no heading"),
    ("D", "3S AC 4H 5H 6C", "KD", 0, False, all_of("3S AC 4H 5H 6C"), "trump led, void"),
    ("H", "2H 3S AS 9C 8C", "", 0, False, all_of("2H 3S AS 9C 8C"), "first lead: free"),
    # The first trick's winner leads to the second trick (one trick done).
    ("H", "2H KH AS 8C", "", 1, False, {"2H", "KH"}, "first trick's winner: a trump"),
    ("H", "AS 9C 8C 7D", "", 1, False, all_of("AS 9C 8C 7D"), "no trump: any lead"),
    ("H", "2H AS 8C", "", 2, False, all_of("2H AS 8C"), "third lead: free by default"),
    ("H", "2H AS", "", 3, False, all_of("2H AS"), "fourth lead: free by default"),
    # trump_lead_every_trick: every lead after the first.
    ("H", "2H AS 9C 8C 7D", "", 0, True, all_of("2H AS 9C 8C 7D"), "option: first lead free"),
    ("H", "2H KH AS 8C", "", 1, True, {"2H", "KH"}, "option: second lead a trump"),
    ("H", "2H AS 8C", "", 2, True, {"2H"}, "option: third lead a trump"),
    ("C", "AS 2C", "", 3, True, {"2C"}, "option: fourth lead a trump"),
    ("C", "AS", "", 4, True, {"AS"}, "option: no trump, any card"),
    # The duty is the leader's only: following is unchanged on later tricks.
    ("H", "2S 3H 8C", "KS", 1, True, {"2S"}, "following on trick two: suit only"),
]


@pytest.mark.parametrize(("trump", "hand", "trick", "done", "every", "expected", "why"),
                         LEGAL_CASES, ids=[c[6] for c in LEGAL_CASES])
def test_legal(trump: str, hand: str, trick: str, done: int, every: bool,
               expected: set[str], why: str) -> None:
    assert legal(trump, hand, trick, done, every) == expected, why


@pytest.mark.parametrize(("trump", "hand", "trick", "done", "every", "expected", "why"),
                         LEGAL_CASES, ids=[c[6] for c in LEGAL_CASES])
def test_why_illegal_names_the_duty(trump: str, hand: str, trick: str, done: int,
                                    every: bool, expected: set[str], why: str) -> None:
    rules = ROUNCE.bind(parse_suit(trump), EVERY if every else None)
    cards = parse_cardset(hand)
    for card in iter_cards(cards):
        reason = rules.why_illegal(card, cards, tuple(parse_cards(trick)), done)
        if card_name(card) in expected:
            assert reason is None
        else:
            assert reason is not None and card_name(card) in reason
            assert ("lead a trump" if not trick else "follow suit") in reason


@pytest.mark.parametrize(("trump", "trick", "winner"), [
    ("S", "KH AH 2H", 1),  # best of the suit led
    ("S", "KH AC 2H", 0),  # a discard never wins
    ("S", "KH AH 2S", 2),  # any trump beats the suit led
    ("S", "KH 3S 2S", 1),  # the best trump
    ("D", "2D AH AS", 0),  # a trump lead, nobody follows
])
def test_trick_winner(trump: str, trick: str, winner: int) -> None:
    rules = ROUNCE.bind(parse_suit(trump))
    assert rules.winner(tuple(parse_cards(trick))) == winner


# -- positions --------------------------------------------------------------------------


def test_first_trick_winner_must_lead_a_trump() -> None:
    pos = Position.create(ROUNCE, "C", ["2H 2C 3S 4S 5S", "AH 3C 6S 7S 8S",
                                        "KH 4C 5C 9S TS"])
    for name in ("2H", "AH", "KH"):
        pos = pos.play(parse_card(name))
    assert pos.leader == 1 and pos.won == (0, 1, 0)
    assert {card_name(c) for c in pos.legal_cards()} == {"3C"}
    with pytest.raises(IllegalPlayError, match=r"seat 2 cannot play 6S: .*lead a trump"):
        pos.play(parse_card("6S"))
    pos = pos.play(parse_card("3C"))
    # Following a trump lead is following suit: either club, no duty to head.
    assert {card_name(c) for c in pos.legal_cards()} == {"4C", "5C"}
    pos = pos.play(parse_card("4C")).play(parse_card("2C"))
    assert pos.leader == 2 and pos.won == (0, 1, 1)
    # The third lead is free by default ...
    assert {card_name(c) for c in pos.legal_cards()} == {"5C", "9S", "TS"}
    # ... and a trump under the option.
    again = Position.create(ROUNCE, "C", list(pos.hands), leader=2, won=[0, 1, 1],
                            options=EVERY)
    assert {card_name(c) for c in again.legal_cards()} == {"5C"}
    with pytest.raises(IllegalPlayError, match="winner of the last trick must lead a trump"):
        again.play(parse_card("9S"))


@pytest.mark.parametrize("players", [2, 3, 9])
def test_seats_in_the_play(players: int) -> None:
    deck = list(range(52))
    hands = [sum(bit(c) for c in deck[5 * i:5 * i + 5]) for i in range(players)]
    assert Position.create(ROUNCE, "H", hands).players == players


@pytest.mark.parametrize("players", [1, 10])
def test_seats_out_of_range(players: int) -> None:
    hands = [sum(bit(c) for c in range(5 * i, 5 * i + 5)) for i in range(players)]
    with pytest.raises(PositionError, match="rounce takes 2 to 9 players"):
        Position.create(ROUNCE, "H", hands)


def test_needs_a_trump_and_no_turn() -> None:
    hands = ["AH 2C 3S 4S 5S", "KH 3C 6S 7S 8S"]
    with pytest.raises(PositionError, match="needs a trump"):
        Position.create(ROUNCE, None, hands)
    with pytest.raises(PositionError, match="Loo"):
        Position.create(ROUNCE, "H", hands, turn="2D")
    with pytest.raises(UnknownNameError):
        Position.create(ROUNCE, "H", hands, options={"trump_lead": True})


# -- an independent reading of the rules, over card names --------------------------------


def ref_legal(trump: str, hand: list[str], trick: list[str], done: int, every: bool
              ) -> set[str]:
    if not trick:
        duty = done == 1 or (every and done >= 1)
        trumps = {c for c in hand if c[1] == trump}
        return trumps if duty and trumps else set(hand)
    same = {c for c in hand if c[1] == trick[0][1]}
    return same or set(hand)


def ref_winner(trump: str, trick: list[str]) -> int:
    trumps = [c for c in trick if c[1] == trump]
    pool = trumps or [c for c in trick if c[1] == trick[0][1]]
    return trick.index(min(pool, key=lambda c: RANKS.index(c[0])))


@st.composite
def deals(draw: st.DrawFn) -> Position:
    players = draw(st.integers(2, 9))
    trump = draw(st.sampled_from(TRUMPS))
    deck = draw(st.permutations(range(52)))
    hands = [sum(bit(c) for c in deck[5 * i:5 * i + 5]) for i in range(players)]
    return Position.create(ROUNCE, trump, hands, options={"trump_lead_every_trick":
                                                          draw(st.booleans())})


@play_settings
@given(deals(), st.data())
def test_random_playouts(pos: Position, data: st.DataObject) -> None:
    trump = TRUMPS[pos.trump or 0]
    every = bool(pos.options["trump_lead_every_trick"])
    while not pos.is_over:
        seat = pos.seat_to_play
        hand = [card_name(c) for c in iter_cards(pos.hands[seat])]
        trick = [card_name(c) for c in pos.trick]
        legal_set = names(pos.legal_moves())
        assert legal_set == ref_legal(trump, hand, trick, pos.tricks_done, every)
        for name in set(hand) - legal_set:
            with pytest.raises(IllegalPlayError, match=f"seat {seat + 1} cannot play {name}"):
                pos.play(parse_card(name))
        card = data.draw(st.sampled_from(sorted(legal_set)))
        after = pos.play(parse_card(card))
        if len(trick) + 1 == pos.players:
            winner = pos.seat_of_trick_card(ref_winner(trump, [*trick, card]))
            assert after.leader == winner
            assert after.won[winner] == pos.won[winner] + 1
            assert sum(after.won) == pos.tricks_done + 1
            assert after.trump == pos.trump
        assert after.hands[seat] == pos.hands[seat] & ~bit(parse_card(card))
        pos = after
    assert sum(pos.won) == 5 and not any(pos.hands)


# -- the solver against a plain minimax ---------------------------------------------------


@cache
def ref_max_tricks(trump: str, hands: tuple[frozenset[str], ...], leader: int,
                   trick: tuple[str, ...], won: tuple[int, ...], every: bool, seat: int) -> int:
    """The most tricks ``seat`` can be sure to end with: a full minimax, no pruning."""
    n = len(hands)
    if not any(hands):
        return won[seat]
    to_play = (leader + len(trick)) % n
    results = []
    for card in sorted(ref_legal(trump, sorted(hands[to_play]), list(trick), sum(won), every)):
        new_hands = tuple(h - {card} if s == to_play else h for s, h in enumerate(hands))
        new_trick = (*trick, card)
        if len(new_trick) < n:
            results.append(ref_max_tricks(trump, new_hands, leader, new_trick, won, every, seat))
            continue
        winner = (leader + ref_winner(trump, list(new_trick))) % n
        new_won = tuple(w + (s == winner) for s, w in enumerate(won))
        results.append(ref_max_tricks(trump, new_hands, winner, (), new_won, every, seat))
    return max(results) if to_play == seat else min(results)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.sampled_from(TRUMPS), st.booleans(), st.randoms())
def test_solver_agrees_with_minimax(players: int, trump: str, every: bool,
                                    rng: random.Random) -> None:
    left = {2: 5, 3: 4, 4: 3}[players]
    # A small pack, so that suits run short and the trump lead matters.
    deck = [parse_card(r + s) for s in TRUMPS for r in RANKS[:6]]
    rng.shuffle(deck)
    hands = [deck[i * left:(i + 1) * left] for i in range(players)]
    won = [0] * players
    for _ in range(5 - left):
        won[rng.randrange(players)] += 1
    # After the first trick, the last trick's winner (a seat with a trick) leads.
    leader = rng.choice([s for s in range(players) if won[s]]) if left < 5 else 0
    pos = Position.create(ROUNCE, trump, [sum(bit(c) for c in h) for h in hands],
                          leader=leader, won=won, options={"trump_lead_every_trick": every})
    for seat in range(players):
        expected = ref_max_tricks(trump, tuple(frozenset(card_name(c) for c in h)
                                               for h in hands),
                                  leader, (), tuple(won), every, seat)
        assert Solver().max_tricks(pos, seat) == expected


def test_solver_smoke_the_trump_lead_decides() -> None:
    # Spades trumps. Whatever seat 1 leads, it wins one trick only: after the AH
    # (or any heart) it must lead its 2S into the KS, and seat 2 runs its clubs;
    # lead the 2S at once and seat 2, leading a club, does the same. Were the
    # second lead free, AH then KH would make seat 2 trump with the KS, and
    # seat 1's 2S would take the last club: two tricks.
    hands = ["AH KH QH JH 2S", "3H KS 3C 4C 5C"]
    pos = Position.create(ROUNCE, "S", hands)
    verdicts = Solver().verdicts(pos)
    assert [v.to_dict() for v in verdicts] == [
        {"seat": 1, "max_tricks": 1, "takes_a_trick": True, "all_five": False,
         "pool_share": "1/5"},
        {"seat": 2, "max_tricks": 4, "takes_a_trick": True, "all_five": False,
         "pool_share": "4/5"},
    ]
    assert ref_max_tricks("S", tuple(frozenset(h.split()) for h in hands), 0, (), (0, 0),
                          False, 0) == 1

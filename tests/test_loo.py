"""Three-card Loo: ranking, heading and trumping, the trump lead, the simple pool's turn.

Every expectation is written out by hand from RULINGS.md ("Three-card Loo") and
Foster's text, never computed by the package. The play-outs and the solver
comparison use a plain reading of the rules written again here, over card names.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jink.cards import (
    CLUBS,
    CardSet,
    bit,
    card_name,
    iter_cards,
    parse_card,
    parse_cards,
    parse_cardset,
    parse_suit,
)
from jink.errors import IllegalPlayError, PositionError
from jink.games.base import TRUMP_BASE
from jink.games.loo import LOO
from jink.position import Position
from jink.solver import Solver

TRUMPS = "SHDC"
RANKS = "AKQJT98765432"  # best first, in every suit, trumps included

play_settings = settings(max_examples=60, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow])


def names(cards: CardSet) -> set[str]:
    return {card_name(c) for c in iter_cards(cards)}


def all_of(hand: str) -> set[str]:
    return set(hand.split())


# -- ranking and data -------------------------------------------------------------------


@pytest.mark.parametrize("trump", [*TRUMPS, None])
def test_ranking_is_ace_high_in_every_suit(trump: str | None) -> None:
    rules = LOO.bind(parse_suit(trump) if trump else None)
    if trump is None:
        assert rules.ranking.trumps == () and rules.trump_mask == 0
    else:
        assert [card_name(c) for c in rules.ranking.trumps] == [r + trump for r in RANKS]
        assert min(rules.power[c] for c in rules.ranking.trumps) > TRUMP_BASE
    for suit in TRUMPS:
        order = [card_name(c) for c in rules.order(parse_suit(suit))]
        assert order == [r + suit for r in RANKS]
        if suit == trump:
            assert rules.ranking.plain[parse_suit(suit)] == ()
    every = list(rules.ranking.trumps) + [c for o in rules.ranking.plain for c in o]
    assert sorted(every) == list(range(52))


def test_game_data() -> None:
    assert (LOO.name, LOO.title, LOO.min_players, LOO.max_players) == \
        ("loo", "Three-card Loo", 2, 17)
    assert (LOO.hand_size, LOO.tricks, LOO.options) == (3, 3, ())
    assert LOO.allows_no_trump and LOO.uses_turn
    assert [(q.name, q.tricks) for q in LOO.questions(5)] == \
        [("not_looed", 1), ("all_three", 3)]
    assert [LOO.extras(k, 5, {}) for k in range(4)] == [
        {"pool_share": "0"}, {"pool_share": "1/3"}, {"pool_share": "2/3"},
        {"pool_share": "1"}]


# -- legal plays ----------------------------------------------------------------------


def legal(trump: str, hand: str, trick: str, done: int = 0) -> set[str]:
    """Legal cards; trump "-" is a simple pool before trumps come in."""
    rules = LOO.bind(None if trump == "-" else parse_suit(trump))
    return names(rules.legal(parse_cardset(hand), tuple(parse_cards(trick)), done))


LEGAL_CASES: list[tuple[str, str, str, int, set[str], str]] = [
    # (trump, hand, trick, tricks done, legal, why)
    # Follow suit and head the trick if able.
    ("S", "QH 9H 2H", "TH", 0, {"QH"}, "head: the one heart above the ten"),
    ("S", "QH KH 2H", "TH", 0, {"QH", "KH"}, "head with either higher heart"),
    ("S", "9H 2H 3S", "TH", 0, {"9H", "2H"}, "cannot head: any heart, no trump"),
    ("S", "AH QH 2H", "TH KH", 0, {"AH"}, "head the best card so far, not the lead"),
    ("S", "QH 2H 3C", "TH KH", 0, {"QH", "2H"}, "cannot head the king: any heart"),
    ("D", "AH 2H 3S", "TH 4S", 0, {"AH"}, "a discard does not stop heading"),
    # A trumped trick cannot be headed by following suit: any card of the suit.
    ("S", "QH 9H 2S", "TH 3S", 0, {"QH", "9H"}, "trumped: any heart, not a trump"),
    ("S", "AH 2H 2S", "TH 3S", 0, {"AH", "2H"}, "trumped: the ace need not be played"),
    # Void in the suit led: trump, over-trump if able, else under-trump.
    ("S", "2S AS 3C", "TH", 0, {"2S", "AS"}, "void: must trump, any trump"),
    ("S", "2S AS 3C", "TH 9S", 0, {"AS"}, "void: must over-trump"),
    ("S", "2S 3S 3C", "TH 9S", 0, {"2S", "3S"}, "void, cannot over-trump: under-trump"),
    ("S", "JS KS 3C", "TH 9S QS", 0, {"KS"}, "over-trump the best trump, not the first"),
    ("S", "TS 2S 3C", "TH 9S QS", 0, {"TS", "2S"}, "under the queen: either trump"),
    ("S", "3C 4D 5D", "TH 9S", 0, all_of("3C 4D 5D"), "neither suit nor trump: any"),
    # Trumps led: follow and head in trumps.
    ("S", "QS 2S 4H", "TS", 0, {"QS"}, "trump led: head with a trump"),
    ("S", "9S 2S 4H", "TS", 0, {"9S", "2S"}, "trump led, cannot head: any trump"),
    ("S", "4H 5D 6C", "TS", 0, all_of("4H 5D 6C"), "trump led, void: any"),
    # Leads: the first is free; once trumps are known, the winner leads a trump.
    ("S", "QH 2S 3D", "", 0, all_of("QH 2S 3D"), "first lead free, trumps known"),
    ("S", "QH 2S", "", 1, {"2S"}, "trick winner must lead a trump"),
    ("S", "QH 3D", "", 1, {"QH", "3D"}, "trick winner without a trump: any"),
    ("C", "2C", "", 2, {"2C"}, "third lead a trump"),
    ("C", "2H", "", 2, {"2H"}, "third lead, no trump"),
    # A simple pool before trumps come in: follow and head, else any card.
    ("-", "QH 9H 2H", "TH", 0, {"QH"}, "no trumps yet: head"),
    ("-", "9H 2H 3C", "TH", 0, {"9H", "2H"}, "no trumps yet: cannot head"),
    ("-", "2S AS 3C", "TH", 0, all_of("2S AS 3C"), "no trumps yet: void, any card"),
    ("-", "QH 9H 2S", "TH 3S", 0, {"QH"}, "no trumps yet: a discard is no trump"),
    ("-", "QH 2S", "", 1, {"QH", "2S"}, "no trumps yet: the lead is free"),
]


@pytest.mark.parametrize(("trump", "hand", "trick", "done", "expected", "why"),
                         LEGAL_CASES, ids=[c[5] for c in LEGAL_CASES])
def test_legal(trump: str, hand: str, trick: str, done: int, expected: set[str],
               why: str) -> None:
    assert legal(trump, hand, trick, done) == expected, why


def duty_of(trump: str, hand: str, trick: str, card: str) -> str:
    """The words the reason for an illegal card must contain, by the plain rules."""
    if not trick:
        return "lead a trump"
    led = trick.split()[0][1]
    if any(c[1] == led for c in hand.split()):
        return "follow suit" if card[1] != led else "head the trick"
    return "over-trump" if card[1] == trump else "must trump"


@pytest.mark.parametrize(("trump", "hand", "trick", "done", "expected", "why"),
                         LEGAL_CASES, ids=[c[5] for c in LEGAL_CASES])
def test_why_illegal_names_the_duty(trump: str, hand: str, trick: str, done: int,
                                    expected: set[str], why: str) -> None:
    rules = LOO.bind(None if trump == "-" else parse_suit(trump))
    cards = parse_cardset(hand)
    for card in iter_cards(cards):
        reason = rules.why_illegal(card, cards, tuple(parse_cards(trick)), done)
        name = card_name(card)
        if name in expected:
            assert reason is None
        else:
            assert reason is not None and name in reason
            assert duty_of(trump, hand, trick, name) in reason


def test_simple_pool_follows_as_before_trumps_whatever_the_turn() -> None:
    loose = LOO.bind(None)
    for turn in ("2C", "7H"):
        bound = LOO.bind(None, players=3, turn=parse_card(turn))
        for trump, hand, trick, done, _, _ in LEGAL_CASES:
            if trump == "-":
                args = (parse_cardset(hand), tuple(parse_cards(trick)), done)
                assert bound.legal(*args) == loose.legal(*args)


# -- who wins a trick -------------------------------------------------------------------


@pytest.mark.parametrize(("trump", "trick", "winner"), [
    ("S", "TH KH 2H", 1),  # best of the suit led
    ("S", "TH AC 2H", 0),  # a discard never wins
    ("S", "TH KH 2S", 2),  # a trump beats the suit led
    ("S", "TH 3S 2S", 1),  # the best trump
])
def test_trick_winner_trumps_known(trump: str, trick: str, winner: int) -> None:
    assert LOO.bind(parse_suit(trump)).winner(tuple(parse_cards(trick))) == winner


@pytest.mark.parametrize(("trick", "winner"), [
    ("KH AH 3C", 2),  # the void seat's club: clubs come in and win at once
    ("KH AH QD", 1),  # a void, but no club: the best heart
    ("KH 3C 9C AH", 2),  # two clubs: the better one
    ("KH 3C AH", 1),  # the club beats the ace of the suit led
    ("3C 4C 2D", 1),  # clubs led, a void: clubs are trumps, the best club
    ("3D 4H 2D", 0),  # a heart discard: no club, the best diamond
    ("KH QH AH", 2),  # everybody follows: no trumps, the best heart
    ("2H 3H 4C", 2),  # the lowest club beats the hearts
])
def test_trick_winner_simple_pool(trick: str, winner: int) -> None:
    cards = tuple(parse_cards(trick))
    rules = LOO.bind(None, players=len(cards), turn=parse_card("2C"))
    assert rules.winner(cards) == winner
    came_in = any(c[1] != trick[1] for c in trick.split())
    assert rules.after_trick(cards, 0).trump == (CLUBS if came_in else None)
    assert rules.after_trick(cards, 0) is LOO.bind(
        CLUBS if came_in else None, players=len(cards), turn=parse_card("2C"))


# -- the simple pool, played --------------------------------------------------------------

SIMPLE = ["KH 2S 3D", "AH 4S 5D", "3C 5C QD"]


def simple(turn: str = "2C", hands: list[str] = SIMPLE) -> Position:
    return Position.create(LOO, None, hands, turn=turn)


def play(pos: Position, cards: str) -> Position:
    for name in cards.split():
        pos = pos.play(parse_card(name))
    return pos


def test_trumps_come_in_at_once_and_must_be_led() -> None:
    pos = play(simple(), "KH AH")
    # Void in hearts, seat 3 may play anything: trumps are not known yet.
    assert {card_name(c) for c in pos.legal_cards()} == {"3C", "5C", "QD"}
    pos = play(pos, "3C")
    assert pos.trump == CLUBS and pos.turn == parse_card("2C")
    assert pos.won == (0, 0, 1) and pos.leader == 2
    # The winner must lead a trump: the 5C.
    assert {card_name(c) for c in pos.legal_cards()} == {"5C"}
    with pytest.raises(IllegalPlayError, match=r"seat 3 cannot play QD: .*lead a trump"):
        pos.play(parse_card("QD"))
    pos = play(pos, "5C")
    # Void in clubs, seat 1 must trump if able: it has no club, so any card.
    assert {card_name(c) for c in pos.legal_cards()} == {"2S", "3D"}


def test_a_void_without_a_turn_suit_card_still_brings_trumps_in() -> None:
    pos = play(simple("2C", ["KH 2S 3D", "AH 4S 5D", "3C QS QD"]), "KH AH QD")
    assert pos.trump == CLUBS and pos.won == (0, 1, 0) and pos.leader == 1
    # Seat 2 has no club: any lead. Seat 3, void in diamonds, must now trump.
    assert {card_name(c) for c in pos.legal_cards()} == {"4S", "5D"}
    pos = play(pos, "5D")
    assert {card_name(c) for c in pos.legal_cards()} == {"3C"}
    with pytest.raises(IllegalPlayError, match=r"seat 3 cannot play QS: .*must trump"):
        pos.play(parse_card("QS"))
    pos = play(pos, "3C 3D")
    assert pos.won == (0, 1, 1) and pos.leader == 2


def test_tricks_followed_by_everybody_keep_the_pool_simple() -> None:
    hands = ["KH 2S 3D", "AH 4S 5D", "3C QS QD"]
    pos = play(simple("2C", hands), "2S 4S")
    assert {card_name(c) for c in pos.legal_cards()} == {"QS"}  # head the four
    pos = play(pos, "QS")
    assert pos.trump is None and pos.leader == 2
    assert {card_name(c) for c in pos.legal_cards()} == {"3C", "QD"}  # a free lead
    pos = play(pos, "QD 3D 5D")
    assert pos.trump is None and pos.won == (0, 0, 2)
    pos = play(pos, "3C KH AH")
    assert pos.trump == CLUBS and pos.won == (0, 0, 3) and pos.is_over


def test_position_errors() -> None:
    # With no turn the card is unknown: the position stands, but only the
    # expected mode solves it (tests/test_expected.py).
    assert Position.create(LOO, None, SIMPLE).turn is None
    with pytest.raises(PositionError, match="no trump before its first trick"):
        Position.create(LOO, "H", SIMPLE, turn="2C")
    with pytest.raises(PositionError, match="3C is in the hand of seat 3 and in turn"):
        Position.create(LOO, None, SIMPLE, turn="3C")
    # After trumps came in (a trick later), the position holds both, of one suit.
    later = Position.create(LOO, "C", ["2S 3D", "4S 5D", "5C QD"], leader=2, won=[0, 0, 1],
                            turn="2C")
    assert later.trump == CLUBS and {card_name(c) for c in later.legal_cards()} == {"5C"}
    # A lone hand's rules (no seats, no turn) follow, but cannot bring trumps in.
    rules = LOO.bind(None)
    assert names(rules.legal(parse_cardset("2S AS 3C"), (parse_card("TH"),), 0)) == \
        {"2S", "AS", "3C"}
    with pytest.raises(PositionError, match="turn"):
        rules.winner(tuple(parse_cards("TH 2S")))


@pytest.mark.parametrize("players", [2, 3, 8, 16, 17])
def test_seats_in_the_play(players: int) -> None:
    """A simple pool: every seat at the table plays, 3 to 17 (17 hands and the
    card to be turned fill the pack). A double pool: 2 (a lone stander and
    the dealer, RULINGS Loo 6) to 16 (16 hands, the widow and the turn-up)."""
    hands = [sum(bit(c) for c in range(3 * i, 3 * i + 3)) for i in range(players)]
    if players >= 3:
        assert Position.create(LOO, None, hands, turn=51).players == players
    else:
        with pytest.raises(PositionError, match=r"a Three-card Loo simple pool takes at least "
                                                r"3 players .* not 2"):
            Position.create(LOO, None, hands, turn=51)
    if players <= 16:
        assert Position.create(LOO, "D", hands).players == players
    else:
        with pytest.raises(PositionError, match=r"a Three-card Loo double pool takes at most "
                                                r"16 players .* not 17"):
            Position.create(LOO, "D", hands)


def test_a_simple_pool_after_trumps_came_in_may_have_17_seats() -> None:
    # Simple once the card to be turned is named, even with trumps in.
    hands = [sum(bit(c) for c in range(3 * i, 3 * i + 2)) for i in range(17)]
    position = Position.create(LOO, "C", hands, turn=51, won=[1] + [0] * 16)
    assert position.players == 17


@pytest.mark.parametrize("players", [1, 18])
def test_seats_out_of_range(players: int) -> None:
    hands = [sum(bit(c) for c in range(3 * i, 3 * i + 3)) for i in range(min(players, 17))]
    hands += [0] * (players - len(hands))
    with pytest.raises(PositionError, match="loo takes 2 to 17 players"):
        Position.create(LOO, "D" if players == 1 else None, hands, turn=None if players == 1
                        else 51)


# -- an independent reading of the rules, over card names --------------------------------


def rank(card: str) -> int:
    return RANKS.index(card[0])  # 0 is the best


def ref_legal(trump: str | None, hand: list[str], trick: list[str], done: int) -> set[str]:
    if not trick:
        trumps = {c for c in hand if c[1] == trump}
        return trumps if trump is not None and done > 0 and trumps else set(hand)
    led = trick[0][1]
    same = [c for c in hand if c[1] == led]
    played_trumps = [c for c in trick if c[1] == trump]
    if same:
        if trump is not None and led != trump and played_trumps:
            return set(same)
        best = min(rank(c) for c in trick if c[1] == led)
        return {c for c in same if rank(c) < best} or set(same)
    mine = [c for c in hand if c[1] == trump]
    if not mine:
        return set(hand)
    if played_trumps:
        best = min(rank(c) for c in played_trumps)
        return {c for c in mine if rank(c) < best} or set(mine)
    return set(mine)


def ref_trick(trump: str | None, turn: str | None, trick: list[str]) -> tuple[int, str | None]:
    """The index of the winning card, and the trump suit after the trick."""
    if trump is None and any(c[1] != trick[0][1] for c in trick):
        assert turn is not None
        trump = turn[1]
    pool = [c for c in trick if c[1] == trump] or [c for c in trick if c[1] == trick[0][1]]
    return trick.index(min(pool, key=rank)), trump


@st.composite
def deals(draw: st.DrawFn) -> Position:
    """A simple pool (no trump, a card to be turned) or a double pool (a trump)."""
    simple_pool = draw(st.booleans())
    # A simple pool has 3 to 17 seats, a double pool 2 to 16.
    players = draw(st.integers(3, 17) if simple_pool else st.integers(2, 16))
    deck = draw(st.permutations(range(52)))
    hands = [sum(bit(c) for c in deck[3 * i:3 * i + 3]) for i in range(players)]
    turned = deck[3 * players]
    if simple_pool:
        return Position.create(LOO, None, hands, turn=turned)
    return Position.create(LOO, None, hands, turnup=turned)


@play_settings
@given(deals(), st.data())
def test_random_playouts(pos: Position, data: st.DataObject) -> None:
    turn = card_name(pos.turn) if pos.turn is not None else None
    while not pos.is_over:
        trump = TRUMPS[pos.trump] if pos.trump is not None else None
        seat = pos.seat_to_play
        hand = [card_name(c) for c in iter_cards(pos.hands[seat])]
        trick = [card_name(c) for c in pos.trick]
        legal_set = names(pos.legal_moves())
        assert legal_set == ref_legal(trump, hand, trick, pos.tricks_done)
        for name in set(hand) - legal_set:
            with pytest.raises(IllegalPlayError, match=f"seat {seat + 1} cannot play {name}"):
                pos.play(parse_card(name))
        card = data.draw(st.sampled_from(sorted(legal_set)))
        after = pos.play(parse_card(card))
        if len(trick) + 1 == pos.players:
            index, trump_after = ref_trick(trump, turn, [*trick, card])
            winner = pos.seat_of_trick_card(index)
            assert after.leader == winner
            assert after.won[winner] == pos.won[winner] + 1
            assert sum(after.won) == pos.tricks_done + 1
            assert after.trump == (parse_suit(trump_after) if trump_after else None)
        else:
            assert after.trump == pos.trump
        assert after.hands[seat] == pos.hands[seat] & ~bit(parse_card(card))
        # The position after the card is one a user could give (it validates).
        again = Position.create(LOO, after.trump, list(after.hands), leader=after.leader,
                                trick=list(after.trick), won=list(after.won),
                                turn=after.turn, turnup=after.turnup)
        assert again == after
        pos = after
    assert sum(pos.won) == 3 and not any(pos.hands)


# -- the solver against a plain minimax ---------------------------------------------------


@cache
def ref_max_tricks(trump: str | None, turn: str | None, hands: tuple[frozenset[str], ...],
                   leader: int, trick: tuple[str, ...], won: tuple[int, ...], seat: int) -> int:
    """The most tricks ``seat`` can be sure to end with: a full minimax, no pruning."""
    n = len(hands)
    if not any(hands):
        return won[seat]
    to_play = (leader + len(trick)) % n
    results = []
    for card in sorted(ref_legal(trump, sorted(hands[to_play]), list(trick), sum(won))):
        new_hands = tuple(h - {card} if s == to_play else h for s, h in enumerate(hands))
        new_trick = (*trick, card)
        if len(new_trick) < n:
            results.append(ref_max_tricks(trump, turn, new_hands, leader, new_trick, won, seat))
            continue
        index, new_trump = ref_trick(trump, turn, list(new_trick))
        winner = (leader + index) % n
        new_won = tuple(w + (s == winner) for s, w in enumerate(won))
        results.append(ref_max_tricks(new_trump, turn, new_hands, winner, (), new_won, seat))
    return max(results) if to_play == seat else min(results)


def ref_of(pos: Position, seat: int) -> int:
    return ref_max_tricks(TRUMPS[pos.trump] if pos.trump is not None else None,
                          card_name(pos.turn) if pos.turn is not None else None,
                          tuple(frozenset(card_name(c) for c in iter_cards(h))
                                for h in pos.hands),
                          pos.leader, tuple(card_name(c) for c in pos.trick), pos.won, seat)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.booleans(), st.randoms(), st.integers(0, 3))
def test_solver_agrees_with_minimax(players: int, simple_pool: bool, rng: random.Random,
                                    steps: int) -> None:
    # A small pack, so that seats are often void and trumps come in.
    if simple_pool:
        players = max(players, 3)  # every seat at the table plays a simple pool
    deck = [parse_card(r + s) for s in TRUMPS for r in RANKS[:5]]
    rng.shuffle(deck)
    hands = [sum(bit(c) for c in deck[3 * i:3 * i + 3]) for i in range(players)]
    turned = deck[3 * players]
    pos = (Position.create(LOO, None, hands, turn=turned) if simple_pool
           else Position.create(LOO, None, hands, turnup=turned))
    for _ in range(steps):  # sometimes part-way through the first trick
        pos = pos.play(rng.choice(sorted(iter_cards(pos.legal_moves()))))
    for seat in range(players):
        assert Solver().max_tricks(pos, seat) == ref_of(pos, seat)


@pytest.mark.parametrize(("turn", "most"), [
    # Clubs: seat 3's 3C ruffs the hearts (KH AH 3C) or wins its own lead when
    # both others are void, and the spade and diamond queens are good: all three.
    ("2C", [0, 0, 3]),
    # Spades: seats 1 and 2 hold spades and, void in clubs, must trump the 3C.
    ("6S", [0, 0, 2]),
    # Hearts: whoever is void when the AH is played, it takes a trick for seat 2.
    ("6H", [0, 1, 2]),
])
def test_solver_smoke_the_turn_decides(turn: str, most: list[int]) -> None:
    pos = simple(turn, ["KH 2S 3D", "AH 4S 5D", "3C QS QD"])
    verdicts = Solver().verdicts(pos)
    assert [v.max_tricks for v in verdicts] == most
    assert most == [ref_of(pos, seat) for seat in range(3)]
    assert [v.answer("not_looed") for v in verdicts] == [m >= 1 for m in most]
    assert [v.answer("all_three") for v in verdicts] == [m == 3 for m in most]


def test_solver_smoke_double_pool() -> None:
    # Spades trumps, known from the start. Seat 1 leads the AS, then must lead
    # its KS: seat 2, void, cannot beat either, and the AH wins the last trick.
    pos = Position.create(LOO, "S", ["AS KS AH", "2D 3D 4D"])
    assert Solver().max_tricks(pos, 0) == 3
    assert Solver().verdict(pos, 1).to_dict() == {
        "seat": 2, "max_tricks": 0, "not_looed": False, "all_three": False,
        "pool_share": "0"}


def test_one_solver_for_several_turn_cards() -> None:
    solver = Solver()
    hands = ["KH 2S 3D", "AH 4S 5D", "3C QS QD"]
    assert solver.max_tricks(simple("2C", hands), 2) == 3
    assert solver.max_tricks(simple("6S", hands), 2) == 2


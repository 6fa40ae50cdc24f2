"""A slow, plain, independent reference solver for Spoil Five.

This module is used to check the fast engine in :mod:`jink`. On purpose it shares
nothing with the package except the card parser and namer: the rules are
written out again here, from the spec (``RULINGS.md``, "Spoil Five" and "The
solver's questions"), as literally as possible. Cards are compared through
their names ("5D", "TH", "AS"; T is the ten) looked up in ranking lists typed
in from the rulings' tables. There is no pruning, no move ordering and no
bit trick: every question is a full minimax over every legal card, memoised
with :func:`functools.cache`.

Seats are 0-based here: seat 0 plays first in a trick that seat 0 leads,
then seat 1, and so on round the table.

>>> pos = ref_position("D", ["8D 2S", "5D 3S", "JD KC"])
>>> ref_max_tricks(pos, 2)
1
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from jink.cards import card_name, parse_card

TRUMP_SUITS = ("S", "H", "D", "C")
GOAL_NAMES = ("three", "jink", "spoil")
TRICKS_PER_DEAL = 5
MIN_SEATS = 2
MAX_SEATS = 10


def _order(text: str) -> list[str]:
    """A ranking list from card names separated by spaces."""
    return text.split()


# Best card first. "T" is the ten (card_name writes it so).
# The trump suit: the A of hearts is always a trump, the third best.
TRUMP_ORDER: dict[str, list[str]] = {
    "H": _order("5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H"),
    "D": _order("5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D"),
    "C": _order("5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C TC"),
    "S": _order("5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S TS"),
}

# A suit that is not trumps. The A of hearts is never a heart.
PLAIN_ORDER: dict[str, list[str]] = {
    "H": _order("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
    "D": _order("KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD"),
    "C": _order("KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C TC"),
    "S": _order("KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S TS"),
}


def privileged_cards(trump: str) -> list[str]:
    """The cards that may renege: the 5 and J of trumps and the A of hearts."""
    return ["5" + trump, "J" + trump, "AH"]


@dataclass(frozen=True)
class RefPosition:
    """A Spoil Five position part-way through a deal.

    ``hands[s]`` is what seat ``s`` still holds, ``trick`` the cards played so
    far to the current trick (``trick[0]`` by ``leader``, ``trick[1]`` by the
    seat after, ...), ``won[s]`` the tricks seat ``s`` has taken.
    """

    trump: str
    hands: tuple[frozenset[int], ...]
    leader: int
    trick: tuple[int, ...]
    won: tuple[int, ...]


# ---------------------------------------------------------------- building


def _check_position(pos: RefPosition) -> None:
    """Raise ValueError unless ``pos`` could arise in a real deal."""
    n = len(pos.hands)
    if pos.trump not in TRUMP_SUITS:
        raise ValueError(f"trump must be one of S H D C, not {pos.trump!r}")
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise ValueError(f"{n} seats: Spoil Five is for 2 to 10 players")
    if len(pos.won) != n:
        raise ValueError("won must give one count per seat")
    if any(w < 0 for w in pos.won):
        raise ValueError("tricks won cannot be negative")
    if not 0 <= pos.leader < n:
        raise ValueError(f"leader {pos.leader} is not a seat")
    if len(pos.trick) >= n:
        raise ValueError("a trick in progress holds fewer cards than there are seats")
    every_card: list[int] = list(pos.trick)
    for hand in pos.hands:
        every_card.extend(hand)
    if len(every_card) != len(set(every_card)):
        raise ValueError("a card is given twice")
    if any(not 0 <= c < 52 for c in every_card):
        raise ValueError("cards are ints 0..51")
    # Seats that already played to the current trick hold one card fewer.
    played_already = [(pos.leader + i) % n for i in range(len(pos.trick))]
    leader_size = len(pos.hands[pos.leader])
    for seat in range(n):
        yet_to_play = bool(pos.trick) and seat not in played_already
        expected = leader_size + 1 if yet_to_play else leader_size
        if len(pos.hands[seat]) != expected:
            raise ValueError(f"seat {seat} holds {len(pos.hands[seat])} cards, expected {expected}")
    tricks_left = leader_size + (1 if pos.trick else 0)
    if tricks_left > TRICKS_PER_DEAL or sum(pos.won) + tricks_left > TRICKS_PER_DEAL:
        raise ValueError("more than five tricks in the deal")


def _parse_list(text: str) -> list[int]:
    return [parse_card(word) for word in text.split()]


def ref_position(
    trump: str,
    hands: list[str],
    leader: int = 0,
    trick: str = "",
    won: list[int] | None = None,
) -> RefPosition:
    """Build a position from text: ``ref_position("D", ["5D KC", "JD 2S"])``."""
    parsed_hands = []
    for text in hands:
        cards = _parse_list(text)
        if len(cards) != len(set(cards)):
            raise ValueError(f"a card is given twice in {text!r}")
        parsed_hands.append(frozenset(cards))
    pos = RefPosition(
        trump=trump.upper(),
        hands=tuple(parsed_hands),
        leader=leader,
        trick=tuple(_parse_list(trick)),
        won=tuple(won) if won is not None else tuple(0 for _ in hands),
    )
    _check_position(pos)
    return pos


# ---------------------------------------------------------------- the rules


def is_trump(trump: str, card: int) -> bool:
    """True when ``card`` is a trump (any card of the trump suit, and the A of hearts)."""
    return card_name(card) in TRUMP_ORDER[trump]


def suit_for_play(trump: str, card: int) -> str:
    """The suit a card counts as in play: "T" for a trump, else its printed suit letter."""
    if is_trump(trump, card):
        return "T"
    return card_name(card)[1]


def trump_rank(trump: str, card: int) -> int:
    """Position in the trump order: 0 is the best trump."""
    return TRUMP_ORDER[trump].index(card_name(card))


def plain_rank(card: int) -> int:
    """Position in its (non-trump) suit's order: 0 is the best."""
    name = card_name(card)
    return PLAIN_ORDER[name[1]].index(name)


def seat_to_play(pos: RefPosition) -> int:
    return (pos.leader + len(pos.trick)) % len(pos.hands)


def is_over(pos: RefPosition) -> bool:
    """The deal is over when nobody holds a card and no trick is open."""
    return not pos.trick and all(len(hand) == 0 for hand in pos.hands)


def ref_legal(pos: RefPosition) -> frozenset[int]:
    """The cards the seat to play may play (empty when the deal is over)."""
    if is_over(pos):
        return frozenset()
    hand = pos.hands[seat_to_play(pos)]
    if not pos.trick:
        return frozenset(hand)  # the leader may lead anything
    trump = pos.trump
    led = pos.trick[0]
    my_trumps = [c for c in hand if is_trump(trump, c)]

    if is_trump(trump, led):
        # Trump led: must play a trump, unless reneging is allowed.
        if not my_trumps:
            return frozenset(hand)
        may_renege = True
        for c in my_trumps:
            privileged = card_name(c) in privileged_cards(trump)
            above_the_lead = trump_rank(trump, c) < trump_rank(trump, led)
            if not (privileged and above_the_lead):
                may_renege = False
        if may_renege:
            return frozenset(hand)
        return frozenset(my_trumps)

    # Plain suit led: follow suit or trump; holding none of the suit, anything.
    led_suit = suit_for_play(trump, led)
    my_suit_cards = [c for c in hand if suit_for_play(trump, c) == led_suit]
    if not my_suit_cards:
        return frozenset(hand)
    return frozenset(my_suit_cards + my_trumps)


def ref_trick_winner(trump: str, trick: tuple[int, ...]) -> int:
    """Index in ``trick`` of the card that wins it."""
    trump = trump.upper()
    trump_indexes = [i for i, c in enumerate(trick) if is_trump(trump, c)]
    if trump_indexes:
        best = trump_indexes[0]
        for i in trump_indexes:
            if trump_rank(trump, trick[i]) < trump_rank(trump, trick[best]):
                best = i
        return best
    led_suit = suit_for_play(trump, trick[0])
    best = 0
    for i, c in enumerate(trick):
        if suit_for_play(trump, c) == led_suit and plain_rank(c) < plain_rank(trick[best]):
            best = i
    return best


def ref_play(pos: RefPosition, card: int) -> RefPosition:
    """The position after the seat to play plays ``card`` (which must be legal)."""
    if card not in ref_legal(pos):
        raise ValueError(f"{card_name(card)} is not a legal card here")
    n = len(pos.hands)
    seat = seat_to_play(pos)
    hands = list(pos.hands)
    hands[seat] = pos.hands[seat] - {card}
    trick = (*pos.trick, card)
    if len(trick) < n:
        return RefPosition(pos.trump, tuple(hands), pos.leader, trick, pos.won)
    winner = (pos.leader + ref_trick_winner(pos.trump, trick)) % n
    won = list(pos.won)
    won[winner] += 1
    return RefPosition(pos.trump, tuple(hands), winner, (), tuple(won))


# ---------------------------------------------------------------- the questions


def _check_seat(pos: RefPosition, seat: int) -> None:
    if not 0 <= seat < len(pos.hands):
        raise ValueError(f"seat {seat} is not at this table")


@cache
def _max_tricks(pos: RefPosition, seat: int) -> int:
    if is_over(pos):
        return pos.won[seat]
    results = [_max_tricks(ref_play(pos, c), seat) for c in ref_legal(pos)]
    if seat_to_play(pos) == seat:
        return max(results)
    return min(results)  # everybody else plays against `seat`


def ref_max_tricks(pos: RefPosition, seat: int) -> int:
    """The most tricks ``seat`` can be sure to end the deal with (tricks won count)."""
    _check_seat(pos, seat)
    return _max_tricks(pos, seat)


def _goal_reached(won: tuple[int, ...], seat: int, goal: str | int) -> bool:
    """Whether the final tally ``won`` achieves ``goal`` for ``seat``."""
    if goal == "three":
        return won[seat] >= 3
    if goal == "jink":
        return won[seat] >= 5
    if goal == "spoil":
        others = [won[other] for other in range(len(won)) if other != seat]
        return all(tricks < 3 for tricks in others)
    assert isinstance(goal, int)
    return won[seat] >= goal


@cache
def _can_force(pos: RefPosition, seat: int, goal: str | int) -> bool:
    if is_over(pos):
        return _goal_reached(pos.won, seat, goal)
    outcomes = [_can_force(ref_play(pos, c), seat, goal) for c in ref_legal(pos)]
    if seat_to_play(pos) == seat:
        return any(outcomes)  # one good card is enough
    return all(outcomes)  # it must work against every card of the others


def ref_can_force(pos: RefPosition, seat: int, goal: str | int) -> bool:
    """Whether ``seat`` can force ``goal``: "three", "jink", "spoil" or an int k (k tricks)."""
    _check_seat(pos, seat)
    if isinstance(goal, bool) or not (
        goal in GOAL_NAMES or (isinstance(goal, int) and 0 <= goal <= TRICKS_PER_DEAL)
    ):
        raise ValueError(f"goal must be 'three', 'jink', 'spoil' or 0..5, not {goal!r}")
    return _can_force(pos, seat, goal)


def ref_move_scores(pos: RefPosition, seat: int) -> dict[int, int]:
    """For each legal card of the seat to play: max_tricks(``seat``) after it."""
    _check_seat(pos, seat)
    return {c: _max_tricks(ref_play(pos, c), seat) for c in ref_legal(pos)}


def names(cards: Iterable[int]) -> set[str]:
    """Card names, for readable test assertions."""
    return {card_name(c) for c in cards}


def clear_memos() -> None:
    """Forget every position met so far (the memos only grow otherwise)."""
    _max_tricks.cache_clear()
    _can_force.cache_clear()

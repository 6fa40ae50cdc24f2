"""Exactly uniform dealing under constraints: count the deals, then draw one.

A :class:`Dealer` deals the *free* cards (those not already placed) to the
seats, each seat getting its own number of cards on top of the cards it is
known to hold, under two kinds of constraint: a seat *lacks* some cards, and a
seat holds between ``low`` and ``high`` cards of a mask (a suit as the game
counts it). Every deal meeting them is equally likely:

1. The free cards fall into *classes* of interchangeable cards: cards in the
   same masks and lacked by the same seats. Only the seats with a constraint
   (*constrained seats*) tell cards apart; every other seat, and the stock,
   takes whatever is left.
2. For each constrained seat, python-constraint lists its *patterns*: how
   many cards of each class it takes, meeting its hand size and its counts.
3. The deals are counted seat by seat: ``ways(i, left)``, the number of ways
   to deal the constrained seats from the ``i``-th on when ``left[c]`` cards
   of class ``c`` are still free, is the sum over seat ``i``'s patterns ``x``
   of ``prod_c comb(left[c], x[c]) * ways(i + 1, left - x)`` (memoised). The
   rest always has the same size, so the unconstrained seats add the same
   factor (a multinomial) to every deal: ``total = ways(0, all) * that``.
4. A deal is drawn seat by seat: each pattern with probability its term over
   ``ways(i, left)`` (integer arithmetic, no floating point), then that many
   cards of each class uniformly, then the rest shuffled and dealt. The
   product of these probabilities is ``1 / total`` for every deal.

Constraints that cannot be met are found while counting, before any card is
dealt, so dealing never loops.

>>> import random
>>> from jink.cards import cardset, parse_cards, cards_text
>>> free = cardset(parse_cards("2S 3S 4S 2H 3H 4H"))
>>> dealer = Dealer(free, (2, 2), [SeatRule(0, counts=(Count("spades", 0x7, 2, 2),))])
>>> dealer.total  # seat 1 takes 2 of the 3 spades, seat 2 any 2 of the 4 left: 3 x 6
18
>>> hands = dealer.sample(random.Random(1))
>>> cards_text(hands[0] & 0x7) == cards_text(hands[0])
True
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import constraint

from jink.cards import CardSet, cards_text, count, iter_cards
from jink.errors import JinkError

#: Past this many patterns for one seat, or states of the count, the
#: constraints are too intricate to count exactly: an error, never a hang.
MAX_PATTERNS = 20_000
MAX_STATES = 200_000


class ConstraintError(JinkError, ValueError):
    """Constraints that cannot all be met, or that contradict each other."""


@dataclass(frozen=True)
class Count:
    """A seat holds ``low`` to ``high`` cards of ``mask`` (``label`` names it)."""

    label: str
    mask: CardSet
    low: int
    high: int

    def text(self) -> str:
        if self.low == self.high:
            return f"{self.label} = {self.low}"
        return f"{self.label} {self.low}-{self.high}"


@dataclass(frozen=True)
class SeatRule:
    """What one seat (0-based) must hold, must not hold, and how many of each mask."""

    seat: int
    holds: CardSet = 0
    lacks: CardSet = 0
    counts: tuple[Count, ...] = ()

    def describe(self) -> str:
        parts = []
        if self.holds:
            parts.append(f"holds {cards_text(self.holds)}")
        if self.lacks:
            parts.append(f"lacks {cards_text(self.lacks)}")
        parts.extend(c.text() for c in self.counts)
        return f"seat {self.seat + 1}: " + ", ".join(parts)


@dataclass(frozen=True)
class _Class:
    cards: tuple[int, ...]
    #: The constrained seats that may take these cards.
    seats: tuple[int, ...]


class Dealer:
    """Counts, draws and lists the deals of ``free`` meeting the seat rules.

    ``sizes[s]`` is the number of cards seat ``s`` ends with, its held cards
    included. Rules for one seat may be given several times: all must hold.
    Raises :class:`ConstraintError` when no deal meets the rules.
    """

    def __init__(self, free: CardSet, sizes: Sequence[int], rules: Sequence[SeatRule]) -> None:
        self.sizes = tuple(sizes)
        players = len(self.sizes)
        holds = [0] * players
        lacks = [0] * players
        counts: list[list[Count]] = [[] for _ in range(players)]
        for rule in rules:
            if not 0 <= rule.seat < players:
                raise ConstraintError(f"seat {rule.seat + 1}: the deal has seats 1 to {players}")
            holds[rule.seat] |= rule.holds
            lacks[rule.seat] |= rule.lacks
            counts[rule.seat].extend(rule.counts)
        self.holds = tuple(holds)
        for seat, hand in enumerate(holds):
            if hand & ~free:
                raise ConstraintError(f"seat {seat + 1} is to hold {cards_text(hand & ~free)}, "
                                      "which is not among the cards to deal")
        # Held cards are placed already: what is dealt is the rest.
        self.free = free & ~sum_sets(holds)
        self._check_up_front(holds, lacks, counts)
        self.need = tuple(size - count(h) for size, h in zip(self.sizes, holds, strict=True))
        self.constrained = tuple(s for s in range(players) if lacks[s] or counts[s])
        self.unconstrained = tuple(s for s in range(players) if s not in self.constrained)
        masks = sorted({c.mask for cs in counts for c in cs})
        groups: dict[tuple[tuple[bool, ...], tuple[int, ...]], list[int]] = {}
        for card in iter_cards(self.free):
            key = (tuple(bool(m >> card & 1) for m in masks),
                   tuple(s for s in self.constrained if not lacks[s] >> card & 1))
            groups.setdefault(key, []).append(card)
        # Sorted, so that a seed gives the same deals whatever the dict order.
        self.classes = tuple(sorted((_Class(tuple(cards), key[1])
                                     for key, cards in groups.items()),
                                    key=lambda c: c.cards))
        self.rest = count(self.free) - sum(self.need[s] for s in self.constrained)
        if self.rest < sum(self.need[s] for s in self.unconstrained):
            raise ConstraintError(
                f"{count(self.free)} cards are left to deal, the hands need "
                f"{sum(self.need)}")
        self._sizes_of_classes = tuple(len(c.cards) for c in self.classes)
        #: Each constrained seat's patterns: how many cards of each class it takes.
        self.patterns = tuple(self._patterns(seat, holds[seat], counts[seat])
                              for seat in self.constrained)
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choices: dict[tuple[int, tuple[int, ...]], list[int]] = {}
        #: Ways to deal the rest to the unconstrained seats: the same for every
        #: way the constrained seats are dealt (the rest has one size).
        self.rest_ways = _multinomial(self.rest, [self.need[s] for s in self.unconstrained])
        #: The number of deals meeting every rule (hands only; the stock follows).
        self.total = self.ways(0, self._sizes_of_classes) * self.rest_ways

    # -- counting ----------------------------------------------------------------------

    def _check_up_front(self, holds: list[CardSet], lacks: list[CardSet],
                        counts: list[list[Count]]) -> None:
        """The contradictions one seat's rules show on their own, with their names."""
        owner: dict[int, int] = {}
        for seat, hand in enumerate(holds):
            for card in iter_cards(hand):
                if card in owner:
                    raise ConstraintError(
                        f"{cards_text([card])} is held by seat {owner[card] + 1} and by seat "
                        f"{seat + 1}: the same card dealt twice")
                owner[card] = seat
            both = hand & lacks[seat]
            if both:
                raise ConstraintError(f"seat {seat + 1} both holds and lacks {cards_text(both)}")
            if count(hand) > self.sizes[seat]:
                raise ConstraintError(f"seat {seat + 1} is to hold {count(hand)} cards "
                                      f"({cards_text(hand)}), its hand has {self.sizes[seat]}")
            for c in counts[seat]:
                if c.low > c.high:
                    raise ConstraintError(f"seat {seat + 1}: {c.text()} is an empty range")
                held = count(hand & c.mask)
                if held > c.high:
                    raise ConstraintError(f"seat {seat + 1}: {c.text()}, but it is to hold "
                                          f"{held} of them ({cards_text(hand & c.mask)})")
                room = count((hand | self.free & ~lacks[seat]) & c.mask)
                if c.low > min(room, self.sizes[seat]):
                    raise ConstraintError(f"seat {seat + 1}: {c.text()}, but at most "
                                          f"{min(room, self.sizes[seat])} can be in its hand")

    def _patterns(self, seat: int, held: CardSet, counts: list[Count]) -> list[tuple[int, ...]]:
        """Every pattern (cards taken per class) meeting ``seat``'s own rules,
        found by python-constraint."""
        problem = constraint.Problem()
        mine = [ci for ci, cls in enumerate(self.classes) if seat in cls.seats]
        need = self.need[seat]
        if not mine:
            if need:
                raise ConstraintError(f"seat {seat + 1} lacks every card left to deal")
            return [(0,) * len(self.classes)]
        for ci in mine:
            problem.addVariable(ci, list(range(min(len(self.classes[ci].cards), need) + 1)))
        problem.addConstraint(constraint.ExactSumConstraint(need), mine)
        for c in counts:
            inside = [ci for ci in mine if c.mask >> self.classes[ci].cards[0] & 1]
            have = count(held & c.mask)
            if not inside:
                if not c.low <= have <= c.high:
                    raise ConstraintError(f"seat {seat + 1}: {c.text()} cannot be met")
                continue
            if c.low - have > 0:
                problem.addConstraint(constraint.MinSumConstraint(c.low - have), inside)
            if c.high - have < need:
                problem.addConstraint(constraint.MaxSumConstraint(c.high - have), inside)
        patterns: list[tuple[int, ...]] = []
        for solution in problem.getSolutionIter():
            if len(patterns) >= MAX_PATTERNS:
                raise ConstraintError(
                    f"seat {seat + 1}: more than {MAX_PATTERNS} ways to make up the hand "
                    "by suit and lacked cards: give fewer constraints")
            patterns.append(tuple(int(solution.get(ci, 0)) for ci in range(len(self.classes))))
        if not patterns:
            raise ConstraintError("no hand meets the constraints of seat "
                                  f"{seat + 1}: " + ", ".join(c.text() for c in counts))
        # A fixed order, so a seed always gives the same deals whatever order
        # the solver found the patterns in.
        return sorted(patterns)

    def ways(self, level: int, left: tuple[int, ...]) -> int:
        """Ways to deal the constrained seats from ``level`` on, ``left[c]`` cards
        of class ``c`` still free (each specific card counted apart)."""
        if level == len(self.constrained):
            return 1
        key = (level, left)
        known = self._ways.get(key)
        if known is not None:
            return known
        if len(self._ways) >= MAX_STATES:
            raise ConstraintError(f"the constraints are too intricate to count (more than "
                                  f"{MAX_STATES} states): give fewer constraints")
        total = 0
        for pattern in self.patterns[level]:
            total += self._weight(level, left, pattern)
        self._ways[key] = total
        return total

    def _weight(self, level: int, left: tuple[int, ...], pattern: tuple[int, ...]) -> int:
        """Deals in which the seat at ``level`` takes ``pattern`` from ``left``."""
        ways = 1
        for have, take in zip(left, pattern, strict=True):
            if take > have:
                return 0
            if take:
                ways *= math.comb(have, take)
        after = tuple(h - t for h, t in zip(left, pattern, strict=True))
        return ways * self.ways(level + 1, after)

    # -- dealing -----------------------------------------------------------------------

    def sample(self, rng: random.Random) -> tuple[CardSet, ...]:
        """One deal, every deal meeting the rules equally likely: the hands, seat 1 first."""
        if not self.total:
            raise ConstraintError("no deal meets the constraints")
        hands = list(self.holds)
        left = list(self._sizes_of_classes)
        remaining = [list(cls.cards) for cls in self.classes]
        for level, seat in enumerate(self.constrained):
            state = tuple(left)
            cumulative = self._choices.get((level, state))
            if cumulative is None:
                cumulative = list(itertools.accumulate(
                    self._weight(level, state, p) for p in self.patterns[level]))
                self._choices[(level, state)] = cumulative
            # Integer arithmetic: each pattern with probability exactly its share.
            pattern = self.patterns[level][
                bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            for ci, take in enumerate(pattern):
                if take:
                    chosen = rng.sample(remaining[ci], take)
                    for card in chosen:
                        hands[seat] |= 1 << card
                    remaining[ci] = [c for c in remaining[ci] if not hands[seat] >> c & 1]
                    left[ci] -= take
        rest = sorted(c for cards in remaining for c in cards)
        rng.shuffle(rest)
        at = 0
        for seat in self.unconstrained:
            for card in rest[at:at + self.need[seat]]:
                hands[seat] |= 1 << card
            at += self.need[seat]
        return tuple(hands)

    def every(self) -> Iterator[tuple[CardSet, ...]]:
        """Every deal meeting the rules, each once."""
        yield from self._every(0, tuple(self._sizes_of_classes),
                               [list(cls.cards) for cls in self.classes], list(self.holds))

    def _every(self, level: int, left: tuple[int, ...], remaining: list[list[int]],
               hands: list[CardSet]) -> Iterator[tuple[CardSet, ...]]:
        if level == len(self.constrained):
            rest = sorted(c for cards in remaining for c in cards)
            needs = [self.need[s] for s in self.unconstrained]
            for parts, _ in _splits(rest, needs):
                dealt = list(hands)
                for seat, part in zip(self.unconstrained, parts, strict=True):
                    dealt[seat] |= part
                yield tuple(dealt)
            return
        seat = self.constrained[level]
        for pattern in self.patterns[level]:
            if not self._weight(level, left, pattern):
                continue
            after = tuple(h - t for h, t in zip(left, pattern, strict=True))
            per_class = [itertools.combinations(remaining[ci], take)
                         for ci, take in enumerate(pattern)]
            for chosen in itertools.product(*per_class):
                taken = 0
                for cards in chosen:
                    for card in cards:
                        taken |= 1 << card
                still = [[c for c in cards if not taken >> c & 1] for cards in remaining]
                dealt = list(hands)
                dealt[seat] |= taken
                yield from self._every(level + 1, after, still, dealt)


def sum_sets(sets: Sequence[CardSet]) -> CardSet:
    """The union of card sets."""
    union = 0
    for cards in sets:
        union |= cards
    return union


def _multinomial(n: int, parts: Sequence[int]) -> int:
    """Ways to deal ``parts[0], parts[1], ...`` of ``n`` cards, the rest left over."""
    ways, left = 1, n
    for k in parts:
        ways *= math.comb(left, k)
        left -= k
    return ways


def _splits(cards: list[int], sizes: Sequence[int]
            ) -> Iterator[tuple[tuple[CardSet, ...], CardSet]]:
    """Every way to take ``sizes[0]``, ``sizes[1]``, ... of ``cards``: the parts and the rest."""
    if not sizes:
        rest = 0
        for card in cards:
            rest |= 1 << card
        yield (), rest
        return
    for chosen in itertools.combinations(cards, sizes[0]):
        part = 0
        for card in chosen:
            part |= 1 << card
        left = [c for c in cards if not part >> c & 1]
        for parts, rest in _splits(left, sizes[1:]):
            yield (part, *parts), rest

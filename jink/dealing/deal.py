"""``deal``: random deals meeting constraints, as positions ready to solve.

:class:`DealPlan` joins a :class:`~jink.dealing.sampler.Dealer` (the hands)
to what is turned from the stock after them: the turn-up, when the trump is
not given (its suit is then trumps), or in a Loo simple pool the card that
will be turned when trumps come in. Either is drawn uniformly from the cards
left after the hands, so deal and card together stay exactly uniform.
:func:`deal` draws with a private ``random.Random(seed)``, never the global
generator, so one seed always gives the same deals.

>>> from jink.dealing.constraints import constraints_from_dict
>>> spec = constraints_from_dict({"game": "spoil-five", "players": 3, "turnup": "2S",
...     "seats": [{"seat": 1, "holds": "5S JS", "trumps": ">=3"}]})
>>> first, second = deal(spec, seed=7, count=2)
>>> first.turnup == second.turnup == 0, bin(first.hands[0] & first.rules.trump_mask).count("1") >= 3
(True, True)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jink.cards import Card, CardSet, count, iter_cards, suit_of
from jink.dealing.constraints import Constraints, constraints_from_dict
from jink.dealing.sampler import ConstraintError, Dealer, SeatRule
from jink.position import Position

__all__ = ["DealPlan", "deal", "plan_for"]

#: Draws allowed for one deal that passes :attr:`DealPlan.accept`.
MAX_ATTEMPTS = 10_000

#: Makes the position of one deal: ``(hands, card turned from the stock or None)``.
MakePosition = Callable[[tuple[CardSet, ...], Card | None], Position]


@dataclass
class DealPlan:
    """How to deal: the dealer of the hands, what is turned after them, and
    how a deal becomes a position."""

    dealer: Dealer
    make: MakePosition
    #: Whether one card of the stock is turned after the hands (a turn-up
    #: that sets trumps, or a Loo simple pool's card to be turned).
    turns_card: bool = False
    #: A last check on the hands the constraints cannot say (a view's current
    #: trick: each card played must have been legal from the hand dealt).
    #: Deals failing it are drawn again: uniform among those that pass.
    accept: Callable[[tuple[CardSet, ...]], bool] | None = None
    #: Cards that may not be the turned card (a card the game turns past,
    #: Bierspiel's 7♦, which jink refuses as a turn-up): a deal turning one is
    #: drawn again, so the draw stays uniform among the deals left.
    unturnable: CardSet = 0

    @property
    def stock(self) -> int:
        """Cards left in the stock after the hands."""
        return count(self.dealer.free) - sum(self.dealer.need)

    @property
    def total(self) -> int:
        """How many different deals meet the constraints (hands and turned card);
        with :attr:`accept` or :attr:`unturnable`, how many before those checks."""
        return self.dealer.total * (self.stock if self.turns_card else 1)

    def _stock_of(self, hands: Sequence[CardSet]) -> CardSet:
        dealt = 0
        for hand in hands:
            dealt |= hand
        return self.dealer.free & ~dealt

    def sample(self, rng: random.Random) -> Position:
        """One deal, uniformly among those meeting the constraints."""
        for _ in range(MAX_ATTEMPTS):
            hands = self.dealer.sample(rng)
            if self.accept is not None and not self.accept(hands):
                continue
            card = None
            if self.turns_card:
                card = rng.choice(sorted(iter_cards(self._stock_of(hands))))
                if self.unturnable >> card & 1:
                    continue
            return self.make(hands, card)
        raise ConstraintError(f"no deal in {MAX_ATTEMPTS} agreed with the cards played to "
                              "the trick: say what they showed (a void) in [[seats]]")

    def every(self) -> Iterator[Position]:
        """Every deal meeting the constraints, once each."""
        for hands in self.dealer.every():
            if self.accept is not None and not self.accept(hands):
                continue
            if not self.turns_card:
                yield self.make(hands, None)
                continue
            for card in iter_cards(self._stock_of(hands) & ~self.unturnable):
                yield self.make(hands, card)


def plan_for(constraints: Constraints) -> DealPlan:
    """The plan for a full deal meeting ``constraints``: every hand dealt.

    Everything that makes the constraints impossible is found here, before
    any card is dealt.
    """
    spec = constraints
    game = spec.game
    free = game.deck
    if spec.turnup is not None:
        free &= ~(1 << spec.turnup)
    turns = spec.trump is None and (game.uses_turn or not game.allows_no_trump)
    rules: list[SeatRule] = spec.rules()
    # Six at a Rams table: the dealer takes no cards, so is no seat of the position.
    dealer = Dealer(free, [game.hand_size] * spec.in_play, rules)

    def make(hands: tuple[CardSet, ...], card: Card | None) -> Position:
        if card is None:
            return Position(game, spec.trump, hands, options=spec.options,
                            turnup=spec.turnup)
        if game.allows_no_trump:
            return Position(game, None, hands, options=spec.options, turn=card)
        return Position(game, suit_of(card), hands, options=spec.options, turnup=card)

    plan = DealPlan(dealer, make, turns,
                    unturnable=game.turned_past if turns and spec.turnup is None else 0)
    if turns and plan.stock < 1:
        raise ConstraintError(f"{spec.in_play} hands of {game.hand_size} leave no card to turn "
                              "up: give trump")
    if not dealer.total:
        raise ConstraintError(explain_empty(free, dealer.sizes, rules))
    return plan


def explain_empty(free: CardSet, sizes: Sequence[int], rules: Sequence[SeatRule]) -> str:
    """Why no deal meets ``rules``: the seat whose rules alone cannot be met,
    else every rule (they cannot be met together)."""
    for seat in sorted({r.seat for r in rules}):
        mine = [r for r in rules if r.seat == seat]
        try:
            alone = Dealer(free, sizes, mine).total
        except ConstraintError as error:
            return str(error)
        if not alone:
            return ("no deal meets the constraints of "
                    + "; ".join(r.describe() for r in mine))
    return ("no deal meets these constraints together: "
            + "; ".join(r.describe() for r in rules))


def deal(constraints: Constraints | Mapping[str, Any], seed: int | None = None,
         count: int | None = None) -> Iterator[Position]:
    """Deals meeting ``constraints``, each equally likely among all that do.

    ``constraints`` is a :class:`Constraints` or its object form (the keys
    of a constraints file). ``seed`` seeds a private ``random.Random``
    (None: fresh entropy); ``count`` deals that many (None: for ever). Raises
    :class:`~jink.dealing.sampler.ConstraintError` at once, before any
    dealing, when the constraints cannot be met.

    >>> from jink.cards import cards_text
    >>> wanted = {"game": "spoil-five", "players": 3, "trump": "S",
    ...           "seats": [{"seat": 2, "holds": "5S", "spades": "1"}]}
    >>> [cards_text(p.hands[1]) for p in deal(wanted, seed=4, count=2)]
    ['5S 8H 9D 2C 7C', '5S QH 8D 4C 5C']
    """
    if not isinstance(constraints, Constraints):
        constraints = constraints_from_dict(constraints)
    plan = plan_for(constraints)
    rng = random.Random(seed)
    counter = itertools.count() if count is None else range(count)
    return (plan.sample(rng) for _ in counter)

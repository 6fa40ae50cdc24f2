"""What a loss of tricks costs, in the game's own terms: counters, points or crosses.

A seat (or a side) that could be sure of ``b`` tricks before a card and only
``a`` after it lost ``b - a`` tricks, and what those tricks were worth in the
game: :func:`price` says both, one function for ``jink analyse`` and
``jink session --analyse`` alike. What tricks are worth is read off the game's
books (:class:`~jink.games.ledger.Ledger`), never off its name:

- a *carried pool* (Spoil Five): the pool for the tricks that take it, and a
  jink the stake from every other player besides; priced in ``counters``;
- a *divided pool* (Rams, Rounce, Loo): each trick its share of the pool, and
  a player with no trick (ramsed, looed) pays the penalty; ``counters``;
- a *score* (Forty-Five, either scoring): the side's ``points``;
- *crosses* (Bierspiel): each trick wipes one point of a cross, and a player
  with no trick has a fresh cross added; ``crosses``.

``jink analyse`` prices at the game's standard pool (:func:`standard_pool`:
a fresh pool of Spoil Five, one stake from each player; the dealer's stake
in a divided pool), or at ``--pool N``; a session at the pool each deal was
played for.

>>> from jink.games import find_game
>>> rams = terms_for(find_game("rams"), 3, {})
>>> price(rams, 4, 3).to_dict(), price(rams, 1, 0).words()
({'tricks': 1, 'amount': 1, 'unit': 'counters'}, '1 trick: 6 counters')
>>> price(terms_for(find_game("forty-five"), 4, {"per_trick_scoring": True}), 4, 3).words()
'1 trick: 10 points'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from jink.errors import PositionError
from jink.games.base import Game
from jink.games.ledger import LedgerKind
from jink.words import plural

#: The unit each kind of books prices tricks in.
UNITS: dict[LedgerKind, str] = {
    LedgerKind.CARRIED_POOL: "counters",
    LedgerKind.DIVIDED_POOL: "counters",
    LedgerKind.SCORE: "points",
    LedgerKind.CROSSES: "crosses",
}


@dataclass(frozen=True)
class Terms:
    """What tricks are worth in one deal of a game.

    ``pool``: the counters in the pool (games with one); ``fine``: what a
    player who takes no trick pays (a divided pool), or the crosses added to
    him (crosses); ``bonus``: what taking every trick brings besides the pool
    (a carried pool: the stake from each other player).
    """

    kind: LedgerKind | None
    unit: str
    tricks: int
    pool: int | None = None
    need: int | None = None
    bonus: int = 0
    fine: int = 0
    per_trick: bool = False
    points: tuple[int, int] = (0, 0)
    trick_points: int = 0
    cross_points: int = 1

    def worth(self, tricks: int) -> Fraction:
        """What ending the deal with ``tricks`` tricks brings a seat (or a
        side), in :attr:`unit`."""
        kind, all_ = self.kind, self.tricks
        if kind is LedgerKind.CARRIED_POOL:
            took = (self.pool or 0) if self.need is not None and tricks >= self.need else 0
            return Fraction(took + (self.bonus if tricks == all_ else 0))
        if kind is LedgerKind.DIVIDED_POOL:
            return Fraction(self.pool or 0, all_) * tricks - (self.fine if tricks == 0 else 0)
        if kind is LedgerKind.SCORE:
            if self.per_trick:
                return Fraction(max(0, self.trick_points * (tricks - (all_ - tricks))))
            return Fraction(self.points[1] if tricks == all_
                            else self.points[0] if 2 * tricks > all_ else 0)
        if kind is LedgerKind.CROSSES:
            return Fraction(tricks, self.cross_points) - (self.fine if tricks == 0 else 0)
        return Fraction(tricks)  # a game without books: tricks are what count

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"unit": self.unit}
        if self.pool is not None:
            out["pool"] = self.pool
        return out


@dataclass(frozen=True)
class Cost:
    """Tricks lost and what they were worth: ``amount`` in ``unit``."""

    tricks: int
    amount: Fraction
    unit: str

    def to_dict(self) -> dict[str, object]:
        return {"tricks": self.tricks, "amount": number(self.amount), "unit": self.unit}

    def words(self) -> str:
        """``1 trick: 6 counters``; ``1 trick, nothing in counters``."""
        what = amount_words(self.amount, self.unit)
        return f"{plural(self.tricks, 'trick')}: {what}"


def number(amount: Fraction) -> int | float:
    """An amount for JSON: a whole number as an int, else a float.

    >>> number(Fraction(6)), number(Fraction(1, 5))
    (6, 0.2)
    """
    return amount.numerator if amount.denominator == 1 else round(float(amount), 6)


def amount_words(amount: Fraction, unit: str) -> str:
    """An amount for people: ``6 counters``, ``1/5 of a cross``, ``nothing in points``.

    >>> amount_words(Fraction(6), "counters"), amount_words(Fraction(1, 5), "crosses")
    ('6 counters', '1/5 of a cross')
    >>> amount_words(Fraction(6, 5), "crosses"), amount_words(Fraction(0), "points")
    ('6/5 crosses', 'nothing in points')
    """
    if amount == 0:
        return f"nothing in {unit}"
    one = unit[:-2] if unit.endswith("sses") else unit[:-1]
    if amount.denominator == 1:
        return plural(amount.numerator, one, unit)
    if abs(amount) < 1:
        return f"{amount} of a {one}"
    return f"{amount} {unit}"


def standard_pool(game: Game, players: int) -> int | None:
    """The pool a deal of ``game`` is priced at unless told otherwise: a
    fresh carried pool (one stake from each of ``players``), or the
    dealer's stake in a divided pool; None in a game without a pool."""
    ledger = game.ledger
    if ledger is None:
        return None
    if ledger.kind is LedgerKind.CARRIED_POOL:
        return ledger.stake * players
    if ledger.kind is LedgerKind.DIVIDED_POOL:
        return ledger.stake
    return None


def terms_for(game: Game, players: int, options: Mapping[str, Any],
              pool: int | None = None,
              ledger_options: Mapping[str, Any] | None = None) -> Terms:
    """The terms of a deal of ``game`` at ``players`` seats with the rule
    ``options``: at ``pool`` counters (default :func:`standard_pool`), with
    the books' ``ledger_options`` (a session's ``[ledger]``). A ``pool`` the
    game cannot have is a :class:`~jink.errors.PositionError`."""
    ledger = game.ledger
    if ledger is None:
        if pool is not None:
            raise PositionError(f"--pool {pool}: {game.title} has no books to price tricks "
                                "in; its costs are in tricks")
        return Terms(None, "tricks", game.tricks)
    kind = ledger.kind
    unit = UNITS[kind]
    standard = standard_pool(game, players)
    if pool is not None:
        if standard is None:
            raise PositionError(f"--pool {pool}: {game.title} has no pool; its costs are in "
                                f"{unit}")
        if pool < 1:
            raise PositionError(f"--pool {pool}: a pool holds at least 1 counter")
        if kind is LedgerKind.DIVIDED_POOL and pool % game.tricks:
            raise PositionError(f"--pool {pool}: a {game.title} pool is shared out a "
                                f"{_nth(game.tricks)} a trick; give a multiple of "
                                f"{game.tricks}")
    at = standard if pool is None else pool
    if kind is LedgerKind.CARRIED_POOL:
        return Terms(kind, unit, game.tricks, at, game.pool, ledger.stake * (players - 1))
    if kind is LedgerKind.DIVIDED_POOL:
        # Loo's unlimited pools: a looed player pays as much as the pool held.
        fine = at if (ledger_options or {}).get("unlimited") and at is not None \
            else ledger.penalty
        return Terms(kind, unit, game.tricks, at, fine=fine)
    if kind is LedgerKind.SCORE:
        return Terms(kind, unit, game.tricks, per_trick=bool(options.get("per_trick_scoring")),
                     points=ledger.points, trick_points=ledger.trick_points)
    # RULINGS Bierspiel 4: a player who takes no trick has a fresh cross added.
    return Terms(kind, unit, game.tricks, fine=1, cross_points=ledger.cross_points)


def _nth(n: int) -> str:
    return {2: "half", 3: "third", 4: "quarter", 5: "fifth"}.get(n, f"1/{n}")


def price(terms: Terms, before: int, after: int) -> Cost:
    """What falling from ``before`` tricks for sure to ``after`` cost."""
    return Cost(before - after, terms.worth(before) - terms.worth(after), terms.unit)

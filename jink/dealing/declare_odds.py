"""Single-dummy odds of declaring: from one seat's view, play or pass, and
with the widow or not (Rams, Rounce, Bierspiel, Loo's double pools).

The seat knows its own hand and the trump (or the turn-up); the other hands
and the widow are unseen. Each deal draws the other hands as
:mod:`jink.dealing.odds` does, then the widow uniformly from the cards left
(so hands and widow together stay uniform); in each deal every choice of the
seat (:func:`jink.decisions.declare.declare`: play its hand, take the widow,
general rams) is solved double dummy for it, given which other seats play,
and counted per question. Where one choice comes in several ways in a deal
(a dealer asking robs the turn-up with each discard), the best of them for
the seat is counted, as it would choose seeing every hand. Passing involves
no play, so it is listed apart with what it means.

>>> from jink.dealing.odds import hand_view, view_from_dict
>>> view = view_from_dict(hand_view("rams", "AH KH QH 9C 7S", 3, trump="H"))
>>> result = declare_odds(view, others=[1], deals=2, seed=1)
>>> [c.choice for c in result.choices]
['play', 'widow', 'general-rams', 'general-rams-widow']
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Iterator
from functools import partial
from math import comb

from jink.cards import Card, CardSet, cardset, iter_cards
from jink.dealing.odds import (
    ChoicesResult,
    Progress,
    Tally,
    View,
    check_exhaustive,
    count_each,
    sampling,
)
from jink.decisions.declare import Choice, Deal, declare
from jink.errors import PositionError
from jink.position import Position
from jink.solver.limits import Limit
from jink.solver.solver import Verdict
from jink.solver.table import DEFAULT_MEMORY_MB

__all__ = ["declare_odds"]


def declare_odds(view: View, *, others: Iterable[int] = (), deals: int = 1000,
                 seed: int | None = None, exhaustive: bool = False, seat: int | None = None,
                 limit: Limit | None = None, memory_mb: float = DEFAULT_MEMORY_MB,
                 simple: bool = False, progress: Progress | None = None,
                 workers: int = 1) -> ChoicesResult:
    """How often each choice of ``seat`` (0-based; default the one seat whose
    hand is known) achieves each of the game's questions when the seats
    ``others`` (0-based) play, over ``deals`` deals of the unseen hands and
    widow drawn with a private ``random.Random(seed)``, or every possible
    one (``exhaustive``). ``simple``: the pool is a simple (every seat plays).
    ``workers``: the processes that solve the deals (the result is the same
    for any number)."""
    game = view.game
    if not game.widow:
        raise PositionError(f"{game.name}: no seat declares to play (declare is for games "
                            "with a widow)")
    trump = view.trump
    if trump is None:
        raise PositionError("declaring needs the trump suit: give trump or turnup")
    if view.trick or sum(view.won):
        raise PositionError("declaring happens before the first trick")
    # At six at a Rams table the dealer's hand is known to be empty ("-").
    dealer_out = game.dealer_takes_no_cards(view.players)
    known = [s for s, hand in enumerate(view.hands)
             if hand is not None and not (dealer_out and s == view.players - 1)]
    if seat is None:
        if len(known) != 1:
            raise PositionError("name the seat asking (several hands are known)")
        seat = known[0]
    if not 0 <= seat < view.players or view.hands[seat] is None:
        raise PositionError(f"seat {seat + 1}'s hand is unseen (\"?\"): give it")
    others = tuple(others)
    plan = view.plan(table=True)
    widow_size = game.widow
    stock = plan.stock
    if stock < widow_size:
        raise PositionError(f"no {widow_size} cards are left for the widow")
    widows = comb(stock, widow_size)
    if exhaustive:
        deals = check_exhaustive(plan.total * widows)
        dealt: Iterator[tuple[Position, CardSet]] = (
            (position, cardset(widow)) for position in plan.every()
            for widow in itertools.combinations(_stock(view, position), widow_size))
    else:
        rng, seed = sampling(deals, seed)

        def sampled() -> Iterator[tuple[Position, CardSet]]:
            for _ in range(deals):
                position = plan.sample(rng)
                yield position, cardset(rng.sample(_stock(view, position), widow_size))

        dealt = sampled()
    names = tuple(q.name for q in game.questions(view.players))
    tally = Tally(names)
    without_play: dict[str, str] = {}
    pays: dict[str, tuple[tuple[str, int], ...]] = {}
    started = time.perf_counter()

    def count(choices: list[Choice]) -> None:
        best: dict[str, Verdict] = {}
        for choice in choices:
            if choice.verdict is None:
                without_play.setdefault(choice.name, choice.note)
                # What a pass costs depends on the seats that play, not the
                # deal: the same in every deal.
                paid = tuple((key, value) for key, value in (("counters", choice.counters),
                                                             ("points", choice.points))
                             if value is not None)
                if paid:
                    pays.setdefault(choice.name, paid)
                continue
            if not choice.allowed:
                continue
            held = best.get(choice.name)
            if held is None or _rank(choice.verdict, names) > _rank(held, names):
                best[choice.name] = choice.verdict
        for name, verdict in best.items():
            tally.add(name, verdict.max_tricks or 0, dict(verdict.answers),
                      dict(verdict.extras))
        tally.deals += 1

    solve = partial(_choices, view=view, seat=seat, others=others, limit=limit,
                    memory_mb=memory_mb, simple=simple)
    _, interrupted = count_each(dealt, count, deals, progress, solve=solve, workers=workers)
    return ChoicesResult(game, seat, "declare", tally.deals, exhaustive,
                         plan.total * widows, None if exhaustive else seed, names,
                         tally.choices(exhaustive), time.perf_counter() - started,
                         tuple(without_play.items()), interrupted, tuple(pays.items()))


def _choices(dealt: tuple[Position, CardSet], view: View, seat: int, others: tuple[int, ...],
             limit: Limit | None, memory_mb: float, simple: bool) -> list[Choice]:
    """One deal's choices of ``seat``, each solved (in a worker process, or here)."""
    position, widow = dealt
    assert view.trump is not None  # (checked by declare_odds)
    deal = Deal(view.game, view.trump, view.table_hands(position), widow, view.turnup,
                view.options)
    return declare(deal, seat, others, limit, memory_mb=memory_mb, simple=simple).choices


def _rank(verdict: Verdict, names: tuple[str, ...]) -> tuple[int, ...]:
    """A verdict's worth to its seat: the questions in order, then most tricks."""
    return (*(bool(verdict.answer(n)) for n in names), verdict.max_tricks or 0)


def _stock(view: View, position: Position) -> list[Card]:
    """The cards left after the hands and the turn-up: the widow's to draw from."""
    used = 0 if view.turnup is None else 1 << view.turnup
    for hand in position.hands:
        used |= hand
    return list(iter_cards(view.game.deck & ~used & ~view.seen))

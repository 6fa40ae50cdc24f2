"""Single-dummy odds of robbing: from the robber's view, keep the hand or rob,
and with which discard.

The seat knows its own hand and the turn-up (see :mod:`jink.dealing.odds`
for the view). Each deal of the unseen cards is a position as dealt, before
any robbing; in each, every choice of the robber (:mod:`jink.decisions.rob`:
keep the hand, or take the turn-up for each card it may discard) is solved
double dummy at the first lead, and counted per question. Discards that are
equivalent cards in a deal get that deal's one value; discards equivalent in
every deal (no card of the pack ranks between them: ``rob 2C/3C``) are one
choice, one row. Each choice is valued
as made before the lead, as ``jink rob``'s table values it (an ace's holder
who is not the leader may do better by waiting: not counted here).

>>> from jink.dealing.odds import hand_view, view_from_dict
>>> view = view_from_dict(hand_view("spoil-five", "AS 2C 3C 4H 9D", 3, turnup="7S"))
>>> result = rob_odds(view, deals=2, seed=1)
>>> [c.choice for c in result.choices]
['keep', 'rob 4H', 'rob 9D', 'rob 2C/3C']
"""

from __future__ import annotations

import dataclasses
import time
from functools import partial
from itertools import chain

from jink.cards import card_name, iter_cards, make_card, rank_of, suit_of
from jink.dealing.odds import ChoicesResult, Progress, Tally, View, count_each, deals_of
from jink.decisions.rob import robbed_hands, robber
from jink.errors import PositionError
from jink.position import Position, sort_cards
from jink.solver.limits import Limit
from jink.solver.reuse import deal_solver
from jink.solver.search import Tables, equivalent_groups
from jink.solver.solver import Verdict
from jink.solver.table import DEFAULT_MEMORY_MB

__all__ = ["KEEP", "rob_odds"]

#: The choice not to rob.
KEEP = "keep"


def rob_odds(view: View, *, deals: int = 1000, seed: int | None = None,
             exhaustive: bool = False, seat: int | None = None, limit: Limit | None = None,
             memory_mb: float = DEFAULT_MEMORY_MB,
             progress: Progress | None = None, workers: int = 1) -> ChoicesResult:
    """How often keeping the hand, and robbing with each discard, achieves each
    of the game's questions for ``seat`` (0-based; default the one seat whose
    hand is known), over the deals of the unseen cards (as :func:`~jink.dealing.odds.odds`
    draws them: the same seed, the same deals), solved on up to ``workers``
    processes."""
    plan = view.plan()
    known = [s for s, hand in enumerate(view.hands) if hand is not None]
    if seat is None:
        if len(known) != 1:
            raise PositionError("name the seat that may rob (several hands are known)")
        seat = known[0]
    if view.hands[seat] is None:
        raise PositionError(f"seat {seat + 1}'s hand is unseen (\"?\"): give it")
    if view.turnup is None:
        raise PositionError("robbing needs the turn-up: give turnup, not trump")
    if view.trick or sum(view.won):
        raise PositionError("robbing happens before the first trick")
    game, turnup = view.game, view.turnup
    rank = game.robbing_rank
    if rank is None:
        raise PositionError(f"{game.name}: no seat robs the turn-up by this rule")
    # Who robs follows from the turn-up and the seat's own hand alone.
    ace = make_card(rank, suit_of(turnup))
    dealer = view.players - 1
    if rank_of(turnup) == rank:
        if seat != dealer:
            raise PositionError(f"seat {seat + 1} may not rob the {card_name(turnup)}: the "
                                f"dealer (seat {dealer + 1}) robs a turned ace")
        keep_mask = 0
    elif not (view.hands[seat] or 0) >> ace & 1:
        raise PositionError(f"seat {seat + 1} may not rob the {card_name(turnup)}: only the "
                            f"holder of the {card_name(ace)} may")
    else:
        keep_mask = 1 << ace  # the ace's holder keeps it (see jink.decisions.rob)
    positions, deals, seed = deals_of(plan, deals, seed, exhaustive)
    questions = game.questions(view.players)
    names = tuple(q.name for q in questions)
    tally = Tally(names)
    compulsory = bool(view.options.get("compulsory_rob"))
    started = time.perf_counter()
    #: The discards equivalent in every deal, each group as one choice's name.
    choices: list[tuple[tuple[int, ...], str]] = []

    dealt = iter(positions)
    first = next(dealt, None)
    if first is not None:
        robber(first)  # the game's own checks: errors say why nobody robs
        hand = first.hands[seat]
        order = sort_cards(first.rules, iter_cards(hand & ~keep_mask))
        if not compulsory:
            tally.tricks[KEEP] = 0  # first in the table
        # Every card of the pack may part two discards in some deal: only
        # those with none between are alike in every deal (each such group
        # lies within one group of equivalent discards of every deal).
        groups = equivalent_groups(Tables.of(first.rules), hand & ~keep_mask,
                                   game.deck | 1 << turnup)
        groups.sort(key=lambda g: min(order.index(c) for c in g))
        for alike in groups:
            cards = tuple(sorted(alike, key=order.index))
            name = "rob " + "/".join(card_name(c) for c in cards)
            choices.append((cards, name))
            tally.tricks[name] = 0

    def count(rows: list[tuple[str, Verdict]]) -> None:
        for choice, verdict in rows:
            tally.add(choice, verdict.max_tricks or 0, dict(verdict.answers))
        tally.deals += 1

    solve = partial(_choices_solved, seat=seat, turnup=turnup, keep_mask=keep_mask,
                    choices=tuple(choices), compulsory=compulsory, limit=limit,
                    memory_mb=memory_mb)
    _, interrupted = count_each(chain([first] if first is not None else [], dealt), count,
                                deals, progress, solve=solve, workers=workers)
    return ChoicesResult(game, seat, "rob", tally.deals, exhaustive,
                         tally.deals if exhaustive and not interrupted else plan.total,
                         None if exhaustive else seed, names, tally.choices(exhaustive),
                         time.perf_counter() - started, interrupted=interrupted)


def _choices_solved(position: Position, seat: int, turnup: int, keep_mask: int,
                    choices: tuple[tuple[tuple[int, ...], str], ...], compulsory: bool,
                    limit: Limit | None, memory_mb: float) -> list[tuple[str, Verdict]]:
    """One deal's verdict of each choice (keeping, then each discard's group),
    in a worker process or here."""
    solver = deal_solver(limit, memory_mb)
    rows: list[tuple[str, Verdict]] = []
    if not compulsory:
        rows.append((KEEP, solver.verdict(position, seat)))
    live = 1 << turnup
    for other in position.hands:
        live |= other
    by_discard: dict[int, Verdict] = {}
    for group, robbed in robbed_hands(position.rules, position.hands[seat], turnup, live,
                                      keep_mask):
        hands = list(position.hands)
        hands[seat] = robbed
        verdict = solver.verdict(dataclasses.replace(position, hands=tuple(hands)), seat)
        by_discard.update((card, verdict) for card in group)
    return rows + [(name, by_discard[cards[0]]) for cards, name in choices]

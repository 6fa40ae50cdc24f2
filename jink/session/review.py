"""``--analyse`` for a session: each deal's double-dummy review, and the
counters (or points) that changed hands against the double-dummy result.

A player who could be sure of ``t`` tricks at the first lead and ended with
fewer lost, against that result, what ``t`` tricks were worth to them less
what their tricks were, priced by :func:`~jink.analysis.cost.price` at the
pool the deal was played for (the same function prices ``jink analyse``).
The card blamed is their own first card that lowered the tricks they could
be sure of.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jink.analysis.analyse import Analysis, analyse, question_label
from jink.analysis.cost import Terms, amount_words, price, standard_pool, terms_for
from jink.analysis.instead import MAX_TRICKS, cards_or
from jink.cards import card_name
from jink.session.evening import DealResult
from jink.solver.limits import Limit
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.words import plural


def deal_terms(result: DealResult,
               ledger_options: Mapping[str, Any] | None = None) -> Terms | None:
    """What tricks were worth in a played deal: the game's terms at the pool
    it was played for (None: not played out)."""
    position = result.position
    if position is None:
        return None
    game, players = position.game, len(result.seats)
    # A game without a pool (Forty-Five, Bierspiel) is priced by its own terms alone.
    pool = result.pool if result.pool and standard_pool(game, players) is not None else None
    return terms_for(game, players, position.options, pool, ledger_options)


def review_deal(result: DealResult, limit: Limit | None = None,
                memory_mb: float = DEFAULT_MEMORY_MB,
                ledger_options: Mapping[str, Any] | None = None) -> None:
    """Analyse a settled deal (one played out) and say what each slip cost,
    at the pool it was played for (``ledger_options``: the session's books)."""
    terms = deal_terms(result, ledger_options)
    if result.position is None or terms is None:
        return
    review = analyse(result.position, result.play, limit, memory_mb, partial=False,
                     terms=terms, names=result.in_play)
    result.analysis = review
    result.slips = slips(result, review)
    if result.value is None or review.end is None:
        return
    game = review.start.game
    end = review.end
    for side in game.sides(len(result.in_play)):
        # Partners share one verdict, their side's (Forty-Five): priced once.
        seat = side[0]
        name = " & ".join(result.in_play[s] for s in side)
        if any(result.in_play[s] in result.unpriced for s in side):
            continue
        sure = review.verdicts[seat].exact_max_tricks
        got = sum(end.won[s] for s in side)
        if got >= sure:
            continue
        cost = price(terms, sure, got)
        if cost.amount <= 0:
            continue
        where = f"seat {seat + 1}" if len(side) == 1 else "side " + " & ".join(
            str(s + 1) for s in side)
        amount = amount_words(cost.amount, cost.unit)
        if not end.is_over and game.pool is not None and got >= game.pool:
            result.costs.append(f"{name} claimed in deal {result.number} after trick "
                                f"{end.tricks_done} when {sure} tricks could be forced: "
                                f"{amount} left on the table")
            continue
        blamed = next((card for card in review.cards if card.seat in side
                       and card.after[seat].exact_max_tricks
                       < card.before[seat].exact_max_tricks), None)
        what = (f"{result.in_play[blamed.seat]}'s {card_name(blamed.card)} (seat "
                f"{blamed.seat + 1}) in deal {result.number}, trick {blamed.trick},"
                if blamed is not None else f"the play of {name} ({where}) in deal "
                f"{result.number}")
        result.costs.append(f"{what} cost {name if blamed is None or len(side) > 1 else 'them'}"
                            f" {_lost(result, sure, got)} against the double-dummy result: "
                            f"{amount}")


def slips(result: DealResult, review: Analysis) -> list[str]:
    """Each card that threw away a verdict of its own side, or tricks it
    could be sure of, by its player's name: what it lost, the cards that
    would have kept it, and what that was worth at that moment in the game's
    unit (the tricks the side could be sure of before the card less after
    it, priced at the deal's pool)."""
    out = []
    game = review.start.game
    for card in review.cards:
        why = card.instead
        if why is None or not why.better or why.refuted is None:
            continue
        seat = why.refuted[0]
        side = next(s for s in game.sides(len(result.in_play)) if seat in s)
        name = " & ".join(result.in_play[s] for s in side)
        player = result.in_play[card.seat]

        def label(n: str, kept: dict[str, int] = why.kept) -> str:
            if n == MAX_TRICKS:
                return plural(kept[n], "trick") + " for sure"
            return question_label(review.start, n)

        goals = [n for n in why.better if n != MAX_TRICKS]
        if not goals:
            # Tricks alone: no question changed hands.
            assert card.cost is not None
            was = why.kept[MAX_TRICKS]
            lost = (f"{plural(card.cost.tricks, 'trick')} ({was} to "
                    f"{plural(was - card.cost.tricks, 'trick')} for sure)")
            keep = f"{cards_or(why.better[MAX_TRICKS])} would have kept {label(MAX_TRICKS)}"
        elif len({why.better[n] for n in goals}) == 1:
            lost = " and ".join(label(n) for n in goals)
            cards = why.better[goals[0]]
            keep = (f"{cards_or(cards)} would have kept "
                    f"{'it' if len(goals) == 1 else 'them'}")
        else:
            lost = " and ".join(label(n) for n in goals)
            keep = "; ".join(f"{cards_or(why.better[n])} would have kept {label(n)}"
                             for n in goals)
        text = (f"{player}'s {card_name(card.card)} (seat {card.seat + 1}) in deal "
                f"{result.number}, trick {card.trick}, threw away {lost}: {keep}")
        if card.cost is not None and result.value is not None and name not in result.unpriced \
                and card.cost.amount > 0:
            text += f", worth {amount_words(card.cost.amount, card.cost.unit)} at that moment"
        out.append(text)
    return out


def _lost(result: DealResult, sure: int, got: int) -> str:
    """What falling from ``sure`` tricks to ``got`` lost, in the game's words."""
    assert result.position is not None
    game = result.position.game
    if game.pool is not None and got < game.pool <= sure:
        return "the pool" + (" and the jink" if sure == game.tricks else "")
    if game.pool is not None and got < sure == game.tricks:
        return "the jink"
    return plural(sure - got, "trick")

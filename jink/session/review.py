"""``--analyse`` for a session: each deal's double-dummy review, and the
counters (or points) that changed hands against the double-dummy result.

A player who could be sure of ``t`` tricks at the first lead and ended with
fewer lost, against that result, what ``t`` tricks were worth to him less
what his tricks were (the deal's books say what a number of tricks is worth:
:attr:`~jink.session.evening.DealResult.value`). The card blamed is his own
first card that lowered the tricks he could be sure of.
"""

from __future__ import annotations

from jink.analysis.analyse import Analysis, analyse, question_label
from jink.analysis.instead import cards_or
from jink.cards import card_name
from jink.session.evening import DealResult
from jink.solver.limits import Limit
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.words import plural


def review_deal(result: DealResult, limit: Limit | None = None,
                memory_mb: float = DEFAULT_MEMORY_MB) -> None:
    """Analyse a settled deal (one played out) and say what each slip cost."""
    if result.position is None:
        return
    review = analyse(result.position, result.play, limit, memory_mb, partial=False)
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
        cost = result.value(name, sure) - result.value(name, got)
        if cost <= 0:
            continue
        them = "them" if len(side) > 1 else "him"
        where = f"seat {seat + 1}" if len(side) == 1 else "seats " + ", ".join(
            str(s + 1) for s in side)
        if not end.is_over and game.pool is not None and got >= game.pool:
            result.costs.append(f"{name} claimed in deal {result.number} after trick "
                                f"{end.tricks_done} when {sure} tricks could be forced: "
                                f"{plural(cost, result.unit[:-1])} left on the table")
            continue
        blamed = next((card for card in review.cards if card.seat in side
                       and card.after[seat].exact_max_tricks
                       < card.before[seat].exact_max_tricks), None)
        what = (f"{result.in_play[blamed.seat]}'s {card_name(blamed.card)} (seat "
                f"{blamed.seat + 1}) in deal {result.number}, trick {blamed.trick},"
                if blamed is not None else f"the play of {name} ({where}) in deal "
                f"{result.number}")
        result.costs.append(f"{what} cost {them} {_lost(result, sure, got)} against the "
                            f"double-dummy result: {plural(cost, result.unit[:-1])}")


def slips(result: DealResult, review: Analysis) -> list[str]:
    """Each card that threw away a verdict of its own side, by its player's
    name: what it lost, the cards that would have kept it, and what that was
    worth at that moment in the game's unit (the value of the tricks the side
    could be sure of before the card, less after it)."""
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
        lost = " and ".join(question_label(review.start, n) for n in why.better)
        if len(set(why.better.values())) == 1:
            cards = next(iter(why.better.values()))
            keep = (f"{cards_or(cards)} would have kept "
                    f"{'it' if len(why.better) == 1 else 'them'}")
        else:
            keep = "; ".join(f"{cards_or(c)} would have kept {question_label(review.start, n)}"
                             for n, c in why.better.items())
        text = (f"{player}'s {card_name(card.card)} (seat {card.seat + 1}) in deal "
                f"{result.number}, trick {card.trick}, threw away {lost}: {keep}")
        before = next(v for v in card.before if v.seat == seat)
        after = next(v for v in card.after if v.seat == seat)
        if result.value is not None and name not in result.unpriced \
                and before.max_tricks is not None and after.max_tricks is not None:
            worth = result.value(name, before.max_tricks) - result.value(name, after.max_tricks)
            if worth > 0:
                text += f", worth {plural(worth, result.unit[:-1])} at that moment"
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

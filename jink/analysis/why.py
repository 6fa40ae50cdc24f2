"""Why a key card of a line matters, read off the solved tree.

A *key* card is one that does better than some other legal card (the line's
note says ``only card that ...`` or ``one of 2 cards that ...``). To say why,
the line after it is set beside the line after the most tempting card that
does worse (the best of the worse ones for the mover's side), both played
out by the solver, and three things are compared:

- the trick being played: whether the key card's side wins it where the
  other card would lose it (``wins trick 1``), or gives it up where the other
  would win it (``gives up trick 2``);
- the cards it *draws*: cards of the other side that fall to this trick and
  would win a later trick after the other card (``draws the JS, which takes
  trick 3 after QH``);
- the threat it stops: the first trick the other side takes after the other
  card, with a card that takes no trick after the key card (``stops the AH
  taking trick 4, as after QH``).

Only what the two lines show is said; where they show none of it (the
difference lies further on) nothing is said.

>>> from jink.formats.examples import example
>>> from jink.analysis.line import principal_line
>>> from jink.solver.goals import THREE
>>> solver = Solver()
>>> line = explain_line(solver, example(), 0, THREE, principal_line(solver, example(), 0, THREE))
>>> line[0].why
'draws the JS, which takes trick 2 after KD'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from jink.analysis.line import LineStep, principal_line
from jink.cards import Card, card_name
from jink.position import Position
from jink.solver.goals import Goal
from jink.solver.solver import MoveScore, Solver


@dataclass(frozen=True)
class _Trick:
    number: int
    cards: list[tuple[int, Card]]
    winner: int


def _tricks(start: Position, cards: Sequence[Card]) -> list[_Trick]:
    """The tricks completed when ``cards`` are played from ``start`` (the
    current trick with its cards already on the table)."""
    out = []
    trick = [(start.seat_of_trick_card(i), c) for i, c in enumerate(start.trick)]
    position = start
    for card in cards:
        trick.append((position.seat_to_play, card))
        after = position.play(card)
        if after.tricks_done > position.tricks_done:
            out.append(_Trick(after.tricks_done, trick, after.leader))
            trick = []
        position = after
    return out


def _value(score: MoveScore) -> tuple[bool, int]:
    return (score.achieves, score.max_tricks)


def key_reason(start: Position, card: Card, rest: Sequence[Card], other: Card,
               other_rest: Sequence[Card], team: frozenset[int]) -> str | None:
    """Why ``card`` (played from ``start`` by a seat of ``team``, then
    ``rest``) does better than ``other`` (then ``other_rest``); None when the
    two lines differ only further on."""
    number = start.tricks_done + 1
    mine = _tricks(start, [card, *rest])
    theirs = _tricks(start, [other, *other_rest])
    if not mine or not theirs:
        return None
    parts = []
    now, then = mine[0], theirs[0]
    if now.winner in team and then.winner not in team:
        parts.append(f"wins trick {number}, which {card_name(other)} would lose")
    elif now.winner not in team and then.winner in team:
        parts.append(f"gives up trick {number}, which {card_name(other)} would win")
    # The other side's winners after the other card, trick by trick (later tricks).
    their_wins = [(t.number, c) for t in theirs[1:] if t.winner not in team
                  for s, c in t.cards if s == t.winner]
    my_losses = {c for t in mine if t.winner not in team for s, c in t.cards if s == t.winner}
    drawn = [(n, c) for n, c in their_wins
             if any(c == played and s not in team for s, played in now.cards)]
    for n, c in drawn:
        parts.append(f"draws the {card_name(c)}, which takes trick {n} after "
                     f"{card_name(other)}")
    threat = next(((n, c) for n, c in their_wins if (n, c) not in drawn
                   and c not in my_losses), None)
    if threat is not None:
        parts.append(f"stops the {card_name(threat[1])} taking trick {threat[0]}, as after "
                     f"{card_name(other)}")
    return "; ".join(parts) or None


def explain_line(solver: Solver, start: Position, seat: int, goal: Goal,
                 line: list[LineStep]) -> list[LineStep]:
    """``line`` (the principal line from ``start`` for ``seat`` and ``goal``)
    with ``why`` said on each key card: the line after the most tempting
    card that does worse is worked out and compared (see the module).
    Raises :class:`~jink.errors.LimitExceeded` past the solver's limit; the
    steps explained so far are then in ``line`` already."""
    side = solver.side_of(start, seat)
    position = start
    cards = [step.card for step in line]
    for index, step in enumerate(line):
        mover = position.seat_to_play
        on_side = mover in side
        if len(step.keeps) > 0 and step.note.startswith(("only card", "one of")):
            scores = solver.score_moves(position, seat, goal)
            chosen = next(s for s in scores if s.card == step.card)
            worse = [s for s in scores if _value(s) != _value(chosen)]
            if worse:
                tempting = (max if on_side else min)(worse, key=_value)
                after = position.play(tempting.card)
                other_line = principal_line(solver, after, seat, goal)
                team = side if on_side else frozenset(range(start.players)) - side
                why = key_reason(position, step.card, cards[index + 1:], tempting.card,
                                 [s.card for s in other_line], team)
                if why is not None:
                    line[index] = replace(step, why=why)
        position = position.play(step.card)
    return line


def why_best(solver: Solver, position: Position, seat: int, goal: Goal,
             scores: Sequence[MoveScore]) -> tuple[Card, str] | None:
    """For the scored cards of the seat to play: the best card (for the
    mover's side) and why it matters, when some card does worse and the
    lines show why; else None. (``jink study`` says this under its table.)"""
    side = solver.side_of(position, seat)
    on_side = position.seat_to_play in side
    pick = max if on_side else min
    if not scores:
        return None
    best = pick(scores, key=_value)
    worse = [s for s in scores if _value(s) != _value(best)]
    if not worse:
        return None
    tempting = pick(worse, key=_value)
    mine = principal_line(solver, position.play(best.card), seat, goal)
    theirs = principal_line(solver, position.play(tempting.card), seat, goal)
    team = side if on_side else frozenset(range(position.players)) - side
    why = key_reason(position, best.card, [s.card for s in mine], tempting.card,
                     [s.card for s in theirs], team)
    return None if why is None else (best.card, why)

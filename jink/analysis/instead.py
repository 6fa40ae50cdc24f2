"""Why a card of a played record changed a verdict: the cards that would have
kept it, what the change cost, and the line by which it is punished.

:func:`explain_change` is asked about one card that changed a verdict (see
:mod:`jink.analysis.analyse`). For every question its own side lost it lists
every legal card of the mover at that moment that keeps it (each equivalent
card listed); for every question it handed to another seat, the mover's cards
that would have stopped that seat. The *refutation* is the principal line
from the position after the card, for the weakest question lost (the one
whose loss implies the others'): the others against the mover's side, or,
for a card that only handed something over, the favoured seat against
everybody. The *cost* is the tricks the mover's side could be sure of before
the card less those after it, and, where the game prices tricks (Forty-Five
points, the share of a pool), the same in the game's own terms.

>>> from jink.position import Position
>>> from jink.cards import parse_card, card_name
>>> start = Position.create("spoil-five", "D", ["5D JD AH KC 2S", "9C 8C 7C 6C KD"])
>>> why = explain_change(Solver(), start, parse_card("KC"), ["jink"], [])
>>> [card_name(c) for c in why.better["jink"]]
['AH', '5D', 'JD']
>>> why.cost["tricks"], why.refuted
(1, (0, 'jink'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from jink.analysis.line import LineStep, principal_line
from jink.cards import Card, card_name
from jink.position import Position, sort_cards
from jink.solver.goals import Goal, Spoil, goal_for
from jink.solver.solver import Solver
from jink.words import plural


@dataclass(frozen=True)
class Stopper:
    """The mover's cards that would have kept ``seat`` from forcing ``goal``."""

    seat: int
    goal: str
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat + 1, "goal": self.goal,
                "cards": [card_name(c) for c in self.cards]}


@dataclass(frozen=True)
class Instead:
    """What a card that changed a verdict should have been, and why it hurt.

    ``better`` maps each question the mover's side lost to the legal cards
    that keep it; ``kept`` the most tricks the side could still be sure of
    after the best of them; ``stoppers`` the questions handed to other seats
    with the cards that would have stopped them. ``refuted`` is the
    (seat, question) the ``refutation`` line is about.
    """

    better: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    kept: dict[str, int] = field(default_factory=dict)
    stoppers: tuple[Stopper, ...] = ()
    cost: dict[str, object] = field(default_factory=dict)
    refutation: tuple[LineStep, ...] = ()
    refuted: tuple[int, str] | None = None


def weakest(position: Position, names: Sequence[str]) -> str:
    """Of questions lost together, the one whose loss implies the others':
    the spoil (another seat takes three, so nobody else can), else the one
    needing fewest tricks.

    >>> p = Position.create("spoil-five", "D", ["5D JD AH KC 2S", "9C 8C 7C 6C KD"])
    >>> weakest(p, ["three", "jink"]), weakest(p, ["jink", "spoil", "three"])
    ('three', 'spoil')
    """
    tricks = {q.name: q.tricks for q in position.game.questions(position.players)}
    return min(names, key=lambda n: -1 if tricks.get(n) is None else tricks[n] or 0)


def explain_change(solver: Solver, before: Position, card: Card, lost: Sequence[str],
                   handed: Sequence[tuple[int, str]], asked: int | None = None) -> Instead:
    """Explain ``card``, played from ``before``: ``lost`` are the questions
    its own side lost (asked of seat ``asked``, the mover's side's seat that
    was solved; default the mover), ``handed`` the (seat, question) pairs it
    let another seat force. Raises :class:`~jink.errors.LimitExceeded` past
    the solver's limit."""
    mover = before.seat_to_play
    own = mover if asked is None else asked
    after = before.play(card)
    better: dict[str, tuple[Card, ...]] = {}
    kept: dict[str, int] = {}
    for name in lost:
        scores = solver.score_moves(before, own, goal_for(before, name))
        keepers = [s for s in scores if s.achieves]
        better[name] = tuple(sort_cards(before.rules, [s.card for s in keepers]))
        kept[name] = max((s.max_tricks for s in keepers), default=0)
    stoppers = []
    for seat, name in handed:
        scores = solver.score_moves(before, seat, goal_for(before, name))
        stoppers.append(Stopper(seat, name, tuple(sort_cards(
            before.rules, [s.card for s in scores if not s.achieves]))))
    cost: dict[str, object] = {}
    refuted: tuple[int, str] | None = None
    if lost:
        name = weakest(before, lost)
        refuted = (own, name)
        cost = _cost(before, solver, own, after)
    elif handed:
        name = weakest(before, [n for _, n in handed])
        refuted = next((s, n) for s, n in handed if n == name)
    line: list[LineStep] = []
    if refuted is not None:
        seat, name = refuted
        principal_line(solver, after, seat, goal_for(after, name), line)
    return Instead(better, kept, tuple(stoppers), cost, tuple(line), refuted)


def _cost(before: Position, solver: Solver, seat: int, after: Position) -> dict[str, object]:
    """What the card cost ``seat``'s side: the tricks it could be sure of
    before the card less those after it, and the same in the game's terms
    where it prices tricks (points, share of the pool)."""
    kept, now = solver.max_tricks(before, seat), solver.max_tricks(after, seat)
    cost: dict[str, object] = {"tricks": kept - now}
    game, players, options = before.game, before.players, before.options
    was, left = game.extras(kept, players, options), game.extras(now, players, options)
    for key, value in was.items():
        cost[key] = _less(value, left[key])
    return cost


def _less(was: object, now: object) -> object:
    """``was - now`` for a worth: a number, or a share of the pool (``"2/5"``).

    >>> _less(10, 5), _less("3/5", "2/5"), _less("1", "0")
    (5, '1/5', '1')
    """
    if isinstance(was, int) and isinstance(now, int):
        return was - now
    return str(Fraction(str(was)) - Fraction(str(now)))


def decided_at(start: Position, line: Sequence[LineStep], seat: int, goal: Goal) -> int:
    """How many cards of ``line`` (played from ``start``) it takes to settle
    ``goal`` for ``seat``'s side: the end of the first trick after which it
    is reached or out of reach (all of the line if never)."""
    side = frozenset(next(s for s in start.game.sides(start.players) if seat in s))
    position = start
    for index, step in enumerate(line):
        position = position.play(step.card)
        if step.won_by is not None:
            remaining = position.game.tricks - position.tricks_done
            if goal.status(position.won, side, remaining) is not None:
                return index + 1
    return len(line)


def line_words(start: Position, line: Sequence[LineStep], seat: int, name: str) -> str:
    """The refutation in words, trick by trick, up to the trick that settles
    the question (``9D 2D, seat 1 wins trick 1 with KD; QS 8S 7S, seat 3
    wins trick 2 with QS``), then what the seat can make in that line."""
    goal = goal_for(start, name)
    shown = line[:decided_at(start, line, seat, goal)]
    parts: list[str] = []
    # The whole trick, with the cards played before the line began, to name
    # the winning card; only the line's own cards are said.
    trick = [(start.seat_of_trick_card(i), c) for i, c in enumerate(start.trick)]
    said: list[Card] = []
    for step in shown:
        trick.append((step.seat, step.card))
        said.append(step.card)
        if step.won_by is not None:
            won_with = next(c for s, c in trick if s == step.won_by)
            parts.append(f"{' '.join(map(card_name, said))}, seat {step.won_by + 1} wins "
                         f"trick {step.trick} with {card_name(won_with)}")
            trick, said = [], []
    if said:
        parts.append(" ".join(map(card_name, said)))
    side = next(s for s in start.game.sides(start.players) if seat in s)
    who = f"seat {seat + 1}" if len(side) == 1 else \
        "seats " + " & ".join(str(s + 1) for s in side)
    if isinstance(goal, Spoil):
        # A spoil is lost to another seat's three: name it.
        end_of_line = start
        for step in line:
            end_of_line = end_of_line.play(step.card)
        taker = max((s for s in range(start.players) if s not in side),
                    key=lambda s: end_of_line.won[s])
        end = f"seat {taker + 1} ends with {plural(end_of_line.won[taker], 'trick')}"
    else:
        final = line[-1].max_tricks if line else sum(start.won[s] for s in side)
        end = f"{who} can make {plural(final, 'trick')}"
    return "; ".join(parts) + f" ({end})" if parts else end


def cards_or(cards: Sequence[Card]) -> str:
    """Cards as a choice: ``KD``, ``KD or JD``, ``KD, JD or 5D``.

    >>> from jink.cards import parse_cards
    >>> cards_or(parse_cards("KD")), cards_or(parse_cards("KD JD 5D"))
    ('KD', 'KD, JD or 5D')
    """
    names = [card_name(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def worth_words(key: str, value: object) -> str:
    """A worth in the game's terms, for people (no key names): ``5 points``,
    ``1/5 of the pool``; what is paid out (negative) said as paid.

    >>> worth_words("pool_share", "-1"), worth_words("counters", -15)
    ('pays as much as the pool', 'pays 15 counters')
    """
    if key == "pool_share":
        if value in ("-1", -1):
            return "pays as much as the pool"
        return f"{value} of the pool" if value not in ("1", 1) else "the whole pool"
    if isinstance(value, int):
        noun = key.rstrip("s").replace("_", " ")
        return f"pays {plural(-value, noun)}" if value < 0 else plural(value, noun)
    return f"{value} {key.replace('_', ' ')}"


def cost_words(cost: dict[str, object]) -> str:
    """The cost in words: ``2 tricks, 5 points``; empty when it cost no trick
    (a question lost without a trick of the sure count: the spoil).

    >>> cost_words({"tricks": 2, "points": 5}), cost_words({"tricks": 1, "pool_share": "1/5"})
    ('2 tricks, 5 points', '1 trick, 1/5 of the pool')
    """
    tricks = cost.get("tricks")
    if not isinstance(tricks, int) or tricks <= 0:
        return ""
    worth = [worth_words(k, v) for k, v in cost.items() if k != "tricks"
             and v not in (0, "0")]
    return ", ".join([plural(tricks, "trick"), *worth])


def instead_notes(before: Position, card: Card, why: Instead,
                  label: Callable[[str], str]) -> list[str]:
    """The sentences a reader gets under a card that changed a verdict:
    which cards would have kept each question lost (and what it cost), which
    would have stopped each question handed over, and the refutation.
    ``label`` names a question (``three tricks (the pool)``)."""
    notes = []
    groups: dict[tuple[Card, ...], list[str]] = {}
    for name, cards in why.better.items():
        groups.setdefault(cards, []).append(name)
    stoppers = list(why.stoppers)
    cost = cost_words(why.cost)
    for cards, names in groups.items():
        kept = max(why.kept[n] for n in names)
        what = " and ".join(label(n) for n in names)
        # The same cards often also stop what the card handed over: one sentence.
        also = [s for s in stoppers if s.cards == cards]
        stoppers = [s for s in stoppers if s.cards != cards]
        stopped = "".join(f" and stopped seat {s.seat + 1} forcing {label(s.goal)}"
                          for s in also)
        notes.append(f"{cards_or(cards)} would have kept {what}{stopped} "
                     f"({plural(kept, 'trick')} for sure)"
                     + (f"; {card_name(card)} cost {cost}" if cost else ""))
        cost = ""  # said once, with the first of the cards that keep something
    for stop in stoppers:
        notes.append(f"{cards_or(stop.cards)} would have stopped seat {stop.seat + 1} "
                     f"forcing {label(stop.goal)}")
    if why.refuted is not None and why.refutation:
        seat, name = why.refuted
        after = before.play(card)
        how = line_words(after, why.refutation, seat, name)
        if why.better:
            notes.append(f"after {card_name(card)}: {how}")
        else:
            notes.append(f"after {card_name(card)}, seat {seat + 1} forces {label(name)}: "
                         f"{how}")
    return notes

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
>>> why.cost.to_dict(), why.refuted
({'tricks': 1, 'amount': 1, 'unit': 'counters'}, (0, 'jink'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from jink.analysis.cost import Cost, Terms, price, terms_for
from jink.analysis.line import LineStep, principal_line
from jink.cards import Card, card_name
from jink.position import Position, sort_cards
from jink.solver.goals import AtLeast, Goal, Spoil, goal_for
from jink.solver.solver import Solver
from jink.words import plural


@dataclass(frozen=True)
class Stopper:
    """The mover's cards that would have kept ``seat`` from forcing ``goal``.

    Where the card played was its mover's best for its own side (it kept
    every trick the side could be sure of), ``cards`` holds only the
    stoppers as good for the mover, and ``costly`` the others, which would
    have cost the mover's side tricks. ``hands`` names, for each stopper
    that would have let another seat (or side) force the game's winning
    question instead, that seat: stopping one seat would have handed the
    pool to another.
    """

    seat: int
    goal: str
    cards: tuple[Card, ...]
    costly: tuple[Card, ...] = ()
    hands: tuple[tuple[Card, int, str], ...] = ()

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"seat": self.seat + 1, "goal": self.goal,
                                  "cards": [card_name(c) for c in self.cards]}
        if self.costly:
            out["costly"] = [card_name(c) for c in self.costly]
        if self.hands:
            out["hands"] = [{"card": card_name(c), "seat": s + 1, "goal": g}
                            for c, s, g in self.hands]
        return out


@dataclass(frozen=True)
class Better:
    """One card that would have done better than the card played: the most
    tricks its side could then be sure of, the lost questions it keeps
    (``max_tricks``: it keeps the tricks the side could be sure of before),
    and what it saves against the card played."""

    card: Card
    max_tricks: int
    keeps: tuple[str, ...]
    saves: Cost

    def to_dict(self) -> dict[str, object]:
        return {"card": card_name(self.card), "max_tricks": self.max_tricks,
                "keeps": list(self.keeps), "saves": self.saves.to_dict()}


@dataclass(frozen=True)
class Instead:
    """What a card that changed a verdict should have been, and why it hurt.

    ``better`` maps each question the mover's side lost (and ``max_tricks``,
    when the tricks it could be sure of dropped) to the legal cards that keep
    it; ``kept`` the most tricks the side could still be sure of after the
    best of them; ``cards`` every card that would have done better, each with
    its own worth, best first; ``stoppers`` the questions handed to other
    seats with the cards that would have stopped them. ``refuted`` is the
    (seat, question) the ``refutation`` line is about.
    """

    better: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    kept: dict[str, int] = field(default_factory=dict)
    stoppers: tuple[Stopper, ...] = ()
    cost: Cost | None = None
    refutation: tuple[LineStep, ...] = ()
    refuted: tuple[int, str] | None = None
    cards: tuple[Better, ...] = ()


#: The key of :attr:`Instead.better` for the tricks a side could be sure of.
MAX_TRICKS = "max_tricks"


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
                   handed: Sequence[tuple[int, str]], asked: int | None = None,
                   terms: Terms | None = None) -> Instead:
    """Explain ``card``, played from ``before``: ``lost`` are the questions
    its own side lost (asked of seat ``asked``, the mover's side's seat that
    was solved; default the mover), ``handed`` the (seat, question) pairs it
    let another seat force. A drop in the tricks the side can be sure of is
    found here too, and priced by ``terms`` (default the game's standard
    terms, :func:`~jink.analysis.cost.terms_for`). Raises
    :class:`~jink.errors.LimitExceeded` past the solver's limit."""
    mover = before.seat_to_play
    own = mover if asked is None else asked
    if terms is None:
        terms = terms_for(before.game, before.players, before.options)
    after = before.play(card)
    side_moves = own in solver.side_of(before, mover)
    better: dict[str, tuple[Card, ...]] = {}
    kept: dict[str, int] = {}
    cards: tuple[Better, ...] = ()
    cost: Cost | None = None
    if side_moves:
        # Every legal card's tricks for the side (one search of each; the
        # goal only orders it), then each lost question's keepers.
        tricks = {s.card: s.max_tricks for s in solver.score_moves(
            before, own, AtLeast(max(1, solver.max_tricks(before, own))))}
        was, now = max(tricks.values()), tricks[card]
        keeps: dict[Card, list[str]] = {c: [] for c in tricks}
        if now < was:
            for c, t in tricks.items():
                if t == was:
                    keeps[c].append(MAX_TRICKS)
        for name in lost:
            goal = goal_for(before, name)
            achieving = {s.card for s in solver.score_moves(before, own, goal) if s.achieves}
            for c in achieving:
                keeps[c].append(name)
        for name in ([MAX_TRICKS] if now < was else []) + list(lost):
            keepers = [c for c in tricks if name in keeps[c]]
            better[name] = tuple(sort_cards(before.rules, keepers))
            kept[name] = max((tricks[c] for c in keepers), default=0)
        if lost or now < was:
            cost = price(terms, was, now)
            display = {c: i for i, c in enumerate(sort_cards(before.rules, list(tricks)))}
            # Best first: what a card is worth, then its tricks, then the goals it keeps.
            cards = tuple(sorted(
                (Better(c, t, tuple(keeps[c]), price(terms, t, now))
                 for c, t in tricks.items() if c != card and (t > now or keeps[c])),
                key=lambda b: (-terms.worth(b.max_tricks), -b.max_tricks, -len(b.keeps),
                               display[b.card])))
    stoppers = [_stopper(solver, before, card, seat, name, not lost and cost is None)
                for seat, name in handed]
    refuted: tuple[int, str] | None = None
    if lost:
        refuted = (own, weakest(before, lost))
    elif better:
        refuted = (own, str(kept[MAX_TRICKS]))
    elif handed:
        name = weakest(before, [n for _, n in handed])
        refuted = next((s, n) for s, n in handed if n == name)
    line: list[LineStep] = []
    if refuted is not None:
        seat, name = refuted
        principal_line(solver, after, seat, goal_for(after, name), line)
    return Instead(better, kept, tuple(stoppers), cost, tuple(line), refuted, cards)


def _stopper(solver: Solver, before: Position, card: Card, seat: int, name: str,
             best: bool) -> Stopper:
    """The mover's cards that would have kept ``seat`` from ``name``, weighed
    against what they give away: with ``best`` (the card played kept all its
    side could be sure of), a stopper that would have cost the mover's side
    tricks is set apart; and a stopper that lets another seat force the
    game's winning question where the card played did not is named."""
    mover = before.seat_to_play
    scores = solver.score_moves(before, seat, goal_for(before, name))
    stop = sort_cards(before.rules, [s.card for s in scores if not s.achieves])
    costly: list[Card] = []
    if best and stop:
        own = {s.card: s.max_tricks for s in solver.score_moves(
            before, mover, AtLeast(max(1, solver.max_tricks(before, mover))))}
        costly = [c for c in stop if own[c] < own[card]]
        stop = [c for c in stop if c not in costly]
    hands: list[tuple[Card, int, str]] = []
    winning = before.game.winning_question
    if winning is not None and stop:
        goal = goal_for(before, winning)
        after = before.play(card)
        mine = solver.side_of(before, mover) | solver.side_of(before, seat)
        others = [side[0] for side in before.game.sides(before.players)
                  if not mine & set(side)]
        for other in others:
            if solver.can_force(after, other, goal):
                continue  # it could already: the stopper hands it nothing
            hands.extend((c, other, winning) for c in stop
                         if solver.can_force(before.play(c), other, goal))
    return Stopper(seat, name, tuple(stop), tuple(costly), tuple(hands))


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
    who = side_words(start, seat)
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


def side_words(position: Position, seat: int) -> str:
    """A seat, or a partnership as a side: ``seat 2``, ``side 2 & 4``.

    >>> p = Position.create("forty-five", "D", ["5D JD", "9C 8C", "AH KC", "2S 3S"],
    ...                     won=[1, 1, 1, 0])
    >>> side_words(p, 1)
    'side 2 & 4'
    """
    side = next(s for s in position.game.sides(position.players) if seat in s)
    if len(side) == 1:
        return f"seat {seat + 1}"
    return "side " + " & ".join(str(s + 1) for s in side)


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


def instead_notes(before: Position, card: Card, why: Instead,
                  label: Callable[[str], str]) -> list[str]:
    """The sentences a reader gets under a card that changed a verdict:
    the cards that would have done better, best first, each group with what
    it keeps and its tricks for sure (and, with the first, what the card
    cost); the cards that would have stopped each question handed over; and
    the refutation. ``label`` names a question (``three tricks (the pool)``)."""
    notes = []
    groups: dict[tuple[int, tuple[str, ...]], list[Card]] = {}
    for better in why.cards:
        groups.setdefault((better.max_tricks, better.keeps), []).append(better.card)
    stoppers = list(why.stoppers)
    cost = why.cost.words() if why.cost is not None and why.cost.tricks > 0 else ""
    for (tricks, keeps), cards in groups.items():
        sure = plural(tricks, "trick")
        goals = [label(n) for n in keeps if n != MAX_TRICKS]
        if goals:
            what = " and ".join(goals) + f" ({sure} for sure)"
        elif MAX_TRICKS in keeps:
            what = f"{sure} for sure"
        else:
            what = ""
        # The same cards often also stop what the card handed over: one sentence.
        also = [s for s in stoppers if set(s.cards) == set(cards)]
        stopped = "".join(f" and stopped seat {s.seat + 1} forcing {label(s.goal)}"
                          for s in also)
        verb = f"would have kept {what}" if what else f"would have made {sure} for sure"
        notes.append(f"{cards_or(cards)} {verb}{stopped}"
                     + (f"; {card_name(card)} cost {cost}" if cost else ""))
        cost = ""  # said once, with the best cards
    if cost:
        notes.append(f"{card_name(card)} cost {cost}")
    said = {(s.seat, s.goal) for cards in groups.values() for s in why.stoppers
            if set(s.cards) == set(cards)}
    mover = side_words(before, before.seat_to_play)
    for stop in stoppers:
        if (stop.seat, stop.goal) in said:
            continue
        them, goal = side_words(before, stop.seat), label(stop.goal)
        if not stop.cards:
            # The card was its mover's best for itself: no advice to stop.
            notes.append(f"{card_name(card)} was the best card for {mover}: "
                         f"{cards_or(stop.costly)} would have stopped {them} forcing {goal} "
                         f"only at a cost to {mover}")
            continue
        handing: dict[tuple[int, str], list[Card]] = {}
        for c, other, name in stop.hands:
            handing.setdefault((other, name), []).append(c)
        given = {c for cards in handing.values() for c in cards}
        clean = [c for c in stop.cards if c not in given]
        if clean:
            notes.append(f"{cards_or(clean)} would have stopped {them} forcing {goal}")
        for (other, name), cards in handing.items():
            notes.append(f"{cards_or(cards)} would have stopped {them} forcing {goal} but "
                         f"let {side_words(before, other)} force {label(name)} instead")
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

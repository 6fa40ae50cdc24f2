"""Replaying a played deal: where each verdict was kept, thrown away or handed over.

For every card of a played record the verdicts of every seat are computed
before and after it (one :class:`~jink.solver.solver.Solver` serves the whole
deal, so each position's search feeds the next). Under double dummy a seat's
verdicts can only get worse through its own side's cards and better through
the other seats' cards, so every change is one of two things: a card that
*threw away* a verdict of its own side, or a card that *let* another seat
force something it could not before.

>>> from jink.position import Position
>>> from jink.cards import parse_cards
>>> start = Position.create("spoil-five", "D", ["5D JD AH KC 2S", "9C 8C 7C 6C KD"])
>>> review = analyse(start, [parse_cards("KC KD")])
>>> review.cards[0].notes
["seat 1's KC threw away the jink", "seat 1's KC cost 1 trick (5 to 4 tricks for sure: 1 counter)"]

Under a limit the answers it stops are unknown (None, ``?``): a card is said
to throw away or hand over a verdict only when both answers are known, and
the summary says that some are not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from jink.analysis.cost import Cost, Terms, amount_words, price, terms_for
from jink.analysis.instead import Instead, explain_change, instead_notes
from jink.cards import Card, card_name
from jink.errors import IllegalPlayError, LimitExceeded, PositionError
from jink.position import Position
from jink.solver.goals import AtLeast
from jink.solver.limits import Limit
from jink.solver.solver import Solver, Verdict, every_side_solved, forceable
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.words import plural


@dataclass(frozen=True)
class CardReview:
    """One card of the record with every seat's verdicts before and after it."""

    trick: int
    seat: int
    card: Card
    before: list[Verdict]
    after: list[Verdict]
    notes: list[str]
    won_by: int | None = None
    claim: str | None = None
    #: Why the card changed a verdict: the cards that would have kept it, the
    #: cost, the refutation (None: it changed nothing, or was not explained).
    instead: Instead | None = None
    #: ``instead`` in sentences, cards by name (see :func:`instead_notes`).
    reasons: tuple[str, ...] = ()
    #: What the card cost its mover's side: the tricks it could be sure of
    #: before less after, priced in the game's terms (None: it cost nothing,
    #: or the side was not solved).
    cost: Cost | None = None

    @property
    def changed(self) -> bool:
        """Whether the card changed any seat's answer to any question, or
        lowered the tricks its own side could be sure of (known before and
        after it: an unknown answer is not a change)."""
        return (self.cost is not None and self.cost.tricks > 0) or any(
            was is not None and now is not None and was != now
            for b, a in zip(self.before, self.after, strict=True)
            for (_, was), (_, now) in zip(b.answers, a.answers, strict=True))

    @property
    def slip(self) -> bool:
        """Whether the card did worse than its mover could: it cost its own
        side something, or handed another seat something that a card as good
        for its own side would have stopped without letting a third force the
        pool (unexplained: any change)."""
        why = self.instead
        if why is None:
            return self.changed
        # A stopper that would have let another seat force the pool instead
        # is no better for the mover.
        return self.cost is not None or bool(why.better) or any(
            set(s.cards) - {c for c, _, _ in s.hands} for s in why.stoppers)

    @property
    def unknown(self) -> bool:
        """Whether the limit stopped any answer before or after the card."""
        return any(v.unknown for v in (*self.before, *self.after))

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "trick": self.trick, "seat": self.seat + 1, "card": card_name(self.card),
            "before": [v.to_dict() for v in self.before],
            "after": [v.to_dict() for v in self.after],
            "changed": self.changed, "slip": self.slip, "notes": self.notes}
        if self.won_by is not None:
            out["won_by"] = self.won_by + 1
        if self.claim is not None:
            out["claim"] = self.claim
        if self.cost is not None:
            out["cost"] = self.cost.to_dict()
        why = self.instead
        if why is not None:
            # Keys present only on the cards that changed a verdict.
            if why.better:
                out["better"] = {name: [card_name(c) for c in cards]
                                 for name, cards in why.better.items()}
                out["better_tricks"] = dict(why.kept)
                out["better_cards"] = [better.to_dict() for better in why.cards]
            if why.stoppers:
                out["would_stop"] = [stop.to_dict() for stop in why.stoppers]
            if why.refuted is not None:
                out["refuted"] = {"seat": why.refuted[0] + 1, "goal": why.refuted[1]}
                out["refutation"] = [step.to_dict() for step in why.refutation]
            out["reasons"] = list(self.reasons)
        return out


@dataclass
class Analysis:
    """The whole review: the start, every card, and what it comes to."""

    start: Position
    verdicts: list[Verdict]
    cards: list[CardReview] = field(default_factory=list)
    end: Position | None = None
    nodes: int = 0
    #: Claims (a seat with three tricks: jink or claim?) the limit left open.
    claims_cut: int = 0
    #: Cards that changed a verdict whose explanation the limit stopped.
    reasons_cut: int = 0
    #: What tricks are worth: the unit and pool the costs are priced at.
    terms: Terms | None = None
    #: The players' names, seat by seat, where the record gives them: every
    #: sentence then names them rather than their seats.
    names: tuple[str, ...] = ()

    def seat_name(self, seat: int) -> str:
        """A seat (0-based) as the sentences name it: its player, or ``seat N``."""
        return self.names[seat] if self.names else f"seat {seat + 1}"

    @property
    def unknown(self) -> list[str]:
        """The parts the limit left incomplete: ``verdicts`` (some answer, at
        the start or at some card, is unknown), ``claims``."""
        verdicts = any(v.unknown for v in self.verdicts) or any(c.unknown for c in self.cards)
        return [name for name, cut in (("verdicts", verdicts), ("claims", bool(self.claims_cut)),
                                       ("reasons", bool(self.reasons_cut)))
                if cut]

    @property
    def complete(self) -> bool:
        return self.end is not None and self.end.is_over

    @property
    def every_seat(self) -> bool:
        """Whether every seat (every side, in partnerships) was solved."""
        return every_side_solved(self.start, self.verdicts)

    @property
    def forceable(self) -> bool | None:
        """Whether some seat could force the game's main question at the start;
        None for a game without one, or when a seat left unsolved might."""
        return forceable(self.start, self.verdicts)

    def summary(self) -> list[str]:
        """The story of the deal in a few sentences (players by name, where
        the record gives them)."""
        return [name_seats(line, self.names) for line in self._summary()]

    def _summary(self) -> list[str]:
        game = self.start.game
        lines = []
        if not self.every_seat:
            lines.append(f"Verdicts for {_seats([v.seat for v in self.verdicts])} only; "
                         "the other seats were not solved.")
        name = game.winning_question
        if name is not None:
            label = question_label(self.start, name)
            forcers = [v.seat for v in self.verdicts if v.answer(name)]
            open_seats = [v.seat for v in self.verdicts if v.answer(name) is None]
            if forcers:
                # Partners share one verdict: their side is said once, as a side.
                sides = self.start.game.sides(self.start.players)
                who = sorted({next(s for s in sides if seat in s) for seat in forcers})
                said = _seats(forcers) if all(len(s) == 1 for s in who) else \
                    ", ".join(_side_words(s) for s in who)
                lines.append(f"At the start {said} could force {label}.")
            elif open_seats:
                lines.append(f"At the start no seat was found to force {label}; the limit "
                             f"stopped the question for {_seats(open_seats)}.")
            else:
                nobody = "nobody" if self.every_seat else "no seat solved"
                lines.append(f"At the start {nobody} could force {label}.")
        opening = len(lines)
        lines.extend(note_with_trick(review, note) for review in self.cards
                     for note in review.notes)
        if len(lines) == opening and self.cards:
            anyone = "any seat" if self.every_seat else "any seat solved"
            found = ", among the answers found" if self.unknown else ""
            lines.append(f"No card changed what {anyone} could force{found}.")
        elif name is not None and self.cards:
            # Cards, not seats: one card may change several seats' answers,
            # and partners share theirs.
            swings = sum(1 for review in self.cards if any(
                None not in (b.answer(name), a.answer(name)) and b.answer(name) != a.answer(name)
                for b, a in zip(review.before, review.after, strict=True)))
            if swings == 0:
                lines.append(f"Who could force {question_label(self.start, name)} never changed.")
            else:
                lines.append(f"Who could force {question_label(self.start, name)} changed "
                             f"at {plural(swings, 'card')}: the result was in doubt.")
        lines.extend(review.claim for review in self.cards if review.claim)
        if self.unknown:
            lines.append("The limit stopped some questions (? in the tables): the notes "
                         "above cover only the answers found; raise --max-seconds or "
                         "--max-nodes for the rest.")
        if self.end is not None:
            if self.end.is_over:
                lines.append(_outcome(self.end))
            elif self.end.trick:
                lines.append(f"The record stops part-way through trick "
                             f"{self.end.tricks_done + 1}.")
            else:
                lines.append(f"The record stops after trick {self.end.tricks_done}.")
        return lines

    def to_dict(self) -> dict[str, object]:
        return {
            "game": self.start.game.name,
            "start": {"seats": [v.to_dict() for v in self.verdicts],
                      "forceable": self.forceable},
            **({"prices": self.terms.to_dict()} if self.terms is not None else {}),
            "cards": [review.to_dict() for review in self.cards],
            "complete": self.complete,
            **({"unknown": self.unknown} if self.unknown else {}),
            "summary": self.summary(),
            "nodes": self.nodes,
        }


_SEATS = re.compile(r"\b(?:([Ss])eats? |side )(\d+(?:(?:, | & )\d+)*)\b")


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with every seat, list of seats or side said by its players'
    names (none given: unchanged).

    >>> name_seats("seat 2's 8S let side 1 & 3 force the odd trick", ["Ann", "Bob", "Cat"])
    "Bob's 8S let Ann & Cat force the odd trick"
    >>> name_seats("Seat 1 wins trick 2; seats 2, 3 could force it", ["Ann", "Bob", "Cat"])
    'Ann wins trick 2; Bob, Cat could force it'
    """
    if not names:
        return text

    def named(match: re.Match[str]) -> str:
        numbers = re.split(r"(, | & )", match.group(2))
        return "".join(names[int(part) - 1] if part.isdigit() else part for part in numbers)

    return _SEATS.sub(named, text)


def note_with_trick(review: CardReview, note: str) -> str:
    """A note as a sentence of the summary, with its trick."""
    return f"Trick {review.trick}: {note}."


def _seats(seats: list[int]) -> str:
    names = [str(s + 1) for s in seats]
    return ("seat " if len(names) == 1 else "seats ") + ", ".join(names)


def question_label(position: Position, name: str) -> str:
    """A question as a noun phrase, what a seat forces or throws away: three
    tricks (the pool), the jink, the spoil, the odd trick (three tricks or
    more), a trick (not to be ramsed)."""
    fixed = {"three": "three tricks (the pool)", "jink": "the jink", "spoil": "the spoil",
             "odd_trick": "the odd trick (three tricks or more)", "all_five": "all five tricks",
             "takes_a_trick": "a trick", "not_ramsed": "a trick (not to be ramsed)",
             "general_rams": "all five tricks (a general rams)",
             "not_looed": "a trick (not to be looed)", "all_three": "all three tricks"}
    if name in fixed:
        return fixed[name]
    for question in position.game.questions(position.players):
        if question.name == name:
            return question.label[0].lower() + question.label[1:]
    return name


def _labeller(position: Position) -> Callable[[str], str]:
    """:func:`question_label` for one position's game."""
    def label(name: str) -> str:
        return question_label(position, name)
    return label


def _outcome(end: Position) -> str:
    pool = end.game.pool
    winners = [s for s, w in enumerate(end.won) if pool is not None and w >= pool]
    sides = end.game.sides(end.players)
    won = ", ".join(f"{_side_words(side)}: {sum(end.won[s] for s in side)}" for side in sides)
    if pool is not None:
        result = (f"seat {winners[0] + 1} won the pool" if winners
                  else "the pool was spoiled")
        if winners and _went_on(end, winners[0]):
            # RULINGS Spoil Five 5: going on from three, he must take all five.
            result = (f"seat {winners[0] + 1} took three tricks, went on for the jink and "
                      "failed: the deal is spoiled")
        return f"The deal is over ({won}): {result}."
    return f"The deal is over ({won})."


def _went_on(end: Position, winner: int) -> bool:
    """Whether ``winner``, who ended a finished deal with the pool's tricks but
    not all of them, had them before the last trick (and so went on for the
    jink and failed): with four he did; with three, unless the last was his."""
    won, pool = end.won[winner], end.game.pool
    if pool is None or won >= end.game.tricks:
        return False
    return won > pool or end.leader != winner


@dataclass
class _Changes:
    """What one card changed: the notes, and the same as data: the questions
    the mover's side lost (asked of ``own``, its seat that was solved) and the
    (seat, question) pairs handed to other seats."""

    notes: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    own: int | None = None
    handed: list[tuple[int, str]] = field(default_factory=list)
    #: What the card cost its own side (tricks it could be sure of, priced).
    cost: Cost | None = None


def _changes(position: Position, mover: int, card: Card, before: list[Verdict],
             after: list[Verdict], terms: Terms) -> _Changes:
    """Every verdict the card changed, said as lost (own side) or handed over,
    and the tricks its own side could be sure of that it threw away."""
    changes = _Changes()
    notes = changes.notes
    sides = position.game.sides(position.players)
    said: set[tuple[int, ...]] = set()
    played = f"seat {mover + 1}'s {card_name(card)}"
    for old, new in zip(before, after, strict=True):
        side = next(s for s in sides if old.seat in s)
        if side in said:
            continue  # partners share one verdict: say it once, for the first solved
        said.add(side)
        lost: list[str] = []
        for (name, was), (_, now) in zip(old.answers, new.answers, strict=True):
            if was == now or was is None or now is None:
                continue  # an unknown answer: no change can be said
            label = question_label(position, name)
            if was and not now:
                lost.append(label)
                changes.lost.append(name)
                changes.own = old.seat
            else:
                notes.append(f"{played} let {_side_words(side)} force {label}")
                changes.handed.append((old.seat, name))
        dropped = mover in side and old.max_tricks is not None \
            and new.max_tricks is not None and new.max_tricks < old.max_tricks
        if dropped:
            # Under double dummy only a side's own cards lower its sure tricks.
            assert old.max_tricks is not None and new.max_tricks is not None
            changes.cost = price(terms, old.max_tricks, new.max_tricks)
            changes.own = old.seat
        owner = f" for {_side_words(side)}" if old.seat != mover or len(side) > 1 else ""
        # One note per thing lost, so that a limit that hides one answer
        # leaves the other notes as they are.
        notes.extend(f"{played} threw away {label}{owner}" for label in lost)
        cost = changes.cost if dropped else None
        if cost is not None:
            notes.append(f"{played} cost {plural(cost.tricks, 'trick')}{owner} "
                         f"({old.max_tricks} to {plural(new.max_tricks or 0, 'trick')} for "
                         f"sure: {_amount(cost)})")
    return changes


def _side_words(side: Sequence[int]) -> str:
    """``seat 2``, or a partnership as a side: ``side 2 & 4``."""
    return f"seat {side[0] + 1}" if len(side) == 1 else \
        "side " + " & ".join(str(s + 1) for s in side)


def _amount(cost: Cost) -> str:
    return amount_words(cost.amount, cost.unit)


@dataclass(frozen=True)
class Played:
    """One card of a checked record: the position before it and after it."""

    trick: int
    seat: int
    card: Card
    before: Position
    after: Position


def replay(start: Position, play: Sequence[Sequence[Card]]) -> list[Played]:
    """Check a played record whole, without searching: every card legal, every
    trick but the last complete, nothing after the last trick.

    :func:`analyse` calls this before its first search, so a bad record is
    reported at once (at seven seats the search of one card can take seconds).
    An illegal card is an :class:`~jink.errors.IllegalPlayError` naming the
    trick and the card.
    """
    if start.trick:
        raise PositionError("a played record starts at the beginning of a trick: give the "
                            "position before its first card")
    played: list[Played] = []
    position = start
    for index, cards in enumerate(play):
        trick_no = start.tricks_done + index + 1
        if len(cards) > position.players:
            raise IllegalPlayError(f"trick {trick_no} of the record has {len(cards)} cards, "
                                   f"more than the {position.players} seats")
        if index < len(play) - 1 and len(cards) < position.players:
            raise IllegalPlayError(f"trick {trick_no} of the record has only {len(cards)} "
                                   "cards, and another trick follows it")
        for card in cards:
            if position.is_over:
                raise IllegalPlayError(f"trick {trick_no}: {card_name(card)} comes after the "
                                       "last trick of the deal")
            try:
                after = position.play(card)
            except IllegalPlayError as error:
                raise IllegalPlayError(f"trick {trick_no}: {error}") from None
            played.append(Played(trick_no, position.seat_to_play, card, position, after))
            position = after
    return played


def analyse(start: Position, play: Sequence[Sequence[Card]], limit: Limit | None = None,
            memory_mb: float = DEFAULT_MEMORY_MB,
            seats: Iterable[int] | None = None, partial: bool = True,
            explain: bool = True, pool: int | None = None,
            terms: Terms | None = None, names: Sequence[str] | None = None) -> Analysis:
    """Review a played record: ``play`` holds the tricks from ``start``, in order.

    ``start`` must be at the beginning of a trick. The last trick of the
    record may be unfinished (a record cut short). The whole record is
    checked (:func:`replay`) before any search. ``seats`` (0-based) limits the
    verdicts to those seats (default every seat).

    Under ``limit``, with ``partial`` (the default), the answers the limit
    stops are unknown (None): the cheap questions of every position of the
    record are answered before the hard ones of any, then the claims. Without
    ``partial``, past the limit :class:`~jink.errors.LimitExceeded`.

    With ``explain`` (the default), every card that changed a verdict is
    explained (:mod:`jink.analysis.instead`): the cards that would have kept
    it, its cost, the refutation. These come after every verdict and claim;
    under a limit one the limit stops is left unexplained and counted in
    :attr:`Analysis.reasons_cut`.

    Every card after which its own side could be sure of fewer tricks is
    priced (:mod:`jink.analysis.cost`): by ``terms``, else at ``pool``
    counters, else at the game's standard pool.

    ``names``: the players seat by seat (a session's): every note, reason
    and claim names them rather than their seats.
    """
    if terms is None:
        terms = terms_for(start.game, start.players, start.options, pool)
    record = replay(start, play)
    solved = None if seats is None else sorted(set(seats))
    for seat in solved or ():
        start.check_seat(seat)
    solver = Solver(limit, memory_mb)
    # One table for the whole record, each position's searches feeding the
    # next: its questions spread over threads with tables of their own
    # searched up to half as many nodes again (ten seats, measured).
    solver.spreads_questions = False
    anytime = partial and not solver.budget.limit.unlimited
    if anytime:
        every = solver.verdicts_of([start, *(step.after for step in record)], solved,
                                   partial=True)
        verdicts, afters = every[0], every[1:]
    else:
        verdicts, afters = solver.verdicts(start, solved), []
    review = Analysis(start, verdicts, terms=terms)
    last_trick = start.tricks_done + len(play)
    found: list[_Changes] = []
    for index, step in enumerate(record):
        # Without a limit, each position's verdicts and claim in turn: the
        # order (and node counts) analyse always had.
        after = afters[index] if anytime else solver.verdicts(step.after, solved)
        won_by = claim = None
        if step.after.tricks_done > step.before.tricks_done:
            won_by = step.after.leader
            try:
                claim = _claim(solver, step.after, won_by, step.trick,
                               more=step.trick < last_trick, anytime=anytime)
            except LimitExceeded:
                if not anytime:
                    raise
                review.claims_cut += 1
                claim = (f"After trick {step.trick} seat {won_by + 1} had three tricks: "
                         "whether the jink could be forced is unknown (the limit stopped "
                         "the search).")
        changes = _changes(step.before, step.seat, step.card, verdicts, after, terms)
        review.cards.append(CardReview(step.trick, step.seat, step.card, verdicts, after,
                                       changes.notes, won_by, claim, cost=changes.cost))
        found.append(changes)
        verdicts = after
    if explain:
        _explain(solver, review, record, found, anytime, terms)
    review.end = record[-1].after if record else start
    review.nodes = solver.nodes
    if names:
        if len(names) != start.players:
            raise PositionError(f"{len(names)} names for {start.players} seats")
        review.names = tuple(names)
        review.cards = [replace(card, notes=[name_seats(n, names) for n in card.notes],
                                reasons=tuple(name_seats(r, names) for r in card.reasons),
                                claim=None if card.claim is None
                                else name_seats(card.claim, names))
                        for card in review.cards]
    return review


def _explain(solver: Solver, review: Analysis, record: list[Played], found: list[_Changes],
             anytime: bool, terms: Terms) -> None:
    """Explain every card that changed a verdict (after all the verdicts: under
    a limit, the verdicts of the whole record matter more)."""
    for index, (step, changes) in enumerate(zip(record, found, strict=True)):
        if not changes.lost and not changes.handed and changes.cost is None:
            continue
        try:
            if anytime and solver.budget.exhausted():
                raise LimitExceeded("the limit was reached before the explanation")
            why = explain_change(solver, step.before, step.card, changes.lost,
                                 changes.handed, changes.own, terms)
        except LimitExceeded:
            if not anytime:
                raise
            review.reasons_cut += 1
            continue
        reasons = instead_notes(step.before, step.card, why, _labeller(step.before))
        review.cards[index] = replace(review.cards[index], instead=why,
                                      reasons=tuple(reasons))


def _claim(solver: Solver, position: Position, winner: int, trick_no: int,
           more: bool, anytime: bool = False) -> str | None:
    """Spoil Five: a seat has just taken its third trick. Jink or claim?

    ``anytime``: past the limit, :class:`LimitExceeded` before the search starts."""
    if position.won[winner] != position.game.pool:
        return None
    if position.is_over:
        return f"Seat {winner + 1} took the pool with the last trick."
    if anytime and solver.budget.exhausted():
        raise LimitExceeded("the limit was reached before the claim")
    jink = solver.can_force(position, winner, AtLeast(position.game.tricks))
    text = (f"After trick {trick_no} seat {winner + 1} had three tricks: "
            + ("the jink could be forced from here, so going on was right"
               if jink else "the jink could not be forced, so the right play was to claim"))
    if more and not jink:
        text += "; the record goes on, a jink attempt bound to fail"
    return text + "."

"""Single-dummy odds: from one seat's view, how often each card keeps each goal.

A :class:`View` is a position file in which the hands the seat cannot see are
written ``"?"``: their sizes follow from the game and the play so far (tricks
won, cards in the current trick). ``seen`` lists the other cards known to be
out of the unseen hands (played to earlier tricks, or shown), and ``[[seats]]``
tables constrain the unseen hands as in :mod:`jink.dealing.constraints` (what
the play has shown, a void say). :func:`odds` deals the unseen cards many
times (every deal equally likely among those meeting the view) or every
possible way, solves each deal double dummy with
:class:`~jink.solver.Solver`, and counts, for each legal card of the seat,
the deals in which it still achieves each of the game's questions.

Each deal is solved with every hand open: the estimates are double-dummy
figures averaged over the deals, which flatter the seat (it is credited with
guessing every unseen card right). See ``docs/dealing.md``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from jink.cards import (
    NO_CARDS,
    Card,
    CardSet,
    Suit,
    card_name,
    cardset,
    parse_card,
    parse_cards,
    parse_cardset,
    parse_suit,
    suit_of,
)
from jink.dealing.constraints import SeatSpec, seat_rules, seat_spec_from_dict
from jink.dealing.deal import DealPlan, explain_empty
from jink.dealing.sampler import ConstraintError, Dealer
from jink.errors import JinkError, ParseError, PositionError, UnknownNameError
from jink.formats.files import KEYS as POSITION_KEYS
from jink.formats.inputs import loads_json, loads_toml, read_text
from jink.games import Game, find_game
from jink.position import Position, sort_cards
from jink.solver.goals import AtLeast, Goal, spoil_of
from jink.solver.limits import Limit
from jink.solver.reuse import deal_solver, let_go
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.workers import in_order

__all__ = ["MAX_EXHAUSTIVE", "VIEW_KEYS", "CardOdds", "OddsResult", "Share", "View",
           "hand_view", "load_view", "odds", "searched_goal", "view_from_dict"]

#: ``--exhaustive`` is refused above this many deals.
MAX_EXHAUSTIVE = 1_000_000
#: The keys of a view: a position file's (bar ``play``), ``seen`` and ``seats``.
VIEW_KEYS = (*(k for k in POSITION_KEYS if k != "play"), "seen", "seats")
UNSEEN = "?"
#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class View:
    """A position as one seat sees it: ``hands[s]`` is None where unseen."""

    game: Game
    trump: Suit | None
    hands: tuple[CardSet | None, ...]
    leader: int = 0
    trick: tuple[Card, ...] = ()
    won: tuple[int, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    turnup: Card | None = None
    turn: Card | None = None
    seen: CardSet = 0
    seats: tuple[SeatSpec, ...] = ()

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def seat_to_play(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def size_of(self, seat: int) -> int:
        """How many cards ``seat`` holds now."""
        played = (seat - self.leader) % self.players < len(self.trick)
        return self.game.hand_size - sum(self.won) - played

    def plan(self, table: bool = False) -> DealPlan:
        """How to deal the unseen hands (errors in the view are found here).

        ``table``: the hands are every hand at the table before anyone
        declares to play (:func:`jink.dealing.declare_odds.declare_odds`), not
        the seats of a position. With six at a Rams or Bierspiel table the
        dealer, the last seat, takes no cards: his hand is ``"-"`` or ``"?"``,
        he is dealt none, and each position made holds the five hands dealt
        (:meth:`table_hands` puts his empty hand back)."""
        game, n = self.game, self.players
        dealer_out = table and game.dealer_takes_no_cards(n)
        if table:
            low, high = game.table
            if not low <= n <= high:
                raise PositionError(f"{game.title} declaring takes {low} to {high} hands at "
                                    f"the table, not {n}")
        else:
            game.check_players(n)
        for seat, hand in enumerate(self.hands if table else ()):
            if dealer_out and seat == n - 1:
                if hand:
                    raise PositionError(f"with {n} at the table the {game.title} dealer takes "
                                        f"no cards (Foster): his hand, seat {n}, is \"-\"")
            elif hand == 0:
                raise PositionError(f"seat {seat + 1} holds no cards (\"-\"): before the "
                                    "play only a dealer takes none"
                                    + (f", with {game.dealer_out_at} at a {game.title} table"
                                       if game.dealer_out_at else f" (never in {game.title})"))
        unseen = [s for s in range(n) if self.hands[s] is None]
        if not unseen:
            raise PositionError('no hand is unseen: write the hands the seat cannot see "?"')
        known: dict[Card, str] = {}

        def place(cards: CardSet | tuple[Card, ...], where: str) -> None:
            for card in (cards if isinstance(cards, tuple) else _cards(cards)):
                if not game.deck >> card & 1:
                    raise PositionError(f"{card_name(card)} ({where}) is not in the "
                                        f"{game.title} pack")
                if card in known:
                    raise PositionError(f"{card_name(card)} is in {known[card]} and in {where}")
                known[card] = where

        for seat, hand in enumerate(self.hands):
            if hand is not None:
                place(hand, f"the hand of seat {seat + 1}")
        place(self.trick, "the trick")
        if self.turnup is not None and self.turnup not in known:
            place((self.turnup,), "the turn-up")
        if self.turn is not None:
            place((self.turn,), "turn (the card to be turned)")
        place(self.seen, "seen")
        free = game.deck & ~cardset(known)
        specs = []
        for spec in self.seats:
            if spec.seat >= n:
                raise ConstraintError(f"seat {spec.seat + 1}: the deal has seats 1 to {n}")
            if self.hands[spec.seat] is not None:
                raise ConstraintError(f"seat {spec.seat + 1}'s hand is known: constraints go "
                                      "on the unseen hands")
            taken = [c for c in spec.holds if c in known]
            if taken:
                raise ConstraintError(f"seat {spec.seat + 1} is to hold "
                                      f"{card_name(taken[0])}, which is in {known[taken[0]]}")
            specs.append(spec)
        rules = seat_rules(specs, game.bind(self.trump, self.options, n))
        # The known hands are dealt nothing (size 0), so seats keep their numbers.
        sizes = [self.size_of(s) if self.hands[s] is None and not (dealer_out and s == n - 1)
                 else 0 for s in range(n)]
        if any(size < 0 for size in sizes):
            raise PositionError(f"won counts {sum(self.won)} tricks, a deal has "
                                f"{game.tricks}")
        dealer = Dealer(free, sizes, rules)
        turns = self.trump is None and game.uses_turn and self.turn is None

        seated = n - 1 if dealer_out else n

        def make(dealt: tuple[CardSet, ...], card: Card | None) -> Position:
            hands = tuple(dealt[s] if hand is None else hand
                          for s, hand in enumerate(self.hands))
            return Position(game, self.trump, hands[:seated], self.leader,
                            self.trick, self.won[:seated], self.options, self.turnup,
                            card if card is not None else self.turn)

        rules_now = game.bind(self.trump, self.options, n, self.turn)
        done = sum(self.won)
        trick_by = [(i, (self.leader + i) % n, card) for i, card in enumerate(self.trick)
                    if self.hands[(self.leader + i) % n] is None]

        def accept(dealt: tuple[CardSet, ...]) -> bool:
            # Each card an unseen seat played to this trick was legal from its
            # hand then (the hand dealt now and that card).
            return all(rules_now.why_illegal(card, dealt[seat] | 1 << card, self.trick[:i],
                                             done) is None for i, seat, card in trick_by)

        plan = DealPlan(dealer, make, turns, accept if trick_by else None)
        if turns and plan.stock < 1:
            raise ConstraintError("no card is left to be turned (give turn)")
        if not dealer.total:
            raise ConstraintError(explain_empty(free, sizes, rules))
        return plan


    def table_hands(self, position: Position) -> tuple[CardSet, ...]:
        """Every hand at the table in a position made by ``plan(table=True)``:
        its hands and, where the dealer takes no cards, his empty one."""
        return position.hands + (0,) * (self.players - len(position.hands))


def _cards(cards: CardSet) -> tuple[Card, ...]:
    return tuple(c for c in range(52) if cards >> c & 1)


def view_from_dict(obj: Mapping[str, Any], source: str | None = None) -> View:
    """Read a view: a position's keys with unseen hands ``"?"``, ``seen`` and ``seats``."""
    def at(key: str) -> str:
        return f"{source}, {key}" if source else key

    def string(key: str) -> str | None:
        value = obj.get(key)
        if value is not None and not isinstance(value, str):
            raise ParseError(f"expected a string, got {value!r}", at(key))
        return value

    def cards(key: str, parse: Callable[[str], Any]) -> Any:
        text = string(key)
        try:
            return None if text is None else parse(text)
        except ParseError as error:
            raise ParseError(str(error), at(key)) from None

    unknown = [k for k in obj if k not in VIEW_KEYS]
    if unknown:
        raise ParseError(f"unknown key {unknown[0]!r} (keys: {', '.join(VIEW_KEYS)})",
                         at(unknown[0]))
    name = string("game")
    if name is None:
        raise ParseError('missing: name the game, e.g. game = "spoil-five"', at("game"))
    try:
        game = find_game(name)
    except UnknownNameError as error:
        raise ParseError(str(error), at("game")) from None
    trump = cards("trump", parse_suit)
    turnup = cards("turnup", parse_card)
    if turnup is not None:
        if trump is not None and trump != suit_of(turnup):
            raise PositionError(f"the turn-up {card_name(turnup)} is not of the trump suit")
        trump = suit_of(turnup)
    if trump is None and not game.allows_no_trump:
        raise ParseError(f"{game.name} needs a trump suit: give the turn-up (or the trump "
                         "suit)", at("turnup"))
    hand_texts = obj.get("hands")
    if not isinstance(hand_texts, list) or not all(isinstance(h, str) for h in hand_texts):
        raise ParseError('expected a list of hands, seat 1 first, "?" for each unseen one',
                         at("hands"))
    hands: list[CardSet | None] = []
    for seat, text in enumerate(hand_texts):
        if text.strip() == UNSEEN:
            hands.append(None)
            continue
        if text.strip() == NO_CARDS:
            # The dealer's hand with six at a Rams table: checked by the plan.
            hands.append(0)
            continue
        try:
            hands.append(parse_cardset(text))
        except ParseError as error:
            raise ParseError(str(error), at(f"hands (seat {seat + 1})")) from None
    leader = obj.get("leader", 1)
    if not isinstance(leader, int) or isinstance(leader, bool) or not 1 <= leader <= len(hands):
        raise ParseError(f"expected a seat from 1 to {len(hands)}, got {leader!r}", at("leader"))
    won = obj.get("won", [0] * len(hands))
    if not isinstance(won, list) or not all(isinstance(w, int) and w >= 0 for w in won):
        raise ParseError(f"expected tricks won per seat, got {won!r}", at("won"))
    options = obj.get("options", {})
    if not isinstance(options, Mapping):
        raise ParseError(f"expected a table, got {options!r}", at("options"))
    try:
        options = game.check_options(options)
    except UnknownNameError as error:
        raise ParseError(str(error), at("options")) from None
    seats = obj.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, Mapping) for s in seats):
        raise ParseError("expected [[seats]] tables", at("seats"))
    specs = tuple(seat_spec_from_dict(s, at(f"seats[{i + 1}]"), game.hand_size)
                  for i, s in enumerate(seats))
    return View(game, trump, tuple(hands), leader - 1,
                tuple(cards("trick", parse_cards) or ()), tuple(won), options, turnup,
                cards("turn", parse_card), cardset(cards("seen", parse_cards) or ()), specs)


def hand_view(game: str, hand: str, players: int, *, seat: int = 0,
              turnup: str | None = None, trump: str | None = None, trick: str = "",
              options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The view file of one seat knowing only its own hand, at the first trick:
    every other hand unseen (``"?"``), seat 1 leading, ``trick`` the cards the
    seats before ``seat`` (0-based) have played. Read it with
    :func:`view_from_dict`: the one-line question and the file are one view.

    >>> hand_view("spoil-five", "5S JS AH KD 2C", 3, turnup="7S")
    ... # doctest: +NORMALIZE_WHITESPACE
    {'game': 'spoil-five', 'hands': ['5S JS AH KD 2C', '?', '?'], 'leader': 1,
     'trick': '', 'turnup': '7S'}
    """
    if players < 1:
        raise ParseError(f"expected a number of players, not {players}", "--players")
    if not 0 <= seat < players:
        raise PositionError(f"seat {seat + 1}: the deal has seats 1 to {players}")
    hands = [UNSEEN] * players
    hands[seat] = hand
    obj: dict[str, Any] = {"game": game, "hands": hands, "leader": 1, "trick": trick}
    if turnup is not None:
        obj["turnup"] = turnup
    if trump is not None:
        obj["trump"] = trump
    if options:
        obj["options"] = dict(options)
    return obj


def load_view(path: str | Path) -> View:
    """Read a view file: TOML, or one JSON object for ``.json``."""
    path = Path(path)
    text = read_text(path)
    if path.suffix.lower() == ".json":
        obj = loads_json(text, str(path))
        if not isinstance(obj, dict):
            raise ParseError("expected a JSON object", str(path))
    else:
        obj = loads_toml(text, str(path))
    return view_from_dict(obj, str(path))


# -- the odds ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Share:
    """``hits`` of ``deals``, with a 95% interval (Wilson's; exact when exhaustive)."""

    hits: int
    deals: int
    exact: bool = False

    @property
    def share(self) -> float:
        return self.hits / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        if self.exact or not self.deals:
            return self.share, self.share
        n, p = self.deals, self.share
        centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
        # No hit (or no miss) puts the bound at 0 (or 1) exactly, not at a
        # rounding error from it.
        low = 0.0 if self.hits == 0 else max(0.0, centre - half)
        high = 1.0 if self.hits == n else min(1.0, centre + half)
        return low, high

    def to_dict(self) -> dict[str, float]:
        """The share and its interval, rounded, beside the exact counts they
        come from (``hits`` of ``deals``: every deal, with ``--exhaustive``)."""
        low, high = self.interval
        return {"share": round(self.share, 4), "low": round(low, 4), "high": round(high, 4),
                "hits": self.hits, "deals": self.deals}


@dataclass(frozen=True)
class CardOdds:
    """One legal card of the seat: its mean max tricks and its share per question."""

    card: Card
    max_tricks_mean: float
    shares: tuple[tuple[str, Share], ...]

    def share(self, question: str) -> Share:
        return dict(self.shares)[question]

    def to_dict(self) -> dict[str, object]:
        return {"card": card_name(self.card), "max_tricks_mean": round(self.max_tricks_mean, 4),
                **{name: share.to_dict() for name, share in self.shares}}


@dataclass(frozen=True)
class OddsResult:
    """What :func:`odds` found; :meth:`to_dict` is the ``jink odds --json`` contract."""

    game: Game
    seat: int
    deals: int
    exhaustive: bool
    possible: int
    seed: int | None
    questions: tuple[str, ...]
    cards: tuple[CardOdds, ...]
    seconds: float = 0.0
    #: Stopped (Ctrl-C) part-way: the shares are of the ``deals`` solved by then.
    interrupted: bool = False
    #: What such a choice costs, where it costs something (the lone pone's
    #: pass in Rams: ``counters`` -5; Bierspiel: ``points`` -5, a fresh cross).
    without_play_pays: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()

    def best(self) -> dict[str, Card | None]:
        """For each question (and ``max_tricks``): the card with the highest share
        (ties: the higher mean of max tricks, then the first in display order);
        None for a question no card achieved in any deal."""
        out: dict[str, Card | None] = {}
        for name in self.questions:
            top = max(self.cards, key=lambda c: (c.share(name).hits, c.max_tricks_mean,
                                                 -self.cards.index(c)))
            out[name] = top.card if top.share(name).hits else None
        if self.cards:
            out["max_tricks"] = max(self.cards, key=lambda c: (c.max_tricks_mean,
                                                               -self.cards.index(c))).card
        return out

    def to_dict(self) -> dict[str, object]:
        return {"game": self.game.name, "seat": self.seat + 1, "deals": self.deals,
                "exhaustive": self.exhaustive, "possible_deals": self.possible,
                "seed": self.seed, "questions": list(self.questions),
                "cards": [c.to_dict() for c in self.cards],
                "best": {k: None if v is None else card_name(v)
                         for k, v in self.best().items()},
                "seconds": round(self.seconds, 3)} | (
                    {"interrupted": True} if self.interrupted else {})


#: Called after each deal solved: ``(done, total)``.
Progress = Callable[[int, int], None]

T = TypeVar("T")
R = TypeVar("R")


def count_each(dealt: Iterable[T], count: Callable[[R], None], total: int,
               progress: Progress | None = None, *, solve: Callable[[T], R] | None = None,
               workers: int = 1) -> tuple[int, bool]:
    """``count`` each deal of ``dealt`` in turn, telling ``progress`` after
    each; returns how many were counted and whether Ctrl-C stopped the
    dealing first. A stopped run keeps the deals counted (``count`` must
    solve before it adds, so that a deal counts whole or not at all); stopped
    before any, the interruption goes on up.

    With ``solve``, ``count`` is given ``solve(deal)``, and the deals are
    solved on up to ``workers`` processes (:func:`jink.workers.in_order`:
    ``solve`` must then pickle); they are counted in their order all the same,
    so the result is the same for every number of workers.

    >>> seen = []
    >>> count_each("abc", seen.append, 3)
    (3, False)
    >>> count_each("abc", seen.append, 3, solve=str.upper, workers=2), seen[3:]
    ((3, False), ['A', 'B', 'C'])
    """
    done = 0
    if progress is not None:
        progress(0, total)
    solved: Iterator[Any] = iter(dealt) if solve is None else in_order(solve, dealt, workers)
    try:
        for result in solved:
            count(result)
            done += 1
            if progress is not None:
                progress(done, total)
    except KeyboardInterrupt:
        if not done:
            raise
        return done, True
    finally:
        if isinstance(solved, Generator):
            solved.close()  # (its workers ended now, not when it is collected)
        let_go()  # (the solver of the deals solved here, and its memory)
    return done, False


def deals_of(plan: DealPlan, deals: int, seed: int | None,
             exhaustive: bool) -> tuple[Iterable[Position], int, int | None]:
    """The deals a run solves: ``deals`` drawn with a private
    ``random.Random(seed)`` (a fresh seed when None, returned so the run can be
    repeated), or every possible one (``exhaustive``, refused above
    :data:`MAX_EXHAUSTIVE`); with how many and the seed."""
    if exhaustive:
        return plan.every(), check_exhaustive(plan.total), None
    rng, seed = sampling(deals, seed)
    return (plan.sample(rng) for _ in range(deals)), deals, seed


def check_exhaustive(possible: int) -> int:
    """``possible``, the deals an exhaustive run solves, once within
    :data:`MAX_EXHAUSTIVE`."""
    if possible > MAX_EXHAUSTIVE:
        raise JinkError(f"{possible} possible deals: --exhaustive takes at most "
                        f"{MAX_EXHAUSTIVE:,}; sample them with --deals")
    return possible


def sampling(deals: int, seed: int | None) -> tuple[random.Random, int]:
    """The private generator of a sampled run of ``deals`` deals, and its seed
    (a fresh one when None, returned so that the run can be repeated)."""
    if deals < 1:
        raise ParseError(f"deal at least once, not {deals} times", "deals")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return random.Random(seed), seed


def odds(view: View, *, deals: int = 1000, seed: int | None = None, exhaustive: bool = False,
         seat: int | None = None, limit: Limit | None = None,
         memory_mb: float = DEFAULT_MEMORY_MB, progress: Progress | None = None,
         workers: int = 1) -> OddsResult:
    """How often each legal card of ``seat`` (0-based; default the seat to play,
    which it must be) achieves each of the game's questions, over ``deals``
    deals of the unseen cards drawn uniformly with a private
    ``random.Random(seed)``, or over every possible deal (``exhaustive``,
    refused above :data:`MAX_EXHAUSTIVE`). ``limit`` applies to each deal's
    solve; a deal past it raises :class:`~jink.errors.LimitExceeded` (no
    deal is skipped: skipping would bias the shares). ``workers`` processes
    solve the deals when the run is long enough to pay for starting them
    (:func:`jink.workers.in_order`); the result is the same for any number.

    >>> view = view_from_dict({"game": "spoil-five", "turnup": "2S", "hands": ["KS 9H", "?", "?"],
    ...                        "won": [1, 1, 1], "leader": 3, "trick": "QD",
    ...                        "seen": "4H JH 8H 7C 3S AS 5D 6D JD"})
    >>> found = odds(view, deals=30, seed=2)
    >>> [(card_name(c.card), c.share("three").hits, c.share("three").deals) for c in found.cards]
    [('KS', 4, 30), ('9H', 0, 30)]
    """
    plan = view.plan()
    to_play = view.seat_to_play
    if seat is None:
        seat = to_play
    if not 0 <= seat < view.players:
        raise PositionError(f"seat {seat + 1} is not a seat of this {view.players}-player deal")
    if seat != to_play:
        raise PositionError(f"seat {to_play + 1} is to play, not seat {seat + 1}: odds score "
                            "the cards of the seat to play")
    if view.hands[seat] is None:
        raise PositionError(f"seat {seat + 1} is to play but its hand is unseen (\"?\"): "
                            "give its hand")
    positions, deals, seed = deals_of(plan, deals, seed, exhaustive)
    game = view.game
    questions = game.questions(view.players)
    names = tuple(q.name for q in questions)
    goal = searched_goal(game, view.players)
    started = time.perf_counter()
    tricks_sum: dict[Card, int] = {}
    hits: dict[Card, dict[str, int]] = {}

    def count(moves: list[tuple[Card, int, bool]]) -> None:
        for card, max_tricks, achieves in moves:
            tricks_sum[card] = tricks_sum.get(card, 0) + max_tricks
            mine = hits.setdefault(card, dict.fromkeys(names, 0))
            for q in questions:
                mine[q.name] += achieves if q.tricks is None else max_tricks >= q.tricks

    done, interrupted = count_each(
        positions, count, deals, progress, workers=workers,
        solve=partial(_scored, seat=seat, goal=goal, limit=limit, memory_mb=memory_mb))
    if not done:
        raise ConstraintError("no deal of the unseen cards agrees with the cards played to "
                              "the trick")
    # Exhaustive: the deals that passed the check on the current trick.
    possible = done if exhaustive and not interrupted else plan.total
    rules = game.bind(view.trump, view.options, view.players)
    cards = tuple(
        CardOdds(card, tricks_sum[card] / done,
                 tuple((name, Share(hits[card][name], done, exhaustive)) for name in names))
        for card in sort_cards(rules, tricks_sum))
    return OddsResult(game, seat, done, exhaustive, possible, None if exhaustive else seed,
                      names, cards, time.perf_counter() - started, interrupted)



def searched_goal(game: Game, players: int) -> Goal:
    """The goal :func:`odds` searches for each card beside its most tricks:
    the spoil question needs its own search; the others follow from max
    tricks (the first of them then stands in).

    >>> searched_goal(find_game("spoil-five"), 4).name
    'spoil'
    """
    questions = game.questions(players)
    if any(q.tricks is None for q in questions):
        return spoil_of(game)
    return AtLeast(questions[0].tricks or 0, questions[0].name)


def _scored(position: Position, seat: int, goal: Goal, limit: Limit | None,
            memory_mb: float) -> list[tuple[Card, int, bool]]:
    """One deal's scores of ``seat``'s cards: each card, its most tricks and
    whether it achieves ``goal`` (in a worker process, or here)."""
    return [(move.card, move.max_tricks, move.achieves)
            for move in deal_solver(limit, memory_mb).score_moves(position, seat, goal)]


# -- the odds of a choice made before the play (robbing, declaring) ------------------------


@dataclass(frozen=True)
class ChoiceOdds:
    """One choice (``keep``, ``rob 2C``, ``play``, ``pass``...): the mean of the
    seat's most tricks over the deals, and its share of deals per question."""

    choice: str
    max_tricks_mean: float
    shares: tuple[tuple[str, Share], ...]
    #: The mean of each whole-number worth of the choice (Bierspiel's
    #: ``points``, a fresh cross counted as -5; a general rams' ``counters``).
    means: tuple[tuple[str, float], ...] = ()

    def share(self, question: str) -> Share:
        return dict(self.shares)[question]

    def to_dict(self) -> dict[str, object]:
        return {"choice": self.choice, "max_tricks_mean": round(self.max_tricks_mean, 4),
                **{name: share.to_dict() for name, share in self.shares},
                **{f"{key}_mean": round(mean, 4) for key, mean in self.means}}


@dataclass(frozen=True)
class ChoicesResult:
    """The odds of each choice of one seat (:func:`jink.dealing.rob_odds.rob_odds`,
    :func:`jink.dealing.declare_odds.declare_odds`); :meth:`to_dict` is their
    ``--json`` contract."""

    game: Game
    seat: int
    #: What is chosen: "rob" or "declare".
    question: str
    deals: int
    exhaustive: bool
    possible: int
    seed: int | None
    questions: tuple[str, ...]
    choices: tuple[ChoiceOdds, ...]
    seconds: float = 0.0
    #: Choices that involve no play (passing), each with what it means.
    without_play: tuple[tuple[str, str], ...] = ()
    #: Stopped (Ctrl-C) part-way: the shares are of the ``deals`` solved by then.
    interrupted: bool = False
    #: What such a choice costs, where it costs something (the lone pone's
    #: pass in Rams: ``counters`` -5; Bierspiel: ``points`` -5, a fresh cross).
    without_play_pays: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()

    def best(self) -> dict[str, str | None]:
        """For each question (and ``max_tricks``): the choice with the highest
        share (ties: the higher mean, then the first listed); None when no
        choice achieved it in any deal."""
        out: dict[str, str | None] = {}
        order = {c.choice: i for i, c in enumerate(self.choices)}
        for name in self.questions:
            top = max(self.choices, key=lambda c: (c.share(name).hits, c.max_tricks_mean,
                                                   -order[c.choice]))
            out[name] = top.choice if top.share(name).hits else None
        if self.choices:
            out["max_tricks"] = max(self.choices, key=lambda c: (c.max_tricks_mean,
                                                                 -order[c.choice])).choice
        return out

    def to_dict(self) -> dict[str, object]:
        return {"game": self.game.name, "seat": self.seat + 1, "question": self.question,
                "deals": self.deals, "exhaustive": self.exhaustive,
                "possible_deals": self.possible, "seed": self.seed,
                "questions": list(self.questions),
                "choices": [c.to_dict() for c in self.choices],
                "without_play": [{"choice": name, "note": note,
                                  **dict(dict(self.without_play_pays).get(name, ()))}
                                 for name, note in self.without_play],
                "best": self.best(), "seconds": round(self.seconds, 3)} | (
                    {"interrupted": True} if self.interrupted else {})


class Tally:
    """Counts, over the deals, each choice's most tricks and questions achieved."""

    def __init__(self, questions: tuple[str, ...]) -> None:
        self.questions = questions
        self.tricks: dict[str, int] = {}
        self.hits: dict[str, dict[str, int]] = {}
        self.worth: dict[str, dict[str, int]] = {}
        self.deals = 0

    def add(self, choice: str, max_tricks: int, answers: Mapping[str, bool | None],
            worth: Mapping[str, object] | None = None) -> None:
        """One deal's value of ``choice`` (called for every choice of the deal,
        then :attr:`deals` counted up by one); ``worth``: its extras, of which
        the whole numbers are summed."""
        self.tricks[choice] = self.tricks.get(choice, 0) + max_tricks
        sums = self.worth.setdefault(choice, {})
        for key, value in (worth or {}).items():
            if isinstance(value, int) and not isinstance(value, bool):
                sums[key] = sums.get(key, 0) + value
        mine = self.hits.setdefault(choice, dict.fromkeys(self.questions, 0))
        for name in self.questions:
            mine[name] += bool(answers[name])

    def choices(self, exhaustive: bool) -> tuple[ChoiceOdds, ...]:
        """Every choice, in the order first added."""
        return tuple(
            ChoiceOdds(choice, self.tricks[choice] / self.deals,
                       tuple((name, Share(self.hits[choice][name], self.deals, exhaustive))
                             for name in self.questions),
                       tuple((key, total / self.deals)
                             for key, total in self.worth.get(choice, {}).items()))
            for choice in self.tricks)

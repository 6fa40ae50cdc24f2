"""Finding new puzzles: random deals searched for a position with one key card.

The generator deals at random with a private ``random.Random(seed)`` (so a
seed gives the same puzzles on every machine: search limits are in nodes,
never seconds), solves the seat to play, and keeps the position when exactly
one card (equivalent cards count as one) keeps a goal, and the puzzle is not
trivial. Trivial means: the seat has one legal card in play, or the key is
*the obvious card*, the highest-ranking legal card (which covers "lead the
top trump"). Difficulty is measured, see :func:`rate`.

Constrained deals (a given hand, shape or points) can come from
``jink.dealing`` once it exists; here a deal is uniform over the pack.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from jink.analysis.line import principal_line
from jink.cards import Card, card_name, iter_cards
from jink.errors import LimitExceeded
from jink.formats.files import PositionFile
from jink.games import find_game
from jink.position import Position
from jink.solver.goals import AtLeast, Goal, Spoil, goal_for
from jink.solver.limits import Limit
from jink.solver.solver import MoveScore, Solver
from jink.solver.table import DEFAULT_MEMORY_MB

from .check import goal_words
from .puzzle import Puzzle

__all__ = ["Rating", "deal", "find_puzzle", "generate", "obvious_card", "plausible", "rate"]

#: Nodes one attempt may search before the deal is given up (a count, not a
#: time, so generation is reproducible).
ATTEMPT_NODES = 400_000


def deal(rng: random.Random, game_name: str, players: int, cards: int | None = None,
         mid_trick: bool = False) -> Position:
    """A random position: ``cards`` cards a hand (default a full hand: a first
    lead), the tricks already played shared at random; with ``mid_trick``, a
    random number of cards already played to the current trick (at random)."""
    game = find_game(game_name)
    cards = game.hand_size if cards is None else cards
    pack = list(iter_cards(game.deck))
    rng.shuffle(pack)
    # A card the game turns past (Bierspiel's 7♦) is not turned up: jink does
    # not model what follows it, so the next card of the stock is turned.
    turnup = next(c for c in reversed(pack) if not game.turned_past >> c & 1)
    pack.remove(turnup)
    hands = [sum(1 << c for c in pack[i * cards:(i + 1) * cards]) for i in range(players)]
    done = game.hand_size - cards
    won = [0] * players
    for _ in range(done):
        won[rng.randrange(players)] += 1
    leader = rng.choice([s for s in range(players) if won[s]]) if done else 0
    position = Position.create(game, None, hands, leader=leader, won=won, turnup=turnup)
    if mid_trick:
        for _ in range(rng.randrange(1, players)):
            position = position.play(rng.choice(position.legal_cards()))
    return position


def obvious_card(position: Position) -> Card:
    """The card a simple player plays: the highest-ranking legal card."""
    power = position.rules.power
    return max(position.legal_cards(), key=lambda c: power[c])


def plausible(position: Position) -> set[Card]:
    """The cards a simple heuristic player considers: the highest and the lowest
    legal card, and the top legal card of each suit (as the cards count)."""
    rules = position.rules
    legal = position.legal_cards()
    power = rules.power
    picks = {max(legal, key=lambda c: power[c]), min(legal, key=lambda c: power[c])}
    tops: dict[int, Card] = {}
    for card in legal:
        suit = rules.suit[card]
        if suit not in tops or power[card] > power[tops[suit]]:
            tops[suit] = card
    return picks | set(tops.values())


@dataclass(frozen=True)
class Rating:
    """What the difficulty is measured from, and the difficulty (1 to 5).

    ``tempting``: the wrong cards (one per group of equivalents) a simple
    player considers (:func:`plausible`); ``key_plausible``: whether it
    considers the key; ``depth``: the deepest refutation of a tempting card,
    the trick (counted from the puzzle) at which the goal is lost for good.
    Difficulty = tempting cards (at most 3) + 1 if the key is not one the
    simple player considers + 1 if a refutation goes to trick 3 or later,
    kept within 1 to 5.
    """

    tempting: tuple[Card, ...]
    key_plausible: bool
    depth: int

    @property
    def difficulty(self) -> int:
        score = min(3, len(self.tempting)) + (not self.key_plausible) + (self.depth >= 3)
        return max(1, min(5, score))


def lost_at(solver: Solver, position: Position, seat: int, goal: Goal, card: Card) -> int:
    """The trick (1 = the current one) by whose end the goal is lost for good,
    on the solver's best line after ``card`` (every seat playing its best)."""
    side = solver.side_of(position, seat)
    tricks = position.game.tricks
    won = list(position.won)
    first = position.play(card)
    if first.tricks_done > position.tricks_done:
        won = list(first.won)
        if goal.status(won, side, tricks - sum(won)) is False:
            return 1
    for step in principal_line(solver, first, seat, goal):
        if step.won_by is None:
            continue
        won[step.won_by] += 1
        if goal.status(won, side, tricks - sum(won)) is False:
            return step.trick - position.tricks_done
    return tricks - position.tricks_done


def _groups(scores: list[MoveScore]) -> list[MoveScore]:
    """One score per group of equivalent cards (the first listed of each)."""
    seen: set[Card] = set()
    out = []
    for score in scores:
        if score.card not in seen:
            seen |= {score.card, *score.equivalent}
            out.append(score)
    return out


def rate(solver: Solver, position: Position, seat: int, goal: Goal,
         scores: list[MoveScore]) -> Rating:
    """Measure a puzzle with a unique key (see :class:`Rating`)."""
    considered = plausible(position)
    tempting = []
    key_plausible = False
    for score in _groups(scores):
        group = {score.card, *score.equivalent}
        if score.achieves:
            key_plausible = bool(group & considered)
        elif group & considered:
            tempting.append(score.card)
    power = position.rules.power
    tempting.sort(key=lambda c: -power[c])
    depth = max((lost_at(solver, position, seat, goal, card) for card in tempting), default=0)
    return Rating(tuple(tempting), key_plausible, depth)


@dataclass(frozen=True)
class Found:
    """A position with a unique key, before it is written up as a puzzle."""

    position: Position
    seat: int
    goal: str
    key: tuple[Card, ...]
    scores: tuple[MoveScore, ...]
    rating: Rating


def _goals(position: Position, best: int) -> list[str]:
    """The goals tried, most telling first: the game's questions that count
    tricks (the largest first), then the most tricks the seat can force."""
    questions = sorted((q for q in position.game.questions(position.players)
                        if q.tricks is not None and q.tricks <= best),
                       key=lambda q: -(q.tricks or 0))
    names = [q.name for q in questions]
    if not any(q.tricks == best for q in questions):
        names.append(str(best))
    return names


def find_puzzle(position: Position, limit: Limit | None = None,
                spoil: bool = True, memory_mb: float = DEFAULT_MEMORY_MB) -> Found | None:
    """The puzzle in ``position`` for the seat to play, or None: the first goal
    (see :func:`_goals`, then spoil where the game asks it) that exactly one
    card keeps, when that card is not the obvious one. Past ``limit``, None."""
    seat = position.seat_to_play
    solver = Solver(limit or Limit(nodes=ATTEMPT_NODES), memory_mb)
    try:
        return _find(solver, position, seat, spoil)
    except LimitExceeded:
        return None


def _find(solver: Solver, position: Position, seat: int, spoil: bool) -> Found | None:
    legal = position.legal_cards()
    if len(legal) < 2:
        return None
    obvious = obvious_card(position)
    scored = solver.score_moves(position, seat, AtLeast(1))
    if len(_groups(scored)) < 2:
        return None  # one card in play
    best = max(s.max_tricks for s in scored)
    candidates: list[tuple[str, list[MoveScore]]] = []
    if best > sum(position.won[s] for s in solver.side_of(position, seat)):
        for name in _goals(position, best):
            k = goal_for(position, name)
            assert isinstance(k, AtLeast)
            candidates.append((name, [MoveScore(s.card, s.max_tricks, s.max_tricks >= k.k,
                                                s.equivalent) for s in scored]))
    spoil_name = next((q.name for q in position.game.questions(position.players)
                       if q.tricks is None), None)
    for name, scores in candidates:
        found = _unique(solver, position, seat, name, scores, obvious)
        if found:
            return found
    if spoil and spoil_name is not None:
        goal = goal_for(position, spoil_name)
        return _unique(solver, position, seat, spoil_name,
                       solver.score_moves(position, seat, goal), obvious)
    return None


def _unique(solver: Solver, position: Position, seat: int, name: str,
            scores: list[MoveScore], obvious: Card) -> Found | None:
    keys = [s for s in _groups(scores) if s.achieves]
    if len(keys) != 1:
        return None
    key = keys[0]
    group = (key.card, *key.equivalent)
    if obvious in group:
        return None  # the obvious card: no puzzle
    goal = goal_for(position, name)
    rating = rate(solver, position, seat, goal, scores)
    power = position.rules.power
    return Found(position, seat, name, (max(group, key=lambda c: power[c]),),
                 tuple(scores), rating)


def generate(game: str, players: int, *, seed: int, count: int = 1,
             cards: int | None = None, mid_trick: bool = False, attempts: int = 500,
             limit: Limit | None = None, prefix: str | None = None,
             progress: Callable[[int], None] | None = None,
             memory_mb: float = DEFAULT_MEMORY_MB) -> Iterator[Puzzle]:
    """Up to ``count`` puzzles from at most ``attempts`` random deals of ``seed``.

    ``progress`` is called after each attempt with the number made so far.
    The same arguments give the same puzzles.
    """
    rng = random.Random(seed)
    made = 0
    stem = prefix or f"{game}-{players}-s{seed}"
    for _ in range(attempts):
        if made >= count:
            return
        position = deal(rng, game, players, cards, mid_trick)
        found = find_puzzle(position, limit, memory_mb=memory_mb)
        if progress is not None:
            progress(made + (found is not None))
        if found is None:
            continue
        made += 1
        yield write_up(found, f"{stem}-{made:02d}")


# -- writing a puzzle up ---------------------------------------------------------------


def _name(card: Card) -> str:
    return card_name(card)


def _describe(position: Position, card: Card) -> str:
    """What ``card`` is in its hand, in facts anyone can see in the position."""
    rules = position.rules
    hand = [c for c in iter_cards(position.hands[position.seat_to_play])
            if rules.suit[c] == rules.suit[card]]
    power = rules.power
    trump = rules.trump is not None and rules.suit[card] == rules.trump
    kind = "trump" if trump else rules.suit_name(rules.suit[card]).rstrip("s")
    if len(hand) == 1:
        return f"the {_name(card)}, the seat's only {kind}"
    if power[card] == min(power[c] for c in hand):
        return f"the {_name(card)}, the lowest of {len(hand)} {kind}s"
    if power[card] == max(power[c] for c in hand):
        return f"the {_name(card)}, the highest of {len(hand)} {kind}s"
    return f"the {_name(card)}, neither the highest nor the lowest of {len(hand)} {kind}s"


def _list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _aim(position: Position, goal: str) -> str:
    labels = {q.name: q.label for q in position.game.questions(position.players)}
    if goal in labels:
        return labels[goal].lower()
    return f"{goal} trick{'' if goal == '1' else 's'}"


def write_up(found: Found, puzzle_id: str) -> Puzzle:
    """The puzzle of ``found``, with a title, a story and a hint written from the
    solution: which card keeps the goal and which tempting cards do not (the
    facts :func:`jink.puzzles.check.check` proves), and the facts of the deal."""
    p = found.position
    key = found.key[0]
    goal = goal_for(p, found.goal)
    scores = [s for s in found.scores if s.card == key]
    equal = scores[0].equivalent if scores else ()
    desc = _describe(p, key)
    play = "lead" if not p.trick else "card"
    keeps = goal_words(p, goal)
    story = [f"Only one {play} {keeps}: {desc}"
             + (f" (or its equal {'/'.join(_name(c) for c in equal)})" if equal else "")
             + "."]
    tempting = list(found.rating.tempting)
    if tempting:
        obvious = obvious_card(p)
        most = {s.card: s.max_tricks for s in found.scores}
        counted = not isinstance(goal, Spoil)
        names = [f"the {_name(c)}" + (" (the highest-ranking card)" if c == obvious else "")
                 + (f" keeps at most {most[c]} trick{'' if most[c] == 1 else 's'}"
                    if counted else "") for c in tempting]
        text = _list(names)
        if counted:
            story.append(f"Not so the tempting card{'' if len(names) == 1 else 's'}: "
                         f"{text}.")
        else:
            story.append(f"{text[0].upper()}{text[1:]} look{'s' if len(names) == 1 else ''} "
                         f"natural, but after {'it' if len(names) == 1 else 'each'} the "
                         "others, playing together, can bring one of them to three tricks.")
    if not p.tricks_done:
        first = "first follow" if p.trick else "first lead"
    else:
        first = f"after {p.tricks_done} trick{'' if p.tricks_done == 1 else 's'}"
    title = f"{p.game.title} for {p.players}, {first}: {_aim(p, found.goal)}"
    hint = f"Not the {_name(tempting[0])}." if tempting else None
    return Puzzle(PositionFile(p), puzzle_id, title, " ".join(story), found.seat,
                  found.goal, found.key, found.rating.difficulty, hint,
                  "jink puzzle generate")


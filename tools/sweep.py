"""Differential sweep: the full solver against the plain kernel on random positions.

The full solver (``Solver()``: the exact kernel, its settlers and partition
search) must give every answer the plain kernel gives (``Solver(exact=True)``:
no settler, no partition search). This tool draws random positions of every
game at each of its seat counts (2 to 10), at a trick's start and part-way
through one, some dealt trump-heavy, every option of the game drawn at
random, and compares every seat's verdicts (max tricks and the game's
questions) and, on a share of them, the scores of the legal cards of the
seat to play. Positions the plain kernel cannot finish within ``--nodes``
are skipped and counted.

Position ``i`` of seed ``s`` is drawn from its own generator, so any one can
be made again (``--show i``). A disagreement is shrunk to its smallest form
(fewer seats, fewer tricks left, fewer cards in the trick, lower cards,
options at their defaults: every change that keeps the two disagreeing),
then asked of each settler alone and of partition search alone, and written
to ``--out`` in the form of tests/data/wrong_answers.jsonl. Run from the
repository root::

    python -m tools.sweep --positions 100000 --seed 1 --out found.jsonl
    python -m tools.sweep --show 4711 --seed 1
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import os
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from jink.cards import bit, card_name, iter_cards, rank_of, suit_of
from jink.errors import JinkError, LimitExceeded
from jink.games import GAMES, Game, find_game
from jink.position import Position
from jink.puzzles.files import position_to_dict
from jink.solver import Limit, Solver, native
from jink.solver.goals import goal_for

#: The plain kernel's node limit per position by default: a position past it
#: is skipped (counted): under one in a hundred with the mix of tricks left below.
NODES = 100_000
#: The full solver may take this many times the plain kernel's limit; past it
#: the position is counted as slow (a search that much longer than the
#: kernel's is itself worth a look), not compared.
FULL_FACTOR = 20
#: The share of positions on which the legal cards' scores are compared too.
SCORES = 0.25
#: The share of deals dealt trump-heavy.
HEAVY = 0.25
#: The share of positions dealt as they stand, their tricks done won at
#: random (see :func:`deal`); the others are played out from the deal.
SHORT = 0.5
#: The table size of each solver: small, so that entries are replaced often
#: (a replaced entry must not change an answer either) and solvers are cheap
#: to make, one per position.
MEMORY_MB = 16
#: The most solver pairs the shrinker asks about one disagreement.
SHRINK_TRIES = 3000


def seat_counts(game: Game) -> list[int]:
    """The seat counts ``game`` allows, 2 to 10."""
    counts = game.player_counts or tuple(range(game.min_players, game.max_players + 1))
    return [n for n in counts if 2 <= n <= 10]


def tricks_left(rng: random.Random, game: Game, seats: int) -> int:
    """How many tricks are left to play, from the first (all) to the last (1).

    The plain kernel's cost grows steeply with seats times tricks left
    (measured: Spoil Five at six seats with five tricks left is past 200,000
    nodes two times in three, at eight with four, at ten with three a time
    in seven): big tables are drawn mostly with one to three tricks left,
    so that few are skipped and the sweep stays fast."""
    if seats <= 5:
        weights = [2, 2, 2, 2, 1]
    elif seats <= 7:
        weights = [3, 3, 3, 1, 0]
    elif seats == 8:
        weights = [4, 4, 3, 0, 0]
    else:
        weights = [4, 4, 1, 0, 0]
    weights = weights[:game.tricks]
    return 1 + rng.choices(range(len(weights)), weights)[0]


def deal(rng: random.Random, game: Game, seats: int, heavy: bool, left: int | None = None
         ) -> Position:
    """A random deal; ``heavy``: the trump suit's cards go to the hands first
    (with a random strength, so anything from a few trumps more than usual
    to every hand full of them). Loo is dealt as a simple pool (no trump, the
    card to be turned known) or a double one (the trump turned before play).

    ``left``: the deal as it stands with that many tricks left, dealt so (the
    cards played are simply gone) with the tricks done won at random by one
    to every seat: the tricks won, which decide who is close to the goals,
    spread far wider than random play spreads them. (Not for a Loo simple
    pool, whose trump comes in during play.)"""
    deck = [c for c in range(52) if game.deck >> c & 1]
    rng.shuffle(deck)
    trump_suit = rng.randrange(4)
    if heavy:
        lean = rng.uniform(0.3, 1.2)
        keys = {c: rng.random() - (lean if suit_of(c) == trump_suit else 0.0) for c in deck}
        deck.sort(key=keys.__getitem__)
    turn = None
    trump: int | None = trump_suit
    if game.uses_turn:
        # The card turned when trumps come in: of the heavy suit when heavy.
        turn = next(c for c in deck if suit_of(c) == trump_suit) if heavy else deck[-1]
        deck.remove(turn)
        trump = None
        if rng.random() < 0.4 or seats < game.simple_min_players:
            trump, turn = suit_of(turn), None
    size = game.hand_size if left is None or trump is None else left
    hands = [sum(1 << c for c in deck[i * size:(i + 1) * size]) for i in range(seats)]
    rng.shuffle(hands)
    options = {o.name: rng.random() < 0.5 for o in game.options}
    won = [0] * seats
    winners = rng.sample(range(seats), rng.randint(1, seats))
    for _ in range(game.hand_size - size):
        won[rng.choice(winners)] += 1
    leader = rng.choice([s for s in range(seats) if won[s]] if any(won) else range(seats))
    return Position.create(game, trump, hands, leader=leader, won=won, turn=turn,
                           options=options)


@dataclass(frozen=True)
class Drawn:
    """Position ``index`` of a sweep, and what is asked of it."""

    index: int
    position: Position
    heavy: bool
    #: The goal whose legal cards' scores are compared (None: verdicts only).
    goal: str | None


def draw(seed: int, index: int, games: Sequence[str], seats: Sequence[int] | None = None
         ) -> Drawn:
    """Position ``index`` of the sweep of ``seed`` over ``games`` (and
    ``seats``, if given): the same every time, whatever the workers."""
    rng = random.Random(f"jink-sweep/{seed}/{index}")
    game = find_game(rng.choice(list(games)))
    counts = [n for n in seat_counts(game) if seats is None or n in seats]
    n = rng.choice(counts)
    heavy = rng.random() < HEAVY
    left = tricks_left(rng, game, n)
    short = rng.random() < SHORT
    position = deal(rng, game, n, heavy, left if short else None)
    in_trick = rng.randrange(1, n) if rng.random() < 0.5 else 0
    # Play on to ``left`` tricks left (a Loo simple pool, dealt whole), then
    # into the trick.
    for _ in range((game.tricks - position.tricks_done - left) * n + in_trick):
        position = position.play(rng.choice(position.legal_cards()))
    goal = None
    if rng.random() < SCORES:
        goal = rng.choice(game.questions(n)).name
    return Drawn(index, position, heavy, goal)


# -- comparing -----------------------------------------------------------------------

Answers = tuple[list[tuple[Any, ...]], list[tuple[Any, ...]] | None]


def answers(solver: Solver, position: Position, goal: str | None) -> Answers:
    """Every seat's verdicts and, with ``goal``, the scores of the legal cards
    of the seat to play (card, max tricks, whether the goal holds)."""
    verdicts = [(v.seat, v.max_tricks, v.answers) for v in solver.verdicts(position)]
    scores = None
    if goal is not None and not position.is_over:
        wanted = goal_for(position, goal)
        scores = [(m.card, m.max_tricks, m.achieves)
                  for m in solver.score_moves(position, position.seat_to_play, wanted)]
    return verdicts, scores


def differences(got: Answers, want: Answers) -> list[str]:
    """What the full solver (``got``) says otherwise than the plain kernel
    (``want``), in words (seats 1-based)."""
    out = []
    for g, w in zip(got[0], want[0], strict=True):
        seat = w[0] + 1
        if g[1] != w[1]:
            out.append(f"seat {seat} max tricks {g[1]}, plain kernel {w[1]}")
        for (name, a), (_, b) in zip(g[2], w[2], strict=True):
            if a != b:
                out.append(f"seat {seat} {name} {a}, plain kernel {b}")
    if got[1] != want[1] and got[1] is not None and want[1] is not None:
        for g, w in zip(got[1], want[1], strict=True):
            if g != w:
                out.append(f"card {card_name(w[0])} scores {g[1:]}, plain kernel {w[1:]}")
    return out


class Skipped(Exception):
    """The plain kernel (``slow`` False) or the full solver (True) went past its limit."""

    def __init__(self, slow: bool) -> None:
        super().__init__("slow" if slow else "skipped")
        self.slow = slow


def compare(position: Position, goal: str | None, nodes: int,
            make: Callable[[], Solver] | None = None) -> list[str]:
    """The differences of the full solver (``make()``, default ``Solver()``)
    from the plain kernel on ``position``; :class:`Skipped` past the limits."""
    try:
        want = answers(Solver(Limit(nodes=nodes), MEMORY_MB, exact=True), position, goal)
    except LimitExceeded:
        raise Skipped(False) from None
    solver = make() if make else Solver(Limit(nodes=nodes * FULL_FACTOR), MEMORY_MB)
    try:
        got = answers(solver, position, goal)
    except LimitExceeded:
        raise Skipped(True) from None
    return differences(got, want)


def disagrees(position: Position, goal: str | None, nodes: int,
              make: Callable[[], Solver] | None = None) -> bool:
    try:
        return bool(compare(position, goal, nodes, make))
    except Skipped:
        return False


# -- shrinking -----------------------------------------------------------------------

def size(p: Position) -> tuple[int, ...]:
    """What the shrinker makes smaller, most important first: seats, tricks
    left, cards in the trick, the cards' ranks, options off their defaults.
    Every move lowers it, so shrinking ends."""
    ranks = sum(rank_of(c) for hand in p.hands for c in iter_cards(hand))
    ranks += sum(rank_of(c) for c in p.trick)
    defaults = {o.name: o.default for o in p.game.options}
    changed = sum(1 for k, v in p.options.items() if defaults.get(k) != v)
    return (p.players, p.game.tricks - p.tricks_done, len(p.trick), ranks, changed)


def _made(p: Position, **changes: Any) -> Position | None:
    """``p`` with ``changes``, or None when that is no legal position."""
    try:
        return dataclasses.replace(p, **changes)
    except JinkError:
        return None


def without_seats(p: Position, gone: Sequence[int]) -> Position | None:
    """``p`` with the seats ``gone`` (and their cards in the trick) left out;
    their tricks go to the seat that now leads."""
    n = p.players
    kept = [s for s in range(n) if s not in gone]
    if not kept:
        return None
    played = {p.seat_of_trick_card(i): c for i, c in enumerate(p.trick)}
    order = [(p.leader + i) % n for i in range(n)]
    # The first seat still at the table, from the leader on, leads.
    leader = next(s for s in order if s in kept)
    trick = tuple(played[s] for s in order if s in kept and s in played)
    if trick and leader not in played:
        return None  # the leader left after leading: the trick has no leader
    won = [p.won[s] for s in kept]
    won[kept.index(leader)] += sum(p.won[s] for s in gone)
    return _made(p, hands=tuple(p.hands[s] for s in kept), leader=kept.index(leader),
                 trick=trick, won=tuple(won))


def candidates(p: Position, rng: random.Random) -> Iterator[Position]:
    """Legal positions smaller than ``p`` by one move, the biggest moves first."""
    n, game = p.players, p.game
    # Fewer seats: one less, or two where the game takes only even counts.
    for drop in (1, 2):
        if n - drop in seat_counts(game):
            seats = range(n)
            pairs = [(s,) for s in seats] if drop == 1 else \
                [(a, b) for a in seats for b in seats if a < b]
            for gone in pairs:
                q = without_seats(p, gone)
                if q is not None:
                    yield q
            break
    # A trick fewer left (one at least): one card less in every hand (a few
    # random choices), the trick it stands for won by the leader.
    if all(p.hands) and game.tricks - p.tricks_done >= 2:
        for _ in range(8):
            hands = tuple(h & ~bit(rng.choice(list(iter_cards(h)))) for h in p.hands)
            won = list(p.won)
            won[p.leader] += 1
            q = _made(p, hands=hands, won=tuple(won))
            if q is not None:
                yield q
    # A card fewer in the trick: the last one back in its seat's hand.
    if p.trick:
        seat = p.seat_of_trick_card(len(p.trick) - 1)
        back = list(p.hands)
        back[seat] |= bit(p.trick[-1])
        q = _made(p, hands=tuple(back), trick=p.trick[:-1])
        if q is not None:
            yield q
    # Options back to their defaults.
    for o in game.options:
        if p.options.get(o.name, o.default) != o.default:
            q = _made(p, options={**p.options, o.name: o.default})
            if q is not None:
                yield q
    # Lower cards: a card of a hand or of the trick for a lower one of its
    # suit that is nowhere in the deal (the lowest, else the next below).
    used = 0
    for hand in p.hands:
        used |= hand
    for c in (*p.trick, *(x for x in (p.turn, p.turnup) if x is not None)):
        used |= bit(c)
    free = [c for c in range(52) if game.deck >> c & 1 and not used & bit(c)]

    def lower(c: int) -> list[int]:
        below = [f for f in free if suit_of(f) == suit_of(c) and rank_of(f) < rank_of(c)]
        return sorted(set(below[:1] + below[-1:]))

    for seat, hand in enumerate(p.hands):
        for c in iter_cards(hand):
            for f in lower(c):
                swapped = list(p.hands)
                swapped[seat] = hand & ~bit(c) | bit(f)
                q = _made(p, hands=tuple(swapped))
                if q is not None:
                    yield q
    for i, c in enumerate(p.trick):
        for f in lower(c):
            q = _made(p, trick=(*p.trick[:i], f, *p.trick[i + 1:]))
            if q is not None:
                yield q


def shrink(p: Position, still: Callable[[Position], bool], seed: int = 0,
           tries: int = SHRINK_TRIES) -> Position:
    """The smallest position reached from ``p`` by moves that each keep
    ``still`` true (greedy: the first move that does is taken, then again)."""
    rng = random.Random(seed)
    asked = 0
    moved = True
    while moved and asked < tries:
        moved = False
        for q in candidates(p, rng):
            assert size(q) < size(p), (size(q), size(p))
            asked += 1
            if still(q):
                p, moved = q, True
                break
            if asked >= tries:
                break
    return p


# -- a disagreement, written down ----------------------------------------------------

def plain_verdicts(position: Position) -> list[dict[str, Any]]:
    """Every seat's verdicts from the plain kernel, as wrong_answers.jsonl holds them."""
    return [{"seat": v.seat + 1, "max_tricks": v.max_tricks, "three": v.three,
             "jink": v.jink, "spoil": v.spoil}
            for v in Solver(memory_mb=MEMORY_MB, exact=True).verdicts(position)]


def record(seed: int, drawn: Drawn, nodes: int) -> dict[str, Any]:
    """A disagreement found at ``drawn``: shrunk, then asked of each settler
    alone and of partition search alone."""
    goal = drawn.goal
    small = shrink(drawn.position, lambda q: disagrees(q, goal, nodes), seed=drawn.index)
    found = compare(small, goal, nodes)

    def alone(names: list[str]) -> bool:
        return disagrees(small, goal, nodes,
                         lambda: Solver(memory_mb=MEMORY_MB, settlers=names))

    settlers = [name for name in native.SETTLERS if alone([name])]
    partition = alone([])
    # A wrong answer no settler gives alone needs two together: those
    # without which (the others on) the answer is right.
    needed = [name for name in native.SETTLERS
              if not alone([other for other in native.SETTLERS if other != name])]
    blame = ", ".join(settlers) if settlers else \
        f"no settler alone; needs {', '.join(needed) or 'no one settler'}"
    return {
        "position": position_to_dict(small),
        "verdicts": plain_verdicts(small),
        "found": (f"differential sweep (seed {seed}, position {drawn.index}): "
                  f"{'; '.join(found)}; alone: {blame}"
                  f"{'; partition search alone too' if partition else ''}"),
        "sweep": {"seed": seed, "index": drawn.index, "goal": goal,
                  "drawn": position_to_dict(drawn.position), "differences": found,
                  "settlers_alone": settlers, "settlers_needed": needed,
                  "partition_alone": partition},
    }


# -- the sweep -----------------------------------------------------------------------

@dataclass
class Tally:
    """What a stretch of the sweep counted, by ``game/seats``."""

    compared: Counter[str] = field(default_factory=Counter)
    skipped: Counter[str] = field(default_factory=Counter)
    slow: Counter[str] = field(default_factory=Counter)
    scored: int = 0
    heavy: int = 0
    mid_trick: int = 0
    found: list[dict[str, Any]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.compared.update(other.compared)
        self.skipped.update(other.skipped)
        self.slow.update(other.slow)
        self.scored += other.scored
        self.heavy += other.heavy
        self.mid_trick += other.mid_trick
        self.found.extend(other.found)

    @property
    def done(self) -> int:
        return sum(self.compared.values()) + sum(self.skipped.values()) + \
            sum(self.slow.values())


@dataclass(frozen=True)
class Config:
    seed: int
    games: tuple[str, ...]
    seats: tuple[int, ...] | None
    nodes: int


def sweep_range(config: Config, first: int, stop: int) -> Tally:
    """Positions ``first`` to ``stop - 1``, compared."""
    tally = Tally()
    for index in range(first, stop):
        drawn = draw(config.seed, index, config.games, config.seats)
        p = drawn.position
        key = f"{p.game.name}/{p.players}"
        try:
            found = compare(p, drawn.goal, config.nodes)
        except Skipped as skip:
            (tally.slow if skip.slow else tally.skipped)[key] += 1
            continue
        tally.compared[key] += 1
        tally.scored += drawn.goal is not None
        tally.heavy += drawn.heavy
        tally.mid_trick += bool(p.trick)
        if found:
            tally.found.append(record(config.seed, drawn, config.nodes))
    return tally


def _work(job: tuple[Config, int, int]) -> Tally:
    return sweep_range(*job)


def _quiet_worker() -> None:
    # Ctrl-C goes to the whole process group: the main process stops the
    # workers itself and keeps what they sent. (SIGTERM back at its default:
    # that is how the pool stops them.)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


class Progress:
    """A progress line on stderr: redrawn on a terminal, else a line a minute."""

    def __init__(self, total: int, stream: TextIO = sys.stderr) -> None:
        self.total, self.stream = total, stream
        self.start = self.last = time.monotonic()
        self.tty = stream.isatty()

    def show(self, tally: Tally, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last < (0.5 if self.tty else 60):
            return
        self.last = now
        done = tally.done
        rate = done / max(now - self.start, 1e-9)
        eta = (self.total - done) / rate if rate else 0.0
        width = 30
        filled = width * done // max(self.total, 1)
        line = (f"[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} "
                f"{rate:.0f}/s eta {eta / 60:.1f} min, skipped "
                f"{sum(tally.skipped.values())}, disagreements {len(tally.found)}")
        self.stream.write(("\r" + line) if self.tty else line + "\n")
        self.stream.flush()

    def end(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def run(config: Config, positions: int, workers: int, first: int = 0,
        out: TextIO | None = None, progress: Progress | None = None,
        chunk: int = 50) -> tuple[Tally, bool]:
    """Positions ``first`` on, ``positions`` of them, over ``workers``
    processes (1: in this one). Each disagreement is written to ``out`` as
    it comes. Returns the tally and whether every position was reached
    (False after Ctrl-C: the tally holds the stretches finished)."""
    tally = Tally()
    jobs = [(config, a, min(a + chunk, first + positions))
            for a in range(first, first + positions, chunk)]

    def take(part: Tally) -> None:
        tally.add(part)
        if out is not None:
            for r in part.found:
                out.write(json.dumps(r) + "\n")
            out.flush()
        if progress is not None:
            progress.show(tally)

    complete = True
    if workers == 1:
        try:
            for job in jobs:
                take(_work(job))
        except KeyboardInterrupt:
            complete = False
    else:
        pool = multiprocessing.get_context("fork").Pool(workers, _quiet_worker)
        try:
            for part in pool.imap_unordered(_work, jobs):
                take(part)
            pool.close()
        except KeyboardInterrupt:
            complete = False
            pool.terminate()
        finally:
            pool.join()
    if progress is not None:
        progress.show(tally, force=True)
        progress.end()
    return tally, complete


def summary(tally: Tally, config: Config, positions: int, seconds: float,
            complete: bool) -> dict[str, Any]:
    done = tally.done
    return {
        "seed": config.seed, "asked": positions, "reached": done, "complete": complete,
        "seconds": round(seconds, 1), "rate": round(done / seconds, 1) if seconds else None,
        "nodes": config.nodes,
        "compared": sum(tally.compared.values()), "skipped": sum(tally.skipped.values()),
        "slow": sum(tally.slow.values()), "scored": tally.scored, "heavy": tally.heavy,
        "mid_trick": tally.mid_trick, "disagreements": len(tally.found),
        "by_game": {key: {"compared": tally.compared[key], "skipped": tally.skipped[key],
                          "slow": tally.slow[key]}
                    for key in sorted(set(tally.compared) | set(tally.skipped) | set(tally.slow),
                                      key=lambda k: (k.split("/")[0], int(k.split("/")[1])))},
        "found": [r["found"] for r in tally.found],
    }


def report(s: dict[str, Any]) -> str:
    lines = [f"seed {s['seed']}: {s['reached']} of {s['asked']} positions"
             f"{'' if s['complete'] else ' (stopped)'} in {s['seconds']} s "
             f"({s['rate']}/s); compared {s['compared']} (scores on {s['scored']}, "
             f"trump-heavy {s['heavy']}, mid-trick {s['mid_trick']}), skipped {s['skipped']} "
             f"(plain kernel past {s['nodes']} nodes), slow {s['slow']}",
             "game/seats: compared, skipped, slow"]
    for key, c in s["by_game"].items():
        lines.append(f"  {key}: {c['compared']}, {c['skipped']}, {c['slow']}")
    lines.append(f"disagreements: {s['disagreements']}")
    lines.extend(f"  {text}" for text in s["found"])
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m tools.sweep", description=__doc__.splitlines()[0],
        epilog="Exit status: 0 no disagreement, 1 disagreements (or an error), 2 misuse.")
    parser.add_argument("--positions", type=int, default=10_000, help="how many (10000)")
    parser.add_argument("--seed", type=int, default=1, help="the sweep's seed (1)")
    parser.add_argument("--first", type=int, default=0, help="the first position's number (0)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes (default: the cores)")
    parser.add_argument("--nodes", type=int, default=NODES,
                        help=f"the plain kernel's node limit per position ({NODES})")
    parser.add_argument("--games", nargs="+", metavar="GAME", help="these games only")
    parser.add_argument("--seats", nargs="+", type=int, metavar="N", help="these seat counts only")
    parser.add_argument("--out", help="append each disagreement to this JSONL file")
    parser.add_argument("--json", action="store_true", help="the summary as JSON")
    parser.add_argument("--show", type=int, metavar="I",
                        help="print position I of the seed and its comparison, then stop")
    args = parser.parse_args(argv)
    for name in ("positions", "workers", "nodes"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be 1 or more")
    if args.first < 0:
        parser.error("--first must be 0 or more")
    try:
        args.games = tuple(find_game(g).name for g in args.games or GAMES)
    except JinkError as e:
        parser.error(str(e))
    if args.seats is not None:
        counts = {n for g in args.games for n in seat_counts(find_game(g))}
        if not counts & set(args.seats):
            parser.error(f"no game chosen takes {', '.join(map(str, args.seats))} seats")
        args.games = tuple(g for g in args.games
                           if set(seat_counts(find_game(g))) & set(args.seats))
        args.seats = tuple(args.seats)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    # Ctrl-C, and SIGINT or SIGTERM sent to a run started in the background
    # (where SIGINT starts ignored), stop the sweep with what it counted.
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    config = Config(args.seed, args.games, args.seats, args.nodes)
    if not native.available():
        print("sweep: the compiled core is not built (python setup.py build_ext --inplace)",
              file=sys.stderr)
        return 1
    if args.show is not None:
        drawn = draw(config.seed, args.show, config.games, config.seats)
        print(json.dumps(position_to_dict(drawn.position)))
        try:
            found = compare(drawn.position, drawn.goal, config.nodes)
        except Skipped as skip:
            print("slow (the full solver past its limit)" if skip.slow
                  else f"skipped (the plain kernel past {config.nodes} nodes)")
            return 0
        print("\n".join(found) if found else "agrees")
        return 1 if found else 0
    try:
        out = open(args.out, "a") if args.out else None  # noqa: SIM115 (kept open for the run)
    except OSError as e:
        print(f"sweep: cannot write {args.out}: {e.strerror}", file=sys.stderr)
        return 1
    start = time.monotonic()
    try:
        tally, complete = run(config, args.positions, args.workers, args.first, out,
                              Progress(args.positions))
    finally:
        if out is not None:
            out.close()
    s = summary(tally, config, args.positions, time.monotonic() - start, complete)
    print(json.dumps(s, indent=1) if args.json else report(s))
    return 1 if tally.found else 0


if __name__ == "__main__":
    sys.exit(main())

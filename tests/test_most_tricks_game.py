"""The relaxed game for a seat's most tricks (jink/solver/core/relaxed.c,
``relaxed_tricks``; docs/solver.md, "Partition search": the relaxed game "For
a seat's most tricks").

A `max_tricks` proof of one seat ("can seat 1 end with k tricks?") with three
tricks left is settled as "yes" by a game easier for the other seats: each
keeps its cards, uses up only those it takes a trick or leads with or must
throw (its one card that may follow the lead), and any of them may take a
trick after the asker's card, or, where it sits between the seat leading
and the asker, before it.

- Three positions the game settles at their root, each answered as the
  plain kernel answers it: one trick of three against the one seat holding
  trumps; a seat before the asker that must take first or not at all; the
  others' forced throws; a forced card that takes the trick. (CI) The core
  built without each of those parts searches the positions that need it.
- Random positions of five to ten seats with three tricks left (some with
  four): every seat's most tricks as the core with the relaxed game off
  gives them, and as the Python engine gives them up to seven seats. (Below
  five seats the game is not played: it costs more than it saves there.)
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from jink.position import Position
from jink.solver import Solver, native
from jink.solver.goals import AtLeast
from tests import mutants
from tests.sweeps import Size, sweep
from tests.test_native import random_position, seat_counts

pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")


def hearts(hands: str, leader: int, won: tuple[int, ...]) -> Position:
    """A Spoil Five position, hearts trumps: the hands seat by seat, "/" between
    them; ``leader`` 1-based, each seat's tricks won."""
    return Position.create("spoil-five", "H", hands.split(" / "), leader=leader - 1, won=won)


#: Hearts trumps, seat 6 to lead, two tricks played (seats 1 and 6 one each).
#: Seat 1 holds Q♠ 7♥ K♦ and needs one trick of the three; seat 6 holds the
#: only other trumps, J♥ Q♥, with 7♠; no other card beats the Q♠ or the K♦.
#: Seat 6 can stop two of seat 1's cards at most, and whatever it leads after
#: taking a trick, seat 1 takes one.
ONE_OF_THREE = hearts("QS 7H KD / 2C 3C 4C / 5C 6C 7C / 8C 9C TC / 2D 3D 4D / 7S JH QH / "
                      "5D 6D 7D / 8D 9D TD / 2S 3S 4S / 5S 6S 8S",
                      6, (1, 0, 0, 0, 0, 1, 0, 0, 0, 0))

#: Hearts trumps, five seats, seat 3 to lead (it took both tricks). Seat 1
#: (Q♠ 7♥ 2♣) needs one trick. Seat 4, the only other seat with a trump
#: (A♥), plays between seat 3 and seat 1: it must spend the A♥ before seat 1
#: plays (then seat 1 keeps its 7♥ for the next diamond) or let seat 1 trump.
#: Were seat 4 to play after seat 1, it would take seat 1's 7♥ with the A♥
#: and lead diamonds, of which seat 1 holds none.
BEFORE_THE_ASKER = hearts("QS 7H 2C / 3C 4C 5C / KS 6D 7D / AH 9D 8D / 3S 4S 5S",
                          3, (0, 0, 2, 0, 0))

#: Hearts trumps, seat 1 to lead (it and seat 4 took a trick each). Seat 1
#: holds Q♠ 7♥ 9♥ and needs one trick more: it must be free to trump the
#: second trick after the K♥ and the 6♥ have fallen to its lead, seats 3 and 5
#: holding no other trump (their throws are forced), and seat 10 playing
#: before it in that trick.
FORCED = hearts("QS 7H 9H / TS 4C AC / KS KH 9D / JD AD 8C / 8S 6H TD / 7S 2H 4H / "
                "4S 5S 5C / 3S 2C 3C / 7D 8D QD / 2S JS AH",
                1, (1, 0, 0, 1, 0, 0, 0, 0, 0, 0))

#: Hearts trumps, seat 1 to lead (it and seat 3 took a trick each). Seat 1
#: holds Q♠ 7♥ 9♥ and needs one trick more. Leading the 7♥ draws the Q♥ of
#: seat 4, its one trump, which must be played: seat 5 cannot take the
#: trick with the 8♥ and lead a trump to draw seat 1's 9♥ while seat 10
#: keeps the A♥. Seat 4's cards are all known to the game (it has thrown
#: none yet), so its Q♥ is in the trick; a seat that may have thrown the
#: card before would only be held to throw it.
KNOWN = hearts("QS 7H 9H / 4C 9C AC / 5D 9D TC / QH 8C QC / 6H 8H TD / 7S 2H 4H / "
               "4S 5C 7C / 3S 2C 3C / 7D 8D QD / 2S AH KC",
               1, (1, 0, 1, 0, 0, 0, 0, 0, 0, 0))

#: (position, the tricks seat 1 can be sure of in all)
SETTLED = {"one_of_three": (ONE_OF_THREE, 2), "before_the_asker": (BEFORE_THE_ASKER, 1),
           "forced": (FORCED, 2), "known": (KNOWN, 2)}

#: The core without the seats before the asker playing first (every seat
#: plays after the asker), without the forced throws, and without a forced
#: card of a seat whose cards are known taking the trick.
WITHOUT_AHEAD = ("if (k == 0 && x->tricks && x->lead_by > 0 && !x->pre && left > 1)",
                 "if (0)")
WITHOUT_FORCED = ("u64 sure = 0, pulled = x->tricks ? forced_throws(x, lead, &sure) : 0;",
                  "u64 sure = 0, pulled = 0;\n        (void)forced_throws;")
WITHOUT_KNOWN = ("popc(left) + tricks == popc(x->seat[i])) *sure |= follow;",
                 "0) *sure |= follow;")


def proof(solver: Solver, position: Position, tricks: int) -> tuple[bool, int]:
    return solver.can_force(position, 0, AtLeast(tricks)), solver.nodes


@pytest.mark.parametrize("name", sorted(SETTLED))
def test_the_game_settles_the_proof_at_its_root(name: str) -> None:
    position, most = SETTLED[name]
    assert proof(Solver(engine="native"), position, most) == (True, 0)
    assert proof(Solver(engine="native", exact=True), position, most)[0] is True
    for solver in (Solver(engine="native"), Solver(engine="native", exact=True)):
        assert solver.max_tricks(position, 0) == most


@pytest.mark.ci
@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the core")
@pytest.mark.parametrize("without, searched", [
    (WITHOUT_AHEAD, ("before_the_asker", "forced", "known")),
    (WITHOUT_FORCED, ("forced", "known")),
    (WITHOUT_KNOWN, ("known",))])
def test_without_its_parts_the_proofs_are_searched(without: tuple[str, str],
                                                   searched: tuple[str, ...],
                                                   tmp_path: Path) -> None:
    old, new = without
    text = mutants.source_text()
    assert text.count(old) == 1
    module = mutants.build_text(text.replace(old, new), "relaxed_part", tmp_path, exact=True)
    with mutants.core(module):
        for name, (position, most) in SETTLED.items():
            answer, nodes = proof(Solver(engine="native"), position, most)
            assert answer is True
            assert (nodes > 0) == (name in searched), name


def late_position(rng: random.Random, index: int) -> Position:
    """Spoil Five or Forty-Five at five to ten seats, from the third trick's
    start to part-way through it (a fifth: the second trick)."""
    game = "forty-five" if index % 3 == 2 else "spoil-five"
    seats = rng.choice([n for n in seat_counts(game) if n >= 5])
    first = 1 if rng.random() < 0.2 else 2
    return random_position(rng, game, seats, rng.randrange(seats * first, seats * (first + 1)))


@pytest.mark.parametrize("size", sweep(sample=300, ci=3000, full=30_000))
def test_most_tricks_as_without_the_game(size: Size) -> None:
    rng = random.Random(2029)
    settled = 0
    for i in range(size.examples):
        position = late_position(rng, i)
        full = Solver(engine="native")
        without = Solver(engine="native", settlers=native.without(["relaxed"]))
        most = [full.max_tricks(position, seat) for seat in range(position.players)]
        assert most == [without.max_tricks(position, seat)
                        for seat in range(position.players)], position
        if position.players <= 7:
            python = Solver(engine="python")
            assert most == [python.max_tricks(position, seat)
                            for seat in range(position.players)], position
        settled += full.nodes < without.nodes
    assert settled >= size.examples // 20  # (the game acts on these positions)

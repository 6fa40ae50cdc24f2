"""The relaxed game uses up the pool's cards (jink/solver/core/relaxed.c,
``used``; docs/solver.md, "Cards used up"): a pool seat's card it took a
trick or led with is gone for the rest of the game, as in the real game.

- A hand-over at ten seats that the pool could win in the relaxed game only
  by taking a trick with the top trump and leading it again is settled
  unsearched, and answered as the plain kernel answers it; (CI) the core
  built with the pool's cards never used up searches it.
- On random positions of ten seats with three tricks left (where the
  relaxed game is asked), the core answers as the plain kernel (in CI's
  run: the plain kernel's ten-seat searches are too slow for the default).
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from jink.cards import card_name
from jink.errors import PositionError
from jink.formats.files import position_from_dict
from jink.position import Position
from jink.solver import Limit, Solver, native
from jink.solver.goals import SPOIL
from tests import mutants

pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")

#: Seat 10 has two tricks and needs one of the last three; seat 1 asks for
#: the spoil with 6H 7D KD. In the relaxed game seat 4 took a trick with
#: 5D and led it again, stripping seat 1 of both trumps, and seat 10's 2S
#: took the last trick; in the real game 5D is played once.
HAND_OVER = {"game": "spoil-five", "trump": "D", "leader": 10, "won": [0] * 9 + [2],
             "hands": ["6H 7D KD", "TH QD 3C", "4S 7S 9S", "5S JS 5D", "3S 8S KS",
                       "6S 5H 4D", "9H KH AC", "7H JH QH", "2D 2C JC", "2S AS 3H"]}

#: The core with the pool's cards never used up (as before it followed them).
NEVER_USED = "if (!x->pooled) x->used |= bit(card);"


def spoil(solver: Solver, position: Position) -> tuple[bool, int]:
    return solver.can_force(position, 0, SPOIL), solver.nodes


def test_the_pool_uses_its_top_trump_once() -> None:
    position = position_from_dict(HAND_OVER)
    # (settled at the root: the hand-over's relaxed game holds)
    assert spoil(Solver(engine="native"), position) == (True, 0)
    assert spoil(Solver(engine="native", exact=True), position)[0] is True


@pytest.mark.ci
@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the core")
def test_with_its_cards_never_used_up_the_pool_strips_the_asker(tmp_path: Path) -> None:
    text = mutants.source_text()
    assert text.count(NEVER_USED) == 2  # (a lead and a take)
    module = mutants.build_text(text.replace(NEVER_USED, "(void)card;"), "never_used",
                                tmp_path, exact=True)
    with mutants.core(module):
        answer, nodes = spoil(Solver(engine="native"), position_from_dict(HAND_OVER))
    assert answer is True
    assert nodes > 10_000  # (the search the relaxed game now saves)


def random_late(rng: random.Random) -> Position:
    """Ten seats with three cards each (two tricks played), any tricks won.
    (Dealt directly rather than played out as tests/test_native.py's
    random_position does: positions reached by random play are often beyond
    the plain kernel's node limit at ten seats.)"""
    won = [0] * 10
    for _ in range(2):
        won[rng.randrange(10)] += 1
    while True:
        cards = rng.sample(range(52), 30)
        hands = [" ".join(card_name(c) for c in cards[3 * p:3 * p + 3]) for p in range(10)]
        leader = rng.choice([p for p in range(10) if won[p]]) + 1
        obj = {"game": "spoil-five", "trump": rng.choice("SHDC"), "leader": leader,
               "won": won, "hands": hands}
        try:
            return position_from_dict(obj)
        except PositionError:  # (a deal the rules refuse: dealt again)
            continue


@pytest.mark.ci
@pytest.mark.parametrize("seed", range(8))
def test_late_ten_seat_spoils_are_exact(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        position = random_late(rng)
        for seat in range(10):
            full = Solver(engine="native")
            plain = Solver(Limit(nodes=2_000_000), engine="native", exact=True)
            assert full.can_force(position, seat, SPOIL) == plain.can_force(
                position, seat, SPOIL), (position, seat)

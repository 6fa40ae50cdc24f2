"""The benchmark's positions: seeded random deals and mid-trick endgames.

Every position depends only on (seed, players, index), so runs on different
days or machines time the same work.
"""

from __future__ import annotations

import random

from jink.position import Position


def deal(players: int, index: int, seed: int) -> Position:
    """A random Spoil Five deal at the first lead."""
    rng = random.Random(f"{seed}:{players}:{index}")
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[i * 5:(i + 1) * 5]) for i in range(players)]
    return Position.create("spoil-five", rng.randrange(4), hands)


def endgame(players: int, index: int, seed: int) -> Position:
    """A deal played at random for two tricks and part of the third."""
    rng = random.Random(f"endgame:{seed}:{players}:{index}")
    position = deal(players, index, seed)
    for _ in range(2 * players + rng.randrange(players)):
        cards = position.legal_cards()
        position = position.play(rng.choice(cards))
    return position

"""The engine against the family reference, on random small positions.

For each game of Spoil Five's family (Forty-Five, Rams, Bierspiel, Rounce,
Three-card Loo) positions are dealt at random by the reference (2 to 4 seats,
or Forty-Five's 2, 4 and 6, with few tricks left so that its full minimax is
quick), often part-way through a trick, from the whole pack, a trump-heavy one
or one nearly without trumps (Bierspiel's face-down leads). Then for every
seat the engine's ``max_tricks``, ``can_force`` for every number of tricks and
``score_moves`` must equal the reference's answers for the seat's side. A
random play-out checks the legal cards, trick winners and trumps step by step,
which pins a disagreement to one card.

A game the engine does not know yet (not found by ``find_game``) is skipped.
Each sweep runs a sample by default, and many more positions, and deeper
ones, with ``pytest --full`` (tests/sweeps.py).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jink.cards import card_name
from jink.errors import UnknownNameError
from jink.games import Game, find_game
from jink.position import Position
from jink.solver import AtLeast, Solver
from tests.reference_family import (
    DEAL_MODES,
    GAMES,
    LOO_POOLS,
    SEATS,
    TRICKS,
    FamPosition,
    clear_caches,
    fam_legal,
    fam_max_tricks,
    fam_move_scores,
    fam_play,
    fam_position,
    is_face_down_trick,
    is_over,
    names,
    random_position,
    seat_to_play,
    side_of,
    sides,
)
from tests.sweeps import Size, sweep

#: Nodes walked card by card from each compared position (the rest are left
#: to the solver comparison).
WALK_NODES = 300
WALK_NODES_FULL = 3000

#: For each number of seats, the most tricks left in a compared position: the
#: reference's full minimax must stay quick. The full sweeps go a trick deeper
#: (Bierspiel's forced second lead with three seats, Rounce's lead to trick 2).
MOST_LEFT = {2: 5, 3: 3, 4: 3, 5: 2, 6: 2,
             **dict.fromkeys(range(7, 10), 1), **dict.fromkeys(range(10, 18), 1)}
MOST_LEFT_FULL = {**MOST_LEFT, 3: 4, 5: 3, **dict.fromkeys(range(7, 10), 2)}

#: The options each game's positions are drawn with (every other is left at
#: its default, and not passed to the engine: it does not change the play).
DRAWN_OPTIONS = {"rams": ("ecarte_order",), "rounce": ("trump_lead_every_trick",)}


def registered(game: str) -> Game:
    """The engine's game, or a skip while it is not registered."""
    try:
        return find_game(game)
    except UnknownNameError:
        pytest.skip(f"{game} not registered yet")


def seat_counts(game: str, engine: Game) -> list[int]:
    """Seat counts the reference and the engine both allow."""
    return [n for n in SEATS[game] if engine.min_players <= n <= engine.max_players]


def draw_seats(data: st.DataObject, game: str, engine: Game) -> int:
    """Mostly 2 to 4 seats (Forty-Five: 2 or 4), now and then a bigger table."""
    counts = seat_counts(game, engine)
    small = [n for n in counts if n <= 4]
    big = [n for n in counts if n > 4]
    if big and data.draw(st.integers(0, 4), label="big table") == 0:
        return data.draw(st.sampled_from(big), label="seats")
    return data.draw(st.sampled_from(small), label="seats")


def draw_pool(data: st.DataObject, seats: int, label: str = "loo pool") -> str:
    """A Loo pool the engine allows with ``seats``: a simple pool needs 3 seats
    (every seat at the table plays), a double pool at most 16."""
    pools = [p for p in LOO_POOLS if (seats >= 3 if p != "double" else seats <= 16)]
    return data.draw(st.sampled_from(pools), label=label)


def draw_position(data: st.DataObject, game: str, engine: Game,
                  deep: bool = False) -> FamPosition:
    """A random position; ``deep``: up to a trick more left (:data:`MOST_LEFT_FULL`)."""
    seats = draw_seats(data, game, engine)
    most = (MOST_LEFT_FULL if deep else MOST_LEFT)[seats]
    left = data.draw(st.integers(1, min(most, TRICKS[game])), label="tricks left")
    options = {name: data.draw(st.booleans(), label=name) for name in DRAWN_OPTIONS.get(game, ())}
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    return random_position(
        rng, game, seats, left,
        mode=data.draw(st.sampled_from(DEAL_MODES), label="mode"),
        loo_pool=draw_pool(data, seats),
        options=options or None,
        cards_in_trick=data.draw(st.integers(0, seats - 1), label="cards in the trick"))


def to_engine(pos: FamPosition, engine: Game) -> Position:
    drawn = DRAWN_OPTIONS.get(pos.game, ())
    options = {name: value for name, value in pos.options if name in drawn}
    return Position.create(
        engine, pos.trump,
        [" ".join(card_name(c) for c in sorted(hand)) for hand in pos.hands],
        leader=pos.leader, trick=" ".join(card_name(c) for c in pos.trick),
        won=list(pos.won), turn=card_name(pos.turn) if pos.turn is not None else None,
        options=options)


def describe(pos: FamPosition) -> str:
    """The position as the arguments of ``fam_position``, to paste into a test."""
    hands = [" ".join(sorted(names(hand))) for hand in pos.hands]
    trick = " ".join(card_name(c) for c in pos.trick)
    turn = card_name(pos.turn) if pos.turn is not None else None
    options = {name: value for name, value in pos.options if value}
    return (f"fam_position({pos.game!r}, {pos.trump!r}, {hands}, leader={pos.leader}, "
            f"trick={trick!r}, won={list(pos.won)}, turn={turn!r}, options={options})")


def check_position(pos: FamPosition, engine: Game, memory_mb: float = 64) -> None:
    position = to_engine(pos, engine)
    where = describe(pos)
    assert set(position.legal_cards()) == set(fam_legal(pos)), where
    solver = Solver(memory_mb=memory_mb)
    n = len(pos.hands)
    for seat in range(n):
        side = side_of(pos.game, n, seat)
        assert solver.side_of(position, seat) == side, (seat, where)
        most = fam_max_tricks(pos, side)
        assert solver.max_tricks(position, seat) == most, (seat, where)
        # The side can force k tricks exactly when the reference's max_tricks
        # reaches k (test_reference_family ties fam_can_force to it); its own
        # minimax for each k made the default run's sample several times slower.
        for k in range(TRICKS[pos.game] + 1):
            assert solver.can_force(position, seat, AtLeast(k)) == (most >= k), (seat, k, where)
        goal = AtLeast(min(3, TRICKS[pos.game]))
        moves = solver.score_moves(position, seat, goal)
        assert {m.card: m.max_tricks for m in moves} == fam_move_scores(pos, side), (seat, where)
        for m in moves:
            assert m.achieves == (m.max_tricks >= goal.k), (seat, card_name(m.card), where)


def walk(pos: FamPosition, position: Position, nodes: list[int],
         solver: Solver | None = None, limit: int = WALK_NODES) -> None:
    """Every line from ``pos``: the same legal cards, winners and trumps at every node.

    With a ``solver``, also every side's ``max_tricks`` at every node, all asked
    of that one solver, as an analysis of one deal does (its table is shared).
    The walk stops after ``limit`` nodes.
    """
    nodes[0] += 1
    where = describe(pos)
    legal = fam_legal(pos)
    assert set(position.legal_cards()) == set(legal), where
    if solver is not None:
        for side in sides(pos.game, len(pos.hands)):
            seat = min(side)
            assert solver.max_tricks(position, seat) == fam_max_tricks(pos, side), (seat, where)
    for card in sorted(legal):
        after, engine_after = fam_play(pos, card), position.play(card)
        assert (engine_after.leader, engine_after.won) == (after.leader, after.won), (
            card_name(card), where)
        trump = "SHDC".index(after.trump) if after.trump is not None else None
        assert engine_after.trump == trump, (card_name(card), where)
        if nodes[0] < limit:
            walk(after, engine_after, nodes, solver, limit)


#: Positions worked by hand in tests/test_reference_family.py, and a few more
#: corners of the rules, as the arguments of ``fam_position``.
EDGE_POSITIONS: list[tuple[str, str | None, list[str], dict[str, object]]] = [
    # Forty-Five: the A♥ led is a trump lead; reneging with a lone privileged trump.
    ("forty-five", "S", ["AH 2D", "5S KH", "JS 3S", "9D 8D"], {"won": [1, 1, 1, 0]}),
    ("forty-five", "S", ["KH 2D", "QH 4S", "AH 3C", "9D 8D"], {"won": [1, 1, 1, 0]}),
    ("forty-five", "C", ["AC 3D", "AH 4D"], {"won": [2, 1]}),
    # Forty-Five: the partner must give the trick to his partner (see the reference tests).
    ("forty-five", "S", ["5S 3C", "KC", "KH", "4H"],
     {"leader": 1, "trick": "QD KD 2D", "won": [1, 2, 0, 0]}),
    ("forty-five", "H", ["5H 2C", "AH 3C", "JH 4C", "KH 5C", "2H 6C", "3H 7C"],
     {"won": [1, 1, 1, 0, 0, 0]}),
    # Rams: Foster's example, heading, a trumped trick, écarté order.
    ("rams", "H", ["9C AS", "JC 9S", "KH QS", "QH TS"], {"won": [2, 1, 0, 0]}),
    ("rams", "S", ["9C KD", "7S QD", "TC 8C"], {"won": [2, 1, 0]}),
    ("rams", "S", ["9C KD", "9S QD", "AS 8S"], {"won": [2, 1, 0]}),
    ("rams", "S", ["JC 7S", "AC QC"], {"won": [2, 1], "options": {"ecarte_order": True}}),
    ("rams", "S", ["AC 8D", "KC 9D"], {"won": [2, 1], "options": {"ecarte_order": True}}),
    # Bierspiel: face-down leads, the 7♦, forced leads by seats.
    ("bierspiel", "H", ["AS KS 8C 7S 7C", "KH 9H AC 9S 8D", "AH 8H JS JC TD"], {}),
    ("bierspiel", "C", ["7S 8S 9S TS JS", "AS KS QS AH KH"], {}),
    ("bierspiel", "C", ["7S 8S 9S TS JS", "AS KS QS AH 7C"], {}),
    ("bierspiel", "H", ["8D 9S", "7D 9C", "AS TS"], {"won": [1, 1, 1]}),
    ("bierspiel", "H", ["KH 9S", "7D 8H", "AH TS"], {"won": [1, 1, 1]}),
    ("bierspiel", "S", ["7D 8S 9H TH JH", "KS 8C 9C TC JC"], {}),
    ("bierspiel", "D", ["AS KS 9C 8C 8H", "7D 9H AC KH QS", "AD KD QD JD TD"], {}),
    ("bierspiel", "H", ["8H 8S 9S", "KH 8C 9C", "QH 8D 9D", "JH QS QC"],
     {"won": [2, 0, 0, 0]}),
    # Bierspiel: the lowest card face down, the 8♦ (the lowest diamond, the 7♦
    # being a trump) tying with the 8♠.
    ("bierspiel", "H", ["8D 8S AS KS", "KH 9C TC JC", "QH 9D TD JD"], {"won": [1, 0, 0]}),
    # Rounce: follow suit only; the winner of trick 1 leads a trump.
    ("rounce", "S", ["9C 2D", "KC 3C", "4S 5D"], {"won": [2, 1, 0]}),
    ("rounce", "H", ["AC 2H 3D 4S 5S", "KC 6H 7D 8S 9S", "QC TH JD QS KS"], {}),
    ("rounce", "H", ["2H 3D 4S", "6H 7D 8S", "TH JD QS"], {"won": [1, 1, 0], "leader": 1}),
    ("rounce", "H", ["2H 3D 4S", "6H 7D 8S", "TH JD QS"],
     {"won": [1, 1, 0], "leader": 1, "options": {"trump_lead_every_trick": True}}),
    # Loo: the void trick brings trumps in at once; the turned suit led; all follow.
    ("loo", None, ["5S 2D 3C", "KS 4S 5C", "2H 3H QD"], {"turn": "9H"}),
    ("loo", None, ["5S 2D 3C", "KS 4D 5C", "2S 3H QD"], {"turn": "9H"}),
    ("loo", None, ["5H 2D 3C", "KH 4S 5C", "2S 3S QD"], {"turn": "9H"}),
    ("loo", None, ["AS 2D", "KS 4D", "QD 5D"], {"turn": "9D", "won": [1, 0, 0]}),
    ("loo", "C", ["AS 2D 3D", "4C 5D 6D", "3C 7D KC"], {}),
    ("loo", "C", ["AS 2D 3D", "4C 5D 6D", "3C 2C 7D"], {}),
    ("loo", "C", ["AS 2D 3D", "4C 5D 6D", "KS 2S 7D"], {}),
    ("loo", "C", ["2S AD", "4C 5D", "3S KS"], {"won": [1, 0, 0], "turn": "9C"}),
    # Loo: a trick already trumped need not be headed in the suit led.
    ("loo", "C", ["9S 2D 3D", "4C 5D 6D", "TS 8S 7D"], {}),
    # Rams: a trump led must be headed in trumps.
    ("rams", "S", ["9S 8D", "TS 7S", "AS KD"], {"won": [2, 1, 0]}),
]


@pytest.mark.parametrize("size", sweep(sample=WALK_NODES, full=WALK_NODES_FULL))
@pytest.mark.parametrize(("game", "trump", "hands", "extra"), EDGE_POSITIONS)
def test_engine_agrees_on_hand_worked_positions(game: str, trump: str | None,
                                                hands: list[str], extra: dict[str, object],
                                                size: Size) -> None:
    """Each position checked, then walked: ``size.examples`` nodes (more with --full)."""
    engine = registered(game)
    pos = fam_position(game, trump, hands, **extra)  # type: ignore[arg-type]
    clear_caches()
    check_position(pos, engine)
    walk(pos, to_engine(pos, engine), [0], Solver(), size.examples)


def walk_limit(size: Size) -> int:
    return WALK_NODES_FULL if size.full else WALK_NODES


@pytest.mark.parametrize("size", sweep(sample=8, ci=40, full=400))
@pytest.mark.parametrize("game", GAMES)
def test_engine_agrees_with_reference(game: str, size: Size) -> None:
    engine = registered(game)

    @settings(max_examples=size.examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.data())
    def check(data: st.DataObject) -> None:
        clear_caches()
        pos = draw_position(data, game, engine, deep=size.full)
        check_position(pos, engine)
        walk(pos, to_engine(pos, engine), [0], Solver(), walk_limit(size))

    check()


@pytest.mark.parametrize("size", sweep(sample=6, full=120))
@pytest.mark.parametrize("game", GAMES)
def test_engine_agrees_with_a_tiny_table(game: str, size: Size) -> None:
    """A table that flushes all the time must not change any answer."""
    engine = registered(game)

    @settings(max_examples=size.examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.data())
    def check(data: st.DataObject) -> None:
        clear_caches()
        pos = draw_position(data, game, engine, deep=size.full)
        check_position(pos, engine, memory_mb=0.002)
        walk(pos, to_engine(pos, engine), [0], Solver(memory_mb=0.002), walk_limit(size))

    check()


@pytest.mark.parametrize("size", sweep(sample=40, full=2000))
@pytest.mark.parametrize("game", GAMES)
def test_play_outs_agree_card_by_card(game: str, size: Size) -> None:
    """Random play-outs: the same legal cards, trick winners and trumps at every step."""
    engine = registered(game)

    @settings(max_examples=size.examples, deadline=None, database=None)
    @given(st.data())
    def check(data: st.DataObject) -> None:
        seats = draw_seats(data, game, engine)
        left = data.draw(st.integers(1, TRICKS[game]), label="tricks left")
        options = {name: data.draw(st.booleans(), label=name)
                   for name in DRAWN_OPTIONS.get(game, ())}
        rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
        pos = random_position(rng, game, seats, left,
                              mode=data.draw(st.sampled_from(DEAL_MODES), label="mode"),
                              loo_pool=draw_pool(data, seats, "pool"),
                              options=options or None)
        position = to_engine(pos, engine)
        while not is_over(pos):
            where = describe(pos)
            legal = fam_legal(pos)
            assert set(position.legal_cards()) == set(legal), where
            assert position.seat_to_play == seat_to_play(pos), where
            card = rng.choice(sorted(legal))
            pos, position = fam_play(pos, card), position.play(card)
            assert position.leader == pos.leader, (card_name(card), where)
            assert position.won == pos.won, (card_name(card), where)
            expected_trump = "SHDC".index(pos.trump) if pos.trump is not None else None
            assert position.trump == expected_trump, (card_name(card), where)

    check()


def test_generated_positions_cover_the_interesting_cases() -> None:
    """The dealer reaches each game's special cases (checked on the reference alone)."""
    seen = dict.fromkeys(("face_down", "forced_trump_lead", "rounce_trump_lead",
                          "loo_trumps_come_in", "trumped_trick", "partnership"), False)
    rng = random.Random(7)
    for _ in range(400):
        game = rng.choice(GAMES)
        seats = rng.choice([n for n in SEATS[game] if n <= 4])
        left = rng.randint(1, min(MOST_LEFT[seats], TRICKS[game]))
        pos = random_position(rng, game, seats, left, mode=rng.choice(DEAL_MODES),
                              loo_pool=rng.choice(LOO_POOLS),
                              cards_in_trick=rng.randrange(seats))
        seen["partnership"] |= game == "forty-five" and seats == 4
        lead = not pos.trick
        if game == "bierspiel" and pos.trick:
            seen["face_down"] |= is_face_down_trick(pos)
        if game == "bierspiel" and lead and sum(pos.won) < 1:
            seen["forced_trump_lead"] = True
        if game == "rounce" and lead and sum(pos.won) == 1:
            seen["rounce_trump_lead"] = True
        if game == "loo" and pos.trump is None:
            after = fam_play(pos, min(fam_legal(pos)))
            while after.trick and after.trump is None:
                after = fam_play(after, max(fam_legal(after)))
            seen["loo_trumps_come_in"] |= after.trump is not None
        if game in ("rams", "loo") and len(pos.trick) >= 2:
            seen["trumped_trick"] |= pos.trump is not None and any(
                card_name(c)[1] == pos.trump for c in pos.trick[1:])
    assert all(seen.values()), seen

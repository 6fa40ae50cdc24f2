"""Partition search in the compiled core (docs/solver.md): exact, and aimed at.

The broad comparison (every game, random positions, Python against the core
with and without partition search) is tests/test_native.py's. Here:

- positions aimed at its soundness: each was found (``python -m tests.mutants
  --find``, or as a shrunk disagreement of ``python -m tools.sweep`` run on
  the mutant's core) because a core with one deliberate bug answers it
  wrongly; the real core must answer them like the Python engine;
- (slow) each such mutant, compiled from the C source, still gets one of its
  positions wrong, so the positions keep their aim as the code changes;
- the technique is on: it visits fewer nodes than the port on a big deal.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jink.bench.deals import deal
from jink.cards import parse_card
from jink.position import Position
from jink.solver import Solver, native
from jink.solver.goals import SPOIL, AtLeast
from jink.solver.limits import Limit
from tests import mutants

pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")

AIMED = mutants.read_aimed()

#: The mutants that random positions catch. Nine more are kept in mutants.py
#: and in the core: ``group`` and ``mid_led`` (the argument for exactness
#: needs them: no position among 15,000 random ones of up to ten seats told
#: them apart), ``lost_rel`` (none among 9,000), ``rx_used_back`` (none
#: among 12,000 of up to ten seats), ``rx_memo_asker`` and ``rx_forced_plain``
#: (none among 6,000 of up to ten seats: the max_tricks game's memory and
#: its forced throws), ``rx_sure_known`` and ``rx_sure_early`` (none among
#: 3,000 of up to ten seats: a forced card taking a trick though it may be
#: gone, or from a seat before the asker; each takes from the pool only a
#: lead handed to another seat by a card below it), ``next_sibling_named``
#: (none among 2,500 of up to ten seats: settler next's sibling rule
#: whatever the answer names, which matters only for the other positions
#: of an answer's set), so no aimed position exists for them yet.
CAUGHT = {"by_rank", "trumps_unhashed", "counts", "hit", "mid_best", "lost_sum", "lost_self",
          "helper_lead", "dear_drop", "spare", "unbeaten", "won_rel", "dp_rel",
          "dp_led", "dp_group", "sib_rel", "sib_low",
          "unplayed", "keep_forced", "keep_side", "rx_done", "rx_kinds", "rx_last",
          "rx_trumps", "rx_budget", "rs_won", "rx_taker", "rx_turn", "rx_memo_won",
          "rx_memo_used", "rx_taker_top", "rx_forced_choice", "rx_forced_renege",
          "rx_ahead_all", "rx_tricks_last", "rx_sibling_named",
          "duty_void", "duty_renege", "duty_low", "duty_lead", "duty_mid",
          "group_cards", "group_top", "group_run", "pg_rel", "pg_duty", "top_spend",
          "top_need", "tt_cover", "tt_sure", "tt_taken", "lead_rel"}

#: Mutants whose aimed positions no longer catch them, the positions kept as
#: positions: ``duty_rel`` (the pool's duty not naming its card and the
#: best), since the relaxed game names every pool card that takes a trick
#: (the duty's card among them) and no random position among 24,000 (16,000
#: of up to ten seats) told it apart; ``trumps`` (entries naming fewer trump
#: holders than all), since a key's chain is chosen by all its trump holders
#: (table.c: home_hash), so such an entry is found only by positions whose
#: unnamed trumps are all held by the first seat (nibble 0): none among
#: 24,000 random positions of up to ten seats. ``trumps_unhashed``, the same
#: with the chain chosen by the key alone, is caught on two of its positions.
BLUNTED = {"duty_rel", "trumps"}


def test_every_mutant_names_text_of_the_core() -> None:
    for name in mutants.MUTANTS:
        mutants.mutant_source(name)  # raises if the text is gone from _core.c


def test_every_caught_mutant_has_aimed_positions() -> None:
    assert {name for name, _ in AIMED} == CAUGHT | BLUNTED
    assert set(mutants.MUTANTS) > CAUGHT | BLUNTED


#: The first aimed position of each mutant, checked in the default run (the
#: others in CI's run).
FIRST = {next(i for i, (n, _) in enumerate(AIMED) if n == name) for name in CAUGHT | BLUNTED}


@pytest.mark.parametrize("index", [i if i in FIRST else pytest.param(i, marks=pytest.mark.ci)
                                   for i in range(len(AIMED))])
def test_aimed_position_is_exact(index: int) -> None:
    name, position = AIMED[index]
    want = mutants.exact(position)
    assert mutants.answers(position) == want, name
    assert mutants.as_it_runs(position) == want, name


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the mutants")
@pytest.mark.parametrize("name", sorted(CAUGHT))
def test_mutant_is_caught(name: str, tmp_path: Path) -> None:
    module = mutants.build(name, tmp_path)
    positions = [p for n, p in AIMED if n == name]
    with mutants.core(module):
        wrong = [p for p in positions if mutants.caught(p, mutants.exact(p))]
    assert wrong, f"mutant {name} answers every aimed position rightly"


def test_partition_search_visits_fewer_nodes() -> None:
    """Six players, deal 1 of the benchmark: seat 2's spoil (it holds) takes
    1.3 million nodes with entries for single positions; partition search
    (and the settlers that need it) about forty thousand."""
    position = deal(6, 1, 2026)
    nodes = {}
    for partition in (False, True):
        solver = Solver(engine="native")
        solver.table = native.NativeTable(256, partition)
        assert solver.can_force(position, 1, SPOIL)
        nodes[partition] = solver.nodes
    assert nodes[True] < nodes[False] / 2, nodes


def test_a_sure_taker_is_tried_first() -> None:
    """Ten players, deal 14 of the benchmark: seat 3 holds A♥ 7♥ K♣ Q♣ 8♣ with
    spades trumps, and only seat 2, just before it, holds the 5♠. Whatever
    seat 1 leads and seat 2 plays, seat 3 takes a trick: the A♥ over any card
    but the 5♠ (no seat after it can beat it), and if the 5♠ falls, the A♥ is
    the best trump left. After a heart or a club lead, a card of the suit led
    may take the trick for now, but trying it first costs every combination of
    the seven seats after it (10.3 million nodes in all); the card that takes
    the trick for sure, tried first, ends the proof at once."""
    position = deal(10, 14, 2026)
    solver = Solver(engine="native")
    assert solver.can_force(position, 2, AtLeast(1))
    assert solver.nodes <= 100, solver.nodes


def test_a_leader_draws_the_trumps_then_cashes_its_top_card() -> None:
    """Spoil Five, hearts trumps, seat 1 to lead with 5♥ 9♥ K♦ and a trick
    won. The 5♥ takes the J♥ (the only trump seat 2 holds: a higher trump
    led, it may not renege) and one of seat 3's; the 9♥ then takes seat 3's
    other, and with no trump left the K♦, the best diamond (the A♦ ranks
    lowest), takes the last trick: four tricks, counted before any search.
    Without the sure tricks the core searches for them."""
    position = Position.create("spoil-five", "H", ["5H 9H KD", "JH QD 2C", "8H 6H 3C"],
                               won=[1, 0, 1])
    assert Solver(exact=True).max_tricks(position, 0) == 4
    nodes = {}
    for off in ((), ("sure", "trick")):
        solver = Solver(engine="native")
        solver.table = native.NativeTable(256, True, settlers=native.without(off))
        assert solver.can_force(position, 0, AtLeast(4))
        nodes[off] = solver.nodes
    assert nodes[()] == 0 and nodes[("sure", "trick")] > 0, nodes


def test_a_leaders_run_settles_a_ten_seat_proof() -> None:
    """Ten players, hearts trumps: seat 1 leads the 5♥ from Q♠ 5♥ 7♥ 9♥ K♦.
    Every other trump is drawn by the 5♥ and the 9♥ (seat 9's 3♥ and 6♥ the
    last), and the K♦ is the best diamond: four tricks (not five: seat 7's
    K♠ takes the Q♠). Once the first trick is over, seat 1 leads and its
    runs count the four at once; before they were counted, the proof took 37
    million nodes."""
    hands = ["QS 5H 7H 9H KD", "7S 9S 5D 2C 7C", "2S TS JS 2H 6C", "4S 4H QD 4C 5C",
             "5S JH 4D 3C TC", "8S KH 2D 9D AC", "3S 6S KS 8H 7D", "AS AH 8D AD 9C",
             "3H 6H 3D 8C JC", "QH TD JD QC KC"]
    position = Position.create("spoil-five", "H", hands).play(parse_card("5H"))
    solver = Solver(engine="native")
    assert solver.can_force(position, 0, AtLeast(4))
    assert not solver.can_force(position, 0, AtLeast(5))
    assert solver.nodes <= 1_000, solver.nodes


def test_a_helper_sheds_a_high_card_under_its_sides_trick() -> None:
    """Ten players, deal 14: seat 1's spoil fails (the others can bring seat 2
    to three). Where seat 1 leads and seat 2 plays the 5♠ (no card can beat
    it), seat 3's way is the A♥, shed under it: kept, it would take a trick
    seat 2 needs. Tried low first, its three other cards each cost a proof
    that seat 1 holds below it (21.1 million nodes in all); high first, the
    proof takes a hundredth of that."""
    position = deal(10, 14, 2026)
    solver = Solver(engine="native")
    assert not solver.can_force(position, 0, SPOIL)
    assert solver.nodes <= 1_000_000, solver.nodes


def test_a_card_that_settled_a_sibling_is_tried_first() -> None:
    """Ten players, deal 89 of the benchmark: seat 3's spoil fails. The card
    that settled a node settles most of its siblings (the same seat at the
    same place of the same trick, with the same suit led and best card so
    far), and the killers try it first there: 0.86 million nodes without
    them, about 0.11 million with."""
    # (past the limit, LimitExceeded: the test fails at once)
    solver = Solver(Limit(nodes=300_000), engine="native")
    assert not solver.can_force(deal(10, 89, 2026), 2, SPOIL)


def test_the_others_leads_keep_their_order() -> None:
    """Ten players, deal 122: seat 1's spoil fails in 0.82 million nodes. A
    lead's killers know only the seat to lead; for the others' leads a card
    that refuted one sibling led the search astray at the rest (213.6
    million nodes), so their leads are tried in the order's own way."""
    solver = Solver(Limit(nodes=5_000_000), engine="native")
    assert not solver.can_force(deal(10, 122, 2026), 0, SPOIL)

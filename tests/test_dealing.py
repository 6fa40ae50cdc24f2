"""Constrained dealing: every constraint holds on every deal, the sampling is
exactly uniform, and impossible constraints are errors before any dealing."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jink.cards import (
    SUIT_MASKS,
    SUIT_NAMES,
    CardSet,
    card_name,
    cardset,
    count,
    iter_cards,
    parse_card,
    parse_cards,
)
from jink.dealing import (
    ConstraintError,
    Constraints,
    Count,
    Dealer,
    SeatRule,
    SeatSpec,
    constraints_from_dict,
    deal,
    plan_for,
)
from jink.errors import JinkError, ParseError
from jink.games import GAMES, Game, find_game
from jink.position import Position
from tests.sweeps import tiers

# -- every constraint holds on every deal (all games) ---------------------------------


def _player_counts(game: Game, simple: bool | None = None) -> list[int]:
    """The seat counts a deal of ``game`` may have (a Loo simple pool or not)."""
    counts = game.player_counts or tuple(range(game.min_players, game.max_players + 1))
    allowed = []
    for n in counts:
        try:
            game.check_players(n, simple=simple)
        except JinkError:
            continue
        if n * game.hand_size < count(game.deck):
            allowed.append(n)
    return allowed


@st.composite
def witnessed_constraints(draw):
    """Constraints met by a witness deal, so they can always be met."""
    game = GAMES[draw(st.sampled_from(sorted(GAMES)))]
    rng = random.Random(draw(st.integers(0, 2**32)))
    trump = rng.choice([None, 0, 1, 2, 3]) if game.allows_no_trump else rng.randrange(4)
    players = draw(st.sampled_from(_player_counts(game, simple=trump is None)))
    rules = game.bind(trump, None, players)
    deck = list(iter_cards(game.deck))
    rng.shuffle(deck)
    hands = [cardset(deck[i * game.hand_size:(i + 1) * game.hand_size])
             for i in range(players)]
    seats = []
    for seat in rng.sample(range(players), rng.randint(0, min(3, players))):
        hand = hands[seat]
        held = rng.sample(sorted(iter_cards(hand)), rng.randint(0, 2))
        out = [c for c in deck if not hand >> c & 1]
        lacked = rng.sample(out, rng.randint(0, 4))
        table = {"seat": seat + 1, "holds": " ".join(_names(held)),
                 "lacks": " ".join(_names(lacked))}
        keys = ["trumps", *SUIT_NAMES] if trump is not None else list(SUIT_NAMES)
        for key in rng.sample(keys, rng.randint(0, 2)):
            mask = rules.trump_mask if key == "trumps" else \
                rules.suit_masks[SUIT_NAMES.index(key)]
            have = count(hand & mask)
            low, high = max(0, have - rng.randint(0, 1)), min(game.hand_size,
                                                             have + rng.randint(0, 1))
            table[key] = f"{low}-{high}" if low != high else str(low)
        seats.append(table)
    obj = {"game": game.name, "players": players, "seats": seats}
    if trump is not None:
        obj["trump"] = "SHDC"[trump]
    return constraints_from_dict(obj)


def _names(cards: Iterable[int]) -> list[str]:
    return [card_name(c) for c in cards]


def check_constraints(spec: Constraints, position: Position) -> None:
    assert position.players == spec.players
    assert position.game is spec.game
    if spec.trump is not None:
        assert position.trump == spec.trump
    rules = position.game.bind(position.trump, spec.options, spec.players)
    for table in spec.seats:
        hand = position.hands[table.seat]
        assert cardset(table.holds) & ~hand == 0, table
        assert cardset(table.lacks) & hand == 0, table
        for key, low, high in table.counts:
            mask = rules.trump_mask if key == "trumps" else \
                rules.suit_masks[SUIT_NAMES.index(key)]
            assert low <= count(hand & mask) <= high, (table, key)


@pytest.mark.parametrize("examples", tiers(12, 60))
def test_every_constraint_holds_on_every_deal(examples: int) -> None:
    @settings(max_examples=examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(witnessed_constraints(), st.integers(0, 2**32))
    def check(spec, seed):
        for position in deal(spec, seed=seed, count=5):
            check_constraints(spec, position)

    check()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_deals_full_hands(name):
    game = GAMES[name]
    players = _player_counts(game, simple=True)[-1]
    spec = Constraints(game, players)
    for position in deal(spec, seed=1, count=3):
        assert all(count(h) == game.hand_size for h in position.hands)
        assert position.trump is not None or position.turn is not None


# -- exactly uniform -------------------------------------------------------------------

FREE = cardset(parse_cards("2S 3S 4S 5S 2H 3H 4H 2D 3D"))
SPADES, HEARTS = SUIT_MASKS[0], SUIT_MASKS[1]
RULES = [SeatRule(0, counts=(Count("spades", SPADES, 1, 2),)),
         SeatRule(1, lacks=cardset(parse_cards("2S 2H"))),
         SeatRule(2, holds=cardset([parse_card("5S")]), counts=(Count("hearts", HEARTS, 0, 1),))]


def brute_force_deals() -> set[tuple[CardSet, ...]]:
    """Every deal of the uniformity case, found by trying every hand."""
    two_s, two_h, five_s = (parse_card(t) for t in ("2S", "2H", "5S"))
    deals: set[tuple[CardSet, ...]] = set()
    cards = list(iter_cards(FREE))
    for a in itertools.combinations(cards, 2):
        for b in itertools.combinations([c for c in cards if c not in a], 2):
            for c in itertools.combinations([x for x in cards if x not in a + b], 2):
                hands = (cardset(a), cardset(b), cardset(c))
                if (1 <= count(hands[0] & SPADES) <= 2 and two_s not in b and two_h not in b
                        and five_s in c and count(hands[2] & HEARTS) <= 1):
                    deals.add(hands)
    return deals


def chi_square(counts: Counter[tuple[CardSet, ...]], cells: Sequence[tuple[CardSet, ...]],
               draws: int) -> float:
    expected = draws / len(cells)
    return sum((counts[cell] - expected) ** 2 / expected for cell in cells)


def critical_value(df: int, z: float = 3.0902) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_count_and_every_deal_match_brute_force():
    dealer = Dealer(FREE, (2, 2, 2), RULES)
    expected = brute_force_deals()
    assert dealer.total == len(expected)
    listed = list(dealer.every())
    assert len(listed) == len(set(listed))
    assert set(listed) == expected


def _draw_counts(dealer: Dealer, draws: int, seed: int = 2024) -> Counter[tuple[CardSet, ...]]:
    rng = random.Random(seed)
    return Counter(dealer.sample(rng) for _ in range(draws))


def test_sampling_is_uniform_chi_square():
    dealer = Dealer(FREE, (2, 2, 2), RULES)
    cells = sorted(brute_force_deals())
    draws = 40 * len(cells)
    counts = _draw_counts(dealer, draws)
    assert set(counts) <= set(cells)
    stat = chi_square(counts, cells, draws)
    assert stat < critical_value(len(cells) - 1), (stat, len(cells))


class Unweighted(Dealer):
    """The dealer with a plausible bug: each seat's pattern drawn without its
    number of deals (any pattern that can be completed counts once)."""

    def _weight(self, level, left, pattern):
        return 1 if super()._weight(level, left, pattern) else 0


def test_chi_square_catches_unweighted_patterns():
    # The uniformity test above must be able to fail.
    dealer = Unweighted(FREE, (2, 2, 2), RULES)
    cells = sorted(brute_force_deals())
    draws = 40 * len(cells)
    stat = chi_square(_draw_counts(dealer, draws), cells, draws)
    assert stat > critical_value(len(cells) - 1)


def test_turned_card_is_uniform_too():
    # Three hands of three from a Loo simple pool; the card to be turned comes
    # from the stock: the pair (deal, turn) is uniform.
    spec = constraints_from_dict({"game": "loo", "players": 3, "seats": [
        {"seat": 1, "holds": "AS KS"}, {"seat": 2, "holds": "2C 3C"},
        {"seat": 3, "holds": "2D 3D 4D"}]})
    plan = plan_for(spec)
    assert plan.turns_card
    assert plan.total == 45 * 44 * 43  # seat 1's third card, seat 2's, the turn
    every = list(itertools.islice(plan.every(), 5000))
    assert len({(p.hands, p.turn) for p in every}) == len(every)


# -- seeds -----------------------------------------------------------------------------


def _hands(spec: Constraints, seed: int, n: int = 5) -> list[tuple[CardSet, ...]]:
    return [p.hands for p in deal(spec, seed=seed, count=n)]


def test_seed_repeats_and_global_random_untouched():
    spec = Constraints(GAMES["spoil-five"], 5, trump=0)
    state = random.getstate()
    assert _hands(spec, 3) == _hands(spec, 3)
    assert _hands(spec, 3) != _hands(spec, 4)
    assert random.getstate() == state


# -- suits as the game counts them ------------------------------------------------------


def test_ace_of_hearts_is_a_trump_not_a_heart():
    spec = constraints_from_dict({"game": "spoil-five", "players": 2, "trump": "C",
                                  "seats": [{"seat": 1, "holds": "AH", "hearts": "0",
                                             "trumps": "1"}]})
    for position in deal(spec, seed=1, count=20):
        hand = position.hands[0]
        assert hand & SUIT_MASKS[1] == 1 << parse_card("AH")


def test_bierspiel_seven_of_diamonds_counts_as_trump():
    spec = constraints_from_dict({"game": "bierspiel", "players": 3, "trump": "S",
                                  "seats": [{"seat": 2, "holds": "7D", "diamonds": "0",
                                             "trumps": "1"}]})
    for position in deal(spec, seed=1, count=20):
        assert position.hands[1] & SUIT_MASKS[2] == 1 << parse_card("7D")
        assert position.hands[1] & SUIT_MASKS[0] == 0


# -- errors before dealing ---------------------------------------------------------------


@pytest.mark.parametrize(("obj", "words"), [
    ({"players": 3, "colour": "red"}, ["unknown key 'colour'", "players", "seats"]),
    ({"players": 3, "seats": [{"seat": 1, "void": "H"}]}, ["unknown key 'void'", "hearts"]),
    ({"players": 3, "seats": [{"seat": 1, "trumps": "lots"}]}, ["not a count"]),
    ({"players": 3, "trump": "S", "seats": [{"seat": 4}]}, ["seat 4", "seats 1 to 3"]),
    ({"players": 3, "trump": "S", "seats": [{"seat": 1, "holds": "AS", "lacks": "AS"}]},
     ["both holds and lacks AS"]),
    ({"players": 3, "trump": "S", "seats": [{"seat": 1, "holds": "AS"},
                                            {"seat": 2, "holds": "AS"}]},
     ["dealt twice"]),
    ({"players": 3, "turnup": "AS", "seats": [{"seat": 1, "holds": "AS"}]}, ["turn-up"]),
    ({"players": 3, "trump": "S", "seats": [{"seat": 1, "holds": "2S 3S 4S", "spades": "<=2"}]},
     ["seat 1", "spades 0-2"]),
    ({"players": 3, "seats": [{"seat": 1, "trumps": "2"}]}, ["trump"]),
    ({"players": 3, "trump": "S", "seats": [{"seat": 1, "hearts": "5"},
                                            {"seat": 2, "hearts": "5"},
                                            {"seat": 3, "hearts": ">=3"}]},
     ["together"]),  # 12 hearts: the A♥ is a trump
    ({"players": 2, "trump": "S", "seats": [{"seat": 1, "trumps": "5"},
                                            {"seat": 1, "lacks": "5S JS AH AS KS QS 2S 3S 4S 6S"}]},
     ["seat 1"]),
])
def test_impossible_constraints_are_errors_naming_them(obj, words):
    with pytest.raises((ConstraintError, ParseError)) as error:
        plan_for(constraints_from_dict({"game": "spoil-five", **obj}))
    for word in words:
        assert word in str(error.value)
    assert isinstance(error.value, JinkError)


def test_contradiction_found_before_any_dealing():
    spec = Constraints(GAMES["spoil-five"], 3, trump=0, seats=(
        SeatSpec(0, counts=(("trumps", 5, 5),)), SeatSpec(1, counts=(("trumps", 5, 5),)),
        SeatSpec(2, counts=(("trumps", 5, 5),))))
    with pytest.raises(ConstraintError, match="together"):
        deal(spec, seed=1)  # raised by the call, not by the first next()


def test_too_intricate_constraints_are_an_error_not_a_hang():
    # Ten seats each lacking six scattered cards split the pack into many
    # classes: past the cap on patterns, a clear error, quickly.
    rng = random.Random(1)
    seats = [{"seat": i, "lacks": " ".join(_names(rng.sample(range(52), 6))),
              "spades": "0-3", "hearts": "0-3", "diamonds": "1-3"} for i in range(1, 11)]
    spec = constraints_from_dict({"game": "spoil-five", "players": 10, "trump": "C",
                                  "seats": seats})
    with pytest.raises(ConstraintError, match="give fewer constraints"):
        plan_for(spec)


def test_a_card_the_game_turns_past_is_never_turned_up():
    # Bierspiel's 7♦ is refused as a turn-up: deals that would turn it are
    # drawn again (about one in seventeen would, when it is in the stock).
    spec = constraints_from_dict({"game": "bierspiel", "players": 3})
    turned = {p.turnup for p in deal(spec, seed=7, count=400)}
    assert parse_card("7D") not in turned and len(turned) > 20
    plan = plan_for(constraints_from_dict({"game": "bierspiel", "players": 3, "seats": [
        {"seat": 1, "holds": "AS KS QS JS TS"}, {"seat": 2, "holds": "9S 8S 7S AH KH"},
        {"seat": 3, "holds": "QH JH TH 9H 8H"}]}))
    assert {p.turnup for p in plan.every()} == {
        c for c in range(52) if c not in parse_cards(
            "AS KS QS JS TS 9S 8S 7S AH KH QH JH TH 9H 8H 7D")
        and find_game("bierspiel").deck >> c & 1}

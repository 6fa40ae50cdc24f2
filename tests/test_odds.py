"""Single-dummy odds: the exhaustive answer against an independent enumeration
solved by the independent reference solver, and sampled estimates whose
intervals hold the exact answer."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from jink.analysis.solve import solve
from jink.cards import SUIT_NAMES, card_name, cards_text, count, iter_cards, parse_cards
from jink.cli.app import app
from jink.dealing import Constraints, deal, load_constraints
from jink.dealing.odds import MAX_EXHAUSTIVE, View, load_view, odds, view_from_dict
from jink.errors import JinkError, PositionError
from jink.games import GAMES, Game
from jink.position import Position
from tests.reference import ref_can_force, ref_legal, ref_max_tricks, ref_play, ref_position
from tests.sweeps import Size, sweep, tiers
from tests.test_dealing import chi_square, critical_value

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})

MINE = "KS 9H"
FREE = "3S 4S 6S AH 5H 7C QD 2D"


def seen_except(*groups: str) -> str:
    """Every card but those of ``groups``: the cards known to be out."""
    keep = {c for g in groups for c in parse_cards(g)}
    return " ".join(card_name(c) for c in range(52) if c not in keep)


def opening_view(**extra: object) -> dict[str, object]:
    """Seat 1 to lead, two tricks left, one trick won each; 8 cards unseen."""
    return {"game": "spoil-five", "trump": "S", "hands": [MINE, "?", "?"],
            "won": [1, 1, 1], "seen": seen_except(MINE, FREE), **extra}


def following_view(**extra: object) -> dict[str, object]:
    """Seat 3 led the QS to the fourth trick; seat 1 to play; seat 2 void in hearts."""
    return {"game": "spoil-five", "trump": "S", "hands": [MINE, "?", "?"],
            "leader": 3, "trick": "QS", "won": [1, 1, 1],
            "seen": seen_except(MINE, FREE, "QS"),
            "seats": [{"seat": 2, "hearts": "0"}], **extra}


def reference_tally(leader: int, trick: str, sizes: tuple[int, int, int],
                    keep: Callable[[tuple[int, ...], tuple[int, ...]], bool],
                    ) -> tuple[int, dict[str, list[int]]]:
    """Every split of FREE into seat 2's and seat 3's hands (``keep`` filters),
    each solved by tests/reference.py: per card, the max-tricks sum and the
    deals keeping three, jink and spoil."""
    free = parse_cards(FREE)
    tally: dict[str, list[int]] = {}
    deals = 0
    for two in itertools.combinations(free, sizes[1]):
        rest = [c for c in free if c not in two]
        for three in itertools.combinations(rest, sizes[2]):
            if not keep(two, three):
                continue
            deals += 1
            pos = ref_position("S", [MINE, cards_text(two), cards_text(three)], leader=leader,
                               trick=trick, won=[1, 1, 1])
            for card in ref_legal(pos):
                after = ref_play(pos, card)
                row = tally.setdefault(card_name(card), [0, 0, 0, 0])
                row[0] += ref_max_tricks(after, 0)
                for i, goal in enumerate(("three", "jink", "spoil"), start=1):
                    row[i] += ref_can_force(after, 0, goal)
    return deals, tally


def hearts_free(cards: Iterable[int]) -> bool:
    # As Spoil Five counts hearts: the A♥ is a trump.
    return not any(card_name(c)[1] == "H" and card_name(c) != "AH" for c in cards)


@pytest.mark.parametrize(("view", "leader", "trick", "sizes", "keep"), [
    (opening_view(), 0, "", (2, 2, 2), lambda two, three: True),
    (following_view(), 2, "QS", (2, 2, 1), lambda two, three: hearts_free(two)),
])
def test_exhaustive_matches_independent_enumeration(view, leader, trick, sizes, keep):
    deals, tally = reference_tally(leader, trick, sizes, keep)
    result = odds(view_from_dict(view), exhaustive=True)
    assert result.deals == result.possible == deals
    assert {card_name(c.card) for c in result.cards} == set(tally)
    for card in result.cards:
        row = tally[card_name(card.card)]
        assert card.max_tricks_mean == pytest.approx(row[0] / deals)
        for i, name in enumerate(("three", "jink", "spoil"), start=1):
            share = card.share(name)
            assert share.hits == row[i], (card_name(card.card), name)
            assert share.interval == (share.share, share.share)


@pytest.mark.parametrize("make", [opening_view, following_view])
def test_sampled_estimate_within_its_interval_of_the_exact_answer(make):
    view = view_from_dict(make())
    exact = odds(view, exhaustive=True)
    sampled = odds(view, deals=300, seed=12)
    assert sampled.deals == 300 and not sampled.exhaustive
    for want, got in zip(exact.cards, sampled.cards, strict=True):
        assert want.card == got.card
        for name in exact.questions:
            low, high = got.share(name).interval
            assert low <= want.share(name).share <= high, (card_name(got.card), name)


@pytest.mark.parametrize("seeds", tiers(6, 20))
def test_intervals_cover_the_exact_answer_about_95_percent_of_the_time(seeds: int) -> None:
    # One seed's intervals could all hold by luck, or miss by bad luck: over
    # many seeds, a sampler or interval that is off shows as low coverage.
    view = view_from_dict(opening_view())
    exact = {(c.card, n): c.share(n).share for c in odds(view, exhaustive=True).cards
             for n in ("three", "spoil")}
    assert all(0 < share < 1 for share in exact.values())
    covered = total = 0
    for seed in range(seeds):
        for card in odds(view, deals=100, seed=seed).cards:
            for name in ("three", "spoil"):
                low, high = card.share(name).interval
                covered += low <= exact[(card.card, name)] <= high
                total += 1
    assert covered / total >= 0.85, (covered, total)


def test_seed_repeats():
    view = view_from_dict(opening_view())
    first = odds(view, deals=40, seed=5).to_dict()
    again = odds(view, deals=40, seed=5).to_dict()
    first.pop("seconds"), again.pop("seconds")
    assert first == again
    fresh = odds(view, deals=10)
    assert isinstance(fresh.seed, int)


def test_best_card_and_json_shape():
    result = odds(view_from_dict(opening_view()), exhaustive=True).to_dict()
    assert result["seat"] == 1 and result["exhaustive"] is True
    assert isinstance(result["cards"], list) and isinstance(result["best"], dict)
    spoil = {c["card"]: c["spoil"]["share"] for c in result["cards"]}
    assert result["best"]["spoil"] == max(spoil, key=spoil.__getitem__)
    assert result["best"]["jink"] is None  # no card ever takes all five here
    assert set(result["cards"][0]) >= {"card", "max_tricks_mean", "three", "jink", "spoil"}


def test_exhaustive_refused_above_a_million():
    view = view_from_dict({"game": "spoil-five", "turnup": "2S",
                           "hands": ["5S JS AH KD 3C", "?", "?", "?", "?"]})
    with pytest.raises(JinkError, match="at most 1,000,000"):
        odds(view, exhaustive=True)
    assert MAX_EXHAUSTIVE == 1_000_000


@pytest.mark.parametrize(("change", "words"), [
    ({"hands": [MINE, "KS 3S", "?"]}, "KS is in the hand of seat 1"),
    ({"seen": "KS"}, "KS is in the hand of seat 1 and in seen"),
    ({"colour": 1}, "unknown key 'colour'"),
    ({"seats": [{"seat": 1, "hearts": "0"}]}, "seat 1's hand is known"),
    # One heart unseen as Spoil Five counts them (the A♥ is a trump).
    ({"seats": [{"seat": 2, "hearts": "1"}, {"seat": 3, "hearts": "1"}]}, "together"),
    ({"hands": ["?", MINE, "?"]}, "its hand is unseen"),
])
def test_bad_views_are_errors(change, words):
    with pytest.raises(JinkError, match=words):
        odds(view_from_dict({**opening_view(), **change}), deals=5, seed=1)


def test_cli_json_and_errors(tmp_path: Path) -> None:
    view = tmp_path / "view.json"
    view.write_text(json.dumps(opening_view()), encoding="utf-8")
    result = runner.invoke(app, ["odds", str(view), "--exhaustive", "--json"])
    assert result.exit_code == 0, result.stderr
    obj = json.loads(result.stdout)
    assert obj["deals"] == 420 and obj["exhaustive"]
    out = tmp_path / "odds.json"
    result = runner.invoke(app, ["odds", str(view), "--deals", "20", "--seed", "3",
                                 "--out", str(out)])
    assert result.exit_code == 0 and json.loads(out.read_text())["seed"] == 3
    table = runner.invoke(app, ["odds", str(view), "--deals", "20", "--seed", "3"])
    assert table.exit_code == 0 and "K♠" in table.stdout and "spoil" in table.stdout
    bad = runner.invoke(app, ["odds", str(view), "--seat", "2"])
    assert bad.exit_code == 1 and bad.stderr.startswith("error:")
    assert "Traceback" not in bad.output and len(bad.stderr.splitlines()) == 1
    usage = runner.invoke(app, ["odds", str(view), "--exhaustive", "--seed", "1"])
    assert usage.exit_code == 2
    limited = runner.invoke(app, ["odds", str(view), "--deals", "3", "--max-nodes", "1"])
    assert limited.exit_code == 1 and "limit 1" in limited.stderr


def test_odds_help_has_an_example_and_progress_is_reported():
    result = runner.invoke(app, ["odds", "--help"])
    assert result.exit_code == 0 and "jink odds view.toml --deals 1000" in result.stdout
    calls = []
    odds(view_from_dict(opening_view()), deals=6, seed=1,
         progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, 6) for i in range(7)]


def test_unseen_cards_are_dealt_from_the_right_pool():
    view = view_from_dict(following_view())
    plan = view.plan()
    assert {card_name(c) for c in iter_cards(plan.dealer.free)} == set(FREE.split())
    assert plan.dealer.sizes == (0, 2, 1)


# -- every view's deals honour the view (all games, part-way through a deal) -------------


@st.composite
def views_of_witness_deals(draw):
    """A deal played part-way with random legal cards, seen from the seat to
    play, with constraints its unseen hands meet."""
    game = GAMES[draw(st.sampled_from(sorted(GAMES)))]
    counts = game.player_counts or tuple(range(game.min_players, game.max_players + 1))
    players = draw(st.sampled_from([n for n in counts if n * game.hand_size < 52
                                    and n <= 6]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    trump = rng.randrange(4)
    [position] = deal(Constraints(game, players, trump=trump), seed=rng.randrange(2**32),
                      count=1)
    for _ in range(rng.randrange(players * (game.hand_size - 1) + 1)):
        position = position.play(rng.choice(position.legal_cards()))
    # Cards gone from every hand and not in the current trick were played earlier.
    held = 0
    for hand in position.hands:
        held |= hand
    gone = [c for c in range(52) if game.deck >> c & 1 and not held >> c & 1
            and c not in position.trick]
    to_play = position.seat_to_play
    hands = [card_name_set(h) if s == to_play or rng.random() < 0.2 else "?"
             for s, h in enumerate(position.hands)]
    if all(h != "?" for h in hands):
        hands[(to_play + 1) % players] = "?"
    rules = position.rules
    seats = []
    for s, h in enumerate(position.hands):
        if hands[s] != "?" or rng.random() < 0.4:
            continue
        table: dict[str, object] = {"seat": s + 1}
        mine = [c for c in range(52) if h >> c & 1]
        table["holds"] = " ".join(card_name(c) for c in rng.sample(mine, min(1, len(mine))))
        key = rng.choice(SUIT_NAMES)
        table[key] = str(count(h & rules.suit_masks[SUIT_NAMES.index(key)]))
        seats.append(table)
    obj = {"game": game.name, "trump": "SHDC"[trump], "hands": hands,
           "leader": position.leader + 1, "trick": " ".join(card_name(c) for c in position.trick),
           "won": list(position.won), "seen": " ".join(card_name(c) for c in gone),
           "seats": seats}
    return obj, position


def card_name_set(hand: int) -> str:
    return " ".join(card_name(c) for c in range(52) if hand >> c & 1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(views_of_witness_deals(), st.integers(0, 2**32))
def test_every_view_deal_honours_the_view(witness, seed):
    obj, truth = witness
    view = view_from_dict(obj)
    plan = view.plan()
    rng = random.Random(seed)
    seen = set(parse_cards(obj["seen"]))
    for _ in range(4):
        position = plan.sample(rng)
        assert position.trick == truth.trick and position.won == truth.won
        assert position.leader == truth.leader and position.trump == truth.trump
        for s, hand in enumerate(position.hands):
            assert count(hand) == count(truth.hands[s])
            if obj["hands"][s] != "?":
                assert hand == truth.hands[s]
            assert not any(hand >> c & 1 for c in seen)
        rules = position.rules
        for table in obj["seats"]:
            hand = position.hands[table["seat"] - 1]
            assert all(hand >> c & 1 for c in parse_cards(table["holds"]))
            for key in SUIT_NAMES:
                if key in table:
                    mask = rules.suit_masks[SUIT_NAMES.index(key)]
                    assert count(hand & mask) == int(table[key])


# -- the current trick tells on the unseen hands ------------------------------------------


def test_cards_played_to_the_trick_were_legal_in_every_deal():
    # Seat 2 led the 2D and seat 3 played the 7C: seat 3 had no diamond.
    free = "3S 4D 5D 8H 9C"
    obj = {"game": "spoil-five", "trump": "S", "hands": [MINE, "?", "?"], "leader": 2,
           "trick": "2D 7C", "won": [1, 1, 1], "seen": seen_except(MINE, free, "2D 7C")}
    view = view_from_dict(obj)
    consistent = 0
    for two, three in itertools.permutations(parse_cards(free), 2):
        try:
            Position.create("spoil-five", "S", [MINE, card_name(two), card_name(three)],
                            leader=1, trick="2D 7C", won=[1, 1, 1])
        except PositionError:
            continue
        consistent += 1
    assert consistent == 5 * 4 - 2 * 4  # seat 3 holds neither diamond
    result = odds(view, exhaustive=True)
    assert result.deals == result.possible == consistent
    plan = view.plan()
    rng = random.Random(1)
    diamonds = plan.sample(rng).rules.suit_masks[2]
    assert all(plan.sample(rng).hands[2] & diamonds == 0 for _ in range(50))


def test_forty_five_scores_each_sides_goals():
    # Four seats, partners 1 & 3 against 2 & 4; one card each left.
    free = "3S 4D 5D KH 9C 2H"
    obj = {"game": "forty-five", "trump": "S", "hands": ["9H", "?", "?", "?"],
           "won": [1, 1, 1, 1], "leader": 1,
           "seen": seen_except("9H", free)}
    result = odds(view_from_dict(obj), exhaustive=True)
    assert result.questions == ("odd_trick", "all_five")
    deals = hits = 0
    for two, three, four in itertools.permutations(parse_cards(free), 3):
        position = Position.create("forty-five", "S", ["9H", card_name(two), card_name(three),
                                                       card_name(four)], won=[1, 1, 1, 1])
        deals += 1
        answer = solve(position, seat=0, line=False).verdict_of(0).answer("odd_trick")
        assert answer is not None
        hits += answer
    [card] = result.cards
    assert result.deals == deals
    assert card.share("odd_trick").hits == hits
    assert 0 < hits < deals


def test_loo_simple_pool_deals_the_card_to_be_turned():
    obj = {"game": "loo", "hands": ["AS KS", "?", "QD JD"], "won": [1, 0, 0], "leader": 1,
           "seen": seen_except("AS KS QD JD", "2H 3H 4D 5C")}
    view = view_from_dict(obj)
    plan = view.plan()
    assert plan.turns_card and plan.total == 6 * 2  # seat 2's two cards, then the turn
    result = odds(view, exhaustive=True)
    assert result.deals == 12 and result.questions == ("not_looed", "all_three")


# -- the documented examples -------------------------------------------------------------

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.mark.slow
def test_documented_endgame_answer():
    # docs/dealing.md, README.md and docs/cli.md show these numbers. (Slow:
    # the default run solves the same deals through docs/dealing.md's console
    # block, `jink odds late.toml --deals 400 --seed 1` and `--exhaustive`,
    # which prints these shares rounded.)
    result = odds(load_view(DOCS / "examples" / "late.toml"), exhaustive=True)
    assert result.possible == 12987
    shares = {card_name(c.card): (round(c.share("three").share, 2),
                                  round(c.share("spoil").share, 2)) for c in result.cards}
    assert shares == {"KS": (0.17, 0.87), "9H": (0.0, 0.87)}
    sampled = odds(load_view(DOCS / "examples" / "late.toml"), deals=400, seed=1).to_dict()
    assert sampled["possible_deals"] == 12987
    assert isinstance(sampled["cards"], list)
    assert [c["three"]["share"] for c in sampled["cards"]] == [0.1775, 0.0]


def test_documented_constraints_file_deals():
    spec = load_constraints(DOCS / "examples" / "hands.toml")
    for position in deal(spec, seed=1, count=20):
        assert count(position.hands[0] & position.rules.trump_mask) == 2
        assert position.hands[2] & position.rules.suit_masks[1] == 0


# -- a sweep over every game -----------------------------------------------------


def small_view(game: Game, seed: int) -> View:
    """A deal of ``game`` played to two cards a hand, seen from the seat to
    play, with only a few cards unseen (the rest listed in ``seen``)."""
    rng = random.Random(seed)
    players = 2 if game.player_counts else 3
    [position] = deal(Constraints(game, players, trump=rng.randrange(4)), seed=seed, count=1)
    while position.tricks_done < game.hand_size - 2 or position.trick:
        position = position.play(rng.choice(position.legal_cards()))
    to_play = position.seat_to_play
    unseen = [c for s, h in enumerate(position.hands) if s != to_play
              for c in iter_cards(h)]
    held = 0
    for hand in position.hands:
        held |= hand
    spare = [c for c in iter_cards(game.deck & ~held)]
    pool = set(unseen) | set(rng.sample(spare, min(4, len(spare))))
    seen = [c for c in iter_cards(game.deck) if c not in pool
            and not position.hands[to_play] >> c & 1]
    assert position.trump is not None
    return view_from_dict({
        "game": game.name, "trump": "SHDC"[position.trump],
        "hands": [card_name_set(h) if s == to_play else "?"
                  for s, h in enumerate(position.hands)],
        "leader": position.leader + 1, "won": list(position.won),
        "seen": " ".join(card_name(c) for c in seen)})


@pytest.mark.parametrize("size", sweep(sample=1, ci=2, full=4))
# (Two games in the default run, the others in CI's.)
@pytest.mark.parametrize("name", [n if n in ("spoil-five", "loo")
                                  else pytest.param(n, marks=pytest.mark.ci)
                                  for n in sorted(GAMES)])
def test_sweep_sampled_against_exhaustive_every_game(name: str, size: Size) -> None:
    # Every game, part-way through a deal: the deals are uniform (chi-square
    # over every possible deal) and the sampled intervals hold the exact shares.
    covered = total = 0
    for seed in range(size.examples):
        view = small_view(GAMES[name], seed)
        plan = view.plan()
        cells = sorted(p.hands for p in plan.every())
        assert len(cells) == len(set(cells)) == plan.total
        draws = 30 * len(cells)
        rng = random.Random(seed)
        counts = Counter(plan.sample(rng).hands for _ in range(draws))
        if len(cells) > 1:
            assert chi_square(counts, cells, draws) < critical_value(len(cells) - 1)
        exact = odds(view, exhaustive=True)
        sampled = odds(view, deals=200, seed=seed)
        for want, got in zip(exact.cards, sampled.cards, strict=True):
            for question in exact.questions:
                low, high = got.share(question).interval
                covered += low <= want.share(question).share <= high
                total += 1
    assert covered / total >= 0.85, (covered, total)


def test_shares_are_printed_with_enough_digits_to_be_seen() -> None:
    import re

    from jink.cli.odds import share_words

    # Every share of n deals out of 1000 (and its interval's bounds): a share
    # that is neither none nor all never reads as 0% or 100%, and each printed
    # figure is the true one rounded to the digits it shows.
    for n in range(0, 1001, 7):
        share = n / 1000
        low, high = max(0.0, share - 0.004), min(1.0, share + 0.003)
        text = share_words(share, (low, high))
        figures = re.findall(r"\d+(?:\.(\d+))?", text)
        shown = re.findall(r"\d+(?:\.\d+)?", text)
        assert len(shown) == 3, text
        for (decimals, printed), true in zip(zip(figures, shown, strict=True),
                                             (share, low, high), strict=True):
            if 0 < true < 1:
                assert 0 < float(printed) < 100, text
            assert abs(float(printed) - 100 * true) <= 0.5 * 10 ** -len(decimals) + 1e-9, text
    assert share_words(0.0012, (0.0, 0.003)) == "0.1% (0.0-0.3%)"

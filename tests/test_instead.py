"""Why a card changed a verdict: the better cards, the cost and the
refutation of ``jink analyse``, checked on played records at 3 and 4 seats
against the independent slow references (``tests/reference.py`` for Spoil
Five, ``tests/reference_family.py`` for Forty-Five and Rams): every legal
card tried with plain minimax, nothing of the solver used.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jink.analysis.analyse import Analysis, CardReview, analyse
from jink.analysis.instead import line_words
from jink.cards import SUITS, card_name, iter_cards, parse_cards
from jink.cli.app import app
from jink.formats.examples import example
from jink.position import Position
from tests import reference as ref
from tests import reference_family as fam
from tests.sweeps import tiers

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "80"})

SPOIL_FIVE_GOALS = {"three": 3, "jink": 5, "spoil": None}
RANKS = "23456789TJQKA"


def random_record(position: Position, rng: random.Random) -> list[list[int]]:
    """A whole deal played out from ``position`` with random legal cards: a
    played record full of slips."""
    record: list[list[int]] = []
    while not position.is_over:
        if not position.trick:
            record.append([])
        card = rng.choice(sorted(position.legal_cards()))
        record[-1].append(card)
        position = position.play(card)
    return record


def random_spoil_five(rng: random.Random, players: int, tricks_left: int) -> Position:
    """A random Spoil Five deal of ``players`` seats with ``tricks_left`` cards
    each, the tricks before shared out (the leader took the last)."""
    deck = [r + s for s in "SHDC" for r in RANKS]
    rng.shuffle(deck)
    hands = [" ".join(deck[i * tricks_left:(i + 1) * tricks_left]) for i in range(players)]
    won = [0] * players
    leader = rng.randrange(players)
    if tricks_left < 5:
        won[leader] += 1
        for _ in range(4 - tricks_left):
            won[rng.randrange(players)] += 1
    return Position.create("spoil-five", rng.choice("SHDC"), hands, leader=leader, won=won)


def to_ref(position: Position) -> ref.RefPosition:
    assert position.trump is not None
    return ref.RefPosition(SUITS[position.trump],
                           tuple(frozenset(iter_cards(hand)) for hand in position.hands),
                           position.leader, tuple(position.trick), tuple(position.won))


def check_spoil_five(review: Analysis, start: Position) -> int:
    """Every card of the review against the reference; the number of cards
    explained (so a test can insist there were some)."""
    explained = 0
    position = start
    for card in review.cards:
        before, after = to_ref(position), to_ref(position.play(card.card))
        mover = card.seat
        legal = ref.ref_legal(before)
        # Every goal the mover lost, by the reference, is explained with
        # exactly the cards that keep it; and nothing else is.
        lost = {g for g in SPOIL_FIVE_GOALS if ref.ref_can_force(before, mover, g)
                and not ref.ref_can_force(after, mover, g)}
        tricks = {c: ref.ref_max_tricks(ref.ref_play(before, c), mover) for c in legal}
        was, now = max(tricks.values()), tricks[card.card]
        if now < was:
            lost.add("max_tricks")
        better = card.instead.better if card.instead else {}
        assert set(better) == lost, (card.trick, card_name(card.card))
        for goal, cards in better.items():
            keep = {c for c in legal if (tricks[c] == was if goal == "max_tricks" else
                                         ref.ref_can_force(ref.ref_play(before, c), mover, goal))}
            assert set(cards) == keep and card.card not in keep
            assert len(cards) == len(set(cards))
            best = max(tricks[c] for c in keep)
            assert card.instead is not None and card.instead.kept[goal] == best
        # The card is priced from the reference's tricks and the rulings' pool.
        check_cost(card, "spoil-five", len(before.hands), {}, was, now, tricks)
        # Every goal handed to another seat: the cards that would have stopped it.
        handed = {(s, g) for s in range(len(before.hands)) if s != mover
                  for g in SPOIL_FIVE_GOALS if not ref.ref_can_force(before, s, g)
                  and ref.ref_can_force(after, s, g)}
        stoppers = {(s.seat, s.goal): s.cards for s in card.instead.stoppers} \
            if card.instead else {}
        assert set(stoppers) == handed
        assert card.changed == bool(lost or handed)
        # A card that kept all its mover could be sure of offers as stoppers
        # only the cards as good for the mover; the others are set apart.
        best = not lost
        own = {c: ref.ref_max_tricks(ref.ref_play(before, c), mover) for c in legal}
        whole = {(s.seat, s.goal): s for s in card.instead.stoppers} if card.instead else {}
        for (seat, goal), cards in stoppers.items():
            stop = {c for c in legal if not ref.ref_can_force(ref.ref_play(before, c), seat, goal)}
            costly = {c for c in stop if best and own[c] < own[card.card]}
            assert set(cards) == stop - costly
            assert set(whole[seat, goal].costly) == costly
            for c, other, name in whole[seat, goal].hands:
                assert c in cards and other not in (mover, seat) and name == "three"
                assert ref.ref_can_force(ref.ref_play(before, c), other, "three")
                assert not ref.ref_can_force(after, other, "three")
        if card.instead is None:
            assert not lost and not handed
        else:
            explained += 1
            check_refutation(card, after, bool(lost))
        position = position.play(card.card)
    return explained


def reference_worth(game: str, players: int, options: dict[str, bool], tricks: int) -> Fraction:
    """What ending a deal with ``tricks`` tricks brings, written out from the
    rulings and the rule texts at each game's standard pool: Spoil Five's
    fresh pool (a counter from each player) for three, and a counter from
    each other player for a jink; Rams' and Rounce's five counters and Loo's
    three shared by the trick, five (three) paid by a player with none;
    Forty-Five's 5 for three or four and 10 for five, or 5 a trick net;
    Bierspiel's point a trick, a fifth of a cross, and a fresh cross for none."""
    if game == "spoil-five":
        return Fraction((players if tricks >= 3 else 0) + (players - 1 if tricks == 5 else 0))
    if game in ("rams", "rounce"):
        return Fraction(tricks) - (5 if tricks == 0 else 0)
    if game == "loo":
        return Fraction(tricks) - (3 if tricks == 0 else 0)
    if game == "forty-five":
        if options.get("per_trick_scoring"):
            return Fraction(max(0, 5 * tricks - 5 * (5 - tricks)))
        return Fraction(10 if tricks == 5 else 5 if tricks >= 3 else 0)
    assert game == "bierspiel"
    return Fraction(tricks, 5) - (1 if tricks == 0 else 0)


UNIT = {"spoil-five": "counters", "rams": "counters", "rounce": "counters", "loo": "counters",
        "forty-five": "points", "bierspiel": "crosses"}


def check_cost(card: CardReview, game: str, players: int, options: dict[str, bool],
               was: int, now: int, tricks: dict[int, int]) -> None:
    """The card's cost and its better cards' worth, against the reference's
    tricks for every legal card (``tricks``) and :func:`reference_worth`."""
    def worth(t: int) -> Fraction:
        return reference_worth(game, players, options, t)

    if now == was:
        assert card.cost is None
        return
    assert card.changed and card.cost is not None
    assert (card.cost.tricks, card.cost.amount, card.cost.unit) == \
        (was - now, worth(was) - worth(now), UNIT[game])
    data = card.to_dict()["cost"]
    assert isinstance(data, dict) and data["unit"] == UNIT[game]
    assert Fraction(str(data["amount"])).limit_denominator(100) == worth(was) - worth(now)
    if card.instead is None:
        return  # not explained (a test may ask for no explanation)
    listed = {b.card: b for b in card.instead.cards}
    assert {c for c, t in tricks.items() if t > now} <= set(listed)
    for c, b in listed.items():
        assert b.max_tricks == tricks[c]
        assert b.saves.amount == worth(tricks[c]) - worth(now)
    values = [(worth(b.max_tricks), b.max_tricks) for b in card.instead.cards]
    assert values == sorted(values, reverse=True)  # best first
    # "(N tricks for sure)" only where every card listed gives N.
    for reason in card.reasons:
        said = re.match(r"(.+?) would have (?:kept|made) .*?(\d+) tricks? for sure", reason)
        if said is not None:
            named = parse_cards(said.group(1).replace(" or ", " ").replace(",", ""))
            assert {tricks[c] for c in named} == {int(said.group(2))}, reason


def test_stopping_one_seat_may_hand_the_pool_to_another() -> None:
    # Seat 1's 3S lets seats 2 and 3 spoil; the 8H would have stopped them,
    # but only by letting seat 4 take three tricks: the advice says so.
    start = Position.create("spoil-five", "H", ["3S 8H 2D", "7S QD 9C", "9S 2H 2C", "3H 6H 4C"],
                            leader=3, won=[0, 1, 0, 1])
    record = [parse_cards("4C 3S 9C 2C"), parse_cards("2H 6H 8H 7S"),
              parse_cards("2D QD 9S 3H")]
    review = analyse(start, record)
    check_spoil_five(review, start)
    card = review.cards[1]
    assert card.instead is not None and card.changed and not card.slip
    assert [(s.seat, [card_name(c) for c, _, _ in s.hands]) for s in card.instead.stoppers] == \
        [(1, ["8H"]), (2, ["8H"])]
    assert ("8H would have stopped seat 2 forcing the spoil but let seat 4 force three tricks "
            "(the pool) instead") in card.reasons
    ref.clear_memos()


def check_refutation(card: CardReview, after: ref.RefPosition, own: bool) -> None:
    """The refutation is a legal line to the end of the deal along which the
    question refuted never changes hands: the goal stays out of the mover's
    reach (``own``), or within the favoured seat's, at every card."""
    assert card.instead is not None and card.instead.refuted is not None
    seat, goal = card.instead.refuted
    if own:
        assert seat == card.seat
    position = after
    # A loss of tricks alone is refuted on the tricks the seat had before.
    asked: str | int = int(goal) if goal.isdigit() else goal
    assert ref.ref_can_force(position, seat, asked) is not own
    for step in card.instead.refutation:
        assert ref.seat_to_play(position) == step.seat
        position = ref.ref_play(position, step.card)      # legal, or ValueError
        assert ref.ref_can_force(position, seat, asked) is not own
    assert ref.is_over(position)


def check_deals(players: int, tricks_left: int, seeds: range) -> None:
    """Random records of ``players`` seats from ``tricks_left`` cards each, each
    checked card by card; some card among them must have needed explaining."""
    explained = 0
    for seed in seeds:
        rng = random.Random(1000 * players + 100 * tricks_left + seed)
        start = random_spoil_five(rng, players, tricks_left)
        review = analyse(start, random_record(start, rng))
        explained += check_spoil_five(review, start)
        ref.clear_memos()
    assert explained > 0


@pytest.mark.parametrize("deals", tiers(2, 8))
def test_three_seats_against_the_reference(deals: int) -> None:
    # From the second trick: the reference tries every card with no pruning.
    check_deals(3, 4, range(deals))


@pytest.mark.parametrize("deals", tiers(2, 5))
def test_four_seats_against_the_reference(deals: int) -> None:
    check_deals(4, 3, range(deals))


@pytest.mark.slow
@pytest.mark.parametrize("players, tricks_left", [(3, 5), (4, 4)])
def test_whole_deals_against_the_reference(players: int, tricks_left: int) -> None:
    # (One test for each table size, so that the two run side by side.)
    check_deals(players, tricks_left, range(3))


def to_fam(position: Position, options: dict[str, bool]) -> fam.FamPosition:
    return fam.fam_position(
        position.game.name, SUITS[position.trump] if position.trump is not None else None,
        [" ".join(card_name(c) for c in iter_cards(hand)) for hand in position.hands],
        leader=position.leader, trick=" ".join(card_name(c) for c in position.trick),
        won=list(position.won),
        options={k: v for k, v in options.items() if k in fam.OPTIONS[position.game.name]})


def fam_max(position: Position, side: frozenset[int], options: dict[str, bool]) -> int:
    """The reference's max tricks, or the tricks won once the deal is over
    (the reference takes only positions with a trick left to play)."""
    if position.is_over:
        return sum(position.won[s] for s in side)
    return fam.fam_max_tricks(to_fam(position, options), side)


# (Forty-Five, whose 52 cards make the reference slowest, in CI's run.)
FAMILY = [pytest.param("forty-five", {}, marks=pytest.mark.ci), ("rams", {}), ("rounce", {}),
          ("bierspiel", {}), ("loo", {})]
#: Options that change only what tricks are worth: the same record is priced
#: again under each (the play, and so the reference's tricks, are the same).
PRICING = {"forty-five": [{"per_trick_scoring": True}]}


@pytest.mark.parametrize("game, options", FAMILY)
def test_family_games_at_four_seats_against_the_reference(game: str,
                                                          options: dict[str, bool]) -> None:
    # Forty-Five's partners share their verdicts; every game prices its tricks.
    # Loo's three-card deals are cheap, and fewer of its random cards cost
    # anything; Rounce and Bierspiel play as Rams does, and Forty-Five's 52
    # cards make the reference slow: fewer deals.
    deals = {"loo": 8, "rounce": 2, "bierspiel": 2, "forty-five": 3}.get(game, 4)
    explained = sum(check_family_deal(game, options, random.Random(300 + seed))
                    for seed in range(deals))
    assert explained > 0


def check_family_deal(game: str, options: dict[str, bool], rng: random.Random) -> int:
    """One random record of ``game`` at four seats from the second trick (Loo:
    from the first of its three), checked card by card: the cards explained."""
    ranks = RANKS if game in ("forty-five", "rounce", "loo") else "789TJQKA"
    pack = [r + s for s in "SHDC" for r in ranks]
    rng.shuffle(pack)
    size = 3 if game == "loo" else 4
    hands = [" ".join(pack[i * size:(i + 1) * size]) for i in range(4)]
    won = [0, 0, 0, 0] if game == "loo" else [1, 0, 0, 0]
    start = Position.create(game, rng.choice("SHDC"), hands, won=won, options=options)
    record = random_record(start, rng)
    review = analyse(start, record)
    priced = [(other, analyse(replace(start, options={**options, **other}), record))
              for other in PRICING.get(game, [])]
    questions = {q.name: q.tricks for q in start.game.questions(4)}
    explained = 0
    position = start
    for index, card in enumerate(review.cards):
        before = to_fam(position, options)
        side = fam.side_of(game, 4, card.seat)
        tricks = {c: fam_max(position.play(c), side, options) for c in fam.fam_legal(before)}
        was, now = max(tricks.values()), tricks[card.card]
        lost = {name for name, k in questions.items() if k is not None and now < k <= was}
        if now < was:
            lost.add("max_tricks")
        better = card.instead.better if card.instead else {}
        assert set(better) == lost
        for name, cards in better.items():
            need = was if name == "max_tricks" else questions[name] or 0
            assert set(cards) == {c for c, t in tricks.items() if t >= need}
        check_cost(card, game, 4, options, was, now, tricks)
        for other, again in priced:
            check_cost(again.cards[index], game, 4, {**options, **other}, was, now, tricks)
        if lost:
            explained += 1
        position = position.play(card.card)
    fam.clear_caches()
    return explained


# -- the documented example, in words and in JSON ---------------------------------------

KD_LEAD = [parse_cards("KD 9D 2D"), parse_cards("QD 4D JS")]


def test_the_kd_lead_names_the_8s() -> None:
    review = analyse(example(), KD_LEAD)
    first = review.cards[0]
    assert first.instead is not None
    assert [card_name(c) for c in first.instead.better["three"]] == ["8S"]
    assert first.reasons[0].startswith("8S would have kept three tricks (the pool)")
    assert first.reasons[-1].startswith("after KD: ")
    data = json.loads(json.dumps(review.to_dict()))
    card = data["cards"][0]
    assert card["better"] == {"max_tricks": ["8S"], "three": ["8S"]} and card["cost"]["tricks"] == 1
    assert card["refuted"] == {"seat": 1, "goal": "three"}
    assert [s["card"] for s in card["refutation"]][:2] == \
        [card_name(s.card) for s in first.instead.refutation[:2]]
    # A card that changed nothing gets none of the new keys.
    assert "better" not in data["cards"][1] and "refutation" not in data["cards"][1]


def test_the_refutation_in_words_stops_where_the_goal_is_settled() -> None:
    review = analyse(example(), KD_LEAD)
    first = review.cards[0]
    assert first.instead is not None
    after = example().play(first.card)
    words = line_words(after, first.instead.refutation, 0, "three")
    # Seat 1 cannot reach three once it has lost three tricks: no fourth trick said.
    assert words.count("wins trick") <= 3 and words.endswith("(seat 1 can make 2 tricks)")


def test_the_command_says_what_to_play_instead(tmp_path: Path) -> None:
    path = str(Path(__file__).parent.parent / "docs" / "examples" / "kd-lead.toml")
    human = runner.invoke(app, ["analyse", path])
    assert human.exit_code == 0, human.output
    text = " ".join(human.stdout.split())
    assert "8♠ would have kept three tricks (the pool)" in text
    assert "after K♦: " in text
    assert max(len(line) for line in human.stdout.splitlines()) <= 80
    data = json.loads(runner.invoke(app, ["analyse", path, "--json"]).stdout)
    assert data["cards"][0]["better"] == {"max_tricks": ["8S"], "three": ["8S"]}


def test_a_limit_leaves_reasons_unknown_not_wrong() -> None:
    from jink.solver import Limit

    review = analyse(example(), KD_LEAD, Limit(nodes=3000))
    for card in review.cards:
        if card.instead is not None:
            assert card.instead == analyse(example(), KD_LEAD).cards[
                review.cards.index(card)].instead
    if review.reasons_cut:
        assert "reasons" in review.unknown


# -- a session: players' names and the cost in counters ---------------------------------

SLIP_EVENING = '''game = "spoil-five"
players = ["Ann", "Bob", "Cat"]
counters = 20

[[deal]]
turnup = "9D"
hands = ["5D JD 2C 3C 4C", "KS QS 8D 3D 4D", "KC QC 5H 6H 7H"]
play = ["4C 3D QC", "4D 6H JD", "3C KS KC", "7H 5D QS", "2C 8D 5H"]
'''


def test_a_session_names_the_player_the_better_cards_and_the_counters(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    path.write_text(SLIP_EVENING, encoding="utf-8")
    result = runner.invoke(app, ["session", str(path), "--analyse", "--json"])
    assert result.exit_code == 0, result.output
    [slip] = json.loads(result.stdout)["deals"][0]["analysis"]["slips"]
    # Bob (seat 2) leads the 4D to trick 2; the reference says which of his
    # cards would have kept three tricks.
    start = Position.create("spoil-five", "D", ["5D JD 2C 3C 4C", "KS QS 8D 3D 4D",
                                                "KC QC 5H 6H 7H"])
    before = start
    for card in parse_cards("4C 3D QC"):
        before = before.play(card)
    keep = sorted(card_name(c) for c in ref.ref_legal(to_ref(before))
                  if ref.ref_can_force(ref.ref_play(to_ref(before), c), 1, "three"))
    assert keep and "4D" not in keep
    named = slip.split(": ", 1)[1].split(" would have")[0].replace(" or ", ", ").split(", ")
    assert sorted(named) == keep
    assert slip.startswith("Bob's 4D (seat 2) in deal 1, trick 2, threw away three tricks")
    # The pool was 3 counters (one from each player), all of it lost with three.
    assert slip.endswith("worth 3 counters at that moment")
    ref.clear_memos()

"""Anytime answers: a question the limit stops is unknown,
never wrong, and everything else stays exact.

Each position is solved twice: without a limit (the truth) and under random
small limits with ``partial=True``. Every answer of the limited solve must be
the truth or None; a None only when the limit was reached; what is derived
(three from tricks proved, a spoil settled by another seat's three,
``forceable``) must be known whenever the proved part settles it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from jink.analysis.analyse import analyse, replay
from jink.analysis.line import LineStep
from jink.analysis.solve import solve
from jink.bench.deals import deal, endgame
from jink.cards import card_name
from jink.cli.app import app
from jink.errors import LimitExceeded
from jink.formats.examples import example
from jink.position import Position
from jink.solver import Limit, Solver, native
from jink.solver.goals import SPOIL
from jink.solver.limits import Budget, QuestionCapped
from jink.solver.solver import MoveScore, OpenScore, Verdict, forceable
from jink.study.page import solve_page


def bare(line: list[LineStep]) -> list[LineStep]:
    """A line without its whys (which a limit may leave unsaid)."""
    return [replace(step, why=None) for step in line]

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})
ROOT = Path(__file__).resolve().parent.parent
ENGINES = ["python", "native"]
#: The same, the Python engine's in CI's run only (where its searches take seconds).
ENGINES_CI = [pytest.param("python", marks=pytest.mark.ci), "native"]


def positions(engine: str) -> Iterator[Position]:
    """Seeded deals at the first lead and part-way, 3 to 5 seats (3 and 4 in
    the Python engine, which is slower), and Forty-Five's partnerships."""
    most = 4 if engine == "python" else 5
    for players in range(3, most + 1):
        for index in range(5 if players < 5 else 3):
            yield deal(players, index, 2026)
            yield endgame(players, index, 2026)
    rng = random.Random("forty-five")
    for _ in range(3):
        cards = rng.sample(range(52), 20)
        hands = [sum(1 << c for c in cards[i * 5:(i + 1) * 5]) for i in range(4)]
        yield Position.create("forty-five", rng.randrange(4), hands)


def check_verdict(cut: Verdict, truth: Verdict, position: Position) -> None:
    """``cut`` is ``truth`` with some answers None, and the proved part kept."""
    assert cut.seat == truth.seat
    if cut.max_tricks is None:
        assert cut.at_least is not None
        won = sum(position.won[s] for s in Solver().side_of(position, cut.seat))
        assert won <= cut.at_least < position.game.tricks + 1
        assert cut.at_least <= truth.exact_max_tricks
        assert "max_tricks" in cut.unknown
    else:
        assert cut.max_tricks == truth.max_tricks and cut.at_least is None
    for (name, got), (same, want) in zip(cut.answers, truth.answers, strict=True):
        assert name == same
        assert got is None or got == want, (name, got, want)
        assert (got is None) == (name in cut.unknown)
    for (extra, value), (same, truth_value) in zip(cut.extras, truth.extras, strict=True):
        assert extra == same and (value is None or value == truth_value)


def check_derived(position: Position, cut: list[Verdict]) -> None:
    """What the proved tricks settle is never left unknown: a seat's own
    questions up to its tricks proved, and (a seat of another side proved to
    make t tricks) its questions above the rest, and its spoil by a three."""
    questions = {q.name: q for q in position.game.questions(position.players)}
    solver = Solver()
    for verdict in cut:
        proved = verdict.at_least if verdict.max_tricks is None else verdict.max_tricks
        assert proved is not None
        side = solver.side_of(position, verdict.seat)
        theirs = max((v.max_tricks if v.max_tricks is not None else v.at_least or 0
                      for v in cut if v.seat not in side), default=0)
        for name, got in verdict.answers:
            tricks = questions[name].tricks
            if tricks is not None and proved >= tricks:
                assert got is True, name
            if tricks is not None and position.game.tricks - theirs < tricks:
                assert got is False, name
            if tricks is None and proved >= SPOIL.pool:
                assert got is True, name
            if tricks is None and theirs >= SPOIL.pool:
                assert got is False, name


def check_forceable(position: Position, cut: list[Verdict], truth: list[Verdict]) -> None:
    got, want = forceable(position, cut), forceable(position, truth)
    name = position.game.winning_question
    if name is None:
        assert got is None
        return
    answers = [v.answer(name) for v in cut]
    if any(answers):
        assert got is True  # a proved three settles it whatever is unknown
    elif None in answers:
        assert got is None  # an unknown could change it
    else:
        assert got == want


@pytest.mark.parametrize("engine, limits", [
    pytest.param("python", 8, marks=pytest.mark.ci), ("native", 3),
    pytest.param("native", 8, marks=pytest.mark.ci)])
def test_a_limit_leaves_the_other_verdicts_exact_and_the_cut_ones_unknown(engine: str,
                                                                         limits: int) -> None:
    rng = random.Random(f"anytime:{engine}:{limits}")
    spoils_cut = known_beside_cut = 0
    for position in positions(engine):
        full = Solver(engine=engine)
        truth = full.verdicts(position)
        for _ in range(limits):
            nodes = rng.randint(1, max(2, full.nodes))
            solver = Solver(Limit(nodes=nodes), engine=engine)
            cut = solver.verdicts(position, partial=True)
            for c, t in zip(cut, truth, strict=True):
                check_verdict(c, t, position)
            check_derived(position, cut)
            check_forceable(position, cut, truth)
            if any(v.unknown for v in cut):
                assert solver.nodes > nodes  # unknown only past the limit
                known_beside_cut += any(not v.unknown for v in cut)
            else:
                assert cut == truth
            spoils_cut += sum(1 for v in cut
                              if "spoil" in dict(v.answers) and v.max_tricks is not None
                              and v.answer("spoil") is None)
    # The sweep did cut spoil proofs (seats whose tricks are exact, spoil not)
    # and leave other seats exact beside cut ones: it tests what it says.
    assert spoils_cut > 0 and known_beside_cut > 0, (spoils_cut, known_beside_cut)


@pytest.mark.parametrize("engine", ENGINES_CI)
def test_a_limit_leaves_the_scored_cards_and_the_line_exact(engine: str) -> None:
    native.use_engine(engine)  # solve() makes its solver with the process's engine
    rng = random.Random(f"anytime-moves:{engine}")
    opened = begun = 0
    for position in positions(engine):
        if position.players > 4:
            continue  # the line of every deal: enough at 3 and 4 seats
        truth = solve(position)
        exact = {m.card: m for m in truth.moves}
        for _ in range(3):
            nodes = rng.randint(1, max(2, truth.nodes))
            cut = solve(position, limit=Limit(nodes=nodes))
            assert sorted(m.card for m in cut.every_move()) == sorted(exact)
            for move in cut.moves:
                assert move == exact[move.card]
            for open_move in cut.open_moves:
                want = exact[open_move.card]
                assert open_move.at_least <= want.max_tricks
                assert open_move.achieves in (None, want.achieves)
                assert open_move.equivalent == want.equivalent
            opened += bool(cut.open_moves)
            # a cut line keeps its exact beginning: the steps worked out (a
            # limit may leave a key card's why unsaid, never say another)
            assert bare(cut.line) == bare(truth.line[:len(cut.line)])
            assert all(s.why in (None, t.why) for s, t in zip(cut.line, truth.line,
                                                               strict=False))
            assert cut.line_cut == (len(cut.line) < len(truth.line))
            begun += cut.line_cut and bool(cut.line)
            assert set(cut.unknown) <= {"seats", "moves", "line", "why"}
            if cut.unknown:
                assert cut.nodes > nodes
    assert opened > 0 and begun > 0, (opened, begun)


@pytest.fixture(autouse=True)
def default_engine() -> Iterator[None]:
    yield
    native.use_engine(None)


def test_a_time_limit_gives_what_was_proved() -> None:
    """A short time limit on six-seat deals: some answers, none wrong."""
    for index in range(4):
        position = deal(6, index, 2026)
        truth = Solver(engine="native").verdicts(position)
        cut = Solver(Limit(seconds=0.002), engine="native").verdicts(position, partial=True)
        for c, t in zip(cut, truth, strict=True):
            check_verdict(c, t, position)
        check_derived(position, cut)
        check_forceable(position, cut, truth)


def test_cheap_questions_come_first() -> None:
    """One hard question does not eat a small limit: a seat whose answers are
    cheap is answered although another seat's question is expensive."""
    position = deal(5, 0, 2026)
    costs = []
    for seat in range(position.players):
        solver = Solver(engine="native")
        solver.verdicts(position, [seat])
        costs.append(solver.nodes)
    limit = min(costs) + max(costs) // 4
    assert limit < sum(costs)  # not enough for every question in turn
    cut = Solver(Limit(nodes=limit), engine="native").verdicts(position, partial=True)
    cheapest = costs.index(min(costs))
    assert not cut[cheapest].unknown


def test_without_partial_the_limit_raises() -> None:
    position = deal(4, 0, 2026)
    with pytest.raises(LimitExceeded, match=r"\(limit 50\); no answer is given"):
        Solver(Limit(nodes=50)).verdicts(position)
    with pytest.raises(LimitExceeded):
        solve(position, limit=Limit(nodes=50), partial=False)


# -- no limit: nothing changes ---------------------------------------------------------


def old_verdicts(solver: Solver, position: Position) -> list[Verdict]:
    """The verdicts as Solver.verdicts worked them out before anytime answers:
    every seat's max_tricks, then each seat's spoil unless a three settles it."""
    seats = list(range(position.players))
    most = {seat: solver.max_tricks(position, seat) for seat in seats}
    forcers = [s for s, m in most.items() if m >= SPOIL.pool]
    out = []
    for seat in seats:
        answers: list[tuple[str, bool | None]] = []
        for question in position.game.questions(position.players):
            if question.tricks is not None:
                answer = most[seat] >= question.tricks
            elif most[seat] >= SPOIL.pool:
                answer = True
            elif any(f not in solver.side_of(position, seat) for f in forcers):
                answer = False
            else:
                answer = solver.can_force(position, seat, SPOIL)
            answers.append((question.name, answer))
        extras = tuple(position.game.extras(most[seat], position.players,
                                            position.options).items())
        out.append(Verdict(seat, most[seat], tuple(answers), extras))
    return out


@pytest.mark.parametrize(("engine", "players"),
                         [(e, n) for e in ENGINES for n in (3, 4, 5)
                          if (e, n) != ("python", 5)])  # five: slow in Python
def test_no_limit_asks_the_same_questions_in_the_same_order(engine: str,
                                                            players: int) -> None:
    """Without a limit, the same answers with the same node counts as the old
    driver (and partial changes nothing): no cap, no second round."""
    for index in range(3):
        for position in (deal(players, index, 2026), endgame(players, index, 2026)):
            old = Solver(engine=engine)
            want = old_verdicts(old, position)
            for partial in (False, True):
                new = Solver(engine=engine)
                assert new.verdicts(position, partial=partial) == want
                assert new.nodes == old.nodes


def test_no_limit_scores_the_cards_as_before() -> None:
    for index in range(3):
        position = deal(4, index, 2026)
        old = Solver()
        want = []
        for move in old.score_moves(position, 0, SPOIL):
            want.append(move)
        new = Solver()
        scores = new.score_moves_anytime(position, 0, SPOIL)
        assert scores == want and new.nodes == old.nodes
        assert all(isinstance(s, MoveScore) for s in scores)


# -- the budget's cap ------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_a_cap_stops_one_question_and_not_the_budget(engine: str) -> None:
    position = deal(5, 1, 2026)
    solver = Solver(Limit(nodes=10**9), engine=engine)
    with pytest.raises(QuestionCapped), solver.budget.capped(100):
        solver.can_force(position, 0, SPOIL)
    assert 100 < solver.nodes <= 101
    assert not solver.budget.exhausted() and solver.budget.cap_at is None
    # The budget goes on, and the table holds only what was proved.
    assert solver.verdicts(position) == Solver(engine=engine).verdicts(position)


def test_the_limit_is_checked_before_the_cap() -> None:
    budget = Budget(Limit(nodes=10))
    with budget.capped(5):
        budget.nodes = 11
        with pytest.raises(LimitExceeded) as stopped:
            budget.check()
    assert not isinstance(stopped.value, QuestionCapped)
    assert budget.exhausted()


# -- analyse ---------------------------------------------------------------------------


def played(position: Position, seed: int) -> list[list[int]]:
    """A record of random legal play to the end of the deal."""
    rng = random.Random(seed)
    tricks: list[list[int]] = []
    current: list[int] = []
    while not position.is_over:
        card = rng.choice(position.legal_cards())
        current.append(card)
        before = position.tricks_done
        position = position.play(card)
        if position.tricks_done > before:
            tricks.append(current)
            current = []
    return tricks


@pytest.mark.parametrize("engine", ENGINES)
def test_analyse_under_a_limit_is_never_wrong(engine: str) -> None:
    native.use_engine(engine)
    rng = random.Random(f"analyse:{engine}")
    later_known = 0
    for index in range(4):
        start = deal(3, index, 2026)
        record = played(start, index)
        truth = analyse(start, record)
        for _ in range(3):
            nodes = rng.randint(1, max(2, truth.nodes // 2))
            cut = analyse(start, record, Limit(nodes=nodes))
            for c, t in zip(cut.verdicts, truth.verdicts, strict=True):
                check_verdict(c, t, start)
            for step, c_card, t_card in zip(replay(start, record), cut.cards, truth.cards,
                                            strict=True):
                for c, t in zip(c_card.after, t_card.after, strict=True):
                    check_verdict(c, t, step.after)
                check_derived(step.after, c_card.after)
                assert set(c_card.notes) <= set(t_card.notes)
                if c_card.claim != t_card.claim:
                    assert c_card.claim is not None and "unknown" in c_card.claim
                later_known += not any(v.unknown for v in c_card.after)
            assert bool(cut.unknown) == (cut.to_dict().get("unknown") is not None)
    # The cards near the end are cheap: answered although the start is not.
    assert later_known > 0


# -- JSON and the command line ---------------------------------------------------------


def test_json_shape_of_a_cut_solve() -> None:
    out: dict[str, Any] = solve(example(), limit=Limit(nodes=300)).to_dict()
    assert out["unknown"] == ["seats", "moves", "line"]
    assert out["line"] == []
    cut = [seat for seat in out["seats"] if "unknown" in seat]
    assert cut
    for seat in cut:
        for name in seat["unknown"]:
            assert seat[name] is None
        if seat["max_tricks"] is None:
            assert isinstance(seat["max_tricks_at_least"], int)
        else:
            assert "max_tricks_at_least" not in seat
    for move in out["moves"]:
        if move["max_tricks"] is None:
            assert move["unknown"][0] == "max_tricks"
            assert isinstance(move["max_tricks_at_least"], int)
    # Every legal card is listed, scored or not.
    assert sorted(m["card"] for m in out["moves"]) == \
        sorted(card_name(c) for c in example().legal_cards())
    whole: dict[str, Any] = solve(example()).to_dict()
    assert "unknown" not in whole
    assert all("unknown" not in s and "max_tricks_at_least" not in s
               for s in whole["seats"])


def test_forceable_is_null_only_when_an_unknown_could_change_it() -> None:
    position = example()  # seat 1 can force three, seats 2 and 3 cannot
    truth = Solver().verdicts(position)
    three_open = [Verdict(v.seat, None, tuple((n, None if n == "three" else a)
                                              for n, a in v.answers), at_least=0)
                  for v in truth]
    assert forceable(position, three_open) is None
    proved = [truth[0], *three_open[1:]]
    assert forceable(position, proved) is True
    nobody = [Verdict(v.seat, v.max_tricks, tuple((n, False if n == "three" else a)
                                                  for n, a in v.answers)) for v in truth]
    assert forceable(position, nobody) is False
    assert forceable(position, nobody[:2] + three_open[2:]) is None


def test_solve_picture_shows_question_marks_and_the_note() -> None:
    result = runner.invoke(app, ["solve", "--example", "--max-nodes", "300"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "?" in out.split("Seat 1's legal cards")[0]
    assert "? the limit stopped this question before it was answered" in out
    assert "raise --max-seconds or --max-nodes" in out
    assert "The limit stopped the line of play" in out
    assert "the pool is spoiled" not in out  # never said on unknown answers
    assert "Traceback" not in result.output


def test_a_line_the_limit_stopped_shows_its_beginning() -> None:
    whole = solve(example())
    # the smallest node limit (by hundreds) that leaves part of the line
    cut = next(c for nodes in range(100, whole.nodes, 100)
               if (c := solve(example(), limit=Limit(nodes=nodes))).line)
    assert cut.line_cut and 0 < len(cut.line) < len(whole.line)
    # A cut line is not explained (why comes after the whole line).
    assert cut.line == bare(whole.line[:len(cut.line)])
    assert cut.to_dict()["unknown"] == ["line"]
    line = cut.to_dict()["line"]
    assert isinstance(line, list) and len(line) == len(cut.line)
    limit = str(cut.nodes - 1)
    result = runner.invoke(app, ["solve", "--example", "--max-nodes", limit])
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert f"The limit stopped the line of play after {len(cut.line)} cards" in out
    assert "to see the rest" in out
    assert "Best play for seat 1 (goal: three) and against it" in out  # the steps shown
    page = solve_page(cut)
    assert f"The limit stopped the line of play after {len(cut.line)} cards" in page


def test_solve_json_under_a_limit_exits_0() -> None:
    result = runner.invoke(app, ["solve", "--example", "--max-nodes", "300", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["unknown"] and out["nodes"] <= 301


def test_analyse_command_under_a_limit() -> None:
    game = str(ROOT / "docs" / "examples" / "kd-lead.toml")
    result = runner.invoke(app, ["analyse", game, "--max-nodes", "2000"])
    assert result.exit_code == 0, result.output
    assert "? the limit stopped this question" in result.stdout
    assert "The limit stopped some questions" in result.stdout
    result = runner.invoke(app, ["analyse", game, "--max-nodes", "2000", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # The explanations come after every verdict: the limit stops them too.
    assert out["unknown"] == ["verdicts", "reasons"]
    assert any("unknown" in seat for seat in out["start"]["seats"])


def test_positions_under_a_limit(tmp_path: Path) -> None:
    source = ROOT / "docs" / "examples" / "deals.jsonl"
    out = tmp_path / "results.jsonl"
    result = runner.invoke(app, ["solve", "--positions", str(source), "--max-nodes", "300",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert lines and any("unknown" in line for line in lines)
    for line in lines:
        for seat in line["seats"]:
            for name in seat.get("unknown", []):
                assert seat[name] is None


def test_html_page_under_a_limit(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    result = runner.invoke(app, ["solve", "--example", "--max-nodes", "300", "--html",
                                 str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text()
    assert "the limit stopped this question" in text and "None" not in text
    game = str(ROOT / "docs" / "examples" / "kd-lead.toml")
    result = runner.invoke(app, ["analyse", game, "--max-nodes", "300", "--html",
                                 str(page)])
    assert result.exit_code == 0, result.output


def test_open_score_is_not_a_move_score() -> None:
    """The two kinds of card score stay apart: code reading MoveScore never
    meets a None."""
    position = example()
    solver = Solver(Limit(nodes=50))
    scores = solver.score_moves_anytime(position, 0, SPOIL)
    assert any(isinstance(s, OpenScore) for s in scores)
    assert all(isinstance(s.max_tricks, int) for s in scores if isinstance(s, MoveScore))

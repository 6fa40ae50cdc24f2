"""Expected mode: a Loo simple pool whose card to be turned is unknown."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from jink.analysis.expected import solve_expected, unseen_cards
from jink.analysis.solve import solve
from jink.cards import SUITS, suit_of
from jink.cli.app import app
from jink.errors import PositionError
from jink.position import Position
from jink.solver import Solver

HANDS = ["AS 7H 2C", "KS 8H 3D", "QS 9D 4C"]


def unknown_turn() -> Position:
    return Position.create("loo", None, HANDS)


def test_weights_are_the_unseen_cards_of_each_suit() -> None:
    outcome = solve_expected(unknown_turn())
    unseen = unseen_cards(unknown_turn())
    assert len(unseen) == 52 - 9
    assert sum(outcome.weights.values()) == 1
    for suit, weight in outcome.weights.items():
        assert weight == Fraction(sum(1 for c in unseen if suit_of(c) == suit), 43)


def test_each_suit_equals_a_direct_solve_with_any_card_of_it() -> None:
    # Only the turn's suit matters: every unseen card of a suit gives the
    # verdicts the expected mode used for that suit.
    position = unknown_turn()
    outcome = solve_expected(position)
    for card in unseen_cards(position):
        direct = Solver().verdicts(dataclasses.replace(position, turn=card))
        assert direct == outcome.by_suit[suit_of(card)], SUITS[suit_of(card)]


def test_averages_are_weighted_sums() -> None:
    outcome = solve_expected(unknown_turn())
    for seat in range(3):
        values = outcome.expected(seat)
        mean = 0.0
        for s, w in outcome.weights.items():
            tricks = outcome.by_suit[s][seat].max_tricks
            assert tricks is not None
            mean += float(w) * tricks
        assert values["max_tricks"] == pytest.approx(mean, abs=1e-4)
        chance = sum(float(w) for s, w in outcome.weights.items()
                     if outcome.by_suit[s][seat].answer("not_looed"))
        assert values["not_looed"] == pytest.approx(chance, abs=1e-4)
    # Here the turn matters: seat 2 is looed under some suits and not others.
    assert 0 < outcome.expected(1)["not_looed"] < 1


def test_solving_with_the_turn_unknown_is_refused() -> None:
    with pytest.raises(PositionError, match="card to be turned is not known"):
        solve(unknown_turn())


def test_expected_mode_only_where_it_applies() -> None:
    with pytest.raises(PositionError, match="simple pool"):
        solve_expected(Position.create("loo", "S", HANDS))
    with pytest.raises(PositionError, match="simple pool"):
        solve_expected(Position.create("spoil-five", "S", ["AS 7H 2C 5D 6D",
                                                           "KS 8H 3D 4D 7D"]))


def test_cli_expected_json_and_refusal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "loo.toml"
    path.write_text('game = "loo"\nhands = ["AS 7H 2C", "KS 8H 3D", "QS 9D 4C"]\n')
    runner = CliRunner()
    result = runner.invoke(app, ["solve", str(path), "--expected", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["mode"] == "expected" and data["turn"] is None
    assert [s["seat"] for s in data["seats"]] == [1, 2, 3]
    assert set(data["by_suit"]) == {"S", "H", "D", "C"}
    refused = runner.invoke(app, ["solve", str(path)])
    assert refused.exit_code == 1
    assert len(refused.stderr.strip().splitlines()) == 1
    assert "--expected" in refused.stderr
    human = runner.invoke(app, ["solve", str(path), "--expected"])
    assert human.exit_code == 0 and "Expected mode" in human.stdout


def test_cli_expected_refuses_options_it_would_ignore(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "loo.toml"
    path.write_text('game = "loo"\nhands = ["AS 7H 2C", "KS 8H 3D", "QS 9D 4C"]\n')
    result = CliRunner().invoke(app, ["solve", str(path), "--expected", "--seat", "2"])
    assert result.exit_code == 2 and "takes no --seat" in result.output

"""Forty-Five: partnerships, per-side questions, points, and the JSON sides."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from jink.analysis.solve import solve
from jink.cards import card_name, parse_card
from jink.cli.app import app
from jink.errors import PositionError
from jink.games.forty_five import points
from jink.position import Position
from jink.solver import AtLeast, Solver

# Clubs are trumps; seats 1 & 3 play seats 2 & 4. Three tricks are gone:
# seats 1 & 3 took two, seats 2 & 4 one (seat 4, who leads now). Seat 4 led
# the 3S and seat 1 threw the 2D; seat 4's 3S is winning for the side.
# Seats 2 & 4 need both last tricks for three. If seat 2 leaves the trick to
# his partner (throwing the 2H), seat 3 trumps it with the 9C: the side has
# two at most. Seat 2 must take the trick from his own partner with the 5C
# (the best trump), then lead the 2H for seat 4's KC to win the last trick
# over seat 3's 9C (clubs trumps: K above 9), whatever seat 3 kept.
OVERTAKE = Position.create("forty-five", "C", ["6D", "2H 5C", "4S 9C", "KC"], leader=3,
                           trick="3S 2D", won=[0, 0, 2, 1])


def test_side_forces_three_only_by_overtaking_the_partner() -> None:
    solver = Solver()
    assert solver.max_tricks(OVERTAKE, 1) == 3  # seat 2's side
    assert solver.max_tricks(OVERTAKE, 3) == 3  # the same side, asked through seat 4
    scores = {card_name(m.card): m.achieves
              for m in solver.score_moves(OVERTAKE, 1, AtLeast(3))}
    assert scores == {"5C": True, "2H": False}
    # The card that keeps three takes the trick from the partner.
    assert OVERTAKE.trick_winner() == 3
    assert OVERTAKE.play(parse_card("5C")).trick_winner() == 1


def test_reference_agrees_on_the_overtake() -> None:
    family = pytest.importorskip("tests.reference_family")
    ref = family.fam_position("forty-five", "C", ["6D", "2H 5C", "4S 9C", "KC"], leader=3,
                              trick="3S 2D", won=[0, 0, 2, 1])
    assert family.fam_max_tricks(ref, frozenset({1, 3})) == 3
    moves = family.fam_move_scores(ref, frozenset({1, 3}))
    assert {card_name(c): v for c, v in moves.items()} == {"5C": 3, "2H": 2}


def test_sides_in_json_with_points() -> None:
    data = solve(OVERTAKE).to_dict()
    assert data["sides"] == [
        {"seats": [1, 3], "max_tricks": 2, "odd_trick": False, "all_five": False, "points": 0},
        {"seats": [2, 4], "max_tricks": 3, "odd_trick": True, "all_five": False, "points": 5},
    ]
    assert data["forceable"] is True
    assert data["question"] == {"seat": 2, "goal": "odd_trick"}


@pytest.mark.parametrize(("tricks", "standard", "per_trick"),
                         [(0, 0, 0), (2, 0, 0), (3, 5, 5), (4, 5, 15), (5, 10, 25)])
def test_points(tricks: int, standard: int, per_trick: int) -> None:
    assert points(tricks, per_trick=False) == standard
    assert points(tricks, per_trick=True) == per_trick


def test_per_trick_scoring_option_changes_the_points() -> None:
    position = Position.create("forty-five", "D", ["5D JD AH AD KD", "9C 8C 7C 6C 4C"],
                               options={"per_trick_scoring": True})
    seats = solve(position, line=False).to_dict()["seats"]
    assert isinstance(seats, list) and seats[0]["points"] == 25


def test_two_four_or_six_players() -> None:
    with pytest.raises(PositionError, match="takes 2, 4 or 6 players, not 3"):
        Position.create("forty-five", "D", ["5D", "6D", "7D"], won=[4, 0, 0])


def test_cli_shows_sides_and_takes_the_games_goals() -> None:
    runner = CliRunner()
    args = ["solve", "--game", "45", "--trump", "C", "--hands", "6D / 2H 5C / 4S 9C / KC",
            "--leader", "4", "--trick", "3S 2D", "--won", "0,0,2,1"]
    human = runner.invoke(app, args)
    assert human.exit_code == 0, human.output
    assert "What each side can force" in human.stdout and "2 & 4" in human.stdout
    result = runner.invoke(app, [*args, "--goal", "all_five", "--json"])
    assert json.loads(result.stdout)["question"]["goal"] == "all_five"
    bad = runner.invoke(app, [*args, "--goal", "spoil"])
    assert bad.exit_code == 1 and "Spoil Five only" in bad.stderr

"""Six at a Rams or Bierspiel table: the dealer takes no cards.

RULINGS Rams 1: "3 to 6 players; with six the dealer takes no cards".
RULINGS Rams 5: a lone player has nobody to play against, so the deal is not
played: the pool remains and nobody pays (the same in Bierspiel). Checked
here where the whole table is dealt: declaring odds (a view, or one hand
with ``--players 6``), ``jink deal`` and ``jink batch``.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jink.cards import cardset, count, iter_cards, parse_card
from jink.cli.app import app
from jink.dealing import deal
from jink.dealing.declare_odds import declare_odds
from jink.dealing.odds import view_from_dict
from jink.decisions.declare import Deal, declare
from jink.errors import JinkError
from jink.games import find_game

runner = CliRunner()
MINE = "AH KH QH 9C 7S"


def six_view(game: str = "rams", dealer: str = "-") -> dict[str, object]:
    return {"game": game, "trump": "H", "hands": [MINE, "?", "?", "?", "?", dealer]}


@pytest.mark.parametrize("game", ["rams", "bierspiel"])
def test_declaring_odds_deal_a_table_of_six(game: str) -> None:
    """Each deal drawn as declare_odds says (the four unseen hands, the
    dealer's none, then the widow from the cards left) is valued by jink
    declare on the six hands written out, "-" for the dealer's."""
    view = view_from_dict(six_view(game))
    result = declare_odds(view, others=[4], deals=3, seed=11)
    rng = random.Random(11)
    plan = view.plan(table=True)
    tricks: dict[str, int] = {}
    points: dict[str, int] = {}
    for _ in range(3):
        position = plan.sample(rng)
        assert len(position.hands) == 5     # the dealer is no seat of a position
        used = 0
        for hand in position.hands:
            used |= hand
        left = list(iter_cards(find_game(game).deck & ~used))
        widow = cardset(rng.sample(left, 5))
        dealt = Deal(find_game(game), view.trump or 0, (*position.hands, 0), widow)
        best: dict[str, int] = {}
        for choice in declare(dealt, 0, [4]).choices:
            if choice.verdict is not None and choice.allowed:
                assert choice.name not in best   # no rob here: one way each
                best[choice.name] = choice.verdict.max_tricks or 0
                worth = dict(choice.verdict.extras).get("points")
                if isinstance(worth, int):
                    points[choice.name] = points.get(choice.name, 0) + worth
        for name, value in best.items():
            tricks[name] = tricks.get(name, 0) + value
    assert {c.choice: round(c.max_tricks_mean * 3) for c in result.choices} == tricks
    # Bierspiel's points (a fresh cross counted as -5), averaged the same way.
    assert {c.choice: round(dict(c.means)["points"] * 3) for c in result.choices
            if "points" in dict(c.means)} == points
    assert bool(points) == (game == "bierspiel")


def test_a_lone_player_at_six_is_not_played_in_the_odds() -> None:
    """RULINGS Rams 5: alone, the seat's play and widow involve no play, and
    are listed with passing, without odds."""
    result = declare_odds(view_from_dict(six_view()), deals=2, seed=3)
    assert [c.choice for c in result.choices] == ["general-rams", "general-rams-widow"]
    notes = dict(result.without_play)
    assert set(notes) == {"pass", "play", "widow"}
    assert "not played" in notes["play"] and "nobody pays" in notes["widow"]


@pytest.mark.parametrize("hands, message", [
    ([MINE, "?", "?", "?", "?", "8C 8D 8S 9D 9S"], "dealer takes no cards"),
    ([MINE, "-", "?", "?", "?", "?"], "seat 2 holds no cards"),
    ([MINE, "?", "?", "?", "?", "?", "?"], "3 to 6 hands at the table, not 7"),
])
def test_bad_tables_of_six_are_errors(hands: list[str], message: str) -> None:
    view = view_from_dict({"game": "rams", "trump": "H", "hands": hands})
    with pytest.raises(JinkError, match=message):
        declare_odds(view, deals=1, seed=1, seat=0)


def test_odds_command_deals_six_from_a_hand_or_a_view(tmp_path: Path) -> None:
    path = tmp_path / "six.toml"
    path.write_text('game = "rams"\ntrump = "H"\n'
                    f'hands = ["{MINE}", "?", "?", "?", "?", "-"]\n', encoding="utf-8")
    by_hand = runner.invoke(app, ["odds", "-g", "rams", "--hand", MINE, "--trump", "H",
                                  "--players", "6", "--declare", "--playing", "3",
                                  "--deals", "2", "--seed", "4", "--json"])
    by_view = runner.invoke(app, ["odds", str(path), "--declare", "--playing", "3",
                                  "--deals", "2", "--seed", "4", "--json"])
    assert by_hand.exit_code == by_view.exit_code == 0, by_hand.output + by_view.output
    one, two = json.loads(by_hand.stdout), json.loads(by_view.stdout)
    one.pop("seconds"), two.pop("seconds")
    assert one == two and one["choices"][0]["choice"] == "play"


def test_deal_and_batch_deal_six_at_a_rams_table(tmp_path: Path) -> None:
    """Six at the table: the five hands dealt make a position of five seats
    (everyone dealt cards plays); the dealer, seat 6, holds none, so a
    constraint on his hand is an error."""
    for position in deal({"game": "bierspiel", "players": 6, "trump": "S",
                          "seats": [{"seat": 5, "holds": "AS"}]}, seed=2, count=3):
        assert position.players == 5 and position.hands[4] >> parse_card("AS") & 1
        assert all(count(h) == 5 for h in position.hands)
    with pytest.raises(JinkError, match="seat 6: with 6 at the Rams table"):
        next(deal({"game": "rams", "players": 6, "seats": [{"seat": 6, "lacks": "AS"}]}))
    with pytest.raises(JinkError, match="rounce takes"):
        next(deal({"game": "rounce", "players": 10}))
    out = runner.invoke(app, ["deal", "-g", "rams", "--players", "6", "--seed", "1"])
    assert out.exit_code == 0, out.output
    assert len(json.loads(out.stdout)["hands"]) == 5
    db = tmp_path / "six.db"
    run = runner.invoke(app, ["batch", "-g", "rams", "--players", "6", "--deals", "2",
                              "--seed", "1", "--db", str(db), "--workers", "1",
                              "--seats", "5"])
    assert run.exit_code == 0, run.output
    with sqlite3.connect(db) as con:
        stored = [json.loads(p) for (p,) in con.execute("SELECT position FROM results")]
    assert len(stored) == 2 and all(len(p["hands"]) == 5 for p in stored)
    bad = runner.invoke(app, ["batch", "-g", "rams", "--players", "6", "--deals", "2",
                              "--db", str(tmp_path / "bad.db"), "--seats", "6"])
    assert bad.exit_code == 1 and "seats 1 to 5" in bad.output, bad.output

"""The double-dummy table: each cell is what a direct solve of the deal with
that trump and leader says, and in Spoil Five what the independent reference
solver says; the command's pictures and JSON."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner, Result

from jink.analysis.ddtable import dd_table, with_trump
from jink.analysis.solve import solve
from jink.cards import SUITS, cards_text, iter_cards
from jink.cli.app import app
from jink.games import GAMES
from jink.position import Position
from tests.reference import ref_can_force, ref_max_tricks, ref_position

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "80"})

HANDS = "5D JD AH KC 2S / 9C 8C 7C 6C 4C / KD QD 2D 3H 4H"


def invoke(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result


def random_deal(rng: random.Random, name: str, players: int) -> Position:
    game = GAMES[name]
    deck = [c for c in range(52) if game.deck >> c & 1]
    rng.shuffle(deck)
    size = game.hand_size
    hands = [sum(1 << c for c in deck[i * size:(i + 1) * size]) for i in range(players)]
    return Position.create(game, rng.randrange(4), hands)


@pytest.mark.parametrize("name, players", [
    ("spoil-five", 3), ("spoil-five", 4), ("forty-five", 4), ("rams", 3), ("rounce", 4),
    ("bierspiel", 3), ("loo", 4),
])
def test_every_cell_is_a_direct_solve(name: str, players: int) -> None:
    rng = random.Random(f"{name}-{players}")
    position = random_deal(rng, name, players)
    table = dd_table(position, leaders=[0, players - 1])
    assert len(table.cells) == 8
    for cell in table.cells:
        direct = solve(with_trump(position, cell.trump, cell.leader), moves=False,
                       line=False, why=False)
        assert [v.to_dict() for v in cell.verdicts] == [v.to_dict() for v in direct.verdicts]


def test_spoil_five_cells_agree_with_the_reference_solver() -> None:
    rng = random.Random(7)
    for _ in range(1):
        position = random_deal(rng, "spoil-five", 2)
        texts = [cards_text(iter_cards(h)) for h in position.hands]
        table = dd_table(position, leaders=[0, 1])
        for cell in table.cells:
            ref = ref_position(SUITS[cell.trump], texts, leader=cell.leader)
            for seat, verdict in enumerate(cell.verdicts):
                assert verdict.max_tricks == ref_max_tricks(ref, seat)
                assert verdict.answer("spoil") == ref_can_force(ref, seat, "spoil")


def test_the_deal_must_be_unplayed() -> None:
    position = Position.create("spoil-five", "D", HANDS.split(" / "))
    with pytest.raises(ValueError, match="before its first card"):
        dd_table(position.play(position.legal_cards()[0]))


def test_the_table_command_by_options_and_deal_string() -> None:
    result = invoke("table", "--hands", HANDS)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "     1   3 T S      2          5 T J S    2" in lines
    as_json = invoke("table", "--deal", "spoil-five:D:1:5D.JD.AH.KC.2S 9C.8C.7C.6C.4C "
                     "KD.QD.2D.3H.4H", "--json")
    obj = json.loads(as_json.stdout)
    assert obj["questions"] == ["three", "jink", "spoil"] and obj["leaders"] == [1]
    diamonds = next(c for c in obj["cells"] if c["trump"] == "D")
    assert diamonds["seats"][0] == {"seat": 1, "max_tricks": 5, "three": True, "jink": True,
                                    "spoil": True}


def test_every_leader_gives_a_table_each() -> None:
    result = invoke("table", "--example", "forty-five", "--every-leader", "--json")
    obj = json.loads(result.stdout)
    assert obj["leaders"] == [1, 2, 3, 4] and len(obj["cells"]) == 16
    # Partners share their side's tricks.
    for cell in obj["cells"]:
        seats = cell["seats"]
        assert seats[0]["max_tricks"] == seats[2]["max_tricks"]


def test_a_played_position_is_refused_in_one_line() -> None:
    result = invoke("table", "--deal", "spoil-five:D:1:JD.AH.KC.2S 9C.8C.7C.6C.4C "
                    "KD.QD.2D.3H.4H:trick=5D")
    assert result.exit_code == 1
    [line] = result.stderr.splitlines()
    assert line == "error: a table is of a deal before its first card: this position has " \
        "cards played"

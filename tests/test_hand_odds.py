"""Odds from one hand: the one-line question gives the file form's numbers, and
the odds of robbing and of declaring count what jink rob and jink declare say
of every deal, enumerated here on their own."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from jink.cards import card_name, cards_text, parse_cards
from jink.cli.app import app
from jink.dealing.declare_odds import declare_odds
from jink.dealing.odds import hand_view, view_from_dict
from jink.dealing.rob_odds import rob_odds
from jink.decisions.declare import Deal, declare
from jink.decisions.rob import rob
from jink.games import find_game
from jink.position import Position

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})


def invoke(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result


def seen_except(*groups: str) -> str:
    """Every card but those of ``groups``: the cards known to be out."""
    keep = {c for g in groups for c in parse_cards(g)}
    return " ".join(card_name(c) for c in range(52) if c not in keep)


def without_time(text: str) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(text)
    obj.pop("seconds")
    return obj


@pytest.mark.parametrize("args, view", [
    (["--hand", "5S JS AH KD 2C", "--turnup", "7S", "--players", "4"],
     'game = "spoil-five"\nturnup = "7S"\nhands = ["5S JS AH KD 2C", "?", "?", "?"]\n'),
    (["-g", "rams", "--hand", "AH KH 8C 9C TS", "--trump", "H", "--players", "3",
      "--seat", "2", "--trick", "7S"],
     'game = "rams"\ntrump = "H"\nhands = ["?", "AH KH 8C 9C TS", "?"]\ntrick = "7S"\n'),
])
def test_one_hand_gives_the_numbers_of_the_file_form(tmp_path: Path, args: list[str],
                                                     view: str) -> None:
    path = tmp_path / "view.toml"
    path.write_text(view, encoding="utf-8")
    line = invoke("odds", *args, "--deals", "12", "--seed", "5", "--json")
    file = invoke("odds", str(path), "--deals", "12", "--seed", "5", "--json")
    assert line.exit_code == 0, line.output
    assert file.exit_code == 0, file.output
    assert without_time(line.stdout) == without_time(file.stdout)


def test_the_view_of_one_hand_is_the_file_form() -> None:
    view = view_from_dict(hand_view("spoil-five", "5s js ah kd 2c", 3, seat=1,
                                    turnup="7S", trick="3S"))
    assert view.hands[1] is not None and view.hands[0] is None is view.hands[2]
    assert (view.leader, view.seat_to_play, view.turnup) == (0, 1, parse_cards("7S")[0])


# -- robbing: exhaustive odds against jink rob's choices on every deal ----------------------

ROB_MINE = "AS 2C 3C 4H 9D"
ROB_FREE = "KS 8S 6H 5D QC JC TD"   # seat 2's five cards come from these seven


def rob_view(**extra: object) -> dict[str, object]:
    return {"game": "spoil-five", "turnup": "7S", "hands": [ROB_MINE, "?"],
            "seen": seen_except(ROB_MINE, ROB_FREE, "7S"), **extra}


def test_rob_odds_count_jink_robs_choices_on_every_deal() -> None:
    result = rob_odds(view_from_dict(rob_view()), exhaustive=True)
    tricks: Counter[str] = Counter()
    three: Counter[str] = Counter()
    deals = 0
    for other in itertools.combinations(parse_cards(ROB_FREE), 5):
        deals += 1
        decision = rob(Position.create("spoil-five", None, [ROB_MINE, cards_text(other)],
                                       turnup="7S"), "three")
        for choice in decision.choices:
            names = ["keep"] if choice.discard is None else \
                [f"rob {card_name(c)}" for c in choice.discard]
            for name in names:
                tricks[name] += choice.max_tricks
                three[name] += choice.achieves
    assert result.deals == deals == 21
    assert set(tricks) == {"keep", "rob 2C", "rob 3C", "rob 4H", "rob 9D"}  # never the ace
    # 2C and 3C are alike in every deal (nothing ranks between them in a
    # black suit): one row, which both cards' counts must give.
    assert [c.choice for c in result.choices] == ["keep", "rob 4H", "rob 9D", "rob 2C/3C"]
    for row in result.choices:
        for name in ["rob " + c for c in row.choice[4:].split("/")] \
                if row.choice != "keep" else ["keep"]:
            assert row.max_tricks_mean == pytest.approx(tricks[name] / deals)
            assert row.share("three").hits == three[name]


def test_discards_alike_in_every_deal_are_alike_in_each() -> None:
    """Each discard of a shared row solved on its own, deal by deal: the same
    verdicts (a row may share only what no deal tells apart)."""
    from jink.solver import Solver, parse_goal

    for other in itertools.combinations(parse_cards(ROB_FREE), 5):
        hands = [parse_cards(ROB_MINE), list(other)]
        verdicts = set()
        for discard in ("2C", "3C"):
            mine = [c for c in hands[0] if card_name(c) != discard] + parse_cards("7S")
            position = Position.create("spoil-five", "S", [cards_text(mine), cards_text(other)])
            solver = Solver()
            verdicts.add((solver.max_tricks(position, 0), tuple(
                solver.can_force(position, 0, parse_goal(q)) for q in ("three", "jink", "spoil"))))
        assert len(verdicts) == 1, (cards_text(other), verdicts)


def test_compulsory_robbing_has_no_keep_row() -> None:
    view = view_from_dict(rob_view(options={"compulsory_rob": True}))
    assert "keep" not in [c.choice for c in rob_odds(view, deals=2, seed=1).choices]


def test_only_the_robber_asks_about_robbing() -> None:
    result = invoke("odds", "--hand", "KS 2C 3C 4H 9D", "--turnup", "7S", "--players", "3",
                    "--rob", "--deals", "2", "--seed", "1")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: seat 1 may not rob the 7♠")


def test_rob_from_the_command_line() -> None:
    result = invoke("odds", "--hand", ROB_MINE, "--turnup", "7S", "--players", "3", "--rob",
                    "--deals", "3", "--seed", "2", "--json")
    assert result.exit_code == 0, result.output
    obj = json.loads(result.stdout)
    assert obj["question"] == "rob" and obj["deals"] == 3 and obj["seed"] == 2
    assert obj["choices"][0]["choice"] == "keep"


# -- declaring: exhaustive odds against jink declare on every deal and widow -----------------

LOO_MINE = "AH KH 9C"
LOO_THIRD = "TD QC 8H"                     # seat 3's hand, known too
LOO_FREE = "2S 3S 4S 5S 6S 7S"             # seat 2's hand and the widow


def test_declare_odds_count_jink_declares_choices_on_every_deal() -> None:
    view = view_from_dict({"game": "loo", "trump": "H", "hands": [LOO_MINE, "?", LOO_THIRD],
                           "seen": seen_except(LOO_MINE, LOO_THIRD, LOO_FREE)})
    result = declare_odds(view, others=[2], exhaustive=True, seat=0)
    game = find_game("loo")
    free = parse_cards(LOO_FREE)
    tricks: Counter[str] = Counter()
    looed: Counter[str] = Counter()
    deals = 0
    for two in itertools.combinations(free, 3):
        widow = [c for c in free if c not in two]
        deals += 1
        hands = [parse_cards(LOO_MINE), list(two), parse_cards(LOO_THIRD)]
        deal = Deal(game, 1, tuple(sum(1 << c for c in h) for h in hands),
                    sum(1 << c for c in widow))
        for choice in declare(deal, 0, [2]).choices:
            if choice.verdict is not None and choice.allowed:
                tricks[choice.name] += choice.verdict.max_tricks or 0
                looed[choice.name] += bool(choice.verdict.answer("not_looed"))
    assert result.deals == deals == 20
    assert [c.choice for c in result.choices] == ["play", "widow"]
    for row in result.choices:
        assert row.max_tricks_mean == pytest.approx(tricks[row.choice] / deals)
        assert row.share("not_looed").hits == looed[row.choice]
    assert [name for name, _ in result.without_play] == ["pass"]


def test_declare_from_the_command_line() -> None:
    result = invoke("odds", "-g", "rams", "--hand", "AH KH QH 9C 7S", "--trump", "H",
                    "--players", "4", "--declare", "--playing", "3", "--deals", "3",
                    "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    obj = json.loads(result.stdout)
    assert obj["question"] == "declare"
    assert [c["choice"] for c in obj["choices"]][:2] == ["play", "widow"]
    human = invoke("odds", "-g", "rams", "--hand", "AH KH QH 9C 7S", "--trump", "H",
                   "--players", "4", "--declare", "--playing", "3", "--deals", "3",
                   "--seed", "1")
    assert "general-rams-widow" in human.stdout and "pass: takes no part" in human.stdout


@pytest.mark.parametrize("game, key", [("rams", "counters"), ("bierspiel", "points")])
def test_a_pass_that_pays_carries_what_it_pays(game: str, key: str) -> None:
    """The pone whom every other seat before the dealer leaves alone must play
    or pay (Rams: five counters to the dealer; Bierspiel, RULINGS Bierspiel
    4: a fresh cross, five points): his pass entry says so, as in jink
    declare's table; another seat's pass pays nothing."""
    args = ["odds", "-g", game, "--hand", "AH KH QH 9C 7S", "--trump", "S", "--players",
            "4", "--declare", "--deals", "2", "--seed", "1", "--json"]
    pone = invoke(*args, "--seat", "3")
    assert pone.exit_code == 0, pone.output
    entry = json.loads(pone.stdout)["without_play"][0]
    assert entry["choice"] == "pass" and entry[key] == -5
    other = invoke(*args, "--seat", "3", "--playing", "1")
    assert other.exit_code == 0, other.output
    assert set(json.loads(other.stdout)["without_play"][0]) == {"choice", "note"}


@pytest.mark.parametrize("args, status, message", [
    (["--hand", "5S JS AH KD 2C", "--turnup", "7S"], 2, "--players"),
    (["--hand", "5S JS AH KD 1C", "--turnup", "7S", "--players", "3"], 1,
     "error: --hand: not a card"),
    (["--hand", "5S JS AH KD 2C", "--players", "3"], 1, "error: --turnup"),
    (["--hand", "5S JS AH KD 2C", "--turnup", "7S", "--players", "3", "--seat", "2"], 1,
     "error: seat 1 is to play, not seat 2: give --trick"),
    (["--hand", "5S JS AH KD 2C", "--turnup", "5S", "--players", "3"], 1,
     "error: --hand: card 5♠ given twice: in --hand and as --turnup"),
    (["--hand", "5S JS AH KD 2C", "--turnup", "7S", "--players", "3", "--rob", "--declare"],
     2, "--declare"),
    (["--hand", "5S JS AH KD 2C", "--turnup", "7S", "--players", "3", "--declare"], 1,
     "error: spoil-five: no seat declares"),
    (["--hand", "5S JS AH KD 2C", "--turnup", "7S", "--players", "3", "--playing", "2"], 2,
     "--playing"),
    (["view.toml", "--hand", "5S"], 2, "not both"),
])
def test_bad_one_hand_questions(args: list[str], status: int, message: str) -> None:
    result = invoke("odds", *args, "--deals", "2", "--seed", "1")
    assert result.exit_code == status, result.output
    assert message in result.stderr
    if status == 1:
        assert len(result.stderr.splitlines()) == 1


def _stop_at(n: int) -> Callable[[int, int], None]:
    def progress(done: int, total: int) -> None:
        if done == n:
            raise KeyboardInterrupt
    return progress


def test_robbing_and_declaring_odds_stopped_part_way_keep_the_deals_counted() -> None:
    """Ctrl-C (raised here from the progress callback) ends the dealing; the
    choices are valued over the deals counted by then, as an uninterrupted
    run over those first deals values them."""
    rob_whole = rob_odds(view_from_dict(rob_view()), deals=2, seed=5)
    rob_cut = rob_odds(view_from_dict(rob_view()), deals=9, seed=5, progress=_stop_at(2))
    assert rob_cut.interrupted and not rob_whole.interrupted and rob_cut.deals == 2
    assert rob_cut.choices == rob_whole.choices
    view = view_from_dict({"game": "loo", "trump": "H", "hands": [LOO_MINE, "?", LOO_THIRD],
                           "seen": seen_except(LOO_MINE, LOO_THIRD, LOO_FREE)})
    with pytest.raises(KeyboardInterrupt):  # stopped before any deal: nothing to keep
        declare_odds(view, others=[2], deals=3, seed=5, seat=0, progress=_stop_at(0))
    cut = declare_odds(view, others=[2], deals=9, seed=5, seat=0, progress=_stop_at(3))
    assert cut.interrupted and cut.deals == 3
    assert cut.choices == declare_odds(view, others=[2], deals=3, seed=5, seat=0).choices

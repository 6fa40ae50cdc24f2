"""What a loss of tricks costs: one pricing for ``jink analyse`` and
``jink session --analyse``, checked on a played Rams record against the
independent reference (``tests/reference_family.py``), and the terms of
every game against the rulings (the costs of random records in every game
are checked in ``tests/test_instead.py``)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jink.analysis.analyse import analyse
from jink.analysis.cost import price, terms_for
from jink.cards import card_name, parse_cards
from jink.cli.app import app
from jink.errors import PositionError
from jink.games import find_game
from jink.position import Position
from tests import reference_family as fam

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "80"})

#: Turn-up K♠. Bob (seat 2) plays the 8♠ to trick 3 and drops from 4 tricks
#: for sure to 3 without any question changing hands.
HANDS = ["8H 7C KH 9H JC", "8S QS TS KD QD", "QH JH AD 7D TC"]
PLAY = ["KH QS QH", "TS JH 9H", "8S 7D 8H", "KD AD 7C", "TC JC QD"]
RECORD = ('game = "rams"\nturnup = "KS"\nhands = ' + json.dumps(HANDS) + "\nplay = "
          + json.dumps(PLAY) + "\n")
EVENING = ('game = "rams"\nplayers = ["Ann", "Bob", "Cat"]\n[[deal]]\nturnup = "KS"\n'
           'widow = "AH AS JS 9S 7S"\nhands = ' + json.dumps(HANDS) + "\nplay = "
           + json.dumps(PLAY) + "\n")


def reference_tricks(seat: int) -> dict[str, int]:
    """The reference's most tricks for ``seat`` after each legal card."""
    pos = fam.fam_position("rams", "S", [" ".join(card_name(c) for c in parse_cards(h))
                                         for h in HANDS])
    for card in [c for trick in PLAY for c in parse_cards(trick)][:6]:
        pos = fam.fam_play(pos, card)
    out = {card_name(c): fam.fam_max_tricks(fam.fam_play(pos, c), frozenset({seat}))
           for c in fam.fam_legal(pos)}
    fam.clear_caches()
    return out


def test_a_card_that_costs_a_trick_and_no_question_is_flagged_and_priced() -> None:
    start = Position.create("rams", "S", HANDS)
    review = analyse(start, [parse_cards(t) for t in PLAY])
    card = review.cards[6]
    assert card_name(card.card) == "8S" and card.seat == 1 and card.changed
    data = json.loads(json.dumps(review.to_dict()))["cards"][6]
    assert data["changed"] is True
    # A fifth of the dealer's five counters: one counter.
    assert data["cost"] == {"tricks": 1, "amount": 1, "unit": "counters"}
    tricks = reference_tricks(1)
    assert (max(tricks.values()), tricks["8S"]) == (4, 3)
    assert set(data["better"]["max_tricks"]) == {c for c, t in tricks.items() if t == 4}
    assert [b["card"] for b in data["better_cards"]] and all(
        b["max_tricks"] == tricks[b["card"]] and b["saves"]["amount"] == tricks[b["card"]] - 3
        for b in data["better_cards"])
    assert card.notes == ["seat 2's 8S cost 1 trick (4 to 3 tricks for sure: 1 counter)"]
    # Cards that changed nothing stay unflagged.
    assert not review.cards[0].changed and "cost" not in json.loads(
        json.dumps(review.to_dict()))["cards"][0]


def test_analyse_and_session_price_the_card_alike(tmp_path: Path) -> None:
    game, evening = tmp_path / "deal.toml", tmp_path / "evening.toml"
    game.write_text(RECORD, encoding="utf-8")
    evening.write_text(EVENING, encoding="utf-8")
    alone = json.loads(runner.invoke(app, ["analyse", str(game), "--json"]).stdout)
    result = runner.invoke(app, ["session", str(evening), "--analyse", "--json"])
    assert result.exit_code == 0, result.output
    deal = json.loads(result.stdout)["deals"][0]["analysis"]
    [loss] = deal["losses"]
    assert loss["player"] == "Bob" and loss["card"] == "8S"
    assert loss["cost"] == alone["cards"][6]["cost"]
    [slip] = deal["slips"]
    assert slip.startswith("Bob's 8S (seat 2) in deal 1, trick 3, threw away 1 trick (4 to 3 "
                           "tricks for sure)") and slip.endswith("worth 1 counter at that moment")
    # The session names the players in the notes, the play-instead card and
    # the refutation; analyse, with no names, says seats.
    page = tmp_path / "evening.html"
    assert runner.invoke(app, ["session", str(evening), "--analyse", "--html",
                               str(page)]).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert "Bob wins trick 3 with" in html and "Cat wins trick 4" in html
    assert "seat 2 wins" not in html.lower() and "seat 1 forcing" not in html
    assert "seat 2 wins trick 3" in " ".join(alone["cards"][6]["reasons"])
    # At a pool of ten each trick is worth two counters.
    ten = json.loads(runner.invoke(app, ["analyse", str(game), "--json", "--pool", "10"]).stdout)
    assert ten["cards"][6]["cost"]["amount"] == 2 and ten["prices"] == {"unit": "counters",
                                                                          "pool": 10}


@pytest.mark.parametrize("game, pool, message", [
    ("rams", 7, "give a multiple of 5"),
    ("forty-five", 5, "Forty-Five has no pool; its costs are in points"),
])
def test_a_pool_the_game_cannot_have_is_refused(tmp_path: Path, game: str, pool: int,
                                                message: str) -> None:
    path = tmp_path / "deal.toml"
    text = RECORD if game == "rams" else (
        'game = "forty-five"\nturnup = "2S"\nhands = ["5S JS KH QH JH", "9C 8C 7C 6C 4C"]\n'
        'play = ["5S 4C"]\n')
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path), "--pool", str(pool)])
    assert result.exit_code == 1
    [line] = result.stderr.splitlines()
    assert line.startswith(f"error: --pool {pool}: ") and message in line


def test_the_terms_of_every_game_follow_the_rulings() -> None:
    def cost(game: str, players: int, was: int, now: int, **options: bool) -> tuple[object, str]:
        c = price(terms_for(find_game(game), players, options), was, now)
        return c.amount, c.unit

    # Spoil Five: the fresh pool (a counter each) for three, a counter from each other for five.
    assert cost("spoil-five", 4, 3, 2) == (4, "counters")
    assert cost("spoil-five", 4, 5, 4) == (3, "counters")
    assert cost("spoil-five", 4, 2, 1) == (0, "counters")
    # Rams: a fifth of five counters a trick; ramsed, five more.
    assert cost("rams", 3, 1, 0) == (6, "counters")
    # Loo: a third of three; looed, three more.
    assert cost("loo", 4, 1, 0) == (4, "counters")
    # Forty-Five: 5 for three or four, 10 for five; per trick, 5 a trick net.
    assert cost("forty-five", 4, 4, 3) == (0, "points")
    assert cost("forty-five", 4, 4, 3, per_trick_scoring=True) == (10, "points")
    # Bierspiel: a point of a cross a trick; with none, a fresh cross.
    assert cost("bierspiel", 3, 2, 1) == (Fraction(1, 5), "crosses")
    assert cost("bierspiel", 3, 1, 0) == (Fraction(6, 5), "crosses")
    with pytest.raises(PositionError):
        terms_for(find_game("bierspiel"), 3, {}, pool=5)

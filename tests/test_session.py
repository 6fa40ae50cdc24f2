"""jink session: each game's books on sessions worked out by hand from Foster.

The arithmetic of every expected ledger is in the comments beside it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jink.cli.app import app
from jink.session.evening import Evening, play_evening
from jink.session.file import parse_session

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "120"})

SPOILED = '''
[[deal]]
turnup = "9D"
hands = ["KD 2C 3C KH 2S", "QD 3D KC 3H 3S", "JD 4D QC 4H 4S"]
play = ["3C KC QC", "3H JD KH", "4D KD 3D", "2C 3S 4H", "2S QD 4S"]
'''
#: Seat 1 takes three tricks by trick 3 (claims there, or goes on and ends 3-2).
CLAIMED = '''
[[deal]]
turnup = "9D"
hands = ["5D JD 2C 3C 4C", "KS QS 8D 3D 4D", "KC QC 5H 6H 7H"]
play = ["5D 4D KC", "JD 8D QC", "4C KS 6H"]
'''
WENT_ON = CLAIMED.replace('"4C KS 6H"]', '"4C KS 6H", "3C 3D 7H", "QS 5H 2C"]')
JINK = '''
[[deal]]
turnup = "9D"
hands = ["5D JD AH AD KD", "KS QS 8S 3S 4S", "KC QC 5H 6H 7H"]
play = ["AD 4S 7H", "JD 8S QC", "5D QS 5H", "AH KS KC", "KD 3S 6H"]
'''
SPOIL_FIVE = 'game = "spoil-five"\nplayers = ["Ann", "Bob", "Cat"]\n'


def evening(text: str) -> Evening:
    return play_evening(parse_session(text))


def test_spoil_five_pool_carried_claimed_jinked_and_spoiled_by_a_failed_jink() -> None:
    # Cat deals first (the last player named), then Ann, Bob, Cat: seat 1 is
    # the dealer's left, so deal 2's seat 1 is Bob, deal 3's Cat, deal 4's Ann.
    result = evening(SPOIL_FIVE + SPOILED + CLAIMED + JINK + WENT_ON)
    assert result.error is None
    books = [(d.books["pool"], d.books["holdings"]) for d in result.deals]
    # Deal 1: a fresh pool, one each: 20 - 1 = 19 each, pool 3; tricks 2-2-1,
    # spoiled: the 3 stay.
    assert books[0] == (3, {"Ann": 19, "Bob": 19, "Cat": 19})
    # Deal 2: Ann deals and adds one (18, pool 4); Bob takes three tricks and
    # claims: 19 + 4 = 23, pool 0.
    assert books[1] == (0, {"Ann": 18, "Bob": 23, "Cat": 19})
    # Deal 3: all put up afresh (17, 22, 18; pool 3); Cat jinks: 18 + 3 = 21,
    # and one from each other player: Ann 16, Bob 21, Cat 23.
    assert books[2] == (0, {"Ann": 16, "Bob": 21, "Cat": 23})
    # Deal 4: afresh again (15, 20, 22; pool 3); Ann takes three and goes on,
    # ends 3-2: spoiled, the 3 carried over.
    assert books[3] == (3, {"Ann": 15, "Bob": 20, "Cat": 22})
    assert "went on for the jink and failed" in result.deals[3].events[-1]


def test_spoil_five_dealer_puts_up_for_all() -> None:
    result = evening(SPOIL_FIVE + "[ledger]\ndealer_puts_up_for_all = true\n" + SPOILED
                     + CLAIMED)
    # Deal 1: Cat puts up 3 for all: Cat 17, pool 3, spoiled. Deal 2: Ann puts
    # up 3: Ann 17, pool 6; Bob claims it: 26.
    assert result.holdings == {"Ann": 17, "Bob": 26, "Cat": 17}
    assert result.books.pool == 0


def test_an_illegal_card_in_deal_3_keeps_the_ledger_of_deals_1_and_2() -> None:
    bad = JINK.replace('"AH KS KC"', '"AH KC KS"')  # Bob (seat 2) holds no KC
    result = evening(SPOIL_FIVE + SPOILED + CLAIMED + bad)
    assert [d.number for d in result.deals] == [1, 2]
    assert result.error is not None and result.error.startswith("deal 3: trick 4:")
    assert result.holdings == {"Ann": 18, "Bob": 23, "Cat": 19}


def test_the_cli_reports_the_deal_and_trick_and_prints_the_ledger_before(tmp_path: Path) -> None:
    bad = JINK.replace('"AH KS KC"', '"AH KC KS"')
    path = tmp_path / "evening.toml"
    path.write_text(SPOIL_FIVE + SPOILED + CLAIMED + bad, encoding="utf-8")
    result = runner.invoke(app, ["session", str(path), "--json"])
    assert result.exit_code == 1
    [line] = result.stderr.splitlines()
    assert line.startswith("error: deal 3: trick 4: seat 2 cannot play KC")
    out = json.loads(result.stdout)
    assert [d["deal"] for d in out["deals"]] == [1, 2]
    assert out["standings"]["holdings"] == {"Ann": 18, "Bob": 23, "Cat": 19}


def test_forty_five_scores_five_and_ten() -> None:
    three = '''
[[deal]]
turnup = "9D"
hands = ["5D 2C 3C KH 2S", "JD 3D KC 3H 3S"]
play = ["2S 3D", "JD 3C", "KC 5D", "2C 3H", "KH 3S"]
'''
    five = '''
[[deal]]
turnup = "9D"
hands = ["9C 8C 7C 6C 4C", "5D JD AH KC 2S"]
play = ["8C KC", "2S 7C", "JD 6C", "5D 9C", "AH 4C"]
'''
    # Bob deals first, so Ann is seat 1 in deal 1; Ann deals deal 2, where she
    # is seat 2 and holds the 5D JD AH.
    result = evening('game = "forty-five"\nplayers = ["Ann", "Bob"]\n' + three + five)
    assert result.error is None
    # Deal 1: Ann 3 tricks, 5 points. Deal 2: Ann all five, 10: 5 + 10 = 15.
    assert result.standings()["scores"] == {"Ann": 15, "Bob": 0}
    per_trick = evening('game = "forty-five"\nplayers = ["Ann", "Bob"]\n'
                        '[options]\nper_trick_scoring = true\n' + three + five)
    # Per trick: 5 x (3 - 2) = 5, then 5 x (5 - 0) = 25: Ann 30.
    assert per_trick.standings()["scores"] == {"Ann": 30, "Bob": 0}


LOO = 'game = "loo"\nplayers = ["Ann", "Bob", "Cat"]\n'
LOO_SIMPLE = '''
[[deal]]
hands = ["AS KS QS", "2S 3S 4S", "5S 6S 7S"]
play = ["AS 2S 5S", "KS 3S 6S", "QS 4S 7S"]
'''
LOO_DOUBLE = '''
[[deal]]
turnup = "9D"
widow = "2H 3H 4H"
hands = ["AC KC QC", "2C 3C 4C", "5C 6C 7C"]
play = ["AC 2C 5C", "KC 3C 6C", "QC 4C 7C"]
'''


def test_limited_loo() -> None:
    result = evening(LOO + LOO_SIMPLE + LOO_DOUBLE)
    assert result.error is None
    # Deal 1 (Cat deals, 17; a simple of 3): Ann takes all three thirds, 23;
    # Bob and Cat are looed, 3 each to the next pool: Bob 17, Cat 14, pool 6.
    assert result.deals[0].books == {"pool": 6, "holdings": {"Ann": 23, "Bob": 17, "Cat": 14}}
    # Deal 2 (Ann deals, 20; pool 9, a double): Bob (seat 1) takes all 9, 26;
    # Cat and Ann looed: 11 and 17, pool 6.
    assert result.deals[1].books == {"pool": 6, "holdings": {"Ann": 17, "Bob": 26, "Cat": 11}}


def test_unlimited_loo_grows() -> None:
    result = evening(LOO + "[ledger]\nunlimited = true\n" + LOO_SIMPLE + LOO_DOUBLE)
    assert result.error is None
    # Deal 1: pool 3; the two looed pay the pool's size, 3 each: pool 6 (as limited).
    assert result.deals[0].books["pool"] == 6
    # Deal 2: pool 6 + 3 = 9; Bob takes 9 (26); Cat and Ann, looed, pay 9 each:
    # Cat 14 - 9 = 5, Ann 23 - 3 - 9 = 11, pool 18 (limited: 6).
    assert result.deals[1].books == {"pool": 18, "holdings": {"Ann": 11, "Bob": 26, "Cat": 5}}


def test_a_simple_loo_pool_has_no_widow() -> None:
    result = evening(LOO + LOO_DOUBLE)
    assert result.error is not None and result.error.startswith("deal 1: widow")


@pytest.mark.parametrize("text", [
    SPOIL_FIVE + SPOILED + CLAIMED + JINK + WENT_ON,
    LOO + LOO_SIMPLE + LOO_DOUBLE,
    LOO + "[ledger]\nunlimited = true\n" + LOO_SIMPLE + LOO_DOUBLE,
])
def test_counters_are_conserved(text: str) -> None:
    session = parse_session(text)
    result = play_evening(session)
    total = session.counters * len(session.players)
    for deal in result.deals:
        books = deal.books
        assert isinstance(books["holdings"], dict) and isinstance(books["pool"], int)
        assert sum(books["holdings"].values()) + books["pool"] == total


def test_analyse_says_what_a_claim_left_on_the_table(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    path.write_text(SPOIL_FIVE + CLAIMED.replace("9D", "9H").replace("5D JD", "5H JH")
                    .replace("5H 6H 7H", "5D 6D 7D").replace("5D 4D KC", "5H 4D KC")
                    .replace("JD 8D QC", "JH 8D QC").replace("4C KS 6H", "4C KS 6D"),
                    encoding="utf-8")
    result = runner.invoke(app, ["session", str(path), "--analyse", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert "analysis" in out["deals"][0]
    assert out["deals"][0]["analysis"]["summary"]

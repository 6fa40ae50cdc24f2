"""jink session: each game's books on sessions worked out by hand from Foster.

The arithmetic of every expected ledger is in the comments beside it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jink.cli.app import app
from jink.errors import ParseError
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
    third = evening(LOO + "[ledger]\nunlimited = true\n" + LOO_SIMPLE + LOO_DOUBLE * 2)
    # Deal 3: Bob deals (23), pool 21; Cat (seat 1) takes it (26); Ann and Bob
    # are looed and pay 21 each: Ann -10 (she buys more from the banker), Bob
    # 2, pool 42. The pools run 3, 9, 21, and 42 waits for the next deal;
    # limited, they would run 3, 9, 9 and leave 6.
    assert third.deals[2].books == {"pool": 42, "holdings": {"Ann": -10, "Bob": 2, "Cat": 26}}
    limited = evening(LOO + LOO_SIMPLE + LOO_DOUBLE * 2)
    assert limited.deals[2].books["pool"] == 6


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


def test_analyse_prices_a_claim_when_the_jink_could_be_forced(tmp_path: Path) -> None:
    # Ann takes the first three tricks of JINK and claims: she could force all five.
    claimed = JINK.replace(', "AH KS KC", "KD 3S 6H"]', "]")
    path = tmp_path / "evening.toml"
    path.write_text(SPOIL_FIVE + claimed, encoding="utf-8")
    result = runner.invoke(app, ["session", str(path), "--analyse", "--json"])
    assert result.exit_code == 0, result.output
    deal = json.loads(result.stdout)["deals"][0]
    # The pool of 3 she took; the jink would have added 1 from Bob and 1 from
    # Cat: 2 counters.
    assert deal["holdings"] == {"Ann": 22, "Bob": 19, "Cat": 19}
    assert deal["analysis"]["costs"] == [
        "Ann claimed in deal 1 after trick 3 when 5 tricks could be forced: 2 counters "
        "left on the table"]


RAMS = 'game = "rams"\nplayers = ["Ann", "Bob", "Cat"]\n'
RAMS_SIMPLE = '''
[[deal]]
turnup = "8H"
widow = "QC JC TC 7C 8S"
hands = ["AH KH AC KC 7S", "QH JH AS KS 7D", "TH 9H 8C 9C 8D"]
play = ["AH JH 9H", "KH QH TH", "KC 7D 9C", "AC KS 8C", "7S AS 8D"]
'''
#: Ann deals; Cat passes; Bob plays against Ann, who robs the 7H for her JC.
RAMS_DOUBLE = '''
[[deal]]
turnup = "7H"
widow = "7C 8C 9C TC 8H"
hands = ["AS KS QS JS TS", "AD KD QD JD TD", "AC KC QC JC 9H"]
passes = ["Cat"]
rob = "JC"
play = ["KS 9H", "KC AS", "AC JS", "QC TS", "7H QS"]
'''
#: Bob deals; Cat passes and so does Ann, the pone: she pays Bob.
RAMS_PONE = '''
[[deal]]
turnup = "7H"
widow = "7C 8C 9C TC 8H"
hands = ["AS KS QS JS TS", "AD KD QD JD TD", "AC KC QC JC 9H"]
passes = ["Cat", "Ann"]
'''
#: Cat deals; Ann announces a general rams and takes all five.
RAMS_GENERAL = '''
[[deal]]
turnup = "9H"
widow = "AC KC QC JC TC"
hands = ["AH KH QH JH TH", "AS KS QS JS TS", "AD KD QD JD TD"]
general_rams = "Ann"
play = ["KH TS AD", "JH AS TD", "QH QS JD", "TH KS KD", "AH JS QD"]
'''


def test_rams_simple_double_lone_pone_and_general_rams() -> None:
    result = evening(RAMS + RAMS_SIMPLE + RAMS_DOUBLE + RAMS_PONE + RAMS_GENERAL)
    assert result.error is None, result.error
    books = [(d.books["pool"], d.books["holdings"]) for d in result.deals]
    # Deal 1, a simple: Cat deals and puts up 5 (15). A fifth each trick: Ann
    # 4 tricks, 4 (24); Bob 1 (21); Cat ramsed pays 5 to the next pool (10).
    assert books[0] == (5, {"Ann": 24, "Bob": 21, "Cat": 10})
    # Deal 2: Ann puts up 5 (19; pool 10, a double); Ann takes all five
    # tricks, 10 (29); Bob ramsed, 5 to the next pool (16).
    assert books[1] == (5, {"Ann": 29, "Bob": 16, "Cat": 10})
    # Deal 3: Bob puts up 5 (11; pool 10); everyone else passes and Ann, the
    # pone, declines: she pays Bob 5 (Ann 24, Bob 16); the pool stays.
    assert books[2] == (10, {"Ann": 24, "Bob": 16, "Cat": 10})
    # Deal 4: Cat puts up 5 (5; pool 15); Ann's general rams takes the 15 and
    # 5 from each other player: 24 + 15 + 10 = 49; Bob 11, Cat 0.
    assert books[3] == (0, {"Ann": 49, "Bob": 11, "Cat": 0})


def test_a_general_rams_lost_doubles_the_pool() -> None:
    lost = '''
[[deal]]
turnup = "9H"
widow = "AC KC QC JC TC"
hands = ["AH KH QH JH 7S", "AS KS QS JS TS", "AD KD QD JD 8S"]
general_rams = "Ann"
play = ["JH TS AD", "7S QS 8S"]
'''
    result = evening(RAMS + lost)
    assert result.error is None, result.error
    # Cat puts up 5 (15; pool 5). Ann loses trick 2: the deal ends; she pays
    # the pool's 5 into it (pool 10) and 5 to Bob and to Cat: Ann 20 - 5 - 10
    # = 5, Bob 25, Cat 15 + 5 = 20.
    assert result.deals[0].books == {"pool": 10, "holdings": {"Ann": 5, "Bob": 25, "Cat": 20}}


def test_rams_compulsory_play_in_a_simple() -> None:
    # As the first deal (Cat deals, a simple pool) Bob passes; Ann plays against
    # Cat, who robs.
    passing = RAMS_DOUBLE.replace('"Cat"', '"Bob"')
    result = evening(RAMS + passing)
    assert result.error is not None and "simple" in result.error
    allowed = evening(RAMS + "[ledger]\ncompulsory_simple = false\n" + passing)
    assert allowed.error is None, allowed.error
    # And the dealer may not pass against a lone player.
    alone = evening(RAMS + "[ledger]\ncompulsory_simple = false\n"
                    + passing.replace('["Bob"]', '["Bob", "Cat"]'))
    assert alone.error is not None and "must play against a lone player" in alone.error


def test_rounce_has_no_simples_and_a_lone_pone_pays() -> None:
    rounce = 'game = "rounce"\nplayers = ["Ann", "Bob", "Cat"]\n'
    lone = '''
[[deal]]
turnup = "7H"
widow = "7C 8C 9C TC 8H 2S"
hands = ["AS KS QS JS TS", "AD KD QD JD TD", "AC KC QC JC 9H"]
passes = ["Ann", "Bob"]
'''
    result = evening(rounce + lone)
    assert result.error is None, result.error
    # Cat deals (15; pool 5, passing allowed: no simples); Bob, the pone,
    # declines and pays Cat 5: Bob 15, Cat 20; the pool stays.
    assert result.deals[0].books == {"pool": 5, "holdings": {"Ann": 20, "Bob": 15, "Cat": 20}}


def test_bierspiel_crosses_and_the_beer() -> None:
    bier = 'game = "bierspiel"\nplayers = ["Ann", "Bob", "Cat"]\ncrosses = 1\n'
    one = '''
[[deal]]
turnup = "7H"
widow = "QC JC TC 7C 8H"
hands = ["AH KH AC KC 8S", "QH JH AS KS 9D", "TH 9H 8C 9C 8D"]
play = ["AH QH 9H", "KH JH TH", "AC 9D 8C", "8S AS 9C", "KS 8D KC"]
'''
    two = '''
[[deal]]
turnup = "7H"
widow = "QC JC TC 7C 8H"
hands = ["AH KH AC KC 8S", "TH 9H 8C 9C 8D", "QH JH AS KS 9D"]
play = ["AH TH JH", "KH 9H QH", "AC 8C AS", "8S 9C KS", "9D KC 8D"]
'''
    result = evening(bier + one)
    assert result.error is None, result.error
    # One cross of five points each. Deal 1 (Cat deals): Ann wipes 3 (2 left),
    # Bob 2 (3 left), Cat none: she played and took no trick, so gets a fresh
    # cross (RULINGS Bierspiel 4: where Rams forfeits five counters, one
    # fresh cross, five points): 10.
    assert result.deals[0].books == {"points": {"Ann": 2, "Bob": 3, "Cat": 10}, "beer": []}
    result = evening(bier + one + two)
    # Deal 2 (Ann deals, Bob is seat 1): Bob wipes his 3 (0), Ann her 2 in the
    # last two tricks (0): Cat, the last with points, pays for the beer, and
    # a new round starts with a fresh cross each; Cat, again without a trick,
    # then takes her fresh cross for this deal: 10.
    assert result.deals[1].books == {"points": {"Ann": 5, "Bob": 5, "Cat": 10},
                                     "beer": ["Cat"]}


BIER = 'game = "bierspiel"\nplayers = ["Ann", "Bob", "Cat"]\n'


def test_bierspiel_penalties_are_fresh_crosses() -> None:
    """RULINGS Bierspiel 4: "where Rams forfeits five counters (a player who
    plays and takes no trick, a failed general rams, the pone who declines),
    Bierspiel adds one fresh cross, five points, to that player's score"."""
    # Cat deals; Ann passes, and Bob, the pone, declines against Cat.
    pone = evening(BIER + RAMS_PONE.replace('["Cat", "Ann"]', '["Ann", "Bob"]'))
    assert pone.error is None, pone.error
    assert pone.deals[0].books["points"] == {"Ann": 15, "Bob": 20, "Cat": 15}
    assert pone.deals[0].events[-1].startswith("Bob, the pone, declines against the "
                                               "dealer: a fresh cross, 5 points added")
    # Ann's general rams, lost at trick 1 (a trump led, as Bierspiel's first
    # lead must be): a fresh cross, 15 + 5 = 20; Bob wipes 1 for the trick;
    # Cat, who took none, is not penalised (only the announcer, as in Rams).
    lost = '''
[[deal]]
turnup = "9H"
widow = "AC KC QC JC TC"
hands = ["KH QH JH TH 8S", "AH AS KS QS JS", "AD KD QD JD 8D"]
general_rams = "Ann"
play = ["KH AH 8D"]
'''
    general = evening(BIER + lost)
    assert general.error is None, general.error
    assert general.deals[0].books["points"] == {"Ann": 20, "Bob": 14, "Cat": 15}
    # Won, no penalty: Ann wipes five.
    won = evening(BIER + RAMS_GENERAL)
    assert won.error is None, won.error
    assert won.deals[0].books["points"] == {"Ann": 10, "Bob": 15, "Cat": 15}


@pytest.mark.parametrize("text", [
    RAMS + RAMS_SIMPLE + RAMS_DOUBLE + RAMS_PONE + RAMS_GENERAL,
])
def test_rams_counters_are_conserved(text: str) -> None:
    test_counters_are_conserved(text)


LOO_THROWN = '''
[[deal]]
turnup = "9D"
widow = "AC 3H 4H"
hands = ["2C 3C 4C", "5S 6S 7S", "8S 9S TS"]
'''


def test_loo_double_pool_before_play() -> None:
    # After deal 1 (test_limited_loo): Ann 23, Bob 17, Cat 14, pool 6. Deal 2:
    # Ann deals, 20, pool 9 (a double); Bob is seat 1, Cat seat 2.
    everyone = evening(LOO + LOO_SIMPLE + LOO_THROWN + 'passes = ["Bob", "Cat"]\n')
    assert everyone.error is None, everyone.error
    # Everybody before the dealer throws up: Ann takes the 9: 29.
    assert everyone.deals[1].books == {"pool": 0, "holdings": {"Ann": 29, "Bob": 17,
                                                                "Cat": 14}}
    miss = evening(LOO + LOO_SIMPLE + LOO_THROWN
                   + 'passes = ["Cat", "Ann"]\nwidow_taken = "Bob"\n')
    assert miss.error is None, miss.error
    # Bob holds the miss and Ann throws up: Bob takes the 9: 26.
    assert miss.deals[1].books == {"pool": 0, "holdings": {"Ann": 20, "Bob": 26, "Cat": 14}}
    played = evening(LOO + LOO_SIMPLE + LOO_THROWN
                     + 'passes = ["Cat", "Ann"]\nplay = ["4C AC", "3H 2C", "4H 3C"]\n')
    assert played.error is None, played.error
    # Bob stands on his own hand and Ann throws up: she must play the miss
    # for the pool. The miss takes all three tricks, so the 9 stay; Bob is
    # looed and pays 3 (14): pool 12; Ann neither wins nor pays.
    assert played.deals[1].books == {"pool": 12, "holdings": {"Ann": 20, "Bob": 14,
                                                               "Cat": 14}}
    assert any("the miss takes 3 tricks" in e for e in played.deals[1].events)


def test_analyse_blames_the_card_that_lost_the_pool(tmp_path: Path) -> None:
    slip = '''
[[deal]]
turnup = "9D"
hands = ["5D JD 2C 3C 4C", "KS QS 8D 3D 4D", "KC QC 5H 6H 7H"]
play = ["4C 3D QC", "4D 6H JD", "3C KS KC", "7H 5D QS", "2C 8D 5H"]
'''
    path = tmp_path / "evening.toml"
    path.write_text(SPOIL_FIVE + slip, encoding="utf-8")
    html = tmp_path / "evening.html"
    result = runner.invoke(app, ["session", str(path), "--analyse", "--json",
                                 "--html", str(html)])
    assert result.exit_code == 0, result.output
    deal = json.loads(result.stdout)["deals"][0]
    # Bob (seat 2) could force three tricks; the pool was 3 (one each).
    assert "At the start Bob could force three tricks (the pool)." in \
        deal["analysis"]["summary"]
    # Every sentence of a session's analysis names the players, none a seat.
    assert not any("seat" in line.lower() for line in deal["analysis"]["summary"])
    assert deal["analysis"]["costs"] == [
        "Bob's 4D (seat 2) in deal 1, trick 2, cost them the pool against the double-dummy "
        "result: 3 counters"]
    page = html.read_text(encoding="utf-8")
    assert "Deal 1" in page and "cost them the pool" in page and "Standings" in page
    human = runner.invoke(app, ["session", str(path), "--analyse"])
    assert human.exit_code == 0 and "cost them the pool" in " ".join(human.stdout.split())


def test_bad_session_files_are_one_error_line(tmp_path: Path) -> None:
    for text, message in [
        ('game = "spoil-five"\n', "players"),
        ('game = "whist"\nplayers = ["A", "B"]\n', "unknown game"),
        (SPOIL_FIVE + "[ledger]\nunlimited = true\n", "unknown option"),
        ('game = "forty-five"\nplayers = ["A", "B"]\ncounters = 20\n', "keeps no counters"),
        ('game = "rams"\nplayers = ["A", "B", "C"]\ncrosses = 2\n', "keeps no crosses"),
        (SPOIL_FIVE + SPOILED.replace("[[deal]]", '[[deal]]\ndealer = "Dan"'), "Dan"),
        (SPOIL_FIVE + CLAIMED.replace('"4C KS 6H"]', "]").replace(', ]', ']'),
         "deal 1: the record stops after trick 2"),
    ]:
        path = tmp_path / "bad.toml"
        path.write_text(text, encoding="utf-8")
        result = runner.invoke(app, ["session", str(path)])
        assert result.exit_code == 1, (text, result.output)
        [line] = result.stderr.splitlines()
        assert line.startswith("error: ") and message in line, line


def test_the_review_of_a_failed_jink_says_the_deal_is_spoiled() -> None:
    from jink.session.review import review_deal

    result = evening(SPOIL_FIVE + WENT_ON)
    review_deal(result.deals[0])
    summary = result.deals[0].analysis.summary()
    # Ann took three tricks by trick 3 and went on: the ledger and the review agree.
    assert summary[-1].endswith("Ann took three tricks, went on for the jink and failed: "
                                "the deal is spoiled.")
    assert "carried over" in result.deals[0].events[-1]


def test_the_example_evening_in_the_docs() -> None:
    path = Path(__file__).parent.parent / "docs" / "examples" / "evening.toml"
    result = runner.invoke(app, ["session", str(path), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # docs/session.md works this evening through by hand.
    assert out["standings"] == {"pool": 3, "holdings": {"Ann": 15, "Bob": 20, "Cat": 22}}


def test_robbing_in_spoil_five() -> None:
    # Deal 3 of JINK: Cat holds the AD, the 9D is turned. Robbing the 9D for
    # her KD, she still takes every trick (the 9D in place of the KD).
    robbed = JINK.replace("play", 'rob = "KD"\nplay').replace('"KD 3S 6H"', '"9D 3S 6H"')
    result = evening(SPOIL_FIVE + robbed)
    assert result.error is None, result.error
    assert result.deals[0].events[1] == "Ann robs the 9D, discarding KD"
    keeps = evening(SPOIL_FIVE + JINK.replace("play", 'rob = "AD"\nplay'))
    assert keeps.error is not None and "keeps it" in keeps.error
    must = evening(SPOIL_FIVE + "[options]\ncompulsory_rob = true\n" + JINK)
    assert must.error is not None and "Ann must rob" in must.error
    twice = evening(SPOIL_FIVE + JINK.replace('turnup = "9D"', 'turnup = "KD"'))
    assert twice.error is not None and "turn-up KD is also in a hand" in twice.error


def test_forty_five_partners_keep_one_score() -> None:
    four = '''
[[deal]]
turnup = "9D"
hands = ["5D 2C 3C KH 2S", "JD 3D KC 3H 3S", "4C 5C 6C 7C 8C", "4S 5S 6S 7S 8S"]
play = ["2C 3D 4C 6S", "KC 8C 7S 3C", "3H 7C 4S KH", "5D JD 5C 8S", "2S 3S 6C 5S"]
'''
    result = evening('game = "forty-five"\nplayers = ["Ann", "Bob", "Cat", "Dan"]\n' + four)
    assert result.error is None, result.error
    # Dan deals: Ann and Cat (seats 1, 3) against Bob and Dan (2, 4). Bob takes
    # tricks 1 and 2, Ann 3, 4 and 5: three for Ann & Cat, 5 points.
    assert result.standings()["scores"] == {"Ann & Cat": 5, "Bob & Dan": 0}


def test_rounce_widow_taken_with_a_discard_and_two_ramsed() -> None:
    rounce = 'game = "rounce"\nplayers = ["Ann", "Bob", "Cat"]\n'
    widow = '''
[[deal]]
turnup = "9H"
widow = "AH KH QH AC KC 2C"
hands = ["7C 8C 9C TC JC", "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D"]
widow_taken = "Ann"
discard = "2C"
play = ["AH 6S 6D", "QH 4S 3D", "AC 2S 5D", "KH 5S 2D", "KC 3S 4D"]
'''
    result = evening(rounce + widow)
    assert result.error is None, result.error
    # Cat deals (15; pool 5). Ann, with the widow less its 2C, takes all five
    # fifths (25); Bob and Cat are ramsed, 5 each to the next pool: 15, 10;
    # pool 10.
    assert result.deals[0].books == {"pool": 10, "holdings": {"Ann": 25, "Bob": 15, "Cat": 10}}
    assert "Ann takes the widow, discarding 2C" in result.deals[0].events
    no_discard = evening(rounce + widow.replace('discard = "2C"\n', ""))
    assert no_discard.error is not None and "discards one of its cards" in no_discard.error


def _forty_five_deal(seat_one: str, winners: str) -> str:
    """A two-handed Forty-Five deal whose tricks go to ``winners`` in order
    ("A" Ann, "B" Bob), with ``seat_one`` (the eldest) leading first.

    Diamonds are trumps and nobody holds a diamond honour. Ann holds clubs,
    Bob spades, each some low diamonds: the leader always leads his own suit,
    and the other, void in it, either trumps (and wins) or throws a card of
    his own suit (and loses).
    """
    suits = {"A": (["KC", "QC", "JC", "2C", "3C"], ["2D", "3D", "4D"]),
             "B": (["KS", "QS", "JS", "2S", "3S"], ["6D", "7D", "8D"])}
    plain = {p: list(cards) for p, (cards, _) in suits.items()}
    trumps = {p: list(cards) for p, (_, cards) in suits.items()}
    hands: dict[str, list[str]] = {"A": [], "B": []}
    play = []
    leader = seat_one
    for winner in winners:
        other = "B" if leader == "A" else "A"
        led = plain[leader].pop(0)
        follow = trumps[other].pop(0) if winner == other else plain[other].pop(0)
        hands[leader].append(led)
        hands[other].append(follow)
        play.append(f"{led} {follow}")  # in the order played, the leader first
        leader = winner
    # Cards not yet played fill the hands (a record that stops early).
    for p in "AB":
        while len(hands[p]) < 5:
            hands[p].append((plain[p] or trumps[p]).pop(0))
    order = [seat_one, "B" if seat_one == "A" else "A"]
    return ("\n[[deal]]\nturnup = \"9D\"\n"
            f"hands = [\"{' '.join(hands[order[0]])}\", \"{' '.join(hands[order[1]])}\"]\n"
            f"play = [{', '.join(repr(t).replace(chr(39), chr(34)) for t in play)}]\n")


def _to_35_all() -> str:
    """Six deals that bring Ann and Bob to 35 all with per-trick scoring,
    nobody counting out on the way (Bob deals first, so the eldest goes Ann,
    Bob, Ann, ...): each side scores 5 (three tricks to two) at gross 15, then
    15 (four to one) at gross 5 + 20 = 25 and 20 + 20 = 40, never 45."""
    return (_forty_five_deal("A", "AAABB") + _forty_five_deal("B", "BBBAA")
            + _forty_five_deal("A", "AAAAB") + _forty_five_deal("B", "BBBBA")
            + _forty_five_deal("A", "AAAAB") + _forty_five_deal("B", "BBBBA"))


FORTY_FIVE_PER_TRICK = ('game = "forty-five"\nplayers = ["Ann", "Bob"]\n'
                        '[options]\nper_trick_scoring = true\n')


def test_forty_five_counting_out_at_35_all() -> None:
    """Foster (Forty-Five): "When this manner of counting is adopted, the
    players count out; that is, if each side is 35 up, the first to win two
    tricks counts out." At 35 all Ann wins the first two tricks: she has won
    the game there, though Bob takes the last three (which, scored at the
    deal's end, would have given Bob 5 and nobody the game)."""
    result = evening(FORTY_FIVE_PER_TRICK + _to_35_all() + _forty_five_deal("A", "AABBB"))
    assert result.error is None, result.error
    assert result.deals[5].books["scores"] == {"Ann": 35, "Bob": 35}
    last = result.deals[6]
    assert last.books == {"scores": {"Ann": 0, "Bob": 0}, "games": {"Ann": 1, "Bob": 0}}
    assert any("count out at trick 2" in e for e in last.events), last.events
    assert any("count for nothing" in e for e in last.events), last.events
    # The record may stop where the game was won.
    short = evening(FORTY_FIVE_PER_TRICK + _to_35_all() + _forty_five_deal("A", "AA"))
    assert short.error is None, short.error
    assert short.deals[6].books["games"] == {"Ann": 1, "Bob": 0}
    # Short of that, the deal is played out.
    stopped = evening(FORTY_FIVE_PER_TRICK + _to_35_all() + _forty_five_deal("A", "AB"))
    assert stopped.error is not None and "play the deal out" in stopped.error


def test_forty_five_counting_out_goes_to_the_first_side_to_reach_45() -> None:
    """Foster's count-out: at 35 all "the first to win two tricks counts out".
    Bob takes the first two tricks of the seventh deal and wins the game,
    though Ann takes the last three. Under the odd trick's scoring (no
    per-trick option) the same first-reached rule applies: 5 to the side
    that wins three tricks, counted at its third trick."""
    result = evening(FORTY_FIVE_PER_TRICK + _to_35_all() + _forty_five_deal("A", "BBAAA"))
    assert result.error is None, result.error
    assert result.deals[6].books["games"] == {"Ann": 0, "Bob": 1}
    # Odd-trick scoring: eight deals of three tricks to two for Ann bring her
    # to 40 (5 each); in the ninth her third trick makes 45, and the record
    # may stop there.
    odd = 'game = "forty-five"\nplayers = ["Ann", "Bob"]\n'
    deals = "".join(_forty_five_deal("A" if i % 2 == 0 else "B",
                                     "AAABB" if i % 2 == 0 else "BBAAA") for i in range(8))
    result = evening(odd + deals + _forty_five_deal("A", "AAA"))
    assert result.error is None, result.error
    assert result.deals[7].books["scores"] == {"Ann": 40, "Bob": 0}
    assert result.deals[8].books["games"] == {"Ann": 1, "Bob": 0}


RAMS6 = ('game = "rams"\nplayers = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]\n'
         '[ledger]\ncompulsory_simple = false\n')
#: Fay deals to the five others and takes no cards; Ann and Eve play.
RAMS6_PAIR = '''
[[deal]]
turnup = "7C"
widow = "AD KD QD JD TD"
hands = ["AH KH 8C 9C TS", "QH JH AC KC 7S", "7H AS KS QS JS", "8H 9H TH 7D 8D",
         "9S 8S TC 9D JC", "-"]
passes = ["Bob", "Cat", "Dan"]
play = ["AH JC", "9S TS", "KH TC", "8S 9C", "8C 9D"]
'''
#: Ann deals, taking no cards; everybody passes but Fay.
RAMS6_LONE = '''
[[deal]]
turnup = "7C"
widow = "AD KD QD JD TD"
hands = ["QH JH AC KC 7S", "7H AS KS QS JS", "8H 9H TH 7D 8D", "9S 8S TC 9D JC",
         "AH KH 8C 9C TS", "-"]
passes = ["Bob", "Cat", "Dan", "Eve"]
'''


def test_rams_at_six_the_dealer_takes_no_cards() -> None:
    """Foster (Rams): "Any number from three to six may play; but when six
    play the dealer takes no cards" (RULINGS Rams 1). The dealer's hand is
    written "-"; he still puts up five ("Each successive dealer puts up five
    counters"). RULINGS Rams 5: "If only one player announces to play, the
    deal is not played: the pool remains and nobody pays, as when everybody
    passes." """
    result = evening(RAMS6 + RAMS6_PAIR + RAMS6_LONE)
    assert result.error is None, result.error
    first, second = result.deals
    # Fay puts up 5 (15). Ann 3 tricks: 3 (23); Eve 2: 2 (22).
    assert first.in_play == ["Ann", "Eve"]
    assert first.books == {"pool": 0, "holdings": {"Ann": 23, "Bob": 20, "Cat": 20,
                                                   "Dan": 20, "Eve": 22, "Fay": 15}}
    # Ann puts up 5 (18); Fay alone: not played, the pool of 5 stays and
    # nobody pays.
    assert second.in_play == [] and second.tricks == {} and second.position is None
    assert second.books == {"pool": 5, "holdings": {"Ann": 18, "Bob": 20, "Cat": 20,
                                                    "Dan": 20, "Eve": 22, "Fay": 15}}
    assert any("not played" in e for e in second.events), second.events
    # Everybody passes: nobody pays (the pone's five are for declining to
    # play against the dealer, who has no cards here); the pool stays.
    everybody = evening(RAMS6 + RAMS6_PAIR + RAMS6_LONE.replace('"Eve"]', '"Eve", "Fay"]'))
    assert everybody.error is None, everybody.error
    assert everybody.deals[1].books["pool"] == 5
    holdings = everybody.deals[1].books["holdings"]
    assert isinstance(holdings, dict) and holdings["Fay"] == 15
    for bad, message in (
            (RAMS6_PAIR.replace('"-"', '"7C"'), "takes no cards"),
            (RAMS6_PAIR.replace('["Bob", "Cat", "Dan"]', '["Bob", "Cat", "Dan", "Fay"]'),
             "does not declare"),
            (RAMS6_PAIR.replace("play = ", 'rob = "9S"\nplay = '), "cannot rob"),
            (RAMS6_LONE.replace("passes", 'play = ["AH"]\npasses'), "not played")):
        failed = evening(RAMS6 + bad)
        assert failed.error is not None and message in failed.error, failed.error
    # Bierspiel is Rams: at six the dealer takes no cards there too.
    bier = evening(RAMS6.replace('"rams"', '"bierspiel"').replace(
        "[ledger]\ncompulsory_simple = false\n", "") + RAMS6_LONE)
    assert bier.error is None, bier.error
    # Fay deals; Ann alone: not played, no point wiped, no cross added.
    points = bier.deals[0].books["points"]
    assert isinstance(points, dict) and points["Ann"] == 15
    assert bier.deals[0].events[-1].endswith("the deal is not played")


def test_the_eldest_must_play_in_some_clubs_session() -> None:
    """Foster (Rams): "In some clubs the eldest hand is obliged to play": with
    the option eldest_must_play, a deal where the eldest passes stops the
    evening with an error."""
    # Ann deals the first deal here (dealer = "Ann"): Bob is the eldest, and
    # plays against her (Cat passes).
    loose = (RAMS.replace('players', 'dealer = "Ann"\nplayers')
             + "[ledger]\ncompulsory_simple = false\n")
    strict = loose.replace("[ledger]", "[options]\neldest_must_play = true\n[ledger]")
    assert evening(strict + RAMS_DOUBLE).error is None
    bob_passes = RAMS_DOUBLE.replace('passes = ["Cat"]', 'passes = ["Bob"]')
    failed = evening(strict + bob_passes)
    assert failed.error is not None and "Bob, the eldest hand, must play" in failed.error
    assert "eldest" not in (evening(loose + bob_passes).error or "")


def test_the_last_deal_is_made_by_the_first_dealers_right() -> None:
    """Foster (Spoil Five): "when the game is brought to an end the last deal
    shall be made by the player on the right of the first dealer"; Rams: "The
    general arrangements for the players, first deal, counters, etc., are
    exactly the same as at Spoil Five" (Rams and Loo too). Cat deals
    first, so Bob, named before her, deals last: ``ended = true`` checks it."""
    ended = RAMS.replace("players", "ended = true\nplayers")
    over = evening(ended + RAMS_SIMPLE + RAMS_DOUBLE + RAMS_PONE)
    assert over.error is None, over.error
    assert [d.dealer for d in over.deals] == ["Cat", "Ann", "Bob"]
    assert over.to_dict()["last_dealer"] == "Bob" and over.may_end()
    short = evening(ended + RAMS_SIMPLE + RAMS_DOUBLE)
    assert short.error is not None and short.error.startswith("ended: ")
    assert "made by Ann" in short.error and ": Bob (Foster)" in short.error
    # The ledger of every deal is kept; without ended the evening may go on.
    assert len(short.deals) == 2
    going_on = evening(RAMS + RAMS_SIMPLE + RAMS_DOUBLE)
    assert going_on.error is None and not going_on.may_end()
    loo = evening(LOO.replace("players", "ended = true\nplayers") + LOO_SIMPLE)
    assert loo.error is not None and "Bob" in loo.error
    assert evening(LOO + LOO_SIMPLE).to_dict()["last_dealer"] == "Bob"
    # Forty-Five is played in games to 45: no last deal to check.
    with pytest.raises(ParseError, match="ended"):
        parse_session('game = "forty-five"\nplayers = ["Ann", "Bob"]\nended = true\n')


MISDEAL = '\n[[deal]]\nmisdeal = true\n'
DEALS_AGAIN = '\n[[deal]]\nmisdeal = "deals again"\n'


def test_a_misdeal_passes_the_deal_to_the_left() -> None:
    """Foster (Spoil Five): "it is a misdeal, and the deal passes to the next
    player on the misdealer's left. In some places the misdealer is allowed
    to deal again if he forfeits two counters to the pool" (ledger option
    misdealer_deals_again). Rams: "Irregularities in the deal are governed
    by the same rules as in Spoil Five"."""
    result = evening(SPOIL_FIVE + MISDEAL + SPOILED)
    assert result.error is None, result.error
    first, second = result.deals
    # Cat misdeals: nothing changes hands, and Ann deals the spoiled deal
    # (so Bob is its seat 1), with a fresh pool of one each.
    assert first.misdeal and first.dealer == "Cat" and first.in_play == []
    assert first.books == {"pool": 0, "holdings": {"Ann": 20, "Bob": 20, "Cat": 20}}
    assert first.to_dict()["misdeal"] is True
    assert second.dealer == "Ann" and second.seats[0] == "Bob"
    assert second.books["pool"] == 3
    # The misdeal is no deal made: Bob, on the right of Cat, the first
    # dealer, must make the last deal, and Ann's was the last one dealt.
    assert not result.may_end()
    # In some places: Cat forfeits two to the pool and deals again.
    again = evening(SPOIL_FIVE + "[ledger]\nmisdealer_deals_again = true\n" + DEALS_AGAIN
                    + SPOILED)
    assert again.error is None, again.error
    assert again.deals[0].books == {"pool": 2, "holdings": {"Ann": 20, "Bob": 20, "Cat": 18}}
    assert again.deals[1].dealer == "Cat" and again.deals[1].books["pool"] == 5
    refused = evening(SPOIL_FIVE + DEALS_AGAIN)
    assert refused.error is not None and "misdealer_deals_again" in refused.error
    rams = evening(RAMS + "[ledger]\nmisdealer_deals_again = true\n" + DEALS_AGAIN)
    assert rams.error is None and rams.deals[0].books["pool"] == 2, rams.error
    bier = evening(BIER + DEALS_AGAIN)
    assert bier.error is not None and "Bierspiel has no such rule" in bier.error
    assert evening(BIER + MISDEAL).deals[0].books["points"] == {"Ann": 15, "Bob": 15,
                                                                "Cat": 15}
    for bad, where in (('\n[[deal]]\nmisdeal = true\nhands = ["-"]\n', "hands"),
                       ('\n[[deal]]\nmisdeal = "again"\n', "misdeal")):
        with pytest.raises(ParseError, match=f"deal 1: {where}"):
            evening(SPOIL_FIVE + bad)


def test_a_loo_misdealer_loses_the_deal_and_forfeits_three() -> None:
    """Foster (Loo): "it is a misdeal, and he loses his deal, and forfeits
    three red counters to the current pool. The new dealer adds his three
    counters as usual, and the pool becomes a double." """
    result = evening(LOO + MISDEAL + LOO_DOUBLE)
    assert result.error is None, result.error
    first, second = result.deals
    assert first.books == {"pool": 3, "holdings": {"Ann": 20, "Bob": 20, "Cat": 17}}
    # Ann deals and adds three: 6, a double (widow and turn-up dealt).
    assert second.dealer == "Ann" and any("widow" in e or "takes" in e for e in second.events)
    simple = evening(LOO + MISDEAL + LOO_SIMPLE)
    assert simple.error is not None and "double" in simple.error
    assert evening(LOO + DEALS_AGAIN).error is not None

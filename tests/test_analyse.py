"""jink analyse: a played record reviewed card by card."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jink.analysis.analyse import analyse
from jink.cards import card_name, parse_cards
from jink.cli.app import app
from jink.errors import IllegalPlayError, PositionError
from jink.formats.examples import example
from jink.position import Position
from jink.solver import Limit, Solver

runner = CliRunner()

# The built-in example: seat 1 can force three only by leading the 8S.
# Leading the KD instead throws the pool away at once.
KD_LEAD = [parse_cards("KD 9D 2D"), parse_cards("QD 4D JS")]


def test_the_card_that_lost_the_pool_is_marked() -> None:
    review = analyse(example(), KD_LEAD)
    assert review.forceable is True
    first = review.cards[0]
    assert card_name(first.card) == "KD" and first.seat == 0 and first.changed
    assert first.before[0].three and not first.after[0].three
    assert "seat 1's KD threw away three tricks (the pool)" in first.notes
    assert "seat 1's KD cost 1 trick (3 to 2 tricks for sure: 3 counters)" in first.notes
    assert review.summary()[0] == "At the start seat 1 could force three tricks (the pool)."


def test_every_verdict_equals_a_fresh_solve() -> None:
    # One solver serves the whole review; its answers must be those of a new
    # solver on each position, checked here rather than assumed.
    review = analyse(example(), KD_LEAD)
    position = example()
    for card in review.cards:
        assert card.before == Solver().verdicts(position)
        position = position.play(card.card)
        assert card.after == Solver().verdicts(position)


def test_changed_only_where_an_answer_changed() -> None:
    review = analyse(example(), KD_LEAD)
    for card in review.cards:
        differs = [b.answers != a.answers for b, a in zip(card.before, card.after, strict=True)]
        assert card.changed == any(differs)
        assert bool(card.notes) == card.changed


def test_an_illegal_card_names_the_trick_and_the_card() -> None:
    # Trick 2: seat 2 holds the 4D and must follow the QD lead... it plays the JC.
    record = [parse_cards("KD 9D 2D"), parse_cards("QD JC JS")]
    with pytest.raises(IllegalPlayError, match=r"trick 2: seat 2 cannot play JC"):
        analyse(example(), record)


def test_a_record_cut_short() -> None:
    review = analyse(example(), [parse_cards("KD 9D")])
    assert not review.complete
    assert review.summary()[-1] == "The record stops part-way through trick 1."
    with pytest.raises(IllegalPlayError, match="only 2 cards, and another trick follows"):
        analyse(example(), [parse_cards("KD 9D"), parse_cards("QD")])


def test_a_jink_attempt_bound_to_fail() -> None:
    # Diamonds trumps. Seat 1 takes the first three tricks with the 5D, JD and
    # AH, but then holds 2S 3S against seat 2's KS QS: the jink cannot be
    # forced, so he should claim; the record goes on, so he tried anyway.
    start = Position.create("spoil-five", "D", ["5D JD AH 2S 3S", "KS QS KD 9C 8C"])
    record = [parse_cards(t) for t in ("5D KD", "JD 8C", "AH 9C", "2S KS")]
    review = analyse(start, record)
    claim = review.cards[5].claim
    assert claim is not None and "could not be forced" in claim and "bound to fail" in claim
    assert review.cards[5].won_by == 0


def test_cli_json_and_errors(tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    game.write_text('game = "spoil-five"\nturnup = "2S"\n'
                    'hands = ["8S QH KD QD KC", "7S 7H 9D 4D JC", "JS QS TH 2D TC"]\n'
                    'play = ["KD 9D 2D", "QD 4D JS"]\n')
    result = runner.invoke(app, ["analyse", str(game), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["start"]["forceable"] is True
    assert [c["card"] for c in data["cards"]] == ["KD", "9D", "2D", "QD", "4D", "JS"]
    first = data["cards"][0]
    assert first["trick"] == 1 and first["seat"] == 1 and first["changed"] is True
    assert first["before"][0]["three"] is True and first["after"][0]["three"] is False
    human = runner.invoke(app, ["analyse", str(game)])
    assert human.exit_code == 0 and "threw away three tricks" in human.stdout

    bad = tmp_path / "bad.toml"
    bad.write_text(game.read_text().replace("QD 4D JS", "QD JC JS"))
    result = runner.invoke(app, ["analyse", str(bad)])
    assert result.exit_code == 1
    assert result.stderr.strip().count("\n") == 0 and "trick 2" in result.stderr

    plain = tmp_path / "plain.toml"
    plain.write_text(game.read_text().replace('play = ["KD 9D 2D", "QD 4D JS"]\n', ""))
    result = runner.invoke(app, ["analyse", str(plain)])
    assert result.exit_code == 1 and "no played record" in result.stderr


def test_the_documented_example_file() -> None:
    # docs/cli.md shows jink analyse on this file: it must load and tell its story.
    from jink.formats.files import read

    [item] = read(Path(__file__).parent.parent / "docs" / "examples" / "kd-lead.toml")
    assert item.play is not None
    review = analyse(item.position, item.play)
    assert "Trick 1: seat 1's KD threw away three tricks (the pool)." in review.summary()


def test_summary_says_whether_the_result_was_in_doubt() -> None:
    review = analyse(example(), KD_LEAD)
    assert review.summary()[-2].endswith("cards: the result was in doubt.")
    # Best play from the example (8S lead, then as the solver plays): never in doubt.
    from jink.analysis.solve import solve

    line = solve(example()).line
    best = analyse(example(), [[s.card for s in line[i:i + 3]] for i in range(0, 15, 3)])
    assert "No card changed what any seat could force." in best.summary()
    assert best.complete and best.summary()[-1].endswith("seat 1 won the pool.")


@pytest.mark.ci
def test_the_cards_that_put_the_result_in_doubt_are_counted_as_the_reference_counts() -> None:
    review = analyse(example(), KD_LEAD)
    # Counted in cards (the reference says which cards changed some seat's
    # answer), not in seats' answers: one card may change several.
    from tests import reference as ref
    from tests.test_instead import to_ref

    cards, position = 0, example()
    for card in [c for trick in KD_LEAD for c in trick]:
        after = position.play(card)
        cards += any(ref.ref_can_force(to_ref(position), s, "three")
                     != ref.ref_can_force(to_ref(after), s, "three") for s in range(3))
        position = after
    ref.clear_memos()
    assert cards > 0
    assert f"changed at {cards} cards: the result was in doubt." in review.summary()[-2]


def about_seat_1(note: str) -> bool:
    """Whether a note is about seat 1's verdicts: its own card threw one away
    (or tricks), or another seat's card let it force (or threw away one of
    its) verdicts."""
    if note.startswith("seat 1's") and ("threw away" in note or " cost " in note):
        return "for seat" not in note
    return "let seat 1 force" in note or note.endswith("for seat 1")


def test_some_seats_only() -> None:
    full = analyse(example(), KD_LEAD)
    mine = analyse(example(), KD_LEAD, seats=[0])
    assert mine.verdicts == full.verdicts[:1] and mine.forceable is True
    for part, whole in zip(mine.cards, full.cards, strict=True):
        assert part.before == whole.before[:1] and part.after == whole.after[:1]
        assert part.notes == [n for n in whole.notes if about_seat_1(n)]
    assert any(card.notes for card in mine.cards)
    assert mine.summary()[0] == "Verdicts for seat 1 only; the other seats were not solved."
    # Seat 2 never could force three, and seat 1 was not solved: not known.
    theirs = analyse(example(), KD_LEAD, seats=[1])
    assert theirs.forceable is None
    assert "At the start no seat solved could force three tricks (the pool)." in \
        theirs.summary()
    assert "No card changed what any seat solved could force." in theirs.summary()
    assert json.loads(json.dumps(theirs.to_dict()))["start"]["forceable"] is None


def test_some_seats_errors() -> None:
    with pytest.raises(PositionError, match="seat 4 is not a seat of this 3-player deal"):
        analyse(example(), KD_LEAD, seats=[3])
    path = Path(__file__).parent.parent / "docs" / "examples" / "kd-lead.toml"
    result = runner.invoke(app, ["analyse", str(path), "--seats", "4"])
    assert result.exit_code == 1 and "--seats 4: the deal has seats 1 to 3" in result.stderr
    result = runner.invoke(app, ["analyse", str(path), "--seats", "1,1"])
    assert result.exit_code == 2 and "seat 1 given twice" in result.stderr
    result = runner.invoke(app, ["analyse", str(path), "--seats", "1", "--json"])
    assert result.exit_code == 0
    assert [v["seat"] for v in json.loads(result.stdout)["start"]["seats"]] == [1]


def test_people_see_cards_and_json_keeps_names() -> None:
    path = str(Path(__file__).parent.parent / "docs" / "examples" / "kd-lead.toml")
    text = runner.invoke(app, ["analyse", path]).stdout
    assert "seat 1's K♦ threw away three tricks" in text and "KD" not in text
    data = json.loads(runner.invoke(app, ["analyse", path, "--json"]).stdout)
    assert "seat 1's KD threw away three tricks (the pool)" in data["cards"][0]["notes"]
    line = runner.invoke(app, ["solve", "--example", "--no-moves"]).stdout
    assert "(with its equal Q♦)" in " ".join(line.split())


# -- the record is checked whole before any search ------------------

# Seven seats, hearts trumps: seat 1 leads the 2C, and seat 2, holding the 9C,
# plays the KD: a renege of a plain suit, illegal at the first trick.
SEVEN = Position.create("spoil-five", "H", [
    "2C 3C 4C 5C 6C", "9C 2D 3D 4D KD", "7C 5D 6D 7D 8D", "8C 9D TD JD QD",
    "TC 2S 3S 4S 5S", "JC 6S 7S 8S 9S", "QC TS JS QS KS"])


@pytest.mark.parametrize("bad_trick", [
    ["2C KD 7C 8C TC JC QC"],                                        # the first trick
    ["2C 9C 7C 8C TC JC QC", "QC 2D"],                               # after a whole trick
    ["2C 9C 7C 8C TC JC QC", "QS KS 4S"],                            # a card not held
])
def test_an_illegal_card_is_found_before_any_search(bad_trick: list[str]) -> None:
    """With a one-node limit, any search would stop first: the illegal card
    must be reported all the same, so the record was checked before."""
    record = [parse_cards(t) for t in bad_trick]
    with pytest.raises(IllegalPlayError, match=r"trick [12]"):
        analyse(SEVEN, record, Limit(nodes=1), partial=False)


def test_every_record_of_a_file_is_checked_before_any_search(tmp_path: Path) -> None:
    good = {"game": "spoil-five", "turnup": "2S",
            "hands": ["8S QH KD QD KC", "7S 7H 9D 4D JC", "JS QS TH 2D TC"],
            "play": ["KD 9D 2D"]}
    bad = {**good, "play": ["KD JC 2D"]}   # seat 2 holds diamonds
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path), "--max-nodes", "1"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "games.jsonl, position 2: trick 1: seat 2 cannot play J♣" in result.stderr
    unplayed = tmp_path / "unplayed.jsonl"
    no_play = {k: v for k, v in good.items() if k != "play"}
    unplayed.write_text(json.dumps(good) + "\n" + json.dumps(no_play) + "\n",
                        encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(unplayed), "--max-nodes", "1"])
    assert result.exit_code == 1 and result.stdout == ""
    assert "unplayed.jsonl, position 2: no played record" in result.stderr

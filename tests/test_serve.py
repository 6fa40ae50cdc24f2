"""``jink serve``: its API answers what the commands print, its board replays a
play as :class:`~jink.position.Position` does, bad input is a message (the
server goes on), and a newer search stops the older.

The page itself is clicked through in Chromium in ``tests/test_serve_page.py``.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import time
import urllib.parse
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from jink.cards import card_name, iter_cards, parse_card, parse_suit
from jink.cli.app import app
from jink.formats.dealstring import deal_string, read_deal_string
from jink.formats.examples import EXAMPLES, example
from jink.serve.app import make_app
from jink.serve.lanes import Cancelled, Failed, Lane
from jink.serve.work import Settings
from jink.solver.limits import Limit

with warnings.catch_warnings():
    # Starlette's test client asks for its own fork of httpx; httpx works.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})

DEFAULT = deal_string(example("default"))
#: A played record of the default example (two tricks, a slip in the first).
RECORD = DEFAULT + ":play=KD.9D.2D/QD.4D.JS"


def make_client(settings: Settings | None = None) -> Any:
    return TestClient(make_app(settings))


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with make_client() as made:
        yield made


def cli_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    answer: dict[str, Any] = json.loads(result.stdout)
    return answer


def timeless(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer without its wall time, the one field two runs may not share."""
    return {key: value for key, value in answer.items() if key != "seconds"}


def timeless_text(line: str) -> str:
    """A JSON line without the value of its wall time."""
    [kept] = [re.sub(r'"seconds": [0-9.e-]+', '"seconds": _', line)]
    assert kept.count('"seconds": _') == 1, line
    return kept


def after(deal: str, cards: str) -> str:
    """The deal string of ``deal`` after ``cards`` are played (Position.play)."""
    position = read_deal_string(deal).position
    for name in cards.split():
        position = position.play(parse_card(name))
    return deal_string(position)


#: Deals of every game, at the start and part-way through, with questions asked.
SOLVED = [
    *[(deal_string(example(name)), {}) for name in EXAMPLES],
    (after(DEFAULT, "8S 7S"), {}),
    (after(DEFAULT, "QH 7H JS"), {"seat": "3", "goal": "spoil"}),
    (deal_string(example("forty-five")), {"seat": "2", "goal": "odd_trick"}),
    (deal_string(example("rams")), {"goal": "2"}),
]


@pytest.mark.parametrize(("deal", "question"), SOLVED)
def test_solve_answers_what_jink_solve_prints(client: Any, deal: str,
                                              question: dict[str, str]) -> None:
    response = client.get("/api/solve", params={"deal": deal, **question})
    assert response.status_code == 200, response.text
    options = [arg for key, value in question.items() for arg in (f"--{key}", value)]
    printed = runner.invoke(app, ["solve", "--deal", deal, *options, "--json"])
    assert printed.exit_code == 0, printed.output
    # The same line, byte for byte, but for the wall time of the search.
    assert timeless_text(response.text) == timeless_text(printed.stdout.rstrip("\n"))
    assert timeless(response.json()) == timeless(json.loads(printed.stdout))


def test_solve_keeps_the_servers_limit() -> None:
    with make_client(Settings(Limit(nodes=10))) as limited:
        answer = limited.get("/api/solve", params={"deal": DEFAULT}).json()
    assert answer["unknown"]
    assert timeless(answer) == timeless(cli_json("solve", "--deal", DEFAULT,
                                                 "--max-nodes", "10"))


def test_analyse_answers_what_jink_analyse_prints(client: Any) -> None:
    response = client.get("/api/analyse", params={"deal": RECORD})
    assert response.status_code == 200, response.text
    answer = response.json()
    printed = runner.invoke(app, ["analyse", "--deal", RECORD, "--json"])
    assert printed.exit_code == 0, printed.output
    assert response.text == printed.stdout.rstrip("\n")  # byte for byte
    assert answer["cards"][0]["notes"]  # the KD lead threw away three tricks


def test_the_board_replays_the_play_as_position_does(client: Any) -> None:
    cards = ["8S", "7S", "JS", "QS", "KD", "7H"]
    answer = client.get("/api/board", params={"deal": DEFAULT,
                                              "play": ".".join(cards)}).json()
    position = example("default")
    assert answer["start"] == DEFAULT and len(answer["steps"]) == len(cards) + 1
    for index, shown in enumerate(answer["steps"]):
        assert shown["deal"] == deal_string(position)
        assert shown["legal"] == [card_name(c) for c in position.legal_cards()]
        assert shown["won"] == list(position.won)
        assert shown["seat_to_play"] == position.seat_to_play + 1
        assert [t["card"] for t in shown["trick"]] == [card_name(c) for c in position.trick]
        if index < len(cards):
            play = answer["plays"][index]
            assert (play["seat"], play["card"]) == (position.seat_to_play + 1, cards[index])
            nxt = position.play(parse_card(cards[index]))
            done = nxt.tricks_done > position.tricks_done
            assert play["won_by"] == (nxt.leader + 1 if done else None)
            position = nxt
    assert answer["record"] == DEFAULT + ":play=8S.7S.JS/QS.KD.7H"


def test_a_record_opens_with_its_play(client: Any) -> None:
    answer = client.get("/api/board", params={"deal": RECORD}).json()
    assert [p["card"] for p in answer["plays"]] == ["KD", "9D", "2D", "QD", "4D", "JS"]
    assert answer["record"] == RECORD and answer["start"] == DEFAULT


def test_a_board_from_part_way_through_a_trick_plays_on(client: Any) -> None:
    renege = deal_string(example("renege"))  # seat 3 led the 6S
    answer = client.get("/api/board", params={"deal": renege, "play": "5S"}).json()
    assert answer["record"] is None  # a played record starts at the start of a trick
    assert answer["steps"][1]["deal"] == after(renege, "5S")


def test_the_address_shown_in_the_docs_opens(client: Any) -> None:
    doc = (Path(__file__).parent.parent / "docs" / "serve.md").read_text(encoding="utf-8")
    [address] = re.findall(r"^http://127\.0\.0\.1:8765/#(\S+)$", doc, flags=re.MULTILINE)
    fields = dict(urllib.parse.parse_qsl(address))
    answer = client.get("/api/board", params={"deal": fields["deal"],
                                              "play": fields["play"]}).json()
    assert int(fields["at"]) <= len(answer["plays"])
    step = answer["steps"][int(fields["at"])]
    solved = client.get("/api/solve", params={"deal": step["deal"], "seat": fields["seat"],
                                              "goal": fields["goal"]})
    assert solved.status_code == 200, solved.text


@pytest.mark.parametrize(("path", "params", "wanted"), [
    ("/api/solve", {"deal": "spoil-five:2S:1:8S"}, "takes 2 to 10 players"),
    ("/api/solve", {"deal": "whist:S:1:2S 3S"}, "unknown game 'whist'"),
    ("/api/solve", {"deal": DEFAULT, "seat": "9"}, "seat 9: the deal has seats 1 to 3"),
    ("/api/solve", {"deal": DEFAULT, "seat": "one"}, "seat: expected a whole number"),
    ("/api/solve", {"deal": DEFAULT, "goal": "everything"}, "everything"),
    ("/api/solve", {}, "give deal="),
    ("/api/solve", {"deal": "x" * 5000}, "too long"),
    ("/api/board", {"deal": DEFAULT, "play": "8S.QS"},
     "card 2 of the play (trick 1): seat 2 cannot play Q♠"),
    ("/api/board", {"deal": DEFAULT, "play": "8S.ZZ"}, "play: card 2"),
    ("/api/board", {"deal": RECORD, "play": "8S"}, "not both"),
    ("/api/analyse", {"deal": DEFAULT}, "no played record"),
    ("/api/analyse", {"deal": DEFAULT + ":play=8S.QS"}, "cannot play Q♠"),
    ("/api/deal", {"game": "rams", "players": "40"}, "give 2 to 10"),
    ("/api/deal", {"players": "3", "hands": "AS/AS"}, "the same card dealt twice"),
    ("/api/deal", {"players": "3", "options": "no_such=true"}, "no_such"),
])
def test_bad_input_is_a_message_and_the_server_goes_on(client: Any, path: str,
                                                       params: dict[str, str],
                                                       wanted: str) -> None:
    response = client.get(path, params=params)
    assert response.status_code == 400, response.text
    message = response.json()["error"]
    assert wanted in message and "Traceback" not in message and "\n" not in message
    assert client.get("/api/board", params={"deal": DEFAULT}).status_code == 200


def test_only_its_own_files_are_served(client: Any) -> None:
    assert client.get("/").headers["content-type"].startswith("text/html")
    for name in ("board.js", "board.css"):
        assert client.get(f"/static/{name}").status_code == 200
    for path in ("/static/index.html", "/static/..%2fapp.py", "/static/../app.py",
                 "/jink/serve/app.py", "/etc/passwd", "/static/%2e%2e/work.py"):
        assert client.get(path).status_code == 404, path


def test_a_request_for_another_name_gets_nothing() -> None:
    with TestClient(make_app(hosts=["127.0.0.1"]), base_url="http://127.0.0.1:8765") as ok:
        assert ok.get("/api/start").status_code == 200
    with TestClient(make_app(hosts=["127.0.0.1"]), base_url="http://rebound.example") as bad:
        assert bad.get("/api/start").status_code == 400


def test_the_page_fetches_nothing_from_elsewhere() -> None:
    static = Path(__file__).parent.parent / "jink" / "serve" / "static"
    for path in static.iterdir():
        text = path.read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text and "@import" not in text, path


def test_a_random_deal_is_a_deal_of_the_game(client: Any) -> None:
    first = client.get("/api/deal", params={"game": "rams", "players": "4", "seed": "5"}).json()
    again = client.get("/api/deal", params={"game": "rams", "players": "4", "seed": "5"}).json()
    position = read_deal_string(first["deal"]).position
    assert first == again and position.game.name == "rams" and position.players == 4


def test_a_random_deal_keeps_the_cards_placed(client: Any) -> None:
    answer = client.get("/api/deal", params={
        "game": "spoil-five", "players": "3", "trump": "H", "hands": "AS.5H//KD",
        "options": "compulsory_rob=true", "seed": "1"}).json()
    position = read_deal_string(answer["deal"]).position
    held = [{card_name(c) for c in iter_cards(hand)} for hand in position.hands]
    assert {"AS", "5H"} <= held[0] and "KD" in held[2] and position.trump == parse_suit("H")
    assert position.options["compulsory_rob"] is True


def test_start_names_every_example(client: Any) -> None:
    answer = client.get("/api/start").json()
    assert answer["examples"] == {name: deal_string(example(name)) for name in EXAMPLES}


# -- the lanes: a newer search stops the older; a dead one is said ------------------------

def test_a_newer_search_cancels_the_older() -> None:
    async def both() -> tuple[BaseException | None, float, float]:
        lane = Lane()
        older = asyncio.create_task(lane.run(time.sleep, 60))
        await asyncio.sleep(0.3)
        started = time.monotonic()
        answer = await lane.run(abs, -4)
        try:
            await older
        except Cancelled as error:
            return error, answer, time.monotonic() - started
        return None, answer, 0.0

    error, answer, waited = asyncio.run(both())
    assert isinstance(error, Cancelled) and answer == 4 and waited < 30


def test_a_search_stopped_says_why() -> None:
    async def stopped() -> Cancelled:
        lane = Lane()
        running = asyncio.create_task(lane.run(time.sleep, 60))
        await asyncio.sleep(0.3)
        lane.stop("the server is stopping")
        with pytest.raises(Cancelled) as error:
            await running
        return error.value

    assert str(asyncio.run(stopped())) == "the server is stopping"


def test_a_search_whose_asker_went_away_stops() -> None:
    async def gone() -> bool:
        return True

    with pytest.raises(Cancelled):
        asyncio.run(Lane().run(time.sleep, 60, gone=gone))


def test_a_search_that_dies_is_said_and_the_lane_goes_on() -> None:
    async def run() -> tuple[Failed, int]:
        lane = Lane()
        with pytest.raises(Failed) as died:
            await lane.run(os._exit, 3)
        return died.value, await lane.run(abs, -2)

    failed, answer = asyncio.run(run())
    assert "exit status 3" in str(failed) and not failed.bad and answer == 2


# -- the command -----------------------------------------------------------------------

def test_serve_refuses_bad_input_before_serving(tmp_path: Path) -> None:
    two = tmp_path / "two.jsonl"
    line = json.dumps({"game": "spoil-five", "trump": "S", "hands": ["2S", "3S"],
                       "won": [2, 2]})
    two.write_text(line + "\n" + line + "\n", encoding="utf-8")
    for args, status, wanted in [
        (["serve", str(tmp_path / "missing.toml")], 1, "cannot read"),
        (["serve", str(two)], 1, "holds 2 positions"),
        (["serve", "--deal", "spoil-five:2S:1:8S"], 1, "takes 2 to 10 players"),
        (["serve", "--port", "70000"], 2, "--port"),
        (["serve", "--host", "no.such.host.invalid"], 1, "--host no.such.host.invalid"),
        (["serve", "--host", "x" * 64], 1, "not a host name"),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == status, (args, result.output)
        assert wanted in result.stderr and result.stdout == "", (args, result.output)


def test_a_sessions_deal_opens_with_its_play() -> None:
    from jink.cli.serve import session_deal

    evening = Path(__file__).parent.parent / "docs" / "examples" / "evening.toml"
    deal = session_deal(evening, 3)  # the deal in which Cat robs the 9D
    # The file's play of deal 3, trick by trick, as the board opens it.
    assert deal.endswith(":play=AD.4S.7H/JD.8S.QC/5D.QS.5H/AH.KS.KC/9D.3S.6H")
    assert read_deal_string(deal).position.turnup == parse_card("9D")
    for args, status, wanted in [
        (["serve", "--session", str(evening), "--number", "9"], 1,
         "no deal 9 (it has deals 1 to 4)"),
        (["serve", "--number", "2"], 2, "--number goes with --session"),
        (["serve", "--session", str(evening), "--example"], 2, "not both"),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == status, (args, result.output)
        assert wanted in result.stderr, (args, result.stderr)


def test_serve_says_a_port_in_use(tmp_path: Path) -> None:
    from jink.serve.run import listen

    taken = listen("127.0.0.1", 0)
    try:
        port = str(taken.getsockname()[1])
        result = runner.invoke(app, ["serve", "--port", port, "--no-browser"])
    finally:
        taken.close()
    assert result.exit_code == 1, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith(f"error: cannot listen on 127.0.0.1:{port}") and "--port" in line

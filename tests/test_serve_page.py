"""The board of ``jink serve`` in headless Chromium, clicked as a person would:
a deal entered, the worth on every legal card checked against ``jink solve``,
a card played, taken back, and the board reloaded from its address; then the
same board at a phone's 420 px.

It drives the real command (``python -m jink serve --port 0 --no-browser
--json``) over the DevTools protocol (tests/chromium.py), in one browser
session. It needs Debian's ``chromium`` package: where it is missing the test
is skipped with the reason, except under CI (``CI=true``), where it fails.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jink.analysis.solve import solve
from jink.cards import card_symbol, parse_card
from jink.formats.dealstring import deal_string, read_deal_string
from tests.chromium import Browser, find_chromium

ROOT = Path(__file__).resolve().parent.parent
#: A deal whose seat 1 has cards of every worth: three tricks, two, one.
DEAL = "spoil-five:2S:1:8S.QH.KD.QD.KC 7S.7H.9D.4D.JC JS.QS.TH.2D.TC"

#: The page has drawn every answer it asked for.
SETTLED = ("window.jinkBoard !== undefined && document.body.dataset.busy === 'no'"
           " && window.jinkBoard.board !== null"
           " && (window.jinkBoard.board.steps[window.jinkBoard.at].over"
           " || document.querySelectorAll('button.c.legal:not([data-worth])').length === 0)")
#: Every legal card shown: [card, worth shown, keeps the goal?].
WORTHS = ("[...document.querySelectorAll('button.c.legal')].map(b => [b.dataset.card,"
          " b.querySelector('.worth').textContent, b.classList.contains('keeps')])")


@pytest.fixture(scope="module")
def chromium() -> str:
    binary = find_chromium()
    if binary is None:
        reason = "Chromium is not installed (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}: CI must install it (see .ci/run)")
        pytest.skip(reason)
    return binary


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """``jink serve`` on a free port: the root address of its board."""
    process = subprocess.Popen(
        [sys.executable, "-m", "jink", "serve", "--port", "0", "--no-browser", "--json"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line, process.stderr.read() if process.stderr else "no address printed"
        url: str = json.loads(line)["url"]
        yield url
    finally:
        # The server, its fork server and any search still running: one group.
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def expected_worths(deal: str, seat: int | None = None,
                    goal: str | None = None) -> list[list[Any]]:
    """What jink solve gives each legal card of the seat to play (its --json
    moves), for ``seat`` (1-based; None: the seat to play) and ``goal``."""
    position = read_deal_string(deal).position
    moves = solve(position, None if seat is None else seat - 1, goal).to_dict()["moves"]
    assert isinstance(moves, list)
    return [[m["card"], str(m["max_tricks"]), m["achieves"]] for m in moves]


def settle(browser: Browser) -> None:
    browser.wait_for(SETTLED)


def test_the_board_in_chromium(chromium: str, server: str, tmp_path: Path) -> None:
    with Browser(chromium, server, 1100, 900) as browser:
        browser.wait_for("document.getElementById('deal-game') !== null"
                         " && document.getElementById('deal-game').options.length > 0")
        # Enter a deal: typed into the field, then Open.
        browser.click("#deal-input")
        browser.call("Input.insertText", {"text": DEAL})
        browser.click("#open-button")
        settle(browser)
        shown = browser.evaluate(WORTHS)
        assert sorted(shown) == sorted(expected_worths(DEAL))
        assert {worth for _, worth, _ in shown} == {"1", "2", "3"}
        # A card that loses the goal another card keeps is marked as such.
        assert browser.evaluate("document.querySelector('button.c.legal[data-card=\"QH\"]')"
                                ".classList.contains('loses')")
        assert browser.evaluate("document.getElementById('status').textContent") == \
            "Trick 1 of 5: seat 1 to play."

        # Play Q♥, a card that throws away three tricks.
        browser.click('button.c.legal[data-card="QH"]')
        settle(browser)
        after = deal_string(read_deal_string(DEAL).position.play(parse_card("QH")))
        assert sorted(browser.evaluate(WORTHS)) == sorted(expected_worths(after))
        assert card_symbol(parse_card("QH")) in browser.evaluate(
            "document.querySelector('.trick').textContent")
        advice = browser.evaluate("document.getElementById('advice').textContent")
        assert "threw away three tricks" in advice, advice
        assert "play=QH" in browser.evaluate("location.hash")

        # Undo: seat 1 to play again, with the same worths; the address says so.
        browser.click("#undo")
        settle(browser)
        assert sorted(browser.evaluate(WORTHS)) == sorted(expected_worths(DEAL))
        address = browser.evaluate("location.hash")
        assert "at=0" in address and "play=QH" in address

        # Reload from the address: the same board, the card still there to redo.
        browser.call("Page.reload", {})
        settle(browser)
        assert browser.evaluate("location.hash") == address
        assert sorted(browser.evaluate(WORTHS)) == sorted(expected_worths(DEAL))
        assert browser.evaluate("document.getElementById('redo').disabled") is False
        browser.click("#redo")
        settle(browser)
        assert sorted(browser.evaluate(WORTHS)) == sorted(expected_worths(after))

        # Ask about seat 3 and its spoil: the cards are scored for it, and the
        # address says so.
        browser.evaluate("(() => { for (const [id, v] of [['seat', '3'], ['goal', 'spoil']]) {"
                         " const s = document.getElementById(id); s.value = v;"
                         " s.dispatchEvent(new Event('change')); } })()")
        settle(browser)
        assert sorted(browser.evaluate(WORTHS)) == sorted(expected_worths(after, 3, "spoil"))
        assert "seat=3" in browser.evaluate("location.hash")

        # Bad input is a message on the page; the board goes on.
        browser.evaluate("document.getElementById('deal-input').value = 'spoil-five:2S:1:8S'")
        browser.click("#open-button")
        browser.wait_for("!document.getElementById('message').hidden")
        assert "takes 2 to 10 players" in browser.evaluate(
            "document.getElementById('message').textContent")

        # Build a deal: two cards clicked into seat 1's hand, the rest dealt at random.
        browser.evaluate("document.getElementById('compose').open = true")
        for card in ("AS", "5H"):
            browser.click(f'#deck button[data-card="{card}"]')
        browser.click("#deal-button")
        browser.wait_for("window.jinkBoard.board.steps[0].hands[0].length === 5")
        settle(browser)
        dealt = browser.evaluate("window.jinkBoard.board.start")
        assert {"AS", "5H"} <= set(browser.evaluate("window.jinkBoard.board.steps[0].hands[0]"))
        assert sorted(browser.evaluate(WORTHS)) == sorted(expected_worths(dealt))

        # A phone: nothing wider than 420 px, every card still there to click.
        browser.narrow(420, 900)
        settle(browser)
        assert browser.evaluate("document.documentElement.scrollWidth") <= 420
        assert sorted(browser.evaluate(WORTHS)) == sorted(expected_worths(dealt))
        browser.screenshot(tmp_path / "narrow.png")

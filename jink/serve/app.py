"""The web app: the board's page, its own static files, and the JSON API.

- ``GET /`` the page; ``GET /static/NAME`` its script and style, nothing else.
- ``GET /api/board?deal=STRING&play=CARDS`` the board after a play (no search).
- ``GET /api/solve?deal=STRING[&seat=N][&goal=G]`` what ``jink solve --deal
  STRING [--seat N] [--goal G] --json`` prints.
- ``GET /api/analyse?deal=STRING`` what ``jink analyse --deal STRING --json``
  prints (the deal string holds the play, ``play=``).
- ``GET /api/deal?game=G&players=N[&trump=S|&turnup=C][&options=..][&hands=..]
  [&seed=N]`` a deal at random, as ``jink deal`` makes one, with the cards
  each seat must hold.
- ``GET /api/start`` what the server was started with: the deal to open,
  the games and examples.

Bad input is an answer with status 400 and ``{"error": "..."}``, the message
``jink`` would print; a search cancelled by a newer one is status 409; a
search whose process died is status 500. The server itself never stops for
any of these.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from jink.cards import card_name, iter_cards, rank_of, suit_of, with_symbols
from jink.dealing.deal import deal as deal_at_random
from jink.errors import JinkError, ParseError
from jink.formats.dealstring import deal_string
from jink.formats.examples import EXAMPLES, example_file
from jink.games import GAMES, Game
from jink.serve.board import board
from jink.serve.lanes import Cancelled, Failed, Lane
from jink.serve.work import Settings, analyse_deal, solve_deal

#: The page's own files: nothing else is ever served.
STATIC = {"board.js": "text/javascript", "board.css": "text/css"}
#: The longest deal string or play taken (a ten-seat deal is some 200 characters).
MAX_TEXT = 2000
#: The most seats a random deal may have.
MAX_PLAYERS = 10


class JsonAnswer(JSONResponse):
    """JSON written as the commands write it with ``--json`` (``json.dumps``
    with its usual separators, cards and symbols as they are), so an answer
    of ``/api/solve`` is, byte for byte, the line ``jink solve --json`` prints."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False).encode("utf-8")


def _asset(name: str) -> str:
    return (resources.files("jink.serve") / "static" / name).read_text(encoding="utf-8")


def _bad(message: str) -> JSONResponse:
    return JsonAnswer({"error": with_symbols(" ".join(message.split()))}, status_code=400)


def _text(request: Request, name: str, required: bool = True) -> str | None:
    value = request.query_params.get(name)
    if value is None:
        if required:
            raise ParseError(f"give {name}=...", name)
        return None
    if len(value) > MAX_TEXT:
        raise ParseError(f"{len(value)} characters: too long", name)
    return value


def _number(request: Request, name: str) -> int | None:
    value = _text(request, name, required=False)
    if value is None or value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise ParseError(f"expected a whole number, got {value!r}", name) from None


def _game(game: Game) -> dict[str, Any]:
    """What the page needs to build a deal of ``game``: its seats, deck and options."""
    players = game.player_counts or range(game.min_players,
                                          min(game.max_players, MAX_PLAYERS) + 1)
    deck = sorted(iter_cards(game.deck), key=lambda c: (suit_of(c), -rank_of(c)))
    return {"game": game.name, "title": game.title, "players": list(players),
            "hand_size": game.hand_size, "deck": [card_name(c) for c in deck],
            "no_trump": game.allows_no_trump,
            "options": [{"name": o.name, "default": o.default, "help": o.help}
                        for o in game.options]}


def _constraints(request: Request) -> dict[str, Any]:
    """The constraints of a random deal (as a ``jink deal`` constraints file
    has them) from the query: ``game``, ``players``, ``trump`` or ``turnup``,
    ``options`` (``name=true,name=false``) and ``hands``, the cards each seat
    must hold (``AS.KS/QH//``: seat 1 first)."""
    players = _number(request, "players")
    if players is None:
        raise ParseError("give the number of seats", "players")
    if not 2 <= players <= MAX_PLAYERS:
        raise ParseError(f"{players} seats: give 2 to {MAX_PLAYERS}", "players")
    wanted: dict[str, Any] = {"game": _text(request, "game", required=False) or "spoil-five",
                              "players": players}
    for key in ("trump", "turnup"):
        value = _text(request, key, required=False)
        if value:
            wanted[key] = value
    options: dict[str, bool] = {}
    for item in (_text(request, "options", required=False) or "").split(","):
        if not item.strip():
            continue
        name, _, value = item.partition("=")
        if value.strip().lower() not in ("true", "false"):
            raise ParseError(f"expected name=true or name=false, got {item!r}", "options")
        options[name.strip()] = value.strip().lower() == "true"
    wanted["options"] = options
    hands = (_text(request, "hands", required=False) or "").split("/")
    if len(hands) > players:
        raise ParseError(f"{len(hands)} hands for {players} seats", "hands")
    wanted["seats"] = [{"seat": seat, "holds": hand.replace(".", " ")}
                       for seat, hand in enumerate(hands, start=1) if hand.strip()]
    return wanted


def make_app(settings: Settings | None = None, opening: str | None = None,
             at: int | None = None, hosts: list[str] | None = None) -> Starlette:
    """The app. ``opening``: the deal string the page opens with (a played
    record opens at card ``at``, None: at its end); ``settings``: the limits of
    every search; ``hosts``: the only names a request may give for the server
    (None: any)."""
    settings = settings or Settings()
    scores, review = Lane(), Lane()
    page = _asset("index.html")

    async def index(request: Request) -> Response:
        return Response(page, media_type="text/html; charset=utf-8",
                        headers={"Cache-Control": "no-store"})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return JsonAnswer({"error": f"no such file: {name}"}, status_code=404)
        return Response(_asset(name), media_type=STATIC[name] + "; charset=utf-8",
                        headers={"Cache-Control": "no-store"})

    async def start(request: Request) -> Response:
        return JsonAnswer({
            "deal": opening, "at": at,
            "games": [_game(game) for game in GAMES.values()],
            "examples": {name: deal_string(example_file(name)) for name in EXAMPLES},
            "limit": {"max_nodes": settings.limit.nodes,
                      "max_seconds": settings.limit.seconds},
        })

    async def board_api(request: Request) -> Response:
        try:
            deal = _text(request, "deal")
            assert deal is not None
            return JsonAnswer(board(deal, _text(request, "play", required=False) or ""))
        except JinkError as error:
            return _bad(str(error))

    async def search(lane: Lane, request: Request, job: Any, *args: Any) -> Response:
        try:
            answer = await lane.run(job, settings, *args, gone=request.is_disconnected)
        except Cancelled as error:
            return JsonAnswer({"error": str(error), "cancelled": True}, status_code=409)
        except Failed as error:
            return JsonAnswer({"error": str(error)}, status_code=400 if error.bad else 500)
        return JsonAnswer(answer)

    async def solve_api(request: Request) -> Response:
        try:
            deal = _text(request, "deal")
            seat = _number(request, "seat")
            goal = _text(request, "goal", required=False) or None
        except JinkError as error:
            return _bad(str(error))
        return await search(scores, request, solve_deal, deal, seat, goal)

    async def analyse_api(request: Request) -> Response:
        try:
            deal = _text(request, "deal")
        except JinkError as error:
            return _bad(str(error))
        return await search(review, request, analyse_deal, deal)

    async def deal_api(request: Request) -> Response:
        try:
            wanted = _constraints(request)
            seed = _number(request, "seed")
            # In a thread: a deal under tight constraints can take many draws.
            [position] = await run_in_threadpool(
                lambda: list(deal_at_random(wanted, seed=seed, count=1)))
        except JinkError as error:
            return _bad(str(error))
        return JsonAnswer({"deal": deal_string(position)})

    # A page of another site, or one reached through a name rebound to this
    # machine, gets nothing: only the names this server is reached by.
    middleware = [] if hosts is None else [
        Middleware(TrustedHostMiddleware, allowed_hosts=hosts)]
    app = Starlette(middleware=middleware, routes=[
        Route("/", index),
        Route("/static/{name}", static),
        Route("/api/start", start),
        Route("/api/board", board_api),
        Route("/api/solve", solve_api),
        Route("/api/analyse", analyse_api),
        Route("/api/deal", deal_api),
    ])
    #: The searches' lanes, for the server to stop when it stops (jink.serve.run).
    app.state.lanes = [scores, review]
    return app

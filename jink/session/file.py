"""Session files (TOML): the game, the players in their seats, the options,
the starting counters and the deals in order.

Each deal gives its hands seat 1 first (the player on the dealer's left) and
the dealer's last, the turn-up (or trump, or a Loo simple pool's card to be
turned), the decisions before the play and the play itself, as in a game
file for ``jink analyse``. The players are named in order of play round the
table; the dealer moves one to the left each deal unless a deal names him.
Parsing checks the shape of the file only; :mod:`jink.session.evening`
checks each deal against the rules as it replays it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jink.cards import NO_CARDS, Card, CardSet, parse_card, parse_cards, parse_cardset, parse_suit
from jink.errors import ParseError, UnknownNameError
from jink.formats.inputs import loads_toml, read_text
from jink.games import Game, find_game

KEYS = ("game", "players", "dealer", "counters", "crosses", "options", "ledger", "ended",
        "deal")
DEAL_KEYS = ("dealer", "trump", "turnup", "turn", "hands", "widow", "rob", "passes",
             "widow_taken", "discard", "general_rams", "play", "misdeal")
#: ``misdeal = true``: the dealer misdealt and the deal passes on (or, Loo, he
#: loses it); ``misdeal = "deals again"``: he forfeits to the pool and deals
#: again (ledger option ``misdealer_deals_again``).
MISDEAL_PASSES = "passes"
MISDEAL_DEALS_AGAIN = "deals again"


@dataclass(frozen=True)
class DealEntry:
    """One deal as the file gives it (names, not seats; cards parsed)."""

    number: int
    dealer: str | None
    hands: tuple[CardSet, ...]
    trump: int | None = None
    turnup: Card | None = None
    turn: Card | None = None
    widow: CardSet | None = None
    rob: Card | None = None
    passes: tuple[str, ...] = ()
    widow_taken: str | None = None
    discard: Card | None = None
    general_rams: str | None = None
    play: tuple[tuple[Card, ...], ...] = ()
    #: A misdeal by this deal's dealer (:data:`MISDEAL_PASSES` or
    #: :data:`MISDEAL_DEALS_AGAIN`): nothing is dealt, nothing played.
    misdeal: str | None = None


@dataclass(frozen=True)
class Session:
    """A whole session file."""

    game: Game
    players: tuple[str, ...]
    first_dealer: int
    counters: int
    options: dict[str, Any] = field(default_factory=dict)
    ledger_options: dict[str, bool] = field(default_factory=dict)
    deals: tuple[DealEntry, ...] = ()
    #: Bierspiel: the crosses each player starts a round with.
    crosses: int = 0
    #: Whether the evening was brought to an end with the last deal given.
    ended: bool = False


def _fail(where: str, message: str) -> ParseError:
    return ParseError(message, where)


def _string(obj: Mapping[str, Any], key: str, where: str) -> str | None:
    value = obj.get(key)
    if value is not None and not isinstance(value, str):
        raise _fail(f"{where}{key}", "expected a string")
    return value


def _strings(obj: Mapping[str, Any], key: str, where: str) -> list[str] | None:
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(f"{where}{key}", "expected a list of strings")
    return value


def _card(obj: Mapping[str, Any], key: str, where: str) -> Card | None:
    text = _string(obj, key, where)
    if text is None:
        return None
    try:
        return parse_card(text)
    except ParseError as error:
        raise _fail(f"{where}{key}", str(error)) from None


def _player(obj: Mapping[str, Any], key: str, where: str, players: tuple[str, ...]) -> str | None:
    name = _string(obj, key, where)
    if name is not None and name not in players:
        raise _fail(f"{where}{key}", f"{name!r} is not one of the players "
                    f"({', '.join(players)})")
    return name


def _options(obj: Any, known: Mapping[str, str], where: str) -> dict[str, bool]:
    if obj is None:
        return {}
    if not isinstance(obj, Mapping):
        raise _fail(where, "expected a table")
    out = {}
    for name, value in obj.items():
        if name not in known:
            raise _fail(f"{where}.{name}", f"unknown option {name!r} (options: "
                        f"{', '.join(known) or 'none'})")
        if not isinstance(value, bool):
            raise _fail(f"{where}.{name}", "takes true or false")
        out[name] = value
    return out


def _deal(obj: Any, number: int, players: tuple[str, ...]) -> DealEntry:
    where = f"deal {number}: "
    if not isinstance(obj, Mapping):
        raise _fail(f"deal {number}", "expected a table ([[deal]])")
    unknown = [k for k in obj if k not in DEAL_KEYS]
    if unknown:
        raise _fail(f"deal {number}", f"unknown key {unknown[0]!r} (keys: "
                    f"{', '.join(DEAL_KEYS)})")
    misdeal = obj.get("misdeal", False)
    if misdeal is True or misdeal == MISDEAL_DEALS_AGAIN:
        given = [k for k in obj if k not in ("misdeal", "dealer")]
        if given:
            raise _fail(f"{where}{given[0]}", "a misdeal deals nothing: give only misdeal "
                        "and, if need be, dealer")
        return DealEntry(number, _player(obj, "dealer", where, players), (),
                         misdeal=MISDEAL_PASSES if misdeal is True else MISDEAL_DEALS_AGAIN)
    if misdeal is not False:
        raise _fail(f"{where}misdeal", f"takes true (the deal passes on) or "
                    f'"{MISDEAL_DEALS_AGAIN}" (he forfeits to the pool and deals again), '
                    f"not {misdeal!r}")
    hand_texts = _strings(obj, "hands", where)
    if hand_texts is None:
        raise _fail(f"deal {number}", "no hands: give hands = [...], seat 1 (the dealer's "
                    "left) first, the dealer's last")
    hands = []
    for seat, text in enumerate(hand_texts, start=1):
        if text.strip() == NO_CARDS:
            hands.append(0)  # a dealer dealt no cards (six at a Rams table)
            continue
        try:
            hands.append(parse_cardset(text))
        except ParseError as error:
            raise _fail(f"{where}hands (seat {seat})", str(error)) from None
    trump_text = _string(obj, "trump", where)
    try:
        trump = parse_suit(trump_text) if trump_text is not None else None
    except ParseError as error:
        raise _fail(f"{where}trump", str(error)) from None
    widow_text = _string(obj, "widow", where)
    try:
        widow = parse_cardset(widow_text) if widow_text is not None else None
    except ParseError as error:
        raise _fail(f"{where}widow", str(error)) from None
    passes = _strings(obj, "passes", where) or []
    for name in passes:
        if name not in players:
            raise _fail(f"{where}passes", f"{name!r} is not one of the players")
    play = []
    for trick, text in enumerate(_strings(obj, "play", where) or [], start=1):
        try:
            play.append(tuple(parse_cards(text)))
        except ParseError as error:
            raise _fail(f"{where}play (trick {trick})", str(error)) from None
    return DealEntry(
        number, _player(obj, "dealer", where, players), tuple(hands), trump,
        _card(obj, "turnup", where), _card(obj, "turn", where), widow,
        _card(obj, "rob", where), tuple(passes), _player(obj, "widow_taken", where, players),
        _card(obj, "discard", where), _player(obj, "general_rams", where, players),
        tuple(play))


def session_from_dict(obj: Mapping[str, Any]) -> Session:
    """Read the table form of a session file."""
    unknown = [k for k in obj if k not in KEYS]
    if unknown:
        raise ParseError(f"unknown key {unknown[0]!r} (keys: {', '.join(KEYS)})", unknown[0])
    name = _string(obj, "game", "")
    if name is None:
        raise _fail("game", 'missing: name the game, e.g. game = "spoil-five"')
    try:
        game = find_game(name)
    except UnknownNameError as error:
        raise _fail("game", str(error)) from None
    if game.ledger is None:
        raise _fail("game", f"{game.title} keeps no books across deals")
    players = tuple(_strings(obj, "players", "") or ())
    if not players:
        raise _fail("players", 'missing: the players in order of play round the table, '
                    'e.g. players = ["Ann", "Bob", "Cat"]')
    if len(set(players)) != len(players):
        raise _fail("players", "a name is given twice")
    dealer = _player(obj, "dealer", "", players)
    counters = obj.get("counters", game.ledger.counters)
    if "counters" in obj and not game.ledger.counters:
        raise _fail("counters", f"{game.title} keeps no counters (its ledger is "
                    f"{game.ledger.kind.value})")
    if isinstance(counters, bool) or not isinstance(counters, int) or counters < 0:
        raise _fail("counters", "expected a whole number of counters, 0 or more")
    crosses = obj.get("crosses", game.ledger.crosses)
    if "crosses" in obj and not game.ledger.crosses:
        raise _fail("crosses", f"{game.title} keeps no crosses")
    if isinstance(crosses, bool) or not isinstance(crosses, int) or (
            game.ledger.crosses and crosses < 1):
        raise _fail("crosses", "expected a whole number of crosses, 1 or more")
    options = _options(obj.get("options"), {o.name: o.help for o in game.options}, "options")
    ledger = _options(obj.get("ledger"), {o.name: o.help for o in game.ledger.options},
                      "ledger")
    ended = obj.get("ended", False)
    if not isinstance(ended, bool):
        raise _fail("ended", "takes true or false")
    if ended and not game.ledger.last_deal_right:
        raise _fail("ended", f"{game.title} has no last deal to check (its evening is "
                    "played in games)")
    deals_obj = obj.get("deal", [])
    if not isinstance(deals_obj, list):
        raise _fail("deal", "expected [[deal]] tables")
    deals = tuple(_deal(d, i, players) for i, d in enumerate(deals_obj, start=1))
    full_ledger = {o.name: o.default for o in game.ledger.options} | ledger
    return Session(game, players,
                   len(players) - 1 if dealer is None else players.index(dealer),
                   counters, options, full_ledger, deals, crosses, ended)


def parse_session(text: str, source: str | None = None) -> Session:
    """Read a session file's text."""
    obj = loads_toml(text, source)
    try:
        return session_from_dict(obj)
    except ParseError as error:
        raise ParseError(str(error), source) from None


def read_session(path: str | Path) -> Session:
    """Read a session file from disk (a file that cannot be read: OSError)."""
    text = read_text(path)
    return parse_session(text, str(path))

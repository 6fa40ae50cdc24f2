"""Deal strings: a position on one line, as bridge's PBN deal string holds a deal.

``GAME:TRUMP:SEAT:HANDS[:KEY=VALUE]...``

- ``GAME``: the game's name or an alias (``spoil-five``, ``rams``, ...).
- ``TRUMP``: the trump suit (``S``), or the turned-up card (``7S``: its suit
  is trumps), or ``-`` for none yet (a Loo simple pool).
- ``SEAT``: the seat leading the current trick, 1-based.
- ``HANDS``: every hand, seat 1 first, separated by spaces; the cards of a
  hand separated by dots (``5S.JS.AH``); ``-`` an empty hand; ``?`` a hand
  unseen (a view, for ``jink odds``).
- Then any of, in any order: ``trick=3S.9S`` (the cards played to the
  current trick), ``won=1.0.1`` (tricks taken per seat), ``turn=QS`` (the
  card a Loo simple pool will turn), ``seen=...`` (a view's cards known to be
  out), ``play=5D.9C.KD/8S.7S.JS`` (a played record, tricks separated by
  ``/``), and ``NAME=true`` or ``NAME=false`` for a rule option.

Reading accepts every card spelling and any case; :func:`deal_string` writes
the canonical form: cards as :func:`~jink.cards.card_name` writes them, each
hand in display order, and only the fields that say something (no ``won`` of
all zeros, no option at its default).

>>> from jink.cards import parse_card
>>> text = "spoil-five:7s:1:5s.js.ah.kd.2c 9c.8c.7c.6c.4c kh.qd.2d.3h.4h"
>>> position = read_deal_string(text).position
>>> position.players, position.turnup == parse_card("7S")
(3, True)
>>> deal_string(position)
'spoil-five:7S:1:5S.JS.AH.KD.2C 4C.6C.7C.8C.9C KH.4H.3H.QD.2D'
>>> parse_deal_string("loo:-:2:AS.KS.2D QS.3H.3D:won=0.1:turn=9H")["turn"]
'9H'
"""

from __future__ import annotations

from typing import Any

from jink.cards import SUITS, cards_text
from jink.errors import ParseError, PositionError
from jink.formats.files import PositionFile, file_from_dict
from jink.position import Position, hand_text

__all__ = ["deal_string", "parse_deal_string", "read_deal_string"]

#: The fields after the hands that are not rule options, in the order written.
FIELDS = ("trick", "won", "turn", "seen", "play")
UNSEEN = "?"
EMPTY = "-"
WHERE = "deal string"


def _cards(text: str) -> str:
    """Dotted cards as a file writes them (spaces): ``5S.JS`` -> ``5S JS``."""
    return " ".join(text.split("."))


def _dotted(text: str) -> str:
    return text.replace(" ", ".") if text else EMPTY


def parse_deal_string(text: str) -> dict[str, Any]:
    """The object form (as in a position or view file) of a deal string; its
    cards are checked when the object is read (:func:`read_deal_string`,
    :func:`jink.dealing.odds.view_from_dict`).

    >>> parse_deal_string("rams:H:1:AH.KH ?")  # doctest: +NORMALIZE_WHITESPACE
    {'game': 'rams', 'trump': 'H', 'leader': 1, 'hands': ['AH KH', '?'],
     'trick': '', 'options': {}}
    >>> parse_deal_string("rams:H:one:AH.KH ?")
    Traceback (most recent call last):
    ...
    jink.errors.ParseError: deal string, SEAT: expected the seat to lead (1, 2, ...), got 'one'
    """
    parts = text.strip().split(":")
    if len(parts) < 4:
        raise ParseError(f"expected GAME:TRUMP:SEAT:HANDS, got {text.strip()!r}", WHERE)
    game, trump, seat, hands, *extras = (p.strip() for p in parts)
    obj: dict[str, Any] = {"game": game}
    if trump != EMPTY:
        if not trump:
            raise ParseError("empty: give a suit, a turned-up card, or - for none",
                             f"{WHERE}, TRUMP")
        obj["turnup" if len(trump) > 1 else "trump"] = trump
    if not seat.isdigit():
        raise ParseError(f"expected the seat to lead (1, 2, ...), got {seat!r}",
                         f"{WHERE}, SEAT")
    obj["leader"] = int(seat)
    if not hands:
        raise ParseError("no hands: give every hand, seat 1 first, separated by spaces",
                         f"{WHERE}, HANDS")
    obj["hands"] = [hand if hand == UNSEEN else "" if hand == EMPTY else _cards(hand)
                    for hand in hands.split()]
    obj["trick"] = ""
    options: dict[str, bool] = {}
    given: set[str] = set()
    for extra in extras:
        key, sep, value = (p.strip() for p in extra.partition("="))
        where = f"{WHERE}, {key or extra}"
        if not sep or not key:
            raise ParseError(f"expected KEY=VALUE, got {extra!r}", where)
        if key in given:
            raise ParseError("given twice", where)
        given.add(key)
        if key in ("trick", "seen"):
            obj[key] = "" if value == EMPTY else _cards(value)
        elif key == "turn":
            obj[key] = value
        elif key == "won":
            try:
                obj[key] = [int(w) for w in value.split(".")]
            except ValueError:
                raise ParseError(f"expected tricks per seat as 1.0.1, got {value!r}",
                                 where) from None
        elif key == "play":
            obj[key] = [_cards(trick) for trick in value.split("/")] if value else []
        elif value.lower() in ("true", "false"):
            options[key.replace("-", "_")] = value.lower() == "true"
        else:
            raise ParseError(f"unknown field (fields: {', '.join(FIELDS)}, or a rule option "
                             f"NAME=true or NAME=false), or not true or false: {value!r}",
                             where)
    obj["options"] = options
    return obj


def read_deal_string(text: str) -> PositionFile:
    """The position (and played record) of a deal string; no hand may be unseen.

    >>> read_deal_string("spoil-five:S:1:2S.3S ?")
    Traceback (most recent call last):
    ...
    jink.errors.ParseError: deal string, HANDS: seat 2's hand is unseen ("?"): ...
    """
    obj = parse_deal_string(text)
    for seat, hand in enumerate(obj["hands"]):
        if hand == UNSEEN:
            raise ParseError(f'seat {seat + 1}\'s hand is unseen ("?"): a position needs every '
                             "hand (jink odds takes views)", f"{WHERE}, HANDS")
    if "seen" in obj:
        raise ParseError("seen is for views (jink odds), not positions", f"{WHERE}, seen")
    try:
        return file_from_dict(obj)
    except ParseError as error:
        raise ParseError(str(error), WHERE) from None
    except PositionError as error:
        raise PositionError(f"{WHERE}: {error}") from None


def deal_string(position: Position | PositionFile) -> str:
    """The canonical deal string of a position (and its played record).

    >>> p = Position.create("spoil-five", "S", ["2S AH 5D", "KH 4C"], leader=1,
    ...                     won=[1, 1], trick="3S")
    >>> deal_string(p)
    'spoil-five:S:2:2S.AH.5D KH.4C:trick=3S:won=1.1'
    """
    file = position if isinstance(position, PositionFile) else PositionFile(position)
    p = file.position
    rules = p.rules
    if p.turnup is not None:
        trump = cards_text([p.turnup])
    elif p.trump is not None:
        trump = SUITS[p.trump]
    else:
        trump = EMPTY
    hands = " ".join(_dotted(hand_text(rules, hand)) for hand in p.hands)
    fields = [p.game.name, trump, str(p.leader + 1), hands]
    if p.trick:
        fields.append("trick=" + _dotted(cards_text(p.trick)))
    if any(p.won):
        fields.append("won=" + ".".join(str(w) for w in p.won))
    if p.turn is not None:
        fields.append("turn=" + cards_text([p.turn]))
    if file.play is not None:
        fields.append("play=" + "/".join(_dotted(cards_text(trick)) for trick in file.play))
    defaults = {o.name: o.default for o in p.game.options}
    fields += [f"{name}={'true' if value else 'false'}"
               for name, value in sorted(p.options.items()) if defaults.get(name) != value]
    return ":".join(fields)

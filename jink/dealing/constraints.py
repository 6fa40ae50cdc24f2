"""Constraints on a deal, as people write them: a TOML file or a few options.

A :class:`Constraints` names the game, the number of players, the trump
(``trump`` or ``turnup``, both optional), options, and for any seat the cards
it ``holds``, the cards it ``lacks`` and how many cards of a suit it holds::

    game = "spoil-five"
    players = 5
    turnup = "2S"
    [[seats]]
    seat = 1
    holds = "5S JS"
    trumps = ">=2"       # counts: "2", ">=2", "<=1", "1-3" (or a number)
    hearts = "0"         # void in hearts, as the game counts hearts

Suit counts are of the cards the game counts as that suit (:attr:`Rules.suit_masks`,
so the A♥ is a trump, never a heart, in Spoil Five). Several tables for one
seat all apply. Every mistake is a :class:`ConstraintError` or a
:class:`~jink.errors.ParseError` naming the key; :meth:`Constraints.rules`
turns the seat tables into the :class:`~jink.dealing.sampler.SeatRule` the
dealer reads, once the trump suit is known.

>>> spec = constraints_from_dict({"game": "spoil-five", "players": 3, "trump": "H",
...                               "seats": [{"seat": 1, "hearts": ">=2"}]})
>>> [c.text() for c in spec.rules()[0].counts]
['hearts 2-5']
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jink.cards import SUIT_NAMES, Card, Suit, card_name, cardset, parse_card, parse_cards
from jink.cards import parse_suit as _parse_suit
from jink.dealing.sampler import ConstraintError, Count, SeatRule
from jink.errors import ParseError, UnknownNameError
from jink.formats.inputs import loads_toml, read_text
from jink.games import Game, Rules, find_game

__all__ = ["SEAT_KEYS", "TOP_KEYS", "Constraints", "SeatSpec", "constraints_from_dict",
           "load_constraints", "parse_count", "seat_rules", "seat_spec_from_dict"]

TOP_KEYS = ("game", "players", "trump", "turnup", "options", "seats")
#: The count keys: ``trumps`` and the four suits by name.
COUNT_KEYS = ("trumps", *SUIT_NAMES)
SEAT_KEYS = ("seat", "holds", "lacks", *COUNT_KEYS)

_COUNT = re.compile(r"^\s*(?:(>=|<=|=|==)\s*)?(\d+)\s*(?:-\s*(\d+)\s*)?$")


def parse_count(value: object, where: str, most: int) -> tuple[int, int]:
    """A count as ``(low, high)``: ``"2"``, ``">=2"``, ``"<=1"``, ``"1-3"`` or a number.

    >>> parse_count(">=2", "trumps", 5), parse_count("1-3", "x", 5), parse_count(0, "x", 5)
    ((2, 5), (1, 3), (0, 0))
    """
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value)
    elif isinstance(value, str):
        text = value
    else:
        raise ParseError(f"expected a count such as \"2\", \">=2\", \"<=1\" or \"1-3\", "
                         f"got {value!r}", where)
    match = _COUNT.match(text)
    if match is None:
        raise ParseError(f"not a count: {text!r} (write \"2\", \">=2\", \"<=1\" or \"1-3\")",
                         where)
    op, first, second = match.groups()
    low = int(first)
    if second is not None:
        if op:
            raise ParseError(f"not a count: {text!r} (a range takes no {op})", where)
        high = int(second)
    elif op == ">=":
        high = most
        if low > most:
            raise ParseError(f"{text!r}: a hand holds {most} cards", where)
    elif op == "<=":
        low, high = 0, low
    else:
        high = low
    if low > high:
        raise ParseError(f"{text!r} is an empty range", where)
    return low, high


@dataclass(frozen=True)
class SeatSpec:
    """One ``[[seats]]`` table: a 0-based seat, cards held and lacked, suit counts.

    ``counts`` maps a count key (``trumps``, ``hearts``, ...) to ``(low, high)``.
    """

    seat: int
    holds: tuple[Card, ...] = ()
    lacks: tuple[Card, ...] = ()
    counts: tuple[tuple[str, int, int], ...] = ()


def seat_spec_from_dict(obj: Mapping[str, Any], where: str, hand_size: int) -> SeatSpec:
    """Read one seat table; ``where`` says which (``seats[2]``) in messages."""
    unknown = [k for k in obj if k not in SEAT_KEYS]
    if unknown:
        raise ParseError(f"unknown key {unknown[0]!r} (keys: {', '.join(SEAT_KEYS)})", where)
    seat = obj.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ParseError("give the seat, a number from 1: seat = 1", f"{where}, seat")
    if seat < 1:
        raise ParseError(f"seats are numbered from 1, not {seat}", f"{where}, seat")

    def cards(key: str) -> tuple[Card, ...]:
        value = obj.get(key, "")
        if not isinstance(value, str):
            raise ParseError(f"expected cards as a string, e.g. \"5S JS\", got {value!r}",
                             f"{where}, {key}")
        try:
            return tuple(parse_cards(value))
        except ParseError as error:
            raise ParseError(str(error), f"{where}, {key}") from None

    counts = []
    for key in COUNT_KEYS:
        if key in obj:
            low, high = parse_count(obj[key], f"{where}, {key}", hand_size)
            counts.append((key, low, high))
    return SeatSpec(seat - 1, cards("holds"), cards("lacks"), tuple(counts))


@dataclass(frozen=True)
class Constraints:
    """What a deal must be: game, players, trump, options and the seats' rules."""

    game: Game
    players: int
    trump: Suit | None = None
    turnup: Card | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    seats: tuple[SeatSpec, ...] = ()

    def __post_init__(self) -> None:
        # With no trump nor turn-up a game that allows none (Loo) is dealt as
        # a simple pool, the card to be turned dealt too; else a double pool.
        if not self.dealer_out:
            self.game.check_players(self.players,
                                    simple=self.trump is None and self.turnup is None)
        object.__setattr__(self, "options", self.game.check_options(self.options))
        if self.turnup is not None:
            if not self.game.deck >> self.turnup & 1:
                raise ConstraintError(f"turnup {card_name(self.turnup)} is not in the "
                                      f"{self.game.title} pack")
            suit = self.turnup // 13
            if self.trump is not None and self.trump != suit:
                raise ConstraintError(f"trump {SUIT_NAMES[self.trump]} and turnup "
                                      f"{card_name(self.turnup)} disagree")
            object.__setattr__(self, "trump", suit)
        for spec in self.seats:
            if spec.seat >= self.players:
                raise ConstraintError(f"seat {spec.seat + 1}: the deal has seats 1 to "
                                      f"{self.players}")
            if spec.seat >= self.in_play:
                raise ConstraintError(f"seat {spec.seat + 1}: with {self.players} at the "
                                      f"{self.game.title} table the dealer takes no cards "
                                      f"(Foster): seats 1 to {self.in_play} are dealt")
            outside = [c for c in (*spec.holds, *spec.lacks) if not self.game.deck >> c & 1]
            if outside:
                raise ConstraintError(f"seat {spec.seat + 1}: {card_name(outside[0])} is not "
                                      f"in the {self.game.title} pack")
            if self.turnup is not None and self.turnup in spec.holds:
                raise ConstraintError(f"seat {spec.seat + 1} holds {card_name(self.turnup)}, "
                                      "the turn-up")

    @property
    def dealer_out(self) -> bool:
        """Whether the dealer, the last of :attr:`players`, takes no cards (six
        at a Rams or Bierspiel table)."""
        return self.game.dealer_takes_no_cards(self.players)

    @property
    def in_play(self) -> int:
        """The seats of each position dealt: the players less a dealer who takes
        no cards. Everyone dealt cards plays (as in a Rams simple pool)."""
        return self.players - self.dealer_out

    @property
    def counts_suits(self) -> bool:
        """Whether any seat has a suit count (which needs the trump to be known)."""
        return any(spec.counts for spec in self.seats)

    def bound(self, trump: Suit | None = None) -> Rules:
        """The rules the counts are read with (``trump`` if the spec leaves it open)."""
        return self.game.bind(self.trump if self.trump is not None else trump, self.options,
                              self.in_play)

    def rules(self, trump: Suit | None = None) -> list[SeatRule]:
        """The seat tables as the dealer's rules, suits counted as the game counts them."""
        known = self.trump if self.trump is not None else trump
        if known is None and not self.game.allows_no_trump:
            if self.counts_suits:
                raise ConstraintError("suit counts need the trump suit: give trump or turnup")
            # Held and lacked cards do not depend on the trump: no rules needed.
            return [SeatRule(s.seat, cardset(s.holds), cardset(s.lacks)) for s in self.seats]
        return seat_rules(self.seats, self.bound(trump))


def seat_rules(specs: Sequence[SeatSpec], rules: Rules) -> list[SeatRule]:
    """Seat tables as the dealer's rules: each count's mask is the cards ``rules``
    count as that suit (:attr:`Rules.suit_masks`, :attr:`Rules.trump_mask`)."""
    out = []
    for spec in specs:
        counts = []
        for key, low, high in spec.counts:
            if key == "trumps":
                if rules.trump is None:
                    raise ConstraintError(f"seat {spec.seat + 1}: trumps counted, but there "
                                          "are no trumps yet (give trump or turnup)")
                mask = rules.trump_mask
            else:
                mask = rules.suit_masks[SUIT_NAMES.index(key)]
            counts.append(Count(key, mask, low, min(high, rules.game.hand_size)))
        out.append(SeatRule(spec.seat, cardset(spec.holds), cardset(spec.lacks),
                            tuple(counts)))
    return out


def _string(obj: Mapping[str, Any], key: str) -> str | None:
    value = obj.get(key)
    if value is not None and not isinstance(value, str):
        raise ParseError(f"expected a string, got {value!r}", key)
    return value


def constraints_from_dict(obj: Mapping[str, Any], source: str | None = None) -> Constraints:
    """Read constraints from their object form (a TOML document)."""
    def at(key: str) -> str:
        return f"{source}, {key}" if source else key

    unknown = [k for k in obj if k not in TOP_KEYS]
    if unknown:
        raise ParseError(f"unknown key {unknown[0]!r} (keys: {', '.join(TOP_KEYS)})",
                         at(unknown[0]))
    try:
        name = _string(obj, "game")
        game = find_game("spoil-five" if name is None else name)  # "": unknown, not the default
        players = obj.get("players")
        if players is None:
            raise ParseError("give the number of players: players = 5", at("players"))
        if not isinstance(players, int) or isinstance(players, bool):
            raise ParseError(f"expected a number, got {players!r}", at("players"))
        trump_text = _string(obj, "trump")
        turnup_text = _string(obj, "turnup")
        trump = _parse_suit(trump_text) if trump_text is not None else None
        turnup = parse_card(turnup_text) if turnup_text is not None else None
        options = obj.get("options", {})
        if not isinstance(options, Mapping):
            raise ParseError(f"expected a table, got {options!r}", at("options"))
        seats = obj.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, Mapping) for s in seats):
            raise ParseError("expected [[seats]] tables", at("seats"))
        specs = tuple(seat_spec_from_dict(s, at(f"seats[{i + 1}]"), game.hand_size)
                      for i, s in enumerate(seats))
        return Constraints(game, players, trump, turnup, dict(options), specs)
    except UnknownNameError as error:
        raise ParseError(str(error), source) from None


def load_constraints(path: str | Path) -> Constraints:
    """Read a constraints file (TOML)."""
    path = Path(path)
    obj = loads_toml(read_text(path), str(path))
    return constraints_from_dict(obj, str(path))


def parse_seat_cards(text: str, where: str) -> tuple[int, tuple[Card, ...]]:
    """``"1=5S,JS"``: a 1-based seat and cards (the ``--holds`` and ``--lacks`` form).

    >>> parse_seat_cards("2=AH", "--lacks")
    (1, (25,))
    """
    seat_text, sep, cards_part = text.partition("=")
    if not sep or not seat_text.strip().isdigit():
        raise ParseError(f"expected SEAT=CARDS, e.g. 1=5S,JS, got {text!r}", where)
    seat = int(seat_text)
    if seat < 1:
        raise ParseError(f"seats are numbered from 1, not {seat}", where)
    try:
        cards = tuple(parse_cards(cards_part))
    except ParseError as error:
        raise ParseError(str(error), where) from None
    if not cards:  # ("1=": a card list left out, not a rule about no cards)
        raise ParseError(f"{text.strip()!r} names no card: give SEAT=CARDS, e.g. 1=5S,JS", where)
    return seat - 1, cards


_SUIT_COUNT = re.compile(r"^\s*([a-z]+)\s*((?:>=|<=|=)?\s*\d+(?:\s*-\s*\d+)?)\s*$")


def parse_seat_counts(text: str, where: str, most: int
                      ) -> tuple[int, tuple[tuple[str, int, int], ...]]:
    """``"1:trumps>=2,hearts=0"``: a 1-based seat and its suit counts (``--suits``).

    >>> parse_seat_counts("3:trumps>=2, hearts=0", "--suits", 5)
    (2, (('trumps', 2, 5), ('hearts', 0, 0)))
    """
    seat_text, sep, rest = text.partition(":")
    if not sep or not seat_text.strip().isdigit() or int(seat_text) < 1:
        raise ParseError(f"expected SEAT:SUIT COUNT,..., e.g. 1:trumps>=2,hearts=0, "
                         f"got {text!r}", where)
    counts = []
    for item in (p for p in rest.split(",") if p.strip()):
        match = _SUIT_COUNT.match(item.lower())
        if match is None or match.group(1) not in COUNT_KEYS:
            raise ParseError(f"expected SUIT COUNT with SUIT one of {', '.join(COUNT_KEYS)}, "
                             f"got {item.strip()!r}", where)
        low, high = parse_count(match.group(2), where, most)
        counts.append((match.group(1), low, high))
    if not counts:
        raise ParseError(f"no suit counts in {text!r}", where)
    return int(seat_text) - 1, tuple(counts)

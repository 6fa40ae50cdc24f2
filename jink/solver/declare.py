"""Declaring to play: pass, play your own hand, take the widow, or general rams.

Rams, Rounce and Loo's double pools are played only by the seats that declare
to play; a seat that plays may first exchange its hand for the widow. Given
the deal as dealt (every hand at the table, the widow and the turn-up), the
seat asking, and which other seats play, every choice of that seat gives a
position of the seats in the play; each is solved double dummy and valued for
the seat asking.

What the rules add (RULINGS.md, Rams; Rounce follows Rams):

- The dealer must play when only one other seat plays; and when every seat
  but the pone has passed, the pone must play against the dealer (or pay the
  dealer five counters). So the dealer joins a seat that would play alone.
- In Rounce the widow has six cards and its taker discards one: the best
  discard is chosen (equivalent discards grouped).
- Rams only: a *general rams* puts every seat in the play and the announcer
  leads; he needs all five tricks (with his hand or the widow).
- Loo (double pools): three-card hands and a three-card widow; no duties.
- Rams and Rounce: the dealer, if he plays, may rob the turn-up (take it for
  a card of his hand). Given the turn-up, a dealer asking sees every way of
  robbing as a choice of its own (equivalent discards grouped); for another
  seat asking, the dealer robs or not as hurts that seat most, since under
  double dummy every other seat plays against the one asking.

Seats are 0-based here; the dealer is the last seat, the pone the one before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from jink.cards import Card, CardSet, Suit, card_name, cards_text, count, parse_cardset, suit_of
from jink.errors import PositionError
from jink.games import Game
from jink.position import Position
from jink.solver.limits import Limit
from jink.solver.rob import robbed_hands
from jink.solver.search import Tables, equivalent_groups
from jink.solver.solver import Solver, Verdict
from jink.solver.table import DEFAULT_MEMORY_MB

#: Widow sizes: the games whose seats declare to play.
WIDOW = {"rams": 5, "rounce": 6, "loo": 3}


@dataclass(frozen=True)
class Deal:
    """A deal as dealt: every hand at the table (seat 1 first), widow, trump."""

    game: Game
    trump: Suit
    hands: tuple[CardSet, ...]
    widow: CardSet
    #: The turned-up trump card, if known: the Rams or Rounce dealer may rob it.
    turnup: Card | None = None

    def __post_init__(self) -> None:
        name = self.game.name
        if name not in WIDOW:
            raise PositionError(f"{name}: no seat declares to play (declare is for Rams, "
                                "Rounce and Loo)")
        if count(self.widow) != WIDOW[name]:
            raise PositionError(f"a {self.game.title} widow has {WIDOW[name]} cards, "
                                f"not {count(self.widow)}")
        seen = self.widow
        for seat, hand in enumerate(self.hands):
            if count(hand) != self.game.hand_size:
                raise PositionError(f"seat {seat + 1} holds {count(hand)} cards, should "
                                    f"hold {self.game.hand_size}")
            if seen & hand:
                raise PositionError(f"{cards_text(seen & hand)} dealt twice (seat {seat + 1})")
            seen |= hand
        if seen & ~self.game.deck:
            raise PositionError(f"{cards_text(seen & ~self.game.deck)} not in the "
                                f"{self.game.title} pack")
        turnup = self.turnup
        if turnup is not None:
            if not self.game.deck >> turnup & 1:
                raise PositionError(f"the turn-up {card_name(turnup)} is not in the "
                                    f"{self.game.title} pack")
            if seen >> turnup & 1:
                raise PositionError(f"the turn-up {card_name(turnup)} is also in a hand or "
                                    "the widow: give the hands as dealt")
            if suit_of(turnup) != self.trump:
                raise PositionError(f"the turn-up {card_name(turnup)} is not of the trump "
                                    "suit")

    @property
    def dealer_robs(self) -> bool:
        """Whether the dealer, if he plays, may take the turn-up (Rams, Rounce)."""
        return self.turnup is not None and self.game.name in ("rams", "rounce")


@dataclass(frozen=True)
class Choice:
    """One thing the seat may do, and what it comes to."""

    name: str                      # pass, play, widow, general-rams, general-rams-widow
    allowed: bool
    note: str
    players: tuple[int, ...]       # the table seats in the play, in order
    discard: tuple[Card, ...] = ()
    verdict: Verdict | None = None
    #: The dealer asking robs the turn-up, discarding one of these (equivalent).
    rob: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"choice": self.name, "allowed": self.allowed,
                                  "note": self.note,
                                  "in_play": [s + 1 for s in self.players]}
        if self.discard:
            out["discard"] = [card_name(c) for c in self.discard]
        if self.rob:
            out["rob"] = [card_name(c) for c in self.rob]
        if self.verdict is not None:
            verdict = self.verdict.to_dict()
            verdict.pop("seat")
            out.update(verdict)
        return out


@dataclass(frozen=True)
class Declaration:
    """Every choice of ``seat`` given the seats in ``others`` play."""

    deal: Deal
    seat: int
    others: tuple[int, ...]
    choices: list[Choice]

    def to_dict(self) -> dict[str, object]:
        return {"game": self.deal.game.name, "seat": self.seat + 1,
                "others_play": [s + 1 for s in self.others],
                "choices": [c.to_dict() for c in self.choices]}


def in_play(deal: Deal, seats: Iterable[int]) -> tuple[int, ...]:
    """The seats in the play when ``seats`` declare: the dealer joins a seat
    that would otherwise play alone (Rams and Rounce)."""
    seats = set(seats)
    dealer = len(deal.hands) - 1
    if len(seats) == 1 and deal.game.name != "loo":
        seats.add(dealer)
    return tuple(sorted(seats))


def _position(deal: Deal, players: Sequence[int], hands: dict[int, CardSet],
              leader: int = 0) -> Position:
    return Position.create(deal.game, deal.trump, [hands.get(s, deal.hands[s]) for s in players],
                           leader=leader)


def declare(deal: Deal, seat: int, others: Iterable[int], limit: Limit | None = None,
            memory_mb: float = DEFAULT_MEMORY_MB) -> Declaration:
    """Value every choice of ``seat`` (0-based) when the seats ``others`` play.

    ``limit`` and ``memory_mb`` cover every choice's search together, as in
    :func:`~jink.solver.api.solve`.
    """
    n = len(deal.hands)
    others = tuple(sorted(set(others)))
    if not 0 <= seat < n or any(not 0 <= s < n for s in others):
        raise PositionError(f"seats run from 1 to {n}")
    if seat in others:
        raise PositionError(f"seat {seat + 1} is the seat asking, not one of the others")
    dealer, pone = n - 1, n - 2
    rams_like = deal.game.name != "loo"
    solver = Solver(limit, memory_mb)
    choices: list[Choice] = []

    # Passing.
    if rams_like and seat == dealer and len(others) == 1:
        choices.append(Choice("pass", False, "the dealer must play against a lone player",
                              others))
    elif rams_like and seat == dealer and not others:
        raise PositionError("the pone must play against the dealer when all the others "
                            "pass: give the seats that play")
    else:
        note = "takes no part: no tricks, no penalty"
        if rams_like and seat == pone and not others:
            note = "all the others passed: the pone who passes pays the dealer five counters"
        choices.append(Choice("pass", True, note, in_play(deal, others) if others else ()))

    def valued(name: str, note: str, players: tuple[int, ...], hands: dict[int, CardSet],
               discard: tuple[Card, ...] = (), leader: int = 0) -> None:
        """Add the choice, valued; with the dealer robbing where he may."""
        index = players.index(seat)
        robs = _robs(deal, hands.get(dealer, deal.hands[dealer])) \
            if deal.dealer_robs and dealer in players else []
        plain = solver.verdict(_position(deal, players, hands, leader), index)
        if seat == dealer or not robs:
            choices.append(Choice(name, True, note, players, discard, plain))
            for rob, hand in robs:  # the dealer asking: each way of robbing is a choice
                verdict = solver.verdict(_position(deal, players, {**hands, dealer: hand},
                                                   leader), index)
                choices.append(Choice(name, True, f"{note}; robs the turn-up, discarding "
                                      + " or ".join(map(card_name, rob)), players, discard,
                                      verdict, rob))
            return
        # Another seat asking: the dealer robs, or not, as hurts it most.
        worst = plain
        for _, hand in robs:
            position = _position(deal, players, {**hands, dealer: hand}, leader)
            worst = _worse(position, worst, solver.verdict(position, index))
        if worst != plain and deal.turnup is not None:
            note += f"; the dealer's rob of the {card_name(deal.turnup)} costs it"
        choices.append(Choice(name, True, note, players, discard, worst))

    players = in_play(deal, {seat, *others})
    own = deal.hands[seat]
    valued("play", "plays the hand dealt", players, {})
    for discard, hand in _widow_hands(deal):
        note = "takes the widow" + (", discarding " + " or ".join(map(card_name, discard))
                                    if discard else "")
        valued("widow", note, players, {seat: hand}, discard)
    if deal.game.name == "rams":
        everybody = tuple(range(n))
        for name, hand in (("general-rams", own), ("general-rams-widow", deal.widow)):
            valued(name, "announces all five and leads"
                   + (", with the widow" if hand != own else ""), everybody, {seat: hand},
                   leader=seat)
    return Declaration(deal, seat, others, choices)


def _robs(deal: Deal, hand: CardSet) -> list[tuple[tuple[Card, ...], CardSet]]:
    """The dealer's hands after robbing the turn-up from ``hand``, one per group
    of equivalent discards (no card of the deal ranks between them)."""
    assert deal.turnup is not None
    live = deal.widow | 1 << deal.turnup
    for other in deal.hands:
        live |= other
    return robbed_hands(deal.game.bind(deal.trump), hand, deal.turnup, live)


def _worse(position: Position, a: Verdict, b: Verdict) -> Verdict:
    """What a seat can force whichever of two positions it gets: the fewer
    tricks, and each question only if forceable in both."""
    most = min(a.max_tricks, b.max_tricks)
    answers = tuple((name, x and y) for (name, x), (_, y) in zip(a.answers, b.answers,
                                                                  strict=True))
    extras = tuple(position.game.extras(most, position.players, position.options).items())
    return Verdict(a.seat, most, answers, extras)


def _widow_hands(deal: Deal) -> list[tuple[tuple[Card, ...], CardSet]]:
    """The hands the widow can make: itself, or (Rounce) itself less one card,
    one choice per group of equivalent discards."""
    size = deal.game.hand_size
    if count(deal.widow) == size:
        return [((), deal.widow)]
    rules = deal.game.bind(deal.trump)
    live = deal.widow
    for hand in deal.hands:
        live |= hand
    return [(tuple(group), deal.widow & ~(1 << group[0]))
            for group in equivalent_groups(Tables.of(rules), deal.widow, live)]


def deal_from_text(game: Game, trump: Suit, hands: Sequence[str], widow: str,
                   turnup: Card | None = None) -> Deal:
    """A deal from card names (each hand and the widow)."""
    return Deal(game, trump, tuple(parse_cardset(h) for h in hands), parse_cardset(widow),
                turnup)


"""Declaring to play: pass, play your own hand, take the widow, or general rams.

Rams, Rounce, Bierspiel and Loo's double pools are played only by the seats
that declare to play; a seat that plays may first exchange its hand for the
widow. Given the deal as dealt (every hand at the table, the widow and the
turn-up), the seat asking, which other seats play, and which earlier seat (if
any) took the widow, every choice of that seat gives a position of the seats
in the play; each is solved double dummy and valued for the seat asking.

What the rules add (RULINGS.md, Rams 2 and Loo 6; the game's fields say which
apply: :attr:`Game.widow`, :attr:`Game.declaring`, :attr:`Game.dealer_robs`,
:attr:`Game.general_rams`):

- Only one seat takes the widow. A seat before the one asking that took it
  plays it, and the seat asking may not take it. A seat after him that plays
  may take it if he left it: under double dummy every other seat plays
  against the one asking, so each such seat takes it, or not, as hurts him
  most (and the dealer, the last, too).
- Rams' rule: the dealer must play when only one other seat plays; when
  every seat but the pone has passed, the pone must play against the dealer
  (or pay the dealer five counters). So the dealer joins a seat that would
  play alone.
- Loo's rule (double pools): against a lone stander the dealer stands, takes
  the widow (the miss), or else plays the miss for the pool; whatever he
  does, he is in the play. When everybody before him threw up he takes the
  pool; when the only one still in holds the miss, the dealer may throw up
  and the miss's holder takes the pool.
- In Rounce the widow has six cards and its taker discards one: the best
  discard is chosen by its taker when asking (equivalent discards grouped),
  the worst for the seat asking when another seat takes it.
- General rams: every seat plays and the announcer leads; he needs all five
  tricks (with his hand or, if nobody took it, the widow). A seat after him
  that has not yet refused the widow may take it against him. Rams' payment
  (Foster) replaces the pool share: all the pool and five counters from each
  player, or, failing, he doubles the pool and pays five to each.
- The dealer, if he plays, may rob the turn-up (take it for a card of his
  hand). Given the turn-up, a dealer asking sees every way of robbing as a
  choice of its own (equivalent discards grouped); for another seat asking,
  the dealer robs or not as hurts that seat most.

Seats are 0-based here; the dealer is the last seat, the pone the one before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from jink.cards import Card, CardSet, Suit, card_name, cards_text, count, parse_cardset, suit_of
from jink.errors import PositionError
from jink.games import GAMES, Declaring, Game
from jink.position import Position
from jink.solver.limits import Limit
from jink.solver.rob import robbed_hands
from jink.solver.search import Tables, equivalent_groups
from jink.solver.solver import Solver, Verdict
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.words import plural

#: One way the other seats in the play hold their cards (seat -> hand, where
#: not as dealt), and what it is, for a note ("" for the hands as dealt).
Holding = tuple[dict[int, CardSet], str]


@dataclass(frozen=True)
class Deal:
    """A deal as dealt: every hand at the table (seat 1 first), widow, trump."""

    game: Game
    trump: Suit
    hands: tuple[CardSet, ...]
    widow: CardSet
    #: The turned-up trump card, if known: a dealer who plays may rob it
    #: where the game says so (:attr:`Game.dealer_robs`).
    turnup: Card | None = None

    def __post_init__(self) -> None:
        game = self.game
        if not game.widow:
            names = ", ".join(g.title for g in GAMES.values() if g.widow)
            raise PositionError(f"{game.name}: no seat declares to play (declare is for "
                                f"{names})")
        low, high = game.table
        if not low <= len(self.hands) <= high:
            raise PositionError(f"{game.title} declaring takes {low} to {high} hands at the "
                                f"table, not {len(self.hands)}")
        if count(self.widow) != game.widow:
            raise PositionError(f"a {game.title} widow has {game.widow} cards, "
                                f"not {count(self.widow)}")
        seen = self.widow
        for seat, hand in enumerate(self.hands):
            if count(hand) != game.hand_size:
                raise PositionError(f"seat {seat + 1} holds {plural(count(hand), 'card')}, should "
                                    f"hold {game.hand_size}")
            if seen & hand:
                raise PositionError(f"{cards_text(seen & hand)} dealt twice (seat {seat + 1})")
            seen |= hand
        if seen & ~game.deck:
            raise PositionError(f"{cards_text(seen & ~game.deck)} not in the "
                                f"{game.title} pack")
        turnup = self.turnup
        if turnup is not None:
            game.check_turnup(turnup)
            if not game.deck >> turnup & 1:
                raise PositionError(f"the turn-up {card_name(turnup)} is not in the "
                                    f"{game.title} pack")
            if seen >> turnup & 1:
                raise PositionError(f"the turn-up {card_name(turnup)} is also in a hand or "
                                    "the widow: give the hands as dealt")
            if suit_of(turnup) != self.trump:
                raise PositionError(f"the turn-up {card_name(turnup)} is not of the trump "
                                    "suit")

    @property
    def dealer_robs(self) -> bool:
        """Whether the dealer, if he plays, may take the turn-up (Rams' rule)."""
        return self.turnup is not None and self.game.dealer_robs


@dataclass(frozen=True)
class Choice:
    """One thing the seat may do, and what it comes to."""

    name: str                      # pass, play, widow, general-rams, general-rams-widow, pool
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
    #: The seat before ``seat`` that took the widow, if any.
    widow_taker: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {"game": self.deal.game.name, "seat": self.seat + 1,
                "others_play": [s + 1 for s in self.others],
                "widow_taken_by": None if self.widow_taker is None else self.widow_taker + 1,
                "choices": [c.to_dict() for c in self.choices]}


def in_play(deal: Deal, seats: Iterable[int]) -> tuple[int, ...]:
    """The seats in the play when ``seats`` declare: the dealer joins a seat
    that would otherwise play alone (Rams' rule; in Loo he stands, takes the
    miss or plays it for the pool: he is in the play whichever he does)."""
    seats = set(seats)
    if len(seats) == 1:
        seats.add(len(deal.hands) - 1)
    return tuple(sorted(seats))


def _position(deal: Deal, players: Sequence[int], hands: dict[int, CardSet],
              leader: int = 0) -> Position:
    return Position.create(deal.game, deal.trump, [hands.get(s, deal.hands[s]) for s in players],
                           leader=leader)


def _who(seat: int, dealer: int) -> str:
    return "the dealer" if seat == dealer else f"seat {seat + 1}"


def declare(deal: Deal, seat: int, others: Iterable[int], limit: Limit | None = None,
            widow_taker: int | None = None,
            memory_mb: float = DEFAULT_MEMORY_MB) -> Declaration:
    """Value every choice of ``seat`` (0-based) when the seats ``others`` play
    and ``widow_taker`` (one of them, before ``seat``), if any, took the widow.

    ``limit`` and ``memory_mb`` cover every choice's search together, as in
    :func:`~jink.solver.api.solve`.
    """
    game = deal.game
    n = len(deal.hands)
    others = tuple(sorted(set(others)))
    if not 0 <= seat < n or any(not 0 <= s < n for s in others):
        raise PositionError(f"seats run from 1 to {n}")
    if seat in others:
        raise PositionError(f"seat {seat + 1} is the seat asking, not one of the others")
    if widow_taker is not None:
        if widow_taker not in others:
            raise PositionError(f"seat {widow_taker + 1} took the widow, so plays: give it "
                                "among the seats that play")
        if widow_taker > seat:
            raise PositionError(f"seat {widow_taker + 1} declares after seat {seat + 1}: a "
                                "later seat takes the widow or not as hurts the seat asking "
                                "most; give only an earlier seat that took it")
    dealer, pone = n - 1, n - 2
    rams_rule = game.declaring is Declaring.RAMS
    loo_rule = game.declaring is Declaring.LOO
    solver = Solver(limit, memory_mb)
    choices: list[Choice] = []
    widows = _widow_hands(deal)

    # Passing.
    dealer_alone = seat == dealer and not others
    if rams_rule and dealer_alone:
        raise PositionError("the pone must play against the dealer when all the others "
                            "pass: give the seats that play")
    if loo_rule and dealer_alone:
        choices.append(Choice("pool", True, "everybody before the dealer threw up: the dealer "
                              "takes the pool without play", ()))
        return Declaration(deal, seat, others, choices, widow_taker)
    if rams_rule and seat == dealer and len(others) == 1:
        choices.append(Choice("pass", False, "the dealer must play against a lone player",
                              others))
    elif loo_rule and seat == dealer and len(others) == 1:
        lone = others[0]
        if widow_taker == lone:
            choices.append(Choice("pass", True, f"throws up: seat {lone + 1}, holding the "
                                  "widow, takes the pool", ()))
        else:
            choices.append(Choice("pass", True, f"must play the widow for the pool against "
                                  f"seat {lone + 1}: what it wins stays in the pool, the "
                                  "dealer neither wins nor pays", (lone, dealer)))
    else:
        note = "takes no part: no tricks, no penalty"
        if rams_rule and seat == pone and not others:
            note = "all the others passed: the pone who passes pays the dealer five counters"
        choices.append(Choice("pass", True, note, in_play(deal, others) if others else ()))

    def holdings(players: tuple[int, ...], widow_left: bool) -> list[Holding]:
        """Every way the other seats in the play may hold their cards: an
        earlier taker's widow (each discard, where there is one), or a later
        seat's taking of a widow left to it, and the dealer's rob."""
        ways: list[Holding] = [({}, "")]
        if widow_taker is not None:
            ways = [({widow_taker: hand}, f"seat {widow_taker + 1}'s discard" if i else "")
                    for i, (_, hand) in enumerate(widows)]
        elif widow_left:
            for later in players:
                if later > seat:
                    ways += [({later: hand}, f"{_who(later, dealer)}'s taking the widow")
                             for _, hand in widows]
        if not deal.dealer_robs or dealer not in players or dealer == seat:
            return ways
        assert deal.turnup is not None
        robbing = f"the dealer's rob of the {card_name(deal.turnup)}"
        robbed: list[Holding] = []
        for hands, what in ways:
            robbed.append((hands, what))
            for _, hand in _robs(deal, hands.get(dealer, deal.hands[dealer])):
                robbed.append(({**hands, dealer: hand}, f"{what} and {robbing}" if what
                               else robbing))
        return robbed

    def valued(name: str, note: str, players: tuple[int, ...], mine: CardSet,
               discard: tuple[Card, ...] = (), leader: int = 0,
               takes_widow: bool = False) -> None:
        """Add the choice, valued at the worst the other seats' holdings make it
        (the seat asking is their target); the dealer asking robs as a choice."""
        index = players.index(seat)
        variants: list[tuple[tuple[Card, ...], CardSet]] = [((), mine)]
        if seat == dealer and deal.dealer_robs:
            variants += _robs(deal, mine)
        ways = holdings(players, widow_taker is None and not takes_widow)
        for rob, hand in variants:
            worst: Verdict | None = None
            costs: list[str] = []
            for hands, what in ways:
                position = _position(deal, players, {**hands, seat: hand}, leader)
                verdict = solver.verdict(position, index)
                if worst is None:
                    worst = verdict
                    continue
                worse = _worse(position, worst, verdict)
                if worse != worst and what and what not in costs:
                    costs.append(what)
                worst = worse
            assert worst is not None
            if name.startswith("general") and game.general_rams_worth is not None:
                succeeds = worst.max_tricks == game.tricks
                worth = game.general_rams_worth(succeeds, n)
                worst = Verdict(worst.seat, worst.max_tricks, worst.answers,
                                tuple(worth.items()))
                note += ("; succeeds: " if succeeds else "; fails: ") + ", ".join(
                    f"{key} {value}" for key, value in worth.items())
            said = note
            if rob:
                said += "; robs the turn-up, discarding " + " or ".join(map(card_name, rob))
            if costs:
                said += "; " + " or ".join(costs) + (" costs it" if len(costs) == 1
                                                     else " cost it")
            choices.append(Choice(name, True, said, players, discard, worst, rob))

    players = in_play(deal, {seat, *others})
    own = deal.hands[seat]
    alone = loo_rule and not others and seat != dealer
    valued("play", "plays the hand dealt" + ("; alone: the dealer stands, takes the widow "
                                              "or plays it for the pool" if alone else ""),
           players, own)
    if widow_taker is not None:
        choices.append(Choice("widow", False, f"seat {widow_taker + 1} took the widow",
                              players))
    else:
        for discard, hand in widows:
            note = "takes the widow" + (", discarding " + " or ".join(map(card_name, discard))
                                        if discard else "")
            if alone:
                note += (f"; alone: the dealer stands (if he throws up, seat {seat + 1} "
                         "takes the pool)")
            valued("widow", note, players, hand, discard, takes_widow=True)
    if game.general_rams:
        everybody = tuple(range(n))
        valued("general-rams", "announces all five and leads", everybody, own, leader=seat)
        if widow_taker is None:
            for discard, hand in widows:
                valued("general-rams-widow", "announces all five and leads, with the widow",
                       everybody, hand, discard, leader=seat, takes_widow=True)
    return Declaration(deal, seat, others, choices, widow_taker)


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
    most = min(a.exact_max_tricks, b.exact_max_tricks)
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

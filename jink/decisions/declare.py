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

- The pone whom every other seat before the dealer leaves alone must play
  against the dealer or pay him (Rams, Rounce: the ledger's ``pone_pays``);
  his pass is scored so. Where the books are crosses (Bierspiel) each such
  penalty is a fresh cross (RULINGS Bierspiel 4): the pone's pass, a choice
  that can be held to no trick and a general rams that can be made to fail
  are worth :attr:`Game.penalty_worth`. In a Rams simple every player plays; with the
  option ``eldest_must_play`` ("in some clubs") the eldest may not pass.
- With six at a Rams or Bierspiel table the dealer takes no cards
  (:attr:`Game.dealer_out_at`): he neither declares, plays nor robs. A seat
  that would play alone has nobody to play against, so the deal is not
  played: the pool stays and nobody pays (RULINGS Rams 5); such a choice
  has no verdict, as a pass has none.

Seats are 0-based here; the dealer is the last seat, the pone the one before.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jink.analysis.instead import worth_words
from jink.cards import (
    NO_CARDS,
    Card,
    CardSet,
    Suit,
    card_name,
    cards_text,
    count,
    parse_cardset,
    suit_of,
)
from jink.decisions import declaring
from jink.decisions.declaring import DealerPass, Unplayed
from jink.decisions.rob import robbed_hands
from jink.errors import PositionError
from jink.games import GAMES, Declaring, Game
from jink.games.ledger import LedgerKind
from jink.position import Position
from jink.solver.limits import Limit
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
    #: The game's rule options (the play's, and declaring's own such as
    #: ``eldest_must_play``); checked against the game.
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        game = self.game
        if not game.widow:
            names = ", ".join(g.title for g in GAMES.values() if g.widow)
            raise PositionError(f"{game.name}: no seat declares to play (declare is for "
                                f"{names})")
        object.__setattr__(self, "options", game.check_options(self.options))
        low, high = game.table
        n = len(self.hands)
        if not low <= n <= high:
            raise PositionError(f"{game.title} declaring takes {low} to {high} hands at the "
                                f"table, not {n}")
        if count(self.widow) != game.widow:
            raise PositionError(f"a {game.title} widow has {game.widow} cards, "
                                f"not {count(self.widow)}")
        if self.dealer_out and self.hands[-1]:
            raise PositionError(f"with {n} at the table the {game.title} dealer takes no "
                                f"cards (Foster): his hand, seat {n}, is empty (\"-\")")
        seen = self.widow
        for seat, hand in enumerate(self.hands):
            if self.dealer_out and seat == n - 1:
                continue
            if not hand and game.dealer_out_at:
                raise PositionError(f"seat {seat + 1} holds no cards: only the dealer, and "
                                    f"only with {game.dealer_out_at} at the table, takes "
                                    "none")
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
    def dealer_out(self) -> bool:
        """Whether the dealer takes no cards (Rams at six): he neither declares,
        plays nor robs."""
        return self.game.dealer_takes_no_cards(len(self.hands))

    @property
    def dealer_robs(self) -> bool:
        """Whether the dealer, if he plays, may take the turn-up (Rams' rule)."""
        return declaring.dealer_robs(self.game, len(self.hands), self.turnup)


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
    #: Counters the seat asking pays (negative) by this choice without any
    #: play: a lone pone declining against the dealer pays him (Foster).
    counters: int | None = None
    #: The same where the game keeps crosses, not counters: the points added
    #: to his score (negative), a fresh cross (Bierspiel).
    points: int | None = None

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"choice": self.name, "allowed": self.allowed,
                                  "note": self.note,
                                  "in_play": [s + 1 for s in self.players]}
        if self.discard:
            out["discard"] = [card_name(c) for c in self.discard]
        if self.rob:
            out["rob"] = [card_name(c) for c in self.rob]
        if self.counters is not None:
            out["counters"] = self.counters
        if self.points is not None:
            out["points"] = self.points
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
    #: Whether the pool is a simple, where every player must play.
    simple: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"game": self.deal.game.name, "seat": self.seat + 1,
                "table": len(self.deal.hands), "simple": self.simple,
                "others_play": [s + 1 for s in self.others],
                "widow_taken_by": None if self.widow_taker is None else self.widow_taker + 1,
                "choices": [c.to_dict() for c in self.choices]}


def in_play(deal: Deal, seats: Iterable[int]) -> tuple[int, ...]:
    """The seats in the play when ``seats`` declare (:func:`jink.decisions.declaring.in_play`)."""
    return declaring.in_play(deal.game, len(deal.hands), seats)


def simple_pools_declared(game: Game) -> bool:
    """Whether the game has simple pools in which the players still declare
    (Rams: everyone must play by the usual custom). A Loo simple pool has no
    widow and nobody declares; Rounce has no simples ("all pools are alike")."""
    return (game.ledger is not None and game.ledger.simple_pools
            and game.declaring is Declaring.RAMS)


def _position(deal: Deal, players: Sequence[int], hands: dict[int, CardSet],
              leader: int = 0) -> Position:
    return Position.create(deal.game, deal.trump, [hands.get(s, deal.hands[s]) for s in players],
                           leader=leader, options=deal.options)


def _who(seat: int, dealer: int) -> str:
    return "the dealer" if seat == dealer else f"seat {seat + 1}"


def declare(deal: Deal, seat: int, others: Iterable[int], limit: Limit | None = None,
            widow_taker: int | None = None,
            memory_mb: float = DEFAULT_MEMORY_MB, simple: bool = False) -> Declaration:
    """Value every choice of ``seat`` (0-based) when the seats ``others`` play
    and ``widow_taker`` (one of them, before ``seat``), if any, took the widow.
    ``simple``: the pool is a simple, where every player must play (Rams, by
    Foster's "usual custom"): ``others`` are then every other seat dealt.

    ``limit`` and ``memory_mb`` cover every choice's search together, as in
    :func:`~jink.analysis.solve.solve`.

    >>> from jink.games import find_game
    >>> dealt = deal_from_text(
    ...     find_game("rams"), 1,
    ...     ["AH KH 8C 9C TS", "QH JH AC KC 7S", "7H AS KS QS JS", "8H 9H TH 7D 8D"],
    ...     "AD KD QD JD TD")
    >>> [(c.name, c.players) for c in declare(dealt, 0, [2]).choices][:3]
    [('pass', (2, 3)), ('play', (0, 2)), ('widow', (0, 2))]
    """
    game = deal.game
    n = len(deal.hands)
    others = tuple(sorted(set(others)))
    if not 0 <= seat < n or any(not 0 <= s < n for s in others):
        raise PositionError(f"seats run from 1 to {n}")
    if seat in others:
        raise PositionError(f"seat {seat + 1} is the seat asking, not one of the others")
    if deal.dealer_out and n - 1 in (seat, *others):
        raise PositionError(f"with {n} at the table the dealer, seat {n}, takes no cards: he "
                            "neither declares nor plays")
    dealt = tuple(s for s in range(n) if not (deal.dealer_out and s == n - 1))
    if simple:
        if not simple_pools_declared(game):
            raise PositionError(f"{game.title} has no simple pools in which players declare"
                                + (" (a simple pool has no widow: every player plays)"
                                   if game.ledger is not None and game.ledger.simple_pools
                                   else ""))
        missing = [s for s in dealt if s != seat and s not in others]
        if missing:
            raise PositionError(f"the pool is a simple, so every player plays: seat "
                                f"{missing[0] + 1} is not among the seats that play")
    eldest_plays = declaring.eldest_must_play(deal.options)
    if eldest_plays and seat != 0 and 0 not in others:
        raise PositionError("seat 1, the eldest hand, must play (option eldest_must_play): "
                            "give him among the seats that play")
    if widow_taker is not None:
        if widow_taker not in others:
            raise PositionError(f"seat {widow_taker + 1} took the widow, so plays: give it "
                                "among the seats that play")
        if widow_taker > seat:
            raise PositionError(f"seat {widow_taker + 1} declares after seat {seat + 1}: a "
                                "later seat takes the widow or not as hurts the seat asking "
                                "most; give only an earlier seat that took it")
    dealer, pone = n - 1, n - 2
    loo_rule = game.declaring is Declaring.LOO
    solver = Solver(limit, memory_mb)
    choices: list[Choice] = []
    widows = _widow_hands(deal)

    # Passing.
    dealer_alone = seat == dealer and not others
    #: Whether every other seat before the dealer passes (the dealer's own
    #: choice comes after the seat asking's, whatever --playing says of it).
    none_before = seat != dealer and not [s for s in others if s != dealer]
    ledger = game.ledger
    unplayed = declaring.nobody_before_dealer(game, n)
    if unplayed is Unplayed.PONE and dealer_alone:
        raise PositionError("the pone must play against the dealer when all the others "
                            "pass: give the seats that play")
    if unplayed is Unplayed.POOL_TO_DEALER and dealer_alone:
        choices.append(Choice("pool", True, "everybody before the dealer threw up: the dealer "
                              "takes the pool without play", ()))
        return Declaration(deal, seat, others, choices, widow_taker)
    if simple:
        choices.append(Choice("pass", False, "the pool is a simple: every player must play "
                              "(Foster's usual custom)", in_play(deal, others)))
    elif eldest_plays and seat == 0:
        choices.append(Choice("pass", False, "the eldest hand must play, with his own hand or "
                              "the widow (option eldest_must_play)", in_play(deal, others)
                              if others else ()))
    elif seat == dealer and len(others) == 1 and not deal.dealer_out:
        lone = others[0]
        passing = declaring.dealer_passing(game, widow_taker == lone)
        if passing is DealerPass.MUST_PLAY:
            choices.append(Choice("pass", False, "the dealer must play against a lone player",
                                  others))
        elif passing is DealerPass.THROWS_UP:
            choices.append(Choice("pass", True, f"throws up: seat {lone + 1}, holding the "
                                  "widow, takes the pool", ()))
        else:
            choices.append(Choice("pass", True, f"must play the widow for the pool against "
                                  f"seat {lone + 1}: what it wins stays in the pool, the "
                                  "dealer neither wins nor pays", (lone, dealer)))
    elif none_before:
        # Nobody else before the dealer plays: passing, the seat asking leaves
        # the deal unplayed (or, Loo, the pool to the dealer).
        counters = points = None
        crosses = ledger is not None and ledger.kind is LedgerKind.CROSSES
        if unplayed is Unplayed.NOBODY:
            note = (f"nobody plays: with {n} at the table the dealer holds no cards; the "
                    "pool stays and nobody pays")
        elif unplayed is Unplayed.POOL_TO_DEALER:
            note = ("everybody before the dealer throws up: the dealer takes the pool "
                    "without play")
        elif seat == pone and ledger is not None and ledger.pone_pays and crosses:
            # Bierspiel: "All penalties are made by adding fresh crosses to
            # the delinquent's score" (RULINGS Bierspiel 4).
            points = -ledger.penalty
            note = (f"all the others passed: the pone must play against the dealer or take "
                    f"a fresh cross ({ledger.penalty} points); the deal is not played")
        elif seat == pone and ledger is not None and ledger.pone_pays:
            # Foster: "If all pass except the pone, he must play against the
            # dealer ... If he declines to play, he must pay the dealer five
            # counters, and the pool remains."
            counters = -ledger.penalty
            note = (f"all the others passed: the pone must play against the dealer or pay "
                    f"him {ledger.penalty} counters; the pool stays")
        elif seat == pone:
            note = "all the others passed: the deal is not played"
        else:
            note = ("takes no part: no tricks, no penalty; every other seat before the "
                    "dealer passes, so the deal is not played")
            if unplayed is Unplayed.PONE and ledger is not None and ledger.pone_pays:
                note += (" (the pone takes a fresh cross)" if crosses
                         else f" (the pone pays the dealer {ledger.penalty})")
        choices.append(Choice("pass", True, note, (), counters=counters, points=points))
    elif declaring.alone_unplayed(game, n, others):
        choices.append(Choice("pass", True, f"takes no part: seat {others[0] + 1} alone has "
                              f"nobody to play against (with {n} at the table the dealer "
                              "holds no cards), so the deal is not played; the pool stays, "
                              "nobody pays", ()))
    else:
        choices.append(Choice("pass", True, "takes no part: no tricks, no penalty",
                              in_play(deal, others)))

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
                # Won, every player at the table pays him; lost, he pays each
                # adversary: the seats dealt cards (Foster).
                worth = game.general_rams_worth(succeeds, n if succeeds else len(dealt))
                worst = Verdict(worst.seat, worst.max_tricks, worst.answers,
                                tuple(worth.items()))
            said = note
            if name.startswith("general") and game.general_rams_worth is not None:
                # Said per way of robbing (each its own verdict), not added up.
                said += ("; succeeds: " if succeeds else "; fails: ") + ", ".join(
                    worth_words(key, value) for key, value in worth.items())
            elif game.penalty_worth is not None and worst.max_tricks is not None and (
                    worst.max_tricks == 0 if not name.startswith("general")
                    else worst.max_tricks != game.tricks):
                # A fresh cross (Bierspiel): a player who plays and can be held
                # to no trick, or a general rams that can be made to fail.
                worst = Verdict(worst.seat, worst.max_tricks, worst.answers,
                                tuple(game.penalty_worth().items()))
                said += ("; fails" if name.startswith("general") else
                         "; held to no trick") + ", a penalty: " + ", ".join(
                    _penalty_words(key, value) for key, value in worst.extras)
            if rob:
                said += "; robs the turn-up, discarding " + " or ".join(map(card_name, rob))
            if costs:
                said += "; " + " or ".join(costs) + (" costs it" if len(costs) == 1
                                                     else " cost it")
            choices.append(Choice(name, True, said, players, discard, worst, rob))

    players = in_play(deal, {seat, *others})
    own = deal.hands[seat]
    alone = loo_rule and not others and seat != dealer
    if not players:
        # Alone at six: nobody can play against him, so the deal is not
        # played whatever he holds (RULINGS Rams 5): no verdict, no payment.
        alone_note = (f"; alone, he has nobody to play against (with {n} at the table the "
                      "dealer holds no cards): the deal is not played, the pool stays and "
                      "nobody pays")
        choices.append(Choice("play", True, "plays the hand dealt" + alone_note, ()))
        if widow_taker is None:
            choices.append(Choice("widow", True, "takes the widow" + alone_note, ()))
    else:
        valued("play", "plays the hand dealt" + ("; alone: the dealer stands, takes the "
                                                  "widow or plays it for the pool"
                                                  if alone else ""), players, own)
    if widow_taker is not None:
        choices.append(Choice("widow", False, f"seat {widow_taker + 1} took the widow",
                              players))
    elif players:
        for discard, hand in widows:
            note = "takes the widow" + (", discarding " + " or ".join(map(card_name, discard))
                                        if discard else "")
            if alone:
                note += (f"; alone: the dealer stands (if he throws up, seat {seat + 1} "
                         "takes the pool)")
            valued("widow", note, players, hand, discard, takes_widow=True)
    if game.general_rams:
        everybody = dealt
        valued("general-rams", "announces all five and leads", everybody, own, leader=seat)
        if widow_taker is None:
            for discard, hand in widows:
                valued("general-rams-widow", "announces all five and leads, with the widow",
                       everybody, hand, discard, leader=seat, takes_widow=True)
    return Declaration(deal, seat, others, choices, widow_taker, simple)


def _penalty_words(key: str, value: object) -> str:
    """A penalty in words: ``5 points added to his score`` (Bierspiel's fresh
    cross, a negative worth), else as :func:`worth_words` says it."""
    if isinstance(value, int) and value < 0 and key == "points":
        return f"{plural(-value, 'point')} added to his score"
    return worth_words(key, value)


def _robs(deal: Deal, hand: CardSet) -> list[tuple[tuple[Card, ...], CardSet]]:
    """The dealer's hands after robbing the turn-up from ``hand``, one per group
    of equivalent discards (no card of the deal ranks between them)."""
    assert deal.turnup is not None
    live = deal.widow | 1 << deal.turnup
    for other in deal.hands:
        live |= other
    return robbed_hands(deal.game.bind(deal.trump, deal.options), hand, deal.turnup, live)


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
    if not declaring.widow_discards(deal.game):
        return [((), deal.widow)]
    rules = deal.game.bind(deal.trump, deal.options)
    live = deal.widow
    for hand in deal.hands:
        live |= hand
    return [(tuple(group), deal.widow & ~(1 << group[0]))
            for group in equivalent_groups(Tables.of(rules), deal.widow, live)]


def deal_from_text(game: Game, trump: Suit, hands: Sequence[str], widow: str,
                   turnup: Card | None = None,
                   options: Mapping[str, Any] | None = None) -> Deal:
    """A deal from card names (each hand and the widow; ``-``: a dealer's hand
    of no cards, Rams at six)."""
    return Deal(game, trump, tuple(0 if h.strip() == NO_CARDS else parse_cardset(h)
                                   for h in hands), parse_cardset(widow), turnup,
                dict(options or {}))

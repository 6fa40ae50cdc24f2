"""Replaying a session: each deal checked, then settled by the game's books.

The books (:class:`Books`) hold every player's counters and the pool (or,
in games without counters, the score or the crosses). A deal is prepared
from its entry (the seats from the dealer, the decisions before the play,
the position of the seats in the play), its record checked card by card
(:func:`~jink.analysis.analyse.replay`), then settled by the keeper of the
game's :class:`~jink.games.ledger.LedgerKind`. A deal that breaks a rule
stops the evening there, with the ledger of the deals before it kept.
docs/session.md gives the rules of each kind of books.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jink.analysis.analyse import Played, replay
from jink.cards import (
    Card,
    CardSet,
    bit,
    card_name,
    cards_text,
    count,
    suit_of,
)
from jink.decisions.declaring import (
    DealerPass,
    Unplayed,
    alone_unplayed,
    dealer_passing,
    dealer_robs,
    eldest_must_play,
    in_play,
    nobody_before_dealer,
    widow_discards,
)
from jink.decisions.rob import kept_card, robber
from jink.errors import JinkError, PositionError
from jink.games import Declaring, Game
from jink.games.ledger import Ledger, LedgerKind
from jink.position import Position
from jink.session.file import MISDEAL_DEALS_AGAIN, DealEntry, Session
from jink.words import plural


class SessionError(PositionError):
    """A deal of the session that cannot be settled: where, and why."""


@dataclass
class Books:
    """Everything kept across deals."""

    holdings: dict[str, int]
    pool: int = 0
    #: Carried pool: whether the next deal starts a fresh pool (all put up).
    fresh: bool = True
    #: Score: points per side, games won per side.
    scores: dict[str, int] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    #: Crosses: points left per player, and who has paid for the beer.
    points: dict[str, int] = field(default_factory=dict)
    beer: list[str] = field(default_factory=list)

    def counters(self) -> int:
        """Every counter on the table: holdings and the pool."""
        return sum(self.holdings.values()) + self.pool

    def to_dict(self, ledger: Ledger) -> dict[str, object]:
        kind = ledger.kind
        if kind is LedgerKind.SCORE:
            return {"scores": dict(self.scores), "games": dict(self.games)}
        if kind is LedgerKind.CROSSES:
            return {"points": dict(self.points), "beer": list(self.beer)}
        return {"pool": self.pool, "holdings": dict(self.holdings)}


@dataclass
class DealResult:
    """One deal replayed and settled."""

    number: int
    dealer: str
    seats: list[str]                     # table seats, seat 1 first, the dealer last
    in_play: list[str]                   # the players of the position, in its seat order
    position: Position | None            # None: the deal was not played out
    play: tuple[tuple[Card, ...], ...]
    tricks: dict[str, int]
    events: list[str]
    books: dict[str, object]
    #: What each trick was worth to its taker (per player, for --analyse).
    value: Callable[[str, int], int] | None = None
    unit: str = "counters"
    analysis: Any = None
    costs: list[str] = field(default_factory=list)
    #: Each card that threw away a verdict, by name, with the cards that would
    #: have kept it and its worth (for --analyse).
    slips: list[str] = field(default_factory=list)
    #: Players whose tricks are not theirs to price (Loo: the dealer playing the miss).
    unpriced: list[str] = field(default_factory=list)
    #: The dealer misdealt: nothing was dealt or played.
    misdeal: bool = False
    #: The pool the deal was played for (games with a pool), to price its slips.
    pool: int | None = None

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "deal": self.number, "dealer": self.dealer, "seats": self.seats,
            "in_play": self.in_play, "tricks": self.tricks, "events": self.events,
            **self.books}
        if self.misdeal:
            out["misdeal"] = True
        if self.analysis is not None:
            out["analysis"] = {"summary": self.analysis.summary(),
                               "forceable": self.analysis.forceable,
                               "costs": self.costs, "slips": self.slips,
                               "losses": [self._loss(card) for card in self.analysis.cards
                                          if card.cost is not None]}
        return out


    def _loss(self, card: Any) -> dict[str, object]:
        """A card that lowered its side's sure tricks, priced, by its player."""
        data = card.to_dict()
        keys = ("trick", "seat", "card", "cost", "better", "better_cards")
        return {"player": self.in_play[card.seat], **{k: data[k] for k in keys if k in data}}


@dataclass
class Evening:
    """The session replayed: every deal settled, the standings, and the
    error that stopped it, if one did."""

    session: Session
    deals: list[DealResult]
    books: Books
    error: str | None = None

    @property
    def holdings(self) -> dict[str, int]:
        return dict(self.books.holdings)

    @property
    def last_dealer(self) -> str | None:
        """Who makes the evening's last deal: the player on the right of the
        first dealer (the one named before him), where the game says so."""
        ledger = self.session.game.ledger
        if ledger is None or not ledger.last_deal_right:
            return None
        players = self.session.players
        return players[(self.session.first_dealer - 1) % len(players)]

    def may_end(self) -> bool:
        """Whether the evening may end after the deals so far: the last of them
        was made by :attr:`last_dealer` (always, where the game has no such rule).
        A misdeal is no deal made: the last deal dealt counts."""
        last = self.last_dealer
        dealt = [d for d in self.deals if not d.misdeal]
        return last is None or (bool(dealt) and dealt[-1].dealer == last)

    def standings(self) -> dict[str, object]:
        ledger = self.session.game.ledger
        assert ledger is not None
        return self.books.to_dict(ledger)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "game": self.session.game.name, "players": list(self.session.players),
            "deals": [d.to_dict() for d in self.deals], "standings": self.standings()}
        if self.last_dealer is not None:
            out.update({"last_dealer": self.last_dealer, "may_end": self.may_end(),
                        "ended": self.session.ended})
        if self.error is not None:
            out["error"] = self.error
        return out


@dataclass
class Prepared:
    """A deal ready to replay: who plays which hand, and what the file decided."""

    seats: list[str]
    in_play: list[str]
    position: Position | None
    #: A deal not played out: what happened, and who takes the pool (Loo: the
    #: dealer when all throw up, or the holder of the miss) or, a lone pone
    #: declining (Rams), who pays the dealer.
    no_play: str | None = None
    taker: str | None = None
    pone: str | None = None
    general_rams: str | None = None
    #: Loo: the dealer plays the miss for the pool; what it wins stays.
    miss: str | None = None
    #: Whether the pool is a simple (the dealer's stake alone; Rams, Loo).
    simple: bool = False
    #: The decisions before the play, said (robs, passes, the widow, a general rams).
    notes: list[str] = field(default_factory=list)


# -- the deal before the play ------------------------------------------------------------

def _seats(session: Session, dealer: int) -> list[str]:
    n = len(session.players)
    return [session.players[(dealer + 1 + i) % n] for i in range(n)]


def _prepare(session: Session, entry: DealEntry, seats: list[str], books: Books) -> Prepared:
    game = session.game
    ledger = game.ledger
    assert ledger is not None
    n = len(seats)
    dealer = seats[-1]
    if len(entry.hands) != n:
        raise SessionError(f"{plural(len(entry.hands), 'hand')} for {n} players: give one "
                           f"hand per seat, {seats[0]} (on the dealer's left) first and the "
                           f"dealer, {dealer}, last")
    hands = dict(zip(seats, entry.hands, strict=True))
    simple = ledger.simple_pools and books.pool == ledger.stake
    options = session.options
    if not game.widow or (game.uses_turn and simple):
        # Everyone dealt plays: Spoil Five, Forty-Five, a Loo simple pool.
        for key, value in (("widow", entry.widow), ("passes", entry.passes or None),
                           ("widow_taken", entry.widow_taken), ("discard", entry.discard),
                           ("general_rams", entry.general_rams),
                           ("rob", None if game.robs_turnup else entry.rob)):
            if value is not None:
                why = "in a simple pool " if game.widow else ""
                raise SessionError(f"{key}: every player dealt plays {why}in {game.title}")
        if game.uses_turn:
            if entry.trump is not None or entry.turnup is not None:
                raise SessionError(f"the pool is a simple ({books.pool} counters): no trump "
                                   "is turned before the play; give turn, the card the "
                                   "dealer will turn")
            position = Position.create(game, None, entry.hands, options=options,
                                       turn=entry.turn)
            return Prepared(seats, seats, position, simple=True)
        if entry.turn is not None:
            raise SessionError(f"turn is for Loo simple pools, not {game.title}")
        hand_list = list(entry.hands)
        turnup = entry.turnup
        notes = []
        dealt = Position.create(game, entry.trump, hand_list, options=options, turnup=turnup)
        if turnup is not None and any(hand >> turnup & 1 for hand in hand_list):
            raise SessionError(f"the turn-up {card_name(turnup)} is also in a hand: give the "
                               "hands as dealt, and the robber's discard as rob")
        can_rob = turnup is not None and game.robs_turnup and _has_robber(dealt)
        if entry.rob is not None:
            if turnup is None or not can_rob:
                raise SessionError("rob: nobody may rob: robbing takes a turned ace, or the "
                                   "ace of trumps in a hand (give turnup)")
            who = robber(dealt)
            if not hand_list[who] >> entry.rob & 1:
                raise SessionError(f"rob: {card_name(entry.rob)} is not in the hand of "
                                   f"{seats[who]}, who robs")
            if entry.rob == kept_card(dealt):
                raise SessionError(f"rob: {seats[who]} robs with the ace of trumps, so keeps "
                                   "it")
            hand_list[who] = hand_list[who] & ~bit(entry.rob) | bit(turnup)
            notes.append(f"{seats[who]} robs the {card_name(turnup)}, discarding "
                         f"{card_name(entry.rob)}")
        elif can_rob and dealt.options.get("compulsory_rob"):
            raise SessionError(f"rob: {seats[robber(dealt)]} must rob (option "
                               "compulsory_rob): give the discard")
        position = Position.create(game, entry.trump, hand_list, options=options,
                                   turnup=turnup)
        return Prepared(seats, seats, position, notes=notes)
    # Declaring to play: Rams, Rounce, Bierspiel, a Loo double pool.
    if entry.turn is not None:
        raise SessionError("turn is for a Loo simple pool; this pool is a double "
                           f"({books.pool} counters): give the widow and the turn-up")
    if entry.widow is None:
        raise SessionError(f"no widow: a {game.title} deal has one of {game.widow} cards"
                           + (f" (the pool is a double, {books.pool} counters)"
                              if ledger.simple_pools else ""))
    if entry.trump is None and entry.turnup is None:
        raise SessionError("give the turn-up (or the trump suit)")
    trump = entry.trump if entry.trump is not None else suit_of(entry.turnup or 0)
    dealer_out = game.dealer_takes_no_cards(n)
    _check_dealt(game, entry, seats, dealer_out)
    passes = set(entry.passes)
    if dealer_out and dealer in passes:
        raise SessionError(f"passes: with {n} at the table {dealer}, the dealer, takes no "
                           "cards, so does not declare")
    if eldest_must_play(options) and seats[0] in passes:
        raise SessionError(f"passes: {seats[0]}, the eldest hand, must play, with his own "
                           "hand or the widow (option eldest_must_play)")
    rams = entry.general_rams
    if rams is not None:
        if not game.general_rams:
            raise SessionError(f"general_rams: there is no general rams in {game.title}")
        if passes:
            raise SessionError("passes: after a general rams every player must play")
    if (simple and ledger.simple_pools and not game.uses_turn and passes
            and session.ledger_options.get("compulsory_simple", False)):
        raise SessionError(f"passes: the pool is a simple ({books.pool} counters), so every "
                           "player must play (ledger option compulsory_simple)")
    others = [s for s in seats[:-1] if s not in passes]
    taker = entry.widow_taken
    if taker is not None and taker in passes:
        raise SessionError(f"widow_taken: {taker} passed, so took no widow")
    loo = game.declaring is Declaring.LOO
    if dealer_out and entry.rob is not None:
        raise SessionError(f"rob: with {n} at the table the dealer holds no cards, so "
                           "cannot rob")
    if not others:
        if taker is not None or entry.play:
            raise SessionError("every player before the dealer passed: the deal is not "
                               "played")
        unplayed = nobody_before_dealer(game, n)
        if unplayed is Unplayed.NOBODY:
            return Prepared(seats, [], None, no_play=f"every player passed (with {n} at the "
                            "table the dealer holds no cards)")
        if unplayed is Unplayed.POOL_TO_DEALER:
            return Prepared(seats, [], None, no_play=f"every player before the dealer threw "
                            f"up: {dealer}, the dealer, takes the pool", taker=dealer)
        return Prepared(seats, [], None, no_play="every player but the dealer passed",
                        pone=seats[-2])
    if alone_unplayed(game, n, [seats.index(s) for s in others]):
        # Nobody can play against him: the dealer, who must play against a
        # lone player, holds no cards. The deal is not played, the pool
        # stays and nobody pays (RULINGS Rams 5).
        lone = others[0]
        if entry.play:
            raise SessionError(f"{lone} alone declares to play and has nobody to play "
                               f"against (with {n} at the table the dealer holds no "
                               "cards): the deal is not played")
        if taker is not None and taker != lone:
            raise SessionError(f"widow_taken: {taker} does not play")
        if entry.discard is not None and taker is None:
            raise SessionError("discard: nobody took the widow")
        notes = [("pass: " + ", ".join(s for s in seats[:-1] if s in passes))]
        if taker is not None:
            notes.append(f"{taker} takes the widow")
        return Prepared(seats, [], None, no_play=f"{lone} alone declares to play, with nobody "
                        f"to play against (with {n} at the table the dealer holds no "
                        "cards)", simple=simple, notes=notes)
    miss = None
    if dealer in passes and len(others) == 1:
        passing = dealer_passing(game, taker == others[0])
        if passing is DealerPass.MUST_PLAY:
            raise SessionError(f"passes: {dealer}, the dealer, must play against a lone "
                               "player")
        if passing is DealerPass.THROWS_UP:
            if entry.play:
                raise SessionError("the dealer threw up against the holder of the miss: "
                                   "the deal is not played")
            return Prepared(seats, [], None, no_play=f"{dealer}, the dealer, throws up "
                            f"against {taker}, who holds the miss: {taker} takes the "
                            "pool", taker=taker)
        miss = dealer
    declared = others + ([dealer] if dealer not in passes and not dealer_out else [])
    playing = [seats[i] for i in in_play(game, n, [seats.index(s) for s in declared])]
    if taker is not None and taker not in playing:
        raise SessionError(f"widow_taken: {taker} does not play")
    if miss is not None and taker is not None:
        raise SessionError("the dealer plays the miss: nobody took it")
    held = {s: hands[s] for s in playing}
    widow = entry.widow
    if miss is not None:
        held[miss] = widow
    if taker is not None:
        if widow_discards(game):
            if entry.discard is None or not widow >> entry.discard & 1:
                raise SessionError(f"discard: {taker} takes the {game.widow}-card widow and "
                                   "discards one of its cards: name it")
            held[taker] = widow & ~bit(entry.discard)
        else:
            held[taker] = widow
    elif entry.discard is not None:
        raise SessionError("discard: nobody took the widow")
    if entry.rob is not None:
        if (entry.turnup is None or not dealer_robs(game, n, entry.turnup)
                or dealer not in playing or miss):
            raise SessionError("rob: only the dealer robs the turn-up, when he plays")
        if not held[dealer] >> entry.rob & 1:
            raise SessionError(f"rob: {card_name(entry.rob)} is not in the dealer's hand")
        held[dealer] = held[dealer] & ~bit(entry.rob) | bit(entry.turnup)
    leader = playing.index(rams) if rams is not None else 0
    position = Position.create(game, trump, [held[s] for s in playing], leader=leader,
                               options=options, turnup=entry.turnup)
    notes = []
    if rams is not None:
        notes.append(f"{rams} announces a general rams: everyone plays, {rams} leads")
    out = [s for s in seats if s in passes and s != miss]
    if out:
        notes.append(("throw up: " if loo else "pass: ") + ", ".join(out))
    if taker is not None:
        notes.append(f"{taker} takes the widow"
                     + (f", discarding {card_name(entry.discard)}"
                        if entry.discard is not None else ""))
    if miss is not None:
        notes.append(f"{miss}, the dealer, plays the miss for the pool")
    if entry.rob is not None and entry.turnup is not None:
        notes.append(f"{dealer}, the dealer, robs the {card_name(entry.turnup)}, discarding "
                     f"{card_name(entry.rob)}")
    return Prepared(seats, playing, position, general_rams=rams, miss=miss, simple=simple,
                    notes=notes)


def _has_robber(position: Position) -> bool:
    try:
        robber(position)
    except PositionError:
        return False
    return True


def _check_dealt(game: Game, entry: DealEntry, seats: list[str], dealer_out: bool) -> None:
    """Every hand, the widow and the turn-up: the right sizes, no card twice
    (``dealer_out``: the dealer takes no cards, Rams at six)."""
    seen: CardSet = 0
    if dealer_out and entry.hands[-1]:
        raise SessionError(f"with {len(seats)} at the table {seats[-1]}, the dealer, takes no "
                           f"cards (Foster): write his hand \"-\"")
    for name, hand in zip(seats, entry.hands, strict=True):
        if dealer_out and name == seats[-1]:
            continue
        if count(hand) != game.hand_size:
            raise SessionError(f"{name} holds {plural(count(hand), 'card')}, not "
                               f"{game.hand_size}")
        if seen & hand:
            raise SessionError(f"{cards_text(seen & hand)} dealt twice ({name})")
        seen |= hand
    widow = entry.widow or 0
    if count(widow) != game.widow:
        raise SessionError(f"a {game.title} widow has {game.widow} cards, not {count(widow)}")
    if seen & widow:
        raise SessionError(f"{cards_text(seen & widow)} dealt twice (the widow)")
    seen |= widow
    if entry.turnup is not None and seen >> entry.turnup & 1:
        raise SessionError(f"the turn-up {card_name(entry.turnup)} is also dealt")
    if seen & ~game.deck:
        raise SessionError(f"{cards_text(seen & ~game.deck)} not in the {game.title} pack")


# -- the books ---------------------------------------------------------------------------

def _ante(session: Session, books: Books, seats: list[str]) -> list[str]:
    """What goes into the pool before the deal."""
    ledger = session.game.ledger
    assert ledger is not None
    dealer = seats[-1]
    kind = ledger.kind
    if kind is LedgerKind.CARRIED_POOL:
        if session.ledger_options.get("dealer_puts_up_for_all"):
            put = ledger.stake * len(seats)
            _pay(books, dealer, put)
            return [f"{dealer} deals and puts up {put} for all"]
        if books.fresh:
            books.fresh = False
            for name in seats:
                _pay(books, name, ledger.stake)
            return [f"a fresh pool: each player puts up {ledger.stake}"]
        _pay(books, dealer, ledger.stake)
        return [f"{dealer} deals and adds {ledger.stake}"]
    if kind is LedgerKind.DIVIDED_POOL:
        _pay(books, dealer, ledger.stake)
        return [f"{dealer} deals and puts up {ledger.stake}"]
    return []


def _pay(books: Books, name: str, amount: int) -> None:
    books.holdings[name] -= amount
    books.pool += amount


def _take(books: Books, name: str, amount: int) -> None:
    books.holdings[name] += amount
    books.pool -= amount


def _transfer(books: Books, payer: str, payee: str, amount: int) -> None:
    books.holdings[payer] -= amount
    books.holdings[payee] += amount


def _winners(record: list[Played]) -> list[int]:
    """The position seat taking each trick, in order."""
    return [step.after.leader for step in record
            if step.after.tricks_done > step.before.tricks_done]


def _taken(prep: Prepared, record: list[Played]) -> tuple[list[str], dict[str, int]]:
    """Who took each trick, by name in order, and how many each player in the
    play took: what every keeper of the books starts from."""
    names = prep.in_play
    winners = [names[s] for s in _winners(record)]
    return winners, {name: winners.count(name) for name in names}


#: What settling a deal gives: what happened, what ``t`` tricks were worth to
#: a player (for --analyse; None: not priced), and the unit of that worth.
Settled = tuple[list[str], Callable[[str, int], int] | None, str]
Keeper = Callable[[Session, Books, Prepared, list[Played]], Settled]


def _carried_pool(session: Session, books: Books, prep: Prepared,
                  record: list[Played]) -> Settled:
    """Spoil Five: three tricks take the pool, a jink one from each other
    player too; a spoiled deal, or a jink tried and failed, carries it over."""
    game = session.game
    ledger = game.ledger
    assert ledger is not None
    names = prep.in_play
    winners, won = _taken(prep, record)
    done = len(winners)
    tricks = game.tricks
    events: list[str] = []
    need = game.pool or 3
    reached = next(((name, i + 1) for i in range(done)
                    for name in names if winners[:i + 1].count(name) == need
                    and winners[i] == name), None)
    pool = books.pool
    others = len(prep.seats) - 1

    def carried(name: str, t: int) -> int:
        return pool + (ledger.stake * others if t == tricks else 0) if t >= need else 0

    if reached is None:
        if done < tricks:
            raise SessionError(f"the record stops after trick {done}, nobody with "
                               f"{need} tricks: play the deal out")
        events.append(f"spoiled: nobody took {need} tricks; the pool of {pool} is "
                      "carried over")
        return events, carried, "counters"
    name, at = reached
    if won[name] == tricks:
        _take(books, name, pool)
        for other in prep.seats:
            if other != name:
                _transfer(books, other, name, ledger.stake)
        books.fresh = True
        events.append(f"{name} jinks: the pool of {pool} and {ledger.stake} from each "
                      f"other player ({ledger.stake * others})")
    elif at == done:
        _take(books, name, pool)
        books.fresh = True
        events.append(f"{name} takes the pool with {need} tricks: "
                      f"{plural(pool, 'counter')}")
    elif done < tricks:
        raise SessionError(f"the record stops after trick {done}: {name} took "
                           f"{need} tricks at trick {at} and went on, so must play the "
                           "jink out")
    else:
        events.append(f"spoiled: {name} took {need} tricks, went on for the jink and "
                      f"failed; the pool of {pool} is carried over")
    return events, carried, "counters"


def _score(session: Session, books: Books, prep: Prepared, record: list[Played]) -> Settled:
    """Forty-Five: 5 for three or four tricks, 10 for five (or 5 a trick, the
    losers' deducted); game at 45, then both scores start again. A side counts
    out: the trick that brings it to 45 wins the game at once, whatever the
    rest of the deal does (Foster: "the players count out; that is, if each
    side is 35 up, the first to win two tricks counts out")."""
    game = session.game
    ledger = game.ledger
    assert ledger is not None
    names = prep.in_play
    seats_won = _winners(record)
    end = record[-1].after if record else prep.position
    done = len(seats_won)
    tricks = game.tricks
    events: list[str] = []
    assert end is not None
    sides = game.sides(len(names))
    order = session.players.index
    side_names = [" & ".join(sorted((names[s] for s in side), key=order))
                  for side in sides]
    per_trick = bool(session.options.get("per_trick_scoring"))
    side_of = {seat: i for i, side in enumerate(sides) for seat in side}

    def score(t: int) -> int:
        if per_trick:
            return max(0, ledger.trick_points * (t - (tricks - t)))
        return ledger.points[1] if t == tricks else ledger.points[0] if 2 * t > tricks else 0

    def counted(t: int) -> int:
        """What ``t`` tricks taken so far count towards game during the play:
        each trick its points (the losers' tricks are deducted only when the
        deal is scored), or the odd trick's points once it is won."""
        if per_trick:
            return ledger.trick_points * t
        return score(t) if 2 * t > tricks else 0

    taken = [0] * len(sides)
    out: tuple[int, int] | None = None      # (side, trick) counting out
    for i, seat in enumerate(seats_won):
        side = side_of[seat]
        taken[side] += 1
        if books.scores[side_names[side]] + counted(taken[side]) >= ledger.game_points:
            out = (side, i + 1)
            break
    if out is None:
        if not end.is_over:
            raise SessionError(f"the record stops after trick {done}: play the deal out")
        for label, t in zip(side_names, taken, strict=True):
            points = score(t)
            if points:
                books.scores[label] += points
                events.append(f"{label} score {points} with {plural(t, 'trick')}")
    else:
        side, at = out
        label = side_names[side]
        reached = books.scores[label] + counted(taken[side])
        events.append(f"{label} count out at trick {at} with "
                      f"{plural(taken[side], 'trick')} ({reached})")
        if done > at:
            events.append(f"the tricks after trick {at} count for nothing: the game was "
                          "over")
        books.scores[label] = reached
    for label in side_names:
        if books.scores[label] >= ledger.game_points:
            books.games[label] += 1
            events.append(f"{label} win the game ({books.scores[label]}); a new game "
                          "begins")
            for other in books.scores:
                books.scores[other] = 0
            break

    def side_value(name: str, t: int) -> int:
        return score(t)

    return events, side_value, "points"


def _crosses(session: Session, books: Books, prep: Prepared, record: list[Played]) -> Settled:
    """Bierspiel: each trick wipes a point; the last with points left when all
    the others have wiped out pays for the beer. "All penalties are made by
    adding fresh crosses to the delinquent's score" (RULINGS Bierspiel 4):
    where Rams forfeits five counters (a player who plays and takes no
    trick, a failed general rams, the lone pone who declines), a fresh cross
    adds its points to that player's score."""
    game = session.game
    ledger = game.ledger
    assert ledger is not None
    names = prep.in_play
    winners, won = _taken(prep, record)
    end = record[-1].after if record else prep.position
    done = len(winners)
    events: list[str] = []
    penalty = ledger.penalty

    def fresh_cross(name: str, why: str) -> str:
        books.points[name] += penalty
        return (f"{name}{why}: a fresh cross, {plural(penalty, 'point')} added "
                f"({books.points[name]} left)")

    if prep.position is None:
        events = [f"{prep.no_play}: the deal is not played"]
        if prep.pone is not None and ledger.pone_pays and penalty:
            events.append(fresh_cross(prep.pone, ", the pone, declines against the dealer"))
        return events, None, ""
    if end is None or (not end.is_over and prep.general_rams is None):
        raise SessionError(f"the record stops after trick {done}: play the deal out")
    rams = prep.general_rams
    if rams is not None:
        lost = any(w != rams for w in winners)
        if not lost and done < game.tricks:
            raise SessionError(f"the record stops after trick {done}: a general rams is "
                               "played until the announcer loses a trick")
        if lost and winners[-1] != rams and winners.count(rams) != len(winners) - 1:
            raise SessionError("a general rams ends the moment the announcer loses a trick: "
                               "the record goes on after it")
    full = session.crosses * ledger.cross_points
    paid = False
    for name in winners:
        if paid:
            break
        books.points[name] = max(0, books.points[name] - 1)
        left = [p for p in session.players if books.points[p] > 0]
        if len(left) == 1:
            books.beer.append(left[0])
            events.append(f"{left[0]} is the last to wipe out his third cross and pays "
                          "for the beer; fresh crosses for all")
            for p in session.players:
                books.points[p] = full
            paid = True
    for name in names:
        if won[name]:
            events.insert(0, f"{name} wipes {plural(won[name], 'point')}")
    # The penalties: a fresh cross whatever the beer (the delinquency stands).
    if penalty and rams is not None and any(w != rams for w in winners):
        events.append(fresh_cross(rams, " loses the general rams"))
    elif penalty and rams is None:
        for name in names:
            if not won[name]:
                events.append(fresh_cross(name, " plays and takes no trick"))

    def crossed(name: str, t: int) -> int:
        return t - (penalty if t == 0 and rams is None else 0)

    return events, crossed, "points"


def _divided_pool(session: Session, books: Books, prep: Prepared,
                  record: list[Played]) -> Settled:
    """Rams, Rounce, Loo: a share of the pool per trick; ramsed or looed players
    pay into the next pool; the lone pone, the general rams, Loo's miss."""
    game = session.game
    ledger = game.ledger
    assert ledger is not None
    names = prep.in_play
    winners, won = _taken(prep, record)
    end = record[-1].after if record else prep.position
    done = len(winners)
    tricks = game.tricks
    events: list[str] = []
    pool = books.pool
    share = pool // tricks
    if prep.no_play is not None:
        if prep.pone is not None:
            dealer = prep.seats[-1]
            if ledger.pone_pays:
                _transfer(books, prep.pone, dealer, ledger.penalty)
                events.append(f"{prep.no_play} and {prep.pone}, the pone, declines against "
                              f"the dealer: pays {dealer} {ledger.penalty}; the pool stays")
            else:
                events.append(f"{prep.no_play}: the deal is not played; the pool stays")
        elif prep.taker is not None:
            events.append(f"{prep.no_play} ({pool})")
            _take(books, prep.taker, pool)
        else:
            events.append(f"{prep.no_play}: the deal is not played; the pool stays")
        return events, None, "counters"
    assert end is not None
    rams = prep.general_rams
    if rams is not None:
        lost = any(w != rams for w in winners)
        if not lost and done < tricks:
            raise SessionError(f"the record stops after trick {done}: a general rams is "
                               "played until the announcer loses a trick")
        if lost and winners[-1] != rams and winners.count(rams) != len(winners) - 1:
            raise SessionError("a general rams ends the moment the announcer loses a trick: "
                               "the record goes on after it")
        extra = ledger.general_rams
        if not lost:
            _take(books, rams, pool)
            for other in prep.seats:
                if other != rams:
                    _transfer(books, other, rams, extra)
            events.append(f"{rams} wins the general rams: the pool of {pool} and {extra} "
                          "from each other player")
        else:
            _pay(books, rams, pool)
            for other in prep.in_play:
                if other != rams:
                    _transfer(books, rams, other, extra)
            events.append(f"{rams} loses the general rams: doubles the pool ({pool} more) "
                          f"and pays {extra} to each adversary")
        return events, None, "counters"
    if not end.is_over:
        raise SessionError(f"the record stops after trick {done}: play the deal out")
    for name in names:
        if won[name] and name != prep.miss:
            _take(books, name, share * won[name])
            events.append(f"{name} takes {won[name]}/{tricks} of the pool: "
                          f"{share * won[name]}")
    if prep.miss is not None and won[prep.miss]:
        events.append(f"the miss takes {plural(won[prep.miss], 'trick')}: "
                      f"{share * won[prep.miss]} stay in the pool")
    fine = pool if session.ledger_options.get("unlimited") else ledger.penalty
    word = "looed" if game.uses_turn else "ramsed"
    for name in names:
        if not won[name] and name != prep.miss:
            _pay(books, name, fine)
            events.append(f"{name} is {word}: pays {fine} to the next pool")

    def divided(name: str, t: int) -> int:
        return share * t - (fine if t == 0 else 0)

    return events, divided, "counters"




#: The keeper of each kind of books.
KEEPERS: dict[LedgerKind, Keeper] = {
    LedgerKind.CARRIED_POOL: _carried_pool,
    LedgerKind.SCORE: _score,
    LedgerKind.CROSSES: _crosses,
    LedgerKind.DIVIDED_POOL: _divided_pool,
}


def _settle(session: Session, books: Books, prep: Prepared, record: list[Played]) -> Settled:
    """Settle a deal by the keeper of the game's kind of books."""
    ledger = session.game.ledger
    assert ledger is not None
    return KEEPERS[ledger.kind](session, books, prep, record)


# -- the evening ---------------------------------------------------------------------------

def play_deal(session: Session, books: Books, entry: DealEntry, dealer: int) -> DealResult:
    """Prepare, check and settle one deal (``books`` changed only if it is legal)."""
    seats = _seats(session, dealer)
    trial = copy.deepcopy(books)
    events = _ante(session, trial, seats)
    prep = _prepare(session, entry, seats, trial)
    record: list[Played] = []
    if prep.position is not None:
        if not entry.play:
            raise SessionError("no play: give play = [...], the tricks as played")
        try:
            record = replay(prep.position, entry.play)
        except JinkError as error:
            who = ", ".join(f"seat {i + 1} is {name}" for i, name in enumerate(prep.in_play))
            raise SessionError(f"{error} ({who})") from None
    events += prep.notes
    played_for = trial.pool
    settled, value, unit = _settle(session, trial, prep, record)
    books.__dict__.update(trial.__dict__)
    winners = [prep.in_play[s] for s in _winners(record)]
    ledger = session.game.ledger
    assert ledger is not None
    return DealResult(entry.number, seats[-1], seats, prep.in_play, prep.position, entry.play,
                      {name: winners.count(name) for name in prep.in_play}, events + settled,
                      books.to_dict(ledger), value, unit,
                      unpriced=[prep.miss] if prep.miss is not None else [], pool=played_for)


def misdeal(session: Session, books: Books, entry: DealEntry, dealer: int) -> DealResult:
    """A misdeal by the dealer of ``entry``: nothing is dealt or played. The
    deal passes to his left (Spoil Five's rule, and so Rams', Rounce's and
    Bierspiel's), he forfeiting the game's ``misdeal_forfeit`` to the current
    pool as he loses it (Loo: three, and the pool becomes a double), or, with
    the ledger option ``misdealer_deals_again`` and ``misdeal = "deals
    again"``, he forfeits ``deal_again_forfeit`` to the pool and deals again.
    He puts up no dealer's stake: he does not deal."""
    ledger = session.game.ledger
    assert ledger is not None
    seats = _seats(session, dealer)
    name = seats[-1]
    left = seats[0]
    events: list[str] = []
    if entry.misdeal == MISDEAL_DEALS_AGAIN:
        if not (ledger.deal_again_forfeit
                and session.ledger_options.get("misdealer_deals_again")):
            why = (" (ledger option misdealer_deals_again)" if ledger.deal_again_forfeit
                   else f": {session.game.title} has no such rule")
            raise SessionError(f"misdeal: {name} may not deal again{why}; the deal passes to "
                               f"{left}")
        _pay(books, name, ledger.deal_again_forfeit)
        events.append(f"{name} misdeals, forfeits {ledger.deal_again_forfeit} to the pool "
                      "and deals again")
    elif ledger.misdeal_forfeit:
        _pay(books, name, ledger.misdeal_forfeit)
        events.append(f"{name} misdeals: loses the deal, which passes to {left}, and "
                      f"forfeits {ledger.misdeal_forfeit} to the pool ({books.pool})")
    else:
        events.append(f"{name} misdeals: the deal passes to {left}")
    return DealResult(entry.number, name, seats, [], None, (), {}, events,
                      books.to_dict(ledger), misdeal=True)


def play_evening(session: Session, each: Callable[[DealResult], None] | None = None) -> Evening:
    """Replay every deal in order. A deal that cannot be settled stops the
    evening: :attr:`Evening.error` says which deal and why, and the ledger of
    the deals before it is kept. ``each`` is called on every settled deal."""
    ledger = session.game.ledger
    assert ledger is not None
    counters = session.counters if ledger.counters else 0
    books = Books({name: counters for name in session.players})
    if ledger.kind is LedgerKind.CROSSES:
        books.points = {name: session.crosses * ledger.cross_points for name in session.players}
    if ledger.kind is LedgerKind.SCORE:
        n = len(session.players)
        for side in session.game.sides(n):
            label = " & ".join(sorted((session.players[s] for s in side),
                                      key=session.players.index))
            books.scores[label] = books.games[label] = 0
    evening = Evening(session, [], books)
    try:
        # Where players declare, those at the table are not the seats in the
        # play (Rams at six: the dealer takes no cards).
        if not session.game.widow:
            session.game.check_players(len(session.players))
        else:
            low, high = session.game.table
            if not low <= len(session.players) <= high:
                raise PositionError(f"{session.game.title} takes {low} to {high} players at "
                                    f"the table, not {len(session.players)}")
    except JinkError as error:
        evening.error = str(error)
        return evening
    dealer = session.first_dealer
    for entry in session.deals:
        if entry.dealer is not None:
            dealer = session.players.index(entry.dealer)
        try:
            if entry.misdeal is not None:
                result = misdeal(session, books, entry, dealer)
            else:
                result = play_deal(session, books, entry, dealer)
        except JinkError as error:
            evening.error = f"deal {entry.number}: {error}"
            return evening
        evening.deals.append(result)
        if each is not None:
            each(result)
        if entry.misdeal != MISDEAL_DEALS_AGAIN:
            dealer = (dealer + 1) % len(session.players)
    if session.ended and not evening.may_end():
        first = session.players[session.first_dealer]
        made = (f"was made by {evening.deals[-1].dealer}" if evening.deals
                else "is not given")
        evening.error = (f"ended: the evening's last deal {made}; the rules require the "
                         f"player on the right of the first dealer, {first}, to make it: "
                         f"{evening.last_dealer} (Foster)")
    return evening

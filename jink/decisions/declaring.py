"""Who plays once the seats have declared: the rules of declaring, stated once.

Rams, Rounce, Bierspiel and Loo's double pools are played only by the seats
that declare to play. What their declarations come to is the game's
(:attr:`~jink.games.base.Game.declaring`, :attr:`~jink.games.base.Game.dealer_out_at`,
:attr:`~jink.games.base.Game.dealer_robs`, the widow's size): who joins a
lone player, what happens when nobody before the dealer plays, whether the
dealer may pass against a lone player. :mod:`jink.decisions.declare` values
each choice of a seat by these rules; an evening's play
(:mod:`jink.session.evening`) replays a deal's declarations by them. Seats
are 0-based, the dealer the last of ``table`` seats at the table.

>>> from jink.games import find_game
>>> rams = find_game("rams")
>>> in_play(rams, 4, [1]), in_play(rams, 6, [1]), in_play(rams, 4, [0, 2])
((1, 3), (), (0, 2))
>>> nobody_before_dealer(rams, 4), nobody_before_dealer(find_game("loo"), 4)
(<Unplayed.PONE: 'pone'>, <Unplayed.POOL_TO_DEALER: 'pool to dealer'>)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any

from jink.cards import Card
from jink.games import Declaring, Game


class Unplayed(Enum):
    """What comes of a deal in which no seat before the dealer declares to play."""

    #: The dealer holds no cards (Rams at six): nobody plays, the pool stays
    #: and nobody pays.
    NOBODY = "nobody"
    #: Loo: everybody before the dealer threw up, so the dealer takes the pool.
    POOL_TO_DEALER = "pool to dealer"
    #: Rams' rule: the deal is not played; the pone, left alone by the others,
    #: must play against the dealer or (where the books say, ``pone_pays``) pay him.
    PONE = "pone"


class DealerPass(Enum):
    """What the dealer's pass comes to when one other seat plays."""

    #: Rams' rule: the dealer may not pass; he must play against a lone player.
    MUST_PLAY = "must play"
    #: Loo: the lone player took the widow (the miss), so the dealer throws up
    #: and the lone player takes the pool without play.
    THROWS_UP = "throws up"
    #: Loo: the dealer, passing, plays the miss for the pool (what it wins
    #: stays in the pool).
    PLAYS_MISS = "plays the miss"


def in_play(game: Game, table: int, declared: Iterable[int]) -> tuple[int, ...]:
    """The seats in the play when ``declared`` declare, in seat order: the
    dealer joins a seat that would otherwise play alone (Rams' rule; in Loo he
    stands, takes the miss or plays it for the pool: he is in the play
    whichever he does), unless he holds no cards (Rams at six): nobody can
    play against the lone seat, so nobody plays (:func:`alone_unplayed`)."""
    seats = set(declared)
    if len(seats) == 1:
        if alone_unplayed(game, table, seats):
            return ()
        seats.add(table - 1)
    return tuple(sorted(seats))


def alone_unplayed(game: Game, table: int, declared: Iterable[int]) -> bool:
    """Whether the deal is not played because one seat alone declares and the
    dealer, who would have to play against him, holds no cards (RULINGS Rams
    5: at six the pone's and the dealer's duties lapse; the pool remains and
    nobody pays, as when everybody passes).

    >>> from jink.games import find_game
    >>> rams = find_game("rams")
    >>> alone_unplayed(rams, 6, [2]), alone_unplayed(rams, 5, [2]), alone_unplayed(rams, 6, [1, 2])
    (True, False, False)
    """
    return len(set(declared)) == 1 and game.dealer_takes_no_cards(table)


def nobody_before_dealer(game: Game, table: int) -> Unplayed:
    """What comes of a deal in which no seat before the dealer declares."""
    if game.dealer_takes_no_cards(table):
        return Unplayed.NOBODY
    if game.declaring is Declaring.LOO:
        return Unplayed.POOL_TO_DEALER
    return Unplayed.PONE


def dealer_passing(game: Game, lone_took_widow: bool) -> DealerPass:
    """What the dealer's pass comes to against one other seat in the play
    (``lone_took_widow``: that seat took the widow)."""
    if game.declaring is not Declaring.LOO:
        return DealerPass.MUST_PLAY
    return DealerPass.THROWS_UP if lone_took_widow else DealerPass.PLAYS_MISS


def dealer_robs(game: Game, table: int, turnup: Card | None) -> bool:
    """Whether the dealer, if he plays, may take the turn-up for a card of his
    hand (Rams' rule): a turn-up is known and he holds cards."""
    return turnup is not None and game.dealer_robs and not game.dealer_takes_no_cards(table)


def widow_discards(game: Game) -> bool:
    """Whether the widow's taker discards one of its cards (Rounce: a widow of
    six for a hand of five)."""
    return game.widow > game.hand_size


def eldest_must_play(options: Mapping[str, Any]) -> bool:
    """Whether the eldest hand may not pass (option ``eldest_must_play``, "in
    some clubs"): he plays his own hand or the widow."""
    return bool(options.get("eldest_must_play"))

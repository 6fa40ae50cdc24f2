"""What each game keeps across deals: its pool, counters, score or crosses, as data.

A :class:`Ledger` is the part of a game's rules that Foster gives for an
evening rather than a deal: what goes into the pool and when, what a trick
takes out of it, what a failure costs. :mod:`jink.session` keeps the books
by reading these fields; no code outside the game modules asks which game
it is keeping. Counters are whole numbers; a pool divided by tricks is always
a multiple of the tricks in a deal (Foster's fives and threes).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from jink.games.option import Option


class LedgerKind(Enum):
    """How a game's deals are settled (each kind is one keeper in jink.session)."""

    #: Spoil Five: a pool taken whole by three tricks, carried over when spoiled.
    CARRIED_POOL = "carried pool"
    #: Forty-Five: no pool, a score per side towards game.
    SCORE = "score"
    #: Rams, Rounce, Loo: each trick takes its share of the pool; a player who
    #: plays and takes no trick pays into the next pool.
    DIVIDED_POOL = "divided pool"
    #: Bierspiel: crosses chalked before each player, one point wiped per trick.
    CROSSES = "crosses"


@dataclass(frozen=True)
class Ledger:
    """A game's books. Fields a kind does not use stay at their defaults."""

    kind: LedgerKind
    #: Counters each player starts the evening with (0: the game has none).
    counters: int = 0
    #: Carried pool: what each player puts up to a fresh pool, and each later
    #: dealer adds. Divided pool: what each dealer puts up.
    stake: int = 0
    #: Divided pool: what a player who played and took no trick pays to the next pool.
    #: Crosses: the points of the fresh cross added to a delinquent's score
    #: (Bierspiel: a player who played and took no trick, a failed general
    #: rams, the pone who declines).
    penalty: int = 0
    #: Divided pool: whether a pool holding only the dealer's stake is a simple
    #: (Rams: everyone plays, by the usual custom; Loo: no widow, no trump turned).
    simple_pools: bool = False
    #: Whether a lone pone who declines against the dealer is penalised and
    #: the pool stays: divided pool, he pays the dealer ``penalty`` (Rams'
    #: rule, and Rounce's); crosses, he gets a fresh cross (Bierspiel).
    pone_pays: bool = False
    #: Divided pool: a general rams won takes the pool and this from each
    #: player; lost, the announcer doubles the pool and pays this to each.
    general_rams: int = 0
    #: Score: points for the odd trick and for all five; game is ``game_points``.
    points: tuple[int, int] = (0, 0)
    game_points: int = 0
    #: Score, per-trick option: each trick counts this, the losers' deducted.
    trick_points: int = 0
    #: Crosses: how many, and points in each.
    crosses: int = 0
    cross_points: int = 0
    #: Whether the evening's last deal is made by the player on the right of
    #: the first dealer (Foster, Spoil Five: "the rules require that when the
    #: game is brought to an end the last deal shall be made by the player on
    #: the right of the first dealer"), so that every player deals as often.
    last_deal_right: bool = False
    #: What a misdealer forfeits to the current pool as he loses the deal
    #: (Loo: "he loses his deal, and forfeits three red counters to the
    #: current pool"). 0: the deal passes to his left and he pays nothing
    #: (Spoil Five: "the deal passes to the next player on the misdealer's
    #: left"; Rams: "Irregularities in the deal are governed by the same
    #: rules as in Spoil Five").
    misdeal_forfeit: int = 0
    #: With the ledger option ``misdealer_deals_again`` ("in some places"),
    #: what a misdealer forfeits to the pool to deal again (Spoil Five: two).
    deal_again_forfeit: int = 0
    #: Options of the books, not of the play (``[ledger]`` in a session file).
    options: tuple[Option, ...] = ()


def ledger_option(name: str, default: bool, help: str) -> Option:
    """An option of the books (no duties: the play does not change)."""
    return Option(name, default, help)


#: Foster (Spoil Five, misdealing): "In some places the misdealer is allowed
#: to deal again if he forfeits two counters to the pool." Games with a pool
#: whose deals are governed by Spoil Five's rules offer it.
DEAL_AGAIN_FORFEIT = 2
MISDEALER_DEALS_AGAIN = ledger_option(
    "misdealer_deals_again", False,
    f"a misdealer may deal again if he forfeits {DEAL_AGAIN_FORFEIT} counters to the pool "
    "(Foster, Spoil Five: 'in some places'); without it the deal passes to his left")

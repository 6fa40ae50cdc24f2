"""Bierspiel: Rams with the 7♦ always the second trump, and forced trump leads.

The rules follow RULINGS.md ("Bierspiel"). The 7♦ is always a trump, just
below the ace of trumps, and never counts as a diamond. A trump must be led to
the first trick with two seats in the play, to the first two with three, to the
first three with four or five. A leader who must lead a trump and holds none
leads his lowest card face down (any card of the lowest rank he holds): every
other seat must then play a trump if he can, over-trumping if he can, and
otherwise any card. The face-down card cannot win: with no trump played the
leader takes the trick. A trick is known to be led face down when it is one of
the forced tricks and its first card is not a trump. Every other duty is Rams'.

Seats: as in Rams, a position lists only the seats that play, 2 to 5 of them.
When the number of seats in the play is not known (``players == 0``), no lead
is forced; ``jink legal --hand`` asks for ``--players`` in the first tricks
(:attr:`Game.seats_decide_duties`).

Only the A K Q J 10 9 8 7 order is offered (no ``ecarte_order``): the 7♦'s
place, "second best, just below the ace", is defined for that order only.

Questions, per seat: ``takes_a_trick`` (it can force at least one trick) and
``all_five`` (it can force every trick). Extras: ``points``, the points its
``max_tricks`` wipe off the player's fifteen (one a trick).

>>> rules = BIERSPIEL.bind(DIAMONDS, players=3)
>>> cards_text(rules.order(DIAMONDS))
'AD 7D KD QD JD TD 9D 8D'
>>> cards_text(BIERSPIEL.bind(SPADES).order(DIAMONDS))
'AD KD QD JD TD 9D 8D'
>>> from jink.cards import parse_cardset
>>> cards_text(rules.legal(parse_cardset("9H 8C KD 8S 7C"), (), 1))
'KD'
>>> cards_text(rules.legal(parse_cardset("9H 8C 8S AC"), (), 1))
'8S 8C'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jink.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SEVEN,
    SPADES,
    Suit,
    bit,
    cards_text,
    make_card,
)
from jink.games.base import Declaring, Game, Question, Ranking, points_per_trick
from jink.games.duties import Duties, Follow
from jink.games.ledger import Ledger, LedgerKind
from jink.games.option import Unmodelled
from jink.games.rams import ELDEST_MUST_PLAY, PIQUET_RANKS, RAMS_DECK, suit_order

SEVEN_OF_DIAMONDS = make_card(SEVEN, DIAMONDS)

__all__ = [
    "BIERSPIEL",
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "SEVEN_OF_DIAMONDS",
    "SPADES",
    "bierspiel_ranking",
    "cards_text",
    "forced_trump_leads",
]


def bierspiel_ranking(trump: Suit | None, options: Mapping[str, Any] | None = None) -> Ranking:
    """The ranking tables of Bierspiel: Rams' order, the 7♦ second in trumps."""
    if trump is None:
        raise ValueError("Bierspiel always has a trump suit")
    ace, *rest = (c for c in suit_order(trump) if c != SEVEN_OF_DIAMONDS)
    trumps = (ace, SEVEN_OF_DIAMONDS, *rest)
    plain = tuple(() if s == trump else tuple(c for c in suit_order(s) if c != SEVEN_OF_DIAMONDS)
                  for s in range(4))
    return Ranking(trump, trumps, plain)


def forced_trump_leads(players: int) -> int:
    """How many tricks, from the first, must be led with a trump.

    >>> [forced_trump_leads(n) for n in range(6)]
    [0, 0, 1, 2, 3, 3]
    """
    if players < 2:
        return 0  # not known (0), or no play at all
    return min(players - 1, 3)


BIERSPIEL_QUESTIONS = (
    Question("takes_a_trick", "Takes a trick (a point off)", 1),
    Question("all_five", "All five tricks", 5),
)

_RULES_NOTE = ("as Rams (follow and head; void, trump and over-trump), with the 7♦ the second "
               "trump; a trump must be led to the first trick with two in the play, the first "
               "two with three, the first three with four or more: a leader without a trump "
               "leads his lowest card face down, and the others must trump (over-trumping "
               "if able)")


#: Foster: "Three crosses are chalked on the table in front of each player,
#: representing five points each."
CROSS_POINTS = 5

def fresh_cross() -> dict[str, object]:
    """What a penalty is worth in Bierspiel: one fresh cross, five points
    added to the player's score (RULINGS Bierspiel 4), as ``points`` (the
    points wiped off, so negative).

    >>> fresh_cross()
    {'points': -5}
    """
    return {"points": -CROSS_POINTS}


BIERSPIEL = Game(
    ranking_of=bierspiel_ranking,
    question_set=BIERSPIEL_QUESTIONS, worth=points_per_trick,
    name="bierspiel", title="Bierspiel", min_players=2, max_players=5, deck=RAMS_DECK,
    aliases=("bier", "bier-spiel"), following=_RULES_NOTE,
    seats_decide_duties=forced_trump_leads(5),
    duties=Duties(Follow.HEAD, forced_leads=tuple(forced_trump_leads(n) for n in range(6)),
                  low_ranks=tuple(reversed(PIQUET_RANKS))),
    # Declaring, the widow, the dealer's rob and the general rams are Rams'
    # (RULINGS: Rams with one change to the cards and one to the leads;
    # Foster: "If only two declare to play"). Foster gives no Bierspiel
    # payment for a general rams: its verdict is the game's own.
    # Six at the table as in Rams: the dealer then takes no cards.
    widow=5, declaring=Declaring.RAMS, table=(3, 6), dealer_out_at=6, dealer_robs=True,
    general_rams=True, options=(ELDEST_MUST_PLAY,), penalty_worth=fresh_cross,
    not_modelled=(
        Unmodelled("turned_seven_of_diamonds", "a turned-up 7D makes no trumps: the dealer "
                   "turns the next card and may take both into his hand (refused as a "
                   "turn-up)",
                   "Foster, Bierspiel: 'If it is turned up, the dealer turns up the next "
                   "card for a trump, and when it comes to his turn, he can take both "
                   "cards into his hand, discarding others in their place'"),
        Unmodelled("eldest_robs_if_dealer_passes", "the eldest hand may rob the turn-up "
                   "whenever the dealer passes (jink reads the sentence as part of the "
                   "turned-up 7D, and only the dealer robs)",
                   "Foster, Bierspiel: 'If the dealer passes, the eldest hand may take up "
                   "the trump'")),
    # Foster: a turned-up 7D makes no trumps; the dealer turns the next card
    # and may take both, or, if he passes, the eldest may take up the trump.
    # Not modelled: such a turn-up is refused (docs/rules.md, Bierspiel).
    turned_past=bit(SEVEN_OF_DIAMONDS),
    # "All penalties are made by adding fresh crosses to the delinquent's
    # score": where Rams forfeits five counters, one cross (RULINGS
    # Bierspiel 4), the lone pone's refusal included.
    ledger=Ledger(LedgerKind.CROSSES, crosses=3, cross_points=CROSS_POINTS,
                  penalty=CROSS_POINTS, pone_pays=True, last_deal_right=True),
)

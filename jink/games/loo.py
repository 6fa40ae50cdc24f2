"""Three-card Loo: heading and over-trumping, and a simple pool's trump arriving mid-deal.

RULINGS.md ("Three-card Loo") and Foster: 52 cards ranking A K Q ... 2, three
cards each, three tricks. Following, as this module reads it:

- Holding the suit led, a player must follow suit and *head* the trick (play
  a card of the suit higher than any of it played so far) if he can. If the
  trick is already trumped (a plain suit led), no card of the suit can head
  it: he must still follow suit, with any card of it (as RULINGS.md rules for
  Rams, whose following Loo shares).
- Void in the suit led, he must trump if he can; if the trick is already
  trumped, he must over-trump if he can, else he must still trump (he
  under-trumps): "must trump if able, over-trumping if able".
- Holding neither, any card.
- Once trumps are known, the winner of a trick must lead a trump to the next
  trick if he has one. The first lead of the deal is free, even in a double
  pool.

*Double pool*: the trump is turned before play; the position has a trump.
*Simple pool*: the position has no trump and names ``turn``, the card that
will be turned (double dummy: it is known). Until trumps come in, following
is as above with no trumps (follow and head, else any card). The first trick
in which some seat cannot follow suit brings them in, and they count at once
for that trick: its best card of the turn card's suit wins, else its best card
of the suit led. From the next trick on, the rules are those of that trump
suit (:meth:`LooRules.after_trick`), so the next leader must lead a trump.
A simple pool may leave ``turn`` out when the card is not known: such a
position can be shown and played into, but a trick that brings trumps in
cannot be settled, so the solver takes it only in its *expected* mode
(:mod:`jink.analysis.expected`), averaging over the cards it could be.

Seats: Foster allows 3 to 17 at the table (8 is the usual limit). A position
lists the seats in the play. In a simple pool every seat at the table plays,
so 3 to 17 (17 hands of three and the card to be turned use the pack). In a
double pool a player may throw up, and against a lone stander the dealer
plays (RULINGS Loo 6), so 2 to 16 (16 hands, the widow and the turn-up use
the pack).

Questions, per seat: ``not_looed`` (he can force a trick: a seat with none is
*looed* and pays) and ``all_three`` (every trick, the whole pool). ``extras``
gives the share of the pool ``max_tricks`` is sure of, as ``pool_share``
("1/3").

>>> from jink.cards import CLUBS, SPADES, cards_text, parse_card, parse_cardset
>>> rules = LOO.bind(None, players=3, turn=parse_card("2C"))
>>> rules.trump is None
True
>>> trick = [parse_card(c) for c in ("KH", "AH", "3C")]  # the third seat is void
>>> rules.winner(trick), rules.after_trick(trick, 0).trump == CLUBS
(2, True)
>>> spades = LOO.bind(SPADES)
>>> cards_text(spades.legal(parse_cardset("QH 9H 2H"), [parse_card("TH")], 0))
'QH'
"""

from __future__ import annotations

from jink.cards import (
    FULL_DECK,
)
from jink.games.base import Declaring, Game, Question, share_of_pool
from jink.games.duties import Duties, Follow
from jink.games.ledger import Ledger, LedgerKind, ledger_option
from jink.games.rounce import whist_ranking

__all__ = ["LOO", "LOO_QUESTIONS"]


LOO_QUESTIONS = (
    Question("not_looed", "Not looed", 1),
    Question("all_three", "All three", 3),
)

_RULES_NOTE = ("follow suit and head the trick if able (any card of the suit if the trick is "
               "trumped); void, trump if able, over-trumping if able, else under-trumping; "
               "else any card. Once trumps are known, the winner of a trick must lead a trump "
               "if he has one. Simple pool: no trumps until a seat cannot follow suit; the "
               "turned card's suit is then trumps, at once for that trick")


LOO = Game(
    ranking_of=whist_ranking, question_set=LOO_QUESTIONS,
    worth=share_of_pool,
    name="loo", title="Three-card Loo", min_players=2, max_players=17, deck=FULL_DECK,
    hand_size=3, aliases=("three-card-loo", "3-card-loo", "division-loo"),
    allows_no_trump=True, uses_turn=True, following=_RULES_NOTE,
    duties=Duties(Follow.HEAD, lead_trump_from=1, trump_on_void=True),
    # Double pools: a three-card widow (the miss); 16 hands, the widow and the
    # turn-up fill the pack.
    widow=3, declaring=Declaring.LOO, table=(3, 16),
    simple_min_players=3, double_max_players=16,
    # Foster: 18 red and 6 white each, "equal to 20 reds".
    # Each dealer puts up, as in Spoil Five and Rams, so the last deal is the
    # first dealer's right-hand neighbour's there too (Foster's Loo text here
    # stops short of it: the project's reading).
    # A misdealer "loses his deal, and forfeits three red counters to the
    # current pool. The new dealer adds his three counters as usual, and the
    # pool becomes a double."
    ledger=Ledger(LedgerKind.DIVIDED_POOL, counters=20, stake=3, penalty=3, simple_pools=True,
                  last_deal_right=True, misdeal_forfeit=3, options=(
        ledger_option("unlimited", False,
                      "a looed player pays the next pool as much as the pool he was looed "
                      "in held (Unlimited Loo), not three"),)),
)

"""The game protocol: what every game of the family tells the engine.

A :class:`Game` is plain data: players allowed, deck, hand size, options,
its ranking tables, its duties (:mod:`jink.games.duties`), its questions and
what tricks are worth. :meth:`Game.bind` returns the :class:`Rules` for one
trump suit, set of options and number of seats: the precomputed tables
(trick-winning power per card, the mask of cards counting as each suit) and
the one interpreter of the duties, whose :meth:`Rules.legal` and
:meth:`Rules.winner` the search calls on every node. Variants differ by data
only; the compiled search core reads the same data.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from jink.cards import (
    SUIT_NAMES,
    Card,
    CardSet,
    Suit,
    bit,
    card_name,
    cards_text,
    cardset,
    iter_cards,
    make_card,
    suit_of,
)
from jink.errors import PositionError, UnknownNameError
from jink.games.duties import Duties, Follow
from jink.games.explain import explain
from jink.games.ledger import Ledger
from jink.games.option import Option, Unmodelled

#: The default duties: follow suit or trump, no lead duty.
FOLLOW_OR_TRUMP = Duties(Follow.OR_TRUMP)

_OR_TRUMP, _HEAD = Follow.OR_TRUMP, Follow.HEAD

# Power of a trump is above every plain card's, so one comparison settles it.
TRUMP_BASE = 100


@dataclass(frozen=True)
class Ranking:
    """One trump suit's ranking tables, best card first.

    ``trumps`` lists every trump; ``plain[s]`` lists the cards of suit ``s``
    that are not trumps. A card in neither (a Spoil Five A♥ is always a trump)
    does not exist in this game's deck.
    """

    trump: Suit | None
    trumps: tuple[Card, ...]
    plain: tuple[tuple[Card, ...], ...]
    #: Trumps that may renege to the lead of a lower trump (Spoil Five's 5 and
    #: J of trumps and A♥); never searched as equal to a neighbour.
    privileged: tuple[Card, ...] = ()


class Rules:
    """A game bound to one trump suit, options and number of seats: its tables
    and the one interpreter of its duties (:mod:`jink.games.duties`).

    Every game is this class: :meth:`legal`, :meth:`winner` and
    :meth:`after_trick` read the duties as data, which the compiled core reads
    too. Instances are made once by :meth:`Game.bind` and never changed.
    """

    def __init__(self, game: Game, ranking: Ranking, options: Mapping[str, Any],
                 players: int = 0, turn: Card | None = None) -> None:
        self.game = game
        self.ranking = ranking
        self.trump = ranking.trump
        self.options = dict(options)
        #: Seats in the play (0: not known, as for ``jink legal --hand``).
        self.players = players
        #: Loo simple pools: the card that will be turned when trumps come in.
        self.turn = turn
        if turn is not None and ranking.trump is not None and suit_of(turn) != ranking.trump:
            raise PositionError(f"the card to be turned, {card_name(turn)}, is not of the "
                                f"trump suit ({SUIT_NAMES[ranking.trump]})")
        power = [0] * 52
        suit = [-1] * 52
        for s, order in enumerate(ranking.plain):
            for i, card in enumerate(order):
                power[card] = len(order) - i
                suit[card] = s
        for i, card in enumerate(ranking.trumps):
            power[card] = TRUMP_BASE + len(ranking.trumps) - i
            suit[card] = ranking.trump if ranking.trump is not None else -1
        #: ``power[card]``: higher wins; trumps above every plain card.
        self.power: tuple[int, ...] = tuple(power)
        #: ``suit[card]``: the suit the card counts as (the A♥ moves to trumps).
        self.suit: tuple[int, ...] = tuple(suit)
        masks = [cardset(order) for order in ranking.plain]
        if ranking.trump is not None:
            masks[ranking.trump] = cardset(ranking.trumps)
        #: ``suit_masks[s]``: every card of the deck counting as suit ``s``.
        self.suit_masks: tuple[CardSet, ...] = tuple(masks)
        self.trump_mask: CardSet = cardset(ranking.trumps)
        above = [0] * 52
        for s in range(4):
            better = 0
            for card in self.order(s):
                above[card] = better
                better |= bit(card)
        #: ``above[card]``: the cards counting as ``card``'s suit that rank above it.
        self.above: tuple[CardSet, ...] = tuple(above)
        #: Cards that may never be searched as equal to a neighbour (privileges).
        self.privileged_mask: CardSet = cardset(ranking.privileged)
        duties = game.duties_for(self.options)
        self.duties = duties
        self.follow: Follow = duties.follow
        #: A leader holding a trump must lead one when ``from <= tricks done < until``.
        self.lead_trump_from = duties.lead_trump_from
        self.lead_trump_until = duties.lead_trump_until
        #: Tricks, from the first, that must be led with a trump (else face down).
        self.forced_leads = duties.forced_for(players)
        #: The deck's cards of each rank, lowest rank first (the face-down lead).
        self.low_first: tuple[CardSet, ...] = tuple(
            cardset(make_card(r, s) for s in range(4)) & game.deck for r in duties.low_ranks)
        # For each trump that can be led, the privileged cards ranking above it:
        # a hand whose trumps are all among them may renege.
        renege = [0] * 52
        for led in ranking.trumps:
            for card in ranking.privileged:
                if power[card] > power[led]:
                    renege[led] |= bit(card)
        #: ``renege_above[led]``: the trumps that may renege to the lead of ``led``.
        self.renege_above: tuple[CardSet, ...] = tuple(renege)
        #: Whether trumps are still to come in, at the first trick in which a
        #: seat cannot follow suit (a Loo simple pool).
        self.trump_on_void = duties.trump_on_void and ranking.trump is None
        #: The suit they will be, where the card to be turned is known.
        self.arriving: Suit | None = (suit_of(turn) if self.trump_on_void and turn is not None
                                      else None)
        #: A trump may be played to any trick, led or followed (follow or trump,
        #: and reneging allows any card): then a trump above all the other
        #: side's trumps is a sure trick, whatever the play. The search's
        #: sure-trick bounds rely on it.
        self.trumps_always_legal = duties.follow is Follow.OR_TRUMP
        #: The rules look only at suits and at order within a suit, so positions
        #: alike up to relative rank play alike (the search's table shares their
        #: entries). Not while leads are forced: the lowest card compares ranks
        #: across suits. (Cards of one suit with no live card between stay
        #: equivalent even then: in a forced trick a seat holding a trump must
        #: play one, led or face down, so only a seat without trumps chooses
        #: among plain cards, and such a seat wins no later forced trick, so it
        #: never leads one face down.)
        self.relative_ranks_safe = self.forced_leads == 0
        #: The same rules once no lead is forced any more (see :meth:`after_trick`).
        self.unforced: Rules = self
        if self.forced_leads:
            unforced = copy.copy(self)
            for name, value in (("forced_leads", 0), ("relative_ranks_safe", True),
                                ("unforced", unforced), ("_frozen", True)):
                object.__setattr__(unforced, name, value)
            self.unforced = unforced
        self._frozen = True

    def __setattr__(self, name: str, value: Any) -> None:
        # Rules are shared by every search and cached by Game.bind: never changed.
        if getattr(self, "_frozen", False):
            raise AttributeError(f"rules are immutable: cannot set {name}")
        object.__setattr__(self, name, value)

    def order(self, suit: Suit) -> tuple[Card, ...]:
        """The cards counting as ``suit``, best first."""
        if suit == self.trump:
            return self.ranking.trumps
        return self.ranking.plain[suit]

    # -- the duties --------------------------------------------------------------------

    def legal(self, hand: CardSet, trick: Sequence[Card], tricks_done: int) -> CardSet:
        """The cards of ``hand`` that may be played to ``trick`` (cards so far)."""
        # Called on every node of the Python search: attribute look-ups are kept
        # few, and the follow duty is compared with module constants.
        trumps = hand & self.trump_mask
        if not trick:
            if tricks_done < self.forced_leads:
                return trumps or self.lowest(hand)
            if self.lead_trump_from <= tricks_done < self.lead_trump_until:
                return trumps or hand
            return hand
        lead = trick[0]
        if tricks_done < self.forced_leads and not self.trump_mask >> lead & 1:
            # Led face down: trump, over-trumping if able.
            return self.trumping(trumps, trick) if trumps else hand
        led = self.suit[lead]
        suited = hand & self.suit_masks[led]
        follow = self.follow
        if follow is _OR_TRUMP:
            if led == self.trump:
                # A trump, unless every trump held may renege to this lead.
                return trumps if trumps & ~self.renege_above[lead] else hand
            return suited | trumps if suited else hand
        if follow is _HEAD:
            if suited:
                # Head the top card if able. A trumped plain-suit trick has a trump
                # on top, which no card of the suit is above: then any card of it.
                return suited & self.above[trick[self._best(trick)]] or suited
            return self.trumping(trumps, trick) if trumps else hand
        return suited or hand

    def face_down(self, trick: Sequence[Card], tricks_done: int) -> bool:
        """Whether ``trick`` (not empty) was led face down: a forced trick led
        with a card that is not a trump."""
        return tricks_done < self.forced_leads and not self.trump_mask & bit(trick[0])

    def lowest(self, hand: CardSet) -> CardSet:
        """The cards of ``hand`` of its lowest rank (the face-down lead)."""
        for cards in self.low_first:
            if hand & cards:
                return hand & cards
        return hand

    def top(self, trick: Sequence[Card]) -> Card:
        """The card heading ``trick`` (not empty) so far, as the seat to follow
        sees it: the best trump, else the best card of the suit led."""
        return trick[self._best(trick)]

    def trumping(self, trumps: CardSet, trick: Sequence[Card]) -> CardSet:
        """Of ``trumps`` (held, not empty), those that must be played to ``trick``:
        the ones above every trump in it, if any, else all (under-trumping)."""
        top = self.top(trick)
        if self.power[top] > TRUMP_BASE:
            return trumps & self.above[top] or trumps
        return trumps

    def void_played(self, trick: Sequence[Card]) -> bool:
        """Whether some seat could not follow suit to ``trick``."""
        suit = self.suit
        led = suit[trick[0]]
        return any(suit[card] != led for card in trick)

    def why_illegal(self, card: Card, hand: CardSet, trick: Sequence[Card],
                    tricks_done: int) -> str | None:
        """Why ``card`` may not be played, or None if it may."""
        if not hand & bit(card):
            return f"{card_name(card)} is not in the hand"
        if self.legal(hand, trick, tricks_done) & bit(card):
            return None
        return self.explain(card, hand, trick, tricks_done)

    def explain(self, card: Card, hand: CardSet, trick: Sequence[Card],
                tricks_done: int | None = None) -> str:
        """The duty that ``card`` breaks (it is in the hand but not legal);
        ``tricks_done`` is None where the trick number is not known."""
        # The messages are kept apart from the duties (jink/games/explain.py).
        return explain(self, card, hand, trick, tricks_done)

    # -- the trick ---------------------------------------------------------------------

    def _best(self, trick: Sequence[Card]) -> int:
        """The index of the best trump in ``trick``, else of its best card of
        the suit led."""
        power = self.power
        led = self.suit[trick[0]]
        best, best_power = 0, power[trick[0]]
        for i in range(1, len(trick)):
            card = trick[i]
            p = power[card]
            if p > best_power and (p > TRUMP_BASE or self.suit[card] == led):
                best, best_power = i, p
        return best

    def winner(self, trick: Sequence[Card], tricks_done: int = 0) -> int:
        """The index in ``trick`` of the card that wins it (``tricks_done``
        tricks before it: some games treat early tricks differently)."""
        if tricks_done < self.forced_leads and not self.trump_mask >> trick[0] & 1:
            # Led face down (see face_down). The face-down card cannot win:
            # the best trump does; with none, the leader takes the trick.
            best = self._best(trick)
            return best if self.power[trick[best]] > TRUMP_BASE else 0
        if self.trump_on_void and self.void_played(trick):
            # Trumps come in with this trick and count at once.
            arriving = self._arriving()
            power = self.power
            best, best_power = -1, -1
            for i, card in enumerate(trick):
                if self.suit[card] == arriving and power[card] > best_power:
                    best, best_power = i, power[card]
            if best >= 0:
                return best
        return self._best(trick)

    def after_trick(self, trick: Sequence[Card], tricks_done: int) -> Rules:
        """The rules in force for the next trick: trumps coming in (a Loo simple
        pool), or the forced leads over (Bierspiel)."""
        if self.trump_on_void and self.void_played(trick):
            return self.game.bind(self._arriving(), self.options, self.players, self.turn)
        if self.forced_leads and tricks_done + 1 >= self.forced_leads:
            return self.unforced
        return self

    def _arriving(self) -> Suit:
        if self.arriving is None:
            raise PositionError("a seat could not follow suit, so trumps come in, but the "
                                "card to be turned (turn) is not known")
        return self.arriving

    # -- names -------------------------------------------------------------------------

    def show(self, cards: CardSet) -> str:
        """The names of ``cards`` for a message: suit by suit, best first."""
        return cards_text(sorted(iter_cards(cards),
                                 key=lambda c: (suit_of(c), -self.power[c])))

    def suit_name(self, suit: Suit) -> str:
        return SUIT_NAMES[suit]


def share_of_pool(game: Game, max_tricks: int, options: Mapping[str, Any]) -> dict[str, object]:
    """Rams, Rounce, Loo: each trick takes its part of the pool."""
    return {"pool_share": pool_share(max_tricks, game.tricks)}


def points_per_trick(game: Game, max_tricks: int,
                     options: Mapping[str, Any]) -> dict[str, object]:
    """Bierspiel: each trick scores one point (off the player's fifteen)."""
    return {"points": max_tricks}


def pool_share(tricks: int, of: int) -> str:
    """The share of the pool ``tricks`` of ``of`` take, in lowest terms.

    >>> pool_share(2, 5), pool_share(0, 3), pool_share(3, 3)
    ('2/5', '0', '1')
    """
    return str(Fraction(tricks, of))


class Declaring(Enum):
    """Who must play when seats declare to play or pass (``jink declare``)."""

    #: Every seat dealt plays: no declaring.
    NONE = "none"
    #: Rams (Foster): when all the others pass, the pone must play against the
    #: dealer (or pay him five counters); the dealer must play against a lone
    #: player.
    RAMS = "rams"
    #: Loo double pools (RULINGS Loo 6): when everybody before the dealer
    #: throws up, the dealer takes the pool; against a lone stander the dealer
    #: stands, takes the miss (the widow), or plays the miss for the pool.
    LOO = "loo"


@dataclass(frozen=True)
class Question:
    """One verdict the solver gives for every seat (or side) of a game.

    ``tricks``: the question is "can it force at least this many tricks";
    None means Spoil Five's spoil (no other seat reaches three).
    """

    name: str
    label: str
    tricks: int | None


@dataclass(frozen=True)
class Game:
    """A game of the family: its limits as data, its rules by :meth:`bind`."""

    name: str
    title: str
    min_players: int
    max_players: int
    deck: CardSet
    hand_size: int = 5
    aliases: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    partnerships: bool = False
    #: Whether a position may have no trump yet (a Loo simple pool).
    allows_no_trump: bool = False
    #: Whether positions may name the card to be turned (``turn``, Loo).
    uses_turn: bool = False
    #: The seat counts allowed, where not every count in the range is
    #: (Forty-Five: 2, 4 or 6); empty means every count from min to max.
    player_counts: tuple[int, ...] = ()
    #: How many tricks, from the first, may have duties that depend on the
    #: number of seats in the play (Bierspiel's forced trump leads).
    seats_decide_duties: int = 0
    #: Robbing the turn-up: the rank of the trump whose holder may rob it,
    #: keeping that card, and of a turned card the dealer may rob (Spoil Five:
    #: the ace; the ace of trumps is the A♥ when hearts are trumps); None: no
    #: seat robs the turn-up this way.
    robbing_rank: int | None = None
    #: Declaring to play (``jink declare``): the widow's size (0: every seat
    #: dealt plays, nobody declares). A widow larger than a hand is taken
    #: with a discard (Rounce: six cards, one discarded).
    widow: int = 0
    #: The rule for a lone player and the dealer (see :class:`Declaring`).
    declaring: Declaring = Declaring.NONE
    #: Hands dealt at the table when seats declare (the dealer's last), low
    #: and high: Foster's "three to six" etc., less a dealer who takes no cards.
    table: tuple[int, int] = (0, 0)
    #: Hands at the table at which the dealer takes no cards (Rams: "when six
    #: play the dealer takes no cards"); 0: he always takes a hand. Such a
    #: dealer neither declares, plays nor robs.
    dealer_out_at: int = 0
    #: Whether the dealer, if he plays, may rob the turn-up (Rams' rule).
    dealer_robs: bool = False
    #: Whether a seat may announce a general rams (all five, everybody plays,
    #: the announcer leads).
    general_rams: bool = False
    #: What a general rams is worth, ``(succeeded, players) -> extras``, where
    #: the game's payments say (None: its usual extras). ``players``: those at
    #: the table when he wins (each pays him), those dealt cards when he fails
    #: (he pays each adversary): the same but with six at a Rams table.
    general_rams_worth: Callable[[bool, int], dict[str, object]] | None = None
    #: What a declared deal that costs its player a penalty is worth to him
    #: (Bierspiel: "All penalties are made by adding fresh crosses"): a
    #: player who plays and takes no trick, a failed general rams. None: the
    #: game's usual extras (Rams' forfeit is its ``not_ramsed`` question).
    penalty_worth: Callable[[], dict[str, object]] | None = None
    #: Cards that, turned up, do not make trumps: the dealer turns the next
    #: card (Bierspiel's 7♦). jink does not model that and refuses them.
    turned_past: CardSet = 0
    #: Rules and variations the sources give that jink does not model, each
    #: named with its source (``jink rules GAME``); an option of such a name
    #: is refused, saying so.
    not_modelled: tuple[Unmodelled, ...] = ()
    #: Loo: a position with no trump yet (a simple pool, where every seat at
    #: the table plays) needs at least this many seats; one with a trump and
    #: no card to be turned (a double pool, widow and turn-up dealt) at most
    #: this many (0: no such limit).
    simple_min_players: int = 0
    double_max_players: int = 0
    #: The question whose answer makes a deal "forceable" (Spoil Five: three).
    winning_question: str | None = None
    #: Tricks that take the pool, where a deal in which nobody takes them is
    #: spoiled and a seat reaching them may claim or go on for the jink
    #: (Spoil Five: 3); None in a game without such a pool.
    pool: int | None = None
    #: How the game is followed, in brief, for ``jink rules``.
    following: str = ""
    #: The ranking tables for a trump suit (None: no trump yet, a Loo simple
    #: pool) and the options (Rams' ``ecarte_order`` changes the order).
    ranking_of: Callable[[Suit | None, Mapping[str, Any]], Ranking] | None = None
    #: The game's duties as data (see :mod:`jink.games.duties`).
    duties: Duties = FOLLOW_OR_TRUMP
    #: The verdicts the solver gives for each seat (or side).
    question_set: tuple[Question, ...] = ()
    #: What ``max_tricks`` is worth: ``(game, max_tricks, options) -> extras``.
    worth: Callable[[Game, int, Mapping[str, Any]], dict[str, object]] | None = None
    #: The books across deals: pool, counters, score or crosses (``jink session``).
    ledger: Ledger | None = None
    _cache: dict[tuple[Any, ...], Rules] = field(default_factory=dict, compare=False,
                                                   repr=False, hash=False)

    @property
    def robs_turnup(self) -> bool:
        """Whether the dealer (on a turned card of :attr:`robbing_rank`) or the
        holder of that trump may rob the turn-up."""
        return self.robbing_rank is not None

    def dealer_takes_no_cards(self, table: int) -> bool:
        """Whether, with ``table`` players at the table, the dealer is dealt no
        hand (Rams at six)."""
        return bool(self.dealer_out_at) and table == self.dealer_out_at

    @property
    def tricks(self) -> int:
        """Tricks in one deal: one per card in a hand."""
        return self.hand_size

    def check_players(self, n: int, simple: bool | None = None) -> None:
        """Raise :class:`~jink.errors.PositionError` unless ``n`` seats may play
        (``simple``: whether the position is a Loo simple pool, if known)."""
        if simple is True and n < self.simple_min_players:
            raise PositionError(f"a {self.title} simple pool takes at least "
                                f"{self.simple_min_players} players (every seat at the table "
                                f"plays), not {n}")
        if simple is False and self.double_max_players and n > self.double_max_players:
            raise PositionError(f"a {self.title} double pool takes at most "
                                f"{self.double_max_players} players (their hands, the widow "
                                f"and the turn-up fill the pack), not {n}")
        if self.player_counts and n not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts[:-1]))
            raise PositionError(f"{self.name} takes {counts} or {self.player_counts[-1]} "
                                f"players, not {n}")
        if not self.min_players <= n <= self.max_players:
            why = ""
            if self.dealer_out_at and n >= self.dealer_out_at:
                why = (f" (players in the play: with {self.dealer_out_at} at the table the "
                       f"dealer takes no cards, so at most {self.dealer_out_at - 1} play)")
            raise PositionError(f"{self.name} takes {self.min_players} to "
                                f"{self.max_players} players, not {n}{why}")

    def ranking(self, trump: Suit | None, options: Mapping[str, Any] | None = None) -> Ranking:
        """The ranking tables for ``trump`` (and ``options``, default the defaults)."""
        if self.ranking_of is None:
            raise NotImplementedError(f"{self.name} has no ranking tables")
        return self.ranking_of(trump, self.check_options(options))

    def duties_for(self, options: Mapping[str, Any]) -> Duties:
        """The duties with ``options`` (a full set) applied."""
        duties = self.duties
        for option in self.options:
            if options.get(option.name) and option.duties:
                duties = dataclasses.replace(duties, **dict(option.duties))
        return duties

    def check_turnup(self, turnup: Card) -> None:
        """Raise :class:`~jink.errors.PositionError` if ``turnup`` cannot be the
        turned-up trump card: a card turned past (Bierspiel's 7♦)."""
        if self.turned_past & bit(turnup):
            name = card_name(turnup)
            raise PositionError(
                f"a turned-up {name}: in {self.title} the dealer then turns the next card "
                f"for trumps and may take both (Foster), which jink does not model; give "
                f"the trump suit that the next card made (--trump, or trump in a file) "
                f"and no turn-up")

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The full option set: defaults, overridden by ``options``.

        An unknown name, or a value that is not a boolean, is an error.
        """
        known = {o.name: o for o in self.options}
        result: dict[str, Any] = {o.name: o.default for o in self.options}
        for name, value in (options or {}).items():
            missing = next((u for u in self.not_modelled if u.name == name), None)
            if missing is not None:
                raise UnknownNameError(f"option {name!r} is not modelled by jink: "
                                       f"{missing.rule} ({missing.source})")
            if name not in known:
                names = ", ".join(known) or "none"
                raise UnknownNameError(
                    f"unknown option {name!r} for {self.name} (options: {names})")
            if not isinstance(value, bool):
                raise UnknownNameError(f"option {name!r} takes true or false, not {value!r}")
            result[name] = value
        return result

    def bind(self, trump: Suit | None, options: Mapping[str, Any] | None = None,
             players: int = 0, turn: Card | None = None) -> Rules:
        """The rules for this trump suit, options, number of seats in the play
        and (Loo simple pools) card to be turned; cached, so each is made once."""
        full = self.check_options(options)
        key = (trump, tuple(sorted(full.items())), players, turn)
        rules = self._cache.get(key)
        if rules is None:
            # setdefault: when two threads bind the same key at once, both get
            # the one rules object kept (the caches of the search key on it).
            rules = self._cache.setdefault(
                key, Rules(self, self.ranking(trump, full), full, players, turn))
        return rules

    def questions(self, players: int) -> tuple[Question, ...]:
        """The verdicts the solver gives for each seat (or side)."""
        return self.question_set

    def extras(self, max_tricks: int, players: int,
               options: Mapping[str, Any]) -> dict[str, object]:
        """What ``max_tricks`` is worth in this game (points, share of the pool)."""
        return self.worth(self, max_tricks, options) if self.worth else {}

    def sides(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The sides of a deal, as tuples of 0-based seats.

        Every seat plays for itself unless the game has partnerships, where
        partners sit alternately.
        """
        if self.partnerships and players > 2:
            return (tuple(range(0, players, 2)), tuple(range(1, players, 2)))
        return tuple((seat,) for seat in range(players))

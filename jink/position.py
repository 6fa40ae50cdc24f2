"""A deal in progress: hands, trump, the trick so far, its leader, tricks won.

:class:`Position` is immutable; :meth:`Position.play` returns the position
after one card. Seats are 0-based here (seat 0 is the eldest hand, the dealer
is the last seat); people see them 1-based, always with the word "seat".
Every position is validated when it is made, so an impossible deal is caught
at the door with a :class:`~jink.errors.PositionError` saying what is wrong.

>>> from jink.cards import parse_cardset, card_name
>>> p = Position.create("spoil-five", "S", ["2S AH 5D", "3S KH 4C"], leader=1,
...                     won=[1, 1])
>>> p = p.play(parse_card("3S"))
>>> [card_name(c) for c in p.legal_cards()]
['2S', 'AH']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jink.cards import (
    Card,
    CardSet,
    Suit,
    bit,
    card_name,
    cards_text,
    count,
    is_card,
    iter_cards,
    make_card,
    parse_card,
    parse_cards,
    parse_cardset,
    parse_suit,
    suit_of,
)
from jink.errors import IllegalPlayError, PositionError
from jink.games import Game, Rules, find_game
from jink.words import plural


@dataclass(frozen=True)
class Position:
    """One moment of a deal; validated on creation (see :meth:`create`)."""

    game: Game
    trump: Suit | None
    hands: tuple[CardSet, ...]
    leader: int = 0
    trick: tuple[Card, ...] = ()
    won: tuple[int, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    turnup: Card | None = None
    #: Loo simple pools: the card that will be turned when trumps come in.
    turn: Card | None = None

    def __post_init__(self) -> None:
        if not self.won:
            object.__setattr__(self, "won", (0,) * len(self.hands))
        object.__setattr__(self, "options", self.game.check_options(self.options))
        self._validate()

    @classmethod
    def create(cls, game: str | Game, trump: str | Suit | None,
               hands: Sequence[str | CardSet], *, leader: int = 0,
               trick: str | Sequence[Card] = (), won: Sequence[int] = (),
               options: Mapping[str, Any] | None = None,
               turnup: str | Card | None = None, turn: str | Card | None = None) -> Position:
        """Make a position from names or values; ``leader`` is a 0-based seat."""
        game_obj = find_game(game) if isinstance(game, str) else game
        turnup_card = parse_card(turnup) if isinstance(turnup, str) else turnup
        trump_suit = parse_suit(trump) if isinstance(trump, str) else trump
        if trump_suit is None and turnup_card is not None:
            trump_suit = suit_of(turnup_card)
        hand_sets = tuple(parse_cardset(h) if isinstance(h, str) else h for h in hands)
        trick_cards = tuple(parse_cards(trick)) if isinstance(trick, str) else tuple(trick)
        turn_card = parse_card(turn) if isinstance(turn, str) else turn
        return cls(game_obj, trump_suit, hand_sets, leader, trick_cards, tuple(won),
                   dict(options or {}), turnup_card, turn_card)

    # -- what the position is ---------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def rules(self) -> Rules:
        return self.game.bind(self.trump, self.options, self.players, self.turn)

    @property
    def tricks_done(self) -> int:
        """Tricks completed so far."""
        return sum(self.won)

    @property
    def seat_to_play(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    @property
    def is_over(self) -> bool:
        return self.tricks_done == self.game.tricks

    def seat_of_trick_card(self, index: int) -> int:
        """The seat that played ``trick[index]``."""
        return (self.leader + index) % self.players

    def check_seat(self, seat: int) -> None:
        """Raise :class:`~jink.errors.PositionError` unless ``seat`` (0-based) is at the table."""
        if not 0 <= seat < self.players:
            raise PositionError(f"seat {seat + 1} is not a seat of this {self.players}-player "
                                "deal")

    def legal_moves(self) -> CardSet:
        """The set of cards the seat to play may play."""
        if self.is_over:
            return 0
        return self.rules.legal(self.hands[self.seat_to_play], self.trick, self.tricks_done)

    def legal_cards(self) -> list[Card]:
        """The legal cards in display order: suits S H D C, each best first."""
        return sort_cards(self.rules, iter_cards(self.legal_moves()))

    def play(self, card: Card) -> Position:
        """The position after the seat to play plays ``card``."""
        if self.is_over:
            raise IllegalPlayError("the deal is over: all tricks have been played")
        seat = self.seat_to_play
        if not is_card(card):
            raise IllegalPlayError(f"seat {seat + 1} cannot play {card!r}: not a card")
        reason = self.rules.why_illegal(card, self.hands[seat], self.trick, self.tricks_done)
        if reason is not None:
            raise IllegalPlayError(f"seat {seat + 1} cannot play {card_name(card)}: {reason}")
        hands = list(self.hands)
        hands[seat] &= ~bit(card)
        trick = (*self.trick, card)
        if len(trick) < self.players:
            return Position(self.game, self.trump, tuple(hands), self.leader, trick,
                            self.won, self.options, self.turnup, self.turn)
        rules = self.rules
        winner = self.seat_of_trick_card(rules.winner(trick, self.tricks_done))
        won = list(self.won)
        won[winner] += 1
        trump = rules.after_trick(trick, self.tricks_done).trump
        return Position(self.game, trump, tuple(hands), winner, (), tuple(won),
                        self.options, self.turnup, self.turn)

    def trick_winner(self) -> int | None:
        """The seat winning the trick so far (None before the lead)."""
        if not self.trick:
            return None
        return self.seat_of_trick_card(self.rules.winner(self.trick, self.tricks_done))

    # -- validation --------------------------------------------------------------------

    def _validate(self) -> None:
        game, n = self.game, len(self.hands)
        # A Loo simple pool: no trump yet, or the card to be turned named.
        game.check_players(n, simple=self.trump is None or self.turn is not None)
        if n * game.hand_size > count(game.deck):
            raise PositionError(f"{n} hands of {game.hand_size} need more than the "
                                f"{count(game.deck)} cards of the pack")
        if self.trump is None and not game.allows_no_trump:
            raise PositionError(f"{game.name} needs a trump suit")
        if self.turn is not None and not game.uses_turn:
            raise PositionError(f"turn (the card to be turned) is for Loo simple pools, "
                                f"not {game.name}")
        if self.turnup is not None:
            game.check_turnup(self.turnup)
        if self.turnup is not None and suit_of(self.turnup) != self.trump:
            raise PositionError(f"the turn-up {card_name(self.turnup)} is not of the trump suit")
        if len(self.won) != n:
            raise PositionError(f"won lists {plural(len(self.won), 'seat')}, the deal has {n}")
        if any(w < 0 for w in self.won):
            raise PositionError("tricks won cannot be negative")
        done = sum(self.won)
        if done > game.tricks or (done == game.tricks and self.trick):
            raise PositionError(f"won counts {done} tricks, a deal has {game.tricks}")
        if not 0 <= self.leader < n:
            raise PositionError(f"leader must be a seat from 1 to {n}, not {self.leader + 1}")
        if done and self.won[self.leader] == 0:
            raise PositionError(f"seat {self.leader + 1} leads trick {done + 1} but has won no "
                                "trick: after the first trick, the last trick's winner leads")
        if (self.turn is not None and self.trump is not None and done == 0):
            raise PositionError("a Loo simple pool has no trump before its first trick: "
                                "give trump or turn, not both")
        if len(self.trick) >= n:
            raise PositionError(f"the trick holds {len(self.trick)} cards; with {n} "
                                "players it would be complete")
        self._validate_cards(done)
        self._validate_robber(done)

    def _validate_robber(self, done: int) -> None:
        """A turn-up in a hand was robbed: by a seat that may rob it. Before the
        first card (later the robber may have played the ace he kept): in
        Spoil Five and Forty-Five the holder of the ace of trumps, or the
        dealer on a turned ace; in a game where only the dealer robs (Rams) any
        seat the game deals; in one where nobody robs, none."""
        turnup, game = self.turnup, self.game
        if turnup is None:
            return
        seat = next((s for s, hand in enumerate(self.hands) if hand >> turnup & 1), None)
        if seat is None or game.dealer_robs:
            return
        name = card_name(turnup)
        if game.robbing_rank is None:
            raise PositionError(f"the turn-up {name} is in seat {seat + 1}'s hand, and in "
                                f"{game.title} nobody robs it")
        if done or self.trick or self.trump is None:
            return
        ace = make_card(game.robbing_rank, self.trump)
        if (seat == len(self.hands) - 1) if turnup == ace else self.hands[seat] >> ace & 1:
            return
        raise PositionError(f"the turn-up {name} is in seat {seat + 1}'s hand, but only the "
                            f"holder of the {card_name(ace)} may rob it, or the dealer (seat "
                            f"{len(self.hands)}) when the {card_name(ace)} is turned")

    def _validate_cards(self, done: int) -> None:
        seen: dict[Card, str] = {}

        def place(card: Card, where: str) -> None:
            if not is_card(card):
                raise PositionError(f"{card!r} ({where}) is not a card (cards are 0 to 51)")
            if not self.game.deck & bit(card):
                raise PositionError(f"{card_name(card)} ({where}) is not in the "
                                    f"{self.game.title} pack")
            if card in seen:
                raise PositionError(f"{card_name(card)} is in {seen[card]} and in {where}")
            seen[card] = where

        for seat, hand in enumerate(self.hands):
            if hand < 0 or hand >> 52:
                raise PositionError(f"the hand of seat {seat + 1} holds numbers that are "
                                    "not cards (cards are 0 to 51)")
            for card in iter_cards(hand):
                place(card, f"the hand of seat {seat + 1}")
        for card in self.trick:
            place(card, "the trick")
        if self.turn is not None:
            place(self.turn, "turn (the card to be turned)")
        for seat, hand in enumerate(self.hands):
            played = 1 if (seat - self.leader) % len(self.hands) < len(self.trick) else 0
            expected = self.game.hand_size - done - played
            if count(hand) != expected:
                raise PositionError(
                    f"seat {seat + 1} holds {plural(count(hand), 'card')}, should hold "
                    f"{expected} ({plural(done, 'trick')} played"
                    + (", and one card to this trick)" if played
                                                  else ")"))
        rules = self.rules
        for i, card in enumerate(self.trick):
            seat = self.seat_of_trick_card(i)
            reason = rules.why_illegal(card, self.hands[seat] | bit(card), self.trick[:i], done)
            if reason is not None:
                raise PositionError(f"the trick's {card_name(card)} by seat {seat + 1} "
                                    f"was not a legal play: {reason}")


def sort_cards(rules: Rules, cards: Iterable[Card]) -> list[Card]:
    """Cards in display order: printed suit S H D C, then best first as the game ranks."""
    return sorted(cards, key=lambda c: (suit_of(c), -rules.power[c]))


def hand_text(rules: Rules, hand: CardSet) -> str:
    """A hand's canonical names in display order."""
    return cards_text(sort_cards(rules, iter_cards(hand)))

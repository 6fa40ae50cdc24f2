"""Why a card may not be played: the duty it breaks, in words.

One function serves every game, reading the same duties as
:meth:`jink.games.base.Rules.legal` (:mod:`jink.games.duties`), so a new game
gets its messages with its data. Cards in messages are listed suit by suit,
best first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from jink.cards import Card, CardSet, bit, card_name
from jink.games.duties import NEVER, Follow


class Rules(Protocol):
    """What the messages read of a game's bound rules: the tables and duty
    fields of :class:`jink.games.base.Rules`, which calls :func:`explain`.
    Stated here so that the messages need not import the class that uses them."""

    @property
    def trump(self) -> int | None: ...
    @property
    def players(self) -> int: ...
    @property
    def follow(self) -> Follow: ...
    @property
    def forced_leads(self) -> int: ...
    @property
    def lead_trump_from(self) -> int: ...
    @property
    def lead_trump_until(self) -> int: ...
    @property
    def suit(self) -> tuple[int, ...]: ...
    @property
    def suit_masks(self) -> tuple[CardSet, ...]: ...
    @property
    def trump_mask(self) -> CardSet: ...
    @property
    def above(self) -> tuple[CardSet, ...]: ...
    @property
    def unforced(self) -> Rules: ...

    def legal(self, hand: CardSet, trick: Sequence[Card], tricks_done: int) -> CardSet: ...
    def face_down(self, trick: Sequence[Card], tricks_done: int) -> bool: ...
    def lowest(self, hand: CardSet) -> CardSet: ...
    def top(self, trick: Sequence[Card]) -> Card: ...
    def show(self, cards: CardSet) -> str: ...


def explain(rules: Rules, card: Card, hand: CardSet, trick: Sequence[Card],
            tricks_done: int | None) -> str:
    """The duty that ``card`` breaks (it is in ``hand`` but not legal);
    ``tricks_done`` is None where the trick number is not known."""
    if rules.forced_leads:
        if tricks_done is None:
            # Without the trick number, a lead can only be illegal if it was
            # forced, and a follower's card that the follow duty allows breaks
            # the face-down duty.
            if not trick or rules.unforced.legal(hand, trick, rules.forced_leads) & bit(card):
                return forced(rules, card, hand, trick, None)
        elif tricks_done < rules.forced_leads and (
                not trick or rules.face_down(trick, tricks_done)):
            return forced(rules, card, hand, trick, tricks_done)
    if not trick:
        return lead(rules, card, hand)
    return following(rules, card, hand, trick)


def lead(rules: Rules, card: Card, hand: CardSet) -> str:
    """Why ``card`` may not be led: the leader must lead a trump."""
    if rules.lead_trump_until == rules.lead_trump_from + 1:
        which = "first" if rules.lead_trump_from == 1 else f"number {rules.lead_trump_from}"
        who = f"the winner of the {which} trick"
    else:
        who = "the winner of the last trick"
    if rules.lead_trump_from >= NEVER:
        return f"{card_name(card)} breaks the rules of play"
    return (f"{card_name(card)} is not a trump: {who} must lead a trump, and the hand "
            f"holds {rules.show(hand & rules.trump_mask)}")


def following(rules: Rules, card: Card, hand: CardSet, trick: Sequence[Card]) -> str:
    """Why ``card`` may not follow to a trick led face up."""
    name = card_name(card)
    led = rules.suit[trick[0]]
    suited = hand & rules.suit_masks[led]
    trumps = hand & rules.trump_mask
    if rules.follow is Follow.OR_TRUMP:
        if led == rules.trump:
            return (f"{name} is not a trump, and a trump was led: holding a trump that may "
                    f"not renege ({rules.show(trumps)}), a trump must be played")
        return (f"{name} neither follows suit nor trumps, and the hand holds "
                f"{rules.show(suited)} of the suit led")
    if rules.follow is Follow.SUIT or (suited and not suited & bit(card)):
        what = "a trump" if led == rules.trump else "a card of the suit led"
        return (f"{name} does not follow suit: the hand holds {what} "
                f"({rules.show(suited)}), which must be played")
    if suited:
        top = rules.top(trick)
        return (f"{name} does not head the trick: the hand holds "
                f"{rules.show(suited & rules.above[top])} above the {card_name(top)}, "
                "and must play one of them")
    return trumping(rules, card, trumps, trick, "void in the suit led")


def trumping(rules: Rules, card: Card, trumps: CardSet, trick: Sequence[Card],
             why: str) -> str:
    """Why ``card`` breaks the duty to trump (and over-trump) with ``trumps``."""
    name = card_name(card)
    if not trumps & bit(card):
        return f"{name} is not a trump: {why}, the hand must trump ({rules.show(trumps)})"
    top = rules.top(trick)
    return (f"{name} does not over-trump the {card_name(top)}: the hand holds "
            f"{rules.show(trumps & rules.above[top])}, and must play one of them")


def forced(rules: Rules, card: Card, hand: CardSet, trick: Sequence[Card],
           tricks_done: int | None) -> str:
    """Why ``card`` may not be led to a forced trick, or follow a face-down lead
    (``tricks_done``: None if not known)."""
    name = card_name(card)
    if trick:
        return trumping(rules, card, hand & rules.trump_mask, trick,
                        "to a card led face down")
    which = (f"trick {tricks_done + 1}" if tricks_done is not None
             else f"each of the first {rules.forced_leads} tricks")
    duty = f"a trump must be led to {which} with {rules.players} in the play"
    trumps = hand & rules.trump_mask
    if trumps:
        return f"{name} is not a trump: {duty}, and the hand holds {rules.show(trumps)}"
    return (f"{name} is not the lowest card: {duty}, and a leader without a trump "
            f"leads his lowest card face down ({rules.show(rules.lowest(hand))})")

"""Rich pictures for people: a deal diagram, a ranking table, lists of cards.

One function per kind of result; the commands print what these return, or
JSON instead. Cards show with suit symbols, red suits in red
(:func:`jink.cards.card_markup`); within a suit, best first as the game ranks.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich import box
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from jink.cards import (
    RANK_NAMES,
    RED_SUITS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    card_markup,
    iter_cards,
    rank_of,
    suit_of,
    with_symbols,
)
from jink.formats.files import PositionFile
from jink.games import Rules
from jink.position import Position, sort_cards


def cards_markup(cards: Iterable[Card]) -> str:
    """Cards as Rich markup, separated by spaces, in the order given."""
    return " ".join(card_markup(card) for card in cards)


def names_markup(text: str) -> str:
    """A note with its card names (``QD``) drawn as cards (``Q♦``), for people;
    JSON keeps the names.

    >>> names_markup("only card (with its equal QD) that keeps 3 tricks")
    'only card (with its equal [red]Q♦[/red]) that keeps 3 tricks'

    Any other square bracket is the text's own (a player named ``Ann [the
    elder]``), not markup: it is escaped first.
    """
    return with_symbols(escape(text), card_markup)


def suit_markup(suit: int) -> str:
    """A suit symbol, red for hearts and diamonds."""
    symbol = SUIT_SYMBOLS[suit]
    return f"[red]{symbol}[/red]" if suit in RED_SUITS else symbol


def _rank_markup(card: Card, column_suit: int) -> str:
    """A card under its suit's heading: the rank alone, unless it is of another
    printed suit (the A♥ among the trumps)."""
    if suit_of(card) != column_suit:
        return card_markup(card)
    text = RANK_NAMES[rank_of(card)]
    return f"[red]{text}[/red]" if suit_of(card) in RED_SUITS else text


def _suit_cells(rules: Rules, hand: int) -> list[str]:
    """A hand split by the suit each card counts as, each best first."""
    cells: list[list[Card]] = [[] for _ in range(4)]
    for card in iter_cards(hand):
        cells[rules.suit[card]].append(card)
    return [" ".join(_rank_markup(c, s) for c in sorted(cards, key=lambda c: -rules.power[c]))
            for s, cards in enumerate(cells)]


def _suit_heading(rules: Rules, suit: int) -> str:
    return suit_markup(suit) + (" trumps" if suit == rules.trump else "")


def deal_diagram(item: Position | PositionFile) -> RenderableType:
    """The deal: each seat's hand by suit, the trick so far, tricks won, who is to play."""
    file = item if isinstance(item, PositionFile) else PositionFile(item)
    p = file.position
    rules = p.rules
    title = p.game.title
    if p.trump is not None:
        title += f": {SUIT_NAMES[p.trump]} trumps"
    if p.turnup is not None:
        title += f" (turned up {card_markup(p.turnup)})"
    table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Seat", justify="right")
    for suit in range(4):
        table.add_column(_suit_heading(rules, suit))
    table.add_column("Trick")
    table.add_column("Won", justify="right")
    table.add_column("")
    played = {p.seat_of_trick_card(i): card_markup(card) for i, card in enumerate(p.trick)}
    if p.trick and rules.face_down(p.trick, p.tricks_done):  # a forced lead (Bierspiel)
        played[p.leader] += " (face down)"
    for seat, hand in enumerate(p.hands):
        notes = []
        if not p.is_over:
            if seat == p.leader:
                notes.append("led" if p.trick else "leads")
            if seat == p.seat_to_play:
                notes.append("[bold]to play[/bold]")
        if seat == p.players - 1:
            notes.append("[dim]dealer[/dim]")
        table.add_row(str(seat + 1), *_suit_cells(rules, hand),
                      played.get(seat, ""),
                      str(p.won[seat]), ", ".join(notes))
    lines: list[RenderableType] = [table, Text.from_markup(_status(p))]
    sides = p.game.sides(p.players)
    if len(sides) == 2 and p.players > 2:
        first, second = (" and ".join(str(s + 1) for s in side) for side in sides)
        lines.append(Text(f"Partners: seats {first} against seats {second}."))
    if p.turn is not None and p.trump is None:
        lines.append(Text.from_markup(f"No trump yet; the card to turn: {card_markup(p.turn)}."))
    elif p.turn is not None:
        lines.append(Text.from_markup(f"Turned up: {card_markup(p.turn)}."))
    elif p.game.uses_turn and p.trump is None:
        lines.append(Text.from_markup("No trump yet; the card to turn is not known "
                                      "(solve with --expected)."))
    if file.play is not None:
        record = "; ".join(cards_markup(trick) for trick in file.play)
        lines.append(Text.from_markup(f"Played record: {record or 'empty'}."))
    return Group(*lines)


def _status(p: Position) -> str:
    if p.is_over:
        return "The deal is over."
    text = f"Trick {p.tricks_done + 1} of {p.game.tricks}: seat {p.seat_to_play + 1} to play."
    winner = p.trick_winner()
    if winner is not None:
        best = p.trick[(winner - p.leader) % p.players]
        text += f" Seat {winner + 1} is winning the trick with {card_markup(best)}."
    return text


def ranking_table(rules: Rules) -> Table:
    """The order of every suit, best first, for the trump suit ``rules`` is bound to."""
    trump = rules.trump
    name = SUIT_NAMES[trump] if trump is not None else "no"
    table = Table(title=f"{name.capitalize()} trumps", box=box.SIMPLE_HEAD,
                  title_justify="left")
    table.add_column("Suit")
    table.add_column("Cards", justify="right")
    table.add_column("Order, best first")
    suits = ([trump] if trump is not None else []) + [s for s in range(4) if s != trump]
    for suit in suits:
        order = rules.order(suit)
        table.add_row(_suit_heading(rules, suit), str(len(order)),
                      " ".join(_rank_markup(card, suit) for card in order))
    return table


def legal_markup(rules: Rules, cards: Iterable[Card]) -> str:
    """Legal cards in display order (suits S H D C, each best first)."""
    return cards_markup(sort_cards(rules, cards)) or "none"

"""Cards and card sets as plain ints, with parsing and naming.

A :data:`Card` is an int ``suit * 13 + rank`` (suits S H D C = 0..3, ranks
2..A = 0..12). A :data:`CardSet` is an int bitmask with bit ``card`` set for
each card in it, so membership, removal and suit filtering are bit operations.
Input accepts every notation of docs/files.md (``5D``, ``10h``, ``T♥``, ``a♠``);
output is canonical (``5D``, ``TH``).

>>> card_name(parse_card("10h"))
'TH'
>>> [card_name(c) for c in parse_cards("5D, a♠ T♥")]
['5D', 'AS', 'TH']
>>> cards_text(cardset(parse_cards("5d 2s")))
'2S 5D'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TypeAlias

from jink.errors import ParseError

if TYPE_CHECKING:
    Card: TypeAlias = int
    CardSet: TypeAlias = int
    Suit: TypeAlias = int
else:
    class _PlainInt(type):
        """The type of :class:`Card`, :class:`CardSet` and :class:`Suit`: names
        for plain ints. Every int is one (``isinstance``), and calling one gives
        a plain int, as ``int()`` does, so they change nothing at run time but
        what ``help()`` shows; type checkers see ``int`` itself."""

        def __instancecheck__(cls, value: object) -> bool:
            return isinstance(value, int)

        def __subclasscheck__(cls, kind: type) -> bool:
            return issubclass(kind, int)

        def __call__(cls, *args: object, **kwargs: object) -> int:
            return int(*args, **kwargs)

    class Card(int, metaclass=_PlainInt):
        """A card: a plain int, ``suit * 13 + rank``.

        Suits S H D C are 0..3, ranks 2..A are 0..12, so the 5D is
        ``2 * 13 + 3 = 29``. Name one with :func:`card_name`, read one with
        :func:`parse_card` (any notation: ``5D``, ``10h``, ``T♥``, ``a♠``);
        :func:`suit_of` and :func:`rank_of` take one apart. The name is for
        type hints and ``help()``: a card is an int, and ``Card(29)`` is ``29``.
        """

        __slots__ = ()

    class CardSet(int, metaclass=_PlainInt):
        """A set of cards: a plain int bitmask, bit ``card`` set for each card
        in it, so membership, removal and suit filtering are bit operations.

        :func:`cardset` makes one from cards, :func:`iter_cards` lists its
        cards in order, :func:`parse_cardset` reads one, :func:`cards_text`
        names its cards. A hand is a card set.
        """

        __slots__ = ()

    class Suit(int, metaclass=_PlainInt):
        """A suit: a plain int, spades 0, hearts 1, diamonds 2, clubs 3
        (:data:`SUITS`); :func:`parse_suit` reads one (``S`` or ``♠``)."""

        __slots__ = ()

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANKS = "23456789TJQKA"
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
RED_SUITS = (HEARTS, DIAMONDS)

TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)

EMPTY: CardSet = 0
FULL_DECK: CardSet = (1 << 52) - 1
SUIT_MASKS: tuple[CardSet, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))

_SUIT_INPUT = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3,
               "♤": 0, "♡": 1, "♢": 2, "♧": 3}
_CARD_RE = re.compile(r"^(10|[2-9TJQKA])(.)$", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,]+")


def make_card(rank: int, suit: Suit) -> Card:
    """The card of ``rank`` (0 = two .. 12 = ace) in ``suit``."""
    return suit * 13 + rank


def is_card(value: object) -> bool:
    """Whether ``value`` is a card number, 0 to 51."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 52


def suit_of(card: Card) -> Suit:
    """The printed suit of a card (the A♥ is a heart here; games may differ)."""
    return card // 13


def rank_of(card: Card) -> int:
    """The printed rank index of a card: 0 for a two up to 12 for an ace."""
    return card % 13


def bit(card: Card) -> CardSet:
    """The one-card set holding ``card``."""
    return 1 << card


def parse_suit(text: str) -> Suit:
    """Parse a suit letter or symbol, any case.

    >>> parse_suit("d"), parse_suit("♣")
    (2, 3)
    """
    suit = _SUIT_INPUT.get(text.strip().upper())
    if suit is None:
        raise ParseError(f"not a suit: {text!r} (use S H D C or ♠ ♥ ♦ ♣)")
    return suit


def parse_card(text: str) -> Card:
    """Parse one card in any accepted notation.

    >>> card_name(parse_card("T♥")), card_name(parse_card("a♠"))
    ('TH', 'AS')
    """
    match = _CARD_RE.match(text.strip())
    if match is None:
        raise ParseError(f"not a card: {text!r} (write e.g. 5D, 10h, T♥)")
    rank_text, suit_text = match.groups()
    suit = _SUIT_INPUT.get(suit_text.upper())
    if suit is None:
        raise ParseError(f"not a card: {text!r} (unknown suit {suit_text!r})")
    rank = 8 if rank_text == "10" else RANKS.index(rank_text.upper())
    return make_card(rank, suit)


def card_name(card: Card) -> str:
    """The canonical name of a card: rank letter then suit letter."""
    return RANKS[rank_of(card)] + SUITS[suit_of(card)]


def card_symbol(card: Card) -> str:
    """The name with a suit symbol, for people: ``5♦``, ``10♥``."""
    return RANK_NAMES[rank_of(card)] + SUIT_SYMBOLS[suit_of(card)]


def card_markup(card: Card) -> str:
    """Rich markup for a card: the symbol name, red suits in red."""
    text = card_symbol(card)
    return f"[red]{text}[/red]" if suit_of(card) in RED_SUITS else text


#: A card's name inside a sentence (``KD``, ``TD``), as the library writes its
#: notes and errors; and a quoted stretch (``'5DD'``), the user's own words. An
#: apostrophe after a letter (``seat 1's``) opens no quotation. A name inside
#: a path (``deals/AS.toml``) is a file's, not a card's.
_NAME_IN_TEXT = re.compile(r"(?<![\w/\\.-])([2-9TJQKA][SHDC])(?![\w]|\.\w)")
_QUOTED = re.compile(r"((?<![\w])'[^']*'(?![\w]))")


def with_symbols(text: str, draw: Callable[[Card], str] = card_symbol) -> str:
    """``text`` with the card names the library wrote in it (``QD``) drawn
    for people (``Q♦``); quoted text, the user's own, is left as given. JSON
    keeps the names; this is for what people read: errors, notes.

    >>> with_symbols("card 5D given twice in '5D JD 5D'")
    "card 5♦ given twice in '5D JD 5D'"
    >>> with_symbols("seat 2's TH beats seat 1's QH")
    "seat 2's 10♥ beats seat 1's Q♥"
    >>> with_symbols("deals/AS.toml: the AS is held twice.")
    'deals/AS.toml: the A♠ is held twice.'
    """
    parts = _QUOTED.split(text)
    for i in range(0, len(parts), 2):  # the odd parts are the quotations
        parts[i] = _NAME_IN_TEXT.sub(lambda m: draw(parse_card(m.group(1))), parts[i])
    return "".join(parts)


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas, keeping their order.

    Duplicates are an error: no list of cards in jink holds a card twice.

    >>> parse_cards("")
    []
    """
    cards: list[Card] = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        card = parse_card(token)
        if card in cards:
            raise ParseError(f"card {card_name(card)} given twice in {text!r}")
        cards.append(card)
    return cards


def cardset(cards: Iterable[Card]) -> CardSet:
    """The set of the given cards."""
    result = 0
    for card in cards:
        result |= 1 << card
    return result


#: How a hand of no cards is written where every seat at the table has a hand
#: (the dealer's, with six at a Rams table: "when six play the dealer takes
#: no cards").
NO_CARDS = "-"


def parse_cardset(text: str) -> CardSet:
    """Parse a hand: cards separated by spaces or commas, none twice."""
    return cardset(parse_cards(text))


def iter_cards(cards: CardSet) -> Iterator[Card]:
    """The cards of a set, lowest card number first."""
    while cards:
        low = cards & -cards
        yield low.bit_length() - 1
        cards ^= low


def count(cards: CardSet) -> int:
    """How many cards a set holds."""
    return cards.bit_count()


def cards_text(cards: CardSet | Iterable[Card]) -> str:
    """Canonical names separated by spaces (a set in suit order S H D C)."""
    seq = iter_cards(cards) if isinstance(cards, int) else cards
    return " ".join(card_name(c) for c in seq)

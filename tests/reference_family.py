"""A slow, plain, independent reference solver for Spoil Five's family.

Forty-Five, Rams, Bierspiel, Rounce and Three-card Loo, written out again from
``RULINGS.md`` alone (each game's section and "The solver's questions") to
check the fast engine in :mod:`jink`. It shares nothing with the package but
the card parser and namer, and nothing with ``tests/reference.py`` either: the
Spoil Five tables that Forty-Five plays with are typed in afresh here. Cards
are compared through their names ("7D", "TH"; T is the ten) looked up in
ranking lists typed in from the rulings, best card first. There is no pruning
and no move ordering: every question is a full minimax over every legal card,
memoised with :func:`functools.cache`.

Seats are 0-based: seat 0 is the rules' seat 1. A *side* is a set of seats
playing together: in Forty-Five seats 0, 2, 4 against 1, 3, 5; in every other
game each seat plays alone. The questions are asked for a set of seats, all
other seats playing against it.

>>> pos = fam_position("rams", "H", ["AC 7H", "KC 8S", "QC 9S"], won=[1, 1, 1])
>>> sorted(names(fam_legal(fam_play(pos, parse_card("AC")))))
['KC']
>>> fam_max_tricks(pos, frozenset({0}))
3
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from jink.cards import card_name, parse_card

GAMES = ("forty-five", "rams", "bierspiel", "rounce", "loo")
SUIT_LETTERS = ("S", "H", "D", "C")

#: Tricks in a deal.
TRICKS = {"forty-five": 5, "rams": 5, "bierspiel": 5, "rounce": 5, "loo": 3}

#: Seats that can be in the card play. Rams and Bierspiel: 3 to 6 at the table,
#: with six the dealer takes no cards, and only those who play take part (the
#: dealer must play against a lone opponent, so at least two). Rounce: 3 to 9,
#: likewise. Loo: three cards each and a card to turn from 52.
SEATS: dict[str, tuple[int, ...]] = {
    "forty-five": (2, 4, 6),
    "rams": (2, 3, 4, 5),
    "bierspiel": (2, 3, 4, 5),
    "rounce": tuple(range(2, 10)),
    "loo": tuple(range(2, 18)),
}

#: The named rule options each game takes, with their defaults. Forty-Five's
#: options change the score, not the play.
OPTIONS: dict[str, dict[str, bool]] = {
    "forty-five": {"per_trick_scoring": False, "compulsory_rob": False},
    "rams": {"ecarte_order": False},
    "bierspiel": {"ecarte_order": False},
    "rounce": {"trump_lead_every_trick": False},
    "loo": {},
}


def _words(text: str) -> list[str]:
    return text.split()


# ---------------------------------------------------------------- the cards

# Forty-Five: Spoil Five's cards. Best first. The A of hearts is always a
# trump, the third best, and never a heart.
FORTY_FIVE_TRUMPS: dict[str, list[str]] = {
    "S": _words("5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S TS"),
    "H": _words("5H JH AH KH QH TH 9H 8H 7H 6H 4H 3H 2H"),
    "D": _words("5D JD AH AD KD QD TD 9D 8D 7D 6D 4D 3D 2D"),
    "C": _words("5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C TC"),
}
FORTY_FIVE_PLAIN: dict[str, list[str]] = {
    "S": _words("KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S TS"),
    "H": _words("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
    "D": _words("KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD"),
    "C": _words("KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C TC"),
}

# Rams: the 32-card pack, the same order in every suit, trumps included.
RAMS_RANKS = _words("A K Q J T 9 8 7")
ECARTE_RANKS = _words("K Q J A T 9 8 7")

# Bierspiel: the 7 of diamonds is always a trump, the second best, just below
# the ace of trumps; it is then never a diamond.
BIERSPIEL_TRUMPS: dict[str, list[str]] = {
    "S": _words("AS 7D KS QS JS TS 9S 8S 7S"),
    "H": _words("AH 7D KH QH JH TH 9H 8H 7H"),
    "D": _words("AD 7D KD QD JD TD 9D 8D"),
    "C": _words("AC 7D KC QC JC TC 9C 8C 7C"),
}
BIERSPIEL_DIAMONDS = _words("AD KD QD JD TD 9D 8D")  # diamonds when not trumps

# Rounce and Loo: the full pack, ace high, in every suit.
WHIST_RANKS = _words("A K Q J T 9 8 7 6 5 4 3 2")


def _suit_cards(ranks: list[str], suit: str) -> list[str]:
    return [rank + suit for rank in ranks]


def deck(game: str) -> list[str]:
    """The names of the cards in the game's pack."""
    ranks = RAMS_RANKS if game in ("rams", "bierspiel") else WHIST_RANKS
    return [rank + suit for suit in SUIT_LETTERS for rank in ranks]


def trump_order(game: str, trump: str | None, options: Mapping[str, bool]) -> list[str]:
    """Every trump, best first (empty when no trump is known yet, in Loo)."""
    if trump is None:
        return []
    if game == "forty-five":
        return FORTY_FIVE_TRUMPS[trump]
    if game == "rams":
        return _suit_cards(ECARTE_RANKS if options["ecarte_order"] else RAMS_RANKS, trump)
    if game == "bierspiel":
        return BIERSPIEL_TRUMPS[trump]
    return _suit_cards(WHIST_RANKS, trump)


def plain_order(game: str, suit: str, trump: str | None, options: Mapping[str, bool]) -> list[str]:
    """The cards of ``suit`` when it is not trumps, best first."""
    if game == "forty-five":
        return FORTY_FIVE_PLAIN[suit]
    if game == "rams":
        return _suit_cards(ECARTE_RANKS if options["ecarte_order"] else RAMS_RANKS, suit)
    if game == "bierspiel":
        return BIERSPIEL_DIAMONDS if suit == "D" else _suit_cards(RAMS_RANKS, suit)
    return _suit_cards(WHIST_RANKS, suit)


@dataclass(frozen=True)
class _Cards:
    """How the cards rank for one game, trump and set of options."""

    trumps: tuple[str, ...]
    plain: dict[str, tuple[str, ...]]

    def suit(self, name: str) -> str:
        """The suit a card counts as in play: "T" for a trump, else its suit letter."""
        return "T" if name in self.trumps else name[1]

    def rank(self, name: str) -> int:
        """Position in its suit's order (trumps: the trump order); 0 is the best."""
        if name in self.trumps:
            return self.trumps.index(name)
        return self.plain[name[1]].index(name)


@cache
def _cards_for(game: str, trump: str | None, options: tuple[tuple[str, bool], ...]) -> _Cards:
    opts = dict(options)
    trumps = tuple(trump_order(game, trump, opts))
    plain = {suit: tuple(c for c in plain_order(game, suit, trump, opts) if c not in trumps)
             for suit in SUIT_LETTERS if suit != trump}
    return _Cards(trumps, plain)


# ---------------------------------------------------------------- positions


@dataclass(frozen=True)
class FamPosition:
    """A position of one of the family's games, part-way through a deal.

    ``hands[s]`` is what seat ``s`` still holds; ``trick`` the cards played so
    far to the current trick (``trick[0]`` by ``leader``, then round the
    table); ``won[s]`` the tricks seat ``s`` has taken, so the current trick is
    trick number ``sum(won) + 1``. ``trump`` is a suit letter, or None in a
    Loo simple pool before trumps come in, when ``turn`` is the card the
    dealer will turn. ``options`` holds every option of the game, by name.
    """

    game: str
    trump: str | None
    hands: tuple[frozenset[int], ...]
    leader: int
    trick: tuple[int, ...]
    won: tuple[int, ...]
    turn: int | None
    options: tuple[tuple[str, bool], ...]


def _cards(pos: FamPosition) -> _Cards:
    return _cards_for(pos.game, pos.trump, pos.options)


def _names(text: str) -> list[int]:
    return [parse_card(word) for word in text.replace(",", " ").split()]


def fam_position(
    game: str,
    trump: str | None,
    hands: list[str],
    leader: int = 0,
    trick: str = "",
    won: list[int] | None = None,
    turn: str | None = None,
    options: Mapping[str, bool] | Iterable[tuple[str, bool]] | None = None,
) -> FamPosition:
    """Build a position from text: ``fam_position("rams", "H", ["AC 7H", "KC 8S"])``."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: one of {', '.join(GAMES)}")
    given = dict(options or {})
    unknown = set(given) - set(OPTIONS[game])
    if unknown:
        raise ValueError(f"{game} has no option {sorted(unknown)}")
    merged = {**OPTIONS[game], **{k: bool(v) for k, v in given.items()}}
    parsed = []
    for text in hands:
        cards = _names(text)
        if len(cards) != len(set(cards)):
            raise ValueError(f"a card is given twice in {text!r}")
        parsed.append(frozenset(cards))
    pos = FamPosition(
        game=game,
        trump=trump.upper() if trump is not None else None,
        hands=tuple(parsed),
        leader=leader,
        trick=tuple(_names(trick)),
        won=tuple(won) if won is not None else (0,) * len(hands),
        turn=parse_card(turn) if turn is not None else None,
        options=tuple(sorted(merged.items())),
    )
    check_position(pos)
    return pos


def check_position(pos: FamPosition) -> None:
    """Raise ValueError unless ``pos`` could arise in a real deal of its game."""
    game, n = pos.game, len(pos.hands)
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    if n not in SEATS[game]:
        raise ValueError(f"{game} is not played by {n} seats")
    if set(dict(pos.options)) != set(OPTIONS[game]):
        raise ValueError("options must name every option of the game")
    if game == "bierspiel" and dict(pos.options)["ecarte_order"]:
        # RULINGS puts the 7♦ "second best, just below the ace of trumps":
        # with the ace fourth (K Q J A) the two descriptions part.
        raise ValueError("RULINGS does not say where the 7♦ ranks in the écarté order")
    if pos.trump is not None and pos.trump not in SUIT_LETTERS:
        raise ValueError(f"trump must be one of S H D C, not {pos.trump!r}")
    done = sum(pos.won)
    if game == "loo":
        if pos.trump is None and pos.turn is None:
            raise ValueError("a Loo simple pool needs the card to be turned (turn)")
        if pos.turn is not None and pos.trump is not None:
            if card_name(pos.turn)[1] != pos.trump:
                raise ValueError("trumps in a simple pool are the suit of the turned card")
            if done == 0:
                raise ValueError("trumps come in after a trick, not before the first")
    else:
        if pos.trump is None:
            raise ValueError(f"{game} needs a trump suit")
        if pos.turn is not None:
            raise ValueError("turn is for Loo simple pools")
    if len(pos.won) != n or any(w < 0 for w in pos.won):
        raise ValueError("won must give one count (0 or more) per seat")
    if not 0 <= pos.leader < n:
        raise ValueError(f"leader {pos.leader} is not a seat")
    if done and pos.won[pos.leader] == 0:
        raise ValueError("the leader won the last trick, so has a trick")
    if len(pos.trick) >= n:
        raise ValueError("a trick in progress holds fewer cards than there are seats")
    pack = {parse_card(name) for name in deck(game)}
    every = [*pos.trick, *(c for hand in pos.hands for c in hand)]
    if pos.turn is not None:
        every.append(pos.turn)
    if len(every) != len(set(every)):
        raise ValueError("a card is given twice")
    if not set(every) <= pack:
        raise ValueError(f"a card is not in the {game} pack")
    tricks_left = TRICKS[game] - done
    if tricks_left <= 0:
        raise ValueError("no trick is left to play")
    for seat in range(n):
        played = (seat - pos.leader) % n < len(pos.trick)
        if len(pos.hands[seat]) != tricks_left - played:
            raise ValueError(f"seat {seat} holds {len(pos.hands[seat])} cards, "
                             f"expected {tricks_left - played}")
    # Each card of the trick must have been legal when it was played.
    for i, card in enumerate(pos.trick):
        seat = (pos.leader + i) % n
        hands = list(pos.hands)
        hands[seat] = pos.hands[seat] | {card}
        before = FamPosition(pos.game, pos.trump, tuple(hands), pos.leader, pos.trick[:i],
                             pos.won, pos.turn, pos.options)
        if card not in fam_legal(before):
            raise ValueError(f"{card_name(card)} in the trick was not a legal play")


# ---------------------------------------------------------------- the rules


def seat_to_play(pos: FamPosition) -> int:
    return (pos.leader + len(pos.trick)) % len(pos.hands)


def is_over(pos: FamPosition) -> bool:
    return not pos.trick and all(not hand for hand in pos.hands)


def forced_trump_leads(game: str, seats: int) -> int:
    """Bierspiel: how many tricks from the first must be led with a trump."""
    if game != "bierspiel":
        return 0
    return {2: 1, 3: 2}.get(seats, 3)


def is_face_down_trick(pos: FamPosition) -> bool:
    """Bierspiel: the trick was led face down (a forced trump lead without a trump)."""
    if not pos.trick:
        return False
    trick_number = sum(pos.won) + 1
    must_lead_trump = trick_number <= forced_trump_leads(pos.game, len(pos.hands))
    return must_lead_trump and _cards(pos).suit(card_name(pos.trick[0])) != "T"


def _lowest_cards(hand: frozenset[int]) -> list[int]:
    """Bierspiel: the cards of the lowest rank in a hand without trumps."""
    ranks = {c: RAMS_RANKS.index(card_name(c)[0]) for c in hand}
    lowest = max(ranks.values())
    return [c for c in hand if ranks[c] == lowest]


def _leads(pos: FamPosition, hand: frozenset[int]) -> frozenset[int]:
    cards = _cards(pos)
    trumps = frozenset(c for c in hand if cards.suit(card_name(c)) == "T")
    done = sum(pos.won)
    if pos.game == "bierspiel" and done + 1 <= forced_trump_leads("bierspiel", len(pos.hands)):
        return trumps or frozenset(_lowest_cards(hand))
    if pos.game == "rounce":
        every_trick = dict(pos.options)["trump_lead_every_trick"]
        if done == 1 or (every_trick and done >= 1):
            return trumps or hand
    if pos.game == "loo" and pos.trump is not None and done >= 1:
        # Trumps are known and the leader won the last trick.
        return trumps or hand
    return hand


def _spoil_five_follows(pos: FamPosition, hand: frozenset[int]) -> frozenset[int]:
    """Forty-Five: Spoil Five's rules of following, with the reneging privilege."""
    cards = _cards(pos)
    led = card_name(pos.trick[0])
    trumps = [c for c in hand if cards.suit(card_name(c)) == "T"]
    if cards.suit(led) == "T":
        if not trumps:
            return hand
        privileged = {"5" + pos.trump, "J" + pos.trump, "AH"} if pos.trump else set()
        may_renege = all(card_name(c) in privileged
                         and cards.rank(card_name(c)) < cards.rank(led) for c in trumps)
        return hand if may_renege else frozenset(trumps)
    of_suit = [c for c in hand if cards.suit(card_name(c)) == cards.suit(led)]
    if not of_suit:
        return hand
    return frozenset(of_suit + trumps)


def _head_follows(pos: FamPosition, hand: frozenset[int]) -> frozenset[int]:
    """Rams (and Bierspiel, Loo): follow suit and head; void, trump and over-trump."""
    cards = _cards(pos)
    trick = [card_name(c) for c in pos.trick]
    led_suit = cards.suit(trick[0])
    of_suit = [c for c in hand if cards.suit(card_name(c)) == led_suit]
    trumped = led_suit != "T" and any(cards.suit(name) == "T" for name in trick)
    if of_suit:
        if trumped:
            return frozenset(of_suit)  # the trick is already trumped: any card of the suit
        best = min(cards.rank(name) for name in trick if cards.suit(name) == led_suit)
        higher = [c for c in of_suit if cards.rank(card_name(c)) < best]
        return frozenset(higher or of_suit)
    trumps = [c for c in hand if cards.suit(card_name(c)) == "T"]
    if trumps:
        return _over_trumps(cards, trick, trumps)
    return hand


def _over_trumps(cards: _Cards, trick: list[str], trumps: list[int]) -> frozenset[int]:
    """A trump higher than any trump in the trick if he has one, else any trump."""
    played = [cards.rank(name) for name in trick if cards.suit(name) == "T"]
    if not played:
        return frozenset(trumps)
    over = [c for c in trumps if cards.rank(card_name(c)) < min(played)]
    return frozenset(over or trumps)


def _face_down_follows(pos: FamPosition, hand: frozenset[int]) -> frozenset[int]:
    """Bierspiel: to a face-down lead, trump (over-trumping if able); else anything."""
    cards = _cards(pos)
    trumps = [c for c in hand if cards.suit(card_name(c)) == "T"]
    if not trumps:
        return hand
    return _over_trumps(cards, [card_name(c) for c in pos.trick[1:]], trumps)


def _suit_follows(pos: FamPosition, hand: frozenset[int]) -> frozenset[int]:
    """Rounce: follow suit if able; no duty to head or to trump."""
    cards = _cards(pos)
    led_suit = cards.suit(card_name(pos.trick[0]))
    of_suit = frozenset(c for c in hand if cards.suit(card_name(c)) == led_suit)
    return of_suit or hand


def fam_legal(pos: FamPosition) -> frozenset[int]:
    """The cards the seat to play may play (empty when the deal is over)."""
    if is_over(pos):
        return frozenset()
    hand = pos.hands[seat_to_play(pos)]
    if not pos.trick:
        return _leads(pos, hand)
    if pos.game == "forty-five":
        return _spoil_five_follows(pos, hand)
    if pos.game == "rounce":
        return _suit_follows(pos, hand)
    if is_face_down_trick(pos):
        return _face_down_follows(pos, hand)
    return _head_follows(pos, hand)


def _winner_index(cards: _Cards, trick: list[str], face_down: bool) -> int:
    trumps = [i for i, name in enumerate(trick) if cards.suit(name) == "T"]
    if trumps:
        return min(trumps, key=lambda i: cards.rank(trick[i]))
    if face_down:
        return 0  # the face-down card cannot win; with no trump the leader takes it
    led_suit = cards.suit(trick[0])
    following = [i for i, name in enumerate(trick) if cards.suit(name) == led_suit]
    return min(following, key=lambda i: cards.rank(trick[i]))


def fam_trick_result(pos: FamPosition, card: int) -> tuple[int, str | None]:
    """When ``card`` completes the trick of ``pos``: (index of the winning card, trumps after)."""
    names_ = [card_name(c) for c in (*pos.trick, card)]
    trump = pos.trump
    if pos.game == "loo" and trump is None and any(n[1] != names_[0][1] for n in names_):
        # Somebody could not follow: the turned card's suit is trumps, at once.
        assert pos.turn is not None
        trump = card_name(pos.turn)[1]
    cards = _cards_for(pos.game, trump, pos.options)
    return _winner_index(cards, names_, is_face_down_trick(pos)), trump


def fam_play(pos: FamPosition, card: int) -> FamPosition:
    """The position after the seat to play plays ``card`` (which must be legal)."""
    if card not in fam_legal(pos):
        raise ValueError(f"{card_name(card)} is not a legal card here")
    n = len(pos.hands)
    seat = seat_to_play(pos)
    hands = list(pos.hands)
    hands[seat] = pos.hands[seat] - {card}
    trick = (*pos.trick, card)
    if len(trick) < n:
        return FamPosition(pos.game, pos.trump, tuple(hands), pos.leader, trick, pos.won,
                           pos.turn, pos.options)
    index, trump = fam_trick_result(pos, card)
    winner = (pos.leader + index) % n
    won = list(pos.won)
    won[winner] += 1
    return FamPosition(pos.game, trump, tuple(hands), winner, (), tuple(won), pos.turn,
                       pos.options)


# ---------------------------------------------------------------- the questions


def sides(game: str, seats: int) -> list[frozenset[int]]:
    """The sides of a deal: Forty-Five's two partnerships, else every seat alone."""
    if game == "forty-five":
        return [frozenset(range(0, seats, 2)), frozenset(range(1, seats, 2))]
    return [frozenset({seat}) for seat in range(seats)]


def side_of(game: str, seats: int, seat: int) -> frozenset[int]:
    return next(side for side in sides(game, seats) if seat in side)


def _check_seats(pos: FamPosition, seats: frozenset[int]) -> frozenset[int]:
    seats = frozenset(seats)
    if not seats or not seats <= set(range(len(pos.hands))):
        raise ValueError(f"{sorted(seats)} are not seats at this table")
    return seats


@cache
def _max_tricks(pos: FamPosition, seats: frozenset[int]) -> int:
    if is_over(pos):
        return sum(pos.won[s] for s in seats)
    results = [_max_tricks(fam_play(pos, c), seats) for c in fam_legal(pos)]
    return max(results) if seat_to_play(pos) in seats else min(results)


def fam_max_tricks(pos: FamPosition, seats: frozenset[int]) -> int:
    """The most tricks the side ``seats`` can be sure to end with (tricks won count)."""
    return _max_tricks(pos, _check_seats(pos, seats))


@cache
def _can_force(pos: FamPosition, seats: frozenset[int], k: int) -> bool:
    if is_over(pos):
        return sum(pos.won[s] for s in seats) >= k
    outcomes = [_can_force(fam_play(pos, c), seats, k) for c in fam_legal(pos)]
    if seat_to_play(pos) in seats:
        return any(outcomes)  # one good card is enough
    return all(outcomes)  # it must work against every card of the others


def fam_can_force(pos: FamPosition, seats: frozenset[int], k: int) -> bool:
    """Whether the side ``seats`` can make sure of ending with ``k`` tricks or more."""
    return _can_force(pos, _check_seats(pos, seats), k)


def fam_move_scores(pos: FamPosition, seats: frozenset[int]) -> dict[int, int]:
    """For each legal card of the seat to play: ``fam_max_tricks(seats)`` after it."""
    seats = _check_seats(pos, seats)
    return {c: _max_tricks(fam_play(pos, c), seats) for c in fam_legal(pos)}


def clear_caches() -> None:
    """Forget every memoised answer (the caches grow with every position asked)."""
    _max_tricks.cache_clear()
    _can_force.cache_clear()


def names(cards: Iterable[int]) -> set[str]:
    """Card names, for readable test assertions."""
    return {card_name(c) for c in cards}


# ---------------------------------------------------------------- random positions

#: How a random deal picks its cards: the whole pack, trumps first (so that
#: trumping and over-trumping come up), or nearly no trumps (so that Bierspiel's
#: face-down leads come up).
DEAL_MODES = ("plain", "trump_heavy", "trump_light")

#: Loo's kinds of pool: simple before trumps come in, simple after, double.
LOO_POOLS = ("simple", "simple_trumps_in", "double")


def random_position(
    rng: random.Random,
    game: str,
    seats: int,
    tricks_left: int,
    *,
    mode: str = "plain",
    loo_pool: str = "double",
    options: Mapping[str, bool] | None = None,
    cards_in_trick: int = 0,
) -> FamPosition:
    """A random legal position of ``game``, then ``cards_in_trick`` random legal cards played.

    ``tricks_left`` counts the current trick. Tricks already played are shared
    out at random, the leader having taken one of them (he won the last).
    """
    turn_suit = rng.choice(SUIT_LETTERS)
    trump: str | None = turn_suit
    if game == "loo" and loo_pool == "simple":
        trump = None
    if game == "loo" and loo_pool == "simple_trumps_in" and tricks_left == TRICKS[game]:
        loo_pool = "simple"  # trumps only come in after a trick
        trump = None
    pack = deck(game)
    trumps = [c for c in trump_order(game, turn_suit, {**OPTIONS[game], **(options or {})})
              if c in pack]
    others = [c for c in pack if c not in trumps]
    rng.shuffle(trumps)
    rng.shuffle(others)
    if mode == "trump_heavy":
        pack = trumps + others
    elif mode == "trump_light":
        pack = trumps[: rng.randrange(3)] + others
    else:
        pack = trumps + others
        rng.shuffle(pack)
    needed = seats * tricks_left
    if len(pack) < needed + 1:
        pack = trumps + others
        rng.shuffle(pack)
    dealt, rest = pack[:needed], pack[needed:]
    rng.shuffle(dealt)
    hands = [" ".join(dealt[i * tricks_left:(i + 1) * tricks_left]) for i in range(seats)]
    turn = None
    if game == "loo" and loo_pool != "double":
        same_suit = [c for c in rest if c[1] == turn_suit]
        turn = rng.choice(same_suit or rest)
        if trump is not None:
            trump = turn[1]
    done = TRICKS[game] - tricks_left
    won = [0] * seats
    leader = rng.randrange(seats)
    if done:
        won[leader] += 1
        for _ in range(done - 1):
            won[rng.randrange(seats)] += 1
    pos = fam_position(game, trump, hands, leader=leader, won=won, turn=turn, options=options)
    for _ in range(cards_in_trick):
        pos = fam_play(pos, rng.choice(sorted(fam_legal(pos))))
    return pos

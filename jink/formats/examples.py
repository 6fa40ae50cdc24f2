"""Built-in example positions, as position-file text, for trying the commands.

Each example is the TOML a user would write (see :mod:`jink.formats.files`);
its comment says what makes it worth a look. The claims in the comments were
found by exhaustive double-dummy search.

>>> sorted(EXAMPLES)
['bierspiel', 'default', 'forty-five', 'four-hands', 'loo', 'rams', 'renege', 'rounce']
>>> example().players
3
"""

from __future__ import annotations

from jink.errors import UnknownNameError
from jink.formats.files import PositionFile, parse
from jink.games import find_game
from jink.position import Position

__all__ = ["EXAMPLES", "example", "example_file", "example_note"]

EXAMPLES: dict[str, str] = {
    "default": """\
# Three hands at the first lead, spades trumps. Seat 1 can force three tricks
# but not a jink, and only one lead keeps three: the humble 8♠, not a king.
game = "spoil-five"
turnup = "2S"
hands = ["8S QH KD QD KC", "7S 7H 9D 4D JC", "JS QS TH 2D TC"]
leader = 1
""",
    "four-hands": """\
# Four hands at the first lead, clubs trumps. Seat 1 can force three tricks
# (not a jink) only by leading the A♥: the third-best trump, so a trump lead.
game = "spoil-five"
turnup = "QC"
hands = ["KS 7S 2S AH 3H", "5S 9D 8D 4D 9C", "TH 8H 5H 4H TD", "4S 6S 8S JH AC"]
leader = 1
""",
    "renege": """\
# Two tricks played, spades trumps, seat 1 has led the 6♠. Seat 2's only trump
# is the 5♠, which ranks above the card led, so he may renege; he can force
# three tricks, and only by reneging with the 10♣.
game = "spoil-five"
trump = "S"
hands = ["7C 8D", "5S TC JH", "5H 4S KH"]
leader = 1
trick = "6S"
won = [1, 1, 0]
""",
    "forty-five": """\
# Forty-Five, four hands in two partnerships (seats 1 and 3 against 2 and 4),
# diamonds trumps. Seats 1 and 3 can make four tricks, but only if seat 1 leads
# the Q♥, a plain card; its trump or any other lead makes three.
game = "forty-five"
turnup = "TD"
hands = ["8S QH 6H 4D 3C", "JS 7S 9H 3H 9D", "6S JD 8D KC 2C", "5S 9S 4H 5D 6C"]
leader = 1
""",
    "rams": """\
# Rams, three hands, clubs trumps. Seat 1's one trump is the 9♣ and each of
# the others holds one lower: leading it draws both (they must follow suit),
# and seat 1 takes three tricks. Any other lead takes one.
game = "rams"
turnup = "TC"
hands = ["TS QH QD TD 9C", "JS TH 7H 9D 8C", "8S 7S AH KH 7C"]
leader = 1
""",
    "rounce": """\
# Rounce, four hands, clubs trumps. Seat 1 takes four tricks only by leading
# the humble 8♠, which loses to the A♠; the Q♠ or the K♣ take three, the 10♥
# or the 6♣ two.
game = "rounce"
turnup = "8C"
hands = ["QS 8S TH KC 6C", "TS 7S 5S 7H 2H", "6S 9H 9D 4D QC", "AS TD 8D 6D 2C"]
leader = 1
""",
    "bierspiel": """\
# Bierspiel, four hands, clubs trumps, so the first three leads must be
# trumps. The A♣ is out of play and seat 1 holds the 7♦, always the second
# trump, and the 9♣ and 7♣. It takes four tricks only by leading the 7♦
# first; either club first takes three.
game = "bierspiel"
turnup = "TC"
hands = ["AS TH 7D 9C 7C", "9S KH QH AD QC", "8S 7S AH KD 9D", "JS 8H JD 8D 8C"]
leader = 1
""",
    "loo": """\
# Three-card Loo, a double pool of four hands, hearts trumps. Seat 1 takes
# two tricks only by leading the Q♠: seat 3, void, must trump it with the K♥,
# and the Q♥ is then the best trump out. The Q♥ or the A♣ first takes one.
game = "loo"
turnup = "7H"
hands = ["QS QH AC", "6S 5S 2C", "KH 4D JC", "8H 7D 9C"]
leader = 1
""",
}


def _key(name: str) -> str:
    """The example ``name`` means: an example's own name, or a game's name or
    alias for that game's first example (``spoil-five`` is ``default``)."""
    key = name.strip().lower()
    if key in EXAMPLES:
        return key
    try:
        game = find_game(key).name
    except UnknownNameError:
        game = None
    for found, text in EXAMPLES.items():
        if game is not None and parse(text).position.game.name == game:
            return found
    raise UnknownNameError(f"unknown example {name!r} (examples: {', '.join(EXAMPLES)}, "
                           "or a game's name for its example)")


def example_file(name: str = "default") -> PositionFile:
    """The example called ``name`` (or a game's example, by the game's name), as
    a position file.

    >>> example_file("spoil-five") == example_file("default")
    True
    """
    return parse(EXAMPLES[_key(name)], source=f"example {name}")


def example_note(name: str = "default") -> str:
    """What the example called ``name`` shows: its opening comment, as one paragraph.

    >>> example_note("renege").startswith("Two tricks played, spades trumps")
    True
    """
    lines = EXAMPLES[_key(name)].splitlines()
    return " ".join(line.removeprefix("#").strip() for line in lines if line.startswith("#"))


def example(name: str = "default") -> Position:
    """The example position called ``name``.

    >>> example("renege").seat_to_play + 1
    2
    """
    return example_file(name).position

"""Built-in example positions, as position-file text, for trying the commands.

Each example is the TOML a user would write (see :mod:`jink.puzzles.files`);
its comment says what makes it worth a look. The claims in the comments were
found by exhaustive double-dummy search.

>>> sorted(EXAMPLES)
['default', 'four-hands', 'renege']
>>> example().players
3
"""

from __future__ import annotations

from jink.errors import UnknownNameError
from jink.position import Position
from jink.puzzles.files import PositionFile, parse

__all__ = ["EXAMPLES", "example", "example_file"]

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
}


def example_file(name: str = "default") -> PositionFile:
    """The example called ``name``, as a position file."""
    text = EXAMPLES.get(name.strip().lower())
    if text is None:
        raise UnknownNameError(f"unknown example {name!r} (examples: {', '.join(EXAMPLES)})")
    return parse(text, source=f"example {name}")


def example(name: str = "default") -> Position:
    """The example position called ``name``.

    >>> example("renege").seat_to_play + 1
    2
    """
    return example_file(name).position

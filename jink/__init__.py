"""jink: a double-dummy solver and study kit for Spoil Five and its family.

The public API is what ``__all__`` names; docs/api.md describes each piece.
Seats are 0-based everywhere in Python (seat 0 leads first, the dealer is
the last seat); people read them 1-based, as the command line, files and
JSON (``to_dict``) write them, always with the word "seat".

A position, its rules, and the answers:

>>> import jink
>>> p = jink.Position.create("spoil-five", "D", ["5D JD AH KC 2S", "9C 8C 7C 6C 4C"])
>>> result = jink.solve(p, line=False)
>>> result.verdicts[0].max_tricks, result.verdicts[0].jink
(5, True)
>>> [jink.card_name(m.card) for m in result.moves if m.achieves]
['2S', 'AH', '5D', 'JD', 'KC']

Cards are ints (``suit * 13 + rank``) and card sets int bitmasks; input takes
any notation, output is canonical:

>>> jink.card_name(jink.parse_card("10h")), jink.cards_text(jink.parse_cardset("a♠ 5d"))
('TH', 'AS 5D')

Dealing, and single-dummy odds from one seat's view:

>>> [d.players for d in jink.deal({"game": "rams", "players": 4, "trump": "C"}, seed=1,
...                               count=2)]
[4, 4]
"""

from jink.analysis.analyse import Analysis, analyse
from jink.analysis.solve import SolveResult, solve
from jink.cards import (
    SUITS,
    Card,
    CardSet,
    Suit,
    card_name,
    cards_text,
    cardset,
    iter_cards,
    parse_card,
    parse_cards,
    parse_cardset,
    parse_suit,
)
from jink.dealing import (
    ConstraintError,
    Constraints,
    OddsResult,
    View,
    constraints_from_dict,
    deal,
    load_view,
    odds,
    view_from_dict,
)
from jink.decisions.declare import Deal, Declaration, deal_from_text, declare
from jink.decisions.rob import RobDecision, rob
from jink.errors import (
    IllegalPlayError,
    JinkError,
    LimitExceeded,
    ParseError,
    PositionError,
    UnknownNameError,
)
from jink.formats.files import dump as dump_position
from jink.formats.files import dumps as dumps_position
from jink.formats.files import load as load_position
from jink.formats.files import loads as loads_position
from jink.games import GAMES, Game, find_game
from jink.position import Position
from jink.solver import Limit, MoveScore, OpenScore, Solver, Verdict
from jink.version import __version__

__all__ = [
    "GAMES",
    "SUITS",
    "Analysis",
    "Card",
    "CardSet",
    "ConstraintError",
    "Constraints",
    "Deal",
    "Declaration",
    "Game",
    "IllegalPlayError",
    "JinkError",
    "Limit",
    "LimitExceeded",
    "MoveScore",
    "OddsResult",
    "OpenScore",
    "ParseError",
    "Position",
    "PositionError",
    "RobDecision",
    "SolveResult",
    "Solver",
    "Suit",
    "UnknownNameError",
    "Verdict",
    "View",
    "__version__",
    "analyse",
    "card_name",
    "cards_text",
    "cardset",
    "constraints_from_dict",
    "deal",
    "deal_from_text",
    "declare",
    "dump_position",
    "dumps_position",
    "find_game",
    "iter_cards",
    "load_position",
    "load_view",
    "loads_position",
    "odds",
    "parse_card",
    "parse_cards",
    "parse_cardset",
    "parse_suit",
    "rob",
    "solve",
    "view_from_dict",
]

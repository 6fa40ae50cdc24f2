"""Constrained dealing and single-dummy odds.

:func:`deal` draws deals meeting constraints (cards held or lacked, suit
counts), exactly uniformly, as positions ready for the solver; :func:`odds`
answers a single-dummy question from one seat's view by dealing the unseen
cards many times (or every way) and solving each deal double dummy. This
package sits above :mod:`jink.solver` and below :mod:`jink.cli`.

>>> from jink.dealing import deal, load_view, odds
>>> [p.players for p in deal({"game": "rams", "players": 4, "trump": "C"}, seed=1, count=2)]
[4, 4]
"""

from jink.dealing.constraints import Constraints, SeatSpec, constraints_from_dict, load_constraints
from jink.dealing.deal import DealPlan, deal, plan_for
from jink.dealing.odds import (
    MAX_EXHAUSTIVE,
    CardOdds,
    OddsResult,
    Share,
    View,
    load_view,
    odds,
    view_from_dict,
)
from jink.dealing.sampler import ConstraintError, Count, Dealer, SeatRule

__all__ = ["MAX_EXHAUSTIVE", "CardOdds", "ConstraintError", "Constraints", "Count", "DealPlan",
           "Dealer", "OddsResult", "SeatRule", "SeatSpec", "Share", "View",
           "constraints_from_dict", "deal", "load_constraints", "load_view", "odds", "plan_for",
           "view_from_dict"]

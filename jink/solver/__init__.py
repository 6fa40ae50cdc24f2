"""The double-dummy engine: goals, search, transposition table, lines, ``solve``."""

from jink.solver.api import SolveResult, solve
from jink.solver.goals import SPOIL, THREE, AtLeast, Goal, Spoil, parse_goal
from jink.solver.limits import Limit
from jink.solver.solver import MoveScore, OpenScore, Solver, Verdict

__all__ = ["SPOIL", "THREE", "AtLeast", "Goal", "Limit", "MoveScore", "OpenScore",
           "SolveResult", "Solver", "Spoil", "Verdict", "parse_goal", "solve"]

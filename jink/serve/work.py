"""The searches the board asks for, as ``jink solve --json`` and ``jink analyse
--json`` answer them: the same library calls, the same ``to_dict``.

Each runs in a child process (:mod:`jink.serve.lanes`): the compiled core
holds the interpreter while it searches, so a search in the server's own
process would stop it answering anything else, and a child can be stopped
at once when a newer question makes its answer useless.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jink.analysis.analyse import analyse
from jink.analysis.solve import solve
from jink.errors import ParseError, PositionError
from jink.formats.dealstring import read_deal_string
from jink.solver.limits import Limit
from jink.solver.native import use_engine, use_exact, use_threads
from jink.solver.table import DEFAULT_MEMORY_MB


@dataclass(frozen=True)
class Settings:
    """How the server searches: the limit options of ``jink serve``."""

    limit: Limit = field(default_factory=Limit)
    memory_mb: float = DEFAULT_MEMORY_MB
    #: The engine asked for (None: $JINK_ENGINE, else native).
    engine: str | None = None
    exact: bool = False
    #: The threads each proof runs on (``--threads``).
    threads: int = 1

    def apply(self) -> None:
        """Make the engine, kernel and threads asked for this process's
        defaults (as a command's ``--engine``, ``--exact`` and ``--threads`` do)."""
        use_engine(self.engine)
        use_exact(self.exact)
        use_threads(self.threads)


def solve_deal(settings: Settings, deal: str, seat: int | None = None,
               goal: str | None = None) -> dict[str, Any]:
    """What ``jink solve --deal DEAL [--seat SEAT] [--goal GOAL] --json`` prints
    (``seat`` 1-based).

    >>> out = solve_deal(Settings(), "spoil-five:D:1:5D.JD 9C.8C:won=2.1", seat=2,
    ...                  goal="spoil")
    >>> out["question"], [(m["card"], m["achieves"]) for m in out["moves"]]
    ({'seat': 2, 'goal': 'spoil'}, [('5D', False), ('JD', False)])
    """
    settings.apply()
    position = read_deal_string(deal).position
    if seat is not None and not 1 <= seat <= position.players:
        raise PositionError(f"seat {seat}: the deal has seats 1 to {position.players}")
    result = solve(position, None if seat is None else seat - 1, goal,
                   limit=settings.limit, memory_mb=settings.memory_mb)
    return result.to_dict()


def analyse_deal(settings: Settings, deal: str) -> dict[str, Any]:
    """What ``jink analyse --deal DEAL --json`` prints: the review of the deal
    string's played record (``play=``)."""
    settings.apply()
    item = read_deal_string(deal)
    if item.play is None:
        raise ParseError("no played record: add :play=5D.9C.KD/..., the tricks played from "
                         "this position", "deal string")
    review = analyse(item.position, item.play, settings.limit, settings.memory_mb)
    return review.to_dict()

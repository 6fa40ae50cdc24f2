"""What a research run is, and how one chunk of its deals is solved.

A :class:`Run` holds everything that decides the results: where the deals
come from (dealt under constraints from a seed, or read from a positions
file) and the question (the seats solved, the goal). Deal ``k`` depends
only on the seed, ``k`` and the constraints (:func:`deal_at`), never on the
deals before it, so a resumed run, a run split into chunks and a run spread
over a cluster all solve the same deals. :func:`solve_chunk` is what a
worker runs: it takes plain data (the run's question, deal indices and
positions as JSON objects) and returns plain :class:`Row` values, so it
pickles cheaply to a local process or a Dask worker.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from jink.analysis.solve import solve
from jink.cards import SUITS, card_name, cards_text
from jink.dealing.constraints import Constraints
from jink.dealing.deal import DealPlan, plan_for
from jink.errors import LimitExceeded
from jink.formats.files import PositionFile, position_from_dict, position_to_dict
from jink.solver import native
from jink.solver.limits import Limit
from jink.solver.table import DEFAULT_MEMORY_MB

__all__ = ["ChunkStopped", "Question", "Row", "Run", "constraints_to_dict", "deal_at",
           "engine_name", "solve_chunk"]


def engine_name(engine: str | None = None) -> str:
    """The search engine the solver uses for ``engine`` (None: $JINK_ENGINE,
    else native; python where the core is not built), recorded in every row."""
    return native.engine_name(engine)


@dataclass(frozen=True)
class Question:
    """What each deal is asked and how hard the search may try (plain data,
    sent to every worker)."""

    #: 0-based seats whose verdicts are worked out; None: every seat.
    seats: tuple[int, ...] | None = None
    goal: str | None = None
    max_nodes: int | None = None
    max_seconds: float | None = None
    memory_mb: float = DEFAULT_MEMORY_MB
    #: The engine asked for (``--engine``; None: $JINK_ENGINE, else native). A
    #: worker is a process of its own, so each makes it its default.
    engine: str | None = None
    #: The exact kernel alone (``--exact``), made each worker's default too.
    exact: bool = False
    #: The threads each of a worker's proofs runs on (``--threads``), made
    #: each worker's default too: the same verdicts for any number.
    threads: int = 1


@dataclass(frozen=True)
class Row:
    """One deal's result, as the ``results`` table holds it."""

    deal: int
    position: str   # JSON object: the position file form
    verdicts: str   # JSON object: what jink solve --json --no-moves --no-line gives
    nodes: int
    seconds: float
    engine: str


def solve_one(question: Question, deal: int, position: dict[str, Any]) -> Row:
    """Solve one deal (``position`` in its JSON object form)."""
    parsed = position_from_dict(position, source=f"deal {deal}")
    native.use_engine(question.engine)
    native.use_exact(question.exact)
    native.use_threads(question.threads)
    started = time.perf_counter()
    try:
        result = solve(parsed, goal=question.goal, moves=False, line=False,
                       limit=Limit(nodes=question.max_nodes, seconds=question.max_seconds),
                       memory_mb=question.memory_mb,
                       seats=None if question.seats is None else list(question.seats),
                       partial=False)  # a deal past the limits stops the chunk
    except LimitExceeded as error:
        raise LimitExceeded(f"{error} (deal {deal})") from None
    seconds = time.perf_counter() - started
    verdicts = result.to_dict()
    # The search's size and time are columns of their own; the table's
    # statistics depend on the memory given. What is left is the same
    # whenever the deal is solved.
    for key in ("nodes", "seconds", "table"):
        verdicts.pop(key, None)
    return Row(deal, json.dumps(position, ensure_ascii=False),
               json.dumps(verdicts, ensure_ascii=False), result.nodes, round(seconds, 6),
               engine_name(question.engine))


class ChunkStopped(LimitExceeded):
    """A deal of a chunk ran past the limits: the message says which, ``rows``
    are the deals of the chunk solved before it (to keep). Both travel in
    ``args``, so the error pickles back from a process or a Dask worker."""

    def __init__(self, message: str, rows: list[Row]) -> None:
        super().__init__(message, rows)

    @property
    def rows(self) -> list[Row]:
        rows: list[Row] = self.args[1]
        return rows

    def __str__(self) -> str:
        return str(self.args[0])


def solve_chunk(question: Question, items: Sequence[tuple[int, dict[str, Any]]]) -> list[Row]:
    """Solve a chunk of deals: ``(index, position object)`` pairs, in order.

    A deal past the limits raises :class:`ChunkStopped` with the rows before it.
    """
    rows: list[Row] = []
    for deal, position in items:
        try:
            rows.append(solve_one(question, deal, position))
        except LimitExceeded as error:
            raise ChunkStopped(str(error), rows) from None
    return rows


def deal_at(plan: DealPlan, seed: int, deal: int) -> dict[str, Any]:
    """Deal number ``deal`` of a run with ``seed``: from a generator seeded by
    both alone (a string seed is hashed with SHA-512, the same on every
    machine and Python run), so no deal depends on another."""
    rng = random.Random(f"jink batch {seed} {deal}")
    return position_to_dict(PositionFile(plan.sample(rng)))


def constraints_to_dict(spec: Constraints) -> dict[str, Any]:
    """The constraints in a canonical JSON form, to store and compare."""
    return {
        "game": spec.game.name,
        "players": spec.players,
        "trump": None if spec.trump is None else SUITS[spec.trump],
        "turnup": None if spec.turnup is None else card_name(spec.turnup),
        "options": {k: spec.options[k] for k in sorted(spec.options)},
        "seats": [{"seat": s.seat + 1, "holds": cards_text(sorted(s.holds)),
                   "lacks": cards_text(sorted(s.lacks)),
                   "counts": [list(c) for c in s.counts]} for s in spec.seats],
    }


@dataclass
class Run:
    """A research run: its deals and its question.

    Either ``constraints`` and ``seed`` (deals dealt by index) or
    ``positions`` (read from a file; ``positions_digest`` names its content).
    """

    deals: int
    question: Question
    constraints: Constraints | None = None
    seed: int | None = None
    positions: list[dict[str, Any]] | None = None
    positions_digest: str | None = None

    def __post_init__(self) -> None:
        self._plan = plan_for(self.constraints) if self.constraints is not None else None

    @classmethod
    def from_positions(cls, positions: Sequence[PositionFile], question: Question) -> Run:
        objects = [position_to_dict(p.position) for p in positions]
        digest = hashlib.sha256(json.dumps(objects, sort_keys=True).encode()).hexdigest()
        return cls(len(objects), question, positions=objects, positions_digest=digest)

    def position(self, deal: int) -> dict[str, Any]:
        """Deal ``deal``'s position, as a JSON object."""
        if self.positions is not None:
            return self.positions[deal]
        assert self._plan is not None and self.seed is not None
        return deal_at(self._plan, self.seed, deal)

    def arguments(self) -> dict[str, Any]:
        """What decides the results, as stored in the database's ``run`` table.

        The limits and the memory are not among them: they decide whether a
        deal is solved, never its verdicts, so a rerun may raise them.
        """
        q = self.question
        source: dict[str, Any] = (
            {"positions": self.positions_digest} if self.positions is not None else
            {"constraints": constraints_to_dict(self.constraints) if self.constraints
             else None, "seed": self.seed})
        return {**source, "deals": self.deals,
                "seats": None if q.seats is None else [s + 1 for s in q.seats],
                "goal": q.goal}

    def chunks(self, todo: Sequence[int], size: int
               ) -> Iterator[list[tuple[int, dict[str, Any]]]]:
        """The deals ``todo`` in chunks of ``size``, each with its position."""
        for start in range(0, len(todo), size):
            yield [(k, self.position(k)) for k in todo[start:start + size]]

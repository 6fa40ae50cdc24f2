"""The double-dummy table of a deal: what each seat can force with each suit trumps.

As bridge's DDS gives a deal's tricks for every declarer and strain
(``CalcDDtable``), :func:`dd_table` solves one deal, as dealt, once for each
trump suit (and, if asked, for each seat leading to the first trick), and
keeps every seat's :class:`~jink.solver.solver.Verdict`: the most tricks it
can be sure of and the game's questions. The turn-up, or a Loo simple pool's
card to be turned, belongs to the deal's own trump and is left out: each
column is the deal played with that suit trumps from the first card.

>>> from jink.position import Position
>>> p = Position.create("spoil-five", "D", ["5D JD AH KC 2S", "9C 8C 7C 6C 4C",
...                                         "KD QD 2D 3H 4H"])
>>> table = dd_table(p)
>>> [table.cell(suit).verdicts[0].max_tricks for suit in range(4)]
[3, 2, 5, 2]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from jink.cards import SUITS, Suit
from jink.errors import PositionError
from jink.position import Position
from jink.solver.limits import Limit
from jink.solver.solver import Solver, Verdict
from jink.solver.table import DEFAULT_MEMORY_MB

__all__ = ["Cell", "DDTable", "dd_table", "with_trump"]

#: Called after each cell solved: ``(done, total)``.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Cell:
    """One trump suit and first leader: every seat's verdict."""

    trump: Suit
    leader: int
    verdicts: tuple[Verdict, ...]

    def to_dict(self) -> dict[str, object]:
        return {"trump": SUITS[self.trump], "leader": self.leader + 1,
                "seats": [v.to_dict() for v in self.verdicts]}


@dataclass(frozen=True)
class DDTable:
    """Every cell of a deal's table; :meth:`to_dict` is ``jink table --json``."""

    position: Position
    leaders: tuple[int, ...]
    cells: tuple[Cell, ...]

    def cell(self, trump: Suit, leader: int | None = None) -> Cell:
        """The cell of ``trump`` (and ``leader``, default the first asked)."""
        leader = self.leaders[0] if leader is None else leader
        for cell in self.cells:
            if cell.trump == trump and cell.leader == leader:
                return cell
        raise KeyError((trump, leader))

    def to_dict(self) -> dict[str, object]:
        game = self.position.game
        return {"game": game.name, "players": self.position.players,
                "questions": [q.name for q in game.questions(self.position.players)],
                "leaders": [s + 1 for s in self.leaders],
                "cells": [c.to_dict() for c in self.cells]}


def with_trump(position: Position, trump: Suit, leader: int | None = None) -> Position:
    """The deal with ``trump`` trumps from the first card (no turn-up, no card
    to be turned) and ``leader`` (0-based; default the deal's) leading."""
    return dataclasses.replace(position, trump=trump, turnup=None, turn=None,
                               leader=position.leader if leader is None else leader)


def dd_table(position: Position, leaders: Iterable[int] | None = None,
             limit: Limit | None = None, memory_mb: float = DEFAULT_MEMORY_MB,
             progress: Progress | None = None) -> DDTable:
    """Solve a deal before its first card for each trump suit and each of
    ``leaders`` (0-based seats leading the first trick; default the deal's
    leader). ``limit`` and ``memory_mb`` apply to each cell's search."""
    if position.trick or position.tricks_done:
        raise PositionError("a table is of a deal before its first card: this position has "
                            "cards played")
    chosen = tuple(dict.fromkeys(leaders)) if leaders is not None else (position.leader,)
    for seat in chosen:
        position.check_seat(seat)
    total = 4 * len(chosen)
    cells = []
    if progress is not None:
        progress(0, total)
    for leader in chosen:
        for trump in range(4):
            solver = Solver(limit, memory_mb)
            verdicts = solver.verdicts(with_trump(position, trump, leader))
            cells.append(Cell(trump, leader, tuple(verdicts)))
            if progress is not None:
                progress(len(cells), total)
    return DDTable(position, chosen, tuple(cells))

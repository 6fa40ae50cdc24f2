"""The transposition table: bounds on a position's value, under a memory cap.

Keys are positions at the start of a trick (hands, leader, and whatever part
of the tricks won the goal depends on); entries are ``[lower, upper]`` bounds
on the value (see :mod:`jink.solver.goals`). When the table would pass its
cap it is emptied: answers stay exact, only time is lost, and the number of
such flushes is reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Rough bytes one entry costs in CPython: the key (a tuple holding the hands'
#: relative-rank shape, itself a tuple of large ints), the bounds list and the
#: dict slot; measured at 550 to 650 on 5-player deals.
ENTRY_BYTES = 600
DEFAULT_MEMORY_MB = 256


@dataclass
class TableStats:
    """What the table did: entries now, look-ups, hits, flushes."""

    entries: int = 0
    lookups: int = 0
    hits: int = 0
    flushes: int = 0
    cap_entries: int = 0
    #: What one entry costs: ENTRY_BYTES in Python, far less in the compiled core.
    entry_bytes: int = ENTRY_BYTES

    def to_dict(self) -> dict[str, int]:
        return {"entries": self.entries, "lookups": self.lookups, "hits": self.hits,
                "flushes": self.flushes, "cap_entries": self.cap_entries,
                "approx_bytes": self.entries * self.entry_bytes}


class TranspositionTable:
    """Bounds per (goal family, side) and position key, capped in memory."""

    def __init__(self, memory_mb: float = DEFAULT_MEMORY_MB) -> None:
        if memory_mb <= 0:
            raise ValueError("the table's memory cap must be positive")
        self.cap = max(16, int(memory_mb * 1_000_000 / ENTRY_BYTES))
        #: How many entries each of the search's speed caches may hold (they
        #: count against the same memory: an eighth of the table each).
        self.cache_cap = max(1000, self.cap // 8)
        self.tables: dict[Any, dict[Any, list[int]]] = {}
        #: The searches' speed caches, per rules, shared by every search that
        #: uses this table (what they hold depends on the rules alone).
        self.speed_caches: dict[int, Any] = {}
        self.size = 0
        self.stats = TableStats(cap_entries=self.cap)

    def for_question(self, family: str, side: frozenset[int]) -> dict[Any, list[int]]:
        """The dict of bounds for one goal family and side (made on first use)."""
        key = (family, side)
        table = self.tables.get(key)
        if table is None:
            table = self.tables[key] = {}
        return table

    def grew(self, added: int) -> None:
        """Count ``added`` new entries; flush everything past the cap."""
        self.size += added
        if self.size > self.cap:
            for table in self.tables.values():
                table.clear()
            self.size = 0
            self.stats.flushes += 1

    def snapshot(self) -> TableStats:
        self.stats.entries = self.size
        return self.stats

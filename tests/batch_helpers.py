"""Chunk functions for the batch tests that kill the worker running them.

They live in a module of their own so a spawned process or a Dask worker
imports them by name (a function defined in a test module would drag the
test module, and pytest, along)."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

from jink.batch.work import Question, Row, solve_chunk, solve_one

#: The deal whose chunk kills its worker, once, half-way through the chunk.
FATAL_DEAL = 7


def die_once(question: Question, items: list[tuple[int, dict[str, Any]]]) -> list[Row]:
    """:func:`solve_chunk`, but the first time the chunk holding
    :data:`FATAL_DEAL` runs, the worker is killed (SIGKILL) when it reaches
    that deal, with the deals before it in the chunk solved and not yet
    returned. ``JINK_TEST_DIED`` names the file that records the death."""
    marker = Path(os.environ["JINK_TEST_DIED"])
    rows = []
    for deal, position in items:
        if deal == FATAL_DEAL and not marker.exists():
            marker.write_text(f"{os.getpid()}\n", encoding="utf-8")
            os.kill(os.getpid(), signal.SIGKILL)
        rows.append(solve_one(question, deal, position))
    return rows


def plain(question: Question, items: list[tuple[int, dict[str, Any]]]) -> list[Row]:
    return solve_chunk(question, items)

"""The size of a random sweep: a sample in the default run, the whole sweep with ``--full``.

A sweep test takes its number of examples as a parameter::

    @pytest.mark.parametrize("size", sweep(sample=30, full=500))
    def test_engine_agrees_with_reference(size: Size) -> None:
        ...

which makes two tests, ``[sample]`` (in the default run) and ``[full]``
(marked ``slow``: run by ``pytest --full`` and by CI). Both check the same
things; only the number of examples (and, where a sweep says so, the depth of
its positions) differs. See tests/conftest.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest


@dataclass(frozen=True)
class Size:
    """How many examples a sweep draws, and whether this is the full sweep."""

    examples: int
    full: bool

    def __str__(self) -> str:
        return "full" if self.full else "sample"


def sweep(sample: int, full: int) -> list[Any]:
    """The ``[sample]`` and ``[full]`` parameters of a sweep (``full`` is marked slow)."""
    return [pytest.param(Size(sample, False), id="sample"),
            pytest.param(Size(full, True), id="full", marks=pytest.mark.slow)]

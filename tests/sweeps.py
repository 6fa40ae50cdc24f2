"""The size of a random sweep: a sample by default, more in CI, the whole sweep with ``--full``.

A sweep test takes its number of examples as a parameter::

    @pytest.mark.parametrize("size", sweep(sample=10, ci=60, full=500))
    def test_engine_agrees_with_reference(size: Size) -> None:
        ...

which makes up to three tests: ``[sample]`` (in the default run), ``[ci]``
(marked ``ci``: run by CI, ``pytest -m ci``, and by ``pytest --full``) and
``[full]`` (marked ``slow``: run by ``pytest --full``). All check the same
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
    tier: str = ""

    def __str__(self) -> str:
        return self.tier or ("full" if self.full else "sample")


def sweep(sample: int, full: int, ci: int | None = None) -> list[Any]:
    """The ``[sample]``, ``[ci]`` (marked ci, when given) and ``[full]`` (marked
    slow) parameters of a sweep."""
    sizes = [pytest.param(Size(sample, False, "sample"), id="sample")]
    if ci is not None:
        sizes.append(pytest.param(Size(ci, False, "ci"), id="ci", marks=pytest.mark.ci))
    sizes.append(pytest.param(Size(full, True, "full"), id="full", marks=pytest.mark.slow))
    return sizes


def tiers(sample: Any, ci: Any) -> list[Any]:
    """A test's argument for the default run (``[sample]``) and for CI's
    larger run (``[ci]``, marked ci), where a count of examples does not say
    the size (a set of deals, say)."""
    return [pytest.param(sample, id="sample"),
            pytest.param(ci, id="ci", marks=pytest.mark.ci)]

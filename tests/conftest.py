"""The test run's one switch: ``--full`` (or ``JINK_FULL=1``) adds the slow tests.

Tests marked ``slow`` (the long reference sweeps, and single checks that take
many seconds) are left out of the default run, which takes about 310 s of
CPU time and still runs a sample of every sweep (see ``tests/sweeps.py``). ``pytest
--full`` runs everything, as CI does (``.ci/run``: ``pytest --full -n 2``).
Choosing tests by marker (``-m slow``, ``-m "not slow"``) also overrides the
default.
"""

from __future__ import annotations

import os

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--full", action="store_true", default=False,
        help="also run the tests marked slow: every reference sweep at full size "
             "(JINK_FULL=1 does the same)")


def full_run(config: pytest.Config) -> bool:
    """Whether this run includes the slow tests."""
    return bool(config.getoption("full")) or os.environ.get("JINK_FULL") == "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if full_run(config) or config.getoption("markexpr"):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


def pytest_report_header(config: pytest.Config) -> str:
    if full_run(config):
        return "jink: the full run (tests marked slow included)"
    return "jink: the default run (tests marked slow left out; --full runs them)"


@pytest.fixture(autouse=True)
def _whole_solver() -> object:
    """A command run with ``--exact`` makes the kernel alone its process's
    default (jink.solver.native.use_exact): back to every settler after each
    test, so that no other test of the same process runs without them."""
    yield
    from jink.solver import native

    native.use_exact(False)

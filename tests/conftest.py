"""The test run's three sizes: the default run, CI's larger sample, ``--full``.

- The default run (``pytest``) leaves out the tests marked ``ci`` or ``slow``
  and still runs a sample of every sweep (see ``tests/sweeps.py``).
- Tests marked ``ci`` are larger samples of the sweeps and the checks that
  build the compiled core again with a fault put in (they prove the tests
  catch it). CI (``.ci/run``) runs the default run, then ``pytest -m ci``.
- Tests marked ``slow`` are the whole sweeps and the longest single checks:
  ``pytest --full`` (or ``JINK_FULL=1``) runs everything, the ``ci`` tests
  included. Run it before a change to the compiled core lands.

Choosing tests by marker (``-m ci``, ``-m slow``, ``-m "not slow"``) overrides
the default. Python's bytecode is written even where the environment says
not to (``PYTHONDONTWRITEBYTECODE``): each test worker, and each command the
tests start, would otherwise compile every module again.
"""

from __future__ import annotations

import os
import sys

import pytest

sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


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
    left_out = [item for item in items
                if item.get_closest_marker("slow") or item.get_closest_marker("ci")]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items
                    if not (item.get_closest_marker("slow") or item.get_closest_marker("ci"))]


def pytest_report_header(config: pytest.Config) -> str:
    if full_run(config):
        return "jink: the full run (tests marked ci and slow included)"
    if config.getoption("markexpr"):
        return f"jink: the tests chosen by -m {config.getoption('markexpr')!r}"
    return "jink: the default run (tests marked ci or slow left out; -m ci, --full run them)"


@pytest.fixture(autouse=True, scope="session")
def _commands_built_once() -> object:
    """Typer builds the click command from the app on every ``CliRunner.invoke``
    (about 50 ms, most of what a command's test costs): here once for each app.
    The command calls the same functions, so what a test patches in them still
    applies."""
    import typer.main
    import typer.testing

    build = typer.main.get_command  # (what typer.testing calls as _get_command)
    built: dict[int, tuple[object, object]] = {}

    def once(app: typer.Typer) -> object:
        if id(app) not in built:
            built[id(app)] = (app, build(app))  # (the app kept, so its id stays its own)
        return built[id(app)][1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer.testing, "_get_command", once)
        yield


@pytest.fixture(autouse=True)
def _whole_solver() -> object:
    """A command run with ``--exact`` makes the kernel alone its process's
    default (jink.solver.native.use_exact): back to every settler after each
    test, so that no other test of the same process runs without them; a
    command's ``--threads`` (default: the cores) back to one thread, so that
    the other tests' node counts stay exact; and the fallback said again
    where the core is missing."""
    yield
    from jink.solver import native

    native.use_exact(False)
    native.use_threads(None)
    # A test that ran without the core said so, and marked the environment
    # for the worker processes it starts: not for the next test's commands.
    os.environ.pop(native.WARNED_VARIABLE, None)

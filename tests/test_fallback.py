"""Without its compiled core jink still works: the Python engine, and one warning.

The core may be missing (no C compiler at install: setup.py goes on without
it, see tests/test_wheel.py) or fail to load. Here its import is blocked in a
fresh interpreter: the command and the API give the usual answers, with one
line on stderr saying so, however many solvers (and threads) are made.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from jink.analysis.solve import solve
from jink.formats.examples import example

ROOT = Path(__file__).resolve().parent.parent

BLOCK = """\
import importlib.abc
import sys


class NoCore(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "jink.solver._core":
            raise ImportError("the compiled core cannot be loaded (blocked by the test)")
        return None


sys.meta_path.insert(0, NoCore())
"""

WARNING = "jink: the compiled search core is not built; using the Python engine (slower)\n"


def without_core(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BLOCK + textwrap.dedent(code)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_the_command_solves_with_one_warning() -> None:
    done = without_core("""
        import sys
        from jink.cli.app import main
        sys.argv = ["jink", "solve", "--example", "--json", "--no-line"]
        main()
        """)
    assert done.returncode == 0, done.stderr
    assert done.stderr == WARNING
    expected = solve(example(), line=False).to_dict()
    answer = json.loads(done.stdout)
    for key in ("seats", "moves", "forceable"):
        assert answer[key] == expected[key]


def test_the_api_says_it_once_across_threads() -> None:
    done = without_core("""
        import json
        import threading
        import jink
        from jink.formats.examples import example
        from jink.solver import native

        assert not native.available()
        out = {}

        def run(name):
            out[name] = jink.solve(example(name), line=False).verdicts[0].max_tricks

        threads = [threading.Thread(target=run, args=(name,))
                   for name in ("default", "rams", "bierspiel", "loo")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        out["engine"] = jink.Solver().engine
        print(json.dumps(out))
        """)
    assert done.returncode == 0, done.stderr
    assert done.stderr == WARNING
    out = json.loads(done.stdout)
    assert out.pop("engine") == "python"
    assert out == {name: solve(example(name), line=False).verdicts[0].max_tricks
                   for name in ("default", "rams", "bierspiel", "loo")}


def test_worker_processes_do_not_say_it_again() -> None:
    """A batch's workers inherit the process's environment: the warning the
    run gave is not given again by each of them."""
    child = BLOCK + "from jink.solver.native import engine_name\nengine_name()\n"
    done = without_core(f"""
        import subprocess, sys
        from jink.solver.native import engine_name
        engine_name()
        sys.stderr.flush()
        subprocess.run([sys.executable, "-c", {child!r}], check=True)
        """)
    assert done.returncode == 0, done.stderr
    assert done.stderr == WARNING

"""A wheel built here installs into a fresh environment and solves with its compiled core.

What cibuildwheel does for each platform (.github/workflows/wheels.yml), done
here for this one: build a wheel of the project, install it into a new
virtualenv (its dependencies from the package index pip is configured
with), and run ``jink solve --example`` from outside the repository. Also:
when the C compiler fails, the build still gives a wheel, whose jink solves
with the Python engine and says so once; with ``JINK_REQUIRE_NATIVE=1`` that
build fails instead. Slow (builds and installs): ``pytest --full``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = "Scripts" if sys.platform == "win32" else "bin"

pytestmark = pytest.mark.slow


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None,
        check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True,
                            text=True, env=env, timeout=600)
    if check and result.returncode != 0:
        raise AssertionError(f"{command} failed:\n{result.stdout}\n{result.stderr}")
    return result


def build_wheel(into: Path, env: dict[str, str] | None = None,
                check: bool = True) -> subprocess.CompletedProcess[str]:
    """A wheel built from a clean copy of the project's files (none of this
    checkout's builds: setuptools would take an up-to-date one as it is)."""
    source = into.parent / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.so", "*.pyd",
        ".*_cache", ".hypothesis"))
    return run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-cache-dir",
               "--wheel-dir", into, source, cwd=into.parent, env=env, check=check)


def no_compiler_env(tmp: Path) -> dict[str, str]:
    """The environment with a C compiler that always fails."""
    cc = tmp / "cc-fails"
    cc.write_text("#!/bin/sh\necho 'no compiler here' >&2\nexit 1\n")
    cc.chmod(0o755)
    env = dict(os.environ, CC=str(cc), LDSHARED=f"{cc} -shared")
    env.pop("JINK_REQUIRE_NATIVE", None)
    return env


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("venv")
    run(sys.executable, "-m", "venv", where / "venv", cwd=where)
    return where / "venv"


def test_wheel_installs_and_solves(tmp_path: Path, venv: Path) -> None:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    build_wheel(wheels)
    (wheel,) = wheels.glob("jink-*.whl")
    assert "none-any" not in wheel.name  # a platform wheel: it holds the core
    with zipfile.ZipFile(wheel) as zipped:
        names = zipped.namelist()
    # The wheel installs one package, jink, with its benchmark inside it.
    assert {n.split("/")[0] for n in names if ".dist-info/" not in n} == {"jink"}
    assert "jink/bench/__main__.py" in names
    run(venv / BIN / "python", "-m", "pip", "install", "--quiet", wheel, cwd=tmp_path)
    solved = run(venv / BIN / "jink", "solve", "--example", cwd=tmp_path)
    assert "The pool is forceable by seat 1." in solved.stdout
    assert solved.stderr == ""  # no word of a missing core
    where = run(venv / BIN / "python", "-c",
                "import jink.solver._core as c, jink.solver.native as n; "
                "print(c.__file__); print(n.engine_name())", cwd=tmp_path).stdout.split()
    assert Path(where[0]).is_relative_to(venv.resolve()) or Path(where[0]).is_relative_to(venv)
    assert where[1] == "native"


@pytest.mark.skipif(sys.platform == "win32", reason="a failing compiler as a shell script")
def test_failed_build_still_installs(tmp_path: Path, venv: Path) -> None:
    env = no_compiler_env(tmp_path)
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    build_wheel(wheels, env)
    (wheel,) = wheels.glob("jink-*.whl")
    run(venv / BIN / "python", "-m", "pip", "install", "--quiet", "--force-reinstall",
        "--no-deps", wheel, cwd=tmp_path)
    solved = run(venv / BIN / "jink", "solve", "--example", cwd=tmp_path)
    assert "The pool is forceable by seat 1." in solved.stdout
    assert solved.stderr.count("using the Python engine") == 1
    assert solved.stderr.count("\n") == 1


@pytest.mark.skipif(sys.platform == "win32", reason="a failing compiler as a shell script")
def test_required_core_fails_the_build(tmp_path: Path) -> None:
    env = dict(no_compiler_env(tmp_path), JINK_REQUIRE_NATIVE="1")
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    built = build_wheel(wheels, env, check=False)
    assert built.returncode != 0
    assert not list(wheels.glob("*.whl"))

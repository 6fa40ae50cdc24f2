"""The compiled core's plain C stand-ins for compiler builtins give the same answers.

With GCC and Clang the core counts bits with builtins; other compilers (MSVC,
for the Windows wheels) get plain C (``core/core.h``), and where the platform
lacks POSIX threads or C11 atomics (Windows) every proof runs on one thread.
Building here with ``-DJINK_PORTABLE`` takes both branches; the answers of
that core must be the usual core's, on deals of every game.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sysconfig
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from jink.analysis.solve import solve
from jink.dealing import deal
from jink.solver import native

ROOT = Path(__file__).resolve().parent.parent
CC = (sysconfig.get_config_var("CC") or "cc").split()[0]

pytestmark = [
    pytest.mark.skipif(not native.available(), reason="the compiled core is not built"),
    pytest.mark.skipif(shutil.which(CC) is None or sysconfig.get_platform().startswith("win"),
                       reason="needs a C compiler taking GCC's options"),
]

DEALS = [("spoil-five", 6, "D"), ("forty-five", 4, "H"), ("rams", 5, "C"),
         ("rounce", 6, "S"), ("bierspiel", 5, "S"), ("loo", 5, None)]


def build_portable(where: Path) -> ModuleType:
    """The core built with its plain C stand-ins, loaded as a module of its own."""
    target = where / ("_core" + sysconfig.get_config_var("EXT_SUFFIX"))
    command = [CC, "-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", "-DJINK_PORTABLE",
               "-fPIC", "-shared", f"-I{sysconfig.get_paths()['include']}",
               str(ROOT / "jink/solver/_core.c"), "-o", str(target)]
    if sysconfig.get_platform().startswith("macosx"):
        command[1:1] = ["-undefined", "dynamic_lookup"]
    subprocess.run(command, check=True, capture_output=True, text=True)
    spec = importlib.util.spec_from_file_location("jink.solver._core", target)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def answers(engine_core: Any, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    with monkeypatch.context() as patch:
        patch.setattr(native, "_core", engine_core)
        patch.setattr(native, "_flat", {})  # descriptions made by the other build
        out = []
        for game, players, trump in DEALS:
            constraints: dict[str, Any] = {"game": game, "players": players}
            if trump is not None:
                constraints["trump"] = trump
            for position in deal(constraints, seed=31, count=2):
                result = solve(position, engine="native", why=False).to_dict()
                result.pop("seconds")
                out.append(result)
        return out


@pytest.mark.ci
def test_portable_core_agrees(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    portable = build_portable(tmp_path)
    real = native._core  # type: ignore[attr-defined]  # (compiled, no stub)
    assert portable.__file__ != real.__file__
    assert answers(portable, monkeypatch) == answers(real, monkeypatch)

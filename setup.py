"""Builds the compiled search core, jink.solver._core (the rest is in pyproject.toml).

The C is plain C11 with no dependency but Python's headers; ``pip install -e .``
builds it in place. It is optional: without a C compiler, or when the build
fails, the install goes on (setuptools warns) and jink runs on the Python
engine, saying so once. With JINK_REQUIRE_NATIVE=1 (CI, and the wheels built
by .github/workflows/wheels.yml) a failed build fails the install, and
tests/test_native.py fails rather than skips.
"""

import os
import sys
from pathlib import Path

from setuptools import Extension, setup

# MSVC takes its own spelling (and C11 from Visual Studio 2019 16.8 on); the
# core's few compiler builtins have plain C stand-ins there (core/core.h).
# -O3, not -O2: about a tenth less time at nine and ten players, where the
# relaxed games' loops are most of it (docs/performance.md, "Compiled at -O3").
FLAGS = ["/std:c11", "/O2"] if sys.platform == "win32" else ["-std=c11", "-O3", "-Wall",
                                                              "-Wextra", "-pthread"]
# Several threads on one proof (core/threads.c): POSIX threads, where there are.
LINK = [] if sys.platform == "win32" else ["-pthread"]

# _core.c includes the files of jink/solver/core/ (one translation unit):
# they are its dependencies, rebuilt when one changes.
CORE = sorted(str(p) for p in Path("jink/solver/core").iterdir() if p.suffix in (".c", ".h"))

setup(ext_modules=[Extension("jink.solver._core", ["jink/solver/_core.c"], depends=CORE,
                             extra_compile_args=FLAGS, extra_link_args=LINK,
                             optional=os.environ.get("JINK_REQUIRE_NATIVE") != "1")])

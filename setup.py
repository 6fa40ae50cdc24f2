"""Builds the compiled search core, jink.solver._core (the rest is in pyproject.toml).

The C is plain C11 with no dependency but Python's headers; ``pip install -e .``
builds it in place. It is optional: without a C compiler the install goes on
(setuptools warns) and jink runs on the Python engine, saying so once. CI sets
JINK_REQUIRE_NATIVE=1 so that tests/test_native.py fails rather than skips.
"""

import sys
from pathlib import Path

from setuptools import Extension, setup

FLAGS = [] if sys.platform == "win32" else ["-std=c11", "-O2", "-Wall", "-Wextra"]

# _core.c includes the files of jink/solver/core/ (one translation unit):
# they are its dependencies, rebuilt when one changes.
CORE = sorted(str(p) for p in Path("jink/solver/core").iterdir() if p.suffix in (".c", ".h"))

setup(ext_modules=[Extension("jink.solver._core", ["jink/solver/_core.c"], depends=CORE,
                             extra_compile_args=FLAGS, optional=True)])

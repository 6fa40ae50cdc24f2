"""Builds the compiled search core, jink.solver._core (the rest is in pyproject.toml).

The C is plain C11 with no dependency but Python's headers; ``pip install -e .``
builds it in place. If it cannot be built, jink still runs on the Python engine.
"""

import sys

from setuptools import Extension, setup

FLAGS = [] if sys.platform == "win32" else ["-std=c11", "-O2", "-Wall", "-Wextra"]

setup(ext_modules=[Extension("jink.solver._core", ["jink/solver/_core.c"],
                             extra_compile_args=FLAGS)])

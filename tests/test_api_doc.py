"""docs/api.md: every public name documented, and every Python example runs as shown.

The page's ```` ```python ```` blocks are doctests, run in order in one
namespace (a block may use what an earlier one made) from the repository
root; the console examples of the docs are tests/docs_examples.py's.
"""

from __future__ import annotations

import doctest
import inspect
import os
import re
from pathlib import Path

import pytest

import jink

ROOT = Path(__file__).resolve().parent.parent
API = ROOT / "docs" / "api.md"
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def python_blocks(text: str) -> list[tuple[int, str]]:
    """Each ```python block's first line number (1-based) and text."""
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in BLOCK.finditer(text)]


def test_every_public_name_is_documented() -> None:
    text = API.read_text(encoding="utf-8")
    missing = [name for name in jink.__all__
               if not re.search(rf"`(jink\.)?{re.escape(name)}[`(]", text)]
    assert not missing, f"docs/api.md does not mention: {', '.join(missing)}"


def test_every_public_function_and_class_has_a_docstring() -> None:
    bare = [name for name in jink.__all__
            if (inspect.isfunction(obj := getattr(jink, name)) or inspect.isclass(obj))
            and not (obj.__doc__ or "").strip()]
    assert not bare


def test_the_public_names_are_what_they_say() -> None:
    # __all__ lists names jink has, once each, and `import *` gives them.
    assert len(set(jink.__all__)) == len(jink.__all__)
    assert all(hasattr(jink, name) for name in jink.__all__)
    space: dict[str, object] = {}
    exec("from jink import *", space)
    assert set(jink.__all__) <= set(space)


def test_the_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("JINK_ENGINE", raising=False)
    text = API.read_text(encoding="utf-8")
    blocks = python_blocks(text)
    assert len(blocks) >= 10
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict[str, object] = {}
    for line, block in blocks:
        test = parser.get_doctest(block, globs, f"docs/api.md:{line}", str(API), line - 1)
        assert test.examples, f"docs/api.md:{line}: a python block without >>> examples"
        runner.run(test, clear_globs=False)
        globs = test.globs  # (a DocTest runs in a copy: the next block goes on from it)
    failed, tried = runner.summarize(verbose=False)
    assert failed == 0, f"{failed} of {tried} examples of docs/api.md failed (see above)"


def test_blocks_are_found_with_their_lines() -> None:
    text = "# t\n\n```python\n>>> 1 + 1\n2\n```\n\n```console\n$ jink\n```\n"
    assert python_blocks(text) == [(4, ">>> 1 + 1\n2\n")]
    assert os.sep  # (the doctests run from the root whatever the system)

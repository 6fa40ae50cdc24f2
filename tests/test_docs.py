"""Every ``$ jink ...`` console example in README.md and docs/*.md prints what it shows.

tests/docs_examples.py says how a block is run and compared (``COLUMNS=80``,
spaces normalised, ``...`` eliding lines). When output changes on purpose,
``python -m tests.docs_examples --failing`` prints each stale block as it
reads now, and ``python -m tests.docs_examples DOC:LINE`` one block.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.docs_examples import (
    EXAMPLE_FILES,
    ROOT,
    Block,
    Command,
    all_blocks,
    check_block,
    doc_files,
    matches,
    normalise,
    parse,
    rewrite,
)

BLOCKS = all_blocks()

#: The blocks that take longest, (doc, its first commands), run with
#: ``--full`` only (marked slow). Three start with a command a block of CI's
#: run runs too (a thousand deals solved in docs/batch.md's first block, the
#: odds of every deal in docs/dealing.md's); the fourth, the eldest hand's
#: study in docs/batch.md, solves 3,200 deals.
LONG_BLOCKS: set[tuple[str, ...]] = {
    ("README.md", "jink batch --players 4 --deals 1000 --seed 18 --db spoil4.db"),
    ("docs/batch.md", "jink batch --players 4 --deals 1000 --seed 18 --db spoil4.db",
     "jink batch --players 4 --deals 1000 --seed 19 --db spoil4.db"),
    ("docs/batch.md", "jink batch --players 3 --deals 1000 --seed 18 --db spoil3.db"),
    ("docs/cli.md", "jink odds late.toml --exhaustive"),
}

#: The blocks that take some seconds, run by CI (marked ci) and ``--full``:
#: those two, a thousand deals solved and the odds of 12,987 deals.
CI_BLOCKS: set[tuple[str, ...]] = {
    ("docs/batch.md", "jink batch --players 4 --deals 1000 --seed 18 --db spoil4.db"),
    ("docs/dealing.md", "jink odds late.toml --deals 400 --seed 1"),
}


def starts(block: Block, entries: set[tuple[str, ...]]) -> bool:
    """Whether one of ``entries`` names ``block``: its doc and its first commands."""
    doc = block.name.split(":")[0]
    return any(doc == entry[0] and [c.text for c in block.commands[:len(entry) - 1]]
               == list(entry[1:]) for entry in entries)


def long_block(block: Block) -> bool:
    return starts(block, LONG_BLOCKS)


def ci_block(block: Block) -> bool:
    return not long_block(block) and starts(block, CI_BLOCKS)


def _marked(block: Block) -> Any:
    if long_block(block):
        return pytest.param(block, marks=pytest.mark.slow)
    if ci_block(block):
        return pytest.param(block, marks=pytest.mark.ci)
    return block


@pytest.mark.parametrize("block", [_marked(b) for b in BLOCKS], ids=[b.name for b in BLOCKS])
def test_console_example(block: Block) -> None:
    problems = [p for outcome in check_block(block) for p in outcome.problems]
    if problems:
        pytest.fail("\n\n".join(problems) + "\n\nThe block as it reads now: "
                    f"python -m tests.docs_examples {block.name}", pytrace=False)


def test_the_docs_have_console_examples() -> None:
    names = {b.name.split(":")[0] for b in BLOCKS}
    assert {"README.md", "docs/cli.md", "docs/files.md", "docs/rules.md"} <= names
    assert sum(len(b.commands) for b in BLOCKS) > 60


def test_each_long_block_names_one_block() -> None:
    """LONG_BLOCKS and CI_BLOCKS stay in step with the docs: each entry starts one block."""
    for entries, among in ((LONG_BLOCKS, BLOCKS),
                           (CI_BLOCKS, [b for b in BLOCKS if not long_block(b)])):
        for doc, *first in entries:
            found = [b for b in among if b.name.split(":")[0] == doc
                     and [c.text for c in b.commands[:len(first)]] == first]
            assert len(found) == 1, (doc, first, [b.name for b in found])
    assert sum(map(long_block, BLOCKS)) == len(LONG_BLOCKS)
    assert sum(map(ci_block, BLOCKS)) == len(CI_BLOCKS)
    for command in ("jink batch --players 4 --deals 1000 --seed 18 --db spoil4.db",
                    "jink odds late.toml --exhaustive"):  # still run by CI
        assert any(command in [c.text for c in b.commands]
                   for b in BLOCKS if not long_block(b)), command


def _named_file_blocks() -> list[tuple[str, str, str]]:
    """(doc:line, file name, text) of every ```toml block that starts ``# NAME.toml``."""
    found = []
    for path in doc_files():
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if line.strip() != "```toml" or i + 1 >= len(lines):
                continue
            name = re.match(r"#\s*([\w.-]+\.toml)\b", lines[i + 1].strip())
            if not name:
                continue
            end = next(k for k in range(i + 1, len(lines)) if lines[k].strip() == "```")
            text = "\n".join(lines[i + 1:end]) + "\n"
            found.append((f"{path.relative_to(ROOT).as_posix()}:{i + 1}", name.group(1), text))
    return found


NAMED = _named_file_blocks()


@pytest.mark.parametrize(("where", "name", "text"), NAMED, ids=[n[0] for n in NAMED])
def test_a_file_the_docs_show_is_the_file_the_examples_run(where: str, name: str,
                                                           text: str) -> None:
    """A ```toml block headed ``# NAME.toml`` is docs/examples/NAME.toml, as shown."""
    assert (EXAMPLE_FILES / name).read_text(encoding="utf-8") == text, where


# -- the comparison itself ------------------------------------------------------------------


def test_normalise_ignores_spacing_and_trailing_blank_lines() -> None:
    assert normalise(["  a   b  ", "", "c\t d", "", "  "]) == ["a b", "", "c d"]


@pytest.mark.parametrize(("shown", "actual", "fits"), [
    (["a", "b"], ["a", "b"], True),
    (["a", "b"], ["a", "b", "c"], False),
    (["a", "b"], ["a"], False),
    (["a", "...", "d"], ["a", "b", "c", "d"], True),
    (["a", "...", "d"], ["a", "d"], True),
    (["a", "...", "d"], ["a", "b", "c"], False),
    (["..."], [], True),
    (["...", "c"], ["a", "b", "c"], True),
    (["a", "..."], ["a", "b", "c"], True),
    (["...", "b", "..."], ["a", "c"], False),
    (['{"n": ..., "x": 1}'], ['{"n": 12, "y": 2, "x": 1}'], True),
    (['{"n": ..., "x": 1}'], ['{"n": 12, "x": 2}'], False),
    (["a.b"], ["axb"], False),
])
def test_matches(shown: list[str], actual: list[str], fits: bool) -> None:
    assert matches(shown, actual) is fits


def test_parse_finds_commands_continuations_and_indented_blocks(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text("text\n\n```console\n$ jink a \\\n    --b c\nout 1\n\nout 2\n$ jink d\n```\n"
                   "\n- item\n\n  ```console\n  $ jink e; echo $?\n  0\n  ```\n"
                   "\n```console\n$ python -m jink.bench\n```\n", encoding="utf-8")
    blocks = parse(doc)
    assert [(b.line, b.commands) for b in blocks] == [
        (3, (Command(4, "jink a --b c", ("out 1", "", "out 2"), 6),
             Command(9, "jink d", (), 10))),
        (14, (Command(15, "jink e; echo $?", ("0",), 16),)),
        (19, (Command(20, "python -m jink.bench", (), 21),)),
    ]
    assert [b.runs_jink for b in blocks] == [True, True, False]
    assert [b.indent for b in blocks] == [0, 2, 0]


def test_write_puts_todays_output_in_the_doc(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text('- item\n\n  ```console\n  $ jink legal --trump S --hand "2S AH 5D" --trick 3S\n'
                   "  Legal to 3♠:\n    2♠\n  $ jink legal --trump S --hand 2S --trick 3S --json\n"
                   '  {"legal": ["2S"]}\n  ```\n', encoding="utf-8")
    [block] = parse(doc)
    outcomes = check_block(block)
    assert [bool(o.problems) for o in outcomes] == [True, False]
    assert rewrite(block, outcomes) == []
    assert doc.read_text(encoding="utf-8") == (
        '- item\n\n  ```console\n  $ jink legal --trump S --hand "2S AH 5D" --trick 3S\n'
        "  Legal to 3♠ (♠ trumps):\n    2♠ A♥\n"
        "  $ jink legal --trump S --hand 2S --trick 3S --json\n"
        '  {"legal": ["2S"]}\n  ```\n')
    assert not [p for o in check_block(parse(doc)[0]) for p in o.problems]

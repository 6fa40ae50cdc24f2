"""The console examples of the docs: find them, run them, compare them.

A console example is a ```` ```console ```` block in README.md or docs/*.md
with at least one command line ``$ jink ...``. Each command is run as a
person would run it from the repository root, at a terminal 80 columns wide
(``COLUMNS=80``), and what it prints (stdout and stderr together) is compared
with the lines shown under it:

- whitespace does not matter within a line (runs of spaces count as one, and
  leading and trailing spaces are ignored), nor do trailing blank lines;
- a line ``...`` alone stands for any number of lines, none included, and
  ``...`` within a line for any text;
- ``; echo $?`` after a command prints its exit status, as in a shell.
  Without it, the status must be 1 when the output shown has a line
  ``error: ...``, 2 when it shows a ``Usage:`` line, and 0 otherwise.

``jink`` commands run in this process, through Typer's test runner, to keep
the test quick; any other command (``wc -l < results.jsonl``) runs under
bash. Every block runs in a fresh temporary folder holding a copy of the
files in docs/examples/ (so ``jink solve ff.toml`` finds the file the docs
show) and a link ``docs`` to the repository's docs/ (so ``jink analyse
docs/examples/kd-lead.toml`` works as written). tests/test_docs.py makes
each block a test.

To see what the commands of a block print now, for updating an example::

    python -m tests.docs_examples docs/cli.md:310      # a block's fence or command line
    python -m tests.docs_examples docs/cli.md          # every block of a file
    python -m tests.docs_examples --failing            # every block that no longer matches
    python -m tests.docs_examples --write              # put today's output into the docs

``--write`` rewrites only the output of commands whose shown output has no
``...``; the others it lists, to update by hand.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_FILES = ROOT / "docs" / "examples"
WIDTH = 80

#: The environment every command sees: a fixed width, and nothing that forces
#: colour or a terminal. ``None`` removes a variable.
ENV: dict[str, str | None] = {
    "COLUMNS": str(WIDTH),
    "LINES": "50",
    "FORCE_COLOR": None,
    "PY_COLORS": None,
    "CLICOLOR_FORCE": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
    "TERMINAL_WIDTH": None,
    "NO_COLOR": "1",
}

_ECHO_STATUS = re.compile(r";\s*echo\s+\$\?\s*$")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_SHELL_SYNTAX = {"|", "||", "&", "&&", ";", "<", ">", ">>", "2>", "2>&1", "$?"}


def doc_files() -> list[Path]:
    """README.md and every docs/*.md, in a fixed order."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def shown_path(path: Path) -> str:
    """``docs/cli.md``: a doc's path from the repository's root (or in full, outside it)."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


@dataclass(frozen=True)
class Command:
    """One ``$ ...`` line of a block (with its continuation lines) and the output shown."""

    line: int                 # 1-based line of the ``$`` in the doc
    text: str                 # the command, continuation lines joined
    shown: tuple[str, ...]    # the lines shown under it, up to the next command
    output_line: int = 0      # 1-based line of the first shown line (or where it would go)


@dataclass(frozen=True)
class Block:
    """A console block of a doc."""

    path: Path
    line: int                 # 1-based line of the opening fence
    commands: tuple[Command, ...] = field(default=())
    indent: int = 0           # the fence's indentation, which every line of the block shares

    @property
    def name(self) -> str:
        """``docs/cli.md:81``: the doc, relative to the repository, and the fence's line."""
        return f"{shown_path(self.path)}:{self.line}"

    @property
    def runs_jink(self) -> bool:
        return any(c.text.split()[:1] == ["jink"] for c in self.commands)


def parse(path: Path) -> list[Block]:
    """Every ```` ```console ```` block of ``path``, with its commands."""
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        fence = re.fullmatch(r"(\s*)```console\s*", lines[i])
        if not fence:
            i += 1
            continue
        indent = len(fence.group(1))
        start = i + 1
        body: list[tuple[int, str]] = []
        i += 1
        while i < len(lines) and not re.fullmatch(r"\s*```\s*", lines[i]):
            body.append((i + 1, lines[i][indent:] if lines[i][:indent].isspace() else lines[i]))
            i += 1
        blocks.append(Block(path, start, tuple(_commands(body)), indent))
        i += 1
    return blocks


def _commands(body: list[tuple[int, str]]) -> Iterator[Command]:
    k = 0
    while k < len(body):
        number, text = body[k]
        if not text.startswith("$ "):
            k += 1                     # output before any command: not an example
            continue
        text = text[2:]
        while text.endswith("\\") and k + 1 < len(body):
            k += 1
            text = text[:-1].rstrip() + " " + body[k][1].strip()
        k += 1
        output_line = body[k][0] if k < len(body) else body[k - 1][0] + 1
        shown: list[str] = []
        while k < len(body) and not body[k][1].startswith("$ "):
            shown.append(body[k][1])
            k += 1
        yield Command(number, text.strip(), tuple(shown), output_line)


def all_blocks() -> list[Block]:
    """Every console block that runs ``jink``, in every doc."""
    return [b for path in doc_files() for b in parse(path) if b.runs_jink]


# -- running --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ran:
    """What a command printed, and its exit status."""

    output: str
    status: int
    traceback: str | None = None


@contextmanager
def example_folder() -> Iterator[Path]:
    """A fresh folder with docs/examples' files and a link to docs/; the cwd inside."""
    old = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="jink-docs-") as tmp:
        folder = Path(tmp)
        for f in EXAMPLE_FILES.iterdir():
            if f.is_file():
                shutil.copyfile(f, folder / f.name)
        (folder / "docs").symlink_to(ROOT / "docs", target_is_directory=True)
        os.chdir(folder)
        try:
            yield folder
        finally:
            os.chdir(old)


def run_jink(args: Sequence[str]) -> Ran:
    """Run ``jink ARGS`` in this process, at the fixed width, as ``jink`` would."""
    import traceback
    from unittest import mock

    import typer.rich_utils
    from typer.testing import CliRunner

    from jink.cli.app import app

    runner = CliRunner(env=ENV)
    # Typer reads these from the environment once, on import.
    with mock.patch.object(typer.rich_utils, "MAX_WIDTH", None), \
            mock.patch.object(typer.rich_utils, "FORCE_TERMINAL", None):
        result = runner.invoke(app, list(args), prog_name="jink")
    tb = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert result.exc_info is not None
        tb = "".join(traceback.format_exception(*result.exc_info))
    return Ran(_ANSI.sub("", result.output), result.exit_code, tb)


def run_command(text: str) -> Ran:
    """Run one command line of a doc in the current folder (see the module's doc)."""
    echo = _ECHO_STATUS.search(text)
    if echo:
        text = text[: echo.start()]
    words = shlex.split(text, comments=True)
    if words[:1] == ["jink"]:
        unsupported = _SHELL_SYNTAX.intersection(words)
        if unsupported:
            raise ValueError(f"unsupported shell syntax {sorted(unsupported)} in: {text}")
        ran = run_jink(words[1:])
    else:
        env = {k: v for k, v in {**os.environ, **ENV}.items() if v is not None}
        done = subprocess.run(["bash", "-c", text], capture_output=True, text=True,
                              env=env, check=False)
        ran = Ran(done.stdout + done.stderr, done.returncode)
    if echo:
        out = ran.output
        if out and not out.endswith("\n"):
            out += "\n"
        ran = Ran(out + f"{ran.status}\n", 0, ran.traceback)
    return ran


def expected_status(cmd: Command) -> int | None:
    """The exit status the shown output implies, or None if ``echo $?`` shows it."""
    if _ECHO_STATUS.search(cmd.text):
        return None
    if any(line.strip().startswith("Usage:") for line in cmd.shown):
        return 2
    if any(line.strip().startswith("error:") for line in cmd.shown):
        return 1
    return 0


# -- comparing ------------------------------------------------------------------------------


def normalise(lines: Sequence[str]) -> list[str]:
    """Runs of whitespace as one space, no leading or trailing spaces, no trailing blank lines."""
    out = [" ".join(line.split()) for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


def _line_pattern(shown: str) -> re.Pattern[str]:
    return re.compile(".*".join(re.escape(part) for part in shown.split("...")))


def matches(shown: Sequence[str], actual: Sequence[str]) -> bool:
    """Whether ``actual`` fits ``shown``, both normalised, with ``...`` eliding (see above)."""
    patterns = [None if s == "..." else _line_pattern(s) for s in shown]

    @cache
    def fit(i: int, j: int) -> bool:
        if i == len(patterns):
            return j == len(actual)
        pattern = patterns[i]
        if pattern is None:
            return any(fit(i + 1, k) for k in range(j, len(actual) + 1))
        return j < len(actual) and pattern.fullmatch(actual[j]) is not None and fit(i + 1, j + 1)

    return fit(0, 0)


def filled(shown: Sequence[str], actual: Sequence[str]) -> list[str]:
    """``shown`` with its elisions filled in from ``actual``, for a readable diff.

    Best effort: a shown line with ``...`` in it that fits some actual line
    becomes that line, the shown lines are aligned with the actual ones
    (difflib), and a run of ``...`` lines aligned with actual lines becomes
    those lines. A diff of the result against ``actual`` then shows only what
    really differs.
    """
    def fitted(line: str) -> str:
        if "..." not in line or line == "...":
            return line
        pattern = _line_pattern(line)
        return next((a for a in actual if pattern.fullmatch(a)), line)

    mine = [fitted(line) for line in shown]
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, mine, list(actual), autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        part = mine[i1:i2]
        if tag == "equal" or (part and all(line == "..." for line in part)):
            out.extend(actual[j1:j2])
        else:
            out.extend(line for line in part if line != "..." or j1 == j2)
    return out


@dataclass(frozen=True)
class Outcome:
    """A command of a block, run: what it printed and whether that fits the doc."""

    command: Command
    ran: Ran
    problems: tuple[str, ...]


def check_command(block: Block, cmd: Command) -> Outcome:
    """Run one command (in the current folder) and say what, if anything, differs."""
    ran = run_command(cmd.text)
    problems: list[str] = []
    where = f"{shown_path(block.path)}:{cmd.line}"
    if ran.traceback:
        problems.append(f"{where}: $ {cmd.text}\nraised an exception:\n{ran.traceback}")
    shown = normalise(cmd.shown)
    actual = normalise(ran.output.splitlines())
    if not matches(shown, actual):
        diff = difflib.unified_diff(filled(shown, actual), actual, "shown in the doc",
                                    "printed now", lineterm="", n=3)
        problems.append(f"{where}: $ {cmd.text}\noutput differs ('...' in the doc elides "
                        "lines; spaces normalised):\n" + "\n".join(diff))
    want = expected_status(cmd)
    if want is not None and ran.status != want:
        problems.append(f"{where}: $ {cmd.text}\nexit status {ran.status}, but the output "
                        f"shown implies {want}")
    return Outcome(cmd, ran, tuple(problems))


def check_block(block: Block) -> list[Outcome]:
    """Run every command of ``block`` in order, in one fresh example folder."""
    with example_folder():
        return [check_command(block, cmd) for cmd in block.commands]


# -- the command line -----------------------------------------------------------------------


def _select(spec: str, blocks: list[Block]) -> list[Block]:
    path_text, _, line_text = spec.partition(":")
    path = (Path.cwd() / path_text).resolve()
    chosen = [b for b in blocks if b.path == path]
    if line_text:
        line = int(line_text)
        chosen = [b for b in chosen
                  if b.line == line or any(c.line <= line <= c.line + len(c.shown)
                                           for c in b.commands)]
    if not chosen:
        raise SystemExit(f"no console example that runs jink at {spec}")
    return chosen


def show(block: Block, outcomes: list[Outcome]) -> str:
    """The block as it would read with today's output (trailing spaces removed)."""
    out = [f"{block.name}", "```console"]
    for outcome in outcomes:
        out.append(f"$ {outcome.command.text}")
        out.extend(line.rstrip() for line in outcome.ran.output.rstrip("\n").splitlines())
    out.append("```")
    return "\n".join(out)


def rewrite(block: Block, outcomes: list[Outcome]) -> list[str]:
    """Put today's output under each command of ``block`` whose shown output has
    no ``...`` and no longer fits, in the doc itself. Returns what it could not
    rewrite (a command whose shown output elides something: edit it by hand)."""
    lines = block.path.read_text(encoding="utf-8").splitlines(keepends=True)
    left: list[str] = []
    pad = " " * block.indent
    for outcome in reversed(outcomes):
        cmd = outcome.command
        if not outcome.problems:
            continue
        if any("..." in line for line in cmd.shown) or outcome.ran.traceback:
            left.append(f"{shown_path(block.path)}:{cmd.line}")
            continue
        new = [(pad + line.rstrip()).rstrip() + "\n"
               for line in outcome.ran.output.rstrip("\n").splitlines()]
        start = cmd.output_line - 1
        lines[start:start + len(cmd.shown)] = new
    block.path.write_text("".join(lines), encoding="utf-8")
    return left[::-1]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.docs_examples",
        description="Print what the console examples of the docs print now.")
    parser.add_argument("where", nargs="*",
                        help="DOC or DOC:LINE (the block's fence, or any line of it); "
                        "default: every doc")
    parser.add_argument("--failing", action="store_true",
                        help="only the blocks that no longer match, with the differences")
    parser.add_argument("--write", action="store_true",
                        help="write today's output into the docs, under each command that no "
                        "longer matches and whose shown output has no '...' (the others are "
                        "listed, to edit by hand); check the result with git diff")
    args = parser.parse_args(argv)
    blocks = all_blocks()
    if args.where:
        blocks = [b for spec in args.where for b in _select(spec, blocks)]
    failed = 0
    by_hand: list[str] = []
    # Bottom up, so that a rewritten block does not move the lines of those above it.
    for block in sorted(blocks, key=lambda b: (b.path, -b.line)) if args.write else blocks:
        outcomes = check_block(block)
        problems = [p for o in outcomes for p in o.problems]
        failed += bool(problems)
        if args.write:
            if problems:
                by_hand += rewrite(block, outcomes)
            continue
        if args.failing and not problems:
            continue
        print(show(block, outcomes))
        for p in problems:
            print("\n" + p)
        print()
    if args.write:
        for where in by_hand:
            print(f"{where}: its output elides something ('...'): update it by hand "
                  f"(python -m tests.docs_examples {where})")
        print(f"{failed} of {len(blocks)} blocks differed; "
              f"{len(by_hand)} commands left to edit by hand", file=sys.stderr)
        return 1 if by_hand else 0
    print(f"{failed} of {len(blocks)} blocks differ from the docs", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

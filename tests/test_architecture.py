"""The layers keep their word: imports point down the layers (``LAYERS``), no
module imports itself round a circle, and no code outside ``jink/games/``
tests a game's name (what the solver and the CLI need to know is a field of
the game)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from jink.games import GAMES

ROOT = Path(__file__).resolve().parent.parent / "jink"
NAMES = {name for game in GAMES.values() for name in (game.name, *game.aliases)}


def _game_names_tested(tree: ast.AST) -> list[int]:
    """Lines where a game's name is compared with, looked up in a collection
    of names, or used as the key of a table of facts."""
    lines = []

    def is_name(node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in NAMES
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            return any(is_name(e) for e in node.elts)
        return False

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(
                is_name(n) for n in (node.left, *node.comparators)):
            lines.append(node.lineno)
        elif isinstance(node, ast.Dict) and any(k is not None and is_name(k) for k in node.keys) \
                and not all(isinstance(v, ast.Constant) and isinstance(v.value, str)
                            for v in node.values):
            # A table of facts per game (the built-in examples' texts, named
            # after their games, are not facts about the game).
            lines.append(node.lineno)
    return lines


@cache
def _tree(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for every check of this file."""
    return ast.parse(path.read_text(encoding="utf-8"))


def test_no_game_name_is_tested_outside_games() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if "games" in path.relative_to(ROOT).parts:
            continue
        tree = _tree(path)
        found += [f"{path.relative_to(ROOT.parent)}:{line}" for line in _game_names_tested(tree)]
    assert not found, "a game's name tested outside jink/games: " + ", ".join(found)


def test_the_check_finds_a_test_of_a_name() -> None:
    tree = ast.parse('if game.name == "rams":\n    pass\nWIDOW = {"loo": 3}\n'
                     'ok = name in ("rounce", "x")\n')
    assert _game_names_tested(tree) == [1, 3, 4]


# -- the layers: imports point down, and no module imports itself round a circle ---------

#: The layers, lowest first. A module may import from its own package (or,
#: at the top of jink/, its own module) and from any unit of a lower layer;
#: units of one layer do not import each other. docs/architecture.md draws it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "words", "version"),
    ("workers",),
    ("cards",),
    ("games",),
    ("position",),
    ("formats", "solver"),
    ("analysis",),
    ("decisions",),
    ("dealing", "puzzles", "study"),
    ("session", "batch", "serve"),
    ("cli", "bench"),
    ("__init__", "__main__"),
)
LAYER_OF = {unit: n for n, units in enumerate(LAYERS) for unit in units}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _is_module(name: str) -> bool:
    """Whether ``name`` (dotted, under jink) is a module or package of the tree,
    compiled extensions included (``jink.solver._core``)."""
    path = ROOT.parent.joinpath(*name.split("."))
    return path.is_dir() or path.with_suffix(".py").exists() or any(
        path.parent.glob(path.name + ".*"))


def _imports(path: Path) -> set[str]:
    """The jink modules ``path`` imports, at any depth of its code (an import
    inside a function, or under ``TYPE_CHECKING``, counts as any other): a name
    imported from a package that is one of its modules counts as that module."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names
                      if _is_module(f"{base}.{alias.name}")}
            if all(_is_module(f"{base}.{alias.name}") for alias in node.names):
                found.discard(base)  # only its modules were imported
    return {name for name in found if name == "jink" or name.startswith("jink.")}


@cache
def _graph() -> dict[str, set[str]]:
    return {_module_name(path): _imports(path) for path in sorted(ROOT.rglob("*.py"))}


def _unit(module: str) -> str:
    """The layer unit of a module: its package under jink/, or its own name."""
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


def _upward(graph: dict[str, set[str]]) -> list[str]:
    wrong = []
    for module, imported in graph.items():
        here = _unit(module)
        for target in sorted(imported):
            there = _unit(target)
            if there == here:
                continue
            if LAYER_OF[there] >= LAYER_OF[here]:
                wrong.append(f"{module} imports {target}")
    return wrong


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of imports among the modules, or []."""
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> list[str]:
        if module in path:
            return [*path[path.index(module):], module]
        if module in done:
            return []
        path.append(module)
        for target in sorted(graph.get(module, ())):
            circle = visit(target)
            if circle:
                return circle
        path.pop()
        done.add(module)
        return []

    for module in sorted(graph):
        circle = visit(module)
        if circle:
            return circle
    return []


def test_every_unit_has_a_layer() -> None:
    units = {_unit(module) for module in _graph()}
    assert units <= set(LAYER_OF), f"no layer for {sorted(units - set(LAYER_OF))}"


def test_imports_point_down() -> None:
    wrong = _upward(_graph())
    assert not wrong, "imports that run upward or sideways: " + "; ".join(wrong)


def test_no_import_cycle() -> None:
    circle = _cycle(_graph())
    assert not circle, "an import cycle: " + " -> ".join(circle)


def test_the_checks_find_an_upward_import_and_a_cycle() -> None:
    graph = {"jink.solver.search": {"jink.analysis.line"},
             "jink.analysis.line": {"jink.solver.search"},
             "jink.formats.files": {"jink.solver.goals"}}
    assert _upward(graph) == ["jink.solver.search imports jink.analysis.line",
                              "jink.formats.files imports jink.solver.goals"]
    assert _cycle(graph) == ["jink.analysis.line", "jink.solver.search",
                             "jink.analysis.line"]


def test_a_package_is_a_module_of_its_imports() -> None:
    # ``from jink.solver import native`` imports the module, not the package.
    assert "jink.solver.native" in _imports(ROOT / "solver" / "solver.py")
    assert "jink.solver" not in _imports(ROOT / "solver" / "solver.py")

"""The layers keep their word: no code outside ``jink/games/`` tests a game's
name (what the solver and the CLI need to know is a field of the game)."""

from __future__ import annotations

import ast
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


def test_no_game_name_is_tested_outside_games() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if "games" in path.relative_to(ROOT).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(ROOT.parent)}:{line}" for line in _game_names_tested(tree)]
    assert not found, "a game's name tested outside jink/games: " + ", ".join(found)


def test_the_check_finds_a_test_of_a_name() -> None:
    tree = ast.parse('if game.name == "rams":\n    pass\nWIDOW = {"loo": 3}\n'
                     'ok = name in ("rounce", "x")\n')
    assert _game_names_tested(tree) == [1, 3, 4]

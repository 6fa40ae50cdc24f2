"""The registry of games: look a game up by name or alias with :func:`find_game`.

>>> find_game("Spoil-Five").title
'Spoil Five'
"""

from __future__ import annotations

import copyreg
from typing import Any

from jink.errors import UnknownNameError
from jink.games.base import Declaring, Game, Question, Ranking, Rules
from jink.games.bierspiel import BIERSPIEL
from jink.games.forty_five import FORTY_FIVE
from jink.games.loo import LOO
from jink.games.option import Option
from jink.games.rams import RAMS
from jink.games.rounce import ROUNCE
from jink.games.spoil_five import SPOIL_FIVE

GAMES: dict[str, Game] = {
    game.name: game for game in (SPOIL_FIVE, FORTY_FIVE, RAMS, ROUNCE, BIERSPIEL, LOO)}


def _reduce(game: Game) -> Any:
    """How a game pickles (and copies): a game of the registry as its name, so
    that positions and results sent to another process (a process pool) find
    the very same game there, with its rules cache, not a copy. Registered
    here, with the registry, so that :mod:`jink.games.base` need not import it."""
    if GAMES.get(game.name) is game:
        return (find_game, (game.name,))
    return object.__reduce_ex__(game, 2)


copyreg.pickle(Game, _reduce)

__all__ = ["GAMES", "Declaring", "Game", "Option", "Question", "Ranking", "Rules", "find_game"]


def find_game(name: str) -> Game:
    """The game called ``name`` (case and ``_``/``-`` do not matter).

    >>> find_game("forty_five").sides(4)
    ((0, 2), (1, 3))
    >>> find_game("whist")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    jink.errors.UnknownNameError: unknown game 'whist' (games: spoil-five, forty-five, ...)
    """
    key = name.strip().lower().replace("_", "-")
    for game in GAMES.values():
        if key == game.name or key in game.aliases:
            return game
    raise UnknownNameError(f"unknown game {name!r} (games: {', '.join(GAMES)})")

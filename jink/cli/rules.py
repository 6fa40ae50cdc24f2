"""``jink rules``: a game's ranking tables for every trump suit, and how to follow."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.text import Text

from jink.cards import SUITS, card_name
from jink.cli.common import (
    GAME_NAMES,
    JsonOpt,
    epilog,
    handle_errors,
    print_json,
    print_sections,
)
from jink.cli.render import ranking_table
from jink.games import Game, find_game

GameArg = Annotated[str, typer.Argument(
    help=f"The game: {GAME_NAMES}, or an alias; default spoil-five.", metavar="GAME",
    show_default=False)]

EPILOG = epilog(
    "jink rules",
    "jink rules spoil-five --json")


def rules(game: GameArg = "spoil-five", json_output: JsonOpt = False) -> None:
    """The order of the cards, best first, with each suit as trumps, and the duty to follow."""
    with handle_errors():
        found = find_game(game)
        if json_output:
            print_json(rules_dict(found))
            return
        counts = (", ".join(map(str, found.player_counts[:-1]))
                  + f" or {found.player_counts[-1]}" if found.player_counts
                  else f"{found.min_players} to {found.max_players}")
        heading = Text.from_markup(f"[bold]{found.title}[/bold]: {counts} seats in the play, "
                                   f"{found.hand_size} cards each.")
        tables = [ranking_table(found.bind(trump)) for trump in range(4)]
        notes = []
        following = getattr(found, "following", None)
        if following:
            notes.append(f"Following: {following}.")
        for option in found.options:
            notes.append(f"Option [bold]{option.name}[/bold] (default "
                         f"{str(option.default).lower()}): {option.help}.")
        for rule in found.not_modelled:
            notes.append(f"Not modelled, [bold]{rule.name}[/bold]: {rule.rule} "
                         f"({escape(rule.source)}).")
        # Each question's name, then its label where that says more.
        questions = "; ".join(
            f"[bold]{q.name}[/bold]" + ("" if q.label.lower() == q.name else f": {q.label}")
            for q in found.questions(found.min_players))
        notes.append(f"Questions (jink solve --goal NAME): {questions}; or a number of "
                     "tricks.")
        print_sections(heading, *tables, Text.from_markup("\n".join(notes)))


def rules_dict(game: Game) -> dict[str, Any]:
    """The JSON form of a game's rules: rankings per trump suit, following, options."""
    rankings: dict[str, Any] = {}
    for trump in range(4):
        bound = game.bind(trump)
        rankings[SUITS[trump]] = {
            "trumps": [card_name(c) for c in bound.order(trump)],
            "plain": {SUITS[s]: [card_name(c) for c in bound.order(s)]
                      for s in range(4) if s != trump},
        }
    return {
        "game": game.name,
        "title": game.title,
        "players": [game.min_players, game.max_players],
        "player_counts": list(game.player_counts) or None,
        "questions": [{"name": q.name, "label": q.label, "tricks": q.tricks}
                      for q in game.questions(game.min_players)],
        "rankings": rankings,
        "following": getattr(game, "following", None),
        "options": [{"name": o.name, "default": o.default, "help": o.help}
                    for o in game.options],
        "not_modelled": [{"name": u.name, "rule": u.rule, "source": u.source}
                         for u in game.not_modelled],
    }

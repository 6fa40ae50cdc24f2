"""``jink rob``: rob the turn-up or not, and with which discard."""

from __future__ import annotations

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from jink.cards import card_markup
from jink.cli.common import (
    NO_POSITION,
    EngineOpt,
    ExactOpt,
    ExampleOpt,
    FileArg,
    JsonOpt,
    MaxNodesOpt,
    MaxSecondsOpt,
    MemoryOpt,
    PositionOptions,
    ThreadsOpt,
    epilog,
    for_each_position,
    handle_errors,
    print_json,
    print_sections,
    search_options,
    takes_position,
)
from jink.cli.render import deal_diagram
from jink.cli.solve import GoalOpt
from jink.cli.solve_render import label_of_goal
from jink.decisions.rob import RobDecision, rob
from jink.formats.files import PositionFile
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.words import plural

EPILOG = epilog(
    'jink rob --turnup AD --hands "5D 2S 3S 4C 6C / KD QD JC TC 9C"',
    "jink rob deal.toml --goal jink --json",
    note='The deal is given as dealt, with its turn-up (turnup = "9D"), before any '
         'robbing. With the option compulsory_rob the "keep" row is absent.')


@takes_position(without=('trick', 'won'))
def rob_command(
    file: FileArg = None,
    opts: PositionOptions = NO_POSITION,
    example: ExampleOpt = False,
    goal: GoalOpt = None,
    max_seconds: MaxSecondsOpt = None,
    max_nodes: MaxNodesOpt = None,
    memory: MemoryOpt = DEFAULT_MEMORY_MB,
    engine: EngineOpt = None,
    exact: ExactOpt = False,
    threads: ThreadsOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """Value robbing the turn-up: keeping the hand, and robbing with each discard.

    The dealer robs a turned ace; otherwise the holder of the ace of trumps
    may. Each choice is solved double dummy for the robber and the goal
    (default three); equivalent discards are grouped.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
    with handle_errors():
        # No --trick or --won: robbing happens before the first card is played.

        def act(item: PositionFile, index: int) -> None:
            decision = rob(item.position, goal, search.limit, search.memory_mb)
            if json_output:
                print_json(decision.to_dict())
            else:
                print_sections(deal_diagram(item), *rob_picture(decision), gap=index > 0)

        for_each_position(file, opts, example=example, act=act)


def rob_picture(decision: RobDecision) -> list[RenderableType]:
    """One row per choice, the best marked."""
    seat = decision.robber + 1
    table = Table(title=f"Seat {seat} may rob the {card_markup(decision.position.turnup or 0)}"
                        f" (goal: {decision.goal.name})",
                  box=box.SIMPLE_HEAD, title_justify="left")
    goal = label_of_goal(decision.position, decision.goal)
    for column in ("Choice", f"Max tricks for seat {seat}", f"{goal}: forceable", ""):
        table.add_column(column)
    best = decision.best
    for choice in decision.choices:
        if choice.discard is None:
            label = "keep the hand"
        else:
            label = "rob, discarding " + " or ".join(card_markup(c) for c in choice.discard)
        table.add_row(label, str(choice.max_tricks), "yes" if choice.achieves else "no",
                      "[bold green]best[/bold green]" if choice == best else "")
    lines: list[RenderableType] = [table, Text.from_markup(
        "[dim]Each choice is solved as made before the lead. Discards joined by 'or' are "
        "equivalent cards.[/dim]")]
    first = decision.first_turn
    if first is not None:
        after = ", ".join(str(s + 1) for s in first.before)
        gain = "more than" if (first.achieves, first.max_tricks) > \
            (best.achieves, best.max_tricks) else "the same as"
        lines.append(Text.from_markup(
            f"Seat {seat} robs at his first turn, after seat{'s' if len(first.before) > 1 else ''}"
            f" {after} {'have' if len(first.before) > 1 else 'has'} played: deciding then, "
            f"{plural(first.max_tricks, 'trick')} for sure, "
            f"{goal.lower()} forceable: {'yes' if first.achieves else 'no'} ({gain} the best "
            "choice made before the lead)."))
    return lines

"""The chief charts of ``jink stats --plot``, drawn with matplotlib (an
optional extra: ``pip install 'jink[plot]'``).

One figure: each game's main question (its first: three in Spoil Five) by
seat, by trumps held and by top trumps held, one line per game and table
size, with the 95% intervals as error bars; with several table sizes of
one game, also the eldest hand's chance and anybody's by table size.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jink.batch.stats import TOP_TRUMPS, Table, Tally
from jink.errors import JinkError

__all__ = ["FORMATS", "MISSING", "plot"]

FORMATS = (".png", ".svg", ".pdf")
MISSING = "--plot needs matplotlib, which is not installed: pip install 'jink[plot]'"


def pyplot() -> Any:
    """``matplotlib.pyplot`` drawing to files only, or an error saying how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise JinkError(MISSING) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _series(ax: Any, label: str, points: list[tuple[int, Tally]]) -> None:
    xs = [x for x, _ in points]
    ys = [t.share for _, t in points]
    lows = [t.share - t.interval[0] for _, t in points]
    highs = [t.interval[1] - t.share for _, t in points]
    ax.errorbar(xs, ys, yerr=[lows, highs], marker="o", capsize=3, label=label)


def plot(tables: list[Table], path: Path) -> None:
    """Draw the charts of ``tables`` into ``path`` (its suffix says the format)."""
    plt = pyplot()
    sizes: dict[str, list[Table]] = {}
    for table in tables:
        sizes.setdefault(table.game, []).append(table)
    several = any(len(group) > 1 for group in sizes.values())
    panels = 4 if several else 3
    figure, axes = plt.subplots(1, panels, figsize=(5 * panels, 4.2), squeeze=False)
    row = axes[0]
    for table in tables:
        if not table.questions:
            continue
        main = table.questions[0]
        label = f"{table.game}, {table.players} players ({table.deals:,} deals)"
        for ax, groups in ((row[0], table.seats), (row[1], table.by_trumps),
                           (row[2], table.by_top_trumps)):
            points = [(k, g.tallies[main]) for k, g in sorted(groups.items())
                      if main in g.tallies]
            if points:
                _series(ax, label, points)
    mains = sorted({t.questions[0] for t in tables if t.questions})
    question = " / ".join(mains)
    for ax, xlabel, title in (
            (row[0], "seat (1: eldest hand; the last deals)", "by seat"),
            (row[1], "trumps held", "by trumps held"),
            (row[2], f"of the {TOP_TRUMPS} highest trumps held", "by top trumps held")):
        ax.set_title(f"{question}: {title}")
        ax.set_xlabel(xlabel)
        ax.set_ylabel(f"share of deals the seat can force {question}")
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
    if several:
        ax = row[3]
        for game, group in sizes.items():
            main = group[0].questions[0]
            eldest = [(t.players, t.seats[1].tallies[main]) for t in group
                      if 1 in t.seats and main in t.seats[1].tallies]
            anybody = [(t.players, t.anybody[main]) for t in group if main in t.anybody]
            if eldest:
                _series(ax, f"{game}: eldest hand", eldest)
            if anybody:
                _series(ax, f"{game}: anybody", anybody)
        ax.set_title(f"{question}: by table size")
        ax.set_xlabel("players")
        ax.set_ylabel(f"share of deals {question} can be forced")
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
    from matplotlib.ticker import MaxNLocator

    for ax in row:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize="small")
    figure.suptitle("jink stats: each deal solved double dummy; bars are 95% intervals")
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as error:
        raise JinkError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        plt.close(figure)

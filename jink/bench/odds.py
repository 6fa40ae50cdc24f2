"""``python -m jink.bench.odds``: how long ``jink odds --hand`` takes.

Seat 1's hand of each of the benchmark's first ``--hands`` deals (seed 2026,
as ``python -m jink.bench`` deals them), with that deal's trump, is asked
about at the first lead with every other hand unseen, as ``jink odds --hand``
asks: ``--deals`` deals of the unseen cards each (seed 1). Printed per hand:
the wall time and the CPU time of this process and its workers per deal, and
the wall time that 1000 deals would take at that rate; then the same over all
the hands. With ``--workers N`` the deals are solved on N processes
(``odds(..., workers=N)``); the shares printed are the same for every N.
"""

from __future__ import annotations

import json
import resource
import time
from typing import Annotated

import typer

from jink.bench.deals import deal
from jink.cards import SUITS, card_name, iter_cards
from jink.dealing.odds import hand_view, odds, view_from_dict
from jink.solver.native import cores_available

app = typer.Typer(add_completion=False)


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@app.command()
def main(
    players: Annotated[int, typer.Option(help="Seats at the table")] = 10,
    hands: Annotated[int, typer.Option(help="Hands asked about (seat 1's of deals 0, 1, ...)")]
    = 10,
    deals: Annotated[int, typer.Option(help="Deals of the unseen cards per hand")] = 20,
    workers: Annotated[int, typer.Option(help="Processes that solve the deals")] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the benchmark's deals")] = 2026,
    as_json: Annotated[bool, typer.Option("--json", help="JSON lines on stdout")] = False,
) -> None:
    """Time single-dummy odds of one hand, as jink odds --hand runs them."""
    wall_all = cpu_all = 0.0
    for index in range(hands):
        position = deal(players, index, seed)
        hand = " ".join(card_name(c) for c in iter_cards(position.hands[0]))
        assert position.trump is not None
        trump = SUITS[position.trump]
        view = view_from_dict(hand_view("spoil-five", hand, players, trump=trump))
        wall, cpu = time.perf_counter(), _cpu()
        result = odds(view, deals=deals, seed=1, workers=workers)
        wall, cpu = time.perf_counter() - wall, _cpu() - cpu
        wall_all += wall
        cpu_all += cpu
        row = {"players": players, "hand": hand, "trump": trump, "deals": deals,
               "workers": workers, "wall_ms_per_deal": round(1000 * wall / deals, 1),
               "cpu_ms_per_deal": round(1000 * cpu / deals, 1),
               "three": {card_name(c.card): c.share("three").hits for c in result.cards}}
        if as_json:
            print(json.dumps(row))
        else:
            print(f"{hand}  {trump}  {row['wall_ms_per_deal']:>9} ms/deal wall  "
                  f"{row['cpu_ms_per_deal']:>9} ms/deal CPU  "
                  f"1000 deals: {wall / deals * 1000:7.0f} s", flush=True)
    total = hands * deals
    summary = {"players": players, "hands": hands, "deals": deals, "workers": workers,
               "cores": cores_available(),
               "wall_ms_per_deal": round(1000 * wall_all / total, 1),
               "cpu_ms_per_deal": round(1000 * cpu_all / total, 1),
               "wall_s_per_1000_deals": round(1000 * wall_all / total, 1)}
    if as_json:
        print(json.dumps(summary))
    else:
        print(f"all {hands} hands: {summary['wall_ms_per_deal']} ms a deal of wall time, "
              f"{summary['cpu_ms_per_deal']} ms of CPU; 1000 deals of a hand: "
              f"{summary['wall_s_per_1000_deals']:.0f} s on average")


if __name__ == "__main__":
    app()

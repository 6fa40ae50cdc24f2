"""Summaries of research runs: how often each seat can force each question.

:func:`summarise` reads the rows of one or more batch databases and counts,
for each game and table size found in them, how often each seat (by its
place at the table: seat 1 is the eldest hand, the last seat deals) can
force each of the game's questions, how often anybody can, and how the
chance goes with the trumps a seat holds and with how many of the three
highest trumps it holds. Every share comes with a 95% interval (Wilson's,
as ``jink odds`` gives them).

>>> Tally(3, 10).to_dict()
{'share': 0.3, 'low': 0.1078, 'high': 0.6032, 'hits': 3, 'deals': 10}
>>> Tally(3, 10).text()
'30.0% (11-60%)'
>>> Tally(1, 400).text()
'0.2% (0.0-1.4%)'
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from jink.batch.store import Store, StoreError
from jink.cards import CardSet, count, iter_cards
from jink.dealing.odds import Share
from jink.formats.files import position_from_dict

__all__ = ["TOP_TRUMPS", "Table", "Tally", "summarise"]

#: "Top trumps": how many of the game's this-many highest trumps a seat holds.
TOP_TRUMPS = 3


class Tally(Share):
    """A count of hits in deals, with its 95% interval."""

    def add(self, hit: bool) -> Tally:
        return Tally(self.hits + hit, self.deals + 1)


    def text(self) -> str:
        """The share and its interval, for people: ``42.0% (39-45%)``; bounds
        under 10% keep a decimal (``0.8% (0.4-1.6%)``)."""
        low, high = self.interval
        return f"{self.share:.1%} ({_percent(low)}-{_percent(high)}%)"


def _percent(share: float) -> str:
    value = 100 * share
    return f"{value:.1f}" if round(value, 1) < 10 else f"{value:.0f}"


@dataclass
class _Group:
    """Counts of one kind of seat-deal (a seat, a number of trumps held)."""

    tallies: dict[str, Tally] = field(default_factory=dict)
    tricks: int = 0
    deals: int = 0

    def add(self, answers: dict[str, bool], max_tricks: int) -> None:
        self.deals += 1
        self.tricks += max_tricks
        for name, hit in answers.items():
            self.tallies[name] = self.tallies.get(name, Tally(0, 0)).add(hit)

    def to_dict(self, questions: list[str]) -> dict[str, Any]:
        return {"deals": self.deals,
                "max_tricks_mean": round(self.tricks / self.deals, 4) if self.deals else None,
                **{q: self.tallies[q].to_dict() for q in questions if q in self.tallies}}


@dataclass
class Table:
    """The summary of one game at one table size."""

    game: str
    players: int
    questions: list[str] = field(default_factory=list)
    deals: int = 0
    seats: dict[int, _Group] = field(default_factory=dict)
    #: Deals with every seat solved: whether anybody could force each question.
    anybody: dict[str, Tally] = field(default_factory=dict)
    by_trumps: dict[int, _Group] = field(default_factory=dict)
    by_top_trumps: dict[int, _Group] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0

    def add(self, position: dict[str, Any], verdicts: dict[str, Any], nodes: int,
            seconds: float) -> None:
        self.deals += 1
        self.nodes += nodes
        self.seconds += seconds
        parsed = position_from_dict(position)
        rules = parsed.rules
        top = _top_trumps(rules.trump_mask, rules.power) if parsed.trump is not None else None
        solved = verdicts["seats"]
        for verdict in solved:
            answers = {k: v for k, v in verdict.items() if isinstance(v, bool)}
            for name in answers:
                if name not in self.questions:
                    self.questions.append(name)
            seat = verdict["seat"]
            self.seats.setdefault(seat, _Group()).add(answers, verdict["max_tricks"])
            if top is not None:
                hand = parsed.hands[seat - 1]
                self.by_trumps.setdefault(count(hand & rules.trump_mask), _Group()).add(
                    answers, verdict["max_tricks"])
                self.by_top_trumps.setdefault(count(hand & top), _Group()).add(
                    answers, verdict["max_tricks"])
        if len(solved) == parsed.players:
            for name in self.questions:
                hit = any(v.get(name) is True for v in solved)
                self.anybody[name] = self.anybody.get(name, Tally(0, 0)).add(hit)

    def to_dict(self) -> dict[str, Any]:
        q = self.questions
        return {
            "game": self.game, "players": self.players, "deals": self.deals,
            "questions": q,
            "seats": [{"seat": s, **g.to_dict(q)} for s, g in sorted(self.seats.items())],
            "anybody": {name: t.to_dict() for name, t in self.anybody.items()} or None,
            "by_trumps": [{"trumps": k, **g.to_dict(q)}
                          for k, g in sorted(self.by_trumps.items())],
            "by_top_trumps": [{"top_trumps": k, **g.to_dict(q)}
                              for k, g in sorted(self.by_top_trumps.items())],
            "nodes_mean": round(self.nodes / self.deals, 1) if self.deals else None,
            "seconds_mean": round(self.seconds / self.deals, 6) if self.deals else None,
        }


def _top_trumps(trump_mask: CardSet, power: tuple[int, ...]) -> CardSet:
    """The game's :data:`TOP_TRUMPS` highest trumps."""
    best = sorted(iter_cards(trump_mask), key=lambda card: -power[card])[:TOP_TRUMPS]
    mask = 0
    for card in best:
        mask |= 1 << card
    return mask


def summarise(stores: Iterable[Store]) -> list[Table]:
    """One :class:`Table` per game and table size in the rows of ``stores``,
    by game then size."""
    tables: dict[tuple[str, int], Table] = {}
    for store in stores:
        for row in store.rows():
            try:
                position = json.loads(row.position)
                key = (position["game"], len(position["hands"]))
                table = tables.setdefault(key, Table(*key))
                table.add(position, json.loads(row.verdicts), row.nodes, row.seconds)
            except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
                # (a row written by something else than jink batch)
                raise StoreError(f"{store.path}: deal {row.deal}: not a row jink batch "
                                 f"wrote ({type(error).__name__}: {error})") from None
    return [tables[key] for key in sorted(tables)]

"""The glue between the solver and the compiled search core (``jink.solver._core``).

The C core performs :class:`~jink.solver.search.Search`'s whole proof without
calling Python per node. It knows no game by name: this module flattens a
bound :class:`~jink.games.base.Rules` into the data it reads (per-card power
and suit, suit masks, the trump, the duty codes and flags of
:mod:`jink.games.duties`, and the rules that follow a void trick or the last
forced lead), once per rules object.

:class:`NativeTable` holds the C bounds table across questions (as
:class:`~jink.solver.table.TranspositionTable` does), and :class:`NativeSearch`
has :class:`~jink.solver.search.Search`'s constructor and ``prove``, so that
:class:`~jink.solver.solver.Solver` drives either engine the same way. Rules
the core cannot take (no trump and no known arriving trump: a Loo simple pool
whose turned card is unknown; more seats than it holds) are searched by the
Python engine, on a Python table kept beside the C one.
"""

from __future__ import annotations

import itertools
import os
import sys
import threading
from collections.abc import Iterable, Sequence
from typing import Any

from jink.cards import Card, CardSet
from jink.errors import UnknownNameError
from jink.games.base import Rules
from jink.solver.goals import Goal, Helped, Spoil
from jink.solver.limits import Budget, Halted
from jink.solver.search import Search
from jink.solver.table import DEFAULT_MEMORY_MB, TableStats, TranspositionTable

try:
    from jink.solver import _core  # type: ignore[attr-defined]
except ImportError:  # not built: the Python engine serves
    _core = None

ENGINES = ("native", "python")

#: The compiled core's switchable parts, as it names them (its ``SETTLERS``
#: table, in the order it asks them, with why each never changes a verdict):
#: the settlers, techniques that settle a position, order its cards or try
#: them cheaply first, without the full search of the exact kernel; and
#: partition search (``partition``: table entries for sets of positions). The
#: Python engine has four settlers (sure, threats, two, order) and no
#: partition search. A solver may switch any off; with all off (``exact``)
#: the kernel alone gives the answers.
SETTLERS = ("threats", "sure", "pooled", "next", "trick", "relaxed", "early", "two", "order",
            "widen", "pns", "partition")

#: The parts each part needs (the core's table says the same, and refuses a
#: table with a part on and one it needs off): the pooled game's settlers
#: play it, and what plays on sets of positions needs partition search.
NEEDS: dict[str, frozenset[str]] = {
    "pooled": frozenset({"partition"}),
    "next": frozenset({"pooled", "partition"}),
    "trick": frozenset({"partition"}),
    "relaxed": frozenset({"partition"}),
    "early": frozenset({"pooled", "partition"}),
    "widen": frozenset({"partition"}),
    "pns": frozenset({"partition"}),
}

#: The process's choice of exact search (see :func:`use_exact`).
_exact: list[bool] = []

#: Goal codes shared with the C core.
GOAL_AT_LEAST, GOAL_SPOIL, GOAL_HELPED = 0, 1, 2
#: ``prove``'s ``stopped`` when another thread halted the table (NativeTable.halt).
HALTED = 2

_warned: list[bool] = []
#: Held while deciding whether to say that the core is missing (said once,
#: even when several threads make their first solver at once).
_warn_lock = threading.Lock()
#: Set in the environment once the fallback has been said.
WARNED_VARIABLE = "JINK_FALLBACK_SAID"
#: The process's choice (see :func:`use_engine`), before JINK_ENGINE.
_chosen: list[str] = []
#: The process's choice of threads a proof runs on (see :func:`use_threads`).
_threads: list[int] = []
#: The most threads one proof runs on (the compiled core's MAX_THREADS).
MAX_THREADS = 64


def available() -> bool:
    """Whether the compiled search core is built and importable."""
    return _core is not None


def core_id() -> int:
    """Which compiled core searches now (tests swap in cores built
    otherwise: tests.mutants.core), as an object's identity."""
    return id(_core)


def use_engine(engine: str | None) -> None:
    """Make ``engine`` (native or python) the default of every :class:`Solver`
    made without one, in this process (a command's ``--engine``); None: back
    to JINK_ENGINE, else native."""
    name = None if engine is None else _checked(engine)
    _chosen.clear()
    if name is not None:
        _chosen.append(name)


def use_exact(exact: bool) -> None:
    """Make every :class:`Solver` made without ``settlers`` search with the plain
    kernel (``exact``: no settler, no partition search) or with every settler
    (a command's ``--exact``), in this process."""
    _exact.clear()
    _exact.append(exact)


def cores_available() -> int:
    """The cores this process may run on (its CPU affinity where the system
    says, else the machine's), at least 1."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def check_threads(threads: int) -> int:
    """``threads`` if it is a number of threads a proof may run on, else
    ValueError.

    >>> check_threads(2)
    2
    >>> check_threads(0)
    Traceback (most recent call last):
    ...
    ValueError: threads must be from 1 to 64, not 0
    """
    if isinstance(threads, bool) or not isinstance(threads, int) \
            or not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads must be from 1 to {MAX_THREADS}, not {threads!r}")
    return threads


def use_threads(threads: int | None) -> None:
    """Make ``threads`` the threads each proof of every :class:`Solver` made
    without ``threads`` runs on, in this process (a command's ``--threads``);
    None: back to one."""
    _threads.clear()
    if threads is not None:
        _threads.append(check_threads(threads))


def threads_chosen() -> int:
    """The threads a proof runs on in this process (:func:`use_threads`; 1 by default)."""
    return _threads[0] if _threads else 1


def exact_chosen() -> bool:
    """Whether this process searches with the plain kernel (:func:`use_exact`)."""
    return bool(_exact and _exact[0])


def settlers_of(settlers: Iterable[str] | None) -> frozenset[str]:
    """The parts switched on: those named and the parts they need (NEEDS);
    None: the process's choice (see :func:`use_exact`), else all of them.

    >>> sorted(settlers_of(["two", "sure"]))
    ['sure', 'two']
    >>> sorted(settlers_of(["relaxed"]))  # relaxed plays on sets of positions
    ['partition', 'relaxed']
    >>> sorted(settlers_of(["early"]))
    ['early', 'partition', 'pooled']
    >>> settlers_of(["fast"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    jink.errors.UnknownNameError: unknown settler 'fast' (use threats, sure, ... pns or partition)
    """
    if settlers is None:
        return frozenset() if exact_chosen() else frozenset(SETTLERS)
    chosen = frozenset(settlers)
    for name in sorted(chosen - set(SETTLERS)):
        raise UnknownNameError(f"unknown settler {name!r} (use {', '.join(SETTLERS[:-1])} "
                               f"or {SETTLERS[-1]})")
    return chosen.union(*(NEEDS.get(name, ()) for name in chosen))


def without(names: Iterable[str], settlers: Iterable[str] = SETTLERS) -> frozenset[str]:
    """``settlers`` with the parts ``names`` switched off, and every part that
    needs one of them (NEEDS).

    >>> sorted(without(["pooled"], ["pooled", "early", "next", "two", "partition"]))
    ['partition', 'two']
    """
    off = frozenset(names)
    return frozenset(name for name in settlers
                     if name not in off and not NEEDS.get(name, frozenset()) & off)


def settler_mask(settlers: frozenset[str], table: Any = None) -> int:
    """The compiled core's mask of ``settlers``, by its table's bits (``table``:
    a core's SETTLERS; default this one's). A part the core does not have is
    left out (a core from before that part was switchable)."""
    entries = (_core.SETTLERS if _core is not None else ()) if table is None else table
    return sum(entry[1] for entry in entries if entry[0] in settlers)


def _checked(engine: str) -> str:
    name = engine.strip().lower()
    if name not in ENGINES:
        raise UnknownNameError(f"unknown engine {engine!r} (use native or python)")
    return name


def engine_name(engine: str | None = None) -> str:
    """The engine a :class:`~jink.solver.solver.Solver` made with ``engine`` uses:
    ``engine``, else the one set by :func:`use_engine`, else the ``JINK_ENGINE``
    environment variable, else native; python when the core is not built
    (said once on stderr)."""
    name = _checked(engine or (_chosen[0] if _chosen else "")
                    or os.environ.get("JINK_ENGINE") or "native")
    if name == "native" and _core is None:
        with _warn_lock:
            if not _warned and not os.environ.get(WARNED_VARIABLE):
                _warned.append(True)
                sys.stderr.write("jink: the compiled search core is not built; "
                                 "using the Python engine (slower)\n")
                # Worker processes (a batch's) inherit it: said once, not once each.
                os.environ[WARNED_VARIABLE] = "1"
        return "python"
    return name


# -- rules as data ---------------------------------------------------------------------

#: Flattened rules by id(rules), with the rules object kept alive so the id
#: stays its own (rules are cached by Game.bind and never dropped anyway).
_flat: dict[int, tuple[Rules, Any]] = {}
_ids = itertools.count(1)
#: Held while flattening, so that two threads meeting the same new rules make
#: one description of them, not two.
_flat_lock = threading.Lock()
#: Rules ids fit in 21 bits of a table key.
_MAX_ID = 1 << 21


def supported(rules: Rules, players: int, tricks: int = 1) -> bool:
    """Whether the C core can search under ``rules`` with ``players`` seats
    and ``tricks`` tricks a deal (it keeps a seat's tricks won in 3 bits)."""
    if _core is None or not 2 <= players <= _core.MAX_PLAYERS:
        return False
    if tricks > getattr(_core, "MAX_TRICKS", 7):
        return False
    # With no trump, a void trick brings one in: the core must know which suit
    # (without it, the Python rules raise PositionError on such a trick).
    return rules.trump is not None or rules.arriving is not None


def flatten(rules: Rules) -> Any:
    """The C core's description of ``rules`` (and of the rules they lead to).

    Safe from several threads: a description is put in the cache only once
    linked to the rules it leads to, so none is seen half made.
    """
    cached = _flat.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    with _flat_lock:
        made: dict[int, tuple[Rules, Any]] = {}
        flat = _flatten(rules, made)
        _flat.update(made)
        return flat


def _flatten(rules: Rules, made: dict[int, tuple[Rules, Any]]) -> Any:
    for known in (_flat, made):
        cached = known.get(id(rules))
        if cached is not None and cached[0] is rules:
            return cached[1]
    ident = next(_ids)
    if ident >= _MAX_ID:
        raise RuntimeError("too many rules objects for the compiled core")
    orders = tuple(tuple(rules.order(s)) if rules.suit_masks[s] else () for s in range(4))
    trump = -1 if rules.trump is None else rules.trump
    flat = _core.Rules(
        ident, rules.power, rules.suit, rules.suit_masks, trump, rules.trump_mask,
        rules.privileged_mask, rules.renege_above, int(rules.follow), rules.lead_trump_from,
        rules.lead_trump_until, rules.forced_leads, rules.low_first,
        -1 if rules.arriving is None else rules.arriving,
        int(rules.trumps_always_legal), int(rules.relative_ranks_safe), orders)
    made[id(rules)] = (rules, flat)  # before linking: the links may come back here
    on_void = None
    if rules.trump is None and rules.arriving is not None:
        # The trump comes in on the first void trick (Loo's simple pool).
        on_void = _flatten(rules.game.bind(rules.arriving, rules.options, rules.players,
                                           rules.turn), made)
    # The rules once the forced leads are over (Bierspiel: positions may then
    # share table entries up to relative rank).
    after_forced = _flatten(rules.unforced, made) if rules.unforced is not rules else None
    flat.link(on_void, after_forced)
    return flat


# -- the table and the search ----------------------------------------------------------


class NativeTable:
    """The C bounds table under a memory cap, held across questions; plus a
    Python table for the rules the core does not take."""

    def __init__(self, memory_mb: float = DEFAULT_MEMORY_MB, partition: bool = True,
                 mid_trick: tuple[int, int, int, int] | None = None,
                 relax_groups: int | None = None,
                 settlers: frozenset[str] = frozenset(SETTLERS), threads: int = 1,
                 help_after: int | None = None) -> None:
        """``settlers``: the parts switched on (see SETTLERS; partition search
        among them: entries that stand for sets of positions, see
        docs/solver.md). ``partition`` False switches partition search off,
        and the parts that need it (as :func:`without`): the core then visits
        the very nodes of the Python engine. ``mid_trick``: where positions part-way through a
        trick get entries too, as (from this many seats, after this many
        cards, while this many seats are left to play, through this many
        cards); default the core's (7, 2, 3, 3), measured to pay. The tests
        use (2, 1, 1, 15): everywhere. ``relax_groups``: the relaxed game puts
        the pool's seats in groups (one for each run of them between the
        asker and its threats) from this many pool seats; default the core's
        (9). The tests use 2. ``settlers``: those switched on (see SETTLERS).
        ``threads``: the threads each proof runs on (the core's
        core/threads.c: a proof long enough starts helpers that share the
        table; the answers are the same for any number, the nodes every
        thread's). ``help_after``: a proof's nodes before its helpers start
        (default the core's: 32,768, most proofs end sooner; from nine seats,
        where a node costs microseconds, 2,048); the tests use 0, every proof
        on every thread."""
        if memory_mb <= 0:
            raise ValueError("the table's memory cap must be positive")
        if _core is None:
            raise RuntimeError("the compiled search core is not built")
        self.memory_mb = memory_mb
        #: The threads each proof runs on.
        self.threads = check_threads(threads)
        if not partition:
            settlers = without(["partition"], settlers)
        self.settlers = settlers
        #: Whether entries stand for sets of positions.
        self.partition = "partition" in settlers
        options: dict[str, int] = {}
        if relax_groups is not None:
            options["relax_groups"] = relax_groups
        if mid_trick is not None:
            options.update(zip(("mid_from", "mid_first", "mid_left", "mid_last"), mid_trick,
                               strict=True))
        if all(entry[0] != "partition" for entry in _core.SETTLERS):
            # A core from before partition search was one of its parts
            # (tools.side_by_side --against) takes it as an argument.
            options["partition"] = self.partition
        if threads > 1:
            options["threads"] = threads
        if help_after is not None:
            if help_after < 0:
                raise ValueError("help_after: a number of nodes, 0 or more")
            options["help_after"] = help_after
        self.core = _core.Table(memory_mb, **options, settlers=settler_mask(settlers))
        self._python: TranspositionTable | None = None

    @property
    def python(self) -> TranspositionTable:
        """The Python table, made on first use (rules the core does not take)."""
        if self._python is None:
            self._python = TranspositionTable(self.memory_mb)
        return self._python

    def empty(self) -> None:
        """Empty the table (the same answers, and nodes, as a new one), its
        memory kept at the size it has grown to, to be filled again."""
        self.core.empty()
        self._python = None

    def lend(self, threads: int) -> None:
        """Let each proof start ``threads`` threads from now (1 to :attr:`threads`):
        a proof under way starts its helpers at its next check once it is long
        enough. Safe while another thread searches this table."""
        self.core.lend(threads)

    def halt(self, on: bool = True) -> None:
        """While on, every proof on this table stops at its next check with
        :class:`Halted` (how one thread stops another's search). Safe while
        another thread searches this table."""
        self.core.halt(on)

    @property
    def lends(self) -> bool:
        """Whether the core can be lent threads and halted (a core built
        before it could not: ``tools.side_by_side --against``)."""
        return hasattr(self.core, "lend")

    def snapshot(self) -> TableStats:
        stats = self.core.stats()
        result = TableStats(entries=stats["entries"], lookups=stats["lookups"],
                            hits=stats["hits"], flushes=stats["flushes"],
                            cap_entries=stats["cap_entries"],
                            entry_bytes=stats["entry_bytes"])
        if self._python is not None:
            other = self._python.snapshot()
            result.entries += other.entries
            result.lookups += other.lookups
            result.hits += other.hits
            result.flushes += other.flushes
        return result


class NativeSearch:
    """:class:`~jink.solver.search.Search` in C: same constructor, same ``prove``."""

    def __init__(self, rules: Rules, players: int, tricks: int, side: frozenset[int],
                 goal: Goal, table: NativeTable, budget: Budget,
                 narrow: bool = False) -> None:
        self.rules = rules
        self.players = players
        self.tricks = tricks
        self.side = side
        self.goal = goal
        self.table = table
        self.budget = budget
        self.narrow = narrow
        self.side_mask = sum(1 << s for s in side)
        #: The tricks that win the pool, a spoil's bound (any other goal's:
        #: a hand-over's k, or all the tricks: unread).
        self.pool = goal.k if isinstance(goal, Helped) else tricks
        if isinstance(goal, Spoil):
            self.code, self.k, self.seat = GOAL_SPOIL, 0, 0
            self.pool = goal.pool
        elif isinstance(goal, Helped):
            self.code, self.k, self.seat = GOAL_HELPED, goal.k, goal.seat
        else:
            self.code, self.k, self.seat = GOAL_AT_LEAST, goal.k, 0
        self._fallback: Search | None = None

    def prove(self, hands: Sequence[CardSet], leader: int, trick: Sequence[Card],
              won: Sequence[int], rules: Rules | None = None) -> bool:
        """Whether the side can force the goal from this state."""
        rules = rules or self.rules
        if not supported(rules, self.players, self.tricks):
            return self._python_search().prove(hands, leader, trick, won, rules)
        budget = self.budget
        limit = budget.limit
        # The core takes one node limit: the budget's, or the cap on the question
        # searched now (Budget.capped) when that comes first.
        stop = budget.node_stop
        stopped, result, nodes, next_check = self.table.core.prove(
            flatten(rules), self.players, self.tricks, self.side_mask, self.code, self.k,
            self.seat, int(self.narrow), tuple(hands), leader, tuple(trick), tuple(won),
            budget.nodes, budget.next_check, -1 if stop is None else stop,
            -1.0 if limit.seconds is None else limit.seconds, budget.elapsed(), self.pool)
        budget.nodes = nodes
        budget.next_check = next_check
        if stopped == HALTED:
            raise Halted("search halted by another thread; no answer is given")
        if stopped:
            # Raises LimitExceeded with the Python engine's message, or
            # QuestionCapped when it was the question's cap.
            budget.check()
            raise AssertionError("the compiled core stopped short of a limit")
        return bool(result)

    def _python_search(self) -> Search:
        if self._fallback is None:
            self._fallback = Search(self.rules, self.players, self.tricks, self.side,
                                    self.goal, self.table.python, self.budget, self.narrow,
                                    self.table.settlers)
        return self._fallback

"""Questions about one position, answered with one shared transposition table.

:class:`Solver` turns the boolean :class:`~jink.solver.search.Search` into the
answers users ask for: ``max_tricks`` by a driver of zero-window searches (as
DDS does), the verdicts of every seat, and the score of every legal card.
Every search made through one solver shares its table and its node budget.
The searches run on one of two engines: the compiled core
(:mod:`jink.solver.native`, the default) or the Python reference
(:mod:`jink.solver.search`); both give the same answers.

*Anytime answers.* Asked with ``partial=True`` under a :class:`Limit`, the
solver answers what it can and leaves the rest *unknown* (None) instead of
raising :class:`~jink.errors.LimitExceeded`: every question is first tried
under a small node cap (:data:`FIRST_CAP`, less under a small node limit),
then the open ones again under
caps :data:`CAP_GROWTH` times larger, until all are answered or the limit
is reached. The table is shared, so a retry starts from what the cut search
proved. What is derived stays exact where it can: a seat proved to make at
least three tricks can force three whatever its jink; a seat proved to make
t tricks leaves every seat of another side at most the rest (so a proven
three is every other seat's no to three, and to spoil). Without a limit the questions are
asked once each, in the order and with the node counts of ``partial=False``.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from jink.cards import Card
from jink.errors import LimitExceeded
from jink.position import Position
from jink.solver import native
from jink.solver.goals import AtLeast, Goal, Helped, Spoil, spoil_of
from jink.solver.limits import Budget, Limit, QuestionCapped
from jink.solver.search import Search, Tables, equivalent_groups
from jink.solver.spread import settle_spread
from jink.solver.table import DEFAULT_MEMORY_MB, TableStats, TranspositionTable

#: Under a limit (``partial=True``): the node cap of every search in the
#: first round, and how much larger it gets in each round after. Under a node
#: limit the first cap is also at most half the limit shared among the
#: questions (but not below MIN_CAP), so that every question has its try.
FIRST_CAP = 2_000
MIN_CAP = 16
CAP_GROWTH = 4


@dataclass(frozen=True)
class Verdict:
    """What one seat can force from a position (tricks already won count).

    ``answers`` holds the game's questions by name (Spoil Five: three, jink,
    spoil); ``extras`` what the tricks are worth (points, share of the pool).
    An answer the limit stopped is None (only with ``partial=True``), and so
    is ``max_tricks`` when not worked out to the end: ``at_least`` then holds
    the most tricks proved so far, and each extra is None.
    """

    seat: int
    max_tricks: int | None
    answers: tuple[tuple[str, bool | None], ...]
    extras: tuple[tuple[str, object], ...] = ()
    #: When ``max_tricks`` is None: the tricks the seat is proved to make at
    #: least (the tricks it has already won, if nothing more was proved).
    at_least: int | None = None

    def answer(self, name: str) -> bool | None:
        """The answer to the question called ``name`` (None: unknown)."""
        return dict(self.answers)[name]

    @property
    def three(self) -> bool | None:
        return dict(self.answers).get("three", False)

    @property
    def jink(self) -> bool | None:
        return dict(self.answers).get("jink", False)

    @property
    def spoil(self) -> bool | None:
        return dict(self.answers).get("spoil", False)

    @property
    def unknown(self) -> tuple[str, ...]:
        """The names of the answers the limit stopped (``max_tricks``, questions,
        extras); empty when every answer is known."""
        names = ("max_tricks",) if self.max_tricks is None else ()
        return names + tuple(name for name, value in (*self.answers, *self.extras)
                             if value is None)

    @property
    def exact_max_tricks(self) -> int:
        """``max_tricks``, for a verdict the limit did not cut (``ValueError`` if it did)."""
        if self.max_tricks is None:
            raise ValueError(f"seat {self.seat + 1}'s max_tricks is unknown: the limit "
                             "stopped it")
        return self.max_tricks

    def to_dict(self) -> dict[str, object]:
        """The JSON form; an unknown ``max_tricks`` comes with
        ``max_tricks_at_least``, and ``unknown`` lists the answers that are null."""
        out: dict[str, object] = {"seat": self.seat + 1, "max_tricks": self.max_tricks}
        if self.max_tricks is None:
            out["max_tricks_at_least"] = self.at_least
        out.update(self.answers)
        out.update(self.extras)
        if self.unknown:
            out["unknown"] = list(self.unknown)
        return out


def every_side_solved(position: Position, verdicts: list[Verdict]) -> bool:
    """Whether ``verdicts`` hold a seat of every side (every seat, bar partners)."""
    solved = {v.seat for v in verdicts}
    return all(solved & set(side) for side in position.game.sides(position.players))


def forceable(position: Position, verdicts: list[Verdict]) -> bool | None:
    """Whether some seat can force the game's winning question (Spoil Five:
    three tricks), from the verdicts of the seats solved; None for a game
    without one, and None when a seat left out, or an answer the limit
    stopped, might.

    >>> from jink.position import Position
    >>> p = Position.create("spoil-five", "D", ["5D JD AH KC 2S", "9C 8C 7C 6C 4C"])
    >>> forceable(p, [Verdict(0, None, (("three", None),), at_least=2),
    ...               Verdict(1, 0, (("three", False),))]) is None
    True
    >>> forceable(p, [Verdict(0, None, (("three", True),), at_least=3),
    ...               Verdict(1, None, (("three", None),), at_least=0)])
    True
    """
    name = position.game.winning_question
    if name is None:
        return None
    answers = [v.answer(name) for v in verdicts]
    if any(answers):
        return True
    if None in answers:
        return None
    return False if every_side_solved(position, verdicts) else None


@dataclass(frozen=True)
class MoveScore:
    """One legal card of the seat to play, scored for the seat asked about.

    ``max_tricks`` is that seat's value after the card; ``achieves`` whether
    the goal asked about can still be forced; ``equivalent`` the other legal
    cards that are the same card in play (searched once for all).
    """

    card: Card
    max_tricks: int
    achieves: bool
    equivalent: tuple[Card, ...]


@dataclass(frozen=True)
class OpenScore:
    """A legal card whose score the limit stopped (``partial=True`` only):
    the tricks proved so far for the seat asked about (a lower bound), and
    whether the goal can be forced when that is settled (else None)."""

    card: Card
    at_least: int
    achieves: bool | None
    equivalent: tuple[Card, ...]


@dataclass(frozen=True)
class SearchRecord:
    """One search a solver made, as its :attr:`Solver.on_search` hears of it:
    the goal, the side asking, the answer (None: a cap or the limit cut it),
    the nodes and CPU seconds it took, and whether it was the narrow search."""

    goal: Goal
    side: frozenset[int]
    answer: bool | None
    nodes: int
    seconds: float
    narrow: bool = False


class _Ladder:
    """One seat's ``max_tricks``, counted upwards one trick at a time: ``low``
    is proved, and once a rung fails (or every trick is proved) it is exact.

    Upwards, not by halving: most seats take few tricks, and each search leaves
    bounds that make the next one cheap (measured: 9-13% fewer nodes than
    halving at 3 to 5 players).
    """

    #: Answered before the spoils (solver.spread): they read it.
    wave = 0

    def __init__(self, position: Position, side: frozenset[int]) -> None:
        self.position = position
        self.side = side
        self.seat = min(side)
        self.low = sum(position.won[s] for s in side)
        self.high = self.low + position.game.tricks - position.tricks_done
        self.exact = self.low >= self.high

    def done(self) -> bool:
        return self.exact

    def work(self, solver: Solver, cap: int | None) -> None:
        while self.low < self.high:
            if not solver._prove(self.position, self.side, AtLeast(self.low + 1), cap):
                break
            self.low += 1
        self.exact = True

    @property
    def value(self) -> int | None:
        return self.low if self.exact else None

    def assist(self, solver: Solver, stop: Callable[[], bool]) -> bool:
        """Nothing to try beside the ladder's own search (solver.spread)."""
        return False

    def reaches(self, tricks: int) -> bool | None:
        """Whether the seat can force ``tricks`` (None: not known yet)."""
        if self.low >= tricks:
            return True
        return False if self.exact else None


class _Force:
    """Whether one seat can force a goal searched as such (spoil), unless
    ``settled`` (other answers) already says."""

    #: After the seats' tricks, which may settle it (solver.spread).
    wave = 1

    def __init__(self, position: Position, seat: int, goal: Goal,
                 settled: Callable[[], bool | None], aims: bool = True) -> None:
        self.position = position
        self.seat = seat
        self.goal = goal
        self.settled = settled
        self.aims = aims
        self.result: bool | None = None

    def answer(self) -> bool | None:
        known = self.settled()
        return known if known is not None else self.result

    def done(self) -> bool:
        return self.answer() is not None

    def work(self, solver: Solver, cap: int | None) -> None:
        self.result = solver._can_force(self.position, self.seat, self.goal, cap, self.aims)

    def assist(self, solver: Solver, stop: Callable[[], bool]) -> bool:
        """Beside this spoil's own search on another thread (solver.spread):
        the others' single aims on ``solver``, under its :attr:`Solver.assist_caps`,
        until ``stop()``. True where one seat of the others was brought to
        the pool: the spoil fails, and the answer is set."""
        goal = self.goal
        if not isinstance(goal, Spoil) or self.answer() is not None \
                or self.position.players >= solver.assist_below:
            return False
        first, last = solver.assist_caps
        if solver._some_aim(self.position, solver.side_of(self.position, self.seat), goal,
                            first, last, stop):
            self.result = False
            return True
        return False


_Question = _Ladder | _Force

#: The helper solvers of solvers gone (Solver._settle_spread), emptied, for
#: the next solver of the same kind: a new one's memory is the kernel's to
#: map page by page at its first touches, which while another thread of the
#: process searches took a tenth of a nine-seat table's time.
_SPARES: dict[tuple[object, ...], list[Solver]] = {}
#: Each solver with helpers (a weak reference) and its helpers. They are
#: taken back by the next solver wanting some once their solver is gone, not
#: when it is collected: a finalizer runs Python code wherever the collector
#: happens to run, and a Ctrl-C arriving meanwhile would be lost in it.
_HELPED: list[tuple[weakref.ref[Solver], list[Solver], tuple[object, ...]]] = []
_SPARES_LOCK = threading.Lock()


#: The settings of a solver that its helpers take for each spread: how a
#: question is searched, and how a free thread assists one.
_SEARCHED_ALIKE = ("narrow_from", "narrow_from_partition", "probe_from", "probe_caps",
                   "assist_caps", "assist_below")


def _helper_kind(solver: Solver) -> tuple[object, ...]:
    # (and the compiled core in use: a helper's table and rules are its types,
    # and the tests swap in cores built otherwise)
    return (solver.engine, solver.exact, solver.settlers, solver.threads, solver._memory_mb,
            native.core_id())


def _take_back_helpers() -> None:
    """The helpers of solvers gone become spares, of the kind they were made for."""
    with _SPARES_LOCK:
        gone = [(helpers, kind) for owner, helpers, kind in _HELPED if owner() is None]
        _HELPED[:] = [entry for entry in _HELPED if entry[0]() is not None]
    for helpers, kind in gone:
        _keep_helpers(helpers, kind)


def _spare_helpers(solver: Solver) -> list[Solver]:
    """``solver.threads - 1`` helper solvers like ``solver``, spares first
    (those of solvers gone taken back first)."""
    _take_back_helpers()
    kind = _helper_kind(solver)
    with _SPARES_LOCK:
        spares = _SPARES.get(kind, [])
        helpers = spares[:solver.threads - 1]
        del spares[:len(helpers)]
    while len(helpers) < solver.threads - 1:
        helpers.append(Solver(None, solver._memory_mb, solver.engine, exact=solver.exact,
                              settlers=solver.settlers, threads=solver.threads))
    with _SPARES_LOCK:
        _HELPED.append((weakref.ref(solver), helpers, kind))
    return helpers


def _keep_helpers(helpers: list[Solver], kind: tuple[object, ...]) -> None:
    """A solver is gone: its helpers become spares (a kind's first few; the
    kind they were made for, ``kind``), emptied (their tables' entries, their
    searches' rules let go), their memory kept."""
    for helper in helpers:
        helper.start_over()
        helper.on_search = None
    if not helpers:
        return
    with _SPARES_LOCK:
        spares = _SPARES.setdefault(kind, [])
        spares.extend(helpers[:max(0, helpers[0].threads - 1 - len(spares))])


class Solver:
    """Answers questions about positions of one deal, sharing one table.

    A solver is for one thread at a time (each thread makes its own; see
    docs/api.md, "Threads and processes").

    >>> from jink.position import Position
    >>> p = Position.create("spoil-five", "D", ["5D JD AH KC 2S", "9C 8C 7C 6C KD"])
    >>> solver = Solver()
    >>> solver.max_tricks(p, 0), solver.verdict(p, 1).max_tricks
    (5, 0)
    """

    #: From this many players on, a spoil question first asks the narrow search
    #: (see :mod:`jink.solver.search`): it finds the others' way to three much
    #: sooner when there is one, and costs a little when there is not.
    #: Measured: +15% nodes at 4 players, +6% at 5, +1% at 6, -16% at 7.
    narrow_from = 7
    #: The same on the compiled core's partition search (which cannot serve
    #: the narrow search's rank-bound throw-aways): there it no longer pays.
    #: Measured: -5.6% nodes and -9% CPU time without it at 7 players (20
    #: deals), -12.5% and -11% at 8 (10 deals).
    narrow_from_partition = 99
    #: From this many players on, a spoil question tries the others' single
    #: aims first (:meth:`_spoil_probed`), with these node caps: the spoil
    #: search's own try and the aims' first round, and the last round's.
    probe_from = 7
    probe_caps = (1_000, 16_000)
    #: From this many players on, a solver with several threads spreads its
    #: questions over them (:mod:`jink.solver.spread`), each thread answering
    #: questions of its own with a table of its own; below, its threads all
    #: search one proof at a time (Lazy SMP), the questions being short.
    #: Measured against Lazy SMP alone, two threads, interleaved: at 8
    #: players 0.74 and 0.77 of one thread's time against 0.89 and 0.88; at
    #: 7, on the first 100 deals, 1.04 to 1.14 against 1.02 to 1.06 (four
    #: runs; docs/performance.md, "Two threads").
    spread_from = 8
    #: And only with this many tricks left or more: with fewer, a nine- or
    #: ten-seat table takes a few milliseconds at most (150 positions after
    #: two tricks played at random: 0.7 ms the median, 3.8 and 9.9 ms the
    #: slowest), where spreading it cost 0.3 ms a table (a solver asked table
    #: after table, nine seats: with three tricks left 1.08 ms a table on two
    #: threads against 0.72 on one, with two 0.56 against 0.24, with one 0.51
    #: against 0.20). With four left the slowest took 0.15 and 0.65 s.
    spread_left = 4
    #: Whether a thread left without a question lends itself to a proof
    #: under way (else it waits): measured to pay at 8 to 10 players.
    lend_threads = True
    #: A thread left without a question first tries the others' single aims
    #: of a spoil under way (:mod:`jink.solver.spread`), in rounds of these
    #: node caps: most of the costliest spoils of a nine-seat table fail,
    #: and an aim often finds it in a few tens of thousands of nodes (one
    #: deal's table: 1.07 s on one thread, 1.02 s spread, 0.17 s assisted).
    assist_caps = (1_000, 64_000)
    #: From this many players on, it does not: its thread goes straight to
    #: the proof under way, beside the proof-number layer (core/pns.c, from
    #: ten seats), where the costliest spoils hold and no aim answers them
    #: (ten seats, 10 of the slowest deals: 0.676 of one thread's time with
    #: the aims first, 0.645 without).
    assist_below = 10
    #: The seconds a solver answers a full table's questions on its own
    #: before its helpers start (from a timer, whatever it is searching
    #: then): a short table is answered sooner on one thread (nine-seat
    #: tables of two or three tricks left, a few milliseconds each, took 4.8
    #: ms on two threads spread from the start against 1.8 ms on one). Past
    #: that, the sooner the better: 5 ms rather than 20 took the 20 slowest
    #: of 40 nine-seat tables from 0.600 to 0.557 of one thread's time, the
    #: other 20 from 0.764 to 0.707 (docs/performance.md).
    spread_after = 0.005
    #: Whether a worker with no seat's tricks left to take takes the spoils
    #: while the last tricks are searched (else it lends its thread to
    #: them): a long ladder no longer holds the spoils back (ten seats, the
    #: 20 slowest deals: 0.977 and 0.972 of the time; deal 27 1.55 s
    #: against 1.81 s; nine seats even).
    waves_overlap = True

    def __init__(self, limit: Limit | None = None,
                 memory_mb: float = DEFAULT_MEMORY_MB, engine: str | None = None, *,
                 settlers: Iterable[str] | None = None, exact: bool = False,
                 threads: int | None = None) -> None:
        """``settlers``: the compiled core's parts switched on, by name (see
        :data:`jink.solver.native.SETTLERS`: the settlers and ``partition``,
        partition search), with the parts they need (``["relaxed"]``: the
        relaxed game with partition search); None: the process's choice
        (see :func:`jink.solver.native.use_exact`), else all. ``exact``: the
        plain kernel, with no settler and no partition search (each table
        entry one position, each card of a hand searched but for equivalent
        ones), as ``settlers=[]``: slow at big tables, the judge of the
        rest. ``threads``: the threads each proof of the compiled core runs
        on (None: the process's choice, :func:`jink.solver.native.use_threads`,
        else 1): the same answers for any number, sooner on several cores;
        nodes then count every thread's. The Python engine runs on one."""
        #: The engine in use: native or python (``engine``, else JINK_ENGINE,
        #: else native; python when the compiled core is not built).
        self.engine = native.engine_name(engine)
        #: Whether this is the plain kernel (``exact``, or the process's choice).
        self.exact = exact or (settlers is None and native.exact_chosen())
        #: The parts switched on (partition search among them, as "partition").
        self.settlers = frozenset() if self.exact else native.settlers_of(settlers)
        #: The threads each proof runs on (the compiled core's; the Python engine's: 1).
        self.threads = native.threads_chosen() if threads is None else native.check_threads(
            threads)
        self.table: TranspositionTable | native.NativeTable = (
            native.NativeTable(memory_mb, settlers=self.settlers, threads=self.threads)
            if self.engine == "native" else TranspositionTable(memory_mb))
        self.budget = Budget(limit)
        self._memory_mb = memory_mb
        #: Whether questions may be spread over the threads (spread_from):
        #: off where many positions of one deal are asked in turn, each
        #: search feeding the next through the one table (analyse), since
        #: the helpers' tables would split what they learn.
        self.spreads_questions = True
        #: The solvers that answer questions beside this one (spread_from).
        self._helpers: list[Solver] = []
        #: Their tables' look-ups, hits and flushes while they answered this
        #: solver's questions (:meth:`table_stats`).
        self._helpers_did = TableStats()
        #: Told of every search when set (``python -m jink.bench --by-question``).
        self.on_search: Callable[[SearchRecord], None] | None = None
        self._searches: dict[tuple[object, ...], Search | native.NativeSearch] = {}

    @property
    def nodes(self) -> int:
        return self.budget.nodes

    def side_of(self, position: Position, seat: int) -> frozenset[int]:
        """The seats playing together with ``seat`` (just itself in Spoil Five)."""
        for side in position.game.sides(position.players):
            if seat in side:
                return frozenset(side)
        raise ValueError(f"seat {seat + 1} is not in the deal")

    def _search(self, position: Position, side: frozenset[int], goal: Goal,
                narrow: bool = False) -> Search | native.NativeSearch:
        rules = position.rules
        key = (id(rules), position.players, side, goal, narrow)
        search = self._searches.get(key)
        if search is None:
            table = self.table
            if isinstance(table, native.NativeTable):
                search = native.NativeSearch(rules, position.players, position.game.tricks,
                                             side, goal, table, self.budget, narrow)
            else:
                search = Search(rules, position.players, position.game.tricks, side, goal,
                                table, self.budget, narrow, self.settlers)
            self._searches[key] = search
        return search

    def can_force(self, position: Position, seat: int, goal: Goal) -> bool:
        """Whether ``seat`` (with its side) can force ``goal`` from ``position``."""
        return self._can_force(position, seat, goal, None)

    def _can_force(self, position: Position, seat: int, goal: Goal, cap: int | None,
                   aims: bool = True) -> bool:
        """:meth:`can_force` within ``cap`` nodes; ``aims``: a spoil question
        tries the others' single aims first (:meth:`_spoil_probed`)."""
        side = self.side_of(position, seat)
        partition = isinstance(self.table, native.NativeTable) and self.table.partition
        narrow_from = self.narrow_from_partition if partition else self.narrow_from
        if isinstance(goal, Spoil) and position.players >= narrow_from and self.settlers \
                and not self._prove(position, side, goal, cap, narrow=True):
            return False  # the others can, even when restricted
        if isinstance(goal, Spoil) and aims and self.settlers \
                and position.players >= self.probe_from:
            return self._spoil_probed(position, side, goal, cap)
        return self._prove(position, side, goal, cap)

    def _spoil_probed(self, position: Position, side: frozenset[int], goal: Spoil,
                      cap: int | None) -> bool:
        """The spoil question, with the others' single aims tried first.

        The spoil fails as soon as the others can bring any one seat of theirs
        to the pool, and that question (:class:`Helped`, the hand-over's) is
        often far cheaper than the spoil's own search, whose helpers must
        guess which seat to feed: one guess wrong and the proof searches every
        card under it. So after a short try of the spoil search itself, each
        seat that can still reach the pool is asked under a node cap, in
        rounds of growing caps (:attr:`probe_caps`); the first that reaches it
        answers no, one that cannot is dropped, and what is left is the spoil
        search, uncapped. Every answer is exact, so the verdict is the spoil
        search's; only its cost changes. Within ``cap`` nodes in all.
        """
        first, last = self.probe_caps
        with self.budget.capped(cap):
            try:
                return self._prove(position, side, goal, first)
            except QuestionCapped:
                if self.budget.cap_passed():
                    raise  # (``cap`` itself)
            if self._some_aim(position, side, goal, first, last):
                return False
            return self._prove(position, side, goal, None)

    def _some_aim(self, position: Position, side: frozenset[int], goal: Spoil, first: int,
                  last: int, stop: Callable[[], bool] = lambda: False) -> bool:
        """Whether the others can bring one seat of theirs to the pool (then
        ``side`` cannot spoil), each seat that still can reach it asked in
        rounds of caps from ``first`` to ``last`` nodes, until one does (True)
        or none is left to ask, or the caps or ``stop()`` end the rounds
        (False: not known; the others may still reach the pool together,
        choosing the seat as the play goes)."""
        others = frozenset(range(position.players)) - side
        remaining = position.game.tricks - position.tricks_done
        aims = [seat for seat in sorted(others) if position.won[seat] + remaining >= goal.pool]
        width = first
        while aims and width <= last:
            for seat in list(aims):
                if stop():
                    return False
                try:
                    if self._prove(position, others, Helped(seat, goal.pool), width):
                        return True
                    aims.remove(seat)
                except QuestionCapped:
                    if self.budget.cap_passed():
                        raise
            width *= CAP_GROWTH
        return False

    def _prove(self, position: Position, side: frozenset[int], goal: Goal, cap: int | None,
               narrow: bool = False) -> bool:
        """One search; past ``cap`` more nodes, :class:`QuestionCapped`."""
        # The clock is read only for an observer (bench --by-question).
        nodes = self.budget.nodes
        started = time.process_time() if self.on_search is not None else 0.0
        answer: bool | None = None
        try:
            with self.budget.capped(cap):
                answer = self._search(position, side, goal, narrow).prove(
                    position.hands, position.leader, position.trick, position.won,
                    position.rules)
            return answer
        finally:
            if self.on_search is not None:
                self.on_search(SearchRecord(goal, side, answer, self.budget.nodes - nodes,
                                            time.process_time() - started, narrow))

    def max_tricks(self, position: Position, seat: int) -> int:
        """The most tricks ``seat``'s side can be sure to end the deal with."""
        ladder = _Ladder(position, self.side_of(position, seat))
        ladder.work(self, None)
        return ladder.low

    def _settle(self, questions: Sequence[_Question], partial: bool) -> None:
        """Answer ``questions`` in order. Not ``partial`` (or with no limit):
        each once, to the end, past the limit :class:`LimitExceeded`. Else in
        rounds of growing caps, until every one is answered or the limit is
        reached: those left open are unknown."""
        cap = self._first_cap(len(questions)) if partial else None
        if cap is None and self._spreads(questions):
            self._settle_spread(questions)
            return
        while True:
            for question in questions:
                if question.done():
                    continue
                if cap is not None and self.budget.exhausted():
                    return
                try:
                    question.work(self, cap)
                except QuestionCapped:
                    continue  # open, for the next round
                except LimitExceeded:
                    if cap is None:
                        raise
                    return
            if cap is None or all(q.done() for q in questions):
                return
            cap *= CAP_GROWTH

    def _spreads(self, questions: Sequence[_Question]) -> bool:
        """Whether ``questions`` are spread over the threads (spread_from,
        spread_left): on the compiled core, without a node limit (which counts
        the nodes in one order), when two or more are open."""
        table = self.table
        return (self.spreads_questions and self.threads > 1
                and isinstance(table, native.NativeTable) and table.lends
                and self.budget.limit.nodes is None
                and any(q.position.players >= self.spread_from
                        and q.position.game.tricks - q.position.tricks_done >= self.spread_left
                        for q in questions)
                and sum(not q.done() for q in questions) >= 2)

    def _settle_spread(self, questions: Sequence[_Question]) -> None:
        """Answer ``questions`` on this solver and its helpers, one thread
        each (:func:`~jink.solver.spread.settle_spread`), under this solver's
        limit; their nodes are added to this solver's."""
        if not self._helpers:
            self._helpers = _spare_helpers(self)
        for helper in self._helpers:
            helper.budget = Budget(self.budget.limit)
            helper.budget.started = self.budget.started  # (one clock for the limit)
            helper.on_search = self.on_search
            # (a question searched by a helper is searched as this solver would)
            for name in _SEARCHED_ALIKE:
                setattr(helper, name, getattr(self, name))
        # (a helper's counters run on from solver to solver: the change is this one's)
        before = [helper.table.snapshot() for helper in self._helpers]
        try:
            settle_spread([self, *self._helpers], questions, lend=self.lend_threads,
                          after=self.spread_after, overlap=self.waves_overlap)
        finally:
            self.budget.nodes += sum(helper.budget.nodes for helper in self._helpers)
            did = self._helpers_did
            for helper, was in zip(self._helpers, before, strict=True):
                now = helper.table.snapshot()
                did.lookups += now.lookups - was.lookups
                did.hits += now.hits - was.hits
                did.flushes += now.flushes - was.flushes

    def start_over(self, limit: Limit | None = None) -> None:
        """Forget every answer and start a new budget under ``limit``: the
        same answers and nodes as a new solver's, without its memory mapped
        afresh (the compiled core's table emptied, kept at its size)."""
        if isinstance(self.table, native.NativeTable):
            self.table.empty()
        else:
            self.table = TranspositionTable(self._memory_mb)
        self._searches.clear()
        self.budget = Budget(limit)
        for helper in self._helpers:
            helper.start_over()

    def table_stats(self) -> TableStats:
        """What the tables did for this solver: its own table's, and where its
        questions were spread over threads (:attr:`spread_from`), its helpers'
        too: their entries and room now, and their look-ups, hits and flushes
        while they answered this solver's questions."""
        stats = replace(self.table.snapshot())
        for helper in self._helpers:
            theirs = helper.table.snapshot()
            stats.entries += theirs.entries
            stats.cap_entries += theirs.cap_entries
        stats.lookups += self._helpers_did.lookups
        stats.hits += self._helpers_did.hits
        stats.flushes += self._helpers_did.flushes
        return stats

    def native_table(self) -> native.NativeTable:
        """The compiled core's table (only where :attr:`engine` is native)."""
        assert isinstance(self.table, native.NativeTable)
        return self.table

    def _first_cap(self, questions: int) -> int | None:
        """The first round's cap for ``questions`` (None: no limit, no caps)."""
        limit = self.budget.limit
        if limit.unlimited:
            return None
        if limit.nodes is None:
            return FIRST_CAP
        share = (limit.nodes - self.budget.nodes) // (2 * max(1, questions))
        return max(MIN_CAP, min(FIRST_CAP, share))

    def verdict(self, position: Position, seat: int) -> Verdict:
        """``max_tricks`` and the game's questions for one seat."""
        return self.verdicts(position, [seat])[0]

    def verdicts(self, position: Position, seats: list[int] | None = None, *,
                 partial: bool = False) -> list[Verdict]:
        """The verdicts of ``seats`` (default every seat).

        Every seat's ``max_tricks`` comes first: a seat that can force three
        against everybody settles the spoil question of every other seat (the
        others cannot stop it), so those spoil searches are never made. Only
        the seats asked about are used for this. With ``partial``, the answers
        the limit stops are None (see the module's docstring).
        """
        return self.verdicts_of([position], seats, partial=partial)[0]

    def verdicts_of(self, positions: Sequence[Position], seats: list[int] | None = None, *,
                    partial: bool = False) -> list[list[Verdict]]:
        """:meth:`verdicts` of several positions (of one deal) at once: with
        ``partial`` under a limit, every position's cheap questions are
        answered before any position's hard ones."""
        ladders: list[dict[int, _Ladder]] = []
        spoils: list[dict[int, _Force]] = []
        for position in positions:
            asked = list(range(position.players)) if seats is None else seats
            rungs = {seat: _Ladder(position, self.side_of(position, seat)) for seat in asked}
            ladders.append(rungs)
            searched = any(q.tricks is None for q in position.game.questions(position.players))
            spoil = spoil_of(position.game) if searched else None
            # (No aims first in verdicts: they cost more than they save
            # there, measured; solver.md, "The others' aims first".)
            spoils.append({seat: _Force(position, seat, spoil,
                                        self._spoil_settled(rungs, seat, spoil.pool), aims=False)
                           for seat in asked} if spoil is not None else {})
        self._settle([*(q for rungs in ladders for q in rungs.values()),
                      *(q for forces in spoils for q in forces.values())], partial)
        return [self._verdicts(position, rungs, forces)
                for position, rungs, forces in zip(positions, ladders, spoils, strict=True)]

    @staticmethod
    def _spoil_settled(rungs: dict[int, _Ladder], seat: int,
                       pool: int) -> Callable[[], bool | None]:
        """A seat's spoil as the seats' tricks settle it: yes when it can force
        the pool itself, no when a seat of another side can; else not yet."""
        def settled() -> bool | None:
            if rungs[seat].low >= pool:
                return True
            side = rungs[seat].side
            if any(s not in side and r.low >= pool for s, r in rungs.items()):
                return False
            return None
        return settled

    def _verdicts(self, position: Position, rungs: dict[int, _Ladder],
                  forces: dict[int, _Force]) -> list[Verdict]:
        game = position.game
        result = []
        for seat, ladder in rungs.items():
            # A seat of another side proved to make t tricks leaves this one at
            # most the rest: it can play so whatever this side does. (Without
            # a limit every ladder is exact and this changes nothing.)
            most = min([ladder.high] + [game.tricks - r.low for s, r in rungs.items()
                                        if s not in ladder.side])
            if not ladder.exact and ladder.low >= most:
                ladder.exact = True
            answers: list[tuple[str, bool | None]] = []
            for question in game.questions(position.players):
                if question.tricks is not None:
                    reached = ladder.reaches(question.tricks)
                    if reached is None and most < question.tricks:
                        reached = False
                    answers.append((question.name, reached))
                else:
                    answers.append((question.name, forces[seat].answer()))
            worth = game.extras(ladder.low, position.players, position.options)
            if ladder.exact:
                result.append(Verdict(seat, ladder.low, tuple(answers), tuple(worth.items())))
            else:
                result.append(Verdict(seat, None, tuple(answers),
                                      tuple((name, None) for name in worth), ladder.low))
        return result

    def achieves(self, position: Position, seat: int, goal: Goal, most: int) -> bool:
        """Whether ``goal`` is forceable, given ``most`` = max_tricks already known."""
        if isinstance(goal, AtLeast):
            return most >= goal.k
        return (isinstance(goal, Spoil) and most >= goal.pool) \
            or self.can_force(position, seat, goal)

    def score_moves(self, position: Position, seat: int, goal: Goal) -> list[MoveScore]:
        """Every legal card of the seat to play, scored for ``seat`` and ``goal``.

        Equivalent cards are searched once and each listed with the same score.
        """
        scores = self.score_moves_anytime(position, seat, goal, partial=False)
        return [s for s in scores if isinstance(s, MoveScore)]

    def score_moves_anytime(self, position: Position, seat: int, goal: Goal, *,
                            partial: bool = True) -> list[MoveScore | OpenScore]:
        """:meth:`score_moves`, in which a card whose score the limit stopped is
        an :class:`OpenScore` (with ``partial``; cheap cards first, as for the
        verdicts)."""
        rules = position.rules
        tables = Tables.of(rules)
        live = 0
        for hand in position.hands:
            live |= hand
        for card in position.trick:
            live |= 1 << card
        side = self.side_of(position, seat)
        groups: list[tuple[list[Card], _Ladder, _Force | None]] = []
        for group in equivalent_groups(tables, position.legal_moves(), live):
            after = position.play(group[0])
            ladder = _Ladder(after, side)
            groups.append((group, ladder, self._achieving(after, seat, goal, ladder)))
        # Each card's tricks, then its goal: the order score_moves always had.
        self._settle([q for _, ladder, force in groups
                      for q in ((ladder,) if force is None else (ladder, force))], partial)
        scores: list[MoveScore | OpenScore] = []
        for group, ladder, force in groups:
            if force is not None:
                good = force.answer()
            else:
                assert isinstance(goal, AtLeast)  # see _achieving
                good = ladder.reaches(goal.k)
            for card in group:
                others = tuple(c for c in group if c != card)
                if ladder.exact and good is not None:
                    scores.append(MoveScore(card, ladder.low, good, others))
                else:
                    scores.append(OpenScore(card, ladder.low, good, others))
        return scores

    @staticmethod
    def _achieving(after: Position, seat: int, goal: Goal, ladder: _Ladder) -> _Force | None:
        """The search whether ``goal`` is forceable after a card, if the card's
        tricks do not answer it: they do for an at-least goal; for any other,
        the pool's tricks settle a spoil (as :meth:`achieves`)."""
        if isinstance(goal, AtLeast):
            return None
        pool = goal.pool if isinstance(goal, Spoil) else None

        def settled() -> bool | None:
            return True if pool is not None and ladder.low >= pool else None
        return _Force(after, seat, goal, settled)

"""One solver's questions spread over its threads.

A full table at nine or ten seats is a score of proofs, one a question (each
seat's tricks, and each seat's spoil: those are nearly all the time), and
most of its time is in a few of them. Lazy SMP (the compiled core's
``threads.c``) puts every thread on one proof at a time, where the threads
search much the same tree; here each thread takes a question of its own.

:func:`settle_spread` gives each worker (the solver, and helper solvers with
tables of their own) the questions of its own seats, in order, and one out
of them the last of another's. A worker that finds none left first assists
a question still being searched (its ``assist``: a spoil's others' single
aims), and where that answers it, halts its search; then it lends its
thread to a worker still searching, whose proof starts a Lazy SMP helper at
its next check: the last, longest proof still runs on every thread. Every
answer is exact whoever finds it, so the verdicts are one thread's; only
the nodes (every worker's) differ.

Questions come in waves (their ``wave``): no question of a wave is taken
while one of an earlier wave is left to take, as a seat's spoil can be
settled by the seats' tricks (the first wave). A worker that finds none
left in a wave takes the next wave's while the wave's last are still
searched; a question that an answer then settles has its search stopped.

A worker that fails (a limit, Ctrl-C) halts the others' proofs
(:meth:`~jink.solver.native.NativeTable.halt`), and its error is raised once
all have stopped.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

from jink.solver.limits import Halted
from jink.solver.native import NativeTable


class Worker(Protocol):
    """A solver answering questions (:class:`jink.solver.solver.Solver`)."""

    #: The threads each of its proofs may run on.
    threads: int

    def native_table(self) -> NativeTable: ...


class Question(Protocol):
    """A question of a solver (``solver._Ladder``, ``solver._Force``)."""

    #: Questions of a lower wave are answered first.
    wave: int
    #: The seat asking (the first of its side): a worker's own questions.
    seat: int

    def done(self) -> bool: ...

    def work(self, solver: Any, cap: int | None) -> None:
        """Answer the question on ``solver`` (a :class:`Worker`)."""

    def assist(self, solver: Any, stop: Callable[[], bool]) -> bool:
        """Beside its own search on another worker, try to answer it on
        ``solver`` another way until ``stop()``: whether that answered it."""


def settle_spread(workers: Sequence[Worker], questions: Sequence[Question],
                  lend: bool = True, after: float = 0.0, overlap: bool = True) -> None:
    """Answer ``questions`` wave by wave, each wave's spread over ``workers``
    (the first is the solver asking; each has a native table of its own).
    ``lend``: a worker left without a question lends its thread to a proof
    under way (else it waits). ``after``: the seconds the first worker
    answers a wave alone before the others start (short questions are
    answered sooner on one thread, as below). ``overlap``: a worker that
    finds nothing left to take in a wave takes the next wave's questions
    while the wave's last are searched (else it lends its thread to them)."""
    started = time.perf_counter()
    waves = [[q for q in questions if q.wave == wave and not q.done()]
             for wave in sorted({q.wave for q in questions})]
    for part in ([waves] if overlap else [[wave] for wave in waves]):
        _spread(workers, part, lend, started + after)


def _spread(workers: Sequence[Worker], waves: list[list[Question]], lend: bool,
            start_at: float) -> None:
    crew = workers[:sum(map(len, waves))]
    if len(crew) < 2:
        for question in (q for wave in waves for q in wave):
            if not question.done():
                question.work(workers[0], None)
        return
    # Each worker has the questions of its own seats (seat by seat, position
    # after position: a seat's questions find its earlier searches in that
    # worker's table), and once out of them takes the last of another's;
    # a wave's before the next's.
    queues: list[list[deque[Question]]] = [[deque() for _ in crew] for _ in waves]
    for wave, queued in zip(waves, queues, strict=True):
        for question in wave:
            queued[question.seat % len(crew)].append(question)
    lock = threading.Lock()
    searching = [0]  # (the workers started and not yet done)
    begun = [False]
    over = [False]  # (the first worker is done: the others start no more)
    lent = [1] * len(crew)
    errors: list[BaseException] = []
    working: dict[int, Question] = {}  # (each worker's question under way)
    helping: dict[int, Question] = {}  # (a worker assisting another: its question)
    assisted: set[int] = set()  # (the questions assisted, by id: each once)
    threads = [threading.Thread(target=lambda k=k: run(k), name=f"jink-question-{k}",
                                daemon=True) for k in range(1, len(crew))]

    def halt_all() -> None:
        for worker in crew:
            worker.native_table().halt(True)

    def take(k: int) -> Question | None:
        """Worker ``k``'s next question (its own, or the last of another's),
        now under way; None when none is left."""
        with lock:
            for queued in queues:
                while True:
                    if queued[k]:
                        question: Question | None = queued[k].popleft()
                    else:
                        most = max(queued, key=len)
                        question = most.pop() if most else None
                    if question is None or not question.done():
                        break
                if question is not None:
                    working[k] = question  # (with the taking: see to_assist)
                    return question
            return None

    def to_assist(k: int) -> Question | None:
        """A question under way on another worker that no worker assists yet,
        now assisted by ``k``; None where there is none."""
        with lock:
            for j, question in working.items():
                if j != k and id(question) not in assisted:
                    assisted.add(id(question))
                    helping[k] = question
                    return question
            return None

    def finished(k: int, entries: dict[int, Question]) -> None:
        """Worker ``k`` is done with its entry in ``entries`` (``working`` or
        ``helping``); every worker whose question, its own or the one it
        assists, is answered now stops searching it."""
        with lock:
            del entries[k]
            for j, question in [*working.items(), *helping.items()]:
                if question.done():
                    crew[j].native_table().halt(True)
        if not errors:
            crew[k].native_table().halt(False)

    def begin() -> None:
        """The other workers start (at ``start_at``, from a timer: the first
        worker may be in a long proof by then)."""
        with lock:
            if begun[0] or errors or over[0]:
                return
            begun[0] = True
            searching.extend(range(1, len(crew)))
            for thread in threads:
                thread.start()

    def answer(k: int, question: Question) -> None:
        """Worker ``k`` searches ``question`` (under way since it took it):
        stopped (Halted) where another worker answered it first. Its answer
        stops the searches it settles (its assistant's, and those of
        questions it settles)."""
        try:
            with _answered_elsewhere(question):
                question.work(crew[k], None)
        finally:
            finished(k, working)

    def assist(k: int, question: Question) -> None:
        """Worker ``k`` assists ``question``, under way on another worker;
        where that answers it, that worker's search stops."""
        try:
            with _answered_elsewhere(question):
                question.assist(crew[k], lambda: question.done() or bool(errors))
        finally:
            finished(k, helping)

    def run(k: int) -> None:
        try:
            while not errors:
                question = take(k)
                if question is None:
                    break
                answer(k, question)
            job = to_assist(k) if begun[0] and not errors else None
            if job is not None:
                assist(k, job)
        except BaseException as error:  # (Ctrl-C too: the others must stop)
            with lock:
                errors.append(error)
            halt_all()
        finally:
            with lock:
                searching.remove(k)
                # This thread is free: the worker searching with the fewest
                # threads takes it for its proof (threads.c starts the helper).
                # (one searching its own question, not assisting another's)
                if lend and searching and not errors:
                    j = min([j for j in searching if j in working] or searching,
                            key=lent.__getitem__)
                    if lent[j] < crew[j].threads:
                        lent[j] += 1
                        crew[j].native_table().lend(lent[j])

    # Each proof on one thread, until a worker is free to lend its own.
    for worker in crew:
        worker.native_table().lend(1)
    starter = threading.Timer(max(0.0, start_at - time.perf_counter()), begin)
    starter.daemon = True
    starter.start()
    try:
        try:
            run(0)
        finally:
            with lock:
                over[0] = True  # (the others start no more)
            starter.cancel()
            starter.join()
        for thread in threads:
            if thread.ident is not None:
                thread.join()
    except BaseException:  # (Ctrl-C while waiting for the others)
        halt_all()
        for thread in threads:
            if thread.ident is not None:
                thread.join()
        raise
    finally:
        for worker in crew:
            worker.native_table().halt(False)
            worker.native_table().lend(worker.threads)
        threads.clear()  # (a thread not started holds run, which holds the crew)
    if errors:
        # The first error that was not another's halt is the cause.
        raise next((e for e in errors if not isinstance(e, Halted)), errors[0])


@contextmanager
def _answered_elsewhere(question: Question) -> Iterator[None]:
    """A search of ``question`` halted (:class:`Halted`) because another
    worker answered it ends quietly; halted for any other cause, it raises."""
    try:
        yield
    except Halted:
        if not question.done():
            raise

"""``jink batch``: a research run, every deal's result stored in SQLite as it completes."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)

from jink.batch.local import Outcome, run_local
from jink.batch.signals import terminate_as_interrupt
from jink.batch.store import Store
from jink.batch.work import Question, Run
from jink.cli.common import (
    MOST_DEALS,
    MOST_PLAYERS,
    MOST_WORKERS,
    EngineOpt,
    ExactOpt,
    MaxNodesOpt,
    MaxSecondsOpt,
    MemoryOpt,
    ThreadsOpt,
    check_seats,
    epilog,
    fail,
    fresh_seed,
    game_option,
    handle_errors,
    output_path,
    parse_seats,
    print_json,
    say_seed,
    search_options,
    seats_option,
    seed_option,
    trump_option,
    turnup_option,
)
from jink.cli.deal import build_constraints
from jink.errors import ParseError
from jink.formats.files import read
from jink.solver.goals import parse_goal
from jink.solver.native import cores_available
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.words import plural

EPILOG = epilog(
    "jink batch --players 4 --deals 10000 --seed 1 --db four.db",
    "jink batch --constraints hands.toml --deals 1000 --seed 7 --db held.db --seats 1",
    "jink batch --positions deals.jsonl --db deals.db --workers 1",
    "jink batch --players 5 --deals 100000 --seed 2 --db five.db --cluster local:2",
    "jink batch --players 5 --deals 100000 --seed 2 --db five.db --scheduler tcp://host:8786",
    note="""\
Each deal's result is stored as it completes: a table results (deal, position,
verdicts, nodes, seconds, engine) and a table run (the arguments). Killed at
any moment (Ctrl-C, kill -9), the same command resumes where it stopped and
solves no deal twice; a rerun with other arguments is refused (--deals may
grow). Deal k depends only on the seed and k. Summaries: jink stats DB.
--scheduler and --cluster need Dask: pip install 'jink[cluster]'.""")

RUN_PANEL = "Running"
DEAL_PANEL = "Dealing (or --positions)"
GameOpt = Annotated[str | None, game_option(DEAL_PANEL)]
TrumpOpt = Annotated[str | None, trump_option(DEAL_PANEL)]
TurnupOpt = Annotated[str | None, turnup_option(DEAL_PANEL)]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="NAME=VALUE",
    help="A rule option, name=true or name=false (repeatable; see jink rules GAME).",
    rich_help_panel=DEAL_PANEL, show_default=False)]
JsonOpt = Annotated[bool, typer.Option(
    "--json", help="Print what the run did as one JSON line on stdout, not a sentence.")]
DbOpt = Annotated[Path, typer.Option(
    "--db", metavar="FILE", parser=output_path,
    help="The SQLite database of the run: made if new, resumed if "
    "it holds this run.", show_default=False)]
DealsOpt = Annotated[int | None, typer.Option(
    "--deals", metavar="N", help="How many deals to deal and solve.", min=1, max=MOST_DEALS,
    rich_help_panel=DEAL_PANEL, show_default=False)]
SeedOpt = Annotated[int | None, seed_option(
    "deals", "printed on stderr (a resumed run keeps its seed)")]
PlayersOpt = Annotated[int | None, typer.Option(
    "--players", "-n", metavar="N", help="How many seats.", rich_help_panel=DEAL_PANEL, min=1,
    max=MOST_PLAYERS,
    show_default=False)]
ConstraintsOpt = Annotated[Path | None, typer.Option(
    "--constraints", "-c", metavar="FILE",
    help="A constraints file (TOML), as jink deal reads: see docs/dealing.md.",
    rich_help_panel=DEAL_PANEL, show_default=False)]
PositionsOpt = Annotated[Path | None, typer.Option(
    "--positions", metavar="FILE",
    help="Solve the positions of this file (JSON lines, or TOML for one) instead of "
         "dealing.", show_default=False)]
SeatsOpt = Annotated[str | None, typer.Option(
    "--seats", metavar="SEATS", callback=seats_option,
    help='Verdicts for these seats only ("1,3"); default every seat.', show_default=False)]
GoalOpt = Annotated[str | None, typer.Option(
    "--goal", metavar="GOAL",
    help="The question named in each result (three, jink, spoil, odd_trick, ... or a "
         "number of tricks); default: the game's main question.", show_default=False)]
WorkersOpt = Annotated[int | None, typer.Option(
    "--workers", "-w", metavar="N", min=1, max=MOST_WORKERS,
    help="Local processes solving at once; default: one per core (the cores divided "
         "by --threads, when given). 1 solves in this process.",
    rich_help_panel=RUN_PANEL, show_default=False)]
ChunkOpt = Annotated[int | None, typer.Option(
    "--chunk", metavar="N", min=1, max=MOST_DEALS,
    help="Deals sent to a worker at a time; default: chosen from the deals and workers.",
    rich_help_panel=RUN_PANEL, show_default=False)]
SchedulerOpt = Annotated[str | None, typer.Option(
    "--scheduler", metavar="ADDRESS",
    help="Run on this Dask distributed scheduler (tcp://host:8786).",
    rich_help_panel=RUN_PANEL, show_default=False)]
ClusterOpt = Annotated[str | None, typer.Option(
    "--cluster", metavar="local:N",
    help="Start a local Dask cluster of N worker processes and run on it.",
    rich_help_panel=RUN_PANEL, show_default=False)]


def batch_command(
    db: DbOpt,
    deals: DealsOpt = None,
    seed: SeedOpt = None,
    game: GameOpt = None,
    players: PlayersOpt = None,
    trump: TrumpOpt = None,
    turnup: TurnupOpt = None,
    option: OptionOpt = None,
    constraints: ConstraintsOpt = None,
    positions: PositionsOpt = None,
    seats: SeatsOpt = None,
    goal: GoalOpt = None,
    max_seconds: MaxSecondsOpt = None,
    max_nodes: MaxNodesOpt = None,
    memory: MemoryOpt = DEFAULT_MEMORY_MB,
    engine: EngineOpt = None,
    exact: ExactOpt = False,
    threads: ThreadsOpt = None,
    workers: WorkersOpt = None,
    chunk: ChunkOpt = None,
    scheduler: SchedulerOpt = None,
    cluster: ClusterOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """Solve many deals, storing each result in an SQLite database as it completes.

    Deals --deals deals (any game and table size, under --constraints if
    given) or reads them from --positions, solves every seat's verdicts for
    each, in parallel over the local cores or on a Dask cluster, and stores
    them in --db. A run killed part-way resumes when run again.
    """
    search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
    with handle_errors():
        if scheduler is not None and cluster is not None:
            raise typer.BadParameter("give --scheduler or --cluster, not both",
                                     param_hint="--cluster")
        local_n = _local_cluster(cluster)
        if scheduler is not None or local_n is not None:
            from jink.batch.cluster import distributed_module

            distributed_module()   # installed? said before anything is made
        if scheduler is not None:
            from distributed.comm.addressing import get_address_host_port

            try:  # (a value that is no address at all: before any seed is drawn)
                get_address_host_port(scheduler)
            except ValueError as error:
                raise typer.BadParameter(f"not a scheduler's address: {scheduler!r} "
                                         f"({error})", param_hint="--scheduler") from None
        if workers is not None and (scheduler is not None or cluster is not None):
            raise typer.BadParameter("--workers is for local processes; the cluster has "
                                     "its own", param_hint="--workers")
        solved = parse_seats(seats) if seats is not None else None
        if scheduler is not None or local_n is not None:
            per_worker = threads or 1  # (a cluster's workers have cores of their own)
        else:
            workers, per_worker = share_cores(workers, threads, cores_available())
        question = Question(None if solved is None else tuple(s - 1 for s in solved), goal,
                            search.limit.nodes, search.limit.seconds, search.memory_mb,
                            search.engine, search.exact, per_worker)
        drawn: int | None = None
        if positions is not None:
            given = [name for name, value in (
                ("--deals", deals), ("--seed", seed), ("--game", game),
                ("--players", players), ("--trump", trump), ("--turnup", turnup),
                ("--option", option), ("--constraints", constraints)) if value is not None]
            if given:
                raise typer.BadParameter(f"--positions takes no {', '.join(given)}",
                                         param_hint="--positions")
            found = read(positions)
            if not found:
                raise ParseError("no positions: the file is empty", str(positions))
            run = Run.from_positions(found, question)
            tables = {p.position.players for p in found}
            games = {(p.position.game, p.position.players) for p in found}
        else:
            if deals is None:
                raise typer.BadParameter("give how many deals (or --positions FILE)",
                                         param_hint="--deals")
            spec = build_constraints(constraints, game, players, trump, turnup, None, None,
                                     None, option)
            if seed is None and db.exists() and db.stat().st_size:
                seed = _stored_seed(db)
            drawn = fresh_seed(seed)
            run = Run(deals, question, constraints=spec, seed=drawn)
            # The seats of each position (six at a Rams table: five are dealt).
            tables = {spec.in_play}
            games = {(spec.game, spec.in_play)}
        for table in tables:
            check_seats(solved or [], table)
        if goal is not None:  # (a goal no deal has: said before the database is touched)
            for game_of, table in games:
                parse_goal(goal, game_of.tricks, game_of.questions(table), game_of.pool)
        store, resumed = Store.create_or_resume(db, run.arguments())
        try:
            if seed is None and drawn is not None:
                say_seed(drawn)
            with terminate_as_interrupt():
                outcome = _run(run, store, workers, chunk, scheduler, local_n)
        finally:
            store.close()
        report(outcome, db, resumed, json_output)


def share_cores(workers: int | None, threads: int | None, cores: int) -> tuple[int, int]:
    """The local workers and each one's threads (``--workers``, ``--threads``;
    None: not given), sharing ``cores``: workers × threads at most the cores,
    but for one worker (it solves in this process, as ``jink solve`` does, on
    the threads asked for).

    >>> share_cores(None, None, 8)  # a worker a core, one thread each
    (8, 1)
    >>> share_cores(2, None, 8), share_cores(None, 4, 8), share_cores(3, None, 8)
    ((2, 4), (2, 4), (3, 2))
    >>> share_cores(1, 16, 8)
    (1, 16)
    """
    if workers is None:
        workers = max(1, cores // (threads or 1))
    if threads is None:
        threads = max(1, cores // workers)
    elif workers > 1 and workers * threads > cores:
        raise typer.BadParameter(
            f"--workers {workers} with --threads {threads} asks for {workers * threads} "
            f"cores; {cores} {'is' if cores == 1 else 'are'} available", param_hint="--threads")
    return workers, threads


def _local_cluster(cluster: str | None) -> int | None:
    """N from ``--cluster local:N``."""
    if cluster is None:
        return None
    kind, _, count = cluster.partition(":")
    if kind != "local" or not count.isdigit() or int(count) < 1:
        raise typer.BadParameter(f"expected local:N (N workers, at least 1), not {cluster!r}",
                                 param_hint="--cluster")
    return int(count)


def _stored_seed(db: Path) -> int | None:
    """The seed of the run a database holds, so a rerun without --seed resumes it."""
    store = Store.open(db)
    try:
        seed = store.arguments().get("seed")
    finally:
        store.close()
    return seed if isinstance(seed, int) else None


def _run(run: Run, store: Store, workers: int | None, chunk: int | None,
         scheduler: str | None, local_n: int | None) -> Outcome:
    err = Console(stderr=True, highlight=False)
    columns = (TextColumn("solving deals"), BarColumn(), MofNCompleteColumn(),
               TaskProgressColumn(), TextColumn("{task.fields[rate]}"), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True,
                  disable=not err.is_terminal) as bar:
        task = bar.add_task("deals", total=run.deals, rate="")
        first: list[int] = []

        def advance(done: int, total: int) -> None:
            if not first:
                first.append(done)
            elapsed = bar.tasks[0].elapsed or 0.0
            rate = f"{(done - first[0]) / elapsed:.1f} deals/s" if elapsed else ""
            bar.update(task, completed=done, total=total, rate=rate)

        if scheduler is not None or local_n is not None:
            from jink.batch.cluster import run_dask

            return run_dask(run, store, scheduler=scheduler, local_workers=local_n,
                            chunk=chunk, progress=advance)
        return run_local(run, store, workers or 1, chunk, advance)


def report(outcome: Outcome, db: Path, resumed: bool, json_output: bool) -> None:
    """One line for people on stderr, or the outcome as JSON on stdout; an
    interrupted run is reported too, then fails."""
    if json_output:
        print_json({"db": str(db), "resumed": resumed, **outcome.to_dict()})
        if outcome.interrupted:
            fail(f"interrupted: {db} holds {outcome.already + outcome.solved} of "
                 f"{outcome.deals}; run the same command again to go on")
        return
    rate = (f", {outcome.solved / outcome.seconds:.1f} deals/s" if outcome.seconds
            and outcome.solved else "")
    already = f" ({outcome.already} already stored)" if resumed else ""
    Console(highlight=False).print(
        f"{plural(outcome.solved, 'deal')} solved in {outcome.seconds:.1f} s{rate}{already}; "
        f"{db} holds {outcome.already + outcome.solved} of {outcome.deals}.", markup=False)
    if outcome.interrupted:
        fail("interrupted: run the same command again to go on")

"""``jink study``: walk a position at a plain prompt, every legal card scored.

The prompt reads one command a line, from a person or from a script on
stdin: a card to play it, ``undo``, ``back N``, ``best``, ``seat N``,
``goal NAME``, ``help``, ``quit`` (the end of input quits too). A command
that cannot be done is one red line on stderr and the prompt goes on; when
the commands come from a script, the exit status is then 1, so the script's
caller sees it.
"""

from __future__ import annotations

import sys

import typer
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.text import Text

from jink.analysis.line import LineStep
from jink.analysis.solve import SolveResult
from jink.cards import card_markup, card_name, parse_card, with_symbols
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
    check_seats,
    epilog,
    fail,
    handle_errors,
    positions_from_cli,
    print_json,
    print_sections,
    search_options,
    stdout,
    takes_position,
)
from jink.cli.render import deal_diagram, names_markup
from jink.cli.solve import GoalOpt, SeatOpt
from jink.cli.solve_render import line_table, moves_table
from jink.errors import JinkError, LimitExceeded
from jink.formats.files import position_to_dict
from jink.solver import MoveScore
from jink.solver.table import DEFAULT_MEMORY_MB
from jink.study.study import Study, StudyError

EPILOG = epilog(
    "jink study --example renege",
    "jink study deal.toml --seat 2 --goal spoil",
    "printf '8S\\n7S\\nbest\\n' | jink study --example      (a script on stdin)",
    "printf '8S\\nbest\\n' | jink study --example --json    (one JSON object a step)",
    note="""\
At the prompt:

  8S        play a card (for whichever seat is to play)
  undo      take back the last card
  back N    go back to the start of trick N
  best      the best line of play from here, with notes
  seat N    ask about seat N from now on
  goal G    ask about goal G from now on (three, jink, spoil, a number, ...)
  help      this list
  quit      stop (so does the end of input)""")

COMMANDS = """\
[bold]A card[/bold] (8S, 10h, T♥) plays it for the seat to play.
[bold]undo[/bold]      take back the last card
[bold]back N[/bold]    go back to the start of trick N
[bold]best[/bold]      the best line of play from here, with notes
[bold]seat N[/bold]    ask about seat N from now on
[bold]goal G[/bold]    ask about goal G (three, jink, spoil, a number of tricks, ...)
[bold]help[/bold]      this list
[bold]quit[/bold]      stop (so does the end of input)"""


@takes_position()
def study_command(
    file: FileArg = None,
    opts: PositionOptions = NO_POSITION,
    example: ExampleOpt = False,
    seat: SeatOpt = None,
    goal: GoalOpt = None,
    max_seconds: MaxSecondsOpt = None,
    max_nodes: MaxNodesOpt = None,
    memory: MemoryOpt = DEFAULT_MEMORY_MB,
    engine: EngineOpt = None,
    exact: ExactOpt = False,
    threads: ThreadsOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """Walk a position at the terminal: every legal card scored at each step.

    Play any card for any seat, undo, go back to a trick, ask for the best
    line from here, switch the seat or goal asked about. Type help at the
    prompt; commands may come from a script on stdin.
    """
    with handle_errors():
        items = positions_from_cli(file, opts, example=example)
        if len(items) != 1:
            fail(f"{file} holds {len(items)} positions; jink study takes one")
        position = items[0].position
        check_seats([] if seat is None else [seat], position.players, "--seat")
        search = search_options(max_seconds, max_nodes, memory, engine, exact, threads)
        study = Study(position, None if seat is None else seat - 1, goal, search.limit,
                      search.memory_mb)
    failed = Prompt(study, json_output).run()
    if failed:
        raise typer.Exit(1)


class Prompt:
    """The read-a-command, answer, show loop around one :class:`Study`.

    With ``json_output``, no prompt and no pictures: one JSON object on stdout
    for the start and for each command (errors too), so a program can drive it.
    """

    def __init__(self, study: Study, json_output: bool = False) -> None:
        self.study = study
        self.json = json_output
        self.out = stdout()
        self.err = Console(stderr=True, highlight=False, soft_wrap=True)
        self.interactive = sys.stdin.isatty() and not json_output
        #: Ctrl-C at the prompt: the session ends, and the command fails.
        self.interrupted = False

    def run(self) -> bool:
        """Read commands until quit or the end of input; whether any failed
        (only said when the commands come from a script)."""
        if not self.answer(None, {}, show=True):
            return True  # the start could not be solved (a limit): nothing to study
        if not self.json:
            self.out.print(Text.from_markup("[dim]Type a card to play it, or help.[/dim]"))
        failed = False
        while True:
            line = self.read()
            if line is None:
                return self.interrupted or (failed and not self.interactive)
            words = line.split()
            if not words:
                continue
            if words[0].lower() in ("quit", "exit", "q"):
                return failed and not self.interactive
            command = " ".join(words)
            try:
                extra, show = self.do(words)
            except JinkError as error:
                failed = True
                self.error(str(error), command)
                continue
            failed |= not self.answer(command, extra, show)

    def read(self) -> str | None:
        """One command line, or None at the end of input."""
        prompt = self.prompt()
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                self.out.print()
                return None
            except KeyboardInterrupt:
                self.out.print()
                self.interrupted = True
                return None
        line = sys.stdin.readline()
        if not line:
            return None
        if not self.json:
            # Echo the command after the prompt: a scripted session reads as a transcript.
            self.out.print(f"{escape(prompt)}{escape(line.rstrip())}")
        return line

    def prompt(self) -> str:
        p = self.study.position
        if p.is_over:
            return "deal over> "
        return f"trick {p.tricks_done + 1}, seat {p.seat_to_play + 1} to play> "

    def do(self, words: list[str]) -> tuple[dict[str, object], bool]:
        """Carry out one command (its words): what it adds to the JSON answer,
        and whether the position is to be drawn again. A bad one raises a JinkError."""
        study = self.study
        command, args = words[0].lower(), words[1:]
        if command == "help":
            if not self.json:
                self.out.print(Text.from_markup(COMMANDS))
            return {"help": Text.from_markup(COMMANDS).plain.splitlines()}, False
        if command == "undo":
            _no_args(command, args)
            card = study.undo()
            if not self.json:
                self.out.print(Text.from_markup(f"Took back {card_markup(card)}."))
            return {"undone": card_name(card)}, True
        if command == "back":
            study.back(_number(command, args))
            return {}, True
        if command == "best":
            _no_args(command, args)
            if study.position.is_over:
                raise StudyError("the deal is over: there is no more play")
            line = study.best_line()
            if not self.json:
                print_sections(line_table(self._result(line=line)), gap=True)
            return {"line": [step.to_dict() for step in line]}, False
        if command == "seat":
            seat = _number(command, args)
            check_seats([seat], study.position.players, "seat")
            study.set_seat(seat - 1)
            return {}, True
        if command == "goal":
            if len(args) != 1:
                raise StudyError("goal takes one name: goal three, goal spoil, goal 2, ...")
            study.set_goal(args[0])
            return {}, True
        if len(words) == 1 and _looks_like_card(command):
            study.play(parse_card(command))
            loss = study.lost
            if loss is None:
                return {}, True
            # A card that loses the goal: which cards would have kept it.
            keepers = [card_name(c) for c in loss.keepers]
            if not self.json:
                kept = " or ".join(card_markup(c) for c in loss.keepers)
                self.out.print(Text.from_markup(
                    f"[bold red]{card_markup(loss.card)} lost goal {loss.goal} for seat "
                    f"{study.seat + 1}:[/bold red] {kept} would have kept it."))
            return {"lost": {"card": card_name(loss.card), "goal": loss.goal,
                             "kept_by": keepers}}, True
        raise StudyError(f"unknown command {words[0]!r}: type a card (8S), undo, "
                         "back N, best, seat N, goal G, help or quit")

    def answer(self, command: str | None, extra: dict[str, object], show: bool) -> bool:
        """Say where things stand after ``command``: the JSON object, or the
        picture (when ``show``). False when the solver gave up (a limit)."""
        try:
            if self.json:
                print_json({"command": command, **self.state(), **extra})
            elif show:
                print_sections(*self.picture(), gap=command is not None)
        except JinkError as error:
            self.error(str(error), command)
            return False
        return True

    def state(self) -> dict[str, object]:
        """The position and the question's answers, as ``jink solve --json`` words them."""
        study = self.study
        p = study.position
        standing = study.standing()
        return {
            "position": position_to_dict(p),
            "seat_to_play": None if p.is_over else p.seat_to_play + 1,
            "played": [card_name(c) for c in study.played],
            "question": {"seat": study.seat + 1, "goal": study.goal.name},
            "max_tricks": standing.max_tricks,
            "achieves": standing.achieves,
            "moves": [{"card": card_name(m.card), "max_tricks": m.max_tricks,
                       "achieves": m.achieves,
                       "equivalent": [card_name(c) for c in m.equivalent]}
                      for m in study.scores()],
            **self._why(),
        }

    def _why(self) -> dict[str, object]:
        """``why``: the best card and why it matters, when the tree shows it."""
        try:
            found = self.study.why()
        except LimitExceeded:
            return {}  # the reason is extra: a limit that stops it is no error
        return {} if found is None else {"why": {"card": card_name(found[0]),
                                                 "reason": found[1]}}

    def picture(self) -> list[RenderableType]:
        """The deal, the cards played, the standing and the scored cards: sections."""
        study = self.study
        parts: list[RenderableType] = [deal_diagram(study.position)]
        history = study.played_by_trick()
        if history:
            played = "; ".join(f"{n}: " + " ".join(card_markup(c) for c in cards)
                               for n, cards in history)
            parts.append(Text.from_markup(f"Played since the start: {played}."))
        standing = study.standing()
        who = f"Seat {study.seat + 1}"
        sure = f"{standing.max_tricks} trick{'' if standing.max_tricks == 1 else 's'}"
        verdict = "can" if standing.achieves else "cannot"
        parts.append(Text.from_markup(
            f"[bold]{who}, goal {study.goal.name}: {verdict} force it from here[/bold] "
            f"({sure} for sure)."))
        if not study.position.is_over:
            parts.append(moves_table(self._result(moves=study.scores())))
            try:
                found = study.why()
            except LimitExceeded:
                found = None  # the reason is extra: a limit that stops it is no error
            if found is not None:
                parts.append(Text.from_markup(
                    f"[green]Why {card_markup(found[0])}: {names_markup(found[1])}.[/green]"))
        return parts

    def _result(self, moves: list[MoveScore] | None = None,
                line: list[LineStep] | None = None) -> SolveResult:
        """A result holding what ``jink solve``'s tables draw (no verdicts)."""
        study = self.study
        return SolveResult(study.position, study.seat, study.goal, [], moves or [], line or [])

    def error(self, message: str, command: str | None) -> None:
        line = " ".join(message.split())
        self.err.print(f"[bold red]error:[/bold red] {escape(with_symbols(line))}")
        if self.json:
            print_json({"command": command, "error": line})


def _no_args(command: str, args: list[str]) -> None:
    if args:
        raise StudyError(f"{command} takes nothing after it")


def _number(command: str, args: list[str]) -> int:
    if len(args) != 1 or not args[0].isdigit():
        raise StudyError(f"{command} takes one number: {command} 2")
    return int(args[0])


def _looks_like_card(word: str) -> bool:
    """Short enough to be a card: such a word is parsed as one (and a bad card
    gets the card parser's message, not "unknown command")."""
    return 2 <= len(word) <= 3

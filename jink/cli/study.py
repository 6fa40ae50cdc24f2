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
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.text import Text

from jink.cards import card_markup, parse_card
from jink.cli.common import (
    ExampleOpt,
    FileArg,
    GameOpt,
    HandsOpt,
    LeaderOpt,
    OptionOpt,
    PositionOptions,
    TrickOpt,
    TrumpOpt,
    TurnupOpt,
    WonOpt,
    check_seats,
    fail,
    handle_errors,
    positions_from_cli,
    stdout,
)
from jink.cli.render import deal_diagram
from jink.cli.solve import GoalOpt, NodesOpt, SeatOpt, SecondsOpt
from jink.cli.solve_render import line_table, moves_table
from jink.errors import JinkError
from jink.solver import Limit, MoveScore, SolveResult
from jink.solver.line import LineStep
from jink.study.study import Study, StudyError

EPILOG = """\
Examples:

  jink study --example renege

  jink study deal.toml --seat 2 --goal spoil

  printf '8S\\n7S\\nbest\\n' | jink study --example      (a script on stdin)

At the prompt:

  8S        play a card (for whichever seat is to play)
  undo      take back the last card
  back N    go back to the start of trick N
  best      the best line of play from here, with notes
  seat N    ask about seat N from now on
  goal G    ask about goal G from now on (three, jink, spoil, a number, ...)
  help      this list
  quit      stop (so does the end of input)
"""

COMMANDS = """\
[bold]A card[/bold] (8S, 10h, T♥) plays it for the seat to play.
[bold]undo[/bold]      take back the last card
[bold]back N[/bold]    go back to the start of trick N
[bold]best[/bold]      the best line of play from here, with notes
[bold]seat N[/bold]    ask about seat N from now on
[bold]goal G[/bold]    ask about goal G (three, jink, spoil, a number of tricks, ...)
[bold]help[/bold]      this list
[bold]quit[/bold]      stop (so does the end of input)"""


def study_command(
    file: FileArg = None,
    game: GameOpt = None,
    trump: TrumpOpt = None,
    turnup: TurnupOpt = None,
    hands: HandsOpt = None,
    leader: LeaderOpt = None,
    trick: TrickOpt = None,
    won: WonOpt = None,
    option: OptionOpt = None,
    example: ExampleOpt = False,
    seat: SeatOpt = None,
    goal: GoalOpt = None,
    max_nodes: NodesOpt = None,
    max_seconds: SecondsOpt = None,
) -> None:
    """Walk a position at the terminal: every legal card scored at each step.

    Play any card for any seat, undo, go back to a trick, ask for the best
    line from here, switch the seat or goal asked about. Type help at the
    prompt; commands may come from a script on stdin.
    """
    with handle_errors():
        opts = PositionOptions(game, trump, turnup, hands, leader, trick, won, option)
        items = positions_from_cli(file, opts, example=example)
        if len(items) != 1:
            fail(f"{file} holds {len(items)} positions; jink study takes one")
        position = items[0].position
        check_seats([] if seat is None else [seat], position.players, "--seat")
        study = Study(position, None if seat is None else seat - 1, goal,
                      Limit(nodes=max_nodes, seconds=max_seconds))
    failed = Prompt(study).run()
    if failed:
        raise typer.Exit(1)


class Prompt:
    """The read-a-command, answer, show loop around one :class:`Study`."""

    def __init__(self, study: Study) -> None:
        self.study = study
        self.out = stdout()
        self.err = Console(stderr=True, highlight=False, soft_wrap=True)
        self.interactive = sys.stdin.isatty()

    def run(self) -> bool:
        """Read commands until quit or the end of input; whether any failed
        while reading from a script."""
        failed = False
        if not self.show():
            return True
        self.out.print(Text.from_markup("[dim]Type a card to play it, or help.[/dim]"))
        while True:
            line = self.read()
            if line is None:
                return failed and not self.interactive
            words = line.split()
            if not words:
                continue
            if words[0].lower() in ("quit", "exit", "q"):
                return failed and not self.interactive
            try:
                self.do(words)
            except JinkError as error:
                failed = True
                self.error(str(error))

    def read(self) -> str | None:
        """One command line, or None at the end of input."""
        prompt = self.prompt()
        if self.interactive:
            try:
                return input(prompt)
            except (EOFError, KeyboardInterrupt):
                self.out.print()
                return None
        line = sys.stdin.readline()
        if not line:
            return None
        # Echo the command after the prompt, so a scripted session reads as a transcript.
        self.out.print(f"{escape(prompt)}{escape(line.rstrip())}")
        return line

    def prompt(self) -> str:
        p = self.study.position
        if p.is_over:
            return "deal over> "
        return f"trick {p.tricks_done + 1}, seat {p.seat_to_play + 1} to play> "

    def do(self, words: list[str]) -> None:
        """Carry out one command (its words); a bad one raises a JinkError."""
        study = self.study
        command, args = words[0].lower(), words[1:]
        if command == "help":
            self.out.print(Text.from_markup(COMMANDS))
        elif command == "undo":
            _no_args(command, args)
            card = study.undo()
            self.out.print(Text.from_markup(f"Took back {card_markup(card)}."))
            self.show()
        elif command == "back":
            study.back(_number(command, args))
            self.show()
        elif command == "best":
            _no_args(command, args)
            if study.position.is_over:
                raise StudyError("the deal is over: there is no more play")
            line = study.best_line()
            self.out.print(line_table(self._result(line=line)))
        elif command == "seat":
            seat = _number(command, args)
            check_seats([seat], study.position.players, "seat")
            study.set_seat(seat - 1)
            self.show()
        elif command == "goal":
            if len(args) != 1:
                raise StudyError("goal takes one name: goal three, goal spoil, goal 2, ...")
            study.set_goal(args[0])
            self.show()
        elif len(words) == 1 and _looks_like_card(command):
            study.play(parse_card(command))
            self.show()
        else:
            raise StudyError(f"unknown command {words[0]!r}: type a card (8S), undo, "
                             "back N, best, seat N, goal G, help or quit")

    def show(self) -> bool:
        """Draw the position and its scored cards; False when the solver gave up."""
        try:
            self.out.print(self.picture())
        except JinkError as error:
            self.error(str(error))
            return False
        return True

    def picture(self) -> RenderableType:
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
        return Group(*parts)

    def _result(self, moves: list[MoveScore] | None = None,
                line: list[LineStep] | None = None) -> SolveResult:
        """A result holding what ``jink solve``'s tables draw (no verdicts)."""
        study = self.study
        return SolveResult(study.position, study.seat, study.goal, [], moves or [], line or [])

    def error(self, message: str) -> None:
        self.err.print(f"[bold red]error:[/bold red] {escape(' '.join(message.split()))}")


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

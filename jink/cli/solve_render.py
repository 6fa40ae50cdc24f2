"""Rich pictures of a solve result: verdicts, scored moves, the annotated line."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from jink.analysis.expected import ExpectedResult
from jink.analysis.line import cut_where
from jink.analysis.solve import SolveResult
from jink.cards import card_markup
from jink.cli.render import names_markup, suit_markup
from jink.games import Question
from jink.position import Position, sort_cards
from jink.solver import AtLeast, Goal, MoveScore, OpenScore, Spoil, Verdict
from jink.words import plural

YES, NO = "[green]yes[/green]", "[dim]no[/dim]"
#: An answer the limit stopped, and the note under a table that shows one.
UNKNOWN = "[yellow]?[/yellow]"
UNKNOWN_NOTE = ("[yellow]?[/yellow] the limit stopped this question before it was answered "
                "(≥ n: the tricks proved so far); raise --max-seconds or --max-nodes.")


def _flag(value: bool | None) -> str:
    if value is None:
        return UNKNOWN
    return YES if value else NO


def _cell(value: object) -> str:
    if value is None:
        return UNKNOWN
    return _flag(value) if isinstance(value, bool) else str(value)


def tricks_cell(max_tricks: object, at_least: object = None) -> str:
    """A max tricks cell: the number, or ``?`` with the tricks proved so far.

    >>> tricks_cell(2), tricks_cell(None, 1), tricks_cell(None, 0)
    ('2', '[yellow]?[/yellow] (≥1)', '[yellow]?[/yellow]')
    """
    if max_tricks is not None:
        return str(max_tricks)
    return f"{UNKNOWN} (≥{at_least})" if at_least else UNKNOWN


def verdict_headings(questions: Sequence[Question], extras: Sequence[str]) -> list[str]:
    """The column headings of verdicts, after "Max tricks": each question's
    label, then what the tricks are worth (Points, Pool share). Every table of
    verdicts (solve, analyse, declare) uses these."""
    return [q.label for q in questions] + [name.replace("_", " ").capitalize()
                                           for name in extras]


def verdict_cells(questions: Sequence[Question], extras: Sequence[str],
                  verdict: dict[str, object]) -> list[str]:
    """One verdict's cells under :func:`verdict_headings` (``verdict``: its dict form)."""
    return [_cell(verdict[q.name]) for q in questions] + [_cell(verdict[name])
                                                          for name in extras]


def verdict_table(result: SolveResult) -> RenderableType:
    """Every seat's (or side's) verdicts: the most tricks it can force, and the
    game's questions (Spoil Five: three, jink, spoil), and what they are worth."""
    return verdicts_table(result.position, result.verdicts)


def verdicts_table(p: Position, verdicts: list[Verdict],
                   title: str = "What each {who} can force (all others against it)"
                   ) -> RenderableType:
    """The verdict table for any list of verdicts (one per seat) of ``p``, with
    a note under it when the limit stopped an answer."""
    questions = p.game.questions(p.players)
    extras = [name for name, _ in verdicts[0].extras] if verdicts else []
    partnership = p.game.partnerships and p.players > 2
    who = "side" if partnership else "seat"
    table = Table(title=title.format(who=who), box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Side (seats)" if partnership else "Seat", justify="center")
    table.add_column("Max tricks", justify="center")
    for heading in verdict_headings(questions, extras):
        table.add_column(heading, justify="center")
    if partnership:
        by_seat = {v.seat: v for v in verdicts}
        rows = [(" & ".join(str(s + 1) for s in seats),
                 next(by_seat[s] for s in seats if s in by_seat).to_dict())
                for seats in p.game.sides(p.players) if by_seat.keys() & set(seats)]
    else:
        rows = [(str(v.seat + 1), v.to_dict()) for v in verdicts]
    for label, verdict in rows:
        table.add_row(label, tricks_cell(verdict["max_tricks"], verdict.get("max_tricks_at_least")),
                      *verdict_cells(questions, extras, verdict))
    if any(v.unknown for v in verdicts):
        return Group(table, Text.from_markup(UNKNOWN_NOTE))
    return table


def _groups(moves: list[MoveScore | OpenScore]) -> list[list[MoveScore | OpenScore]]:
    """Moves joined with their equivalent cards, one group per distinct card in play."""
    seen: set[int] = set()
    groups = []
    for move in moves:
        if move.card in seen:
            continue
        group: list[MoveScore | OpenScore] = [move]
        group += [m for m in moves if m.card in move.equivalent]
        seen.update(m.card for m in group)
        groups.append(group)
    return groups


def goal_label(result: SolveResult) -> str:
    """The goal in words: the game's label for it, or At least 2."""
    return label_of_goal(result.position, result.goal)


def label_of_goal(position: Position, goal: Goal) -> str:
    """A goal in words, as the tables head it: the game's label for it, or At least 2."""
    name = goal.name
    for question in position.game.questions(position.players):
        if question.name == name:
            return question.label
    return f"At least {plural(int(name), 'trick')}" if name.isdigit() else name.capitalize()


def moves_table(result: SolveResult) -> RenderableType:
    """Every legal card of the seat to play, scored for the question asked."""
    p = result.position
    who = f"seat {result.seat + 1}"
    heading = Text.from_markup(f"[italic]Seat {p.seat_to_play + 1}'s legal cards, scored "
                               f"for {who} (goal: {result.goal.name})[/italic]")
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("Card")
    table.add_column(f"Max tricks for {who}", justify="center")
    table.add_column(f"{goal_label(result)}: forceable", justify="center")
    grouped = False
    rules = p.rules
    moves = result.every_move()
    display = {c: i for i, c in enumerate(sort_cards(rules, [m.card for m in moves]))}
    for group in sorted(_groups(moves), key=lambda g: min(display[m.card] for m in g)):
        cards = sort_cards(rules, [m.card for m in group])
        grouped |= len(cards) > 1
        first = group[0]
        tricks = (tricks_cell(first.max_tricks) if isinstance(first, MoveScore)
                  else tricks_cell(None, first.at_least))
        table.add_row(" = ".join(card_markup(c) for c in cards), tricks, _flag(first.achieves))
    parts: list[RenderableType] = [heading, table]
    if result.open_moves:
        parts.append(Text.from_markup(UNKNOWN_NOTE))
    if grouped:
        parts.append(Text.from_markup(
            "[dim]Cards joined by = are equivalent: no card still in play ranks between "
            "them and they have the same privileges, so they play the same; each group is "
            "searched once.[/dim]"))
    return Group(*parts)


def line_table(result: SolveResult) -> Table:
    """The principal line, trick by trick, each card with its note."""
    table = Table(title=f"Best play for seat {result.seat + 1} (goal: {result.goal.name}) "
                        "and against it",
                  box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Trick", justify="center")
    table.add_column("Seat", justify="center")
    table.add_column("Card")
    table.add_column("Note")
    last_trick = 0
    for step in result.line:
        trick = str(step.trick) if step.trick != last_trick else ""
        if step.trick != last_trick and last_trick:
            table.add_section()
        last_trick = step.trick
        note = names_markup(step.note)
        if step.why:
            note += f"\n[green]why: {names_markup(step.why)}[/green]"
        if step.won_by is not None:
            note += f"\n[bold]Seat {step.won_by + 1} wins trick {step.trick}.[/bold]"
        if step.claim:
            note += f"\n[bold yellow]{step.claim}.[/bold yellow]"
        table.add_row(trick, str(step.seat + 1), card_markup(step.card), note)
    return table


def _asked(result: SolveResult) -> str:
    """The answer to the question asked, in words."""
    verdict = result.verdict_of(result.seat)
    who = f"Seat {result.seat + 1}"
    side = result.position.game.sides(result.position.players)
    partners = next(s for s in side if result.seat in s)
    if len(partners) > 1:
        who = f"The side of seats {' & '.join(str(s + 1) for s in partners)}"
    goal = result.goal
    can = verdict.spoil if isinstance(goal, Spoil) else reaches(verdict, goal.k)
    if verdict.max_tricks is None:
        sure = f"at least {plural(verdict.at_least or 0, 'trick')} for sure, the rest unknown"
    else:
        sure = f"{plural(verdict.max_tricks, 'trick')} for sure"
    answer = "unknown (the limit stopped it)" if can is None else \
        f"{'yes' if can else 'no'}, whatever the others do"
    return f"{who}, {goal_label(result).lower()}: {answer} ({sure})."


def reaches(verdict: Verdict, tricks: int) -> bool | None:
    """Whether the verdict's seat can force ``tricks`` (None: the limit stopped it)."""
    if verdict.max_tricks is not None:
        return verdict.max_tricks >= tricks
    return True if (verdict.at_least or 0) >= tricks else None


def _can(value: bool | None) -> str:
    return "may or may not (the limit stopped the question)" if value is None else \
        "can" if value else "cannot"


def summary(result: SolveResult) -> Text:
    """The answer in words: the pool, and the question asked."""
    forcers = [str(v.seat + 1) for v in result.verdicts if v.three]
    open_seats = [str(v.seat + 1) for v in result.verdicts if v.three is None]
    p = result.position
    takes_pool = p.game.pool
    if takes_pool is None:
        return Text.from_markup(_asked(result) + f"\n[dim]{plural(result.nodes, 'node')} in "
                                f"{result.seconds:.3f} s.[/dim]")
    if p.is_over:
        winners = [str(s + 1) for s, w in enumerate(p.won) if w >= takes_pool]
        pool = (f"The deal is over: seat {winners[0]} won the pool." if winners
                else "The deal is over: the pool was spoiled.")
    else:
        if forcers:
            pool = f"The pool is forceable by seat {', '.join(forcers)}."
        elif open_seats:
            pool = (f"No seat was found to force three tricks; the limit stopped the "
                    f"question for seat {', '.join(open_seats)}.")
        elif result.complete:
            pool = "Nobody can force three tricks: with best play the pool is spoiled."
        else:
            solved = ", ".join(str(v.seat + 1) for v in result.verdicts)
            pool = (f"No seat solved ({solved}) can force three tricks; the other seats "
                    f"were not solved.")
        verdict = result.verdict_of(result.seat)
        if result.goal.name == "spoil":
            pool += f" Seat {result.seat + 1} {_can(verdict.spoil)} spoil."
        elif isinstance(result.goal, AtLeast) and result.goal.k != takes_pool:
            can = reaches(verdict, result.goal.k)
            what = ("the jink" if result.goal.k == p.game.tricks
                    else plural(result.goal.k, "trick"))
            pool += f" Seat {result.seat + 1} {_can(can)} force {what}."
    stats = result.table
    entries = f", {plural(stats.entries, 'table entry', 'table entries')}" if stats else ""
    return Text.from_markup(f"{pool}\n[dim]{plural(result.nodes, 'node')} in "
                            f"{result.seconds:.3f} s"
                            f"{entries}.[/dim]")


def line_cut_note(shown: int) -> str:
    """What a limit left of the line: nothing, or its first ``shown`` cards."""
    return (f"[yellow]The limit stopped the line of play {cut_where(shown)}[/yellow] (it "
            "needs every card scored at every step); raise --max-seconds or --max-nodes "
            f"to see {'the rest' if shown else 'it'}.")


def solve_picture(result: SolveResult) -> list[RenderableType]:
    """The sections of a solve result: verdicts, scored cards, line, summary."""
    parts: list[RenderableType] = [verdict_table(result)]
    if result.moves or result.open_moves:
        parts.append(moves_table(result))
    if result.line:
        parts.append(line_table(result))
    if result.line_cut:
        parts.append(Text.from_markup(line_cut_note(len(result.line))))
    parts.append(summary(result))
    return parts


def expected_picture(outcome: ExpectedResult) -> list[RenderableType]:
    """Expected mode: each seat's average over the cards the turn could be."""
    p = outcome.position
    questions = p.game.questions(p.players)
    table = Table(title="Expected mode: the card to be turned is unknown; each seat's "
                        "average over the cards it could be",
                  box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Seat", justify="center")
    table.add_column("Expected max tricks", justify="center")
    for question in questions:
        table.add_column(f"{question.label}: chance", justify="center")
    for seat in range(p.players):
        values = outcome.expected(seat)
        table.add_row(str(seat + 1), f"{values['max_tricks']:.2f}",
                      *(f"{values[q.name]:.0%}" for q in questions))
    weights = ", ".join(f"{suit_markup(s)} {w}" for s, w in outcome.weights.items())
    return [table, Text.from_markup(
        f"Weights (unseen cards of each suit): {weights}.\n[dim]Each suit is solved "
        f"double dummy with it as the turn; {plural(outcome.nodes, 'node')}.[/dim]")]

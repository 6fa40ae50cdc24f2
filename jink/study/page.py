"""The analysis page: one self-contained HTML file for ``--html``.

:func:`solve_page` draws a :class:`~jink.analysis.solve.SolveResult` (the deal
as a table diagram, the verdicts, every legal card scored, the annotated
line) and :func:`analysis_page` an :class:`~jink.analysis.analyse.Analysis`
(the deal, the verdicts at the start, the record card by card, the
summary). Both pages have buttons that step through the play card by card or
trick by trick, the hands shrinking as cards are played. Everything the page
needs is inside it: the style, the script (no library, no network) and the
data, as JSON. The tables are drawn here, in Python, so the page reads the
same with its script turned off; the script only moves through the steps.

>>> from jink.formats.examples import example
>>> from jink.analysis.solve import solve
>>> page = solve_page(solve(example("renege")))
>>> page.startswith("<!DOCTYPE html>"), "http" in page.split("<body")[1]
(True, False)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from importlib.resources import files
from string import Template

from jink.analysis.analyse import Analysis, CardReview, question_label
from jink.analysis.cost import amount_words
from jink.analysis.instead import MAX_TRICKS
from jink.analysis.line import cut_where
from jink.analysis.solve import SolveResult
from jink.cards import (
    RED_SUITS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    card_name,
    card_symbol,
    iter_cards,
    parse_card,
    suit_of,
)
from jink.position import Position, sort_cards
from jink.solver.goals import Spoil
from jink.solver.solver import MoveScore, OpenScore, Verdict
from jink.version import __version__
from jink.words import plural

# -- cards as HTML ----------------------------------------------------------------------


def card_html(card: Card) -> str:
    """A card with its suit symbol, red suits in red."""
    colour = " red" if suit_of(card) in RED_SUITS else ""
    return (f'<span class="card{colour}" data-card="{card_name(card)}">'
            f"{escape(card_symbol(card))}</span>")


_CARD_NAME = re.compile(r"(?<![\w])([2-9TJQKA][SHDC])(?![\w])")


def names_html(text: str) -> str:
    """A note with its card names (``QD``) drawn as cards, the rest escaped.

    >>> names_html("only card (with its equal QD) that keeps 3 tricks")
    'only card (with its equal <span class="card red" data-card="QD">Q♦</span>) that keeps 3 tricks'
    """
    parts = _CARD_NAME.split(text)
    # split() with one group: even indexes are text, odd ones card names.
    return "".join(escape(part) if i % 2 == 0 else card_html(parse_card(part))
                   for i, part in enumerate(parts))


def _card_data(card: Card) -> dict[str, object]:
    return {"n": card_name(card), "t": card_symbol(card), "red": suit_of(card) in RED_SUITS}


# -- the steps the buttons walk through ---------------------------------------------------


@dataclass(frozen=True)
class PlayedCard:
    """One card of the play the page steps through, with what to say about it:
    ``note`` (text, card names drawn as cards), ``instead`` (HTML: the "play
    instead" card of a slip) and ``verdicts`` (HTML: the verdict table after
    the card, for the live table)."""

    card: Card
    note: str = ""
    instead: str = ""
    verdicts: str = ""


def steps_data(start: Position, play: Sequence[PlayedCard],
               verdicts: str = "") -> list[dict[str, object]]:
    """The state of the table before any card and after each: every hand (by the
    suit each card counts as, best first), the trick on the table, the tricks
    won, and a caption; where given, the verdict table (``verdicts`` at the
    start) and the "play instead" card. A finished trick stays on the table,
    its winner marked, until the next card is played."""
    states = [_state(start, start, [], None, "The start: "
                     + (f"seat {start.seat_to_play + 1} to play." if not start.is_over
                        else "the deal is over."))]
    if verdicts:
        states[0]["verdicts"] = verdicts
    position = start
    for step in play:
        mover = position.seat_to_play
        trick = [*[(position.seat_of_trick_card(i), c) for i, c in enumerate(position.trick)],
                 (mover, step.card)]
        after = position.play(step.card)
        caption = f"Trick {position.tricks_done + 1}: seat {mover + 1} plays " \
                  f"{card_symbol(step.card)}."
        winner = None
        if after.tricks_done > position.tricks_done:
            winner = after.leader
            caption += f" Seat {winner + 1} wins the trick."
        state = _state(start, after, trick, winner, caption, step.note)
        if step.instead:
            state["instead"] = step.instead
        if step.verdicts:
            state["verdicts"] = step.verdicts
        states.append(state)
        position = after
    return states


def _state(start: Position, p: Position, trick: list[tuple[int, Card]], winner: int | None,
           caption: str, note: str = "") -> dict[str, object]:
    rules = p.rules
    hands = []
    for hand in p.hands:
        by_suit: list[list[dict[str, object]]] = [[] for _ in range(4)]
        for card in sorted(iter_cards(hand), key=lambda c: -rules.power[c]):
            by_suit[max(rules.suit[card], 0)].append(_card_data(card))
        hands.append(by_suit)
    if not trick and p.trick:
        trick = [(p.seat_of_trick_card(i), c) for i, c in enumerate(p.trick)]
    return {
        "hands": hands,
        "trick": [{"seat": seat, "card": _card_data(card)} for seat, card in trick],
        "winner": winner,
        "won": list(p.won),
        "toPlay": None if p.is_over else p.seat_to_play,
        "complete": winner is not None,
        "caption": caption,
        "note": names_html(note),
    }


# -- the tables ------------------------------------------------------------------------


#: Under a table with an answer the limit stopped.
UNKNOWN_NOTE = ("? the limit stopped this question before it was answered (≥ n: the "
                "tricks proved so far)")


def _flag(value: object) -> str:
    if value is None:
        return '<span class="unknown">?</span>'
    if isinstance(value, bool):
        return '<span class="yes">yes</span>' if value else '<span class="no">no</span>'
    return escape(str(value))


def verdicts_html(p: Position, verdicts: list[Verdict], caption: str,
                  before: list[Verdict] | None = None) -> str:
    """Every seat's (every side's) verdicts as an HTML table; with ``before``
    (the verdicts a card changed), the answers it changed are marked."""
    questions = p.game.questions(p.players)
    extras = [name for name, _ in verdicts[0].extras] if verdicts else []
    partnership = p.game.partnerships and p.players > 2
    head = ["Side (seats)" if partnership else "Seat", "Max tricks",
            *(q.label for q in questions), *(n.replace("_", " ").capitalize() for n in extras)]
    rows = []
    by_seat = {v.seat: v for v in verdicts}
    was = {v.seat: v.to_dict() for v in before or []}
    groups = p.game.sides(p.players) if partnership else [(v.seat,) for v in verdicts]
    for seats in groups:
        solved = [by_seat[s] for s in seats if s in by_seat]
        if not solved:
            continue
        verdict = solved[0].to_dict()
        old = was.get(solved[0].seat, verdict)

        def mark(cell: str, key: str, now: dict[str, object] = verdict,
                 then: dict[str, object] = old) -> str:
            # An answer the card changed, known before and after it.
            changed = None not in (now[key], then[key]) and now[key] != then[key]
            return f'<span class="changed">{cell}</span>' if changed else cell
        cells = [" &amp; ".join(str(s + 1) for s in seats),
                 mark(_tricks(verdict["max_tricks"], verdict.get("max_tricks_at_least")),
                      "max_tricks"),
                 *(mark(_flag(verdict[q.name]), q.name) for q in questions),
                 *(mark(_flag(verdict[n]), n) for n in extras)]
        rows.append(cells)
    caption = caption.format(who="side" if partnership else "seat")
    if any(v.unknown for v in verdicts):
        caption += f"<br><small>{escape(UNKNOWN_NOTE)}</small>"
    return _table(caption, head, rows, "verdicts")


def _tricks(max_tricks: object, at_least: object = None) -> str:
    """A max tricks cell: the number, or ? with the tricks proved so far."""
    if max_tricks is not None:
        return escape(str(max_tricks))
    return _flag(None) + (f" (≥{at_least})" if at_least else "")


def moves_html(result: SolveResult) -> str:
    """Every legal card of the seat to play, equivalent cards together, scored."""
    p = result.position
    rules = p.rules
    seen: set[Card] = set()
    groups: list[list[MoveScore | OpenScore]] = []
    moves = result.every_move()
    for move in moves:
        if move.card not in seen:
            group: list[MoveScore | OpenScore] = [move]
            group += [m for m in moves if m.card in move.equivalent]
            seen.update(m.card for m in group)
            groups.append(group)
    # The best card is marked only when every card is scored.
    best = max(((m.achieves, m.max_tricks) for m in result.moves), default=None) \
        if not result.open_moves else None
    rows, classes = [], []
    for group in groups:
        first = group[0]
        cards = sort_cards(rules, [m.card for m in group])
        tricks = _tricks(first.max_tricks) if isinstance(first, MoveScore) \
            else _tricks(None, first.at_least)
        rows.append([" = ".join(card_html(c) for c in cards), tricks, _flag(first.achieves)])
        classes.append("best" if isinstance(first, MoveScore)
                       and (first.achieves, first.max_tricks) == best else "")
    seat = f"seat {result.seat + 1}"
    caption = (f"Seat {p.seat_to_play + 1}'s legal cards, scored for {seat} "
               f"(goal: {escape(result.goal.name)})")
    if result.open_moves:
        caption += f"<br><small>{escape(UNKNOWN_NOTE)}</small>"
    return _table(caption, ["Card", f"Max tricks for {seat}", "Goal forceable"], rows,
                  "moves", classes)


def line_html(result: SolveResult) -> str:
    """The principal line with its notes; each row is a step of the stepper."""
    rows = []
    for step in result.line:
        note = names_html(step.note)
        if step.why:
            note += f'<br><span class="why">why: {names_html(step.why)}</span>'
        if step.won_by is not None:
            note += f"<br><b>Seat {step.won_by + 1} wins trick {step.trick}.</b>"
        if step.claim:
            note += f'<br><b class="claim">{names_html(step.claim)}.</b>'
        rows.append([str(step.trick), str(step.seat + 1), card_html(step.card), note])
    caption = (f"Best play for seat {result.seat + 1} (goal: {escape(result.goal.name)}) "
               "and against it")
    return _table(caption, ["Trick", "Seat", "Card", "Note"], rows, "line", steps=True)


def instead_html(card: CardReview, label: Callable[[str], str] | None = None) -> str:
    """The "play instead" card of a slip: the cards that would have done
    better drawn large, best first, each group with its worth (its tricks
    for sure, the goals it keeps, what it saves), or the cards that would
    have stopped what it handed over; then why in words and the refutation;
    empty for a card that changed nothing. ``label`` names a goal."""
    why = card.instead
    if why is None:
        return ""
    name = label or (lambda n: n.replace("_", " "))
    if why.cards:
        head = "Play instead"
        groups: dict[tuple[int, tuple[str, ...], str], list[Card]] = {}
        for better in why.cards:
            save = better.saves
            key = (better.max_tricks, better.keeps,
                   amount_words(save.amount, save.unit) if save.amount > 0 else "")
            groups.setdefault(key, []).append(better.card)
        rows = []
        for (tricks, keeps, saves), cards in groups.items():
            worth = [plural(tricks, "trick") + " for sure",
                     *(name(k) for k in keeps if k != MAX_TRICKS)]
            if saves:
                worth.append(f"saves {saves}")
            rows.append(f'<div class="better">{" ".join(card_html(c) for c in cards)}'
                        f'<span class="worth">{escape(", ".join(worth))}</span></div>')
        big = "".join(rows)
    else:
        stop = next((s for s in why.stoppers if s.cards), None)
        shown: Sequence[Card] = stop.cards if stop is not None else ()
        head = "Would have stopped it"
        if stop is None and why.stoppers:
            # The card was its mover's best: stopping would have cost it.
            head, shown = "Would have stopped it, at a cost", why.stoppers[0].costly
        big = f'<div class="better">{" ".join(card_html(c) for c in shown)}</div>'
    words = "".join(f'<p class="{"refutation" if r.startswith("after ") else "why"}">'
                    f"{names_html(r)}</p>" for r in card.reasons)
    return (f'<aside class="instead"><div class="head">{head}</div>'
            f'{big}{words}</aside>')


def record_html(review: Analysis) -> str:
    """The played record, card by card, with what each card did and, beside
    each slip, what to play instead."""
    rows = []
    for card in review.cards:
        style = "bad" if card.slip else "gave"
        notes = [f'<b class="{style}">{names_html(n)}</b>' for n in card.notes] \
            or ['<span class="no">kept</span>']
        instead = instead_html(card, lambda n: question_label(review.start, n))
        if instead:
            notes.append(instead)
        if card.won_by is not None:
            winner = review.seat_name(card.won_by)
            notes.append(f"<b>{escape(winner[:1].upper() + winner[1:])} wins trick "
                         f"{card.trick}.</b>")
        if card.claim:
            notes.append(f'<b class="claim">{names_html(card.claim)}</b>')
        rows.append([str(card.trick), str(card.seat + 1), card_html(card.card),
                     "<br>".join(notes)])
    return _table("The record, card by card", ["Trick", "Seat", "Card", "What it did"], rows,
                  "line", steps=True)


def _table(caption: str, head: list[str], rows: list[list[str]], name: str,
           classes: list[str] | None = None, steps: bool = False) -> str:
    """An HTML table; cells are HTML already. With ``steps``, row i is step i + 1."""
    out = [f'<table class="{name}"><caption>{caption}</caption><thead><tr>']
    out += [f"<th>{escape(h)}</th>" for h in head]
    out.append("</tr></thead><tbody>")
    for i, row in enumerate(rows):
        attrs = f' data-step="{i + 1}"' if steps else ""
        if classes and classes[i]:
            attrs += f' class="{classes[i]}"'
        out.append(f"<tr{attrs}>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


# -- the page --------------------------------------------------------------------------


def _title(p: Position) -> str:
    title = p.game.title
    if p.trump is not None:
        colour = ' class="red"' if p.trump in RED_SUITS else ""
        title += (f": {SUIT_NAMES[p.trump]} trumps "
                  f"<span{colour}>{SUIT_SYMBOLS[p.trump]}</span>")
    if p.turnup is not None:
        title += f" (turned up {card_html(p.turnup)})"
    return title


def _suit_heads(p: Position) -> list[dict[str, object]]:
    return [{"t": SUIT_SYMBOLS[s], "red": s in RED_SUITS, "trump": s == p.trump}
            for s in range(4)]


def _page(start: Position, heading: str, question: str, sections: list[str],
          play: Sequence[PlayedCard], footer: str, verdicts: str = "") -> str:
    data = {
        "players": start.players,
        "dealer": start.players - 1,
        "suits": _suit_heads(start),
        "steps": steps_data(start, play, verdicts),
    }
    # "</" may not appear inside a script element; JSON allows "<\/" for it.
    payload = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    template = Template(files("jink.study").joinpath("page.html").read_text(encoding="utf-8"))
    plain_title = re.sub(r"<[^>]+>", "", heading)
    return template.substitute(
        title=escape(plain_title), heading=heading, question=question,
        sections="\n".join(f"<section>{s}</section>" for s in sections),
        data=payload, footer=footer, version=escape(__version__))


def solve_page(result: SolveResult, after: Sequence[list[Verdict]] | None = None) -> str:
    """The page of a solved position: deal, verdicts, scored cards, the line.

    With ``after`` (the verdicts after each card of the line:
    :func:`~jink.analysis.solve.line_verdicts`), the verdict table follows the
    stepper."""
    p = result.position
    start = verdicts_html(p, result.verdicts,
                          "What each {who} can force (all others against it)")
    sections = [f'<div id="verdicts-live">{start}</div>' if after is not None else start]
    if result.moves or result.open_moves:
        sections.append(moves_html(result))
    if result.line:
        sections.append(line_html(result))
    if result.line_cut:
        sections.append(f"<p>The limit stopped the line of play {cut_where(len(result.line))} "
                        "(it needs every card scored at every step).</p>")
    verdict = _asked(result)
    play = []
    before = result.verdicts
    for index, step in enumerate(result.line):
        live = ""
        if after is not None:
            caption = (f"After trick {step.trick}, seat {step.seat + 1}'s "
                       f"{escape(card_symbol(step.card))}: what each {{who}} can force")
            live = verdicts_html(p, after[index], caption, before)
            before = after[index]
        play.append(PlayedCard(step.card, step.note + (f"; why: {step.why}" if step.why
                                                        else ""), verdicts=live))
    return _page(p, _title(p), verdict, sections, play,
                 f"{result.nodes} nodes in {result.seconds:.3f} s",
                 start if after is not None else "")


def _asked(result: SolveResult) -> str:
    """The question asked and its answer, in a sentence."""
    try:
        verdict = result.verdict_of(result.seat)
    except KeyError:
        return ""
    goal = result.goal
    most = verdict.max_tricks
    holds: bool | None
    if isinstance(goal, Spoil):
        holds = verdict.spoil
    elif most is not None:
        holds = most >= goal.k
    else:
        holds = True if (verdict.at_least or 0) >= goal.k else None
    sides = result.position.game.sides(result.position.players)
    partners = [s for s in next(s for s in sides if result.seat in s) if s != result.seat]
    with_them = f" (with seat {' & '.join(str(s + 1) for s in partners)})" if partners else ""
    asked = f"Seat {result.seat + 1}{with_them}, goal <b>{escape(goal.name)}</b>: "
    if holds is None:
        return asked + "<b>unknown</b>: the limit stopped the question."
    sure = (f"{most} trick{'' if most == 1 else 's'} for sure" if most is not None
            else f"at least {verdict.at_least} for sure, the rest unknown")
    return (asked + f"<b>{'can' if holds else 'cannot'}</b> force it whatever the others do "
            f"({sure}).")


def analysis_page(review: Analysis) -> str:
    """The page of a played deal: deal, verdicts (live: they follow the
    stepper), the record with a "play instead" card beside each slip, the
    summary."""
    p = review.start
    summary = "<h2>Summary</h2><ul>" + "".join(
        f"<li>{names_html(line)}</li>" for line in review.summary()) + "</ul>"
    start = verdicts_html(p, review.verdicts, "At the start, what each {who} could force")
    sections = [f'<div id="verdicts-live">{start}</div>', record_html(review), summary]
    play = []
    for card in review.cards:
        caption = (f"After trick {card.trick}, seat {card.seat + 1}'s "
                   f"{escape(card_symbol(card.card))}: what each {{who}} could force")
        live = verdicts_html(p, card.after, caption, card.before)
        play.append(PlayedCard(card.card, "; ".join(card.notes),
                               instead_html(card, lambda n: question_label(review.start, n)),
                               live))
    return _page(p, _title(p), "The played record, card by card: step through it below.",
                 sections, play, f"{review.nodes} nodes", start)


"""The evening as one self-contained HTML page: the ledger deal by deal, each
deal's hands, and with ``--analyse`` its verdicts, record and summary (the
analysis page's tables, :mod:`jink.study.page`)."""

from __future__ import annotations

from html import escape

from jink.cards import iter_cards
from jink.position import sort_cards
from jink.session.evening import DealResult, Evening
from jink.study.page import card_html, names_html, record_html, verdicts_html
from jink.version import __version__

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { border-bottom: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left;
         vertical-align: top; }
caption { text-align: left; font-weight: bold; }
.red { color: #c00; } .bad { color: #c00; } .yes { color: #080; } .no { color: #888; }
.claim { color: #a60; } section { border-top: 2px solid #888; margin-top: 1.5em; }
aside.instead { margin: 0.3em 0; padding: 0.3em 0.6em; border-left: 4px solid #080;
                background: #e3f4e3; font-weight: normal; }
aside.instead .head { font-size: 0.8em; font-weight: bold; color: #080; }
aside.instead .better { font-size: 1.3em; } aside.instead p { margin: 0.1em 0; }
aside.instead p.refutation { color: #444; font-size: 0.9em; }
"""


def _books(books: dict[str, object]) -> str:
    parts = []
    for key, value in books.items():
        if isinstance(value, dict):
            shown = ", ".join(f"{escape(str(k))} {escape(str(v))}" for k, v in value.items())
        elif isinstance(value, list):
            shown = ", ".join(escape(str(v)) for v in value) or "nobody"
        else:
            shown = escape(str(value))
        parts.append(f"<b>{escape(key)}</b>: {shown}")
    return "<br>".join(parts)


def _deal(result: DealResult) -> str:
    out = [f"<section><h2>Deal {result.number}: {escape(result.dealer)} deals</h2><ul>"]
    out += [f"<li>{names_html(e)}</li>" for e in result.events]
    out.append(f"</ul><p>{_books(result.books)}</p>")
    p = result.position
    if p is not None and p.trump is not None:
        turned = (f" (turn-up {card_html(p.turnup)})" if p.turnup is not None else "")
        out.append(f"<p>Trumps: {escape(p.rules.suit_name(p.trump))}{turned}</p>")
    if p is not None:
        rows = "".join(f"<tr><td>{i + 1}</td><td>{escape(name)}</td><td>"
                       + " ".join(card_html(c) for c in sort_cards(p.rules, iter_cards(hand)))
                       + "</td></tr>"
                       for i, (name, hand) in enumerate(zip(result.in_play, p.hands,
                                                             strict=True)))
        out.append("<table><caption>The hands in play</caption><thead><tr><th>Seat</th>"
                   f"<th>Player</th><th>Hand</th></tr></thead><tbody>{rows}</tbody></table>")
    review = result.analysis
    if review is not None:
        out.append(verdicts_html(review.start, review.verdicts,
                                 "At the start, what each {who} could force"))
        out.append(record_html(review))
        out.append("<h3>Summary</h3><ul>" + "".join(
            f"<li>{names_html(line)}</li>" for line in review.summary()) + "</ul>")
        if result.slips:
            out.append("<h3>Slips</h3><ul>" + "".join(f"<li>{names_html(s)}</li>"
                                                     for s in result.slips) + "</ul>")
        if result.costs:
            out.append("<ul>" + "".join(f'<li class="bad">{names_html(c)}</li>'
                                        for c in result.costs) + "</ul>")
    out.append("</section>")
    return "".join(out)


def _flat(books: dict[str, object]) -> dict[str, str]:
    """The books as columns: the pool, each player (or side), the beer."""
    out: dict[str, str] = {}
    for key, value in books.items():
        if key == "games":
            continue
        if isinstance(value, dict):
            out.update((str(k), str(v)) for k, v in value.items())
        elif isinstance(value, list):
            out[key.capitalize()] = ", ".join(map(str, value))
        else:
            out[key.capitalize()] = str(value)
    return out


def _ledger(evening: Evening) -> str:
    """The ledger at a glance: a row per deal, a column per player."""
    columns = list(_flat(evening.standings()))
    head = "".join(f"<th>{escape(c)}</th>" for c in ["Deal", "Dealer", *columns])
    rows = []
    for result in evening.deals:
        cells = _flat(result.books)
        rows.append(f"<tr><td>{result.number}</td><td>{escape(result.dealer)}</td>"
                    + "".join(f"<td>{escape(cells.get(c, ''))}</td>" for c in columns)
                    + "</tr>")
    return (f"<table><caption>The ledger, deal by deal</caption><thead><tr>{head}</tr>"
            f"</thead><tbody>{''.join(rows)}</tbody></table>")


def session_page(evening: Evening) -> str:
    """The whole evening as one HTML page (no network needed)."""
    game = evening.session.game
    title = f"{game.title}: an evening of {len(evening.deals)} deals"
    parts = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
             f"<h1>{escape(title)}</h1><p>Players, in order round the table: "
             f"{escape(', '.join(evening.session.players))}.</p>"]
    parts.append(_ledger(evening))
    parts += [_deal(result) for result in evening.deals]
    parts.append(f"<section><h2>Standings</h2><p>{_books(evening.standings())}</p>")
    if evening.error:
        parts.append(f'<p class="bad">Stopped: {escape(evening.error)}</p>')
    costs = [c for r in evening.deals for c in r.costs]
    if costs:
        parts.append("<h3>Against the double-dummy result</h3><ul>" + "".join(
            f"<li>{names_html(c)}</li>" for c in costs) + "</ul>")
    parts.append(f"</section><footer>jink {escape(__version__)}</footer></body></html>\n")
    return "".join(parts)

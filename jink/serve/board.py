"""The board of a deal and a play: what the page draws, worked out without search.

The page keeps the deal string of the start and the cards played since, in
order; :func:`board` replays them (every card checked, as ``jink analyse``
checks a record) and gives each position along the way: hands in display
order, the trick, tricks won, the seat to play and its legal cards, and the
deal string of that position (what the page asks ``/api/solve`` about).

>>> out = board("spoil-five:2S:1:8S.QH.KD.QD.KC 7S.7H.9D.4D.JC JS.QS.TH.2D.TC", "8S.7S.JS")
>>> out["steps"][3]["won"], out["steps"][3]["seat_to_play"], out["steps"][3]["legal"][:2]
([0, 0, 1], 3, ['QS', 'TH'])
>>> out["record"]
'spoil-five:2S:1:8S.QH.KD.QD.KC 7S.7H.9D.4D.JC JS.QS.TH.2D.TC:play=8S.7S.JS'
"""

from __future__ import annotations

from typing import Any

from jink.cards import SUITS, Card, card_name, cards_text, iter_cards, parse_card
from jink.errors import IllegalPlayError, ParseError
from jink.formats.dealstring import deal_string, read_deal_string
from jink.formats.files import PositionFile
from jink.position import Position, sort_cards

#: The most cards a play may name: ten seats of Rams' widow hands, with room.
MAX_CARDS = 200


def parse_play(text: str) -> list[Card]:
    """The cards of a play, in order: dotted (``8S.7S.JS``), tricks may be
    separated by ``/`` (as in a deal string's ``play=``), spaces or commas too.

    >>> [card_name(c) for c in parse_play("8S.7S.JS/QS")]
    ['8S', '7S', 'JS', 'QS']
    """
    names = text.replace("/", " ").replace(".", " ").replace(",", " ").split()
    if len(names) > MAX_CARDS:
        raise ParseError(f"{len(names)} cards: more than a deal holds", "play")
    cards = []
    for index, name in enumerate(names, start=1):
        try:
            cards.append(parse_card(name))
        except ParseError as error:
            raise ParseError(f"card {index}: {str(error).removeprefix(': ')}", "play") from None
    return cards


def start_of(deal: str) -> tuple[PositionFile, list[Card]]:
    """The start of a deal string and the cards of its played record (``play=``),
    flattened in order; an empty list when it has none."""
    item = read_deal_string(deal)
    played = [card for trick in item.play or () for card in trick]
    return PositionFile(item.position), played


def _step(position: Position) -> dict[str, Any]:
    rules = position.rules
    return {
        "deal": deal_string(position),
        "hands": [[card_name(c) for c in sort_cards(rules, iter_cards(hand))]
                  for hand in position.hands],
        "trick": [{"seat": position.seat_of_trick_card(i) + 1, "card": card_name(card)}
                  for i, card in enumerate(position.trick)],
        "leader": position.leader + 1,
        "won": list(position.won),
        "trump": SUITS[position.trump] if position.trump is not None else None,
        "trick_no": min(position.tricks_done + 1, position.game.tricks),
        "seat_to_play": None if position.is_over else position.seat_to_play + 1,
        "legal": [card_name(c) for c in position.legal_cards()],
        "over": position.is_over,
    }


def questions(position: Position) -> list[dict[str, Any]]:
    """The goals the page offers: the game's questions, then each number of tricks."""
    game = position.game
    asked = [{"goal": q.name, "label": q.label} for q in game.questions(position.players)]
    return asked + [{"goal": str(k), "label": f"{k} {'trick' if k == 1 else 'tricks'}"}
                    for k in range(1, game.tricks + 1)]


def board(deal: str, play: str = "") -> dict[str, Any]:
    """The board of ``deal`` (a deal string, perhaps with ``play=``) after the
    cards of ``play``: every position from the start on, one per card.

    A deal string with a played record opens at its start with the record's
    cards as the play; ``play`` then may not be given as well. ``record`` is
    the deal string of the start with the whole play as its played record
    (what ``/api/analyse`` reviews), None when there is no play or the start
    is part-way through a trick (a record starts at the beginning of one).
    """
    start, recorded = start_of(deal)
    cards = parse_play(play)
    if recorded and cards:
        raise ParseError("the deal string has a played record (play=): give the cards "
                         "there or as the play, not both", "play")
    cards = recorded or cards
    position = start.position
    steps = [_step(position)]
    plays = []
    for index, card in enumerate(cards, start=1):
        trick_no = position.tricks_done + 1
        try:
            after = position.play(card)
        except IllegalPlayError as error:
            raise IllegalPlayError(f"card {index} of the play (trick {trick_no}): {error}") \
                from None
        won_by = after.leader + 1 if after.tricks_done > position.tricks_done else None
        plays.append({"seat": position.seat_to_play + 1, "card": card_name(card),
                      "trick": trick_no, "won_by": won_by})
        steps.append(_step(after))
        position = after
    first = start.position
    game = first.game
    record = None
    if cards and not first.trick:
        # A played record (for jink analyse) starts at the beginning of a trick.
        tricks = [cards[i:i + first.players] for i in range(0, len(cards), first.players)]
        record = deal_string(PositionFile(first, tuple(tuple(t) for t in tricks)))
    return {
        "game": game.name,
        "title": game.title,
        "players": first.players,
        "tricks": game.tricks,
        "turnup": cards_text([first.turnup]) if first.turnup is not None else None,
        "sides": [[s + 1 for s in side] for side in game.sides(first.players)]
        if game.partnerships else None,
        "questions": questions(first),
        "start": deal_string(first),
        "record": record,
        "plays": plays,
        "steps": steps,
    }

"""``jink legal``: the cards the seat to play may play.

Either a whole position (FILE, ``--example`` or ``--hands``), or only what
the rules look at: the hand of the seat to play (``--hand``), the trick so far
and the trump suit, so a question about following needs no full deal.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.text import Text

from jink.cards import (
    Card,
    bit,
    card_name,
    cards_text,
    cardset,
    iter_cards,
    parse_card,
    parse_cards,
    parse_suit,
    suit_of,
)
from jink.cli.common import (
    MOST_PLAYERS,
    NO_POSITION,
    ExampleOpt,
    FileArg,
    JsonOpt,
    PositionOptions,
    epilog,
    for_each_position,
    handle_errors,
    parse_option,
    print_json,
    print_sections,
    takes_position,
)
from jink.cli.render import cards_markup, legal_markup, suit_markup
from jink.errors import ParseError, PositionError
from jink.games import Rules, find_game
from jink.position import Position, sort_cards
from jink.words import plural

HandOpt = Annotated[str | None, typer.Option(
    "--hand", metavar="CARDS", help="Only the hand of the seat to play (with --trick and "
    "--trump), instead of a whole position.", show_default=False)]
TricksDoneOpt = Annotated[int | None, typer.Option(
    "--tricks-done", metavar="N", help="With --hand: tricks already completed; default 0.",
    show_default=False)]
PlayersOpt = Annotated[int | None, typer.Option(
    "--players", "-n", metavar="N", min=1, max=MOST_PLAYERS,
    help="With --hand: how many seats play (Bierspiel's first "
    "leads depend on it).", show_default=False)]

EPILOG = epilog(
    'jink legal --trump S --hand "2S AH 5D" --trick "3S" --json',
    'jink legal --hands "QH KD QD KC / 7S 7H 9D 4D JC / JS QS TH 2D TC" --trump S --trick 8S',
    "jink legal --example renege")


@takes_position()
def legal(
    file: FileArg = None,
    hand: HandOpt = None,
    tricks_done: TricksDoneOpt = None,
    players: PlayersOpt = None,
    opts: PositionOptions = NO_POSITION,
    example: ExampleOpt = False,
    json_output: JsonOpt = False,
) -> None:
    """The cards the seat to play may play, best first in each suit.

    With --json: {"legal": [...]}, plus "seat_to_play" for a whole position.
    """
    with handle_errors():
        if hand is not None:
            extra = (["FILE"] if file is not None else []) + (["--example"] if example else [])
            extra += PositionOptions(hands=opts.hands, leader=opts.leader, won=opts.won,
                                     deal=opts.deal).given()
            if extra:
                raise typer.BadParameter(
                    f"--hand is one hand without a position: no {', '.join(extra)}",
                    param_hint="--hand")
            rules, cards = lone_hand_legal(opts.game, opts.trump, opts.turnup, hand,
                                           opts.trick or "", tricks_done or 0,
                                           opts.options or [], players)
            if json_output:
                print_json({"legal": [card_name(c) for c in cards]})
            else:
                _print_lone(rules, cards, opts.trick or "")
            return
        if tricks_done is not None:
            raise typer.BadParameter("--tricks-done goes with --hand; a position counts "
                                     "its tricks with --won", param_hint="--tricks-done")
        if players is not None:
            raise typer.BadParameter("--players goes with --hand; a position has its hands",
                                     param_hint="--players")
        for_each_position(file, opts, example=example,
                          act=lambda item, index: _print_position(item.position, json_output,
                                                                  gap=index > 0))


def _print_position(p: Position, json_output: bool, gap: bool = False) -> None:
    cards = p.legal_cards()
    seat = None if p.is_over else p.seat_to_play + 1
    if json_output:
        print_json({"legal": [card_name(c) for c in cards], "seat_to_play": seat})
        return
    if seat is None:
        print_sections(Text("The deal is over: nothing to play."), gap=gap)
        return
    if p.trick:
        played = ", ".join(f"{cards_markup([c])} (seat {p.seat_of_trick_card(i) + 1})"
                           for i, c in enumerate(p.trick))
        heading = f"Seat {seat} to play to {played}:"
    else:
        heading = f"Seat {seat} to lead:"
    print_sections(Text.from_markup(f"{heading}\n  {legal_markup(p.rules, cards)}"), gap=gap)


def _print_lone(rules: Rules, cards: list[Card], trick: str) -> None:
    where = f"to {cards_markup(parse_cards(trick))}" if trick.strip() else "to lead"
    trumps = f" ({suit_markup(rules.trump)} trumps)" if rules.trump is not None \
        else " (no trump yet)"
    print_sections(Text.from_markup(f"Legal {where}{trumps}:\n  {legal_markup(rules, cards)}"))


def lone_hand_legal(game_name: str | None, trump_text: str | None, turnup_text: str | None,
                    hand_text: str, trick_text: str, tricks_done: int,
                    option_texts: list[str], players: int | None = None,
                    ) -> tuple[Rules, list[Card]]:
    """The legal cards of one hand to a trick, checking what can be checked
    without the other hands: the cards exist, none is both held and played.

    ``players`` (the seats in the play) is needed where the duties of the first
    tricks depend on it (Bierspiel); no trump is a Loo simple pool before
    trumps come in (the card to be turned changes no duty within a trick).
    """
    # None is "not given"; an empty name given is an unknown game, not the default.
    game = find_game("spoil-five" if game_name is None else game_name)
    options: dict[str, Any] = dict(parse_option(o) for o in option_texts)
    trump = _suit(trump_text, turnup_text, game.allows_no_trump)
    if turnup_text is not None:
        # As a position's turn-up is checked: a card turned past (Bierspiel's
        # 7D) makes no trumps, so its suit is not the trump suit.
        game.check_turnup(parse_card(turnup_text))
    hand = _cards(hand_text, "--hand")
    trick = _cards(trick_text, "--trick")
    for card in hand + trick:
        if not game.deck & bit(card):
            raise PositionError(f"{card_name(card)} is not in the {game.title} pack")
    both = set(hand) & set(trick)
    if both:
        raise PositionError(f"{cards_text(sorted(both))} is in the hand and in the trick")
    if not hand:
        raise ParseError("the hand is empty", "--hand")
    if players is not None:
        game.check_players(players)
        if len(trick) >= players:
            raise PositionError(f"the trick holds {len(trick)} cards; with {players} players "
                                f"it is complete")
    elif len(trick) >= game.max_players:
        raise PositionError(f"the trick holds {len(trick)} cards; {game.title} has at most "
                            f"{game.max_players} players")
    if not 0 <= tricks_done < game.tricks:
        raise PositionError(f"--tricks-done {tricks_done}: a deal has {game.tricks} tricks")
    if players is None and tricks_done < game.seats_decide_duties:
        raise ParseError(f"{game.name}: the duties of the first {game.seats_decide_duties} "
                         f"tricks depend on how many play: give --players", "--players")
    most = game.hand_size - tricks_done
    if len(hand) > most:
        raise PositionError(f"the hand holds {plural(len(hand), 'card')}; after "
                            f"{plural(tricks_done, 'trick')} "
                            f"a hand holds at most {most}")
    rules = game.bind(trump, options, players or 0)
    legal = rules.legal(cardset(hand), tuple(trick), tricks_done)
    return rules, sort_cards(rules, iter_cards(legal))


def _suit(trump_text: str | None, turnup_text: str | None,
          none_allowed: bool = False) -> int | None:
    try:
        trump = parse_suit(trump_text) if trump_text is not None else None
    except ParseError as error:
        raise ParseError(str(error), "--trump") from None
    if turnup_text is not None:
        try:
            turnup = parse_card(turnup_text)
        except ParseError as error:
            raise ParseError(str(error), "--turnup") from None
        if trump is not None and suit_of(turnup) != trump:
            raise PositionError(f"the turn-up {card_name(turnup)} is not of the trump suit")
        trump = suit_of(turnup)
    if trump is None and not none_allowed:
        raise ParseError("give the trump suit (or --turnup)", "--trump")
    return trump


def _cards(text: str, where: str) -> list[Card]:
    try:
        return parse_cards(text)
    except ParseError as error:
        raise ParseError(str(error), where) from None

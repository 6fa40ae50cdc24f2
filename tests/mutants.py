"""Mutants of the compiled core: its C source with one deliberate bug each.

Partition search (docs/solver.md) is exact only if every answer carries the
cards it rested on and every table key holds what the rest of the play
depends on, and the core's own move order (the asker's thrift) only if it
still tries every card. Each mutant below drops one of those; `tests/data/partition_aimed.jsonl`
holds positions found by searching random deals for ones where the mutant's
answers differ from the exact ones. `tests/test_partition.py` checks that the
real core answers those positions like the Python engine, and (slow) that
each mutant, built here with gcc, gets at least one of them wrong: the
positions are aimed, not decoration.

``python -m tests.mutants --find`` searches for new aimed positions and
rewrites the data file (a few minutes).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from jink.bench.deals import deal
from jink.formats.files import position_from_dict, position_to_dict
from jink.games import find_game
from jink.position import Position
from jink.solver import Solver, native
from tests.test_native import GAMES, questions, random_position, seat_counts

SOURCE = Path(__file__).resolve().parent.parent / "jink" / "solver" / "_core.c"
_INCLUDE = re.compile(r'^#include "(core/[\w.]+)"$', re.M)


def source_text(source: Path = SOURCE) -> str:
    """The core's C source as one text: ``source`` (the module, _core.c) with
    each of its ``#include "core/..."`` lines replaced by that file. The
    mutants, the tests' builds with other thresholds and the checking builds
    all change this text and compile it alone."""
    text = source.read_text()
    return _INCLUDE.sub(lambda m: (source.parent / m.group(1)).read_text(), text)
AIMED = Path(__file__).resolve().parent / "data" / "partition_aimed.jsonl"

#: name: (what the bug is, text in the core's source, what it becomes). Each text must
#: occur in the source (checked), so a mutant cannot silently stop existing.
MUTANTS: dict[str, tuple[str, str, str]] = {
    "lead_rel": (
        "a plain suit's run rests on the cards above the leader's last card counted, "
        "not on that card",
        "*rel |= s->live & (R->higher[last] | bit(last));",
        "*rel |= s->live & R->higher[last];"),
    "by_rank": (
        "a trick taken over a card of its suit does not name the winning card",
        "if (i != w && R->suit[trick[i]] == R->suit[trick[w]]) return bit(trick[w]);",
        "(void)w;"),
    "group": (
        "a card tried for its group of equivalent cards does not extend the answer "
        "to the group",
        "if (s->rel & group) rel |= group;",
        "(void)group;"),
    "trumps": (
        "entries match the trumps only down to the lowest one named, though the sure "
        "tricks and the top-trump counts read them all",
        "if (su == R->trump) d = popc(live);\n        else if (mine) {",
        "if (mine) {"),
    "trumps_unhashed": (
        "as trumps, with a key's chain chosen by the key alone (hashed_suit): entries "
        "that name fewer trump holders are then found by positions they do not stand for",
        "if (su == R->trump) d = popc(live);\n        else if (mine) {",
        "if (mine) {"),
    "counts": (
        "keys forget how many cards of each suit each seat holds",
        "counts |= (u64)popcount64(hands[p] & R->suit_masks[su]) << (4 * p);",
        "counts |= 0;"),
    "hit": (
        "an answer read from the table rests on nothing",
        "s->rel = part ? depth_cards(s, depth) : s->live;",
        "s->rel = part ? 0 : s->live;"),
    "mid_best": (
        "mid-trick keys forget which card of the trick is best",
        "(u64)basic_winner(R, trick, i) << 52",
        "(u64)0 << 52"),
    "lost_sum": (
        "the tricks another seat's trumps take from a threat are added up over the "
        "seats, though two seats' trumps may fall in one trick",
        "if (lost > most) most = lost;",
        "most += lost;"),
    "lost_self": (
        "a threat's own trumps count as taking tricks from it",
        "if (q == p || !count[q]) continue;",
        "if (!count[q]) continue;"),
    "mid_led": (
        "mid-trick keys forget the suit led",
        "(u64)R->suit[trick[0]] << 56",
        "(u64)0 << 56"),
    "spare": (
        "a trick settled before its end: a seat still to play may not spend one of "
        "its trumps the goal's seat cannot cover on this trick",
        "        if (j >= i && lost > 0\n"
        "            && (s->on_side[q]\n"
        "                || !(legal_cards(R, s->hands[q], trick, i, s->done) & ~R->trump_mask)))\n"
        "            lost--;",
        ";"),
    "unbeaten": (
        "a trick settled before its end goes to the goal's seat though a seat still "
        "to play could beat its card",
        "if (can_take(s, legal, trick, i)) return -1;",
        "(void)legal;"),
    "won_rel": (
        "a trick settled before its end for the goal's seat does not name its card",
        "s->rel = bit(trick[best]);  /* no card still held ranks above it */",
        "s->rel = 0;"),
    "lost_rel": (
        "a trick settled before its end against the goal's seat does not name the "
        "card that beat it",
        "u64 rel = by_rank(R, trick, i, best);  /* as end_trick: the card that beat it */",
        "u64 rel = 0;"),
    "dp_rel": (
        "the two-trick path by states does not name the cards that took the tricks",
        "d->rel |= bit(a_best) | bit(b);",
        "(void)b;"),
    "dp_led": (
        "the two-trick path's states forget the card led (which the duty to follow reads)",
        "| (u64)(d->trick[0] + 1) << 4",
        ""),
    "dp_group": (
        "the two-trick path by states does not extend its answer to a seat's group",
        "&& (d.rel & h))\n            d.rel |= h;",
        "&& (d.rel & h))\n            d.rel |= 0;"),
    "sib_rel": (
        "a card stands for a sibling of its suit whatever its answer rested on",
        "return !(mine & ~R->higher[a]) && !(mine & ~R->higher[b]);",
        "(void)mine; return 1;"),
    "sib_low": (
        "a card stands for a sibling of its suit though the sibling ranks above a "
        "card the answer rested on",
        "return !(mine & ~R->higher[a]) && !(mine & ~R->higher[b]);",
        "return !(mine & ~R->higher[a]);"),
    "sib_take": (
        "a card stands for a sibling of its suit though one of them takes the trick "
        "and the other does not",
        "if (i && (takes(R, a, bp, led) || takes(R, b, bp, led))) return 0;",
        "(void)bp; (void)led;"),
    "sib_best": (
        "a card standing for a sibling does not name the trick's best card of their suit",
        "if (i && s->R->suit[trick[best]] == s->R->suit[card]) rel |= bit(trick[best]);",
        ";"),
    "unplayed": (
        "a trick settled before its end against the goal's seat still to play, though "
        "it holds a legal card that takes it",
        "if (can_take(s, legal_cards(R, s->hands[p], trick, i, s->done), trick, i)) return -1;",
        ";"),
    "unplayed_rel": (
        "a trick settled against the goal's seat still to play does not name the best "
        "card, above its cards",
        "rel = bit(trick[best]);  /* its cards rank below it */",
        ";"),
    "keep_forced": (
        "a seat playing against the goal keeps its trumps though it must play one",
        "|| !(legal_cards(R, s->hands[q], trick, i, s->done) & ~R->trump_mask)))",
        "))"),
    "keep_side": (
        "a seat playing for the goal keeps its trumps for later",
        "&& (s->on_side[q]\n                ||",
        "&& (0\n                ||"),
    "rx_rel": (
        "the relaxed game does not name the cards that took its tricks",
        "    x->rel |= bit(best);\n",
        "    (void)best;\n"),
    "rx_kinds": (
        "the relaxed game's pool leads only its strongest card of each suit",
        "if (theirs & bit(card)) fresh = 1;",
        "if (0 && (theirs & bit(card))) fresh = 1;"),
    "rx_last": (
        "the pooled game's runs of pool seats never add their strongest card to take a "
        "trick (the relaxed game plays only where the pooled game does not hold)",
        "return top >= 0 && takes(R, top, R->power[best], led) ? top : -1;",
        "return 0 && top >= 0 && takes(R, top, R->power[best], led) ? top : -1;"),
    "rx_taker": (
        "in the relaxed game, a trick a group of pool seats takes is led to by another group",
        "relaxed_won(x, x->m + 1 + g, card, left)",
        "relaxed_won(x, x->m + 1, card, left)"),
    "duty_void": (
        "the relaxed game holds a pool seat to follow suit though it may have run out "
        "of the suit led before",
        "shed += su == led || x->led_pool[t] == x->group[i] || popc(held) <= t;",
        "shed += su == led || x->led_pool[t] == x->group[i];"),
    "duty_led": (
        "the relaxed game holds a pool seat to follow suit though it may have led its "
        "cards of the suit",
        "shed += su == led || x->led_pool[t] == x->group[i] || popc(held) <= t;",
        "shed += su == led || popc(held) <= t;"),
    "duty_renege": (
        "the relaxed game counts a pool seat's top trumps as bound to follow a trump lead",
        "if (su == R->trump) held &= ~R->privileged;  /* those may renege */",
        ";"),
    "rx_memo_past": (
        "the relaxed game's memory forgets the suits led since its start",
        "&& e->past == past",
        ""),
    "rx_turn": (
        "the relaxed game plays the asker and the threats in the reverse of their turn",
        "x->order[role[p]][k++] = (int8_t)ring[j];",
        "x->order[role[p]][k++] = (int8_t)ring[2 * p + n - j];"),
    "duty_low": (
        "the relaxed game makes a pool seat take the trick though it holds a card of the "
        "suit below the best",
        " || R->power[low] < R->power[best]) continue;",
        ") continue;"),
    "duty_lead": (
        "the relaxed game holds the pool seat on lead to follow its own lead",
        "if ((spared >> i & 1) ||",
        "if (0 ||"),
    "duty_rel": (
        "a pool seat's duty in the relaxed game does not name its card and the best",
        "if (duty >= 0) x->rel |= bit(duty) | bit(best);",
        "if (duty >= 0) x->rel |= 0;"),
    "duty_mid": (
        "the relaxed game within a trick holds a pool seat that has played to it to "
        "follow again",
        "else x->exempt |= bit(pool[turn_seat(s, j)]);",
        "else (void)q;"),
    "rx_memo_used": (
        "the relaxed game's memory forgets the pool's cards used up",
        "    cards |= x->used;  /* (the pool's cards: no card is both) */",
        "    (void)x->used;"),
    "rx_used_back": (
        "a pool card the relaxed game led is not given back when the lead was tried",
        "    x->used = used;\n    return r;\n}",
        "    (void)used;\n    return r;\n}"),
    "rx_taker_top": (
        "in the relaxed game a pool seat takes a trick only with its strongest card, "
        "then used up",
        "    return x->gcards[g] & ~x->used & beaters;",
        "    u64 takers = x->gcards[g] & ~x->used & beaters, top = 0;\n"
        "    for (; takers; takers &= takers - 1)\n"
        "        if (!top || R->power[low_card(takers)] > R->power[low_card(top)])\n"
        "            top = takers & (~takers + 1);\n"
        "    return top;"),
    "rx_memo_won": (
        "the relaxed game's memory forgets the threats' tricks",
        "for (int i = 0; i <= x->m; i++) rest |= (u64)x->won[i] << (3 * i);",
        ";"),
    "rx_memo_asker": (
        "the relaxed game's memory forgets the asker's own tricks (a max_tricks game)",
        "for (int i = 0; i <= x->m; i++) rest |= (u64)x->won[i] << (3 * i);",
        "for (int i = 1; i <= x->m; i++) rest |= (u64)x->won[i] << (3 * i);"),
    "rx_forced_choice": (
        "in the max_tricks game a pool seat throws a card to a lead though it may keep it "
        "and throw another",
        "        if (popc(follow) != 1) continue;\n        thrown |= follow;",
        "        if (!follow) continue;\n        follow &= ~follow + 1;\n"
        "        thrown |= follow;"),
    "rx_sure_known": (
        "in the max_tricks game a seat's forced card takes the trick though the seat may "
        "have thrown it before",
        "popc(left) + tricks == popc(x->seat[i])) *sure |= follow;",
        "1) *sure |= follow;"),
    "rx_sure_early": (
        "in the max_tricks game the forced card of a seat before the asker takes the trick "
        "after the asker's card",
        "if (!(x->early >> i & 1) && popc(left)",
        "if (popc(left)"),
    "rx_forced_renege": (
        "in the max_tricks game a pool seat whose trumps may all renege throws one to a "
        "trump lead",
        "follow = trumps & ~R->renege_above[lead] ? trumps : 0;",
        "follow = trumps;"),
    "rx_forced_plain": (
        "in the max_tricks game a pool seat with a trump must follow a plain lead",
        "else follow = trumps ? 0 : left & R->suit_masks[led];",
        "else follow = left & R->suit_masks[led];"),
    "rx_ahead_all": (
        "in the max_tricks game every pool seat plays before the asker",
        "        x.ahead[role[p] - 1] = ahead;",
        "        x.ahead[role[p] - 1] = ahead | ((1ull << x.npool) - 1);"),
    "rx_tricks_last": (
        "the max_tricks game's last trick played out gives the asker a trick a pool "
        "seat may take",
        "            if (takers) {\n                x->rel |= bit(low_card(takers));",
        "            if (0 && takers) {\n                x->rel |= bit(low_card(takers));"),
    "rx_memo_rel": (
        "a position the relaxed game remembers does not name the cards its answer "
        "rested on",
        "x->rel |= e->rel;\n            return e->value;",
        "return e->value;"),
    "group_exempt": (
        "the relaxed game holds every seat of the group leading a trick but one to follow",
        "x->exempt = x->gseats[g];",
        "x->exempt = x->gseats[g] & (~x->gseats[g] + 1);"),
    "group_cards": (
        "a group of pool seats leads only its first seat's cards",
        "x->gcards[g] |= s->hands[p];",
        "if (!x->gcards[g]) x->gcards[g] = s->hands[p];"),
    "group_top": (
        "a group of pool seats takes a trick only with its first seat's cards",
        "    return x->gcards[g] & ~x->used & beaters;",
        "    return x->seat[low_card(x->gseats[g])] & ~x->used & beaters;"),
    "group_run": (
        "the relaxed game puts every pool seat in one group, though the asker or a "
        "threat sits between them",
        "if (before > x->m && grouped) {\n            g = before - x->m - 1;",
        "if (x->ngroup && grouped) {\n            g = x->ngroup - 1 + 0 * before;"),
    "rx_trumps": (
        "the relaxed game counts every trump of the asker against a threat, covered or not",
        "reach -= na - matched(x->rk[0], na, x->rk[i], ranked(x, i));",
        "reach -= na;"),
    "rx_budget": (
        "the relaxed game, past its steps, answers that no threat reaches its tricks",
        "if (--x->budget < 0) return 0;",
        "if (--x->budget < RELAXED.steps - 8) return 1;"),
    "rs_won": (
        "the relaxed spoil forgets the tricks its threats have won",
        "x->won[x->m] = s->won[p];",
        "x->won[x->m] = 0;"),
    "rs_pool": (
        "the relaxed game's pool tells its kinds of card apart by the threats' cards only, "
        "not the asker's",
        "for (int i = 0; i <= x->m; i++) theirs |= x->hand[i];",
        "for (int i = 1; i <= x->m; i++) theirs |= x->hand[i];"),
    "rx_done": (
        "the relaxed game reads a lead's duties as if it were the trick before",
        "legal_cards(R, x->hand[leader], trick, 0, x->done);",
        "legal_cards(R, x->hand[leader], trick, 0, x->done - 1);"),
    "pg_kinds": (
        "the pooled game's memory forgets the pool's kinds of card",
        "&& e->kinds == key->kinds",
        ""),
    "pg_own": (
        "the pooled game's memory forgets whose the asker's and the threats' cards are",
        "if (e->cards == key->ours && e->own[0] == key->own[0] && e->own[1] == key->own[1]\n"
        "            &&",
        "if (e->cards == key->ours &&"),
    "pg_won": (
        "the pooled game's memory forgets the threats' tricks",
        "won |= (u64)s->won[p] << (3 * p);",
        ";"),
    "pg_best": (
        "the pooled game's memory, within a trick, forgets the trick's best card",
        "| (u64)(trick[b] + 1) << 6",
        ""),
    "pg_who": (
        "the pooled game's memory, within a trick, forgets whose the best card is",
        "| (u64)code << 12;",
        ";"),
    "pg_mark": (
        "an answer the pooled game's memory holds rests on nothing",
        "rel |= card >= 0 ? bit(card) : live;",
        "(void)card, (void)live;"),
    "pg_rel": (
        "the pooled game's answer rests on nothing",
        "        mark[su] = (int8_t)j;\n        *rel |= bit(low);",
        "        mark[su] = -1;"),
    "pg_sub_won": (
        "the pooled game's memory of its later tricks forgets the threats' tricks",
        "        if (i) won |= (u64)x->won[i] << (3 * x->seat_of[i]);",
        "        ;"),
    "pg_sub_leader": (
        "the pooled game's memory of its later tricks forgets who leads",
        "key->trick = bit(63) | (u64)leader;",
        "key->trick = bit(63);"),
    "pg_cards": (
        "the pooled game's runs lead only their own seats' cards",
        "            x->gcards[g] = all;",
        "            (void)all;"),
    "pg_top": (
        "the pooled game's runs take tricks only with their own seats' cards",
        "            memcpy(x->gtop[g], top, sizeof top);",
        "            (void)top;"),
    "pg_duty": (
        "the pooled game keeps the pool seats' duty to follow",
        "        x->npool = 0;",
        "        ;"),
    "pg_void_lead": (
        "the pooled game's groups lead one plain suit only, though a threat may hold the others",
        "int none = !(theirs & R->suit_masks[su]);",
        "int none = 1;"),
    "rx_sibling_named": (
        "a threat's card stands for a sibling in the games whatever the answer names",
        "stands_for(R, order[i], order[j], x->rel, 1, R->power[best], led)",
        "stands_for(R, order[i], order[j], 0, 1, R->power[best], led)"),
    "next_sibling_named": (
        "a seat's card in settler next stands for a sibling whatever the answer names",
        "if (stands_for(R, cards[i], cards[j], rel, 1, bp, led)) return 1;",
        "if (stands_for(R, cards[i], cards[j], 0 & rel, 1, bp, led)) return 1;"),
    "pg_low_lead": (
        "the pooled game's groups lead their highest card of a plain suit, not their lowest",
        "        if (mine & bit(R->order[su][i])) lowest = R->order[su][i];",
        "        if ((mine & bit(R->order[su][i])) && lowest < 0) lowest = R->order[su][i];"),
    "last_won": (
        "the relaxed game's last trick played out: a threat needs a trick more than it does",
        "x->won[who] + 1 >= x->need[who]) return 0;",
        "x->won[who] + 2 >= x->need[who]) return 0;"),
    "last_duty": (
        "the relaxed game's last trick played out: no pool seat must beat a threat's card",
        "    if (duty >= 0) x->rel |= bit(duty) | bit(best);\n    else {",
        "    if (0) ;\n    else {"),
    "last_top": (
        "the relaxed game's last trick played out: the pool's cards that may take it are "
        "not named",
        "    for (int g = 0; g < x->ngroup; g++) x->rel |= pool_takers(x, g, best, led);",
        "    for (int g = 0; g < x->ngroup; g++) (void)pool_takers(x, g, best, led);"),
    "last_calls": (
        "the relaxed game's last trick played out counts one card fewer",
        "    long calls = 1;",
        "    long calls = 0;"),
    "next_spent": (
        "the next start settled early: a trump a seat still to play spends on this "
        "trick stays in its hand",
        "        s->hands[q] = hand ^ bit(low_card(c));\n        int r = next_ways(",
        "        s->hands[q] = hand;\n        int r = next_ways("),
    "next_asker": (
        "the next start settled early: the asker's card stays in its hand",
        "            s->hands[q] = hand ^ bit(card);\n            int rc = next_ways(",
        "            s->hands[q] = hand;\n            int rc = next_ways("),
    "next_winner": (
        "the next start settled early: a seat after the asker that may take the trick "
        "with a card of the suit led is not among its winners",
        "now && trump ? 0 : plain | (above && !now ? bit(q) : 0)",
        "now && trump ? 0 : plain"),
    "next_leader": (
        "the next start settled early is led by the seat that led this trick",
        "            s->leader = w;\n            s->pg.valid = 0;",
        "            s->leader = leader;\n            s->pg.valid = 0;"),
    "top_spend": (
        "a max_tricks seat still to play that must play a trump keeps every top trump "
        "for the tricks after this one",
        "& ~R->trump_mask))\n                top--;",
        "& ~R->trump_mask))\n                top -= 0;"),
    "top_need": (
        "a max_tricks seat's top trumps count one trick more after this one",
        "if (top >= need) {",
        "if (top + 1 >= need) {"),
    "tt_cover": (
        "a seat's sure trump tricks count only half of its trumps the others can cover",
        "return nm - matched(mine, nm, rival, nr);",
        "return nm - matched(mine, nm, rival, nr) / 2;"),
    "tt_sure": (
        "sure(): a max_tricks seat's sure trump tricks count one more",
        "trump_tricks(R, trumps[p], rival, nr) >= need)",
        "trump_tricks(R, trumps[p], rival, nr) + 1 >= need)"),
    "tt_taken": (
        "a seat of the goal taking the trick counts one sure trump trick more after it",
        "trump_tricks(R, mine, rival, nr) >= need - 1) return 1;",
        "trump_tricks(R, mine, rival, nr) >= need - 2) return 1;"),
    "helper_lead": (
        "a helper on lead (the asker's thrift) tries its trumps only",
        "if (!(R->power[weak[j]] > TRUMP_BASE)) out[m++] = weak[j];",
        "(void)weak;"),
    "dear_drop": (
        "the coalition, playing high while the asker is still to play, never tries "
        "its lowest card",
        "for (int j = 0; j < g; j++) out[j] = strong[j];\n            return g;",
        "for (int j = 0; j < g; j++) out[j] = strong[j];\n            return g - 1;"),
}

#: Mid-trick entries everywhere, so that small positions exercise them; and
#: the relaxed game's pool seats in groups wherever there are two or more
#: (the aimed positions' second check, the core as it runs, plays a game for
#: each pool seat).
EVERYWHERE = (2, 1, 1, 15)
GROUPED = 2


#: A settler's thresholds in the core's source: ``static const T NAME = {``,
#: a field a line (``.field = value,``), ``};``.
_THRESHOLDS = re.compile(r"^static const \w+ (\w+) = \{\n(.*?)\n\};", re.M | re.S)
_FIELD = re.compile(r"^ *\.(\w+) = (-?\d+),$", re.M)


def thresholds(text: str) -> dict[str, int]:
    """Every settler's thresholds in the core's ``text``, as ``NAME.field``.

    >>> found = thresholds(source_text())
    >>> found["EARLY.left"], found["NEXT.from_seats"]
    (4, 8)
    """
    return {f"{block[1]}.{field[1]}": int(field[2])
            for block in _THRESHOLDS.finditer(text) for field in _FIELD.finditer(block[2])}


def with_thresholds(text: str, values: dict[str, int]) -> str:
    """``text`` with the thresholds named (``NAME.field``) set to ``values``;
    KeyError for a name the source does not have."""
    for name, value in values.items():
        struct, field = name.split(".")
        for block in _THRESHOLDS.finditer(text):
            if block[1] != struct:
                continue
            body, count = re.subn(rf"^( *\.{field} = )-?\d+,$", rf"\g<1>{value},", block[2],
                                  flags=re.M)
            if count == 1:
                text = text[:block.start(2)] + body + text[block.end(2):]
                break
        else:
            raise KeyError(f"no threshold {name} in the core's source")
    return text



#: The settlers' bounds, each made wrong (name: what, text, what it becomes):
#: the tests must kill each (tests/test_settler_mutants.py) unless EQUIVALENT
#: says why it cannot change a verdict.
BOUND_MUTANTS: dict[str, tuple[str, str, str]] = {
    "early_pool": (
        "the early spoil asks whether a threat reaches one trick more than the pool",
        "pooled_holds(s, asker, spoil_threats, s->pool, EARLY.steps)",
        "pooled_holds(s, asker, spoil_threats, s->pool + 1, EARLY.steps)"),
    "known_pool": (
        "the pooled memory is read for a spoil as if the pool were one trick more",
        "pooled_holds(s, asker, spoil_threats, s->pool, 0)) r = 1;",
        "pooled_holds(s, asker, spoil_threats, s->pool + 1, 0)) r = 1;"),
    "relaxed_tricks_need": (
        "the max_tricks game asks one trick fewer of the asker",
        "x.need[0] = s->k;",
        "x.need[0] = s->k - 1;"),
    "relaxed_pool": (
        "the relaxed game asks whether a threat reaches one trick more than the pool",
        "return asker >= 0 && relaxed_game(s, asker, threats, s->pool);",
        "return asker >= 0 && relaxed_game(s, asker, threats, s->pool + 1);"),
    "next_pool": (
        "the next start's games ask whether a threat reaches one trick more than the pool",
        "x->helped ? s->k : s->pool, RELAXED.steps",
        "x->helped ? s->k : s->pool + 1, RELAXED.steps"),
    "threats_floor": (
        "a seat is a threat only with one trick more than it needs",
        "int base = s->pool - remaining + (p != holder ? top : 0);",
        "int base = s->pool + 1 - remaining + (p != holder ? top : 0);"),
    "threats_lost": (
        "the trumps a seat cannot cover count one trick more against it",
        "f->lost[p] = (int8_t)(s->pool - remaining + lost);",
        "f->lost[p] = (int8_t)(s->pool + 1 - remaining + lost);"),
    "sure_top": (
        "the top trumps bring their holder to the pool with one trick fewer",
        "s->won[holder] + top >= s->pool) return 0;",
        "s->won[holder] + top + 1 >= s->pool) return 0;"),
    "sure_spoil": (
        "a spoil holds where a seat off the side can reach the pool exactly",
        "if (s->won[p] + most >= s->pool) return -1;",
        "if (s->won[p] + most > s->pool) return -1;"),
    "trick_need": (
        "the trick being played settles a goal that needs two tricks more",
        "if (need <= 1) return 1;",
        "if (need <= 2) return 1;"),
    "lead_need": (
        "a seat of the goal's leading counts one trick more than its leads take",
        "lead_tricks(s, lead, at->need, &rel) >= at->need) {",
        "lead_tricks(s, lead, at->need, &rel) + 1 >= at->need) {"),
    "lead_taken": (
        "a seat of the goal taking the trick counts one trick more than its leads after it "
        "take",
        "lead_tricks(s, w, need - 1, &more) >= need - 1) {",
        "lead_tricks(s, w, need - 1, &more) >= need - 2) {"),
    "lead_drawn": (
        "a leader's plain cards counted while another seat still holds a trump",
        "    if (!drawn) return total;",
        "    (void)drawn;"),
    "lead_follow": (
        "a seat following a run keeps its best card one lead longer than it can",
        "if (count[j] > run && best[j] < mine[run]) return run;",
        "if (count[j] > run + 1 && best[j] < mine[run]) return run;"),
    "trick_rest": (
        "a goal fails with exactly as many tricks left as it needs",
        "if (rest - lost < need) return 0;",
        "if (rest - lost <= need) return 0;"),
}

#: Each settler threshold (``NAME.field``, see :func:`thresholds`) and the
#: value its mutant sets: the settler asked far more often, or cut far
#: shorter. A threshold says where a settler pays, never what it answers
#: (each settler's header in jink/solver/core/), so every one of them is an
#: equivalent mutant: tests/test_settler_mutants.py checks that none changes
#: a verdict.
THRESHOLD_MUTANTS: dict[str, int] = {
    "ORDER.shed_from": 2, "WIDEN.tricks": 5, "WIDEN.plays": 16, "WIDEN.first": 1,
    "WIDEN.growth": 2,
    "RELAXED.handover_from": 2, "RELAXED.spoil_left": 4, "RELAXED.mid_left": 4,
    "RELAXED.steps": 2, "RELAXED.plays": 8, "RELAXED.plays_from": 2, "RELAXED.groups": 1,
    "RELAXED.tricks_left": 5, "RELAXED.tricks_from": 2,
    "POOLED.handover_from": 2, "POOLED.spoil_left": 4, "POOLED.capped_plays": 4,
    "EARLY.left": 3, "EARLY.from_seats": 2, "EARLY.most_threats": 9, "EARLY.steps": 2,
    "EARLY.trial": 0, "EARLY.rate": 0, "EARLY.sample": 1,
    "NEXT.left": 3, "NEXT.from_seats": 2, "NEXT.ways": 2, "NEXT.games": 1,
    "PNS.from": 2, "PNS.rungs_from": 2, "PNS.root": 1, "PNS.child": 1, "PNS.growth": 2,
    "PNS.open": 1, "PNS.depth": 40, "PNS.nodes": 64, "PNS.budget": 1 << 40,
}

#: The bound mutants no test can kill, and why.
EQUIVALENT: dict[str, str] = {
    "known_pool": (
        "the pooled memory keys each answer by the need it was played for, and only "
        "the relaxed and early games (asked with the pool itself) fill it: a read for "
        "one trick more finds nothing, and the table and the games answer as before"),
}


def variant(text: str, changes: dict[str, str]) -> str:
    """The core's source ``text`` with each text of ``changes`` (found once)
    replaced."""
    for old, new in changes.items():
        assert text.count(old) == 1, f"no longer once in the core: {old}"
        text = text.replace(old, new)
    return text


def settler_mutant_source(name: str) -> str:
    """The core with settler mutant ``name``: a bound (BOUND_MUTANTS) or a
    threshold (``NAME.field``, set to THRESHOLD_MUTANTS' value)."""
    text = source_text()
    if name in THRESHOLD_MUTANTS:
        return with_thresholds(text, {name: THRESHOLD_MUTANTS[name]})
    _, old, new = BOUND_MUTANTS[name]
    if text.count(old) != 1:
        raise AssertionError(f"mutant {name}: its text is not once in the core")
    return text.replace(old, new)


#: A second change some mutants make elsewhere in the core (its text, and
#: the mutant's: see variant).
ALSO: dict[str, tuple[str, str]] = {
    "trumps_unhashed": ("    return part ? s->R->trump : 4;", "    return 4;"),
}


def mutant_source(name: str) -> str:
    text = source_text()
    _, old, new = MUTANTS[name]
    if text.count(old) < 1:
        raise AssertionError(f"mutant {name}: its text is no longer in the core")
    text = text.replace(old, new)
    return variant(text, dict([ALSO[name]])) if name in ALSO else text


def build(name: str, where: Path) -> ModuleType:
    """The core with mutant ``name``, compiled into ``where`` and loaded."""
    return build_text(mutant_source(name), name, where)


#: The environment variable whose compiler flags are added to the builds
#: that must answer exactly (``exact``: the core's own text with other
#: constants, or checking itself), never to a mutant's (a deliberate bug may
#: read out of bounds). The sanitizer run (tests/native_sanitizers.sh) sets
#: it, so those cores run sanitized too.
EXACT_FLAGS = "JINK_EXACT_CFLAGS"


#: The folder where the builds of :func:`build_text` are kept, one file per
#: source text and compiler command (default: jink/test-cores in the user's
#: cache folder, ``$XDG_CACHE_HOME`` or ~/.cache), so that every checkout and
#: every CI run of one machine builds a variant once.
CACHE = "JINK_CORE_CACHE"
#: A kept build unused for this long is removed when another is stored.
_CACHE_DAYS = 7


def cache_dir() -> Path:
    if os.environ.get(CACHE):
        return Path(os.environ[CACHE])
    home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(home) / "jink" / "test-cores"


@cache
def _compiler_id(compiler: str) -> str:
    """The compiler's own version line: a new compiler makes new builds."""
    done = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=True)
    return done.stdout.splitlines()[0] if done.stdout else compiler


#: The tests' optimization level: their builds are checked for answers and
#: node counts, which do not depend on it, and compile at -O1 in a third of the
#: time -O3 takes (1.1 s against 3.0 s of CPU a build): the first test run
#: after an edit of the core builds a dozen. The tools that time a variant
#: (tools/side_by_side.py and its kind) ask for -O3, as setup.py builds the core.
TESTS_LEVEL = "-O1"


def build_text(text: str, name: str, where: Path, exact: bool = False,
               flags: Sequence[str] = (), level: str = TESTS_LEVEL) -> ModuleType:
    """The core from C source ``text``, compiled and loaded from ``where``.

    Each build is kept (:func:`cache_dir`) under a hash of everything that
    makes it: the source text, the compiler and its version, the command's
    flags (the sanitizer run's included) and the Python it is built for. The
    same variant asked for again, by another test, another xdist worker or a
    later run, is copied from there instead of compiled again (about two
    seconds of CPU each). A build is written to a temporary name and renamed
    into place, so workers building the same variant at once never load a
    half-written file. The copy in ``where`` gives each load a file of its
    own, as a fresh build had: the dynamic loader shares one mapping (and the
    core's static counters) between loads of one file."""
    source = where / f"{name}.c"
    source.write_text(text)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    include = sysconfig.get_paths()["include"]
    extra = shlex.split(os.environ.get(EXACT_FLAGS, "")) if exact else []
    # (``flags`` last, so they may undo ``level``)
    command = ["-std=c11", level, "-shared", "-fPIC", f"-I{include}", *extra, *flags]
    key = hashlib.sha256("\0".join([_compiler_id("gcc"), *command, suffix, text]).encode())
    kept = cache_dir() / f"{key.hexdigest()[:32]}{suffix}"
    if kept.exists():
        os.utime(kept)  # (recently used: not pruned)
    else:
        kept.parent.mkdir(parents=True, exist_ok=True)
        fd, partial = tempfile.mkstemp(dir=kept.parent, prefix=".partial-", suffix=suffix)
        os.close(fd)
        try:
            subprocess.run(["gcc", *command, str(source), "-o", partial], check=True,
                           capture_output=True)
            os.replace(partial, kept)
        finally:
            if os.path.exists(partial):
                os.unlink(partial)
        _prune(kept.parent)
    target = where / f"_core_{name}{suffix}"
    shutil.copyfile(kept, target)
    # The module's init function is PyInit__core: load it under that name
    # from its own file (extension modules are told apart by path).
    loader = importlib.machinery.ExtensionFileLoader("jink.solver._core", str(target))
    spec = importlib.util.spec_from_file_location("jink.solver._core", target, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def _prune(folder: Path) -> None:
    """Remove the kept builds no test has used for _CACHE_DAYS days (a core
    edited often leaves a build per mutant per edit)."""
    too_old = time.time() - _CACHE_DAYS * 86400
    for path in folder.iterdir():
        try:
            if path.stat().st_mtime < too_old:
                path.unlink()
        except FileNotFoundError:  # (removed by another worker meanwhile)
            pass


@contextmanager
def core(module: ModuleType | None) -> Iterator[None]:
    """Searches made inside run on ``module`` (a mutant), or the real core."""
    if module is None:
        yield
        return
    # (the compiled core has no stub: native imports it untyped and unexported)
    saved, flat = native._core, dict(native._flat)  # type: ignore[attr-defined]
    native._core = module  # type: ignore[attr-defined]
    native._flat.clear()  # flattened rules belong to one module's types
    try:
        yield
    finally:
        native._core = saved  # type: ignore[attr-defined]
        native._flat.clear()
        native._flat.update(flat)


def full_tables(module: ModuleType | None, deals: tuple[tuple[int, range], ...],
                counters: tuple[str, ...]) -> tuple[list[Any], int, dict[str, int]]:
    """Every verdict of the benchmark's full tables ``deals`` (players, the
    deals' numbers) on ``module`` (None: the core as built), their nodes, and
    the sums of the core's ``counters`` (a checking build's)."""
    verdicts: list[Any] = []
    nodes = 0
    counts = dict.fromkeys(counters, 0)
    with core(module):
        for players, numbers in deals:
            for i in numbers:
                solver = Solver(engine="native")
                verdicts.append(solver.verdicts(deal(players, i, 2026)))
                nodes += solver.nodes
                assert isinstance(solver.table, native.NativeTable)
                stats = solver.table.core.stats()
                for name in counts:
                    counts[name] += stats.get(name, 0)
    return verdicts, nodes, counts


def answers(position: Position, partition: bool = True) -> list[Any]:
    """Every seat's verdicts and the scores of the cards of the seat to play."""
    solver = Solver(engine="native")
    solver.table = (native.NativeTable(64, True, EVERYWHERE, GROUPED) if partition
                    else native.NativeTable(64, False))
    return questions(solver, position)


def as_it_runs(position: Position) -> list[Any]:
    """The same from the core as it runs (mid-trick entries from seven seats,
    a relaxed game for each pool seat below nine)."""
    return questions(Solver(engine="native"), position)


def caught(position: Position, want: list[Any]) -> bool:
    """Whether the core in use answers ``position`` otherwise than ``want``,
    either way it can be set up."""
    return answers(position) != want or as_it_runs(position) != want


def exact(position: Position) -> list[Any]:
    """The same from the Python engine (the reference for the core)."""
    return questions(Solver(engine="python"), position)


def read_aimed() -> list[tuple[str, Position]]:
    out = []
    for line in AIMED.read_text().splitlines():
        obj = json.loads(line)
        out.append((obj.pop("mutant"), position_from_dict(obj)))
    return out


def find(per_mutant: int, tries: int, seed: int, only: list[str] | None = None,
         max_seats: int = 7, append: bool = False) -> None:
    """Random positions of the games partition search runs in; keep those a
    mutant answers wrongly (the data file was made with the defaults)."""
    rng = random.Random(seed)
    pool = []
    for i in range(tries):
        game = GAMES[i % 2]  # the games partition search runs in: follow suit or trump
        g = find_game(game)
        seats = rng.choice([n for n in seat_counts(game) if n <= max_seats])
        total = seats * g.hand_size
        first = 0 if seats <= 4 else seats * (g.hand_size - 3)
        pool.append(random_position(rng, game, seats, rng.randrange(first, total)))
    found: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        truth = [exact(p) for p in pool]
        for name in only or MUTANTS:
            module = build(name, Path(tmp))
            hits = 0
            with core(module):
                for p, want in zip(pool, truth, strict=False):
                    if caught(p, want):
                        found.append({"mutant": name, **position_to_dict(p)})
                        hits += 1
                        if hits == per_mutant:
                            break
            print(f"{name}: {hits} aimed position(s)", file=sys.stderr)
    lines = "".join(json.dumps(obj) + "\n" for obj in found)
    AIMED.write_text((AIMED.read_text() if append else "") + lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--find", action="store_true", help="search and rewrite the data")
    parser.add_argument("--per-mutant", type=int, default=3)
    parser.add_argument("--tries", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--only", nargs="*", help="these mutants only")
    parser.add_argument("--max-seats", type=int, default=7)
    parser.add_argument("--append", action="store_true", help="add to the data file")
    args = parser.parse_args()
    if args.find:
        find(args.per_mutant, args.tries, args.seed, args.only, args.max_seats, args.append)


if __name__ == "__main__":
    main()

"""The double-dummy search: a boolean (zero-window) alpha-beta proof.

:class:`Search` answers one yes/no question: can the side reach the goal's
need from this state, whatever every other seat does? Seats of the side are
OR nodes (one good card is enough), all other seats AND nodes (every card must
fail to refute). The state is kept in mutable lists and restored after each
card, as a chess engine makes and unmakes moves. Positions at trick starts go
into the transposition table as bounds on the goal's value, so the searches
for different k (``max_tricks`` asks several) share what they learnt.

Cards of one hand that no live card separates are equivalent: one of them is
searched for all (see :func:`equivalent_groups`).

A *narrow* search restricts the seats playing together against the asker
(the others in a spoil search, the coalition in a :class:`Helped` one): a
seat of theirs that cannot take the trick throws its lowest card only. With
fewer choices they can force no more than in the game, so a narrow search's
"they can" is exact, and its "they cannot" proves nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from jink.cards import Card, CardSet
from jink.games.base import TRUMP_BASE, Rules
from jink.solver.goals import Goal, Helped, Spoil
from jink.solver.limits import Budget
from jink.solver.table import TranspositionTable


class Tables:
    """Per-rules lookup tables the search needs, built once per trump suit."""

    #: By id(rules), with the rules kept alive so that the id stays theirs
    #: (rules made outside Game.bind's cache may come and go).
    _cache: ClassVar[dict[int, tuple[Rules, Tables]]] = {}

    def __init__(self, rules: Rules) -> None:
        power = rules.power
        suit = rules.suit
        privileged = rules.privileged_mask
        # between[a][b]: cards of a's suit ranking strictly between a and b.
        between: list[list[CardSet]] = [[0] * 52 for _ in range(52)]
        for s in range(4):
            order = rules.order(s)
            for i, a in enumerate(order):
                mask = 0
                for b in order[i + 1:]:
                    between[a][b] = mask
                    between[b][a] = mask
                    mask |= 1 << b
        #: ``twins[a][b]``: a and b may be equivalent (same suit and privileges);
        #: then they are equivalent when no live card is in ``between[a][b]``.
        self.between = between
        self.same_kind = [[suit[a] == suit[b] and suit[a] >= 0
                           and bool(privileged >> a & 1) == bool(privileged >> b & 1)
                           for b in range(52)] for a in range(52)]
        self.power = power
        self.suit = suit
        #: ``higher[c]``: cards counting as c's suit that rank above it.
        self.higher = [sum(1 << b for b in range(52) if suit[b] == suit[c] and suit[c] >= 0
                           and power[b] > power[c]) for c in range(52)]
        self.privileged = privileged

    @classmethod
    def of(cls, rules: Rules) -> Tables:
        cached = cls._cache.get(id(rules))
        if cached is None:
            # setdefault: two threads building them at once share one.
            cached = cls._cache.setdefault(id(rules), (rules, cls(rules)))
        return cached[1]


def equivalent_groups(tables: Tables, cards: CardSet, live: CardSet) -> list[list[Card]]:
    """Split ``cards`` (one hand's) into groups of equivalent cards.

    Groups come suit by suit (as the cards count), best first within a suit.

    Two cards are equivalent when they count as the same suit, share their
    privileges, and no live card (in a hand or in the trick) ranks between.
    """
    power = tables.power
    suit = tables.suit
    return sorted(groups_strongest_first(tables, cards, live),
                  key=lambda g: (suit[g[0]], -power[g[0]]))


def groups_strongest_first(tables: Tables, cards: CardSet,
                           live: CardSet) -> list[list[Card]]:
    """The groups of :func:`equivalent_groups`, in the order of their best
    cards, strongest first (each group best first), found in one pass."""
    power = tables.power
    suit = tables.suit
    same_kind = tables.same_kind
    between = tables.between
    hand = []
    while cards:
        low = cards & -cards
        hand.append(low.bit_length() - 1)
        cards ^= low
    hand.sort(key=power.__getitem__, reverse=True)
    groups: list[list[Card]] = []
    latest: dict[int, list[Card]] = {}  # each suit's latest group
    for card in hand:
        group = latest.get(suit[card])
        if group is not None and same_kind[group[-1]][card] \
                and not live & between[group[-1]][card]:
            group.append(card)
        else:
            group = latest[suit[card]] = [card]
            groups.append(group)
    return groups


def matched(first: list[int], rival: list[int]) -> int:
    """How many of ``first`` can each be beaten by a different card of ``rival``.

    Both are trump-order positions, best (lowest) first. Greedy from the top
    is optimal: the rival's best card goes on the best card it can beat.

    >>> matched([2, 4], [1, 3]), matched([0, 2], [1]), matched([1], [])
    (2, 1, 0)
    """
    count = i = 0
    for card in first:
        if i < len(rival) and rival[i] < card:
            count += 1
            i += 1
    return count


class Search:
    """Proves or refutes one goal for one side; reusable across calls.

    ``hands``, ``leader``, ``trick`` and ``won`` are the state, changed and
    restored in place during the search.
    """

    def __init__(self, rules: Rules, players: int, tricks: int, side: frozenset[int],
                 goal: Goal, table: TranspositionTable, budget: Budget,
                 narrow: bool = False, settlers: frozenset[str] | None = None) -> None:
        self.players = players
        #: The settlers switched on (see jink.solver.native.SETTLERS; None:
        #: all): of them this engine has sure, threats, two and order.
        self.settlers = settlers
        self.use_sure, self.use_threats, self.use_two, self.use_order = (
            settlers is None or name in settlers for name in ("sure", "threats", "two", "order"))
        #: Restrict the coalition's throw-aways (see the module docstring).
        self.narrow = narrow
        self.tricks = tricks
        self.side = side
        self.on_side = [seat in side for seat in range(players)]
        self.goal = goal
        self.table = table
        # A narrow search's bounds hold for its restricted game only.
        self.bounds = table.for_question(goal.family + ("/narrow" if narrow else ""), side)
        self.budget = budget
        #: Which side plays as a coalition for one target seat: the
        #: minimisers (False) in a spoil search, else None.
        self.coalition: bool | None = None
        self.fixed_target: int | None = None
        #: The tricks that win the pool: a spoil's bound (its goal's), and a
        #: hand-over's (its seat's k).
        self.pool = tricks
        if isinstance(goal, Spoil):
            self.coalition = False
            self.pool = goal.pool
        elif isinstance(goal, Helped):
            self.coalition, self.fixed_target = True, goal.seat
        #: ``side_after[leader][i]``: a seat of the side plays after card i.
        self.side_after = [[any(self.on_side[(leader + j) % players]
                                for j in range(i + 1, players)) for i in range(players)]
                           for leader in range(players)]
        #: Spoil searches hand over to these once one seat alone can reach three.
        self.helpers: dict[int, Search] = {}
        self._bind(rules)
        self.live: CardSet = 0
        self.target = -1
        self.hands: list[CardSet] = []
        self.leader = 0
        self.trick: list[Card] = []
        self.won: list[int] = []
        #: Tricks played so far (the sum of ``won``).
        self.done = 0

    def _bind(self, rules: Rules) -> None:
        """Play under ``rules`` (the trump suit may change part-way, in Loo)."""
        self.rules = rules
        self.tables = Tables.of(rules)
        self.use_bounds = rules.trumps_always_legal
        self.relative = rules.relative_ranks_safe
        # Rules are made once per trump, options, seats and Loo turn card
        # (Game.bind caches them), so the object itself tells them apart.
        self.rules_key = id(rules)
        #: One bit per trump, best trump first.
        self.trump_bits = [1 << c for c in rules.order(rules.trump)] \
            if rules.trump is not None else []
        #: Speed caches, shared with every search using the same table and rules:
        #: move orders of a legal set given the live cards (strongest and
        #: weakest first, one card per equivalent group), and the
        #: relative-rank shapes of hands.
        self.orders: dict[tuple[CardSet, CardSet], tuple[list[Card], list[Card]]]
        self.shapes: dict[tuple[CardSet, ...], tuple[int, ...]]
        self.orders, self.shapes = self.table.speed_caches.setdefault(id(rules), ({}, {}))

    # -- entry point -----------------------------------------------------------------

    def prove(self, hands: Sequence[CardSet], leader: int, trick: Sequence[Card],
              won: Sequence[int], rules: Rules | None = None) -> bool:
        """Whether the side can force the goal from this state (under ``rules``,
        if the rules in force differ from those the search was made with)."""
        if rules is not None and rules is not self.rules:
            self._bind(rules)
        self.hands = list(hands)
        self.leader = leader
        self.trick = list(trick)
        self.won = list(won)
        self.done = sum(won)
        live = 0
        for h in hands:
            live |= h
        for c in trick:
            live |= 1 << c
        self.live = live
        if self.coalition is not None:
            self.target = self._target()
        if not self.trick:
            return self._trick_start()
        return self._play()

    def _shape(self) -> tuple[int, ...]:
        """The hands up to relative rank: each card as its suit and its place
        among the live cards of that suit, plus how many privileged cards live.

        Positions with the same shape play alike (a bijection of cards keeps
        suits, order and privileges), so they share table entries.
        """
        live = self.live
        tables = self.tables
        higher = tables.higher
        suit = tables.suit
        shape = [(live & tables.privileged).bit_count()]
        for hand in self.hands:
            code = 0
            while hand:
                low = hand & -hand
                card = low.bit_length() - 1
                hand ^= low
                code |= 1 << (suit[card] * 16 + (live & higher[card]).bit_count())
            shape.append(code)
        return tuple(shape)

    def _helped(self, seat: int) -> Search:
        """The search for "everybody but the side can bring ``seat`` to three"."""
        helper = self.helpers.get(seat)
        if helper is None:
            coalition = frozenset(range(self.players)) - self.side
            helper = Search(self.rules, self.players, self.tricks, coalition,
                            Helped(seat, self.pool),
                            self.table, self.budget, self.narrow, self.settlers)
            self.helpers[seat] = helper
        return helper

    # -- the recursion ---------------------------------------------------------------

    def _trick_start(self) -> bool:
        """At a trick boundary: goal status, table look-up, then the trick's search."""
        won = self.won
        side = self.side
        goal = self.goal
        remaining = self.tricks - self.done
        status = goal.status(won, side, remaining)
        if status is not None:
            return status
        if remaining == 1:
            return self._last_trick()
        top_trumps = None
        if self.coalition is False and self.use_threats:
            # The holder of the top trumps takes a trick with each of them
            # whatever anybody does (see _top_trumps): nobody else can reach
            # three within the tricks that are left over.
            top_trumps = self._top_trumps() if self.use_bounds else (-1, 0)
            holder, top = top_trumps
            threats = [s for s in range(self.players)
                       if not self.on_side[s]
                       and won[s] + remaining - (top if s != holder else 0) >= self.pool]
            if not threats:
                return True
            if len(threats) == 1:
                return not self._helped(threats[0]).prove(self.hands, self.leader, (),
                                                          won, self.rules)
        need = goal.need(won, side)
        hands = tuple(self.hands)
        if self.relative:
            shape = self.shapes.get(hands)
            if shape is None:
                if len(self.shapes) > self.table.cache_cap:  # a cache: keep it bounded
                    self.shapes.clear()
                shape = self.shapes[hands] = self._shape()
            key = (shape, self.leader, self.rules_key, goal.key(won, side, remaining))
        else:
            key = (hands, self.leader, self.rules_key, goal.key(won, side, remaining))
        bounds = self.bounds.get(key)
        stats = self.table.stats
        stats.lookups += 1
        if bounds is not None:
            if bounds[0] >= need:
                stats.hits += 1
                return True
            if bounds[1] < need:
                stats.hits += 1
                return False
        result = self._sure(need, remaining, top_trumps) \
            if self.use_bounds and self.use_sure else None
        if result is None and remaining == 2 and self.use_two:
            # Cheaper without move ordering: two cards a hand leave little to order.
            result = self._two_tricks([])
        if result is None:
            target = self.target
            if self.coalition is not None:
                self.target = self._target()  # chosen once a trick, as tricks are won
            result = self._play()
            self.target = target
        if bounds is None:
            bounds = [0, remaining]
            self.bounds[key] = bounds
            self.table.grew(1)
        if result:
            if need > bounds[0]:
                bounds[0] = need
        elif need - 1 < bounds[1]:
            bounds[1] = need - 1
        return result

    def _play(self) -> bool:
        """The seat to play chooses a card; the trick ends after the last seat."""
        budget = self.budget
        budget.nodes += 1
        if budget.nodes >= budget.next_check:
            budget.check()
        trick = self.trick
        i = len(trick)
        n = self.players
        if i == n:
            return self._end_trick()
        leader = self.leader
        seat = (leader + i) % n
        hands = self.hands
        hand = hands[seat]
        legal = self.rules.legal(hand, trick, self.done)
        maximizing = self.on_side[seat]
        order = self._order(seat, legal, maximizing)
        if self.narrow and i and maximizing is self.coalition and not self._can_take(legal):
            order = order[:1]  # a throw-away: the lowest card only
        for card in order:
            b = 1 << card
            hands[seat] = hand ^ b
            trick.append(card)
            result = self._play()
            trick.pop()
            hands[seat] = hand
            if result is maximizing:
                return result
        return not maximizing

    def _last_trick(self) -> bool:
        """One card each: the last trick plays itself."""
        self.budget.nodes += 1
        winner = self._last_winner(self.rules, self.leader)
        won = self.won
        won[winner] += 1
        result = self.goal.status(won, self.side, 0)
        won[winner] -= 1
        return bool(result)

    def _last_winner(self, rules: Rules, leader: int) -> int:
        """The seat that takes the last trick, each seat playing its one card."""
        n = self.players
        hands = self.hands
        trick = [hands[(leader + i) % n].bit_length() - 1 for i in range(n)]
        return (leader + rules.winner(trick, self.tricks - 1)) % n

    def _two_tricks(self, trick: list[Card]) -> bool:
        """Two tricks left: the next trick searched card by card, in no
        particular order (measured: ordering does not pay with two cards a
        hand), and the last played out. Equivalent cards are tried once."""
        budget = self.budget
        budget.nodes += 1
        if budget.nodes >= budget.next_check:
            budget.check()
        n = self.players
        i = len(trick)
        hands = self.hands
        if i == n:
            return self._two_played(trick)
        seat = (self.leader + i) % n
        hand = hands[seat]
        legal = self.rules.legal(hand, trick, self.tricks - 2)
        maximizing = self.on_side[seat]
        low = legal & -legal
        high = legal ^ low
        if high and self.narrow and i and maximizing is self.coalition \
                and not self._can_take(legal, trick):
            # A throw-away: the lower of the two cards only.
            power = self.tables.power
            if power[high.bit_length() - 1] < power[low.bit_length() - 1]:
                low = high
            high = 0
        if high:
            a, b = low.bit_length() - 1, high.bit_length() - 1
            tables = self.tables
            if tables.same_kind[a][b] and not self.live & tables.between[a][b]:
                high = 0  # the two are one card in play
        for bit in (low, high) if high else (low,):
            hands[seat] = hand ^ bit
            trick.append(bit.bit_length() - 1)
            result = self._two_tricks(trick)
            trick.pop()
            hands[seat] = hand
            if result is maximizing:
                return result
        return not maximizing

    def _two_played(self, trick: list[Card]) -> bool:
        """The next-to-last trick is complete: award it and play out the last."""
        rules = self.rules
        done = self.tricks - 2
        winner = (self.leader + rules.winner(trick, done)) % self.players
        last_winner = self._last_winner(rules.after_trick(trick, done), winner)
        won = self.won
        won[winner] += 1
        won[last_winner] += 1
        result = self.goal.status(won, self.side, 0)
        won[winner] -= 1
        won[last_winner] -= 1
        return bool(result)

    def _end_trick(self) -> bool:
        trick = self.trick
        leader = self.leader
        rules = self.rules
        done = self.done
        winner = (leader + rules.winner(trick, done)) % self.players
        after = rules.after_trick(trick, done)
        if after is not rules:
            self._bind(after)
            result = self._end_trick_with(trick, leader, winner)
            self._bind(rules)
            return result
        return self._end_trick_with(trick, leader, winner)

    def _end_trick_with(self, trick: list[Card], leader: int, winner: int) -> bool:
        self.won[winner] += 1
        self.done += 1
        self.trick = []
        self.leader = winner
        live = self.live
        for c in trick:
            live ^= 1 << c
        self.live, live = live, self.live
        result = self._trick_start()
        self.live = live
        self.leader = leader
        self.trick = trick
        self.won[winner] -= 1
        self.done -= 1
        return result

    # -- sure tricks -----------------------------------------------------------------

    def _sure(self, need: int, remaining: int,
              top_trumps: tuple[int, int] | None = None) -> bool | None:
        """Settle the question by counting sure tricks, where the rules allow
        (``top_trumps``: :meth:`_top_trumps`, if already known).

        Sound only when a trump is a legal play to every trick (the game says
        so). Then (1) a seat's trumps above every trump of the other side each
        take a trick, one per trick, whatever anybody else does; and (2) a
        seat that plays its trumps first, one per trick, lets a rival take one
        of those tricks only with a higher trump, each used once: the rival's
        tricks are at most the other tricks plus the most of those trumps its
        own higher trumps can be matched against (see :func:`matched`).
        """
        trump_mask = self.rules.trump_mask
        hands = self.hands
        side = self.side
        players = self.players
        trumps = [h & trump_mask for h in hands]
        if isinstance(self.goal, Helped):
            # The target's own top trumps are sure; each lone opponent playing
            # its trumps first caps the target (as in the spoil bound below).
            target = self.goal.seat
            holder, top = self._top_trumps()
            if holder == target and need <= top:
                return True
            if holder != target and remaining - top < need:
                return False
            rival = self._ranks(trumps[target])
            for seat in range(players):
                if seat not in side:
                    first = self._ranks(trumps[seat])
                    if remaining - len(first) + matched(first, rival) < need:
                        return False
            return None
        if self.goal.family == "tricks":
            theirs = [trumps[o] for o in range(players) if o not in side]
            if need <= max(self._above(trumps[s], theirs) for s in side):
                return True
            ours = sorted(r for s in side for r in self._ranks(trumps[s]))
            for seat in range(players):
                if seat not in side and trumps[seat]:
                    first = self._ranks(trumps[seat])
                    if remaining - len(first) + matched(first, ours) < need:
                        return False
            return None
        # Spoil: another seat's own sure tricks cannot be stopped; the side
        # spoils if, playing its trumps first, it holds every other seat below
        # three at once (one strategy serves against all of them).
        won = self.won
        holder, top = top_trumps or self._top_trumps()
        if holder >= 0 and holder not in side and won[holder] + top >= self.pool:
            return False
        side_ranks = [self._ranks(trumps[s]) for s in side]
        for seat in range(players):
            if seat in side:
                continue
            rival = self._ranks(trumps[seat])
            most = min(remaining - len(first) + matched(first, rival) for first in side_ranks)
            if seat != holder:
                most = min(most, remaining - top)
            if won[seat] + most >= self.pool:
                return None
        return True

    def _top_trumps(self) -> tuple[int, int]:
        """The seat holding the best trumps in play, and how many of its trumps
        rank above every trump of every other seat; (-1, 0) if none is held.

        Where a trump is always a legal play, each of those trumps takes the
        trick it is played to, and every card is played by the end: that seat
        takes at least that many of the tricks left, whatever anybody does.
        """
        trump_mask = self.rules.trump_mask
        held = 0
        for hand in self.hands:
            held |= hand
        held &= trump_mask
        if not held:
            return -1, 0
        bits = self.trump_bits
        i = 0
        while not held & bits[i]:  # the best trump held
            i += 1
        hands = self.hands
        seat = 0
        while not hands[seat] & bits[i]:
            seat += 1
        mine = hands[seat]
        count = 0
        for bit in bits[i:]:  # its trumps down to the first one held elsewhere
            if mine & bit:
                count += 1
            elif held & bit:
                break
        return seat, count

    def _ranks(self, trumps: CardSet) -> list[int]:
        """Where each of ``trumps`` stands in the trump order (0 = best), best first."""
        if not trumps:
            return []
        return [i for i, b in enumerate(self.trump_bits) if trumps & b]

    def _above(self, trumps: CardSet, others: list[CardSet]) -> int:
        """How many of ``trumps`` rank above every trump in ``others``."""
        if not trumps:
            return 0
        rivals = 0
        for o in others:
            rivals |= o
        count = 0
        for b in self.trump_bits:  # best trump first
            if rivals & b:
                return count
            if trumps & b:
                count += 1
        return count

    # -- move ordering ---------------------------------------------------------------

    def _order(self, seat: int, legal: CardSet, maximizing: bool) -> list[Card]:
        """One card per equivalent group, the likeliest refutation first.

        In spoil-like questions a *coalition* plays to bring one target seat
        to three: the target plays to win, its helpers play low, and anyone
        beats the lone opponent's winning card. Ordering changes only speed,
        never answers, so the best card so far is found by a plain scan.
        """
        key = (legal, self.live)
        orders = self.orders.get(key)
        if orders is None:
            if len(self.orders) > self.table.cache_cap:  # a cache: keep it bounded
                self.orders.clear()
            orders = self.orders[key] = self._orders(legal)
        strong, low = orders
        if not self.use_order:
            return strong  # one card a group, strongest first
        trick = self.trick
        coalition = self.coalition is not None and maximizing is self.coalition
        if not trick:
            if coalition and seat != self.target:
                return low  # lead low for the target
            return strong
        tables = self.tables
        power = tables.power
        suit = tables.suit
        led = suit[trick[0]]
        best, best_power = 0, power[trick[0]]
        for i in range(1, len(trick)):
            p = power[trick[i]]
            if p > best_power and (p > TRUMP_BASE or suit[trick[i]] == led):
                best, best_power = i, p
        side_winning = self.on_side[(self.leader + best) % self.players]
        if coalition:
            beat = seat == self.target or side_winning is not maximizing
        elif maximizing:
            beat = not side_winning
        else:
            # An opponent beats the side's winning card; with its own side
            # winning it plays high if the side is still to play, else low.
            beat = side_winning
            if not beat and self.side_after[self.leader][len(trick)]:
                return strong
        if not beat:
            return low
        # Cards that take the trick, the cheapest first (it keeps the stronger
        # cards for later, and measured 25-40% fewer nodes than the strongest
        # first), then the rest, lowest first.
        takers = []
        others = []
        for card in low:
            p = power[card]
            if p > best_power and (p > TRUMP_BASE or suit[card] == led):
                takers.append(card)
            else:
                others.append(card)
        return takers + others if takers else others

    def _can_take(self, legal: CardSet, trick: list[Card] | None = None) -> bool:
        """Whether one of ``legal`` beats the best card so far of ``trick``
        (default: the trick being played)."""
        if trick is None:
            trick = self.trick
        best = trick[self.rules.winner(trick, self.done)]
        beaters = self.tables.higher[best]  # the better cards of its suit
        if self.tables.power[best] < TRUMP_BASE:
            beaters |= self.rules.trump_mask  # and, on a plain card, any trump
        return bool(legal & beaters)

    def _orders(self, legal: CardSet) -> tuple[list[Card], list[Card]]:
        """The legal cards, one per equivalent group: strongest first (each
        group's best card) and weakest first (each group's lowest card)."""
        groups = groups_strongest_first(self.tables, legal, self.live)
        return [g[0] for g in groups], [g[-1] for g in reversed(groups)]

    def _target(self) -> int:
        """The seat the coalition plays for: the likeliest to reach three."""
        if self.fixed_target is not None:
            return self.fixed_target
        won = self.won
        trump_mask = self.rules.trump_mask
        best, best_score = -1, -1
        for seat in range(self.players):
            if self.on_side[seat] is self.coalition:
                score = won[seat] * 8 + (self.hands[seat] & trump_mask).bit_count()
                if score > best_score:
                    best, best_score = seat, score
        return best

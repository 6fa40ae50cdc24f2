/*
 * Settler "next": the next trick's start, settled while seats are still to
 * play to this trick.
 *
 * Guard: partition search and the pooled game switched on (it needs both:
 * settlers.c), a spoil or a hand-over (the asker one seat), from
 * NEXT.from_seats seats, in the trick that starts with NEXT.left tricks left,
 * not after a game of this trick failed (next_applies: NEXT_FAILED keeps it
 * quiet below); the rules follow or trump with a trump suit and no forced
 * leads (next_start).
 * Settles: a pooled game (pooled_holds) for each way the seats still to
 * play may end the trick, in place of every combination of their cards and
 * the search of each next start. A way is what the next start's game reads:
 * the trumps spent (gone), the asker's card, and who takes the trick (its
 * threats follow from the trumps and the tricks won alone: spoil_threats_of).
 * - A seat that cannot take the trick (the best card only rises) and, in a
 *   spoil, has no trick yet, is taken for a pool seat there (should it be a
 *   threat after all, with the trumps it keeps, there is no answer), whatever
 *   it plays of its cards not trumps. It keeps them all in the game; the
 *   pooled game gives every run of pool seats every pool card, never used
 *   up, so a card more only makes the pool stronger, and where the asker
 *   holds with it, it holds without. Its ways: a card not a trump, and
 *   each trump.
 * - Any other seat but the asker plays each of its cards (it may be a
 *   threat, whose cards the game plays as they are). One that takes the
 *   trick before the asker plays raises the card the asker must beat;
 *   after it, the seat is one more that may take the trick.
 * - The asker plays a card that holds in every way of the seats after it.
 * 1 or 0 where the asker holds in every way: it settles the search, resting
 * on the cards the games named, the asker's card and the cards that took
 * the trick before it, and the trick's best card (which none of the seats
 * taken for pool seats can beat). -1 where it does not apply (too many
 * ways or games, or a pool seat a threat after all); NEXT_FAILED where a
 * game did not hold (below, in this trick, it is not asked again).
 * Sound: every way the seats still to play may end the trick is covered,
 * each by a game that relaxes the next start for the asker's opponents
 * (pooled.c); a way or a game past its threshold gives no answer.
 * Thresholds: NEXT (below). Below eight seats its games miss the pooled
 * memory far more often and it costs more than it saves.
 */
#if defined(JINK_CHECK_NEXT) && !defined(JINK_CHECK)
#error "JINK_CHECK_NEXT counts in the checking core's counters: define JINK_CHECK too"
#endif
#define NEXT_FAILED SETTLE_QUIET

typedef struct {
    int left;        /* asked in the trick that starts with this many tricks left */
    int from_seats;  /* from this many seats */
    int ways;        /* the most ways of the seats still to play one node may take */
    int games;       /* and the most games it may ask for */
} NextThresholds;

static const NextThresholds NEXT = {
    .left = 4,
    .from_seats = 8,
    .ways = 32,
    .games = 32,
};

/* Whether next_start is asked at this node (a trick's second card on; not
 * below a node where a game of this trick failed: the kernel keeps it
 * quiet there). */
static int next_applies(const Search *s) {
    return s->coalition >= 0 && s->players >= NEXT.from_seats
        && s->tricks - s->done == NEXT.left;
}
struct Next {
    int asker, helped, i, games, asked;
    u64 later, exact, rel;
};

/* Whether a seat's card ``cards[j]`` is stood for by one the seat played
 * before it here (``cards[0..j)``, each of whose ways held), as in the
 * search's sibling rule (partition.c, stands_for): two plain cards of one
 * suit, neither taking the trick from a best of power ``bp`` (led:
 * ``led``), both below every card of their suit the answer so far names
 * (``rel``). The ways after either are the other's with the two cards'
 * places swapped, which the positions the answer stands for do not match
 * on. (The trick's best card is named: next_start names it, and a card
 * that took the trick before the asker is named where it took it.) */
static int stood_for_here(const CRules *R, u64 rel, const int *cards, int j, int bp, int led) {
    for (int i = 0; i < j; i++)
        if (stands_for(R, cards[i], cards[j], rel, 1, bp, led)) return 1;
    return 0;
}

/* The next start's games once the seats still to play (from the ``j``-th)
 * have chosen (see next_start): the best card so far of power ``bp``, at
 * seat ``bseat``, and the seats ``plain`` that may yet take the trick with
 * a card of the suit led (after the asker: before it, each card that takes
 * is a way of its own, as the asker's answer may rest on it). 1: the asker
 * holds in each; else -1 or NEXT_FAILED. */
static int next_ways(Search *s, Next *x, int j, int bp, int bseat, u64 plain) {
    const CRules *R = s->R;
    const int *trick = TRICK(s);
    int n = s->players, led = R->suit[trick[0]];
    if (j == n) {
        /* the next start, as end_trick makes it (the same rules: a trump,
         * no face-down leads), the seats still to play holding their cards */
        u64 live = s->live, now = 0;
        int leader = s->leader, ntrick = s->ntrick, r = 1;
        for (int p = 0; p < n; p++) now |= s->hands[p];
        s->live = now;
        s->done++;
        s->ntrick = 0;
        u64 winners = plain | bit(bseat);
        int floor[MAXP], left = s->tricks - s->done;  /* (at the next start) */
        int holder, top;  /* (the floors read the trumps still held: each is its seat's) */
        if (!x->helped) threat_floors(s, left, winners, floor, &holder, &top);
        for (u64 ws = winners; ws && r == 1; ws &= ws - 1) {
            int w = low_card(ws);
            if (++x->games > NEXT.games) { r = -1; break; }
            s->won[w]++;
            s->leader = w;
            s->pg.valid = 0;  /* (its key was made elsewhere) */
            int st = status(s, left);
            if (st >= 0) {
                r = st == !x->helped ? 1 : -1;
            } else {
                s->won[w]--;  /* (the floors count its trick) */
                u64 threats = x->helped ? bit(s->goal_seat) : threats_over(s, floor, w);
                s->won[w]++;
                if (threats & x->later & ~x->exact) r = -1;
                else if (threats && !pooled_holds(s, x->asker, threats,
                                                  x->helped ? s->k : s->pool, RELAXED.steps))
                    r = NEXT_FAILED;
                else if (threats)
                    x->rel |= s->rel;
            }
            s->pg.valid = 0;
            s->won[w]--;
        }
        s->ntrick = ntrick;
        s->done--;
        s->leader = leader;
        s->live = live;
        return r;
    }
    int q = turn_seat(s, j);
    u64 hand = s->hands[q], legal = legal_cards(R, hand, trick, x->i, s->done);
    if (q == x->asker) {
        /* the asker's card: one that holds is enough (its answer rests on
         * that card's place, which it may be taking the trick by) */
        int r = NEXT_FAILED;
        x->asked = 1;
        for (u64 c = legal; c && r != 1; c &= c - 1) {
            int card = low_card(c), over = takes(R, card, bp, led);
            u64 rel = x->rel;
            s->hands[q] = hand ^ bit(card);
            int rc = next_ways(s, x, j + 1, over ? R->power[card] : bp, over ? q : bseat, plain);
            s->hands[q] = hand;
            if (rc == 1) { x->rel |= bit(card); r = 1; }
            else { x->rel = rel; if (rc == -1) r = -1; }
        }
        x->asked = 0;
        return r;
    }
    if (x->exact >> q & 1) {
        /* a seat that may be a threat at the next start: each of its cards
         * (one that takes, after the asker, may be taking the trick) */
        int tried[MAXC], ntried = 0;
        for (u64 c = legal; c; c &= c - 1) {
            int card = low_card(c), above = takes(R, card, bp, led);
            int trump = R->power[card] > TRUMP_BASE, now = above && (trump || !x->asked);
            tried[ntried++] = card;
            if (stood_for_here(R, x->rel, tried, ntried - 1, bp, led)) continue;
            if (above && !trump && !x->asked) x->rel |= bit(card);
            s->hands[q] = hand ^ bit(card);
            int r = next_ways(s, x, j + 1, now ? R->power[card] : bp, now ? q : bseat,
                              now && trump ? 0 : plain | (above && !now ? bit(q) : 0));
            s->hands[q] = hand;
            if (r != 1) return r;
        }
        return 1;
    }
    /* A seat that cannot take the trick (next_start: the best only rises):
     * a card not a trump, the seat keeping its trumps, is one way; each
     * trump, gone at the next start, one more. */
    if (legal & ~R->trump_mask) {
        int r = next_ways(s, x, j + 1, bp, bseat, plain);
        if (r != 1) return r;
    }
    for (u64 c = legal & R->trump_mask; c; c &= c - 1) {
        s->hands[q] = hand ^ bit(low_card(c));
        int r = next_ways(s, x, j + 1, bp, bseat, plain);
        s->hands[q] = hand;
        if (r != 1) return r;
    }
    return 1;
}

/* (play asks it where next_applies) */
static int next_start(Search *s, int i) {
    const CRules *R = s->R;
    int n = s->players;
    if (!R->always_legal || R->forced > 0 || R->trump < 0 || R->follow != FOLLOW_OR_TRUMP)
        return -1;
    Next x;
    x.helped = s->goal == GOAL_HELPED;
    x.asker = lone_seat(s, x.helped ? 0 : 1);
    if (x.asker < 0) return -1;
    x.i = i;
    x.games = 0;
    x.later = x.exact = x.rel = 0;
    const int *trick = TRICK(s);
    int best = basic_winner(R, trick, i), bp = R->power[trick[best]];
    int ways = 1, at = n;  /* (the asker's place in the trick, where still to play) */
    for (int j = i; j < n; j++) {
        int q = turn_seat(s, j);
        if (x.helped && q == s->goal_seat) return -1;
        u64 legal = legal_cards(R, s->hands[q], trick, i, s->done);
        if (q == x.asker) {
            at = j;
            ways *= popc(legal);
        } else {
            x.later |= bit(q);
            /* (its cards exact: a seat that may take this trick, or in a
             * spoil has one already, may be a threat at the next start) */
            if ((!x.helped && s->won[q]) || can_take(s, legal, trick, i)) {
                x.exact |= bit(q);
                ways *= popc(legal);
            } else {
                ways *= popc(legal & R->trump_mask) + !!(legal & ~R->trump_mask);
            }
        }
        if (ways > NEXT.ways) return -1;  /* (before any game) */
    }
    x.asked = at == n;
    int r = next_ways(s, &x, i, bp, turn_seat(s, best), 0);
    if (r != 1) return r;
    /* (the trick's best card: no seat still to play but those above may beat it) */
    s->rel = x.rel | bit(trick[best]);
    return !x.helped;
}

/* Its ask within a trick, before its table (settlers.c): NEXT_FAILED is
 * SETTLE_QUIET, so that below, in this trick, it is not asked again. */
static int next_ask(Search *s, At *at) {
    if (!next_applies(s)) return -1;
    int r = next_start(s, at->i);
#ifdef JINK_CHECK_NEXT
    /* (tests: the search below finds the same; tests/test_next.py) */
    if (r >= 0) {
        u64 rel = s->rel;
        unsigned quiet = s->quiet;
        s->quiet |= SETTLE_NEXT;
        int again = play_on(s, at->i, at->part);
        s->quiet = quiet;
        if (s->ctx->status) return 0;
        s->ctx->table->next_checks++;
        if (again != r) s->ctx->table->next_failures++;
        s->rel = rel;
    }
#endif
    return r;
}

/*
 * The kernel's search: a zero-window proof ("can the side force the goal's
 * need from here?"), the side's seats OR nodes and the others AND nodes,
 * trick by trick. At a trick's start: the goal's status, the last trick
 * played out, the table (table.c), then the trick's cards seat by seat, one
 * card of each group of equivalent cards, each answer naming the cards
 * whose places it rested on (partition search). The settlers are asked
 * where they apply, each only where switched on (Search.settle): with none,
 * this file, rules.c and table.c give the answers alone.
 */

/* The limits, read every CHECK_EVERY nodes (as limits.Budget.check). 0: stop. */
static int check(Ctx *c) {
    c->next_check = c->nodes + CHECK_EVERY;
    if (c->node_limit >= 0 && c->next_check > c->node_limit + 1)
        c->next_check = c->node_limit + 1;
    if (c->node_limit >= 0 && c->nodes > c->node_limit) { c->status = ST_LIMIT; return 0; }
    long long now = now_ns();
    double elapsed = c->elapsed0 + (double)(now - c->t0_ns) / 1e9;
    if (c->time_limit >= 0 && elapsed > c->time_limit) { c->status = ST_LIMIT; return 0; }
    if (c->ts && now - c->last_signal_ns >= SIGNAL_NS) {
        c->last_signal_ns = now;
        PyEval_RestoreThread(c->ts);
        int r = PyErr_CheckSignals();
        c->ts = PyEval_SaveThread();
        if (r < 0) { c->status = ST_SIGNAL; return 0; }
    }
    /* (after the limits: they stop the whole search, the cap one try) */
    if (c->cap >= 0 && c->next_check > c->cap + 1) c->next_check = c->cap + 1;
    if (c->cap >= 0 && c->nodes > c->cap) { c->status = ST_CAP; return 0; }
    return 1;
}

/* The goal's verdict with ``remaining`` tricks left: 1, 0, or -1 (open). */
static int status(const Search *s, int remaining) {
    if (s->goal == GOAL_SPOIL) {
        int best = 0;
        for (int p = 0; p < s->players; p++)
            if (s->won[p] > best && !s->on_side[p]) best = s->won[p];
        if (best >= s->pool) return 0;
        if (best + remaining < s->pool) return 1;
        return -1;
    }
    int need = s->k;
    if (s->goal == GOAL_HELPED) need -= s->won[s->goal_seat];
    else for (int p = 0; p < s->players; p++) if (s->on_side[p]) need -= s->won[p];
    if (need <= 0) return 1;
    if (need > remaining) return 0;
    return -1;
}

static int need_of(const Search *s) {
    if (s->goal == GOAL_SPOIL) return 1;
    if (s->goal == GOAL_HELPED) return s->k - s->won[s->goal_seat];
    int need = s->k;
    for (int p = 0; p < s->players; p++) if (s->on_side[p]) need -= s->won[p];
    return need;
}

static int target_of(const Search *s) {
    if (s->fixed_target >= 0) return s->fixed_target;
    int best = -1, score_best = -1;
    for (int p = 0; p < s->players; p++)
        if (s->on_side[p] == s->coalition) {
            int score = s->won[p] * 8 + popc(s->hands[p] & s->R->trump_mask);
            if (score > score_best) { best = p; score_best = score; }
        }
    return best;
}

/* ---------------------------------------------------------- move ordering -- */

/* One card per equivalent group: strongest first (each group's best card) and
 * weakest first (each group's lowest card). Returns the number of groups. */
static int orders(const CRules *R, u64 legal, u64 live, int *strong, int *weak) {
    /* the cards by power, strongest first: their bits in the strength order */
    u64 ranked = 0;
    for (; legal; legal &= legal - 1) ranked |= bit(R->strength[low_card(legal)]);
    int first[MAXC], last[MAXC], latest[4] = {-1, -1, -1, -1}, g = 0;
    for (; ranked; ranked &= ranked - 1) {
        int c = R->by_strength[low_card(ranked)], su = R->suit[c];
        int grp = su >= 0 ? latest[su] : -1;
        if (grp >= 0 && equivalent(R, live, last[grp], c)) {
            last[grp] = c;
        } else {
            first[g] = last[g] = c;
            if (su >= 0) latest[su] = g;
            g++;
        }
    }
    for (int i = 0; i < g; i++) { strong[i] = first[i]; weak[i] = last[g - 1 - i]; }
    return g;
}

/* The seat playing the ``j``-th card of this trick (j < players): no
 * division, as it is asked at every node. */
static inline int turn_seat(const Search *s, int j) {
    int p = s->leader + j;
    return p >= s->players ? p - s->players : p;
}

static int can_take(const Search *s, u64 legal, const int *trick, int n) {
    const CRules *R = s->R;
    int best = trick[winner(R, trick, n, s->done)];
    u64 beaters = R->higher[best];
    if (R->power[best] < TRUMP_BASE) beaters |= R->trump_mask;
    return (legal & beaters) != 0;
}

/* -------------------------------------------------------------- recursion -- */

/* The card that took a trick, if it took it by its place (a card of its suit
 * was beaten): the answer then rests on where that card ranks. */
static u64 by_rank(const CRules *R, const int *trick, int n, int w) {
    for (int i = 0; i < n; i++)
        if (i != w && R->suit[trick[i]] == R->suit[trick[w]]) return bit(trick[w]);
    return 0;
}

/* The last trick, each seat's one card: who takes it; ``rel`` gains the
 * card if it took it by rank. */
static int last_winner(const Search *s, const CRules *R, int leader, u64 *rel) {
    int n = s->players, trick[MAXP];
    trick[0] = 0;  /* n >= 2: all set below (this tells the compiler so) */
    for (int i = 0; i < n; i++) trick[i] = high_card(s->hands[(leader + i) % n]);
    int w = winner(R, trick, n, s->tricks - 1);
    *rel |= by_rank(R, trick, n, w);
    return (leader + w) % n;
}

static int last_trick(Search *s) {
    s->ctx->nodes++;
    s->rel = 0;
    int w = last_winner(s, s->R, s->leader, &s->rel);
    s->won[w]++;
    int r = status(s, 0) == 1;
    s->won[w]--;
    return r;
}

/* The one seat on ``side`` (1) or off it (0), or -1. */
static int lone_seat(const Search *s, int side) {
    int seat = -1;
    for (int p = 0; p < s->players; p++)
        if (s->on_side[p] == side) {
            if (seat >= 0) return -1;
            seat = p;
        }
    return seat;
}

static int end_trick(Search *s) {
    const CRules *R = s->R;
    int n = s->players, leader = s->leader;
    const int *trick = TRICK(s);  /* kept: later tricks use later rows */
    int wi = winner(R, trick, n, s->done), w = turn_seat(s, wi);
    s->R = after_trick(R, trick, n, s->done);
    s->won[w]++;
    s->done++;
    s->ntrick = 0;
    s->leader = w;
    u64 live = s->live;
    for (int i = 0; i < n; i++) s->live ^= bit(trick[i]);
    int r = trick_start(s);
    s->live = live;
    s->leader = leader;
    s->ntrick = n;
    s->won[w]--;
    s->done--;
    s->R = R;
    s->rel |= by_rank(R, trick, n, wi);
    return r;
}

/* The cards of the seat's hand that are one group with ``card``: next to it
 * among the live cards of its suit (the search tried one for them all). */
static u64 group_of(const Search *s, u64 hand, int card) {
    const CRules *R = s->R;
    int su = R->suit[card], nord = R->norder[su], at = R->place[card];
    const int *ord = R->order[su];
    u64 group = bit(card);
    for (int i = at - 1; i >= 0; i--) {
        int x = ord[i];
        if (!(s->live & bit(x))) continue;
        if (!(hand & bit(x))) break;
        group |= bit(x);
    }
    for (int i = at + 1; i < nord; i++) {
        int x = ord[i];
        if (!(s->live & bit(x))) continue;
        if (!(hand & bit(x))) break;
        group |= bit(x);
    }
    return group;
}

/* Whether the answer of playing card a, resting on the places of ``rel_a``
 * (partition search), is the answer of playing b instead: two plain cards
 * of one suit, below every card of that suit the answer rested on, that
 * leave the trick's best card where it was (``i`` cards played, the best of
 * power ``bp``; a lead sets it either way). The two positions then differ
 * only in where two cards lie that the answer's set does not match on. */
static int stands_for(const CRules *R, int a, int b, u64 rel_a, int i, int bp, int led) {
    int su = R->suit[a];
    if (su != R->suit[b] || R->power[a] > TRUMP_BASE || R->power[b] > TRUMP_BASE) return 0;
    if (i && (takes(R, a, bp, led) || takes(R, b, bp, led))) return 0;
    u64 mine = rel_a & R->suit_masks[su];
    return !(mine & ~R->higher[a]) && !(mine & ~R->higher[b]);
}

static void init_search(Search *s, Ctx *c, const CRules *R, int players, int tricks,
                        u64 side_mask, int goal, int k, int goal_seat, int narrow, int pool) {
    s->ctx = c;
    s->R = R;
    s->players = players;
    s->tricks = tricks;
    s->side_mask = side_mask;
    for (int p = 0; p < MAXP; p++) s->on_side[p] = (int)((side_mask >> p) & 1);
    s->goal = goal;
    s->k = k;
    s->goal_seat = goal_seat;
    s->narrow = narrow;
    s->coalition = goal == GOAL_SPOIL ? 0 : goal == GOAL_HELPED ? 1 : -1;
    s->fixed_target = goal == GOAL_HELPED ? goal_seat : -1;
    s->target = -1;
    s->threats = 0;
    s->ntrick = 0;
    s->live = 0;
    s->partition = c->table->partition;
    s->pkey = NULL;
    s->mid = c->table->partition && players >= c->table->mid_from;
    s->rel = 0;
    s->pg.valid = 0;
    s->next_failed = 0;
    s->settle = c->table->settle;
    s->pool = pool;
}

/* Whether table entries may stand for sets of positions here: the follow
 * duty asks only for suits (and trump ranks, which entries always match on),
 * the trick's winner is the best card of the suit led or trump, and the
 * search is exact (the narrow search throws the lowest card, a matter of
 * rank). */
static int partitioned(const Search *s) {
    const CRules *R = s->R;
    return s->partition && !s->narrow && R->relative && R->follow == FOLLOW_OR_TRUMP
        && R->trump >= 0 && R->forced <= s->done && R->arriving < 0;
}

static int play_on(Search *s, int i, int part);

static int play(Search *s) {
    Ctx *c = s->ctx;
    if (++c->nodes >= c->next_check && !check(c)) return 0;
    int i = s->ntrick;
    if (i == s->players) return end_trick(s);
    int part = partitioned(s);
    if (i && part && on(s, SETTLE_NEXT) && next_applies(s)) {
        int r = next_start(s, i);
#ifdef JINK_CHECK_NEXT
        /* (tests: the search below finds the same; tests/test_next.py) */
        if (r >= 0) {
            u64 rel = s->rel;
            s->next_failed = 1;
            int again = play_on(s, i, part);
            s->next_failed = 0;
            if (c->status) return 0;
            s->ctx->table->next_checks++;
            if (again != r) s->ctx->table->next_failures++;
            s->rel = rel;
        }
#endif
        if (r >= 0) return r;
        if (r == NEXT_FAILED) {
            s->next_failed = 1;
            r = play_on(s, i, part);
            s->next_failed = 0;
            return r;
        }
    }
    return play_on(s, i, part);
}

/* A card of the trick's ``i``-th seat, each of them in turn (see play). */
static int play_on(Search *s, int i, int part) {
    Ctx *c = s->ctx;
    int n = s->players;
    if (i && part && on(s, SETTLE_TRICK)) {
        int st = settled_trick(s, i);
        if (st >= 0) return st;
    }
    int seat = turn_seat(s, i);
    u64 hand = s->hands[seat];
    int *trick = TRICK(s);
    /* Mid-trick keys, kept up card by card from the trick's (see mid_key),
     * as far into the trick as a node may still probe the table. */
    const u64 *pkey = s->pkey;
    u64 kd[KEYW + 4], *key = kd, *detail = kd + KEYW;  /* as pkey: key, then detail */
    int mid = 0, need = 0;
    long long start = c->nodes;
    if (s->mid && i <= n - c->table->mid_left && i <= c->table->mid_last && n <= TRICK_SEAT
        && part) {
        s->pkey = kd;  /* the nodes below start from this key */
        if (!pkey) {
            mid_key(s, key, detail);
        } else {
            memcpy(kd, pkey, sizeof kd);
            if (i > 0) {
                const CRules *R = s->R;
                int c2 = trick[i - 1], by = turn_seat(s, i - 1), su = R->suit[c2];
                key[su] += ((u64)1 << (4 * TRICK_SEAT)) - ((u64)1 << (4 * by));
                detail[su] ^= (u64)(by ^ TRICK_SEAT) << (4 * popc(s->live & R->higher[c2]));
                key[5] = (key[5] & (((u64)1 << 48) - 1)) | mid_bits(s);
            }
        }
        mid = i >= c->table->mid_first;
    }
    if (mid) {
        need = need_of(s);
        TableObject *t = c->table;
        t->lookups++;
        const Entry *hit = table_settles(t, key, detail, need);
        if (hit) {
            t->hits++;
            s->rel = depth_cards(s, hit->depth);
            s->pkey = pkey;
            return hit->lo >= need;
        }
    }
    if (part && i && on(s, SETTLE_RELAXED)) {
        int rx = relaxed_mid(s, i);
        if (rx >= 0) { s->pkey = pkey; return rx; }
    }
    u64 legal = legal_cards(s->R, hand, trick, i, s->done);
    int maximizing = s->on_side[seat];
    int order[MAXC];
    int m = order_moves(s, seat, legal, maximizing, order);
    if (s->narrow && i && maximizing == s->coalition && !can_take(s, legal, trick, i))
        m = 1;  /* a throw-away: the lowest card only */
    u64 rel = 0;
    /* The cards searched without a cut and what their answers rested on: a
     * later card they stand for (stands_for) need not be searched. */
    int nsib = 0, sib[MAXC];
    u64 sib_rel[MAXC];
    int led = -1, best = 0, bp = 0;
    if (part && i) {
        led = s->R->suit[trick[0]];
        best = basic_winner(s->R, trick, i);
        bp = s->R->power[trick[best]];
    }
    /* Cheap tries first (order.c: widen_applies): each card under a cap on
     * nodes, growing a round, until one of them gets there or all have
     * failed; the last left open is searched uncapped. */
    int widen = part && m > 1 && on(s, SETTLE_ORDER) && widen_applies(s, i, maximizing);
    u64 open = ((u64)1 << m) - 1;  /* (m <= the cards of a hand) */
    long long width = ORDER.widen_first;
round:  /* (again over the cards still open, each under a wider cap) */
    for (int j = 0; j < m; j++) {
        if (!(open >> j & 1)) continue;
        open &= ~((u64)1 << j);
        int card = order[j], k = 0;
        while (k < nsib && !stands_for(s->R, sib[k], card, sib_rel[k], i, bp, led)) k++;
        if (k < nsib) {
            /* it rests on the same cards, and on the trick's best card
             * ranking above both where it is of their suit */
            rel |= sib_rel[k];
            if (i && s->R->suit[trick[best]] == s->R->suit[card]) rel |= bit(trick[best]);
            if (sib_rel[k] & hand & s->R->suit_masks[s->R->suit[card]]) {
                u64 group = group_of(s, hand, card);
                if (sib_rel[k] & group) rel |= group;
            }
            continue;
        }
        int capped = widen && open;  /* (the last card open runs uncapped) */
        if (capped) {
            c->cap = c->nodes + width;
            if (c->next_check > c->cap + 1) c->next_check = c->cap + 1;
        }
        s->hands[seat] = hand ^ bit(card);
        trick[i] = card;
        s->ntrick = i + 1;
        int r = play(s);
        s->ntrick = i;
        s->hands[seat] = hand;
        if (capped) c->cap = -1;
        if (c->status == ST_CAP && capped) {
            /* (this try's cap: below, every node hands it up) open for the
             * next round */
            c->status = ST_OK;
            open |= (u64)1 << j;
            continue;
        }
        if (c->status) { s->pkey = pkey; return 0; }
        /* The card stood for its group: if the answer rests on the place of
         * any of them, it rests on all of theirs (the group is within the
         * seat's cards of the suit: mostly there is nothing to look up).
         * Without partition search, trick_start reads no answer's cards. */
        if (s->partition) {
            rel |= s->rel;
            if (s->rel & hand & s->R->suit_masks[s->R->suit[card]]) {
                u64 group = group_of(s, hand, card);
                if (s->rel & group) rel |= group;
            }
        }
        if (part) { sib[nsib] = card; sib_rel[nsib++] = s->rel; }
        if (r == maximizing) {
            s->rel = rel;
            s->pkey = pkey;
            if (mid && c->nodes - start >= MID_MIN_NODES)
                store(s, key, detail, 1, need, r, c->nodes - start);
            return r;
        }
    }
    if (open) {
        width *= ORDER.widen_growth;
        goto round;
    }
    s->rel = rel;
    s->pkey = pkey;
    if (mid && c->nodes - start >= MID_MIN_NODES)
        store(s, key, detail, 1, need, !maximizing, c->nodes - start);
    return !maximizing;
}

static int trick_start(Search *s) {
    Ctx *c = s->ctx;
    const CRules *R = s->R;
    int remaining = s->tricks - s->done;
    int st = status(s, remaining);
    int part = partitioned(s);
    /* Answers settled before any search rest on no card's place, or (where
     * entries stand for single positions) on every card's. */
    s->rel = part ? 0 : s->live;
    if (st >= 0) return st;
    if (remaining == 1) {
        int r = last_trick(s);
        if (!part) s->rel = s->live;
        return r;
    }
    /* A spoil's threats, the seats that may still reach the pool (threats.c):
     * the settlers read them. */
    Threats th = {0, -1, 0, 0};
    if (s->coalition == 0 && on(s, SETTLE_THREATS | SETTLE_RELAXED | SETTLE_POOLED
                                | SETTLE_EARLY)) {
        int r = spoil_threats_settle(s, remaining, part, &th);
        if (r >= 0) return r;
    }
    int need = need_of(s);
    /* With partition search the sure tricks come before the table: they
     * settle most of the positions a trick's end reaches (at nine seats,
     * nearly all of those the table does not know), for less than a probe's
     * likely cache miss, and such answers then take no room in the table.
     * The port keeps the Python engine's order, the table first. */
    int result = -1;
    long long start0 = c->nodes;
    if (R->always_legal && s->partition && on(s, SETTLE_SURE)) {
        result = sure(s, need, remaining, th.known, th.holder, th.top);
        if (result >= 0) return result;  /* resting on no card's place (above) */
    }
    if (part && on(s, SETTLE_POOLED)) {
        result = pooled_known(s, th.mask, remaining);
        if (result >= 0) return result;  /* (kept there: not stored again) */
    }
    u64 kd[KEYW + 4] = {0}, *key = kd, *detail = kd + KEYW;  /* as pkey: key, then detail */
    make_key(s, remaining, key, part ? detail : NULL);
    TableObject *t = c->table;
    t->lookups++;
    const Entry *hit = table_settles(t, key, detail, need);
    if (hit) {
        t->hits++;
        s->rel = part ? depth_cards(s, hit->depth) : s->live;
        return hit->lo >= need;
    }
    /* The settlers asked after the table: their answers are stored. */
    if (R->always_legal && !s->partition && on(s, SETTLE_SURE))
        result = sure(s, need, remaining, th.known, th.holder, th.top);
    if (result < 0 && part && on(s, SETTLE_RELAXED)) result = relaxed_start(s, th.mask, remaining);
    if (result < 0 && part && on(s, SETTLE_EARLY)) result = spoil_early(s, th.mask, remaining);
    if (result < 0 && on(s, SETTLE_TWO)) result = two_left(s, remaining, part);
    if (result < 0) {
        int target = s->target;
        u64 threats = s->threats;
        const u64 *pkey = s->pkey;
        s->pkey = part ? kd : NULL;  /* the mid-trick keys start from this one */
        if (s->coalition >= 0) s->target = target_of(s);
        s->threats = th.mask;
        result = play(s);
        s->threats = threats;
        s->target = target;
        s->pkey = pkey;
    }
    if (c->status) return 0;  /* no answer: nothing is stored */
    if (!part) s->rel = s->live;
    store(s, key, detail, part, need, result, c->nodes - start0);
    return result;
}

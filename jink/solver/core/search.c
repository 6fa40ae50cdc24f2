/*
 * The kernel's search: a zero-window proof ("can the side force the goal's
 * need from here?"), the side's seats OR nodes and the others AND nodes,
 * trick by trick. At a trick's start: the goal's status, the last trick
 * played out, the table (table.c), then the trick's cards seat by seat, one
 * card of each group of equivalent cards.
 *
 * The settlers are asked at four stages (STAGE_*: a trick's start before
 * and after the table, within a trick before and after its table), each
 * stage walking the asks of the parts switched on in the settlers' table's
 * order (settlers.c), each where its guard holds. Partition search
 * (partition.c) and cheap tries (widen.c) are parts of their own, switched
 * like the settlers. With every part off, this file, rules.c and table.c
 * give the answers alone.
 */

/* The limits, read every CHECK_EVERY nodes (as limits.Budget.check). 0: stop. */
static int check(Ctx *c) {
    long long nodes = c->nodes;  /* (every thread's, where threads search: threads.c) */
#if JINK_THREADS
    if (c->id) return helper_check(c);
    if (c->crew && c->crew->started) {
        nodes += atomic_load(&c->crew->helper_nodes);
        if (atomic_load(&c->crew->stop)) { c->status = ST_STOP; return 0; }  /* answered */
    }
#endif
    c->next_check = c->nodes + CHECK_EVERY;
    if (LOAD(&c->table->halted)) { c->status = ST_HALT; return 0; }
#if JINK_THREADS
    if (c->crew && c->crew->started) c->next_check = c->nodes + STOP_EVERY;  /* (threads.c) */
#endif
    if (c->node_limit >= 0 && c->next_check > c->node_limit + 1)
        c->next_check = c->node_limit + 1;
    if (c->node_limit >= 0 && nodes > c->node_limit) { c->status = ST_LIMIT; return 0; }
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
#if JINK_THREADS
    if (c->crew && !c->crew->started && c->nodes - c->crew->nodes0 >= help_after(c)
        && LOAD(&c->table->lent) > 1)
        crew_start(c);
#endif
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
    return (legal & beating(R, best)) != 0;
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
    s->settle = c->table->settle;
    s->quiet = 0;
    s->asks = &c->table->asks[goal];
    s->pool = pool;
    s->pn = NULL;
    s->path = 0;
}

/* A table's lists of asks, one for each goal's family: those of the parts
 * switched on whose guard the search's kind meets (GUARD_SEARCH), stage by
 * stage, in the settlers' table's order. */
static void gather_asks(TableObject *t) {
    for (int f = 0; f < NFAMILIES; f++) {
        unsigned kind = (f == GOAL_SPOIL ? GUARD_SPOIL : GUARD_NO_SPOIL)
                      | (f != GOAL_ATLEAST ? GUARD_ASKER : 0)
                      | (t->partition ? GUARD_SETS : GUARD_SINGLE) | GUARD_NODE;
        int count[NSTAGES] = {0};
        for (int e = 0; e < NPARTS; e++)
            for (const Ask *a = SETTLERS[e].asks; a < SETTLERS[e].asks + MAX_ASKS && a->settle;
                 a++)
                if ((t->settle & a->when) && !(a->guard & ~kind))
                    t->asks[f][a->stage][count[a->stage]++] = a;
        for (int st = 0; st < NSTAGES; st++) t->asks[f][st][count[st]] = NULL;
    }
}


/* The settlers' asks at this stage, in the table's order, each where its
 * guard holds (``node``: the GUARD_* bits that hold here) and none of its
 * parts is quiet: the first answer, or -1. An ask that answers
 * SETTLE_QUIET keeps its parts quiet below this node (play restores). */
static inline int settle_at(Search *s, int stage, At *at, unsigned node) {
    for (const Ask *const *a = (*s->asks)[stage]; *a; a++) {
        if (((*a)->guard & GUARD_NODE & ~node) || (s->quiet & (*a)->when)) continue;
        int r = (*a)->settle(s, at);
        if (r >= 0) return r;
        if (r == SETTLE_QUIET) s->quiet |= (*a)->when;
    }
    return -1;
}

/* The node's GUARD_* bits that hold here (``part``: partitioned). */
static inline unsigned node_guard(const Search *s, int part) {
    return (part ? GUARD_PART : 0) | (s->R->always_legal ? GUARD_TRUMPS : 0);
}

static int play(Search *s) {
    Ctx *c = s->ctx;
    if (++c->nodes >= c->next_check && !check(c)) return 0;
    int i = s->ntrick;
    if (i == s->players) return end_trick(s);
    int part = partitioned(s);
    if (!i || !(*s->asks)[STAGE_TRICK][0] || on_path(s)) return play_on(s, i, part);
    unsigned quiet = s->quiet;
    At at;
    at.part = part;
    at.i = i;
    int r = settle_at(s, STAGE_TRICK, &at, node_guard(s, part));
    if (r < 0) r = play_on(s, i, part);
    s->quiet = quiet;
    return r;
}

/* The path (Search.path) of the node after ``card``. */
static inline u64 path_after(const Search *s, int card) { return mix(s->path, (u64)card + 1); }

/* Card ``j`` of ``t`` tried: searched (under a cap of ``width`` nodes, or
 * none: -1) unless an answer already found stands for it (partition.c).
 * TRY_SETTLES where it settles the node, TRY_ON where it does not (or was
 * not searched), TRY_CAPPED where its cap cut it short (no answer),
 * TRY_STOPPED where a limit stopped the search. */
static inline int try_card(Search *s, Tries *t, int j, long long width) {
    Ctx *c = s->ctx;
    int card = t->order[j], i = t->i, seat = t->seat;
    if (t->nsib && stood_for(s, t, card)) return TRY_ON;
    if (width >= 0) {
        c->cap = c->nodes + width;
        if (c->next_check > c->cap + 1) c->next_check = c->cap + 1;
    }
    u64 hand = t->hand, path = s->path;
    s->hands[seat] = hand ^ bit(card);
    TRICK(s)[i] = card;
    s->ntrick = i + 1;
    if (c->crew) s->path = path_after(s, card);  /* (threads only: shared_tries) */
    int r = play(s);
    s->path = path;
    s->ntrick = i;
    s->hands[seat] = hand;
    if (width >= 0) {
        c->cap = -1;
        /* (this try's cap: below, every node hands it up) */
        if (c->status == ST_CAP) { c->status = ST_OK; return TRY_CAPPED; }
    }
    if (c->status) return TRY_STOPPED;
    answered(s, t, card);
    if (r != t->maximizing) return TRY_ON;
    if (t->context >= 0) killer_settled(s, t, card);
    return TRY_SETTLES;
}

/* A card of the trick's ``i``-th seat, each of them in turn (see play):
 * the mid-trick table and the settlers asked after it, then the cards. */
static int play_on(Search *s, int i, int part) {
    Ctx *c = s->ctx;
    int seat = turn_seat(s, i);
    const u64 *pkey = s->pkey;
    u64 kd[KEYW + 4];  /* as pkey: key, then detail (mid_node) */
    long long start = c->nodes;
    int mid = mid_node(s, i, part, pkey, kd), need = 0, path = on_path(s);
    if (mid && !path) {
        need = need_of(s);
        int r = mid_probe(s, kd, need);
        if (r >= 0) { s->pkey = pkey; return r; }
    }
    if (i && (*s->asks)[STAGE_CARDS][0] && !path) {
        At at;
        at.part = part;
        at.i = i;
        int r = settle_at(s, STAGE_CARDS, &at, node_guard(s, part));
        if (r >= 0) { s->pkey = pkey; return r; }
    }
    const int *trick = TRICK(s);
    Tries t;
    t.i = i;
    t.seat = seat;
    t.hand = s->hands[seat];
    t.part = part;
    t.maximizing = s->on_side[seat];
    u64 legal = legal_cards(s->R, t.hand, trick, i, s->done);
    t.m = order_moves(s, seat, legal, t.maximizing, t.order);
    if (s->narrow && i && t.maximizing == s->coalition && !can_take(s, legal, trick, i))
        t.m = 1;  /* a throw-away: the lowest card only */
    t.led = -1, t.best = 0, t.bp = 0;
    if (part && i) {
        t.led = s->R->suit[trick[0]];
        t.best = basic_winner(s->R, trick, i);
        t.bp = s->R->power[trick[t.best]];
    }
    t.context = -1;
    /* (not the coalition's leads: see killer_context) */
    if (s->partition && on(s, SETTLE_ORDER) && (i || t.maximizing != s->coalition))
        killers_first(s, &t);
    diverge(s, t.order, t.m);
    t.rel = 0;
    t.nsib = 0;
    if (s->pn && pn_depth(s) <= s->pn->len) {
        /* (the proof-number layer's path: pns.c) */
        int j = pns_path_card(s, &t);
        if (j != PN_LEAF) {
            int k = j >= 0 ? try_card(s, &t, j, -1) : TRY_STOPPED;
            s->pkey = pkey;
            if (k == TRY_STOPPED) return 0;
            if (s->pn->at < 0) s->pn->at = pn_depth(s) + 1;  /* the card's node answered */
            return k == TRY_SETTLES ? t.maximizing : !t.maximizing;  /* (not stored) */
        }
    }
    int k = TRY_ON;
    if (part && t.m > 1 && on(s, SETTLE_WIDEN) && widen_applies(s, i, t.maximizing)) {
        k = widen_tries(s, &t);
    } else if (shares_out(s, &t)) {
        k = shared_tries(s, &t);
    } else {
        for (int j = 0; j < t.m && k == TRY_ON; j++) k = try_card(s, &t, j, -1);
    }
    s->pkey = pkey;
    if (k == TRY_STOPPED) return 0;
    int r = k == TRY_SETTLES ? t.maximizing : !t.maximizing;
    s->rel = t.rel;
    if (mid) mid_store(s, kd, need, r, c->nodes - start);
    return r;
}

static int trick_start(Search *s) {
    Ctx *c = s->ctx;
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
    /* The settlers asked before the table (the threats first: the others
     * read them), their answers not stored: with partition search the sure
     * tricks settle most of the positions a trick's end reaches (at nine
     * seats, nearly all of those the table does not know), for less than a
     * probe's likely cache miss, and such answers then take no room in the
     * table; the pooled game's answers are kept in its own memory. */
    At at = {.remaining = remaining, .need = need_of(s), .part = part, .i = 0,
             .th = {0, -1, 0, 0}};
    unsigned node = node_guard(s, part);
    int result = settle_at(s, STAGE_START, &at, node);
    if (result >= 0) return result;  /* resting on no card's place (above) */
    int need = at.need;
    long long start0 = c->nodes;
    u64 kd[KEYW + 4] = {0}, *key = kd, *detail = kd + KEYW;  /* as pkey: key, then detail */
    make_key(s, remaining, key, part ? detail : NULL);
    int path = on_path(s);
    if (!path) {
        c->lookups++;
        uint8_t depth[4];
        int hit = table_settles(c->table, key, detail, hashed_suit(s, part), need, depth);
        if (hit >= 0) {
            c->hits++;
            s->rel = part ? depth_cards(s, depth) : s->live;
            return hit;
        }
        /* The settlers asked after the table: their answers are stored. */
        result = settle_at(s, STAGE_STORED, &at, node);
    }
    if (result < 0) {
        int target = s->target;
        u64 threats = s->threats;
        const u64 *pkey = s->pkey;
        s->pkey = part ? kd : NULL;  /* the mid-trick keys start from this one */
        if (s->coalition >= 0) s->target = target_of(s);
        s->threats = at.th.mask;
        result = play(s);
        s->threats = threats;
        s->target = target;
        s->pkey = pkey;
    }
    if (c->status) return 0;  /* no answer: nothing is stored */
    if (!part) s->rel = s->live;
    if (path) return result;  /* (on the layer's path: one card tried) */
    store(s, key, detail, part, need, result, c->nodes - start0);
    return result;
}

/* A proof from its root: the trick's start, or the card of the seat to play
 * where the root is within a trick. */
static int from_root(Search *s) {
    return s->ntrick == 0 ? trick_start(s) : play(s);
}

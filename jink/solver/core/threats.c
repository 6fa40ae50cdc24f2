/*
 * Settler "threats": a spoil's threats, the seats that may still reach the
 * pool.
 *
 * Guard: a spoil search at a trick's start (search.c: trick_start).
 * Settles: with no threat, the spoil holds; with one, it holds exactly when
 * the others cannot bring that seat to the pool (the hand-over: a search of
 * the GOAL_HELPED question for it).
 * Sound: a seat is no threat only where its tricks won and the tricks left
 * over once the top trumps' holder has taken its own (and, with partition
 * search, once every other seat's trumps it cannot cover have taken theirs,
 * each trick to one trump, every card played) cannot reach the pool. With
 * one threat, a spoil fails exactly when some line brings that seat to the
 * pool, and the hand-over asks just that, every other seat helping it.
 * Thresholds: none; the bound is the game's pool (Search.pool).
 * The other settlers read the threats it finds (relaxed, pooled, early),
 * so they are worked out where any of those is on.
 */

/* For a spoil search at a trick's start, ``remaining`` tricks left: the
 * fewest tricks won each seat off its side must have to be a threat, one
 * that may still reach the pool (past it for the side's seats), in two
 * parts. The holder of the top trumps (``holder``, ``top``: as top_trumps)
 * takes those tricks from every other seat (``base``); and with partition
 * search (a technique of the core only: the port keeps the Python engine's
 * nodes), so do the trumps of others a seat cannot cover (lost_to_trumps:
 * ``lost``, 0 where not counted), counted for the seats that the first
 * count leaves a threat with one trick more than they have. They read of
 * the hands the trumps' holders only: kept by those and the rest they read
 * (FloorSlot), in this thread's memory. */
static void floors_worked_out(const Search *s, int remaining, FloorSlot *f) {
    const CRules *R = s->R;
    int holder = -1, top = 0;
    if (R->always_legal) top_trumps(s, &holder, &top);
    f->holder = (int8_t)holder;
    f->top = (int8_t)top;
    int counted = s->partition && R->always_legal && R->trump >= 0, placed = 0;
    int places[MAXP][16], count[MAXP], most = 0, most_at = -1, next = 0;
    for (int p = 0; p < s->players; p++) {
        f->lost[p] = 0;
        if (s->on_side[p]) { f->base[p] = (int8_t)(MAXT + s->pool); continue; }
        int base = s->pool - remaining + (p != holder ? top : 0);
        f->base[p] = (int8_t)base;
        if (counted && s->won[p] + 1 >= base) {
            if (!placed++)
                for (int q = 0; q < s->players; q++) {
                    count[q] = ranks(R, s->hands[q] & R->trump_mask, places[q]);
                    if (count[q] > most) { next = most; most = count[q]; most_at = q; }
                    else if (count[q] > next) next = count[q];
                }
            /* (a seat with no trump loses a trick to each of any other's) */
            int lost = count[p] ? lost_to_trumps(s, p, places, count) : p == most_at ? next : most;
            f->lost[p] = (int8_t)(s->pool - remaining + lost);
        }
    }
}

static const FloorSlot *floor_parts(const Search *s, int remaining) {
    const CRules *R = s->R;
    u64 key[3], holders = 0, places = 0, won = 0;
    for (int p = 0; p < s->players; p++) {
        won |= (u64)s->won[p] << (3 * p);
        for (u64 h = R->trump >= 0 ? s->hands[p] & R->trump_mask : 0; h; h &= h - 1) {
            int place = R->place[low_card(h)];
            holders |= (u64)p << (4 * place);
            places |= bit(place);
        }
    }
    key[0] = holders;
    key[1] = won | (u64)remaining << 48 | (u64)s->pool << 52 | (u64)s->players << 56
           | (u64)s->partition << 61;
    key[2] = places | s->side_mask << 16 | (u64)(uint32_t)R->id << 32 | bit(63);
    FloorSlot *f = &s->ctx->memory->floors[mix(mix(key[0], key[1]), key[2]) & (FLOOR_SLOTS - 1)];
    if (f->key[0] == key[0] && f->key[1] == key[1] && f->key[2] == key[2]) {
#ifdef JINK_CHECK
        /* (tests: the parts kept are those worked out here) */
        FloorSlot again;
        floors_worked_out(s, remaining, &again);
        TableObject *t = s->ctx->table;
        t->checks++;
        if (again.holder != f->holder || again.top != f->top
            || memcmp(again.base, f->base, (size_t)s->players)
            || memcmp(again.lost, f->lost, (size_t)s->players))
            t->check_failures++;
#endif
        return f;
    }
    floors_worked_out(s, remaining, f);
    memcpy(f->key, key, sizeof key);
    return f;
}

/* The floors (see floor_parts) into ``floor``, for the seats of ``more``
 * with one trick more than they have and the others with the tricks they
 * have; the top trumps' holder and count into ``holder`` and ``top``. */
static void threat_floors(const Search *s, int remaining, u64 more, int *floor, int *holder,
                          int *top) {
    const FloorSlot *f = floor_parts(s, remaining);
    *holder = f->holder;
    *top = f->top;
    for (int p = 0; p < s->players; p++) {
        int base = f->base[p], more_won = s->won[p] + (int)(more >> p & 1);
        floor[p] = f->lost[p] > base && more_won >= base ? f->lost[p] : base;
    }
}

/* The seats off the side with at least their floors (threat_floors) of
 * tricks won, ``extra`` (a seat, or -1) with one trick more. */
static u64 threats_over(const Search *s, const int *floor, int extra) {
    u64 threats = 0;
    for (int p = 0; p < s->players; p++)
        if (s->won[p] + (p == extra) >= floor[p]) threats |= bit(p);
    return threats;
}

/* A spoil search's threats at a trick's start, ``remaining`` tricks left. */
static u64 spoil_threats_of(const Search *s, int remaining, int *holder, int *top) {
    int floor[MAXP];
    threat_floors(s, remaining, 0, floor, holder, top);
    return threats_over(s, floor, -1);
}

/* A spoil search's threats at a trick's start, into ``th``; with the settler
 * on, 1 where there is none (the spoil holds), the hand-over's answer where
 * there is one, else -1. */
static int spoil_threats_settle(Search *s, int remaining, int part, Threats *th) {
    th->mask = spoil_threats_of(s, remaining, &th->holder, &th->top);
    th->known = 1;
    if (!on(s, SETTLE_THREATS)) return -1;
    if (!th->mask) return 1;
    if (th->mask & (th->mask - 1)) return -1;
    int threat = low_card(th->mask);
    Ctx *c = s->ctx;
    Search h;
    u64 all = bit(s->players) - 1;
    init_search(&h, c, s->R, s->players, s->tricks, all & ~s->side_mask, GOAL_HELPED, s->pool,
                threat, s->narrow, s->pool);
    memcpy(h.hands, s->hands, sizeof h.hands);
    memcpy(h.won, s->won, sizeof h.won);
    h.leader = s->leader;
    h.done = s->done;
    h.live = s->live;
    h.target = threat;
    h.partition = s->partition;
    h.mid = s->mid;
    h.path = mix(s->path, 0);  /* (another search's nodes: see shared_tries) */
    int r = trick_start(&h);
    s->rel = part ? h.rel : s->live;
    return c->status ? 0 : !r;
}

/* Its ask at a trick's start (settlers.c): the threats, for the settlers
 * after it, and the spoil settled where they settle it. */
static int threats_ask(Search *s, At *at) {
    return spoil_threats_settle(s, at->remaining, at->part, &at->th);
}

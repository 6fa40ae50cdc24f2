/*
 * Several threads on one proof (Lazy SMP): the caller's thread searches the
 * question as one thread would; once its proof has taken help_after() nodes
 * (a small proof stays on one thread, untouched), it starts its helpers.
 * Each helper searches the same question from its root with its own Ctx,
 * Search and Memory (the two-trick, relaxed and pooled games' memories),
 * trying the cards of the question's first trick in another order
 * (diverge), putting off the others' cards another thread is searching
 * (shared_tries), and shares the table: each thread's answers there cut the
 * others' searches short. The first thread to answer tells the others to
 * stop. Every answer in the table, and every settler's answer, is exact
 * whichever thread found it, so the proof's verdict is the same for any
 * number of threads; only the nodes (every thread's, added up) differ.
 *
 * The table is shared under per-slot locks (table.c); its purge and its
 * growth move entries, so the thread that finds the table full (or past
 * half its slots while it grows) asks the others to wait where they next
 * touch the table (pause_point), does it alone when all wait, and lets them
 * go (crew_maintain). Every thread touches the table at each of its trick
 * starts, and one that has stopped searching no longer counts, so the wait
 * is short.
 *
 * Where the platform lacks POSIX threads or C11 atomics (Windows), a proof
 * runs on one thread whatever it is asked.
 */

/* The nodes the caller's thread searches alone before it starts its
 * helpers: threads cost a little to start, and most proofs end sooner.
 * From HELP_SOONER_FROM seats a node costs a few microseconds (the settlers'
 * games at the leaves), so the helpers start at the first check past
 * HELP_AFTER_BIG nodes, a few milliseconds in: with HELP_AFTER there, 32,768
 * nodes (60 to 80 ms) ran on one thread, and a proof of 50,000 nodes (nine
 * seats, deal 38, seat 2's spoil) took longer on two threads than on one.
 * Measured on two threads, the 20 slowest of 40 deals, three runs at nine
 * seats and two at ten, against HELP_AFTER everywhere: 0.543 against 0.568
 * of one thread's wall time at nine, 0.570 against 0.583 at ten; `jink
 * analyse` of ten-seat deals 0, 1, 4, 5, 15 and 21, 0.967 of the time. This
 * core against the one before, in turns: 0.94 of the time at nine seats,
 * even at ten, `jink analyse` 0.956.
 * Below, where nodes are cheap, starting so soon cost: 1.072 against 1.047
 * of one thread at six seats, 1.106 against 1.024 at seven, even at eight. */
#define HELP_AFTER (8 * CHECK_EVERY)
#define HELP_AFTER_BIG 2048
#define HELP_SOONER_FROM 9

/* The nodes between two looks at the crew's stop while helpers search (as
 * CHECK_EVERY, the limits' on one thread): the thread that answers last
 * waits for the others to see it, a few milliseconds at 4096 nodes of the
 * big tables' microsecond nodes, a tenth of a proof of 33,000. */
#define STOP_EVERY 256
/* A helper's stack: the search's recursion (a frame for each card of the
 * deal) with room to spare, whatever the platform's default. */
#define HELPER_STACK ((size_t)8 << 20)

/* A helper tries the cards of the question's first card of the others'
 * rotated, helper k of n threads starting k/n of the way along: where every
 * card must be searched (the others' choice, where the proof holds), each
 * thread starts on its own share, and meets the others' answers in the table
 * as it goes on (with two, the caller's thread takes the first half, the
 * helper the second: 8% fewer of the caller's nodes than a rotation by one,
 * 12% fewer in all, at 9 players on 6 slow deals, twice each). Where the
 * asking side plays first (the root, and the cards after it until one of the
 * others is to play), the helper tries its cards in the caller's order: where
 * the proof holds one of them is enough, likeliest the first, and a helper
 * sent to others searched cards that fail (ten seats, deal 13: the
 * leader's own spoil, 10.4 million nodes on two threads rotated at the root,
 * 5.2 million so, 3.7 s against 2.4 s; the 20 slowest ten-seat deals, 0.93
 * to 0.98 of the time, nine seats even). Only there: rotated at every card
 * of the first trick, helpers searched a third more nodes for a slower
 * caller's thread. Below that card, the threads part by the others' cards
 * each is searching (shared_tries), and by the table's answers, each
 * finding what the others have stored. Where the others lead the root, its leads
 * are the cheap tries' (widen.c): a helper searches its first one whole,
 * and every thread puts off the lead another is searching. */
static void diverge(const Search *s, int *order, int m) {
    const Ctx *c = s->ctx;
    if (!c->id || m < 2 || s->done != c->root_done || s->ntrick < c->crew->root.ntrick)
        return;
    /* (the first of the others to play since the root: the side's cards before it) */
    for (int j = c->crew->root.ntrick; j <= s->ntrick; j++) {
        int side = s->on_side[(s->leader + j) % s->players];
        if (j < s->ntrick ? !side : side) return;
    }
    int r = c->id * m / c->crew->threads, rotated[MAXC];
    if (!r) r = c->id % m;  /* (more threads than cards) */
    for (int j = 0; j < m; j++) rotated[j] = order[(j + r) % m];
    memcpy(order, rotated, sizeof(int) * (size_t)m);
}

/* The coalition's cards in the proof's first SHARE_TRICKS tricks, shared
 * out among the threads (ABDADA, Weill 1996): each thread names the card it
 * searches at each such node (Crew.path_busy, by the path from the root:
 * every thread starts from the same root, so the same path is the same
 * node), and puts off a card another thread is searching, to try it after
 * the node's other cards, when its answer is likely in the table. Where the
 * proof holds, every one of the coalition's cards must be searched, and the
 * threads take different ones at every such node instead of only the first
 * trick's; where the asker plays, one card is enough, likeliest the first,
 * and nothing is put off (as diverge). */
static int shares_out(const Search *s, const Tries *t) {
    const Ctx *c = s->ctx;
    return JINK_THREADS && c->crew && s->coalition >= 0 && t->maximizing == s->coalition
        && s->done - c->root_done < SHARE_TRICKS && t->m > 1;
}

#if JINK_THREADS
/* The node of ``t``'s place among the proof's first tricks' cards: each
 * thread's slot there (Crew.path_busy) names the card it searches now. */
static inline int named_ply(const Search *s, const Tries *t) {
    return (s->done - s->ctx->root_done) * s->players + t->i;
}

static inline asig *named_slot(const Search *s, const Tries *t) {
    return &s->ctx->crew->path_busy[s->ctx->id][named_ply(s, t)];
}

/* Whether another thread searches the card of path ``child`` at the node of
 * ``t`` now. (No helper started: every other thread's slot is 0.) */
static int searched_elsewhere(const Search *s, const Tries *t, u64 child) {
    const Ctx *c = s->ctx;
    int ply = named_ply(s, t);
    for (int k = 0; k < c->crew->threads; k++)
        if (k != c->id && LOAD(&c->crew->path_busy[k][ply]) == child) return 1;
    return 0;
}

/* Whether the ``j``-th card of ``t`` (of path ``child``) is put off: another
 * thread searches it. (Tests: the core built with JINK_CHECK_SHARE puts off
 * every node's first card on every thread, as if another were on it, so
 * that a card put off and never searched again shows in the answers; the
 * checking core counts the cards put off.) */
static int put_off_here(const Search *s, const Tries *t, u64 child, int j) {
#ifdef JINK_CHECK_SHARE
    int off = j == 0;
    (void)t;
    (void)child;
#else
    int off = searched_elsewhere(s, t, child);
    (void)j;
#endif
#ifdef JINK_CHECK
    if (off) s->ctx->table->put_off++;
#endif
    return off;
}
#endif

/* The cards of ``t`` (shares_out): those another thread searches put off to
 * the end. TRY_SETTLES, TRY_ON or TRY_STOPPED, as the plain loop's. */
static int shared_tries(Search *s, Tries *t) {
#if JINK_THREADS
    asig *mine = named_slot(s, t);
    u64 later = 0;
    for (int round = 0; round < 2; round++)
        for (int j = 0; j < t->m; j++) {
            if (round && !(later >> j & 1)) continue;
            u64 child = path_after(s, t->order[j]);
            if (!round && put_off_here(s, t, child, j)) {
                later |= (u64)1 << j;
                continue;
            }
            STORE(mine, child);
            int k = try_card(s, t, j, -1);
            STORE(mine, 0);
            if (k != TRY_ON) return k;
        }
    return TRY_ON;
#else
    int k = TRY_ON;
    for (int j = 0; j < t->m && k == TRY_ON; j++) k = try_card(s, t, j, -1);
    return k;
#endif
}

#if JINK_THREADS

/* A proof's nodes before its helpers start: the table's setting, or where
 * it is none (-1), by the table's size (above). */
static long long help_after(const Ctx *c) {
    long long after = c->table->help_after;
    if (after >= 0) return after;
    return c->crew->root.players >= HELP_SOONER_FROM ? HELP_AFTER_BIG : HELP_AFTER;
}

static void crew_init(Crew *w, int threads, long long nodes0) {
    w->threads = threads < MAX_THREADS ? threads : MAX_THREADS;
    w->started = 0;
    w->nodes0 = nodes0;
    atomic_init(&w->stop, 0);
    atomic_init(&w->answer, -1);
    atomic_init(&w->helper_nodes, 0);
    atomic_init(&w->pause, 0);
    for (int k = 0; k < w->threads; k++)
        for (int ply = 0; ply < SHARE_TRICKS * MAXP; ply++) atomic_init(&w->path_busy[k][ply], 0);
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->cond, NULL);
    w->active = 1;
    w->parked = 0;
}

static void crew_destroy(Crew *w) {
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->cond);
}

/* (under the lock) Wait while another thread purges or grows the table. */
static void wait_out_pause(Crew *w) {
    w->parked++;
    pthread_cond_broadcast(&w->cond);
    while (atomic_load(&w->pause)) pthread_cond_wait(&w->cond, &w->lock);
    w->parked--;
}

static void crew_park(Crew *w) {
    pthread_mutex_lock(&w->lock);
    if (atomic_load(&w->pause)) wait_out_pause(w);
    pthread_mutex_unlock(&w->lock);
}

/* Purge or grow the table (store found it full, or past half its slots
 * while it grows), once every other searching thread waits at a
 * pause_point; if another thread is already at it, wait for it instead. */
static void crew_maintain(TableObject *t) {
    Crew *w = t->crew;
    pthread_mutex_lock(&w->lock);
    if (atomic_load(&w->pause)) {
        wait_out_pause(w);
    } else {
        atomic_store(&w->pause, 1);
        while (w->parked < w->active - 1) pthread_cond_wait(&w->cond, &w->lock);
        /* (the others may have filled it further, or another thread done it) */
        if (LOAD(&t->count) > t->cap) {
            t->flushes++;
            table_purge(t);
        } else if (LOAD(&t->count) * 2 > t->nslots && t->nslots < t->max_slots) {
            table_make_room(t);
        }
        atomic_store(&w->pause, 0);
        pthread_cond_broadcast(&w->cond);
    }
    pthread_mutex_unlock(&w->lock);
}

/* A thread stops searching: a purge no longer waits for it. */
static void crew_leave(Crew *w) {
    pthread_mutex_lock(&w->lock);
    w->active--;
    pthread_cond_broadcast(&w->cond);
    pthread_mutex_unlock(&w->lock);
}

static void publish(Ctx *c) {
    atomic_fetch_add(&c->crew->helper_nodes, c->nodes - c->published);
    c->published = c->nodes;
}

/* A helper's check (as check): it adds its nodes to the crew's, stops when
 * told, and keeps its own try's cap (widen.c); the caller's thread watches
 * the limits and signals for all. */
static int helper_check(Ctx *c) {
    c->next_check = c->nodes + STOP_EVERY;
    publish(c);
    if (atomic_load_explicit(&c->crew->stop, memory_order_relaxed)) {
        c->status = ST_STOP;
        return 0;
    }
    if (c->cap >= 0 && c->next_check > c->cap + 1) c->next_check = c->cap + 1;
    if (c->cap >= 0 && c->nodes > c->cap) { c->status = ST_CAP; return 0; }
    return 1;
}

static void *helper_run(void *arg) {
    Helper *h = arg;
    Crew *w = h->crew;
    Search s = w->root;
    s.ctx = &h->ctx;
    int r = from_root(&s);
    if (h->ctx.status == ST_OK) {
        int none = -1;
        atomic_compare_exchange_strong(&w->answer, &none, r);
        atomic_store(&w->stop, 1);
    }
    publish(&h->ctx);
    crew_leave(w);
    return NULL;
}

/* The caller's thread starts its helpers (from check, touching no entry):
 * each with its own Memory, made on first use and kept with the table.
 * Returns the helpers started (fewer where memory or threads run short). */
static int crew_start(Ctx *c) {
    Crew *w = c->crew;
    TableObject *t = c->table;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr)) return 0;
    pthread_attr_setstacksize(&attr, HELPER_STACK);
    int lent = LOAD(&t->lent);  /* (the threads lent now: Table.lend) */
    if (lent < w->threads) w->threads = lent;
    t->shared = 1;  /* (before any helper runs: pthread_create orders it) */
    int n = 0;
    for (int k = 1; k < w->threads; k++) {
        Memory **mem = &t->helper_memory[k - 1];
        if (!*mem) *mem = memory_new();
        if (!*mem) break;
        Helper *h = &w->helpers[k - 1];
        memset(&h->ctx, 0, sizeof h->ctx);
        h->crew = w;
        h->ctx.table = t;
        h->ctx.memory = *mem;
        h->ctx.crew = w;
        h->ctx.id = k;
        h->ctx.node_limit = -1;
        h->ctx.time_limit = -1;
        h->ctx.cap = -1;
        h->ctx.next_check = STOP_EVERY;
        h->ctx.root_done = c->root_done;
        h->ctx.t0_ns = c->t0_ns;
        pthread_mutex_lock(&w->lock);
        w->active++;
        pthread_mutex_unlock(&w->lock);
        if (pthread_create(&h->thread, &attr, helper_run, h)) {
            crew_leave(w);
            break;
        }
        n++;
    }
    w->started = n;
    if (n) t->helped++;
    pthread_attr_destroy(&attr);
    if (!n) t->shared = 0;
    return n;
}

/* The proof is over on the caller's thread (``result``, its status in c):
 * the helpers are stopped and waited for, their nodes and probes added to
 * the caller's, and the first answer found is the proof's. */
static int crew_finish(Crew *w, Ctx *c, int result) {
    if (w->started) {
        if (c->status == ST_OK) {
            int none = -1;
            atomic_compare_exchange_strong(&w->answer, &none, result);
        }
        atomic_store(&w->stop, 1);
        crew_leave(w);
        for (int k = 0; k < w->started; k++) pthread_join(w->helpers[k].thread, NULL);
        c->table->shared = 0;
        c->nodes += atomic_load(&w->helper_nodes);
        for (int k = 0; k < w->started; k++) {
            c->lookups += w->helpers[k].ctx.lookups;
            c->hits += w->helpers[k].ctx.hits;
        }
        int answer = atomic_load(&w->answer);
        if (answer >= 0 && c->status != ST_SIGNAL) {
            c->status = ST_OK;
            result = answer;
        }
    }
    crew_destroy(w);
    return result;
}

#endif

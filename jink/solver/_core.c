/*
 * jink.solver._core: the double-dummy proof search in C, as a Python module.
 *
 * This file is the module: the Python types Rules (one bound game's rules,
 * flattened by jink/solver/native.py) and Table (the bounds table, and the
 * search that fills it), and the list of settlers. The search itself is in
 * core/, one translation unit included here:
 *
 *   the exact kernel    core.h (types), rules.c (legal cards, who takes a
 *                       trick), table.c (keys, entries), search.c (the
 *                       zero-window proof, trick by trick);
 *   the switchable parts
 *                       threats.c, sure.c, pooled.c, next.c, trick.c,
 *                       relaxed.c, early.c, two.c (settlers: each settles a
 *                       position sooner than the kernel's search, never
 *                       otherwise), order.c (the order cards are tried in),
 *                       widen.c (cheap tries first), partition.c (entries
 *                       for sets of positions); settlers.c is their table:
 *                       where the kernel asks each, what each needs, why
 *                       each is sound. A table made with settlers=0
 *                       searches with the kernel alone;
 *   threads             threads.c (several threads on one proof, sharing
 *                       the table).
 *
 * It knows no game by name: it reads a game's duties as data. No mutable
 * global state: every search's state lives in a Search struct on the C stack
 * (one a thread) and in the Table object the caller owns. The search runs
 * with the GIL released and re-takes it now and then (on the caller's
 * thread only) to let Python run its signal handlers (Ctrl-C).
 */
#include "core/core.h"
#include "core/rules.c"
#include "core/table.c"
#include "core/partition.c"
#include "core/sure.c"
#include "core/trick.c"
#include "core/threats.c"
#include "core/order.c"
#include "core/two.c"
#include "core/relaxed.c"
#include "core/pooled.c"
#include "core/early.c"
#include "core/next.c"
#include "core/widen.c"
#include "core/pns.c"
#include "core/settlers.c"
#include "core/threads.c"
#include "core/search.c"

/* ----------------------------------------------------------- Python types -- */

static int read_u64s(PyObject *seq, u64 *out, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) { Py_DECREF(fast); return -1; }
    }
    Py_DECREF(fast);
    return 0;
}

static int read_ints(PyObject *seq, int *out, Py_ssize_t max, Py_ssize_t *n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > max || (n == NULL && len != max)) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd items (at most %zd)", what, len, max);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = (int)v;
    }
    if (n) *n = len;
    Py_DECREF(fast);
    return 0;
}

static PyObject *Rules_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    (void)kw;
    PyObject *power, *suit, *masks, *renege, *low, *ords;
    int id, trump, follow, lead_from, lead_until, forced, arriving, always, relative;
    unsigned long long trump_mask, privileged;
    if (!PyArg_ParseTuple(args, "iOOOiKKOiiiiOiiiO", &id, &power, &suit, &masks, &trump,
                          &trump_mask, &privileged, &renege, &follow, &lead_from, &lead_until,
                          &forced, &low, &arriving, &always, &relative, &ords))
        return NULL;
    RulesObject *self = (RulesObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    CRules *R = &self->r;
    Py_ssize_t nlow;
    R->id = id;
    R->trump = trump;
    R->trump_mask = trump_mask;
    R->privileged = privileged;
    R->follow = follow;
    R->lead_from = lead_from;
    R->lead_until = lead_until;
    R->forced = forced;
    R->arriving = arriving;
    R->always_legal = always;
    R->relative = relative;
    if (read_ints(power, R->power, MAXC, NULL, "power") < 0
        || read_ints(suit, R->suit, MAXC, NULL, "suit") < 0
        || read_u64s(masks, R->suit_masks, 4, "suit_masks") < 0
        || read_u64s(renege, R->renege_above, MAXC, "renege_above") < 0)
        goto fail;
    {
        PyObject *fast = PySequence_Fast(low, "low_first");
        if (!fast) goto fail;
        nlow = PySequence_Fast_GET_SIZE(fast);
        Py_DECREF(fast);
        if (nlow > 16) { PyErr_SetString(PyExc_ValueError, "low_first: too many"); goto fail; }
        if (read_u64s(low, R->low_first, nlow, "low_first") < 0) goto fail;
        R->nlow = (int)nlow;
    }
    {
        PyObject *fast = PySequence_Fast(ords, "orders");
        if (!fast) goto fail;
        if (PySequence_Fast_GET_SIZE(fast) != 4) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "orders: four suits");
            goto fail;
        }
        for (int su = 0; su < 4; su++) {
            Py_ssize_t n;
            if (read_ints(PySequence_Fast_GET_ITEM(fast, su), R->order[su], 16, &n,
                          "order") < 0) {
                Py_DECREF(fast);
                goto fail;
            }
            R->norder[su] = (int)n;
            u64 better = 0;
            for (int i = 0; i < n; i++) {
                int c = R->order[su][i];
                if (c < 0 || c >= MAXC) {
                    Py_DECREF(fast);
                    PyErr_SetString(PyExc_ValueError, "order: not a card");
                    goto fail;
                }
                R->higher[c] = better;
                R->place[c] = i;
                better |= bit(c);
            }
        }
        Py_DECREF(fast);
    }
    if (trump >= 4 || arriving >= 4 || (trump >= 0 && R->norder[trump] == 0)) {
        PyErr_SetString(PyExc_ValueError, "bad trump or arriving suit");
        goto fail;
    }
    for (int c = 0; c < MAXC; c++)
        if (R->suit[c] < -1 || R->suit[c] >= 4) {
            PyErr_SetString(PyExc_ValueError, "suit: out of range");
            goto fail;
        }
    /* Every card by power, strongest first, the lower card first among equals
     * (as search.py's stable sort of a hand in card order). */
    for (int c = 0; c < MAXC; c++) {
        int j = c;
        while (j > 0 && R->power[R->by_strength[j - 1]] < R->power[c]) {
            R->by_strength[j] = R->by_strength[j - 1];
            j--;
        }
        R->by_strength[j] = c;
    }
    for (int i = 0; i < MAXC; i++) R->strength[R->by_strength[i]] = i;
    /* (a card of no suit, or placed past its suit's order, has no place) */
    for (int c = 0; c < MAXC; c++)
        if (R->suit[c] >= 0 && R->order[R->suit[c]][R->place[c]] == c)
            for (int v = 0; v < 256; v++)
                if (v >> (c & 7) & 1)
                    R->byte_places[c / 8][v] |= (u64)1 << (16 * R->suit[c] + R->place[c]);
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

static PyObject *Rules_link(RulesObject *self, PyObject *args) {
    PyObject *on_void, *after_forced;
    if (!PyArg_ParseTuple(args, "OO", &on_void, &after_forced)) return NULL;
    PyTypeObject *type = Py_TYPE(self);
    if ((on_void != Py_None && Py_TYPE(on_void) != type)
        || (after_forced != Py_None && Py_TYPE(after_forced) != type)) {
        PyErr_SetString(PyExc_TypeError, "link: Rules or None");
        return NULL;
    }
    Py_XSETREF(self->on_void, on_void == Py_None ? NULL : Py_NewRef(on_void));
    Py_XSETREF(self->after_forced, after_forced == Py_None ? NULL : Py_NewRef(after_forced));
    self->r.on_void = self->on_void ? &((RulesObject *)self->on_void)->r : NULL;
    self->r.after_forced = self->after_forced ? &((RulesObject *)self->after_forced)->r : NULL;
    Py_RETURN_NONE;
}

static int Rules_traverse(RulesObject *self, visitproc visit, void *arg) {
    Py_VISIT(self->on_void);
    Py_VISIT(self->after_forced);
    return 0;
}

static int Rules_clear(RulesObject *self) {
    Py_CLEAR(self->on_void);
    Py_CLEAR(self->after_forced);
    self->r.on_void = self->r.after_forced = NULL;
    return 0;
}

static void Rules_dealloc(RulesObject *self) {
    PyObject_GC_UnTrack(self);
    Rules_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Rules_legal(RulesObject *self, PyObject *args) {
    unsigned long long hand;
    PyObject *trick_obj;
    int done;
    int trick[MAXP];
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "KOi", &hand, &trick_obj, &done)) return NULL;
    if (read_ints(trick_obj, trick, MAXP, &n, "trick") < 0) return NULL;
    return PyLong_FromUnsignedLongLong(legal_cards(&self->r, hand, trick, (int)n, done));
}

static PyObject *Rules_winner(RulesObject *self, PyObject *args) {
    PyObject *trick_obj;
    int done;
    int trick[MAXP];
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "Oi", &trick_obj, &done)) return NULL;
    if (read_ints(trick_obj, trick, MAXP, &n, "trick") < 0) return NULL;
    if (n < 1) { PyErr_SetString(PyExc_ValueError, "winner: empty trick"); return NULL; }
    return PyLong_FromLong(winner(&self->r, trick, (int)n, done));
}

static PyMethodDef Rules_methods[] = {
    {"link", (PyCFunction)Rules_link, METH_VARARGS,
     "link(on_void, after_forced): the rules after a void trick / the forced leads"},
    {"legal", (PyCFunction)Rules_legal, METH_VARARGS,
     "legal(hand, trick, tricks_done): the legal cards, as the search sees them"},
    {"winner", (PyCFunction)Rules_winner, METH_VARARGS,
     "winner(trick, tricks_done): the index of the card taking the trick"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jink.solver._core.Rules",
    .tp_basicsize = sizeof(RulesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "One bound Rules flattened for the search (see jink.solver.native).",
    .tp_new = Rules_new,
    .tp_dealloc = (destructor)Rules_dealloc,
    .tp_traverse = (traverseproc)Rules_traverse,
    .tp_clear = (inquiry)Rules_clear,
    .tp_methods = Rules_methods,
};

static PyObject *Table_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *names[] = {"memory_mb", "mid_from", "mid_first", "mid_left", "mid_last",
                            "relax_groups", "settlers", "threads", "help_after", NULL};
    double memory_mb;
    int mid_from = MID_FROM, mid_first = MID_FIRST, mid_left = MID_LEFT;
    int mid_last = MID_LAST, relax_groups = RELAXED.groups, settlers = SETTLE_ALL;
    int threads = 1;
    long long help_after = -1;  /* (by the table's size: threads.c) */
    if (!PyArg_ParseTupleAndKeywords(args, kw, "d|iiiiiiiL", names, &memory_mb, &mid_from,
                                     &mid_first, &mid_left, &mid_last, &relax_groups,
                                     &settlers, &threads, &help_after))
        return NULL;
    if (help_after < -1) {
        PyErr_SetString(PyExc_ValueError, "help_after: a number of nodes, 0 or more "
                                          "(-1: by the table's size)");
        return NULL;
    }
    if (threads < 1 || threads > MAX_THREADS) {
        PyErr_Format(PyExc_ValueError, "threads: from 1 to %d, not %d", MAX_THREADS, threads);
        return NULL;
    }
    if (settlers < 0 || settlers > SETTLE_ALL) {
        PyErr_SetString(PyExc_ValueError, "settlers: a mask of the core's SETTLERS");
        return NULL;
    }
    const Settler *unmet = unmet_need((unsigned)settlers);
    if (unmet) {
        /* (a part without what it needs would ask for what is not there) */
        PyObject *needs = names_of(unmet->needs & ~(unsigned)settlers);
        if (needs) {
            PyErr_Format(PyExc_ValueError, "settlers: %s needs %R", unmet->name, needs);
            Py_DECREF(needs);
        }
        return NULL;
    }
    if (mid_first < 1 || mid_left < 1 || mid_last < mid_first) {
        PyErr_SetString(PyExc_ValueError, "mid-trick entries start after a card, end before "
                                          "the last and not before they start");
        return NULL;
    }
    if (!(memory_mb > 0)) {
        PyErr_SetString(PyExc_ValueError, "the table's memory cap must be positive");
        return NULL;
    }
    TableObject *self = (TableObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    double bytes = memory_mb * 1e6;
    size_t slots = 16;
    while ((double)(slots * 2) * (double)(sizeof(Entry) + sizeof(uint16_t) + sizeof(u64)) <= bytes
           && slots < ((size_t)1 << 40))
        slots *= 2;
    self->max_slots = slots;
    self->cap = full_load(slots);
    self->partition = (settlers & SETTLE_PARTITION) != 0;
    self->mid_from = mid_from;
    self->mid_first = mid_first;
    self->mid_left = mid_left;
    self->mid_last = mid_last;
    self->relax_groups = relax_groups;
    self->settle = (unsigned)settlers;
    /* (without threads on this platform, one: see threads.c) */
    self->threads = JINK_THREADS ? threads : 1;
    self->help_after = help_after;
    STORE(&self->lent, self->threads);
    STORE(&self->halted, 0);
    gather_asks(self);
    self->memory = memory_new();
    if (!self->memory || table_reset(self) < 0) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void Table_dealloc(TableObject *self) {
    for (int k = 0; k < MAX_THREADS - 1; k++) memory_free(self->helper_memory[k]);
    memory_free(self->memory);
    table_free(self->slots, self->tags, self->sigs, self->nslots);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Table_stats(TableObject *self, PyObject *unused) {
    (void)unused;
#ifdef JINK_CHECK
    return Py_BuildValue("{s:n,s:L,s:L,s:L,s:n,s:n,s:i,s:L,s:L,s:n,s:L,s:L,s:L,s:L,s:L,s:L,s:L,s:L}",
                         "entries",
                         (Py_ssize_t)self->count, "lookups", self->lookups, "hits", self->hits,
                         "flushes", self->flushes, "cap_entries", (Py_ssize_t)self->cap,
                         "entry_bytes", (Py_ssize_t)sizeof(Entry), "threads", self->threads,
                         "caller_nodes", self->caller_nodes, "helped", self->helped,
                         "pooled_slots", (Py_ssize_t)self->memory->pg_slots,
                         "checks", (long long)self->checks,
                         "check_failures", (long long)self->check_failures,
                         "known", (long long)self->known,
                         "next_checks", (long long)self->next_checks,
                         "next_failures", (long long)self->next_failures,
                         "sig_rejects", (long long)self->sig_rejects,
                         "sig_failures", (long long)self->sig_failures,
                         "put_off", (long long)self->put_off);
#else
    return Py_BuildValue("{s:n,s:L,s:L,s:L,s:n,s:n,s:i,s:L,s:L,s:n}", "entries",
                         (Py_ssize_t)self->count, "lookups", self->lookups, "hits", self->hits,
                         "flushes", self->flushes, "cap_entries", (Py_ssize_t)self->cap,
                         "entry_bytes", (Py_ssize_t)sizeof(Entry), "threads", self->threads,
                         "caller_nodes", self->caller_nodes, "helped", self->helped,
                         "pooled_slots", (Py_ssize_t)self->memory->pg_slots);
#endif
}

/* A table searching in another thread refuses (a RuntimeError set): 1. */
static int refused_busy(const TableObject *self) {
    if (!self->busy) return 0;
    PyErr_SetString(PyExc_RuntimeError, "this table is searching in another thread");
    return 1;
}

/* prove(rules, players, tricks, side_mask, goal, k, goal_seat, narrow, hands,
 *       leader, trick, won, nodes, next_check, node_limit, time_limit, elapsed,
 *       pool) -> (stopped, result, nodes, next_check)
 * ``stopped``: 1 past a limit, 2 halted (Table.halt), else 0.
 * ``pool``: the tricks that win the game's pool (a spoil's bound). */
static PyObject *Table_prove(TableObject *self, PyObject *args) {
    PyObject *rules_obj, *hands_obj, *trick_obj, *won_obj;
    int players, tricks, goal, k, goal_seat, narrow, leader, pool;
    unsigned long long side_mask;
    long long nodes, next_check, node_limit;
    double time_limit, elapsed;
    if (!PyArg_ParseTuple(args, "O!iiKiiiiOiOOLLLddi", &RulesType, &rules_obj, &players,
                          &tricks, &side_mask, &goal, &k, &goal_seat, &narrow, &hands_obj,
                          &leader, &trick_obj, &won_obj, &nodes, &next_check, &node_limit,
                          &time_limit, &elapsed, &pool))
        return NULL;
    if (tricks > MAXT) {
        /* table keys and the pooled game's memory hold a seat's tricks won in
         * three bits */
        PyErr_Format(PyExc_ValueError,
                     "prove: at most %d tricks a deal (tricks won are 3 bits a seat in "
                     "the core's keys), not %d", MAXT, tricks);
        return NULL;
    }
    if (players < 2 || players > MAXP || tricks < 1 || leader < 0
        || leader >= players
        || goal < 0 || goal > 2 || (goal == GOAL_HELPED && (goal_seat < 0 || goal_seat >= players))
        || side_mask == 0 || side_mask >> players || pool < 1 || pool > tricks) {
        PyErr_SetString(PyExc_ValueError, "prove: bad arguments");
        return NULL;
    }
    if (refused_busy(self)) return NULL;
    self->touched = 1;
    Ctx c;
    memset(&c, 0, sizeof c);
    c.table = self;
    c.memory = self->memory;
    c.nodes = nodes;
    c.next_check = next_check;
    c.node_limit = node_limit;
    c.cap = -1;
    c.time_limit = time_limit;
    c.elapsed0 = elapsed;
    Search s;
    init_search(&s, &c, &((RulesObject *)rules_obj)->r, players, tricks, side_mask, goal, k,
                goal_seat, narrow, pool);
    u64 hands[MAXP];
    int won[MAXP];
    Py_ssize_t n;
    if (read_u64s(hands_obj, hands, players, "hands") < 0
        || read_ints(won_obj, won, players, &n, "won") < 0)
        return NULL;
    if (n != players) { PyErr_SetString(PyExc_ValueError, "won: one per seat"); return NULL; }
    int trick[MAXP];
    if (read_ints(trick_obj, trick, players - 1, &n, "trick") < 0) return NULL;
    s.ntrick = (int)n;
    memcpy(s.hands, hands, sizeof(u64) * (size_t)players);
    memcpy(s.won, won, sizeof(int) * (size_t)players);
    s.leader = leader;
    u64 live = 0, seen = 0;
    int done = 0, cards = -1;
    for (int p = 0; p < players; p++) {
        if (hands[p] >> MAXC || (hands[p] & seen)) {
            PyErr_SetString(PyExc_ValueError, "prove: hands overlap or hold no card");
            return NULL;
        }
        seen |= hands[p];
        live |= hands[p];
        done += won[p];
        /* every seat still to play this trick holds one card more */
        int held = popc(hands[p]) - (((p - leader + players) % players) < n ? 0 : 1);
        if (cards < 0) cards = held;
        if (held != cards) {
            PyErr_SetString(PyExc_ValueError, "prove: hands of different sizes");
            return NULL;
        }
    }
    for (int i = 0; i < n; i++) {
        if (trick[i] < 0 || trick[i] >= MAXC || (live & bit(trick[i]))) {
            PyErr_SetString(PyExc_ValueError, "prove: a card of the trick is held");
            return NULL;
        }
        live |= bit(trick[i]);
    }
    for (int c2 = 0; c2 < MAXC; c2++)
        if ((live & bit(c2)) && s.R->suit[c2] < 0) {
            PyErr_SetString(PyExc_ValueError, "prove: a card not in this deck");
            return NULL;
        }
    if (done + cards + 1 != tricks) {
        PyErr_SetString(PyExc_ValueError, "prove: tricks won and cards held disagree");
        return NULL;
    }
    s.done = done;
    c.root_done = done;
    for (int i = 0; i < n; i++) s.rows[done][i] = trick[i];
    s.live = live;
    if (s.coalition >= 0) s.target = target_of(&s);
    self->busy = 1;
    c.t0_ns = now_ns();
    c.last_signal_ns = c.t0_ns;
#if JINK_THREADS
    /* (its helpers start once the proof proves long: see threads.c) */
    Crew *crew = NULL;
    if (self->threads > 1) {
        crew = malloc(sizeof *crew);
        if (!crew) { self->busy = 0; return PyErr_NoMemory(); }
        crew_init(crew, self->threads, nodes);
        crew->root = s;
        c.crew = self->crew = crew;
        if (!self->help_after && LOAD(&self->lent) > 1)
            crew_start(&c);  /* (the tests': every proof) */
    }
#endif
    c.ts = PyEval_SaveThread();
    int result = pns_applies(&s) ? pns_prove(&s) : from_root(&s);
    self->caller_nodes += c.nodes - nodes;  /* (before the helpers' are added) */
#if JINK_THREADS
    if (crew) {
        result = crew_finish(crew, &c, result);
        self->crew = NULL;
        free(crew);
    }
#endif
    PyEval_RestoreThread(c.ts);
    self->lookups += c.lookups;
    self->hits += c.hits;
    self->busy = 0;
    if (c.status == ST_SIGNAL) return NULL;  /* the handler's exception is set */
    return Py_BuildValue("(iiLL)", c.status == ST_LIMIT ? 1 : c.status == ST_HALT ? 2 : 0,
                         c.status ? 0 : result, c.nodes,
                         c.next_check);
}

/* The pooled games' memories of every thread emptied, as a new table's
 * (the same nodes). */
static void forget_pooled(TableObject *self) {
    memory_forget(self->memory);
    for (int k = 0; k < MAX_THREADS - 1; k++)
        if (self->helper_memory[k]) memory_forget(self->helper_memory[k]);
}

static PyObject *Table_clear(TableObject *self, PyObject *unused) {
    (void)unused;
    if (refused_busy(self)) return NULL;
    if (table_reset(self) < 0) return PyErr_NoMemory();
    forget_pooled(self);
    self->touched = 0;
    Py_RETURN_NONE;
}

/* empty(): as clear(), the table's slots kept at the size they have grown
 * to (only their tags are cleared): a table emptied to be filled again soon
 * is spared the kernel's mapping of fresh memory, page by page, as it grows.
 * A table no proof has touched since it was made or emptied is empty: its
 * memories of the pooled games (1 MB to 16 MB each) are not cleared
 * again (a spare helper solver whose solver never spread its questions:
 * 1 ms a small table, when they were all 18.9 MB). */
static PyObject *Table_empty(TableObject *self, PyObject *unused) {
    (void)unused;
    if (refused_busy(self)) return NULL;
    if (!self->touched) Py_RETURN_NONE;
    memset((void *)self->tags, 0, self->nslots * sizeof(atag));
    STORE(&self->count, 0);
    forget_pooled(self);
    self->touched = 0;
    Py_RETURN_NONE;
}

/* lend(threads): the threads each proof may start from now, 1 to the
 * table's; a proof under way starts its helpers at its next check, once it
 * is long enough (threads.c). Safe while another thread searches. */
static PyObject *Table_lend(TableObject *self, PyObject *arg) {
    long threads = PyLong_AsLong(arg);
    if (threads == -1 && PyErr_Occurred()) return NULL;
    if (threads < 1 || threads > self->threads) {
        PyErr_Format(PyExc_ValueError, "lend: from 1 to %d threads, not %ld", self->threads,
                     threads);
        return NULL;
    }
    STORE(&self->lent, (int)threads);
    Py_RETURN_NONE;
}

/* halt(on): while on, every proof of this table stops at its next check, and
 * prove answers stopped = 2. Safe while another thread searches: it is how a
 * thread stops a proof it did not start. */
static PyObject *Table_halt(TableObject *self, PyObject *arg) {
    int on = PyObject_IsTrue(arg);
    if (on < 0) return NULL;
    STORE(&self->halted, on);
    Py_RETURN_NONE;
}

static PyMethodDef Table_methods[] = {
    {"empty", (PyCFunction)Table_empty, METH_NOARGS,
     "empty the table, its slots kept at their size"},
    {"lend", (PyCFunction)Table_lend, METH_O,
     "lend(threads): the threads each proof may start from now (1 to the table's)"},
    {"halt", (PyCFunction)Table_halt, METH_O,
     "halt(on): while on, proofs stop at their next check (stopped = 2)"},
    {"prove", (PyCFunction)Table_prove, METH_VARARGS,
     "prove(...) -> (stopped, result, nodes, next_check): one proof (see native.py)"},
    {"stats", (PyCFunction)Table_stats, METH_NOARGS,
     "entries, lookups, hits, flushes, cap, ..., and the pooled game's memory's slots"},
    {"clear", (PyCFunction)Table_clear, METH_NOARGS, "empty the table"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jink.solver._core.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Table(memory_mb, ..., threads=1): the bounds table, and the search that "
              "fills it (on ``threads`` threads a proof: see core/threads.c).",
    .tp_new = Table_new,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
};

static struct PyModuleDef coremodule = {
    PyModuleDef_HEAD_INIT, "_core",
    "The compiled double-dummy search (see jink.solver.native).", -1,
    NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&RulesType) < 0 || PyType_Ready(&TableType) < 0) return NULL;
    PyObject *m = PyModule_Create(&coremodule);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Rules", (PyObject *)&RulesType) < 0
        || PyModule_AddObjectRef(m, "Table", (PyObject *)&TableType) < 0
        || PyModule_AddIntConstant(m, "MAX_PLAYERS", MAXP) < 0
        || PyModule_AddIntConstant(m, "CHECK_EVERY", CHECK_EVERY) < 0
        || add_settlers(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

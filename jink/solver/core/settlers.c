/*
 * The settlers' table: every switchable part of the core, in the order the
 * kernel asks them. Each entry: its name (as Python and --exact name it:
 * jink.solver.native.SETTLERS), its bit in a table's ``settlers`` mask, the
 * parts it needs (a table refuses it without them), its file, its main
 * function, its thresholds (the struct of named fields in its file, or
 * none), its asks (where the kernel asks it: the stage, the guard stated as
 * data, the parts whose switch makes it asked, the settle function, which
 * may look further) and why it never changes a verdict.
 *
 * search.c walks each stage's asks in this order (a spoil's threats first:
 * the settlers after them read them). Parts with no ask are parts of the
 * kernel's own steps: the order cards are tried in (order), cheap tries
 * (widen), the proof-number layer at a proof's root (pns), entries for sets
 * of positions (partition). The module gives the
 * table to Python as SETTLERS; tests/test_exact.py checks it against the
 * files.
 */
typedef struct {
    const char *name;
    unsigned bit, needs;
    const char *file, *function, *thresholds;
    Ask asks[MAX_ASKS];  /* (unused ones: settle NULL) */
    const char *soundness;
} Settler;

#define NEEDS_POOLED (SETTLE_POOLED | SETTLE_PARTITION)

static const Settler SETTLERS[] = {
    {"threats", SETTLE_THREATS, 0, "threats.c", "spoil_threats_settle", "",
     {{STAGE_START, GUARD_SPOIL, SETTLE_THREATS | SETTLE_RELAXED | SETTLE_POOLED | SETTLE_EARLY,
       threats_ask, "threats_ask"}},
     "a spoil with no seat left that can reach the pool holds; with one, it holds exactly "
     "when that seat cannot be brought to the pool by all the others (the hand-over); "
     "asked while relaxed, pooled or early is on too, as they read the threats it finds"},
    {"sure", SETTLE_SURE, 0, "sure.c", "sure", "",
     {{STAGE_START, GUARD_TRUMPS | GUARD_SETS, SETTLE_SURE, sure_ask, "sure_ask"},
      {STAGE_STORED, GUARD_TRUMPS | GUARD_SINGLE, SETTLE_SURE, sure_ask, "sure_ask"}},
     "at a trick's start, the tricks a seat's trumps take whatever is played, and those "
     "the others' trumps take from it whatever is played, and those a leader's runs take "
     "where every seat must follow the suit led, settle the goal only where they alone "
     "reach it or rule it out"},
    {"pooled", SETTLE_POOLED, SETTLE_PARTITION, "pooled.c", "pooled_known", "POOLED",
     {{STAGE_START, GUARD_PART | GUARD_ASKER, SETTLE_POOLED, pooled_ask, "pooled_ask"}},
     "the pooled game relaxes the relaxed game again (every run of pool seats holds all "
     "the pool's cards, none must follow; a run leads only its lowest card of a plain "
     "suit, which gives the opponents every outcome a higher one does), and its answers "
     "are kept by what they read"},
    {"next", SETTLE_NEXT, NEEDS_POOLED, "next.c", "next_start", "NEXT",
     {{STAGE_TRICK, GUARD_PART | GUARD_ASKER, SETTLE_NEXT, next_ask, "next_ask"}},
     "the next trick's start settled by a pooled game for every way the seats still to "
     "play may end this trick"},
    {"trick", SETTLE_TRICK, SETTLE_PARTITION, "trick.c", "settled_trick", "",
     {{STAGE_TRICK, GUARD_PART | GUARD_NO_SPOIL, SETTLE_TRICK, trick_ask, "trick_ask"}},
     "within a trick, the same count of sure trump tricks, with the trick's own winner "
     "fixed only where no seat still to play can beat it"},
    {"relaxed", SETTLE_RELAXED, SETTLE_PARTITION, "relaxed.c", "relaxed_start", "RELAXED",
     {{STAGE_STORED, GUARD_PART, SETTLE_RELAXED, relaxed_ask, "relaxed_ask"},
      {STAGE_CARDS, GUARD_PART | GUARD_ASKER, SETTLE_RELAXED, relaxed_mid_ask, "relaxed_mid_ask"}},
     "the relaxed game gives the asker's opponents every play they have and more, so where "
     "the asker holds there (keeps the others below their tricks, or reaches its own) it "
     "holds in the game"},
    {"early", SETTLE_EARLY, NEEDS_POOLED, "early.c", "spoil_early", "EARLY",
     {{STAGE_STORED, GUARD_PART | GUARD_SPOIL, SETTLE_EARLY, early_ask, "early_ask"}},
     "a spoil four tricks from the end settled as holding by a pooled game cut short: a "
     "game cut short settles nothing"},
    {"two", SETTLE_TWO, 0, "two.c", "two_left", "",
     {{STAGE_STORED, 0, SETTLE_TWO, two_ask, "two_ask"}},
     "two tricks left searched without the table: every card tried, equivalent cards once"},
    {"order", SETTLE_ORDER, 0, "order.c", "order_moves", "ORDER", {{0}},
     "the order the cards are tried in: every card is still tried until one settles "
     "the node"},
    {"widen", SETTLE_WIDEN, SETTLE_PARTITION, "widen.c", "widen_tries", "WIDEN", {{0}},
     "cheap tries first, each card under a growing cap on nodes: a try cut short gives no "
     "answer, and the last card open is searched uncapped"},
    {"pns", SETTLE_PNS, SETTLE_PARTITION, "pns.c", "pns_prove", "PNS", {{0}},
     "a proof-number layer over a long search's first cards: a node's value follows from "
     "every card's as in the search, a leaf's is the kernel's searched to its end, and a "
     "search cut short gives no answer"},
    {"partition", SETTLE_PARTITION, 0, "partition.c", "partitioned", "", {{0}},
     "an entry stands for the positions that agree on every card its answer rested on, "
     "and two positions that agree on those are played alike"},
};
#define NSETTLERS ((int)(sizeof SETTLERS / sizeof SETTLERS[0]))
_Static_assert(sizeof SETTLERS / sizeof SETTLERS[0] == NPARTS, "NPARTS: the table's entries");

static const char *const STAGE_NAMES[NSTAGES] = {"start", "stored", "trick", "cards"};

/* The parts of ``mask`` switched on without a part they need: the first's
 * entry, or NULL. */
static const Settler *unmet_need(unsigned mask) {
    for (int i = 0; i < NSETTLERS; i++)
        if ((mask & SETTLERS[i].bit) && (mask & SETTLERS[i].needs) != SETTLERS[i].needs)
            return &SETTLERS[i];
    return NULL;
}

/* The names of the parts in ``mask``, as a tuple. */
static PyObject *names_of(unsigned mask) {
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int i = 0; i < NSETTLERS; i++) {
        if (!(mask & SETTLERS[i].bit)) continue;
        PyObject *name = PyUnicode_FromString(SETTLERS[i].name);
        if (!name || PyList_Append(out, name) < 0) {
            Py_XDECREF(name);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(name);
    }
    PyObject *tuple = PyList_AsTuple(out);
    Py_DECREF(out);
    return tuple;
}

/* One entry for Python: (name, bit, needs, file, function, thresholds,
 * asks, soundness), each ask (stage, settle function, guard, when). */
static PyObject *settler_tuple(const Settler *e) {
    int n = 0;
    while (n < MAX_ASKS && e->asks[n].settle) n++;
    PyObject *asks = PyTuple_New(n);
    if (!asks) return NULL;
    for (int k = 0; k < n; k++) {
        const Ask *a = &e->asks[k];
        PyObject *ask = Py_BuildValue("(ssII)", STAGE_NAMES[a->stage], a->name, a->guard,
                                      a->when);
        if (!ask) { Py_DECREF(asks); return NULL; }
        PyTuple_SET_ITEM(asks, k, ask);
    }
    PyObject *needs = names_of(e->needs);
    if (!needs) { Py_DECREF(asks); return NULL; }
    return Py_BuildValue("(sINsssNs)", e->name, e->bit, needs, e->file, e->function,
                         e->thresholds, asks, e->soundness);
}

static PyObject *settlers_tuple(void) {
    PyObject *out = PyTuple_New(NSETTLERS);
    if (!out) return NULL;
    for (int i = 0; i < NSETTLERS; i++) {
        PyObject *item = settler_tuple(&SETTLERS[i]);
        if (!item) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, i, item);
    }
    return out;
}

static int add_settlers(PyObject *m) {
    PyObject *settlers = settlers_tuple();
    if (!settlers) return -1;
    int r = PyModule_AddObjectRef(m, "SETTLERS", settlers);
    Py_DECREF(settlers);
    if (r < 0) return -1;
    if (PyModule_AddIntConstant(m, "MAX_TRICKS", MAXT) < 0) return -1;
    return PyModule_AddIntConstant(m, "SETTLE_ALL", SETTLE_ALL);
}

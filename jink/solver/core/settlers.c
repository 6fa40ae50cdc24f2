/*
 * The settlers' table: each settler's name (as Python and --exact name it:
 * jink.solver.native.SETTLERS), its bit in a table's ``settlers`` mask, its
 * file, its settle function (the guard is that function's first lines or
 * the *_applies beside it), its thresholds (the struct of named fields in
 * its file, or none) and why it never changes a verdict. The module gives it
 * to Python as SETTLERS; tests/test_exact.py checks it against the files.
 */
typedef struct {
    const char *name;
    unsigned bit;
    const char *file, *settle, *thresholds;
    const char *soundness;
} Settler;

static const Settler SETTLERS[] = {
    {"sure", SETTLE_SURE, "sure.c", "sure", "",
     "at a trick's start, the tricks a seat's trumps take whatever is played, and those "
     "the others' trumps take from it whatever is played, settle the goal only where they "
     "alone reach it or rule it out"},
    {"trick", SETTLE_TRICK, "trick.c", "settled_trick", "",
     "within a trick, the same count of sure trump tricks, with the trick's own winner "
     "fixed only where no seat still to play can beat it"},
    {"threats", SETTLE_THREATS, "threats.c", "spoil_threats_settle", "",
     "a spoil with no seat left that can reach the pool holds; with one, it holds exactly "
     "when that seat cannot be brought to the pool by all the others (the hand-over)"},
    {"relaxed", SETTLE_RELAXED, "relaxed.c", "relaxed_start", "RELAXED",
     "the relaxed game gives the asker's opponents every play they have and more, so where "
     "the asker holds there it holds in the game"},
    {"pooled", SETTLE_POOLED, "pooled.c", "pooled_known", "POOLED",
     "the pooled game relaxes the relaxed game again (every run of pool seats holds all "
     "the pool's cards, none must follow), and its answers are kept by what they read"},
    {"early", SETTLE_EARLY, "early.c", "spoil_early", "EARLY",
     "a spoil four tricks from the end settled as holding by a pooled game cut short: a "
     "game cut short settles nothing"},
    {"next", SETTLE_NEXT, "next.c", "next_start", "NEXT",
     "the next trick's start settled by a pooled game for every way the seats still to "
     "play may end this trick"},
    {"two", SETTLE_TWO, "two.c", "two_left", "",
     "two tricks left searched without the table: every card tried, equivalent cards once"},
    {"order", SETTLE_ORDER, "order.c", "order_moves", "ORDER",
     "the order the cards are tried in, and the cheap tries first: every card is still "
     "tried until one settles the node"},
};
#define NSETTLERS ((int)(sizeof SETTLERS / sizeof SETTLERS[0]))

static PyObject *settlers_tuple(void) {
    PyObject *out = PyTuple_New(NSETTLERS);
    if (!out) return NULL;
    for (int i = 0; i < NSETTLERS; i++) {
        const Settler *e = &SETTLERS[i];
        PyObject *item = Py_BuildValue("(sIssss)", e->name, e->bit, e->file, e->settle,
                                       e->thresholds, e->soundness);
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
    return PyModule_AddIntConstant(m, "SETTLE_ALL", SETTLE_ALL);
}

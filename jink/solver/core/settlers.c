/* The settlers, as Python names them (Table's ``settlers`` mask, the core's
 * SETTLERS): each with why it never changes a verdict. */
typedef struct {
    const char *name;
    unsigned bit;
    const char *soundness;
} Settler;

static const Settler SETTLERS[] = {
    {"sure", SETTLE_SURE,
     "at a trick's start, the tricks a seat's trumps take whatever is played, and those "
     "the others' trumps take from it whatever is played, settle the goal only where they "
     "alone reach it or rule it out"},
    {"trick", SETTLE_TRICK,
     "within a trick, the same count of sure trump tricks, with the trick's own winner "
     "fixed only where no seat still to play can beat it"},
    {"threats", SETTLE_THREATS,
     "a spoil with no seat left that can reach the pool holds; with one, it holds exactly "
     "when that seat cannot be brought to the pool by all the others (the hand-over)"},
    {"relaxed", SETTLE_RELAXED,
     "the relaxed game gives the asker's opponents every play they have and more, so where "
     "the asker holds there it holds in the game"},
    {"pooled", SETTLE_POOLED,
     "the pooled game relaxes the relaxed game again (every run of pool seats holds all "
     "the pool's cards, none must follow), and its answers are kept by what they read"},
    {"early", SETTLE_EARLY,
     "a spoil four tricks from the end settled as holding by a pooled game cut short: a "
     "game cut short settles nothing"},
    {"next", SETTLE_NEXT,
     "the next trick's start settled by a pooled game for every way the seats still to "
     "play may end this trick"},
    {"two", SETTLE_TWO,
     "two tricks left searched without the table: every card tried, equivalent cards once"},
    {"order", SETTLE_ORDER,
     "the order the cards are tried in, and the cheap tries first: every card is still "
     "tried until one settles the node"},
};
#define NSETTLERS ((int)(sizeof SETTLERS / sizeof SETTLERS[0]))

static PyObject *settlers_tuple(void) {
    PyObject *out = PyTuple_New(NSETTLERS);
    if (!out) return NULL;
    for (int i = 0; i < NSETTLERS; i++) {
        PyObject *item = Py_BuildValue("(sIs)", SETTLERS[i].name, SETTLERS[i].bit,
                                       SETTLERS[i].soundness);
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

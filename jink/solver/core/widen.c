/*
 * Settler "widen": cheap tries first.
 *
 * Guard: partition search, a node with more than one card to try, the
 * coalition's cards (a spoil's or a hand-over's) in a search's first
 * WIDEN.tricks tricks, among a trick's first WIDEN.plays cards, not in the
 * narrow search, and not inside another try's cap (widen_applies).
 * Settles: nothing by itself: each card is tried under a cap on nodes,
 * growing a round (WIDEN.first, times WIDEN.growth), until one of them
 * settles the node or all have failed; the last card left open is searched
 * uncapped. Near a search's start a wrong first card of the coalition costs
 * a whole proof that the asker holds below it, while most of what a try cut
 * short has searched is in the table for the next; never inside another
 * try's cap (nested, their waste multiplied). Switched off, the kernel
 * tries each card in turn, uncapped.
 * Sound: every card (one of each group) is still tried until one settles
 * the node; a try cut short by its cap gives no answer and is tried again,
 * uncapped if it is the last one open.
 * On several threads (threads.c) each helper first searches its own first
 * card (diverge rotates the order) uncapped, and every thread puts off a
 * card another thread is searching (uncapped or not) while it has other
 * cards open that none is. A spoil that fails is often refuted by a card
 * the caller's order puts late, and cheaply once it is searched whole (ten
 * seats, deal 1, seat 2's spoil: the 4S refutes it in 160,000 nodes, while
 * the caller's thread tries the QH and the 2H first, 840,000 nodes in all);
 * in a spoil that holds, every card must be searched whole, and the threads
 * then take different ones. On the 20 slowest of 40 ten-seat deals two
 * threads took 0.949 of the time (deal 33: 0.40 s against 1.38 s), on nine
 * seats 0.963, with the helper's first card alone put off; every card being
 * searched put off, 0.978 and 0.95 of that again (deal 35, a spoil that
 * holds: 7.1 to 7.3 s against 7.6 to 7.7 s), nine seats 0.98.
 * Thresholds: WIDEN (below).
 */

typedef struct {
    int tricks;        /* cheap tries in a search's first this many tricks, */
    int plays;         /* at a trick's first this many cards, */
    long long first;   /* each first capped at this many nodes, */
    int growth;        /* the cap this many times larger a round */
} WidenThresholds;

static const WidenThresholds WIDEN = {
    .tricks = 1,
    .plays = 1,
    .first = 4096,
    .growth = 4,
};

/* Whether the cards of the trick's ``i``-th seat (``maximizing``: its side)
 * are tried cheaply first (see play_on). */
static int widen_applies(const Search *s, int i, int maximizing) {
    return i < WIDEN.plays && s->done - s->ctx->root_done < WIDEN.tricks
        && s->coalition >= 0 && maximizing == s->coalition && !s->narrow && s->ctx->cap < 0;
}

#if JINK_THREADS
/* Whether the ``j``-th card of ``t`` is put off this round: another thread
 * searches it now (threads.c: searched_elsewhere), and another card of
 * ``open`` is searched by none. */
static int put_off(const Search *s, const Tries *t, u64 open, int j) {
    if (!searched_elsewhere(s, t, path_after(s, t->order[j]))) return 0;
    for (int k = 0; k < t->m; k++)
        if (open >> k & 1 && !searched_elsewhere(s, t, path_after(s, t->order[k]))) return 1;
    return 0;
}
#endif

/* The cards of ``t`` tried cheaply first: each under a cap that grows a
 * round, over the cards still open. TRY_SETTLES where one settles the node,
 * TRY_ON where none does, TRY_STOPPED where a limit stopped the search. */
static int widen_tries(Search *s, Tries *t) {
    u64 open = ((u64)1 << t->m) - 1;  /* (m <= the cards of a hand) */
    long long width = WIDEN.first;
    int whole = s->ctx->id != 0;  /* a helper: its first card uncapped (see above) */
#if JINK_THREADS
    asig *mine = s->ctx->crew ? named_slot(s, t) : NULL;  /* (the node's first trick) */
#endif
    while (open) {
        for (int j = 0; j < t->m; j++) {
            if (!(open >> j & 1)) continue;
#if JINK_THREADS
            if (mine && !whole && put_off(s, t, open, j))
                continue;
            if (mine) STORE(mine, path_after(s, t->order[j]));
#endif
            open &= ~((u64)1 << j);
            /* (the last card open runs uncapped) */
            int r = try_card(s, t, j, open && !whole ? width : -1);
            whole = 0;
#if JINK_THREADS
            if (mine) STORE(mine, 0);
#endif
            if (r == TRY_CAPPED) {
                open |= (u64)1 << j;  /* for the next round */
                continue;
            }
            if (r != TRY_ON) return r;
        }
        width *= WIDEN.growth;
    }
    return TRY_ON;
}

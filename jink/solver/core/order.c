/*
 * Settler "order": the order the cards are tried in.
 *
 * Guard: every node where cards are tried (order_moves).
 * Settles: nothing by itself: it puts the likeliest refutation first, so
 * that the first card tried settles the node more often. Switched off, the
 * kernel tries one card of each group of equivalent cards, strongest first.
 * Sound: every card (one of each group) is still tried until one settles
 * the node.
 * Thresholds: ORDER (below).
 *
 * With partition search (the port keeps the Python engine's order, and so
 * its nodes), the asker of a spoil or of a hand-over plays thriftily: it
 * leads low, and takes a trick only from a seat that could use it (a spoil:
 * a seat that has already won a trick; a hand-over: the seat brought to the
 * pool). Each wrong first try of the asker costs a whole proof that the
 * others win, and its top trumps are worth more kept than spent on a trick
 * nobody needed. The coalition plays high while the asker is still to play,
 * making the trick dear for it, and its helpers lead trumps first, drawing
 * the asker's.
 */

typedef struct {
    int shed_from;          /* a helper plays high to a trick its side has, from this many seats */
} OrderThresholds;

static const OrderThresholds ORDER = {
    .shed_from = 10,
};

/* Cards (in their order) that take a trick over power ``bp``, then the
 * rest, each part in the order given; returns how many. */
static int takers_first(const CRules *R, const int *cards, int n, int bp, int led, int *out) {
    int m = 0;
    for (int j = 0; j < n; j++) if (takes(R, cards[j], bp, led)) out[m++] = cards[j];
    for (int j = 0; j < n; j++) if (!takes(R, cards[j], bp, led)) out[m++] = cards[j];
    return m;
}

/* Whether a seat of the side (``side`` 1) or of the others (0) is still to
 * play to this trick. */
static int to_play(const Search *s, int side) {
    for (int j = s->ntrick + 1; j < s->players; j++)
        if (s->on_side[turn_seat(s, j)] == side) return 1;
    return 0;
}

/* The first of ``cards`` (legal for the seat to play, mid-trick) that no seat
 * still to play can beat, or -1. */
static int sure_taker(const Search *s, const int *cards, int m) {
    const CRules *R = s->R;
    int i = s->ntrick, t[MAXP];
    memcpy(t, TRICK(s), (size_t)i * sizeof *t);
    for (int k = 0; k < m; k++) {
        t[i] = cards[k];
        if (winner(R, t, i + 1, s->done) != i) continue;
        int j = i + 1;
        while (j < s->players
               && !can_take(s, legal_cards(R, s->hands[turn_seat(s, j)], t, i + 1, s->done),
                            t, i + 1))
            j++;
        if (j == s->players) return k;
    }
    return -1;
}

/* Whether no seat after the one to play holds a card that beats the trick's
 * best card (legal or not: a cheap look, for the order only). */
static int unbeaten(const Search *s, int i) {
    const CRules *R = s->R;
    const int *t = TRICK(s);
    int best = t[winner(R, t, i, s->done)];
    u64 beaters = beating(R, best), later = 0;
    for (int j = i + 1; j < s->players; j++) later |= s->hands[turn_seat(s, j)];
    return !(later & beaters);
}

/* The cards to try, the likeliest refutation first (search.py's _order; see
 * above). A helper plays high, too, to a trick its side has for sure (the
 * asker has played and no seat still to play can beat the best card), from
 * ORDER.shed_from seats: it sheds a card that could take a trick from the
 * target later. */
static int order_moves(const Search *s, int seat, u64 legal, int maximizing, int *out) {
    const CRules *R = s->R;
    int strong[MAXC], weak[MAXC];
    int g = orders(R, legal, s->live, strong, weak);
    if (!(s->settle & SETTLE_ORDER)) {  /* one card a group, strongest first */
        memcpy(out, strong, sizeof(int) * (size_t)g);
        return g;
    }
    int i = s->ntrick;
    int coalition = s->coalition >= 0 && maximizing == s->coalition;
    int thrifty = s->partition && s->coalition >= 0 && !coalition;  /* the asker, thrifty */
    const int *pick = strong;
    if (i == 0) {
        if (s->partition && coalition && seat != s->target) {
            /* a helper leads its trumps first (strongest first): they draw
             * the asker's; then its plain cards, lowest first */
            int m = 0;
            for (int j = 0; j < g; j++) if (R->power[strong[j]] > TRUMP_BASE) out[m++] = strong[j];
            for (int j = 0; j < g; j++) if (!(R->power[weak[j]] > TRUMP_BASE)) out[m++] = weak[j];
            return m;
        }
        if ((coalition && seat != s->target) || thrifty) pick = weak;
        for (int j = 0; j < g; j++) out[j] = pick[j];
        return g;
    }
    const int *trick = TRICK(s);
    int led = R->suit[trick[0]];
    int best = basic_winner(R, trick, i), bp = R->power[trick[best]];
    int winning = turn_seat(s, best);
    int side_winning = s->on_side[winning];
    int beat;
    if (coalition) {
        beat = seat == s->target || side_winning != maximizing;
        /* (not in the narrow search, whose throw-away is the lowest card) */
        if (s->partition && !s->narrow && (seat == s->target || !beat)
            && (to_play(s, !s->coalition)  /* the asker still to play */
                || (!beat && s->players >= ORDER.shed_from && unbeaten(s, i)))) {
            for (int j = 0; j < g; j++) out[j] = strong[j];
            return g;
        }
    } else if (thrifty) {
        beat = s->goal == GOAL_SPOIL ? !side_winning && s->won[winning] > 0
                                     : winning == s->goal_seat;
    } else if (maximizing) {
        beat = !side_winning;
    } else {
        beat = side_winning;
        if (!beat && to_play(s, 1)) {
            for (int k = 0; k < g; k++) out[k] = strong[k];
            return g;
        }
    }
    if (!beat) {
        for (int j = 0; j < g; j++) out[j] = weak[j];
        return g;
    }
    int m = takers_first(R, weak, g, bp, led, out);  /* the cheapest first */
    if (s->partition && maximizing && s->coalition < 0) {
        /* A max_tricks proof's side: first the cheapest card that takes the
         * trick for sure (no seat still to play can beat it). Where the
         * trick is all it needs, that ends the proof (settled_trick): a card
         * that takes the trick only for now costs every combination of the
         * later seats' cards. */
        int k = sure_taker(s, out, m);
        if (k > 0) {
            int c = out[k];
            memmove(out + 1, out, (size_t)k * sizeof *out);
            out[0] = c;
        }
    }
    return m;
}

/* Killers: the cards that settled a node before. Sibling positions (the
 * same seat at the same place of the same trick, the cards played before
 * the trick differing) are mostly settled by the same card, and the thrifty
 * rules above guess it wrong where, say, the asker's top trump would take a
 * trick it had better let go: there, at ten seats, each sibling searched
 * its wrong first card whole before the right one. So each thread of a
 * proof keeps, at each ply (a trick and a place in it), the last KILLERS
 * cards that settled a node, each with its context, and tries those of the
 * node's context first, the latest first. The context is the seat (by the
 * trick's leader), the suit led and the trick's best card so far: keyed on
 * the ply alone, the killers came from unlike positions and cost three
 * and a half times the nodes (ten seats, deals 0-39); keyed on every card
 * of the trick, they came back too seldom. Not for the coalition's leads, whose
 * context is the seat alone: there a lead that refuted one sibling (after
 * another first trick) led a spoil that fails astray at every other (ten
 * seats, deal 122, seat 1's spoil: 213.6 M nodes against 0.82 M). Only with
 * partition search (the reference's order is kept without it). */
static int killer_context(const Search *s, const Tries *t) {
    if (!t->i) return s->leader;
    const CRules *R = s->R;
    const int *trick = TRICK(s);
    /* (the trick's best and suit led, where partition search has them) */
    int best = trick[t->part ? t->best : basic_winner(R, trick, t->i)];
    int led = t->part ? t->led : R->suit[trick[0]];
    return s->leader + MAXP * (best + 1 + (MAXC + 1) * (led + 1));
}

/* The node's killers, those kept in its context, moved to the front of its
 * cards (the latest first); ``t->context`` set for killer_settled. */
static void killers_first(const Search *s, Tries *t) {
    int context = killer_context(s, t);
    const Killer *k = s->ctx->killers[s->done * MAXP + t->i];
    t->context = context;
    for (int w = KILLERS - 1; w >= 0; w--) {
        if (k[w].context != context || !k[w].card) continue;
        /* (the card, or one of its group: the node's order holds one card
         * of each group of equivalent cards, not always the same one) */
        int card = k[w].card - 1, held = (int)(t->hand >> card & 1);
        for (int j = 1; j < t->m; j++) {
            int c = t->order[j];
            if (c == card || (held && equivalent(s->R, s->live, c, card))) {
                memmove(t->order + 1, t->order, (size_t)j * sizeof *t->order);
                t->order[0] = c;
                break;
            }
        }
    }
}

/* ``card`` settled the node of ``t``: the first of its ply's killers (one
 * kept already moves up; the last falls out). */
static inline void killer_settled(Search *s, const Tries *t, int card) {
    Killer *k = s->ctx->killers[s->done * MAXP + t->i];
    int w = 0;
    while (w < KILLERS - 1 && !(k[w].card == card + 1 && k[w].context == t->context)) w++;
    for (; w > 0; w--) k[w] = k[w - 1];
    k[0].card = card + 1;
    k[0].context = t->context;
}

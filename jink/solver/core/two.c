/*
 * Settler "two": the last two tricks searched without the table.
 *
 * Guard: a trick's start with two tricks left (two_left).
 * Settles: the position, by trying every legal card of the next trick (one
 * of each group of equivalent cards), the last trick played out: with
 * partition search where mid-trick entries are made (big tables), by
 * states (two_tricks_dp), else card by card (two_tricks, as the Python
 * engine's _two_tricks).
 * Sound: it is the kernel's own search of those two tricks, without the
 * table and the move order: every card is tried, and equivalent cards play
 * alike. What each answer rests on is named as the kernel names it.
 * Thresholds: none.
 */

/* Whether the goal is reached once seats a and b take the last two tricks. */
static int two_won(Search *s, int a, int b) {
    s->won[a]++;
    s->won[b]++;
    int r = status(s, 0) == 1;
    s->won[a]--;
    s->won[b]--;
    return r;
}

static int two_played(Search *s, const int *trick) {
    const CRules *R = s->R;
    int n = s->players, done = s->tricks - 2;
    int wi = winner(R, trick, n, done), w = turn_seat(s, wi);
    s->rel = by_rank(R, trick, n, wi);
    int lw = last_winner(s, after_trick(R, trick, n, done), w, &s->rel);
    return two_won(s, w, lw);
}

/* Two tricks left: the next trick card by card in no particular order. */
static int two_tricks(Search *s, int *trick, int i) {
    Ctx *c = s->ctx;
    if (++c->nodes >= c->next_check && !check(c)) return 0;
    int n = s->players;
    if (i == n) return two_played(s, trick);
    const CRules *R = s->R;
    int seat = turn_seat(s, i);
    u64 hand = s->hands[seat];
    u64 legal = legal_cards(R, hand, trick, i, s->tricks - 2);
    int maximizing = s->on_side[seat];
    u64 low = legal & (~legal + 1), high = legal ^ low;
    if (high && s->narrow && i && maximizing == s->coalition && !can_take(s, legal, trick, i)) {
        if (R->power[high_card(high)] < R->power[high_card(low)]) low = high;
        high = 0;
    }
    if (high) {
        int a = high_card(low), b = high_card(high);
        if (equivalent(R, s->live, a, b)) high = 0;
    }
    /* Two cards of one group: the answer rests on both or neither. */
    u64 group = legal != low && !high ? legal : 0;
    u64 tries[2] = {low, high}, rel = 0;
    for (int t = 0; t < (high ? 2 : 1); t++) {
        s->hands[seat] = hand ^ tries[t];
        trick[i] = high_card(tries[t]);
        int r = two_tricks(s, trick, i + 1);
        s->hands[seat] = hand;
        if (c->status) return 0;
        rel |= s->rel;
        if (r == maximizing) {
            s->rel = rel & group ? rel | group : rel;
            return r;
        }
    }
    s->rel = rel & group ? rel | group : rel;
    return !maximizing;
}

/* Two tricks left, with partition search where mid-trick entries are made
 * (big tables): the next trick's cards seat by seat, each seat's other card
 * going to the last trick. What the seats before a seat played matters to
 * the rest only through the card led (the duty to follow), the next trick's
 * best card so far, and the best trump and best plain card of each suit
 * among the cards left for the last trick (who takes the two). So a state
 * reached by different cards is searched once (a small memory in the
 * context, emptied for each position by a stamp). Its answer rests on the
 * cards that took the tricks (named whether or not another card of their
 * suit was beaten: at a big table there nearly always is one), and on
 * groups as in two_tricks. */
struct Dp {
    Search *s;
    int seat_of[MAXC];
    int trick[MAXP];
    u64 rel;
};

static int dp_leaf(Dp *d, int a_best, int b_trump, const int *b_plain) {
    Search *s = d->s;
    const CRules *R = s->R;
    int wa = d->seat_of[a_best];
    int lead = low_card(s->hands[wa] & ~bit(a_best));
    int b = b_trump >= 0 ? b_trump : b_plain[R->suit[lead]];
    int wb = d->seat_of[b];
    d->rel |= bit(a_best) | bit(b);
    return two_won(s, wa, wb);
}

static int dp_play(Dp *d, int i, int a_best, int b_trump, const int *b_plain) {
    Search *s = d->s;
    Ctx *c = s->ctx;
    if (++c->nodes >= c->next_check && !check(c)) return 0;
    int n = s->players;
    if (i == n) return dp_leaf(d, a_best, b_trump, b_plain);
    const CRules *R = s->R;
    DpSlot *slot = NULL;
    u64 key = 0;
    if (i) {
        key = (u64)i | (u64)(d->trick[0] + 1) << 4 | (u64)(a_best + 1) << 10
            | (u64)(b_trump + 1) << 16 | (u64)(b_plain[0] + 1) << 22
            | (u64)(b_plain[1] + 1) << 28 | (u64)(b_plain[2] + 1) << 34
            | (u64)(b_plain[3] + 1) << 40;
        size_t h = (size_t)mix(0, key);
        for (int k = 0; k < 4; k++) {
            DpSlot *e = &c->memory->dp[(h + (size_t)k) & (DP_SLOTS - 1)];
            if (e->stamp != c->memory->dp_stamp) { slot = e; break; }
            if (e->key == key) return e->value;
        }
    }
    int seat = turn_seat(s, i);
    u64 hand = s->hands[seat];
    u64 legal = legal_cards(R, hand, d->trick, i, s->done);
    int maximizing = s->on_side[seat];
    u64 low = legal & (~legal + 1), high = legal ^ low;
    if (high) {
        int a = high_card(low), b = high_card(high);
        if (equivalent(R, s->live, a, b)) high = 0;
    }
    u64 tries[2] = {low, high};
    int result = !maximizing;
    for (int t = 0; t < (high ? 2 : 1); t++) {
        int card = low_card(tries[t]), other = low_card(hand ^ tries[t]);
        d->trick[i] = card;
        int led = R->suit[d->trick[0]];
        int best = !i || takes(R, card, R->power[a_best], led) ? card : a_best;
        int bt = b_trump, bp[4] = {b_plain[0], b_plain[1], b_plain[2], b_plain[3]};
        if (R->power[other] > TRUMP_BASE) {
            if (bt < 0 || R->power[other] > R->power[bt]) bt = other;
        } else {
            int su = R->suit[other];
            if (bp[su] < 0 || R->power[other] > R->power[bp[su]]) bp[su] = other;
        }
        int r = dp_play(d, i + 1, best, bt, bp);
        if (c->status) return 0;
        if (r == maximizing) { result = r; break; }
    }
    if (slot) { slot->key = key; slot->stamp = c->memory->dp_stamp; slot->value = result; }
    return result;
}

static int two_tricks_dp(Search *s) {
    Dp d;
    const CRules *R = s->R;
    Ctx *c = s->ctx;
    d.s = s;
    d.rel = 0;
    for (int p = 0; p < s->players; p++)
        for (u64 h = s->hands[p]; h; h &= h - 1) d.seat_of[low_card(h)] = p;
    if (++c->memory->dp_stamp == 0) {  /* wrapped: every slot is old */
        memset(c->memory->dp, 0, sizeof c->memory->dp);
        c->memory->dp_stamp = 1;
    }
    int plain[4] = {-1, -1, -1, -1};
    int r = dp_play(&d, 0, -1, -1, plain);
    /* A seat's two cards of one group were tried once for both. */
    for (int p = 0; p < s->players; p++) {
        u64 h = s->hands[p];
        int a = low_card(h), b = high_card(h);
        if (a != b && equivalent(R, s->live, a, b) && (d.rel & h))
            d.rel |= h;
    }
    s->rel = d.rel;
    return r;
}

/* A trick's start with two tricks left: its answer, else -1. */
static int two_left(Search *s, int remaining, int part) {
    if (remaining != 2) return -1;
    const CRules *R = s->R;
    int trick[MAXP];
    /* (by states where the last trick keeps this one's rules) */
    return part && s->mid && !(R->forced > 0 && R->after_forced) ? two_tricks_dp(s)
                                                                 : two_tricks(s, trick, 0);
}

/* Its ask at a trick's start, after the table (settlers.c). */
static int two_ask(Search *s, At *at) {
    return two_left(s, at->remaining, at->part);
}

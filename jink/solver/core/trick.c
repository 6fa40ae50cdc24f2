/*
 * Settler "trick": a trick settled before its end by sure tricks.
 *
 * Guard: partition search, a hand-over or a max_tricks proof (not the
 * spoil, whose several threats this does not follow), from a trick's second
 * card on (search.c: play_on).
 * Settles: "yes" where the goal's seat takes this trick for sure (no seat
 * still to play can beat its card) and its sure trump tricks, or the runs
 * it leads from the next trick (lead_tricks), cover what it needs after, or
 * where its sure trump tricks cover it whoever takes this trick; "no" where
 * every seat of the goal is beaten in this trick and the tricks left, less
 * those the others' trumps take for sure, fall short.
 * Sound: as sure.c's counts, every card played, each trick to one trump;
 * a seat still to play that may have to spend a trump on this trick is
 * counted with one trump fewer.
 * Thresholds: none; the bounds are the goal's need and the tricks left.
 */

/* The trick being played (its ``i`` cards so far) settling a hand-over or a
 * max_tricks proof before its end: 1, 0, or -1 (open). Most positions a
 * trick's end reaches at big tables are settled at once by their sure
 * tricks (sure()); this finds many of them while seats are still to play,
 * sparing the enumeration of those seats' cards.
 * - The goal's seat is taking the trick and no seat still to play can beat
 *   its card: that is its trick, and with the tricks its leads take from the
 *   next (lead_tricks; the seats still to play counted with every card they
 *   hold) or its sure trump tricks (trump_tricks, for the side's seats that
 *   have played) enough for what it needs after.
 * - Every seat of the goal is beaten (it has played, or holds no legal card
 *   that takes the trick now: the best card only rises): it needs more
 *   tricks than are left after this one, or some other seat holds more
 *   trumps it cannot cover (as sure(): every card is played) than it can
 *   spare; a seat of the goal's side still to play may spend one of those
 *   trumps on this trick, and a seat against it only if it must play one.
 * - A max_tricks proof's seat holds sure trump tricks (trump_tricks) for
 *   what it needs after this trick, whoever takes it.
 */
static int settled_trick(Search *s, int i) {
    if (s->goal == GOAL_SPOIL) return -1;
    const CRules *R = s->R;
    int n = s->players;
    const int *trick = TRICK(s);
    int best = basic_winner(R, trick, i), w = turn_seat(s, best);
    int need = need_of(s), rest = s->tricks - s->done - 1;
    int trumps = R->always_legal && R->trump >= 0;
    /* (The check of a max_tricks seat's top trumps below reads only the
     * hands and who is still to play: where the card just played was not a
     * trump nor the side's, it failed on the node before and fails again.) */
    int fresh = s->goal == GOAL_ATLEAST
        && (i == 1 || R->power[trick[i - 1]] > TRUMP_BASE || s->on_side[turn_seat(s, i - 1)]);
    if (trumps && need <= rest && fresh) {
        /* (A max_tricks proof: in hand-overs it spared next to nothing.)
         * Whoever takes this trick, a seat of the goal keeps its trumps for
         * the tricks after it, and its opponents' trumps only fall (so they
         * cover no more of its own): with sure trump tricks enough for what
         * it needs, sure() settles the next trick's start as "yes", whatever
         * is played now. A seat still to play that must play a trump may
         * spend one: one sure trick less (of its trumps less one, the
         * others cover at most one fewer). (It rests on trumps alone, which
         * entries always match.) */
        int rival[16];
        int nr = ranks(R, opponents_trumps(s), rival);
        for (int j = 0; j < n; j++) {
            int p = turn_seat(s, j);
            u64 mine = s->hands[p] & R->trump_mask;
            if (!is_ours(s, p) || !mine) continue;
            int top = trump_tricks(R, mine, rival, nr);
            if (j >= i && !(legal_cards(R, s->hands[p], trick, i, s->done) & ~R->trump_mask))
                top--;
            if (top >= need) {
                s->rel = 0;
                return 1;
            }
        }
    }
    if (is_ours(s, w)) {
        for (int j = i; j < n; j++) {
            u64 legal = legal_cards(R, s->hands[turn_seat(s, j)], trick, i, s->done);
            if (can_take(s, legal, trick, i)) return -1;
        }
        s->rel = bit(trick[best]);  /* no card still held ranks above it */
        if (need <= 1) return 1;
        if (!trumps) return -1;
        u64 more = 0;  /* it leads the next trick (lead_tricks) */
        if (lead_tricks(s, w, need - 1, &more) >= need - 1) {
            s->rel |= more;
            return 1;
        }
        int rival[16];
        int nr = ranks(R, opponents_trumps(s), rival);
        for (int j = 0; j < i; j++) {  /* a seat still to play might spend one here */
            int p = turn_seat(s, j);
            u64 mine = s->hands[p] & R->trump_mask;
            if (is_ours(s, p) && mine && trump_tricks(R, mine, rival, nr) >= need - 1) return 1;
        }
        return -1;
    }
    /* A seat of the goal still to play is beaten too if it holds no legal
     * card that takes the trick now: the best card only rises. */
    u64 rel = by_rank(R, trick, i, best);  /* as end_trick: the card that beat it */
    for (int j = i; j < n; j++) {
        int p = turn_seat(s, j);
        if (!is_ours(s, p)) continue;
        if (can_take(s, legal_cards(R, s->hands[p], trick, i, s->done), trick, i)) return -1;
        rel = bit(trick[best]);  /* its cards rank below it */
    }
    s->rel = rel;
    if (need > rest) return 0;
    if (!trumps) return -1;
    u64 cover = 0;
    for (int p = 0; p < n; p++) if (is_ours(s, p)) cover |= s->hands[p];
    int ours[16], theirs[16];
    int no = ranks(R, cover & R->trump_mask, ours);
    for (int j = 0; j < n; j++) {
        int q = turn_seat(s, j);
        if (is_ours(s, q)) continue;
        int nq = ranks(R, s->hands[q] & R->trump_mask, theirs);
        int lost = nq - matched(theirs, nq, ours, no);
        /* A seat still to play may spend one on this trick, unless it plays
         * against the goal and may keep them (a legal card not a trump). */
        if (j >= i && lost > 0
            && (s->on_side[q]
                || !(legal_cards(R, s->hands[q], trick, i, s->done) & ~R->trump_mask)))
            lost--;
        if (rest - lost < need) return 0;
    }
    return -1;
}

/* Its ask within a trick, before its table (settlers.c). */
static int trick_ask(Search *s, At *at) {
    return settled_trick(s, at->i);
}

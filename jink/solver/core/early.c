/*
 * Settler "early": a spoil four tricks from the end, settled as holding by a
 * pooled game cut short.
 *
 * Guard: a spoil search at a trick's start with EARLY.left tricks left, from
 * EARLY.from_seats seats, against two to EARLY.most_threats threats, the
 * asker one seat; partition search and the pooled game switched on (it
 * needs both: settlers.c).
 * Settles: "the spoil holds" where the pooled game (pooled.c), given
 * EARLY.steps steps and POOLED.capped_plays cards, holds; never "fails".
 * Sound: the pooled game relaxes the real one for the asker's opponents
 * (pooled.c), so where the asker holds there, it holds in the game; a game
 * cut short by its steps or cards gives no answer, and the search goes on
 * as without it. The thresholds change what it costs, never a verdict.
 *
 * Why capped: from four tricks left the full relaxed game costs more than
 * it saves, and so does the pooled game uncapped: its failures are dear (a
 * step plays out a whole trick's combinations), while most games that hold
 * take few steps. Against more threats the game seldom holds and mostly runs
 * out of cards. Where its games seldom hold in a search, it is played only
 * now and then (to see if they start to): a game that fails is dear, and in
 * some proofs nearly all do.
 */

typedef struct {
    int left;          /* asked with this many tricks left */
    int from_seats;    /* from this many seats */
    int most_threats;  /* against at most this many threats */
    int steps;         /* its games' steps (tricks begun) before they give up */
    int trial;         /* once this many of its games have failed in a search */
    int rate;          /* and fewer than one in rate + 1 held, */
    int sample;        /* it is played one time in this many */
} EarlyThresholds;

static const EarlyThresholds EARLY = {
    .left = 4,
    .from_seats = 9,
    .most_threats = 3,
    .steps = 1024,
    .trial = 16,
    .rate = 6,
    .sample = 16,
};

/* 1 where the spoil holds, else -1 (open). */
static int spoil_early(Search *s, u64 spoil_threats, int remaining) {
    if (!spoil_threats || remaining != EARLY.left || s->players < EARLY.from_seats
        || popc(spoil_threats) > EARLY.most_threats)
        return -1;
    int asker = lone_seat(s, 1);
    if (asker < 0) return -1;
    Ctx *c = s->ctx;
    if (c->early_fails >= EARLY.trial && c->early_holds * EARLY.rate < c->early_fails
        && c->early_passed++ % EARLY.sample)
        return -1;
    long games = c->games;
    int r = pooled_holds(s, asker, spoil_threats, s->pool, EARLY.steps);
    if (c->games != games) {
        if (r) c->early_holds++;
        else c->early_fails++;
    }
    return r ? 1 : -1;
}

/* Its ask at a trick's start, after the table (settlers.c). */
static int early_ask(Search *s, At *at) {
    return spoil_early(s, at->th.mask, at->remaining);
}

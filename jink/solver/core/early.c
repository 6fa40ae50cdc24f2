/* A spoil of two threats or more with four tricks left, settled as "yes" by
 * the pooled game alone (the asker one seat), from SPOIL_EARLY seats, its
 * steps capped at SPOIL_EARLY_STEPS and its cards at CAPPED_PLAYS (at first
 * 128 steps and no cap on cards, as measured here). The relaxed game from
 * four tricks left costs more than it saves (measured), and so does the
 * pooled game uncapped:
 * its failures are dear there (a step plays out a whole trick's
 * combinations), while most games that hold take few steps. Measured (first
 * 20 deals): at 10 players 208.5 M nodes and 29-31 s against 246.3 M and
 * 34 s, the median deal 0.47 s against 0.75 s; at 9, 39.3 M nodes and -5%
 * CPU; at 8, even (docs/performance.md). */
#ifndef SPOIL_EARLY  /* (tests set it smaller: tests/test_capped.py) */
#define SPOIL_EARLY 9
#endif
#define SPOIL_EARLY_STEPS 1024
/* And only against three threats or fewer: against more, the game seldom
 * holds and mostly runs out of cards (9 players, 33 deals near the median:
 * of 2,449 games against four threats or more 171 held and 2,100 ran out,
 * of 4,064 against two or three 2,790 held and 528 ran out; of all those
 * that ran out, 74% would hold, after 3.5 million cards on average).
 * Measured side by side on the deals near the median (33 at 9 players, 21
 * at 10): -10% and -11% CPU, -6 to -16% on their slowest deals; over 200
 * deals each, with the last trick played out and the bigger memory, -5%
 * deal by deal (docs/performance.md). */
#define EARLY_THREATS 3
/* Its games are played only one time in EARLY_SAMPLE once EARLY_TRIAL of
 * them have failed in a search and fewer than one in EARLY_RATE + 1 held. */
#ifndef EARLY_TRIAL
#define EARLY_TRIAL 16
#endif
#define EARLY_RATE 6
#define EARLY_SAMPLE 16
static int spoil_early(Search *s, u64 spoil_threats, int remaining) {
    if (!spoil_threats || remaining != 4 || s->players < SPOIL_EARLY
        || popc(spoil_threats) > EARLY_THREATS)
        return 0;
    int asker = lone_seat(s, 1);
    if (asker < 0) return 0;
    /* Where its games seldom hold in this search, it is played only now and
     * then (to see if they start to): a game that fails is dear, and in
     * some proofs nearly all do (9-player deal 88, seat 4's spoil: 22 of
     * 12,332 held, the failures 100 M cards). */
    Ctx *c = s->ctx;
    if (c->early_fails >= EARLY_TRIAL && c->early_holds * EARLY_RATE < c->early_fails
        && c->early_passed++ % EARLY_SAMPLE)
        return 0;
    long games = c->games;
    int r = pooled_holds(s, asker, spoil_threats, POOL, SPOIL_EARLY_STEPS);
    if (c->games != games) {
        if (r) c->early_holds++;
        else c->early_fails++;
    }
    return r;
}

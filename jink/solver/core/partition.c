/*
 * Part "partition": partition search, table entries that stand for sets of
 * positions.
 *
 * What it does: an answer names the live cards whose places it rested on
 * (Search.rel: the cards that took tricks by rank, and those the settlers
 * read); the entry stored for it matches, suit by suit, only the holders of
 * the best live cards down to the lowest of those (depths), and so stands
 * for every position that differs below them. Within a trick, a card whose
 * answer would be an earlier card's is not searched (stands_for), and on
 * big tables positions part-way through a trick get entries too (mid-trick
 * keys).
 * Guard: partitioned(): the follow duty asks only for suits (and trump
 * ranks, which entries always match on), the trick's winner is the best
 * card of the suit led or trump, and the search is exact (the narrow
 * search throws the lowest card, a matter of rank). Switched off (the
 * table's ``settlers`` without it), every entry stands for one position, as
 * in the Python engine, and the settlers that need it are off too.
 * Sound: the rest of the play depends on the cards' places only through
 * what the answer read; two positions that agree on those are played alike
 * (tests/mutants.py drops each part of it and tests/test_partition.py
 * kills each).
 */

#define TRICK_SEAT 15    /* the cards played to a trick, as a seat of mid-trick keys */
/* Mid-trick entries (partition search), by default (a table's mid_* fields)
 * from MID_FROM seats on, after the MID_FIRST-th card of a trick and while
 * MID_LEFT seats or more are still to play, through the MID_LAST-th card:
 * each probe is a likely cache miss in a larger table, so they pay only
 * where a trick has many seats (measured); the tests ask for them
 * everywhere. */
#define MID_FROM 7
#define MID_FIRST 2
#define MID_LEFT 3
#define MID_LAST 3
/* A mid-trick answer is stored only if its search took this many nodes: the
 * smaller ones save about what their entry costs, and in a full table they
 * push out the larger (measured). */
#define MID_MIN_NODES 16

/* Whether table entries may stand for sets of positions here: the follow
 * duty asks only for suits (and trump ranks, which entries always match on),
 * the trick's winner is the best card of the suit led or trump, and the
 * search is exact (the narrow search throws the lowest card, a matter of
 * rank). */
static int partitioned(const Search *s) {
    const CRules *R = s->R;
    return s->partition && !s->narrow && R->relative && R->follow == FOLLOW_OR_TRUMP
        && R->trump >= 0 && R->forced <= s->done && R->arriving < 0;
}

/* Suit by suit, how many of the best live cards an answer resting on the
 * places of ``rel`` must match: down to the lowest of them; every trump. */
static void depths(const Search *s, u64 rel, uint8_t *depth) {
    const CRules *R = s->R;
    for (int su = 0; su < 4; su++) {
        u64 live = s->live & R->suit_masks[su], mine = rel & live;
        int d = 0;
        if (su == R->trump) d = popc(live);
        else if (mine) {
            const int *ord = R->order[su];
            int low = -1;
            for (int i = 0; i < R->norder[su]; i++) if (mine & bit(ord[i])) low = ord[i];
            d = 1 + popc(live & R->higher[low]);
        }
        depth[su] = (uint8_t)d;
    }
}

/* The live cards an entry of these depths matched on (the inverse of depths). */
static u64 depth_cards(const Search *s, const uint8_t *depth) {
    const CRules *R = s->R;
    u64 cards = 0;
    for (int su = 0; su < 4; su++) {
        const int *ord = R->order[su];
        for (int i = 0, d = 0; i < R->norder[su] && d < depth[su]; i++)
            if (s->live & bit(ord[i])) { cards |= bit(ord[i]); d++; }
    }
    return cards;
}

/* Mid-trick positions in the table (partition search only): the cards
 * played to the trick count as held by one more seat (so at most 15 seats),
 * and the key adds how many are played, which of them is best and the suit
 * led. Nothing else of the trick matters to the rest of the play: the duty
 * to follow asks for the suit led (a trump led: trumps are always matched in
 * full), and the trick goes to its best card. */
static u64 mid_bits(const Search *s) {
    const CRules *R = s->R;
    const int *trick = TRICK(s);
    int i = s->ntrick;
    if (!i) return 0;
    return (u64)i << 48 | (u64)basic_winner(R, trick, i) << 52 | (u64)R->suit[trick[0]] << 56
         | (u64)1 << 58;
}

static void mid_key(const Search *s, u64 *key, u64 *detail) {
    u64 hands[MAXP];
    const int *trick = TRICK(s);
    memcpy(hands, s->hands, sizeof hands);
    for (int p = s->players; p < MAXP; p++) hands[p] = 0;
    for (int j = 0; j < s->ntrick; j++) hands[TRICK_SEAT] |= bit(trick[j]);
    key_hands(s->R, hands, MAXP, s->live, key, detail);
    key_rest(s, s->tricks - s->done, key);
}

/* The cards of the seat's hand that are one group with ``card``: next to it
 * among the live cards of its suit (the search tried one for them all). */
static u64 group_of(const Search *s, u64 hand, int card) {
    const CRules *R = s->R;
    int su = R->suit[card], nord = R->norder[su], at = R->place[card];
    const int *ord = R->order[su];
    u64 group = bit(card);
    for (int i = at - 1; i >= 0; i--) {
        int x = ord[i];
        if (!(s->live & bit(x))) continue;
        if (!(hand & bit(x))) break;
        group |= bit(x);
    }
    for (int i = at + 1; i < nord; i++) {
        int x = ord[i];
        if (!(s->live & bit(x))) continue;
        if (!(hand & bit(x))) break;
        group |= bit(x);
    }
    return group;
}

/* Whether the answer of playing card a, resting on the places of ``rel_a``
 * (partition search), is the answer of playing b instead: two plain cards
 * of one suit, below every card of that suit the answer rested on, that
 * leave the trick's best card where it was (``i`` cards played, the best of
 * power ``bp``; a lead sets it either way). The two positions then differ
 * only in where two cards lie that the answer's set does not match on. */
static int stands_for(const CRules *R, int a, int b, u64 rel_a, int i, int bp, int led) {
    int su = R->suit[a];
    if (su != R->suit[b] || R->power[a] > TRUMP_BASE || R->power[b] > TRUMP_BASE) return 0;
    if (i && (takes(R, a, bp, led) || takes(R, b, bp, led))) return 0;
    u64 mine = rel_a & R->suit_masks[su];
    return !(mine & ~R->higher[a]) && !(mine & ~R->higher[b]);
}

/* Whether an answer already found stands for ``card`` (stands_for): then it
 * is not searched, and ``t->rel`` gains what that answer rested on. */
static int stood_for(const Search *s, Tries *t, int card) {
    int k = 0, i = t->i, best = t->best;
    while (k < t->nsib && !stands_for(s->R, t->sib[k], card, t->sib_rel[k], i, t->bp, t->led))
        k++;
    if (k == t->nsib) return 0;
    /* it rests on the same cards, and on the trick's best card ranking
     * above both where it is of their suit */
    const int *trick = TRICK(s);
    u64 rel = t->rel, hand = t->hand;
    rel |= t->sib_rel[k];
    if (i && s->R->suit[trick[best]] == s->R->suit[card]) rel |= bit(trick[best]);
    if (t->sib_rel[k] & hand & s->R->suit_masks[s->R->suit[card]]) {
        u64 group = group_of(s, hand, card);
        if (t->sib_rel[k] & group) rel |= group;
    }
    t->rel = rel;
    return 1;
}

/* After ``card`` was searched (its answer resting on ``s->rel``): the card
 * stood for its group: if the answer rests on the place of any of them, it
 * rests on all of theirs (the group is within the seat's cards of the suit:
 * mostly there is nothing to look up). Without partition search,
 * trick_start reads no answer's cards. */
static inline void answered(const Search *s, Tries *t, int card) {
    if (s->partition) {
        u64 rel = t->rel, hand = t->hand;
        rel |= s->rel;
        if (s->rel & hand & s->R->suit_masks[s->R->suit[card]]) {
            u64 group = group_of(s, hand, card);
            if (s->rel & group) rel |= group;
        }
        t->rel = rel;
    }
    if (t->part) {
        t->sib[t->nsib] = card;
        t->sib_rel[t->nsib++] = s->rel;
    }
}

/* A node within a trick (``i`` cards played): its mid-trick key (``kd``:
 * key, then detail), kept up card by card from the trick's (``pkey``, the
 * node above's: see mid_key), as far into the trick as a node may still
 * probe the table; the nodes below then start from it. 1 where this node
 * probes and stores (mid_probe, mid_store). */
static int mid_node(Search *s, int i, int part, const u64 *pkey, u64 *kd) {
    const TableObject *t = s->ctx->table;
    int n = s->players;
    if (!(s->mid && i <= n - t->mid_left && i <= t->mid_last && n <= TRICK_SEAT && part))
        return 0;
    u64 *key = kd, *detail = kd + KEYW;
    s->pkey = kd;
    if (!pkey) {
        mid_key(s, key, detail);
    } else {
        memcpy(kd, pkey, (KEYW + 4) * sizeof *kd);
        if (i > 0) {
            const CRules *R = s->R;
            const int *trick = TRICK(s);
            int c2 = trick[i - 1], by = turn_seat(s, i - 1), su = R->suit[c2];
            key[su] += ((u64)1 << (4 * TRICK_SEAT)) - ((u64)1 << (4 * by));
            detail[su] ^= (u64)(by ^ TRICK_SEAT) << (4 * popc(s->live & R->higher[c2]));
            key[5] = (key[5] & (((u64)1 << 48) - 1)) | mid_bits(s);
        }
    }
    return i >= t->mid_first;
}

/* The table's answer for this mid-trick node (mid_node's key), or -1. */
static int mid_probe(Search *s, const u64 *kd, int need) {
    Ctx *c = s->ctx;
    c->lookups++;
    uint8_t depth[4];
    int hit = table_settles(c->table, kd, kd + KEYW, hashed_suit(s, 1), need, depth);
    if (hit < 0) return -1;
    c->hits++;
    s->rel = depth_cards(s, depth);
    return hit;
}

/* Store this mid-trick node's answer, if its search took enough nodes. */
static void mid_store(Search *s, u64 *kd, int need, int result, long long nodes) {
    if (nodes >= MID_MIN_NODES) store(s, kd, kd + KEYW, 1, need, result, nodes);
}

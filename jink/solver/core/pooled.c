/*
 * Settler "pooled": the pooled game, the relaxed game (relaxed.c) made
 * easier again for the asker's opponents, and its memory of answers.
 *
 * Guard: partition search, the asker one seat. Played before each relaxed
 * game (relaxed_game), and by the settlers "early" and "next"; its memory
 * alone is read before the table at a hand-over's trick start from
 * POOLED.handover_from tricks left, and at a spoil's with threats and
 * POOLED.spoil_left tricks left (pooled_known).
 * Settles: as the relaxed game: a spoil as holding, a hand-over as failing.
 * Sound: every run of pool seats holds the cards of all the pool's seats,
 * and none has a duty to follow: what a seat or group may do in the relaxed
 * game, its run may do here (lead a card of the same kind, take a trick with
 * a card as strong or stronger, or take over a lead nobody beat, where a
 * seat of the relaxed game could overtake a lower card of the kind led).
 * So where the asker holds here, it holds
 * there, and in the game. Of a plain suit a run leads only its lowest card,
 * which gives the opponents every outcome a higher one does (relaxed.c,
 * pooled_low_lead). It reads of the pool's cards only where they lie
 * among the asker's and the threats' cards, suit by suit: where the same
 * cards of the asker and the threats lie so among the pool's, it is the same
 * game, however the pool's cards lie among its seats, so its answers are
 * kept by that key for the table's life (most
 * games a big table's proof plays at trick starts are one played before). A
 * game cut short gives no answer, and is kept as such only for games given
 * as few steps. A game's later tricks are pooled games too, and kept by the
 * same kind of key (sub_key).
 * Thresholds: POOLED (below).
 */

typedef struct {
    int handover_from;  /* its memory read at a hand-over's start, from this many left */
    int spoil_left;     /* and at a spoil's, with this many left */
    long capped_plays;  /* a game given fewer steps than RELAXED.steps: its cap on cards */
} PooledThresholds;

static const PooledThresholds POOLED = {
    .handover_from = 3,
    .spoil_left = 3,
    .capped_plays = 8192,
};

/* The pooled game played, giving up past ``steps`` (and past its cap on
 * cards where it is given fewer steps than RELAXED.steps): 1 with the cards
 * it named in ``named`` where the asker holds. */
static int pooled_play(Search *s, int asker, u64 threats, int need, int steps, u64 *named,
                       int *cut) {
    Relaxed x;
    int role[MAXP], pool[MAXP];
    relaxed_setup(s, &x, asker, threats, need, 1, role, pool);
    s->ctx->games++;
    x.budget = steps;
    if (steps < RELAXED.steps) x.plays = POOLED.capped_plays;
    int r = relaxed_from(s, &x, role, pool);
    *named = x.rel;
    *cut = x.budget < 0 || x.plays <= 0;
#ifdef JINK_CHECK
    /* (tests: where the asker holds, it holds too with the groups leading
     * each kind of every plain suit (not only their lowest card, of one
     * suit only of those the asker and the threats hold none of: see
     * pooled_low_lead), where that game is not cut short; played without
     * the memory of later tricks. The other way a "no" may come of a kept
     * answer's cap, and costs only time.) */
    if (r) {
        Relaxed y;
        relaxed_setup(s, &y, asker, threats, need, 1, role, pool);
        y.budget = steps;
        y.plays = LONG_MAX;
        y.every_lead = 1;
        int replay = s->ctx->replay;
        s->ctx->replay = 1;
        int again = relaxed_from(s, &y, role, pool);
        s->ctx->replay = replay;
        if (y.budget >= 0) {
            s->ctx->table->checks++;
            if (!again) s->ctx->table->check_failures++;
        }
    }
#endif
    return r;
}

/* The game's cards of a suit, best first (``game``: their places in the
 * suit, as pooled_key makes them: the asker's and the threats', the trick's
 * two, and the pool's). The card at place ``at`` among them (-1 past the
 * end). */
static int game_card(const CRules *R, uint32_t game, int su, int at) {
    for (; at > 0 && game; at--) game &= game - 1;
    return game ? R->order[su][ctz64(game)] : -1;
}

/* The place of ``card`` among them (-1: not one of them). */
static int game_place(const CRules *R, uint32_t game, int card) {
    int place = R->place[card];
    if (!(game >> place & 1)) return -1;
    return popc(game & (((uint32_t)1 << place) - 1));
}

/* The seat of each card of ``ours`` (``k`` hands, ``hand[i]`` held at
 * ``seat[i]``) a nibble, in the cards' order, 16 a word, into ``own``
 * (two words: PG_CARDS). */
static void own_words(u64 ours, const u64 *hand, const int8_t *seat, int k, u64 *own) {
    int8_t whose[64] = {0};
    for (int j = 0; j < k; j++)
        for (u64 h = hand[j]; h; h &= h - 1) whose[low_card(h)] = seat[j];
    int i = 0;
    u64 word = 0;  /* (kept in a register: 16 cards a word) */
    for (u64 h = ours; h; h &= h - 1) {
        word |= (u64)whose[low_card(h)] << (4 * (i & 15));
        if ((++i & 15) == 0) { own[i / 16 - 1] = word; word = 0; }
    }
    if (i & 15) own[i / 16] = word;
}

/* Each suit's places (see game_card) of ``cards``, a bit each, into
 * ``places``: a look-up a byte of the cards (byte_places; a walk of the
 * cards, a card at a time, was a fifth of pooled_holds's time at ten seats). */
static void suit_places(const CRules *R, u64 cards, uint32_t *places) {
    u64 all = 0;
    for (int b = 0; b < (MAXC + 7) / 8; b++) all |= R->byte_places[b][cards >> (8 * b) & 255];
    for (int su = 0; su < 4; su++) places[su] = (uint32_t)(all >> (16 * su) & 0xffff);
}

/* A suit's pattern, four places at a time: for the places ``all`` of a
 * nibble and the game's own ``a`` among them, a bit for each of all's, the
 * best (lowest place) highest; NIBBLE_BITS counts all's. */
static const uint8_t NIBBLE_PATTERN[16][16] = {
    { 0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0},
    { 0,  1,  0,  1,  0,  1,  0,  1,  0,  1,  0,  1,  0,  1,  0,  1},
    { 0,  0,  1,  1,  0,  0,  1,  1,  0,  0,  1,  1,  0,  0,  1,  1},
    { 0,  2,  1,  3,  0,  2,  1,  3,  0,  2,  1,  3,  0,  2,  1,  3},
    { 0,  0,  0,  0,  1,  1,  1,  1,  0,  0,  0,  0,  1,  1,  1,  1},
    { 0,  2,  0,  2,  1,  3,  1,  3,  0,  2,  0,  2,  1,  3,  1,  3},
    { 0,  0,  2,  2,  1,  1,  3,  3,  0,  0,  2,  2,  1,  1,  3,  3},
    { 0,  4,  2,  6,  1,  5,  3,  7,  0,  4,  2,  6,  1,  5,  3,  7},
    { 0,  0,  0,  0,  0,  0,  0,  0,  1,  1,  1,  1,  1,  1,  1,  1},
    { 0,  2,  0,  2,  0,  2,  0,  2,  1,  3,  1,  3,  1,  3,  1,  3},
    { 0,  0,  2,  2,  0,  0,  2,  2,  1,  1,  3,  3,  1,  1,  3,  3},
    { 0,  4,  2,  6,  0,  4,  2,  6,  1,  5,  3,  7,  1,  5,  3,  7},
    { 0,  0,  0,  0,  2,  2,  2,  2,  1,  1,  1,  1,  3,  3,  3,  3},
    { 0,  4,  0,  4,  2,  6,  2,  6,  1,  5,  1,  5,  3,  7,  3,  7},
    { 0,  0,  4,  4,  2,  2,  6,  6,  1,  1,  5,  5,  3,  3,  7,  7},
    { 0,  8,  4, 12,  2, 10,  6, 14,  1,  9,  5, 13,  3, 11,  7, 15},
};
static const uint8_t NIBBLE_BITS[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* The suits' patterns of a pooled game whose own cards (the asker's and the
 * threats') lie at the places ``a`` of each suit and the pool's at ``left``
 * (see pooled_key; suit_places): each suit's places of the game's cards
 * into ``game``, the patterns into ``kinds``. 0 where a suit is too big to
 * key. */
static int suit_patterns(const uint32_t *a, const uint32_t *left, uint32_t *game, u64 *kinds) {
    *kinds = 0;
    for (int su = 0; su < 4; su++) {
        uint32_t all = a[su] | left[su];
        u64 pattern = 1;  /* (the mark where it starts) */
        int n = 0;
        /* a bit a place, best first: 1 the game's own, 0 the pool's */
        for (int at = 0; at < 16; at += 4) {
            uint32_t nib = all >> at & 15;
            pattern = pattern << NIBBLE_BITS[nib] | NIBBLE_PATTERN[nib][a[su] >> at & 15];
            n += NIBBLE_BITS[nib];
        }
        if (n > 15) return 0;  /* (a pattern takes 16 bits at most) */
        *kinds |= pattern << (16 * su);
        game[su] = all;
    }
    return 1;
}

/* A key's hash, its rules told by their id in the key only: ids are handed
 * out as rules are first used in a process, and the memory replaces answers
 * by where they hash to, so with the id hashed the nodes of a search would
 * depend on what the process solved before. */
static inline size_t pg_hash_of(u64 ours, const u64 *own, u64 rest, u64 won, u64 kinds,
                                u64 trick) {
    return (size_t)mix(mix(mix(mix(ours, own[0] ^ own[1]), rest >> PG_ID_BITS ^ won),
                           kinds), trick);
}

static size_t pg_hash(const PgKey *key) {
    return pg_hash_of(key->ours, key->own, key->rest, key->won, key->kinds, key->trick);
}

/* The pooled game's key for this position (see pooled_holds) into ``key``;
 * 0 where the game is too big to key. */
static int pooled_key(const Search *s, int asker, u64 threats, int need, u64 capped,
                      PgKey *key) {
    const CRules *R = s->R;
    u64 ours = s->hands[asker], own[2] = {0, 0}, won = 0;
    for (int p = 0; p < s->players; p++)
        if (threats >> p & 1) { ours |= s->hands[p]; won |= (u64)s->won[p] << (3 * p); }
    won |= capped;
    if (popc(ours) > PG_CARDS) return 0;
    /* Within a trick (where the asker and the threats have played to it)
     * the game reads of its cards the card led, the best and whose it is:
     * the best's seat, or for a pool seat's its run (told by the seat
     * before the run); and who has played. The two cards bound the kinds
     * too. */
    const int *trick = TRICK(s);
    int n = s->players;
    u64 played = 0, trick_key = 0;
    int b = s->ntrick ? basic_winner(R, trick, s->ntrick) : 0;
    for (int j = 0; j < s->ntrick; j++) played |= bit(trick[j]);
    if (s->ntrick) {
        int w = turn_seat(s, b), code = w;
        if (w != asker && !(threats >> w & 1)) {
            int q = w;
            do q = (q + n - 1) % n; while (q != asker && !(threats >> q & 1));
            code = MAXP + q;
        }
        trick_key = (u64)(trick[0] + 1) | (u64)(trick[b] + 1) << 6 | (u64)code << 12;
        for (int j = 0; j < s->ntrick; j++) trick_key |= bit(20 + turn_seat(s, j));
    }
    /* whose: a nibble for each card, in the cards' order (no bit counts
     * here: without popcnt they are slow, and this runs at most trick starts) */
    u64 hand[MAXP] = {0};  /* (all set below, as far as read) */
    int8_t seat[MAXP] = {0};
    int k = 0;
    for (int p = 0; p < n; p++)
        if (p == asker || (threats >> p & 1)) { hand[k] = s->hands[p]; seat[k++] = (int8_t)p; }
    own_words(ours, hand, seat, k, own);
    /* The suits' patterns: suit by suit, in which order the game's own
     * cards and the pool's lie (a bit a card, best first: 1 the game's own,
     * 0 the pool's; above them a 1 that marks where the pattern starts).
     * Not only which spaces between the game's own cards hold a pool card:
     * which pool cards play alike changes as the game's own are played, and
     * what an answer rests on follows (see relaxed: pinned), so two
     * positions share an answer only where the game is the same card for
     * card. */
    u64 pool = s->live & ~ours & ~played, kinds;
    if (s->ntrick) ours |= bit(trick[0]) | bit(trick[b]);
    uint32_t a[4], left[4];
    suit_places(R, ours, a);
    suit_places(R, pool, left);
    if (!suit_patterns(a, left, key->game, &kinds)) return 0;
    u64 rest = (u64)R->id | (u64)asker << PG_ID_BITS | (u64)(s->ntrick ? 0 : s->leader) << 25
             | (u64)(s->tricks - s->done) << 29 | (u64)s->done << 34 | (u64)need << 39
             | threats << 43 | (u64)(n - 1) << 59;
    key->valid = 1;
    key->at = s->ctx->nodes;
    key->asker = asker;
    key->threats = threats;
    key->need = need;
    key->ours = ours;
    memcpy(key->own, own, sizeof own);
    key->won = won;
    key->trick = trick_key;
    key->kinds = kinds;
    key->rest = rest;
    key->h = pg_hash(key);
    return 1;
}

/* The memory's slot for ``key``, or NULL with ``empty`` the slot a new
 * answer takes (the first free one probed, else the last probed, replaced). */
static PgSlot *pg_find(Memory *mem, const PgKey *key, PgSlot **empty) {
    size_t h = key->h, mask = mem->pg_slots - 1;
    *empty = NULL;
    for (int k = 0; k < 4; k++) {
        PgSlot *e = &mem->pg[(h + (size_t)k) & mask];
        if (!e->used) { *empty = e; return NULL; }
        if (e->cards == key->ours && e->own[0] == key->own[0] && e->own[1] == key->own[1]
            && e->rest == key->rest && e->won == key->won
            && e->kinds == key->kinds && e->trick == key->trick)
            return e;
    }
    *empty = &mem->pg[(h + 3) & mask];
    return NULL;
}

/* A slot of ``mem`` filled with ``key``'s answer ``value`` (its places: see
 * pg_marks). */
static void pg_fill(Memory *mem, PgSlot *slot, const PgKey *key, int value, int steps) {
    if (!slot->used) mem->pg_used++;
    slot->used = 1;
    slot->cards = key->ours;
    memcpy(slot->own, key->own, sizeof key->own);
    slot->rest = key->rest;
    slot->won = key->won;
    slot->kinds = key->kinds;
    slot->trick = key->trick;
    slot->value = (uint8_t)value;
    slot->steps = (uint16_t)steps;
    memset(slot->mark, -1, sizeof slot->mark);
}

/* ``n`` zeroed slots on a cache line's boundary, in a block of their own
 * (``*block``, for free): NULL where memory runs short. */
static PgSlot *pg_alloc(size_t n, void **block) {
    char *raw = calloc(1, n * sizeof(PgSlot) + 64);
    *block = raw;
    if (!raw) return NULL;
    return (PgSlot *)(raw + (64 - (uintptr_t)raw % 64) % 64);
}

/* The memory's slots now the ``n`` of ``pg`` in ``block`` (pg_alloc), its
 * block before freed. */
static void pg_use(Memory *mem, PgSlot *pg, void *block, size_t n) {
    free(mem->pg_block);
    mem->pg = pg;
    mem->pg_block = block;
    mem->pg_slots = n;
}

/* The memory twice the slots, its answers moved over, each to where
 * pg_find looks for it (a slot it finds filled is replaced, as pg_find's
 * caller does). Only between searches' reads of the memory (pooled_holds,
 * before its own): the games hold slots while they play. */
static void pg_grow(Memory *mem) {
    size_t n = mem->pg_slots * 2, mask = n - 1;
    void *block;
    PgSlot *pg = pg_alloc(n, &block);
    if (!pg) {  /* (it stays at this size) */
        mem->pg_most = mem->pg_slots;
        return;
    }
    size_t used = 0;
    for (size_t i = 0; i < mem->pg_slots; i++) {
        const PgSlot *e = &mem->pg[i];
        if (!e->used) continue;
        size_t h = pg_hash_of(e->cards, e->own, e->rest, e->won, e->kinds, e->trick);
        PgSlot *to = &pg[(h + 3) & mask];
        for (int k = 0; k < 4; k++)
            if (!pg[(h + (size_t)k) & mask].used) { to = &pg[(h + (size_t)k) & mask]; break; }
        used += !to->used;
        *to = *e;
    }
    pg_use(mem, pg, block, n);
    mem->pg_used = used;
}

/* A thread's memories (Memory), the pooled game's at its first size; NULL
 * where memory runs short. */
static Memory *memory_new(void) {
    Memory *mem = calloc(1, sizeof(Memory));
    if (!mem) return NULL;
    mem->pg = pg_alloc(PG_FIRST, &mem->pg_block);
    if (!mem->pg) { free(mem); return NULL; }
    mem->pg_slots = PG_FIRST;
    mem->pg_most = PG_SLOTS;
    return mem;
}

static void memory_free(Memory *mem) {
    if (!mem) return;
    free(mem->pg_block);
    free(mem);
}

/* The pooled game's memory emptied, as a new one (the same nodes): back to
 * its first size (where that cannot be had, emptied at the size it has). */
static void memory_forget(Memory *mem) {
    void *block = NULL;
    PgSlot *pg = mem->pg_slots == PG_FIRST ? NULL : pg_alloc(PG_FIRST, &block);
    if (pg) pg_use(mem, pg, block, PG_FIRST);
    else memset(mem->pg, 0, mem->pg_slots * sizeof(PgSlot));
    mem->pg_used = 0;
    mem->pg_most = PG_SLOTS;
}

/* The cards a kept "yes" rests on, in a game of the same key (``game``: its
 * places): suit by suit, the card at the place kept. */
static u64 pg_named(const CRules *R, const PgSlot *e, const uint32_t *game, u64 live) {
    u64 rel = 0;
    for (int su = 0; su < 4; su++)
        if (e->mark[su] >= 0) {
            /* (the same key has the same places: were one missing,
             * resting on every card would still be sound) */
            int card = game_card(R, game[su], su, e->mark[su]);
            rel |= card >= 0 ? bit(card) : live;
        }
    return rel;
}

/* Suit by suit, the place among the game's cards (``game``) of the lowest
 * card of ``named`` into ``mark`` (-1: none named), and those cards into
 * ``rel``: the answer rests on the cards down to them. 0 where a card named
 * is not one of the game's (the answer then stands for this position alone). */
static int pg_marks(const CRules *R, u64 named, const uint32_t *game, int8_t *mark, u64 *rel) {
    *rel = 0;
    for (int su = 0; su < 4; su++) {
        u64 mine = named & R->suit_masks[su];
        if (!mine) continue;
        int low = -1;
        for (int j = 0; j < R->norder[su]; j++)
            if (mine & bit(R->order[su][j])) low = R->order[su][j];
        int j = game_place(R, game[su], low);
        if (j < 0) return 0;
        mark[su] = (int8_t)j;
        *rel |= bit(low);
    }
    return 1;
}

/* The pooled game, played (or remembered) before each relaxed game: the
 * relaxed game made easier again for the opponents. Every run of pool seats
 * holds the cards of all the pool's seats, and none has a duty to follow:
 * what a seat or group may do in the relaxed game, its run may do here (lead
 * a card of the same kind, take a trick with a card as strong or stronger,
 * or take over a lead nobody beat). So where the asker holds here, it holds
 * there. It reads of the pool's
 * cards only where they lie among the asker's and the threats' (the suits'
 * patterns, see pooled_key): where the same cards of the asker and the
 * threats lie so, it is the same game, however the pool's cards lie among
 * its seats; so its answers are kept (PG_SLOTS) for the table's life.
 *
 * What an answer rests on is kept as a place among the cards of the game
 * (the asker's, the threats' and the pool's), suit by suit down to the
 * lowest it named; a position with the same key
 * has those places too, and rests on the cards at them. 1: it holds (0: it
 * may not, or not within ``steps``, which the key holds too); with ``steps``
 * 0, only if the memory says so. */
static int pooled_holds(Search *s, int asker, u64 threats, int need, int steps) {
    const CRules *R = s->R;
    PgKey *key = &s->pg;
    /* (a game cut short, see spoil_early; a read only looks for the others) */
    u64 capped = (u64)(steps > 0 && steps < RELAXED.steps) << 63;
    if (!(key->valid && key->at == s->ctx->nodes && key->asker == asker
          && key->threats == threats && key->need == need && (key->won & bit(63)) == capped)
        && !pooled_key(s, asker, threats, need, capped, key))
        return 0;
    Memory *mem = s->ctx->memory;
    if (mem->pg_used * 2 > mem->pg_slots && mem->pg_slots < mem->pg_most) pg_grow(mem);
    PgSlot *slot;
    {
        PgSlot *found = pg_find(mem, key, &slot), kept;
        if (found) {
            /* (a copy: the check below plays games, which fill slots) */
            kept = *found;
            const PgSlot *e = &kept;
            /* (a "no" rests on nothing: its places are not kept) */
            u64 rel = e->value == 1 ? pg_named(R, e, key->game, s->live) : 0;
#ifdef JINK_CHECK
            /* (tests: the answer kept is the game's played here, resting on
             * the same cards down to the same places) */
            u64 again;
            int cut;
            /* (played from scratch: neither reading nor filling the memory
             * of later tricks, so that this core answers as the real one) */
            s->ctx->replay = 1;
            int r = pooled_play(s, asker, threats, need, e->steps, &again, &cut);
            s->ctx->replay = 0;
            TableObject *t = s->ctx->table;
            t->checks++;
            /* (one not kept held, on a card named that is not the game's:
             * its places are not kept; a game cut short, kept or played
             * again, gives no answer to compare: how far a game gets within
             * its cap depends on what the memory holds, see sub_key) */
            if (e->value == PG_CUT || cut) (void)0;
            else if (r != (e->value != 0)) t->check_failures++;
            else if (e->value == 1) {
                uint8_t d1[4], d2[4];
                depths(s, rel, d1);
                depths(s, again, d2);
                if (memcmp(d1, d2, 4)) t->check_failures++;
            }
#endif
            if (e->value != 1) return 0;
            s->rel = rel;
            return 1;
        }
    }
    if (!steps) return 0;  /* (the memory read only) */
    u64 named;
    int cut;
    int r = pooled_play(s, asker, threats, need, steps, &named, &cut);
    pg_fill(mem, slot, key, r || !cut ? r : PG_CUT, steps);
    if (!r) return 0;
    /* Suit by suit, the place of the lowest card it named: the answer rests
     * on the cards down to it. It names only the game's cards (those that
     * took tricks, the asker's kept to: every card of the key's patterns);
     * were one not, the answer would stand for this position's set alone,
     * and is not kept: its slot (PG_UNKEPT) is read as a "no", as a game
     * that failed. */
    u64 rel;
    if (!pg_marks(R, named, key->game, slot->mark, &rel)) {
        slot->value = PG_UNKEPT;
        s->rel = named;
        return 1;
    }
    s->rel = rel;
    return 1;
}

/* The pooled game's later tricks kept in its memory. A position a pooled
 * game reaches at a later trick's start is itself a pooled game: the asker's
 * and the threats' cards left, their tricks, the leader, and the pool's
 * cards (never used up: all of them still). So it is the same game as any
 * other pooled game's position with the same key (pooled_key's, the leader
 * by its place in the game: a group is a run of pool seats), played where
 * the answers of the next trick's ways (next.c) or of sibling positions
 * reach the same cards; its answer and the places it rests on are kept as
 * a game's are (a "no" too: within a game it rests on nothing). A part of
 * a game cut short by its steps or cards is not kept. */
static int sub_key(const Relaxed *x, int leader, int left, PgKey *key) {
    const CRules *R = x->R;
    u64 ours = 0, own[2] = {0, 0}, won = 0, kinds;
    for (int i = 0; i <= x->m; i++) {
        ours |= x->hand[i];
        if (i) won |= (u64)x->won[i] << (3 * x->seat_of[i]);
    }
    uint32_t a[4];
    if (popc(ours) > PG_CARDS) return 0;
    suit_places(R, ours, a);
    if (!suit_patterns(a, x->pool_places, key->game, &kinds)) return 0;
    own_words(ours, x->hand, x->seat_of, x->m + 1, own);
    u64 rest = (u64)R->id | (u64)x->seat_of[0] << PG_ID_BITS | (u64)left << 29 | (u64)x->done << 34
             | (u64)x->need[1] << 39 | x->threat_seats << 43 | (u64)(x->players - 1) << 59;
    key->ours = ours;
    memcpy(key->own, own, sizeof own);
    key->won = won;
    key->trick = bit(63) | (u64)leader;  /* (apart from the games' own keys) */
    key->kinds = kinds;
    key->rest = rest;
    key->h = pg_hash(key);
    return 1;
}

/* A later trick's answer ``r`` kept in ``slot`` (see sub_key), with the
 * places it rests on: where it names a card not the game's, not kept. */
static void pooled_sub(const Relaxed *x, const PgKey *key, PgSlot *slot, int r) {
    int8_t mark[4] = {-1, -1, -1, -1};
    u64 low;
    if (r && !pg_marks(x->R, x->rel, key->game, mark, &low)) return;
    pg_fill(x->ctx->memory, slot, key, r, 0);
    memcpy(slot->mark, mark, sizeof mark);
}

/* Before the table, at a trick's start: a hand-over or a spoil that the
 * pooled game's memory settles, where the relaxed game would be asked after
 * it: 1 or 0, or -1 (a miss: the table, and the games, as before). The
 * memory is small and near in the cache, the table large and far. */
static int pooled_known(Search *s, u64 spoil_threats, int remaining) {
    int r = -1;
    if (s->goal == GOAL_HELPED && remaining >= POOLED.handover_from) {
        int asker = lone_seat(s, 0);
        if (asker >= 0 && pooled_holds(s, asker, bit(s->goal_seat), s->k, 0)) r = 0;
    } else if (spoil_threats && remaining == POOLED.spoil_left) {
        int asker = lone_seat(s, 1);
        if (asker >= 0 && pooled_holds(s, asker, spoil_threats, s->pool, 0)) r = 1;
    }
#ifdef JINK_CHECK
    s->ctx->table->known += r >= 0;
#endif
    return r;
}

/* Its ask at a trick's start, before the table (settlers.c). */
static int pooled_ask(Search *s, At *at) {
    return pooled_known(s, at->th.mask, at->remaining);
}

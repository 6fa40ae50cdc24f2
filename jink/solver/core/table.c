/*
 * The kernel's bounds table: keys (hands up to relative rank, or exact),
 * entries holding bounds on the goal's value. With partition search
 * (partition.c) a key holds each seat's count of each suit and its detail
 * the holders, and an entry matches on as many of those as its answer
 * rested on (its depths); without, an entry is one position. The table
 * grows to its memory cap, then drops its cheapest entries.
 */

/* Big memory, the table's arrays once they have grown past BIG_FROM bytes:
 * on Linux mapped from the kernel (not under AddressSanitizer, which
 * watches the allocator's blocks), aligned to a large page (2 MB) and asked
 * for in large pages (see core.h); elsewhere, and smaller, from calloc.
 * Zeroed either way; big_free is told the size it was given. Only the
 * table's: a large page is zeroed whole where it is first touched, and the
 * pooled game's memory (Memory), which small searches touch here and there
 * too, made a five-seat deal's table 15% slower so (measured); at big
 * tables alone it gained nothing beyond this machine's noise. */
#define BIG_PAGE ((size_t)2 << 20)
#define BIG_FROM (2 * BIG_PAGE)
#if defined(__linux__) && defined(MAP_ANONYMOUS) && !defined(__SANITIZE_ADDRESS__)
#define BIG_MAPPED 1
#else
#define BIG_MAPPED 0
#endif

#if BIG_MAPPED
/* The bytes a mapping of ``size`` bytes keeps: whole small pages. */
static size_t mapped_size(size_t size) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (size + page - 1) & ~(page - 1);
}
#endif

static void *big_alloc(size_t size) {
#if BIG_MAPPED
    if (size >= BIG_FROM) {
        /* a large page more than asked, then its ends given back: what is
         * kept starts on a large page's boundary */
        size_t len = size + BIG_PAGE, end = mapped_size(size);
        char *raw = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED) return NULL;
        char *p = (char *)(((uintptr_t)raw + BIG_PAGE - 1) & ~(uintptr_t)(BIG_PAGE - 1));
        if (p > raw) munmap(raw, (size_t)(p - raw));
        if (raw + len > p + end) munmap(p + end, (size_t)(raw + len - (p + end)));
#ifdef MADV_HUGEPAGE
        (void)madvise(p, end, MADV_HUGEPAGE);  /* (refused: small pages, as before) */
#endif
        return p;
    }
#endif
    return calloc(1, size);
}

static void big_free(void *p, size_t size) {
    if (!p) return;
#if BIG_MAPPED
    if (size >= BIG_FROM) {
        munmap(p, mapped_size(size));
        return;
    }
#endif
    (void)size;
    free(p);
}

/* The table key: hands up to relative rank (or exact), leader, rules,
 * question (goal family, side, narrow) and the part of won the goal needs.
 * Called at trick starts only, where the live cards are the hands'.
 *
 * The hot loop counts bits: where the CPU may lack popcnt (x86-64's
 * baseline), GCC builds it twice and picks one at load time. */
#if JINK_BUILTINS && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
__attribute__((target_clones("popcnt", "default")))
#endif
static void key_hands(const CRules *R, const u64 *hands, int players, u64 live, u64 *key,
                      u64 *detail) {
    u64 w[4] = {0, 0, 0, 0};
    if (detail || R->relative) {
        /* Per suit, the holders of its live cards best first, a nibble each. */
        for (int p = 0; p < players; p++)
            for (u64 h = hands[p]; h; h &= h - 1) {
                int c = ctz64(h);
                w[R->suit[c]] |= (u64)p << (4 * popcount64(live & R->higher[c]));
            }
    }
    if (detail) {
        /* Partition search: the key holds each seat's count of each suit, the
         * detail the holders; an entry matches on as many of those as its
         * answer rested on. */
        for (int su = 0; su < 4; su++) {
            u64 counts = 0;
            for (int p = 0; p < players; p++)
                counts |= (u64)popcount64(hands[p] & R->suit_masks[su]) << (4 * p);
            key[su] = counts;
            detail[su] = w[su];
        }
        key[4] = (u64)popcount64(live & R->privileged);
        return;
    }
    if (R->relative) {
        /* The holders and, per suit, their number: the same information as
         * search.py's shape (each card's suit and place among the live cards
         * of its suit). */
        for (int su = 0; su < 4; su++)
            w[su] |= (u64)popcount64(live & R->suit_masks[su]) << 56;
        key[4] = (u64)popcount64(live & R->privileged);
    } else {
        /* Exact: each card's holder at its place, and which cards are live. */
        for (int p = 0; p < players; p++)
            for (u64 h = hands[p]; h; h &= h - 1) {
                int c = ctz64(h);
                w[R->suit[c]] |= (u64)p << (4 * R->place[c]);
            }
        key[4] = live;
    }
    for (int su = 0; su < 4; su++) key[su] = w[su];
}

/* The key's words past the hands: leader, rules, question (goal family,
 * side, narrow), where in a trick (mid_bits) and the part of won the goal
 * needs. */
static void key_rest(const Search *s, int remaining, u64 *key) {
    key[6] = 0;
    int family = s->goal == GOAL_HELPED ? 2 + s->goal_seat : s->goal;
    key[5] = (u64)s->leader | (u64)s->R->id << 5 | (u64)family << 26 | (u64)s->narrow << 31
           | s->side_mask << 32 | mid_bits(s);
    if (s->goal == GOAL_SPOIL) {
        u64 g = 0;
        for (int p = 0; p < s->players; p++) {
            int w = s->won[p];
            if (!s->on_side[p] && w + remaining >= s->pool) g |= (u64)w << (3 * p);
        }
        key[6] = g;
    }
}

static void make_key(const Search *s, int remaining, u64 *key, u64 *detail) {
    key_hands(s->R, s->hands, s->players, s->live, key, detail);
    key_rest(s, remaining, key);
}

/* The entries a table of its full size holds before it is purged: three
 * quarters of its slots (while it grows, half). Linear probing over the tags
 * stays short at that load (a miss reads about 8.5 tags: one or two cache
 * lines), and half would leave a quarter of the memory the user gave unused
 * (measured: a big table's proof that fills it runs faster). */
static inline size_t full_load(size_t slots) { return slots / 4 * 3; }

static inline u64 mix(u64 h, u64 w) {
    h ^= w + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 31);
}

static u64 key_hash(const u64 *key) {
    u64 h = 0x243f6a8885a308d3ULL;
    for (int i = 0; i < KEYW; i++) h = mix(h, key[i]);
    return h;
}

static inline int same_key(const u64 *a, const u64 *b) {
    u64 diff = 0;
    for (int i = 0; i < KEYW; i++) diff |= a[i] ^ b[i];
    return diff == 0;
}

/* The nibbles of a suit's ``depth`` best live cards. */
static inline u64 depth_mask(int depth) {
    return depth >= 16 ? ~(u64)0 : ((u64)1 << (4 * depth)) - 1;
}

/* The slot a key's chain starts from. With partition search in a game with
 * trumps (``suit``, the trump suit: else 4), the trump suit's holders join
 * the key's hash: every entry names them all (depths: a trump suit's depth
 * is its live count, the key's count of it), so an entry covers a position
 * only where its holders of trumps are the position's, and a key's entries
 * part into chains by them. Under one hash, a key's entries for every way
 * the trumps lie made one run of the linear probing, which other keys' runs
 * piled up behind: in the slowest ten-seat proof a probe read 210 slots
 * (docs/performance.md). Entries of one chain keep their order, so a probe
 * finds the same entry first as it did under one hash. */
static inline u64 home_hash(const u64 *key, const u64 *detail, int suit) {
    u64 h = key_hash(key);
    /* (a position's detail has a nibble for each live card alone, and an
     * entry's, masked to its depths, keeps all of the trumps': the same) */
    return suit > 3 ? h : mix(h, detail[suit]);
}

/* Whether a position (its key's detail) is one of those entry e stands for. */
static inline int covers(const Entry *e, const u64 *detail) {
    u64 diff = 0;
    for (int su = 0; su < 4; su++) diff |= (e->detail[su] ^ detail[su]) & depth_mask(e->depth[su]);
    return diff == 0;
}

/* A slot's signature: its entry's detail in brief, kept beside the tags so
 * that a chain's entries are read only when they may cover the position.
 * At a big table a key has many entries (every set of holders its answers
 * rested on: at ten seats, tens in a chain where a probe reads one), and
 * reading each whole entry was a third of a spoil proof's time. For each
 * suit, the holders of its four best live cards (the detail's first four
 * nibbles, 16 bits), each as far as the entry's depth reaches and 0xF (any
 * holder) past it. Two holders a suit let about one entry in seven through
 * to be read, nearly all of which then did not cover the position (counted
 * on a ten-seat spoil proof: 11.7 entries read a probe); four let through
 * fewer than a quarter of those. (A seat numbered 12 or more would read as
 * any holder, as the cards of a trick under way do, held by seat 15 in
 * mid-trick keys: the filter only lets more through. Told apart, they
 * turned away 0.7% more entries on that proof.) */
#define SIG_HOLDERS 4
#define NIBBLE_TOPS 0x8888888888888888ULL
static inline u64 sig_of(const u64 *detail, const uint8_t *depth) {
    u64 sig = 0;
    for (int su = 0; su < 4; su++) {
        u64 mask = depth_mask(depth[su] < SIG_HOLDERS ? depth[su] : SIG_HOLDERS);
        sig |= ((detail[su] & mask) | (0xffffu & ~mask)) << (16 * su);
    }
    return sig;
}

/* A position's detail in brief, as sig_of's (every holder named). */
static inline u64 sig_mine(const u64 *detail) {
    return (detail[0] & 0xffff) | (detail[1] & 0xffff) << 16 | (detail[2] & 0xffff) << 32
         | (detail[3] & 0xffff) << 48;
}

/* The nibbles of ``sig`` that are 0xF (any holder), as whole nibbles: read
 * as those whose two high bits are set, as no seat of ten or fewer has. */
static inline u64 sig_any(u64 sig) {
    u64 tops = sig & sig << 1 & NIBBLE_TOPS;
    return (tops - (tops >> 3)) | tops;
}

/* Whether the entry of signature ``sig`` may cover the position of
 * ``mine`` (sig_mine): never false where covers is true. */
static inline int sig_admits(u64 sig, u64 mine) {
    return ((sig ^ mine) & ~sig_any(sig)) == 0;
}

/* (a slot's signature is read before its lock is taken: see table_settles) */
static inline u64 sig_at(const TableObject *t, size_t i) { return LOAD(&t->sigs[i]); }
static inline void set_sig(TableObject *t, size_t i, u64 sig) { STORE(&t->sigs[i], sig); }

/* Whether slot ``i``'s entry may stand for the position of ``key`` and
 * ``detail`` (``mine``: sig_mine), by its signature alone. (The checking
 * core also reads each entry turned away, and counts those that did stand
 * for it: a signature must never turn one away.) */
static inline int admitted(TableObject *t, size_t i, u64 mine, const u64 *key,
                           const u64 *detail) {
    int admits = sig_admits(sig_at(t, i), mine);
#ifdef JINK_CHECK
    if (!admits) {
        t->sig_rejects++;
        if (same_key(t->slots[i].key, key) && covers(&t->slots[i], detail)) t->sig_failures++;
    }
#else
    (void)key;
    (void)detail;
#endif
    return admits;
}

/* Whether slot ``i``'s entry is another set than the one of signature
 * ``sig``, ``key``, ``detail`` and ``depth`` (store's), by its signature
 * alone (checked as in admitted). */
static inline int other_set(TableObject *t, size_t i, u64 sig, const u64 *key,
                            const u64 *detail, const uint8_t *depth) {
    int other = sig_at(t, i) != sig;
#ifdef JINK_CHECK
    if (other) {
        const Entry *e = &t->slots[i];
        t->sig_rejects++;
        if (same_key(e->key, key) && !memcmp(e->depth, depth, 4) && covers(e, detail))
            t->sig_failures++;
    }
#else
    (void)key;
    (void)detail;
    (void)depth;
#endif
    return other;
}

/* A slot's tag: 15 bits of its key's hash, never 0 (0: an empty slot), and
 * bit 0 (TAG_LOCK) free for the slot's lock while threads search (see
 * lock_slot). A chain is scanned in the tags (32 to a cache line) and an
 * entry read only when its tag is the key's: a key may have several entries
 * (one per set). The tag only filters: the keys decide. */
#define TAG_LOCK 1
static inline uint16_t tag_of(u64 h) { return (uint16_t)(((h >> 48) | 2) & ~(u64)TAG_LOCK); }

static inline uint16_t tag_at(const TableObject *t, size_t i) { return LOAD(&t->tags[i]); }
static inline void set_tag(TableObject *t, size_t i, uint16_t tag) { STORE(&t->tags[i], tag); }

/* While threads search one proof (t->shared), an entry is read and written
 * only under its slot's lock, bit 0 of its tag: a reader never sees a torn
 * entry, and a new entry's slot is claimed with its lock held (the chain
 * then passes it only once its key is written). Locks are held for a few
 * words' copy; the waiter spins, and yields now and then for a holder the
 * system has put aside. The table's purge and growth move entries: a
 * thread does them only while the others wait (crew_maintain). */
#if JINK_THREADS
/* Lock slot ``i`` holding ``tag``: 0 if it holds another tag (not locked). */
static int lock_slot(TableObject *t, size_t i, uint16_t tag) {
    for (int spins = 0;; spins++) {
        uint16_t seen = tag;
        if (atomic_compare_exchange_weak_explicit(&t->tags[i], &seen, (uint16_t)(tag | TAG_LOCK),
                                                  memory_order_acquire, memory_order_relaxed))
            return 1;
        if ((seen & ~TAG_LOCK) != tag) return 0;
        if (spins >= 64) sched_yield();
    }
}

/* Claim the empty slot ``i`` for ``tag``, locked: 0 if it is no longer empty. */
static int claim_slot(TableObject *t, size_t i, uint16_t tag) {
    uint16_t seen = 0;
    return atomic_compare_exchange_strong_explicit(&t->tags[i], &seen,
                                                   (uint16_t)(tag | TAG_LOCK),
                                                   memory_order_acquire, memory_order_relaxed);
}

static inline void unlock_slot(TableObject *t, size_t i, uint16_t tag) {
    atomic_store_explicit(&t->tags[i], tag, memory_order_release);
}

/* Where a thread of a proof waits while another purges or grows the table. */
static inline void pause_point(TableObject *t) {
    if (atomic_load_explicit(&t->crew->pause, memory_order_acquire)) crew_park(t->crew);
}
#endif

/* The entry of this key standing for exactly this set, or the empty slot
 * ending the chain (the chain of a key holds its entries of every depth).
 * (One thread: see store_shared for threads.) */
static Entry *probe(TableObject *t, const u64 *key, const u64 *detail, const uint8_t *depth,
                    int suit, int *fresh) {
    u64 h = home_hash(key, detail, suit);
    uint16_t tag = tag_of(h);
    u64 sig = sig_of(detail, depth);  /* (an entry of the same set has the same) */
    size_t mask = t->nslots - 1, i = (size_t)h & mask;
    *fresh = 0;
    for (;; i = (i + 1) & mask) {
        uint16_t here = tag_at(t, i);
        if (!here) {
            set_tag(t, i, tag);
            set_sig(t, i, sig);
            *fresh = 1;
            return &t->slots[i];
        }
        if (here != tag || other_set(t, i, sig, key, detail, depth)) continue;
        Entry *e = &t->slots[i];
        if (same_key(e->key, key) && !memcmp(e->depth, depth, 4) && covers(e, detail)) return e;
    }
}

/* Whether an entry standing for this position has bounds that settle
 * ``need``: 1 (the value is at least ``need``) or 0 (below it), with the
 * entry's depths in ``depth``; -1 where none does. */
static int table_settles(TableObject *t, const u64 *key, const u64 *detail, int suit,
                         int need, uint8_t *depth) {
    u64 h = home_hash(key, detail, suit), mine = sig_mine(detail);
    uint16_t tag = tag_of(h);
#if JINK_THREADS
    if (t->shared) {
        pause_point(t);
        size_t mask = t->nslots - 1, i = (size_t)h & mask;
        for (uint16_t here; (here = tag_at(t, i)); i = (i + 1) & mask) {
            /* (the signature first, unlocked: most entries of a key are
             * turned away without a lock taken; one being written as it is
             * read may be turned away, a table hit lost, never an answer) */
            if ((here & ~TAG_LOCK) != tag || !sig_admits(sig_at(t, i), mine)
                || !lock_slot(t, i, tag))
                continue;
            const Entry *e = &t->slots[i];
            int r = -1;
            if (admitted(t, i, mine, key, detail) && same_key(e->key, key) && covers(e, detail)
                && (e->lo >= need || (int)e->hi < need)) {
                memcpy(depth, e->depth, 4);
                r = e->lo >= need;
            }
            unlock_slot(t, i, tag);
            if (r >= 0) return r;
        }
        return -1;
    }
#endif
    size_t mask = t->nslots - 1, i = (size_t)h & mask;
    for (uint16_t here; (here = tag_at(t, i)); i = (i + 1) & mask) {
        if (here != tag || !admitted(t, i, mine, key, detail)) continue;
        const Entry *e = &t->slots[i];
        if (same_key(e->key, key) && covers(e, detail) && (e->lo >= need || (int)e->hi < need)) {
            memcpy(depth, e->depth, 4);
            return e->lo >= need;
        }
    }
    return -1;
}

/* The arrays of a table of ``n`` slots freed (see big_free). */
static void table_free(Entry *slots, atag *tags, asig *sigs, size_t n) {
    big_free(slots, n * sizeof(Entry));
    big_free(tags, n * sizeof(atag));
    big_free(sigs, n * sizeof(asig));
}

static int table_alloc(TableObject *t, size_t n) {
    Entry *slots = big_alloc(n * sizeof(Entry));
    atag *tags = big_alloc(n * sizeof(atag));
    asig *sigs = big_alloc(n * sizeof(asig));
    if (!slots || !tags || !sigs) { table_free(slots, tags, sigs, n); return -1; }
    table_free(t->slots, t->tags, t->sigs, t->nslots);
    t->slots = slots;
    t->tags = tags;
    t->sigs = sigs;
    t->nslots = n;
    return 0;
}

/* Empty the table, back to its first size (answers stay exact). */
static int table_reset(TableObject *t) {
    size_t n = t->max_slots < MIN_SLOTS ? t->max_slots : MIN_SLOTS;
    if (table_alloc(t, n) < 0) return -1;
    t->count = 0;
    return 0;
}

/* At the cap: drop the entries whose searches took the fewest nodes (the
 * cheapest to search again) until the table is half full, and close the
 * gaps in place (each entry moves back to the first free slot from its
 * home), so memory stays within the cap. Emptying it all, as the Python
 * table does, would throw away the expensive entries of a long proof at big
 * tables; and dropping those with the fewest tricks left instead (the first
 * measure of effort) searched half as many nodes again (measured). */
#define MAX_EFFORT 63
static void table_purge(TableObject *t) {
    long long count[MAX_EFFORT + 1];
    memset(count, 0, sizeof count);
    for (size_t i = 0; i < t->nslots; i++)
        if (tag_at(t, i)) count[t->slots[i].effort]++;
    size_t keep = t->count;
    int drop = -1;  /* entries of at most this effort go */
    while (keep > t->cap / 2 && drop < MAX_EFFORT) keep -= (size_t)count[++drop];
    size_t mask = t->nslots - 1, start = 0;
    for (size_t i = 0; i < t->nslots; i++)
        if (tag_at(t, i) && t->slots[i].effort <= drop) set_tag(t, i, 0);
    while (tag_at(t, start)) start++;  /* some slot is free: the table is never full */
    for (size_t k = 1; k < t->nslots; k++) {
        size_t i = (start + k) & mask;
        if (!tag_at(t, i)) continue;
        const Entry *e = &t->slots[i];
        size_t j = (size_t)home_hash(e->key, e->detail, e->hashed) & mask;
        while (j != i && tag_at(t, j)) j = (j + 1) & mask;
        if (j != i) {
            t->slots[j] = t->slots[i];
            set_sig(t, j, sig_at(t, i));
            set_tag(t, j, tag_at(t, i));
            set_tag(t, i, 0);
        }
    }
    t->count = keep;
}

/* Twice the slots (the table is kept half empty while under its cap). */
static void table_make_room(TableObject *t) {
    Entry *old_slots = t->slots;
    atag *old_tags = t->tags;
    asig *old_sigs = t->sigs;
    size_t old_n = t->nslots;
    t->slots = NULL;
    t->tags = NULL;
    t->sigs = NULL;
    if (table_alloc(t, old_n * 2) < 0) {  /* stays at this size, emptied sooner */
        t->slots = old_slots;
        t->tags = old_tags;
        t->sigs = old_sigs;
        t->max_slots = t->nslots;
        t->cap = full_load(t->nslots);
        return;
    }
    size_t mask = t->nslots - 1;
    for (size_t i = 0; i < old_n; i++) {
        uint16_t tag = LOAD(&old_tags[i]);
        if (!tag) continue;
        u64 h = home_hash(old_slots[i].key, old_slots[i].detail, old_slots[i].hashed);
        size_t j = (size_t)h & mask;
        while (tag_at(t, j)) j = (j + 1) & mask;
        set_tag(t, j, tag);
        t->slots[j] = old_slots[i];
        set_sig(t, j, LOAD(&old_sigs[i]));
    }
    table_free(old_slots, old_tags, old_sigs, old_n);
}

/* A new entry: its key, what its answer rests on, and no bound yet. */
static void entry_fill(Entry *e, const u64 *key, const u64 *detail, const uint8_t *depth,
                       int suit, int remaining) {
    memcpy(e->key, key, sizeof e->key);
    memcpy(e->detail, detail, sizeof e->detail);
    memcpy(e->depth, depth, sizeof e->depth);
    e->lo = 0;
    e->hi = (uint8_t)remaining;
    e->effort = 0;
    e->hashed = (uint8_t)suit;
}

/* An answer stored in an entry: its bound narrowed, and the effort it saves. */
static void entry_bound(Entry *e, int effort, int need, int result) {
    if (effort > e->effort) e->effort = (uint8_t)effort;
    if (result) {
        if (need > e->lo) e->lo = (uint8_t)need;
    } else if (need - 1 < (int)e->hi) {
        e->hi = (uint8_t)(need - 1);
    }
}

/* The suit whose holders join a key's hash (home_hash) in a search's
 * entries: the trump suit where the node is partitioned (partitioned()
 * asks for trumps), else none (4). */
static inline int hashed_suit(const Search *s, int part) {
    return part ? s->R->trump : 4;
}

/* log2 of a search's nodes: what an entry saves (table_purge). */
static int effort_of(long long nodes) {
    int effort = 0;
    while (nodes > 1 && effort < MAX_EFFORT) { nodes >>= 1; effort++; }
    return effort;
}

#if JINK_THREADS
/* ``store`` while threads search: the entry found or made under its slot's
 * lock, its bounds set there; a purge or growth (the table full or past
 * half its slots) after the lock is let go, while the others wait. */
static void store_shared(Search *s, const u64 *key, const u64 *detail, const uint8_t *depth,
                         int suit, int need, int result, long long nodes) {
    TableObject *t = s->ctx->table;
    pause_point(t);
    int effort = effort_of(nodes);
    u64 h = home_hash(key, detail, suit), sig = sig_of(detail, depth);
    uint16_t tag = tag_of(h);
    size_t mask = t->nslots - 1, i = (size_t)h & mask;
    int fresh = 0;
    for (;; i = (i + 1) & mask) {
        uint16_t here = tag_at(t, i);
        if (!here && claim_slot(t, i, tag)) { fresh = 1; break; }
        if (!here) here = tag_at(t, i);  /* (claimed by another thread meanwhile) */
        /* (the signature first, unlocked, as in table_settles: one being
         * written may be passed over, and its set then stored twice) */
        if ((here & ~TAG_LOCK) != tag || sig_at(t, i) != sig || !lock_slot(t, i, tag))
            continue;
        Entry *e = &t->slots[i];
        if (!other_set(t, i, sig, key, detail, depth) && same_key(e->key, key)
            && !memcmp(e->depth, depth, 4) && covers(e, detail))
            break;
        unlock_slot(t, i, tag);
    }
    Entry *e = &t->slots[i];
    if (fresh) {
        entry_fill(e, key, detail, depth, suit, s->tricks - s->done);
        set_sig(t, i, sig);
    }
    entry_bound(e, effort, need, result);
    unlock_slot(t, i, tag);
    if (fresh) {
        size_t count = atomic_fetch_add_explicit(&t->count, 1, memory_order_relaxed) + 1;
        if (count > t->cap || (count * 2 > t->nslots && t->nslots < t->max_slots))
            crew_maintain(t);
    }
}
#endif

/* Store an answer (that the value is at least ``need``, or below it) under
 * the key, for the set of positions its relevance ``s->rel`` allows. */
static void store(Search *s, const u64 *key, u64 *detail, int part, int need, int result,
                  long long nodes) {
    TableObject *t = s->ctx->table;
    uint8_t depth[4] = {0, 0, 0, 0};
    if (part) {
        depths(s, s->rel, depth);
        for (int su = 0; su < 4; su++) detail[su] &= depth_mask(depth[su]);
    }
    int suit = hashed_suit(s, part);
#if JINK_THREADS
    if (t->shared) { store_shared(s, key, detail, depth, suit, need, result, nodes); return; }
#endif
    int fresh;
    Entry *e = probe(t, key, detail, depth, suit, &fresh);
    if (fresh) {
        entry_fill(e, key, detail, depth, suit, s->tricks - s->done);
        t->count++;
        if (t->count > t->cap) {
            t->flushes++;
            table_purge(t);  /* this entry may be gone or moved: its bound is lost */
            return;
        }
        if (t->count * 2 > t->nslots && t->nslots < t->max_slots) {
            table_make_room(t);  /* moves the entries: find this one again */
            e = probe(t, key, detail, depth, suit, &fresh);
        }
    }
    entry_bound(e, effort_of(nodes), need, result);
}

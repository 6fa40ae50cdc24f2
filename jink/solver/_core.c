/*
 * jink.solver._core: the double-dummy proof search in C.
 *
 * A port of jink/solver/search.py (the reference): the same zero-window
 * proof, the same bounds table (relative-rank keys), the
 * same equivalent cards, sure tricks, spoil coalition with hand-overs to
 * "helped" searches, narrow search, two-trick fast path and move ordering, so
 * that it visits the same nodes, with one addition the reference does not
 * have: partition search (table entries that stand for sets of positions;
 * see trick_start and docs/solver.md), which a table made with partition=0
 * leaves out; and a full table is purged of its shallowest entries, not
 * emptied (table_purge). It knows no game by name: it reads a game's
 * duties as data (a Rules object built by jink/solver/native.py from the
 * fields of a bound jink.games.base.Rules).
 *
 * No mutable global state: every search's state lives in a Search struct on
 * the C stack and in the Table object the caller owns. The search runs with
 * the GIL released and re-takes it now and then to let Python run its signal
 * handlers (Ctrl-C).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

#define MAXP 16          /* seats (a seat is a nibble in table keys) */
#define MAXT 16          /* tricks in a deal */
#define MAXC 52          /* cards in a deck */
#define TRUMP_BASE 100   /* a trump's power is above it, a plain card's below */
#define POOL 3           /* tricks that win the pool */
#define CHECK_EVERY 4096 /* nodes between two reads of the limits */
#define KEYW 7           /* 64-bit words in a table key */
#define MIN_SLOTS 4096   /* a new table's slots (it doubles as it fills) */
#define SIGNAL_NS 20000000LL /* re-take the GIL for signals at most every 20 ms */

enum { FOLLOW_OR_TRUMP = 0, FOLLOW_HEAD = 1, FOLLOW_SUIT = 2 };
enum { GOAL_ATLEAST = 0, GOAL_SPOIL = 1, GOAL_HELPED = 2 };
/* ST_CAP: a try's own cap (see play: cheap tries first), never returned */
enum { ST_OK = 0, ST_LIMIT = 1, ST_SIGNAL = 2, ST_CAP = 3 };

static inline u64 bit(int c) { return (u64)1 << c; }
#if defined(__POPCNT__)
static inline int popc(u64 x) { return __builtin_popcountll(x); }
#else
/* Without the popcnt instruction (x86-64's baseline), the builtin is a library
 * call: this bit-parallel count is faster. */
static inline int popc(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif
static inline int low_card(u64 x) { return __builtin_ctzll(x); }
static inline int high_card(u64 x) { return 63 - __builtin_clzll(x); }

/* ---------------------------------------------------------------- rules -- */

/* One bound Rules, flattened: tables, duty codes and the phases it leads to. */
typedef struct CRules {
    int power[MAXC];
    int suit[MAXC];             /* -1: not in the deck */
    u64 suit_masks[4];
    int trump;                  /* -1: no trump (yet: see arriving) */
    u64 trump_mask, privileged;
    u64 higher[MAXC];           /* cards of the same (counting) suit ranking above */
    u64 renege_above[MAXC];
    int follow, lead_from, lead_until, forced;
    int nlow;
    u64 low_first[16];
    int arriving;               /* -1: none */
    int always_legal, relative;
    int norder[4];
    int order[4][16];           /* each suit best first */
    int place[MAXC];            /* a card's index in its suit's order */
    int strength[MAXC];         /* a card's place by power, best first (ties: lower card) */
    int by_strength[MAXC];
    int id;                     /* tells rules apart in table keys */
    const struct CRules *on_void, *after_forced;
} CRules;

typedef struct {
    PyObject_HEAD
    CRules r;
    PyObject *on_void, *after_forced; /* the Rules objects the links point into */
} RulesObject;

static inline int same_kind(const CRules *R, int a, int b) {
    return R->suit[a] == R->suit[b] && R->suit[a] >= 0
        && ((R->privileged >> a) & 1) == ((R->privileged >> b) & 1);
}

/* The cards of a's suit ranking strictly between a and b (same suit). */
static inline u64 between(const CRules *R, int a, int b) {
    if (R->power[a] < R->power[b]) { int t = a; a = b; b = t; }
    return R->higher[b] & ~R->higher[a] & ~bit(a);
}

/* Whether a card takes a trick led in suit ``led`` over a best card of
 * power ``bp``: a higher trump, or a higher card of the suit led. */
static inline int takes(const CRules *R, int card, int bp, int led) {
    int p = R->power[card];
    return p > bp && (p > TRUMP_BASE || R->suit[card] == led);
}

/* Whether cards a and b of one hand play the same (see orders()): one kind,
 * and no live card between them. */
static inline int equivalent(const CRules *R, u64 live, int a, int b) {
    return same_kind(R, a, b) && !(live & between(R, a, b));
}

static int basic_winner(const CRules *R, const int *trick, int n) {
    int led = R->suit[trick[0]];
    int best = 0, bp = R->power[trick[0]];
    for (int i = 1; i < n; i++)
        if (takes(R, trick[i], bp, led)) { best = i; bp = R->power[trick[i]]; }
    return best;
}

static int void_played(const CRules *R, const int *trick, int n) {
    int led = R->suit[trick[0]];
    for (int i = 1; i < n; i++)
        if (R->suit[trick[i]] != led) return 1;
    return 0;
}

static inline int face_down(const CRules *R, const int *trick, int done) {
    return done < R->forced && !(R->trump_mask & bit(trick[0]));
}

/* The index in trick of the card that takes it. */
static int winner(const CRules *R, const int *trick, int n, int done) {
    if (face_down(R, trick, done)) {
        /* Led face down: the best trump wins; with none, the leader takes it. */
        int b = basic_winner(R, trick, n);
        return R->power[trick[b]] > TRUMP_BASE ? b : 0;
    }
    if (R->trump < 0 && R->arriving >= 0 && void_played(R, trick, n)) {
        /* Trumps come in with this trick and count at once. */
        int best = -1, bp = -1;
        for (int i = 0; i < n; i++)
            if (R->suit[trick[i]] == R->arriving && R->power[trick[i]] > bp) {
                best = i; bp = R->power[trick[i]];
            }
        if (best >= 0) return best;
    }
    return basic_winner(R, trick, n);
}

static const CRules *after_trick(const CRules *R, const int *trick, int n, int done) {
    if (R->trump < 0 && R->on_void && void_played(R, trick, n)) return R->on_void;
    if (R->forced > 0 && R->after_forced && done + 1 >= R->forced) return R->after_forced;
    return R;
}

/* Of trumps (held, not empty), those to play: above the trick's best trump if able. */
static u64 trumping(const CRules *R, u64 trumps, const int *trick, int n) {
    int top = trick[basic_winner(R, trick, n)];
    if (R->power[top] > TRUMP_BASE) {
        u64 over = trumps & R->higher[top];
        return over ? over : trumps;
    }
    return trumps;
}

static u64 legal_cards(const CRules *R, u64 hand, const int *trick, int n, int done) {
    if (n == 0) {
        if (done < R->forced) {
            u64 t = hand & R->trump_mask;
            if (t) return t;
            for (int i = 0; i < R->nlow; i++)  /* the lowest card, face down */
                if (hand & R->low_first[i]) return hand & R->low_first[i];
            return hand;
        }
        if (R->lead_from <= done && done < R->lead_until) {
            u64 t = hand & R->trump_mask;
            return t ? t : hand;
        }
        return hand;
    }
    int led = trick[0];
    u64 trumps = hand & R->trump_mask;
    if (face_down(R, trick, done))
        return trumps ? trumping(R, trumps, trick, n) : hand;
    u64 suited = hand & R->suit_masks[R->suit[led]];
    switch (R->follow) {
    case FOLLOW_OR_TRUMP:
        if (R->trump >= 0 && R->suit[led] == R->trump)
            return (trumps & ~R->renege_above[led]) ? trumps : hand;
        return suited ? (suited | trumps) : hand;
    case FOLLOW_HEAD:
        if (suited) {
            u64 head = suited & R->higher[trick[basic_winner(R, trick, n)]];
            return head ? head : suited;
        }
        return trumps ? trumping(R, trumps, trick, n) : hand;
    default:
        return suited ? suited : hand;
    }
}

/* ---------------------------------------------------------------- table -- */

/* An entry stands for every position with its key and, suit by suit, the
 * same holders of the ``depth`` best live cards (partition search: see
 * trick_start); depth 0 with detail 0 where the key says everything. */
typedef struct {
    u64 key[KEYW];
    u64 detail[4];
    uint8_t depth[4];
    uint8_t lo, hi;
    uint8_t effort;     /* what the entry saves: log2 of its search's nodes (table_purge) */
} Entry;

typedef struct Memory Memory;

typedef struct {
    PyObject_HEAD
    Entry *slots;
    uint16_t *tags;     /* one a slot: see tag_of */
    size_t nslots;      /* a power of two */
    size_t max_slots;   /* the memory cap, in slots */
    size_t count;
    size_t cap;         /* entries past which the table is purged (table_purge) */
    long long lookups, hits, flushes;
    int busy;
    int partition;      /* entries for sets of positions (0: one position each) */
    int mid_from;       /* and for mid-trick positions, from this many seats, */
    int mid_first;      /* after this many cards of a trick, */
    int mid_left;       /* while this many seats are still to play, */
    int mid_last;       /* through this many cards */
    int relax_groups;   /* the relaxed game groups its pool seats from this many */
    Memory *memory;     /* the searches' small memories (see Memory) */
#ifdef JINK_CHECK
    long long checks, check_failures;  /* (tests: see pooled_holds) */
    long long next_checks, next_failures;  /* (tests: see next_start) */
    long long known;                   /* (tests: see pooled_known) */
#endif
} TableObject;

/* The entries a table of its full size holds before it is purged: three
 * quarters of its slots (while it grows, half). Linear probing over the tags
 * stays short at that load (a miss reads about 8.5 tags: one or two cache
 * lines), and half would leave a quarter of the memory the user gave unused.
 * Measured: -28% CPU on 10-player deal 4, whose table fills
 * (docs/performance.md). */
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

/* Whether a position (its key's detail) is one of those entry e stands for. */
static inline int covers(const Entry *e, const u64 *detail) {
    u64 diff = 0;
    for (int su = 0; su < 4; su++) diff |= (e->detail[su] ^ detail[su]) & depth_mask(e->depth[su]);
    return diff == 0;
}

/* A slot's tag: 16 bits of its key's hash, never 0 (0: an empty slot). A
 * chain is scanned in the tags (32 to a cache line) and an entry read only
 * when its tag is the key's: a key may have several entries (one per set). */
static inline uint16_t tag_of(u64 h) { return (uint16_t)((h >> 48) | 1); }

/* The entry of this key standing for exactly this set, or the empty slot
 * ending the chain (the chain of a key holds its entries of every depth). */
static Entry *probe(TableObject *t, const u64 *key, const u64 *detail, const uint8_t *depth,
                    int *fresh) {
    u64 h = key_hash(key);
    uint16_t tag = tag_of(h);
    size_t mask = t->nslots - 1, i = (size_t)h & mask;
    *fresh = 0;
    for (;; i = (i + 1) & mask) {
        if (!t->tags[i]) { t->tags[i] = tag; *fresh = 1; return &t->slots[i]; }
        if (t->tags[i] != tag) continue;
        Entry *e = &t->slots[i];
        if (same_key(e->key, key) && !memcmp(e->depth, depth, 4) && covers(e, detail)) return e;
    }
}

/* An entry standing for this position whose bounds settle ``need``, or NULL. */
static const Entry *table_settles(TableObject *t, const u64 *key, const u64 *detail, int need) {
    u64 h = key_hash(key);
    uint16_t tag = tag_of(h);
    size_t mask = t->nslots - 1, i = (size_t)h & mask;
    for (; t->tags[i]; i = (i + 1) & mask) {
        if (t->tags[i] != tag) continue;
        const Entry *e = &t->slots[i];
        if (same_key(e->key, key) && covers(e, detail) && (e->lo >= need || (int)e->hi < need))
            return e;
    }
    return NULL;
}

static int table_alloc(TableObject *t, size_t n) {
    Entry *slots = malloc(n * sizeof(Entry));
    uint16_t *tags = calloc(n, sizeof(uint16_t));
    if (!slots || !tags) { free(slots); free(tags); return -1; }
    free(t->slots);
    free(t->tags);
    t->slots = slots;
    t->tags = tags;
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
 * tables. Measured against dropping those with the fewest tricks left (the
 * first measure of effort): on 10-player deal 15, seat 4's spoil, 454 M
 * nodes and 71 s against 688 M and 100 s (docs/performance.md). */
#define MAX_EFFORT 63
static void table_purge(TableObject *t) {
    long long count[MAX_EFFORT + 1];
    memset(count, 0, sizeof count);
    for (size_t i = 0; i < t->nslots; i++)
        if (t->tags[i]) count[t->slots[i].effort]++;
    size_t keep = t->count;
    int drop = -1;  /* entries of at most this effort go */
    while (keep > t->cap / 2 && drop < MAX_EFFORT) keep -= (size_t)count[++drop];
    size_t mask = t->nslots - 1, start = 0;
    for (size_t i = 0; i < t->nslots; i++)
        if (t->tags[i] && t->slots[i].effort <= drop) t->tags[i] = 0;
    while (t->tags[start]) start++;  /* some slot is free: the table is never full */
    for (size_t k = 1; k < t->nslots; k++) {
        size_t i = (start + k) & mask;
        if (!t->tags[i]) continue;
        size_t j = (size_t)key_hash(t->slots[i].key) & mask;
        while (j != i && t->tags[j]) j = (j + 1) & mask;
        if (j != i) {
            t->slots[j] = t->slots[i];
            t->tags[j] = t->tags[i];
            t->tags[i] = 0;
        }
    }
    t->count = keep;
}

/* Twice the slots (the table is kept half empty while under its cap). */
static void table_make_room(TableObject *t) {
    TableObject old = *t;
    t->slots = NULL;
    t->tags = NULL;
    if (table_alloc(t, old.nslots * 2) < 0) {  /* stays at this size, emptied sooner */
        t->slots = old.slots;
        t->tags = old.tags;
        t->max_slots = t->nslots;
        t->cap = full_load(t->nslots);
        return;
    }
    size_t mask = t->nslots - 1;
    for (size_t i = 0; i < old.nslots; i++) {
        if (!old.tags[i]) continue;
        u64 h = key_hash(old.slots[i].key);
        size_t j = (size_t)h & mask;
        while (t->tags[j]) j = (j + 1) & mask;
        t->tags[j] = old.tags[i];
        t->slots[j] = old.slots[i];
    }
    free(old.slots);
    free(old.tags);
}

/* ---------------------------------------------------------------- search -- */

/* The two-trick path's memory of its states (see two_tricks_dp): a slot is
 * filled in this path's solve when its stamp is the memory's. */
#define DP_SLOTS 1024
typedef struct {
    u64 key;
    uint32_t stamp;
    int value;
} DpSlot;

/* The relaxed game's memory of its positions (see relaxed): filled in one
 * game when its stamp is the memory's. */
#define RX_SLOTS 2048
typedef struct {
    u64 cards, rest, past, rel;
    uint32_t stamp;
    int value;
} RxSlot;

/* The pooled game's memory of its answers (see pooled_holds): kept for the
 * table's life, as its answers depend on nothing but their key. 65,536
 * slots (4.7 MB), not 16,384: the slowest 9-player deals ask it for millions
 * of answers, and with the fewer slots replayed a third of their games
 * (9-player deals 57, 59 and 88: 125,481 games played against 80,449; the
 * same nodes; median deals play as many either way). */
#define PG_SLOTS 65536
#define PG_CARDS 48      /* the asker's and the threats' cards it keys, at most */
typedef struct {
    u64 cards, own[3];   /* the asker's and the threats' cards, and whose (a nibble each) */
    u64 rest, won;       /* rules, seats, leader, tricks left, trick, need; tricks won */
    u64 kinds;           /* the pool's kinds of card, 16 bits a suit */
    u64 trick;           /* within a trick: its card led, best, and whose (see pooled_holds) */
    int8_t mark[4];      /* where its answer rests, suit by suit (see pooled_holds) */
    uint8_t used, value;
    uint16_t steps;      /* the steps it was given */
} PgSlot;

/* All three, about 4.8 MB (its pages touched as they are used): kept with the
 * table (one search at a time uses it) rather than on a search's stack,
 * which may be a thread's small one. The stamps only grow, so slots a search
 * before left are old to the next. */
struct Memory {
    DpSlot dp[DP_SLOTS];
    uint32_t dp_stamp;
    RxSlot rx[RX_SLOTS];
    uint32_t rx_stamp;
    PgSlot pg[PG_SLOTS];
};

typedef struct {
    TableObject *table;
    long long nodes, next_check, node_limit; /* node_limit < 0: none */
    double time_limit, elapsed0;             /* time_limit < 0: none */
    struct timespec t0;
    long long last_signal_ns;
    PyThreadState *ts;
    int status;
    long long cap;      /* the try searched now stops past this many nodes (-1: none) */
    int root_done;      /* the tricks done where the search started */
    long games;         /* pooled games played (see spoil_early) */
    long early_holds, early_fails, early_passed;  /* spoil_early's games so far */
} Ctx;

/* The pooled game's key for one position (see pooled_holds), kept while the
 * search stands there: a trick start reads the memory before the table and
 * may play the game after it. ``at``: the node count it was made at (each
 * card played counts a node, so the same count is the same position). */
typedef struct {
    long long at;
    int valid, asker, need;
    u64 threats;
    u64 ours, own[3], won, trick, kinds, rest;
    uint32_t game[4];  /* each suit's places of the game's own cards (game_card) */
    size_t h;
} PgKey;

typedef struct {
    Ctx *ctx;
    const CRules *R;
    int players, tricks;
    int on_side[MAXP];
    u64 side_mask;
    int goal, k, goal_seat;
    int narrow;
    int coalition;    /* -1: none; 0: the minimisers (spoil); 1: the side (helped) */
    int fixed_target; /* -1: none */
    int target;
    u64 hands[MAXP];
    int leader;
    int rows[MAXT + 1][MAXP]; /* each trick's cards: no copy when a trick ends */
    int ntrick;
    int won[MAXP];
    int done;
    u64 live;
    int partition;    /* the table's entries may stand for sets of positions */
    int mid;          /* mid-trick positions have entries too (see mid_key) */
    const u64 *pkey;  /* the key (and detail) of the node above in this trick */
    u64 rel;          /* the live cards whose place the last answer rested on */
    u64 threats;      /* a spoil search's threats at this trick's start (see relaxed_mid) */
    PgKey pg;         /* the pooled game's last key (see pooled_holds) */
    int next_failed;  /* next_start found no answer above, in this trick */
} Search;

/* The cards of the trick being played. */
#define TRICK(s) ((s)->rows[(s)->done])

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The limits, read every CHECK_EVERY nodes (as limits.Budget.check). 0: stop. */
static int check(Ctx *c) {
    c->next_check = c->nodes + CHECK_EVERY;
    if (c->node_limit >= 0 && c->next_check > c->node_limit + 1)
        c->next_check = c->node_limit + 1;
    if (c->node_limit >= 0 && c->nodes > c->node_limit) { c->status = ST_LIMIT; return 0; }
    long long now = now_ns();
    double elapsed = c->elapsed0 + (double)(now - ((long long)c->t0.tv_sec * 1000000000LL
                                                   + c->t0.tv_nsec)) / 1e9;
    if (c->time_limit >= 0 && elapsed > c->time_limit) { c->status = ST_LIMIT; return 0; }
    if (c->ts && now - c->last_signal_ns >= SIGNAL_NS) {
        c->last_signal_ns = now;
        PyEval_RestoreThread(c->ts);
        int r = PyErr_CheckSignals();
        c->ts = PyEval_SaveThread();
        if (r < 0) { c->status = ST_SIGNAL; return 0; }
    }
    /* (after the limits: they stop the whole search, the cap one try) */
    if (c->cap >= 0 && c->next_check > c->cap + 1) c->next_check = c->cap + 1;
    if (c->cap >= 0 && c->nodes > c->cap) { c->status = ST_CAP; return 0; }
    return 1;
}

static int trick_start(Search *s);
static int play(Search *s);
static int partitioned(const Search *s);
static u64 depth_cards(const Search *s, const uint8_t *depth);
static void store(Search *s, const u64 *key, u64 *detail, int part, int need, int result,
                  long long nodes);
static void mid_key(const Search *s, u64 *key, u64 *detail);
static u64 mid_bits(const Search *s);
#define TRICK_SEAT 15    /* the cards played to a trick, as a seat of mid-trick keys */
/* Mid-trick entries (partition search), from MID_FROM seats on, after the
 * MID_FIRST-th card of a trick and while MID_LEFT seats or more are still to
 * play, through the MID_LAST-th card. Measured: each probe is a likely cache
 * miss in a larger table, so they pay only where a trick has many seats:
 * from 8 at first, from 7 once the asker's thrift had cut the nodes; and
 * once the relaxed game plays out the last seats of a trick, only after its
 * second and third cards: -10 to -13% CPU at 9 and 10 players, even at 7
 * and 8 (see docs/performance.md). */
#define MID_FROM 7
#define MID_FIRST 2
#define MID_LEFT 3
#define MID_LAST 3
/* A mid-trick answer is stored only if its search took this many nodes: the
 * smaller ones save about what their entry costs, and in a full table they
 * push out the larger. Measured: -19% CPU at 9 players, -18% at 8, -8% at 7
 * (docs/performance.md). */
#define MID_MIN_NODES 16
/* The relaxed game's steps (tricks begun) before it gives up (see
 * relaxed_game). */
#define RELAX_STEPS 4096
/* ... and the cards it plays: a step is a poor measure of a game's cost (it
 * plays out a whole trick's combinations of the asker's and the threats'
 * cards), and at ten seats a few games of three tricks left played 2^17 to
 * 2^22 cards each, most of them to fail (10-player deal 36, seat 5's
 * spoil: 866 M cards in 13,258 games, 15 s for a proof of 1.6 M nodes).
 * A game cut short gives no answer; the search goes on as without it.
 * Measured: 4,096 cards, deal 36 in 0.8 s against 14.7 s, 10-player deal
 * 118 in 0.34 s against 3.1 s, the first 20 deals of 10 players with the
 * same nodes, of 9 players with 1.5% more nodes and 8% less CPU; 1,024
 * cards, 2.6% more nodes at 9 players. From nine seats: at seven and eight
 * it cut games that hold (3.6% and 1.3% more nodes, 5% more CPU at seven;
 * docs/performance.md). */
#ifndef RELAX_PLAYS  /* (tests set them smaller: tests/test_capped.py) */
#define RELAX_PLAYS 4096L
#endif
#ifndef RELAX_PLAYS_FROM
#define RELAX_PLAYS_FROM 9
#endif
/* A game given fewer steps (see spoil_early) is capped in the cards it plays
 * too, and that cap is the one it meets: a step plays out a whole trick's
 * combinations, so at ten seats a game of 128 steps that failed played up
 * to half a million cards, while most games that hold play a few thousand
 * (10-player deals 10, 13, 14 and 15). Measured: 8,192 cards (with 1,024
 * steps, as many nodes as with 4,095) against 128 steps uncapped, -10%
 * nodes and -7% CPU at 10 players, -5% nodes and -1 to -4% CPU at 9 (first
 * 20 deals; docs/performance.md). */
#ifndef CAPPED_PLAYS  /* (tests set it smaller: tests/test_capped.py) */
#define CAPPED_PLAYS 8192L
#endif
/* The relaxed game groups the pool's seats (see relaxed_game) where it has
 * this many or more: with eight (hand-overs at ten seats) a game for each
 * seat costs twice the time on 10-player deal 15, and with fewer the groups
 * settle less (+8 to 10% CPU at 8 and 9 players; docs/performance.md). */
#define RELAX_GROUPS 8
/* Cheap tries first (see play): the coalition's cards in the first
 * WIDEN_TRICKS tricks of a search, where they are among the trick's first
 * WIDEN_PLAYS cards (the lead), first capped at WIDEN_FIRST nodes. */
#ifndef WIDEN_TRICKS
#define WIDEN_TRICKS 1
#endif
#ifndef WIDEN_PLAYS
#define WIDEN_PLAYS 1
#endif
#ifndef WIDEN_FIRST
#define WIDEN_FIRST 4096LL
#endif
#define WIDEN_GROWTH 4

/* The goal's verdict with ``remaining`` tricks left: 1, 0, or -1 (open). */
static int status(const Search *s, int remaining) {
    if (s->goal == GOAL_SPOIL) {
        int best = 0;
        for (int p = 0; p < s->players; p++)
            if (s->won[p] > best && !s->on_side[p]) best = s->won[p];
        if (best >= POOL) return 0;
        if (best + remaining < POOL) return 1;
        return -1;
    }
    int need = s->k;
    if (s->goal == GOAL_HELPED) need -= s->won[s->goal_seat];
    else for (int p = 0; p < s->players; p++) if (s->on_side[p]) need -= s->won[p];
    if (need <= 0) return 1;
    if (need > remaining) return 0;
    return -1;
}

static int need_of(const Search *s) {
    if (s->goal == GOAL_SPOIL) return 1;
    if (s->goal == GOAL_HELPED) return s->k - s->won[s->goal_seat];
    int need = s->k;
    for (int p = 0; p < s->players; p++) if (s->on_side[p]) need -= s->won[p];
    return need;
}

static int target_of(const Search *s) {
    if (s->fixed_target >= 0) return s->fixed_target;
    int best = -1, score_best = -1;
    for (int p = 0; p < s->players; p++)
        if (s->on_side[p] == s->coalition) {
            int score = s->won[p] * 8 + popc(s->hands[p] & s->R->trump_mask);
            if (score > score_best) { best = p; score_best = score; }
        }
    return best;
}

/* ------------------------------------------------------------ sure tricks -- */

/* The trump-order places (0 = best) of trumps, best first; returns how many.
 * (Each trump's place is its index in the trump order: a hand holds a few,
 * so they are sorted here rather than found by walking the order.) */
static int ranks(const CRules *R, u64 trumps, int *out) {
    int n = 0;
    if (!trumps || R->trump < 0) return 0;
    for (; trumps; trumps &= trumps - 1) {
        int place = R->place[low_card(trumps)], j = n++;
        while (j > 0 && out[j - 1] > place) { out[j] = out[j - 1]; j--; }
        out[j] = place;
    }
    return n;
}

/* How many of first can each be beaten by a different card of rival. */
static int matched(const int *first, int nf, const int *rival, int nr) {
    int count = 0, i = 0;
    for (int j = 0; j < nf; j++)
        if (i < nr && rival[i] < first[j]) { count++; i++; }
    return count;
}

static void top_trumps(const Search *s, int *holder, int *top) {
    const CRules *R = s->R;
    u64 held = 0;
    for (int p = 0; p < s->players; p++) held |= s->hands[p];
    held &= R->trump_mask;
    *holder = -1; *top = 0;
    if (!held || R->trump < 0) return;
    const int *ord = R->order[R->trump];
    int nt = R->norder[R->trump], i = 0;
    while (!(held & bit(ord[i]))) i++;
    int seat = 0;
    while (!(s->hands[seat] & bit(ord[i]))) seat++;
    u64 mine = s->hands[seat];
    int count = 0;
    for (; i < nt; i++) {
        if (mine & bit(ord[i])) count++;
        else if (held & bit(ord[i])) break;
    }
    *holder = seat; *top = count;
}

/* Tricks seat p cannot win, whatever anyone plays: every seat plays each of
 * its cards in a trick of its own, and p takes no trick in which another
 * seat's trump is above the card p plays. So for any other seat q, each of
 * q's trumps that p cannot cover with a higher trump of its own (one for
 * one) is a trick lost to p: the most over q, the asker's or the others'
 * (everybody plays every card). ``places`` and ``count``: each seat's trumps
 * as ranks() gives them. */
static int lost_to_trumps(const Search *s, int p, int places[][16], const int *count) {
    int most = 0;
    for (int q = 0; q < s->players; q++) {
        if (q == p || !count[q]) continue;
        int lost = count[q] - matched(places[q], count[q], places[p], count[p]);
        if (lost > most) most = lost;
    }
    return most;
}

static int above(const CRules *R, u64 trumps, u64 rivals) {
    if (!trumps || R->trump < 0) return 0;
    const int *ord = R->order[R->trump];
    int count = 0;
    for (int i = 0; i < R->norder[R->trump]; i++) {
        if (rivals & bit(ord[i])) return count;
        if (trumps & bit(ord[i])) count++;
    }
    return count;
}

/* The tricks a seat holding ``trumps`` takes for sure from a trick's start
 * (follow or trump: it may play one to every trick), against the seats whose
 * trumps are ``rival`` (their places, best first, as ranks() gives them):
 * it loses a trick only to a higher trump played to it, each of theirs in
 * one trick, so at most as many as they can cover one for one (matched). */
static int trump_tricks(const CRules *R, u64 trumps, const int *rival, int nr) {
    int mine[16];
    int nm = ranks(R, trumps, mine);
    return nm - matched(mine, nm, rival, nr);
}

/* Settle by sure tricks (search.py's _sure): 1, 0, or -1 (open). */
static int sure(Search *s, int need, int remaining, int have_top, int holder, int top) {
    const CRules *R = s->R;
    int n = s->players;
    u64 trumps[MAXP];
    int first[16], rival[16];
    for (int p = 0; p < n; p++) trumps[p] = s->hands[p] & R->trump_mask;
    if (s->goal == GOAL_HELPED) {
        int target = s->goal_seat;
        top_trumps(s, &holder, &top);
        if (holder == target && need <= top) return 1;
        if (holder != target && remaining - top < need) return 0;
        int nr = ranks(R, trumps[target], rival);
        for (int p = 0; p < n; p++)
            if (s->partition ? p != target : !s->on_side[p]) {  /* see lost_to_trumps */
                int nf = ranks(R, trumps[p], first);
                if (remaining - nf + matched(first, nf, rival, nr) < need) return 0;
            }
        return -1;
    }
    if (s->goal == GOAL_ATLEAST) {
        u64 theirs = 0;
        for (int p = 0; p < n; p++) if (!s->on_side[p]) theirs |= trumps[p];
        if (s->partition) {
            /* A seat's sure trump tricks (trump_tricks): its trumps above
             * all of theirs, and past them those they cannot cover one for
             * one. At 10 players, 39.3 M nodes of seat 8's two tricks on
             * deal 5 fell to 21.8 M. */
            int nr = ranks(R, theirs, rival);
            for (int p = 0; p < n; p++)
                if (s->on_side[p] && trumps[p] && trump_tricks(R, trumps[p], rival, nr) >= need)
                    return 1;
        } else {
            /* (the port keeps the Python engine's count, and its nodes: the
             * trumps above all of theirs) */
            int best = 0;
            for (int p = 0; p < n; p++)
                if (s->on_side[p]) { int a = above(R, trumps[p], theirs); if (a > best) best = a; }
            if (need <= best) return 1;
        }
        u64 ours_mask = 0;
        for (int p = 0; p < n; p++) if (s->on_side[p]) ours_mask |= trumps[p];
        int ours[16];
        int no = ranks(R, ours_mask, ours);  /* sorted, as the side's hands are disjoint */
        for (int p = 0; p < n; p++)
            if (!s->on_side[p] && trumps[p]) {
                int nf = ranks(R, trumps[p], first);
                if (remaining - nf + matched(first, nf, ours, no) < need) return 0;
            }
        return -1;
    }
    /* Spoil. */
    if (!have_top) top_trumps(s, &holder, &top);
    if (holder >= 0 && !s->on_side[holder] && s->won[holder] + top >= POOL) return 0;
    /* With partition search a trick start has counted every seat's trumps
     * against each threat (lost_to_trumps, the most over all seats, the
     * side's among them) before it asks here: a seat the side's trumps stop
     * below is no threat there, and with none left it returned already. So
     * with two threats or more, the count below cannot settle: at 9 and 10
     * seats it settled none of the spoil's trick starts it was asked at. */
    if (s->partition && R->trump >= 0) return -1;
    int side[MAXP][16], nside[MAXP], ns = 0;  /* the side's trumps, ranked once */
    for (int q = 0; q < n; q++)
        if (s->on_side[q]) { nside[ns] = ranks(R, trumps[q], side[ns]); ns++; }
    for (int p = 0; p < n; p++) {
        if (s->on_side[p]) continue;
        int nr = ranks(R, trumps[p], rival);
        int most = 1 << 20;
        for (int q = 0; q < ns; q++) {
            int m = remaining - nside[q] + matched(side[q], nside[q], rival, nr);
            if (m < most) most = m;
        }
        if (p != holder && remaining - top < most) most = remaining - top;
        if (s->won[p] + most >= POOL) return -1;
    }
    return 1;
}

/* ---------------------------------------------------------- move ordering -- */

/* One card per equivalent group: strongest first (each group's best card) and
 * weakest first (each group's lowest card). Returns the number of groups. */
static int orders(const CRules *R, u64 legal, u64 live, int *strong, int *weak) {
    /* the cards by power, strongest first: their bits in the strength order */
    u64 ranked = 0;
    for (; legal; legal &= legal - 1) ranked |= bit(R->strength[low_card(legal)]);
    int first[MAXC], last[MAXC], latest[4] = {-1, -1, -1, -1}, g = 0;
    for (; ranked; ranked &= ranked - 1) {
        int c = R->by_strength[low_card(ranked)], su = R->suit[c];
        int grp = su >= 0 ? latest[su] : -1;
        if (grp >= 0 && equivalent(R, live, last[grp], c)) {
            last[grp] = c;
        } else {
            first[g] = last[g] = c;
            if (su >= 0) latest[su] = g;
            g++;
        }
    }
    for (int i = 0; i < g; i++) { strong[i] = first[i]; weak[i] = last[g - 1 - i]; }
    return g;
}

/* Cards (in their order) that take a trick over power ``bp``, then the
 * rest, each part in the order given; returns how many. */
static int takers_first(const CRules *R, const int *cards, int n, int bp, int led, int *out) {
    int m = 0;
    for (int j = 0; j < n; j++) if (takes(R, cards[j], bp, led)) out[m++] = cards[j];
    for (int j = 0; j < n; j++) if (!takes(R, cards[j], bp, led)) out[m++] = cards[j];
    return m;
}

/* The seat playing the ``j``-th card of this trick (j < players): no
 * division, as it is asked at every node. */
static inline int turn_seat(const Search *s, int j) {
    int p = s->leader + j;
    return p >= s->players ? p - s->players : p;
}

/* Whether a seat of the side (``side`` 1) or of the others (0) is still to
 * play to this trick. */
static int to_play(const Search *s, int side) {
    for (int j = s->ntrick + 1; j < s->players; j++)
        if (s->on_side[turn_seat(s, j)] == side) return 1;
    return 0;
}

static int can_take(const Search *s, u64 legal, const int *trick, int n);

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
    u64 beaters = R->higher[best], later = 0;
    if (R->power[best] < TRUMP_BASE) beaters |= R->trump_mask;
    for (int j = i + 1; j < s->players; j++) later |= s->hands[turn_seat(s, j)];
    return !(later & beaters);
}

/* A helper plays high, too, to a trick its side has for sure (the asker has
 * played and no seat still to play can beat the best card), from SHED_FROM
 * seats: it sheds a card that could take a trick from the target later.
 * 10-player deal 14, seat 1's spoil (it fails): 0.13 M nodes against 21.1 M,
 * where seat 3's right card is the A♥ under seat 2's 5♠ and it tried its
 * three low cards first. Measured on the full tables of 10-player deals 0
 * to 59: 17% and 1% fewer nodes in the two halves, 19% and 2% less CPU; at
 * 9 players as many nodes and as much CPU within 3%; at 8, 10% more CPU
 * (docs/performance.md). */
#define SHED_FROM 10

/* The cards to try, the likeliest refutation first (search.py's _order).
 *
 * With partition search (the port keeps the Python engine's order, and so its
 * nodes), the asker of a spoil or of a hand-over plays thriftily: it leads
 * low, and takes a trick only from a seat that could use it (a spoil: a seat
 * that has already won a trick; a hand-over: the seat brought to three).
 * Each wrong first try of the asker costs a whole proof that the others win,
 * and its top trumps are worth more kept than spent on a trick nobody
 * needed. The coalition plays high while the asker is still to play, making
 * the trick dear for it, and its helpers lead trumps first, drawing the
 * asker's. Measured: -70% nodes at 8 players, -48% at 7 (docs/performance.md). */
static int order_moves(const Search *s, int seat, u64 legal, int maximizing, int *out) {
    const CRules *R = s->R;
    int strong[MAXC], weak[MAXC];
    int g = orders(R, legal, s->live, strong, weak);
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
                || (!beat && s->players >= SHED_FROM && unbeaten(s, i)))) {
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
         * later seats' cards (10-player deal 14, seat 3's one trick: 10.3 M
         * nodes with 7♥ first, 25 with A♥). */
        int k = sure_taker(s, out, m);
        if (k > 0) {
            int c = out[k];
            memmove(out + 1, out, (size_t)k * sizeof *out);
            out[0] = c;
        }
    }
    return m;
}

static int can_take(const Search *s, u64 legal, const int *trick, int n) {
    const CRules *R = s->R;
    int best = trick[winner(R, trick, n, s->done)];
    u64 beaters = R->higher[best];
    if (R->power[best] < TRUMP_BASE) beaters |= R->trump_mask;
    return (legal & beaters) != 0;
}

/* -------------------------------------------------------------- recursion -- */

/* The card that took a trick, if it took it by its place (a card of its suit
 * was beaten): the answer then rests on where that card ranks. */
static u64 by_rank(const CRules *R, const int *trick, int n, int w) {
    for (int i = 0; i < n; i++)
        if (i != w && R->suit[trick[i]] == R->suit[trick[w]]) return bit(trick[w]);
    return 0;
}

/* The last trick, each seat's one card: who takes it; ``rel`` gains the
 * card if it took it by rank. */
static int last_winner(const Search *s, const CRules *R, int leader, u64 *rel) {
    int n = s->players, trick[MAXP];
    trick[0] = 0;  /* n >= 2: all set below (this tells the compiler so) */
    for (int i = 0; i < n; i++) trick[i] = high_card(s->hands[(leader + i) % n]);
    int w = winner(R, trick, n, s->tricks - 1);
    *rel |= by_rank(R, trick, n, w);
    return (leader + w) % n;
}

static int last_trick(Search *s) {
    s->ctx->nodes++;
    s->rel = 0;
    int w = last_winner(s, s->R, s->leader, &s->rel);
    s->won[w]++;
    int r = status(s, 0) == 1;
    s->won[w]--;
    return r;
}

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
 * groups as in two_tricks. Measured: -10% nodes at 9 players, -26% on
 * 10-player deal 4 (docs/performance.md). */
typedef struct {
    Search *s;
    int seat_of[MAXC];
    int trick[MAXP];
    u64 rel;
} Dp;

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
            DpSlot *e = &c->table->memory->dp[(h + (size_t)k) & (DP_SLOTS - 1)];
            if (e->stamp != c->table->memory->dp_stamp) { slot = e; break; }
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
    if (slot) { slot->key = key; slot->stamp = c->table->memory->dp_stamp; slot->value = result; }
    return result;
}

/* ------------------------------------------------------ the relaxed game -- */

/* A spoil search, or a hand-over, made easier for the asker's opponents:
 * the asker (seat 0 here) against its threats (1..m: the seats that may
 * still reach their tricks, each with its own cards) and the other seats
 * (the pool's seats), whose cards are never used up. In each trick the
 * asker and the threats play in their seats' turn; then, once they all
 * have, any pool seat may add its strongest card to take the trick, or none
 * (unless one must: duty_beats); a pool seat that took a trick leads any of
 * its cards to the next. Every play the opponents have in the real game
 * they have here too: a pool seat's card is one it holds here still, and
 * its used-up cards only hinder it; the opponents play as one (all cards
 * are seen), and a pool seat playing last to each trick, every other card
 * seen, only helps them. So if no threat reaches its tricks here, none does
 * in the real game: a spoil holds (relaxed_holds), a hand-over fails
 * (relaxed_fails). The game is small: a few hands of a few cards, pool
 * seats whose cards play alike when no card of the asker's or the threats'
 * lies between them (one of each kind is led; where they are many, a run of
 * them plays as one: see relaxed_game), and a memory of its positions (the
 * same cards played in another order). Measured (docs/performance.md): a
 * hand-over at three tricks left or more, and a spoil of two threats or
 * more at three left, are settled this way most of the time; -36% CPU at 9
 * players and -14% at 8 for the hand-overs, -14 to -18% more at 7 to 9 for
 * the spoils; the pool seats' own cards and duty to follow, the seats'
 * turn and the game within a trick (relaxed_mid): -39% nodes at 7 players,
 * -44% at 8, -45% at 9, -34% at 10 (first 60, 40, 20 and 20 deals), and
 * -3%, -24%, -18% and -10% CPU. */
typedef struct {
    const CRules *R;
    Ctx *ctx;          /* (its memory: rx) */
    int done;          /* the trick being played (its duties) */
    int m;             /* threats */
    u64 hand[MAXP];    /* 0: the asker; 1..m: the threats */
    int won[MAXP], need[MAXP];  /* each threat's tricks, and those it wants */
    int npool;         /* pool seats */
    u64 seat[MAXP];    /* their cards at the start (never used up) */
    int8_t low[MAXP][4];  /* each one's worst card of each suit (-1) */
    int8_t group[MAXP];   /* each one's group: the run of pool seats it sits in */
    int ngroup;        /* groups (m + 1 on in the game's numbering) */
    u64 gcards[MAXP];  /* a group's cards, and the pool seats it holds */
    u64 gseats[MAXP];
    int8_t gtop[MAXP][4];  /* its best card of each suit (-1) */
    int start;         /* the trick the game started in */
    u64 exempt;        /* pool seats with no duty to follow in this trick */
    int lead_by;       /* who led this trick */
    int8_t led_at[MAXT], led_pool[MAXT];  /* each trick since the start: the suit led,
                                           * and the group leading (-1: none) */
    int8_t order[MAXP][MAXP];  /* after each one's lead, the asker and threats in turn */
    u64 rel;           /* the cards that took the tricks, and see duty_beats */
    int budget;        /* steps left: past it, no answer (0) */
    long plays;        /* cards left to play: past it, no answer (0) */
} Relaxed;

static int relaxed(Relaxed *x, int leader, int left);

/* The trick taken by card ``best`` of ``who`` (a group of pool seats: m + 1 on). */
static int relaxed_won(Relaxed *x, int who, int best, int left) {
    x->rel |= bit(best);
    int threat = who >= 1 && who <= x->m;  /* (past m: a group) */
    x->won[who] += threat;
    x->done++;
    int r = relaxed(x, who, left - 1);
    x->done--;
    x->won[who] -= threat;
    return r;
}

/* The pool's seats must follow suit: a seat holding cards of the suit led
 * (a plain suit) that it cannot all have played in the tricks since the
 * start (it plays one a trick), each of them above the trick's best card,
 * must play one of them or a trump, and so takes the trick from that card.
 * Its lowest card of the suit, or -1 where no seat must. Only the group
 * leading is exempt (one of its seats led; and, in the trick the game starts
 * in, the seats that have played). The answer then rests on the places of
 * that card and the best. Asked where the asker or a threat (``who``) has
 * the trick with a plain card: a pool seat's trick needs no beating, and
 * nobody must beat a trump. */
static int duty_beats(const Relaxed *x, int who, int led, int best) {
    const CRules *R = x->R;
    if (who > x->m || R->power[best] >= TRUMP_BASE) return -1;
    int played = x->done - x->start;
    for (int i = 0; i < x->npool; i++) {
        int low = x->low[i][led];
        if ((x->exempt >> i & 1) || low < 0 || R->power[low] < R->power[best]) continue;
        /* The tricks it may have shed one of them in: those its group led,
         * those led in this suit, and those whose suit it may have run out of. */
        int shed = 0;
        for (int t = 0; t < played; t++) {
            int su = x->led_at[t];
            u64 held = x->seat[i] & R->suit_masks[su];
            if (su == R->trump) held &= ~R->privileged;  /* those may renege */
            shed += su == led || x->led_pool[t] == x->group[i] || popc(held) <= t;
        }
        if (popc(x->seat[i] & R->suit_masks[led]) <= shed) continue;
        return low;
    }
    return -1;
}

/* Group g's strongest card that takes the trick from ``best`` (led:
 * ``led``): its best trump, else its best card of the suit led; -1: none. */
static inline int group_taker(const Relaxed *x, int g, int best, int led) {
    const CRules *R = x->R;
    int top = R->trump >= 0 ? x->gtop[g][R->trump] : -1;
    if (top < 0 || !takes(R, top, R->power[best], led)) top = x->gtop[g][led];
    return top >= 0 && takes(R, top, R->power[best], led) ? top : -1;
}

/* The next to play to a trick led by ``lead`` (``played``: who has): the
 * asker and the threats in their seats' turn, then the pool's last word.
 * 1: the asker holds. */
static int relaxed_play(Relaxed *x, u64 played, int lead, int who, int best, int left) {
    const CRules *R = x->R;
    if (x->plays <= 0) return 0;
    x->plays--;
    int led = R->suit[lead], trick[1] = {lead};
    const int8_t *turn = x->order[x->lead_by];
    int k = -1;
    for (int j = 0; j <= x->m && k < 0; j++)
        if (!(played >> turn[j] & 1)) k = turn[j];
    if (k < 0) {
        /* the pool may let the trick be, unless one of its seats must beat it */
        int duty = duty_beats(x, who, led, best);
        if (duty >= 0) x->rel |= bit(duty) | bit(best);
        else if (!relaxed_won(x, who, best, left)) return 0;
        for (int g = 0; g < x->ngroup; g++) {
            int top = group_taker(x, g, best, led);
            if (top >= 0 && !relaxed_won(x, x->m + 1 + g, top, left)) return 0;
        }
        return 1;
    }
    u64 legal = legal_cards(R, x->hand[k], trick, 1, x->done);
    int asker = k == 0, order[MAXC], m = 0;
    for (; legal; legal &= legal - 1) order[m++] = low_card(legal);
    if (asker) {
        /* The asker's thrift (as order_moves): its lowest cards first, and
         * if a threat is taking the trick, the cards that take it from that
         * threat before them, cheapest first. Measured: -6 to -16% CPU at 7
         * to 9 players (docs/performance.md). */
        for (int a = 1; a < m; a++)
            for (int j = a; j > 0 && R->power[order[j]] < R->power[order[j - 1]]; j--) {
                int t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        if (who >= 1 && who <= x->m) {
            int first[MAXC];
            takers_first(R, order, m, R->power[best], led, first);
            memcpy(order, first, sizeof(int) * (size_t)m);
        }
    }
    u64 rel = x->rel;  /* the asker's answer rests on the card it keeps to only */
    for (int j = 0; j < m; j++) {
        int card = order[j], w = who, b = best;
        if (takes(R, card, R->power[b], led)) { w = k; b = card; }
        if (asker) x->rel = rel;
        x->hand[k] ^= bit(card);
        int r = relaxed_play(x, played | bit(k), lead, w, b, left);
        x->hand[k] ^= bit(card);
        if (r == asker) return r;
    }
    return !asker;
}

/* The last trick, led by ``lead`` of ``leader`` (``played``: who has),
 * played out as relaxed_play would play it, without its calls: the asker
 * and the threats hold one card each, so the trick's course is fixed, and
 * of the pool's last word only the duty to beat (a seat that must takes the
 * trick from a threat) and the cards named change: a pool seat's trick
 * gives no threat one. The same answer, the same cards named, and the same
 * plays counted (where the cap on them falls within the trick, relaxed_play
 * plays it); the checking core plays both (tests/test_pooled.py). Measured:
 * -3% CPU at 9 players (docs/performance.md). */
static int relaxed_last(Relaxed *x, u64 played, int lead, int leader) {
    const CRules *R = x->R;
    const int8_t *turn = x->order[x->lead_by];
    long calls = 1;  /* (relaxed_play's: one a card, and the pool's last word) */
    for (int j = 0; j <= x->m; j++) calls += !(played >> turn[j] & 1);
    if (x->plays < calls) return relaxed_play(x, played, lead, leader, lead, 1);
    x->plays -= calls;
    int led = R->suit[lead], trick[1] = {lead}, who = leader, best = lead;
    for (int j = 0; j <= x->m; j++) {
        int k = turn[j];
        if (played >> k & 1) continue;
        int card = low_card(legal_cards(R, x->hand[k], trick, 1, x->done));  /* (its one card) */
        if (takes(R, card, R->power[best], led)) { who = k; best = card; }
    }
    int duty = duty_beats(x, who, led, best);
    if (duty >= 0) x->rel |= bit(duty) | bit(best);
    else {
        x->rel |= bit(best);
        if (who >= 1 && who <= x->m && x->won[who] + 1 >= x->need[who]) return 0;
    }
    for (int g = 0; g < x->ngroup; g++) {
        int top = group_taker(x, g, best, led);
        if (top >= 0) x->rel |= bit(top);
    }
    return 1;
}

/* A lead to the trick: the rest of it searched, or with one trick left
 * played out (relaxed_last). */
static int relaxed_lead(Relaxed *x, u64 played, int lead, int leader, int left) {
    if (left > 1) return relaxed_play(x, played, lead, leader, lead, left);
#ifdef JINK_CHECK
    /* (tests: the same answer, cards named and plays as the search's) */
    long plays = x->plays;
    u64 rel = x->rel;
    int fast = relaxed_last(x, played, lead, leader);
    long fast_plays = x->plays;
    u64 fast_rel = x->rel;
    x->plays = plays;
    x->rel = rel;
    int r = relaxed_play(x, played, lead, leader, lead, left);
    TableObject *t = x->ctx->table;
    t->checks++;
    if (r != fast || x->rel != fast_rel || x->plays != fast_plays) t->check_failures++;
    return r;
#else
    return relaxed_last(x, played, lead, leader);
#endif
}

/* 1: no threat reaches its tricks, ``left`` tricks from here; 0: one may. */
static int relaxed(Relaxed *x, int leader, int left) {
    const CRules *R = x->R;
    int alive = 0, asker[16], threat[16];
    int na = ranks(R, x->hand[0] & R->trump_mask, asker);
    for (int i = 1; i <= x->m; i++) {
        if (x->won[i] >= x->need[i]) return 0;
        int reach = x->won[i] + left;
        /* the asker's trumps it cannot cover one for one (as sure()) */
        if (reach >= x->need[i] && na)
            reach -= na - matched(asker, na, threat, ranks(R, x->hand[i] & R->trump_mask, threat));
        alive += reach >= x->need[i];
    }
    if (!alive) return 1;
    /* The same position again (the same cards played in another order): the
     * pool's seats keep their cards, so the cards the asker and the threats
     * hold, their tricks, the leader and the tricks left say it all. */
    Ctx *c = x->ctx;
    int t = x->done - x->start;  /* this trick's place since the start */
    u64 cards = 0, rest = (u64)leader << 48 | (u64)left << 56, past = 0;
    for (int i = 0; i <= x->m; i++) cards |= x->hand[i];
    for (int i = 1; i <= x->m; i++) rest |= (u64)x->won[i] << (3 * i);
    /* and the tricks' leads since the start (the pool seats' duty reads
     * them; the pooled game has no duty: the same position whatever led) */
    for (int j = 0; j < t && j < 8 && x->npool; j++)
        past |= (u64)((x->led_at[j] + 1) | (x->led_pool[j] + 1) << 3) << (8 * j);
    RxSlot *slot = NULL;
    size_t h = (size_t)mix(mix(cards, rest), past);
    for (int k = 0; k < 4 && t <= 8; k++) {
        RxSlot *e = &c->table->memory->rx[(h + (size_t)k) & (RX_SLOTS - 1)];
        if (e->stamp != c->table->memory->rx_stamp) { slot = e; break; }
        if (e->cards == cards && e->rest == rest && e->past == past) {
            x->rel |= e->rel;
            return e->value;
        }
    }
    if (--x->budget < 0) return 0;
    u64 exempt = x->exempt;  /* (the trick before's, as the caller left it) */
    int lead_by = x->lead_by;
    x->lead_by = leader;
    u64 rel = x->rel;
    x->rel = 0;
    int r;
    if (leader > x->m) {
        /* a group leads any of its cards, one of each kind: cards with no
         * card of the asker's or the threats' between them play alike (the
         * duties read only the suit led, and which of their trumps may
         * renege is fixed by where the led trump falls) */
        int g = leader - x->m - 1;
        u64 theirs = 0, mine = x->gcards[g];
        for (int i = 0; i <= x->m; i++) theirs |= x->hand[i];
        x->exempt = x->gseats[g];
        x->led_pool[t] = (int8_t)g;
        r = 1;
        for (int su = 0; su < 4 && r; su++) {
            int fresh = 1;
            for (int i = 0; i < R->norder[su] && r; i++) {
                int card = R->order[su][i];
                if (theirs & bit(card)) fresh = 1;
                else if ((mine & bit(card)) && fresh) {
                    fresh = 0;
                    x->led_at[t] = (int8_t)su;
                    r = relaxed_lead(x, 0, card, leader, left);
                }
            }
        }
    } else {
        int trick[1] = {0}, asker_leads = leader == 0;
        x->exempt = 0;
        x->led_pool[t] = -1;
        u64 legal = legal_cards(R, x->hand[leader], trick, 0, x->done);
        r = !asker_leads;
        for (; legal && r == !asker_leads; legal &= legal - 1) {
            int card = low_card(legal);
            if (asker_leads) x->rel = 0;  /* (as in relaxed_play) */
            x->hand[leader] ^= bit(card);
            x->led_at[t] = (int8_t)R->suit[card];
            r = relaxed_lead(x, bit(leader), card, leader, left);
            x->hand[leader] ^= bit(card);
        }
    }
    x->exempt = exempt;
    x->lead_by = lead_by;
    if (slot) {
        slot->cards = cards;
        slot->rest = rest;
        slot->past = past;
        slot->rel = x->rel;
        slot->stamp = c->table->memory->rx_stamp;
        slot->value = r;
    }
    x->rel |= rel;
    return r;
}

/* The relaxed game's seats for this search: the one seat ``asker`` against
 * the seats of ``threats`` wanting ``need`` tricks each, and the pool's
 * seats, in groups where there are many (or, ``pooled``, as one pool: see
 * pooled_holds). ``role``: each seat's place in the game; ``pool``: each
 * pool seat's index. */
static void relaxed_setup(Search *s, Relaxed *x, int asker, u64 threats, int need, int pooled,
                          int *role, int *pool) {
    x->m = x->npool = x->ngroup = 0;
    x->exempt = x->rel = 0;
    memset(x->won, 0, sizeof x->won);
    x->R = s->R;
    x->ctx = s->ctx;
    x->done = s->done;
    x->budget = RELAX_STEPS;
    x->plays = s->players >= RELAX_PLAYS_FROM ? RELAX_PLAYS : LONG_MAX;
    Memory *mem = x->ctx->table->memory;
    if (++mem->rx_stamp == 0) {  /* wrapped: every slot is old */
        memset(mem->rx, 0, sizeof mem->rx);
        mem->rx_stamp = 1;
    }
    x->hand[0] = s->hands[asker];
    for (int p = 0; p < s->players; p++) {
        if (p == asker) {
            role[p] = 0;
        } else if (threats >> p & 1) {
            role[p] = ++x->m;
            x->hand[x->m] = s->hands[p];
            x->won[x->m] = s->won[p];
            x->need[x->m] = need;
        } else {
            role[p] = -1;  /* a pool seat: its group is numbered below */
        }
    }
    /* The pool seats in groups: each run of them between two of the asker
     * and the threats (in the order of play) is one, which leads any card
     * of its seats' and takes a trick with the best of them. The asker and
     * the threats play in the same turn after any seat of a run, so a seat
     * of the run is told apart from the others only by its cards; what the
     * group may do, each of its seats may do in the real game, and a seat's
     * duty to follow counts every trick its group led as one it may have
     * led. One group for each run in place of a game for each seat. */
    int n = s->players;
    int grouped = pooled || n - 1 - x->m >= s->ctx->table->relax_groups;
    for (int j = 1; j < n; j++) {  /* from the asker round: runs end at it */
        int p = (asker + j) % n;
        if (role[p] >= 0) continue;
        int before = role[(p + n - 1) % n], g;  /* (seen already, or the asker) */
        if (before > x->m && grouped) {
            g = before - x->m - 1;
        } else {
            g = x->ngroup++;
            x->gcards[g] = x->gseats[g] = 0;
            for (int su = 0; su < 4; su++) x->gtop[g][su] = -1;
        }
        role[p] = x->m + 1 + g;
        pool[p] = x->npool;
        x->group[x->npool] = (int8_t)g;
        x->seat[x->npool] = s->hands[p];
        x->gcards[g] |= s->hands[p];
        x->gseats[g] |= bit(x->npool);
        for (int su = 0; su < 4; su++) {
            int8_t low = -1, *top = &x->gtop[g][su];
            for (u64 c = s->hands[p] & s->R->suit_masks[su]; c; c &= c - 1) {
                int card = low_card(c);
                if (*top < 0 || s->R->power[card] > s->R->power[*top]) *top = (int8_t)card;
                if (low < 0 || s->R->power[card] < s->R->power[low]) low = (int8_t)card;
            }
            x->low[x->npool][su] = low;
        }
        x->npool++;
    }
    if (pooled) {
        /* Every run holds every pool seat's cards, and no seat a duty. */
        u64 all = 0;
        int8_t top[4] = {-1, -1, -1, -1};
        for (int g = 0; g < x->ngroup; g++) all |= x->gcards[g];
        for (u64 c = all; c; c &= c - 1) {
            int card = low_card(c), su = s->R->suit[card];
            if (top[su] < 0 || s->R->power[card] > s->R->power[top[su]]) top[su] = (int8_t)card;
        }
        for (int g = 0; g < x->ngroup; g++) {
            x->gcards[g] = all;
            memcpy(x->gtop[g], top, sizeof top);
        }
        x->npool = 0;
    }
    x->start = s->done;
    for (int p = 0; p < n; p++)
        for (int j = 1, k = 0; j <= n; j++)
            if (role[(p + j) % n] <= x->m) x->order[role[p]][k++] = (int8_t)role[(p + j) % n];
}

static int pooled_holds(Search *s, int asker, u64 threats, int need, int steps);

/* The relaxed game played from where this search stands: a trick's start,
 * or within a trick (its cards so far stand). */
static int relaxed_from(Search *s, Relaxed *x, const int *role, const int *pool) {
    int left = s->tricks - s->done;
    if (!s->ntrick) return relaxed(x, role[s->leader], left);
    const int *trick = TRICK(s);
    int best = basic_winner(s->R, trick, s->ntrick);
    int who = role[turn_seat(s, best)];
    u64 played = 0;
    for (int j = 0; j < s->ntrick; j++) {
        int q = role[turn_seat(s, j)];
        if (q <= x->m) played |= bit(q);
        else x->exempt |= bit(pool[turn_seat(s, j)]);  /* a pool seat that has played */
    }
    x->lead_by = role[s->leader];
    x->led_at[0] = (int8_t)s->R->suit[trick[0]];
    x->led_pool[0] = (int8_t)(x->lead_by > x->m ? x->lead_by - x->m - 1 : -1);
    return relaxed_play(x, played, trick[0], who, trick[best], left);
}

/* The relaxed game of this search: the one seat ``asker`` against the seats
 * of ``threats`` wanting ``need`` tricks each, from a trick's start or from
 * within a trick (its cards so far stand; the pool may still add its
 * strongest card, as it may in any trick). 1 (with s->rel set): none
 * reaches them. The pooled game first: where it holds, so does this. */
static int relaxed_game(Search *s, int asker, u64 threats, int need) {
    int pooled = pooled_holds(s, asker, threats, need, RELAX_STEPS);
#ifndef JINK_CHECK
    if (pooled) return 1;
#endif
    Relaxed x;
    int role[MAXP], pool[MAXP];
    u64 rel = s->rel;
    relaxed_setup(s, &x, asker, threats, need, 0, role, pool);
#ifdef JINK_CHECK
    /* (the check plays it out: a game cut short would fail it) */
    if (pooled) x.plays = LONG_MAX;
#endif
    int r = relaxed_from(s, &x, role, pool);
#ifdef JINK_CHECK
    /* (tests: where the pooled game holds, so does this one) */
    if (pooled) {
        s->ctx->table->checks++;
        if (!r) s->ctx->table->check_failures++;
        s->rel = rel;
        return 1;
    }
#else
    (void)rel;
#endif
    if (!r) return 0;
    s->rel = x.rel;
    return 1;
}

static void depths(const Search *s, u64 rel, uint8_t *depth);

/* The pooled game played, giving up past ``steps`` (and past its cap on
 * cards: CAPPED_PLAYS where it is given fewer steps than RELAX_STEPS): 1 with
 * the cards it named in ``named`` where the asker holds. */
static int pooled_play(Search *s, int asker, u64 threats, int need, int steps, u64 *named) {
    Relaxed x;
    int role[MAXP], pool[MAXP];
    relaxed_setup(s, &x, asker, threats, need, 1, role, pool);
    s->ctx->games++;
    x.budget = steps;
    if (steps < RELAX_STEPS) x.plays = CAPPED_PLAYS;
    int r = relaxed_from(s, &x, role, pool);
    *named = x.rel;
    return r;
}

/* The game's own cards of a suit, best first (``game``: their places in
 * the suit, as pooled_key makes them: the asker's and the threats', the
 * trick's two, and the best pool card of each space between them, the one
 * the game plays). The card at place ``at`` among them (-1 past the end). */
static int game_card(const CRules *R, uint32_t game, int su, int at) {
    for (; at > 0 && game; at--) game &= game - 1;
    return game ? R->order[su][__builtin_ctz(game)] : -1;
}

/* The place of ``card`` among them (-1: not one of them). */
static int game_place(const CRules *R, uint32_t game, int card) {
    int place = R->place[card];
    if (!(game >> place & 1)) return -1;
    return popc(game & (((uint32_t)1 << place) - 1));
}

/* The pooled game's key for this position (see pooled_holds) into ``key``;
 * 0 where the game is too big to key. */
static int pooled_key(const Search *s, int asker, u64 threats, int need, u64 capped,
                      PgKey *key) {
    const CRules *R = s->R;
    u64 ours = s->hands[asker], own[3] = {0, 0, 0}, won = 0;
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
    int8_t whose[64];
    for (int p = 0; p < n; p++)
        if (p == asker || (threats >> p & 1))
            for (u64 h = s->hands[p]; h; h &= h - 1) whose[low_card(h)] = (int8_t)p;
    int i = 0;
    u64 word = 0;  /* (kept in a register: 16 cards a word) */
    for (u64 h = ours; h; h &= h - 1) {
        word |= (u64)whose[low_card(h)] << (4 * (i & 15));
        if ((++i & 15) == 0) { own[i / 16 - 1] = word; word = 0; }
    }
    if (i & 15) own[i / 16] = word;
    /* The kinds: suit by suit, the spaces between the game's own cards (by
     * their places in the suit) that hold a pool card. */
    u64 pool = s->live & ~ours & ~played, kinds = 0;
    if (s->ntrick) ours |= bit(trick[0]) | bit(trick[b]);
    for (int su = 0; su < 4; su++) {
        uint32_t a = 0, left = 0;  /* the suit's places of ours and of the pool's */
        for (u64 h = ours & R->suit_masks[su]; h; h &= h - 1)
            a |= (uint32_t)1 << R->place[low_card(h)];
        for (u64 h = pool & R->suit_masks[su]; h; h &= h - 1)
            left |= (uint32_t)1 << R->place[low_card(h)];
        /* space k: the places between the game's k-th card and its next;
         * the best pool card in it (the lowest place) is the one played */
        key->game[su] = a;
        for (int space = 0; left; space++, a &= a - 1) {
            uint32_t below = a ? (a & (0u - a)) - 1 : 0xffffffffu, in = left & below;
            if (in) {
                kinds |= (u64)1 << (16 * su + space);
                key->game[su] |= in & (0u - in);
                left &= ~below;
            }
        }
    }
    u64 rest = (u64)R->id | (u64)asker << 21 | (u64)(s->ntrick ? 0 : s->leader) << 25
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
    key->h = (size_t)mix(mix(mix(mix(ours, own[0] ^ own[1] ^ own[2]), rest ^ won), kinds),
                         trick_key);
    return 1;
}

/* The pooled game, played (or remembered) before each relaxed game: the
 * relaxed game made easier again for the opponents. Every run of pool seats
 * holds the cards of all the pool's seats, and none has a duty to follow:
 * what a seat or group may do in the relaxed game, its run may do here (lead
 * a card of the same kind, take a trick with a card as strong or stronger).
 * So where the asker holds here, it holds there. It reads of the pool's
 * cards only their kinds (which of the spaces between the asker's and the
 * threats' cards, suit by suit, hold one): where the same cards of the asker
 * and the threats meet the same kinds, it is the same game, however the
 * pool's cards lie among its seats. At nine seats, 97% of the relaxed games
 * a proof plays at trick starts have the asker's and the threats' cards, and
 * the pool's kinds, of one played before; so its answers are kept (PG_SLOTS)
 * for the table's life. Measured: -6% CPU at 7 players, -20% at 8, -6 to
 * -9% at 9, -15 to -21% at 10 (docs/performance.md).
 *
 * What an answer rests on is kept as a place among the game's own cards
 * (the asker's and the threats', and each kind's best, the one it plays),
 * suit by suit down to the lowest it named; a position with the same key
 * has those places too, and rests on the cards at them. 1: it holds (0: it
 * may not, or not within ``steps``, which the key holds too); with ``steps``
 * 0, only if the memory says so. */
static int pooled_holds(Search *s, int asker, u64 threats, int need, int steps) {
    const CRules *R = s->R;
    PgKey *key = &s->pg;
    /* (a game cut short, see spoil_early; a read only looks for the others) */
    u64 capped = (u64)(steps > 0 && steps < RELAX_STEPS) << 63;
    if (!(key->valid && key->at == s->ctx->nodes && key->asker == asker
          && key->threats == threats && key->need == need && (key->won & bit(63)) == capped)
        && !pooled_key(s, asker, threats, need, capped, key))
        return 0;
    u64 ours = key->ours;
    Memory *mem = s->ctx->table->memory;
    size_t h = key->h;
    PgSlot *slot = NULL;
    for (int k = 0; k < 4; k++) {
        PgSlot *e = &mem->pg[(h + (size_t)k) & (PG_SLOTS - 1)];
        if (!e->used) { if (!slot) slot = e; break; }
        if (e->cards == ours && e->own[0] == key->own[0] && e->own[1] == key->own[1]
            && e->own[2] == key->own[2] && e->rest == key->rest && e->won == key->won
            && e->kinds == key->kinds
            && e->trick == key->trick) {
            u64 rel = 0;  /* (a "no" rests on nothing: its places are not kept) */
            for (int su = 0; su < 4 && e->value; su++)
                if (e->mark[su] >= 0) {
                    /* (the same key has the same places: were one missing,
                     * resting on every card would still be sound) */
                    int card = game_card(R, key->game[su], su, e->mark[su]);
                    rel |= card >= 0 ? bit(card) : s->live;
                }
#ifdef JINK_CHECK
            /* (tests: the answer kept is the game's played here, resting on
             * the same cards down to the same places) */
            u64 again;
            int r = pooled_play(s, asker, threats, need, e->steps, &again);
            TableObject *t = s->ctx->table;
            t->checks++;
            if (r != e->value) t->check_failures++;
            else if (r) {
                uint8_t d1[4], d2[4];
                depths(s, rel, d1);
                depths(s, again, d2);
                if (memcmp(d1, d2, 4)) t->check_failures++;
            }
#endif
            if (!e->value) return 0;
            s->rel = rel;
            return 1;
        }
    }
    if (!steps) return 0;  /* (the memory read only) */
    if (!slot) slot = &mem->pg[(h + 3) & (PG_SLOTS - 1)];  /* the last probed, replaced */
    u64 named;
    int r = pooled_play(s, asker, threats, need, steps, &named);
    slot->used = 1;
    slot->cards = ours;
    memcpy(slot->own, key->own, sizeof key->own);
    slot->rest = key->rest;
    slot->won = key->won;
    slot->kinds = key->kinds;
    slot->trick = key->trick;
    slot->value = (uint8_t)r;
    slot->steps = (uint16_t)steps;
    memset(slot->mark, -1, sizeof slot->mark);
    if (!r) return 0;
    /* Suit by suit, the place of the lowest card it named: the answer rests
     * on the cards down to it. It names only the game's own cards (those
     * that took tricks, the asker's kept to); were one not, the answer would
     * stand for this position's set alone, and is not kept. */
    u64 rel = 0;
    for (int su = 0; su < 4; su++) {
        u64 mine = named & R->suit_masks[su];
        if (!mine) continue;
        int low = -1;
        for (int j = 0; j < R->norder[su]; j++)
            if (mine & bit(R->order[su][j])) low = R->order[su][j];
        int j = game_place(R, key->game[su], low);
        if (j < 0) {
            slot->value = 0;
            s->rel = named;
            return 1;
        }
        slot->mark[su] = (int8_t)j;
        rel |= bit(low);
    }
    s->rel = rel;
    return 1;
}

/* The one seat on ``side`` (1) or off it (0), or -1. */
static int lone_seat(const Search *s, int side) {
    int seat = -1;
    for (int p = 0; p < s->players; p++)
        if (s->on_side[p] == side) {
            if (seat >= 0) return -1;
            seat = p;
        }
    return seat;
}

/* Before the table, at a trick's start: a hand-over (three tricks left or
 * more) or a spoil of two threats or more (three left) that the pooled
 * game's memory settles, where the relaxed game would be asked after it: 1
 * or 0, or -1 (a miss: the table, and the games, as before). The memory is
 * small and near in the cache, the table large and far. Measured: -13% CPU
 * at 8 and 9 players, even at 10 (docs/performance.md). */
static int pooled_known(Search *s, u64 spoil_threats, int remaining) {
    int r = -1;
    if (s->goal == GOAL_HELPED && remaining >= 3) {
        int asker = lone_seat(s, 0);
        if (asker >= 0 && pooled_holds(s, asker, bit(s->goal_seat), s->k, 0)) r = 0;
    } else if (spoil_threats && remaining == 3) {
        int asker = lone_seat(s, 1);
        if (asker >= 0 && pooled_holds(s, asker, spoil_threats, POOL, 0)) r = 1;
    }
#ifdef JINK_CHECK
    s->ctx->table->known += r >= 0;
#endif
    return r;
}

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

/* A hand-over settled as "no" by the relaxed game (one asker). */
static int relaxed_fails(Search *s) {
    int asker = lone_seat(s, 0);
    return asker >= 0 && relaxed_game(s, asker, bit(s->goal_seat), s->k);
}

/* A spoil search settled as "yes" by the relaxed game (the asker one seat). */
static int relaxed_holds(Search *s, u64 threats) {
    int asker = lone_seat(s, 1);
    return asker >= 0 && relaxed_game(s, asker, threats, POOL);
}

/* The relaxed game within a trick (partition search), once the asker and
 * its threats have all played to it and only the pool's seats are left:
 * one game in place of every combination of their cards, and of the trick
 * starts they lead to. In the third trick from the end: in the second from
 * it, it costs more than it saves (measured, docs/performance.md). 1 or 0
 * where it settles the search, else -1. */
static int relaxed_mid(Search *s, int i) {
    int n = s->players, remaining = s->tricks - s->done;
    u64 threats = s->goal == GOAL_HELPED ? bit(s->goal_seat) : s->threats;
    if (!threats || remaining != 3) return -1;
    int asker = lone_seat(s, s->goal == GOAL_HELPED ? 0 : 1);
    if (asker < 0) return -1;
    u64 others = threats | bit(asker);
    if (!(others >> turn_seat(s, i - 1) & 1)) return -1;  /* (the first pool seat) */
    for (int j = i; j < n; j++)
        if (others >> turn_seat(s, j) & 1) return -1;
    if (s->goal == GOAL_HELPED) return relaxed_fails(s) ? 0 : -1;
    return relaxed_holds(s, threats) ? 1 : -1;
}

static int two_tricks_dp(Search *s) {
    Dp d;
    const CRules *R = s->R;
    Ctx *c = s->ctx;
    d.s = s;
    d.rel = 0;
    for (int p = 0; p < s->players; p++)
        for (u64 h = s->hands[p]; h; h &= h - 1) d.seat_of[low_card(h)] = p;
    if (++c->table->memory->dp_stamp == 0) {  /* wrapped: every slot is old */
        memset(c->table->memory->dp, 0, sizeof c->table->memory->dp);
        c->table->memory->dp_stamp = 1;
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

static int end_trick(Search *s) {
    const CRules *R = s->R;
    int n = s->players, leader = s->leader;
    const int *trick = TRICK(s);  /* kept: later tricks use later rows */
    int wi = winner(R, trick, n, s->done), w = turn_seat(s, wi);
    s->R = after_trick(R, trick, n, s->done);
    s->won[w]++;
    s->done++;
    s->ntrick = 0;
    s->leader = w;
    u64 live = s->live;
    for (int i = 0; i < n; i++) s->live ^= bit(trick[i]);
    int r = trick_start(s);
    s->live = live;
    s->leader = leader;
    s->ntrick = n;
    s->won[w]--;
    s->done--;
    s->R = R;
    s->rel |= by_rank(R, trick, n, wi);
    return r;
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

/* Whether seat p plays for the goal: a hand-over's seat; the side's seats. */
static int is_ours(const Search *s, int p) {
    return s->goal == GOAL_HELPED ? p == s->goal_seat : s->on_side[p];
}

/* The trumps held by the seats against the goal. */
static u64 opponents_trumps(const Search *s) {
    u64 theirs = 0;
    for (int p = 0; p < s->players; p++) if (!is_ours(s, p)) theirs |= s->hands[p];
    return theirs & s->R->trump_mask;
}

/* The trick being played (its ``i`` cards so far) settling a hand-over or a
 * max_tricks proof before its end (partition search; not the spoil, whose
 * several threats this does not follow): 1, 0, or -1 (open).
 *
 * Most positions a trick's end reaches at 9 and 10 seats are settled at once
 * by their sure tricks (sure()); this finds many of them while seats are
 * still to play, sparing the enumeration of those seats' cards.
 * - The goal's seat is taking the trick and no seat still to play can beat
 *   its card: that is its trick, and with its sure trump tricks (trump_tricks,
 *   for the side's seats that have played) enough for what it needs after.
 * - Every seat of the goal is beaten (it has played, or holds no legal card
 *   that takes the trick now: the best card only rises): it needs more
 *   tricks than are left after this one, or some other seat holds more
 *   trumps it cannot cover (as sure(): every card is played) than it can
 *   spare; a seat of the goal's side still to play may spend one of those
 *   trumps on this trick, and a seat against it only if it must play one.
 * - A max_tricks proof's seat holds sure trump tricks (trump_tricks) for
 *   what it needs after this trick, whoever takes it.
 * Measured: -30% nodes and -15% CPU at 9 players, -13% and -4% at 10; the
 * goal's seat beaten before it plays, and the other side keeping its trumps:
 * -14% more at 9; the goal's top trumps whoever takes the trick: -18% nodes
 * and -13% CPU more at 9; sure trump tricks in place of top trumps (here and
 * in sure()): -7 to -17% nodes and -3 to -8% CPU at 7 to 10 (docs/performance.md). */
static int settled_trick(Search *s, int i) {
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

/* For a spoil search at a trick's start, ``remaining`` tricks left: the
 * fewest tricks won each seat off its side must have to be a threat, one
 * that may still reach three (``floor``; past POOL for the side's seats).
 * The holder of the top trumps (``holder``, ``top``: as top_trumps) takes
 * those tricks from every other seat; and with partition search (a
 * technique of the core only: the port keeps the Python engine's nodes), so
 * do the trumps of others a seat cannot cover (lost_to_trumps), counted for
 * the seats that the first count leaves a threat with one trick more than
 * they have where ``more`` holds them, else with the tricks they have. */
static void threat_floors(const Search *s, int remaining, u64 more, int *floor, int *holder,
                          int *top) {
    const CRules *R = s->R;
    *holder = -1;
    *top = 0;
    if (R->always_legal) top_trumps(s, holder, top);
    int lost = s->partition && R->always_legal && R->trump >= 0, placed = 0;
    int places[MAXP][16], count[MAXP], most = 0, most_at = -1, next = 0;
    for (int p = 0; p < s->players; p++) {
        if (s->on_side[p]) { floor[p] = MAXT + POOL; continue; }
        int f = POOL - remaining + (p != *holder ? *top : 0);
        if (lost && s->won[p] + (int)(more >> p & 1) >= f) {
            if (!placed++)
                for (int q = 0; q < s->players; q++) {
                    count[q] = ranks(R, s->hands[q] & R->trump_mask, places[q]);
                    if (count[q] > most) { next = most; most = count[q]; most_at = q; }
                    else if (count[q] > next) next = count[q];
                }
            /* (a seat with no trump loses a trick to each of any other's) */
            int l = POOL - remaining + (count[p] ? lost_to_trumps(s, p, places, count)
                                        : p == most_at ? next : most);
            if (l > f) f = l;
        }
        floor[p] = f;
    }
}

/* The seats off the side with at least their floors (threat_floors) of
 * tricks won, ``extra`` (a seat, or -1) with one trick more. */
static u64 threats_over(const Search *s, const int *floor, int extra) {
    u64 threats = 0;
    for (int p = 0; p < s->players; p++)
        if (s->won[p] + (p == extra) >= floor[p]) threats |= bit(p);
    return threats;
}

/* A spoil search's threats at a trick's start, ``remaining`` tricks left. */
static u64 spoil_threats_of(const Search *s, int remaining, int *holder, int *top) {
    int floor[MAXP];
    threat_floors(s, remaining, 0, floor, holder, top);
    return threats_over(s, floor, -1);
}

/* The next trick's start, settled while seats are still to play to this
 * trick (partition search; a spoil, or a hand-over, with four tricks left
 * at this trick's start, the asker one seat): a pooled game (pooled_holds)
 * for each way the seats still to play may end the trick, in place of every
 * combination of their cards and the search of each next start. A way is
 * what the next start's game reads: the trumps spent (gone), the asker's
 * card, and who takes the trick (its threats follow from the trumps and
 * the tricks won alone: spoil_threats_of).
 * - A seat that cannot take the trick (the best card only rises) and, in a
 *   spoil, has no trick yet, is taken for a pool seat there (should it be a
 *   threat after all, with the trumps it keeps, there is no answer), whatever
 *   it plays of its cards not trumps. It keeps them all in the game; the
 *   pooled game gives every run of pool seats every pool card, never used
 *   up, so a card more only makes the pool stronger, and where the asker
 *   holds with it, it holds without. Its ways: a card not a trump, and
 *   each trump.
 * - Any other seat but the asker plays each of its cards (it may be a
 *   threat, whose cards the game plays as they are). One that takes the
 *   trick before the asker plays raises the card the asker must beat;
 *   after it, the seat is one more that may take the trick.
 * - The asker plays a card that holds in every way of the seats after it.
 * 1 or 0 where the asker holds in every way: it settles the search, resting
 * on the cards the games named, the asker's card and the cards that took
 * the trick before it, and the trick's best card (which none of the seats
 * taken for pool seats can beat). -1 where it does not apply (too many
 * ways, or a pool seat a threat after all); NEXT_FAILED where a game did
 * not hold (below, in this trick, it is not asked again). Measured: at 8 to
 * 10 seats -34 to -46% nodes and -12 to -33% CPU (9-player deal 57, seat
 * 7's spoil: 31.1 M nodes and 4.9 s against 3.4 M and 3.7 s); at 7, +18%
 * CPU (its games miss the pooled memory far more often), so from 8
 * (docs/performance.md). */
#if defined(JINK_CHECK_NEXT) && !defined(JINK_CHECK)
#error "JINK_CHECK_NEXT counts in the checking core's counters: define JINK_CHECK too"
#endif
#define NEXT_FAILED (-2)
#ifndef NEXT_FROM  /* (tests turn it off: tests/test_next.py) */
#define NEXT_FROM 8
#endif
#define NEXT_WAYS 32   /* the most ways of the seats still to play one node may take */
#define NEXT_GAMES 32  /* and the most games it may ask for */
typedef struct {
    int asker, helped, i, games, asked;
    u64 later, exact, rel;
} Next;

/* The next start's games once the seats still to play (from the ``j``-th)
 * have chosen (see next_start): the best card so far of power ``bp``, at
 * seat ``bseat``, and the seats ``plain`` that may yet take the trick with
 * a card of the suit led (after the asker: before it, each card that takes
 * is a way of its own, as the asker's answer may rest on it). 1: the asker
 * holds in each; else -1 or NEXT_FAILED. */
static int next_ways(Search *s, Next *x, int j, int bp, int bseat, u64 plain) {
    const CRules *R = s->R;
    const int *trick = TRICK(s);
    int n = s->players, led = R->suit[trick[0]];
    if (j == n) {
        /* the next start, as end_trick makes it (the same rules: a trump,
         * no face-down leads), the seats still to play holding their cards */
        u64 live = s->live, now = 0;
        int leader = s->leader, ntrick = s->ntrick, r = 1;
        for (int p = 0; p < n; p++) now |= s->hands[p];
        s->live = now;
        s->done++;
        s->ntrick = 0;
        u64 winners = plain | bit(bseat);
        int floor[MAXP], holder, top;
        if (!x->helped) threat_floors(s, 3, winners, floor, &holder, &top);
        for (u64 ws = winners; ws && r == 1; ws &= ws - 1) {
            int w = low_card(ws);
            if (++x->games > NEXT_GAMES) { r = -1; break; }
            s->won[w]++;
            s->leader = w;
            s->pg.valid = 0;  /* (its key was made elsewhere) */
            int st = status(s, 3);
            if (st >= 0) {
                r = st == !x->helped ? 1 : -1;
            } else {
                s->won[w]--;  /* (the floors count its trick) */
                u64 threats = x->helped ? bit(s->goal_seat) : threats_over(s, floor, w);
                s->won[w]++;
                if (threats & x->later & ~x->exact) r = -1;
                else if (threats && !pooled_holds(s, x->asker, threats,
                                                  x->helped ? s->k : POOL, RELAX_STEPS))
                    r = NEXT_FAILED;
                else if (threats)
                    x->rel |= s->rel;
            }
            s->pg.valid = 0;
            s->won[w]--;
        }
        s->ntrick = ntrick;
        s->done--;
        s->leader = leader;
        s->live = live;
        return r;
    }
    int q = turn_seat(s, j);
    u64 hand = s->hands[q], legal = legal_cards(R, hand, trick, x->i, s->done);
    if (q == x->asker) {
        /* the asker's card: one that holds is enough (its answer rests on
         * that card's place, which it may be taking the trick by) */
        int r = NEXT_FAILED;
        x->asked = 1;
        for (u64 c = legal; c && r != 1; c &= c - 1) {
            int card = low_card(c), over = takes(R, card, bp, led);
            u64 rel = x->rel;
            s->hands[q] = hand ^ bit(card);
            int rc = next_ways(s, x, j + 1, over ? R->power[card] : bp, over ? q : bseat, plain);
            s->hands[q] = hand;
            if (rc == 1) { x->rel |= bit(card); r = 1; }
            else { x->rel = rel; if (rc == -1) r = -1; }
        }
        x->asked = 0;
        return r;
    }
    if (x->exact >> q & 1) {
        /* a seat that may be a threat at the next start: each of its cards
         * (one that takes, after the asker, may be taking the trick) */
        for (u64 c = legal; c; c &= c - 1) {
            int card = low_card(c), above = takes(R, card, bp, led);
            int trump = R->power[card] > TRUMP_BASE, now = above && (trump || !x->asked);
            if (above && !trump && !x->asked) x->rel |= bit(card);
            s->hands[q] = hand ^ bit(card);
            int r = next_ways(s, x, j + 1, now ? R->power[card] : bp, now ? q : bseat,
                              now && trump ? 0 : plain | (above && !now ? bit(q) : 0));
            s->hands[q] = hand;
            if (r != 1) return r;
        }
        return 1;
    }
    /* A seat that cannot take the trick (next_start: the best only rises):
     * a card not a trump, the seat keeping its trumps, is one way; each
     * trump, gone at the next start, one more. */
    if (legal & ~R->trump_mask) {
        int r = next_ways(s, x, j + 1, bp, bseat, plain);
        if (r != 1) return r;
    }
    for (u64 c = legal & R->trump_mask; c; c &= c - 1) {
        s->hands[q] = hand ^ bit(low_card(c));
        int r = next_ways(s, x, j + 1, bp, bseat, plain);
        s->hands[q] = hand;
        if (r != 1) return r;
    }
    return 1;
}

/* (play asks it only from NEXT_FROM seats, with four tricks left at the trick's start) */
static int next_start(Search *s, int i) {
    const CRules *R = s->R;
    int n = s->players;
    if (!R->always_legal || R->forced > 0 || R->trump < 0 || R->follow != FOLLOW_OR_TRUMP)
        return -1;
    Next x;
    x.helped = s->goal == GOAL_HELPED;
    x.asker = lone_seat(s, x.helped ? 0 : 1);
    if (x.asker < 0) return -1;
    x.i = i;
    x.games = 0;
    x.later = x.exact = x.rel = 0;
    const int *trick = TRICK(s);
    int best = basic_winner(R, trick, i), bp = R->power[trick[best]];
    int ways = 1, at = n;  /* (the asker's place in the trick, where still to play) */
    for (int j = i; j < n; j++) {
        int q = turn_seat(s, j);
        if (x.helped && q == s->goal_seat) return -1;
        u64 legal = legal_cards(R, s->hands[q], trick, i, s->done);
        if (q == x.asker) {
            at = j;
            ways *= popc(legal);
        } else {
            x.later |= bit(q);
            /* (its cards exact: a seat that may take this trick, or in a
             * spoil has one already, may be a threat at the next start) */
            if ((!x.helped && s->won[q]) || can_take(s, legal, trick, i)) {
                x.exact |= bit(q);
                ways *= popc(legal);
            } else {
                ways *= popc(legal & R->trump_mask) + !!(legal & ~R->trump_mask);
            }
        }
        if (ways > NEXT_WAYS) return -1;  /* (before any game) */
    }
    x.asked = at == n;
    int r = next_ways(s, &x, i, bp, turn_seat(s, best), 0);
    if (r != 1) return r;
    /* (the trick's best card: no seat still to play but those above may beat it) */
    s->rel = x.rel | bit(trick[best]);
    return !x.helped;
}

static int play_on(Search *s, int i, int part);

static int play(Search *s) {
    Ctx *c = s->ctx;
    if (++c->nodes >= c->next_check && !check(c)) return 0;
    int i = s->ntrick, n = s->players;
    if (i == n) return end_trick(s);
    int part = partitioned(s);
    if (i && part && s->coalition >= 0 && !s->next_failed && n >= NEXT_FROM
        && s->tricks - s->done == 4) {
        int r = next_start(s, i);
#ifdef JINK_CHECK_NEXT
        /* (tests: the search below finds the same; tests/test_next.py) */
        if (r >= 0) {
            u64 rel = s->rel;
            s->next_failed = 1;
            int again = play_on(s, i, part);
            s->next_failed = 0;
            if (c->status) return 0;
            s->ctx->table->next_checks++;
            if (again != r) s->ctx->table->next_failures++;
            s->rel = rel;
        }
#endif
        if (r >= 0) return r;
        if (r == NEXT_FAILED) {
            s->next_failed = 1;
            r = play_on(s, i, part);
            s->next_failed = 0;
            return r;
        }
    }
    return play_on(s, i, part);
}

/* A card of the trick's ``i``-th seat, each of them in turn (see play). */
static int play_on(Search *s, int i, int part) {
    Ctx *c = s->ctx;
    int n = s->players;
    if (i && s->goal != GOAL_SPOIL && part) {
        int st = settled_trick(s, i);
        if (st >= 0) return st;
    }
    int seat = turn_seat(s, i);
    u64 hand = s->hands[seat];
    int *trick = TRICK(s);
    /* Mid-trick keys, kept up card by card from the trick's (see mid_key),
     * as far into the trick as a node may still probe the table. */
    const u64 *pkey = s->pkey;
    u64 kd[KEYW + 4], *key = kd, *detail = kd + KEYW;  /* as pkey: key, then detail */
    int mid = 0, need = 0;
    long long start = c->nodes;
    if (s->mid && i <= n - c->table->mid_left && i <= c->table->mid_last && n <= TRICK_SEAT
        && part) {
        s->pkey = kd;  /* the nodes below start from this key */
        if (!pkey) {
            mid_key(s, key, detail);
        } else {
            memcpy(kd, pkey, sizeof kd);
            if (i > 0) {
                const CRules *R = s->R;
                int c2 = trick[i - 1], by = turn_seat(s, i - 1), su = R->suit[c2];
                key[su] += ((u64)1 << (4 * TRICK_SEAT)) - ((u64)1 << (4 * by));
                detail[su] ^= (u64)(by ^ TRICK_SEAT) << (4 * popc(s->live & R->higher[c2]));
                key[5] = (key[5] & (((u64)1 << 48) - 1)) | mid_bits(s);
            }
        }
        mid = i >= c->table->mid_first;
    }
    if (mid) {
        need = need_of(s);
        TableObject *t = c->table;
        t->lookups++;
        const Entry *hit = table_settles(t, key, detail, need);
        if (hit) {
            t->hits++;
            s->rel = depth_cards(s, hit->depth);
            s->pkey = pkey;
            return hit->lo >= need;
        }
    }
    if (part && i && s->coalition >= 0) {
        int rx = relaxed_mid(s, i);
        if (rx >= 0) { s->pkey = pkey; return rx; }
    }
    u64 legal = legal_cards(s->R, hand, trick, i, s->done);
    int maximizing = s->on_side[seat];
    int order[MAXC];
    int m = order_moves(s, seat, legal, maximizing, order);
    if (s->narrow && i && maximizing == s->coalition && !can_take(s, legal, trick, i))
        m = 1;  /* a throw-away: the lowest card only */
    u64 rel = 0;
    /* The cards searched without a cut and what their answers rested on: a
     * later card they stand for (stands_for) need not be searched. */
    int nsib = 0, sib[MAXC];
    u64 sib_rel[MAXC];
    int led = -1, best = 0, bp = 0;
    if (part && i) {
        led = s->R->suit[trick[0]];
        best = basic_winner(s->R, trick, i);
        bp = s->R->power[trick[best]];
    }
    /* Cheap tries first: the coalition's cards near the search's start are
     * tried under a cap on nodes, growing by WIDEN_GROWTH a round, until one
     * of them gets there or all have failed; one left open is searched
     * uncapped. There a wrong first card costs a whole proof that the asker
     * holds below it (9-player deal 118, seat 4's spoil: 69 M of its 74 M
     * nodes, on the first lead's three wrong cards), and most of what a try
     * cut short has searched is in the table for the next. Never inside
     * another try's cap (c->cap set): nested, their waste multiplied. */
    int widen = i < WIDEN_PLAYS && s->done - c->root_done < WIDEN_TRICKS && part && m > 1
                && s->coalition >= 0 && maximizing == s->coalition && !s->narrow
                && c->cap < 0;
    u64 open = ((u64)1 << m) - 1;  /* (m <= the cards of a hand) */
    long long width = WIDEN_FIRST;
round:  /* (again over the cards still open, each under a wider cap) */
    for (int j = 0; j < m; j++) {
        if (!(open >> j & 1)) continue;
        open &= ~((u64)1 << j);
        int card = order[j], k = 0;
        while (k < nsib && !stands_for(s->R, sib[k], card, sib_rel[k], i, bp, led)) k++;
        if (k < nsib) {
            /* it rests on the same cards, and on the trick's best card
             * ranking above both where it is of their suit */
            rel |= sib_rel[k];
            if (i && s->R->suit[trick[best]] == s->R->suit[card]) rel |= bit(trick[best]);
            if (sib_rel[k] & hand & s->R->suit_masks[s->R->suit[card]]) {
                u64 group = group_of(s, hand, card);
                if (sib_rel[k] & group) rel |= group;
            }
            continue;
        }
        int capped = widen && open;  /* (the last card open runs uncapped) */
        if (capped) {
            c->cap = c->nodes + width;
            if (c->next_check > c->cap + 1) c->next_check = c->cap + 1;
        }
        s->hands[seat] = hand ^ bit(card);
        trick[i] = card;
        s->ntrick = i + 1;
        int r = play(s);
        s->ntrick = i;
        s->hands[seat] = hand;
        if (capped) c->cap = -1;
        if (c->status == ST_CAP && capped) {
            /* (this try's cap: below, every node hands it up) open for the
             * next round */
            c->status = ST_OK;
            open |= (u64)1 << j;
            continue;
        }
        if (c->status) { s->pkey = pkey; return 0; }
        /* The card stood for its group: if the answer rests on the place of
         * any of them, it rests on all of theirs (the group is within the
         * seat's cards of the suit: mostly there is nothing to look up).
         * Without partition search, trick_start reads no answer's cards. */
        if (s->partition) {
            rel |= s->rel;
            if (s->rel & hand & s->R->suit_masks[s->R->suit[card]]) {
                u64 group = group_of(s, hand, card);
                if (s->rel & group) rel |= group;
            }
        }
        if (part) { sib[nsib] = card; sib_rel[nsib++] = s->rel; }
        if (r == maximizing) {
            s->rel = rel;
            s->pkey = pkey;
            if (mid && c->nodes - start >= MID_MIN_NODES)
                store(s, key, detail, 1, need, r, c->nodes - start);
            return r;
        }
    }
    if (open) {
        width *= WIDEN_GROWTH;
        goto round;
    }
    s->rel = rel;
    s->pkey = pkey;
    if (mid && c->nodes - start >= MID_MIN_NODES)
        store(s, key, detail, 1, need, !maximizing, c->nodes - start);
    return !maximizing;
}

/* The table key: hands up to relative rank (or exact), leader, rules,
 * question (goal family, side, narrow) and the part of won the goal needs.
 * Called at trick starts only, where the live cards are the hands'.
 *
 * The hot loop counts bits: where the CPU may lack popcnt (x86-64's
 * baseline), GCC builds it twice and picks one at load time. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
__attribute__((target_clones("popcnt", "default")))
#endif
static void key_hands(const CRules *R, const u64 *hands, int players, u64 live, u64 *key,
                      u64 *detail) {
    u64 w[4] = {0, 0, 0, 0};
    if (detail || R->relative) {
        /* Per suit, the holders of its live cards best first, a nibble each. */
        for (int p = 0; p < players; p++)
            for (u64 h = hands[p]; h; h &= h - 1) {
                int c = __builtin_ctzll(h);
                w[R->suit[c]] |= (u64)p << (4 * __builtin_popcountll(live & R->higher[c]));
            }
    }
    if (detail) {
        /* Partition search: the key holds each seat's count of each suit, the
         * detail the holders; an entry matches on as many of those as its
         * answer rested on. */
        for (int su = 0; su < 4; su++) {
            u64 counts = 0;
            for (int p = 0; p < players; p++)
                counts |= (u64)__builtin_popcountll(hands[p] & R->suit_masks[su]) << (4 * p);
            key[su] = counts;
            detail[su] = w[su];
        }
        key[4] = (u64)__builtin_popcountll(live & R->privileged);
        return;
    }
    if (R->relative) {
        /* The holders and, per suit, their number: the same information as
         * search.py's shape (each card's suit and place among the live cards
         * of its suit). */
        for (int su = 0; su < 4; su++)
            w[su] |= (u64)__builtin_popcountll(live & R->suit_masks[su]) << 56;
        key[4] = (u64)__builtin_popcountll(live & R->privileged);
    } else {
        /* Exact: each card's holder at its place, and which cards are live. */
        for (int p = 0; p < players; p++)
            for (u64 h = hands[p]; h; h &= h - 1) {
                int c = __builtin_ctzll(h);
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
            if (!s->on_side[p] && w + remaining >= POOL) g |= (u64)w << (3 * p);
        }
        key[6] = g;
    }
}

static void make_key(const Search *s, int remaining, u64 *key, u64 *detail) {
    key_hands(s->R, s->hands, s->players, s->live, key, detail);
    key_rest(s, remaining, key);
}

static void init_search(Search *s, Ctx *c, const CRules *R, int players, int tricks,
                        u64 side_mask, int goal, int k, int goal_seat, int narrow) {
    s->ctx = c;
    s->R = R;
    s->players = players;
    s->tricks = tricks;
    s->side_mask = side_mask;
    for (int p = 0; p < MAXP; p++) s->on_side[p] = (int)((side_mask >> p) & 1);
    s->goal = goal;
    s->k = k;
    s->goal_seat = goal_seat;
    s->narrow = narrow;
    s->coalition = goal == GOAL_SPOIL ? 0 : goal == GOAL_HELPED ? 1 : -1;
    s->fixed_target = goal == GOAL_HELPED ? goal_seat : -1;
    s->target = -1;
    s->threats = 0;
    s->ntrick = 0;
    s->live = 0;
    s->partition = c->table->partition;
    s->pkey = NULL;
    s->mid = c->table->partition && players >= c->table->mid_from;
    s->rel = 0;
    s->pg.valid = 0;
    s->next_failed = 0;
}

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
    int fresh;
    Entry *e = probe(t, key, detail, depth, &fresh);
    if (fresh) {
        memcpy(e->key, key, sizeof e->key);
        memcpy(e->detail, detail, sizeof e->detail);
        memcpy(e->depth, depth, sizeof e->depth);
        e->lo = 0;
        e->hi = (uint8_t)(s->tricks - s->done);
        e->effort = 0;
        t->count++;
        if (t->count > t->cap) {
            t->flushes++;
            table_purge(t);  /* this entry may be gone or moved: its bound is lost */
            return;
        }
        if (t->count * 2 > t->nslots && t->nslots < t->max_slots) {
            table_make_room(t);  /* moves the entries: find this one again */
            e = probe(t, key, detail, depth, &fresh);
        }
    }
    int effort = 0;  /* log2 of the nodes, as a search that improves a bound adds to it */
    while (nodes > 1 && effort < MAX_EFFORT) { nodes >>= 1; effort++; }
    if (effort > e->effort) e->effort = (uint8_t)effort;
    if (result) {
        if (need > e->lo) e->lo = (uint8_t)need;
    } else if (need - 1 < (int)e->hi) {
        e->hi = (uint8_t)(need - 1);
    }
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

static int trick_start(Search *s) {
    Ctx *c = s->ctx;
    const CRules *R = s->R;
    int remaining = s->tricks - s->done;
    int st = status(s, remaining);
    int part = partitioned(s);
    /* Answers settled before any search rest on no card's place, or (where
     * entries stand for single positions) on every card's. */
    s->rel = part ? 0 : s->live;
    if (st >= 0) return st;
    if (remaining == 1) {
        int r = last_trick(s);
        if (!part) s->rel = s->live;
        return r;
    }
    int holder = -1, top = 0, have_top = 0;
    u64 spoil_threats = 0;  /* (a spoil search's threats, two or more) */
    if (s->coalition == 0) {
        /* Nobody but the holder of the top trumps can reach three in the
         * tricks left over: no threat, the spoil holds; one, hand over. */
        u64 threat_mask = spoil_threats_of(s, remaining, &holder, &top);
        have_top = 1;
        if (!threat_mask) return 1;
        spoil_threats = threat_mask;
        if (!(threat_mask & (threat_mask - 1))) {
            int threat = low_card(threat_mask);
            Search h;
            u64 all = bit(s->players) - 1;
            init_search(&h, c, R, s->players, s->tricks, all & ~s->side_mask, GOAL_HELPED,
                        POOL, threat, s->narrow);
            memcpy(h.hands, s->hands, sizeof h.hands);
            memcpy(h.won, s->won, sizeof h.won);
            h.leader = s->leader;
            h.done = s->done;
            h.live = s->live;
            h.target = threat;
            h.partition = s->partition;
            h.mid = s->mid;
            int r = trick_start(&h);
            s->rel = part ? h.rel : s->live;
            return c->status ? 0 : !r;
        }
    }
    int need = need_of(s);
    /* With partition search the sure tricks come before the table: they
     * settle most of the positions a trick's end reaches (at 9 players, 97%
     * of those the table does not know), for less than a probe's cache miss,
     * and such answers then take no room in the table. Measured: -41% CPU
     * at 9 players, -27% at 8 (docs/performance.md). The port keeps the
     * Python engine's order, the table first. */
    int result = -1;
    long long start0 = c->nodes;
    if (R->always_legal && s->partition) {
        result = sure(s, need, remaining, have_top, holder, top);
        if (result >= 0) return result;  /* resting on no card's place (above) */
    }
    if (part) {
        result = pooled_known(s, spoil_threats, remaining);
        if (result >= 0) return result;  /* (kept there: not stored again) */
    }
    u64 kd[KEYW + 4] = {0}, *key = kd, *detail = kd + KEYW;  /* as pkey: key, then detail */
    make_key(s, remaining, key, part ? detail : NULL);
    TableObject *t = c->table;
    t->lookups++;
    const Entry *hit = table_settles(t, key, detail, need);
    if (hit) {
        t->hits++;
        s->rel = part ? depth_cards(s, hit->depth) : s->live;
        return hit->lo >= need;
    }
    if (R->always_legal && !s->partition) result = sure(s, need, remaining, have_top, holder, top);
    /* (with two tricks left the two-trick paths are cheaper) */
    if (result < 0 && part && s->goal == GOAL_HELPED && remaining >= 3 && relaxed_fails(s))
        result = 0;
    /* (from four tricks left it costs more than it saves: measured) */
    if (result < 0 && part && spoil_threats && remaining == 3 && relaxed_holds(s, spoil_threats))
        result = 1;
    if (result < 0 && part && spoil_early(s, spoil_threats, remaining)) result = 1;
    if (result < 0 && remaining == 2) {
        int trick[MAXP];
        /* (by states where the last trick keeps this one's rules) */
        result = part && s->mid && !(R->forced > 0 && R->after_forced) ? two_tricks_dp(s)
                                                                      : two_tricks(s, trick, 0);
    }
    if (result < 0) {
        int target = s->target;
        u64 threats = s->threats;
        const u64 *pkey = s->pkey;
        s->pkey = part ? kd : NULL;  /* the mid-trick keys start from this one */
        if (s->coalition >= 0) s->target = target_of(s);
        s->threats = spoil_threats;
        result = play(s);
        s->threats = threats;
        s->target = target;
        s->pkey = pkey;
    }
    if (c->status) return 0;  /* no answer: nothing is stored */
    if (!part) s->rel = s->live;
    store(s, key, detail, part, need, result, c->nodes - start0);
    return result;
}

/* ----------------------------------------------------------- Python types -- */

static int read_u64s(PyObject *seq, u64 *out, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) { Py_DECREF(fast); return -1; }
    }
    Py_DECREF(fast);
    return 0;
}

static int read_ints(PyObject *seq, int *out, Py_ssize_t max, Py_ssize_t *n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > max || (n == NULL && len != max)) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd items (at most %zd)", what, len, max);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = (int)v;
    }
    if (n) *n = len;
    Py_DECREF(fast);
    return 0;
}

static PyObject *Rules_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    (void)kw;
    PyObject *power, *suit, *masks, *renege, *low, *ords;
    int id, trump, follow, lead_from, lead_until, forced, arriving, always, relative;
    unsigned long long trump_mask, privileged;
    if (!PyArg_ParseTuple(args, "iOOOiKKOiiiiOiiiO", &id, &power, &suit, &masks, &trump,
                          &trump_mask, &privileged, &renege, &follow, &lead_from, &lead_until,
                          &forced, &low, &arriving, &always, &relative, &ords))
        return NULL;
    RulesObject *self = (RulesObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    CRules *R = &self->r;
    Py_ssize_t nlow;
    R->id = id;
    R->trump = trump;
    R->trump_mask = trump_mask;
    R->privileged = privileged;
    R->follow = follow;
    R->lead_from = lead_from;
    R->lead_until = lead_until;
    R->forced = forced;
    R->arriving = arriving;
    R->always_legal = always;
    R->relative = relative;
    if (read_ints(power, R->power, MAXC, NULL, "power") < 0
        || read_ints(suit, R->suit, MAXC, NULL, "suit") < 0
        || read_u64s(masks, R->suit_masks, 4, "suit_masks") < 0
        || read_u64s(renege, R->renege_above, MAXC, "renege_above") < 0)
        goto fail;
    {
        PyObject *fast = PySequence_Fast(low, "low_first");
        if (!fast) goto fail;
        nlow = PySequence_Fast_GET_SIZE(fast);
        Py_DECREF(fast);
        if (nlow > 16) { PyErr_SetString(PyExc_ValueError, "low_first: too many"); goto fail; }
        if (read_u64s(low, R->low_first, nlow, "low_first") < 0) goto fail;
        R->nlow = (int)nlow;
    }
    {
        PyObject *fast = PySequence_Fast(ords, "orders");
        if (!fast) goto fail;
        if (PySequence_Fast_GET_SIZE(fast) != 4) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "orders: four suits");
            goto fail;
        }
        for (int su = 0; su < 4; su++) {
            Py_ssize_t n;
            if (read_ints(PySequence_Fast_GET_ITEM(fast, su), R->order[su], 16, &n,
                          "order") < 0) {
                Py_DECREF(fast);
                goto fail;
            }
            R->norder[su] = (int)n;
            u64 better = 0;
            for (int i = 0; i < n; i++) {
                int c = R->order[su][i];
                if (c < 0 || c >= MAXC) {
                    Py_DECREF(fast);
                    PyErr_SetString(PyExc_ValueError, "order: not a card");
                    goto fail;
                }
                R->higher[c] = better;
                R->place[c] = i;
                better |= bit(c);
            }
        }
        Py_DECREF(fast);
    }
    if (trump >= 4 || arriving >= 4 || (trump >= 0 && R->norder[trump] == 0)) {
        PyErr_SetString(PyExc_ValueError, "bad trump or arriving suit");
        goto fail;
    }
    for (int c = 0; c < MAXC; c++)
        if (R->suit[c] < -1 || R->suit[c] >= 4) {
            PyErr_SetString(PyExc_ValueError, "suit: out of range");
            goto fail;
        }
    /* Every card by power, strongest first, the lower card first among equals
     * (as search.py's stable sort of a hand in card order). */
    for (int c = 0; c < MAXC; c++) {
        int j = c;
        while (j > 0 && R->power[R->by_strength[j - 1]] < R->power[c]) {
            R->by_strength[j] = R->by_strength[j - 1];
            j--;
        }
        R->by_strength[j] = c;
    }
    for (int i = 0; i < MAXC; i++) R->strength[R->by_strength[i]] = i;
    return (PyObject *)self;
fail:
    Py_DECREF(self);
    return NULL;
}

static PyObject *Rules_link(RulesObject *self, PyObject *args) {
    PyObject *on_void, *after_forced;
    if (!PyArg_ParseTuple(args, "OO", &on_void, &after_forced)) return NULL;
    PyTypeObject *type = Py_TYPE(self);
    if ((on_void != Py_None && Py_TYPE(on_void) != type)
        || (after_forced != Py_None && Py_TYPE(after_forced) != type)) {
        PyErr_SetString(PyExc_TypeError, "link: Rules or None");
        return NULL;
    }
    Py_XSETREF(self->on_void, on_void == Py_None ? NULL : Py_NewRef(on_void));
    Py_XSETREF(self->after_forced, after_forced == Py_None ? NULL : Py_NewRef(after_forced));
    self->r.on_void = self->on_void ? &((RulesObject *)self->on_void)->r : NULL;
    self->r.after_forced = self->after_forced ? &((RulesObject *)self->after_forced)->r : NULL;
    Py_RETURN_NONE;
}

static int Rules_traverse(RulesObject *self, visitproc visit, void *arg) {
    Py_VISIT(self->on_void);
    Py_VISIT(self->after_forced);
    return 0;
}

static int Rules_clear(RulesObject *self) {
    Py_CLEAR(self->on_void);
    Py_CLEAR(self->after_forced);
    self->r.on_void = self->r.after_forced = NULL;
    return 0;
}

static void Rules_dealloc(RulesObject *self) {
    PyObject_GC_UnTrack(self);
    Rules_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Rules_legal(RulesObject *self, PyObject *args) {
    unsigned long long hand;
    PyObject *trick_obj;
    int done;
    int trick[MAXP];
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "KOi", &hand, &trick_obj, &done)) return NULL;
    if (read_ints(trick_obj, trick, MAXP, &n, "trick") < 0) return NULL;
    return PyLong_FromUnsignedLongLong(legal_cards(&self->r, hand, trick, (int)n, done));
}

static PyObject *Rules_winner(RulesObject *self, PyObject *args) {
    PyObject *trick_obj;
    int done;
    int trick[MAXP];
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "Oi", &trick_obj, &done)) return NULL;
    if (read_ints(trick_obj, trick, MAXP, &n, "trick") < 0) return NULL;
    if (n < 1) { PyErr_SetString(PyExc_ValueError, "winner: empty trick"); return NULL; }
    return PyLong_FromLong(winner(&self->r, trick, (int)n, done));
}

static PyMethodDef Rules_methods[] = {
    {"link", (PyCFunction)Rules_link, METH_VARARGS,
     "link(on_void, after_forced): the rules after a void trick / the forced leads"},
    {"legal", (PyCFunction)Rules_legal, METH_VARARGS,
     "legal(hand, trick, tricks_done): the legal cards, as the search sees them"},
    {"winner", (PyCFunction)Rules_winner, METH_VARARGS,
     "winner(trick, tricks_done): the index of the card taking the trick"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jink.solver._core.Rules",
    .tp_basicsize = sizeof(RulesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "One bound Rules flattened for the search (see jink.solver.native).",
    .tp_new = Rules_new,
    .tp_dealloc = (destructor)Rules_dealloc,
    .tp_traverse = (traverseproc)Rules_traverse,
    .tp_clear = (inquiry)Rules_clear,
    .tp_methods = Rules_methods,
};

static PyObject *Table_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *names[] = {"memory_mb", "partition", "mid_from", "mid_first", "mid_left",
                            "mid_last", "relax_groups", NULL};
    double memory_mb;
    int partition = 1, mid_from = MID_FROM, mid_first = MID_FIRST, mid_left = MID_LEFT;
    int mid_last = MID_LAST, relax_groups = RELAX_GROUPS;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "d|piiiii", names, &memory_mb, &partition,
                                     &mid_from, &mid_first, &mid_left, &mid_last,
                                     &relax_groups))
        return NULL;
    if (mid_first < 1 || mid_left < 1 || mid_last < mid_first) {
        PyErr_SetString(PyExc_ValueError, "mid-trick entries start after a card, end before "
                                          "the last and not before they start");
        return NULL;
    }
    if (!(memory_mb > 0)) {
        PyErr_SetString(PyExc_ValueError, "the table's memory cap must be positive");
        return NULL;
    }
    TableObject *self = (TableObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    double bytes = memory_mb * 1e6;
    size_t slots = 16;
    while ((double)(slots * 2) * (double)(sizeof(Entry) + sizeof(uint16_t)) <= bytes
           && slots < ((size_t)1 << 40))
        slots *= 2;
    self->max_slots = slots;
    self->cap = full_load(slots);
    self->partition = partition;
    self->mid_from = mid_from;
    self->mid_first = mid_first;
    self->mid_left = mid_left;
    self->mid_last = mid_last;
    self->relax_groups = relax_groups;
    self->memory = calloc(1, sizeof(Memory));
    if (!self->memory || table_reset(self) < 0) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void Table_dealloc(TableObject *self) {
    free(self->memory);
    free(self->slots);
    free(self->tags);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Table_stats(TableObject *self, PyObject *unused) {
    (void)unused;
#ifdef JINK_CHECK
    return Py_BuildValue("{s:n,s:L,s:L,s:L,s:n,s:n,s:L,s:L,s:L,s:L,s:L}", "entries",
                         (Py_ssize_t)self->count, "lookups", self->lookups, "hits", self->hits,
                         "flushes", self->flushes, "cap_entries", (Py_ssize_t)self->cap,
                         "entry_bytes", (Py_ssize_t)sizeof(Entry), "checks", self->checks,
                         "check_failures", self->check_failures, "known", self->known,
                         "next_checks", self->next_checks,
                         "next_failures", self->next_failures);
#else
    return Py_BuildValue("{s:n,s:L,s:L,s:L,s:n,s:n}", "entries", (Py_ssize_t)self->count,
                         "lookups", self->lookups, "hits", self->hits,
                         "flushes", self->flushes, "cap_entries", (Py_ssize_t)self->cap,
                         "entry_bytes", (Py_ssize_t)sizeof(Entry));
#endif
}

/* prove(rules, players, tricks, side_mask, goal, k, goal_seat, narrow, hands,
 *       leader, trick, won, nodes, next_check, node_limit, time_limit, elapsed)
 * -> (stopped, result, nodes, next_check) */
static PyObject *Table_prove(TableObject *self, PyObject *args) {
    PyObject *rules_obj, *hands_obj, *trick_obj, *won_obj;
    int players, tricks, goal, k, goal_seat, narrow, leader;
    unsigned long long side_mask;
    long long nodes, next_check, node_limit;
    double time_limit, elapsed;
    if (!PyArg_ParseTuple(args, "O!iiKiiiiOiOOLLLdd", &RulesType, &rules_obj, &players,
                          &tricks, &side_mask, &goal, &k, &goal_seat, &narrow, &hands_obj,
                          &leader, &trick_obj, &won_obj, &nodes, &next_check, &node_limit,
                          &time_limit, &elapsed))
        return NULL;
    if (players < 2 || players > MAXP || tricks < 1 || tricks > MAXT || leader < 0
        || leader >= players
        || goal < 0 || goal > 2 || (goal == GOAL_HELPED && (goal_seat < 0 || goal_seat >= players))
        || side_mask == 0 || side_mask >> players) {
        PyErr_SetString(PyExc_ValueError, "prove: bad arguments");
        return NULL;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this table is searching in another thread");
        return NULL;
    }
    Ctx c;
    memset(&c, 0, sizeof c);
    c.table = self;
    c.nodes = nodes;
    c.next_check = next_check;
    c.node_limit = node_limit;
    c.cap = -1;
    c.time_limit = time_limit;
    c.elapsed0 = elapsed;
    Search s;
    init_search(&s, &c, &((RulesObject *)rules_obj)->r, players, tricks, side_mask, goal, k,
                goal_seat, narrow);
    u64 hands[MAXP];
    int won[MAXP];
    Py_ssize_t n;
    if (read_u64s(hands_obj, hands, players, "hands") < 0
        || read_ints(won_obj, won, players, &n, "won") < 0)
        return NULL;
    if (n != players) { PyErr_SetString(PyExc_ValueError, "won: one per seat"); return NULL; }
    int trick[MAXP];
    if (read_ints(trick_obj, trick, players - 1, &n, "trick") < 0) return NULL;
    s.ntrick = (int)n;
    memcpy(s.hands, hands, sizeof(u64) * (size_t)players);
    memcpy(s.won, won, sizeof(int) * (size_t)players);
    s.leader = leader;
    u64 live = 0, seen = 0;
    int done = 0, cards = -1;
    for (int p = 0; p < players; p++) {
        if (hands[p] >> MAXC || (hands[p] & seen)) {
            PyErr_SetString(PyExc_ValueError, "prove: hands overlap or hold no card");
            return NULL;
        }
        seen |= hands[p];
        live |= hands[p];
        done += won[p];
        /* every seat still to play this trick holds one card more */
        int held = popc(hands[p]) - (((p - leader + players) % players) < n ? 0 : 1);
        if (cards < 0) cards = held;
        if (held != cards) {
            PyErr_SetString(PyExc_ValueError, "prove: hands of different sizes");
            return NULL;
        }
    }
    for (int i = 0; i < n; i++) {
        if (trick[i] < 0 || trick[i] >= MAXC || (live & bit(trick[i]))) {
            PyErr_SetString(PyExc_ValueError, "prove: a card of the trick is held");
            return NULL;
        }
        live |= bit(trick[i]);
    }
    for (int c2 = 0; c2 < MAXC; c2++)
        if ((live & bit(c2)) && s.R->suit[c2] < 0) {
            PyErr_SetString(PyExc_ValueError, "prove: a card not in this deck");
            return NULL;
        }
    if (done + cards + 1 != tricks) {
        PyErr_SetString(PyExc_ValueError, "prove: tricks won and cards held disagree");
        return NULL;
    }
    s.done = done;
    c.root_done = done;
    for (int i = 0; i < n; i++) s.rows[done][i] = trick[i];
    s.live = live;
    if (s.coalition >= 0) s.target = target_of(&s);
    self->busy = 1;
    clock_gettime(CLOCK_MONOTONIC, &c.t0);
    c.last_signal_ns = now_ns();
    c.ts = PyEval_SaveThread();
    int result = s.ntrick == 0 ? trick_start(&s) : play(&s);
    PyEval_RestoreThread(c.ts);
    self->busy = 0;
    if (c.status == ST_SIGNAL) return NULL;  /* the handler's exception is set */
    return Py_BuildValue("(iiLL)", c.status == ST_LIMIT, c.status ? 0 : result, c.nodes,
                         c.next_check);
}

static PyObject *Table_clear(TableObject *self, PyObject *unused) {
    (void)unused;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this table is searching in another thread");
        return NULL;
    }
    if (table_reset(self) < 0) return PyErr_NoMemory();
    memset(self->memory->pg, 0, sizeof self->memory->pg);  /* (as new: the same nodes) */
    Py_RETURN_NONE;
}

static PyMethodDef Table_methods[] = {
    {"prove", (PyCFunction)Table_prove, METH_VARARGS,
     "prove(...) -> (stopped, result, nodes, next_check): one proof (see native.py)"},
    {"stats", (PyCFunction)Table_stats, METH_NOARGS, "entries, lookups, hits, flushes, cap"},
    {"clear", (PyCFunction)Table_clear, METH_NOARGS, "empty the table"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jink.solver._core.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Table(memory_mb): the bounds table, and the search that fills it.",
    .tp_new = Table_new,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
};

static struct PyModuleDef coremodule = {
    PyModuleDef_HEAD_INIT, "_core",
    "The compiled double-dummy search (see jink.solver.native).", -1,
    NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&RulesType) < 0 || PyType_Ready(&TableType) < 0) return NULL;
    PyObject *m = PyModule_Create(&coremodule);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Rules", (PyObject *)&RulesType) < 0
        || PyModule_AddObjectRef(m, "Table", (PyObject *)&TableType) < 0
        || PyModule_AddIntConstant(m, "MAX_PLAYERS", MAXP) < 0
        || PyModule_AddIntConstant(m, "CHECK_EVERY", CHECK_EVERY) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

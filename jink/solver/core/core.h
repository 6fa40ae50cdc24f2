/*
 * The core's types and constants, and every function declared once: the
 * kernel's cards, rules, table and search state, and the small memories the
 * settlers keep with the table. The files of core/ are one translation unit
 * (jink/solver/_core.c includes them in order), so everything is static.
 *
 * A port of jink/solver/search.py (the reference): without partition search
 * and with the settlers the reference has (sure, threats, two, order), it
 * visits the reference's very nodes. Partition search (table entries that
 * stand for sets of positions: see partition.c) and the other settlers are
 * the core's own.
 */
#ifndef JINK_CORE_H
#define JINK_CORE_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

/* Threads (threads.c): POSIX threads and C11 atomics where the platform has
 * both; elsewhere (Windows) a search runs on one thread whatever it is
 * asked, and the atomics below are plain reads and writes. A build with
 * JINK_PORTABLE takes that branch too (tests/test_portable_core.py). */
#if !defined(_WIN32) && !defined(__STDC_NO_ATOMICS__) && !defined(JINK_PORTABLE)
#define JINK_THREADS 1
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
typedef _Atomic uint16_t atag;
typedef _Atomic uint64_t asig;
typedef _Atomic size_t acount;
typedef _Atomic long long acounter;
typedef _Atomic int aflag;
#define LOAD(p) atomic_load_explicit((p), memory_order_relaxed)
#define STORE(p, v) atomic_store_explicit((p), (v), memory_order_relaxed)
#else
#define JINK_THREADS 0
typedef uint16_t atag;
typedef uint64_t asig;
typedef size_t acount;
typedef long long acounter;
typedef int aflag;
#define LOAD(p) (*(p))
#define STORE(p, v) (*(p) = (v))
#endif
#define MAX_THREADS 64   /* threads on one proof, at most */
#define SHARE_TRICKS 2   /* the proof's first tricks whose cards threads share out (threads.c) */

/* Big memory (table.c: big_alloc): on Linux mapped from the kernel, and
 * asked for in its large pages (2 MB) where it gives them only when asked
 * (transparent huge pages, "madvise"). A big table is read at random, a
 * cache line at a time: in small pages nearly every such read also missed
 * the processor's cache of addresses (TLB). */
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

typedef uint64_t u64;

#define MAXP 16          /* seats (a seat is a nibble in table keys) */
#define MAXT 7           /* tricks in a deal: tricks won are 3 bits a seat in keys */
#define MAXC 52          /* cards in a deck */
#define TRUMP_BASE 100   /* a trump's power is above it, a plain card's below */
#define CHECK_EVERY 4096 /* nodes between two reads of the limits */
#define KEYW 7           /* 64-bit words in a table key */
#define MIN_SLOTS 4096   /* a new table's slots (it doubles as it fills) */
#define SIGNAL_NS 20000000LL /* re-take the GIL for signals at most every 20 ms */

enum { FOLLOW_OR_TRUMP = 0, FOLLOW_HEAD = 1, FOLLOW_SUIT = 2 };
enum { GOAL_ATLEAST = 0, GOAL_SPOIL = 1, GOAL_HELPED = 2 };
/* ST_CAP: a try's own cap (widen.c: cheap tries first), never returned */
/* ST_STOP: another thread of the proof answered first (threads.c) */
/* ST_HALT: another thread halted the table's proof (Table.halt) */
enum { ST_OK = 0, ST_LIMIT = 1, ST_SIGNAL = 2, ST_CAP = 3, ST_STOP = 4, ST_HALT = 5 };
/* The switchable parts (settlers.c lists them, one bit each, in the order
 * they are asked): the settlers, techniques that settle a position, or order
 * its cards, without the kernel's full search; and partition search, the
 * table's entries for sets of positions. A table's ``settlers`` switches
 * each on or off. */
enum {
    SETTLE_THREATS = 1 << 0, SETTLE_SURE = 1 << 1, SETTLE_POOLED = 1 << 2,
    SETTLE_NEXT = 1 << 3, SETTLE_TRICK = 1 << 4, SETTLE_RELAXED = 1 << 5,
    SETTLE_EARLY = 1 << 6, SETTLE_TWO = 1 << 7, SETTLE_ORDER = 1 << 8,
    SETTLE_WIDEN = 1 << 9, SETTLE_PNS = 1 << 10, SETTLE_PARTITION = 1 << 11,
    SETTLE_ALL = (1 << 12) - 1,
};
/* A settle function's answer: 1 or 0 (settled), -1 (open), or SETTLE_QUIET:
 * open, and this settler is not asked again below this node (see play). */
#define SETTLE_QUIET (-2)

static inline u64 bit(int c) { return (u64)1 << c; }

/* Bit counting. GCC and Clang have builtins (one instruction where the CPU
 * has it); any other compiler (MSVC), or a build with JINK_PORTABLE (the
 * tests' check of this branch: tests/test_portable_core.py), gets plain C.
 * Every argument of ctz64 and clz64 is non-zero. */
/* The bit-parallel count: plain C, and where the CPU lacks popcnt (x86-64's
 * baseline) faster than the builtin, a library call there. */
static inline int count_bits(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#if (defined(__GNUC__) || defined(__clang__)) && !defined(JINK_PORTABLE)
#define JINK_BUILTINS 1
#define popcount64(x) __builtin_popcountll(x)
#define ctz64(x) __builtin_ctzll(x)
#define clz64(x) __builtin_clzll(x)
#else
#define JINK_BUILTINS 0
static inline int popcount64(u64 x) { return count_bits(x); }
/* The lowest set bit, isolated, times a de Bruijn sequence: its top six
 * bits are distinct for each of the 64 places. */
static inline int ctz64(u64 x) {
    static const unsigned char place[64] = {
        0,  1,  2,  53, 3,  7,  54, 27, 4,  38, 41, 8,  34, 55, 48, 28,
        62, 5,  39, 46, 44, 42, 22, 9,  24, 35, 59, 56, 49, 18, 29, 11,
        63, 52, 6,  26, 37, 40, 33, 47, 61, 45, 43, 21, 23, 58, 17, 10,
        51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12};
    return place[((x & (0 - x)) * 0x022FDD63CC95386DULL) >> 58];
}
static inline int clz64(u64 x) {
    int n = 0;
    if (!(x >> 32)) { n += 32; x <<= 32; }
    if (!(x >> 48)) { n += 16; x <<= 16; }
    if (!(x >> 56)) { n += 8; x <<= 8; }
    if (!(x >> 60)) { n += 4; x <<= 4; }
    if (!(x >> 62)) { n += 2; x <<= 2; }
    if (!(x >> 63)) n += 1;
    return n;
}
#endif

/* A hint that memory at ``p`` is read soon (none without the builtins). */
#if JINK_BUILTINS
#define prefetch(p) __builtin_prefetch(p)
#else
#define prefetch(p) ((void)(p))
#endif

#if JINK_BUILTINS && defined(__POPCNT__)
static inline int popc(u64 x) { return popcount64(x); }
#else
static inline int popc(u64 x) { return count_bits(x); }
#endif
static inline int low_card(u64 x) { return ctz64(x); }
static inline int high_card(u64 x) { return 63 - clz64(x); }

/* A monotonic clock, in nanoseconds (the limits' and signals' clock). */
#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
static long long now_ns(void) {
    LARGE_INTEGER count, freq;
    QueryPerformanceCounter(&count);
    QueryPerformanceFrequency(&freq);
    /* seconds and remainder apart: count * 1e9 would overflow after days */
    return (long long)(count.QuadPart / freq.QuadPart) * 1000000000LL
           + (long long)(count.QuadPart % freq.QuadPart) * 1000000000LL / freq.QuadPart;
}
#else
static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
#endif

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
    /* suit_places by bytes: for each byte of a card set, the places in
     * their suits' orders of its cards, 16 bits a suit (a suit's places
     * are fewer than 16: order). Last: its 14 KB before the fields above
     * put them far from the rest, and slowed the core (measured). */
    u64 byte_places[(MAXC + 7) / 8][256];
} CRules;

typedef struct {
    PyObject_HEAD
    CRules r;
    PyObject *on_void, *after_forced; /* the Rules objects the links point into */
} RulesObject;

/* A spoil search's threats at a trick's start (threats.c), and the top
 * trumps' holder and count where worked out (``known``). */
typedef struct {
    u64 mask;
    int holder, top, known;
} Threats;

/* ------------------------------------------------------------- settling -- */

/* Where the kernel asks the settlers (search.c walks the asks of each stage
 * in the settlers' table's order: settlers.c). */
enum {
    STAGE_START,   /* a trick's start, before the table: answers not stored */
    STAGE_STORED,  /* a trick's start, after the table: answers stored */
    STAGE_TRICK,   /* within a trick (from its second card), before its table */
    STAGE_CARDS,   /* within a trick, after its table, before the cards are tried */
    NSTAGES
};

/* A guard stated as data: what must hold for an ask to be made (every bit
 * of its ``guard``); the settle function may look further. The search's own
 * (GUARD_SEARCH) are read once, as a search starts (its list of asks: see
 * gather_asks); the node's (GUARD_NODE) at each node. */
enum {
    GUARD_SPOIL = 1 << 0,     /* a spoil search */
    GUARD_ASKER = 1 << 1,     /* a spoil or a hand-over (an asker against a coalition) */
    GUARD_NO_SPOIL = 1 << 2,  /* not a spoil search */
    GUARD_SETS = 1 << 3,      /* the table's entries stand for sets of positions */
    GUARD_SINGLE = 1 << 4,    /* the table's entries stand for single positions */
    GUARD_PART = 1 << 5,      /* partition search applies here (partitioned) */
    GUARD_TRUMPS = 1 << 6,    /* a trump is always legal (the rules' always_legal) */
};
#define GUARD_NODE (GUARD_PART | GUARD_TRUMPS)

/* What the kernel has worked out at the node where it asks. */
typedef struct {
    int remaining, need, part;
    int i;          /* the cards played to the trick (within a trick) */
    Threats th;     /* a spoil's threats (filled by the threats settler's ask) */
} At;

typedef struct Search Search;
typedef int (*SettleFn)(Search *s, At *at);

/* One place a settler is asked. */
typedef struct {
    int stage;          /* STAGE_* */
    unsigned guard;     /* GUARD_* */
    unsigned when;      /* asked while any of these parts is on (SETTLE_*) */
    SettleFn settle;
    const char *name;   /* the settle function's name */
} Ask;

#define MAX_ASKS 2      /* a settler's asks, at most */
#define NPARTS 12       /* the settlers' table's entries (settlers.c) */
/* The asks of one kind of search, stage by stage, each list ending in NULL. */
typedef const Ask *AskList[NSTAGES][NPARTS * MAX_ASKS + 1];
#define NFAMILIES 3     /* the goals' families (GOAL_*) */

/* ---------------------------------------------------------------- table -- */

/* An entry stands for every position with its key and, suit by suit, the
 * same holders of the ``depth`` best live cards (partition search: see
 * partition.c); depth 0 with detail 0 where the key says everything. */
typedef struct {
    u64 key[KEYW];
    u64 detail[4];
    uint8_t depth[4];
    uint8_t lo, hi;
    uint8_t effort;     /* what the entry saves: log2 of its search's nodes (table_purge) */
    uint8_t hashed;     /* the suit whose holders join its key's hash (home_hash), or 4 */
} Entry;

typedef struct Memory Memory;
typedef struct Crew Crew;

typedef struct {
    PyObject_HEAD
    Entry *slots;
    atag *tags;         /* one a slot: see tag_of (and, with threads, its lock) */
    asig *sigs;         /* one a slot: its entry's detail in brief, read first (sig_of) */
    size_t nslots;      /* a power of two */
    size_t max_slots;   /* the memory cap, in slots */
    acount count;
    size_t cap;         /* entries past which the table is purged (table_purge) */
    long long lookups, hits, flushes;
    long long caller_nodes;  /* the nodes of the proofs' callers' threads (threads.c) */
    long long helped;   /* the proofs that started helpers (threads.c) */
    int busy;
    int touched;        /* a proof has run since the table was made or emptied */
    int threads;        /* the threads a proof may run on (threads.c) */
    aflag lent;         /* of them, those it may start now (Table.lend: threads.c) */
    aflag halted;       /* proofs stop at their next check (Table.halt) */
    long long help_after;  /* a proof's nodes before its helpers start (-1: by the
                            * table's size, see threads.c) */
    int shared;         /* threads are searching now: entries are locked to be read */
    Crew *crew;         /* the threads of the proof searching now, or NULL */
    Memory *helper_memory[MAX_THREADS - 1];  /* each helper thread's (made on first use) */
    int partition;      /* entries for sets of positions (0: one position each) */
    int mid_from;       /* and for mid-trick positions, from this many seats, */
    int mid_first;      /* after this many cards of a trick, */
    int mid_left;       /* while this many seats are still to play, */
    int mid_last;       /* through this many cards */
    int relax_groups;   /* the relaxed game groups its pool seats from this many */
    unsigned settle;    /* the parts switched on (SETTLE_*) */
    AskList asks[NFAMILIES];  /* their asks, for each goal (GOAL_*: gather_asks) */
    Memory *memory;     /* the searches' small memories (see Memory) */
#ifdef JINK_CHECK
    /* (atomic: every thread of a proof counts) */
    acounter checks, check_failures;  /* (tests: see pooled_holds) */
    acounter next_checks, next_failures;  /* (tests: see next_start) */
    acounter known;                   /* (tests: see pooled_known) */
    acounter sig_rejects, sig_failures;  /* (tests: see admitted) */
    acounter put_off;                 /* (tests: see shared_tries) */
#endif
} TableObject;

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

/* The pooled game's memory of its answers (see pooled_holds), and of its
 * games' later tricks (sub_key): kept for the table's life, as its answers
 * depend on nothing but their key. Up to 262,144 slots (16 MB), not 65,536:
 * the later tricks' answers share it, and with the fewer slots they pushed
 * out the games' own (9-player deals 18, 26, 47 and 49: 218,624 games and
 * 50 M cards played, against about 310,000 and 75 M with the fewer slots,
 * and 224,813 and 97 M before the later tricks were kept). With 16,384 the
 * slowest 9-player deals replayed a third of their games. */
#define PG_SLOTS 262144
/* It starts with PG_FIRST slots (1 MB) and doubles (pg_grow) once half of
 * them are filled, up to PG_SLOTS: a table that plays few games keeps them
 * nearer in the caches, and is not made with 18.9 MB to clear (at eight
 * seats and fewer, 5% to 11% of a table's time at the median; measured in
 * docs/performance.md, "The pooled game's memory grown as it fills"). Up to
 * 1,048,576 slots was slower at nine and ten seats. */
#define PG_FIRST 16384
#define PG_CARDS 32      /* the asker's and the threats' cards it keys, at most (see PgSlot) */
#define PG_UNKEPT 2      /* a slot's value: the game held, on a card not its own (not kept) */
#define PG_ID_BITS 21    /* a key's rules id, its lowest bits (see pg_hash) */
#define PG_CUT 3         /* a slot's value: the game was cut short (no answer) */
/* A slot: one cache line (the memory is aligned to them: pg_alloc), read
 * whole where its key is looked for. With the 48 cards keyed, and whose in
 * a third word, a slot took 72 bytes and each look-up two lines; no key of
 * ten-seat deals 0 to 11's full tables had more than 32 (6 million keys). */
typedef struct {
    u64 cards, own[2];   /* the asker's and the threats' cards, and whose (a nibble each) */
    u64 rest, won;       /* rules, seats, leader, tricks left, trick, need; tricks won */
    u64 kinds;           /* the suits' patterns (see pooled_key), 16 bits a suit */
    u64 trick;           /* within a trick: its card led, best, and whose (see pooled_holds) */
    int8_t mark[4];      /* where its answer rests, suit by suit (see pooled_holds) */
    uint8_t used, value;  /* value: 1, 0, PG_UNKEPT or PG_CUT (both read as 0) */
    uint16_t steps;      /* the steps it was given */
} PgSlot;
_Static_assert(sizeof(PgSlot) == 64, "a pooled memory's slot is one cache line");

/* The floors of a spoil's threats (threats.c: floor_parts) kept by all
 * that they read: the holder of each live trump, the tricks won, the seats
 * on the side, the goal's pool, the tricks left and the rules. The same
 * few sets of trumps and tricks won come back at every node of a trick
 * (settler "next" asks them for each way a trick may end: at ten seats
 * about a fifth of a slow spoil proof's time went on working them out). */
#define FLOOR_SLOTS 2048
typedef struct {
    u64 key[3];
    int8_t base[MAXP], lost[MAXP];
    int8_t holder, top;
} FloorSlot;

/* All four (224 KB, and the pooled game's 1 MB to 16 MB): kept with the
 * table rather than on a search's stack, which may be a thread's small one,
 * one for each thread of a proof (the first thread's is the table's
 * ``memory``, the others' its ``helper_memory``: memory_new). The stamps
 * only grow, so slots a search before left are old to the next. */
struct Memory {
    DpSlot dp[DP_SLOTS];
    uint32_t dp_stamp;
    RxSlot rx[RX_SLOTS];
    uint32_t rx_stamp;
    FloorSlot floors[FLOOR_SLOTS];  /* (a slot is filled where its key's last word is not 0) */
    PgSlot *pg;         /* pg_slots of them, a power of two (PG_FIRST to PG_SLOTS) */
    void *pg_block;     /* the block they lie in (pg_alloc) */
    size_t pg_slots;
    size_t pg_used;     /* of them, those filled */
    size_t pg_most;     /* the slots it may grow to (fewer where memory ran short) */
};

/* A card that settled a node (order.c: killers): the card plus one (0:
 * none), and the context it settled in. */
#define KILLERS 2        /* the killers kept at each ply */
typedef struct {
    int context;
    int card;
} Killer;

typedef struct {
    TableObject *table;
    Memory *memory;     /* this thread's (see Memory) */
    Crew *crew;         /* the proof's threads (threads.c), or NULL: one thread */
    int id;             /* this thread's number in the crew (0: the caller's) */
    long long published;       /* (helpers) nodes already added to the crew's count */
    long long lookups, hits;   /* this thread's table probes, added to the table's */
    long long nodes, next_check, node_limit; /* node_limit < 0: none */
    double time_limit, elapsed0;             /* time_limit < 0: none */
    long long t0_ns;    /* when this proof started (now_ns) */
    long long last_signal_ns;
    PyThreadState *ts;
    int status;
    long long cap;      /* the try searched now stops past this many nodes (-1: none) */
    int root_done;      /* the tricks done where the search started */
    long games;         /* pooled games played (see spoil_early) */
    long early_holds, early_fails, early_passed;  /* spoil_early's games so far */
    int replay;         /* (tests: JINK_CHECK plays a game again, apart from the memory) */
    /* the cards that last settled a node, at each of a proof's plies (a
     * trick and a place in it), each with its context (order.c: killers;
     * all 0, none, as a proof starts) */
    Killer killers[MAXT * MAXP][KILLERS];
} Ctx;

/* The pooled game's key for one position (see pooled_holds), kept while the
 * search stands there: a trick start reads the memory before the table and
 * may play the game after it. ``at``: the node count it was made at (each
 * card played counts a node, so the same count is the same position). */
typedef struct {
    long long at;
    int valid, asker, need;
    u64 threats;
    u64 ours, own[2], won, trick, kinds, rest;
    uint32_t game[4];  /* each suit's places of the game's own cards (game_card) */
    size_t h;
} PgKey;


/* The proof-number layer's path (pns.c): the cards the search plays from its
 * root, one a node, trying no other and storing nothing on the way; and
 * what it met at the path's end. */
typedef struct {
    const int *path;   /* the cards played, ``len`` of them */
    int len;
    int root_ntrick;   /* the root's cards of its trick */
    int at;            /* the node on the path (its depth) that answered (-1: none yet) */
    int leaf;          /* the path's end reached its cards (1), not (0), or a path card */
                       /* was not among a node's cards (-1: never) */
    int maximizing, m, order[MAXC];  /* the end's seat's side, and its cards to try */
} PnPath;

struct Search {
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
    unsigned settle;  /* the parts switched on (the table's) */
    unsigned quiet;   /* settlers not asked below a node (SETTLE_QUIET: see play) */
    const AskList *asks;  /* the asks of the parts switched on (the table's) */
    int pool;         /* the tricks that win the pool (the game's: a spoil's bound) */
    PnPath *pn;       /* the proof-number layer's path (pns.c), or NULL */
    u64 path;         /* this node's cards from the proof's root, hashed (threads.c) */
};

/* The threads of one proof (threads.c): the caller's thread (id 0) and its
 * helpers, each with its own Ctx, Search and Memory, sharing the table. */
typedef struct {
    Ctx ctx;
    Crew *crew;
#if JINK_THREADS
    pthread_t thread;
#endif
} Helper;

struct Crew {
    Search root;        /* the proof's question, as it stood before the search */
    int threads;        /* the helpers to start, plus one */
    int started;        /* helpers started (0: the caller's thread searches alone) */
    long long nodes0;   /* the caller's node count when the proof began */
    Helper helpers[MAX_THREADS - 1];
#if JINK_THREADS
    atomic_int stop;    /* every thread stops at its next check (an answer, a limit) */
    atomic_int answer;  /* the first answer found (-1: none yet) */
    atomic_llong helper_nodes;  /* the helpers' nodes so far */
    atomic_int pause;   /* a thread purges or grows the table: the others wait */
    /* each thread's card searched now at each of the coalition's nodes of
     * the proof's first tricks, as its path (Search.path), or 0 (threads.c:
     * named_slot; read by shared_tries and widen.c) */
    asig path_busy[MAX_THREADS][SHARE_TRICKS * MAXP];
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int active;         /* threads searching (under lock) */
    int parked;         /* of them, those waiting for a purge or growth (under lock) */
#endif
};

/* Whether any of ``settlers`` (SETTLE_*) is switched on in this search. */
static inline int on(const Search *s, unsigned settlers) { return (s->settle & settlers) != 0; }

/* The cards of the trick being played. */
#define TRICK(s) ((s)->rows[(s)->done])

/* The cards a node tries (see play_on), and what their answers rested on. */
typedef struct {
    int i, seat, maximizing, part;
    u64 hand;
    int m, order[MAXC];  /* the cards to try, in order */
    u64 rel;             /* the live cards the answers so far rested on */
    /* partition search: the cards searched and what their answers rested
     * on (see stood_for); the trick's suit led, best card and its power */
    int nsib, sib[MAXC];
    u64 sib_rel[MAXC];
    int led, best, bp;
    int context;         /* its killers' context (order.c), or -1: none kept */
} Tries;
/* A try's outcome (try_card). */
enum { TRY_ON = 0, TRY_SETTLES = 1, TRY_CAPPED = 2, TRY_STOPPED = 3 };


typedef struct Dp Dp;            /* (two.c) */
typedef struct Relaxed Relaxed;  /* (relaxed.c) */
typedef struct Next Next;        /* (next.c) */

/* Every function of the core, declared here once: the files are one
 * translation unit (_core.c includes them), in any order. */
static inline int same_kind(const CRules *R, int a, int b);
static inline u64 between(const CRules *R, int a, int b);
static inline int takes(const CRules *R, int card, int bp, int led);
static inline int equivalent(const CRules *R, u64 live, int a, int b);
static int basic_winner(const CRules *R, const int *trick, int n);
static int void_played(const CRules *R, const int *trick, int n);
static inline int face_down(const CRules *R, const int *trick, int done);
static int winner(const CRules *R, const int *trick, int n, int done);
static const CRules *after_trick(const CRules *R, const int *trick, int n, int done);
static u64 trumping(const CRules *R, u64 trumps, const int *trick, int n);
static u64 legal_cards(const CRules *R, u64 hand, const int *trick, int n, int done);
static void key_rest(const Search *s, int remaining, u64 *key);
static void make_key(const Search *s, int remaining, u64 *key, u64 *detail);
static inline size_t full_load(size_t slots);
static inline u64 mix(u64 h, u64 w);
static u64 key_hash(const u64 *key);
static inline int same_key(const u64 *a, const u64 *b);
static inline u64 depth_mask(int depth);
static inline int covers(const Entry *e, const u64 *detail);
static inline uint16_t tag_of(u64 h);
static Entry *probe(TableObject *t, const u64 *key, const u64 *detail, const uint8_t *depth,
                    int suit, int *fresh);
static int table_settles(TableObject *t, const u64 *key, const u64 *detail, int suit,
                         int need, uint8_t *depth);
static int table_alloc(TableObject *t, size_t n);
static int table_reset(TableObject *t);
static void table_purge(TableObject *t);
static void table_make_room(TableObject *t);
static void depths(const Search *s, u64 rel, uint8_t *depth);
static u64 depth_cards(const Search *s, const uint8_t *depth);
static void store(Search *s, const u64 *key, u64 *detail, int part, int need, int result,
                  long long nodes);
static u64 mid_bits(const Search *s);
static void mid_key(const Search *s, u64 *key, u64 *detail);
static int ranks(const CRules *R, u64 trumps, int *out);
static int matched(const int *first, int nf, const int *rival, int nr);
static void top_trumps(const Search *s, int *holder, int *top);
static int lost_to_trumps(const Search *s, int p, int places[][16], const int *count);
static int above(const CRules *R, u64 trumps, u64 rivals);
static int trump_tricks(const CRules *R, u64 trumps, const int *rival, int nr);
static int sure(Search *s, int need, int remaining, int have_top, int holder, int top);
static int is_ours(const Search *s, int p);
static u64 opponents_trumps(const Search *s);
static int settled_trick(Search *s, int i);
static const FloorSlot *floor_parts(const Search *s, int remaining);
static void threat_floors(const Search *s, int remaining, u64 more, int *floor, int *holder,
                          int *top);
static u64 threats_over(const Search *s, const int *floor, int extra);
static u64 spoil_threats_of(const Search *s, int remaining, int *holder, int *top);
static int spoil_threats_settle(Search *s, int remaining, int part, Threats *th);
static int takers_first(const CRules *R, const int *cards, int n, int bp, int led, int *out);
static int to_play(const Search *s, int side);
static int sure_taker(const Search *s, const int *cards, int m);
static int unbeaten(const Search *s, int i);
static int order_moves(const Search *s, int seat, u64 legal, int maximizing, int *out);
static int killer_context(const Search *s, const Tries *t);
static void killers_first(const Search *s, Tries *t);
static inline void killer_settled(Search *s, const Tries *t, int card);
static int two_won(Search *s, int a, int b);
static int two_played(Search *s, const int *trick);
static int two_tricks(Search *s, int *trick, int i);
static int dp_leaf(Dp *d, int a_best, int b_trump, const int *b_plain);
static int dp_play(Dp *d, int i, int a_best, int b_trump, const int *b_plain);
static int two_tricks_dp(Search *s);
static int two_left(Search *s, int remaining, int part);
static inline int ranked(Relaxed *x, int i);
static int relaxed_won(Relaxed *x, int who, int best, int left);
static int duty_beats(const Relaxed *x, int who, int led, int best);
static inline int group_taker(const Relaxed *x, int g, int best, int led);
static int relaxed_play(Relaxed *x, u64 played, int at, int lead, int who, int best, int left);
static int relaxed_last(Relaxed *x, u64 played, int lead, int leader);
static int relaxed_lead(Relaxed *x, u64 played, int lead, int leader, int left);
static int pool_leads(Relaxed *x, int card, int leader, int left);
static u64 pool_takers(const Relaxed *x, int g, int best, int led);
static int pinned(const CRules *R, u64 rel, int card);
static int relaxed(Relaxed *x, int leader, int left);
static void relaxed_setup(Search *s, Relaxed *x, int asker, u64 threats, int need, int pooled,
                          int *role, int *pool);
static int relaxed_from(Search *s, Relaxed *x, const int *role, const int *pool);
static int relaxed_game(Search *s, int asker, u64 threats, int need);
static int relaxed_fails(Search *s);
static int relaxed_holds(Search *s, u64 threats);
static int relaxed_start(Search *s, u64 spoil_threats, int remaining);
static int relaxed_mid(Search *s, int i);
static int pooled_play(Search *s, int asker, u64 threats, int need, int steps, u64 *named,
                       int *cut);
static int game_card(const CRules *R, uint32_t game, int su, int at);
static int game_place(const CRules *R, uint32_t game, int card);
static int pooled_key(const Search *s, int asker, u64 threats, int need, u64 capped,
                      PgKey *key);
static void own_words(u64 ours, const u64 *hand, const int8_t *seat, int k, u64 *own);
static void suit_places(const CRules *R, u64 cards, uint32_t *places);
static int suit_patterns(const uint32_t *a, const uint32_t *left, uint32_t *game, u64 *kinds);
static size_t pg_hash(const PgKey *key);
static PgSlot *pg_find(Memory *mem, const PgKey *key, PgSlot **empty);
static void pg_fill(Memory *mem, PgSlot *slot, const PgKey *key, int value, int steps);
static Memory *memory_new(void);
static void memory_free(Memory *mem);
static void memory_forget(Memory *mem);
static void pooled_sub(const Relaxed *x, const PgKey *key, PgSlot *slot, int r);
static u64 pg_named(const CRules *R, const PgSlot *e, const uint32_t *game, u64 live);
static int pg_marks(const CRules *R, u64 named, const uint32_t *game, int8_t *mark, u64 *rel);
static int pooled_holds(Search *s, int asker, u64 threats, int need, int steps);
static int sub_key(const Relaxed *x, int leader, int left, PgKey *key);
static int pooled_known(Search *s, u64 spoil_threats, int remaining);
static int spoil_early(Search *s, u64 spoil_threats, int remaining);
static int next_applies(const Search *s);
static int next_ways(Search *s, Next *x, int j, int bp, int bseat, u64 plain);
static int next_start(Search *s, int i);
static int check(Ctx *c);
static void diverge(const Search *s, int *order, int m);
#if JINK_THREADS
static int helper_check(Ctx *c);
static void crew_park(Crew *w);
static void crew_maintain(TableObject *t);
static int crew_start(Ctx *c);
#endif
static int status(const Search *s, int remaining);
static int need_of(const Search *s);
static int target_of(const Search *s);
static int orders(const CRules *R, u64 legal, u64 live, int *strong, int *weak);
static inline int turn_seat(const Search *s, int j);
static int can_take(const Search *s, u64 legal, const int *trick, int n);
static u64 by_rank(const CRules *R, const int *trick, int n, int w);
static int last_winner(const Search *s, const CRules *R, int leader, u64 *rel);
static int last_trick(Search *s);
static int lone_seat(const Search *s, int side);
static int end_trick(Search *s);
static void init_search(Search *s, Ctx *c, const CRules *R, int players, int tricks,
                        u64 side_mask, int goal, int k, int goal_seat, int narrow, int pool);
static int partitioned(const Search *s);
static u64 group_of(const Search *s, u64 hand, int card);
static int stands_for(const CRules *R, int a, int b, u64 rel_a, int i, int bp, int led);
static int stood_for(const Search *s, Tries *t, int card);
static inline void answered(const Search *s, Tries *t, int card);
static int mid_node(Search *s, int i, int part, const u64 *pkey, u64 *kd);
static int mid_probe(Search *s, const u64 *kd, int need);
static void mid_store(Search *s, u64 *kd, int need, int result, long long nodes);
static int widen_applies(const Search *s, int i, int maximizing);
static int widen_tries(Search *s, Tries *t);
static int threats_ask(Search *s, At *at);
static int sure_ask(Search *s, At *at);
static int pooled_ask(Search *s, At *at);
static int next_ask(Search *s, At *at);
static int trick_ask(Search *s, At *at);
static int relaxed_ask(Search *s, At *at);
static int relaxed_mid_ask(Search *s, At *at);
static int early_ask(Search *s, At *at);
static int two_ask(Search *s, At *at);
static inline int settle_at(Search *s, int stage, At *at, unsigned node);
static inline unsigned node_guard(const Search *s, int part);
static void gather_asks(TableObject *t);
static inline int try_card(Search *s, Tries *t, int j, long long width);
static inline u64 path_after(const Search *s, int card);
#if JINK_THREADS
static inline asig *named_slot(const Search *s, const Tries *t);
static int searched_elsewhere(const Search *s, const Tries *t, u64 child);
#endif
static int play(Search *s);
static int play_on(Search *s, int i, int part);
static int trick_start(Search *s);
static int from_root(Search *s);
static int pns_prove(Search *s);
static int pns_path_card(Search *s, const Tries *t);

/* big memory (table.c; see above, after the threads) */
static void *big_alloc(size_t size);
static void big_free(void *p, size_t size);

#endif

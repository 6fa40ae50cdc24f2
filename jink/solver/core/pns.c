/*
 * Part "pns": a proof-number layer over a long search's first cards.
 *
 * Guard: partition search, a proof asked of the core at PNS.from seats or
 * more (a max_tricks rung's: PNS.rungs_from), once the search alone has run
 * past PNS.root nodes without an answer (pns_applies). On several threads
 * the layer is the caller's: the helpers (threads.c) search the root as they
 * would, sharing the table, and the first answer ends the proof.
 * Settles: nothing by itself. It keeps a tree of the positions the search's
 * first cards reach (Allis's proof-number search, its leaves searched by the
 * kernel under a cap on nodes: PN^2), each with a proof number (how many
 * leaves at least must still be proved to prove it) and a disproof number,
 * and grows it at its most-proving leaf. A leaf is searched again under a
 * cap PNS.growth times larger until its cap reaches PNS.open; then it is
 * opened: each of its cards (those the search would try, in its order)
 * searched under PNS.child nodes, from the root along the tree's path (see
 * PnPath: no other card tried and nothing stored on the way). A card searched
 * to its end is a proved or a disproved leaf; one cut short is open, its
 * numbers its cards' count times its cap's growth, so that the layer turns
 * to other lines first. Past PNS.budget nodes without the root's answer, or
 * with the tree full, the search alone goes on from the root.
 * Why: where the coalition's first card is wrong deep in a search, the
 * search proves the asker holds below it, a whole proof, before it tries the
 * next; cheap tries first (widen.c) only help at the search's first lead.
 * Sound: a node's value follows from its children's as in the search (every
 * card the search would try there); a leaf's value is the kernel's, searched
 * to its end; a search cut short gives no answer. What the capped searches
 * finished stays in the table for the next and for the search alone.
 * Thresholds: PNS (below).
 */

typedef struct {
    int from;          /* seats, at least (a spoil's or a hand-over's proof), */
    int rungs_from;    /* and for a max_tricks rung's, */
    long long root;    /* the search alone first, capped at this many nodes, */
    long long child;   /* then each card of an opened node capped at this many, */
    int growth;        /* a leaf searched again: its cap this many times larger, */
    long long open;    /* a leaf opened once searched under this cap, */
    int depth;         /* the tree's cards from the root, at most, */
    int nodes;         /* the tree's nodes, at most, */
    long long budget;  /* the layer's nodes past the first search, at most */
} PnsThresholds;

static const PnsThresholds PNS = {
    .from = 10,
    .rungs_from = 9,
    .root = 100000,
    .child = 4096,
    .growth = 4,
    .open = 16384,
    .depth = 20,
    .nodes = 65536,
    .budget = 1000000,
};

#define PN_INF (1u << 30)
#define PN_LEAF (-1)   /* pns_path_card: the path's end (search its cards) */
#define PN_LOST (-2)   /* pns_path_card: the path's card is not here (never) */

/* A node of the layer's tree: the card that reaches it from its parent; an
 * OR node where the side plays (it proves with one child). */
typedef struct {
    int parent, child, n, card, depth;
    uint8_t or_node, known, opened;
    uint32_t pn, dn;
    long long width;  /* its last search's cap */
} PnNode;

/* The cards played since the layer's root. */
static inline int pn_depth(const Search *s) {
    return (s->done - s->ctx->root_done) * s->players + s->ntrick - s->pn->root_ntrick;
}

/* Whether the search stands on the layer's path, above its end: each node
 * there was the end of an earlier path, whose table probe and settlers
 * (but a trick start's first, which find its threats) did not answer, so
 * they are not asked again: the node answers with its one card. */
static inline int on_path(const Search *s) {
    return s->pn && pn_depth(s) < s->pn->len;
}

/* At a node on the layer's path (play_on): the place in ``t`` of the path's
 * card, or PN_LEAF at the path's end (whose cards are noted, and searched),
 * or PN_LOST (the search stops, its cap's status set: never). */
static int pns_path_card(Search *s, const Tries *t) {
    PnPath *pn = s->pn;
    int d = pn_depth(s);
    if (d == pn->len) {
        pn->leaf = 1;
        pn->maximizing = t->maximizing;
        pn->m = t->m;
        memcpy(pn->order, t->order, sizeof(int) * (size_t)t->m);
        return PN_LEAF;
    }
    for (int j = 0; j < t->m; j++)
        if (t->order[j] == pn->path[d]) return j;
    pn->leaf = -1;
    s->ctx->status = ST_CAP;
    return PN_LOST;
}

/* Whether a proof starts with the layer (at its root). */
static int pns_applies(const Search *s) {
    /* (at nine seats it pays for the rungs, whose proofs that fail it
     * halves, and not for the spoils: docs/performance.md) */
    int from = s->goal == GOAL_ATLEAST ? PNS.rungs_from : PNS.from;
    return on(s, SETTLE_PNS) && s->partition && s->players >= from;
}

static uint32_t pn_add(uint32_t a, uint32_t b) {
    return a + b >= PN_INF ? PN_INF : a + b;
}

/* The search from the root along ``path`` (``len`` cards) under ``width``
 * nodes (-1: none): the answer of the node ``*at`` cards down the path, or
 * -1 where the cap cut it short, -2 where a limit stopped it, -3 where the
 * path was lost (never). */
static int pns_search(Search *s, const int *path, int len, long long width, int *at) {
    Ctx *c = s->ctx;
    PnPath *pn = s->pn;
    pn->path = path;
    pn->len = len;
    pn->at = -1;
    pn->leaf = 0;
    if (width >= 0) {
        c->cap = c->nodes + width;
        if (c->next_check > c->cap + 1) c->next_check = c->cap + 1;
    }
    int r = from_root(s);
    c->cap = -1;
    if (c->status == ST_CAP) {
        c->status = ST_OK;
        return pn->leaf >= 0 ? -1 : -3;
    }
    if (c->status) return -2;
    *at = pn->at < 0 ? 0 : pn->at;
    return r;
}

/* A node's numbers from its children's. */
static void pns_back(PnNode *tree, int x) {
    PnNode *v = &tree[x];
    uint32_t pn = v->or_node ? PN_INF : 0, dn = v->or_node ? 0 : PN_INF;
    for (int i = 0; i < v->n; i++) {
        const PnNode *ch = &tree[v->child + i];
        if (v->or_node) {
            if (ch->pn < pn) pn = ch->pn;
            dn = pn_add(dn, ch->dn);
        } else {
            pn = pn_add(pn, ch->pn);
            if (ch->dn < dn) dn = ch->dn;
        }
    }
    v->pn = pn;
    v->dn = dn;
}

/* A leaf its search left open: its numbers its cards' count (where the
 * search reached them) times its cap's growth over PNS.child. */
static void pns_open_leaf(PnNode *v, const PnPath *pn) {
    long long grown = v->width / PNS.child;
    uint32_t w = (uint32_t)(grown < 1 ? 1 : grown > (1 << 20) ? (1 << 20) : grown);
    uint32_t m = 1;
    if (pn->leaf > 0) {
        m = (uint32_t)pn->m;
        v->or_node = (uint8_t)pn->maximizing;
    }
    v->pn = v->or_node ? w : m * w;
    v->dn = v->or_node ? m * w : w;
}

static void pns_known(PnNode *v, int value) {
    v->known = 1;
    v->pn = value ? 0 : PN_INF;
    v->dn = value ? PN_INF : 0;
}

/* The path from the root to ``x`` into ``path``: its length. */
static int pns_path_of(const PnNode *tree, int x, int *path) {
    int len = tree[x].depth;
    for (int y = x, d = len; y > 0; y = tree[y].parent) path[--d] = tree[y].card;
    return len;
}

/* ``x``'s children from the path's end noted last: 0 where the tree is full. */
static int pns_children(PnNode *tree, int *count, int x, const PnPath *pn) {
    if (*count + pn->m > PNS.nodes) return 0;
    tree[x].n = pn->m;
    tree[x].child = *count;
    for (int j = 0; j < pn->m; j++) {
        PnNode *ch = &tree[*count + j];
        memset(ch, 0, sizeof *ch);
        ch->parent = x;
        ch->card = pn->order[j];
        ch->depth = tree[x].depth + 1;
    }
    *count += pn->m;
    return 1;
}

/* The node an answer ``at`` cards down the path to ``x`` belongs to. */
static int pns_up(const PnNode *tree, int x, int at) {
    while (tree[x].depth > at) x = tree[x].parent;
    return x;
}

/* Leaf ``x`` searched again under a larger cap (given its children where
 * the search now reaches its cards): the node now known, or ``x``; -2 where
 * a limit stopped it, -3 where the path was lost. */
static int pns_again(Search *s, PnNode *tree, int *count, int x, int *path) {
    int len = pns_path_of(tree, x, path), at = 0;
    tree[x].width *= PNS.growth;
    int r = pns_search(s, path, len, tree[x].width, &at);
    if (r < -1) return r;
    if (r < 0) {
        pns_open_leaf(&tree[x], s->pn);
        if (!tree[x].n && s->pn->leaf > 0) pns_children(tree, count, x, s->pn);
        return x;
    }
    x = pns_up(tree, x, at);
    pns_known(&tree[x], r);
    return x;
}

/* Leaf ``x`` opened: each card searched under PNS.child nodes, until one
 * settles it. The node now known, or ``x``; -2, -3 as pns_again. */
static int pns_expand(Search *s, PnNode *tree, int *count, int x, int *path) {
    int len = pns_path_of(tree, x, path), at = 0;
    tree[x].opened = 1;
    for (int i = 0; i < tree[x].n; i++) {
        PnNode *y = &tree[tree[x].child + i];
        path[len] = y->card;
        y->width = PNS.child;
        int r = pns_search(s, path, len + 1, PNS.child, &at);
        if (r < -1) return r;
        if (r >= 0) {
            if (at <= len) {  /* a node above answered */
                int z = pns_up(tree, x, at);
                pns_known(&tree[z], r);
                return z;
            }
            pns_known(y, r);
            if (r == tree[x].or_node) break;  /* it settles the node */
            continue;
        }
        pns_open_leaf(y, s->pn);
        /* (without children, where the search did not reach its cards or the
         * tree is full: searched again, not opened) */
        if (s->pn->leaf > 0) pns_children(tree, count, (int)(y - tree), s->pn);
    }
    pns_back(tree, x);
    return x;
}

/* The proof with the layer: its answer, or 0 with the Ctx's status set where
 * a limit stopped it. */
static int pns_prove(Search *s) {
    Ctx *c = s->ctx;
    PnPath pn;
    memset(&pn, 0, sizeof pn);
    pn.root_ntrick = s->ntrick;
    s->pn = &pn;
    int at = 0, path[MAXT * MAXP + 1];
    PnNode *tree = NULL;
    int r = pns_search(s, path, 0, PNS.root, &at);
    if (r >= 0 || r == -2) goto done;
    if (r == -3 || pn.leaf <= 0) goto alone;
    tree = malloc(sizeof *tree * (size_t)PNS.nodes);
    if (!tree) goto alone;
    int count = 1;
    memset(&tree[0], 0, sizeof tree[0]);
    tree[0].parent = -1;
    tree[0].width = PNS.root;
    pns_open_leaf(&tree[0], &pn);
    if (!pns_children(tree, &count, 0, &pn)) goto alone;
    long long start = c->nodes;
    while (tree[0].pn && tree[0].dn) {
        if (c->nodes - start > PNS.budget) goto alone;
        /* the most-proving leaf: at an OR node the child likeliest to prove
         * it, at an AND node the likeliest to disprove it */
        int x = 0;
        while (tree[x].opened) {
            int best = tree[x].child;
            for (int i = 1; i < tree[x].n; i++) {
                const PnNode *ch = &tree[tree[x].child + i];
                if (tree[x].or_node ? ch->pn < tree[best].pn : ch->dn < tree[best].dn)
                    best = tree[x].child + i;
            }
            x = best;
        }
        if (tree[x].depth >= PNS.depth || tree[x].width < PNS.open || !tree[x].n)
            x = pns_again(s, tree, &count, x, path);
        else
            x = pns_expand(s, tree, &count, x, path);
        if (x == -2) { r = -2; goto done; }
        if (x == -3) goto alone;
        for (int y = tree[x].parent; y >= 0; y = tree[y].parent)
            if (!tree[y].known) pns_back(tree, y);
    }
    r = tree[0].pn == 0;
    goto done;
alone:
    /* the search alone, from the root (the table holds what the layer found) */
    s->pn = NULL;
    free(tree);
    return from_root(s);
done:
    s->pn = NULL;
    free(tree);
    return r < 0 ? 0 : r;
}

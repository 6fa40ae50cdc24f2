/*
 * Settler "relaxed": the relaxed game, a spoil, a hand-over or a seat's
 * most tricks made easier for the asker's opponents.
 *
 * Guard: partition search, the asker one seat; at a trick's start, a
 * hand-over with RELAXED.handover_from tricks left or more, a spoil with
 * threats and RELAXED.spoil_left tricks left, or a max_tricks proof of one
 * seat with three to RELAXED.tricks_left tricks left, from
 * RELAXED.tricks_from seats (relaxed_start);
 * within a trick with RELAXED.mid_left tricks left, where a run of pool
 * seats is to play, after the asker or a threat (relaxed_mid).
 * Settles: a spoil as holding, a hand-over as failing, where no threat
 * reaches its tricks in the game; a max_tricks proof as holding, where the
 * asker reaches its tricks in the game (relaxed_tricks); never the other
 * way.
 * Sound: the asker (seat 0 here) plays against its threats (1..m: the
 * seats that may still reach their tricks, each with its own cards) and the
 * other seats (the pool's seats), whose cards are used up only where they
 * take a trick or lead (``used``), not where they are thrown. In each trick
 * the asker and the threats play in their seats' turn; then, once they all
 * have, any pool seat may add a card of its that takes the trick (each is
 * tried), or none (unless one must: duty_beats); a pool seat that took a
 * trick leads any of its cards not used up to the next. Every play the
 * opponents have in the real game they have here too: a pool seat's card is
 * one it holds here still (those it took or led with it played, one a
 * trick; those it threw it keeps here); the opponents play as one (all
 * cards are seen), and a pool seat playing last to each trick, every other
 * card seen, only helps them. So if no threat reaches its tricks here, none
 * does in the real game. A game past its steps or cards gives no answer.
 * The max_tricks game (no threats: the asker wants its own tricks, every
 * other seat is a pool seat of its own) keeps closer to the real game,
 * still giving the pool every play it has there: a pool seat also uses up
 * the one card it may follow a lead with where it has no other, and that
 * card takes the trick where it is the best and the seat's cards are all
 * known (forced_throws); and where a pool seat leads, the seats between it
 * and the asker play before the asker (ahead_word).
 * Thresholds: RELAXED (below): where it is asked, and what a game may cost.
 * For a spoil at a trick's start from four tricks left, and within a trick
 * two or four from the end, it costs more than it saves (measured); so do
 * the max_tricks game with four tricks left, within a trick, and below five
 * seats.
 *
 * The game is small: a few hands of a few cards, pool seats whose cards
 * play alike when no card of the asker's or the threats' lies between them,
 * nor one another pool seat has still to use (one of each kind is led; see
 * relaxed; where they are many, a run of them plays as
 * one: see relaxed_setup), and a memory of its positions (the same cards
 * played in another order).
 */

typedef struct {
    int handover_from;  /* a hand-over at a trick's start, from this many tricks left */
    int spoil_left;     /* a spoil at a trick's start, with this many left */
    int mid_left;       /* within a trick, with this many left at its start */
    int steps;          /* a game's steps (tricks begun) before it gives up */
    long plays;         /* and the cards it may play, */
    int plays_from;     /* from this many seats (a step plays a whole trick's combinations) */
    int groups;         /* the pool's seats in groups from this many (a table's default) */
    int tricks_left;    /* a max_tricks proof at a trick's start, from three tricks left to this, */
    int tricks_from;    /* from this many seats */
} RelaxedThresholds;

static const RelaxedThresholds RELAXED = {
    .handover_from = 3,
    .spoil_left = 3,
    .mid_left = 3,
    .steps = 4096,
    .plays = 4096,
    .plays_from = 9,
    .groups = 9,
    .tricks_left = 3,
    .tricks_from = 5,
};

struct Relaxed {
    const CRules *R;
    Ctx *ctx;          /* (its memory: rx) */
    int done;          /* the trick being played (its duties) */
    int m;             /* threats */
    int tricks;        /* a max_tricks proof: the asker's own tricks counted (see
                        * relaxed_tricks; no threats then) */
    u64 hand[MAXP];    /* 0: the asker; 1..m: the threats */
    int won[MAXP], need[MAXP];  /* each threat's tricks, and those it wants */
    int npool;         /* pool seats */
    u64 seat[MAXP];    /* their cards at the start (used: those used up since) */
    int8_t low[MAXP][4];  /* each one's worst card of each suit (-1) */
    int8_t group[MAXP];   /* each one's group: the run of pool seats it sits in */
    int ngroup;        /* groups (m + 1 on in the game's numbering) */
    u64 gcards[MAXP];  /* a group's cards, and the pool seats it holds */
    u64 gseats[MAXP];
    int8_t gtop[MAXP][4];  /* its best card of each suit (-1; the pooled game's only) */
    int start;         /* the trick the game started in */
    u64 exempt;        /* pool seats with no duty to follow in this trick */
    /* The max_tricks game's pool seats that play before the asker in this
     * trick (see ahead_word): ``early`` those that have, ``ahead`` after
     * each group's lead those that sit before the asker, ``pre`` whether
     * this trick's seats before the asker have had their word. */
    u64 early, ahead[MAXP];
    int pre;
    int lead_by;       /* who led this trick */
    int8_t led_at[MAXT], led_pool[MAXT];  /* each trick since the start: the suit led,
                                           * and the group leading (-1: none) */
    int8_t order[MAXP][MAXP];  /* after each one's lead, the asker and threats in turn */
    u64 rel;           /* the cards that took the tricks, and see duty_beats */
    u64 used;          /* the pool's cards it took a trick or led with (relaxed game only) */
    int budget;        /* steps left: past it, no answer (0) */
    long plays;        /* cards left to play: past it, no answer (0) */
    /* The pooled game's (see pooled_sub): the seats of the asker and the
     * threats (0..m), the threats' seats, the seats at the table, and the
     * pool's cards; ``pooled`` 0 in the relaxed game. */
    int pooled, players;
    int every_lead;  /* the pooled game's groups lead every kind (the checking core's replay) */
    int unkept;      /* no memory read or filled (the checking core's sibling_check) */
    int8_t seat_of[MAXP];
    u64 threat_seats, pool;
    uint32_t pool_places[4];  /* the pool's cards' places, suit by suit (suit_places) */
    /* The trumps of the asker and of each threat as last ranked (see
     * ranked): a hand's trumps change only where it plays one. */
    u64 rk_trumps[MAXP];
    int rk_n[MAXP], rk[MAXP][16];
};

/* The trump places of the asker's (0) or a threat's hand, best first (as
 * ranks() gives them), and how many: ranked again only where they changed
 * since the last time asked (every node of the game asks). */
static inline int ranked(Relaxed *x, int i) {
    u64 trumps = x->hand[i] & x->R->trump_mask;
    if (trumps != x->rk_trumps[i]) {
        x->rk_trumps[i] = trumps;
        x->rk_n[i] = ranks(x->R, trumps, x->rk[i]);
    }
    return x->rk_n[i];
}


/* The trick taken by card ``best`` of ``who`` (a group of pool seats: m + 1 on). */
static int relaxed_won(Relaxed *x, int who, int best, int left) {
    x->rel |= bit(best);
    int threat = who <= x->m && (who >= 1 || x->tricks);  /* (past m: a group) */
    x->won[who] += threat;
    x->done++;
    u64 early = x->early;
    int pre = x->pre;
    x->early = 0;
    x->pre = 0;
    int r = relaxed(x, who, left - 1);
    x->early = early;
    x->pre = pre;
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
 * nobody must beat a trump. (The count reads a seat's cards at the start:
 * a card of the suit it took or led with, ``used``, was played in a trick
 * led in that suit or by its group, which the count has already.) */
static int duty_beats(const Relaxed *x, int who, int led, int best) {
    const CRules *R = x->R;
    if (who > x->m || R->power[best] >= TRUMP_BASE) return -1;
    int played = x->done - x->start;
    for (int i = 0; i < x->npool; i++) {
        int low = x->low[i][led];
        u64 spared = x->exempt | x->early;  /* (played, or before the asker) */
        if ((spared >> i & 1) || low < 0 || R->power[low] < R->power[best]) continue;
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

/* In the pooled game, group g's strongest card that takes the trick from
 * ``best`` (led: ``led``): its best trump, else its best card of the suit
 * led; -1: none. */
static inline int group_taker(const Relaxed *x, int g, int best, int led) {
    const CRules *R = x->R;
    int top = R->trump >= 0 ? x->gtop[g][R->trump] : -1;
    if (top < 0 || !takes(R, top, R->power[best], led)) top = x->gtop[g][led];
    return top >= 0 && takes(R, top, R->power[best], led) ? top : -1;
}

/* The cards group g may take the trick from ``best`` with (led: ``led``):
 * in the pooled game its strongest that takes it (its cards are never used
 * up); in the relaxed game, each of its cards not used up that takes it (the
 * strongest is not always the best to use up). */
static u64 pool_takers(const Relaxed *x, int g, int best, int led) {
    const CRules *R = x->R;
    if (x->pooled) {
        int top = group_taker(x, g, best, led);
        return top >= 0 ? bit(top) : 0;
    }
    u64 beaters = beating(R, best);  /* (the best card is a trump or of the suit led) */
    return x->gcards[g] & ~x->used & beaters;
}

/* The cards the pool seats still to play must throw to this trick (the
 * max_tricks game's only: see relaxed_tricks): a seat's one card not used
 * up that it may follow the lead with, where it has no other (a trump led,
 * one trump that may not renege; a plain suit led, one card of it and no
 * trump). A seat's cards not used up hold every card it holds in the real
 * game (those used up it played there), so there it plays that card too, or
 * holds none of it. A seat that takes the trick takes it with that card
 * (it has no other that may). In ``sure``, those of seats after the asker
 * whose cards not used up are as many as they hold in the real game (one
 * played a trick since the start): they are the real hand, so the card is
 * played there, and takes the trick where it is the best. */
static u64 forced_throws(const Relaxed *x, int lead, u64 *sure) {
    const CRules *R = x->R;
    int led = R->suit[lead], tricks = x->done - x->start;
    u64 thrown = 0;
    *sure = 0;
    for (int i = 0; i < x->npool; i++) {
        if (x->exempt >> i & 1) continue;
        u64 left = x->seat[i] & ~x->used, trumps = left & R->trump_mask, follow;
        if (led == R->trump) follow = trumps & ~R->renege_above[lead] ? trumps : 0;
        else follow = trumps ? 0 : left & R->suit_masks[led];
        if (popc(follow) != 1) continue;
        thrown |= follow;
        if (!(x->early >> i & 1) && popc(left) + tricks == popc(x->seat[i])) *sure |= follow;
    }
    return thrown;
}

static int relaxed_play(Relaxed *x, u64 played, int at, int lead, int who, int best, int left);

/* The pool seat holding ``card``. */
static int pool_index(const Relaxed *x, int card) {
    int i = 0;
    while (i < x->npool - 1 && !(x->seat[i] >> card & 1)) i++;
    return i;
}

/* In the max_tricks game, a trick a pool seat leads: the pool seats between
 * it and the asker play before the asker, so only one of them may take the
 * trick before the asker plays (each card of theirs that takes it is tried),
 * or none, and none of them after. Every real play of theirs is here too:
 * the best of their cards, played before the asker's, and the others thrown.
 * Not in the last trick, whose course the asker's one card fixes.
 * What the answer rests on: where none takes it first, the asker's answer
 * names the trick's best after its card (the lead, where it lets the lead
 * be: then every card above it is fixed in place), so another position of
 * the answer's set may differ only in a plain card below every card named,
 * of a seat before the asker, that takes the lead. That card falls to the
 * asker's card as the lead did, and the seat keeps a card fewer than where
 * none took it first: no better for the pool (its seats' cards not used up
 * only give it plays). */
static int ahead_word(Relaxed *x, u64 played, int at, int lead, int who, int best, int left) {
    u64 ahead = x->ahead[x->lead_by - 1] & ~x->exempt, exempt = x->exempt;
    u64 beaters = beating(x->R, best);
    x->pre = 1;
    x->early = ahead;
    int r = relaxed_play(x, played, at, lead, who, best, left);
    for (u64 seats = ahead; r && seats; seats &= seats - 1) {
        int i = low_card(seats), g = x->group[i];
        for (u64 takers = x->seat[i] & ~x->used & beaters; r && takers; takers &= takers - 1) {
            int card = low_card(takers);
            u64 used = x->used;
            x->used |= bit(card);
            x->exempt = exempt | bit(i);
            r = relaxed_play(x, played, at, lead, x->m + 1 + g, card, left);
            x->exempt = exempt;
            x->used = used;
        }
    }
    x->pre = 0;
    x->early = 0;
    return r;
}

/* Whether a threat's card ``order[j]`` is stood for by one it played
 * before it here (``order[0..j)``, each of which the asker held against),
 * as in the search's sibling rule (partition.c, stands_for): two plain
 * cards of one suit, neither taking the trick from ``best`` (led: ``led``),
 * both below every card of their suit the answer so far rests on
 * (``x->rel``, which holds that card's own). The position after either is
 * the other's with the two cards' places swapped, which the answer's set
 * does not match on. Then the answer rests on the trick's best card too,
 * where it is of their suit (it ranks above both). The checking core plays
 * the card anyway and counts a fault where the asker does not hold. */
static int threat_sibling(Relaxed *x, const int *order, int j, int best, int led) {
    const CRules *R = x->R;
    for (int i = 0; i < j; i++)
        if (stands_for(R, order[i], order[j], x->rel, 1, R->power[best], led)) {
            if (R->suit[best] == R->suit[order[j]]) x->rel |= bit(best);
            return 1;
        }
    return 0;
}

#ifdef JINK_CHECK
/* (tests: the card a sibling stood for played all the same, uncut, and
 * the asker holds against it; what it names and spends is undone, and it
 * reads and fills no memory, so that this core answers as the real one) */
static void sibling_check(Relaxed *x, u64 played, int at, int k, int card, int lead, int who,
                          int best, int left) {
    const CRules *R = x->R;
    u64 rel = x->rel;
    int budget = x->budget;
    long plays = x->plays;
    x->budget = INT_MAX / 2;
    x->plays = LONG_MAX / 2;
    x->unkept++;
    int w = who, b = best;
    if (takes(R, card, R->power[best], R->suit[lead])) { w = k; b = card; }
    x->hand[k] ^= bit(card);
    int r = relaxed_play(x, played | bit(k), at + 1, lead, w, b, left);
    x->hand[k] ^= bit(card);
    TableObject *t = x->ctx->table;
    t->checks++;
    if (!r) t->check_failures++;
    x->unkept--;
    x->rel = rel;
    x->budget = budget;
    x->plays = plays;
}
#endif

/* The next to play to a trick led by ``lead`` (``played``: who has): the
 * asker and the threats in their seats' turn, then the pool's last word.
 * ``at``: how many of the turn are known to have played (0: none known).
 * 1: the asker holds. */
static int relaxed_play(Relaxed *x, u64 played, int at, int lead, int who, int best, int left) {
    const CRules *R = x->R;
    if (x->plays <= 0) return 0;
    x->plays--;
    int led = R->suit[lead], trick[1] = {lead};
    const int8_t *turn = x->order[x->lead_by];
    int k = -1;
    /* the first of the turn still to play: past those known, not read again
     * (scanning from the turn's start each time was 5% of the core's work
     * at ten seats) */
    while (at <= x->m && (played >> turn[at] & 1)) at++;
    if (at <= x->m) k = turn[at];
    if (k < 0) {
        /* the pool may let the trick be, unless one of its seats must beat it */
        u64 used = x->used;
        u64 sure = 0, pulled = x->tricks ? forced_throws(x, lead, &sure) : 0;
        x->used = used | pulled;
        /* (not in the last trick, which relaxed_last plays as the pool's
         * last word: its takers include these) */
        for (; sure && left > 1; sure &= sure - 1) {
            int card = low_card(sure);
            if (takes(R, card, R->power[best], led)) {
                best = card;
                who = x->m + 1 + x->group[pool_index(x, card)];
            }
        }
        int duty = duty_beats(x, who, led, best);
        if (duty >= 0) x->rel |= bit(duty) | bit(best);
        else if (!relaxed_won(x, who, best, left)) { x->used = used; return 0; }
        for (int g = 0; g < x->ngroup; g++) {
            if (x->tricks && !(x->gseats[g] & ~(x->exempt | x->early))) continue;
            x->used = used;  /* (its cards before the trick) */
            for (u64 takers = pool_takers(x, g, best, led); takers; takers &= takers - 1) {
                int card = low_card(takers);
                x->used = used | pulled;  /* (a seat's throw is its taker, if it takes) */
                if (!x->pooled) x->used |= bit(card);
                int r = relaxed_won(x, x->m + 1 + g, card, left);
                x->used = used;
                if (!r) return 0;
            }
        }
        x->used = used;
        /* In the pooled game every group holds the cards of the kind a
         * group led (the kind's best: see relaxed), and a seat of another
         * could have overtaken a lower one of them, taking the lead: so
         * another group may take a lead nobody beat, with the same card. */
        if (x->pooled && who == x->lead_by && who > x->m)
            for (int g = 0; g < x->ngroup; g++)
                if (x->m + 1 + g != who && !relaxed_won(x, x->m + 1 + g, best, left)) return 0;
        return 1;
    }
    if (k == 0 && x->tricks && x->lead_by > 0 && !x->pre && left > 1)
        return ahead_word(x, played, at, lead, who, best, left);
    u64 legal = legal_cards(R, x->hand[k], trick, 1, x->done);
    int asker = k == 0, order[MAXC], m = 0;
    for (; legal; legal &= legal - 1) order[m++] = low_card(legal);
    if (asker) {
        /* The asker's thrift (as order_moves): its lowest cards first, and
         * if a threat is taking the trick, the cards that take it from that
         * threat before them, cheapest first. */
        for (int a = 1; a < m; a++)
            for (int j = a; j > 0 && R->power[order[j]] < R->power[order[j - 1]]; j--) {
                int t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        if (x->tricks ? who != 0 : who >= 1 && who <= x->m) {
            int first[MAXC];
            takers_first(R, order, m, R->power[best], led, first);
            memcpy(order, first, sizeof(int) * (size_t)m);
        }
    }
    u64 rel = x->rel;  /* the asker's answer rests on the card it keeps to only */
    for (int j = 0; j < m; j++) {
        int card = order[j], w = who, b = best;
        if (!asker && threat_sibling(x, order, j, best, led)) {
#ifdef JINK_CHECK
            sibling_check(x, played, at, k, card, lead, who, best, left);
#endif
            continue;
        }
        if (takes(R, card, R->power[b], led)) { w = k; b = card; }
        if (asker) x->rel = rel;
        x->hand[k] ^= bit(card);
        int r = relaxed_play(x, played | bit(k), at + 1, lead, w, b, left);
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
 * plays it); the checking core plays both (tests/test_pooled.py). */
static int relaxed_last(Relaxed *x, u64 played, int lead, int leader) {
    const CRules *R = x->R;
    const int8_t *turn = x->order[x->lead_by];
    long calls = 1;  /* (relaxed_play's: one a card, and the pool's last word) */
    for (int j = 0; j <= x->m; j++) calls += !(played >> turn[j] & 1);
    if (x->plays < calls) return relaxed_play(x, played, 0, lead, leader, lead, 1);
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
        if (x->tricks) {
            if (x->won[0] + (who == 0) < x->need[0]) return 0;
        } else if (who >= 1 && who <= x->m && x->won[who] + 1 >= x->need[who]) return 0;
    }
    if (x->tricks) {
        /* a pool seat that may take the trick leaves the asker a trick short
         * (its trick start found it short) */
        for (int g = 0; g < x->ngroup; g++) {
            if (!(x->gseats[g] & ~x->exempt)) continue;
            u64 takers = pool_takers(x, g, best, led);
            if (takers) {
                x->rel |= bit(low_card(takers));
                return 0;
            }
        }
        return 1;
    }
    for (int g = 0; g < x->ngroup; g++) x->rel |= pool_takers(x, g, best, led);
    return 1;
}

/* A lead to the trick: the rest of it searched, or with one trick left
 * played out (relaxed_last). */
static int relaxed_lead(Relaxed *x, u64 played, int lead, int leader, int left) {
    if (left > 1) return relaxed_play(x, played, 0, lead, leader, lead, left);
#ifdef JINK_CHECK
    /* (tests: the same answer, cards named and plays as the search's) */
    long plays = x->plays;
    u64 rel = x->rel;
    int fast = relaxed_last(x, played, lead, leader);
    long fast_plays = x->plays;
    u64 fast_rel = x->rel;
    x->plays = plays;
    x->rel = rel;
    int r = relaxed_play(x, played, 0, lead, leader, lead, left);
    TableObject *t = x->ctx->table;
    t->checks++;
    if (r != fast || x->rel != fast_rel || x->plays != fast_plays) t->check_failures++;
    return r;
#else
    return relaxed_last(x, played, lead, leader);
#endif
}

/* A pool card led (by a group: ``leader``), used up in the relaxed game. */
static int pool_leads(Relaxed *x, int card, int leader, int left) {
    u64 used = x->used;
    if (!x->pooled) x->used |= bit(card);
    int r = relaxed_lead(x, 0, card, leader, left);
    x->used = used;
    return r;
}

/* The pooled game's lead of a plain suit ``su`` by a group holding
 * ``mine``: its lowest card of the suit only, and of the plain suits the
 * asker and the threats hold none of, one only (relaxed). 1 where the
 * asker holds, else 0.
 *
 * A lower card led gives the opponents every outcome a higher one of the
 * same suit does. The duties read only the suit led, so the asker and the
 * threats have the same cards to play after either. A card of theirs that
 * beats the higher lead beats the lower too, and is then the trick's best
 * in both. Where none beats the higher lead, its trick goes to any group
 * that wants it (the leader, a group that overtakes, or one taking a lead
 * nobody beat); after the lower lead any group may overtake with the
 * higher card, which the pool never uses up, and a threat may even take
 * the trick. Every outcome leaves the same hands. So the asker holds
 * against every lead of the suit where it holds against the lowest. And in
 * every position the answer stands for (partition search): where the lead
 * lies at or above the lowest card of its suit the answer names (as where
 * it takes the trick), they hold the same cards of the suit from there up
 * and the pool none below (the seats' counts are the key's), so it is
 * their lowest too; where it lies below, so does their lowest, and cards
 * below those named play alike.
 *
 * Two plain suits the asker and the threats hold none of play alike led:
 * they may play any card to either, only a trump beats either lead, and
 * any group may take either trick; the positions the answer stands for
 * have the same counts of each suit in each hand, so the same voids. */
static int pooled_low_lead(Relaxed *x, u64 mine, int su, int leader, int left) {
    const CRules *R = x->R;
    int lowest = -1;
    for (int i = 0; i < R->norder[su]; i++)
        if (mine & bit(R->order[su][i])) lowest = R->order[su][i];
    x->led_at[x->done - x->start] = (int8_t)su;
    return pool_leads(x, lowest, leader, left);
}

/* Whether an answer resting on the places of ``rel`` fixes where ``card``
 * lies, and every card above it in its suit (as table.c's depths reads it:
 * a suit down to its lowest card named; trumps always whole). */
static int pinned(const CRules *R, u64 rel, int card) {
    int su = R->suit[card];
    return su == R->trump || (rel & R->suit_masks[su] & ~R->higher[card]) != 0;
}

/* 1: no threat reaches its tricks, ``left`` tricks from here; 0: one may.
 * (The max_tricks game: 1 where the asker reaches its own.) */
static int relaxed(Relaxed *x, int leader, int left) {
    const CRules *R = x->R;
    if (x->tricks) {  /* (the asker's own tricks: no threats) */
        if (x->won[0] >= x->need[0]) return 1;
        if (x->won[0] + left < x->need[0]) return 0;
    } else {
        int alive = 0, na = ranked(x, 0);
        for (int i = 1; i <= x->m; i++) {
            if (x->won[i] >= x->need[i]) return 0;
            int reach = x->won[i] + left;
            /* the asker's trumps it cannot cover one for one (as sure()) */
            if (reach >= x->need[i] && na)
                reach -= na - matched(x->rk[0], na, x->rk[i], ranked(x, i));
            alive += reach >= x->need[i];
        }
        if (!alive) return 1;
    }
    /* The same position again (the same cards played in another order): the
     * pool's seats keep their cards, so the cards the asker and the threats
     * hold, their tricks, the leader and the tricks left say it all. */
    Ctx *c = x->ctx;
    int t = x->done - x->start;  /* this trick's place since the start */
    u64 cards = 0, rest = (u64)leader << 48 | (u64)left << 56, past = 0;
    for (int i = 0; i <= x->m; i++) cards |= x->hand[i];
    cards |= x->used;  /* (the pool's cards: no card is both) */
    for (int i = 0; i <= x->m; i++) rest |= (u64)x->won[i] << (3 * i);
    /* and the tricks' leads since the start (the pool seats' duty reads
     * them; the pooled game has no duty: the same position whatever led) */
    for (int j = 0; j < t && j < 8 && x->npool; j++)
        past |= (u64)((x->led_at[j] + 1) | (x->led_pool[j] + 1) << 3) << (8 * j);
    /* The pooled game's later tricks: the same game as another pooled
     * game's that reaches the same cards, kept by pattern (pooled_sub). Its
     * slot, far in memory, is fetched while the near memory is read (the
     * wait for it was a quarter of this function's time). */
    PgKey sub;
    PgSlot *sub_slot = NULL;
    int kept = x->pooled && t > 0 && left > 1 && !c->replay && !x->unkept
               && sub_key(x, leader, left, &sub);
    if (kept) prefetch(&c->memory->pg[sub.h & (c->memory->pg_slots - 1)]);
    RxSlot *slot = NULL;
    size_t h = (size_t)mix(mix(cards, rest), past);
    for (int k = 0; k < 4 && t <= 8 && !x->unkept; k++) {
        RxSlot *e = &c->memory->rx[(h + (size_t)k) & (RX_SLOTS - 1)];
        if (e->stamp != c->memory->rx_stamp) { slot = e; break; }
        if (e->cards == cards && e->rest == rest && e->past == past) {
            x->rel |= e->rel;
            return e->value;
        }
    }
    if (kept) {
        const PgSlot *e = pg_find(c->memory, &sub, &sub_slot);
        if (e) {
            if (e->value != 1) return 0;
            x->rel |= pg_named(R, e, sub.game, sub.ours | x->pool);
            return 1;
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
         * renege is fixed by where the led trump falls), nor, in the relaxed
         * game, a card another group has still to use: its seat could
         * overtake the lower card, which the kind's best would stand
         * against, and so take the lead (the pooled game hands a lead on
         * instead: relaxed_play) */
        int g = leader - x->m - 1;
        u64 theirs = 0, mine = x->gcards[g] & ~x->used, unled = 0;
        for (int i = 0; i <= x->m; i++) theirs |= x->hand[i];
        for (int h = 0; h < x->ngroup && !x->pooled; h++)
            if (h != g) theirs |= x->gcards[h] & ~x->used;
        x->exempt = x->gseats[g];
        x->led_pool[t] = (int8_t)g;
        r = 1;
        int voids = 0;  /* (the pooled game's: see pooled_low_lead) */
        for (int su = 0; su < 4 && r; su++) {
            int fresh = 1;
            if (!(mine & R->suit_masks[su])) continue;  /* (a pool seat has few suits) */
            if (x->pooled && su != R->trump && !x->every_lead) {
                int none = !(theirs & R->suit_masks[su]);
                if (none && voids++) continue;  /* (one such suit led stands for the others) */
                r = pooled_low_lead(x, mine, su, leader, left);
                continue;
            }
            for (int i = 0; i < R->norder[su] && r; i++) {
                int card = R->order[su][i];
                if (theirs & bit(card)) fresh = 1;
                else if ((mine & bit(card)) && fresh) {
                    fresh = 0;
                    x->led_at[t] = (int8_t)su;
                    r = pool_leads(x, card, leader, left);
                } else if (mine & bit(card)) {
                    unled |= bit(card);
                }
            }
        }
        /* A card left unled plays as its kind's best only while no card of
         * the asker's or the threats' lies between them: an answer that
         * stands for other positions too (partition search) must fix the
         * places of every card down to it. Where the answer so far fixes
         * them anyway it is left unled; else it is led after all (fixing
         * them would cost the answer most of the positions it stands for). */
        for (int su = 0; su < 4 && r; su++) {
            if (!(unled & R->suit_masks[su])) continue;
            for (int i = 0; i < R->norder[su] && r; i++) {
                int card = R->order[su][i];
                if (!(unled & bit(card)) || pinned(R, x->rel, card)) continue;
                x->led_at[t] = (int8_t)su;
                r = pool_leads(x, card, leader, left);
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
        slot->stamp = c->memory->rx_stamp;
        slot->value = r;
    }
    /* (a game cut short gives no answer: none is kept) */
    if (kept && x->budget >= 0 && x->plays > 0) pooled_sub(x, &sub, sub_slot, r);
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
    x->m = x->npool = x->ngroup = x->tricks = 0;
    x->exempt = x->rel = x->used = x->early = 0;
    x->pre = 0;
    x->every_lead = x->unkept = 0;
    memset(x->won, 0, sizeof x->won);
    x->R = s->R;
    x->ctx = s->ctx;
    x->done = s->done;
    x->budget = RELAXED.steps;
    x->plays = s->players >= RELAXED.plays_from ? RELAXED.plays : LONG_MAX;
    x->pooled = pooled;
    x->players = s->players;
    x->threat_seats = threats;
    x->pool = 0;
    x->seat_of[0] = (int8_t)asker;
    Memory *mem = x->ctx->memory;
    if (++mem->rx_stamp == 0) {  /* wrapped: every slot is old */
        memset(mem->rx, 0, sizeof mem->rx);
        mem->rx_stamp = 1;
    }
    x->hand[0] = s->hands[asker];
    memset(x->rk_trumps, 0xff, sizeof x->rk_trumps);  /* (no set of trumps: the deck is 52 cards at most) */
    for (int p = 0; p < s->players; p++) {
        if (p == asker) {
            role[p] = 0;
        } else if (threats >> p & 1) {
            role[p] = ++x->m;
            x->seat_of[x->m] = (int8_t)p;
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
    /* (never in the max_tricks game, which has no threats: which seat leads
     * after a trick, and which seats play before the asker, is what that
     * game keeps to) */
    int grouped = pooled || (threats && n - 1 - x->m >= s->ctx->table->relax_groups);
    for (int j = 1; j < n; j++) {  /* from the asker round: runs end at it */
        int p = asker + j < n ? asker + j : asker + j - n;
        if (role[p] >= 0) continue;
        int before = role[p ? p - 1 : n - 1], g;  /* (seen already, or the asker) */
        if (before > x->m && grouped) {
            g = before - x->m - 1;
        } else {
            g = x->ngroup++;
            x->gcards[g] = x->gseats[g] = 0;
        }
        role[p] = x->m + 1 + g;
        pool[p] = x->npool;
        x->group[x->npool] = (int8_t)g;
        x->seat[x->npool] = s->hands[p];
        x->gcards[g] |= s->hands[p];
        x->gseats[g] |= bit(x->npool);
        /* (the pooled game does not read them: its seats have no duty) */
        for (int su = 0; su < 4 && !pooled; su++) {
            int8_t low = -1;
            for (u64 c = s->hands[p] & s->R->suit_masks[su]; c; c &= c - 1) {
                int card = low_card(c);
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
        x->pool = all;
        suit_places(s->R, all, x->pool_places);  /* (read at each later trick: sub_key) */
    }
    x->start = s->done;
    /* After each one's lead, the asker and the threats in turn: the seats'
     * places round the table twice over, read from each seat on (no
     * division: this runs for every game), up to the last of them; a seat
     * of the same run as the one before it has the same turns. */
    int ring[2 * MAXP];
    for (int p = 0; p < n; p++) ring[p] = ring[p + n] = role[p];
    for (int p = 0; p < n; p++) {
        if (p && role[p] > x->m && role[p] == role[p - 1]) continue;
        for (int j = p + 1, k = 0; k <= x->m; j++)
            if (ring[j] <= x->m) x->order[role[p]][k++] = (int8_t)ring[j];
    }
}


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
    return relaxed_play(x, played, 0, trick[0], who, trick[best], left);
}

/* The relaxed game of this search: the one seat ``asker`` against the seats
 * of ``threats`` wanting ``need`` tricks each, from a trick's start or from
 * within a trick (its cards so far stand; the pool may still add a
 * card to take it, as it may in any trick). 1 (with s->rel set): none
 * reaches them. The pooled game first: where it holds, so does this. */
static int relaxed_game(Search *s, int asker, u64 threats, int need) {
    int pooled = on(s, SETTLE_POOLED) && pooled_holds(s, asker, threats, need, RELAXED.steps);
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

/* A hand-over settled as "no" by the relaxed game (one asker). */
static int relaxed_fails(Search *s) {
    int asker = lone_seat(s, 0);
    return asker >= 0 && relaxed_game(s, asker, bit(s->goal_seat), s->k);
}

/* A spoil search settled as "yes" by the relaxed game (the asker one seat). */
static int relaxed_holds(Search *s, u64 threats) {
    int asker = lone_seat(s, 1);
    return asker >= 0 && relaxed_game(s, asker, threats, s->pool);
}

/* A max_tricks proof of one seat settled as "yes" by the relaxed game: every
 * other seat a pool seat, the asker wanting the side's tricks. */
static int relaxed_tricks(Search *s) {
    int asker = lone_seat(s, 1);
    if (asker < 0) return 0;
    Relaxed x;
    int role[MAXP], pool[MAXP];
    relaxed_setup(s, &x, asker, 0, 0, 0, role, pool);
    x.tricks = 1;
    /* after each pool seat's lead, the pool seats before the asker (each
     * pool seat its own group here: see relaxed_setup) */
    int n = s->players;
    for (int p = 0; p < n; p++) {
        if (p == asker) continue;
        u64 ahead = 0;
        for (int q = p + 1 < n ? p + 1 : 0; q != asker; q = q + 1 < n ? q + 1 : 0)
            ahead |= bit(pool[q]);
        x.ahead[role[p] - 1] = ahead;
    }
    x.won[0] = s->won[asker];
    x.need[0] = s->k;
    if (!relaxed_from(s, &x, role, pool)) return 0;
    s->rel = x.rel;
    return 1;
}

/* At a trick's start (after the table): 0 where a hand-over fails, 1 where
 * a spoil holds, else -1. */
static int relaxed_start(Search *s, u64 spoil_threats, int remaining) {
    if (s->goal == GOAL_ATLEAST)
        return remaining >= 3 && remaining <= RELAXED.tricks_left
            && s->players >= RELAXED.tricks_from && relaxed_tricks(s) ? 1 : -1;
    if (s->goal == GOAL_HELPED && remaining >= RELAXED.handover_from && relaxed_fails(s))
        return 0;
    if (spoil_threats && remaining == RELAXED.spoil_left && relaxed_holds(s, spoil_threats))
        return 1;
    return -1;
}

/* The relaxed game within a trick (partition search), where a run of pool
 * seats is to play (asked at its first seat, after the asker or a threat):
 * one game in place of every combination of their cards, and of the trick
 * starts they lead to. The seats of the run play last there, every card of
 * the asker and the threats after them seen, which only helps the
 * opponents: where the duty to follow reads only the card led (follow or
 * trump, as partition search has it), a card played before the asker or a
 * threat changes nothing it may play. 1 or 0 where it settles the search,
 * else -1. */
static int relaxed_mid(Search *s, int i) {
    int remaining = s->tricks - s->done;
    u64 threats = s->goal == GOAL_HELPED ? bit(s->goal_seat) : s->threats;
    if (s->coalition < 0 || !threats || remaining != RELAXED.mid_left) return -1;
    int asker = lone_seat(s, s->goal == GOAL_HELPED ? 0 : 1);
    if (asker < 0) return -1;
    u64 others = threats | bit(asker);
    if (!(others >> turn_seat(s, i - 1) & 1)) return -1;  /* (a run's first pool seat) */
    if (others >> turn_seat(s, i) & 1) return -1;
    if (s->goal == GOAL_HELPED) return relaxed_fails(s) ? 0 : -1;
    return relaxed_holds(s, threats) ? 1 : -1;
}

/* Its asks: at a trick's start, after the table, and within a trick,
 * after its table (settlers.c). */
static int relaxed_ask(Search *s, At *at) {
    return relaxed_start(s, at->th.mask, at->remaining);
}

static int relaxed_mid_ask(Search *s, At *at) {
    return relaxed_mid(s, at->i);
}

/*
 * Settler "sure": sure tricks at a trick's start.
 *
 * Guard: a trick's start, where a trump may always be played (follow or
 * trump): before the table with partition search, after it without (as the
 * Python engine's _sure).
 * Settles: "yes" where a seat of the goal's side takes enough tricks with
 * its trumps whatever is played (those above all of the others', and past
 * them those the others cannot cover one for one; a hand-over's seat with
 * the top trumps), or, with partition search, where a seat of the goal
 * (not a spoil's) leads and its runs take enough (lead_tricks: its trumps
 * led from the best, then, once they leave no other seat a trump, each
 * plain suit's cards); "no" where the tricks left, less those another
 * seat's trumps take from the goal's seats whatever is played, fall short;
 * a spoil as failing where the top trumps bring their holder to the pool,
 * as holding where no seat off the side can reach it past the side's trumps.
 * Sound: every seat plays every card, one a trick, and a trick goes to its
 * best trump: a trump beaten only by higher trumps, each of them in a trick
 * of its own, takes a trick whatever the others play (matched counts them).
 * A seat holding the suit led must follow (a trump led, unless it reneges
 * with a privileged trump above the card led, which would take the trick:
 * the run stops before such a card), and at worst keeps its best card.
 * Thresholds: none; the bounds are the goal's need, the tricks left and the
 * game's pool.
 *
 * Its counts (ranks, matched, top_trumps, trump_tricks, lost_to_trumps,
 * lead_tricks) are read by the settlers "trick" and "threats" and by the
 * relaxed game too.
 */


/* The places (0 = best) of cards of one suit, best first; returns how many.
 * (Each card's place is its index in its suit's order: a hand holds a few,
 * so they are sorted here rather than found by walking the order.) */
static int places_of(const CRules *R, u64 cards, int *out) {
    int n = 0;
    for (; cards; cards &= cards - 1) {
        int place = R->place[low_card(cards)], j = n++;
        while (j > 0 && out[j - 1] > place) { out[j] = out[j - 1]; j--; }
        out[j] = place;
    }
    return n;
}

/* The trump-order places of trumps, best first (none without a trump). */
static int ranks(const CRules *R, u64 trumps, int *out) {
    if (!trumps || R->trump < 0) return 0;
    return places_of(R, trumps, out);
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

/* How many of ``mine`` (seat ``lead``'s cards of ``suit``, places best
 * first) take a trick each when it leads them from the best, while it keeps
 * the lead: its i-th card takes the i-th such trick where every other seat
 * still holding the suit has only lower ones. Such a seat must follow, and
 * at worst keeps its best; one holding i cards or fewer has none left. No
 * seat may trump it in: the caller knows that no other seat holds a trump
 * then, or the suit is trumps. ``drawn``: set when the run leaves no other
 * seat holding the suit (the leader's cards of it left take theirs too). */
static int led_run(const Search *s, int lead, u64 suit, const int *mine, int nm,
                   int *drawn) {
    const CRules *R = s->R;
    int best[MAXP], count[MAXP], k = 0, most = 0;
    for (int q = 0; q < s->players; q++) {
        u64 cards = s->hands[q] & suit;
        if (q == lead || !cards) continue;
        int top = R->place[low_card(cards)];
        for (u64 c = cards & (cards - 1); c; c &= c - 1)
            if (R->place[low_card(c)] < top) top = R->place[low_card(c)];
        best[k] = top;
        count[k] = popc(cards);
        if (count[k] > most) most = count[k];
        k++;
    }
    *drawn = 0;
    for (int run = 0; run < nm; run++) {
        if (run >= most) { *drawn = 1; return nm; }
        for (int j = 0; j < k; j++)
            if (count[j] > run && best[j] < mine[run]) return run;
    }
    *drawn = most <= nm;
    return nm;
}

/* The tricks seat ``lead`` takes for sure when it leads the next trick:
 * its trumps led from the best while it keeps the lead (led_run), and once
 * they leave no other seat a trump, each plain suit's cards led from the
 * best in the same way. A seat may renege a trump only with a privileged
 * trump above the card led, and then the card led does not take the trick
 * (the run stops there). The leader's partners count as others: a trick of
 * theirs would take the lead away. Seats still to play to a trick in
 * progress count with every card they hold, which only gives the others
 * more. ``rel`` gains the plain cards the count rests on: each plain suit's
 * live cards down to the leader's last card counted (the trumps' places
 * are matched by every entry). Needs a trump to be legal whenever a seat
 * cannot follow, and the duty to follow the suit led; counts nothing (0)
 * without a trump or within the tricks led face down, whose duties differ.
 * Where the count cannot reach ``need``, or its trumps cannot draw every
 * other seat's, it may stop short, at 0. */
static int lead_tricks(const Search *s, int lead, int need, u64 *rel) {
    const CRules *R = s->R;
    int mine[16], drawn;
    /* (Cheap first: where its trumps cannot draw every other seat's, no
     * plain card counts, and the trumps' run alone, past the sure trump
     * tricks, settled next to nothing: it is not counted.) */
    if (R->trump < 0 || s->done < R->forced) return 0;
    u64 trumps = s->hands[lead] & R->trump_mask;
    int nt = popc(trumps);
    if (popc(s->hands[lead]) < need) return 0;
    for (int q = 0; q < s->players; q++)
        if (q != lead && popc(s->hands[q] & R->trump_mask) > nt) return 0;
    int total = led_run(s, lead, R->trump_mask, mine, ranks(R, trumps, mine), &drawn);
    if (!drawn) return total;
    for (int su = 0; su < 4; su++) {
        u64 suit = R->suit_masks[su];
        if (su == R->trump || !(s->hands[lead] & suit)) continue;
        int r = led_run(s, lead, suit, mine, places_of(R, s->hands[lead] & suit, mine), &drawn);
        if (!r) continue;
        total += r;
        int last = R->order[su][mine[r - 1]];
        *rel |= s->live & (R->higher[last] | bit(last));
    }
    return total;
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
             * one. */
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
    if (holder >= 0 && !s->on_side[holder] && s->won[holder] + top >= s->pool) return 0;
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
        if (s->won[p] + most >= s->pool) return -1;
    }
    return 1;
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

/* Its ask at a trick's start, before or after the table (settlers.c). */
static int sure_ask(Search *s, At *at) {
    int r = sure(s, at->need, at->remaining, at->th.known, at->th.holder, at->th.top);
    if (r >= 0 || !at->part || s->goal == GOAL_SPOIL) return r;
    /* (with partition search: what it rests on is kept) A seat of the
     * goal's leading: the tricks its leads take (lead_tricks). */
    int lead = s->leader;
    u64 rel = 0;
    if (is_ours(s, lead) && lead_tricks(s, lead, at->need, &rel) >= at->need) {
        s->rel = rel;
        return 1;
    }
    return -1;
}

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

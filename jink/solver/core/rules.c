/*
 * The kernel's rules: a game's duties read as data (a CRules, flattened by
 * jink/solver/native.py from a bound jink.games.base.Rules): which cards a
 * seat may play, and which card takes a trick.
 */

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

/* The cards that take a trick from its best card ``best``, a trump or a
 * card of the suit led: the higher cards of its suit, and over a plain card
 * every trump. */
static inline u64 beating(const CRules *R, int best) {
    u64 cards = R->higher[best];
    if (R->power[best] < TRUMP_BASE) cards |= R->trump_mask;
    return cards;
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

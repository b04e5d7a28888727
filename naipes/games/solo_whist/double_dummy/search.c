/* The search: alpha-beta on yes/no questions over the remaining tricks, and the exact count as a short
 * series of them from a first guess. */
#include <math.h>

#include "dds.h"

/* After a trick: its winner's rank mattered if another card of its suit was played to it. */
static void trick_ranks(const Trick *t, Ranks *w) {
    int x = t->win_card, suit = CARD_SUIT(x);
    for (int i = 0; i < 4; i++)
        if (t->cards[i] != x && CARD_SUIT(t->cards[i]) == suit) {
            ranks_add(w, suit, CARD_RANK(x));
            return;
        }
}

/* Plays `card` for the seat to move in trick[d] and searches on; undoes it before returning. */
static int after(Search *s, int d, int card, int need, Ranks *w) {
    Trick *t = &s->trick[d];
    int seat = (t->leader + t->count) & 3;
    int saved_seat = t->win_seat, saved_card = t->win_card;
    s->hand[seat] ^= (u64)1 << card;
    to_trick(s, t, seat, card);
    int answer;
    if (t->count == 4) {
        Trick *next = &s->trick[d - 1];
        next->leader = t->win_seat;
        next->count = 0;
        answer = search(s, d - 1, need - (s->scorers >> t->win_seat & 1), w);
        trick_ranks(t, w);
    } else {
        answer = search(s, d, need, w);
    }
    t->count--;
    t->win_seat = saved_seat;
    t->win_card = saved_card;
    s->hand[seat] ^= (u64)1 << card;
    return answer;
}

/* The last trick: every hand holds one card. */
static int last_trick(const Search *s, Trick *t, Ranks *w) {
    int leader = t->leader;
    t->win_card = lowest(s->hand[leader]);
    t->win_seat = leader;
    t->cards[0] = t->win_card;
    for (int i = 1; i < 4; i++) {
        int p = (leader + i) & 3;
        int c = lowest(s->hand[p]);
        t->cards[i] = c;
        if (beats(s, c, t->win_card)) {
            t->win_card = c;
            t->win_seat = p;
        }
    }
    ranks_none(w);
    trick_ranks(t, w);
    return s->scorers >> t->win_seat & 1;
}

/* The card stood for its whole run: if the answer rests on a card of the run, it rests on all of them (a
 * position where the run is split would not have merged them). */
static void for_run(const Search *s, const Trick *t, int seat, int card, Ranks *w) {
    int suit = CARD_SUIT(card);
    if (w->t[suit] > CARD_RANK(card) && w->t[suit] <= CARD_RANK(run_top(s, t, seat, card)))
        w->t[suit] = (int8_t)CARD_RANK(card);
}

/* `card` cut the search off with `d` tricks left: the history that orders cards weighs it up. */
static void cut_off_by(Search *s, int seat, int card, int d) {
    if ((s->history[seat][card] += (unsigned)(d * d)) >= (4095u << s->history_shift)) s->history_shift++;
}

/* In a misère, the `n` cards of maximiser `seat` tried in turn within budgets that grow eightfold from
 * 2,000 nodes, until one makes the scorers take their trick (1) or every one is refuted (0); `all` and
 * `best` as in search.  A card that fails costs a proof that the bidder escapes whatever the maximisers
 * do, the dearest kind, and where the move order's first card fails, a later one often catches him
 * within a few thousand nodes (in one costly proof of a first lead, the lead tried first was the one
 * that caught him at most of the leads that did).  A probe cut
 * off leaves in the table what it proved, and the budget is spent again on the cards still open, so a
 * card that needs x nodes costs about x + x/7 at the most; the node limit still holds, the last probe
 * of a card running to it.  On the analysis board's misères and open misères (every card at the first
 * lead and after the first trick) it about halves the nodes, and fewer positions run past their cap.
 * Probing at the leads only saved half as much; probing the bidder's cards too, from smaller or larger
 * budgets, growing faster, or only from fewer tricks left, saved no more than the choice of positions
 * moves. */
static int probed(Search *s, int d, int need, int seat, const Trick *t, const int *cards, int n, Ranks *all,
                  int *best) {
    long long limit = s->limit;
    int refuted[13] = {0}, left = n;
    Ranks parts[13];
    for (long long budget = 2000; left; budget *= 8) {
        for (int i = 0; i < n; i++) {
            if (refuted[i]) continue;
            int last = s->nodes + budget >= limit;
            s->limit = last ? limit : s->nodes + budget;
            Ranks child;
            int r = after(s, d, cards[i], need, &child);
            s->limit = limit;
            if (s->aborted) {
                if (last) return 0;
                s->aborted = 0;
                continue;
            }
            for_run(s, t, seat, cards[i], &child);
            if (r) {
                *all = child;
                *best = cards[i];
                cut_off_by(s, seat, cards[i], d);
                return 1;
            }
            refuted[i] = 1;
            left--;
            parts[i] = child;
        }
    }
    ranks_none(all);
    for (int i = 0; i < n; i++) ranks_union(all, &parts[i]);
    return 0;
}

/* Can the maximisers make the scorers take at least `need` of the `d` tricks left (the one in progress
 * included)?  `w` gets the ranks the answer rests on. */
int search(Search *s, int d, int need, Ranks *w) {
    Trick *t = &s->trick[d];
    if (++s->nodes > s->limit) {
        s->aborted = 1;
        return 0;
    }
    Layout layout = {0};
    int first = -1;
    if (t->count == 0) {
        if (need <= 0 || need > d) {
            ranks_none(w);
            return need <= 0;
        }
        if (d == 1) return last_trick(s, t, w) >= need;
        int low, high;
        Ranks low_w, high_w;
        if (s->normal)
            bounds(s, d, t->leader, need, &low, &low_w, &high, &high_w);
        else
            misere_bounds(s, d, t->leader, &low, &low_w, &high, &high_w);
        if (low >= need) { *w = low_w; return 1; }
        if (high < need) { *w = high_w; return 0; }
        layout_of(s, &layout);
        int known = lookup(&layout, t->leader, need, w, &first);
        if (known >= 0) return known;
        if (s->trump_game && trump_floor_reaches(s, t->leader, need, w)) {
            store(&layout, t->leader, d, w, 1, need, -1);
            return 1;
        }
        if (s->length_game && d <= LENGTH_DEPTH && !s->aborted && length_floor_reaches(s, d, t->leader, need, w)) {
            store(&layout, t->leader, d, w, 1, need, -1);
            return 1;
        }
        if (s->escape_game && is_max(s, t->leader) && escape_game_proves(s, t->leader, w)) {
            store(&layout, t->leader, d, w, 0, need, -1);
            return 0;
        }
        if (s->aborted) return 0;
    }
    int seat = (t->leader + t->count) & 3;
    int maximiser = is_max(s, seat);
    int cards[13];
    int n = candidates(s, t, seat, cards);
    if (first >= 0) {
        int found = 0;
        for (int i = 0; i < n; i++) found |= cards[i] == first;
        if (!found) first = -1;
    }
    if (n > 1) order(s, t, seat, cards, n, first); /* a forced card needs no order, and ordering is dear */
    int answer = !maximiser, best = -1;
    Ranks all;
    ranks_none(&all);
    if (!s->normal && maximiser && n > 1) {
        answer = probed(s, d, need, seat, t, cards, n, &all, &best);
        if (s->aborted) return 0;
    } else {
        int below[4] = {-1, -1, -1, -1};
        for (int i = 0; i < n; i++) {
            Ranks child;
            int c = cards[i], suit = CARD_SUIT(c);
            /* As DDS: once a card failed with a rank under every rank the answers so far rest on, another
             * card of its suit under them is the same card to those answers. */
            if (CARD_RANK(c) < below[suit]) continue;
            int r = after(s, d, c, need, &child);
            if (s->aborted) return 0;
            for_run(s, t, seat, c, &child);
            if (r == maximiser) {
                answer = r;
                best = c;
                cut_off_by(s, seat, c, d);
                all = child;
                break;
            }
            ranks_union(&all, &child);
            if (below[suit] < 0 && CARD_RANK(c) < all.t[suit]) below[suit] = all.t[suit];
        }
    }
    *w = all;
    if (t->count == 0) store(&layout, t->leader, d, w, answer, need, best);
    return answer;
}

/* A first guess at the scorers' tricks in a whole deal, before its first lead, for a side that wants
 * them (one hand with trumps, two with trumps, or one without); else half the tricks left.  A linear
 * estimate from what the side holds, fitted on solved random deals by
 * benchmarks/solo_whist_first_guess.py, which prints this table.  Each row's weights, at the places
 * GUESS_ names: a constant; each trump held, by rank from the two; each other card, by rank; the
 * trumps; the most of them in one hand; the short suits beside trumps (two for a void, one for a
 * singleton); the longest other suit; leading.  `exact` asks first at the guess and then a trick up
 * or down at a time, and the questions at the value and one above it are most of the work, so a
 * guess at either costs the least and the estimate is rounded up.  Only the search's speed depends
 * on it: its answers are exact. */
enum {
    GUESS_CONSTANT, GUESS_TRUMP_RANKS, GUESS_OTHER_RANKS = GUESS_TRUMP_RANKS + 13, GUESS_TRUMPS = GUESS_OTHER_RANKS + 13,
    GUESS_MOST_TRUMPS, GUESS_SHORT_SUITS, GUESS_LONGEST, GUESS_LEADS, GUESS_WEIGHTS
};
static const float FIRST_GUESS[3][GUESS_WEIGHTS] = {
    /* solo */
    {-0.019f, -0.320f, -0.311f, -0.257f, -0.270f, -0.272f, -0.266f, -0.214f, -0.178f, -0.022f, 0.147f,
     0.346f, 0.688f, 1.217f, -0.105f, -0.161f, -0.150f, -0.141f, -0.157f, -0.119f, -0.139f, -0.175f,
     -0.116f, -0.093f, -0.008f, 0.210f, 0.867f, 0.287f, 0.287f, 0.293f, -0.066f, 0.365f},
    /* proposal */
    {1.699f, -0.343f, -0.372f, -0.401f, -0.326f, -0.356f, -0.337f, -0.302f, -0.222f, -0.026f, 0.178f,
     0.609f, 1.034f, 1.591f, -0.326f, -0.333f, -0.319f, -0.310f, -0.311f, -0.321f, -0.310f, -0.288f,
     -0.235f, -0.090f, 0.177f, 0.628f, 1.313f, 0.726f, 0.296f, 0.369f, -0.114f, 0.520f},
    /* no trump */
    {1.088f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f,
     0.000f, -0.187f, -0.191f, -0.176f, -0.169f, -0.180f, -0.148f, -0.179f, -0.153f, -0.140f, -0.110f,
     0.043f, 0.357f, 1.233f, 0.000f, 0.000f, 0.000f, 0.002f, 0.600f},
};

int first_guess(const Search *s, int d, int leader) {
    int seats = popcount((u64)s->maximisers);
    if (d != 13 || s->trick[d].count || !s->normal || seats > 2 || (s->trump < 0 && seats > 1)) return d / 2;
    const float *w = FIRST_GUESS[s->trump < 0 ? 2 : seats - 1];
    float x = w[GUESS_CONSTANT] + w[GUESS_LEADS] * (float)is_max(s, leader);
    int trumps = 0, most = 0, short_suits = 0, longest = 0;
    for (int p = 0; p < 4; p++) {
        if (!is_max(s, p)) continue;
        int held = s->trump >= 0 ? popcount(s->hand[p] & SUIT_BITS(s->trump)) : 0;
        trumps += held;
        if (held > most) most = held;
        for (int suit = 0; suit < 4; suit++) {
            u64 cards = s->hand[p] & SUIT_BITS(suit);
            const float *ranks = w + (suit == s->trump ? GUESS_TRUMP_RANKS : GUESS_OTHER_RANKS);
            for (u64 m = cards; m; m &= m - 1) x += ranks[CARD_RANK(lowest(m))];
            if (held && suit != s->trump && popcount(cards) < 2) short_suits += 2 - popcount(cards);
        }
    }
    u64 side = cards_of(s, s->maximisers);
    for (int suit = 0; suit < 4; suit++) {
        int length = popcount(side & SUIT_BITS(suit));
        if (suit != s->trump && length > longest) longest = length;
    }
    x += w[GUESS_TRUMPS] * (float)trumps + w[GUESS_MOST_TRUMPS] * (float)most +
         w[GUESS_SHORT_SUITS] * (float)short_suits + w[GUESS_LONGEST] * (float)longest;
    int guess = (int)floorf(x + 1.0f);
    return guess < 0 ? 0 : guess > d ? d : guess;
}

/* The exact number of the `d` remaining tricks the scorers take, searched from `guess`. */
int exact(Search *s, int d, int guess) {
    int lo = 0, hi = d;
    if (guess < 0) guess = 0;
    if (guess > d) guess = d;
    while (lo < hi) {
        int test = guess;
        if (test <= lo) test = lo + 1;
        if (test > hi) test = hi;
        Ranks w;
        if (search(s, d, test, &w)) {
            lo = test;
            guess = test + 1;
        } else {
            hi = test - 1;
            guess = test - 1;
        }
        if (s->aborted) return -1;
    }
    return lo;
}

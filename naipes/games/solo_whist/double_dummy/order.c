/* Move ordering: the cards a seat may play, one per run of equivalent cards, best first. */
#include "dds.h"

/* The cards `seat` may play, one per run of equivalent cards (the lowest of the run), in `out`. */
int candidates(const Search *s, const Trick *t, int seat, int *out) {
    u64 hand = s->hand[seat];
    u64 playable = hand;
    if (t->count) {
        u64 follow = hand & SUIT_BITS(t->led);
        if (follow) playable = follow;
    }
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    for (int i = 0; i < t->count; i++) all |= (u64)1 << t->cards[i];
    int n = 0;
    u64 m = playable;
    while (m) {
        int c = lowest(m);
        m &= m - 1;
        if (below_is_own(hand, all & SUIT_BITS(CARD_SUIT(c)), c)) continue;
        out[n++] = c;
    }
    return n;
}

/* The highest card of the run of equivalent cards that `card`, the lowest of its run, stands for. */
int run_top(const Search *s, const Trick *t, int seat, int card) {
    u64 hand = s->hand[seat];
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    for (int i = 0; i < t->count; i++) all |= (u64)1 << t->cards[i];
    u64 above = all & SUIT_BITS(CARD_SUIT(card)) & ~(((u64)2 << card) - 1);
    while (above && (hand >> lowest(above) & 1)) {
        card = lowest(above);
        above &= above - 1;
    }
    return card;
}

/* Could an opponent of `seat` still to play to this trick after it beat `card`? */
static int beatable_later(const Search *s, const Trick *t, int seat, int card) {
    int pos = (seat - t->leader) & 3;
    for (int later = pos + 1; later < 4; later++) {
        int p = (t->leader + later) & 3;
        if (same_side(s, p, seat)) continue;
        u64 h = s->hand[p];
        u64 led = h & SUIT_BITS(t->led);
        int suit = CARD_SUIT(card);
        if (led) {
            if (suit == t->led && (led >> card)) return 1;
            if (s->trump == t->led && suit == t->led && (led >> card)) return 1;
        } else if (s->trump >= 0) {
            u64 trumps = h & SUIT_BITS(s->trump);
            if (!trumps) continue;
            if (suit != s->trump) return 1;
            if (trumps >> card) return 1;
        }
    }
    return 0;
}

/* Will `seat`'s side take this trick whatever `seat` plays: a teammate is winning it with a card no
 * opponent still to play can beat, or a teammate still to play holds a card of the suit led that beats
 * the card winning it so far and that no opponent still to play can beat? */
static int side_takes(const Search *s, const Trick *t, int seat) {
    if (same_side(s, t->win_seat, seat) && !beatable_later(s, t, seat, t->win_card)) return 1;
    for (int later = ((seat - t->leader) & 3) + 1; later < 4; later++) {
        int p = (t->leader + later) & 3;
        u64 led = s->hand[p] & SUIT_BITS(t->led);
        if (!same_side(s, p, seat) || !led) continue;
        int x = highest(led);
        if (beats(s, x, t->win_card) && !beatable_later(s, t, seat, x)) return 1;
    }
    return 0;
}

void order(const Search *s, const Trick *t, int seat, int *cards, int n, int first) {
    int score[13];
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    /* Then the trick is the side's anyway, and the lowest card keeps the rest (as DDS's second hand
     * plays low when its partner beats both opponents); that took fewer nodes than playing low only
     * while a teammate was winning so far, in proposals and solos alike.  A teammate winning so far
     * with a card no opponent still to play can beat is the same case: trying first a card of this
     * hand that beat it spent a winner on a trick the side had, and cost nodes in proposals. */
    int partner_winning = t->count && same_side(s, t->win_seat, seat);
    int teammate_takes = s->normal && t->count && side_takes(s, t, seat);
    int side = side_of(s, seat), lone = popcount((u64)side) == 1;
    int trumps_out = s->trump >= 0 && (all & SUIT_BITS(s->trump));
    for (int i = 0; i < n; i++) {
        int c = cards[i];
        int suit = CARD_SUIT(c), rank = CARD_RANK(c);
        int value = rank + (suit == s->trump ? 13 : 0);
        int sc;
        if (c == first) {
            sc = 100000;
        } else if (s->normal) {
            if (t->count == 0) {
                u64 in_suit = all & SUIT_BITS(suit);
                int top = highest(in_suit), top_holder = owner(s, top);
                /* The card tried stands for its run, so AK cashes as the ace would: asking for the
                 * ace itself ranked a top run of two cards or more with the low leads. */
                if (top_holder == seat && run_top(s, t, seat, c) == top) {
                    sc = 90;
                } else if (top_holder != seat && same_side(s, top_holder, seat)) {
                    /* Low towards a teammate's top card comes even before cashing one's own: fewer
                     * nodes so, in proposals and solos. */
                    sc = 140 - rank;
                } else {
                    /* Any other lead: a side of two hands or three leads its highest such card first,
                     * which makes the opponents spend their high cards (DDS weighs these leads up by
                     * rank too); a lone hand, against three, its lowest.  That took fewer nodes than the
                     * lowest first for every hand, most of all in solos without trumps; the lone hand
                     * leading high too made solos no better. */
                    int up = lone ? -rank : rank;
                    sc = (any_ruffs(s, side & ~(1 << seat), suit) ? 70 : 20) + up;
                    /* But a lone hand's run of two cards or more just under the opponents' top card is
                     * led first, even before its own winners: it drives the top card out and sets up the
                     * rest of the run (his KQ against their ace), where his lowest card gives them the
                     * trick for nothing (as DDS encourages a lead of the second card with the third).
                     * It saves nodes and CPU in solos, more without trumps, where it halved the worst
                     * deal; for a side of two or three hands it gained nothing. */
                    if (lone) {
                        int run = run_top(s, t, seat, c);
                        if (run != c && run == highest(in_suit ^ (u64)1 << top)) sc += 250;
                    }
                }
                /* A suit an opponent can ruff comes after the others, whatever kind of lead it is: a
                 * winner led into a ruff is no winner.  Weighing it for cashing one's own top card
                 * alone, and less, took more nodes, mostly in proposals. */
                if (any_ruffs(s, 0xF ^ side, suit)) sc -= 150;
                /* As DDS: a suit the opponents hold few cards of gives them few replies to search, and
                 * a hand void in it may throw any card it holds, so a void counts as its whole hand (as
                 * DDS counts it: the tricks left).  It weighs more than the kind of lead above, and more
                 * without trumps, where nobody ruffs: both take fewer nodes so, with trumps and
                 * without.  A void counted as the tricks played, plus one, made the leads into voids
                 * look cheapest early in the deal, where they are dearest, and took more nodes in
                 * proposals and solos alike. */
                int replies = 0;
                for (int p = 0; p < 4; p++)
                    if (!same_side(s, p, seat)) {
                        int length = length_in(s, p, suit);
                        replies += length ? length : popcount(s->hand[p]);
                    }
                sc -= (trumps_out ? 36 : 48) * replies;
            } else {
                int wins = beats(s, c, t->win_card);
                if (teammate_takes)
                    sc = -value;
                else if (wins && !beatable_later(s, t, seat, c))
                    sc = 100 - value;
                else if (partner_winning)
                    sc = 60 - value;
                else if (wins)
                    sc = 50 - value;
                else
                    sc = -value; /* after every card that wins for now, however high: the other
                                    way round cost more nodes, in proposals and more in solos */
                /* A discard comes from a long suit, as DDS's: a short one is more often a guard or a
                 * winner to keep.  3 a card, measured against 1, 2, 4 and 5. */
                if (suit != t->led && !wins) sc += 3 * popcount(s->hand[seat] & SUIT_BITS(suit));
            }
        } else {
            /* Everyone leads low and, following, ducks with the highest card that loses, or wins
             * with the highest; but a maximiser leads first a suit a scorer holds (so that he must
             * follow), and plays low while a scorer is still to play to the trick (leaving him the
             * trick).  Those two make most misères cheap that were very dear without them. */
            int maximiser = is_max(s, seat), scorer_later = 0;
            for (int later = t->count + 1; later < 4; later++)
                scorer_later |= s->scorers >> ((t->leader + later) & 3) & 1;
            if (t->count == 0) {
                sc = 50 - rank;
                for (int p = 0; maximiser && p < 4; p++)
                    if (s->scorers >> p & 1 && (s->hand[p] & SUIT_BITS(suit))) sc += 20;
            } else if (maximiser && scorer_later) {
                sc = 60 - rank;
            } else {
                sc = beats(s, c, t->win_card) ? 20 + rank : 60 + rank;
            }
        }
        score[i] = sc * 4096 + (s->history[seat][c] >> s->history_shift);
    }
    for (int i = 1; i < n; i++) {
        int c = cards[i], sc = score[i], j = i - 1;
        while (j >= 0 && score[j] < sc) {
            cards[j + 1] = cards[j];
            score[j + 1] = score[j];
            j--;
        }
        cards[j + 1] = c;
        score[j + 1] = sc;
    }
}

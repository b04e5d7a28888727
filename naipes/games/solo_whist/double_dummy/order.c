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
     * plays low when its partner beats both opponents).  Before, only a teammate winning so far did
     * so: on 200 development deals of each of two seeds, nodes of proposals -27 % and -18 %, solos
     * -12 % and -6 % (geometric means of the ratios about -20 % for both).  A teammate winning so far
     * with a card no opponent still to play can beat is the same case: before, a card of this hand
     * that beat it was tried first, spending a winner on a trick the side had (development deals,
     * both builds in turn: proposals -7.4 % and -5.6 % nodes, -9 % and -7 % CPU, the costliest ten
     * -11 % and -7 %; solos -1.9 %, solos without trumps the same). */
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
                    /* Low towards a teammate's top card comes even before cashing one's own: on 250
                     * development deals, median nodes of proposals 658 K -> 616 K, solos 72 K -> 65 K. */
                    sc = 140 - rank;
                } else {
                    /* Any other lead: a side of two hands or three leads its highest such card first,
                     * which makes the opponents spend their high cards (DDS weighs these leads up by
                     * rank too); a lone hand, against three, its lowest.  Against the lowest first for
                     * every hand, on 100 to 150 development deals of each of three seeds: proposals -5
                     * to -11 % nodes (the geometric means of the ratios -1 to -10 %), solos without
                     * trumps -9 to -25 % (-8 to -10 %), solos +1 to -9 % (-4 to -9 %).  The lone hand
                     * leading high too made solos +4 and +5 % on two seeds, -6 % on the third. */
                    int up = lone ? -rank : rank;
                    sc = (any_ruffs(s, side & ~(1 << seat), suit) ? 70 : 20) + up;
                    /* But a lone hand's run of two cards or more just under the opponents' top card is
                     * led first, even before its own winners: it drives the top card out and sets up the
                     * rest of the run (his KQ against their ace), where his lowest card gives them the
                     * trick for nothing (as DDS encourages a lead of the second card with the third).
                     * Development deals, both builds in turn: solos -3 to -5 % nodes and CPU, solos
                     * without trumps -9 to -14 % (the worst of 600 of 85,980,000 406 ms against 831);
                     * 150 instead of 250 about the same; for a side of two or three hands too, proposals
                     * +2 % CPU and solos less. */
                    if (lone) {
                        int run = run_top(s, t, seat, c);
                        if (run != c && run == highest(in_suit ^ (u64)1 << top)) sc += 250;
                    }
                }
                /* A suit an opponent can ruff comes after the others, whatever kind of lead it is: a
                 * winner led into a ruff is no winner.  Before, only cashing one's own top card knew it
                 * (and weighed it less): on 200 development deals, nodes of proposals -11 %, solos -1 %
                 * (the geometric means of their ratios -14 % and -12 %). */
                if (any_ruffs(s, 0xF ^ side, suit)) sc -= 150;
                /* As DDS: a suit the opponents hold few cards of gives them few replies to search, and
                 * a hand void in it may throw any card it holds, so a void counts as its whole hand (as
                 * DDS counts it: the tricks left).  It weighs more than the kind of lead above, and more
                 * without trumps, where nobody ruffs: both measured on development deals (no trumps:
                 * median nodes 266 K -> 166 K; with them the p90 of proposals 4.5 M -> 3.6 M).  A void
                 * counted as the tricks played, plus one, as it was before, made the leads into voids
                 * look cheapest early in the deal, where they are dearest.  Against that count, on 150
                 * development deals of each seed, proposals take 14 % fewer nodes (two seeds; the
                 * geometric means of the ratios -22 % and -19 %), solos without trumps 4-8 % (-21 %,
                 * -22 %), solos 0-6 % (three seeds: -10 %, -10 %, -17 %). */
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
                    sc = -value; /* after every card that wins for now, however high: measured, the
                                    other way round cost 8 % more nodes in proposals, 20 % in solos */
                /* A discard comes from a long suit, as DDS's: a short one is more often a guard or a
                 * winner to keep.  3 a card, measured against 1, 2, 4 and 5. */
                if (suit != t->led && !wins) sc += 3 * popcount(s->hand[seat] & SUIT_BITS(suit));
            }
        } else {
            /* Everyone leads low and, following, ducks with the highest card that loses, or wins
             * with the highest; but a maximiser leads first a suit a scorer holds (so that he must
             * follow), and plays low while a scorer is still to play to the trick (leaving him the
             * trick).  Those two took 150 development misères from 48 M nodes to 0.1 M, all but the
             * one not solved either way. */
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

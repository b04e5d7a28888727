/* What bounds.c shares with bound_games.c: the rules both the search's positions and the games'
 * ask, inline where they are asked at every node. */
#ifndef BOUNDS_H
#define BOUNDS_H

#include "dds.h"

/* The trump rules of sure_tricks for the seats `side` (a set), from the trumps' holders alone (`held[p]`:
 * p's trumps by rank), `best` being what trump_tricks found; `*rank` gets the trump the count rests on
 * where a rule gives it, else -1.  The lengths game asks them too: its trumps keep their ranks. */
static inline int trump_rule_tricks(const unsigned held[4], int side, int leader, int best, int *rank) {
    *rank = -1;
    unsigned trumps = in_play(held);
    if (!(trumps & (trumps - 1))) return best;
    int top = highest(trumps);
    trumps ^= 1u << top;
    int second = highest(trumps);
    trumps ^= 1u << second;
    int second_seat = holder(held, second);
    if (!(side >> second_seat & 1)) return best;
    int top_seat = holder(held, top), second_length = popcount(held[second_seat]);
    if (side >> top_seat & 1) {
        if (top_seat != second_seat && (popcount(held[top_seat]) > 1 || second_length > 1)) {
            *rank = second;
            return 2;
        }
        return best;
    }
    if (best) return best;
    if (second_length > 1 && top_seat == ((second_seat + 3) & 3) && leader != second_seat) {
        *rank = second;
        return 1;
    }
    if (trumps && second_length > 1 && side >> holder(held, highest(trumps)) & 1) {
        *rank = highest(trumps);
        return 1;
    }
    return best;
}

/* A lone scorer not on lead is safe in `suit` while a maximiser holding only cards of it above all of
 * his follows to it: he plays under that card.  The maximiser runs out of the suit first only by
 * throwing cards of it, which it can do only when a suit it is void in is led; another maximiser must
 * lead that suit, so it throws at most, summed over the other suits, how many more cards of each the
 * longest other maximiser holds than it does (its own throws of those suits only move the count from
 * one suit to another).  So when it holds the scorer's length of the suit and that many more, he never
 * has to win a round of it.  Where this is the one suit he must be kept safe in so, a lead of a suit he
 * is void in costs the guard nothing: he throws a card of this suit to it as the guard may.  So another
 * suit counts only while he still holds it: up to his length of it, where that is less than the longest
 * other maximiser's.
 *
 * Asked of the search's positions (guarded) and of the escape game's (game_guarded): `ranks` the suit's
 * cards by seat (bit 0 the two; the scorer holds some), `length(position, seat, suit)` how many cards of
 * a suit a seat holds, asked only where a maximiser's cards of the suit are all above his. */
typedef int (*LengthOf)(const void *position, int seat, int suit);

static inline int guards(const void *position, LengthOf length, const unsigned ranks[4], int scorer, int suit,
                         int alone) {
    unsigned his = ranks[scorer];
    int top = 31 - __builtin_clz(his);
    for (int g = 0; g < 4; g++) {
        unsigned held = ranks[g];
        if (g == scorer || !held || __builtin_ctz(held) < top) continue;
        int spare = popcount(held) - popcount(his), throws = 0;
        for (int other = 0; other < 4 && throws <= spare; other++) {
            if (other == suit) continue;
            int most = 0, own = length(position, g, other);
            for (int p = 0; p < 4; p++)
                if (p != scorer && p != g && length(position, p, other) > most) most = length(position, p, other);
            if (alone && length(position, scorer, other) < most) most = length(position, scorer, other);
            if (most > own) throws += most - own;
        }
        if (throws <= spare) return 1;
    }
    return 0;
}

int unbeatable(u64 mine, u64 theirs);
int guarded(const Search *s, int suit, int alone);
int under_in_order(u64 his, u64 theirs, int rounds);
int suit_in_order(const Search *s, u64 his, u64 theirs, int suit);

#endif

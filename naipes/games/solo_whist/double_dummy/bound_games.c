/* Smaller games whose values bound the true one's: the trump game and the lengths game give a lone
 * declarer a floor, the escape game proves a misère bidder escapes. */
#include <string.h>

#include "bounds.h"

/* ---------------------------------------------------------------- the trump game */

/* A floor under a lone declarer's tricks with trumps where his trumps alone decide them: the *trump
 * game*, in which the trumps keep their ranks and every other card is a blank that the defenders read as
 * they please.  A blank led by a defender, the declarer must follow with a blank while he holds one; a
 * defender may trump a blank or throw one as it likes; a trick without trumps goes to whichever seat the
 * defenders choose.  Every line of the true game is a line of this one (a side card he holds is a blank
 * he follows with, a defender void in a suit trumps or throws, the true winner of a side suit's trick is
 * one they may choose), and here he only loses choices, so the tricks he surely takes here he surely
 * takes there.  Unlike the counts of sure tricks it follows the seats: who plays after him when he must
 * trump, and trumps led drawing one from every defender holding any.  It settles most of the positions
 * where a weak declarer's proof that he takes his few tricks cost millions of nodes. */

/* Every card of one suit still held, its owner from the lowest up (two bits each, 13 cards at most, by
 * seat: `held[p]` holds p's ranks), and their number above them (bits 26-29): 30 bits that say where the
 * suit's cards are and nothing of which ranks are out, which is all a game's value depends on.  How the
 * trump, lengths and escape games key their tables. */
static u64 owners_up(const unsigned held[4]) {
    u64 key = 0;
    int n = 0;
    for (unsigned m = in_play(held); m; m &= m - 1, n++) key |= (u64)holder(held, __builtin_ctz(m)) << (2 * n);
    return key | (u64)n << 26;
}

/* The trumps of `lone` that the others' higher trumps cannot all beat (unbeatable). */
static inline int sure_trumps(const unsigned trumps[4], int lone) {
    return unbeatable(trumps[lone], in_play(trumps) & ~trumps[lone]);
}

/* The slot of a game's position in `table`, of 2^`bits` slots. */
static GameEntry *game_slot(GameEntry *table, int bits, const u64 key[2]) {
    u64 hash = (key[0] ^ key[1] * 0xC2B2AE3D27D4EB4Full) * 0x9E3779B97F4A7C15ull;
    return table + (hash >> (64 - bits));
}

static inline int game_holds(const GameEntry *e, const u64 key[2]) {
    return e->key[0] == key[0] && e->key[1] == key[1] && e->generation == generation;
}

/* What the slot knows of whether the declarer takes `need`: 1 or 0, or -1 for nothing. */
static int game_known(const GameEntry *e, const u64 key[2], int need) {
    if (!game_holds(e, key)) return -1;
    return e->lower >= need ? 1 : e->upper < need ? 0 : -1;
}

/* Narrows the slot's bounds with the game's answer, `most` the most tricks he could take; the slot is asked
 * again whether it holds the position, as the game's own search may have taken it meanwhile. */
static void game_record(GameEntry *e, const u64 key[2], int most, int answer, int need) {
    games_written = 1;
    if (!game_holds(e, key)) {
        e->key[0] = key[0];
        e->key[1] = key[1];
        e->generation = generation;
        e->lower = 0;
        e->upper = (int8_t)most;
    }
    if (answer && e->lower < need) e->lower = (int8_t)need;
    if (!answer && e->upper >= need) e->upper = (int8_t)(need - 1);
}

/* Every trump's owner from the lowest up (two bits each, 13 trumps at most), their number, the blanks,
 * the leader and the declarer: all that the game's value depends on. */
static u64 trump_key(const TrumpGame *g, int leader) {
    u64 key = owners_up(g->trumps);
    for (int p = 0; p < 4; p++) key |= (u64)g->blanks[p] << (30 + 4 * p);
    return key | (u64)leader << 46 | (u64)g->lone << 48 | (u64)1 << 50;
}

/* Of the ranks `mine` of one suit, the lowest of each run: a rank whose next lower one in play (the
 * ranks `all` still held, and `top`, the highest on the table, -1 for none) is not its own. */
static unsigned run_lows(unsigned mine, unsigned all, int top) {
    unsigned others = all & ~mine, lows = 0;
    if (top >= 0) others |= 1u << top;
    for (unsigned m = mine; m; m &= m - 1) {
        int card = __builtin_ctz(m);
        if (!below_is_own(mine, mine | others, card)) lows |= 1u << card;
    }
    return lows;
}

/* The trick led by `leader` with `n` cards played: `trump_led` whether a trump was led, `top` the
 * highest trump on the table (-1 for none), `top_seat` its seat.  Can the declarer still take `need`? */
static int trump_trick(TrumpGame *g, int leader, int n, int trump_led, int top, int top_seat, int need) {
    if (n == 4) {
        if (top >= 0) return trump_game(g, top_seat, need - (top_seat == g->lone));
        for (int winner = 0; winner < 4; winner++)
            if (!trump_game(g, winner, need - (winner == g->lone))) return 0;
        return 1;
    }
    int seat = (leader + n) & 3, lone = seat == g->lone;
    unsigned mine = g->trumps[seat];
    int blank = g->blanks[seat] > 0;
    if (n && trump_led) blank = !mine;
    if (n && !trump_led && lone && blank) mine = 0;
    for (unsigned m = run_lows(mine, in_play(g->trumps), top); m; m &= m - 1) {
        int card = __builtin_ctz(m);
        g->trumps[seat] ^= 1u << card;
        int higher = card > top;
        int r = trump_trick(g, leader, n + 1, n ? trump_led : 1, higher ? card : top, higher ? seat : top_seat, need);
        g->trumps[seat] ^= 1u << card;
        if (g->s->aborted || r == lone) return r;
    }
    if (blank) {
        g->blanks[seat]--;
        int r = trump_trick(g, leader, n + 1, n ? trump_led : 0, top, top_seat, need);
        g->blanks[seat]++;
        return r;
    }
    return !lone;
}

/* Can the declarer take `need` of the trump game's tricks left, `leader` to lead?  Each position
 * searched counts as a node of the search's. */
int trump_game(TrumpGame *g, int leader, int need) {
    if (need <= 0) return 1;
    int most = popcount(g->trumps[g->lone]);
    /* the defenders can take every trick without trumps */
    if (need > most) return 0;
    /* his trumps that their higher trumps cannot all beat, as trump_tricks counts them (in this game
     * too, a trump of his loses only to a higher one played to the same trick): without it the game's
     * own search from the first trick was a large part of a solo's time */
    if (sure_trumps(g->trumps, g->lone) >= need) return 1;
    if (++g->s->nodes > g->s->limit) {
        g->s->aborted = 1;
        return 0;
    }
    u64 key[2] = {trump_key(g, leader), 0};
    GameEntry *e = game_slot(trump_entries, TRUMP_BITS, key);
    int known = game_known(e, key, need);
    if (known >= 0) return known;
    int r = trump_trick(g, leader, 0, 0, -1, -1, need);
    if (g->s->aborted) return 0;
    game_record(e, key, most, r, need);
    return r;
}

void trump_game_of(Search *s, TrumpGame *g) {
    g->lone = __builtin_ctz((unsigned)s->maximisers);
    g->s = s;
    suit_held(s->hand, s->trump, g->trumps);
    for (int p = 0; p < 4; p++) g->blanks[p] = popcount(s->hand[p] & ~SUIT_BITS(s->trump));
}

/* Between tricks, for a lone declarer with trumps: does the trump game give him `need`?  `w` gets the
 * trumps its answer rests on (all of them; the blanks are the suits' lengths, the table's key). */
int trump_floor_reaches(Search *s, int leader, int need, Ranks *w) {
    TrumpGame g;
    trump_game_of(s, &g);
    unsigned all = in_play(g.trumps);
    if (!all || !trump_game(&g, leader, need)) return 0;
    ranks_none(w);
    ranks_add(w, s->trump, __builtin_ctz(all));
    return 1;
}

/* ---------------------------------------------------------------- the lengths game */

/* A finer floor under a lone declarer's tricks than the trump game's: the *lengths game*, in which the
 * trumps keep their ranks, the side suits their lengths, and of their ranks only which of his cards are
 * *masters* (some of his cards above every card of their suit the defenders hold); every other side card
 * is a plain card of its suit.  Suit is followed as in the true game; a trick with a trump goes to the
 * highest trump, one with his master of the suit led to him, and any other to whichever seat that followed
 * suit the defenders choose.  Every line of the true game is a line of this one (his cards are masters or
 * plain cards of their suits, and the true winner of a trick without trumps followed suit), and here he
 * only loses choices (a plain card of his that becomes its suit's highest stays plain), so the tricks he
 * surely takes here he surely takes there, whichever of his cards above the defenders' are called masters.
 * What it sees that the trump game does not: an ace nobody can trump while the defenders holding trumps
 * still follow its suit, and a ruff where he is void and they are not.  The hardest solos a reader bids
 * turn on exactly that, and it cut the analysis board's costliest of them to about a third.
 *
 * And a king under the ace: where a defender holds a suit's top card and he holds none above the rest,
 * his cards above every other card of it are his *seconds* (three at most), and that top card a card of
 * its own.  A trick with the top card of the suit led goes to its holder, one with his second and not the
 * top card to him; once the top card is out his seconds are masters.  That too is the true game's rule for
 * those cards, the rest as before, so the floor holds.  Wherever the top card sits: without trumps from
 * the start (fewer nodes, and far fewer on the costliest deals), with trumps since the game had rules of
 * its own to settle its positions sooner (cashed_masters, tops_kept below).  Before them, with trumps
 * only a top card on his right (a king behind the ace) paid: held elsewhere it cost more than it saved.
 * With them, held anywhere, it takes fewer nodes for the same CPU and makes the worst deals cheaper.
 * Asking for seconds only where the plain game fails cost more CPU than it saved, and so did seconds
 * beside masters, where the ace is his and the king theirs, without trumps too. */

/* The game is asked only from nine tricks left down (LENGTH_DEPTH), only where he holds a master, a second
 * or a trump and the tricks he needs are at most one more than his masters, his seconds and his trumps their
 * higher trumps cannot all beat, and within 500 of its positions a question: each position of it costs about
 * what one of the search's does, and asked everywhere it cost more than it saved, where with these limits
 * it saves more than it costs.  With trumps and no master it is still the floor that sees a ruff where he
 * is void and they are not, or a trump of his kept until theirs are drawn, which is where a weak declarer's
 * one or two tricks come from, and proving those is the costliest question a solo asks; without trumps,
 * masters or seconds it gives him nothing. */
#define LENGTH_BUDGET 500

/* And within one search, at each number of tricks left, only while it has spent at most 250 of its
 * positions for each proof it gave there, once it has spent 20,000.  Where it proves little it is
 * dear: on the costliest random solos most of the nodes were its own, most of them in games cut off by
 * their budget, few of its questions proved, while on another deal the same questions prove nearly half
 * the time and pay.  The rule gains a little on random solos and on the solos the rules of thumb bid;
 * without trumps its effect is within the measurements' noise, and it stays for both, for deals like the
 * one it was made for, which it makes markedly cheaper.  Other budgets a proof, or other thresholds,
 * did about as well; asking again now and then once stopped, or while a proof by the game costs fewer
 * positions than the search spends where it finds the declarer's tricks itself, gained less. */
#define LENGTH_PER_PROOF 250
#define LENGTH_FIRST 20000

static int length_trick(LengthGame *g, int leader, int n, int led, int top, int top_seat, int master,
                        int followers, int need);

/* `seat` plays to the trick led by `leader` with `n` cards on it, in suit `led` (-1 before the lead), the
 * highest trump `top` (-1 for none) by `top_seat`, `master` the seat the trick goes to without a trump (the
 * holder of the suit's top card, else the declarer with a master or a second of it; -1 for none yet),
 * `followers` the seats that followed suit: `kind` 0 a trump of rank `rank`, 1 the declarer's master of
 * `suit`, 2 a plain card of it, 3 the top card over his seconds of it, 4 his second.  Can the declarer
 * still take `need`? */
static int length_play(LengthGame *g, int leader, int n, int led, int top, int top_seat, int master,
                       int followers, int need, int seat, int kind, int suit, int rank) {
    int r;
    if (n == 0) led = kind == 0 ? g->trump : suit;
    if (kind == 0) {
        g->trumps[seat] ^= 1u << rank;
        int higher = rank > top;
        r = length_trick(g, leader, n + 1, led, higher ? rank : top, higher ? seat : top_seat, master, followers,
                         need);
        g->trumps[seat] ^= 1u << rank;
    } else if (kind == 3) {
        /* the top card over his seconds: once it is out they are masters */
        int seconds = g->seconds[suit], follows = suit == led;
        g->top[suit] = -1;
        g->masters[suit] += seconds;
        g->seconds[suit] = 0;
        r = length_trick(g, leader, n + 1, led, top, top_seat, follows ? seat : master, followers | follows << seat,
                         need);
        g->seconds[suit] = seconds;
        g->masters[suit] -= seconds;
        g->top[suit] = seat;
    } else {
        int *count = kind == 1 ? &g->masters[suit] : kind == 4 ? &g->seconds[suit] : &g->plain[seat][suit];
        int follows = suit == led;
        (*count)--;
        r = length_trick(g, leader, n + 1, led, top, top_seat,
                         master < 0 && (kind == 1 || kind == 4) && follows ? g->lone : master,
                         followers | follows << seat, need);
        (*count)++;
    }
    return r;
}

static int length_trick(LengthGame *g, int leader, int n, int led, int top, int top_seat, int master,
                        int followers, int need) {
    if (n == 4) {
        if (top >= 0) return length_game(g, top_seat, need - (top_seat == g->lone));
        if (master >= 0) return length_game(g, master, need - (master == g->lone));
        for (int p = 0; p < 4; p++)
            if (followers >> p & 1 && !length_game(g, p, need - (p == g->lone))) return 0;
        return 1;
    }
    int seat = (leader + n) & 3, lone = seat == g->lone;
    unsigned mine = g->trumps[seat];
    int follows = n && (led == g->trump ? mine != 0
                                         : g->plain[seat][led] > 0 || g->top[led] == seat ||
                                               (lone && g->masters[led] + g->seconds[led] > 0));
    int r;
    if (!follows || led == g->trump) {
        for (unsigned m = run_lows(mine, in_play(g->trumps), top); m; m &= m - 1) {
            r = length_play(g, leader, n, led, top, top_seat, master, followers, need, seat, 0, g->trump,
                            __builtin_ctz(m));
            if (g->s->aborted || r == lone) return r;
        }
        if (follows) return !lone;
    }
    for (int suit = 0; suit < 4; suit++) {
        if (suit == g->trump || (follows && suit != led)) continue;
        if (lone && g->masters[suit]) {
            r = length_play(g, leader, n, led, top, top_seat, master, followers, need, seat, 1, suit, 0);
            if (g->s->aborted || r == lone) return r;
        }
        if (lone && g->seconds[suit]) {
            r = length_play(g, leader, n, led, top, top_seat, master, followers, need, seat, 4, suit, 0);
            if (g->s->aborted || r == lone) return r;
        }
        if (g->top[suit] == seat) {
            r = length_play(g, leader, n, led, top, top_seat, master, followers, need, seat, 3, suit, 0);
            if (g->s->aborted || r == lone) return r;
        }
        if (g->plain[seat][suit]) {
            r = length_play(g, leader, n, led, top, top_seat, master, followers, need, seat, 2, suit, 0);
            if (g->s->aborted || r == lone) return r;
        }
    }
    return !lone;
}

/* The leader, the declarer, every trump's owner from the lowest up and their number (none without
 * trumps), then of each side suit his masters, his seconds and the top card's holder (one more than the
 * seat, 0 for none), nine bits, and every hand's plain cards of each suit: all that the game's value
 * depends on.  The holder counts even once his seconds are gone (played or thrown): the top card is still
 * a card of that hand and that suit, which it follows with, and without it in the key two games whose top
 * cards sit in different suits shared an entry (rarely, and no value was found wrong by it, but a floor
 * must not rest on luck). */
static void length_key(const LengthGame *g, int leader, u64 key[2]) {
    u64 k = (u64)leader | (u64)g->lone << 2 | owners_up(g->trumps) << 4, lengths = 0;
    int at = g->trump >= 0 ? 34 : 4;
    for (int suit = 0; suit < 4; suit++) {
        if (suit != g->trump) {
            unsigned top = (unsigned)(g->top[suit] + 1);
            k |= (u64)((unsigned)g->masters[suit] | (unsigned)g->seconds[suit] << 4 | top << 6) << at;
            at += 9;
        }
        for (int p = 0; p < 4; p++) lengths |= (u64)g->plain[p][suit] << (16 * suit + 4 * p);
    }
    key[0] = k;
    key[1] = lengths;
}

/* The tricks the declarer on lead takes by cashing his masters: of each side suit as many rounds as every
 * defender holding trumps can follow, so nobody ruffs.  Those defenders follow every round, so none of them
 * throws a card of another suit meanwhile, and no trump is played: the counts of the suits add up, and his
 * trumps the others cannot all beat still win theirs after them.  Inside the game, where the search's
 * quick tricks are not asked, it settles a position a cashing declarer would otherwise play out, which
 * saves nodes with trumps and without, where every master cashes. */
static int cashed_masters(const LengthGame *g) {
    int cashed = 0;
    for (int suit = 0; suit < 4; suit++) {
        int rounds = g->masters[suit];
        for (int p = 0; p < 4; p++)
            if (p != g->lone && g->trumps[p] && g->plain[p][suit] < rounds) rounds = g->plain[p][suit];
        cashed += rounds;
    }
    return cashed;
}

/* With no trump left and a defender on lead, the tricks the true game's rules without trumps give the
 * declarer holding `left` cards (sure_tricks and cashed_after_entry): one where he holds a suit's top card and
 * the defenders' longest holdings of the suits whose top card they hold add up to fewer than the tricks left,
 * and all his masters where they are two or more and he holds as many other cards as those holdings.  His
 * masters are his suits' top cards, the lengths are the true lengths, so wherever the rules hold for the
 * game's position they hold for every true position it stands for, and the floor stays a floor.  In the game
 * itself they need not hold (there the defenders choose a plain trick's winner after he has thrown a card),
 * so the game's value can be above that of the game played out without them; the tests' model applies them
 * too.  It saves nodes and CPU in solos without trumps. */
static int tops_kept(const LengthGame *g, int left) {
    int controlled = 0, runs = 0;
    for (int suit = 0; suit < 4; suit++) {
        runs += g->masters[suit];
        if (g->masters[suit]) continue;
        int most = 0;
        for (int p = 0; p < 4; p++) {
            int held = g->plain[p][suit] + (g->top[suit] == p);
            if (p != g->lone && held > most) most = held;
        }
        controlled += most;
    }
    if (!runs || controlled >= left) return 0;
    return runs >= 2 && left - runs >= controlled ? runs : 1;
}

/* Can the declarer take `need` of the lengths game's tricks left, `leader` to lead?  Each position
 * searched counts as a node of the search's.  Where he needs one trick and has no sure trump, trump_rules'
 * rules for a lone hand may give it him (his the second trump, guarded, the top one on his right and a
 * defender on lead; or his the second and third, the second guarded): the trumps keep their ranks in the
 * game, so the rules hold in it as in the true game, and settle some positions the game would search. */
int length_game(LengthGame *g, int leader, int need) {
    if (need <= 0) return 1;
    int left = popcount(g->trumps[g->lone]);
    for (int suit = 0; suit < 4; suit++) left += g->masters[suit] + g->seconds[suit] + g->plain[g->lone][suit];
    if (need > left) return 0;
    int sure = sure_trumps(g->trumps, g->lone);
    if (sure >= need || (leader == g->lone && sure + cashed_masters(g) >= need)) return 1;
    if (leader != g->lone && !in_play(g->trumps) && tops_kept(g, left) >= need) return 1;
    int rank;
    if (need == 1 && !sure && trump_rule_tricks(g->trumps, 1 << g->lone, leader, 0, &rank)) return 1;
    if (++g->s->nodes > g->s->limit) {
        g->s->aborted = 1;
        return 0;
    }
    u64 key[2];
    length_key(g, leader, key);
    GameEntry *e = game_slot(length_entries, LENGTH_BITS, key);
    int known = game_known(e, key, need);
    if (known >= 0) return known;
    int r = length_trick(g, leader, 0, -1, -1, -1, -1, 0, need);
    if (g->s->aborted) return 0;
    game_record(e, key, left, r, need);
    return r;
}

/* The game of the search's position: his cards above every card of their suit the defenders hold are his
 * masters, and where a defender holds the top card and he holds no master, his cards above every other
 * card of the suit are his seconds. */
void length_game_of(Search *s, LengthGame *g) {
    int lone = __builtin_ctz((unsigned)s->maximisers);
    g->lone = lone;
    g->trump = s->trump;
    g->s = s;
    if (s->trump >= 0)
        suit_held(s->hand, s->trump, g->trumps);
    else
        memset(g->trumps, 0, sizeof g->trumps);
    u64 theirs = cards_of(s, 0xF ^ s->maximisers);
    for (int suit = 0; suit < 4; suit++) {
        g->masters[suit] = g->seconds[suit] = 0;
        g->top[suit] = -1;
        for (int p = 0; p < 4; p++) g->plain[p][suit] = suit == s->trump ? 0 : length_in(s, p, suit);
        if (suit == s->trump) continue;
        u64 over = theirs & SUIT_BITS(suit), mine = s->hand[lone] & SUIT_BITS(suit);
        g->masters[suit] = popcount(above(mine, over));
        g->plain[lone][suit] -= g->masters[suit];
        if (g->masters[suit] || !over) continue;
        int ace = highest(over), ace_seat = owner(s, ace);
        /* three at most: the key keeps two bits for them */
        int k = popcount(above(mine, over ^ (u64)1 << ace));
        if (!k) continue;
        g->seconds[suit] = k > 3 ? 3 : k;
        g->plain[lone][suit] -= g->seconds[suit];
        g->top[suit] = ace_seat;
        g->plain[ace_seat][suit]--;
    }
}

/* Between tricks, `d` left, for a lone declarer: does the lengths game give him `need`?  `w` gets what its
 * answer rests on: every trump, and of a side suit his masters and seconds only (the cards from the suit's
 * highest down to his lowest master or second keep their owners, so he holds as many and the top card over
 * his seconds stays where it is; the lengths are the table's key). */
int length_floor_reaches(Search *s, int d, int leader, int need, Ranks *w) {
    if (s->length_spent[d] > LENGTH_FIRST + LENGTH_PER_PROOF * s->length_proved[d]) return 0;
    LengthGame g;
    length_game_of(s, &g);
    int masters = g.masters[0] + g.masters[1] + g.masters[2] + g.masters[3];
    int seconds = g.seconds[0] + g.seconds[1] + g.seconds[2] + g.seconds[3];
    if ((!masters && !seconds && !g.trumps[g.lone]) || need > sure_trumps(g.trumps, g.lone) + masters + seconds + 1)
        return 0;
    long long limit = s->limit, before = s->nodes;
    int last = s->nodes + LENGTH_BUDGET >= limit;
    if (!last) s->limit = s->nodes + LENGTH_BUDGET;
    int proved = length_game(&g, leader, need);
    s->limit = limit;
    s->length_spent[d] += s->nodes - before;
    s->length_proved[d] += proved;
    if (!proved) {
        /* a game cut off by its own budget proves nothing, and the search goes on */
        if (!last) s->aborted = 0;
        return 0;
    }
    ranks_none(w);
    if (s->trump >= 0) {
        u64 trumps = all_cards(s) & SUIT_BITS(s->trump);
        if (trumps) ranks_add(w, s->trump, CARD_RANK(lowest(trumps)));
    }
    for (int suit = 0; suit < 4; suit++) {
        u64 his = s->hand[g.lone] & SUIT_BITS(suit);
        int counted = g.masters[suit] + g.seconds[suit];
        for (int i = 1; i < counted; i++) his &= ~((u64)1 << highest(his));
        if (counted) ranks_add(w, suit, CARD_RANK(highest(his)));
    }
    return 1;
}

/* ---------------------------------------------------------------- the escape game */

/* A proof that a lone misère bidder escapes, with a defender on lead and no trumps, where his cards are
 * in order (under_in_order) in every suit but one, two or three: the *escape game*, in which those suits
 * keep their ranks and every card of the others is a blank of its suit.  A suit in order stays in order
 * whatever the defenders do while he plays, following, his highest card under the one led and, void, a
 * card of it only as its highest (each round takes the card led and one of the longest defender's, and
 * a card a defender throws only raises theirs), so a trick led in it never falls to him.  So does a suit
 * out of order that a defender guards whatever he throws (guarded, not alone): that defender follows
 * each round above all his cards of it.  In the game such a trick goes to whichever defender that
 * followed to it the defenders choose, and he may throw any card where he is void: every line of the
 * true game is one of this game's, and here he only loses choices, so where he escapes here he escapes
 * there.  What it sees that the bounds do not: the lengths of the other suits, that is, when he can
 * throw the card that would catch him and when a defender guarding a suit can be made to throw its
 * guards.  A position a hard misère's proof of escape leaves open has one or two suits out of order,
 * seldom more; keeping one halved the search's nodes on the misères the analysis board reaches, and
 * keeping two as well cut whole misères' nodes several times over.  The hardest proofs left had three
 * in nearly all their open positions, and keeping three from eleven tricks left down makes them cheap. */

/* Appends the `bits` low bits of `value` to a key of two words at bit `*at`. */
static inline void key_put(u64 key[2], int *at, u64 value, int bits) {
    int i = *at;
    if (i < 64) {
        key[0] |= value << i;
        if (i + bits > 64) key[1] |= value >> (64 - i);
    } else {
        key[1] |= value << (i - 64);
    }
    *at += bits;
}

/* A position of the escape game in 114 bits at the most: the leader, the suits kept and the bidder (8
 * bits), then suit by suit a kept suit's cards in play, their owners from the lowest up (two bits a card)
 * and their number (30 bits), or another suit's blanks (four bits a seat).  Only the order of the cards
 * in play decides the game, so positions whose cards out of play differ are one position: keyed by the
 * owners of every rank instead, the game searched more. */
static void escape_key(const EscapeGame *g, int leader, u64 key[2]) {
    int at = 0;
    key[0] = key[1] = 0;
    key_put(key, &at, (u64)leader | (u64)g->kept << 2 | (u64)g->bidder << 6, 8);
    for (int suit = 0; suit < 4; suit++) {
        if (!(g->kept >> suit & 1)) {
            key_put(key, &at, (u64)g->blanks[0][suit] | (u64)g->blanks[1][suit] << 4 | (u64)g->blanks[2][suit] << 8 |
                                  (u64)g->blanks[3][suit] << 12, 16);
            continue;
        }
        key_put(key, &at, owners_up(g->ranks[suit]), 30);
    }
}

/* The trick led by `leader` with `n` cards played: `led` its suit, `top` the highest rank of a kept suit
 * led played to it (-1 for none) by `top_seat`, `followed` the defenders that followed to a trick led
 * with a blank.  Does he escape? */
static int escape_trick(EscapeGame *g, int leader, int n, int led, int top, int top_seat, int followed);

/* The same once the seat to move has played `card`: 16 * suit + rank for a kept suit's card, or -1 - suit
 * for a blank of `suit`. */
static int escape_play(EscapeGame *g, int leader, int n, int led, int top, int top_seat, int followed, int card) {
    int seat = (leader + n) & 3, r;
    if (card >= 0) {
        int suit = card >> 4, rank = card & 15;
        g->ranks[suit][seat] ^= 1u << rank;
        if (n == 0)
            r = escape_trick(g, leader, 1, suit, rank, seat, 0);
        else if (suit == led && rank > top)
            r = escape_trick(g, leader, n + 1, led, rank, seat, followed);
        else
            r = escape_trick(g, leader, n + 1, led, top, top_seat, followed);
        g->ranks[suit][seat] ^= 1u << rank;
    } else {
        int suit = -1 - card;
        g->blanks[seat][suit]--;
        if (n == 0)
            r = escape_trick(g, leader, 1, suit, top, top_seat, 1 << seat);
        else
            r = escape_trick(g, leader, n + 1, led, top, top_seat,
                             followed | (suit == led && seat != g->bidder) << seat);
        g->blanks[seat][suit]++;
    }
    return r;
}

static int escape_trick(EscapeGame *g, int leader, int n, int led, int top, int top_seat, int followed) {
    int kept_led = n && (g->kept >> led & 1);
    if (n == 4) {
        if (kept_led) return top_seat != g->bidder && escape_game(g, top_seat);
        for (int p = 0; p < 4; p++)
            if (followed >> p & 1 && !escape_game(g, p)) return 0;
        return 1;
    }
    int seat = (leader + n) & 3, bidder = seat == g->bidder;
    if (n && !kept_led && g->blanks[seat][led])
        return escape_play(g, leader, n, led, top, top_seat, followed, -1 - led);
    int following = kept_led && g->ranks[led][seat];
    int cards[ESCAPE_KEPT * 13 + 4], count = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (!(g->kept >> suit & 1) || (following && suit != led)) continue;
        /* one card of each run: the defenders try their low ones first; the bidder his high ones (the one
         * that ducks, or that he throws before it can catch him), and following, first the highest under
         * the card on top */
        unsigned all = in_play(g->ranks[suit]);
        unsigned runs = run_lows(g->ranks[suit][seat], all, following ? top : -1);
        unsigned under = bidder && following ? runs & ((1u << top) - 1) : 0;
        while (runs) {
            int rank = under ? 31 - __builtin_clz(under) : bidder ? 31 - __builtin_clz(runs) : __builtin_ctz(runs);
            under = 0;
            runs &= ~(1u << rank);
            cards[count++] = 16 * suit + rank;
        }
    }
    if (!following)
        for (int suit = 0; suit < 4; suit++)
            if (g->blanks[seat][suit]) cards[count++] = -1 - suit;
    for (int i = 0; i < count; i++) {
        int r = escape_play(g, leader, n, led, top, top_seat, followed, cards[i]);
        if (g->s->aborted || r == bidder) return r;
    }
    return !bidder;
}

/* A seat's cards of a suit in the escape game, blanks and ranks. */
static int game_length(const void *game, int seat, int suit) {
    const EscapeGame *g = game;
    return g->blanks[seat][suit] + popcount(g->ranks[suit][seat]);
}

/* Does a defender guard kept `suit` (he holds some) in the escape game, as guarded (not alone) asks of a
 * position of the true game? */
static int game_guarded(const EscapeGame *g, int suit) {
    return guards(g, game_length, g->ranks[suit], g->bidder, suit, 0);
}

/* Does the bidder escape in the escape game, `leader` (a defender) to lead?  A kept suit his cards are
 * in order in again, or that a defender has come to guard, is blanks from there on, as it would have been
 * had the game started there.  A guarded suit blanked gives the defenders the choice of who wins its
 * tricks, and in a rare low-card ending that catches him where keeping its ranks did not; but the games
 * are smaller, and the analysis board's misères and the costliest whole misères take fewer nodes and
 * less CPU so.  Each position searched counts as a node of the search's; a game cut off by the node
 * limit answers no, as it has proved nothing. */
int escape_game(EscapeGame *g, int leader) {
    int in_order = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (!(g->kept >> suit & 1)) continue;
        unsigned theirs = 0;
        int rounds = 0;
        for (int p = 0; p < 4; p++)
            if (p != g->bidder) {
                theirs |= g->ranks[suit][p];
                if (popcount(g->ranks[suit][p]) > rounds) rounds = popcount(g->ranks[suit][p]);
            }
        if (under_in_order(g->ranks[suit][g->bidder], theirs, rounds) || game_guarded(g, suit)) in_order |= 1 << suit;
    }
    if (in_order == g->kept) return 1;
    if (in_order) {
        EscapeGame h = *g;
        h.kept ^= in_order;
        for (int suit = 0; suit < 4; suit++)
            if (in_order >> suit & 1)
                for (int p = 0; p < 4; p++) {
                    h.blanks[p][suit] = (uint8_t)popcount(h.ranks[suit][p]);
                    h.ranks[suit][p] = 0;
                }
        return escape_game(&h, leader);
    }
    if (++g->s->nodes > g->s->limit) {
        g->s->aborted = 1;
        return 0;
    }
    u64 key[2];
    escape_key(g, leader, key);
    u64 hash = (key[0] ^ key[1] * 0xFF51AFD7ED558CCDull) * 0x9E3779B97F4A7C15ull;
    EscapeEntry *e = escape_entries + (hash >> (64 - ESCAPE_BITS));
    if (e->key[0] == key[0] && (e->key[1] & (((u64)1 << ESCAPE_VERDICT) - 1)) == key[1] &&
        e->key[1] >> ESCAPE_GENERATION == generation)
        return (int)(e->key[1] >> ESCAPE_VERDICT & 1);
    int r = escape_trick(g, leader, 0, -1, -1, -1, 0);
    if (g->s->aborted) return 0;
    games_written = 1;
    e->key[0] = key[0];
    e->key[1] = key[1] | (u64)generation << ESCAPE_GENERATION | (u64)r << ESCAPE_VERDICT;
    return r;
}

/* The suits the bidder's cards are out of order in with no defender guarding them, where there are one
 * or two, or three with at most ESCAPE_THREE_DEPTH tricks left; else 0.  Blanking the guarded suits too
 * saves a good share of the misères' nodes.  A game of three suits that ends with him caught costs nearly
 * what the search would, and with twelve or thirteen tricks left that is most of them. */
#define ESCAPE_THREE_DEPTH 11
static int suits_out_of_order(const Search *s) {
    int bidder = lowest((u64)s->scorers), out = 0;
    u64 theirs = cards_of(s, 0xF ^ s->scorers);
    for (int suit = 0; suit < 4; suit++)
        if (!suit_in_order(s, s->hand[bidder], theirs, suit) && !guarded(s, suit, 0)) out |= 1 << suit;
    int kept = popcount((u64)out);
    return kept < ESCAPE_KEPT || (kept == ESCAPE_KEPT && popcount(s->hand[bidder]) <= ESCAPE_THREE_DEPTH) ? out : 0;
}

int escape_game_of(Search *s, EscapeGame *g) {
    g->kept = suits_out_of_order(s);
    if (!g->kept) return 0;
    g->bidder = lowest((u64)s->scorers);
    g->s = s;
    for (int p = 0; p < 4; p++)
        for (int suit = 0; suit < 4; suit++) {
            int kept = g->kept >> suit & 1;
            g->ranks[suit][p] = kept ? suit_ranks(s->hand[p], suit) : 0;
            g->blanks[p][suit] = kept ? 0 : (uint8_t)length_in(s, p, suit);
        }
    return 1;
}

/* Between tricks in a misère, a defender to lead: does the escape game say the bidder escapes?  `w` gets
 * every card of the suits he holds (their order is what the game rests on; the blanks are the suits'
 * lengths, the table's key). */
int escape_game_proves(Search *s, int leader, Ranks *w) {
    EscapeGame g;
    if (!escape_game_of(s, &g) || !escape_game(&g, leader)) return 0;
    int bidder = g.bidder;
    u64 all = all_cards(s);
    ranks_none(w);
    for (int suit = 0; suit < 4; suit++)
        if (s->hand[bidder] & SUIT_BITS(suit)) ranks_add(w, suit, CARD_RANK(lowest(all & SUIT_BITS(suit))));
    return 1;
}

/*
 * Solo Whist's double-dummy solver: exact search over the remaining tricks of a deal whose four hands
 * are all known, for any goal the contracts pose (the package's __init__.py is the Python side).
 *
 * Every goal is one question: the *maximisers* (a set of seats) try to make the *scorers* (either the
 * maximisers themselves or their opponents) take as many tricks as they can.  In a solo, abundance,
 * declared abundance or proposal both sets are the bidder's side, wherever a partner sits; in a misère
 * the defenders maximise the bidder's tricks.
 *
 * The search is alpha-beta on yes/no questions ("can the maximisers make the scorers take at least
 * `need` more tricks?"); an exact count is a short series of them from a guess, sharing what they
 * learn.  The techniques are those of double-dummy solvers for bridge:
 *
 * - a transposition table between tricks with *winning ranks*: a result found for a position holds
 *   for every position with the same leader and the same number of cards of each suit in each hand in
 *   which the cards that decided tricks (per suit, the highest remaining cards down to the lowest card
 *   that won a trick against another card of its suit) have the same owners.  An entry therefore
 *   stores the suit lengths, how many top cards of each suit matter and their owners, and a lower and
 *   an upper bound on the scorers' tricks; it also serves later searches of other deals with the same
 *   trump and sides, so the table is kept between calls and emptied only when those change;
 * - equivalent cards merged: cards of one hand and suit with no card of anyone else's between them
 *   (cards on the table included) win the same tricks, so only one of them is tried; and, as DDS's
 *   lowest-win rule, once a card has failed below every rank the answers so far rest on, the other
 *   cards of its suit below those ranks are not tried either;
 * - bounds: winners the leader cashes from the top, while each card beats the cards of its suit still
 *   out, and then the rest of the suit (and then one led to a teammate's top card), and tricks a side
 *   surely takes whoever leads (its trumps the opponents' higher ones cannot all beat, guarded second
 *   trumps, DDS's "later tricks", a top card the leaders must lead into, or without trumps any top card
 *   while the leaders cannot lead their own suits often enough, and then a lone hand's winners cashed)
 *   settle many questions without search; in a misère, whether the bidder surely escapes or is surely
 *   caught, and where his cards are out of order (and unguarded) in three suits or fewer, whether he
 *   escapes in the *escape game*, in which every other suit's cards are blanks; and for a lone declarer,
 *   the tricks he surely takes in the *trump game* (with trumps: a smaller game in which every other card
 *   is a blank his opponents read as they please) and, where he holds a card above all theirs of its
 *   suit, in the *lengths game*, which keeps the side suits' lengths and which of his cards those are;
 * - move ordering: the best lead the table remembers first, then leading towards a partner's winner,
 *   cashing winners or leading towards a ruff, in suits the opponents hold few cards of; following,
 *   winning cheaply, playing low under a partner's winner; in a misère, the bidder ducking with the
 *   highest card that loses, the defenders leading suits he holds and playing low before him.
 *
 * Cards inside the search are suit * 16 + rank (rank 0 is the two, 12 the ace), so that a hand is one
 * 64-bit word with a 16-bit field per suit; the Python side numbers cards suit * 13 + rank.
 *
 * The source is split by concern, as DDS splits its own: this header (the search's state and the
 * helpers every part uses), table.c (the transposition table), bounds.c and bound_games.c (the bounds
 * that settle questions without search, bounds.h the rules they share), order.c (move ordering),
 * search.c (the search itself) and module.c (the Python module).  DESIGN.md beside them tells how the
 * search works and why.
 */
#ifndef DDS_H
#define DDS_H

#include <stddef.h>
#include <stdint.h>

typedef uint64_t u64;

#define SUIT_BITS(s) ((u64)0x1FFF << (16 * (s)))
#define CARD_SUIT(c) ((c) >> 4)
#define CARD_RANK(c) ((c) & 15)
#define NONE 13

/* The install builds with the popcount instruction where the processor has it (setup.py).  Without
 * it the compiler's builtin is a call into libgcc, a visible share of the search's time when profiled;
 * this is the same count inline. */
static inline int popcount(u64 x) {
#if defined(__POPCNT__) || !defined(__x86_64__)
    return __builtin_popcountll(x);
#else
    x -= x >> 1 & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + (x >> 2 & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)(x * 0x0101010101010101ULL >> 56);
#endif
}
static inline int lowest(u64 x) { return __builtin_ctzll(x); }
static inline int highest(u64 x) { return 63 - __builtin_clzll(x); }

/* Per suit, the lowest rank that matters: every remaining card of the suit ranked that or higher
 * decided something; NONE when no card of the suit did. */
typedef struct {
    int8_t t[4];
} Ranks;

static inline void ranks_none(Ranks *w) { w->t[0] = w->t[1] = w->t[2] = w->t[3] = NONE; }
static inline void ranks_add(Ranks *w, int suit, int rank) {
    if (rank < w->t[suit]) w->t[suit] = (int8_t)rank;
}
static inline void ranks_union(Ranks *w, const Ranks *other) {
    for (int s = 0; s < 4; s++) ranks_add(w, s, other->t[s]);
}

/* ---------------------------------------------------------------- search state */

typedef struct {
    int leader, count, led;
    int cards[4];
    int win_seat, win_card;
} Trick;

typedef struct {
    u64 hand[4];
    int trump;
    int maximisers, scorers;
    int normal; /* maximisers == scorers: every seat wants its side to win tricks (else: to lose them) */
    long long nodes, limit;
    int aborted;
    Trick trick[14]; /* trick[d]: the trick in progress when d tricks remain */
    unsigned history[4][64]; /* how often a card has cut the search off, weighted by depth */
    int history_shift;
    int trump_game; /* a lone maximiser scoring with trumps: the trump game gives him a floor */
    int length_game; /* a lone maximiser scoring: the lengths game gives him a floor */
    int escape_game; /* a lone misère bidder without trumps: the escape game may prove he escapes */
    long long length_spent[14], length_proved[14]; /* the lengths game's positions and proofs, by tricks left */
} Search;

static inline int is_max(const Search *s, int seat) { return s->maximisers >> seat & 1; }
static inline int same_side(const Search *s, int x, int y) { return is_max(s, x) == is_max(s, y); }
static inline u64 all_cards(const Search *s) { return s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3]; }
static inline u64 cards_of(const Search *s, int seats) {
    u64 cards = 0;
    for (int p = 0; p < 4; p++)
        if (seats >> p & 1) cards |= s->hand[p];
    return cards;
}

/* The seats on the side of `seat`, as a set. */
static inline int side_of(const Search *s, int seat) { return is_max(s, seat) ? s->maximisers : 0xF ^ s->maximisers; }

/* Could `seat` ruff a lead of `suit` now: void in it, holding a trump? */
static inline int can_ruff(const Search *s, int seat, int suit) {
    return s->trump >= 0 && suit != s->trump && !(s->hand[seat] & SUIT_BITS(suit)) &&
           (s->hand[seat] & SUIT_BITS(s->trump));
}

/* Could one of `seats` (a set) ruff a lead of `suit` now? */
static inline int any_ruffs(const Search *s, int seats, int suit) {
    for (int p = 0; p < 4; p++)
        if (seats >> p & 1 && can_ruff(s, p, suit)) return 1;
    return 0;
}

/* The ranks `hand` holds in `suit`, bit 0 the two. */
static inline unsigned suit_ranks(u64 hand, int suit) { return (unsigned)(hand >> (16 * suit)) & 0x1FFF; }

/* Every seat's cards of `suit` by rank (`held[p]`: the ranks `hand[p]` holds). */
static inline void suit_held(const u64 hand[4], int suit, unsigned held[4]) {
    for (int p = 0; p < 4; p++) held[p] = suit_ranks(hand[p], suit);
}

/* The cards of one suit still held, by rank, whoever holds them (`held[p]`: p's ranks). */
static inline unsigned in_play(const unsigned held[4]) { return held[0] | held[1] | held[2] | held[3]; }

/* The seat holding `rank` of one suit (`held[p]`: p's ranks). */
static inline int holder(const unsigned held[4], int rank) {
    unsigned bit = 1u << rank;
    return held[1] & bit ? 1 : held[2] & bit ? 2 : held[3] & bit ? 3 : 0;
}

/* Whether the next card below `card` among `cards` (those of its suit still in play) is `hand`'s own, so
 * that `card` is not the lowest of its run. */
static inline int below_is_own(u64 hand, u64 cards, int card) {
    u64 below = cards & (((u64)1 << card) - 1);
    return below && (hand >> highest(below) & 1);
}

static inline int length_in(const Search *s, int seat, int suit) { return popcount(s->hand[seat] & SUIT_BITS(suit)); }

/* The most cards of `suit` one of `seats` (a set) holds. */
static inline int longest(const Search *s, int seats, int suit) {
    int most = 0;
    for (int p = 0; p < 4; p++)
        if (seats >> p & 1 && length_in(s, p, suit) > most) most = length_in(s, p, suit);
    return most;
}

static inline int beats(const Search *s, int card, int best) {
    if (CARD_SUIT(card) == CARD_SUIT(best)) return card > best;
    return CARD_SUIT(card) == s->trump;
}

/* Adds `card`, played by `seat`, to the trick: the first card sets the suit led, and the trick keeps the
 * card that wins it so far. */
static inline void to_trick(const Search *s, Trick *t, int seat, int card) {
    if (t->count == 0) t->led = CARD_SUIT(card);
    if (t->count == 0 || beats(s, card, t->win_card)) {
        t->win_seat = seat;
        t->win_card = card;
    }
    t->cards[t->count++] = card;
}

/* The cards of `held` above every card of `others` (one suit's). */
static inline u64 above(u64 held, u64 others) { return others ? held & ~(((u64)2 << highest(others)) - 1) : held; }

/* The seat holding `card`. */
static inline int owner(const Search *s, int card) {
    for (int p = 0; p < 3; p++)
        if (s->hand[p] >> card & 1) return p;
    return 3;
}

/* ---------------------------------------------------------------- transposition table (table.c) */

/* A position between tricks as the table sees it: the suit lengths of every hand (a nibble each), and
 * per suit the owners of the remaining cards from the highest down (two bits each, highest lowest). */
typedef struct {
    u64 lengths;
    u64 owners[4];
    u64 owners01, owners23;
    unsigned in_suit[4];
} Layout;

/* The positions of the trump game and of the lengths game (below), each game in a table of its own: a key
 * of two words and bounds on the declarer's tricks.  What one deal's search learns of them serves its
 * other positions, and the tables are emptied with the search's. */
typedef struct {
    u64 key[2];
    int8_t lower, upper;
    uint8_t generation;
} GameEntry;
#define TRUMP_BITS 18
#define TRUMP_ENTRIES ((size_t)1 << TRUMP_BITS)
#define LENGTH_BITS 18
#define LENGTH_ENTRIES ((size_t)1 << LENGTH_BITS)

/* And the escape game's (below), the same way: a position in 16 bytes, 2^22 of them, 64 MB.  A hard
 * misère's games outgrow a small table, and each position overwritten is searched again: the costliest
 * misères took several times the nodes with a table of a quarter the size, and fewer slots of this
 * size, or as many of twice the size, searched more. */
typedef struct {
    u64 key[2]; /* the position in the low 114 bits of the two words; the verdict and the generation above */
} EscapeEntry;
#define ESCAPE_VERDICT 55    /* the bit of a slot's second word that holds its verdict */
#define ESCAPE_GENERATION 56 /* and where its generation byte starts */
#define ESCAPE_BITS 22
#define ESCAPE_KEPT 3 /* the most suits the escape game keeps: three fill its key */
#define ESCAPE_ENTRIES ((size_t)1 << ESCAPE_BITS)

extern GameEntry *trump_entries, *length_entries;
extern EscapeEntry *escape_entries;
extern uint8_t generation; /* of the tables' live records: a clear moves to the next */
extern int games_written; /* whether a game's table was written since the last zeroing */

int table_ready(int trump, int maximisers, int scorers);
void table_clear(void);
void table_forget(void);
void layout_tables(void);
void layout_of(const Search *s, Layout *l);
void store(const Layout *l, int leader, int depth, const Ranks *w, int answer, int need, int best);
int lookup(const Layout *l, int leader, int need, Ranks *w, int *first);

/* ---------------------------------------------------------------- bounds (bounds.c, bound_games.c) */

void bounds(const Search *s, int d, int leader, int need, int *low, Ranks *low_w, int *high, Ranks *high_w);
void misere_bounds(const Search *s, int d, int leader, int *low, Ranks *low_w, int *high, Ranks *high_w);

/* The smaller games whose values bound the true one's (bound_games.c says what each keeps). */
typedef struct {
    unsigned trumps[4]; /* by rank, bit 0 the two */
    int blanks[4];
    int lone;
    Search *s;
} TrumpGame;

typedef struct {
    unsigned trumps[4]; /* by rank, bit 0 the two; none without trumps */
    int plain[4][4];    /* by seat and side suit, his masters and seconds and the top card over them apart */
    int masters[4];     /* his, by side suit */
    int seconds[4];     /* his, by side suit */
    int top[4];         /* the seat holding the top card over his seconds of the suit; else -1 */
    int lone, trump;
    Search *s;
} LengthGame;

typedef struct {
    unsigned ranks[4][4]; /* of the suits kept, by suit and seat, bit 0 the two */
    uint8_t blanks[4][4]; /* by seat and suit; a kept suit's stay 0 */
    int kept; /* the suits out of order that keep their ranks, a bit each */
    int bidder;
    Search *s;
} EscapeGame;

/* The lengths game is asked only from this many tricks left down. */
#define LENGTH_DEPTH 9

void trump_game_of(Search *s, TrumpGame *g);
int trump_game(TrumpGame *g, int leader, int need);
int trump_floor_reaches(Search *s, int leader, int need, Ranks *w);
void length_game_of(Search *s, LengthGame *g);
int length_game(LengthGame *g, int leader, int need);
int length_floor_reaches(Search *s, int d, int leader, int need, Ranks *w);
int escape_game_of(Search *s, EscapeGame *g);
int escape_game(EscapeGame *g, int leader);
int escape_game_proves(Search *s, int leader, Ranks *w);

/* ---------------------------------------------------------------- move ordering (order.c) */

int candidates(const Search *s, const Trick *t, int seat, int *out);
int run_top(const Search *s, const Trick *t, int seat, int card);
void order(const Search *s, const Trick *t, int seat, int *cards, int n, int first);

/* ---------------------------------------------------------------- search (search.c) */

int search(Search *s, int d, int need, Ranks *w);
int first_guess(const Search *s, int d, int leader);
int exact(Search *s, int d, int guess);

#endif

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
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <math.h>
#include <stddef.h>
#ifdef FAST_PEXT
#include <immintrin.h>
#endif
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

typedef uint64_t u64;

#define SUIT_BITS(s) ((u64)0x1FFF << (16 * (s)))
#define CARD_SUIT(c) ((c) >> 4)
#define CARD_RANK(c) ((c) & 15)
#define NONE 13

/* The install builds with the popcount instruction where the processor has it (setup.py).  Without
 * it the compiler's builtin is a call into libgcc, which profiling showed at 8 % of the search; this
 * is the same count inline. */
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

/* ---------------------------------------------------------------- transposition table */

/* A position between tricks as the table sees it: the suit lengths of every hand (a nibble each), and
 * per suit the owners of the remaining cards from the highest down (two bits each, highest lowest). */
typedef struct {
    u64 lengths;
    u64 owners[4];
    u64 owners01, owners23;
    unsigned in_suit[4];
} Layout;

/* An entry is found by its exact key: the suit lengths, the leader, how many top cards of each suit
 * mattered (a nibble each) and the owners of just those cards.  Positions with the same lengths and
 * leader share a head that lists the tallies of mattering cards its entries use; a lookup tries each
 * tally, masking its own owners to it, instead of comparing every entry (a busy head has thousands of
 * entries but a few hundred tallies at most). */
typedef struct {
    u64 lengths;
    u64 owners01, owners23; /* suits 0 and 1 (26 bits each, the second from bit 26), suits 2 and 3 */
    uint16_t counts;
    uint8_t leader, generation;
    uint8_t lower, upper, best;
} Entry;

#define TALLIES_PER_BLOCK 13
typedef struct {
    uint16_t counts[TALLIES_PER_BLOCK];
    uint16_t used;
    int32_t next;
    u64 filter[TALLIES_PER_BLOCK]; /* per tally, a bit for each entry's hash modulo 64: most probes of a
                                       tally find nothing, and this spares them the cache miss */
} Tallies;

typedef struct {
    u64 lengths;
    int32_t first;
    uint8_t leader, generation;
} Head;

/* The heads and entries in use are the first 2^head_bits and 2^entry_bits, from FIRST_ up to the most:
 * most searches store a few thousand entries, and packed into a small part of the table they stay in
 * the processor's caches, where spread over all of it nearly every probe waits for memory.  Half full,
 * a part doubles (grow).  It grew four times over before, which put a search of a few hundred thousand
 * entries in all 64 MB of them, twice the last-level cache of the machine measured (32 MB).  Doubling
 * searches the same nodes in a little less CPU: solved by both builds in turn, 1.2 % less for 1,000
 * fresh proposals (median 13.2 ms against 13.4), 0.3 % for solos and for every card at the lead,
 * 0-7 % on development seeds of 300 proposals (runs of those differ by a few per cent). */
#define HEAD_BITS 18
#define HEADS ((size_t)1 << HEAD_BITS)
#define FIRST_HEAD_BITS 10
#define ENTRY_BITS 21
#define ENTRIES ((size_t)1 << ENTRY_BITS)
#define FIRST_ENTRY_BITS 13
#define BLOCKS ((int32_t)1 << 18)
#define NO_BEST 0xFF

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
 * misère's games outgrow a small table, and each position overwritten is searched again: fresh seed
 * 30,110,000's costliest deal took 65.5 million nodes with 8 MB of 32-byte slots, 19.5 million with 32
 * MB; packed into 16 bytes, the analysis board's 853 development misère positions take 119 million nodes
 * with 2^22 slots, 135 million with 2^21 and 157 million with 2^20 (or with 2^20 slots of 32 bytes). */
typedef struct {
    u64 key[2]; /* the position in the low 114 bits of the two words; the verdict and the generation above */
} EscapeEntry;
#define ESCAPE_VERDICT 55    /* the bit of a slot's second word that holds its verdict */
#define ESCAPE_GENERATION 56 /* and where its generation byte starts */
#define ESCAPE_BITS 22
#define ESCAPE_KEPT 3 /* the most suits the escape game keeps: three fill its key */
#define ESCAPE_ENTRIES ((size_t)1 << ESCAPE_BITS)

static Head *heads;
static Entry *entries;
static GameEntry *trump_entries, *length_entries;
static EscapeEntry *escape_entries;
static Tallies *blocks;
static int32_t entries_used, heads_used, blocks_used;
static int entry_bits = FIRST_ENTRY_BITS, head_bits = FIRST_HEAD_BITS;
static uint8_t generation = 1;
static int table_trump = -2, table_max = -1, table_scorers = -1;

/* Once every 255 clears the generation byte comes round again and the tables must be zeroed, but only
 * as far as they were written since: the heads and entries up to the most they grew to, the games' tables
 * if a game was played.  Zeroing all 180 MiB touched every page of tables most processes never use (385
 * ms the first time, 15 ms after), in a request or a computer player's decision. */
static int head_bits_most = FIRST_HEAD_BITS, entry_bits_most = FIRST_ENTRY_BITS, games_written;

static void table_clear(void) {
    if (head_bits > head_bits_most) head_bits_most = head_bits;
    if (entry_bits > entry_bits_most) entry_bits_most = entry_bits;
    entries_used = 0;
    entry_bits = FIRST_ENTRY_BITS;
    heads_used = 0;
    head_bits = FIRST_HEAD_BITS;
    blocks_used = 0;
    if (++generation == 0) {
        memset(heads, 0, ((size_t)1 << head_bits_most) * sizeof(Head));
        memset(entries, 0, ((size_t)1 << entry_bits_most) * sizeof(Entry));
        if (games_written) {
            memset(trump_entries, 0, TRUMP_ENTRIES * sizeof(GameEntry));
            memset(length_entries, 0, LENGTH_ENTRIES * sizeof(GameEntry));
            memset(escape_entries, 0, ESCAPE_ENTRIES * sizeof(EscapeEntry));
        }
        head_bits_most = FIRST_HEAD_BITS;
        entry_bits_most = FIRST_ENTRY_BITS;
        games_written = 0;
        generation = 1;
    }
}

/* Zeroed memory for a table, in huge pages where the system has them: the entries are 64 MB read at
 * random (waiting for those reads is most of a lookup's time), and with small pages nearly every one
 * of them also walks the page tables. */
static void *table_memory(size_t size) {
#ifdef MADV_HUGEPAGE
    size_t huge = (size_t)1 << 21;
    void *p = mmap(NULL, size + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
    void *aligned = (void *)(((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1));
    madvise(aligned, size, MADV_HUGEPAGE);
    return aligned;
#else
    return calloc(size, 1);
#endif
}

static int table_ready(int trump, int maximisers, int scorers) {
    if (heads == NULL) {
        heads = table_memory(HEADS * sizeof(Head));
        entries = table_memory(ENTRIES * sizeof(Entry));
        blocks = table_memory((size_t)BLOCKS * sizeof(Tallies));
        trump_entries = table_memory(TRUMP_ENTRIES * sizeof(GameEntry));
        length_entries = table_memory(LENGTH_ENTRIES * sizeof(GameEntry));
        escape_entries = table_memory(ESCAPE_ENTRIES * sizeof(EscapeEntry));
        if (heads == NULL || entries == NULL || blocks == NULL || trump_entries == NULL || length_entries == NULL ||
            escape_entries == NULL)
            return 0;
    }
    if (trump != table_trump || maximisers != table_max || scorers != table_scorers) {
        table_trump = trump;
        table_max = maximisers;
        table_scorers = scorers;
        table_clear();
    }
    return 1;
}

/* Tables for layout_of: a suit's 13 ranks reversed, a 13-bit number's bits spread to the even places,
 * and (without the processor's bit extract) the bits of a nibble `x` at the places `m` marks packed low,
 * with how many there are. */
static uint16_t reversed13[1 << 13];
static uint32_t spread13[1 << 13];
#ifndef FAST_PEXT
static uint8_t packed4[16][16], count4[16];
#endif

static void layout_tables(void) {
    for (unsigned x = 0; x < (1u << 13); x++) {
        unsigned r = 0, e = 0;
        for (int i = 0; i < 13; i++) {
            if (x >> i & 1) {
                r |= 1u << (12 - i);
                e |= 1u << (2 * i);
            }
        }
        reversed13[x] = (uint16_t)r;
        spread13[x] = e;
    }
#ifndef FAST_PEXT
    for (unsigned m = 0; m < 16; m++) {
        count4[m] = (uint8_t)popcount(m);
        for (unsigned x = 0; x < 16; x++) {
            unsigned out = 0, place = 0;
            for (int i = 0; i < 4; i++)
                if (m >> i & 1) out |= (x >> i & 1) << place++;
            packed4[m][x] = (uint8_t)out;
        }
    }
#endif
}

/* The bits of `x` at the places `m` marks, packed low: the processor's parallel bit extract where the
 * install found one that is fast (setup.py), else a nibble at a time. */
static inline unsigned packed(unsigned x, unsigned m) {
#ifdef FAST_PEXT
    return _pext_u32(x, m);
#else
    unsigned out = 0, place = 0;
    for (int i = 0; i < 16; i += 4) {
        unsigned mm = m >> i & 15;
        out |= (unsigned)packed4[mm][x >> i & 15] << place;
        place += count4[mm];
    }
    return out;
#endif
}

static void layout_of(const Search *s, Layout *l) {
    l->lengths = 0;
    for (int suit = 0; suit < 4; suit++) {
        unsigned h[4];
        for (int p = 0; p < 4; p++) {
            h[p] = suit_ranks(s->hand[p], suit);
            l->lengths |= (u64)popcount(h[p]) << (4 * (4 * suit + p));
        }
        unsigned all = h[0] | h[1] | h[2] | h[3];
        l->in_suit[suit] = all;
        /* The owner of each card from the highest down, two bits each: seat 1, 2 or 3 sets bit 0 for 1
         * and 3 and bit 1 for 2 and 3. */
        unsigned top_first = reversed13[all];
        unsigned low = packed(reversed13[h[1] | h[3]], top_first), high = packed(reversed13[h[2] | h[3]], top_first);
        l->owners[suit] = spread13[low] | (u64)spread13[high] << 1;
    }
    l->owners01 = l->owners[0] | l->owners[1] << 26;
    l->owners23 = l->owners[2] | l->owners[3] << 26;
}

static inline size_t heads_now(void) { return (size_t)1 << head_bits; }
static inline size_t head_slot(u64 lengths, int leader) {
    return (size_t)(((lengths ^ (u64)leader << 62) * 0x9E3779B97F4A7C15ULL) >> (64 - head_bits));
}

/* The empty head where (lengths, leader), not in the table, goes. */
static Head *free_head(u64 lengths, int leader) {
    size_t i = head_slot(lengths, leader);
    while (heads[i].generation == generation) i = (i + 1) & (heads_now() - 1);
    return heads + i;
}

/* Makes a table of 2^*bits records of `size` bytes, `used` of them live (their `generation` byte, at
 * `at`, the current one), twice as large, at most 2^max: each live record is moved to the place
 * `place` finds for it there.  0 when it is at its largest or there is no memory for the move. */
static int grow(void *table, size_t size, size_t at, int *bits, int max, int32_t used, void *(*place)(const void *)) {
    if (*bits >= max) return 0;
    char *records = table, *moved = malloc((size_t)used * size);
    if (moved == NULL) return 0;
    size_t live = 0;
    for (size_t i = 0; i < (size_t)1 << *bits; i++)
        if ((uint8_t)records[i * size + at] == generation) {
            memcpy(moved + live++ * size, records + i * size, size);
            records[i * size + at] = 0;
        }
    *bits = *bits + 1;
    for (size_t k = 0; k < live; k++) memcpy(place(moved + k * size), moved + k * size, size);
    free(moved);
    return 1;
}

static void *head_place(const void *record) {
    const Head *head = record;
    return free_head(head->lengths, head->leader);
}

/* The head of (lengths, leader); with `create`, made if missing (NULL when the table is full). */
static Head *head_of(u64 lengths, int leader, int create) {
    size_t i = head_slot(lengths, leader);
    for (;;) {
        Head *head = heads + i;
        if (head->generation != generation) {
            if (!create) return NULL;
            if (heads_used >= (int32_t)(heads_now() / 2)) {
                if (!grow(heads, sizeof(Head), offsetof(Head, generation), &head_bits, HEAD_BITS, heads_used,
                          head_place))
                    return NULL;
                head = free_head(lengths, leader);
            }
            head->generation = generation;
            head->lengths = lengths;
            head->leader = (uint8_t)leader;
            head->first = -1;
            heads_used++;
            return head;
        }
        if (head->lengths == lengths && head->leader == leader) return head;
        i = (i + 1) & (heads_now() - 1);
    }
}

/* The owners of the top cards a tally counts, in the two words of a Layout. */
static inline void masked(const Layout *l, unsigned counts, u64 *owners01, u64 *owners23) {
    u64 m[4];
    for (int suit = 0; suit < 4; suit++) m[suit] = ((u64)1 << (2 * (counts >> (4 * suit) & 15))) - 1;
    *owners01 = l->owners01 & (m[0] | m[1] << 26);
    *owners23 = l->owners23 & (m[2] | m[3] << 26);
}

/* An entry's hash: its slot is the top bits, its bit in the tally's filter the bottom six. */
static inline u64 entry_hash(u64 lengths, int leader, unsigned counts, u64 owners01, u64 owners23) {
    u64 h = (lengths ^ (u64)leader << 62 ^ (u64)counts << 46) * 0x9E3779B97F4A7C15ULL;
    h = (h ^ owners01) * 0xC2B2AE3D27D4EB4FULL;
    h = (h ^ owners23) * 0x165667B19E3779F9ULL;
    return h ^ h >> 29;
}

static inline size_t entries_now(void) { return (size_t)1 << entry_bits; }
static inline size_t slot_of(u64 hash) { return (size_t)(hash >> (64 - entry_bits)); }

/* The entry with this key (NULL if none), or with `create` the empty slot for it. */
static Entry *entry_at(size_t i, u64 lengths, int leader, unsigned counts, u64 owners01, u64 owners23,
                       int create) {
    for (;;) {
        Entry *e = entries + i;
        if (e->generation != generation) return create ? e : NULL;
        if (e->lengths == lengths && e->owners01 == owners01 && e->owners23 == owners23 && e->counts == counts &&
            e->leader == leader)
            return e;
        i = (i + 1) & (entries_now() - 1);
    }
}

static void *entry_place(const void *record) {
    const Entry *e = record;
    u64 hash = entry_hash(e->lengths, e->leader, e->counts, e->owners01, e->owners23);
    return entry_at(slot_of(hash), e->lengths, e->leader, e->counts, e->owners01, e->owners23, 1);
}

/* The ranks behind an entry, in the position that matched it: per suit the rank of its last top card. */
static void entry_ranks(const Entry *e, const Layout *l, Ranks *w) {
    for (int suit = 0; suit < 4; suit++) {
        int count = e->counts >> (4 * suit) & 15;
        unsigned all = l->in_suit[suit];
        int rank = NONE;
        for (int i = 0; i < count; i++) {
            rank = 31 - __builtin_clz(all);
            all ^= 1u << rank;
        }
        w->t[suit] = (int8_t)rank;
    }
}

/* The filter of tally `counts` of `head`, added unless there; NULL when the blocks are used up. */
static u64 *tally(Head *head, unsigned counts) {
    for (int32_t b = head->first; b >= 0; b = blocks[b].next)
        for (int k = 0; k < blocks[b].used; k++)
            if (blocks[b].counts[k] == counts) return &blocks[b].filter[k];
    if (head->first < 0 || blocks[head->first].used == TALLIES_PER_BLOCK) {
        if (blocks_used >= BLOCKS) return NULL;
        blocks[blocks_used].used = 0;
        blocks[blocks_used].next = head->first;
        head->first = blocks_used++;
    }
    Tallies *block = blocks + head->first;
    block->filter[block->used] = 0;
    block->counts[block->used++] = (uint16_t)counts;
    return &block->filter[block->used - 1];
}

static void store(const Layout *l, int leader, int depth, const Ranks *w, int answer, int need, int best) {
    unsigned counts = 0;
    for (int suit = 0; suit < 4; suit++) {
        int count = w->t[suit] >= NONE ? 0 : popcount(l->in_suit[suit] >> w->t[suit]);
        counts |= (unsigned)count << (4 * suit);
    }
    u64 owners01, owners23;
    masked(l, counts, &owners01, &owners23);
    u64 hash = entry_hash(l->lengths, leader, counts, owners01, owners23);
    Entry *slot = entry_at(slot_of(hash), l->lengths, leader, counts, owners01, owners23, 1);
    if (slot->generation != generation) {
        if (entries_used >= (int32_t)(entries_now() / 2) &&
            grow(entries, sizeof(Entry), offsetof(Entry, generation), &entry_bits, ENTRY_BITS, entries_used,
                 entry_place))
            slot = entry_at(slot_of(hash), l->lengths, leader, counts, owners01, owners23, 1);
        Head *head = head_of(l->lengths, leader, 1);
        u64 *filter = head && entries_used < (int32_t)(entries_now() / 2) ? tally(head, counts) : NULL;
        if (filter == NULL) {
            table_clear();
            head = head_of(l->lengths, leader, 1);
            filter = tally(head, counts);
            slot = entry_at(slot_of(hash), l->lengths, leader, counts, owners01, owners23, 1);
        }
        *filter |= (u64)1 << (hash & 63);
        entries_used++;
        slot->generation = generation;
        slot->lengths = l->lengths;
        slot->owners01 = owners01;
        slot->owners23 = owners23;
        slot->counts = (uint16_t)counts;
        slot->leader = (uint8_t)leader;
        slot->lower = 0;
        slot->upper = (uint8_t)depth;
        slot->best = NO_BEST;
    }
    if (answer) {
        if (slot->lower < need) slot->lower = (uint8_t)need;
    } else if (slot->upper > need - 1) {
        slot->upper = (uint8_t)(need - 1);
    }
    if (best >= 0) {
        unsigned all = l->in_suit[CARD_SUIT(best)];
        slot->best = (uint8_t)(CARD_SUIT(best) << 4 | popcount(all >> (CARD_RANK(best) + 1)));
    }
}

/* Looks the position up: 1 or 0 when an entry settles whether the scorers take `need` (`w` gets the
 * ranks it rests on), else -1, with `*first` set to the best lead an entry remembers, if any. */
static int lookup(const Layout *l, int leader, int need, Ranks *w, int *first) {
    Head *head = head_of(l->lengths, leader, 0);
    if (!head) return -1;
    for (int32_t b = head->first; b >= 0; b = blocks[b].next) {
        Tallies *block = blocks + b;
        for (int k = 0; k < block->used; k++) {
            u64 o01, o23;
            masked(l, block->counts[k], &o01, &o23);
            u64 hash = entry_hash(l->lengths, leader, block->counts[k], o01, o23);
            if (!(block->filter[k] >> (hash & 63) & 1)) continue;
            const Entry *e = entry_at(slot_of(hash), l->lengths, leader, block->counts[k], o01, o23, 0);
            if (!e) continue;
            if (e->lower >= need || e->upper < need) {
                entry_ranks(e, l, w);
                /* The tally that settled goes to the front: a head's positions mostly settle on a few
                 * of its tallies, and the next lookup tries those first. */
                Tallies *front = blocks + head->first;
                if (block != front || k) {
                    uint16_t counts = block->counts[k];
                    u64 filter = block->filter[k];
                    block->counts[k] = front->counts[0];
                    block->filter[k] = front->filter[0];
                    front->counts[0] = counts;
                    front->filter[0] = filter;
                }
                return e->lower >= need;
            }
            if (e->best != NO_BEST && *first < 0) {
                /* The best lead is kept as its suit and its place among the suit's cards from the top. */
                int suit = e->best >> 4, place = e->best & 15;
                unsigned all = l->in_suit[suit];
                for (int i = 0; i < place && all; i++) all ^= 1u << (31 - __builtin_clz(all));
                if (all) *first = suit * 16 + 31 - __builtin_clz(all);
            }
        }
    }
    return -1;
}

/* ---------------------------------------------------------------- bounds */

/* The cards of `held` above every card of `others` (one suit's). */
static inline u64 above(u64 held, u64 others) { return others ? held & ~(((u64)2 << highest(others)) - 1) : held; }

/* The seat holding `card`. */
static inline int owner(const Search *s, int card) {
    for (int p = 0; p < 3; p++)
        if (s->hand[p] >> card & 1) return p;
    return 3;
}

/* The top card of a suit the leader can lead, after its cashing, to a teammate (or -1): the teammate
 * holds the suit's top card, the leader a card of it, and every opponent holding a trump a card of it too.
 * The hands holding trumps follow the cashing (quick_tricks cashes no suit more often than they can),
 * so they still hold the suit and nobody ruffs the top card; and the teammate keeps that card, playing
 * others to the cashing (it holds as many cards as the leader, who keeps one of the suit). */
static int entry_card(const Search *s, int leader) {
    int side = side_of(s, leader);
    u64 teammates = cards_of(s, side & ~(1 << leader));
    if (!teammates) return -1;
    u64 all = all_cards(s);
    for (int suit = 0; suit < 4; suit++) {
        u64 in_suit = all & SUIT_BITS(suit);
        if (!(s->hand[leader] & in_suit)) continue;
        int top = highest(in_suit);
        if (teammates >> top & 1 && !any_ruffs(s, 0xF ^ side, suit)) return top;
    }
    return -1;
}

/* Tricks the leader takes by cashing a suit from the top of its own hand: round after round while its
 * highest card left beats every other hand's cards of the suit still out, and the rest of the suit once
 * nobody else holds it (as DDS counts a long suit).  Each other hand holding the suit must follow, and
 * following with its lowest card keeps its highest for later rounds, which is the worst the leader can
 * meet: A975 against the T alone and the 63 takes four rounds, not the ace's one.  Outside trumps a suit
 * is cashed no more often than any other hand holding trumps can follow it, so nobody ruffs (nor is a
 * partner forced to).  `w` gets, per suit, the lowest card whose round was won by rank: the cards below
 * it matter only by their number, and the lengths are the table's key. */
static int quick_tricks(const Search *s, int leader, Ranks *w) {
    u64 mine = s->hand[leader];
    int total = 0;
    ranks_none(w);
    for (int suit = 0; suit < 4; suit++) {
        u64 held = mine & SUIT_BITS(suit);
        if (!held) continue;
        u64 follow[4];
        for (int p = 0; p < 4; p++) follow[p] = p == leader ? 0 : s->hand[p] & SUIT_BITS(suit);
        int k = 0;
        u64 left = held;
        while (left) {
            u64 out = follow[0] | follow[1] | follow[2] | follow[3];
            if (!out) {
                k += popcount(left);
                break;
            }
            int card = highest(left);
            if (card < highest(out)) break;
            k++;
            left ^= (u64)1 << card;
            for (int p = 0; p < 4; p++) follow[p] &= follow[p] - 1;
        }
        if (k && s->trump >= 0 && suit != s->trump) {
            for (int p = 0; p < 4; p++) {
                if (p == leader || !(s->hand[p] & SUIT_BITS(s->trump))) continue;
                int length = popcount(s->hand[p] & SUIT_BITS(suit));
                if (k > length) k = length;
            }
        }
        if (!k) continue;
        total += k;
        /* the rounds won by rank took the leader's top cards; those counted end at the lowest of them */
        u64 won = held ^ left;
        while (popcount(won) > k) won &= won - 1;
        if (won) ranks_add(w, suit, CARD_RANK(lowest(won)));
    }
    int cards = popcount(mine);
    return total < cards ? total : cards;
}

/* Of the trumps `mine`, those that the opponents' higher trumps `theirs` cannot all beat: each of theirs
 * beats at most one of mine, played to the same trick, and is set against the lowest it can. */
static int unbeatable(u64 mine, u64 theirs) {
    u64 spare = mine;
    int beaten = 0;
    for (u64 over = theirs; over; over &= over - 1) {
        u64 under = spare & (((u64)1 << lowest(over)) - 1);
        if (under) {
            spare &= ~((u64)1 << lowest(under));
            beaten++;
        }
    }
    return popcount(mine) - beaten;
}

/* Tricks a side surely takes with its trumps.  A hand's trump loses only to a higher trump of an
 * opponent played to the same trick, and every trick takes one trump of the hand at most, so of its
 * trumps all but as many as the opponents' trumps can each be set above a lower one of them win tricks
 * (a hand's trumps above every opponent's trump are the plainest case).  `w` gets the trumps the count
 * rests on. */
static int trump_tricks(const Search *s, int max_side, Ranks *w) {
    ranks_none(w);
    if (s->trump < 0) return 0;
    u64 t = SUIT_BITS(s->trump);
    u64 theirs = 0;
    for (int p = 0; p < 4; p++)
        if (is_max(s, p) != max_side) theirs |= s->hand[p] & t;
    int best = 0, lowest_rank = NONE;
    for (int p = 0; p < 4; p++) {
        if (is_max(s, p) != max_side) continue;
        u64 trumps = s->hand[p] & t;
        if (!trumps) continue;
        u64 top = above(trumps, theirs);
        int k = popcount(top);
        if (k > best) {
            best = k;
            lowest_rank = CARD_RANK(lowest(top));
        }
        k = unbeatable(trumps, theirs);
        if (k > best) {
            best = k;
            lowest_rank = CARD_RANK(lowest(trumps));
        }
    }
    if (best) ranks_add(w, s->trump, lowest_rank);
    return best;
}

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

/* The same for the search's position, `w` getting the trump the count rests on where a rule gives it. */
static int trump_rules(const Search *s, int max_side, int leader, int best, Ranks *w) {
    unsigned held[4];
    suit_held(s->hand, s->trump, held);
    int rank, tricks = trump_rule_tricks(held, max_side ? s->maximisers : 0xF ^ s->maximisers, leader, best, &rank);
    if (rank >= 0) {
        ranks_none(w);
        ranks_add(w, s->trump, rank);
    }
    return tricks;
}

/* With no trump in play, a side of one hand not on lead that surely wins a trick within `before`
 * tricks, its top cards kept (sure_tricks' two rules below): the tricks it takes by its cards above
 * every other hand's of their suits, its "runs", where they are two or more (and `settles` or more,
 * the count that answers the search's question, unless that is negative) and it holds at least
 * `before` other cards; else 0, `w` untouched.
 * Until it wins a trick the leaders lead, and it plays one card to each trick: it follows with a card
 * outside its runs where it has one of the suit led, and throws one where it has none; following with
 * a run card wins that trick.  So with `before` other cards it keeps every run card until it wins,
 * and then, on lead with no trumps, each of the rest wins in turn.  The rules' counts hang on which
 * hand holds each suit's top card, so `w` gets every suit's top card and the runs down to their
 * lowest card. */
static int cashed_after_entry(const Search *s, int max_side, int before, int settles, Ranks *w) {
    int side = max_side ? s->maximisers : 0xF ^ s->maximisers;
    if (popcount((u64)side) != 1) return 0;
    u64 mine = s->hand[lowest((u64)side)], all = all_cards(s);
    int runs = 0;
    Ranks counted;
    ranks_none(&counted);
    for (int suit = 0; suit < 4; suit++) {
        u64 in_suit = all & SUIT_BITS(suit);
        if (!in_suit) continue;
        ranks_add(&counted, suit, CARD_RANK(highest(in_suit)));
        u64 held = mine & in_suit, others = in_suit & ~mine;
        u64 run = above(held, others);
        if (!run) continue;
        runs += popcount(run);
        ranks_add(&counted, suit, CARD_RANK(lowest(run)));
    }
    if (runs < 2 || runs < settles || popcount(mine) - runs < before) return 0;
    *w = counted;
    return runs;
}

/* Tricks a side surely takes (as DDS's "later tricks"), whoever leads unless said otherwise; `w` gets
 * the cards the count rests on.  The best of: top trumps (trump_tricks); the two top trumps in
 * different hands of the side, one of them holding another trump (two tricks: they fall together
 * only if both are forced); the second trump with a guard sitting over the top trump, not on lead (the
 * top trump then plays just before it until its holder wins a trick: it wins whenever the top trump is
 * not in its trick, and beside it the guard is played); the second and third trumps against the top
 * one (which takes at most one of them) with a guard beside the second.
 *
 * And a suit's top card, outside trumps, held by the side that does not lead: unless the side wins
 * some other trick, the leaders lead every trick, and the card wins the first trick they lead in its
 * suit if nobody ruffs it; its holder need not throw it before then (it has other cards to throw
 * until the last trick).  Each trick they lead in another suit Y takes a Y card from each of their
 * hands holding one, so they lead Y at most M_Y times, M_Y being their longest holding of Y, and the
 * sum R of those over the other suits bounds the tricks before the first lead of the card's suit: when
 * R is below the tricks left, they must lead it.  Nor can one of them be void in it by then: a hand
 * throws a card only on a lead of a suit it has run out of, so it throws at most M_Y less its own
 * length of Y, plus the Y cards it threw, on Y's leads; summed over the other suits, of the card's
 * suit it throws at most R less its cards of the other suits, which is fewer than it holds of it when R
 * is below the tricks left.  (A hand void in it now makes R at least the tricks left.)
 *
 * With no trump left in play, the side not leading also takes a trick when it holds the top card of
 * some suit and the leaders' longest holdings of the suits whose top card they hold add up to fewer
 * than the tricks left (DDS's "later tricks" without trumps).  To take every trick the leaders must
 * lead every trick, and never a suit whose top card the other side holds: its holder keeps that card
 * until the suit is led, following other suits with cards of them and throwing other cards first.
 * They can lead the suits they hold the top card of no more often than those longest holdings.  A
 * hand holding nothing but such top cards must throw one of them on a lead it cannot follow; it
 * throws one of a suit the leaders cannot lead next, and to keep that choice from it the leaders
 * would need more cards of the suits they hold the top of than the count allows.  That step is the
 * subtle one, so the tests check the bound against the reference on random endings dealt from two to
 * four suits, where one hand often holds several top cards.  The count rests on the other side's top
 * cards only: holding more of them leaves the leaders fewer suits to lead.
 *
 * Where either rule holds without trumps and the side is one hand, it may take more than that trick:
 * all its runs, once it holds enough other cards to play until it wins (cashed_after_entry).  That
 * count is worked out only where it settles the search's question (`settles`, or always when that is
 * negative), since it rests on more cards than the one trick does.  A lone declarer's proof that he
 * takes a few tricks is the search's costliest question, and without trumps this is where his tricks
 * come from. */
static int sure_tricks(const Search *s, int max_side, int leader, int settles, Ranks *w) {
    int best = trump_tricks(s, max_side, w);
    if (best >= 2) return best;
    u64 all = all_cards(s);
    int trumps_out = s->trump >= 0 && (all & SUIT_BITS(s->trump));
    if (trumps_out) {
        best = trump_rules(s, max_side, leader, best, w);
        if (best) return best;
    }
    if (is_max(s, leader) == max_side) return best;
    int room = 0, widest = -1, widest_length = 0, controlled = 0;
    Ranks tops;
    ranks_none(&tops);
    for (int suit = 0; suit < 4; suit++) {
        u64 in_suit = all & SUIT_BITS(suit);
        if (!in_suit) continue;
        int length = longest(s, max_side ? 0xF ^ s->maximisers : s->maximisers, suit);
        room += length;
        int top = highest(in_suit);
        if (is_max(s, owner(s, top)) != max_side) {
            controlled += length;
        } else {
            ranks_add(&tops, suit, CARD_RANK(top));
            if (suit != s->trump && length >= widest_length) {
                widest = suit;
                widest_length = length;
            }
        }
    }
    int cards = popcount(s->hand[leader]);
    int led_into = widest >= 0 && room - widest_length < cards;
    int cannot_take_all = !trumps_out && controlled < cards;
    if ((led_into || cannot_take_all) && !trumps_out && (settles < 0 || settles > 1)) {
        int before = led_into ? room - widest_length : controlled;
        if (cannot_take_all && controlled < before) before = controlled;
        int runs = cashed_after_entry(s, max_side, before, settles, w);
        if (runs) return runs;
    }
    if (led_into) {
        ranks_add(w, widest, CARD_RANK(highest(all & SUIT_BITS(widest))));
        return 1;
    }
    if (!cannot_take_all) return best;
    *w = tops;
    return 1;
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

static int search_length(const void *s, int seat, int suit) { return length_in(s, seat, suit); }

static int guarded(const Search *s, int suit, int alone) {
    unsigned ranks[4];
    suit_held(s->hand, suit, ranks);
    return guards(s, search_length, ranks, lowest((u64)s->scorers), suit, alone);
}

/* A lone scorer's cards `his` of a suit against the maximisers' `theirs`, the suit led by a maximiser
 * `rounds` times at the most: is his i-th lowest card under their i-th lowest in every round he can be
 * made to follow? */
static int under_in_order(u64 his, u64 theirs, int rounds) {
    for (; his && rounds; his &= his - 1, theirs &= theirs - 1, rounds--)
        if (lowest(his) > lowest(theirs)) return 0;
    return 1;
}

/* The same for `suit` in the search's position, `his` the lone scorer's cards and `theirs` the
 * maximisers', each of every suit: the suit is led as often as the longest maximiser holds it. */
static int suit_in_order(const Search *s, u64 his, u64 theirs, int suit) {
    return under_in_order(his & SUIT_BITS(suit), theirs & SUIT_BITS(suit), longest(s, 0xF ^ s->scorers, suit));
}

/* For a goal where the maximisers make their opponents, the scorers, take tricks (a misère): will the
 * scorers surely take none of the tricks left?  So when in every suit their cards are all below every
 * maximiser's card of it, and they hold no trumps.  A trick led in a suit a maximiser holds then goes
 * to a maximiser (the leader's card beats theirs, if nothing else does), so the scorers win no trick
 * they do not lead, and they lead none unless they lead now, when they must have a suit a maximiser
 * holds.  (With a trump a scorer could be made to ruff: holding nothing else, it must play one.)
 *
 * A lone scorer with a maximiser on lead needs less: in each suit his i-th lowest card below the
 * maximisers' i-th lowest, for i up to his length and up to the longest maximiser's length (the suit is
 * led no more often than that: every maximiser holding it follows each round).  Only maximisers lead
 * while he wins nothing; following, he plays his highest card under the one led, and void, he throws
 * the highest card of a suit, and either keeps that order among the cards left, for one round fewer
 * (each round of a suit uses up the card led, and a card of the longest maximiser), so he always has a
 * card under the lead; once the maximisers are out of a suit it is never led again.  (Were he on lead,
 * the maximisers could follow high and keep their low cards, which breaks it.)  A suit out of that order
 * is safe too where a maximiser guards it (guarded).
 *
 * `w` gets all the cards of the suits the scorers hold, but of a guarded suit those from his highest up
 * (the guard's cards are all above it, and the lengths are the table's key). */
static int scorers_escape(const Search *s, int leader, Ranks *w) {
    u64 theirs = cards_of(s, s->scorers), mine = cards_of(s, 0xF ^ s->scorers);
    if (s->trump >= 0 && (theirs & SUIT_BITS(s->trump))) return 0;
    int in_order = popcount((u64)s->scorers) == 1 && !(s->scorers >> leader & 1);
    int safe_lead = 0, unguarded = 0;
    ranks_none(w);
    for (int suit = 0; suit < 4; suit++) {
        u64 low = theirs & SUIT_BITS(suit), high = mine & SUIT_BITS(suit);
        if (!low) continue;
        if (in_order) {
            if (!suit_in_order(s, theirs, mine, suit)) {
                unguarded |= 1 << suit;
                continue;
            }
        } else if (high && highest(low) > lowest(high)) {
            return 0;
        }
        if (high && (s->hand[leader] & SUIT_BITS(suit))) safe_lead = 1;
        ranks_add(w, suit, CARD_RANK(lowest(low | high)));
    }
    for (int suit = 0; suit < 4; suit++) {
        if (!(unguarded >> suit & 1)) continue;
        if (!guarded(s, suit, unguarded == 1 << suit)) return 0;
        ranks_add(w, suit, CARD_RANK(highest(theirs & SUIT_BITS(suit))));
    }
    return in_order || !(s->scorers >> leader & 1) || safe_lead;
}

/* And will the scorers surely take one?  So when a scorer on lead holds only cards above every
 * maximiser's card of their suits, which no maximiser can ruff (it has cards of the suit, or no
 * trumps), or a maximiser on lead holds a suit in which a scorer holds only such cards: the scorers win
 * that trick.  `w` gets those cards. */
static int scorers_caught(const Search *s, int leader, Ranks *w) {
    u64 mine = cards_of(s, 0xF ^ s->scorers);
    int caught = 0;
    ranks_none(w);
    for (int suit = 0; suit < 4; suit++) {
        u64 bits = SUIT_BITS(suit);
        if (!(s->hand[leader] & bits)) continue;
        int ruffable = any_ruffs(s, 0xF ^ s->scorers, suit);
        u64 high = mine & bits;
        if (s->scorers >> leader & 1) {
            u64 led = s->hand[leader] & bits;
            if (ruffable || (high && lowest(led) < highest(high))) return 0;
            ranks_add(w, suit, CARD_RANK(lowest(led)));
            caught = 1;
            continue;
        }
        if (ruffable) continue;
        for (int p = 0; p < 4; p++) {
            u64 held = s->hand[p] & bits;
            if (s->scorers >> p & 1 && held && lowest(held) > highest(high)) {
                ranks_none(w);
                ranks_add(w, suit, CARD_RANK(lowest(held)));
                return 1;
            }
        }
    }
    return caught;
}

/* The tricks the leader's side surely takes: the leader's quick tricks (and then one led to a
 * teammate's top card) or the side's sure tricks, whichever is more; `settles` is the count that
 * answers the search's question, and once one of them reaches it the others are not worked out.  The
 * lead to the teammate is looked for only when that trick reaches it (always when `settles` < 0): it
 * costs more than it saves where it does not. */
static int leaders_tricks(const Search *s, int leader, int settles, Ranks *w) {
    int every = settles < 0;
    int ours = quick_tricks(s, leader, w);
    if (!every && ours >= settles) return ours;
    if (every || ours == settles - 1) {
        int entry = entry_card(s, leader);
        if (entry >= 0) {
            ranks_add(w, CARD_SUIT(entry), CARD_RANK(entry));
            if (++ours == settles) return ours;
        }
    }
    Ranks sure;
    int mine = sure_tricks(s, is_max(s, leader), leader, settles, &sure);
    if (mine > ours) {
        ours = mine;
        *w = sure;
    }
    return ours;
}

/* Between tricks, with `d` left and `leader` to lead, in a goal where every seat wants its own side's
 * tricks: at least `low` and at most `high` of them go to the maximisers, resting on `low_w` and
 * `high_w`.  The leader's side's tricks (leaders_tricks) give the one, the other side's sure tricks
 * the other.  With `need` (>= 0) the low bound is worked out first, and when it settles that the
 * maximisers take `need`, the high one is left at `d`.
 *
 * So it is too against a lone maximiser when his three opponents would need more than two sure tricks
 * to settle the question: their counts seldom reach that.  The high bound was worked out at most of a
 * solo's positions between tricks and settled 0.14 % of them, costing more than it saved.  Skipping it
 * there, on development deals solved by both builds in turn: solos' whole deals 8 % less CPU (600
 * deals, the same nodes within 0.05 %), every card of a solo at the lead 7 % (150 deals), solos
 * without trumps 3.5 % (300).  A cut at three tricks gained as much on solos and nothing without
 * trumps; one at one trick, less. */
static void bounds(const Search *s, int d, int leader, int need, int *low, Ranks *low_w, int *high,
                   Ranks *high_w) {
    int leader_max = is_max(s, leader);
    *low = leader_max ? leaders_tricks(s, leader, need, low_w) : sure_tricks(s, 1, leader, need, low_w);
    int lone = popcount((u64)s->maximisers) == 1;
    if (need >= 0 && (*low >= need || (lone && d - need + 1 > 2))) {
        *high = d;
        return;
    }
    *high = d - (leader_max ? sure_tricks(s, 0, leader, need < 0 ? -1 : d - need + 1, high_w)
                            : leaders_tricks(s, leader, need < 0 ? -1 : d - need + 1, high_w));
}

/* The same for a goal where the maximisers make the scorers take tricks (a misère): at least `low`
 * and at most `high` of the `d` left go to the scorers. */
static void misere_bounds(const Search *s, int d, int leader, int *low, Ranks *low_w, int *high, Ranks *high_w) {
    *low = scorers_caught(s, leader, low_w);
    *high = scorers_escape(s, leader, high_w) ? 0 : d;
}

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

typedef struct {
    unsigned trumps[4]; /* by rank, bit 0 the two */
    int blanks[4];
    int lone;
    Search *s;
} TrumpGame;


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

static int trump_game(TrumpGame *g, int leader, int need);

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
static int trump_game(TrumpGame *g, int leader, int need) {
    if (need <= 0) return 1;
    int most = popcount(g->trumps[g->lone]);
    /* the defenders can take every trick without trumps */
    if (need > most) return 0;
    /* his trumps that their higher trumps cannot all beat, as trump_tricks counts them (in this game
     * too, a trump of his loses only to a higher one played to the same trick): without it the game's
     * own search from the first trick cost a fifth of a solo's median time */
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

static void trump_game_of(Search *s, TrumpGame *g) {
    g->lone = __builtin_ctz((unsigned)s->maximisers);
    g->s = s;
    suit_held(s->hand, s->trump, g->trumps);
    for (int p = 0; p < 4; p++) g->blanks[p] = popcount(s->hand[p] & ~SUIT_BITS(s->trump));
}

/* Between tricks, for a lone declarer with trumps: does the trump game give him `need`?  `w` gets the
 * trumps its answer rests on (all of them; the blanks are the suits' lengths, the table's key). */
static int trump_floor_reaches(Search *s, int leader, int need, Ranks *w) {
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
 * turn on exactly that (the analysis board's three costliest of 3,000 development deals: 38.8 million
 * nodes before it, 13.6 million with it).
 *
 * And a king under the ace: where a defender holds a suit's top card and he holds none above the rest,
 * his cards above every other card of it are his *seconds* (three at most), and that top card a card of
 * its own.  A trick with the top card of the suit led goes to its holder, one with his second and not the
 * top card to him; once the top card is out his seconds are masters.  That too is the true game's rule for
 * those cards, the rest as before, so the floor holds.  Wherever the top card sits: without trumps from
 * the start (development solos without trumps: 12-20 % fewer nodes, the costliest of 85,420,000 1.2
 * million nodes against 18.9), with trumps since the game had rules of its own to settle its positions
 * sooner (cashed_masters, tops_kept below).  Before them, with trumps only a top card on his right (a king
 * behind the ace) paid: held elsewhere it cost more than it saved (development solos of 85,420,000: 12.1
 * million nodes against 2.2 on one deal where the ace sits after him).  With them, held anywhere, eight
 * development seeds of 1,500 solos: 5 % fewer nodes, the same CPU, the p99 lower on five, and the seeds'
 * worst deals 25 % cheaper taken together (770 ms where it was 1,747 on one, 511 where it was 394 on
 * another).  Asking for seconds only where the plain game fails cost more (2-4 % fewer nodes for up to
 * 8 % more CPU), and so did seconds beside masters, where the ace is his and the king theirs, without
 * trumps too (a fifth more nodes). */

typedef struct {
    unsigned trumps[4]; /* by rank, bit 0 the two; none without trumps */
    int plain[4][4];    /* by seat and side suit, his masters and seconds and the top card over them apart */
    int masters[4];     /* his, by side suit */
    int seconds[4];     /* his, by side suit */
    int top[4];         /* the seat holding the top card over his seconds of the suit; else -1 */
    int lone, trump;
    Search *s;
} LengthGame;

/* The game is asked only from nine tricks left down, only where he holds a master, a second or a trump and
 * the tricks he needs are at most one more than his masters, his seconds and his trumps their higher trumps
 * cannot all beat, and within 500 of its positions a question: each position of it costs about what one of
 * the search's does, and asked everywhere it cost more than it saved (300 development solos: a third more
 * CPU; with these limits, 1,000 others a fifth less, the costliest 995 ms against 1.57 s).  With trumps and
 * no master it is still the floor that sees a ruff where he is void and they are not, or a trump of his
 * kept until theirs are drawn, which is where a weak declarer's one or two tricks come from, and proving
 * those is the costliest question a solo asks (development deal 85,400,665, a declarer held to no trick:
 * 25.0 million nodes without it, 8.0 million with it); without trumps, masters or seconds it gives him
 * nothing. */
#define LENGTH_DEPTH 9
#define LENGTH_BUDGET 500

/* And within one search, at each number of tricks left, only while it has spent at most 250 of its
 * positions for each proof it gave there, once it has spent 20,000.  Where it proves little it is
 * dear: on the costliest random solos three quarters of the nodes were its own, most of them in games
 * cut off by their budget (development deal 32,010,000-956, 4.9 million nodes: 3.8 million in the game,
 * 2.4 million of those in 4,763 games cut off, 267 proofs out of 2,263 questions from nine tricks left),
 * while on another deal the same questions prove nearly half the time and pay.  Development deals, both
 * builds in turn: random solos 1-5 % less CPU on six seeds of 1,000, the ten costliest deals of five of
 * them up to 12 % cheaper (of the sixth 7 % dearer); solos without trumps 1-2 % less; the solos the rules
 * of thumb bid (1,500 auctions of each of two seeds), 3 and 4 % less and their p99 a sixth lower.  Solved
 * in turn, the second build gains up to 2 % by its place alone (the same build against itself), so the
 * figures without trumps are within that; timed in both orders on a seed it was not tuned on, random solos
 * 2 % less CPU, the ten costliest 3 % dearer, and without trumps leaving the rule out moved the CPU by -3
 * to +1 % over six seeds.  It stays for both, for deals like the one it was made for (956: 617 ms to
 * 482).  At 125, 500 or 1,000 positions a proof, or from 10,000 or 50,000 positions, within a few per
 * cent of it; asked again every fourth or eighth time once stopped, or while a proof by the game costs
 * fewer positions than the search spends where it finds the declarer's tricks itself, less gained. */
#define LENGTH_PER_PROOF 250
#define LENGTH_FIRST 20000

static int length_game(LengthGame *g, int leader, int need);
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
 * cards sit in different suits shared an entry (counted on 400 development solos: 10,146 of 12.5 million
 * lookups that found an entry, without trumps 32,753 of 7.6 million; no value found wrong by it, and the
 * same nodes within 0.2 %). */
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
 * quick tricks are not asked, it settles a position a cashing declarer would otherwise play out
 * (development solos: 15 % fewer nodes, and without trumps, where every master cashes, 16 %). */
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
 * too.
 * Solos without trumps, development deals: 18 % fewer nodes, 10 % less CPU. */
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
 * game, so the rules hold in it as in the true game (development solos 2-3 % fewer nodes, the median 5 %
 * lower). */
static int length_game(LengthGame *g, int leader, int need) {
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
static void length_game_of(Search *s, LengthGame *g) {
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
static int length_floor_reaches(Search *s, int d, int leader, int need, Ranks *w) {
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
 * seldom more; keeping one halved the search's nodes on the misères the analysis board reaches (95
 * positions of development deals), and keeping two as well cut whole misères' nodes about ninefold
 * (2,000 development deals: 4.4 million against 38.0 million).  The hardest proofs left had three
 * (development deal 85,000,869, 17.9 million nodes: 93,666 of its open positions at eight tricks left
 * had three, 468 two), and keeping three from eleven tricks left down takes it to 1.2 million. */

typedef struct {
    unsigned ranks[4][4]; /* of the suits kept, by suit and seat, bit 0 the two */
    uint8_t blanks[4][4]; /* by seat and suit; a kept suit's stay 0 */
    int kept; /* the suits out of order that keep their ranks, a bit each */
    int bidder;
    Search *s;
} EscapeGame;

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
 * owners of every rank instead, the game searched more (whole misères of development seed 85,000,000,
 * 2,000 deals: 22.4 million nodes against 19.2 million; 853 positions of the analysis board's misères,
 * 312 million against 217). */
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

static int escape_game(EscapeGame *g, int leader);

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
 * tricks, and in about one low-card ending in 400 that catches him where keeping its ranks did not; but
 * the games are smaller: 853 misère positions of the analysis board (development deals 85,100,000 on)
 * 156.6 million nodes against 191.4 million, 2 past the 8 million cap against 5; the 43 costliest of
 * 32,000 whole development misères 124 million against 161, CPU 20.3 s against 22.8.  Each position
 * searched counts as a node of the search's; a game cut off by the node limit answers no, as it has
 * proved nothing. */
static int escape_game(EscapeGame *g, int leader) {
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
 * settled a third more of the development misères' nodes (1,000 whole deals of seed 83,830,000: 13.2
 * million nodes against 19.9 million).  A game of three suits that ends with him caught costs nearly
 * what the search would, and with twelve or thirteen tricks left that is most of them (development
 * deal 85,000,840: 5.5 million nodes in such games, against 42 without). */
#define ESCAPE_THREE_DEPTH 11
static int suits_out_of_order(const Search *s) {
    int bidder = lowest((u64)s->scorers), out = 0;
    u64 theirs = cards_of(s, 0xF ^ s->scorers);
    for (int suit = 0; suit < 4; suit++)
        if (!suit_in_order(s, s->hand[bidder], theirs, suit) && !guarded(s, suit, 0)) out |= 1 << suit;
    int kept = popcount((u64)out);
    return kept < ESCAPE_KEPT || (kept == ESCAPE_KEPT && popcount(s->hand[bidder]) <= ESCAPE_THREE_DEPTH) ? out : 0;
}

static int escape_game_of(Search *s, EscapeGame *g) {
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
static int escape_game_proves(Search *s, int leader, Ranks *w) {
    EscapeGame g;
    if (!escape_game_of(s, &g) || !escape_game(&g, leader)) return 0;
    int bidder = g.bidder;
    u64 all = all_cards(s);
    ranks_none(w);
    for (int suit = 0; suit < 4; suit++)
        if (s->hand[bidder] & SUIT_BITS(suit)) ranks_add(w, suit, CARD_RANK(lowest(all & SUIT_BITS(suit))));
    return 1;
}

/* ---------------------------------------------------------------- moves */

/* The cards `seat` may play, one per run of equivalent cards (the lowest of the run), in `out`. */
static int candidates(const Search *s, const Trick *t, int seat, int *out) {
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
static int run_top(const Search *s, const Trick *t, int seat, int card) {
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

static void order(const Search *s, const Trick *t, int seat, int *cards, int n, int first) {
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

/* ---------------------------------------------------------------- search */

static int search(Search *s, int d, int need, Ranks *w);

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
 * within a few thousand nodes (in one first lead's proof of development deal 81,400,471, 27.6 million
 * nodes, the first lead tried was the one that caught him at 59 % of the leads that did).  A probe cut
 * off leaves in the table what it proved, and the budget is spent again on the cards still open, so a
 * card that needs x nodes costs about x + x/7 at the most; the node limit still holds, the last probe
 * of a card running to it.  On 110 misères and open misères of the analysis board (development deals,
 * every card at the first lead and after the first trick, each capped at 30 million nodes): 211 million
 * nodes against 411 million, 3 past the cap against 6.  Probing at the leads only saved half as much;
 * probing the bidder's cards too, from 500 or 10,000 nodes, growing fourfold or sixteenfold, or only
 * from seven or nine tricks left, saved no more than the choice of positions moves. */
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
static int search(Search *s, int d, int need, Ranks *w) {
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
    if (n > 1) order(s, t, seat, cards, n, first); /* a forced card needs no order: 3 % of a proposal's CPU */
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

static int first_guess(const Search *s, int d, int leader) {
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
static int exact(Search *s, int d, int guess) {
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

/* ---------------------------------------------------------------- Python interface */

static PyObject *BudgetExceeded;
static long long last_nodes;

static inline int to_inner(int card) { return (card / 13) * 16 + card % 13; }
static inline int to_outer(int card) { return CARD_SUIT(card) * 13 + CARD_RANK(card); }

static u64 inner_mask(unsigned long long outer) {
    u64 m = 0;
    for (int suit = 0; suit < 4; suit++) m |= (u64)((outer >> (13 * suit)) & 0x1FFF) << (16 * suit);
    return m;
}

/* Reads (hands, leader, trick, trump, maximisers, scorers) into `s`, checked: the depth (tricks left,
 * the one in progress included), or -1 with a Python exception set. */
static int read_position(Search *s, PyObject *hands, int leader, PyObject *trick, int trump, int maximisers,
                         int scorers, long long limit) {
    memset(s, 0, sizeof(*s));
    if (!PyTuple_Check(hands) || PyTuple_GET_SIZE(hands) != 4 || !PyTuple_Check(trick)) {
        PyErr_SetString(PyExc_TypeError, "hands must be a tuple of four masks and trick a tuple of cards");
        return -1;
    }
    if (leader < 0 || leader > 3 || trump < -1 || trump > 3 || maximisers < 0 || maximisers > 15 ||
        scorers < 0 || scorers > 15 || (scorers != maximisers && scorers != (15 ^ maximisers))) {
        PyErr_SetString(PyExc_ValueError, "leader, trump or sides out of range");
        return -1;
    }
    u64 seen = 0;
    for (int p = 0; p < 4; p++) {
        unsigned long long outer = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(hands, p));
        if (PyErr_Occurred()) return -1;
        if (outer >> 52) {
            PyErr_SetString(PyExc_ValueError, "a hand holds a card number above 51");
            return -1;
        }
        s->hand[p] = inner_mask(outer);
        if (seen & s->hand[p]) {
            PyErr_SetString(PyExc_ValueError, "a card is in two hands");
            return -1;
        }
        seen |= s->hand[p];
    }
    Py_ssize_t played = PyTuple_GET_SIZE(trick);
    if (played > 3) {
        PyErr_SetString(PyExc_ValueError, "a trick in progress holds at most three cards");
        return -1;
    }
    s->trump = trump;
    s->maximisers = maximisers;
    s->scorers = scorers;
    s->normal = maximisers == scorers;
    s->trump_game = s->normal && trump >= 0 && popcount((u64)maximisers) == 1;
    s->length_game = s->normal && popcount((u64)maximisers) == 1;
    s->escape_game = !s->normal && trump < 0 && popcount((u64)scorers) == 1 && maximisers == (0xF ^ scorers);
    s->limit = limit > 0 ? limit : ((long long)1 << 62);
    int d = popcount(s->hand[(leader + (int)played) & 3]);
    if (d > 13) {
        PyErr_SetString(PyExc_ValueError, "a hand holds more than thirteen cards");
        return -1;
    }
    for (int p = 0; p < 4; p++) {
        int offset = (p - leader) & 3;
        if (popcount(s->hand[p]) != d - (offset < played ? 1 : 0)) {
            PyErr_SetString(PyExc_ValueError, "the hands do not hold equal numbers of cards");
            return -1;
        }
    }
    Trick *t = &s->trick[d];
    t->leader = leader;
    t->count = 0;
    for (Py_ssize_t i = 0; i < played; i++) {
        long outer = PyLong_AsLong(PyTuple_GET_ITEM(trick, i));
        if (PyErr_Occurred()) return -1;
        if (outer < 0 || outer > 51 || (seen >> to_inner((int)outer) & 1)) {
            PyErr_SetString(PyExc_ValueError, "a card of the trick is not a card, or is also in a hand");
            return -1;
        }
        int c = to_inner((int)outer);
        seen |= (u64)1 << c;
        int seat = (leader + (int)i) & 3;
        /* A card off the suit led is only possible for a hand void in it now. */
        if (i > 0 && CARD_SUIT(c) != t->led && (s->hand[seat] & SUIT_BITS(t->led))) {
            PyErr_SetString(PyExc_ValueError, "a card of the trick does not follow suit");
            return -1;
        }
        to_trick(s, t, seat, c);
    }
    if (d == 0) {
        PyErr_SetString(PyExc_ValueError, "no trick is left to play");
        return -1;
    }
    if (!table_ready(trump, maximisers, scorers)) {
        PyErr_NoMemory();
        return -1;
    }
    return d;
}

static int finish(Search *s) {
    last_nodes = s->nodes;
    if (s->aborted) {
        PyErr_SetString(BudgetExceeded, "the search visited more nodes than it was allowed");
        return 0;
    }
    return 1;
}

/* Every legal card of the seat to move and, for each, the index in `reps` of the card tried for it
 * (the lowest of its run of equivalent cards; `reps` ascends).  Returns the number of legal cards. */
static int legal_cards(Search *s, int d, int *legal, int *rep_of, int *reps, int *nreps) {
    Trick *t = &s->trick[d];
    int seat = (t->leader + t->count) & 3;
    *nreps = candidates(s, t, seat, reps);
    u64 hand = s->hand[seat];
    if (t->count && (hand & SUIT_BITS(t->led))) hand &= SUIT_BITS(t->led);
    int n = 0;
    while (hand) {
        int c = lowest(hand);
        hand &= hand - 1;
        int r = 0;
        for (int i = 0; i < *nreps; i++)
            if (CARD_SUIT(reps[i]) == CARD_SUIT(c) && reps[i] <= c) r = i;
        legal[n] = c;
        rep_of[n] = r;
        n++;
    }
    return n;
}

/* One card's worth to the scorers once played: their tricks (exact) when need < 0, else whether they
 * can be made to take `need`. */
static int card_value(Search *s, int d, int card, int need, int guess) {
    Trick *t = &s->trick[d];
    Trick saved = *t;
    int seat = (t->leader + t->count) & 3;
    int value;
    Ranks w;
    s->hand[seat] ^= (u64)1 << card;
    if (t->count == 3) {
        int win_seat = beats(s, card, t->win_card) ? seat : t->win_seat;
        int won = s->scorers >> win_seat & 1;
        if (d == 1) {
            value = need < 0 ? won : won >= need;
        } else {
            s->trick[d - 1].leader = win_seat;
            s->trick[d - 1].count = 0;
            value = need < 0 ? won + exact(s, d - 1, guess - won) : search(s, d - 1, need - won, &w);
        }
    } else {
        to_trick(s, t, seat, card);
        value = need < 0 ? exact(s, d, guess) : search(s, d, need, &w);
    }
    s->hand[seat] ^= (u64)1 << card;
    *t = saved;
    return value;
}

static const char *tricks_keywords[] = {"hands", "leader", "trick", "trump", "maximisers", "scorers", "guess",
                                        "node_limit", NULL};
static const char *wins_keywords[] = {"hands", "leader", "trick", "trump", "maximisers", "scorers", "need",
                                      "node_limit", NULL};
static const char *values_keywords[] = {"hands", "leader", "trick", "trump", "maximisers", "scorers", "node_limit",
                                        NULL};

static PyObject *per_card(PyObject *args, PyObject *kwargs, int yes_no) {
    PyObject *hands, *trick;
    int leader, trump, maximisers, scorers, need = -1;
    long long limit = 0;
    if (yes_no) {
        if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OiOiiii|L", (char **)wins_keywords, &hands, &leader,
                                         &trick, &trump, &maximisers, &scorers, &need, &limit))
            return NULL;
    } else if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OiOiii|L", (char **)values_keywords, &hands, &leader,
                                            &trick, &trump, &maximisers, &scorers, &limit)) {
        return NULL;
    }
    Search s;
    int d = read_position(&s, hands, leader, trick, trump, maximisers, scorers, limit);
    if (d < 0) return NULL;
    int legal[13], rep_of[13], reps[13], nreps;
    int n = legal_cards(&s, d, legal, rep_of, reps, &nreps);
    int values[13];
    int guess = first_guess(&s, d, leader);
    for (int i = 0; i < nreps; i++) {
        values[i] = card_value(&s, d, reps[i], yes_no ? need : -1, guess);
        if (s.aborted) break;
        if (!yes_no) guess = values[i];
    }
    if (!finish(&s)) return NULL;
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        int v = values[rep_of[i]];
        PyObject *item = yes_no ? Py_BuildValue("(iO)", to_outer(legal[i]), v ? Py_True : Py_False)
                                : Py_BuildValue("(ii)", to_outer(legal[i]), v);
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, item);
    }
    return out;
}

static PyObject *py_tricks(PyObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *hands, *trick;
    int leader, trump, maximisers, scorers, guess = -1;
    long long limit = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OiOiii|iL", (char **)tricks_keywords, &hands, &leader,
                                     &trick, &trump, &maximisers, &scorers, &guess, &limit))
        return NULL;
    Search s;
    int d = read_position(&s, hands, leader, trick, trump, maximisers, scorers, limit);
    if (d < 0) return NULL;
    int value = exact(&s, d, guess >= 0 ? guess : first_guess(&s, d, leader));
    if (!finish(&s)) return NULL;
    return PyLong_FromLong(value);
}

static PyObject *py_wins(PyObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *hands, *trick;
    int leader, trump, maximisers, scorers, need;
    long long limit = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OiOiiii|L", (char **)wins_keywords, &hands, &leader,
                                     &trick, &trump, &maximisers, &scorers, &need, &limit))
        return NULL;
    Search s;
    int d = read_position(&s, hands, leader, trick, trump, maximisers, scorers, limit);
    if (d < 0) return NULL;
    Ranks w;
    int answer = search(&s, d, need, &w);
    if (!finish(&s)) return NULL;
    return PyBool_FromLong(answer);
}

/* A position between tricks, `leader` to lead, read as read_position reads one. */
static int read_between_tricks(Search *s, PyObject *hands, int leader, int trump, int maximisers, int scorers) {
    PyObject *trick = PyTuple_New(0);
    if (!trick) return -1;
    int d = read_position(s, hands, leader, trick, trump, maximisers, scorers, 0);
    Py_DECREF(trick);
    return d;
}

static const char *bounds_keywords[] = {"hands", "leader", "trump", "maximisers", "scorers", NULL};

static PyObject *py_bounds(PyObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *hands;
    int leader, trump, maximisers, scorers = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oiii|i", (char **)bounds_keywords, &hands, &leader, &trump,
                                     &maximisers, &scorers))
        return NULL;
    if (scorers < 0) scorers = maximisers;
    Search s;
    int d = read_between_tricks(&s, hands, leader, trump, maximisers, scorers);
    if (d < 0) return NULL;
    int low, high;
    Ranks low_w, high_w;
    if (s.normal)
        bounds(&s, d, leader, -1, &low, &low_w, &high, &high_w);
    else
        misere_bounds(&s, d, leader, &low, &low_w, &high, &high_w);
    return Py_BuildValue("(ii)", low, high);
}

static const char *floor_keywords[] = {"hands", "leader", "trump", "declarer", NULL};

/* The most tricks a lone declarer surely takes in the trump game (`lengths` 0) or the lengths game (1). */
static PyObject *floor_in(PyObject *args, PyObject *kwargs, int lengths) {
    PyObject *hands;
    int leader, trump, declarer;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oiii", (char **)floor_keywords, &hands, &leader, &trump,
                                     &declarer))
        return NULL;
    if (trump < (lengths ? -1 : 0) || trump > 3 || declarer < 0 || declarer > 3) {
        PyErr_SetString(PyExc_ValueError, lengths ? "the lengths game needs a trump suit or none and a declarer's seat"
                                                  : "the trump game needs a trump suit and a declarer's seat");
        return NULL;
    }
    Search s;
    int d = read_between_tricks(&s, hands, leader, trump, 1 << declarer, 1 << declarer);
    if (d < 0) return NULL;
    TrumpGame trumps;
    LengthGame suits;
    if (lengths)
        length_game_of(&s, &suits);
    else
        trump_game_of(&s, &trumps);
    int tricks = 0;
    while (tricks < d && (lengths ? length_game(&suits, leader, tricks + 1) : trump_game(&trumps, leader, tricks + 1)))
        tricks++;
    return PyLong_FromLong(tricks);
}

static PyObject *py_trump_floor(PyObject *self, PyObject *args, PyObject *kwargs) { return floor_in(args, kwargs, 0); }

static PyObject *py_length_floor(PyObject *self, PyObject *args, PyObject *kwargs) { return floor_in(args, kwargs, 1); }

static const char *escape_keywords[] = {"hands", "leader", "bidder", NULL};

static PyObject *py_escape_game(PyObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *hands;
    int leader, bidder;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oii", (char **)escape_keywords, &hands, &leader, &bidder))
        return NULL;
    if (bidder < 0 || bidder > 3 || leader == bidder) {
        PyErr_SetString(PyExc_ValueError, "the escape game needs a bidder's seat and a defender on lead");
        return NULL;
    }
    Search s;
    if (read_between_tricks(&s, hands, leader, -1, 0xF ^ 1 << bidder, 1 << bidder) < 0) return NULL;
    EscapeGame g;
    if (!escape_game_of(&s, &g)) Py_RETURN_NONE;
    return PyBool_FromLong(escape_game(&g, leader));
}

static PyObject *py_card_tricks(PyObject *self, PyObject *args, PyObject *kwargs) {
    return per_card(args, kwargs, 0);
}

static PyObject *py_card_wins(PyObject *self, PyObject *args, PyObject *kwargs) {
    return per_card(args, kwargs, 1);
}

static PyObject *py_nodes(PyObject *self, PyObject *unused) { return PyLong_FromLongLong(last_nodes); }

static PyObject *py_forget(PyObject *self, PyObject *unused) {
    if (heads != NULL) table_clear();
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"tricks", (PyCFunction)(void (*)(void))py_tricks, METH_VARARGS | METH_KEYWORDS,
     "tricks(hands, leader, trick, trump, maximisers, scorers, guess=-1, node_limit=0): the scorers' tricks"
     " of those left, with best play"},
    {"wins", (PyCFunction)(void (*)(void))py_wins, METH_VARARGS | METH_KEYWORDS,
     "wins(hands, leader, trick, trump, maximisers, scorers, need, node_limit=0): can the maximisers make"
     " the scorers take need of the tricks left?"},
    {"card_tricks", (PyCFunction)(void (*)(void))py_card_tricks, METH_VARARGS | METH_KEYWORDS,
     "card_tricks(hands, leader, trick, trump, maximisers, scorers, node_limit=0): [(card, tricks)] for"
     " every legal card of the seat to move, lowest first"},
    {"card_wins", (PyCFunction)(void (*)(void))py_card_wins, METH_VARARGS | METH_KEYWORDS,
     "card_wins(hands, leader, trick, trump, maximisers, scorers, need, node_limit=0): [(card, bool)] for"
     " every legal card of the seat to move, lowest first"},
    {"bounds", (PyCFunction)(void (*)(void))py_bounds, METH_VARARGS | METH_KEYWORDS,
     "bounds(hands, leader, trump, maximisers, scorers=maximisers): (low, high), the tricks the search takes"
     " the scorers to win at least and at most between tricks, before it looks further (for the tests of"
     " those bounds)"},
    {"trump_floor", (PyCFunction)(void (*)(void))py_trump_floor, METH_VARARGS | METH_KEYWORDS,
     "trump_floor(hands, leader, trump, declarer): the tricks a lone declarer surely takes in the trump game,"
     " where every card but a trump is a blank the defenders read as they please (for the tests of that"
     " floor)"},
    {"length_floor", (PyCFunction)(void (*)(void))py_length_floor, METH_VARARGS | METH_KEYWORDS,
     "length_floor(hands, leader, trump, declarer): the tricks a lone declarer surely takes in the lengths game,"
     " where the side suits keep their lengths and of their ranks only his masters and seconds and the top card"
     " over those (for the tests of that floor)"},
    {"escape_game", (PyCFunction)(void (*)(void))py_escape_game, METH_VARARGS | METH_KEYWORDS,
     "escape_game(hands, leader, bidder): in a misère without trumps, a defender on lead, whether the bidder"
     " escapes in the escape game, where the cards of every suit but the one, two or three his cards are out of"
     " order in, unguarded, are blanks; None where no suit is, or all four, or three with more than eleven tricks"
     " left (for the tests of that proof)"},
    {"nodes", py_nodes, METH_NOARGS, "nodes(): the nodes the last search visited"},
    {"forget", py_forget, METH_NOARGS, "forget(): empties the table, so that what follows costs what it would in a fresh process"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_dds", "Solo Whist's double-dummy search", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__dds(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    layout_tables();
    BudgetExceeded = PyErr_NewException("naipes.games.solo_whist._dds.BudgetExceeded", NULL, NULL);
    if (!BudgetExceeded || PyModule_AddObject(m, "BudgetExceeded", BudgetExceeded) < 0) {
        Py_XDECREF(BudgetExceeded);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

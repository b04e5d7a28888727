/* The transposition table: positions between tricks keyed by their suit lengths, leader and the owners
 * of the cards that mattered, with bounds on the scorers' tricks; and the tables of the bound games. */
#include <stdlib.h>
#include <string.h>
#ifdef FAST_PEXT
#include <immintrin.h>
#endif
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "dds.h"

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
 * a part doubles (grow).  Growing four times over at once put a search of a few hundred thousand
 * entries in all 64 MB of them, more than a processor's last-level cache; doubling searches the same
 * nodes and was measured no slower, a little faster on proposals. */
#define HEAD_BITS 18
#define HEADS ((size_t)1 << HEAD_BITS)
#define FIRST_HEAD_BITS 10
#define ENTRY_BITS 21
#define ENTRIES ((size_t)1 << ENTRY_BITS)
#define FIRST_ENTRY_BITS 13
#define BLOCKS ((int32_t)1 << 18)
#define NO_BEST 0xFF

static Head *heads;
static Entry *entries;
GameEntry *trump_entries, *length_entries;
EscapeEntry *escape_entries;
static Tallies *blocks;
static int32_t entries_used, heads_used, blocks_used;
static int entry_bits = FIRST_ENTRY_BITS, head_bits = FIRST_HEAD_BITS;
uint8_t generation = 1;
static int table_trump = -2, table_max = -1, table_scorers = -1;

/* Once every 255 clears the generation byte comes round again and the tables must be zeroed, but only
 * as far as they were written since: the heads and entries up to the most they grew to, the games' tables
 * if a game was played.  Zeroing all 180 MiB touched every page of tables most processes never use, a
 * noticeable pause the first time, in a request or a computer player's decision. */
static int head_bits_most = FIRST_HEAD_BITS, entry_bits_most = FIRST_ENTRY_BITS;
int games_written;

void table_clear(void) {
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

void table_forget(void) {
    if (heads != NULL) table_clear();
}

int table_ready(int trump, int maximisers, int scorers) {
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

void layout_tables(void) {
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

void layout_of(const Search *s, Layout *l) {
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

void store(const Layout *l, int leader, int depth, const Ranks *w, int answer, int need, int best) {
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
int lookup(const Layout *l, int leader, int need, Ranks *w, int *first) {
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

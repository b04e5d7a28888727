/* Bounds on the scorers' tricks that settle a question without search: the leader's quick tricks,
 * the tricks a side surely takes whoever leads (DDS's "later tricks"), and in a misère whether the
 * bidder surely escapes or is surely caught. */
#include "bounds.h"

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
int unbeatable(u64 mine, u64 theirs) {
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

static int search_length(const void *s, int seat, int suit) { return length_in(s, seat, suit); }

int guarded(const Search *s, int suit, int alone) {
    unsigned ranks[4];
    suit_held(s->hand, suit, ranks);
    return guards(s, search_length, ranks, lowest((u64)s->scorers), suit, alone);
}

/* A lone scorer's cards `his` of a suit against the maximisers' `theirs`, the suit led by a maximiser
 * `rounds` times at the most: is his i-th lowest card under their i-th lowest in every round he can be
 * made to follow? */
int under_in_order(u64 his, u64 theirs, int rounds) {
    for (; his && rounds; his &= his - 1, theirs &= theirs - 1, rounds--)
        if (lowest(his) > lowest(theirs)) return 0;
    return 1;
}

/* The same for `suit` in the search's position, `his` the lone scorer's cards and `theirs` the
 * maximisers', each of every suit: the suit is led as often as the longest maximiser holds it. */
int suit_in_order(const Search *s, u64 his, u64 theirs, int suit) {
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
 * solo's positions between tricks and settled very few of them, costing more than it saved; skipping
 * it there searches about the same nodes in less CPU, for solos with and without trumps.  A cut at
 * three tricks gained as much on solos and nothing without trumps; one at one trick, less. */
void bounds(const Search *s, int d, int leader, int need, int *low, Ranks *low_w, int *high, Ranks *high_w) {
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
void misere_bounds(const Search *s, int d, int leader, int *low, Ranks *low_w, int *high, Ranks *high_w) {
    *low = scorers_caught(s, leader, low_w);
    *high = scorers_escape(s, leader, high_w) ? 0 : d;
}

/* The Python module _dds: reads the Python side's positions, asks the search, and answers. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "dds.h"

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
    table_forget();
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
    BudgetExceeded = PyErr_NewException("naipes.games.solo_whist.double_dummy._dds.BudgetExceeded", NULL, NULL);
    if (!BudgetExceeded || PyModule_AddObject(m, "BudgetExceeded", BudgetExceeded) < 0) {
        Py_XDECREF(BudgetExceeded);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

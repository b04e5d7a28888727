"""Fits the double-dummy search's first guess at a whole deal's value, and says how good it is.

The compiled search (``naipes/games/solo_whist/double_dummy/``) finds an exact count by asking yes/no
questions ("do the scorers take k?") from a first guess, one trick up or down at a time, and the two
questions at the value and one above it are most of the work: a guess at the value or one above it
costs those two, one further off costs one more search. This script deals random whole deals for each
goal (as ``solo_whist_solver.py`` does, from seeds no test or measurement uses), solves them, and fits
by least squares (ridge) the tricks a side takes from what it holds: each trump and each card of the
other suits by rank, its trumps, the most in one hand, the short suits beside them, its longest
suit, and whether it leads. It prints the weights as the C table ``FIRST_GUESS`` to paste into
``search.c``, and for deals of other seeds how far the guess the search makes from them falls from the
value. Only speed depends on the guess: the search's answers are exact whatever it is.

Run from the repository's top folder: ``python benchmarks/solo_whist_first_guess.py [--deals N]``.
"""

from __future__ import annotations

import argparse
import collections
import math
import random
import sys
import textwrap

from solo_whist_solver import deal_of, fresh_table, goal

from naipes.games.solo_whist import double_dummy
from naipes.games.solo_whist.double_dummy import SUIT_MASKS

KINDS = ("solo", "proposal", "no trump")
"""The C table's rows, in its order: one hand with trumps, two with trumps, one without."""
FEATURES = 32
"""The weights in a row: `search.c`'s GUESS_WEIGHTS, in the order of its GUESS_ places."""
SKIP = 20_000_000
"""Nodes after which a training deal is left out: the few that need more say nothing more."""
RIDGE = 1.0


def features(hands: tuple[int, ...], leader: int, side: int, trump: int) -> list[float]:
    """What the C function ``first_guess`` reads from a whole deal, in the same order."""
    seats = [seat for seat in range(4) if side >> seat & 1]
    trumps_by_rank, others_by_rank = [0] * 13, [0] * 13
    for seat in seats:
        for card in double_dummy.cards_in(hands[seat]):
            (trumps_by_rank if card // 13 == trump else others_by_rank)[card % 13] += 1
    trump_lengths = [bin(hands[seat] & SUIT_MASKS[trump]).count("1") if trump >= 0 else 0 for seat in seats]
    short = longest = 0
    for suit in range(4):
        if suit == trump:
            continue
        longest = max(longest, sum(bin(hands[seat] & SUIT_MASKS[suit]).count("1") for seat in seats))
        for seat, trumps in zip(seats, trump_lengths):
            if trumps:
                short += max(0, 2 - bin(hands[seat] & SUIT_MASKS[suit]).count("1"))
    return [1.0, *trumps_by_rank, *others_by_rank, sum(trump_lengths), max(trump_lengths), short, longest,
            float(side >> leader & 1)]


def solved(kind: str, seed: int, count: int) -> list[tuple[list[float], int]]:
    rng = random.Random(f"{seed}-{kind}")
    rows = []
    for _ in range(count):
        hands, leader = deal_of(rng)
        maximisers, scorers, trump, _need = goal(kind, rng)
        fresh_table(trump)
        try:
            deal = double_dummy.Deal(hands, leader, (), trump)
            value = double_dummy.value(deal, maximisers, scorers, node_limit=SKIP)
        except double_dummy.BudgetExceeded:
            continue
        rows.append((features(hands, leader, maximisers, trump), value))
    return rows


def fit(rows: list[tuple[list[float], int]]) -> list[float]:
    """Ridge regression (the constant not shrunk), by Gaussian elimination on the normal equations."""
    n = FEATURES
    system = [[sum(x[i] * x[j] for x, _ in rows) + (RIDGE if i == j and i else 0.0) for j in range(n)]
              + [sum(x[i] * y for x, y in rows)] for i in range(n)]
    for i in range(n):
        if system[i][i] == 0.0:
            system[i][i] = 1.0  # a feature that is always zero (trumps without trumps): its weight is 0
        for k in range(i + 1, n):
            factor = system[k][i] / system[i][i]
            for j in range(i, n + 1):
                system[k][j] -= factor * system[i][j]
    weights = [0.0] * n
    for i in reversed(range(n)):
        weights[i] = (system[i][n] - sum(system[i][j] * weights[j] for j in range(i + 1, n))) / system[i][i]
    return weights


def guess(weights: list[float], x: list[float]) -> int:
    """As the search rounds it: one up from the estimate's floor, as a guess one above the value costs
    no more than one at it."""
    return max(0, min(13, math.floor(sum(w * v for w, v in zip(weights, x)) + 1.0)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000, help="training deals per goal")
    parser.add_argument("--check", type=int, default=1000, help="deals per goal, of other seeds, to check on")
    parser.add_argument("--seed", type=int, default=30_000_000)
    args = parser.parse_args()
    table = []
    for kind in KINDS:
        weights = fit(solved(kind, args.seed, args.deals))
        table.append(weights)
        checked = solved(kind, args.seed + 100_000, args.check)
        for name, guessed in (("this guess", lambda x: guess(weights, x)), ("half the tricks", lambda x: 6)):
            off = collections.Counter(max(-3, min(3, guessed(x) - value)) for x, value in checked)
            print(f"{kind}, {name}: guess minus value over {len(checked)} deals of seed {args.seed + 100_000}"
                  " (±3 or more at the ends): " + ", ".join(f"{k:+d}: {off[k]}" for k in range(-3, 4)),
                  file=sys.stderr)
    print(f"static const float FIRST_GUESS[{len(KINDS)}][GUESS_WEIGHTS] = {{")
    for kind, weights in zip(KINDS, table):
        print(f"    /* {kind} */")
        print(textwrap.fill(", ".join(f"{w:.3f}f" for w in weights), 108, initial_indent="    {",
                            subsequent_indent="     ") + "},")
    print("};")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The compiled Solo Whist double-dummy search against its targets: CPU time on one core for a whole
13-trick deal's value (median ≤ 20 ms, worst ≤ 200 ms over 1,000 random deals) and for every card's value
at the first lead (median ≤ 100 ms).

Deals are shuffled from ``--seed`` (no test or tuning uses these seeds), the leader and the bidder drawn
at random, and each goal is timed on its own: a solo (one against three, the turned-up trump), a
proposal (two against two, the partner anywhere), a solo without trumps (the declared abundance's
shape), and a misère (can the defenders make the bidder take a trick?). The search's table is emptied
before every deal so that no deal profits from the one before.

Run from the repository's top folder: ``python benchmarks/solo_whist_solver.py [--deals N]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from functools import partial

from naipes.games.solo_whist import dd

ALL = 0b1111
CAP = 400_000_000
"""Nodes after which a deal counts as not solved (about a minute): the figures say how many were."""


def goal(kind: str, rng: random.Random) -> tuple[int, int, int, int | None]:
    """(maximisers, scorers, trump, need) for ``kind``; need is None for an exact count."""
    bidder = 1 << rng.randrange(4)
    if kind == "solo":
        return bidder, bidder, rng.randrange(4), None
    if kind == "proposal":
        side = bidder | 1 << (bidder.bit_length() - 1 + rng.randrange(1, 4)) % 4
        return side, side, rng.randrange(4), None
    if kind == "no trump":
        return bidder, bidder, dd.NO_TRUMP, None
    return ALL ^ bidder, bidder, dd.NO_TRUMP, 1


def fresh_table(trump: int) -> None:
    """Empties the search's table: it is kept only while the trump and the sides stay the same."""
    dd.value(dd.Deal((1, 2, 4, 8), 0, (), dd.NO_TRUMP if trump != dd.NO_TRUMP else 0), 1, 1)


def deal_of(rng: random.Random) -> tuple[tuple[int, int, int, int], int]:
    pack = list(range(52))
    rng.shuffle(pack)
    hands = tuple(sum(1 << card for card in pack[13 * seat:13 * seat + 13]) for seat in range(4))
    return hands, rng.randrange(4)  # type: ignore[return-value]


def timed(work) -> tuple[float, int | None]:
    start = time.process_time()
    try:
        work()
    except dd.BudgetExceeded:
        return time.process_time() - start, None
    return time.process_time() - start, dd.nodes()


def figures(label: str, times: list[float], nodes: list[int | None]) -> None:
    ms = sorted(1000 * t for t in times)
    solved = [n for n in nodes if n is not None]
    rate = sum(solved) / max(sum(t for t, n in zip(times, nodes) if n is not None), 1e-9)
    print(f"  {label:<44} median {statistics.median(ms):8.1f} ms   p90 {ms[int(0.9 * len(ms))]:8.1f} ms"
          f"   p99 {ms[int(0.99 * len(ms))]:8.1f} ms   worst {ms[-1]:8.1f} ms   {rate / 1e6:5.1f} M nodes/s"
          f"   unsolved {len(nodes) - len(solved)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per goal for the whole-deal value")
    parser.add_argument("--lead-deals", type=int, default=100, help="deals per goal for every card at the lead")
    parser.add_argument("--seed", type=int, default=17_000_000)
    parser.add_argument("--goals", default="solo,proposal,no trump,misere")
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores); CPU time of this"
          f" process; {args.deals} deals per goal (whole deal), {args.lead_deals} (every card at the lead)")
    for kind in args.goals.split(","):
        rng = random.Random(f"{args.seed}-{kind}")
        measures = ((args.deals, dd.value, dd.reaches), (args.lead_deals, dd.values, dd.verdicts))
        spent: list[tuple[list[float], list[int | None]]] = [([], []) for _ in measures]
        for index in range(max(args.deals, args.lead_deals)):
            hands, leader = deal_of(rng)
            maximisers, scorers, trump, need = goal(kind, rng)
            deal = dd.Deal(hands, leader, (), trump)
            for (count, exact, yes_no), (times, nodes) in zip(measures, spent):
                if index < count:
                    fresh_table(trump)
                    search = (partial(exact, deal, maximisers, scorers) if need is None
                              else partial(yes_no, deal, maximisers, scorers, need))
                    took, visited = timed(partial(search, node_limit=CAP))
                    times.append(took)
                    nodes.append(visited)
        print(kind)
        (whole_t, whole_n), (lead_t, lead_n) = spent
        if whole_t:
            figures("whole deal's value" if need is None else "whole deal: is the contract beaten?",
                    whole_t, whole_n)
        if lead_t:
            figures("every card's value at the first lead", lead_t, lead_n)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

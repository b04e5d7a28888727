"""The compiled Solo Whist double-dummy search against its targets: CPU time on one core for a whole
13-trick deal's value (median ≤ 20 ms, worst ≤ 200 ms over 1,000 random deals) and for every card's value
at the first lead (median ≤ 100 ms).

Deals are shuffled from ``--seed`` (no test or tuning uses these seeds), the leader and the bidder drawn
at random, and each goal is timed on its own: a solo (one against three, the turned-up trump), a
proposal (two against two, the partner anywhere), a solo without trumps (the declared abundance's
shape), and a misère (can the defenders make the bidder take a trick?). The search's table is emptied
before every deal so that no deal profits from the one before.

``--goals "partners opposite"`` times a proposal whose partners sit opposite, which is bridge's shape, and
with ``--dds`` times Bo Haglund's DDS (through ``endplay``, the tests' oracle) on the same deals beside
it: the state of the art's own figures on this machine, each whole-deal value checked equal to the
search's. DDS keeps its table between calls on similar deals, so its whole-deal values are all timed
first and then every card at the lead, each deal after a different one.

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

from endplay.dds import solve_board
from endplay.dds.solve import SolveMode
from endplay.types import Card as BridgeCard
from endplay.types import Deal as BridgeDeal
from endplay.types import Denom, Player, Rank

from naipes.engine.cards import SUITS, codes
from naipes.games.solo_whist import double_dummy

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
    if kind == "partners opposite":
        side = 0b0101 << rng.randrange(2)
        return side, side, rng.randrange(4), None
    if kind == "no trump":
        return bidder, bidder, double_dummy.NO_TRUMP, None
    return ALL ^ bidder, bidder, double_dummy.NO_TRUMP, 1


def fresh_table(trump: int) -> None:
    """Empties the search's table: it is kept only while the trump and the sides stay the same."""
    other = double_dummy.NO_TRUMP if trump != double_dummy.NO_TRUMP else 0
    double_dummy.value(double_dummy.Deal((1, 2, 4, 8), 0, (), other), 1, 1)


def deal_of(rng: random.Random) -> tuple[tuple[int, int, int, int], int]:
    pack = list(range(52))
    rng.shuffle(pack)
    hands = tuple(sum(1 << card for card in pack[13 * seat:13 * seat + 13]) for seat in range(4))
    return hands, rng.randrange(4)  # type: ignore[return-value]


def for_dds(hands: tuple[int, int, int, int], leader: int, trump: int) -> BridgeDeal:
    """The deal as DDS takes it: seats 0 to 3 are North to West, the search's suits are DDS's (spades first)."""
    deal = BridgeDeal(first=Player(leader), trump=Denom.nt if trump == double_dummy.NO_TRUMP else Denom(trump))
    for seat, hand in enumerate(hands):
        for card in double_dummy.cards_in(hand):
            deal[Player(seat)].add(BridgeCard(suit=Denom(card // 13), rank=list(Rank)[card % 13]))
    return deal


def dds_figures(deals: list[tuple[double_dummy.Deal, int]], values: list[int | None], lead: int) -> None:
    """DDS's time for the whole-deal value of each deal the search valued (``values``, None where it did
    not finish), checked against it, then for every card at the lead of the first ``lead`` deals
    (``deals``: each deal and its maximisers)."""
    times: list[float] = []
    for (deal, side), value in zip(deals, values):
        start = time.process_time()
        solved = solve_board(for_dds(deal.hands, deal.leader, deal.trump), SolveMode.OptimalOne)
        times.append(time.process_time() - start)
        best = max(tricks for _card, tricks in solved)
        if value is not None and value != (best if side >> deal.leader & 1 else 13 - best):
            raise SystemExit(f"DDS and the search disagree on {deal}")
    figures("DDS: whole deal's value", times)
    times = []
    for deal, _side in deals[:lead]:
        start = time.process_time()
        solve_board(for_dds(deal.hands, deal.leader, deal.trump))
        times.append(time.process_time() - start)
    figures("DDS: every card's value at the first lead", times)


def timed(work) -> tuple[float, int | None, object]:
    """The CPU time of ``work``, the nodes it searched and its answer (both None past the cap)."""
    start = time.process_time()
    try:
        answer = work()
    except double_dummy.BudgetExceeded:
        return time.process_time() - start, None, None
    return time.process_time() - start, double_dummy.nodes(), answer


def figures(label: str, times: list[float], nodes: list[int | None] | None = None) -> None:
    """The times' median, p90, p99 and worst; with the search's ``nodes``, its speed and the deals it did
    not solve within the cap."""
    ms = sorted(1000 * t for t in times)
    line = (f"  {label:<44} median {statistics.median(ms):8.1f} ms   p90 {ms[int(0.9 * len(ms))]:8.1f} ms"
            f"   p99 {ms[int(0.99 * len(ms))]:8.1f} ms   worst {ms[-1]:8.1f} ms")
    if nodes is not None:
        solved = [n for n in nodes if n is not None]
        speed = sum(solved) / max(sum(t for t, n in zip(times, nodes) if n is not None), 1e-9)
        line += f"   {speed / 1e6:5.1f} M nodes/s   unsolved {len(nodes) - len(solved)}"
    print(line)


def costliest(dealt: list[tuple[double_dummy.Deal, int]], times: list[float], nodes: list[int | None], answers: list,
              count: int) -> None:
    """The ``count`` whole deals that took the most CPU, each with what a study of it needs: its place in
    the seed's drawing, its cost and answer, who leads, the maximisers, the trump and the four hands."""
    for index in sorted(range(len(times)), key=lambda i: -times[i])[:count]:
        deal, maximisers = dealt[index]
        visited = "not solved" if nodes[index] is None else f"{nodes[index]:,} nodes"
        seats = [seat for seat in range(4) if maximisers >> seat & 1]
        trump = "none" if deal.trump == double_dummy.NO_TRUMP else SUITS[deal.trump]
        print(f"    deal {index}: {1000 * times[index]:.1f} ms, {visited}, answer {answers[index]};"
              f" leader {deal.leader}, maximisers {seats}, trump {trump}")
        for seat, hand in enumerate(deal.hands):
            cards = sorted(double_dummy.cards_in(hand), key=lambda card: (card // 13, -card))
            print(f"      {seat}: {' '.join(codes(double_dummy.card_of(card) for card in cards))}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per goal for the whole-deal value")
    parser.add_argument("--lead-deals", type=int, default=100, help="deals per goal for every card at the lead")
    parser.add_argument("--seed", type=int, default=17_000_000)
    parser.add_argument("--goals", default="solo,proposal,no trump,misere")
    parser.add_argument("--dds", action="store_true", help="also time DDS on the partners-opposite deals")
    parser.add_argument("--costliest", type=int, default=0, metavar="K",
                        help="also print each goal's K costliest whole deals, to study the tail")
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores); CPU time of this"
          f" process; {args.deals} deals per goal (whole deal), {args.lead_deals} (every card at the lead)")
    for kind in args.goals.split(","):
        rng = random.Random(f"{args.seed}-{kind}")
        measures = ((args.deals, double_dummy.value, double_dummy.reaches),
                    (args.lead_deals, double_dummy.values, double_dummy.verdicts))
        spent: list[tuple[list[float], list[int | None], list]] = [([], [], []) for _ in measures]
        dealt: list[tuple[double_dummy.Deal, int]] = []
        for index in range(max(args.deals, args.lead_deals)):
            hands, leader = deal_of(rng)
            maximisers, scorers, trump, need = goal(kind, rng)
            deal = double_dummy.Deal(hands, leader, (), trump)
            dealt.append((deal, maximisers))
            for (count, exact, yes_no), (times, nodes, answers) in zip(measures, spent):
                if index < count:
                    fresh_table(trump)
                    search = (partial(exact, deal, maximisers, scorers) if need is None
                              else partial(yes_no, deal, maximisers, scorers, need))
                    took, visited, answer = timed(partial(search, node_limit=CAP))
                    times.append(took)
                    nodes.append(visited)
                    answers.append(answer)
        print(kind)
        (whole_t, whole_n, whole_values), (lead_t, lead_n, _verdicts) = spent
        if whole_t:
            figures("whole deal's value" if need is None else "whole deal: is the contract beaten?",
                    whole_t, whole_n)
        if lead_t:
            figures("every card's value at the first lead", lead_t, lead_n)
        costliest(dealt, whole_t, whole_n, whole_values, args.costliest)
        if args.dds and kind == "partners opposite":
            dds_figures(dealt, whole_values, args.lead_deals)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

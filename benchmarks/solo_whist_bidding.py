"""What a change to the strong Solo Whist bidder is worth in the strong-vs-basic match, deal by deal.

Each deal (``new_game(seed)``, seated both ways as in ``solo_whist_players.py``) has its auction run
twice: by the strong bidder the site runs and by a variant of it. Where the two auctions are the same
call for call the deal counts nothing; where they differ, the deal is played out from each auction and
the difference in side A's chips is the variant's gain. Only the few deals a bidding change touches
are played, so a paired figure over 2,000 deals takes minutes, not the strength run's quarter hour.
A playing differs after the auction in the random draws of its card play too, which the interval
includes.

The variant here is the bid's budget (``--samples``, ``--nodes``, ``--deal-nodes``: more sampled deals
and search for each estimate). The changed deals are also split by the contract the variant's auction
reached, and a proposal by who partners whom: in the match the two strong seats are one side, so a
proposal between them moves no chips between them, and a bidder that lets its strong neighbour
partner it gains in the match without winning more chips at a table where every seat plays for
itself. Pass ``--start`` a seed no test or tuning used.

    .venv/bin/python benchmarks/solo_whist_bidding.py --deals 2000 --start 79000000 --samples 32 --nodes 3000000
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from naipes.games.solo_whist.players import bidding
from naipes.games.solo_whist import rules as sw
from naipes.games.solo_whist.players.sampling import STRONG
from solo_whist_players import SIDES, decide, level, side_chips


def auction(seed: int, strong: tuple[int, int],
            budget: bidding.BidBudget) -> tuple[sw.Position, list[tuple[int, str]], random.Random]:
    """Deal ``seed`` with the strong level in the seats ``strong``, its bids within ``budget``: the
    position after the auction, the calls made, and the random draws as they stand for the play."""
    rng = random.Random(seed)
    position = sw.new_game(seed)
    calls = []
    while not position.is_over and position.phase != sw.PLAY:
        move = decide(position, level(position.to_move, strong), rng, STRONG, budget)
        if isinstance(move, sw.Bid):
            calls.append((move.player, move.bid))
        position, _events = sw.apply(position, move)
    return position, calls, rng


def played_out(position: sw.Position, strong: tuple[int, int], rng: random.Random) -> sw.Position:
    """The deal from ``position`` to its end, the strong level in the seats ``strong``."""
    while not position.is_over:
        position, _events = sw.apply(position, decide(position, level(position.to_move, strong), rng, STRONG))
    return position


def kind_of(final: sw.Position, strong: tuple[int, int]) -> str:
    """The contract the auction reached, a proposal by whether both its partners are strong."""
    contract = final.contract
    if contract is None:
        return "no contract (passed out, or a proposal nobody accepted)"
    if contract.bid != sw.PROPOSAL:
        return contract.bid
    both = contract.bidder in strong and contract.partner in strong
    return "proposal, two strong partners" if both else "proposal, a basic partner"


def one_deal(args: tuple[int, bidding.BidBudget]) -> tuple[float, list[tuple[str, int]]]:
    """The variant's gain on one deal (side A's chips, halved over both seatings), and each changed
    playing's contract under the variant with its gain."""
    seed, variant = args
    gain, changed = 0, []
    for strong in SIDES:
        site, site_calls, site_rng = auction(seed, strong, bidding.STRONG_BIDS)
        tried, variant_calls, variant_rng = auction(seed, strong, variant)
        if site_calls == variant_calls:
            continue
        site_final = played_out(site, strong, site_rng)
        variant_final = played_out(tried, strong, variant_rng)
        difference = side_chips(variant_final, strong) - side_chips(site_final, strong)
        gain += difference
        changed.append((kind_of(variant_final, strong), difference))
    return gain / 2, changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--start", type=int, required=True, help="first seed (one no test or tuning used)")
    parser.add_argument("--samples", type=int, default=bidding.STRONG_BIDS.samples)
    parser.add_argument("--nodes", type=int, default=bidding.STRONG_BIDS.nodes)
    parser.add_argument("--deal-nodes", type=int, default=bidding.STRONG_BIDS.deal_nodes)
    parser.add_argument("--jobs", type=int, default=2, help="processes (the machine is shared: keep it low)")
    options = parser.parse_args()
    variant = bidding.BidBudget(options.samples, options.nodes, options.deal_nodes)
    seeds = range(options.start, options.start + options.deals)
    gains: list[float] = []
    by_kind: Counter = Counter()
    playings: Counter = Counter()
    with ProcessPoolExecutor(options.jobs) as pool:
        for gain, changed in pool.map(one_deal, [(seed, variant) for seed in seeds], chunksize=4):
            gains.append(gain)
            for kind, difference in changed:
                playings[kind] += 1
                by_kind[kind] += difference
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    print(f"variant {variant} against the site's {bidding.STRONG_BIDS}, {len(gains)} deals from {options.start}")
    print(f"side A's gain a deal: {mean:+.4f} (95 % CI {mean - half:+.4f} to {mean + half:+.4f});"
          f" {sum(playings.values())} playings of {2 * len(gains)} changed their auction")
    for kind, count in playings.most_common():
        print(f"  {kind}: {count} playings, {by_kind[kind]:+d} chips")


if __name__ == "__main__":
    main()

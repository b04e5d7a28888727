"""What the Solo Whist analysis endpoint answers within its cap (``analysis.NODE_LIMIT``): the
positions a reader sets up most, a whole deal at the first lead and after the first trick.

The contracts are those the rules of thumb's auctions reach on ``new_game(seed)`` for ``--deals``
seeds from ``--start`` (deals passed out are skipped); the first trick is played by the rules of
thumb too. For each position the script asks ``analysis.answer`` exactly as the endpoint does and
prints, per contract, how many were answered (the rest get the endpoint's 400 ``too_much_work``)
and the CPU time per answer on one core. Pass ``--start`` a seed no test or tuning used.

    .venv/bin/python benchmarks/solo_whist_analysis.py --deals 300 --start 19100000
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter

from naipes.engine.errors import TooMuchWork
from naipes.games.solo_whist import analysis
from naipes.games.solo_whist import rules as sw
from naipes.games.solo_whist.players.sampling import STRONG
from solo_whist_players import decide, percentile


def thumb_move(position: sw.Position, rng: random.Random) -> sw.Move:
    return decide(position, "basic", rng, STRONG)


def positions(seed: int) -> tuple[sw.Position, sw.Position | None] | None:
    """The deal at its first lead and after its first trick, or None if the auction passed it out."""
    rng = random.Random(seed)
    position = sw.new_game(seed)
    while not position.is_over and position.phase != sw.PLAY:
        position, _events = sw.apply(position, thumb_move(position, rng))
    if position.phase != sw.PLAY:
        return None
    first = position
    for _ in range(4):
        position, _events = sw.apply(position, thumb_move(position, rng))
        if position.is_over:
            return first, None
    return first, position


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--start", type=int, default=19_100_000)
    options = parser.parse_args()
    answered: dict[str, Counter] = {"first lead": Counter(), "after the first trick": Counter()}
    times: dict[str, list[float]] = {name: [] for name in answered}
    for seed in range(options.start, options.start + options.deals):
        found = positions(seed)
        if found is None:
            continue
        for name, position in zip(answered, found):
            if position is None:
                continue
            cpu = time.process_time()
            try:
                analysis.answer(position)
                ok = True
            except TooMuchWork:
                ok = False
            times[name].append(1000 * (time.process_time() - cpu))
            answered[name][(position.agreed.bid, ok)] += 1
    print(f"load average at the start: {os.getloadavg()[0]:.1f}; {options.deals} deals from seed {options.start};"
          f" cap {analysis.NODE_LIMIT:,} nodes; CPU time of this process")
    for name, counted in answered.items():
        bids = sorted({bid for bid, _ok in counted})
        total = sum(counted.values())
        yes = sum(count for (bid, ok), count in counted.items() if ok)
        spent = times[name]
        print(f"{name}: answered {yes} of {total}; CPU ms p50 {percentile(spent, .5):.0f} p90 {percentile(spent, .9):.0f}"
              f" max {max(spent):.0f}")
        for bid in bids:
            print(f"  {bid:18} {counted[(bid, True)]:4} of {counted[(bid, True)] + counted[(bid, False)]:4}")


if __name__ == "__main__":
    main()

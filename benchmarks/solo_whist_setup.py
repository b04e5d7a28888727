"""What the analysis page's set-up form costs and answers (``analysis.set_up``): endings set up with the
tricks the declaring side has taken, and whole deals dealt at random.

Endings: for ``--deals`` seeds from ``--start``, the auction of ``new_game(seed)`` by the rules of thumb,
then random legal cards down to a trick's lead at a random point of the hand; the form's fields for that
position (``setup_fields``: its contract, leader, cards and tricks taken) are read back by ``set_up``,
which must find an earlier play of the cards out. Each such ending has one (the play that reached it), so
a refusal is the search's cap, not the position. Prints how many were refused and the CPU per read.

Whole deals: the form's "deal at random" (``dealt``) for a solo, a misère, a proposal and an abundance
on ``--random-deals`` seeds, each analysed as the page does (``analysis.answer``); prints how many the
analysis answered within its cap. Pass seeds no test or tuning used.

    .venv/bin/python benchmarks/solo_whist_setup.py --deals 600 --start 76000000
"""

from __future__ import annotations

import argparse
import os
import random
import time

from naipes.engine.errors import InvalidPosition, TooMuchWork
from naipes.games.solo_whist import analysis
from naipes.games.solo_whist import rules as sw
from naipes.games.solo_whist.players.sampling import STRONG
from solo_whist_players import decide, percentile

CONTRACTS = (
    {"bid": "solo", "bidder": "0", "partner": "", "trump": "S", "leader": "1"},
    {"bid": "misere", "bidder": "1", "partner": "", "trump": "", "leader": "0"},
    {"bid": "proposal", "bidder": "0", "partner": "2", "trump": "H", "leader": "1"},
    {"bid": "abundance", "bidder": "0", "partner": "", "trump": "D", "leader": "1"},
)


def ending(seed: int) -> sw.Position | None:
    """A position between tricks, some tricks into the hand ``new_game(seed)``'s auction reaches; None
    if the deal is passed out or the hand ends first."""
    rng = random.Random(seed)
    position = sw.new_game(seed)
    while not position.is_over and position.phase != sw.PLAY:
        position, _events = sw.apply(position, decide(position, "basic", rng, STRONG))
    if position.phase != sw.PLAY:
        return None
    stop = rng.randrange(1, 12)
    while position.phase == sw.PLAY and not (position.trick is None and len(position.tricks) == stop):
        position, _events = sw.apply(position, rng.choice(sw.legal_moves(position)))
    return position if position.phase == sw.PLAY else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--start", type=int, default=76_000_000)
    parser.add_argument("--random-deals", type=int, default=60)
    options = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}; seeds from {options.start};"
          f" cap {analysis.HISTORY_STEPS:,} suits laid; CPU time of this process")
    refused, spent = 0, []
    for seed in range(options.start, options.start + options.deals):
        position = ending(seed)
        if position is None:
            continue
        fields = analysis.setup_fields(position)
        cpu = time.process_time()
        try:
            analysis.set_up(fields)
        except InvalidPosition:
            refused += 1
        spent.append(1000 * (time.process_time() - cpu))
    print(f"endings with the tricks taken: {len(spent)} read, {refused} refused; CPU ms p50"
          f" {percentile(spent, .5):.1f} p99 {percentile(spent, .99):.1f} max {max(spent):.1f}")
    for contract in CONTRACTS:
        answered, times = 0, []
        for seed in range(options.start, options.start + options.random_deals):
            position = analysis.set_up(analysis.dealt(contract, random.Random(seed)))
            cpu = time.process_time()
            try:
                analysis.answer(position)
                answered += 1
            except TooMuchWork:
                pass
            times.append(1000 * (time.process_time() - cpu))
        print(f"whole deals dealt at random, {contract['bid']:9}: answered {answered} of {options.random_deals};"
              f" CPU ms p50 {percentile(times, .5):.0f} max {max(times):.0f}")


if __name__ == "__main__":
    main()

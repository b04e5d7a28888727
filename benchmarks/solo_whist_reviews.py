"""What a Solo Whist review costs and says: CPU per review, and how many of the reader's decisions it
judged, found decisive (the contract turned round) or left unjudged within its work.

For ``--deals`` seeds from ``--start``, ``new_game(seed)`` is played to its end with the reader in seat 0
and basic computer players elsewhere; the reader calls by the rules of thumb and plays its cards at
random (``--reader weak``, the reader a review has most to say to) or by the rules of thumb (``basic``).
Deals passed out have nothing to review and are skipped. Each finished deal is reviewed as the site
does (the game's ``review``, within ``REVIEW_WORK``), one core, CPU time. Pass seeds no test or tuning
used.

    .venv/bin/python benchmarks/solo_whist_reviews.py --deals 120 --start 77000000
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from naipes.games import GAMES
from naipes.games.solo_whist import rules as sw
from naipes.games.solo_whist.players.sampling import STRONG
from solo_whist_players import decide, percentile

READER = 0


def played(seed: int, reader: str) -> tuple[sw.Position, list[sw.Move]] | None:
    """The deal of ``seed`` played to its end, or None if it was passed out."""
    rng = random.Random(seed)
    start = position = sw.new_game(seed)
    moves: list[sw.Move] = []
    while not position.is_over:
        level = "basic"
        if position.to_move == READER and reader == "weak" and position.phase == sw.PLAY:
            level = "random"
        move = decide(position, level, rng, STRONG)
        position, _ = sw.apply(position, move)
        moves.append(move)
    return None if position.contract is None else (start, moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=120)
    parser.add_argument("--start", type=int, default=77_000_000)
    parser.add_argument("--reader", choices=("weak", "basic"), default="weak")
    args = parser.parse_args()
    game = GAMES["solo-whist"]
    times: list[float] = []
    judged = decisive = unjudged = first_cards_unjudged = 0
    for seed in range(args.start, args.start + args.deals):
        deal = played(seed, args.reader)
        if deal is None:
            continue
        start, moves = deal
        began = time.process_time()
        review = game.review(start, moves, READER)
        times.append(time.process_time() - began)
        judged += len(review.judgements)
        decisive += sum(judgement.decisive for judgement in review.judgements)
        unjudged += len(review.unjudged)
        first = next((step for step, move in enumerate(moves, start=1)
                      if move.player == READER and isinstance(move, sw.Play)), None)
        first_cards_unjudged += first in review.unjudged
    ms = [1000 * t for t in times]
    print(f"load average at the start of the report: {os.getloadavg()[0]:.1f}; reader {args.reader}, seeds"
          f" {args.start} on: {len(times)} deals played to a contract of {args.deals}")
    print(f"CPU per review: median {statistics.median(ms):.0f} ms, p90 {percentile(ms, 0.9):.0f} ms,"
          f" worst {max(ms):.0f} ms")
    print(f"judgements {judged}, of which decisive (the contract turned round) {decisive}; decisions left"
          f" unjudged {unjudged}, of which the reader's first card {first_cards_unjudged}")


if __name__ == "__main__":
    main()

"""What the race's reviews that teach cost and find (Old Maid's odds: ``old_maid_odds.py``).

A random reader (seat 0) against the race player, fresh seeds; among the races the reader lost, the
share whose review names a decisive decision (the solo player would have won from there), and the
review's CPU time (median and worst).

::

    .venv/bin/python benchmarks/reviews_that_teach.py [--games 10] [--start 88000000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from naipes.games import GAMES  # noqa: E402

RACE = GAMES["double-solitaire"]


def race(seed: int, limit: int = 1500):
    rng = random.Random(seed)
    position = start = RACE.new_game(seed)
    moves = []
    for turn in range(limit):
        if position.is_over:
            break
        seat = turn % 2
        own = [move for move in RACE.legal_moves(position) if move.player == seat]
        if not own:
            continue
        move = rng.choice(own) if seat == 0 else RACE.choose(position, 1, random.Random(seed + turn), "basic").move
        moves.append(move)
        position = RACE.apply(position, move)[0]
    return start, moves, position


def timed(review, *args):
    began = time.process_time()
    answer = review(*args)
    return answer, time.process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--start", type=int, default=88_000_000)
    options = parser.parse_args()
    seeds = range(options.start, options.start + options.games)
    lost = named = 0
    times = []
    for seed in seeds:
        start, moves, end = race(seed)
        if not end.is_over or end.winner == 0:
            continue
        lost += 1
        reviewed, spent = timed(RACE.review, start, moves, 0)
        times.append(spent)
        named += any(judgement.decisive for judgement in reviewed.judgements)
    if times:
        print(f"Race, a random reader: {lost} of {options.games} races lost; a decisive decision named in {named};"
              f" review CPU median {statistics.median(times):.2f} s, worst {max(times):.2f} s")


if __name__ == "__main__":
    main()

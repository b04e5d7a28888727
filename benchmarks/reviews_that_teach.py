"""What the reviews that teach cost and find: Old Maid's exact odds and the race's decisions that would
have won it.

- Old Maid: for each number of players, games played by the computer players from fresh seeds, the
  review's CPU time (median and worst) and the share of draws whose chance was computed within the
  bound (``odds.MAX_STATES``, ``MAX_WORK``, ``MAX_GROUP``).
- The race: a random reader (seat 0) against the race player, fresh seeds; among the races the reader
  lost, the share whose review names a decisive decision (the solo player would have won from there),
  and the review's CPU time (median and worst).

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

OLD_MAID, RACE = GAMES["old-maid"], GAMES["double-solitaire"]


def old_maid_game(seed: int, players: int):
    rng = random.Random(seed)
    position = start = OLD_MAID.new_game(seed, players=players)
    moves = []
    while not position.is_over:
        seat = min(move.player for move in OLD_MAID.legal_moves(position))
        move = OLD_MAID.choose(position, seat, rng, "basic").move
        moves.append(move)
        position = OLD_MAID.apply(position, move)[0]
    return start, moves


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
    for players in range(2, 7):
        times, computed, draws = [], 0, 0
        for seed in seeds:
            start, moves = old_maid_game(seed, players)
            reviewed, spent = timed(OLD_MAID.review, start, moves, 0)
            times.append(spent)
            computed += sum(chance.chance is not None for chance in reviewed.odds)
            draws += len(reviewed.odds)
        print(f"Old Maid, {players} players, {options.games} games: review CPU median {statistics.median(times):.2f} s,"
              f" worst {max(times):.2f} s; chance computed at {computed} of {draws} draws ({computed / draws:.0%})")
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

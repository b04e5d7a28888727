"""What Old Maid's review of the odds costs and how much of it is exact, for 2 to 6 players.

For each number of players, games played by the computer players from fresh seeds (no test uses
them), the reader in seat 0: the review's CPU time (median and worst), the draws whose chance is
exact and those estimated (``odds.estimate``) with their margins (the half-width of the 95 %
interval, mean and widest), and, with ``--states``, the states the exact search would have to
solve from the deal and from the first draw it did solve (the seat still in; counted up to
``--cap``).

::

    .venv/bin/python benchmarks/old_maid_odds.py [--games 10] [--start 89500000] [--players 4 5 6] [--states]
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
from naipes.games.old_maid import odds  # noqa: E402
from naipes.games.old_maid.rules import Draw, apply  # noqa: E402

OLD_MAID = GAMES["old-maid"]


def old_maid_game(seed: int, players: int):
    """A game the computer players play out from the deal of ``seed`` (the reviews' tests play them too)."""
    rng = random.Random(seed)
    position = start = OLD_MAID.new_game(seed, players=players)
    moves = []
    while not position.is_over:
        seat = min(move.player for move in OLD_MAID.legal_moves(position))
        move = OLD_MAID.choose(position, seat, rng, "basic").move
        moves.append(move)
        position = OLD_MAID.apply(position, move)[0]
    return start, moves


def drawn(start, moves):
    """The position at the deal and after each draw, as the review takes them."""
    positions, position = [start], start
    for move in moves:
        position = apply(position, move)[0]
        if isinstance(move, Draw):
            positions.append(position)
    return positions


def counted(position, players: int, cap: int) -> str:
    found = odds.states_from(odds.state_of(position), players, 0, cap)
    return f"over {cap:,}" if found is None else f"{found:,}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--start", type=int, default=89_500_000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--states", action="store_true", help="count the states of the exact search (slow)")
    parser.add_argument("--cap", type=int, default=1_000_000)
    options = parser.parse_args()
    seeds = range(options.start, options.start + options.games)
    for players in options.players:
        times, walls, exact, estimated, margins = [], [], 0, 0, []
        for seed in seeds:
            start, moves = old_maid_game(seed, players)
            began, wall = time.process_time(), time.perf_counter()
            reviewed = OLD_MAID.review(start, moves, 0)
            times.append(time.process_time() - began)
            walls.append(time.perf_counter() - wall)
            assert all(0 <= chance.chance <= 1 for chance in reviewed.odds)
            exact += sum(chance.margin == 0 for chance in reviewed.odds)
            estimated += sum(chance.margin > 0 for chance in reviewed.odds)
            margins += [chance.margin for chance in reviewed.odds if chance.margin > 0]
            if options.states:
                positions = drawn(start, moves)
                first = next(index for index, chance in enumerate(reviewed.odds) if chance.margin == 0)
                print(f"  {players} players, seed {seed}: {len(positions) - 1} draws, states from the deal"
                      f" {counted(positions[0], players, options.cap)}; first exact at draw {first}, states from"
                      f" there {counted(positions[first], players, options.cap)}", flush=True)
        told = f"{exact} exact, {estimated} estimated"
        if margins:
            told += f" (margin mean {statistics.mean(margins) * 100:.1f} points, widest {max(margins) * 100:.1f})"
        print(f"Old Maid, {players} players, {options.games} games: review CPU median {statistics.median(times):.2f} s,"
              f" worst {max(times):.2f} s (wall worst {max(walls):.2f} s); chances told at every draw: {told}",
              flush=True)


if __name__ == "__main__":
    main()

"""What a puzzle's check costs at request time (``Rules.check_puzzle``, as ``POST /api/v1/puzzles/{id}/check``
and the puzzle page's board call it): for ``--puzzles`` puzzles of each game drawn with ``--seed``, a
reader's line that keeps to right moves chosen at random (not the solution's) until the puzzle is solved
or the check's limit of 20 moves, then the CPU of one check of the whole line. Prints the mean and the
worst per game.

    .venv/bin/python benchmarks/puzzle_checks.py --puzzles 30 --seed 5
    .venv/bin/python benchmarks/puzzle_checks.py --puzzles 32 --prefix solo-whist-sd-   # single dummy alone
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from naipes.games import GAMES  # noqa: E402
from naipes.puzzles import load_puzzles  # noqa: E402

MOST_MOVES = 20


def wandering_line(engine, puzzle, rng: random.Random) -> list:
    """Right moves at random, each checked, until the puzzle is solved or the line is as long as a check takes."""
    moves: list = []
    position = puzzle.start
    while len(moves) < MOST_MOVES:
        legal = [move for move in engine.legal_moves(position) if move.player == puzzle.seat]
        rng.shuffle(legal)
        verdict = None
        for move in legal:
            verdict = engine.check_puzzle(puzzle.start, puzzle.seat, puzzle.facts, moves + [move])
            if verdict.correct:
                break
        if verdict is None or not verdict.correct:
            break
        moves.append(move)
        if verdict.done:
            break
        position = puzzle.start
        for played in verdict.line:
            position, _ = engine.apply(position, played)
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--puzzles", type=int, default=30)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--prefix", default="", help="only the puzzles whose id starts so")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for game, every in load_puzzles().items():
        puzzles = [puzzle for puzzle in every if puzzle.id.startswith(args.prefix)]
        if not puzzles:
            continue
        engine = GAMES[game]
        costs = []
        for puzzle in rng.sample(puzzles, min(args.puzzles, len(puzzles))):
            moves = wandering_line(engine, puzzle, rng)
            began = time.process_time()
            engine.check_puzzle(puzzle.start, puzzle.seat, puzzle.facts, moves)
            costs.append((time.process_time() - began, len(moves), puzzle.id))
        worst = max(costs)
        print(f"{game}: {len(costs)} lines, mean {sum(cost for cost, _, _ in costs) / len(costs) * 1000:.1f} ms,"
              f" worst {worst[0] * 1000:.1f} ms ({worst[2]}, {worst[1]} moves)")


if __name__ == "__main__":
    main()

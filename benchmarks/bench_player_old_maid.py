"""Old Maid's computer player: how long a decision takes, every seat played by the computer."""

from __future__ import annotations

import random
import statistics
import time

from naipes.games.old_maid import rules as old_maid
from naipes.games.old_maid.view import view
from naipes.games.old_maid import player as player

TITLE = "Old Maid computer player"


def _decision_times(games: int) -> list[float]:
    """The time of every ``choose`` call (view built beforehand) in ``games`` four-player games."""
    rng = random.Random(1)
    times = []
    clock = time.process_time  # CPU time: on a shared machine, wall time counts other processes' turns
    for seed in range(games):
        position = old_maid.new_game(seed, players=4)
        while not position.is_over:
            if position.phase == old_maid.DRAWING:
                position, _ = old_maid.apply(position, player.shuffled(view(position, position.offerer), rng))
            moves = old_maid.legal_moves(position)
            seat = moves[0].player
            seen = view(position, seat)
            mine = [move for move in moves if move.player == seat]
            before = clock()
            choice = player.choose(seen, mine, rng)
            times.append(clock() - before)
            position, _ = old_maid.apply(position, choice.move)
    return times


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    games = 50 if quick else 2_000
    times = _decision_times(games)
    centiles = statistics.quantiles(times, n=100)
    return [
        (f"decision time (CPU), {len(times):,} decisions in {games:,} four-player games: p50", centiles[49] * 1e6, "µs"),
        ("decision time: p99", centiles[98] * 1e6, "µs"),
    ]

"""Old Maid: how fast the engine plays, and what random play says about the game.

Random games choose uniformly among the legal moves; discards are always legal
before any draw, so every pair is laid aside as soon as it exists. The two-player
study answers a question tables ask: does drawing first help or hurt?
"""

from __future__ import annotations

import random
import time

from naipes.games.old_maid import rules as old_maid

TITLE = "Old Maid"


def _random_game(seed: int, players: int, rng: random.Random) -> list[tuple[old_maid.Position, old_maid.Move]]:
    """One game to the end, as the (position, move) pairs it went through."""
    position = old_maid.new_game(seed, players=players)
    played = []
    while not position.is_over:
        move = rng.choice(old_maid.legal_moves(position))
        played.append((position, move))
        position, _ = old_maid.apply(position, move)
    return played


def _games_per_second(games: int) -> tuple[float, float]:
    """Complete random 4-player games per second, and the moves per second they made."""
    rng = random.Random(1)
    moves = 0
    start = time.perf_counter()
    for seed in range(games):
        moves += len(_random_game(seed, 4, rng))
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def _applies_per_second(games: int) -> float:
    """``apply`` alone, replaying recorded moves of random 4-player games."""
    rng = random.Random(2)
    recorded = [pair for seed in range(games) for pair in _random_game(seed, 4, rng)]
    apply = old_maid.apply
    start = time.perf_counter()
    for position, move in recorded:
        apply(position, move)
    return len(recorded) / (time.perf_counter() - start)


def _two_player_study(games: int) -> tuple[float, float]:
    """Share of games lost by the first player to draw, and mean draws per game."""
    rng = random.Random(3)
    first_drawer_lost = draws = 0
    for seed in range(games):
        position = old_maid.new_game(seed, players=2)
        first_taker = None
        while not position.is_over:
            if position.phase == old_maid.DRAWING:
                if first_taker is None:
                    first_taker = position.taker
                draws += 1
                move = old_maid.Draw(position.taker, rng.randrange(len(position.hands[position.offerer])))
            else:
                move = old_maid.legal_moves(position)[0]
            position, _ = old_maid.apply(position, move)
        first_drawer_lost += position.loser == first_taker
    return first_drawer_lost / games, draws / games


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    games_rate, moves_rate = _games_per_second(50 if quick else 2_000)
    lost_share, mean_draws = _two_player_study(500 if quick else 20_000)
    study = "500" if quick else "20,000"
    return [
        ("apply() alone: moves applied per second (4 players)",
         _applies_per_second(50 if quick else 2_000), "moves/s"),
        ("random 4-player play: moves per second (legal_moves + apply)", moves_rate, "moves/s"),
        ("complete random 4-player games per second", games_rate, "games/s"),
        (f"2 players, {study} random games: share lost by first drawer", lost_share, "share"),
        (f"2 players, {study} random games: mean draws per game", mean_draws, "draws"),
    ]

"""The race's computer player: how long a decision takes, and how many deals it clears alone.

Strength is measured by solo attempts (``naipes.games.double_solitaire.strength_alone``):
one seat plays a fresh deal with the other idle, until its whole deck is on the
foundations or a full pass through the stock brings no progress. The same deals
are given to a baseline that plays a uniformly random legal move. For scale: a
published strategy that, like this one, cannot see face-down cards clears about
8.6 % of draw-three deals; with every card known about 82 % can be cleared.
"""

from __future__ import annotations

import math
import random
import statistics
import time

from naipes.games.double_solitaire.view import View
from naipes.games.double_solitaire import player as player
from naipes.games.double_solitaire.strength_alone import clears_alone, random_choice

TITLE = "Double Solitaire race computer player"

FIRST_DEAL = 1_000_000
"""Deals are seeds from here on: not the seeds the tests use."""


def _timed(times: list[float]):
    """``player.choose``, recording how long each call takes."""
    clock = time.process_time  # CPU time: on a shared machine, wall time counts other processes' turns

    def choose(view: View, moves, rng: random.Random):
        before = clock()
        choice = player.choose(view, moves, rng)
        times.append(clock() - before)
        return choice

    return choose


def _share(cleared: int, deals: int) -> tuple[float, float]:
    """The share cleared and its 95 % margin (normal approximation), both in percent."""
    share = cleared / deals
    return share * 100, 1.96 * math.sqrt(share * (1 - share) / deals) * 100


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    deals = 100 if quick else 2_000
    baseline_deals = 20 if quick else 2_000
    times: list[float] = []
    choose = _timed(times)
    started = time.perf_counter()
    cleared = sum(clears_alone(FIRST_DEAL + deal, choose, random.Random(deal)) for deal in range(deals))
    elapsed = time.perf_counter() - started
    by_chance = sum(clears_alone(FIRST_DEAL + deal, random_choice, random.Random(deal))
                    for deal in range(baseline_deals))
    centiles = statistics.quantiles(times, n=100)
    share, margin = _share(cleared, deals)
    random_share, random_margin = _share(by_chance, baseline_deals)
    return [
        (f"decision time (CPU), {len(times):,} decisions in {deals:,} solo attempts: p50", centiles[49] * 1e6, "µs"),
        ("decision time: p99", centiles[98] * 1e6, "µs"),
        (f"{deals:,} fresh deals cleared alone by the player", share, "%"),
        ("  95 % margin of that share (±)", margin, "points"),
        (f"{baseline_deals:,} fresh deals cleared alone by a random legal move", random_share, "%"),
        ("  95 % margin of that share (±)", random_margin, "points"),
        ("solo attempts per second, the player (engine's moves included)", deals / elapsed, "deals/s"),
    ]

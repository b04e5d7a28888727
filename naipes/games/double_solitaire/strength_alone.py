"""The race player's strength alone: one seat plays a fresh deal, the other stays idle.

A *solo attempt* deals a race and lets one seat move until its whole deck is on
the foundations (the deal is *cleared*) or the attempt ends. It ends when the
player has gone through a full pass of the stock without progress: the waste
was turned over twice with no progress move (engine's ``is_progress``) in
between. For a player that decides from its view alone and never shuffles
runs for nothing, the second pass would repeat the first for ever. Two further
limits bound players that do shuffle (the random baseline): the race is over by
the engine's own rules (both players blocked), or the player has made
``IDLE_LIMIT`` moves in a row without progress.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from . import rules as race
from .view import View, view
from ...engine.choice import Choice, Reason

Chooser = Callable[[View, Sequence[race.Move], random.Random], Choice]

IDLE_LIMIT = 1000
"""Moves in a row without progress after which a solo attempt ends."""

PASSES_WITHOUT_PROGRESS = 2
"""Turns of the waste without progress in between after which a solo attempt ends."""


def clears_alone(seed: int, choose: Chooser, rng: random.Random, seat: int = 0) -> bool:
    """Whether ``choose``, playing ``seat`` of the deal ``seed`` alone, puts its whole deck on the foundations."""
    position, _ = play_alone(race.new_game(seed), seat, choose, lambda seen, made: rng)
    return position.winner == seat and position.status == race.WON


def play_alone(position: race.Position, seat: int, choose: Chooser,
               dice: Callable[[View, int], random.Random], limit: int | None = None) -> tuple[race.Position, int]:
    """Where a solo attempt by ``seat`` from ``position`` ends, the other seat idle, and the moves it made
    (at most ``limit``: an attempt stopped there has not ended by its own rules); ``dice(view, made)``
    are the player's dice for a decision after ``made`` moves of the attempt."""
    idle = turns = made = 0
    while position.status == race.PLAYING:
        if limit is not None and made >= limit:
            break
        moves = [move for move in race.legal_moves(position) if move.player == seat]
        if not moves:
            break
        seen = view(position, seat)
        move = choose(seen, moves, dice(seen, made)).move
        made += 1
        if race.is_progress(position, move):
            idle = turns = 0
        else:
            idle += 1
            turns += isinstance(move, race.Recycle)
            if idle >= IDLE_LIMIT or turns >= PASSES_WITHOUT_PROGRESS:
                break
        position, _ = race.apply(position, move)
    return position, made


def random_choice(view: View, moves: Sequence[race.Move], rng: random.Random) -> Choice:
    """The baseline: any legal move, uniformly at random."""
    return Choice(rng.choice(list(moves)), Reason("a random legal move"))

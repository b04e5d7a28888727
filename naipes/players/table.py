"""The table driver: a game between one reader and computer players, engine-side, no web.

A table is a position, the reader's seat and the computer players' level. The
driver moves the computer seats: in Old Maid and Solo Whist it runs them until
the reader must act or the game is over (``settle``); in the race nobody waits,
so the computer makes one move each time the page asks (``tick``). Each
computer player is handed only its own seat's view and legal moves, so it
cannot see a hidden card; the web layer masks the events and the position the
same way before anything reaches the reader.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ..engine import double_solitaire, double_solitaire_view, old_maid, old_maid_view, solo_whist, solo_whist_view
from ..engine.events import Event
from . import double_solitaire as race_player
from . import old_maid as old_maid_player
from . import solo_whist as solo_whist_player

Position = Any
Move = Any


@dataclass(frozen=True)
class TableGame:
    """One game as a table plays it: its engine, its views, its computer player.

    ``seats`` counts a position's players. ``realtime`` games (the race) have no turns: the computer moves on ``tick``.
    ``before_draw`` prepares a position before anyone draws from a computer's
    hand (Old Maid: the offerer shuffles its fan, so a fan's order tells nothing).
    """

    engine: ModuleType
    views: ModuleType
    player: ModuleType
    seats: Callable[[Position], int]
    realtime: bool = False
    before_draw: Callable[[TableGame, Position, int, random.Random], Position] | None = None

    @property
    def id(self) -> str:
        return self.engine.ID

    @property
    def levels(self) -> tuple[str, ...]:
        return self.player.LEVELS


def moves_for(game: TableGame, position: Position, seat: int) -> list[Move]:
    """``seat``'s legal moves now: the engine's, for that seat only (Old Maid's arrange is never listed)."""
    return [move for move in game.engine.legal_moves(position) if move.player == seat]


def choose(game: TableGame, position: Position, seat: int, rng: random.Random, level: str):
    """The computer player's ``Choice`` for ``seat``, decided from that seat's view alone."""
    moves = moves_for(game, position, seat)
    return game.player.choose(game.views.view(position, seat), moves, rng, level)


def _next_computer(game: TableGame, position: Position, reader: int) -> int | None:
    """The first computer seat that may move now (seat order), or None when only the reader may."""
    seats = sorted({move.player for move in game.engine.legal_moves(position) if move.player != reader})
    return seats[0] if seats else None


def settle(
    game: TableGame, position: Position, reader: int, level: str, rng: random.Random
) -> tuple[Position, list[Event]]:
    """Let the computer seats move until the reader must act or the game is over.

    Returns the new position and every event on the way, unmasked, in order.
    """
    events: list[Event] = []
    while not position.is_over:
        seat = _next_computer(game, position, reader)
        if seat is None:
            break
        position = _prepared(game, position, reader, rng)
        choice = choose(game, position, seat, rng, level)
        position, happened = game.engine.apply(position, choice.move)
        events += happened
    return _prepared(game, position, reader, rng), events


def tick(game: TableGame, position: Position, reader: int, level: str, rng: random.Random) -> tuple[Position, list[Event]]:
    """The race's computer makes its next move, if it has one; nothing happens otherwise."""
    seat = 1 - reader
    if position.is_over or not moves_for(game, position, seat):
        return position, []
    choice = choose(game, position, seat, rng, level)
    return game.engine.apply(position, choice.move)


def _prepared(game: TableGame, position: Position, reader: int, rng: random.Random) -> Position:
    if game.before_draw is None or position.is_over:
        return position
    return game.before_draw(game, position, reader, rng)


def _shuffle_offered_fan(game: TableGame, position: Position, reader: int, rng: random.Random) -> Position:
    """A computer offering its fan shuffles it first: where a card went tells the taker nothing."""
    offerer = position.offerer
    if position.phase != old_maid.DRAWING or offerer == reader:
        return position
    arrange = game.player.shuffled(game.views.view(position, offerer), rng)
    return game.engine.apply(position, arrange)[0]


OLD_MAID = TableGame(old_maid, old_maid_view, old_maid_player, seats=lambda position: position.players,
                     before_draw=_shuffle_offered_fan)

SOLO_WHIST = TableGame(solo_whist, solo_whist_view, solo_whist_player, seats=lambda position: solo_whist.SEATS)
RACE = TableGame(double_solitaire, double_solitaire_view, race_player,
                 seats=lambda position: len(position.players), realtime=True)

TABLE_GAMES: dict[str, TableGame] = {game.id: game for game in (OLD_MAID, SOLO_WHIST, RACE)}


"""The table driver: a game between one reader and computer players, engine-side, no web.

A table is a position, the reader's seat and the computer players' level. The
driver moves the computer seats: in turn-based games (Old Maid, Solo Whist) it
runs them until the reader must act or the game is over (``settle``); in a
``realtime`` game (the race) nobody waits, so the computer makes one move each
time the page asks (``tick``). Each computer player is handed only its own
seat's view and legal moves (``Rules.choose``), so it cannot see a hidden card;
the table masks the events and the position the same way before anything
reaches the reader (``table.Table.seen``).
"""

from __future__ import annotations

import random

from ..engine.choice import Choice
from ..engine.contract import MoveLike, PositionLike, Rules
from ..engine.events import Event


def moves_for(game: Rules, position: PositionLike, seat: int) -> list[MoveLike]:
    """``seat``'s legal moves now: the engine's, for that seat only (Old Maid's arrange is never listed)."""
    return [move for move in game.legal_moves(position) if move.player == seat]


def choose(game: Rules, position: PositionLike, seat: int, rng: random.Random, level: str) -> Choice[MoveLike]:
    """The computer player's ``Choice`` for ``seat``, decided from that seat's view alone."""
    return game.choose(position, seat, rng, level)


def _next_computer(game: Rules, position: PositionLike, humans: frozenset[int]) -> int | None:
    """The first computer seat that may move now (seat order), or None when only people may."""
    seats = sorted({move.player for move in game.legal_moves(position) if move.player not in humans})
    return seats[0] if seats else None


def ready(game: Rules, position: PositionLike, reader: int, rng: random.Random,
          record: list[MoveLike] | None) -> PositionLike:
    """``position`` readied for the next move (``Rules.prepare``: a fan not ``reader``'s shuffled before
    it is drawn from), the readying move appended to ``record`` when one is given."""
    move = game.prepare(position, reader, rng)
    if move is None:
        return position
    if record is not None:
        record.append(move)
    return game.apply(position, move)[0]


def settle(
    game: Rules, position: PositionLike, reader: int, level: str, rng: random.Random,
    record: list[MoveLike] | None = None, humans: frozenset[int] | None = None,
) -> tuple[PositionLike, list[Event]]:
    """Let the computer seats move until the reader (or any of ``humans``, at a table with friends) must
    act or the game is over.

    Returns the new position and every event on the way, unmasked, in order; every move made
    (a fan's shuffle included) is appended to ``record`` when one is given. The computers share
    the game's allowance for one answer, so the reader's wait is bounded however many move.
    """
    events: list[Event] = []
    allowance = game.allowance()
    people = frozenset({reader}) if humans is None else humans
    while not position.is_over:
        seat = _next_computer(game, position, people)
        if seat is None:
            break
        position = ready(game, position, reader, rng, record)
        choice = game.choose(position, seat, rng, level, allowance)
        position, happened = game.apply(position, choice.move)
        if record is not None:
            record.append(choice.move)
        events += happened
    return position, events


def play(
    game: Rules, position: PositionLike, reader: int, move: MoveLike, rng: random.Random,
    record: list[MoveLike] | None = None,
) -> tuple[PositionLike, list[Event]]:
    """The reader's move, on the position readied by ``rng`` (Old Maid: the fan the reader draws
    from is shuffled just before the draw, so where a card went when it was taken tells nothing).
    Raises the engine's refusal as ``apply`` does, and records nothing then."""
    moves: list[MoveLike] = []
    answer = game.apply(ready(game, position, reader, rng, moves), move)
    if record is not None:
        record += moves + [move]
    return answer


def tick(
    game: Rules, position: PositionLike, reader: int, level: str, rng: random.Random,
    record: list[MoveLike] | None = None,
) -> tuple[PositionLike, list[Event]]:
    """The race's computer makes its next move, if it has one; nothing happens otherwise."""
    seat = 1 - reader
    if position.is_over or not moves_for(game, position, seat):
        return position, []
    choice = game.choose(position, seat, rng, level)
    answer = game.apply(position, choice.move)
    if record is not None:
        record.append(choice.move)
    return answer

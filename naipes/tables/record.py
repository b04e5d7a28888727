"""A table's game as it was played, kept compact in the store: the deal, every move since.

The review replays the game from the deal and "again" deals the same cards anew, so a
table carries its deal's position and each move made at it (the computers', the reader's,
and the shuffles that ready a fan). A move is kept as its place in the engine's list of
legal moves at that moment, a small number (a race of a thousand moves stays a few KB);
a move the engine does not list (Old Maid's rearranged fan) is kept whole. Replaying
applies each move with the engine again, so a record that does not replay is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..engine.contract import MoveLike, PositionLike, Rules
from ..engine.decode import is_whole_number
from ..engine.errors import EngineError

MAX_MOVES = 2000
"""The most moves a record keeps; a longer game is still played, but its record stops (no review)."""

Entry = int | dict


class RecordError(ValueError):
    """A record that does not replay: a move the engine refuses, or an entry that is no move."""


@dataclass(frozen=True, slots=True)
class Record:
    """The deal (a position's JSON), the moves as entries, how many moves were made (the entries stop
    at ``MAX_MOVES``, the count goes on), and the help the reader asked for: the hints (one per
    decision: ``hinted`` is the move count the last one was counted at) and the undos."""

    deal: dict
    moves: tuple[Entry, ...] = ()
    hints: int = 0
    undos: int = 0
    complete: bool = True
    made: int = 0
    hinted: int = -1

    def to_json(self) -> dict:
        return {"deal": self.deal, "moves": list(self.moves), "hints": self.hints, "undos": self.undos,
                "complete": self.complete, "made": self.made, "hinted": self.hinted}

    @classmethod
    def from_json(cls, data: object) -> Record | None:
        """The record the store keeps, or None for one of the wrong shape."""
        if not isinstance(data, dict) or not isinstance(data.get("deal"), dict):
            return None
        moves = data.get("moves")
        counts = [count for count in (data.get(name) for name in ("hints", "undos", "made", "hinted"))
                  if type(count) is int]
        if not isinstance(moves, list) or len(counts) != 4:
            return None
        hints, undos, made, hinted = counts
        return cls(data["deal"], tuple(moves), hints, undos, data.get("complete") is True, made, hinted)

    def hinted_now(self) -> Record:
        """The record with a hint asked at this decision: counted unless one already was."""
        return self if self.hinted == self.made else replace(self, hints=self.hints + 1, hinted=self.made)

    def extended(self, game: Rules, position: PositionLike, moves: Sequence[MoveLike]) -> Record:
        """The record with ``moves`` made from ``position`` (the position the record had reached)."""
        if not moves:
            return self
        if not self.complete or len(self.moves) + len(moves) > MAX_MOVES:
            return replace(self, moves=(), complete=False, made=self.made + len(moves))
        entries = list(self.moves)
        for move in moves:
            legal = list(game.legal_moves(position))
            entries.append(legal.index(move) if move in legal else move.to_json())
            position = game.apply(position, move)[0]
        return replace(self, moves=tuple(entries), made=self.made + len(moves))


@dataclass(frozen=True, slots=True)
class Replayed:
    start: PositionLike
    moves: list[MoveLike] = field(default_factory=list)
    positions: list[PositionLike] = field(default_factory=list)
    events: list[list] = field(default_factory=list)


def replay(game: Rules, record: Record) -> Replayed:
    """The game from its deal, move by move, each position and its events computed by the engine again."""
    try:
        position = start = game.Position.from_json(record.deal)
        played = Replayed(start)
        for entry in record.moves:
            if is_whole_number(entry):
                legal = game.legal_moves(position)
                if not 0 <= entry < len(legal):
                    raise RecordError(f"no legal move {entry}")
                move = legal[entry]
            else:
                move = game.move_from_json(entry)
            position, events = game.apply(position, move)
            played.moves.append(move)
            played.positions.append(position)
            played.events.append(events)
    except EngineError as error:
        raise RecordError(error.code) from None
    return played

"""Every game the site teaches, by its API id, and the contract each one keeps.

``Rules`` is the contract the web layer, the examples and the tables rely on:
the game's id and player range, reading a position and a move from JSON, a new
deal, the legal moves, applying a move, and (for play at a table) what one seat
may see of a position and of an event. ``Game`` binds one engine module to it:
its methods take any ``PositionLike`` and check that it is this game's before
handing it to the engine, so ``GAMES`` holds the three games under one type.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from . import (
    double_solitaire,
    double_solitaire_view,
    old_maid,
    old_maid_view,
    solo_whist,
    solo_whist_view,
)
from .errors import InvalidMove
from .events import Event


class PositionLike(Protocol):
    """What every game's ``Position`` offers: its JSON, and whether the game is over."""

    @property
    def is_over(self) -> bool: ...

    def to_json(self) -> dict[str, object]: ...


class MoveLike(Protocol):
    """What every game's moves offer: who makes them, and their JSON."""

    @property
    def player(self) -> int: ...

    def to_json(self) -> dict[str, object]: ...


class ViewLike(Protocol):
    """What a seat may see of a position: the position's JSON shape, unseen cards ``null``."""

    @property
    def seat(self) -> int: ...

    def to_json(self) -> dict[str, object]: ...


class PositionReader(Protocol):
    """A game's ``Position`` class as the web layer uses it: ``Position.from_json(data)``."""

    def from_json(self, data: object) -> PositionLike: ...


class Rules(Protocol):
    """The contract every game keeps (the same names as the game modules)."""

    @property
    def ID(self) -> str: ...

    @property
    def PLAYERS(self) -> tuple[int, int]: ...

    @property
    def NEW_GAME_OPTIONS(self) -> frozenset[str]: ...

    @property
    def Position(self) -> PositionReader: ...

    @property
    def has_views(self) -> bool: ...

    def new_game(self, seed: int, **options: object) -> PositionLike: ...

    def legal_moves(self, position: PositionLike) -> Sequence[MoveLike]: ...

    def apply(self, position: PositionLike, move: MoveLike) -> tuple[PositionLike, list[Event]]: ...

    def move_from_json(self, data: object) -> MoveLike: ...

    def view(self, position: PositionLike, seat: int) -> ViewLike: ...

    def event_seen_by(self, event: Event, seat: int) -> Event: ...


P = TypeVar("P", bound=PositionLike)
M = TypeVar("M", bound=MoveLike)


class _Reader(Generic[P]):
    """``Position.from_json`` of one game, typed as the contract reads it."""

    def __init__(self, read: Callable[[object], P]) -> None:
        self._read = read

    def from_json(self, data: object) -> P:
        return self._read(data)


@dataclass(frozen=True)
class Game(Generic[P, M]):
    """One game's engine bound to the contract ``Rules``."""

    ID: str
    PLAYERS: tuple[int, int]
    NEW_GAME_OPTIONS: frozenset[str]
    position_type: type[P]
    move_types: tuple[type[M], ...]
    read_position: Callable[[object], P]
    deal: Callable[..., P]
    legal_moves_of: Callable[[P], Sequence[M]]
    apply_to: Callable[[P, M], tuple[P, list[Event]]]
    read_move: Callable[[object], M]
    view_of: Callable[[P, int], ViewLike] | None = None
    event_for_seat: Callable[[Event, int], Event] | None = None

    @property
    def Position(self) -> _Reader[P]:  # noqa: N802 - the name the game modules use
        return _Reader(self.read_position)

    @property
    def has_views(self) -> bool:
        return self.view_of is not None and self.event_for_seat is not None

    def new_game(self, seed: int, **options: object) -> P:
        return self.deal(seed, **options)

    def legal_moves(self, position: PositionLike) -> Sequence[M]:
        return self.legal_moves_of(self._own(position))

    def apply(self, position: PositionLike, move: MoveLike) -> tuple[P, list[Event]]:
        if not isinstance(move, self.move_types):
            raise InvalidMove("not a move of %(game)s: %(got)s", game=self.ID, got=type(move).__name__)
        return self.apply_to(self._own(position), move)

    def move_from_json(self, data: object) -> M:
        return self.read_move(data)

    def view(self, position: PositionLike, seat: int) -> ViewLike:
        if self.view_of is None:
            raise LookupError(f"{self.ID} has no seat views")
        return self.view_of(self._own(position), seat)

    def event_seen_by(self, event: Event, seat: int) -> Event:
        if self.event_for_seat is None:
            raise LookupError(f"{self.ID} has no seat views")
        return self.event_for_seat(event, seat)

    def _own(self, position: PositionLike) -> P:
        if not isinstance(position, self.position_type):
            raise TypeError(f"not a position of {self.ID}: {type(position).__name__}")
        return position


OLD_MAID: Game[old_maid.Position, old_maid.Move] = Game(
    old_maid.ID, old_maid.PLAYERS, old_maid.NEW_GAME_OPTIONS, old_maid.Position,
    (old_maid.Discard, old_maid.Draw, old_maid.Arrange), old_maid.Position.from_json, old_maid.new_game,
    old_maid.legal_moves, old_maid.apply, old_maid.move_from_json, old_maid_view.view, old_maid_view.event_seen_by,
)
SOLO_WHIST: Game[solo_whist.Position, solo_whist.Move] = Game(
    solo_whist.ID, solo_whist.PLAYERS, solo_whist.NEW_GAME_OPTIONS, solo_whist.Position,
    (solo_whist.Bid, solo_whist.NameTrump, solo_whist.Play), solo_whist.Position.from_json, solo_whist.new_game,
    solo_whist.legal_moves, solo_whist.apply, solo_whist.move_from_json, solo_whist_view.view,
    solo_whist_view.event_seen_by,
)
DOUBLE_SOLITAIRE: Game[double_solitaire.Position, double_solitaire.Move] = Game(
    double_solitaire.ID, double_solitaire.PLAYERS, double_solitaire.NEW_GAME_OPTIONS, double_solitaire.Position,
    (double_solitaire.Draw, double_solitaire.Recycle, double_solitaire.Transfer), double_solitaire.Position.from_json,
    double_solitaire.new_game, double_solitaire.legal_moves, double_solitaire.apply, double_solitaire.move_from_json,
    double_solitaire_view.view, double_solitaire_view.event_seen_by,
)

GAMES: dict[str, Rules] = {game.ID: game for game in (OLD_MAID, SOLO_WHIST, DOUBLE_SOLITAIRE)}
"""The three games by API id, in the order the site lists them."""

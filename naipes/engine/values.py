"""What every game's positions, moves and views offer, whatever the game: the values the contract
(``contract.Rules``) and the kernel's other parts speak of."""

from __future__ import annotations

from typing import Protocol, Self


class PositionLike(Protocol):
    """What every game's ``Position`` offers: its JSON both ways, and whether the game is over."""

    @property
    def is_over(self) -> bool: ...

    def to_json(self) -> dict[str, object]: ...

    @classmethod
    def from_json(cls, data: object) -> Self: ...


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

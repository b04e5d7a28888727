"""War's JSON, declared once: the shapes of a position, a move and an event.

What the shapes cannot say (one pack, the players in step) is checked by ``rules.check``.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

from ...engine.decode import CardCode, Tagged

Seat = Annotated[int, Meta(ge=0, le=1)]
PerPlayer = Meta(min_length=2, max_length=2)


class WarPosition(Struct, forbid_unknown_fields=True):
    stocks: Annotated[list[list[CardCode]], PerPlayer]
    battle: Annotated[list[list[CardCode]], PerPlayer]
    won: Annotated[list[list[CardCode]], PerPlayer]


class WarTurn(Tagged, tag="turn"):
    player: Annotated[int, Meta(ge=0)]


WarMove = WarTurn


class WarTurned(Tagged, tag="turned"):
    player: Seat
    card: CardCode | None


class WarTook(Tagged, tag="took"):
    player: Seat
    cards: list[CardCode]


class WarTookBack(Tagged, tag="took_back"):
    pass


class WarGameOver(Tagged, tag="game_over"):
    winner: Seat | None


WarEvent = WarTurned | WarTook | WarTookBack | WarGameOver

SHAPES = {"position": WarPosition, "move": WarMove, "event": WarEvent}
"""The declared shapes, by what they describe, for the JSON Schema."""

"""The Double Solitaire race's JSON, declared once: the shapes of a position, a move and an event.

msgspec derives from these declarations the checking of what a client sends
(``rules.read_position``, ``rules.read_move``), the encoding of what goes out
(``rules.position_json``, ``rules.move_json``) and the JSON Schema (``naipes.engine.schemas``).
What the shapes cannot say (a card twice, foundations in suit, columns built
down in alternating colours) is checked by ``rules.check``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

import msgspec
from msgspec import Meta, Struct

from ...engine.decode import OUTPUT_ONLY, CardCode, Tagged

Seat = Annotated[int, Meta(ge=0, le=1)]
if TYPE_CHECKING:  # the engine's values hold these as plain strings
    Source = str
    Target = str
    ColumnName = str
    Status = str
else:
    Source = Literal["waste", "c0", "c1", "c2", "c3", "c4", "c5", "c6"]
    Target = Literal["c0", "c1", "c2", "c3", "c4", "c5", "c6", "f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7"]
    ColumnName = Literal["c0", "c1", "c2", "c3", "c4", "c5", "c6"]
    Status = Literal["playing", "won", "blocked"]


class RaceTableauCard(Struct, forbid_unknown_fields=True):
    card: CardCode
    up: bool


class RaceLayout(Struct, forbid_unknown_fields=True):
    """``tableau``: seven columns, each from the deepest card; ``stock[0]`` and ``waste[-1]`` on top."""

    tableau: Annotated[list[list[RaceTableauCard]], Meta(min_length=7, max_length=7)]
    stock: list[CardCode]
    waste: list[CardCode]


class RaceFoundationCard(Struct, forbid_unknown_fields=True):
    card: CardCode
    owner: Seat


class RacePosition(Struct, forbid_unknown_fields=True):
    """``status``, ``winner`` and ``contributed`` are output only: worked out again from the cards."""

    players: Annotated[list[RaceLayout], Meta(min_length=2, max_length=2)]
    foundations: Annotated[list[list[RaceFoundationCard]], Meta(min_length=8, max_length=8)]
    status: Annotated[Status, OUTPUT_ONLY] = "playing"
    winner: Annotated[Seat | None, OUTPUT_ONLY] = None
    contributed: Annotated[list[int], Meta(min_length=2, max_length=2), OUTPUT_ONLY] = msgspec.field(
        default_factory=lambda: [0, 0])


class RaceDraw(Tagged, tag="draw"):
    player: Seat


class RaceRecycle(Tagged, tag="recycle"):
    player: Seat


class RaceTransfer(Tagged, tag="move", kw_only=True, rename={"source": "from", "target": "to"}):
    player: Seat
    source: Source
    count: Annotated[int, Meta(ge=1, le=52)] = 1
    target: Target


RaceMove = RaceDraw | RaceRecycle | RaceTransfer


class RaceDrew(Tagged, tag="drew"):
    player: Seat
    cards: Annotated[list[CardCode], Meta(min_length=1, max_length=3)]


class RaceRecycled(Tagged, tag="recycled"):
    player: Seat


class RaceMoved(Tagged, tag="moved", rename={"source": "from", "target": "to"}):
    player: Seat
    source: Source
    target: Target
    cards: Annotated[list[CardCode], Meta(min_length=1)]


class RaceFlipped(Tagged, tag="flipped"):
    player: Seat
    column: ColumnName
    card: CardCode


class RaceWon(Tagged, tag="won"):
    winner: Seat


class RaceBlocked(Tagged, tag="blocked"):
    winner: Seat | None
    contributed: Annotated[list[int], Meta(min_length=2, max_length=2)]


RaceEvent = RaceDrew | RaceRecycled | RaceMoved | RaceFlipped | RaceWon | RaceBlocked

SHAPES = {"position": RacePosition, "move": RaceMove, "event": RaceEvent}
"""The declared shapes, by what they describe, for the JSON Schema."""

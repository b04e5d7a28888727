"""The Double Solitaire race's JSON, declared once: the shapes of a position, a move and an event.

msgspec derives from these declarations the checking of what a client sends
(``read_position``, ``read_move``), the encoding of what goes out
(``position_json``, ``move_json``) and the JSON Schema (``naipes.engine.schemas``).
What the shapes cannot say (a card twice, foundations in suit, columns built
down in alternating colours) is checked by ``double_solitaire.check``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

import msgspec
from msgspec import Meta, Struct

from .cards import Card
from .decode import CardCode, read, read_union, write
from .double_solitaire import (
    Column,
    Draw,
    FoundationCard,
    Layout,
    Move,
    Position,
    Recycle,
    Transfer,
    check,
)
from .errors import InvalidMove, InvalidPosition

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
    status: Status = "playing"
    winner: Seat | None = None
    contributed: Annotated[list[int], Meta(min_length=2, max_length=2)] = msgspec.field(default_factory=lambda: [0, 0])


class RaceDraw(Struct, tag="draw", tag_field="type", forbid_unknown_fields=True):
    player: Seat


class RaceRecycle(Struct, tag="recycle", tag_field="type", forbid_unknown_fields=True):
    player: Seat


class RaceTransfer(Struct, tag="move", tag_field="type", kw_only=True, forbid_unknown_fields=True,
                   rename={"source": "from", "target": "to"}):
    player: Seat
    source: Source
    count: Annotated[int, Meta(ge=1, le=52)] = 1
    target: Target


RaceMove = RaceDraw | RaceRecycle | RaceTransfer


class _Event(Struct, tag_field="type", forbid_unknown_fields=True):
    pass


class RaceDrew(_Event, tag="drew"):
    player: Seat
    cards: Annotated[list[CardCode], Meta(min_length=1, max_length=3)]


class RaceRecycled(_Event, tag="recycled"):
    player: Seat


class RaceMoved(_Event, tag="moved", rename={"source": "from", "target": "to"}):
    player: Seat
    source: Source
    target: Target
    cards: Annotated[list[CardCode], Meta(min_length=1)]


class RaceFlipped(_Event, tag="flipped"):
    player: Seat
    column: ColumnName
    card: CardCode


class RaceWon(_Event, tag="won"):
    winner: Seat


class RaceBlocked(_Event, tag="blocked"):
    winner: Seat | None
    contributed: Annotated[list[int], Meta(min_length=2, max_length=2)]


RaceEvent = RaceDrew | RaceRecycled | RaceMoved | RaceFlipped | RaceWon | RaceBlocked

SHAPES = {"position": RacePosition, "move": RaceMove, "event": RaceEvent}
"""The declared shapes, by what they describe, for the JSON Schema."""


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def _column(cards: list[RaceTableauCard], where: str) -> Column:
    """A column as the API lists it, from the deepest card: face-down cards, then face-up ones."""
    face_down = 0
    for index, item in enumerate(cards):
        if not item.up:
            if index != face_down:
                raise InvalidPosition("%(where)s[%(index)s] is face down on top of a face-up card", where=where,
                                      index=index)
            face_down += 1
    if face_down and face_down == len(cards):
        raise InvalidPosition("%(where)s ends in a face-down card, which would have been turned up", where=where)
    return Column(
        tuple(Card.parse(item.card) for item in cards[:face_down]),
        tuple(Card.parse(item.card) for item in cards[face_down:]),
    )


def _layout(shape: RaceLayout, where: str) -> Layout:
    return Layout(
        tuple(_column(column, f"{where}.tableau[{index}]") for index, column in enumerate(shape.tableau)),
        _cards(shape.stock),
        _cards(shape.waste),
    )


def read_position(data: object) -> Position:
    """The position an API client sent, checked whole; ``InvalidPosition`` for anything wrong.

    ``status``, ``winner`` and ``contributed`` are worked out again from the cards.
    """
    shape = read(data, RacePosition, InvalidPosition, output_only=frozenset({"status", "winner", "contributed"}))
    first, second = (_layout(layout, f"players[{index}]") for index, layout in enumerate(shape.players))
    foundations = tuple(
        tuple(FoundationCard(Card.parse(placed.card), placed.owner) for placed in pile) for pile in shape.foundations
    )
    check((first, second), foundations)
    return Position.of((first, second), foundations)


def position_json(position: Position) -> dict[str, object]:
    """The API's JSON of ``position``, its status, winner and contributions included."""
    return write(RacePosition(
        players=[
            RaceLayout(
                [[RaceTableauCard(card.code, False) for card in column.face_down]
                 + [RaceTableauCard(card.code, True) for card in column.face_up] for column in layout.tableau],
                [card.code for card in layout.stock],
                [card.code for card in layout.waste],
            )
            for layout in position.players
        ],
        foundations=[[RaceFoundationCard(placed.card.code, placed.owner) for placed in pile]
                     for pile in position.foundations],
        status=position.status,
        winner=position.winner,
        contributed=list(position.contributed),
    ))


def read_move(data: object) -> Move:
    """The move an API client sent; ``InvalidMove`` for anything that does not fit the schema."""
    shape = read_union(data, RaceMove, InvalidMove)
    if isinstance(shape, RaceDraw):
        return Draw(shape.player)
    if isinstance(shape, RaceRecycle):
        return Recycle(shape.player)
    assert isinstance(shape, RaceTransfer)
    return Transfer(shape.player, shape.source, shape.target, shape.count)


def _shape(move: Move) -> RaceDraw | RaceRecycle | RaceTransfer:
    if isinstance(move, Draw):
        return RaceDraw(move.player)
    if isinstance(move, Recycle):
        return RaceRecycle(move.player)
    return RaceTransfer(player=move.player, source=move.source, count=move.count, target=move.target)


def move_json(move: Move) -> dict[str, object]:
    """The API's JSON of ``move``."""
    return write(_shape(move))


def well_formed(move: object) -> Move:
    """``move`` itself if the declared move shape describes it; ``InvalidMove`` otherwise.

    ``apply`` asks, so that a move built in Python is held to the same schema as
    one that came as JSON.
    """
    if not isinstance(move, (Draw, Recycle, Transfer)):
        raise InvalidMove("not a move of this game: %(got)s", got=type(move).__name__)
    try:
        read_union(move_json(move), RaceMove, InvalidMove)
    except TypeError:
        raise InvalidMove("not a move of this game: %(got)s", got=repr(move)[:40]) from None
    return move

"""Old Maid's JSON, declared once: the shapes of a position, a move and an event.

msgspec derives from these declarations the checking of what a client sends
(``read_position``, ``read_move``), the encoding of what goes out
(``position_json``, ``move_json``) and the JSON Schema (``naipes.engine.schemas``).
What the shapes cannot say (one pack, pairs laid aside, whose turn it is) is
checked by ``old_maid.check``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from msgspec import Meta, Struct

from .cards import Card
from .decode import read, read_union, write
from .errors import InvalidMove, InvalidPosition
from .old_maid import DECK, Arrange, Discard, Draw, Move, Position, check

if TYPE_CHECKING:  # the engine's values hold these as plain strings
    OldMaidCard = str
    Phase = str
else:
    Phase = Literal["discarding", "drawing", "pairing", "over"]
    OldMaidCard = Annotated[Literal[tuple(card.code for card in DECK)], Meta(title="OldMaidCard")]
    """The 51 cards of the game: Q♣ is not one of them."""

Seat = Annotated[int, Meta(ge=0, le=5)]
PerPlayer = Meta(min_length=2, max_length=6)


class OldMaidPosition(Struct, forbid_unknown_fields=True):
    dealer: Seat
    hands: Annotated[list[list[OldMaidCard]], PerPlayer]
    discards: Annotated[list[list[OldMaidCard]], PerPlayer]
    phase: Phase
    offerer: Seat | None
    taker: Seat | None
    loser: Seat | None


class OldMaidDiscard(Struct, tag="discard", tag_field="type", forbid_unknown_fields=True):
    player: Annotated[int, Meta(ge=0)]
    cards: Annotated[list[OldMaidCard], Meta(min_length=2, max_length=2)]


class OldMaidDraw(Struct, tag="draw", tag_field="type", forbid_unknown_fields=True):
    player: Annotated[int, Meta(ge=0)]
    index: int


class OldMaidArrange(Struct, tag="arrange", tag_field="type", forbid_unknown_fields=True):
    player: Annotated[int, Meta(ge=0)]
    order: list[OldMaidCard]


OldMaidMove = OldMaidDiscard | OldMaidDraw | OldMaidArrange


class _Event(Struct, tag_field="type", forbid_unknown_fields=True):
    pass


class OldMaidDiscarded(_Event, tag="discarded"):
    player: Seat
    cards: Annotated[list[OldMaidCard], Meta(min_length=2, max_length=2)]


class OldMaidDrew(_Event, tag="drew", rename={"source": "from"}):
    player: Seat
    source: Seat
    card: OldMaidCard


class OldMaidOut(_Event, tag="out"):
    player: Seat


class OldMaidGameOver(_Event, tag="game_over"):
    loser: Seat | None


OldMaidEvent = OldMaidDiscarded | OldMaidDrew | OldMaidOut | OldMaidGameOver

SHAPES = {"position": OldMaidPosition, "move": OldMaidMove, "event": OldMaidEvent}
"""The declared shapes, by what they describe, for the JSON Schema."""


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def read_position(data: object) -> Position:
    """The position an API client sent, checked whole; ``InvalidPosition`` for anything wrong."""
    shape = read(data, OldMaidPosition, InvalidPosition)
    position = Position(
        dealer=shape.dealer,
        hands=tuple(_cards(hand) for hand in shape.hands),
        discards=tuple(_cards(pile) for pile in shape.discards),
        phase=shape.phase,
        offerer=shape.offerer,
        taker=shape.taker,
        loser=shape.loser,
    )
    check(position)
    return position


def position_json(position: Position) -> dict[str, object]:
    """The API's JSON of ``position``."""
    return write(OldMaidPosition(
        dealer=position.dealer,
        hands=[[card.code for card in hand] for hand in position.hands],
        discards=[[card.code for card in pile] for pile in position.discards],
        phase=position.phase,
        offerer=position.offerer,
        taker=position.taker,
        loser=position.loser,
    ))


def read_move(data: object) -> Move:
    """The move an API client sent; ``InvalidMove`` for anything that does not fit the schema."""
    shape = read_union(data, OldMaidMove, InvalidMove)
    if isinstance(shape, OldMaidDraw):
        return Draw(shape.player, shape.index)
    if isinstance(shape, OldMaidArrange):
        return Arrange(shape.player, _cards(shape.order))
    assert isinstance(shape, OldMaidDiscard)
    first, second = _cards(shape.cards)
    if first == second:
        raise InvalidMove("a discard names two different cards")
    return Discard(shape.player, (first, second))


def move_json(move: Move) -> dict[str, object]:
    """The API's JSON of ``move``."""
    if isinstance(move, Draw):
        return write(OldMaidDraw(move.player, move.index))
    if isinstance(move, Arrange):
        return write(OldMaidArrange(move.player, [card.code for card in move.order]))
    return write(OldMaidDiscard(move.player, [card.code for card in move.cards]))

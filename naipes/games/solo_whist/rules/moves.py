"""Solo Whist's moves: a call in the auction, naming trumps, a card played."""

from __future__ import annotations

from dataclasses import dataclass

from ....engine.cards import Card
from ....engine.decode import read_union, write
from ....engine.errors import InvalidMove
from ..shapes import SoloWhistBid, SoloWhistMove, SoloWhistNameTrump, SoloWhistPlay


@dataclass(frozen=True, slots=True)
class Bid:
    """A call in the auction: ``pass``, ``acceptance`` or a contract. The auction records these."""

    player: int
    bid: str

    def to_json(self) -> dict[str, object]:
        return move_json(self)


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The abundance bidder names the trump suit once the auction has closed."""

    player: int
    suit: str

    def to_json(self) -> dict[str, object]:
        return move_json(self)


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the trick in progress."""

    player: int
    card: Card

    def to_json(self) -> dict[str, object]:
        return move_json(self)


Move = Bid | NameTrump | Play
"""Any move of Solo Whist."""


def move_from_json(data: object) -> Move:
    """The move an API client sent; ``InvalidMove`` for anything that does not fit the schema."""
    shape = read_union(data, SoloWhistMove, InvalidMove)
    if isinstance(shape, SoloWhistBid):
        return Bid(shape.player, shape.bid)
    if isinstance(shape, SoloWhistNameTrump):
        return NameTrump(shape.player, shape.suit)
    assert isinstance(shape, SoloWhistPlay)
    return Play(shape.player, Card.parse(shape.card))


def move_json(move: Move) -> dict[str, object]:
    """The API's JSON of ``move``."""
    if isinstance(move, Bid):
        return write(SoloWhistBid(move.player, move.bid))
    if isinstance(move, NameTrump):
        return write(SoloWhistNameTrump(move.player, move.suit))
    return write(SoloWhistPlay(move.player, move.card.code))

"""Solo Whist's JSON, declared once: the shapes of a position, a move and an event.

msgspec derives from these declarations the checking of what a client sends
(``read_position``, ``move_from_json``), the encoding of what goes out
(``position_json``, ``move_json``) and the JSON Schema (``naipes.engine.schemas``).
What the shapes cannot say (one pack, a reachable auction, tricks won by the right
player) is checked by ``solo_whist_position.check``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Literal

from msgspec import Meta, Struct

from .cards import Card
from .decode import CardCode, SuitLetter, read, read_union, write
from .errors import InvalidMove, InvalidPosition
from .solo_whist_auction import Contract
from .solo_whist_moves import Bid, Move, NameTrump, Play
from .solo_whist_position import Position, check
from .solo_whist_tricks import CurrentTrick, Result, Trick

Seat = Annotated[int, Meta(ge=0, le=3)]
Four = Meta(min_length=4, max_length=4)
if TYPE_CHECKING:  # the engine's values hold these as plain strings
    Call = str
    ContractName = str
    Phase = str
else:
    Call = Literal["pass", "proposal", "acceptance", "solo", "misere", "abundance", "open_misere", "declared_abundance"]
    ContractName = Literal["proposal", "solo", "misere", "abundance", "open_misere", "declared_abundance"]
    Phase = Literal["auction", "naming_trump", "play", "over", "annulled"]


class SoloWhistCall(Struct, forbid_unknown_fields=True):
    player: Seat
    bid: Call


class SoloWhistContract(Struct, kw_only=True, forbid_unknown_fields=True):
    bid: ContractName
    bidder: Seat
    partner: Seat | None = None
    trump: SuitLetter | None


class SoloWhistTrick(Struct, forbid_unknown_fields=True):
    leader: Seat
    cards: Annotated[list[CardCode], Four]
    winner: Seat


class SoloWhistCurrentTrick(Struct, forbid_unknown_fields=True):
    leader: Seat
    cards: Annotated[list[CardCode], Meta(max_length=3)]


class SoloWhistResult(Struct, forbid_unknown_fields=True):
    made: bool
    tricks: Annotated[list[int], Four]
    settlement: Annotated[list[int], Four]


class SoloWhistPosition(Struct, kw_only=True, forbid_unknown_fields=True):
    """``to_move`` and ``exposed`` are added for display and ignored on input."""

    dealer: Seat
    hands: Annotated[list[list[CardCode]], Four]
    turn_up: CardCode | None
    phase: Phase
    auction: list[SoloWhistCall]
    contract: SoloWhistContract | None
    tricks: list[SoloWhistTrick]
    trick: SoloWhistCurrentTrick | None
    result: SoloWhistResult | None
    to_move: Seat | None = None
    exposed: bool = False


class SoloWhistBid(Struct, tag="bid", tag_field="type", forbid_unknown_fields=True):
    player: Seat
    bid: Call


class SoloWhistNameTrump(Struct, tag="name_trump", tag_field="type", forbid_unknown_fields=True):
    player: Seat
    suit: SuitLetter


class SoloWhistPlay(Struct, tag="play", tag_field="type", forbid_unknown_fields=True):
    player: Seat
    card: CardCode


SoloWhistMove = SoloWhistBid | SoloWhistNameTrump | SoloWhistPlay


class _Event(Struct, tag_field="type", forbid_unknown_fields=True):
    pass


class SoloWhistBidEvent(_Event, tag="bid"):
    player: Seat
    bid: Call


class SoloWhistAuctionClosed(_Event, tag="auction_closed"):
    contract: SoloWhistContract


class SoloWhistAnnulled(_Event, tag="annulled"):
    pass


class SoloWhistTrumpNamed(_Event, tag="trump_named"):
    player: Seat
    suit: SuitLetter


class SoloWhistPlayed(_Event, tag="played"):
    player: Seat
    card: CardCode


class SoloWhistTrickWon(_Event, tag="trick_won"):
    winner: Seat
    cards: Annotated[list[CardCode], Four]


class SoloWhistHandExposed(_Event, tag="hand_exposed"):
    player: Seat
    cards: list[CardCode]


class SoloWhistContractDecided(_Event, tag="contract_decided"):
    made: bool
    tricks: Annotated[list[int], Four]
    settlement: Annotated[list[int], Four]


SoloWhistEvent = (
    SoloWhistBidEvent | SoloWhistAuctionClosed | SoloWhistAnnulled | SoloWhistTrumpNamed | SoloWhistPlayed
    | SoloWhistTrickWon | SoloWhistHandExposed | SoloWhistContractDecided
)

SHAPES = {"position": SoloWhistPosition, "move": SoloWhistMove, "event": SoloWhistEvent}
"""The declared shapes, by what they describe, for the JSON Schema."""


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def _contract(shape: SoloWhistContract) -> Contract:
    return Contract(shape.bid, shape.bidder, shape.partner, shape.trump)


def read_position(data: object) -> Position:
    """The position an API client sent, checked whole; ``InvalidPosition`` for anything wrong.

    An empty trick in progress is read as no trick.
    """
    shape = read(data, SoloWhistPosition, InvalidPosition, output_only=frozenset({"to_move", "exposed"}))
    trick = shape.trick
    position = Position(
        dealer=shape.dealer,
        hands=tuple(_cards(hand) for hand in shape.hands),
        turn_up=None if shape.turn_up is None else Card.parse(shape.turn_up),
        phase=shape.phase,
        auction=tuple(Bid(call.player, call.bid) for call in shape.auction),
        contract=None if shape.contract is None else _contract(shape.contract),
        tricks=tuple(Trick(item.leader, _cards(item.cards), item.winner) for item in shape.tricks),
        trick=None if trick is None else CurrentTrick(trick.leader, _cards(trick.cards)),
        result=None if shape.result is None else Result(
            shape.result.made, tuple(shape.result.tricks), tuple(shape.result.settlement)
        ),
    )
    check(position)
    if position.trick is not None and not position.trick.cards:
        return replace(position, trick=None)
    return position


def _contract_shape(contract: Contract) -> SoloWhistContract:
    return SoloWhistContract(bid=contract.bid, bidder=contract.bidder, partner=contract.partner, trump=contract.trump)


def contract_json(contract: Contract) -> dict[str, object]:
    """The API's JSON of ``contract`` (the ``auction_closed`` event names it)."""
    return write(_contract_shape(contract))


def _trick_shape(trick: Trick) -> SoloWhistTrick:
    return SoloWhistTrick(trick.leader, [card.code for card in trick.cards], trick.winner)


def _current_trick_shape(trick: CurrentTrick) -> SoloWhistCurrentTrick:
    return SoloWhistCurrentTrick(trick.leader, [card.code for card in trick.cards])


def _result_shape(result: Result) -> SoloWhistResult:
    return SoloWhistResult(result.made, list(result.tricks), list(result.settlement))


def trick_json(trick: Trick) -> dict[str, object]:
    return write(_trick_shape(trick))


def current_trick_json(trick: CurrentTrick) -> dict[str, object]:
    return write(_current_trick_shape(trick))


def result_json(result: Result) -> dict[str, object]:
    return write(_result_shape(result))


def position_json(position: Position) -> dict[str, object]:
    """The API's JSON of ``position``; ``to_move`` and ``exposed`` are added for display."""
    contract, trick, result = position.contract, position.trick, position.result
    return write(SoloWhistPosition(
        dealer=position.dealer,
        hands=[[card.code for card in hand] for hand in position.hands],
        turn_up=None if position.turn_up is None else position.turn_up.code,
        phase=position.phase,
        auction=[SoloWhistCall(call.player, call.bid) for call in position.auction],
        contract=None if contract is None else _contract_shape(contract),
        tricks=[_trick_shape(item) for item in position.tricks],
        trick=None if trick is None else _current_trick_shape(trick),
        result=None if result is None else _result_shape(result),
        to_move=position.to_move,
        exposed=position.exposed,
    ))


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


"""Solo Whist's JSON, declared once: the shapes of a position, a move and an event.

msgspec derives from these declarations the checking of what a client sends
(``position.read_position``, ``moves.move_from_json``), the encoding of what goes out
(``position.position_json``, ``moves.move_json``, ...) and the JSON Schema (``naipes.engine.schemas``).
What the shapes cannot say (one pack, a reachable auction, tricks won by the right
player) is checked by ``position.check``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from msgspec import Meta, Struct

from ...engine.decode import CardCode, SuitLetter

Seat = Annotated[int, Meta(ge=0, le=3)]
Four = Meta(min_length=4, max_length=4)
OUTPUT_ONLY = Meta(extra_json_schema={"readOnly": True})
"""A field the answers carry and a client need not send: it is ignored on input."""
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
    to_move: Annotated[Seat | None, OUTPUT_ONLY] = None
    exposed: Annotated[bool, OUTPUT_ONLY] = False


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

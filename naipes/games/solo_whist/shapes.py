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

from ...engine.decode import OUTPUT_ONLY, CardCode, SuitLetter, Tagged

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
    to_move: Annotated[Seat | None, OUTPUT_ONLY] = None
    exposed: Annotated[bool, OUTPUT_ONLY] = False


class SoloWhistBid(Tagged, tag="bid"):
    player: Seat
    bid: Call


class SoloWhistNameTrump(Tagged, tag="name_trump"):
    player: Seat
    suit: SuitLetter


class SoloWhistPlay(Tagged, tag="play"):
    player: Seat
    card: CardCode


SoloWhistMove = SoloWhistBid | SoloWhistNameTrump | SoloWhistPlay


class SoloWhistBidEvent(Tagged, tag="bid"):
    player: Seat
    bid: Call


class SoloWhistAuctionClosed(Tagged, tag="auction_closed"):
    contract: SoloWhistContract


class SoloWhistAnnulled(Tagged, tag="annulled"):
    pass


class SoloWhistTrumpNamed(Tagged, tag="trump_named"):
    player: Seat
    suit: SuitLetter


class SoloWhistPlayed(Tagged, tag="played"):
    player: Seat
    card: CardCode


class SoloWhistTrickWon(Tagged, tag="trick_won"):
    winner: Seat
    cards: Annotated[list[CardCode], Four]


class SoloWhistHandExposed(Tagged, tag="hand_exposed"):
    player: Seat
    cards: list[CardCode]


class SoloWhistContractDecided(Tagged, tag="contract_decided"):
    made: bool
    tricks: Annotated[list[int], Four]
    settlement: Annotated[list[int], Four]


SoloWhistEvent = (
    SoloWhistBidEvent | SoloWhistAuctionClosed | SoloWhistAnnulled | SoloWhistTrumpNamed | SoloWhistPlayed
    | SoloWhistTrickWon | SoloWhistHandExposed | SoloWhistContractDecided
)

SHAPES = {"position": SoloWhistPosition, "move": SoloWhistMove, "event": SoloWhistEvent}
"""The declared shapes, by what they describe, for the JSON Schema."""

"""Old Maid's JSON, declared once: the shapes of a position, a move and an event.

msgspec derives from these declarations the checking of what a client sends
(``rules.read_position``, ``rules.read_move``), the encoding of what goes out
(``rules.position_json``, ``rules.move_json``) and the JSON Schema (``naipes.engine.schemas``).
What the shapes cannot say (one pack, pairs laid aside, whose turn it is) is
checked by ``rules.check``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from msgspec import Meta, Struct

from ...engine.cards import DECK as PACK
from ...engine.decode import Tagged

REMOVED = "QC"
"""The card taken out of the pack: with it gone, one queen can never be paired."""

if TYPE_CHECKING:  # the engine's values hold these as plain strings
    OldMaidCard = str
    Phase = str
else:
    Phase = Literal["discarding", "drawing", "pairing", "over"]
    OldMaidCard = Annotated[Literal[tuple(card.code for card in PACK if card.code != REMOVED)], Meta(title="OldMaidCard")]
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


class OldMaidDiscard(Tagged, tag="discard"):
    player: Annotated[int, Meta(ge=0)]
    cards: Annotated[list[OldMaidCard], Meta(min_length=2, max_length=2)]


class OldMaidDraw(Tagged, tag="draw"):
    player: Annotated[int, Meta(ge=0)]
    index: int


class OldMaidArrange(Tagged, tag="arrange"):
    player: Annotated[int, Meta(ge=0)]
    order: list[OldMaidCard]


OldMaidMove = OldMaidDiscard | OldMaidDraw | OldMaidArrange


class OldMaidDiscarded(Tagged, tag="discarded"):
    player: Seat
    cards: Annotated[list[OldMaidCard], Meta(min_length=2, max_length=2)]


class OldMaidDrew(Tagged, tag="drew", rename={"source": "from"}):
    player: Seat
    source: Seat
    card: OldMaidCard


class OldMaidOut(Tagged, tag="out"):
    player: Seat


class OldMaidGameOver(Tagged, tag="game_over"):
    loser: Seat | None


OldMaidEvent = OldMaidDiscarded | OldMaidDrew | OldMaidOut | OldMaidGameOver

SHAPES = {"position": OldMaidPosition, "move": OldMaidMove, "event": OldMaidEvent}
"""The declared shapes, by what they describe, for the JSON Schema."""

"""What one seat at an Old Maid table may see: its own fan, everyone's discards, the others' hand sizes.

A table sends the reader this view instead of the position, and a computer
player decides from it, so no card a seat could not see ever reaches it. The
seat sees its own fan in order, every pair laid aside (pairs go down face up),
and how many cards each other player holds, never which. A card drawn is seen
by the player who drew it and by the player it was taken from, by nobody else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.cards import Card, codes
from ...engine.events import Event
from .rules import Position

Hand = tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class View:
    """An Old Maid position as ``seat`` sees it: the other players' cards are ``None``.

    The fields are the ``Position``'s, so ``to_json`` has the Position's shape
    with every unseen card ``null``.
    """

    seat: int
    dealer: int
    hands: tuple[Hand, ...]
    discards: tuple[tuple[Card, ...], ...]
    phase: str
    offerer: int | None
    taker: int | None
    loser: int | None

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own fan, from its left end: every card known."""
        return self.hands[self.seat]  # type: ignore[return-value]

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "hands": [[None if card is None else card.code for card in hand] for hand in self.hands],
            "discards": [codes(pile) for pile in self.discards],
            "phase": self.phase,
            "offerer": self.offerer,
            "taker": self.taker,
            "loser": self.loser,
        }


def view(position: Position, seat: int) -> View:
    """``position`` as ``seat`` sees it; ``ValueError`` for a seat that is not at the table."""
    if not 0 <= seat < position.players:
        raise ValueError(f"there is no seat {seat} at a table of {position.players}")
    hands = tuple(hand if player == seat else (None,) * len(hand) for player, hand in enumerate(position.hands))
    return View(seat, position.dealer, hands, position.discards, position.phase,
                position.offerer, position.taker, position.loser)


def event_seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` sees it: a drawn card is named only to the taker and the offerer."""
    if event.type == "drew" and seat not in (event.data["player"], event.data["from"]):
        return Event(event.type, {**event.data, "card": None})
    return event

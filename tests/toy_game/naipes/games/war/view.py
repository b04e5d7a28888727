"""What one seat at a War table may see: nobody sees a stock's cards, nor one laid face down in a war."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.cards import Card
from ...engine.events import Event
from .rules import Position

Seen = tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class View:
    """A War position as ``seat`` sees it: the Position's fields, unseen cards ``None``."""

    seat: int
    stocks: tuple[Seen, Seen]
    battle: tuple[Seen, Seen]
    won: tuple[Seen, Seen]

    def to_json(self) -> dict[str, Any]:
        return {name: [[None if card is None else card.code for card in pile] for pile in getattr(self, name)]
                for name in ("stocks", "battle", "won")}


def view(position: Position, seat: int) -> View:
    """``position`` as ``seat`` sees it; ``ValueError`` for a seat not at the table."""
    if seat not in (0, 1):
        raise ValueError(f"there is no seat {seat} at a table of 2")
    stocks = tuple((None,) * len(pile) for pile in position.stocks)
    battle = tuple(tuple(card if place % 2 == 0 else None for place, card in enumerate(pile))
                   for pile in position.battle)
    return View(seat, stocks, battle, position.won)  # type: ignore[arg-type]


def event_seen_by(event: Event, seat: int) -> Event:
    """Every event of War is public: a face-down card is named to nobody."""
    return event

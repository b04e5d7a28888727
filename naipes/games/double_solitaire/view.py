"""What one seat of the Double Solitaire race may see: face-up cards, foundations, the waste's top card.

A table sends the reader this view instead of the position, and the computer
player decides from it, so no card a seat could not see ever reaches it. Each
seat sees the eight foundations, the face-up cards of both tableaux, the top
card of each waste (the site's rule: the cards under it are out of play and out
of sight), and how many cards lie face down, in each stock and in each waste.
Its own face-down cards are as unknown to it as the opponent's. Of the cards a
draw turns over, only the new top of the waste is named.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.cards import Card
from .rules import PLAYER_COUNT, Foundation, Layout, Position
from ...engine.events import Event

Hidden = tuple[None, ...]


@dataclass(frozen=True, slots=True)
class ColumnView:
    """A column as seen: its face-down cards as ``None`` under the face-up cards, each from the deepest."""

    face_down: Hidden
    face_up: tuple[Card, ...]

    def to_json(self) -> list[dict]:
        return [{"card": None, "up": False} for _ in self.face_down] + [
            {"card": card.code, "up": True} for card in self.face_up
        ]


@dataclass(frozen=True, slots=True)
class LayoutView:
    """One player's cards as seen: ``stock`` all ``None``, ``waste`` all ``None`` but its top (``waste[-1]``)."""

    tableau: tuple[ColumnView, ...]
    stock: Hidden
    waste: tuple[Card | None, ...]

    @property
    def waste_top(self) -> Card | None:
        return self.waste[-1] if self.waste else None

    def to_json(self) -> dict:
        return {
            "tableau": [column.to_json() for column in self.tableau],
            "stock": [None for _ in self.stock],
            "waste": [None if card is None else card.code for card in self.waste],
        }


@dataclass(frozen=True, slots=True)
class View:
    """A race position as ``seat`` sees it; the fields are the ``Position``'s, hidden cards ``None``."""

    seat: int
    players: tuple[LayoutView, LayoutView]
    foundations: tuple[Foundation, ...]
    status: str
    winner: int | None
    contributed: tuple[int, int]

    @property
    def layout(self) -> LayoutView:
        """The seat's own cards."""
        return self.players[self.seat]

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [layout.to_json() for layout in self.players],
            "foundations": [[{"card": placed.card.code, "owner": placed.owner} for placed in pile]
                            for pile in self.foundations],
            "status": self.status,
            "winner": self.winner,
            "contributed": list(self.contributed),
        }


def _layout_view(layout: Layout) -> LayoutView:
    tableau = tuple(ColumnView((None,) * len(column.face_down), column.face_up) for column in layout.tableau)
    waste = (None,) * (len(layout.waste) - 1) + layout.waste[-1:]
    return LayoutView(tableau, (None,) * len(layout.stock), waste)


def view(position: Position, seat: int) -> View:
    """``position`` as ``seat`` sees it. Both seats see the same cards: nothing is private in the race,
    but nobody sees a face-down card, the stock or the waste under its top."""
    _check_seat(seat)
    players = (_layout_view(position.players[0]), _layout_view(position.players[1]))
    return View(seat, players, position.foundations, position.status, position.winner, position.contributed)


def event_seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` sees it: of the cards a draw turns over only the new top of the waste is named."""
    _check_seat(seat)
    if event.type == "drew":
        drawn = event.data["cards"]
        return Event(event.type, {**event.data, "cards": (None,) * (len(drawn) - 1) + tuple(drawn[-1:])})
    return event


def _check_seat(seat: int) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < PLAYER_COUNT:
        raise ValueError(f"a Double Solitaire seat is 0 or 1, not {seat!r}")

"""Solo Whist's moves: a call in the auction, naming trumps, a card played."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True, slots=True)
class Bid:
    """A call in the auction: ``pass``, ``acceptance`` or a contract. The auction records these."""

    player: int
    bid: str

    def to_json(self) -> dict[str, object]:
        from .solo_whist_json import move_json  # the JSON shapes module builds on this one

        return move_json(self)


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The abundance bidder names the trump suit once the auction has closed."""

    player: int
    suit: str

    def to_json(self) -> dict[str, object]:
        from .solo_whist_json import move_json  # the JSON shapes module builds on this one

        return move_json(self)


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the trick in progress."""

    player: int
    card: Card

    def to_json(self) -> dict[str, object]:
        from .solo_whist_json import move_json  # the JSON shapes module builds on this one

        return move_json(self)


Move = Bid | NameTrump | Play
"""Any move of Solo Whist."""

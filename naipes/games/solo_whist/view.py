"""What one seat at a Solo Whist table may see: the position with every hidden card as ``None``.

A seat sees its own hand, the turned-up card (public until the dealer plays it,
though its place in the dealer's hand is not), the whole auction, the contract,
every card played (tricks are played face up), the result, and the open misère
bidder's hand once it is laid open after the first trick. Everything else is a
card back: the other hands keep only their sizes. Every Solo Whist event is
public, so ``event_seen_by`` hands each event on unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.cards import Card
from ...engine.events import Event
from .rules import SEATS, Bid, Contract, CurrentTrick, Position, Result, Trick


@dataclass(frozen=True, slots=True)
class View:
    """A Solo Whist position as ``seat`` sees it: ``hands`` hold ``None`` for every unseen card."""

    seat: int
    dealer: int
    hands: tuple[tuple[Card | None, ...], ...]
    turn_up: Card | None
    phase: str
    auction: tuple[Bid, ...]
    contract: Contract | None
    tricks: tuple[Trick, ...]
    trick: CurrentTrick | None
    result: Result | None

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards, in the order held."""
        return tuple(card for card in self.hands[self.seat] if card is not None)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self.hands)

    def _public(self) -> Position:
        # Turn order and the exposure rule read only the public fields, never a hand's cards.
        return Position(self.dealer, tuple(() for _ in self.hands), self.turn_up, self.phase, self.auction, self.contract,
                        self.tricks, self.trick, self.result)

    @property
    def to_move(self) -> int | None:
        return self._public().to_move

    @property
    def agreed(self) -> Contract:
        """The contract, once the auction has closed on one; ``ValueError`` before."""
        return self._public().agreed

    @property
    def exposed(self) -> bool:
        """The open misère bidder's hand lies face up (after a first trick they did not take)."""
        return self._public().exposed

    @property
    def leader(self) -> int:
        """Who leads (or led) the trick in progress or about to start."""
        return self._public().leader

    def tricks_won(self) -> tuple[int, ...]:
        return self._public().tricks_won()

    def to_json(self) -> dict[str, Any]:
        """The Position JSON shape, every unseen card ``null``."""
        return {
            "dealer": self.dealer,
            "hands": [[None if card is None else card.code for card in hand] for hand in self.hands],
            "turn_up": None if self.turn_up is None else self.turn_up.code,
            "phase": self.phase,
            "auction": [{"player": call.player, "bid": call.bid} for call in self.auction],
            "contract": None if self.contract is None else self.contract.to_json(),
            "tricks": [trick.to_json() for trick in self.tricks],
            "trick": None if self.trick is None else self.trick.to_json(),
            "result": None if self.result is None else self.result.to_json(),
            "to_move": self.to_move,
            "exposed": self.exposed,
        }


def view(position: Position, seat: int) -> View:
    """``position`` as ``seat`` sees it: its own hand, the exposed open misère hand, and card backs."""
    _check_seat(seat)
    open_hand = position.agreed.bidder if position.exposed else None
    hands = tuple(hand if player in (seat, open_hand) else (None,) * len(hand)
                  for player, hand in enumerate(position.hands))
    return View(seat, position.dealer, hands, position.turn_up, position.phase, position.auction,
                position.contract, position.tricks, position.trick, position.result)


def event_seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` sees it. Bids, played cards, tricks, the exposed hand and the result are
    all public in Solo Whist, so every seat sees every event whole."""
    _check_seat(seat)
    return event


def _check_seat(seat: int) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
        raise ValueError(f"a Solo Whist seat is 0 to {SEATS - 1}, not {seat!r}")

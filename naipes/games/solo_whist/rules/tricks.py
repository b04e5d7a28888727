"""Solo Whist's play: who wins a trick, when a contract is decided, and how it is settled.

Ace high. Players follow suit if they can; the highest trump wins, else the
highest card of the suit led. The misères end when their bidder takes a trick,
the declared abundance when its bidder loses one; every other contract is played
to the last trick. Every defender pays the stake to a bidder who makes the
contract and receives it from one who fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ....engine.cards import DECK, Card
from ....engine.decode import write
from .auction import (
    ABUNDANCE,
    DECLARED_ABUNDANCE,
    MISERE,
    OPEN_MISERE,
    PROPOSAL,
    SEATS,
    SOLO,
    CONTRACTS,
    Contract,
)
from ..shapes import SoloWhistCurrentTrick, SoloWhistResult, SoloWhistTrick

STAKES = {PROPOSAL: 2, SOLO: 2, MISERE: 3, ABUNDANCE: 4, OPEN_MISERE: 6, DECLARED_ABUNDANCE: 8}
"""Units each defender settles with the bidder (each partner with one opponent in a proposal)."""

TRICKS_NEEDED = {PROPOSAL: 8, SOLO: 5, MISERE: 0, ABUNDANCE: 9, OPEN_MISERE: 0, DECLARED_ABUNDANCE: 13}
"""Tricks each contract promises: at least that many, except that the misères promise none
at all and the declared abundance every trick (13 in a full deal)."""

MISERES = frozenset({MISERE, OPEN_MISERE})

STRENGTH = {card: 14 if card.rank == "A" else card.value for card in DECK}
"""Ace high: 2 is the lowest card of a suit, the ace the highest."""


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: its cards in play order from the leader, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def to_json(self) -> dict[str, object]:
        return trick_json(self)


@dataclass(frozen=True, slots=True)
class CurrentTrick:
    """The trick being played: one to three cards in play order from the leader."""

    leader: int
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, object]:
        return current_trick_json(self)


@dataclass(frozen=True, slots=True)
class Result:
    """How a played hand ended: the contract made or not, tricks per player, each player's net gain."""

    made: bool
    tricks: tuple[int, ...]
    settlement: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        return result_json(self)


def trick_winner(leader: int, cards: tuple[Card, ...], trump: str | None) -> int:
    """Who wins a trick: the highest trump, else the highest card of the suit led (ace high)."""
    best = cards[0]
    best_index = 0
    for index in range(1, len(cards)):
        card = cards[index]
        if card.suit == best.suit:
            if STRENGTH[card] > STRENGTH[best]:
                best, best_index = card, index
        elif card.suit == trump:
            best, best_index = card, index
    return (leader + best_index) % SEATS


def settlement(bid: str, bidder: int, partner: int | None, made: bool) -> tuple[int, ...]:
    """Each player's net gain in units when ``bid`` is made or not.

    Every defender pays the stake to a bidder who makes it, or receives it from one
    who fails; in a proposal each partner settles with one opponent, so the four
    payments are equal. The four numbers always sum to zero.
    """
    stake = STAKES[bid] if made else -STAKES[bid]
    if bid == PROPOSAL:
        if partner is None or partner == bidder:
            raise ValueError("a proposal needs a partner other than the bidder")
        return tuple(stake if player in (bidder, partner) else -stake for player in range(SEATS))
    return tuple((SEATS - 1) * stake if player == bidder else -stake for player in range(SEATS))


@dataclass(frozen=True, slots=True)
class SettlementRow:
    """One line of the settlement table: a contract made or failed, and what each player gains."""

    bid: str
    stake: int
    made: bool
    bidder: int
    partner: int | None
    settlement: tuple[int, ...]


def settlement_table(bidder: int = 0, partner: int = 2) -> tuple[SettlementRow, ...]:
    """Every contract, made then failed, settled with ``bidder`` (and ``partner`` in a proposal)."""
    rows = []
    for bid in CONTRACTS:
        with_partner = partner if bid == PROPOSAL else None
        for made in (True, False):
            rows.append(SettlementRow(bid, STAKES[bid], made, bidder, with_partner,
                                      settlement(bid, bidder, with_partner, made)))
    return tuple(rows)


def ends_early(contract: Contract, winner: int) -> bool:
    """A misère is lost when its bidder takes a trick, a declared abundance when its bidder loses one."""
    if contract.bid in MISERES:
        return winner == contract.bidder
    if contract.bid == DECLARED_ABUNDANCE:
        return winner != contract.bidder
    return False


def result_of(contract: Contract, tricks: tuple[Trick, ...]) -> Result:
    won = [0] * SEATS
    for trick in tricks:
        won[trick.winner] += 1
    bidder, partner = contract.bidder, contract.partner
    side = won[bidder] + (0 if partner is None else won[partner])
    made = is_made(contract.bid, side, len(tricks))
    return Result(made, tuple(won), settlement(contract.bid, bidder, partner, made))


def is_made(bid: str, side: int, played: int = 13) -> bool:
    """Whether ``bid`` is made when the bidder (with the partner in a proposal) took ``side`` of ``played`` tricks."""
    if bid in MISERES:
        return side == 0
    if bid == DECLARED_ABUNDANCE:
        return side == played
    return side >= TRICKS_NEEDED[bid]


def scoring_data() -> dict[str, object]:
    """The settlement as data for a score pad: each contract's stake, the chips of bidder, partner and each
    defender when it is made and when it fails, and the tricks of the bidder's side that make it."""
    contracts = []
    for row in settlement_table():
        defender = next(seat for seat in range(SEATS) if seat not in (row.bidder, row.partner))
        contracts.append({
            "bid": row.bid,
            "made": row.made,
            "bidder": row.settlement[row.bidder],
            "partner": None if row.partner is None else row.settlement[row.partner],
            "defender": row.settlement[defender],
        })
    return {
        "seats": SEATS,
        "tricks": len(DECK) // SEATS,
        "stakes": dict(STAKES),
        "contracts": contracts,
        "made_with": {bid: [side for side in range(len(DECK) // SEATS + 1) if is_made(bid, side)]
                       for bid in CONTRACTS},
    }


def trick_shape(trick: Trick) -> SoloWhistTrick:
    return SoloWhistTrick(trick.leader, [card.code for card in trick.cards], trick.winner)


def current_trick_shape(trick: CurrentTrick) -> SoloWhistCurrentTrick:
    return SoloWhistCurrentTrick(trick.leader, [card.code for card in trick.cards])


def result_shape(result: Result) -> SoloWhistResult:
    return SoloWhistResult(result.made, list(result.tricks), list(result.settlement))


def trick_json(trick: Trick) -> dict[str, object]:
    return write(trick_shape(trick))


def current_trick_json(trick: CurrentTrick) -> dict[str, object]:
    return write(current_trick_shape(trick))


def result_json(result: Result) -> dict[str, object]:
    return write(result_shape(result))


def chip_movements(contract: Mapping[str, object], result: Mapping[str, object]) -> list[tuple[int, int, int]]:
    """Who pays whom how many chips when a hand is settled, as (payer, payee, chips), from the JSON of both.

    Every defender settles with the bidder; in a proposal each opponent settles
    with one partner. Together the payments make ``settlement``.
    """
    bidder, partner, bid = contract["bidder"], contract["partner"], contract["bid"]
    assert isinstance(bidder, int) and (partner is None or isinstance(partner, int)) and isinstance(bid, str)
    bidders = [bidder] + ([partner] if partner is not None else [])
    defenders = [player for player in range(SEATS) if player not in bidders]
    pairs = [(defender, bidders[0]) for defender in defenders] if len(bidders) == 1 else list(zip(defenders, bidders))
    stake = STAKES[bid]
    return [(payer, payee, stake) if result["made"] else (payee, payer, stake) for payer, payee in pairs]

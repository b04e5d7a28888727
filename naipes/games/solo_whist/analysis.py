"""The analysis board: what each card the player to move may play is worth, double dummy.

For a position in play with every hand known, ``analyse`` gives, for each legal card, the tricks the
declaring side (the bidder and any partner) takes in the whole deal, those already won included, with
best play by everyone after that card, and whether the contract is then made. The review of a
finished game and the analysis endpoint both read it.

What "the tricks" are where the hand stops early: a misère stops at the bidder's first trick, so there
the count is the tricks already won plus one if the defenders can force the bidder to take a trick (the
contract is then lost), else plus none. A declared abundance stops at the first trick its bidder loses;
there the count is what the bidder would take if every card were played, best play on both sides, so
that a card which loses two tricks reads worse than one which loses one; it is made only with every
trick.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.cards import Card
from ...engine.errors import InvalidPosition, TooMuchWork
from . import dd
from .rules import DECLARED_ABUNDANCE, MISERES, PLAY, SEATS, TRICKS_NEEDED, Play, Position, legal_moves

NODE_LIMIT = 6_000_000
"""The most nodes the analysis endpoint may search for one position (at most about 0.9 s of CPU on the
machine it was set on, 1.4 s on the slower one of 2026-12-02: the search prunes its cheapest nodes, so
a node costs more than it did at 8 million)."""


@dataclass(frozen=True, slots=True)
class CardValue:
    """One legal card and what it is worth: the declaring side's tricks in the whole deal, and whether
    the contract is then made."""

    card: Card
    tricks: int
    made: bool


def sides(position: Position) -> tuple[int, int]:
    """The declaring side and its opponents, as bit masks of seats."""
    contract = position.agreed
    declaring = 1 << contract.bidder
    if contract.partner is not None:
        declaring |= 1 << contract.partner
    return declaring, 0b1111 ^ declaring


def deal_of(position: Position) -> dd.Deal:
    """The search's view of a position in play: the cards still held, the trick on the table, the trump."""
    hands = tuple(dd.mask_of(hand) for hand in position.hands)
    trick = position.trick
    played = () if trick is None else tuple(dd.index_of(card) for card in trick.cards)
    return dd.Deal(hands, position.leader, played, dd.trump_index(position.agreed.trump))  # type: ignore[arg-type]


def analyse(position: Position, node_limit: int = NODE_LIMIT) -> list[CardValue]:
    """Every legal card of the player to move, lowest first, with its double-dummy worth.

    ``InvalidPosition`` unless the position is in play; ``dd.BudgetExceeded`` past ``node_limit``.
    """
    if position.phase != PLAY:
        raise InvalidPosition("only a position in play can be analysed: this one is in phase %(phase)s",
                              phase=position.phase)
    contract = position.agreed
    declaring, defenders = sides(position)
    won = position.tricks_won()
    side_won = sum(won[seat] for seat in range(SEATS) if declaring >> seat & 1)
    deal = deal_of(position)
    legal = {dd.index_of(move.card): move.card for move in legal_moves(position) if isinstance(move, Play)}
    if contract.bid in MISERES:
        forced = dd.verdicts(deal, defenders, declaring, 1, node_limit)
        return [CardValue(legal[card], side_won + beaten, not beaten) for card, beaten in forced]
    values = dd.values(deal, declaring, declaring, node_limit)
    if contract.bid == DECLARED_ABUNDANCE:
        every = len(position.tricks) + deal.tricks_left
        return [CardValue(legal[card], side_won + value, side_won + value == every) for card, value in values]
    needed = TRICKS_NEEDED[contract.bid]
    return [CardValue(legal[card], side_won + value, side_won + value >= needed) for card, value in values]


def answer(position: Position) -> dict[str, object]:
    """The analysis endpoint's JSON: the player to move and each legal card's worth.

    ``TooMuchWork`` when the search would go past ``NODE_LIMIT`` (early in some deals).
    """
    try:
        values = analyse(position, NODE_LIMIT)
    except dd.BudgetExceeded:
        raise TooMuchWork("the analysis would search more than %(nodes)s positions", nodes=NODE_LIMIT) from None
    return {"to_move": position.to_move,
            "cards": [{"card": value.card.code, "tricks": value.tricks, "made": value.made} for value in values]}

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

import random
from collections.abc import Mapping
from dataclasses import dataclass

from ...engine.cards import DECK, SUITS, Card
from ...engine.errors import N_, InvalidPosition, TooMuchWork
from . import dd
from .rules import (
    CONTRACTS,
    DECLARED_ABUNDANCE,
    MISERES,
    PLAY,
    PROPOSAL,
    SEATS,
    TRICKS_NEEDED,
    Play,
    Position,
    legal_moves,
)

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


SETUP_FIELDS = ("bid", "bidder", "partner", "trump", "leader")
"""The set-up form's fields beside one per card (named by its code: who holds it, or empty when it is out
of the hand): the contract and who leads the first trick set up."""

_WITHOUT_TRUMP = MISERES | {DECLARED_ABUNDANCE}


def set_up(fields: Mapping[str, str]) -> Position:
    """The position at a trick's lead that the analysis page's set-up form describes, no trick yet played.

    ``InvalidPosition``, its message for the reader, when the fields describe no position the board can
    analyse: the checks come before the engine's own, which speak to API clients, so that a reader
    setting up a hand by hand is told what to change.
    """
    bid = fields.get("bid", "")
    if bid not in CONTRACTS:
        raise InvalidPosition(N_("Choose one of the contracts."))
    bidder, leader = _seat(fields, "bidder"), _seat(fields, "leader")
    partner = _seat(fields, "partner") if fields.get("partner") else None
    trump = fields.get("trump") or None
    if trump is not None and trump not in SUITS:
        raise InvalidPosition(N_("Choose a trump suit, or none."))
    if bid == PROPOSAL and (partner is None or partner == bidder):
        raise InvalidPosition(N_("A proposal is played with a partner: choose a player other than the bidder."))
    if bid != PROPOSAL and partner is not None:
        raise InvalidPosition(N_("Only a proposal is played with a partner: choose no partner."))
    if bid in _WITHOUT_TRUMP and trump is not None:
        raise InvalidPosition(N_("A misère, an open misère and a declared abundance are played without trumps."))
    if bid not in _WITHOUT_TRUMP and trump is None:
        raise InvalidPosition(N_("A solo, a proposal and an abundance are played with trumps: choose the suit."))
    if bid == DECLARED_ABUNDANCE and leader != bidder:
        raise InvalidPosition(N_("In a declared abundance the bidder leads the first trick."))
    hands: list[list[str]] = [[] for _ in range(SEATS)]
    for card in DECK:
        holder = fields.get(card.code)
        if holder:
            hands[_seat(fields, card.code)].append(card.code)
    sizes = [len(hand) for hand in hands]
    if len(set(sizes)) != 1 or not sizes[0]:
        raise InvalidPosition(N_("Every player must hold as many cards as the others, at least one: now they hold"
                                 " %(sizes)s."), sizes=", ".join(map(str, sizes)))
    contract = {"bid": bid, "bidder": bidder, "partner": partner, "trump": trump}
    try:
        return Position.from_json({"dealer": (leader - 1) % SEATS, "hands": hands, "turn_up": None, "phase": PLAY,
                                   "auction": [], "contract": contract, "tricks": [], "trick": None, "result": None})
    except InvalidPosition:
        # The checks above leave the engine nothing to refuse; were one missed, the reader still reads
        # their own language rather than the engine's English for API clients.
        raise InvalidPosition(N_("These cards and this contract make no position the board can analyse.")) from None


def dealt(fields: Mapping[str, str], rng: random.Random) -> dict[str, str]:
    """The set-up form's contract and leader kept, and the whole pack dealt at random, thirteen cards each."""
    pack = list(DECK)
    rng.shuffle(pack)
    holder = {card: index % SEATS for index, card in enumerate(pack)}
    kept = {name: fields[name] for name in SETUP_FIELDS if name in fields}
    return kept | {card.code: str(holder[card]) for card in DECK}


def setup_fields(position: Position) -> dict[str, str]:
    """The set-up form's fields for ``position`` in play: its contract, who leads the trick in progress
    (or the next), and who holds each card still in the hand, those on the table counted as their
    players'; the tricks before are left out."""
    contract = position.agreed
    leader = position.leader
    fields = {"bid": contract.bid, "bidder": str(contract.bidder),
              "partner": "" if contract.partner is None else str(contract.partner),
              "trump": contract.trump or "", "leader": str(leader)}
    for seat, hand in enumerate(position.hands):
        fields.update((card.code, str(seat)) for card in hand)
    if position.trick is not None:
        fields.update((card.code, str((leader + index) % SEATS)) for index, card in enumerate(position.trick.cards))
    return fields


def _seat(fields: Mapping[str, str], name: str) -> int:
    value = fields.get(name, "")
    if value not in ("0", "1", "2", "3"):
        raise InvalidPosition(N_("Choose players from 1 to %(seats)s."), seats=SEATS)
    return int(value)

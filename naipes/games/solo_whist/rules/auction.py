"""Solo Whist's auction: the calls, whose turn it is to speak, and how the auction closes.

Where the seed is silent (the rules page states it; tests check it): the turn goes
round clockwise from the dealer's left, skipping players who have passed. Passing
is final, except that eldest hand, having passed before anyone bid, may still
accept a proposal made afterwards. Equal bids never beat each other. The auction
closes as soon as three players have passed and the fourth holds a bid; a bare
proposal nobody accepted, or four passes, annul the deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ....engine.cards import Card
from ....engine.decode import write
from ....engine.errors import N_, Refusal, refuse
from .moves import Bid
from ..shapes import SoloWhistContract

SEATS = 4

PROPOSAL = "proposal"
SOLO = "solo"
MISERE = "misere"
ABUNDANCE = "abundance"
OPEN_MISERE = "open_misere"
DECLARED_ABUNDANCE = "declared_abundance"
CONTRACTS = (PROPOSAL, SOLO, MISERE, ABUNDANCE, OPEN_MISERE, DECLARED_ABUNDANCE)
"""The contracts a bid can name, lowest first: a bid must name a later one than the highest so far."""

ACCEPTANCE = "acceptance"
PASS = "pass"
CALLS = (PASS, PROPOSAL, ACCEPTANCE) + CONTRACTS[1:]
"""Everything a player may say in the auction, in the order ``legal_moves`` lists them."""

TURNED_UP_TRUMP = frozenset({PROPOSAL, SOLO})
"""The contracts played with the turned-up card's suit as trump."""

_RANK = {contract: rank for rank, contract in enumerate(CONTRACTS)}

# How an auction stands after its calls so far (``ANNULLED`` is also the position's phase).
OPEN = "open"
CLOSED = "closed"
ANNULLED = "annulled"


@dataclass(frozen=True, slots=True)
class Contract:
    """What the auction settled: the bid, who made it, the partner (proposal only), the trump suit."""

    bid: str
    bidder: int
    partner: int | None
    trump: str | None

    @property
    def declaring(self) -> frozenset[int]:
        """The declaring side: the bidder and, in a proposal, the partner."""
        return frozenset({self.bidder} if self.partner is None else {self.bidder, self.partner})

    @property
    def declaring_mask(self) -> int:
        """The declaring side as a bit mask of seats, as the double-dummy search takes sides."""
        return sum(1 << seat for seat in self.declaring)

    def declaring_won(self, tricks_won: Sequence[int]) -> int:
        """Of ``tricks_won`` (each seat's count), those the declaring side has taken."""
        return sum(tricks_won[seat] for seat in self.declaring)

    def to_json(self) -> dict[str, object]:
        return contract_json(self)


@dataclass(frozen=True, slots=True)
class Auction:
    """Where an auction stands, computed from its calls alone (a position keeps only the calls).

    ``passed`` holds the players whose pass is final. Eldest hand's opening pass is
    not final while ``eldest_may_return``: they come back if a proposal then stands
    unaccepted and not overcalled, and may accept it.
    """

    dealer: int
    passed: frozenset[int] = frozenset()
    eldest_may_return: bool = False
    highest: str | None = None
    holder: int | None = None
    partner: int | None = None
    last: int | None = None

    @classmethod
    def of(cls, dealer: int, calls: tuple[Bid, ...]) -> Auction:
        """The auction after ``calls``, which are taken to be legal."""
        auction = cls(dealer)
        for call in calls:
            auction = auction.after(call)
        return auction

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % SEATS

    @property
    def awaits_acceptance(self) -> bool:
        """The highest bid is a proposal nobody has accepted."""
        return self.highest == PROPOSAL and self.partner is None

    def is_out(self, player: int) -> bool:
        """``player`` may not speak again (for now, for eldest hand waiting on a proposal)."""
        if player in self.passed:
            return True
        return player == self.eldest and self.eldest_may_return and not self.awaits_acceptance

    @property
    def outcome(self) -> str:
        """``open``, ``closed`` (the highest bid is the contract) or ``annulled``."""
        out = sum(1 for player in range(SEATS) if self.is_out(player))
        if out == SEATS:
            return ANNULLED
        if out == SEATS - 1 and self.highest is not None:
            return ANNULLED if self.awaits_acceptance else CLOSED
        return OPEN

    @property
    def to_move(self) -> int | None:
        """Who speaks next: eldest hand first, then clockwise, skipping whoever is out."""
        if self.outcome != OPEN:
            return None
        if self.last is None:
            return self.eldest
        player = self.last
        while True:
            player = (player + 1) % SEATS
            if not self.is_out(player):
                return player

    def contract(self, turn_up: Card | None) -> Contract:
        """The contract of a closed auction; abundance leaves the trump to be named."""
        if self.highest is None or self.holder is None:
            raise ValueError("no contract: nobody has bid")
        trump = turn_up.suit if self.highest in TURNED_UP_TRUMP and turn_up is not None else None
        return Contract(self.highest, self.holder, self.partner, trump)

    def legal_calls(self) -> list[str]:
        """What the player to speak may say, ``pass`` first and then from the lowest bid up."""
        to_move = self.to_move
        if to_move is None:
            return []
        return [call for call in CALLS if self.refusal(Bid(to_move, call)) is None]

    def refusal(self, call: Bid) -> Refusal | None:
        """Why ``call`` may not be made now (the auction is open), or ``None`` if it may."""
        player = call.player
        if self.is_out(player):
            return refuse("already_passed", N_("%(player)s has passed and may not bid again in this auction"),
                           player=player)
        to_move = self.to_move
        if player != to_move:
            return refuse("not_your_turn", N_("It is %(turn_player)s's turn to bid, not %(player)s's"),
                           player=player, turn_player=to_move)
        if call.bid == PASS:
            return None
        if call.bid == ACCEPTANCE:
            if not self.awaits_acceptance:
                return refuse("nothing_to_accept", N_("There is no proposal to accept: acceptance is only"
                                                       " possible while the highest bid is a proposal that"
                                                       " nobody has accepted yet"), player=player)
            return None
        if player == self.eldest and self.eldest_may_return:
            return refuse("already_passed", N_("%(player)s passed before anyone bid and may now only accept"
                                                " the proposal or pass"), player=player)
        if self.highest is not None and _RANK[call.bid] <= _RANK[self.highest]:
            return refuse("bid_too_low", N_("A bid must be higher than the highest bid so far: an equal"
                                             " bid does not beat it, and after an accepted proposal the"
                                             " next bid must be solo or higher"),
                           player=player, bid=call.bid, highest=self.highest)
        return None

    def after(self, call: Bid) -> Auction:
        """The auction once ``call`` (a legal one) has been made."""
        player = call.player
        passed, may_return = self.passed, self.eldest_may_return
        highest, holder, partner = self.highest, self.holder, self.partner
        if call.bid == PASS:
            if self.last is None and player == self.eldest:
                may_return = True
            else:
                passed = passed | {player}
                if player == self.eldest:
                    may_return = False
        elif call.bid == ACCEPTANCE:
            partner = player
            if player == self.eldest:
                may_return = False
        else:
            highest, holder, partner = call.bid, player, None
        return Auction(self.dealer, passed, may_return, highest, holder, partner, player)


def contract_shape(contract: Contract) -> SoloWhistContract:
    return SoloWhistContract(bid=contract.bid, bidder=contract.bidder, partner=contract.partner, trump=contract.trump)


def contract_json(contract: Contract) -> dict[str, object]:
    """The API's JSON of ``contract`` (the ``auction_closed`` event names it)."""
    return write(contract_shape(contract))

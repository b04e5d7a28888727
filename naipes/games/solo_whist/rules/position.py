"""A deal of Solo Whist at one moment, and what makes a position one the rules can reach.

``Position`` holds everything the next move depends on. ``check`` refuses, with
``InvalidPosition``, a position whose shape is right but which no play could
produce: a card twice, an auction that breaks a rule, a trick won by the wrong
player, a result that does not follow from the tricks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....engine.cards import Card
from ....engine.decode import read, write
from ....engine.errors import InvalidPosition
from .auction import (
    ABUNDANCE,
    ANNULLED,
    CLOSED,
    DECLARED_ABUNDANCE,
    OPEN,
    OPEN_MISERE,
    PROPOSAL,
    SEATS,
    TURNED_UP_TRUMP,
    Auction,
    Contract,
    contract_shape,
)
from .moves import Bid
from .tricks import CurrentTrick, Result, Trick, current_trick_shape, ends_early, result_of, result_shape, trick_shape, trick_winner
from ..shapes import SoloWhistCall, SoloWhistContract, SoloWhistPosition

AUCTION = "auction"
NAMING_TRUMP = "naming_trump"
PLAY = "play"
OVER = "over"
PHASES = (AUCTION, NAMING_TRUMP, PLAY, OVER, ANNULLED)


@dataclass(frozen=True, slots=True)
class Position:
    """A deal of Solo Whist at one moment: everything the next move depends on.

    ``hands[p]`` is player p's hand in the order held. ``auction`` is every call so
    far, in order (it may be empty in a partial position that starts in play).
    ``tricks`` are the finished tricks; ``trick`` the one in progress, ``None``
    between tricks. ``result`` is set once the hand is ``over``.
    """

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    turn_up: Card | None
    phase: str = AUCTION
    auction: tuple[Bid, ...] = ()
    contract: Contract | None = None
    tricks: tuple[Trick, ...] = ()
    trick: CurrentTrick | None = None
    result: Result | None = None

    @property
    def eldest(self) -> int:
        """The dealer's left: first to speak in the auction, and usually first to lead."""
        return (self.dealer + 1) % SEATS

    @property
    def agreed(self) -> Contract:
        """The contract, once the auction has closed on one; ``ValueError`` before."""
        if self.contract is None:
            raise ValueError(f"there is no contract in phase {self.phase}")
        return self.contract

    @property
    def is_over(self) -> bool:
        return self.phase == OVER or self.phase == ANNULLED

    def auction_state(self) -> Auction:
        return Auction.of(self.dealer, self.auction)

    @property
    def opening_leader(self) -> int:
        """Eldest hand leads the first trick, except that the declared abundance bidder does."""
        if self.contract is not None and self.contract.bid == DECLARED_ABUNDANCE:
            return self.contract.bidder
        return self.eldest

    @property
    def leader(self) -> int:
        """Who leads (or led) the trick in progress or about to start."""
        if self.trick is not None:
            return self.trick.leader
        if self.tricks:
            return self.tricks[-1].winner
        return self.opening_leader

    @property
    def to_move(self) -> int | None:
        """The one player who may move now, ``None`` once the hand is over or annulled."""
        phase = self.phase
        if phase == PLAY:
            trick = self.trick
            if trick is None:
                return self.leader
            return (trick.leader + len(trick.cards)) % SEATS
        if phase == AUCTION:
            return self.auction_state().to_move
        if phase == NAMING_TRUMP:
            return self.agreed.bidder
        return None

    def tricks_won(self) -> tuple[int, ...]:
        """How many finished tricks each player has taken."""
        won = [0] * SEATS
        for trick in self.tricks:
            won[trick.winner] += 1
        return tuple(won)

    @property
    def exposed(self) -> bool:
        """The open misère bidder's hand lies face up: the first trick is over and they did not take it."""
        contract = self.contract
        if contract is None or contract.bid != OPEN_MISERE or not self.tricks:
            return False
        return self.tricks[0].winner != contract.bidder

    def to_json(self) -> dict[str, object]:
        """The API's JSON; ``to_move`` and ``exposed`` are added for display and ignored on input."""
        return position_json(self)

    @classmethod
    def from_json(cls, data: object) -> Position:
        """The position an API client sent, checked whole; ``InvalidPosition`` for anything wrong.

        A position may be partial (fewer than thirteen cards a hand, an empty auction
        before play), but what is there must be a position the rules can reach. An
        empty trick in progress is read as no trick.
        """
        return read_position(data)


def check(position: Position) -> None:
    """``InvalidPosition`` unless the rules can reach ``position`` (its shape already checked)."""
    _check_cards(position)
    if position.phase == AUCTION or position.phase == ANNULLED:
        _check_auction_phase(position)
    else:
        _check_contract(position)
        if position.phase == NAMING_TRUMP:
            _check_naming_phase(position)
        else:
            _check_play(position)


def _check_cards(position: Position) -> None:
    """One pack: each card in one place only; the turned-up card belongs to the dealer."""
    owner: dict[Card, int] = {}
    for player, hand in enumerate(position.hands):
        for card in hand:
            if card in owner:
                raise InvalidPosition("%(card)s appears twice: there is one pack", card=card)
            owner[card] = player
    for trick in position.tricks + (() if position.trick is None else (position.trick,)):
        for index, card in enumerate(trick.cards):
            if card in owner:
                raise InvalidPosition("%(card)s appears twice: there is one pack", card=card)
            owner[card] = (trick.leader + index) % SEATS
    turn_up = position.turn_up
    if turn_up is not None and owner.get(turn_up, position.dealer) != position.dealer:
        raise InvalidPosition("the turned-up card %(card)s is the dealer's, not another player's", card=turn_up)


def _check_hand_sizes(position: Position, played_now: frozenset[int] = frozenset()) -> None:
    """Everyone holds the same number of cards, one fewer for those who played to the current trick."""
    sizes = {len(hand) + (player in played_now) for player, hand in enumerate(position.hands)}
    if len(sizes) != 1:
        raise InvalidPosition("the hands must hold equal numbers of cards (one fewer for whoever has"
                              " played to the trick in progress)")


def _check_nothing_played(position: Position, phase: str) -> None:
    if position.tricks or position.trick is not None or position.result is not None:
        raise InvalidPosition("in phase %(phase)s no card has been played and there is no result", phase=phase)
    _check_hand_sizes(position)
    if not position.hands[0]:
        raise InvalidPosition("in phase %(phase)s every player holds cards", phase=phase)


def _replayed(position: Position) -> Auction:
    """The auction of ``position`` replayed call by call, every call checked against the rules."""
    auction = Auction(position.dealer)
    for index, call in enumerate(position.auction):
        if auction.outcome != OPEN:
            raise InvalidPosition("auction[%(index)s] comes after the auction was over", index=index)
        refused = auction.refusal(call)
        if refused is not None:
            raise InvalidPosition("auction[%(index)s] breaks a rule: %(reason)s", index=index,
                                  reason=refused.error().english())
        auction = auction.after(call)
    return auction


def _check_auction_phase(position: Position) -> None:
    phase = position.phase
    if position.contract is not None:
        raise InvalidPosition("in phase %(phase)s there is no contract", phase=phase)
    _check_nothing_played(position, phase)
    if position.turn_up is None or position.turn_up not in position.hands[position.dealer]:
        raise InvalidPosition("before play the turned-up card must be in the dealer's hand")
    outcome = _replayed(position).outcome
    if phase == AUCTION and outcome != OPEN:
        raise InvalidPosition("the auction is over: the phase cannot be auction")
    if phase == ANNULLED and outcome != ANNULLED:
        raise InvalidPosition("the auction did not annul the deal")


def _check_contract(position: Position) -> None:
    """The contract fits its bid, the turned-up card and the auction (when the auction is given)."""
    contract = position.contract
    if contract is None:
        raise InvalidPosition("in phase %(phase)s there is a contract", phase=position.phase)
    if (contract.bid == PROPOSAL) != (contract.partner is not None) or contract.partner == contract.bidder:
        raise InvalidPosition("a proposal has a partner other than the bidder, and no other contract has one")
    if contract.bid in TURNED_UP_TRUMP:
        if contract.trump is None or (position.turn_up is not None and contract.trump != position.turn_up.suit):
            raise InvalidPosition("proposal and solo are played with the turned-up card's suit as trump")
    elif contract.bid == ABUNDANCE:
        if (contract.trump is None) != (position.phase == NAMING_TRUMP):
            raise InvalidPosition("an abundance has no trump until its bidder names one, and then it has")
    elif contract.trump is not None:
        raise InvalidPosition("misère, open misère and declared abundance are played without trump")
    if position.auction:
        auction = _replayed(position)
        if auction.outcome != CLOSED:
            raise InvalidPosition("the auction has not closed on a contract")
        settled = auction.contract(position.turn_up)
        if (settled.bid, settled.bidder, settled.partner) != (contract.bid, contract.bidder, contract.partner):
            raise InvalidPosition("the contract is not the one the auction closed on")


def _check_naming_phase(position: Position) -> None:
    if position.agreed.bid != ABUNDANCE:
        raise InvalidPosition("only an abundance bidder names trumps")
    _check_nothing_played(position, NAMING_TRUMP)


def _check_play(position: Position) -> None:
    """The tricks follow the rules: leaders, winners, suit followed, early ends, hand sizes, result."""
    contract = position.agreed
    voids: list[set[str]] = [set() for _ in range(SEATS)]
    leader = position.opening_leader
    for index, trick in enumerate(position.tricks):
        if trick.leader != leader:
            raise InvalidPosition("tricks[%(index)s] is led by the wrong player", index=index)
        _check_followed(trick, voids, f"tricks[{index}]")
        if trick.winner != trick_winner(trick.leader, trick.cards, contract.trump):
            raise InvalidPosition("tricks[%(index)s] is won by the wrong player", index=index)
        if ends_early(contract, trick.winner) and (index < len(position.tricks) - 1 or position.phase == PLAY):
            raise InvalidPosition("tricks[%(index)s] already decided the contract: play stops there", index=index)
        leader = trick.winner
    current = position.trick
    if current is not None:
        if position.phase != PLAY:
            raise InvalidPosition("there is no trick in progress once the hand is over")
        if current.leader != leader:
            raise InvalidPosition("the trick in progress is led by the wrong player")
        _check_followed(current, voids, "trick")
    for player, hand in enumerate(position.hands):
        if any(card.suit in voids[player] for card in hand):
            raise InvalidPosition("player %(player)s failed to follow a suit they still hold", player=player)
    played_now = frozenset((current.leader + i) % SEATS for i in range(len(current.cards))) if current else frozenset()
    _check_hand_sizes(position, played_now)
    if position.phase == PLAY:
        if position.result is not None:
            raise InvalidPosition("the result is known only once the hand is over")
        to_move = position.to_move
        if to_move is not None and not position.hands[to_move]:
            raise InvalidPosition("every card has been played: the phase must be over")
        return
    finished = not position.hands[0] or (position.tricks and ends_early(contract, position.tricks[-1].winner))
    if not finished:
        raise InvalidPosition("the hand is not over: cards remain and the contract is still open")
    if position.result != result_of(contract, position.tricks):
        raise InvalidPosition("the result does not follow from the tricks: expected %(result)s",
                              result=result_of(contract, position.tricks))


def _check_followed(trick: Trick | CurrentTrick, voids: list[set[str]], field: str) -> None:
    """Nobody plays a suit they showed out of earlier; whoever does not follow is void from then on."""
    led = trick.cards[0].suit if trick.cards else None
    for index, card in enumerate(trick.cards):
        player = (trick.leader + index) % SEATS
        if card.suit in voids[player]:
            raise InvalidPosition("%(field)s: player %(player)s plays %(card)s after failing to follow that suit",
                                  field=field, player=player, card=card)
        if led is not None and card.suit != led:
            voids[player].add(led)


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def _contract(shape: SoloWhistContract) -> Contract:
    return Contract(shape.bid, shape.bidder, shape.partner, shape.trump)


def read_position(data: object) -> Position:
    """The position an API client sent, checked whole; ``InvalidPosition`` for anything wrong.

    An empty trick in progress is read as no trick.
    """
    shape = read(data, SoloWhistPosition, InvalidPosition, output_only=frozenset({"to_move", "exposed"}))
    trick = shape.trick
    position = Position(
        dealer=shape.dealer,
        hands=tuple(_cards(hand) for hand in shape.hands),
        turn_up=None if shape.turn_up is None else Card.parse(shape.turn_up),
        phase=shape.phase,
        auction=tuple(Bid(call.player, call.bid) for call in shape.auction),
        contract=None if shape.contract is None else _contract(shape.contract),
        tricks=tuple(Trick(item.leader, _cards(item.cards), item.winner) for item in shape.tricks),
        trick=None if trick is None else CurrentTrick(trick.leader, _cards(trick.cards)),
        result=None if shape.result is None else Result(
            shape.result.made, tuple(shape.result.tricks), tuple(shape.result.settlement)
        ),
    )
    check(position)
    if position.trick is not None and not position.trick.cards:
        return replace(position, trick=None)
    return position


def position_json(position: Position) -> dict[str, object]:
    """The API's JSON of ``position``; ``to_move`` and ``exposed`` are added for display."""
    contract, trick, result = position.contract, position.trick, position.result
    return write(SoloWhistPosition(
        dealer=position.dealer,
        hands=[[card.code for card in hand] for hand in position.hands],
        turn_up=None if position.turn_up is None else position.turn_up.code,
        phase=position.phase,
        auction=[SoloWhistCall(call.player, call.bid) for call in position.auction],
        contract=None if contract is None else contract_shape(contract),
        tricks=[trick_shape(item) for item in position.tricks],
        trick=None if trick is None else current_trick_shape(trick),
        result=None if result is None else result_shape(result),
        to_move=position.to_move,
        exposed=position.exposed,
    ))

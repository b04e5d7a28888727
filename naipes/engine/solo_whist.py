"""Solo Whist: four players, 52 cards, an auction of contracts, then the tricks.

The dealer deals four rounds of three cards to each player from their left and
then one card each; their own last card is turned up and its suit is the
provisional trump. The auction starts at the dealer's left. The contracts, lowest
first: proposal (accepted by a partner: eight tricks together, turned-up trump),
solo (five alone, turned-up trump), misère (no trick, no trump), abundance (nine,
trump named by the bidder when the auction closes), open misère (no trick, the
bidder's hand laid open after the first trick) and declared abundance (all the
tricks, no trump, the bidder leads). The dealer's left leads otherwise; players
follow suit if they can; the highest trump wins, else the highest card of the suit
led, ace high. Every defender pays the stake to a bidder who makes the contract
and receives it from one who fails (``STAKES``, ``settlement``).

Choices where the seed is silent (the rules page states them; tests check each):

- The turn goes round clockwise from the dealer's left, skipping players who have
  passed. Passing is final, with one exception: the dealer's left (eldest hand),
  having passed before anyone bid, may still accept a proposal made afterwards.
  Their turn comes round again while that proposal stands unaccepted and not
  overcalled, and then they may only accept or pass.
- ``acceptance`` is legal only while the highest bid is an unaccepted proposal;
  the acceptor is the partner and the next bid must then be solo or higher. A
  higher bid by the proposer or the acceptor replaces the partnership.
- Equal bids never beat each other.
- The auction closes as soon as three players have passed and the fourth holds a
  bid. A bare proposal nobody accepted then annuls the deal, and so do four
  passes. ``annulled`` is final for the position: the next deal is a new game.
- In an open misère the bidder's remaining hand is exposed when the first trick
  is complete, unless the bidder took that trick: the contract is lost and the
  hand is over before there is anything to expose.
- An abundance bidder may name any suit, the turned-up one included.
- The misères end when their bidder takes a trick, the declared abundance when its
  bidder loses one; every other contract is played to the last trick. In a
  partial position "all the tricks" means every trick played.
- ``new_game`` shuffles first and only then draws the dealer by lot, so a seed
  gives the same order of cards whatever dealer is asked for. Each hand is then
  sorted as a player holds it: ♠ ♥ ♣ ♦ (colours alternating), ace high first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from . import decode
from .cards import DECK, SUITS, Card, codes
from .errors import IllegalMove, InvalidMove, InvalidOptions, InvalidPosition, N_
from .events import Event

ID = "solo-whist"
PLAYERS = (4, 4)
NEW_GAME_OPTIONS = frozenset({"dealer"})

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
"""Everything a player may say in the auction."""

STAKES = {PROPOSAL: 2, SOLO: 2, MISERE: 3, ABUNDANCE: 4, OPEN_MISERE: 6, DECLARED_ABUNDANCE: 8}
"""Units each defender settles with the bidder (each partner with one opponent in a proposal)."""

TRICKS_NEEDED = {PROPOSAL: 8, SOLO: 5, MISERE: 0, ABUNDANCE: 9, OPEN_MISERE: 0, DECLARED_ABUNDANCE: 13}
"""Tricks each contract promises: at least that many, except that the misères promise none
at all and the declared abundance every trick (13 in a full deal)."""

MISERES = frozenset({MISERE, OPEN_MISERE})
_TURNED_UP_TRUMP = frozenset({PROPOSAL, SOLO})
_RANK = {contract: rank for rank, contract in enumerate(CONTRACTS)}

AUCTION = "auction"
NAMING_TRUMP = "naming_trump"
PLAY = "play"
OVER = "over"
ANNULLED = "annulled"
PHASES = (AUCTION, NAMING_TRUMP, PLAY, OVER, ANNULLED)

# How an auction stands after its calls so far.
OPEN = "open"
CLOSED = "closed"

_STRENGTH = {card: 14 if card.rank == "A" else card.value for card in DECK}
"""Ace high: 2 is the lowest card of a suit, the ace the highest."""

_HOLDING_ORDER = {suit: index for index, suit in enumerate("SHCD")}


# --- moves -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bid:
    """A call in the auction: ``pass``, ``acceptance`` or a contract. The auction records these."""

    player: int
    bid: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "bid", "player": self.player, "bid": self.bid}


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The abundance bidder names the trump suit once the auction has closed."""

    player: int
    suit: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "name_trump", "player": self.player, "suit": self.suit}


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the trick in progress."""

    player: int
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "player": self.player, "card": self.card.code}


Move = Bid | NameTrump | Play


# --- the parts of a position -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contract:
    """What the auction settled: the bid, who made it, the partner (proposal only), the trump suit."""

    bid: str
    bidder: int
    partner: int | None
    trump: str | None

    def to_json(self) -> dict[str, Any]:
        return {"bid": self.bid, "bidder": self.bidder, "partner": self.partner, "trump": self.trump}


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: its cards in play order from the leader, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": codes(self.cards), "winner": self.winner}


@dataclass(frozen=True, slots=True)
class CurrentTrick:
    """The trick being played: one to three cards in play order from the leader."""

    leader: int
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": codes(self.cards)}


@dataclass(frozen=True, slots=True)
class Result:
    """How a played hand ended: the contract made or not, tricks per player, each player's net gain."""

    made: bool
    tricks: tuple[int, ...]
    settlement: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"made": self.made, "tricks": list(self.tricks), "settlement": list(self.settlement)}


# --- the auction ---------------------------------------------------------------------------


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
        trump = turn_up.suit if self.highest in _TURNED_UP_TRUMP and turn_up is not None else None
        return Contract(self.highest, self.holder, self.partner, trump)

    def legal_calls(self) -> list[str]:
        """What the player to speak may say, ``pass`` first and then from the lowest bid up."""
        if self.outcome != OPEN:
            return []
        calls = [PASS]
        if self.awaits_acceptance:
            calls.append(ACCEPTANCE)
        if self.to_move == self.eldest and self.eldest_may_return:
            return calls
        start = 0 if self.highest is None else _RANK[self.highest] + 1
        return calls + list(CONTRACTS[start:])

    def check(self, call: Bid) -> None:
        """``IllegalMove`` unless ``call`` may be made now (the auction is open)."""
        player = call.player
        if self.is_out(player):
            raise IllegalMove("already_passed", N_("%(player)s has passed and may not bid again in this auction"),
                              player=player)
        to_move = self.to_move
        if player != to_move:
            raise IllegalMove("not_your_turn", N_("It is %(turn_player)s's turn to bid, not %(player)s's"),
                              player=player, turn_player=to_move)
        if call.bid == PASS:
            return
        if call.bid == ACCEPTANCE:
            if not self.awaits_acceptance:
                raise IllegalMove("nothing_to_accept", N_("There is no proposal to accept: acceptance is only"
                                                          " possible while the highest bid is a proposal that"
                                                          " nobody has accepted yet"), player=player)
            return
        if player == self.eldest and self.eldest_may_return:
            raise IllegalMove("already_passed", N_("%(player)s passed before anyone bid and may now only accept"
                                                   " the proposal or pass"), player=player)
        if self.highest is not None and _RANK[call.bid] <= _RANK[self.highest]:
            raise IllegalMove("bid_too_low", N_("A bid must be higher than the highest bid so far: an equal"
                                                " bid does not beat it, and after an accepted proposal the"
                                                " next bid must be solo or higher"),
                              player=player, bid=call.bid, highest=self.highest)

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


# --- the position ----------------------------------------------------------------------------


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
            return self.contract.bidder
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

    def to_json(self) -> dict[str, Any]:
        """The API's JSON; ``to_move`` and ``exposed`` are added for display and ignored on input."""
        return {
            "dealer": self.dealer,
            "hands": [codes(hand) for hand in self.hands],
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

    @classmethod
    def from_json(cls, data: object) -> Position:
        """The position an API client sent, checked whole; ``InvalidPosition`` for anything wrong.

        A position may be partial (fewer than thirteen cards a hand, an empty auction
        before play), but what is there must be a position the rules can reach. An
        empty trick in progress is read as no trick.
        """
        fields = decode.json_object(data, "a position", _POSITION_KEYS, _OUTPUT_ONLY_KEYS)
        phase = fields["phase"]
        if not isinstance(phase, str) or phase not in PHASES:
            raise InvalidPosition("phase must be one of %(phases)s", phases=", ".join(PHASES))
        position = cls(
            dealer=decode.player(fields["dealer"], "dealer", SEATS),
            hands=_hands(fields["hands"]),
            turn_up=None if fields["turn_up"] is None else decode.card(fields["turn_up"], "turn_up"),
            phase=phase,
            auction=_calls(fields["auction"]),
            contract=None if fields["contract"] is None else _contract(fields["contract"]),
            tricks=_tricks(fields["tricks"]),
            trick=None if fields["trick"] is None else _current_trick(fields["trick"]),
            result=None if fields["result"] is None else _result(fields["result"]),
        )
        _check_cards(position)
        if phase == AUCTION or phase == ANNULLED:
            _check_auction_phase(position)
        else:
            _check_contract(position)
            if phase == NAMING_TRUMP:
                _check_naming_phase(position)
            else:
                _check_play(position)
        if position.trick is not None and not position.trick.cards:
            return _replace_trick(position, None)
        return position


def _replace_trick(position: Position, trick: CurrentTrick | None) -> Position:
    return Position(position.dealer, position.hands, position.turn_up, position.phase, position.auction,
                    position.contract, position.tricks, trick, position.result)


# --- reading JSON ------------------------------------------------------------------------------

_POSITION_KEYS = frozenset({"dealer", "hands", "turn_up", "phase", "auction", "contract", "tricks", "trick", "result"})
_OUTPUT_ONLY_KEYS = frozenset({"to_move", "exposed"})


def _hands(value: object) -> tuple[tuple[Card, ...], ...]:
    decode.json_list(value, "hands", SEATS)
    return tuple(decode.cards(hand, f"hands[{player}]") for player, hand in enumerate(value))


def _calls(value: object) -> tuple[Bid, ...]:
    calls = []
    for index, item in enumerate(decode.json_list(value, "auction")):
        fields = decode.json_object(item, f"auction[{index}]", frozenset({"player", "bid"}))
        bid = fields["bid"]
        if not isinstance(bid, str) or bid not in CALLS:
            raise InvalidPosition("auction[%(index)s]: a bid is one of %(calls)s", index=index,
                                  calls=", ".join(CALLS))
        calls.append(Bid(decode.player(fields["player"], f"auction[{index}].player", SEATS), bid))
    return tuple(calls)


def _contract(value: object) -> Contract:
    fields = decode.json_object(value, "contract", frozenset({"bid", "bidder", "trump"}), frozenset({"partner"}))
    bid = fields["bid"]
    if not isinstance(bid, str) or bid not in CONTRACTS:
        raise InvalidPosition("contract.bid must be one of %(contracts)s", contracts=", ".join(CONTRACTS))
    partner = fields.get("partner")
    trump = fields["trump"]
    if trump is not None and (not isinstance(trump, str) or trump not in SUITS):
        raise InvalidPosition("contract.trump must be a suit letter (S, H, D, C) or null")
    return Contract(bid, decode.player(fields["bidder"], "contract.bidder", SEATS),
                    None if partner is None else decode.player(partner, "contract.partner", SEATS), trump)


def _tricks(value: object) -> tuple[Trick, ...]:
    tricks = []
    for index, item in enumerate(decode.json_list(value, "tricks")):
        field = f"tricks[{index}]"
        fields = decode.json_object(item, field, frozenset({"leader", "cards", "winner"}))
        cards = decode.cards(fields["cards"], field + ".cards")
        if len(cards) != SEATS:
            raise InvalidPosition("%(field)s must hold four cards, one per player", field=field)
        tricks.append(Trick(decode.player(fields["leader"], field + ".leader", SEATS), cards,
                            decode.player(fields["winner"], field + ".winner", SEATS)))
    return tuple(tricks)


def _current_trick(value: object) -> CurrentTrick:
    fields = decode.json_object(value, "trick", frozenset({"leader", "cards"}))
    cards = decode.cards(fields["cards"], "trick.cards")
    if len(cards) >= SEATS:
        raise InvalidPosition("the trick in progress holds at most three cards: a fourth finishes it")
    return CurrentTrick(decode.player(fields["leader"], "trick.leader", SEATS), cards)


def _result(value: object) -> Result:
    fields = decode.json_object(value, "result", frozenset({"made", "tricks", "settlement"}))
    if not isinstance(fields["made"], bool):
        raise InvalidPosition("result.made must be true or false")
    numbers = []
    for name in ("tricks", "settlement"):
        row = fields[name]
        if not isinstance(row, list) or len(row) != SEATS or not all(decode.is_whole_number(n) for n in row):
            raise InvalidPosition("result.%(name)s must be a list of four whole numbers", name=name)
        numbers.append(tuple(row))
    return Result(fields["made"], numbers[0], numbers[1])


# --- checking a position read from JSON ------------------------------------------------------


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
        try:
            auction.check(call)
        except IllegalMove as refusal:
            raise InvalidPosition("auction[%(index)s] breaks a rule: %(reason)s", index=index,
                                  reason=refusal.english()) from None
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
    if contract.bid in _TURNED_UP_TRUMP:
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
    if position.contract.bid != ABUNDANCE:
        raise InvalidPosition("only an abundance bidder names trumps")
    _check_nothing_played(position, NAMING_TRUMP)


def _check_play(position: Position) -> None:
    """The tricks follow the rules: leaders, winners, suit followed, early ends, hand sizes, result."""
    contract = position.contract
    voids: list[set[str]] = [set() for _ in range(SEATS)]
    leader = position.opening_leader
    for index, trick in enumerate(position.tricks):
        if trick.leader != leader:
            raise InvalidPosition("tricks[%(index)s] is led by the wrong player", index=index)
        _check_followed(trick, voids, f"tricks[{index}]")
        if trick.winner != trick_winner(trick.leader, trick.cards, contract.trump):
            raise InvalidPosition("tricks[%(index)s] is won by the wrong player", index=index)
        if _ends_early(contract, trick.winner) and (index < len(position.tricks) - 1 or position.phase == PLAY):
            raise InvalidPosition("tricks[%(index)s] already decided the contract: play stops there", index=index)
        leader = trick.winner
    trick = position.trick
    if trick is not None:
        if position.phase != PLAY:
            raise InvalidPosition("there is no trick in progress once the hand is over")
        if trick.leader != leader:
            raise InvalidPosition("the trick in progress is led by the wrong player")
        _check_followed(trick, voids, "trick")
    for player, hand in enumerate(position.hands):
        if any(card.suit in voids[player] for card in hand):
            raise InvalidPosition("player %(player)s failed to follow a suit they still hold", player=player)
    played_now = frozenset((trick.leader + i) % SEATS for i in range(len(trick.cards))) if trick else frozenset()
    _check_hand_sizes(position, played_now)
    if position.phase == PLAY:
        if position.result is not None:
            raise InvalidPosition("the result is known only once the hand is over")
        if not position.hands[position.to_move]:
            raise InvalidPosition("every card has been played: the phase must be over")
        return
    finished = not position.hands[0] or (position.tricks and _ends_early(contract, position.tricks[-1].winner))
    if not finished:
        raise InvalidPosition("the hand is not over: cards remain and the contract is still open")
    if position.result != _result_of(contract, position.tricks):
        raise InvalidPosition("the result does not follow from the tricks: expected %(result)s",
                              result=_result_of(contract, position.tricks).to_json())


def _check_followed(trick: Trick | CurrentTrick, voids: list[set[str]], field: str) -> None:
    """Nobody plays a suit they showed out of earlier; whoever does not follow is void from then on."""
    led = trick.cards[0].suit if trick.cards else None
    for index, card in enumerate(trick.cards):
        player = (trick.leader + index) % SEATS
        if card.suit in voids[player]:
            raise InvalidPosition("%(field)s: player %(player)s plays %(card)s after failing to follow that suit",
                                  field=field, player=player, card=card)
        if card.suit != led:
            voids[player].add(led)


# --- the rules -------------------------------------------------------------------------------


def trick_winner(leader: int, cards: tuple[Card, ...], trump: str | None) -> int:
    """Who wins a trick: the highest trump, else the highest card of the suit led (ace high)."""
    best = cards[0]
    best_index = 0
    for index in range(1, len(cards)):
        card = cards[index]
        if card.suit == best.suit:
            if _STRENGTH[card] > _STRENGTH[best]:
                best, best_index = card, index
        elif card.suit == trump:
            best, best_index = card, index
    return (leader + best_index) % SEATS


def settlement(bid: str, bidder: int, partner: int | None, made: bool) -> tuple[int, int, int, int]:
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
    settlement: tuple[int, int, int, int]


def settlement_table(bidder: int = 0, partner: int = 2) -> tuple[SettlementRow, ...]:
    """Every contract, made then failed, settled with ``bidder`` (and ``partner`` in a proposal)."""
    rows = []
    for bid in CONTRACTS:
        with_partner = partner if bid == PROPOSAL else None
        for made in (True, False):
            rows.append(SettlementRow(bid, STAKES[bid], made, bidder, with_partner,
                                      settlement(bid, bidder, with_partner, made)))
    return tuple(rows)


def _ends_early(contract: Contract, winner: int) -> bool:
    """A misère is lost when its bidder takes a trick, a declared abundance when its bidder loses one."""
    if contract.bid in MISERES:
        return winner == contract.bidder
    if contract.bid == DECLARED_ABUNDANCE:
        return winner != contract.bidder
    return False


def _result_of(contract: Contract, tricks: tuple[Trick, ...]) -> Result:
    won = [0] * SEATS
    for trick in tricks:
        won[trick.winner] += 1
    bidder, partner = contract.bidder, contract.partner
    if contract.bid in MISERES:
        made = won[bidder] == 0
    elif contract.bid == DECLARED_ABUNDANCE:
        made = won[bidder] == len(tricks)
    else:
        side = won[bidder] + (0 if partner is None else won[partner])
        made = side >= TRICKS_NEEDED[contract.bid]
    return Result(made, tuple(won), settlement(contract.bid, bidder, partner, made))


# --- moves from JSON -------------------------------------------------------------------------

_MOVE_KEYS = {
    "bid": frozenset({"type", "player", "bid"}),
    "name_trump": frozenset({"type", "player", "suit"}),
    "play": frozenset({"type", "player", "card"}),
}


def move_from_json(data: object) -> Move:
    """The move an API client sent; ``InvalidMove`` for anything that does not fit the schema."""
    kind = decode.json_object(data, "the move", {"type"}, {"player", "bid", "suit", "card"}, InvalidMove)["type"]
    if not isinstance(kind, str) or kind not in _MOVE_KEYS:
        raise InvalidMove("a Solo Whist move's type is bid, name_trump or play")
    decode.json_object(data, f"a {kind} move", _MOVE_KEYS[kind], error=InvalidMove)
    player = decode.player(data["player"], "player", SEATS, InvalidMove)
    if kind == "bid":
        bid = data["bid"]
        if not isinstance(bid, str) or bid not in CALLS:
            raise InvalidMove("bid must be one of %(calls)s", calls=", ".join(CALLS))
        return Bid(player, bid)
    if kind == "name_trump":
        suit = data["suit"]
        if not isinstance(suit, str) or suit not in SUITS:
            raise InvalidMove("suit must be a suit letter: S, H, D or C")
        return NameTrump(player, suit)
    return Play(player, decode.card(data["card"], "card", InvalidMove))


# --- the game --------------------------------------------------------------------------------


def new_game(seed: int, **options: object) -> Position:
    """A shuffled and dealt hand, the auction about to start at the dealer's left.

    The dealer is ``dealer`` or, when not given, drawn by lot from the seed after
    the shuffle. Four rounds of three cards go to each player from the dealer's
    left, then one card each; the dealer's last card is the turned-up card.
    """
    unknown = options.keys() - NEW_GAME_OPTIONS
    if unknown:
        raise InvalidOptions("Solo Whist takes only the option dealer")
    if not decode.is_whole_number(seed):
        raise InvalidOptions("the seed must be a whole number")
    dealer = options.get("dealer")
    if dealer is not None:
        decode.player(dealer, "the dealer", SEATS, InvalidOptions)
    rng = random.Random(seed)
    pack = list(DECK)
    rng.shuffle(pack)
    if dealer is None:
        dealer = rng.randrange(SEATS)
    received: list[list[Card]] = [[] for _ in range(SEATS)]
    dealt = 0
    for size in (3, 3, 3, 3, 1):
        for offset in range(1, SEATS + 1):
            received[(dealer + offset) % SEATS].extend(pack[dealt:dealt + size])
            dealt += size
    hands = tuple(tuple(sorted(hand, key=_holding_key)) for hand in received)
    return Position(dealer, hands, pack[-1])


def _holding_key(card: Card) -> tuple[int, int]:
    return _HOLDING_ORDER[card.suit], -_STRENGTH[card]


def legal_moves(position: Position) -> list[Move]:
    """Every move the player to act may make now (nobody else may move)."""
    phase = position.phase
    if phase == PLAY:
        player = position.to_move
        return [Play(player, card) for card in _playable(position, player)]
    if phase == AUCTION:
        auction = position.auction_state()
        player = auction.to_move
        return [Bid(player, call) for call in auction.legal_calls()]
    if phase == NAMING_TRUMP:
        return [NameTrump(position.contract.bidder, suit) for suit in SUITS]
    return []


def _playable(position: Position, player: int) -> tuple[Card, ...]:
    hand = position.hands[player]
    if position.trick is None:
        return hand
    led = position.trick.cards[0].suit
    following = tuple(card for card in hand if card.suit == led)
    return following or hand


def apply(position: Position, move: Move) -> tuple[Position, list[Event]]:
    """The position after ``move`` and what happened; ``IllegalMove`` if the rules forbid it."""
    if position.is_over:
        if position.phase == ANNULLED:
            raise IllegalMove("game_over", N_("This deal was annulled: nobody plays it, and the next"
                                              " player deals"))
        raise IllegalMove("game_over", N_("This hand is over and has been settled"))
    if not isinstance(move, (Bid, NameTrump, Play)):
        raise InvalidMove("not a Solo Whist move")
    if not decode.is_whole_number(move.player) or not 0 <= move.player < SEATS:
        raise IllegalMove("no_such_player", N_("There is no %(player)s at this table"), player=move.player)
    if isinstance(move, Play):
        return _play(position, move)
    if isinstance(move, Bid):
        return _bid(position, move)
    return _name_trump(position, move)


def _bid(position: Position, move: Bid) -> tuple[Position, list[Event]]:
    if position.phase != AUCTION:
        raise IllegalMove("not_bidding_phase", N_("The auction is over: no more bids"), player=move.player)
    auction = position.auction_state()
    auction.check(move)
    auction = auction.after(move)
    calls = position.auction + (move,)
    events = [Event("bid", {"player": move.player, "bid": move.bid})]
    outcome = auction.outcome
    if outcome == OPEN:
        return Position(position.dealer, position.hands, position.turn_up, AUCTION, calls), events
    if outcome == ANNULLED:
        events.append(Event("annulled", {}))
        return Position(position.dealer, position.hands, position.turn_up, ANNULLED, calls), events
    contract = auction.contract(position.turn_up)
    events.append(Event("auction_closed", {"contract": contract}))
    phase = NAMING_TRUMP if contract.bid == ABUNDANCE else PLAY
    return Position(position.dealer, position.hands, position.turn_up, phase, calls, contract), events


def _name_trump(position: Position, move: NameTrump) -> tuple[Position, list[Event]]:
    if position.phase != NAMING_TRUMP:
        raise IllegalMove("not_naming_phase", N_("Only an abundance bidder names trumps, once the auction has"
                                                 " closed"), player=move.player)
    contract = position.contract
    if move.player != contract.bidder:
        raise IllegalMove("not_your_turn", N_("The abundance bidder, %(bidder_player)s, names trumps, not"
                                              " %(player)s"), player=move.player, bidder_player=contract.bidder)
    contract = Contract(contract.bid, contract.bidder, None, move.suit)
    events = [Event("trump_named", {"player": move.player, "suit": move.suit})]
    return Position(position.dealer, position.hands, position.turn_up, PLAY, position.auction, contract), events


def _play(position: Position, move: Play) -> tuple[Position, list[Event]]:
    if position.phase != PLAY:
        if position.phase == AUCTION:
            raise IllegalMove("not_playing_phase", N_("The auction is still open: cards are played once it"
                                                      " closes"), player=move.player)
        raise IllegalMove("not_playing_phase", N_("The abundance bidder names trumps before the first card is"
                                                  " played"), player=move.player)
    player, card = move.player, move.card
    to_move = position.to_move
    if player != to_move:
        raise IllegalMove("not_your_turn", N_("It is %(turn_player)s's turn to play, not %(player)s's"),
                          player=player, turn_player=to_move)
    hand = position.hands[player]
    try:
        index = hand.index(card)
    except ValueError:
        raise IllegalMove("card_not_in_hand", N_("%(card)s is not in %(player)s's hand"),
                          card=card, player=player) from None
    trick = position.trick
    if trick is not None:
        led = trick.cards[0]
        if card.suit != led.suit and any(held.suit == led.suit for held in hand):
            raise IllegalMove("must_follow_suit", N_("%(player)s must follow suit: %(led)s was led and"
                                                     " %(player)s still holds that suit"),
                              player=player, card=card, led=led)
    hands = list(position.hands)
    hands[player] = hand[:index] + hand[index + 1:]
    hands = tuple(hands)
    events = [Event("played", {"player": player, "card": card})]
    if trick is None:
        trick = CurrentTrick(player, (card,))
    else:
        trick = CurrentTrick(trick.leader, trick.cards + (card,))
    contract = position.contract
    if len(trick.cards) < SEATS:
        return Position(position.dealer, hands, position.turn_up, PLAY, position.auction, contract,
                        position.tricks, trick), events
    winner = trick_winner(trick.leader, trick.cards, contract.trump)
    tricks = position.tricks + (Trick(trick.leader, trick.cards, winner),)
    events.append(Event("trick_won", {"winner": winner, "cards": trick.cards}))
    if hands[0] and not _ends_early(contract, winner):
        if contract.bid == OPEN_MISERE and len(tricks) == 1:
            events.append(Event("hand_exposed", {"player": contract.bidder, "cards": hands[contract.bidder]}))
        return Position(position.dealer, hands, position.turn_up, PLAY, position.auction, contract,
                        tricks), events
    result = _result_of(contract, tricks)
    events.append(Event("contract_decided", {"made": result.made, "tricks": result.tricks,
                                             "settlement": result.settlement}))
    return Position(position.dealer, hands, position.turn_up, OVER, position.auction, contract, tricks,
                    None, result), events

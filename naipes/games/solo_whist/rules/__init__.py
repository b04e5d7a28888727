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

A short session (deal, a legal move, apply it, and a move the rules refuse)::

    >>> position = new_game(7, dealer=0)
    >>> position.to_move, position.turn_up
    (1, Card('8H'))
    >>> [move.bid for move in legal_moves(position)]
    ['pass', 'proposal', 'solo', 'misere', 'abundance', 'open_misere', 'declared_abundance']
    >>> position, events = apply(position, Bid(1, "solo"))
    >>> [event.to_json() for event in events]
    [{'type': 'bid', 'player': 1, 'bid': 'solo'}]
    >>> refusal(position, Bid(2, "proposal")).code
    'bid_too_low'

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

from dataclasses import replace

from ....engine import decode
from ....engine.cards import DECK, SUITS, Card
from ....engine.deal import shuffled
from ....engine.errors import N_, InvalidMove, InvalidOptions, Refusal, refuse
from ....engine.events import Event
from .auction import (
    ABUNDANCE,
    ACCEPTANCE,
    ANNULLED,
    CALLS,
    CLOSED,
    CONTRACTS,
    DECLARED_ABUNDANCE,
    MISERE,
    OPEN,
    OPEN_MISERE,
    PASS,
    PROPOSAL,
    SEATS,
    SOLO,
    TURNED_UP_TRUMP,
    Auction,
    Contract,
)
from .moves import move_from_json
from .moves import Bid, Move, NameTrump, Play
from .position import AUCTION, NAMING_TRUMP, OVER, PHASES, PLAY, Position
from .tricks import (
    MISERES,
    STAKES,
    STRENGTH,
    TRICKS_NEEDED,
    CurrentTrick,
    Result,
    SettlementRow,
    Trick,
    ends_early,
    is_made,
    result_of,
    scoring_data,
    settlement,
    settlement_table,
    trick_winner,
)

__all__ = [
    "ABUNDANCE", "ACCEPTANCE", "ANNULLED", "AUCTION", "CALLS", "CLOSED", "CONTRACTS", "DECLARED_ABUNDANCE",
    "ID", "MISERE", "MISERES", "NAMING_TRUMP", "NEW_GAME_OPTIONS", "OPEN", "OPEN_MISERE", "OVER", "PASS",
    "PHASES", "PLAY", "PLAYERS", "PROPOSAL", "SEATS", "SOLO", "STAKES", "TRICKS_NEEDED", "TURNED_UP_TRUMP",
    "Auction", "Bid", "Contract", "CurrentTrick", "Move", "NameTrump", "Play", "Position", "Result",
    "SettlementRow", "Trick", "apply", "is_made", "legal_moves", "move_from_json", "new_game", "refusal",
    "scoring_data", "settlement", "settlement_table", "trick_winner",
]

ID = "solo-whist"
PLAYERS = (4, 4)
NEW_GAME_OPTIONS = frozenset({"dealer"})


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
    pack, dealer = shuffled(seed, DECK, SEATS, options.get("dealer"))
    received: list[list[Card]] = [[] for _ in range(SEATS)]
    dealt = 0
    for size in (3, 3, 3, 3, 1):
        for offset in range(1, SEATS + 1):
            received[(dealer + offset) % SEATS].extend(pack[dealt:dealt + size])
            dealt += size
    hands = tuple(tuple(sorted(hand, key=_holding_key)) for hand in received)
    return Position(dealer, hands, pack[-1])


_HOLDING_ORDER = {suit: index for index, suit in enumerate("SHCD")}


def _holding_key(card: Card) -> tuple[int, int]:
    return _HOLDING_ORDER[card.suit], -STRENGTH[card]


def legal_moves(position: Position) -> list[Move]:
    """Every move the player to act may make now (nobody else may move): the candidates the rules allow."""
    return [move for move in _candidates(position) if refusal(position, move) is None]


def _candidates(position: Position) -> list[Move]:
    """What the player to act might try: every call, every suit to name, every card held."""
    player = position.to_move
    if player is None:
        return []
    if position.phase == AUCTION:
        return [Bid(player, call) for call in CALLS]
    if position.phase == NAMING_TRUMP:
        return [NameTrump(player, suit) for suit in SUITS]
    return [Play(player, card) for card in position.hands[player]]


def refusal(position: Position, move: Move) -> Refusal | None:
    """Why the rules forbid ``move`` now, or ``None`` if they allow it (``move`` is well formed)."""
    if position.phase == ANNULLED:
        return refuse("game_over", N_("This deal was annulled: nobody plays it, and the next player deals"))
    if position.phase == OVER:
        return refuse("game_over", N_("This hand is over and has been settled"))
    if not 0 <= move.player < SEATS:
        return refuse("no_such_player", N_("There is no %(player)s at this table"), player=move.player)
    if isinstance(move, Play):
        return _play_refusal(position, move)
    if isinstance(move, Bid):
        if position.phase != AUCTION:
            return refuse("not_bidding_phase", N_("The auction is over: no more bids"), player=move.player)
        return position.auction_state().refusal(move)
    return _name_trump_refusal(position, move)


def _name_trump_refusal(position: Position, move: NameTrump) -> Refusal | None:
    if position.phase != NAMING_TRUMP or position.contract is None:
        return refuse("not_naming_phase", N_("Only an abundance bidder names trumps, once the auction has"
                                             " closed"), player=move.player)
    bidder = position.contract.bidder
    if move.player != bidder:
        return refuse("not_your_turn", N_("The abundance bidder, %(bidder_player)s, names trumps, not"
                                          " %(player)s"), player=move.player, bidder_player=bidder)
    return None


def _play_refusal(position: Position, move: Play) -> Refusal | None:
    player, card = move.player, move.card
    if position.phase == AUCTION:
        return refuse("not_playing_phase", N_("The auction is still open: cards are played once it"
                                              " closes"), player=player)
    if position.phase != PLAY:
        return refuse("not_playing_phase", N_("The abundance bidder names trumps before the first card is"
                                              " played"), player=player)
    to_move = position.to_move
    if player != to_move:
        return refuse("not_your_turn", N_("It is %(turn_player)s's turn to play, not %(player)s's"),
                      player=player, turn_player=to_move)
    hand = position.hands[player]
    if card not in hand:
        return refuse("card_not_in_hand", N_("%(card)s is not in %(player)s's hand"), card=card, player=player)
    trick = position.trick
    if trick is not None:
        led = trick.cards[0]
        if card.suit != led.suit and any(held.suit == led.suit for held in hand):
            return refuse("must_follow_suit", N_("%(player)s must follow suit: %(led)s was led and"
                                                 " %(player)s still holds that suit"),
                          player=player, card=card, led=led)
    return None


def apply(position: Position, move: Move) -> tuple[Position, list[Event]]:
    """The position after ``move`` and what happened; ``IllegalMove`` if the rules forbid it."""
    if not position.is_over:
        if not isinstance(move, (Bid, NameTrump, Play)):
            raise InvalidMove("not a Solo Whist move")
        if not decode.is_whole_number(move.player):
            raise InvalidMove("player must be a player number")
    refused = refusal(position, move)
    if refused is not None:
        raise refused.error()
    if isinstance(move, Play):
        return _play(position, move)
    if isinstance(move, Bid):
        return _bid(position, move)
    return _name_trump(position, move)


def _bid(position: Position, move: Bid) -> tuple[Position, list[Event]]:
    auction = position.auction_state().after(move)
    calls = position.auction + (move,)
    events = [Event("bid", {"player": move.player, "bid": move.bid})]
    outcome = auction.outcome
    if outcome == OPEN:
        return replace(position, auction=calls), events
    if outcome == ANNULLED:
        events.append(Event("annulled", {}))
        return replace(position, phase=ANNULLED, auction=calls), events
    contract = auction.contract(position.turn_up)
    events.append(Event("auction_closed", {"contract": contract}))
    phase = NAMING_TRUMP if contract.bid == ABUNDANCE else PLAY
    return replace(position, phase=phase, auction=calls, contract=contract), events


def _name_trump(position: Position, move: NameTrump) -> tuple[Position, list[Event]]:
    contract = replace(position.agreed, partner=None, trump=move.suit)
    events = [Event("trump_named", {"player": move.player, "suit": move.suit})]
    return replace(position, phase=PLAY, contract=contract), events


def _play(position: Position, move: Play) -> tuple[Position, list[Event]]:
    player, card = move.player, move.card
    hand = position.hands[player]
    index = hand.index(card)
    hands = position.hands[:player] + (hand[:index] + hand[index + 1:],) + position.hands[player + 1:]
    events = [Event("played", {"player": player, "card": card})]
    trick = position.trick
    trick = CurrentTrick(player, (card,)) if trick is None else CurrentTrick(trick.leader, trick.cards + (card,))
    if len(trick.cards) < SEATS:
        return replace(position, hands=hands, trick=trick), events
    contract = position.agreed
    winner = trick_winner(trick.leader, trick.cards, contract.trump)
    tricks = position.tricks + (Trick(trick.leader, trick.cards, winner),)
    events.append(Event("trick_won", {"winner": winner, "cards": trick.cards}))
    if hands[0] and not ends_early(contract, winner):
        if contract.bid == OPEN_MISERE and len(tricks) == 1:
            events.append(Event("hand_exposed", {"player": contract.bidder, "cards": hands[contract.bidder]}))
        return replace(position, hands=hands, tricks=tricks, trick=None), events
    result = result_of(contract, tricks)
    events.append(Event("contract_decided", {"made": result.made, "tricks": result.tricks,
                                             "settlement": result.settlement}))
    return replace(position, hands=hands, phase=OVER, tricks=tricks, trick=None, result=result), events

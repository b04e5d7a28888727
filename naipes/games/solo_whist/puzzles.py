"""Solo Whist's puzzles: double-dummy problems found in random deals and checked by the compiled search.

A candidate is a deal in which the rules of thumb would bid the contract (``heuristics.worth``), played
by the rules of thumb until a few tricks are left, then stopped where the reader's seat is to play: the
bidder to make a solo, a proposal or an abundance, or to keep a misère; a defender to beat one. Every
card is then worth what the double-dummy search says (``analysis.analyse``: the whole deal, every hand
known, best play after the card): the card is right when the goal is still reached. A candidate
becomes a puzzle when some card is right and some is wrong, the card the rules of thumb would pick is
among the wrong ones (the natural card fails), and the right cards are one or two (touching cards
counted as one). A proposal's partner sits opposite the bidder, as in bridge, so that an independent
double-dummy solver (DDS, in the tests) can check every partnership puzzle. The line goes on, the other seats answering with their best card, for as long as
some card of the reader's can still go wrong; the puzzle is solved when none can.

Every check is the engine's: a reader's card is judged by the same search, so a right card other than
the line's is right too, and the replies follow from it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...engine.cards import DECK, SUITS, Card
from ...engine.errors import IllegalMove
from ...engine.puzzles import Found, Hunt, Verdict, rating
from ...engine.sentences import Seat, Suit, Term
from . import analysis
from .analysis import CardValue
from .players import heuristics
from .rules import (
    ABUNDANCE,
    MISERE,
    MISERES,
    PLAY,
    PROPOSAL,
    SEATS,
    SOLO,
    TRICKS_NEEDED,
    Contract,
    Move,
    Play,
    Position,
    apply,
    legal_moves,
)
from .rules.tricks import STRENGTH
from .sentences import CALL_NAMES
from .view import View, view

MAKE, DEFEAT, KEEP = "make", "defeat", "keep"
"""The reader's goal: make the contract (the declaring side), beat it (a defender), keep a misère."""

KINDS = ((SOLO, MAKE), (PROPOSAL, MAKE), (ABUNDANCE, DEFEAT), (MISERE, KEEP), (SOLO, DEFEAT),
         (ABUNDANCE, MAKE), (PROPOSAL, DEFEAT))
"""The contracts and goals the search takes in turn, so that every kind has its share."""

ENDINGS = (3, 4, 5, 6)
"""Tricks left when a candidate stops: few enough that every check is a small search."""

DEAL_TRIES = 400
"""Deals one candidate may look at for a hand the rules of thumb would bid the contract on."""

MOST_DECISIONS = 4
"""The longest line a puzzle may ask for: beyond this it is a whole hand's play, not a puzzle."""

MOST_RIGHT = 2
"""The most right cards (touching cards counted as one) a puzzle may have at its first decision."""

NODE_LIMIT = 2_000_000
"""The most positions one check may search: far above what a few tricks' ending needs, a bound on
what any request can cost."""

TECHNIQUES = ("draw_trumps", "hold_trumps", "ruff", "discard", "unblock", "duck", "timing")
"""The themes the engine can tell from the right and wrong cards of the first decision."""


def role(contract: Contract, seat: int) -> str:
    if seat not in contract.declaring:
        return DEFEAT
    return KEEP if contract.bid in MISERES else MAKE


def _judged(position: Position, seat: int) -> tuple[list[CardValue], list[CardValue]]:
    """The right and the wrong cards of ``seat`` to move, by the double-dummy search."""
    goal = role(position.agreed, seat)
    values = analysis.analyse(position, NODE_LIMIT)
    right = [value for value in values if value.made == (goal != DEFEAT)]
    wrong = [value for value in values if value.made != (goal != DEFEAT)]
    return right, wrong


def _best(position: Position) -> Play:
    """The card the seat to move plays with best play for its side (the lowest of equals)."""
    seat = position.to_move
    assert seat is not None
    contract = position.agreed
    values = analysis.analyse(position, NODE_LIMIT)
    sign = 1 if seat in contract.declaring else -1
    misere = -1 if contract.bid in MISERES else 1

    def worth(value: CardValue) -> tuple[int, int]:
        return sign * value.made, sign * misere * value.tricks

    return Play(seat, max(values, key=worth).card)


def _replies(position: Position, seat: int) -> tuple[Position, list[Move]]:
    """The other seats' best cards until ``seat`` is to play again or the hand is over."""
    replies: list[Move] = []
    while not position.is_over and position.to_move != seat:
        move = _best(position)
        position, _ = apply(position, move)
        replies.append(move)
    return position, replies


def _classes(position: Position, seat: int, cards: Sequence[Card]) -> int:
    """How many different plays ``cards`` are: touching cards of a suit (nothing between them still
    held by another seat or on the table) are the same play."""
    elsewhere = {card for other, hand in enumerate(position.hands) if other != seat for card in hand}
    if position.trick is not None:
        elsewhere |= set(position.trick.cards)
    count = 0
    for suit in SUITS:
        mine = sorted((card for card in cards if card.suit == suit), key=STRENGTH.__getitem__)
        for low, high in zip([None, *mine], mine):
            if low is None or any(STRENGTH[low] < STRENGTH[card] < STRENGTH[high] for card in elsewhere
                                  if card.suit == suit):
                count += 1
    return count


def _technique(position: Position, right: list[CardValue], wrong: list[CardValue]) -> str:
    trump = position.agreed.trump
    good = [value.card for value in right]
    bad = [value.card for value in wrong]
    if position.trick is None:
        if trump is not None and all(card.suit == trump for card in good) and any(card.suit != trump for card in bad):
            return "draw_trumps"
        if trump is not None and all(card.suit != trump for card in good) and any(card.suit == trump for card in bad):
            return "hold_trumps"
        return "timing"
    led = position.trick.cards[0].suit
    if all(card.suit != led for card in good + bad):
        if trump is not None and trump != led and all(card.suit == trump for card in good):
            return "ruff"
        return "discard"
    strength = STRENGTH.__getitem__
    if min(map(strength, good)) > min(map(strength, bad)):
        return "unblock"
    if max(map(strength, good)) < max(map(strength, bad)):
        return "duck"
    return "timing"


def _deal(rng: random.Random, bid: str) -> tuple[Position, Contract] | None:
    """A fresh deal whose bidder (and partner) the rules of thumb would play ``bid`` with, at the start of play."""
    for _ in range(DEAL_TRIES):
        pack = list(DECK)
        rng.shuffle(pack)
        hands = tuple(tuple(pack[seat::SEATS]) for seat in range(SEATS))
        bidder = rng.randrange(SEATS)
        partner = (bidder + 2) % SEATS if bid == PROPOSAL else None
        trump = None if bid in MISERES else heuristics.best_trump(hands[bidder])
        contract = Contract(bid, bidder, partner, trump)
        if not heuristics.worth(hands[bidder], contract):
            continue
        if partner is not None and not heuristics.worth(hands[partner], contract, accepted=True):
            continue
        dealer = rng.randrange(SEATS)
        return Position(dealer, hands, None, PLAY, (), contract), contract
    return None


def _heuristic(position: Position) -> Play:
    seat = position.to_move
    assert seat is not None
    cards = [move.card for move in legal_moves(position) if isinstance(move, Play)]
    move = heuristics.play(view(position, seat), cards).move
    assert isinstance(move, Play)
    return move


def candidate(rng: random.Random, bid: str, goal: str) -> Found | str:
    """One candidate of the search: a puzzle, or why there is none in this deal."""
    dealt = _deal(rng, bid)
    if dealt is None:
        return "no hand worth the bid"
    position, contract = dealt
    left = rng.choice(ENDINGS)
    solvers = [seat for seat in range(SEATS) if role(contract, seat) == goal]
    while not position.is_over and (len(position.tricks) < len(DECK) // SEATS - left or position.to_move not in solvers):
        position, _ = apply(position, _heuristic(position))
    if position.is_over:
        return "the hand ended before the ending"
    seat = position.to_move
    assert seat is not None
    right, wrong = _judged(position, seat)
    if not right:
        return "no card reaches the goal"
    if not wrong:
        return "no card fails"
    if _heuristic(position).card not in {value.card for value in wrong}:
        return "the rules of thumb find the right card"
    alternatives = _classes(position, seat, [value.card for value in right])
    if alternatives > MOST_RIGHT:
        return "too many right cards"
    start, technique = position, _technique(position, right, wrong)
    solution: list[Move] = []
    decisions = 0
    while True:
        decisions += 1
        move = Play(seat, right[0].card)
        position, _ = apply(position, move)
        position, replies = _replies(position, seat)
        solution += [move, *replies]
        if position.is_over:
            break
        right, wrong = _judged(position, seat)
        if not wrong:
            break
        if decisions == MOST_DECISIONS:
            return "the line is too long"
    first_wrong = len(_judged(start, seat)[1])
    needed = _needed(start, seat)
    facts = {"bid": bid, "goal": goal, "technique": technique, "trump": contract.trump, "left": left,
             "needed": needed, "bidder": contract.bidder, "decisions": decisions,
             "suit": solution[0].card.suit if isinstance(solution[0], Play) else None}
    return Found(f"{goal}-{bid}", rating(decisions, alternatives, first_wrong, 40 * (left - 3)), seat, start,
                 tuple(solution), facts)


def _needed(position: Position, seat: int) -> int:
    """The tricks of those left that the goal asks of the reader's side (a misère: none at all; a
    defence: enough to stop the contract)."""
    contract = position.agreed
    won = contract.declaring_won(position.tricks_won())
    if contract.bid in MISERES:
        return 0
    declaring_needs = TRICKS_NEEDED[contract.bid] - won
    if seat in contract.declaring:
        return declaring_needs
    left = len(DECK) // SEATS - len(position.tricks)
    return left - declaring_needs + 1


def find(seed: int, count: int) -> Hunt:
    hunt = Hunt()
    index = 0
    while len(hunt.found) < count:
        bid, goal = KINDS[index % len(KINDS)]
        rng = random.Random(f"solo-whist:{seed}:{index}")
        index += 1
        hunt.tried += 1
        found = candidate(rng, bid, goal)
        if isinstance(found, str):
            hunt.rejected[found] += 1
        else:
            hunt.found.append(found)
    return hunt


def check(start: Position, seat: int, moves: Sequence[Move]) -> Verdict:
    """The reader's cards judged one by one by the search: the first wrong one ends the line."""
    position = start
    replies: list[Move] = []
    if start.phase != PLAY or start.to_move != seat:
        raise IllegalMove("not_your_turn", "the puzzle's seat is not to play")
    verdict = Verdict(True, False, (), "start")
    line: list[Move] = []
    for move in moves:
        if verdict.done or not verdict.correct:
            raise IllegalMove("puzzle_over", "the puzzle is over: no more moves")
        right, wrong = _judged(position, seat)
        after, _ = apply(position, move)
        assert isinstance(move, Play)
        if move.card in {value.card for value in wrong}:
            value = next(value for value in wrong if value.card == move.card)
            verdict = Verdict(False, False, (), f"wrong_{role(start.agreed, seat)}", _said(start, seat, move.card, value),
                              tuple(line))
            continue
        position, replies = _replies(after, seat)
        line += [move, *replies]
        done = position.is_over or not _judged(position, seat)[1]
        value = next(value for value in right if value.card == move.card)
        verdict = Verdict(True, done, tuple(replies), "solved" if done else "right", _said(start, seat, move.card, value),
                          tuple(line))
    return verdict


def _said(start: Position, seat: int, card: Card, value: CardValue) -> dict[str, object]:
    contract = start.agreed
    won = contract.declaring_won(start.tricks_won())
    return {"card": card, "tricks": value.tricks - won, "left": len(DECK) // SEATS - len(start.tricks),
            "needed": _needed(start, seat), "bid": Term(CALL_NAMES[contract.bid]), "bidder": Seat(contract.bidder)}


def params(facts: Mapping[str, object]) -> dict[str, object]:
    """A puzzle's facts as its title and goal word them."""
    bid, trump, bidder = facts["bid"], facts["trump"], facts["bidder"]
    assert isinstance(bid, str) and isinstance(bidder, int)
    suit = facts["suit"]
    return {**facts, "bid": Term(CALL_NAMES[bid]), "trump": Suit(trump) if isinstance(trump, str) else "",
            "bidder": Seat(bidder), "suit": Suit(suit) if isinstance(suit, str) else ""}


def open_view(position: Position, seat: int) -> View:
    """A double-dummy problem as the reader sees it: every hand laid open."""
    seen = view(position, seat)
    return View(seat, seen.dealer, position.hands, seen.turn_up, seen.phase, seen.auction, seen.contract,
                seen.tricks, seen.trick, seen.result)

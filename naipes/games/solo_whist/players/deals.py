"""What a Solo Whist seat knows about the hidden hands, and deals of them that fit it.

From its view a seat knows its own hand, every card played, the suits each player
has shown out of (by not following), how many cards each still holds, that the
dealer still holds the turned-up card until it is played, and the open misère
bidder's hand once it is laid open. ``Knowledge.of`` gathers that; ``deal``
shares the unseen cards out at random among the other seats so that every one
of those facts holds, which is what perfect-information sampling needs.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass

from ....engine.cards import SUITS
from ..double_dummy import SUIT_MASKS, cards_in, index_of, mask_of
from ..rules import CALLS, PASS, SEATS, Auction
from ..view import View
from . import heuristics

_MAX_TRIES = 200


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The seat's certain knowledge: ``known[p]`` cards p surely holds, ``sizes[p]`` cards p holds,
    ``barred[p]`` cards p surely does not hold (suits shown out, cards seen elsewhere),
    ``unseen`` the cards whose place the seat does not know, ``played[p]`` the cards p has played."""

    seat: int
    known: tuple[int, ...]
    sizes: tuple[int, ...]
    barred: tuple[int, ...]
    unseen: int
    played: tuple[int, ...]

    @classmethod
    def of(cls, view: View) -> Knowledge:
        known = [mask_of(card for card in hand if card is not None) for hand in view.hands]
        played = 0
        played_by = [0] * SEATS
        voids = [0] * SEATS
        finished = [(trick.leader, trick.cards) for trick in view.tricks]
        if view.trick is not None:
            finished.append((view.trick.leader, view.trick.cards))
        for leader, cards in finished:
            led = index_of(cards[0]) // 13
            for offset, card in enumerate(cards):
                played |= 1 << index_of(card)
                played_by[(leader + offset) % SEATS] |= 1 << index_of(card)
                if index_of(card) // 13 != led:
                    voids[(leader + offset) % SEATS] |= SUIT_MASKS[led]
        turn_up = view.turn_up
        if turn_up is not None and not played >> index_of(turn_up) & 1:
            known[view.dealer] |= 1 << index_of(turn_up)
        every_known = 0
        for mask in known:
            every_known |= mask
        unseen = ((1 << 52) - 1) ^ played ^ every_known
        barred = tuple(voids[seat] | (every_known ^ known[seat]) for seat in range(SEATS))
        return cls(view.seat, tuple(known), view.hand_sizes, barred, unseen, tuple(played_by))


def _suits(hand: int) -> heuristics.Suits:
    """A hand of the search's numbering (suit × 13 + rank, the two lowest) as the rules of thumb read
    one: each suit's ranks as bits, the two the lowest."""
    return {suit: (hand & SUIT_MASKS[index]) >> (13 * index) for index, suit in enumerate(SUITS)}


def auction_fits(view: View, knowledge: Knowledge) -> Callable[[list[int]], int] | None:
    """How many of the auction's calls a deal contradicts (none: it fits), the auction read as the rules of
    thumb bid: every call of each other player is the one they make among the calls open then, or a
    higher one (the strong bidder bids what they do or more, never less), and each player's last bid is
    one their hand is worth by them. So a pass says the hand was worth none of the calls open then (no
    proposal before anyone bid, no acceptance of a proposal waiting for one, and nothing of a solo once
    one was bid). ``None`` when the seat knows every hand the auction speaks of.
    """
    turned = view.turn_up.suit if view.turn_up is not None else None
    known = {view.seat} | ({view.agreed.bidder} if view.contract is not None and view.exposed else set())
    calls: dict[int, list[frozenset[str]]] = {}
    last: dict[int, str] = {}
    auction = Auction(view.dealer)
    for call in view.auction:
        if call.player not in known:
            above = set(auction.legal_calls()) - set(CALLS[:CALLS.index(call.bid) + 1])
            calls.setdefault(call.player, []).append(frozenset(above))
            if call.bid != PASS:
                last[call.player] = call.bid
        auction = auction.after(call)
    if not calls:
        return None

    def contradicted(hands: list[int]) -> int:
        wrong = 0
        for seat, said in calls.items():
            held = _suits(hands[seat] | knowledge.played[seat])
            wrong += seat in last and not heuristics.worth_any(held, (last[seat],), turned)
            for above in said:
                wrong += heuristics.worth_any(held, above, turned)
        return wrong

    return contradicted


def deal(knowledge: Knowledge, rng: random.Random, likely: Callable[[list[int]], int] | None = None,
         tries: int = 1) -> list[int] | None:
    """The four hands (bit masks) of one deal that fits ``knowledge``, drawn at random;
    ``None`` if none was found (the knowledge may admit very few deals).

    Cards go out one at a time, the most constrained first, each to a seat that may
    hold it chosen in proportion to the room it has left; a dead end starts again.
    ``likely`` says how many of the auction's calls a deal contradicts (``auction_fits``):
    up to ``tries`` deals are drawn to find one that contradicts none, else the one that
    contradicts fewest is used, since the auction's hints are likelihoods, not certainties
    (and against a misère or a proposal few random deals fit every call).
    """
    order = _order(knowledge)
    best, fewest = None, 0
    for _ in range(tries):
        hands = _fitting_deal(knowledge, order, rng)
        if hands is None or likely is None:
            return hands
        wrong = likely(hands)
        if not wrong:
            return hands
        if best is None or wrong < fewest:
            best, fewest = hands, wrong
    return best


@dataclass(frozen=True, slots=True)
class _Order:
    """How ``knowledge``'s unseen cards go out: ``cards`` the most constrained first, ``takers[i]`` the
    seats that may hold ``cards[i]``, ``room`` how many more cards each seat takes."""

    cards: tuple[int, ...]
    takers: tuple[tuple[int, ...], ...]
    room: tuple[int, ...]


@functools.lru_cache(maxsize=16)
def _order(knowledge: Knowledge) -> _Order:
    """Worked out once per view: a decision draws its deals, each up to ``tries`` times, from the same one."""
    room = tuple(knowledge.sizes[seat] - bin(knowledge.known[seat]).count("1") for seat in range(SEATS))
    takers = {card: tuple(seat for seat in range(SEATS) if room[seat] > 0 and not knowledge.barred[seat] >> card & 1)
              for card in cards_in(knowledge.unseen)}
    cards = sorted(takers, key=lambda card: len(takers[card]))
    return _Order(tuple(cards), tuple(takers[card] for card in cards), room)


def _fitting_deal(knowledge: Knowledge, order: _Order, rng: random.Random) -> list[int] | None:
    for _ in range(_MAX_TRIES):
        hands = list(knowledge.known)
        left = list(order.room)
        for card, seats in zip(order.cards, order.takers):
            total = 0
            for seat in seats:
                total += left[seat]
            if not total:
                break
            # One draw scaled by the room left, as random.choices with weights makes it (the same deals
            # from the same seed), without building its lists for every card.
            point = rng.random() * total
            chosen = -1
            for seat in seats:
                if left[seat]:
                    chosen = seat
                    point -= left[seat]
                    if point < 0:
                        break
            hands[chosen] |= 1 << card
            left[chosen] -= 1
        else:
            return hands
    return None

"""Single dummy: what each card is worth to a player who sees only what the table shows them.

A player in play sees their own hand, every card played, and an open misère's hand once it is laid
down (``view``); the other cards are hidden. A *layout* is one way the hidden cards may lie: each
hidden hand keeps its size, and a seat that has shown out of a suit (it did not follow when that
suit was led) holds none of it. Layouts are drawn at random, every consistent layout equally likely
(``layouts`` says how), and every legal card of
the player is then judged by the double-dummy search in each (``analysis.analyse``). A card's
*success* is how many layouts it reaches the player's goal in: the card to play, single dummy, is
the one that succeeds most often.

The same seed draws the same layouts, so a success count stored with a puzzle can be counted again.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass

from ...engine.cards import Card
from . import analysis
from .rules import Position
from .rules.tricks import CurrentTrick, Trick
from .view import view

MIXING = 8
"""Swaps tried per hidden card between two layouts kept: enough that each layout forgets the last."""


@dataclass(frozen=True, slots=True)
class Hidden:
    """What ``seat`` does not see: the hidden cards, and per other seat how many it holds and the suits
    it has shown out of."""

    cards: tuple[Card, ...]
    sizes: dict[int, int]
    voids: dict[int, frozenset[str]]


def shown_voids(position: Position, finished: bool = True) -> dict[int, frozenset[str]]:
    """The suits each seat has shown out of: it played another suit to a trick that suit led (to the
    trick on the table alone with ``finished=False``)."""
    voids: dict[int, set[str]] = {seat: set() for seat in range(len(position.hands))}
    tricks: list[Trick | CurrentTrick] = [*(position.tricks if finished else ())]
    if position.trick is not None:
        tricks.append(position.trick)
    for trick in tricks:
        led = trick.cards[0].suit
        for offset, card in enumerate(trick.cards):
            if card.suit != led:
                voids[(trick.leader + offset) % len(position.hands)].add(led)
    return {seat: frozenset(suits) for seat, suits in voids.items()}


def hidden(position: Position, seat: int, counting: bool = True) -> Hidden:
    """What ``seat`` does not see; ``counting=False`` forgets the voids shown in the tricks before the
    one on the table (what a player who does not count knows)."""
    seen = view(position, seat)
    unseen = [other for other, hand in enumerate(seen.hands) if any(card is None for card in hand)]
    voids = shown_voids(position, counting)
    return Hidden(tuple(card for other in unseen for card in position.hands[other]),
                  {other: len(position.hands[other]) for other in unseen}, {other: voids[other] for other in unseen})


def layouts(position: Position, seat: int, rng: random.Random, count: int, counting: bool = True) -> list[Position]:
    """``count`` layouts of the cards ``seat`` cannot see, each ``position`` with the hidden hands dealt
    again; ``counting=False`` as ``hidden`` has it.

    The layouts are a walk from the deal itself: at each step two hidden cards in different hands change
    places unless that puts a card in a hand void in its suit. Every such swap is as likely as its
    reverse, so the walk comes to every consistent layout equally often, however few the voids leave
    (drawing whole deals and keeping the consistent ones would need thousands of draws in some endings);
    a layout is kept every ``MIXING`` swaps a hidden card, after as many to forget the deal itself."""
    unseen = hidden(position, seat, counting)
    hands = {other: list(position.hands[other]) for other in unseen.sizes}
    seats = [other for other in unseen.sizes for _ in range(unseen.sizes[other])]
    steps = MIXING * len(seats)
    found: list[Position] = []
    for _ in range(count + 1):
        for _ in range(steps if len(set(seats)) > 1 else 0):
            one, other = rng.sample(range(len(seats)), 2)
            first, second = seats[one], seats[other]
            if first == second:
                continue
            mine = rng.randrange(len(hands[first]))
            theirs = rng.randrange(len(hands[second]))
            card, swap = hands[first][mine], hands[second][theirs]
            if card.suit in unseen.voids[second] or swap.suit in unseen.voids[first]:
                continue
            hands[first][mine], hands[second][theirs] = swap, card
        dealt = tuple(tuple(hands[other]) if other in hands else hand for other, hand in enumerate(position.hands))
        found.append(dataclasses.replace(position, hands=dealt))
    return found[1:]


def successes(deals: list[Position], reaches: Callable[[analysis.CardValue], bool],
              node_limit: int) -> tuple[dict[Card, int], list[frozenset[Card]]]:
    """In how many of ``deals`` each legal card reaches the goal (``reaches`` says of a card's
    double-dummy value whether it does), and, layout by layout, the cards that did."""
    counts: dict[Card, int] = {}
    each: list[frozenset[Card]] = []
    for deal in deals:
        values = analysis.analyse(deal, node_limit)
        good = frozenset(value.card for value in values if reaches(value))
        for value in values:
            counts[value.card] = counts.get(value.card, 0) + (value.card in good)
        each.append(good)
    return counts, each

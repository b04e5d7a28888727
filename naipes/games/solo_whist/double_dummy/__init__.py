"""Solo Whist's double-dummy search, compiled (``_dds``, built from the C files beside this one): the
exact value of a deal whose four hands are all known, from any point of the play, for any contract's
question. ``reference.py`` is the same search in plain Python, slow and simple, that the tests check the
compiled one against; ``DESIGN.md`` describes how the compiled one works.

A question is two sets of seats (bit masks): the ``maximisers`` try to make the ``scorers`` take as
many of the remaining tricks as they can, and the other seats try to stop them. The scorers are
either the maximisers themselves (solo, abundance, proposal, declared abundance: a side wants its own
tricks) or their opponents (the misères: the defenders want the bidder to take tricks).

Cards are numbers 0..51 (suit × 13 + rank, the two lowest and the ace highest, suits in
``naipes.engine.cards.SUITS`` order) and hands are bit masks of them. ``node_limit`` caps the work of
one call (``BudgetExceeded`` when reached); 0 means no cap.

The search keeps its table of positions between calls with the same trump and sides (what it learnt
about one deal serves the next); ``forget`` empties it, for work whose cost must not depend on what
ran before (a decision under a node budget that must be the same for the same view).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from naipes.engine.cards import SUITS, Card

from ._dds import BudgetExceeded, card_tricks, card_wins, forget, nodes, tricks, wins

__all__ = [
    "NO_TRUMP", "SUIT_MASKS", "BudgetExceeded", "Deal", "card_of", "cards_in", "forget", "index_of", "mask_of", "nodes",
    "trump_index", "values", "verdicts", "value", "reaches",
]

_ACE_HIGH = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_MASKS = tuple(0x1FFF << (13 * suit) for suit in range(4))
"""The card numbers of each suit, as bit masks (the numbering both searches and the dealer use)."""
NO_TRUMP = -1
_CARDS = tuple(Card.parse(rank + suit) for suit in SUITS for rank in _ACE_HIGH)
_INDEX = {card: index for index, card in enumerate(_CARDS)}


def index_of(card: Card) -> int:
    """The search's number for ``card``: suit × 13 + rank, ace high."""
    return _INDEX[card]


def card_of(index: int) -> Card:
    """The card numbered ``index``: the deck's own card, not a copy."""
    return _CARDS[index]


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << index_of(card)
    return mask


def cards_in(mask: int) -> list[int]:
    """The card numbers in ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def trump_index(suit: str | None) -> int:
    return NO_TRUMP if suit is None else SUITS.index(suit)


@dataclass(frozen=True, slots=True)
class Deal:
    """Where the play stands: the cards each seat still holds, who led the trick in progress and its
    cards so far (empty between tricks: ``leader`` leads next), and the trump suit's index or
    ``NO_TRUMP``."""

    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...]
    trump: int

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def tricks_left(self) -> int:
        """The tricks still to be won, the one in progress included."""
        return bin(self.hands[self.to_move]).count("1")


def value(deal: Deal, maximisers: int, scorers: int, node_limit: int = 0, guess: int = -1) -> int:
    """How many of the tricks left the scorers take with best play by everyone."""
    return tricks(deal.hands, deal.leader, deal.trick, deal.trump, maximisers, scorers, guess, node_limit)


def reaches(deal: Deal, maximisers: int, scorers: int, need: int, node_limit: int = 0) -> bool:
    """Can the maximisers make the scorers take at least ``need`` of the tricks left?"""
    return wins(deal.hands, deal.leader, deal.trick, deal.trump, maximisers, scorers, need, node_limit)


def values(deal: Deal, maximisers: int, scorers: int, node_limit: int = 0) -> list[tuple[int, int]]:
    """``value`` after each legal card of the seat to move: ``[(card, tricks), ...]``, lowest card first."""
    return card_tricks(deal.hands, deal.leader, deal.trick, deal.trump, maximisers, scorers, node_limit)


def verdicts(deal: Deal, maximisers: int, scorers: int, need: int, node_limit: int = 0) -> list[tuple[int, bool]]:
    """``reaches`` after each legal card of the seat to move: ``[(card, yes), ...]``, lowest card first."""
    return card_wins(deal.hands, deal.leader, deal.trick, deal.trump, maximisers, scorers, need, node_limit)

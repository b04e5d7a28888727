"""The one card model every game shares.

A card is a rank and a suit, written as in the API: rank then suit letter
(``"10H"``, ``"QS"``, ``"AC"``). There are exactly 52 distinct cards and each is
a singleton (``Card(rank, suit)`` gives back the one card, and so do copying and
unpickling), so cards compare and hash by identity, which is cheap, and
``Card.parse`` is a dictionary look-up. Games that need more than one copy of a
card (Double Solitaire's two decks) attach the owner themselves; the card stays
the card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset({"H", "D"})
RANK_VALUES = {rank: index + 1 for index, rank in enumerate(RANKS)}
"""The one table of rank values, ace low: A=1, 2..10, J=11, Q=12, K=13 (games with ace high adjust)."""


class UnknownCard(ValueError):
    """A string that names no card (``"1H"``, ``"QX"``, ``7``)."""


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One of the 52 cards. ``value`` runs from 1 (ace) to 13 (king)."""

    rank: str
    suit: str

    def __new__(cls, rank: str, suit: str) -> Card:
        card = _FACES.get((rank, suit))
        if card is None:
            card = _FACES[rank, suit] = object.__new__(cls)
        return card

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return Card, (self.rank, self.suit)

    @property
    def code(self) -> str:
        """The API's name for the card: ``"10H"``."""
        return self.rank + self.suit

    @property
    def value(self) -> int:
        """Ace low: A=1 … K=13, from ``RANK_VALUES``."""
        return RANK_VALUES[self.rank]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red, spades and clubs black."""
        return self.suit in RED_SUITS

    @property
    def symbol(self) -> str:
        """The card as people write it, language-neutral: ``"10♥"``."""
        return self.rank + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    @staticmethod
    def parse(code: object) -> Card:
        """The card named by ``code``; ``UnknownCard`` for anything else."""
        try:
            return _BY_CODE[code]  # type: ignore[index]
        except (KeyError, TypeError):
            raise UnknownCard(f"not a card: {code!r}") from None


_FACES: dict[tuple[str, str], Card] = {}

DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""The 52 cards, suit by suit (♠ ♥ ♦ ♣), ace to king: the order of a new pack."""

_BY_CODE = {card.code: card for card in DECK}


def codes(cards: Iterable[Card]) -> list[str]:
    """Cards back as API strings, in the same order."""
    return [card.code for card in cards]

"""Sentences a game says, in English templates that the web layer translates.

A game's package knows nothing of Flask or of the reader's language: it says
what happened, or why a move was chosen, as a ``Sentence``: a catalog msgid
marked with ``N_`` (``%(name)s`` placeholders) and its parameters. The
parameters are values the web layer words in the reader's language: a
``Card`` as its symbol (``Q♥``), a ``Spoken`` card by its name ("dama de
corazones"), a ``Seat`` as "Jugador 2", a ``Term`` (a word of the game's own,
Solo Whist's calls) through the catalog, a ``Suit`` by its name, a list of
spoken cards as "A, B y C", and a nested ``Sentence`` translated first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .cards import Card


@dataclass(frozen=True, slots=True)
class Sentence:
    """An English template and its parameters; with ``plural``, chosen by ``count`` as ngettext does.

    ``yours`` is the same sentence told to its ``player`` (an ``N_`` msgid, or an ``Nn_`` pair when
    the sentence is counted): a reader's own move is told in the second person, as everything else
    on the site speaks to them. ``to_others`` does the same for the seats its other parameters name
    (the reader whose fan another player draws from), by parameter."""

    message: str
    params: Mapping[str, object] = field(default_factory=dict)
    plural: str | None = None
    count: int = 1
    yours: str | tuple[str, str] | None = None
    to_others: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def counted(cls, messages: tuple[str, str], count: int, params: Mapping[str, object],
                yours: tuple[str, str] | None = None) -> Sentence:
        """The singular or plural of ``messages`` (marked with ``Nn_``) as ``count`` asks."""
        return cls(messages[0], params, messages[1], count, yours)

    def told_to(self, reader: int) -> Sentence:
        """The sentence as the player in seat ``reader`` reads it: their own moves, here and in the
        sentences inside it, in the second person."""
        params = {name: value.told_to(reader) if isinstance(value, Sentence) else value
                  for name, value in self.params.items()}
        if self.yours is None or self.params.get("player") != Seat(reader):
            named = next((message for name, message in self.to_others.items()
                          if self.params.get(name) == Seat(reader)), None)
            return replace(self, params=params) if named is None else Sentence(named, params)
        if isinstance(self.yours, tuple):
            return Sentence(self.yours[0], params, self.yours[1], self.count)
        return Sentence(self.yours, params)


@dataclass(frozen=True, slots=True)
class Seat:
    """A player, numbered from 0 as in the API; people count from 1."""

    index: int


@dataclass(frozen=True, slots=True)
class Spoken:
    """A card said by its name, as a screen reader would, rather than shown as a symbol."""

    card: Card


@dataclass(frozen=True, slots=True)
class SpokenList:
    """Cards said by their names, joined as a list ("A, B and C")."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Suit:
    """A suit by its name ("picas", "espadas")."""

    letter: str


@dataclass(frozen=True, slots=True)
class Term:
    """A word of the game's own (a call's name), an ``N_``-marked msgid."""

    msgid: str


class Untold(Exception):
    """An event that does not fit the game's events: it is left untold (and unshown) rather than trusted."""


MAX_SEATS = 6
"""No game seats more players: a seat beyond this in an event is not one of ours."""


def seat_in(value: object) -> Seat:
    """The seat an event names; ``Untold`` for anything that is not a seat."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_SEATS:
        raise Untold
    return Seat(value)


def card_in(value: object) -> Card | None:
    """The card an event names, or None for a card the seat did not see; ``Untold`` for anything else."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise Untold
    try:
        return Card.parse(value)
    except ValueError:
        raise Untold from None


MAX_CARDS = 13
"""The most cards one event names (a Solo Whist hand laid open, a race's run of a column): telling is capped."""


def cards_in(value: object) -> list[Card | None]:
    """The cards an event lists (at most ``MAX_CARDS``), unseen ones None."""
    if not isinstance(value, list) or len(value) > MAX_CARDS:
        raise Untold
    return [card_in(item) for item in value]


def spoken_list(value: object) -> SpokenList:
    """The seen cards an event lists, to be said by name; ``Untold`` if it names none."""
    cards = tuple(card for card in cards_in(value) if card is not None)
    if not cards:
        raise Untold
    return SpokenList(cards)


Journey = Mapping[str, object]
"""Where an event's cards travel on the drawn table, for the play page to show the move: ``from`` and
``to`` (places of the game's table template, its ``data-anchor``s), ``cards`` (codes, ``None`` for a
card travelling face down), ``seat`` (who moved), ``hold`` (the card stays where it lands), ``together`` (it travels at the same
time as the journeys so marked just before and after it: Old Maid's pairs laid aside, all at once);
or only ``seat``, or ``gather`` (a trick swept to its winner)."""


def journey(origin: str, destination: str, cards: list[Card | None], seat: Seat, hold: bool = False,
            together: bool = False) -> Journey:
    """A card or cards travelling from ``origin`` to ``destination`` on the table, moved by ``seat``."""
    codes = [None if card is None else card.code for card in cards]
    return {"from": origin, "to": destination, "cards": codes, "seat": seat.index, "hold": hold,
            "together": together}


def travelling(value: object, limit: int = MAX_CARDS) -> list[Card | None]:
    """The cards an event moves (one to ``limit``); ``Untold`` for anything else."""
    cards = cards_in(value)
    if not 0 < len(cards) <= limit:
        raise Untold
    return cards

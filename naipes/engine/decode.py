"""Reading the API's JSON into engine values: the checks every game's ``from_json`` shares.

Each check takes ``where`` (the value's path, for the English detail a developer
reads) and the exception to raise: ``InvalidPosition`` while reading a position,
``InvalidMove`` while reading a move. So a malformed value is refused the same
way whichever game reads it, and nothing but those two exceptions ever escapes.
"""

from __future__ import annotations

from collections.abc import Set

from .cards import Card, UnknownCard
from .errors import EngineError, InvalidPosition

Failure = type[EngineError]


def describe(value: object) -> str:
    """A short, safe description of a JSON value for a message (never the whole value)."""
    if isinstance(value, str):
        return repr(value[:24])
    return type(value).__name__


def is_whole_number(value: object) -> bool:
    """A JSON integer: ``bool`` is an ``int`` to Python, not to JSON."""
    return type(value) is int


def json_object(
    data: object, where: str, required: Set[str], optional: Set[str] = frozenset(), error: Failure = InvalidPosition
) -> dict:
    """``data`` as a dict holding every ``required`` field and nothing but those and the ``optional`` ones."""
    if not isinstance(data, dict):
        raise error("%(where)s must be an object, not %(got)s", where=where, got=describe(data))
    missing = sorted(set(required) - data.keys())
    if missing:
        raise error("%(where)s lacks %(field)s", where=where, field=missing[0])
    unknown = [name for name in data if name not in required and name not in optional]
    if unknown:
        raise error("%(where)s has an unknown field %(field)s", where=where, field=describe(unknown[0]))
    return data


def json_list(data: object, where: str, length: int | None = None, error: Failure = InvalidPosition) -> list:
    """``data`` as a list, of exactly ``length`` entries when given."""
    if not isinstance(data, list):
        raise error("%(where)s must be a list, not %(got)s", where=where, got=describe(data))
    if length is not None and len(data) != length:
        raise error("%(where)s must have %(length)s entries", where=where, length=length)
    return data


def card(data: object, where: str, error: Failure = InvalidPosition) -> Card:
    """The card a code names (``"10H"``)."""
    try:
        return Card.parse(data)
    except UnknownCard:
        raise error("%(where)s is not a card: %(got)s", where=where, got=describe(data)) from None


def cards(data: object, where: str, error: Failure = InvalidPosition) -> tuple[Card, ...]:
    """A list of card codes as cards, in order."""
    return tuple(card(item, f"{where}[{index}]", error) for index, item in enumerate(json_list(data, where, error=error)))


def player(data: object, where: str, players: int, error: Failure = InvalidPosition) -> int:
    """A player number at a table of ``players``: 0 to ``players - 1``."""
    if not is_whole_number(data) or not 0 <= data < players:
        raise error(
            "%(where)s must be a player number from 0 to %(last)s, not %(got)s",
            where=where, last=players - 1, got=describe(data),
        )
    return data

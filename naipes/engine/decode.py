"""Reading the API's JSON into engine values: the pieces every game's JSON shapes share.

Each game declares its JSON shapes once, as ``msgspec`` structs in
``naipes.games.<game>.shapes``; msgspec derives from them the checking of what comes in, the
encoding of what goes out and the JSON Schema of the API document. ``read``
checks a value against a shape and turns msgspec's account of a mismatch into the
engine's own failure: ``InvalidPosition`` while reading a position, ``InvalidMove``
while reading a move, so nothing else ever escapes whatever a client sends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, TypeGuard, TypeVar

import msgspec

from .cards import DECK, SUITS
from .errors import EngineError, InvalidPosition

Failure = type[EngineError]
T = TypeVar("T")

CARD_CODES = tuple(card.code for card in DECK)
"""Every card's API name, in the order of a new pack."""

if TYPE_CHECKING:
    CardCode = str
    SuitLetter = str
else:
    CardCode = Annotated[Literal[CARD_CODES], msgspec.Meta(title="Card")]
    SuitLetter = Annotated[Literal[SUITS], msgspec.Meta(title="Suit")]

Count = Annotated[int, msgspec.Meta(ge=0)]
"""A whole number, 0 or more."""

OUTPUT_ONLY = msgspec.Meta(extra_json_schema={"readOnly": True})
"""A field the answers carry and a client need not send: it is ignored on input."""


class Tagged(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    """The shape every game's moves and events share: a JSON object that names its kind in ``type``
    (the subclass's ``tag``) and holds no field beyond its declared ones."""


def read(data: object, shape: type[T], error: Failure = InvalidPosition, output_only: frozenset[str] = frozenset()) -> T:
    """``data`` (parsed JSON) as an instance of ``shape``, or ``error`` saying where it does not fit.

    Fields named in ``output_only`` are dropped unread: the API reports them (a race's
    status, whose turn it is) and promises to ignore them when a position is sent back.
    """
    if output_only and isinstance(data, dict):
        data = {key: value for key, value in data.items() if key not in output_only}
    try:
        return msgspec.convert(data, shape)
    except msgspec.ValidationError as mismatch:
        raise error("%(detail)s", detail=str(mismatch)) from None


def read_union(data: object, shapes: object, error: Failure) -> object:
    """``data`` as one of the structs of the tagged union ``shapes``; the caller tells which."""
    try:
        decoded: object = msgspec.convert(data, shapes)
    except msgspec.ValidationError as mismatch:
        raise error("%(detail)s", detail=str(mismatch)) from None
    return decoded


def write(shape: msgspec.Struct) -> dict[str, object]:
    """A declared JSON shape as plain JSON values, fields in their declared order."""
    encoded: dict[str, object] = msgspec.to_builtins(shape)
    return encoded


def describe(value: object) -> str:
    """A short, safe description of a JSON value for a message (never the whole value)."""
    if isinstance(value, str):
        return repr(value[:24])
    return type(value).__name__


def is_whole_number(value: object) -> TypeGuard[int]:
    """A JSON integer: ``bool`` is an ``int`` to Python, not to JSON."""
    return type(value) is int


def player(data: object, where: str, players: int, error: Failure = InvalidPosition) -> int:
    """A player number at a table of ``players``: 0 to ``players - 1``."""
    if not isinstance(data, int) or isinstance(data, bool) or not 0 <= data < players:
        raise error(
            "%(where)s must be a player number from 0 to %(last)s, not %(got)s",
            where=where, last=players - 1, got=describe(data),
        )
    return data

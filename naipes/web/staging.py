"""Where each event's cards travel on the drawn table, for the play page to show the moves.

The play page draws the table as it is after an answer at once, then shows what
happened on the way: a card travelling from a hand to the trick, a pair to its
pile, a drawn card from fan to fan, a race card from column to foundation. The
page knows no rule, so the server says, event by event, which places of the
drawing (``data-anchor`` in the table templates) a card leaves and reaches.
Events come back from the browser: a field that does not fit leaves the event
without a journey (it is still told, or not, by ``narration``).
"""

from __future__ import annotations

import re

from ..engine.cards import SUIT_SYMBOLS, Card, UnknownCard
from ..engine.decode import is_whole_number

_MAX_SEATS = 6
_PILE = re.compile(r"^(waste|c[0-6]|f[0-7])$")


class _Unstaged(Exception):
    """An event field that does not fit: the event has no journey."""


def _seat(value: object) -> int:
    if not is_whole_number(value) or not 0 <= value < _MAX_SEATS:
        raise _Unstaged
    return value


def _face(code: object) -> dict | None:
    """What the stylesheet draws a card from (as ``cards.html`` writes it), None for a back."""
    if code is None:
        return None
    try:
        card = Card.parse(code)
    except UnknownCard:
        raise _Unstaged from None
    return {"rank": card.rank, "suit": SUIT_SYMBOLS[card.suit], "red": card.is_red}


def _cards(value: object, limit: int = 13) -> list[dict | None]:
    """The faces of the cards that travel; a card the seat did not see travels face down."""
    if not isinstance(value, list) or not 0 < len(value) <= limit:
        raise _Unstaged
    return [_face(item) for item in value]


def _journey(origin: str, destination: str, cards: list[dict | None], seat: int, hold: bool = False) -> dict:
    return {"from": origin, "to": destination, "cards": cards, "seat": seat, "hold": hold}


def _old_maid(kind: str, event: dict) -> dict | None:
    if kind == "discarded":
        player = _seat(event["player"])
        return _journey(f"hand-{player}", f"discards-{player}", _cards(event["cards"], 2), player)
    if kind == "drew":
        player, offerer = _seat(event["player"]), _seat(event["from"])
        return _journey(f"hand-{offerer}", f"hand-{player}", _cards([event["card"]]), player)
    if kind == "out":
        return {"seat": _seat(event["player"])}
    if kind == "game_over":
        return {"seat": _seat(event["loser"])}
    return None


def _solo_whist(kind: str, event: dict) -> dict | None:
    if kind in ("bid", "trump_named"):
        return {"seat": _seat(event["player"])} if "player" in event else None
    if kind == "played":
        player = _seat(event["player"])
        # The card stays in front of its player until the trick is won.
        return _journey(f"hand-{player}", f"trick-{player}", _cards([event["card"]]), player, hold=True)
    if kind == "trick_won":
        winner = _seat(event["winner"])
        return {"gather": f"seat-{winner}", "seat": winner}
    return None


def _pile(value: object) -> str:
    if not isinstance(value, str) or not _PILE.match(value):
        raise _Unstaged
    return value


def _race(kind: str, event: dict) -> dict | None:
    player = _seat(event["player"]) if "player" in event else None
    if player is None or player > 1:
        return None
    if kind == "moved":
        origin, destination = _pile(event["from"]), _pile(event["to"])
        # A foundation is shared: its place on the table is not either player's.
        target = destination if destination.startswith("f") else f"p{player}-{destination}"
        return _journey(f"p{player}-{origin}", target, _cards(event["cards"]), player)
    if kind == "drew":
        cards = _cards(event["cards"], 3)
        return _journey(f"p{player}-stock", f"p{player}-waste", cards[-1:], player)
    if kind == "recycled":
        return _journey(f"p{player}-waste", f"p{player}-stock", [None], player)
    return None


_STAGERS = {"old-maid": _old_maid, "solo-whist": _solo_whist, "double-solitaire": _race}


def stage(game: str, event: dict) -> dict | None:
    """Where ``event``'s cards travel on the drawing of ``game``'s table, or None if nothing travels."""
    stager = _STAGERS.get(game)
    kind = event.get("type")
    if stager is None or not isinstance(kind, str):
        return None
    try:
        return stager(kind, event)
    except (_Unstaged, KeyError):
        return None

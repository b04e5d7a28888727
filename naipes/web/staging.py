"""Where each event's cards travel on the drawn table, with the faces the stylesheet draws.

The play page draws the table as it is after an answer at once, then shows what happened on
the way: each game's ``sentences.stage`` says which places of its table template a card leaves
and reaches (``Rules.stage``); this module adds what the page needs to draw the travelling card.
Events come back from the browser: an event that does not fit has no journey (it is still told,
or not, by ``narration``).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.cards import SUIT_SYMBOLS, Card
from ..games import GAMES


def _face(code: object) -> dict | None:
    """What the stylesheet draws a card from (as ``cards.html`` writes it), None for a back."""
    if code is None:
        return None
    card = Card.parse(code)
    return {"rank": card.rank, "suit": SUIT_SYMBOLS[card.suit], "red": card.is_red}


def stage(game_id: str, event: Mapping[str, object]) -> dict | None:
    """Where ``event``'s cards travel on the drawing of the game's table, or None if nothing travels."""
    game = GAMES.get(game_id)
    journey = None if game is None else game.stage(event)
    if journey is None:
        return None
    shown = dict(journey)
    if "cards" in shown:
        codes = shown["cards"]
        assert isinstance(codes, list)
        shown["cards"] = [_face(code) for code in codes]
    return shown

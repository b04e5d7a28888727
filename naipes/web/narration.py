"""Events told in the reader's language, one sentence each, for a table's live region.

The play page announces every move the computer players make; the API's events
say what happened, each game's ``sentences`` say it in words ("Player 3 draws a
card from Player 2's fan."), and this module translates them. An event that
does not fit the game's events is left untold rather than trusted.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..games import GAMES
from ..tables.friends import table_sentence
from .i18n import say


def narrate(game_id: str, event: Mapping[str, object], reader: int | None = None) -> str | None:
    """One event of the game ``game_id`` in the reader's language, or None if it does not fit the game's events;
    the moves of the seat ``reader`` are told to them, in the second person."""
    game = GAMES.get(game_id)
    if game is None:
        return None
    # The table's own events (a person's move the computer made) are told alike in every game.
    sentence = game.tell(event) or table_sentence(event)
    if sentence is None:
        return None
    return say(sentence if reader is None else sentence.told_to(reader))

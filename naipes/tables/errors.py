"""What a table refuses, as the kernel's errors: a stable ``code`` and an English message for the catalogs.

A request the table cannot take now (not the reader's turn, the game over, nothing to undo,
a game whose moves were not all kept) is an ``IllegalMove``, as a move the rules forbid is.
The refusals below are of another kind, so that the web layer can answer each as it should:
a key that opens no table, one whose time is over, a table changed since the request's version,
a game not over yet, and a seat or level the game does not have.
"""

from __future__ import annotations

from ..engine.errors import N_, EngineError


class InvalidTable(EngineError):
    """A key that opens no table of this game here."""

    code = "invalid_table"

    def __init__(self) -> None:
        super().__init__(N_("This table cannot be opened: the token was changed or was not made here. Start a new game."))


class StaleTable(EngineError):
    """A request made on a version of the table that is no longer the table's: it changed in between."""

    code = "stale_table"

    def __init__(self) -> None:
        super().__init__(N_("The table has moved on since this move was chosen: look at it again and play."))


class ExpiredTable(EngineError):
    """A table made longer ago than the tables' lifetime (``days``, whole days)."""

    code = "table_expired"

    def __init__(self, days: int) -> None:
        super().__init__(N_("This table was dealt more than %(days)s days ago and has closed: start a new game."),
                         days=days)


class GameNotOver(EngineError):
    """A question for a finished game (its review, the next deal) asked while it is still played."""

    code = "game_not_over"


class InvalidSeating(EngineError):
    """A new table's seat or level that the game does not have."""


class InvalidLevel(InvalidSeating):
    code = "invalid_level"

    def __init__(self, levels: tuple[str, ...]) -> None:
        super().__init__(N_("The level must be one of: %(levels)s."), levels=", ".join(levels))


class InvalidSeat(InvalidSeating):
    code = "invalid_seat"

    def __init__(self, seats: int) -> None:
        super().__init__(N_("The seat must be a player number from 0 to %(last)s."), last=seats - 1)

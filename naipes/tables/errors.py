"""What a table refuses, as the kernel's errors: a stable ``code`` and an English message for the catalogs.

A request the table cannot take now (not the reader's turn, the game over, nothing to undo,
a game whose moves were not all kept) is an ``IllegalMove``, as a move the rules forbid is.
The refusals below are of another kind, so that the web layer can answer each as it should:
a table that does not open, one whose time is over, a game not over yet, and a seat or
level the game does not have.
"""

from __future__ import annotations

from ..engine.errors import N_, EngineError


class InvalidTable(EngineError):
    """A table that cannot be opened: altered, made with another key or for another game, or of no table's shape."""

    code = "invalid_table"

    def __init__(self) -> None:
        super().__init__(N_("This table cannot be opened: the token was changed or was not made here. Start a new game."))


class ExpiredTable(EngineError):
    """A genuine table dealt longer ago than the tables' lifetime (``days``, whole days)."""

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

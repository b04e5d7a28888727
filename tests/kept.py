"""The tests' look behind the API: the table a seat's key opens, as the store keeps it (every card
known), and a chosen table put in the store as the server would keep one (a client cannot choose the cards)."""

from __future__ import annotations

from naipes.games import GAMES
from naipes.tables import Table
from naipes.web.tables import table_store


def kept_table(app, game_id: str, key: str) -> Table:
    with app.app_context():
        return table_store().open(key, GAMES[game_id]).table


def seated(app, table: Table) -> str:
    """The key of a new stored table holding ``table`` as it is."""
    with app.app_context():
        return table_store().create(table, []).key

"""A table of any game in ``naipes.games``: a reader and computer players, with no web in it.

- ``table``: a table and every request a reader makes of it (deal, move, hint, tick, undo,
  review, the same deal again, the next deal), as functions from the table before to the
  table after, refusing with the kernel's errors (``errors``);
- ``driver``: moves the computer seats, each from its own seat's view;
- ``record``: the game as played since the deal, for its review, undo and "again";
- ``session``: deal after deal with the same seats, a running score per seat;
- ``store``: where tables are kept between requests (a database, its schema in ``schema`` and
  ``migrations``); the reader's page holds a seat's key only;
- ``friends``, ``gathering``, ``events``: tables with friends: who sits where and the computer that
  plays for a person who left or ran out of time; their seats, invitations and names in the store;
  the news of a change, from the instance that made it to every seat's stream.
"""

from .table import Table, again, again_from, deal, hint, move, new_table_fields, next_deal, review, tick, undo

__all__ = ["Table", "again", "again_from", "deal", "hint", "move", "new_table_fields", "next_deal", "review", "tick", "undo"]

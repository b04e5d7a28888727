"""The table store's tables, as SQLAlchemy Core sees them; ``migrations`` makes them in a database.

- ``tables``: one row per table: its game and computers' level, the position now, the dice thrown
  at the deal (``dice``, a 128-bit seed from ``secrets`` in hex), the record of the game since the
  deal (and the help asked), the session's deals before this one, the ``version`` (moves made at
  it), whether it is a practice table (a deal played again) or a table with friends, when it was
  made and when it closes (``created``, ``expires``: seconds since the epoch, set once), the
  deadline of the turn being played (tables with friends) and the next deal made from it.
- ``seats``: one row per seat: ``me``, ``friend`` or ``computer``; the SHA-256 of the seat's key
  and of its invitation code (never the key or code itself, so the database gives neither away);
  the name and language of whoever sits there; whether an invited seat is taken, whether its
  player has left it to a computer, and the last version the seat was answered at (``seen``).
- ``events``: each table's events, unmasked, one row per version: the seat asking "what happened
  since version N" reads them and masks them for its own view.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("level", sa.String(20), nullable=False),
    sa.Column("position", sa.JSON, nullable=False),
    sa.Column("dice", sa.String(32), nullable=False),
    sa.Column("record", sa.JSON, nullable=False),
    sa.Column("session", sa.JSON, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("practice", sa.Boolean, nullable=False),
    sa.Column("friends", sa.Boolean, nullable=False),
    sa.Column("created", sa.BigInteger, nullable=False),
    sa.Column("expires", sa.BigInteger, nullable=False, index=True),
    sa.Column("turn_deadline", sa.Float, nullable=True),
    sa.Column("next_table", sa.Integer, nullable=True),
)

seats = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(10), nullable=False),
    sa.Column("key_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("name", sa.String(24), nullable=True),
    sa.Column("language", sa.String(8), nullable=True),
    sa.Column("invite_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("taken", sa.Boolean, nullable=False),
    sa.Column("away", sa.Boolean, nullable=False),
    sa.Column("seen", sa.Integer, nullable=False),
)

events = sa.Table(
    "events", metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("events", sa.JSON, nullable=False),
)

SEAT_KINDS = ("me", "friend", "computer")

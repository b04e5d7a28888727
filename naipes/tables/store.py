"""Where tables are kept between requests: a database (SQLite by default, PostgreSQL for a site of
many instances) through SQLAlchemy Core, its schema made by the Alembic migrations beside it.

The client holds a seat's key only (``secrets.token_urlsafe``, 192 bits); the database keeps its
SHA-256, so a copy of the database opens no seat. A request loads the table (``open``), the
table's pure functions compute the table after it (``naipes.tables.table``), and ``save`` writes
it back in one transaction that checks the version it was loaded at: of two requests made at once
on one version, one is kept and the other refused (``StaleTable``), so a move is applied once.
The key of the table a request makes from another (the next deal, the same deal again) is derived
from the asking seat's key, so that asking twice opens the table made the first time.
Tables past their lifetime are deleted, seats, events and names with them, a few at a time
(``sweep``), whenever a table is made.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine

from ..engine.contract import Rules
from ..engine.errors import EngineError
from ..engine.events import Event
from .errors import ExpiredTable, InvalidTable, StaleTable
from .record import Record
from .schema import events as events_table
from .schema import seats, tables
from .session import Session
from .table import Table

DEFAULT_LIFETIME = 2 * 24 * 3600
"""How long a table stays open after it is made, in seconds, unless the site says otherwise."""

MIN_LIFETIME = 24 * 3600

SWEEP = 5
"""How many expired tables one sweep deletes at most: a request's extra work stays small."""

MIGRATIONS = Path(__file__).parent / "migrations"
_MIGRATION_LOCK = 61_0001
"""PostgreSQL's advisory lock taken while migrating, so that workers starting together migrate once."""

_MAX_KEY = 100


def new_key() -> str:
    """A seat's key: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def derived_key(key: str, purpose: str) -> str:
    """The key of the table made by ``purpose`` from the table of ``key``: whoever holds ``key`` (and
    only they) finds it again; it is as unguessable as ``key``."""
    return hashlib.sha256(f"{purpose}\0{key}".encode()).hexdigest()[:43]


@dataclass(frozen=True, slots=True)
class Kept:
    """A table as the store keeps it, opened by one seat's key."""

    id: int
    key: str
    version: int
    table: Table
    expires: int
    seen: int
    """The version this seat was last answered at."""
    next_table: int | None = None
    friends: bool = False
    """Whether it is a table with friends (``naipes.tables.gathering`` keeps its seats)."""
    deadline: float | None = None
    """At a table with friends, when the turn being played ends (seconds since the epoch), if a person's it is."""


def sqlite_url(folder: str | Path) -> str:
    """The default store: a SQLite file in the app's instance folder."""
    return f"sqlite:///{Path(folder) / 'tables.sqlite'}"


class TableStore:
    """The tables of one site, in the database at ``url``; tables close ``lifetime`` seconds after they are made."""

    def __init__(self, url: str, lifetime: int = DEFAULT_LIFETIME) -> None:
        self.lifetime = max(MIN_LIFETIME, lifetime)
        self.engine = _engine(url)
        self.writer = self.engine.execution_options(immediate=True)

    def migrate(self) -> None:
        """The schema brought up to date, once however many processes start together."""
        with self.writer.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(sa.text("select pg_advisory_xact_lock(:lock)"), {"lock": _MIGRATION_LOCK})
            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def dispose(self) -> None:
        self.engine.dispose()

    def create(self, table: Table, events: Sequence[Event], key: str | None = None,
               expires: int | None = None, now: float | None = None, next_of: int | None = None) -> Kept:
        """``table`` kept as a new table, the reader's seat opened by ``key`` (a new one if none), its deal's
        ``events`` logged at version 0; a few expired tables are swept on the way. With ``next_of``, it is
        kept only as the next deal of that table, if it has none yet (else ``AlreadyDealt``)."""
        key = key or new_key()
        now = int(time.time() if now is None else now)
        expires = now + self.lifetime if expires is None else expires
        with self._writing() as connection:
            table_id = insert_table(connection, table, events, expires)
            connection.execute(seats.insert(), [
                {"table_id": table_id, "number": number, "kind": "me" if number == table.seat else "computer",
                 "key_hash": key_hash(key) if number == table.seat else None, "taken": True, "away": False,
                 "seen": 0}
                for number in range(table.game.seats(table.position))
            ])
            if next_of is not None:
                link_next(connection, next_of, table_id)
        self.sweep(now)
        return Kept(table_id, key, 0, table, expires, 0)

    def open(self, key: object, game: Rules, now: float | None = None) -> Kept:
        """The table of ``game`` that ``key`` opens, for its seat: ``InvalidTable`` for a key this
        store did not make (or of another game), ``ExpiredTable`` for one past its lifetime."""
        if not isinstance(key, str) or not 0 < len(key) <= _MAX_KEY:
            raise InvalidTable
        with self.engine.connect() as connection:
            row = connection.execute(
                sa.select(tables, seats.c.number, seats.c.seen)
                .join(seats, seats.c.table_id == tables.c.id)
                .where(seats.c.key_hash == key_hash(key))
            ).one_or_none()
        if row is None or row.game != game.ID:
            raise InvalidTable
        if (time.time() if now is None else now) >= row.expires:
            raise ExpiredTable(self.lifetime // (24 * 3600))
        return Kept(row.id, key, row.version, _table(game, row, row.number), row.expires, row.seen, row.next_table,
                    row.friends, row.turn_deadline)

    def events_since(self, kept: Kept, version: int) -> list[Event]:
        """The table's events after ``version`` up to ``kept``'s, unmasked, in order (``Table.seen`` masks them
        for a seat)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                sa.select(events_table.c.events).where(events_table.c.table_id == kept.id,
                                                       events_table.c.version > version,
                                                       events_table.c.version <= kept.version)
                .order_by(events_table.c.version)).scalars()
            return [Event(logged["type"], {name: value for name, value in logged.items() if name != "type"})
                    for logged_events in rows for logged in logged_events]

    def save(self, kept: Kept, table: Table, events: Sequence[Event], moved: bool = True) -> Kept:
        """``table`` kept in place of ``kept``'s, if nobody changed it since it was opened (else
        ``StaleTable``), in one transaction: with ``moved``, a new version whose events are logged."""
        version = kept.version + 1 if moved else kept.version
        with self._writing() as connection:
            changed = connection.execute(
                tables.update().where(tables.c.id == kept.id, tables.c.version == kept.version).values(
                    position=table.position.to_json(), record=table.record.to_json(),
                    session=table.session.to_json(), version=version)).rowcount
            if changed != 1:
                raise StaleTable
            if moved:
                connection.execute(events_table.insert().values(
                    table_id=kept.id, version=version, events=[event.to_json() for event in events]))
            connection.execute(seats.update().where(seats.c.table_id == kept.id, seats.c.number == table.seat)
                               .values(seen=version))
        return replace(kept, version=version, table=table, seen=version)

    def made_from(self, kept: Kept, purpose: str, make: Callable[[], tuple[Table, list[Event]]],
                  game: Rules, expires: int | None = None) -> tuple[Kept, list[Event], bool]:
        """The table made from ``kept`` for ``purpose`` (the next deal, the same deal again): made by
        ``make`` the first time, opened again every time after, whoever asks first when two ask at once.
        Returns it, the events of its deal, and whether it was made now."""
        key = derived_key(kept.key, purpose)
        try:
            return self.open(key, game), [], False
        except InvalidTable:
            pass
        table, events = make()
        try:
            made = self.create(table, events, key=key, expires=expires, next_of=kept.id if purpose == "next" else None)
        except (sa.exc.IntegrityError, AlreadyDealt):
            return self.open(key, game), [], False
        return made, events, True

    def sweep(self, now: float | None = None, limit: int = SWEEP) -> int:
        """Deletes up to ``limit`` tables past their lifetime, with their seats and events; how many."""
        now = int(time.time() if now is None else now)
        with self._writing() as connection:
            expired = list(connection.execute(
                sa.select(tables.c.id).where(tables.c.expires <= now).order_by(tables.c.expires).limit(limit)
            ).scalars())
            if expired:
                connection.execute(events_table.delete().where(events_table.c.table_id.in_(expired)))
                connection.execute(seats.delete().where(seats.c.table_id.in_(expired)))
                connection.execute(tables.delete().where(tables.c.id.in_(expired)))
        return len(expired)

    def count(self) -> int:
        """How many tables are kept, expired or not."""
        with self.engine.connect() as connection:
            return connection.execute(sa.select(sa.func.count()).select_from(tables)).scalar_one()

    def _writing(self):
        """A transaction that writes: on SQLite it takes the write lock at once (``BEGIN IMMEDIATE``),
        waiting its turn, rather than failing when two readers both try to write."""
        return self.writer.begin()


class AlreadyDealt(Exception):
    """The table already has its next deal: the one being kept is not, and its transaction is undone."""


def insert_table(connection: Connection, table: Table, events: Sequence[Event], expires: int,
                 friends: bool = False, deadline: float | None = None) -> int:
    """A new table's row and its deal's events (version 0), in ``connection``'s transaction; its id."""
    table_id = connection.execute(tables.insert().values(
        game=table.game.ID, level=table.level, position=table.position.to_json(), dice=f"{table.dice:032x}",
        record=table.record.to_json(), session=table.session.to_json(), version=0,
        practice=table.practice, friends=friends, created=table.created, expires=expires, turn_deadline=deadline,
    ).returning(tables.c.id)).scalar_one()
    connection.execute(events_table.insert().values(
        table_id=table_id, version=0, events=[event.to_json() for event in events]))
    return table_id


def link_next(connection: Connection, table_id: int, next_id: int) -> None:
    """``next_id`` made the next deal of ``table_id`` in ``connection``'s transaction, if it has none yet; else
    ``AlreadyDealt``, which undoes the transaction. Two people asking at once both deal, and the second
    to get here finds the first's deal: on PostgreSQL its update waits for the first's row lock and then
    sees the row as the first left it, on SQLite the transactions take the write lock one after the other."""
    linked = connection.execute(tables.update().where(tables.c.id == table_id, tables.c.next_table.is_(None))
                                .values(next_table=next_id)).rowcount
    if linked != 1:
        raise AlreadyDealt


def _table(game: Rules, row: sa.Row, seat: int) -> Table:
    """The ``Table`` a row keeps, seen from ``seat``; a row that does not fit the game is an invalid table."""
    try:
        position = game.Position.from_json(row.position)
        seats_at = game.seats(position)
        record = Record.from_json(row.record)
        if record is None or row.level not in game.levels:
            raise InvalidTable
        return Table(game, position, seat, row.level, row.created, record,
                     Session.from_json(row.session, game.scoring, seats_at), int(row.dice, 16), row.practice)
    except (EngineError, ValueError):
        raise InvalidTable from None


def _engine(url: str) -> Engine:
    """An engine for ``url``; on SQLite, real transactions (the driver's own handling of them is
    switched off), write-ahead logging so that readers do not wait on a writer, and a wait of a
    few seconds for the write lock rather than an error."""
    if not url.startswith("sqlite"):
        return sa.create_engine(url, pool_pre_ping=True)
    engine = sa.create_engine(url, connect_args={"timeout": 30})

    @sa.event.listens_for(engine, "connect")
    def _connected(dbapi_connection, _record) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _began(connection: Connection) -> None:
        immediate = connection.get_execution_options().get("immediate")
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine

"""The seats of tables with friends in the table store: invitations, names, who is at the table.

A table with friends is a table of the store (``store``) whose ``seats`` rows say who sits where:
the creator's seat (``me``) opened by its key, each friend's seat (``friend``) waiting for its
invitation code until a person takes it with a name, and the computers'. Codes and keys are kept
as their SHA-256 only. A code seats one person: once its seat is taken it answers ``seat_taken``.
A person who leaves is marked away (the computer plays the seat) until their key is used again.
The deadline of the turn being played is kept on the table, so that whichever request or stream
of whichever instance sees it pass asks the computer for that move, under the version check.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from ..engine.contract import Rules
from ..engine.errors import N_, EngineError
from ..engine.events import Event
from .errors import ExpiredTable
from .friends import COMPUTER, FRIEND, ME, Seating
from .schema import seats, tables
from .store import AlreadyDealt, Kept, TableStore, insert_table, key_hash, link_next, new_key
from .table import Table


class UnknownInvite(EngineError):
    code = "unknown_invite"

    def __init__(self) -> None:
        super().__init__(N_("This invitation is not one of ours, or its table has closed: ask your friend for a new one."))


class SeatTaken(EngineError):
    code = "seat_taken"

    def __init__(self) -> None:
        super().__init__(N_("Someone has already sat down in this seat: an invitation seats one person, once."))


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat as every seat at the table may see it: who plays there, and whether they are there now."""

    number: int
    kind: str
    name: str | None
    language: str | None
    taken: bool
    away: bool

    @property
    def person(self) -> bool:
        return self.kind != COMPUTER

    @property
    def present(self) -> bool:
        return self.person and self.taken and not self.away

    def to_json(self) -> dict:
        return {"seat": self.number, "kind": "computer" if self.kind == COMPUTER else "person", "name": self.name,
                "taken": self.taken, "present": self.present}


def create(store: TableStore, table: Table, events: Sequence[Event], seating: Seating, name: str | None,
           language: str, deadline: float | None, now: float | None = None) -> tuple[Kept, list[tuple[int, str]]]:
    """``table`` kept as a new table with friends: the creator's seat opened by a new key, each friend's
    seat by an invitation code; returns the creator's table and the ``(seat, code)`` of each invitation."""
    key = new_key()
    codes = {seat: new_key() for seat in seating.friends}
    now = int(time.time() if now is None else now)
    expires = now + store.lifetime
    rows = []
    for number, kind in enumerate(seating.kinds):
        rows.append({"number": number, "kind": kind, "key_hash": key_hash(key) if kind == ME else None,
                     "name": name if kind == ME else None, "language": language if kind == ME else None,
                     "invite_hash": key_hash(codes[number]) if kind == FRIEND else None,
                     "taken": kind != FRIEND, "away": False, "seen": 0})
    with store.writer.begin() as connection:
        table_id = insert_table(connection, table, events, expires, friends=True, deadline=deadline)
        connection.execute(seats.insert(), [{"table_id": table_id, **row} for row in rows])
    store.sweep(now)
    return (Kept(table_id, key, 0, table, expires, 0, friends=True, deadline=deadline),
            sorted(codes.items()))


def seats_at(store: TableStore, table_id: int) -> list[SeatRow]:
    with store.engine.connect() as connection:
        return _seat_rows(connection, table_id)


def _seat_rows(connection: Connection, table_id: int) -> list[SeatRow]:
    rows = connection.execute(
        sa.select(seats.c.number, seats.c.kind, seats.c.name, seats.c.language, seats.c.taken, seats.c.away)
        .where(seats.c.table_id == table_id).order_by(seats.c.number)).all()
    return [SeatRow(*row) for row in rows]


def seated(kept: Kept, rows: Sequence[SeatRow]) -> Kept:
    """``kept`` with its table's ``people``: the seats where a person plays now (or is awaited)."""
    people = frozenset(row.number for row in rows if row.person and not row.away)
    return replace(kept, table=replace(kept.table, people=people))


def join(store: TableStore, game: Rules, code: object, name: str, language: str,
         now: float | None = None) -> Kept:
    """The seat ``code`` invites to, taken by ``name`` reading in ``language``, opened by a new key:
    ``UnknownInvite`` for a code of no table of ``game`` (or of a closed one), ``SeatTaken`` once taken."""
    if not isinstance(code, str) or not 0 < len(code) <= 100:
        raise UnknownInvite
    key = new_key()
    with store.writer.begin() as connection:
        row = connection.execute(
            sa.select(seats.c.table_id, seats.c.number, seats.c.taken, tables.c.game, tables.c.expires)
            .join(tables, tables.c.id == seats.c.table_id).where(seats.c.invite_hash == key_hash(code))
        ).one_or_none()
        if row is None or row.game != game.ID or (time.time() if now is None else now) >= row.expires:
            raise UnknownInvite
        taken = connection.execute(
            seats.update().where(seats.c.table_id == row.table_id, seats.c.number == row.number,
                                 seats.c.taken.is_(False))
            .values(key_hash=key_hash(key), name=name, language=language, taken=True, away=False)).rowcount
        if taken != 1:
            raise SeatTaken
    return store.open(key, game, now)


def set_away(store: TableStore, kept: Kept, away: bool) -> None:
    """The seat of ``kept`` left to the computer (``away``), or its person back at it."""
    with store.writer.begin() as connection:
        connection.execute(seats.update().where(seats.c.table_id == kept.id, seats.c.number == kept.table.seat)
                           .values(away=away))


def set_deadline(store: TableStore, kept: Kept, deadline: float | None) -> Kept:
    """The end of the turn being played at ``kept``'s version (nothing, if the table moved on since)."""
    with store.writer.begin() as connection:
        connection.execute(tables.update().where(tables.c.id == kept.id, tables.c.version == kept.version)
                           .values(turn_deadline=deadline))
    return replace(kept, deadline=deadline)


def deal_next(store: TableStore, kept: Kept, table: Table, events: Sequence[Event], key: str,
              deadline: float | None) -> Kept | None:
    """``table``, dealt by ``kept``'s person, kept as the next deal of ``kept``'s table, in one transaction
    with its seats: the same people, names and languages, the asker's seat opened by ``key``, every other
    person's waiting for them to ask with their own key (``claim_next``). None, and nothing kept, if
    another person's next deal was kept first: there is one next deal per finished deal."""
    expires = int(time.time()) + store.lifetime
    try:
        with store.writer.begin() as connection:
            table_id = insert_table(connection, table, events, expires, friends=True, deadline=deadline)
            connection.execute(seats.insert(), [
                {"table_id": table_id, "number": row.number, "kind": row.kind, "name": row.name,
                 "language": row.language, "taken": row.taken, "away": row.away, "seen": 0,
                 "key_hash": key_hash(key) if row.number == kept.table.seat else None}
                for row in _seat_rows(connection, kept.id)])
            link_next(connection, kept.id, table_id)
    except AlreadyDealt:
        return None
    return Kept(table_id, key, 0, table, expires, 0, friends=True, deadline=deadline)


def claim_next(store: TableStore, kept: Kept, key: str) -> None:
    """The seat of ``kept``'s person at the next deal (``kept.next_table``) opened by ``key`` too, if no key
    opens it yet: each person at a table with friends finds the next deal with their own key."""
    if kept.next_table is None:
        raise ExpiredTable(store.lifetime // (24 * 3600))
    with store.writer.begin() as connection:
        connection.execute(seats.update().where(seats.c.table_id == kept.next_table,
                                                seats.c.number == kept.table.seat, seats.c.key_hash.is_(None))
                           .values(key_hash=key_hash(key)))

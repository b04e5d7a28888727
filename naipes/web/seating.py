"""What a table with friends adds to the tables API: its seats in every answer, the turn's clock, the news.

- Every ``Table`` answer of a table with friends adds ``seats`` (who plays where, their names, who
  is at the table now), ``turn`` (the seats whose move the table waits for), ``deadline`` (when
  the turn ends, seconds since the epoch), ``seconds_left`` (the same, counted from the answer) and
  ``next`` (whether the next deal is dealt).
- The turn's clock has no timer of its own, so that any number of instances can serve a table:
  whichever request or stream of whichever instance sees the deadline passed asks the computer
  for that move, in the compute pool (``table.ran_out``), and saves it under the version check, so
  it is made once; another that tried at the same moment finds the table moved on, and reads it.
  Every computer's move here (the deal, a late turn, a seat left) is asked of the pool, as the
  tables' own requests are.
- The next deal is kept only if the finished one has none yet, in the transaction that keeps it
  (``gathering.deal_next``): two people asking at once both deal, and one deal is kept.
- After every change a table with friends is announced on the bus (``naipes.tables.events``), so
  that every seat's stream reads it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from flask import Flask, current_app

from ..engine.contract import Rules
from ..engine.events import Event
from ..tables import friends, gathering
from ..tables.errors import StaleTable
from ..tables.events import LocalBus, bus_for
from ..tables.friends import DEFAULT_TURN_SECONDS, to_move
from ..tables.store import Kept, TableStore, derived_key
from ..tables.table import Table, Turn, deal_with_friends, ran_out
from . import pool

EXTENSION = "naipes_table_events"
INVITE_URL = "naipes_invite_url"
"""The app's function from a game and an invitation code to the invitation's address (``friends.invite_url``)."""


def open_bus(app: Flask) -> LocalBus:
    """The app's event bus: through Redis when ``REDIS_URL`` names one, in this process otherwise."""
    bus = bus_for(app.config.get("REDIS_URL"))
    app.extensions[EXTENSION] = bus
    return bus


def bus() -> LocalBus:
    return current_app.extensions[EXTENSION]


def end_streams(app: Flask) -> None:
    """Every event stream of ``app``'s process ended, as the process stops (the browsers reconnect)."""
    app.extensions[EXTENSION].end()


def turn_seconds() -> int:
    return int(current_app.config.get("TURN_SECONDS", DEFAULT_TURN_SECONDS))


def deadline_for(table: Table, now: float | None = None) -> float | None:
    """When the turn now being played at ``table`` ends, if the table waits for a person; None otherwise."""
    if not to_move(table.game, table.position, table.humans):
        return None
    return (time.time() if now is None else now) + turn_seconds()


def with_people(store: TableStore, kept: Kept, returning: bool = True) -> Kept:
    """``kept`` with the people at its table; with ``returning``, the seat whose key asks is back at the
    table if it had left (a key used again takes its seat back from the computer)."""
    if not kept.friends:
        return kept
    rows = gathering.seats_at(store, kept.id)
    mine = rows[kept.table.seat]
    if returning and mine.away:
        gathering.set_away(store, kept, False)
        rows[kept.table.seat] = gathering.SeatRow(mine.number, mine.kind, mine.name, mine.language, mine.taken, False)
        bus().publish(str(kept.id), kept.version)
    return gathering.seated(kept, rows)


def after_change(store: TableStore, kept: Kept) -> Kept:
    """A table with friends just saved: its turn's deadline set and its change announced."""
    if not kept.friends:
        return kept
    kept = gathering.set_deadline(store, kept, deadline_for(kept.table))
    bus().publish(str(kept.id), kept.version)
    return kept


def on_time(store: TableStore, kept: Kept, game: Rules, now: float | None = None, sparing: bool = True) -> Kept:
    """``kept`` with the computer's move made, in the pool, for each person whose turn's time ran out; with
    ``sparing``, the seat asking is not played for (its request is here, a move perhaps). A seat's own
    stream spares nobody: a page left open is no move. Another instance that made it first wins: the
    table is then read as it is."""
    now = time.time() if now is None else now
    if not kept.friends or kept.deadline is None or now < kept.deadline:
        return kept
    late = to_move(game, kept.table.position, kept.table.humans) - ({kept.table.seat} if sparing else set())
    if not late:
        return kept
    table, events = pool.run(ran_out, kept.table, late)
    try:
        saved = store.save(kept, table, events)
    except StaleTable:
        return with_people(store, store.open(kept.key, game), returning=False)
    return after_change(store, saved)


def seats_part(store: TableStore, kept: Kept) -> dict:
    """The fields a table with friends adds to a ``Table`` answer (none at a table of one reader)."""
    if not kept.friends:
        return {}
    table = kept.table
    return {"seats": [row.to_json() for row in gathering.seats_at(store, kept.id)],
            "turn": sorted(to_move(table.game, table.position, table.humans)), "deadline": kept.deadline,
            "next": kept.next_table is not None}


def clock_part(kept: Kept) -> dict:
    """A table with friends' ``seconds_left``: how long the turn has left as the answer is written (None when
    the table waits for nobody), so that a page counts down by its own clock, however wrong its date."""
    if not kept.friends:
        return {}
    if kept.deadline is None:
        return {"seconds_left": None}
    return {"seconds_left": round(max(0.0, kept.deadline - time.time()), 1)}


def seat_language(store: TableStore, kept: Kept) -> str | None:
    return gathering.seats_at(store, kept.id)[kept.table.seat].language if kept.friends else None


def names(store: TableStore, kept: Kept) -> list[str | None]:
    """The names at a table with friends, by seat (None where nobody gave one, or the computer plays)."""
    if not kept.friends:
        return []
    return [row.name for row in gathering.seats_at(store, kept.id)]


def create(store: TableStore, game: Rules, options: dict, language: str) -> tuple[Kept, list[Event], list[dict]]:
    """A new table with friends as ``options`` ask (``seats``, ``level``, Old Maid's ``players``, the
    creator's ``name``): kept, with the events of its deal and its invitations (``seat``, ``code``, ``url``)."""
    seats = friends.seating(game, options["seats"], options.get("players"), options.get("seat"))
    name = friends.clean_name(options["name"]) if "name" in options else None
    table, events = pool.run(deal_with_friends, game, seats, options.get("level", game.levels[0]))
    kept, codes = gathering.create(store, table, events, seats, name, language, deadline_for(table))
    invite_url = current_app.extensions[INVITE_URL]
    return kept, events, [{"seat": seat, "code": code, "url": invite_url(game.ID, code)} for seat, code in codes]


def next_deal(store: TableStore, kept: Kept, game: Rules, make: Callable[[], Turn]) -> tuple[Kept, list[Event]]:
    """The next deal of a table with friends, one per finished deal, to the same people: the first person
    to ask deals it (two asking at once both deal, and the store keeps one), every other finds it with
    their own key (their seat there is theirs), and every seat's stream of the finished deal is told that
    it is dealt (``next``)."""
    key = derived_key(kept.key, "next")
    if kept.next_table is None:
        table, events = make()
        made = gathering.deal_next(store, kept, table, events, key, deadline_for(table))
        if made is not None:
            bus().publish(str(kept.id), kept.version)
            return with_people(store, made), events
        kept = store.open(kept.key, game)
    gathering.claim_next(store, kept, key)
    return with_people(store, store.open(key, game)), []

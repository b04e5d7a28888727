"""The table store's throughput and size on this machine, on SQLite and on PostgreSQL.

    .venv/bin/python benchmarks/tables_store.py                 # both; PostgreSQL a throwaway server (fsync on)
    .venv/bin/python benchmarks/tables_store.py --tables 500    # more tables
    .venv/bin/python benchmarks/tables_store.py --postgresql postgresql+psycopg://user@host/db

Prints, per database: tables created a second (each a transaction: the table, its seats and its
deal's events), moves stored a second (each a load by the seat's key and a version-checked save
with its events, the move itself computed beforehand so that only the store is timed), expired
tables swept a second, and the bytes the database holds per table (a Solo Whist deal played
half-way: position, record, session, four seats, the events of each move). Each rate is given
twice: by the wall clock (what a reader waits, the database server's work and the disk's included)
and by this process's CPU time (the store's own Python: SQLAlchemy, JSON, opening the position),
one connection at a time; the tables are dealt and played before the clocks start.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from naipes import tables  # noqa: E402
from naipes.games import GAMES  # noqa: E402
from naipes.tables.store import TableStore  # noqa: E402
from tests.servers import PostgresServer  # noqa: E402

MOVES = 8


def _prepared(count: int) -> list[list]:
    """``count`` Solo Whist tables, each as dealt and after each of its reader's first moves."""
    game = GAMES["solo-whist"]
    played = []
    for _ in range(count):
        table, events = tables.deal(game, {})
        turns = [(table, events)]
        for _ in range(MOVES):
            if table.position.is_over:
                break
            table, events = tables.move(table, table.seen([])["moves"][0])
            turns.append((table, events))
        played.append(turns)
    return played


def _size(store: TableStore) -> int:
    with store.engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            pages = connection.exec_driver_sql("PRAGMA page_count").scalar_one()
            free = connection.exec_driver_sql("PRAGMA freelist_count").scalar_one()
            return (pages - free) * connection.exec_driver_sql("PRAGMA page_size").scalar_one()
        return sum(connection.execute(sa.text("select pg_total_relation_size(:name)"), {"name": name}).scalar_one()
                   for name in ("tables", "seats", "events"))


class Clocks:
    """The wall clock and this process's CPU clock, started together."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def rates(self, count: int) -> str:
        wall, cpu = time.perf_counter() - self.wall, time.process_time() - self.cpu
        return f"{count / wall:>7,.0f} ({count / cpu:,.0f} CPU)"


def measure(name: str, url: str, played: list[list]) -> None:
    store = TableStore(url)
    store.migrate()
    clocks = Clocks()
    kept = [store.create(*turns[0]) for turns in played]
    created = clocks.rates(len(kept))
    empty = _size(store)
    moves, clocks = 0, Clocks()
    game = GAMES["solo-whist"]
    for made, turns in zip(kept, played):
        for table, events in turns[1:]:
            opened = store.open(made.key, game)
            store.save(opened, table, events)
            moves += 1
    moved = clocks.rates(moves)
    size = _size(store) / len(kept)
    with store.writer.begin() as connection:
        connection.execute(sa.text("update tables set expires = 0"))
    clocks, swept = Clocks(), 0
    while (done := store.sweep(limit=50)):
        swept += done
    sweep = clocks.rates(swept)
    store.dispose()
    print(f"{name}: tables created/s {created}; moves stored/s {moved}; tables swept/s {sweep};"
          f" {size:,.0f} bytes a table after {moves / len(kept):.1f} moves ({empty / len(kept):,.0f} as dealt)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--postgresql", help="a PostgreSQL URL to measure instead of a throwaway server")
    options = parser.parse_args()
    played = _prepared(options.tables)
    with tempfile.TemporaryDirectory() as folder:
        measure("SQLite", f"sqlite:///{folder}/tables.sqlite", played)
    if options.postgresql:
        measure("PostgreSQL", options.postgresql, played)
        return
    server = PostgresServer(durable=True).start()
    try:
        measure("PostgreSQL", server.fresh_database(), played)
    finally:
        server.stop()


if __name__ == "__main__":
    main()

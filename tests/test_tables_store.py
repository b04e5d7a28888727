"""The table store on each database a site runs it on, SQLite and PostgreSQL (a throwaway server):
the schema migrated at start, a table kept and opened by a seat's key, one move per version, the
keys kept hashed, expired tables swept a few at a time."""

from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from naipes import tables
from naipes.games import GAMES
from naipes.tables import gathering
from naipes.tables.errors import ExpiredTable, InvalidTable, StaleTable
from naipes.tables.schema import events, metadata, seats
from naipes.tables.schema import tables as tables_table
from naipes.tables.friends import Seating
from naipes.tables.store import TableStore, key_hash


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    url = (f"sqlite:///{tmp_path / 'tables.sqlite'}" if request.param == "sqlite"
           else request.getfixturevalue("postgresql").fresh_database())
    kept = TableStore(url)
    kept.migrate()
    yield kept
    kept.dispose()


def dealt(game_id="solo-whist", **options):
    return tables.deal(GAMES[game_id], options)


def test_migrating_twice_or_from_many_processes_at_once_leaves_one_schema(store):
    threads = [threading.Thread(target=store.migrate) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    names = set(sa.inspect(store.engine).get_table_names())
    assert {"tables", "seats", "events", "alembic_version"} <= names


def test_the_migrations_make_exactly_the_schema_the_store_queries(store):
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []


def test_a_table_is_kept_whole_and_opened_by_its_seats_key_only(store):
    table, dealt_events = dealt(seat=2)
    made = store.create(table, dealt_events)
    opened = store.open(made.key, GAMES["solo-whist"])
    assert opened.table.position.to_json() == table.position.to_json()
    assert (opened.table.seat, opened.table.level, opened.table.record, opened.table.session, opened.table.dice) == (
        table.seat, table.level, table.record, table.session, table.dice)
    assert opened.version == 0 and store.events_since(opened, -1) == dealt_events
    for wrong in (made.key + "x", made.key.upper(), "", None):
        with pytest.raises(InvalidTable):
            store.open(wrong, GAMES["solo-whist"])
    with pytest.raises(InvalidTable):
        store.open(made.key, GAMES["old-maid"])


def test_the_database_holds_no_key(store):
    made = store.create(*dealt("old-maid", players=4, seat=1))
    with store.engine.connect() as connection:
        rows = connection.execute(sa.select(seats).where(seats.c.table_id == made.id)).all()
        dump = str(connection.execute(sa.select(tables_table)).all()) + str(rows)
    assert made.key not in dump
    assert [(row.number, row.kind) for row in rows] == [(0, "computer"), (1, "me"), (2, "computer"), (3, "computer")]
    assert rows[1].key_hash == key_hash(made.key) and len(made.key) >= 32


def test_a_move_is_kept_once_per_version_and_its_events_logged(store):
    table, _ = dealt()
    made = store.create(table, [])
    after, moved_events = tables.move(table, table.seen([])["moves"][0])
    saved = store.save(made, after, moved_events)
    assert saved.version == 1
    with pytest.raises(StaleTable):
        store.save(made, after, moved_events)
    opened = store.open(made.key, GAMES["solo-whist"])
    assert opened.version == 1 and opened.table.position.to_json() == after.position.to_json()
    assert [event.to_json() for event in store.events_since(opened, 0)] == [event.to_json() for event in moved_events]
    with store.engine.connect() as connection:
        assert connection.execute(sa.select(sa.func.count()).select_from(events)).scalar_one() == 2


def test_two_saves_of_one_version_at_once_keep_one(store):
    table, _ = dealt()
    made = store.create(table, [])
    after, moved_events = tables.move(table, table.seen([])["moves"][0])
    barrier, outcomes = threading.Barrier(4), []

    def save():
        barrier.wait()
        try:
            store.save(made, after, moved_events)
            outcomes.append("kept")
        except StaleTable:
            outcomes.append("stale")

    threads = [threading.Thread(target=save) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["kept", "stale", "stale", "stale"]


def test_a_table_made_from_another_is_made_once(store):
    table, _ = dealt()
    made = store.create(table, [])
    calls = []

    def make():
        calls.append(1)
        return dealt()

    first, _, new = store.made_from(made, "next", make, GAMES["solo-whist"])
    again, _, again_new = store.made_from(made, "next", make, GAMES["solo-whist"])
    assert new and not again_new and len(calls) == 1 and again.id == first.id and again.key == first.key
    assert store.open(made.key, GAMES["solo-whist"]).next_table == first.id


def test_expired_tables_close_and_are_swept_a_few_at_a_time_with_their_seats_and_events(store):
    game = GAMES["old-maid"]
    for _ in range(7):
        store.create(*dealt("old-maid"), now=1_000)
    young = store.create(*dealt("old-maid"))
    assert store.count() == 8 - 5, "making a table swept five expired ones"
    assert store.sweep(limit=5) == 2 and store.sweep() == 0
    assert store.count() == 1 and store.open(young.key, game).id == young.id
    with pytest.raises(ExpiredTable):
        store.open(young.key, game, now=young.expires)
    with store.engine.connect() as connection:
        for table in (seats, events):
            left = connection.execute(sa.select(sa.func.count()).select_from(table)).scalar_one()
            assert left == (4 if table is seats else 1)


def test_two_next_deals_kept_at_once_from_one_table_with_friends_keep_one(store):
    game = GAMES["old-maid"]
    seating = Seating(("me", "friend"))
    table, events = tables.table.deal_with_friends(game, seating, game.levels[0])
    finished, _ = gathering.create(store, table, events, seating, "Ana", "es", None)
    dealt_twice = [tables.table.deal_with_friends(game, seating, game.levels[0]) for _ in range(2)]
    barrier, kept = threading.Barrier(2), []

    def keep(index):
        barrier.wait()
        kept.append(gathering.deal_next(store, finished, *dealt_twice[index], f"key-{index}", None))

    threads = [threading.Thread(target=keep, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    made = [one for one in kept if one is not None]
    assert len(kept) == 2 and len(made) == 1 and store.count() == 2
    assert store.open(finished.key, game).next_table == made[0].id

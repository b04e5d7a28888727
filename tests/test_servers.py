"""The throwaway servers the store's and the events' tests run on: real ones, reachable, and gone after."""

from __future__ import annotations

import socket

import psycopg
import redis

from tests.servers import PostgresServer, RedisServer


def test_a_fresh_postgresql_database_takes_writes_and_another_is_empty(postgresql):
    first, second = postgresql.fresh_database(), postgresql.fresh_database()
    with psycopg.connect(first.replace("postgresql+psycopg", "postgresql")) as connection:
        connection.execute("create table t (n int)")
        connection.execute("insert into t values (7)")
        assert connection.execute("select n from t").fetchall() == [(7,)]
    with psycopg.connect(second.replace("postgresql+psycopg", "postgresql")) as connection:
        assert connection.execute("select count(*) from pg_tables where tablename = 't'").fetchone() == (0,)


def test_the_redis_server_answers_on_loopback(redis_url):
    client = redis.Redis.from_url(redis_url)
    client.set("naipes", "ok")
    assert client.get("naipes") == b"ok"


def test_stopped_servers_leave_nothing_running_and_no_folder():
    postgres, cache = PostgresServer().start(), RedisServer().start()
    socket_path = postgres.folder / ".s.PGSQL.5432"
    assert socket_path.exists()
    postgres.stop()
    cache.stop()
    assert not postgres.folder.exists() and not cache.folder.exists()
    try:
        socket.create_connection(("127.0.0.1", cache.port), timeout=1).close()
    except OSError:
        pass
    else:
        raise AssertionError("redis-server still listens after stop")

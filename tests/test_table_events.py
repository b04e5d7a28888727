"""The bus that tells every seat's stream that a table changed: in one process, and through a real Redis."""

from __future__ import annotations

import subprocess
import threading
import time

from naipes.tables.events import LocalBus, RedisBus, bus_for, message, parse
from tests.servers import RedisServer


def test_a_change_reaches_every_stream_of_that_table_and_no_other():
    bus = LocalBus()
    first, second, elsewhere = bus.subscribe("t1"), bus.subscribe("t1"), bus.subscribe("t2")
    bus.publish("t1", 3)
    assert first.wait(1) == 3
    assert second.wait(1) == 3
    assert elsewhere.wait(0.05) is None


def test_a_stream_that_was_busy_gets_the_latest_version_once():
    bus = LocalBus()
    with bus.subscribe("t") as ear:
        for version in (4, 6, 5):
            bus.publish("t", version)
        assert ear.wait(1) == 6
        assert ear.wait(0.05) is None


def test_a_waiting_stream_wakes_when_another_thread_publishes():
    bus = LocalBus()
    ear = bus.subscribe("t")
    threading.Timer(0.05, bus.publish, ("t", 1)).start()
    started = time.monotonic()
    assert ear.wait(5) == 1
    assert time.monotonic() - started < 2


def test_a_closed_stream_is_forgotten():
    bus = LocalBus()
    ear = bus.subscribe("t")
    assert bus.streams == 1
    ear.close()
    assert bus.streams == 0
    bus.publish("t", 1)


def test_messages_name_a_table_and_a_version_and_nothing_else_is_taken_for_one():
    assert parse(message("abc", 12).encode()) == ("abc", 12)
    assert parse(b"twelve abc") is None
    assert parse("12") is None


def test_the_site_uses_redis_only_when_an_address_is_given():
    assert type(bus_for(None)) is LocalBus
    assert type(bus_for("")) is LocalBus
    assert type(bus_for("redis://127.0.0.1:1/0")) is RedisBus


def heard(ear, timeout=5.0):
    """The first version a stream hears within ``timeout`` (a wake-up with none, as after the bus
    connects, only asks the stream to read the store)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        version = ear.wait(deadline - time.monotonic())
        if version is not None:
            return version
    return None


def test_two_instances_on_one_redis_hear_each_other(redis_url):
    here, there = RedisBus(redis_url), RedisBus(redis_url)
    try:
        ear_here, ear_there = here.subscribe("t"), there.subscribe("t")
        assert here.ready(5) and there.ready(5)
        there.publish("t", 7)
        assert heard(ear_here) == 7
        assert heard(ear_there) == 7
        here.publish("other", 1)
        assert heard(ear_there, 0.3) is None
    finally:
        here.close()
        there.close()


def test_a_publish_with_redis_gone_still_wakes_this_instance():
    bus = RedisBus("redis://127.0.0.1:1/0")
    ear = LocalBus.subscribe(bus, "t")
    bus.publish("t", 2)
    assert ear.wait(1) == 2
    bus.close()


def test_every_change_in_a_burst_from_another_instance_arrives(redis_url):
    sender, receiver = RedisBus(redis_url), RedisBus(redis_url)
    try:
        ear = receiver.subscribe("burst")
        assert receiver.ready(5)
        for number in range(1, 51):
            sender.publish("burst", number)
        seen = None
        while seen != 50:
            seen = heard(ear)
            assert seen is not None
    finally:
        sender.close()
        receiver.close()


def test_the_listener_connects_again_when_redis_comes_back():
    server = RedisServer().start()
    bus, sender = RedisBus(server.url), RedisBus(server.url)
    try:
        ear = bus.subscribe("t")
        assert bus.ready(5)
        port = server.port
        server._terminate()
        server.process = subprocess.Popen(
            [server.binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(server.folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        heard_again = False
        while not heard_again and time.monotonic() < deadline:
            # Another instance's publish: only this bus's listener, connected again, can bring it here.
            sender.publish("t", 9)
            heard_again = heard(ear, 0.5) == 9
        assert heard_again, "a change published after Redis came back reaches the stream"
    finally:
        bus.close()
        sender.close()
        server.stop()

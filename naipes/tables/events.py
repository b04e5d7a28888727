"""The news that a table changed, from the instance where a move committed to every seat's stream.

A message says only "table T is now at version V". What changed is read from the store: each
stream reads the table's event log after the version it sent last, so a message that is late,
repeated or lost costs a delay, never an event (a stream reads the store again at least at
every heartbeat). That keeps the bus simple and keeps cards out of it.

- ``LocalBus``: one instance; a stream is a greenlet (gunicorn's gevent workers patch
  ``threading``), woken at once by a move committed in its own process. The instance's other
  worker processes commit moves too, and those reach the stream through the store alone: a
  stream on this bus reads the store again every ``poll_seconds``.
- ``RedisBus``: several processes or machines, through one Redis channel. Each process keeps
  one subscription and hands each message to its own streams, so a thousand streams cost one
  connection; a publish reaches every instance, the one that published included.
"""

from __future__ import annotations

import logging
import threading
import time

import redis

CHANNEL = "naipes:tables"
"""The Redis channel every instance publishes to and listens on."""

RETRY_SECONDS = 1.0
"""How long the Redis listener waits before it connects again after losing its connection."""

POLL_SECONDS = 0.25
"""How long the listener waits for a message before it looks whether it is asked to stop."""

_log = logging.getLogger(__name__)


class Subscription:
    """One stream's ear on one table: ``wait`` returns the latest version announced since the last call."""

    def __init__(self, bus: LocalBus, table: str) -> None:
        self.bus, self.table = bus, table
        self._woken = threading.Event()
        self._latest: int | None = None

    def _announce(self, version: int | None) -> None:
        if version is not None and (self._latest is None or version > self._latest):
            self._latest = version
        self._woken.set()

    def wait(self, timeout: float) -> int | None:
        """The highest version announced since the last ``wait`` (waiting up to ``timeout`` seconds for one),
        or None if none came; a wake-up with no version (the bus reconnected) also answers None."""
        self._woken.wait(max(0.0, timeout))
        self._woken.clear()
        latest, self._latest = self._latest, None
        return latest

    def close(self) -> None:
        self.bus._unsubscribe(self)

    def __enter__(self) -> Subscription:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class LocalBus:
    """The changes of the tables of this process, handed to this process's streams."""

    poll_seconds: float | None = 0.25
    """How often a stream reads the store besides, for the changes this bus cannot carry (None: never)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[Subscription]] = {}
        self.ending = threading.Event()
        """Set when the process stops: every stream ends at once, and its browser reconnects elsewhere."""

    def end(self) -> None:
        """Every stream of this process asked to end now (the process is stopping)."""
        self.ending.set()
        self.wake_all()

    def subscribe(self, table: str) -> Subscription:
        subscription = Subscription(self, table)
        with self._lock:
            self._subscribers.setdefault(table, set()).add(subscription)
        return subscription

    def _unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            ears = self._subscribers.get(subscription.table)
            if ears is not None:
                ears.discard(subscription)
                if not ears:
                    del self._subscribers[subscription.table]

    def publish(self, table: str, version: int) -> None:
        """Announce that ``table`` reached ``version`` (after the move's transaction committed)."""
        self.deliver(table, version)

    def deliver(self, table: str, version: int | None) -> None:
        """Wake this process's streams of ``table``; ``version`` None wakes them to read the store anyway."""
        with self._lock:
            ears = list(self._subscribers.get(table, ()))
        for subscription in ears:
            subscription._announce(version)

    def wake_all(self) -> None:
        """Wake every stream of this process to read the store (news may have been missed)."""
        with self._lock:
            ears = [subscription for group in self._subscribers.values() for subscription in group]
        for subscription in ears:
            subscription._announce(None)

    @property
    def streams(self) -> int:
        """How many streams listen in this process."""
        with self._lock:
            return sum(len(group) for group in self._subscribers.values())

    def close(self) -> None:
        """Nothing to let go of in one process."""


def message(table: str, version: int) -> str:
    return f"{version} {table}"


def parse(data: bytes | str) -> tuple[str, int] | None:
    """The table and version a message names, None for anything else on the channel."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    version, _, table = text.partition(" ")
    if not version.isdigit() or not table:
        return None
    return table, int(version)


class RedisBus(LocalBus):
    """The changes of every instance's tables, through one Redis channel (``NAIPES_REDIS_URL``).

    The process's one subscription is opened with its first stream, by a listener thread (a
    greenlet under gevent). When its connection drops it connects again and then wakes every
    stream, which reads the store: what was published meanwhile is not lost. A publish that
    fails is logged, not raised: the move has committed, and the streams read the store at
    their next heartbeat.
    """

    poll_seconds = None

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self._redis = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
        self._listening = threading.Event()
        self._stopping = threading.Event()
        self._listener: threading.Thread | None = None
        self._start_lock = threading.Lock()

    def subscribe(self, table: str) -> Subscription:
        subscription = super().subscribe(table)
        self._start()
        return subscription

    def _start(self) -> None:
        with self._start_lock:
            if self._listener is None or not self._listener.is_alive():
                self._stopping.clear()
                self._listener = threading.Thread(target=self._listen, name="naipes-table-events", daemon=True)
                self._listener.start()

    def ready(self, timeout: float) -> bool:
        """Whether this process's subscription is open (waiting up to ``timeout`` seconds for it)."""
        self._start()
        return self._listening.wait(timeout)

    def publish(self, table: str, version: int) -> None:
        try:
            self._redis.publish(CHANNEL, message(table, version))
        except redis.RedisError as error:
            _log.warning("table %s version %s not announced through Redis: %s", table, version, error)
            self.deliver(table, version)

    def _listen(self) -> None:
        while not self._stopping.is_set():
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.subscribe(CHANNEL)
                pubsub.get_message(timeout=RETRY_SECONDS)
                self._listening.set()
                self.wake_all()
                while not self._stopping.is_set():
                    received = pubsub.get_message(timeout=POLL_SECONDS)
                    if received is None or received.get("type") != "message":
                        continue
                    parsed = parse(received["data"])
                    if parsed is not None:
                        self.deliver(*parsed)
            except (redis.RedisError, OSError) as error:
                self._listening.clear()
                _log.warning("table events: Redis subscription lost (%s); connecting again", error)
                time.sleep(RETRY_SECONDS)
            finally:
                try:
                    pubsub.close()
                except (redis.RedisError, OSError):
                    pass

    def close(self) -> None:
        self._stopping.set()
        listener = self._listener
        if listener is not None:
            listener.join(RETRY_SECONDS * 3)
        self._listening.clear()
        self._redis.close()


def bus_for(redis_url: str | None) -> LocalBus:
    """The bus a site uses: through Redis when ``NAIPES_REDIS_URL`` names one, in this process otherwise."""
    return RedisBus(redis_url) if redis_url else LocalBus()

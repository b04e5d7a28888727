"""From one seat's move to the other seat's event: a race between two people at one table, on the real server.

    python benchmarks/friends_latency.py [--moves 200] [--workers 2] [--redis redis://127.0.0.1:6379/0] [--json]

The production server (``naipes.serve``: gunicorn, gevent workers) is started on a loopback port
with a fresh SQLite store (and, with ``--redis``, events between its workers through that Redis).
Seat 0 creates a race with a friend's seat, seat 1 joins by the invitation, and seat 1's event
stream (``GET …/tables/events``) is read in a thread. Seat 0 then makes its moves one at a time
(the first it is offered), each time measuring the wall-clock time from sending the move to seat 1's
stream delivering the table at the move's version; the next move waits for that. The printed p50 and
p95 are of those times. The clients run on the same machine as the server.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(port: int, method: str, path: str, body: dict | None = None) -> dict:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        payload = None if body is None else json.dumps(body)
        connection.request(method, path, payload, {"Content-Type": "application/json"} if body is not None else {})
        answer = connection.getresponse()
        data = json.loads(answer.read())
        if answer.status >= 300:
            raise RuntimeError(f"{method} {path}: {answer.status} {data}")
        return data
    finally:
        connection.close()


class Stream:
    """A seat's event stream: the arrival time of each version, in a thread."""

    def __init__(self, port: int, key: str, after: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.connection.request("GET", f"/api/v1/double-solitaire/tables/events?table={key}&after={after}")
        self.socket = self.connection.sock
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.status
        self.arrived: dict[int, float] = {}
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        version = None
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("id: "):
                    version = int(line[4:])
                elif line.startswith("data: ") and version is not None:
                    with self.changed:
                        self.arrived.setdefault(version, time.perf_counter())
                        self.changed.notify_all()
        except (OSError, ValueError, AttributeError):
            # The connection was closed under the reader: the measurement is over.
            return

    def wait_for(self, version: int, timeout: float = 10.0) -> float:
        deadline = time.monotonic() + timeout
        with self.changed:
            while not any(seen >= version for seen in self.arrived):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise RuntimeError(f"version {version} never reached the other seat")
                self.changed.wait(left)
            return min(at for seen, at in self.arrived.items() if seen >= version)

    def close(self) -> None:
        """The connection shut down, so that the server sees it end (the reader's file keeps the socket open)."""
        try:
            self.socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.connection.close()


def serve(port: int, workers: int, folder: str, redis_url: str | None) -> subprocess.Popen:
    environ = {**os.environ, "NAIPES_BIND": f"127.0.0.1:{port}", "NAIPES_WORKERS": str(workers),
               "NAIPES_DATABASE_URL": f"sqlite:///{folder}/tables.sqlite", "NAIPES_INSTANCE_PATH": folder,
               "NAIPES_SECRET_KEY": "friends-latency-" + "k" * 32}
    if redis_url:
        environ["NAIPES_REDIS_URL"] = redis_url
    server = subprocess.Popen([sys.executable, "-m", "naipes.serve"], cwd=ROOT, env=environ,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            request(port, "GET", "/api/v1/games")
            return server
        except (OSError, RuntimeError):
            time.sleep(0.2)
    server.kill()
    raise RuntimeError("the server did not start")


def measure(port: int, moves: int) -> list[float]:
    mine = request(port, "POST", "/api/v1/double-solitaire/tables?lang=es", {"seats": ["me", "friend"]})
    theirs = request(port, "POST", "/api/v1/double-solitaire/tables/join?lang=pt",
                     {"invite": mine["invites"][0]["code"], "name": "João"})
    stream = Stream(port, theirs["table"], theirs["version"])
    times = []
    try:
        stream.wait_for(theirs["version"])
        answer = mine
        for _ in range(moves):
            if answer["over"] or not answer["moves"]:
                break
            sent = time.perf_counter()
            answer = request(port, "POST", "/api/v1/double-solitaire/tables/move",
                             {"table": mine["table"], "move": answer["moves"][0], "version": answer["version"]})
            times.append(stream.wait_for(answer["version"]) - sent)
    finally:
        stream.close()
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--redis", help="a Redis URL: events between the workers go through it")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="naipes-friends-") as folder:
        server = serve(port, args.workers, folder, args.redis)
        try:
            times = []
            while len(times) < args.moves:
                times += measure(port, args.moves - len(times))
        finally:
            server.terminate()
            server.wait(30)
    ms = sorted(1000 * value for value in times)
    result = {"moves": len(ms), "workers": args.workers, "redis": bool(args.redis),
              "p50_ms": round(statistics.median(ms), 1), "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 1),
              "max_ms": round(ms[-1], 1)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['moves']} moves, {args.workers} workers, events {'through Redis' if args.redis else 'in process'}:"
              f" move to the other seat's event p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms,"
              f" max {result['max_ms']} ms")


if __name__ == "__main__":
    main()

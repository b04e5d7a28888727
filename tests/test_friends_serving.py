"""Tables with friends on the production server (gunicorn's gevent workers): a seat's event stream holds a
socket, never a worker, and a move reaches every stream at once, from any worker of the instance."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchmarks.friends_latency import Stream, free_port, request, serve

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("workers", [1, 2])
def test_streams_hold_no_worker_and_every_stream_hears_every_move(tmp_path, workers):
    port = free_port()
    server = serve(port, workers, str(tmp_path), None)
    streams = []
    try:
        mine = request(port, "POST", "/api/v1/double-solitaire/tables?lang=es", {"seats": ["me", "friend"]})
        theirs = request(port, "POST", "/api/v1/double-solitaire/tables/join?lang=pt",
                         {"invite": mine["invites"][0]["code"], "name": "João"})
        streams = [Stream(port, key, 0) for key in (theirs["table"], theirs["table"], mine["table"])]
        for stream in streams:
            stream.wait_for(0)
        started = time.monotonic()
        request(port, "GET", "/api/v1/games")
        assert time.monotonic() - started < 1, "three open streams leave the workers free"
        answer = mine
        for _ in range(5):
            sent = time.perf_counter()
            answer = request(port, "POST", "/api/v1/double-solitaire/tables/move",
                             {"table": mine["table"], "move": answer["moves"][0], "version": answer["version"]})
            for stream in streams:
                assert stream.wait_for(answer["version"], timeout=5) - sent < 1.5
    finally:
        for stream in streams:
            stream.close()
        server.terminate()
        server.wait(30)


def test_no_log_line_of_the_server_holds_a_seats_key(tmp_path):
    port, log = free_port(), tmp_path / "server.log"
    environ = {**os.environ, "NAIPES_BIND": f"127.0.0.1:{port}", "NAIPES_WORKERS": "1",
               "NAIPES_DATABASE_URL": f"sqlite:///{tmp_path}/tables.sqlite", "NAIPES_INSTANCE_PATH": str(tmp_path),
               "NAIPES_SECRET_KEY": "the access log test's key " + "k" * 16}
    with log.open("wb") as written:
        server = subprocess.Popen([sys.executable, "-m", "naipes.serve"], cwd=ROOT, env=environ, stdout=written,
                                  stderr=subprocess.STDOUT)
    try:
        started = time.monotonic()
        while True:
            try:
                request(port, "GET", "/api/v1/games")
                break
            except (OSError, RuntimeError):
                assert server.poll() is None and time.monotonic() - started < 120, log.read_text()
                time.sleep(0.2)
        mine = request(port, "POST", "/api/v1/double-solitaire/tables?lang=es", {"seats": ["me", "friend"]})
        key = mine["table"]
        request(port, "GET", f"/api/v1/double-solitaire/tables/state?table={key}")
        stream = Stream(port, key, 0)
        stream.wait_for(0)
        stream.close()
        # A request line gunicorn cannot parse, with a key in it, is refused and logged without its line.
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(f"GET /api/v1/double-solitaire/tables/state?table={key} HTTP/1.1 more\r\n\r\n".encode())
            assert sock.recv(100).startswith(b"HTTP/1.1 400")
        with pytest.raises(RuntimeError, match="404"):
            request(port, "GET", f"/api/v1/no-such-game/tables/state?table={key}")
    finally:
        server.terminate()
        server.wait(30)
    written = log.read_text()
    assert "/api/v1/double-solitaire/tables/state" in written and "/api/v1/double-solitaire/tables/events" in written
    assert "Invalid request" in written
    assert key not in written and "table=" not in written

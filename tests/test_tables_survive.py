"""Nothing lost: the real serve command, killed outright (SIGKILL, every process of it) in the middle
of games and started again, resumes every table at its last answered move, and play goes on."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.servers import free_port

ROOT = Path(__file__).resolve().parent.parent


def _call(base: str, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    """One request as a polite client makes it: told to wait by the server's limit per client (this test
    asks faster than a reader, and a quiet machine answers fast), it waits as long as it is told and asks
    again; a refused request changes nothing, so asking again is the same request."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
    for _ in range(5):
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            status, answer = error.code, json.load(error)
            if status != 429:
                return status, answer
            time.sleep(int(error.headers.get("Retry-After", "1")))
    return status, answer


def _started(environ: dict, port: int) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "-m", "naipes.serve"], env=environ, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5):
                return server
        except OSError:
            assert server.poll() is None and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)


def _killed(server: subprocess.Popen) -> None:
    """The server's whole process group (the master and its workers) killed at once, no goodbye."""
    os.killpg(server.pid, signal.SIGKILL)
    server.wait(timeout=30)


@pytest.mark.slow
@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_server_killed_mid_game_resumes_every_table_at_its_last_answered_move(tmp_path, request, database):
    port = free_port()
    base = f"http://127.0.0.1:{port}/api/v1"
    environ = {**os.environ, "NAIPES_BIND": f"127.0.0.1:{port}", "NAIPES_WORKERS": "2",
               "NAIPES_INSTANCE_PATH": str(tmp_path), "NAIPES_SECRET_KEY": ""}
    environ.pop("NAIPES_DATABASE_URL", None)
    if database == "postgresql":
        environ["NAIPES_DATABASE_URL"] = request.getfixturevalue("postgresql").fresh_database()
    server = _started(environ, port)
    try:
        answered = {}
        for game, options in (("old-maid", {"players": 3}), ("solo-whist", {"seat": 1}), ("double-solitaire", {})):
            status, table = _call(base, "POST", f"/{game}/tables", options)
            assert status == 201, table
            if game == "solo-whist":
                status, hint = _call(base, "POST", f"/{game}/tables/hint", {"table": table["table"]})
                assert status == 200 and hint["help"]["hints"] == 1, hint
            for _ in range(3):
                if table["over"] or not table["moves"]:
                    break
                status, table = _call(base, "POST", f"/{game}/tables/move",
                                      {"table": table["table"], "move": table["moves"][0], "version": table["version"]})
                assert status == 200, table
            answered[game] = table
        _killed(server)
        if database == "sqlite":
            assert (tmp_path / "tables.sqlite").is_file(), "the default store is in the instance folder"
        server = _started(environ, port)
        for game, table in answered.items():
            status, now = _call(base, "GET", f"/{game}/tables/state?table={table['table']}")
            assert status == 200, now
            for field in ("version", "view", "moves", "over", "help", "session"):
                assert now[field] == table[field], (game, field)
            if now["moves"]:
                status, moved = _call(base, "POST", f"/{game}/tables/move",
                                      {"table": now["table"], "move": now["moves"][0], "version": now["version"]})
                assert status == 200 and moved["version"] == now["version"] + 1, moved
    finally:
        if server.poll() is None:
            _killed(server)

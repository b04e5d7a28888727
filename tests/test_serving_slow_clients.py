"""The production server against slow and broken clients, and gunicorn's own answers: one server
for the module, with a read timeout of two seconds so that nothing here waits long. Each test was
seen to fail before its fix.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from naipes.games import GAMES

from naipes import serve
from naipes.web import pages

ROOT = Path(__file__).resolve().parents[1]
WORKERS = 2
READ_TIMEOUT = 2

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    port = _free_port()
    environ = {
        **os.environ, "NAIPES_BIND": f"127.0.0.1:{port}", "NAIPES_WORKERS": str(WORKERS),
        "NAIPES_READ_TIMEOUT": str(READ_TIMEOUT), "NAIPES_SECRET_KEY": "k" * 40,
        "HOME": str(home), "XDG_RUNTIME_DIR": str(home),
    }
    log = home / "server.log"
    with log.open("wb") as output:
        process = subprocess.Popen([sys.executable, "-m", "naipes.serve"], env=environ, cwd=ROOT,
                                   stdout=output, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 90
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5).close()
            break
        except OSError:
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
    process.home, process.port, process.log = home, port, log
    yield process
    process.terminate()
    process.wait(timeout=30)


def connect(server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=10)


def exchange(server, raw: bytes, half_close: bool = False) -> tuple[int, dict[str, str], bytes, float]:
    """Send ``raw`` on a fresh connection and read the whole answer: status, headers, body, seconds taken."""
    start = time.monotonic()
    with connect(server) as sock:
        sock.sendall(raw)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
            head, _, body = data.partition(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
            if "content-length" in headers and len(body) >= int(headers["content-length"]):
                break
    return int(lines[0].split()[1]), headers, body, time.monotonic() - start


def get(server, path: str, timeout: float = 1.0) -> float:
    """Seconds ``GET path`` took; fails if it took more than ``timeout``."""
    start = time.monotonic()
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}{path}", timeout=timeout) as answer:
        assert answer.status == 200
        answer.read()
    return time.monotonic() - start


def assert_the_sites_json_error(headers: dict[str, str], body: bytes, code: str) -> None:
    assert headers["content-type"] == "application/json"
    assert "default-src 'self'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"
    error = json.loads(body)["error"]
    assert error["code"] == code and error["message"]


# 1. Three idle connections took the site down: sync workers read the request themselves.


def test_idle_connections_cost_a_socket_not_a_worker(server):
    idle = [connect(server) for _ in range(3 * WORKERS)]
    try:
        time.sleep(0.3)
        assert get(server, "/es/") < 1.0
        assert get(server, "/api/v1/games") < 1.0
    finally:
        for sock in idle:
            sock.close()


def test_clients_dripping_a_header_line_now_and_then_do_not_hold_up_a_reader(server):
    stop = threading.Event()

    def drip():
        while not stop.is_set():
            with connect(server) as sock:
                try:
                    sock.sendall(b"GET /es/ HTTP/1.1\r\nHost: localhost\r\n")
                    while not stop.wait(0.5):
                        sock.sendall(b"X-Drip: 1\r\n")
                except OSError:
                    pass  # the server closed it at its deadline: drip again on a new one

    drippers = [threading.Thread(target=drip, daemon=True) for _ in range(20)]
    for thread in drippers:
        thread.start()
    try:
        took = [get(server, path) for _ in range(10) for path in ("/es/", "/healthz")]
    finally:
        stop.set()
    assert max(took) < 1.0
    assert "WORKER TIMEOUT" not in server.log.read_text()


def test_a_head_that_never_ends_is_cut_off_at_the_deadline(server):
    with connect(server) as sock:
        sock.sendall(b"GET /es/ HTTP/1.1\r\nHost: localhost\r\n")
        start = time.monotonic()
        assert sock.recv(1) == b""
    assert time.monotonic() - start < READ_TIMEOUT + 2


# 2. A body shorter than its Content-Length blocked a worker for 30 s, then gunicorn answered
#    its own HTML 500 without the site's headers.

SHORT_BODY = (b"POST /api/v1/old-maid/legal HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
              b"Content-Length: 50\r\n\r\n{}")


def test_a_body_that_stops_short_is_a_408_at_the_read_timeout(server):
    status, headers, body, took = exchange(server, SHORT_BODY)
    assert status == 408
    assert_the_sites_json_error(headers, body, "request_timeout")
    assert READ_TIMEOUT - 0.5 < took < READ_TIMEOUT + 2


def test_a_body_cut_short_by_the_client_is_a_quick_400(server):
    status, headers, body, took = exchange(server, SHORT_BODY, half_close=True)
    assert status == 400
    assert_the_sites_json_error(headers, body, "incomplete_body")
    assert took < 1.0


# 7. gunicorn's own answers (a bad request line, 414, 431) carried none of the site's headers.


@pytest.mark.parametrize(("raw", "status", "code"), [
    (b"NONSENSE\r\n\r\n", 400, "bad_request"),
    (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n", 414, "uri_too_long"),
    (b"GET / HTTP/1.1\r\nHost: localhost\r\n" + b"".join(b"X-%d: 1\r\n" % n for n in range(60)) + b"\r\n",
     431, "headers_too_large"),
], ids=["request-line", "414", "431"])
def test_the_servers_own_refusals_are_the_sites_json_errors_with_its_headers(server, raw, status, code):
    answer_status, headers, body, _ = exchange(server, raw)
    assert answer_status == status
    assert_the_sites_json_error(headers, body, code)
    assert headers["cache-control"] == "no-store"


def test_two_instances_do_not_share_a_control_socket(server):
    assert not list(server.home.rglob("*.ctl")), "gunicorn's control socket is shared by every instance of a user"


# Cold workers rendered each reading page on its first request, after every restart.


def test_a_worker_renders_every_reading_page_before_it_takes_a_request():
    app = serve.worker_app()
    library = app.extensions["naipes"].library
    urls = pages.reading_urls(library)
    per_game = [3 + (library.glossary(page) is not None) + (GAMES[page.game].scoring_data() is not None)
                for lang in library.languages for page in library.games_in(lang)]
    assert len(urls) == len(library.languages) + sum(per_game), "home, rules page, sheet, booklet, glossary and pad"
    assert set(urls) <= set(app.extensions["naipes.rendered"])

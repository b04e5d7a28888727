"""Run the site: gunicorn in production (the default), Flask's development server with ``--dev``.

    python -m naipes.serve          # gunicorn, NAIPES_WORKERS workers on NAIPES_BIND
    python -m naipes.serve --dev    # one process that reloads on edits, for writing the site

| variable | default | what it is |
| --- | --- | --- |
| ``NAIPES_BIND`` | ``127.0.0.1:8000`` | where to listen; ``0.0.0.0:8000`` to be reached from other machines |
| ``NAIPES_WORKERS`` | 2 × cores + 1, at most 9 | gunicorn worker processes |
| ``NAIPES_READ_TIMEOUT`` | ``10`` | seconds a client may take between two reads, and to send a request's whole body; its head must arrive within 5 (or this, if less) |
| ``NAIPES_CONNECTIONS_PER_CLIENT`` | ``20`` | connections one address may hold open at once in each worker (not counted behind proxies: ``NAIPES_PROXY_COUNT``) |

The app's own settings (secret key, site address, proxies) are in ``naipes/web/settings.py``.
Every worker builds the app itself (no ``--preload``) and renders every reading page before it
takes a request: the secret key, when none is given, is made once in the instance folder and
read by all, and so is the service worker, which Workbox (Node.js) writes in the master meanwhile.

The workers are gunicorn's gevent workers: a connection is a greenlet, so a client that sends
its request slowly, or not at all, holds a socket rather than a process (sync workers read the
request themselves, and three idle connections held three workers for 30 s). A socket is bounded
too: a body must arrive whole within the read timeout, however it trickles, and an address holds
at most ``NAIPES_CONNECTIONS_PER_CLIENT`` connections in a worker, so that thousands of slow
clients cost their senders their own slots, not the readers theirs. The searches run in each
worker's compute pool (``naipes.compute``), never on its loop.
"""

from __future__ import annotations

import argparse
import http
import io
import os
import socket
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from gunicorn.app.base import BaseApplication
from gunicorn.http import errors as http_errors
from gunicorn.http.body import ChunkedReader, LengthReader
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker
from werkzeug.serving import WSGIRequestHandler, run_simple

from .web import create_app, offline, pages, pool, seating
from .web.errors import refused_by_the_server

DEFAULT_BIND = "127.0.0.1:8000"
# A request is bounded work (64 KiB body, capped searches): a slow one is a fault, not a load.
TIMEOUT_SECONDS = 30
DEFAULT_READ_TIMEOUT = 10
# How long a connection may stay idle between requests, and the most a request's head may take.
HEAD_SECONDS = 5
DEFAULT_CONNECTIONS_PER_CLIENT = 20
RETRY_AFTER = 1
"""Seconds a client refused for its connections is asked to wait: one of them will have been answered."""
ACCESS_LOG_FORMAT = '%(h)s %(l)s %(u)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s "%(f)s" "%(a)s"'
"""gunicorn's default line with the path where it writes the request line: never the query string, where a
seat's key travels (``…/tables/state?table=``, ``…/tables/events?table=``, as the API fixes them)."""

# gunicorn's refusals of a request it could not parse, by the status the site answers them with.
_REFUSALS: tuple[tuple[type[Exception], int], ...] = (
    (http_errors.LimitRequestLine, 414),
    (http_errors.LimitRequestHeaders, 431),
    (http_errors.UnsupportedTransferCoding, 501),
    (http_errors.ExpectationFailed, 417),
    (http_errors.ConfigurationProblem, 500),
    (http_errors.InvalidResponseHeader, 500),
    (http_errors.InvalidResponseHeaderName, 500),
    (http_errors.ParseException, 400),
)


class DevRequestHandler(WSGIRequestHandler):
    """The development server's handler, minus the Werkzeug and Python versions in ``Server``."""

    server_version = "Naipes"
    sys_version = ""

    def version_string(self) -> str:
        return self.server_version

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        # The path without its query string, as the access log of ``serve`` writes it (``ACCESS_LOG_FORMAT``).
        self.log("info", '"%s %s %s" %s %s', self.command, urlsplit(self.path).path, self.request_version, code, size)


class DeadlineSocket:
    """A client's socket whose reads stop at the request's deadline (``deadline``, a ``time.monotonic``
    instant, or None between requests): each read waits at most ``read_timeout`` seconds, and no longer
    than the deadline leaves, so a body sent a byte now and then ends in a timeout like one that stops."""

    def __init__(self, sock: socket.socket, read_timeout: float) -> None:
        self._sock = sock
        self._read_timeout = read_timeout
        self.deadline: float | None = None
        self.waiting = False
        self.evicted = False

    def recv(self, size: int, *flags: int) -> bytes:
        if self.evicted:
            return b""
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the request's deadline has passed")
            self._sock.settimeout(min(self._read_timeout, left))
        self.waiting = True
        try:
            return self._sock.recv(size, *flags)
        except OSError:
            # gevent ends the wait of a socket shut down by another greenlet with an error: here, an eviction.
            if self.evicted:
                return b""
            raise
        finally:
            self.waiting = False
            if self.deadline is not None:
                self._sock.settimeout(self._read_timeout)

    def evict(self) -> None:
        """End the connection as if the client had closed it: its read in progress returns nothing."""
        self.evicted = True
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def __getattr__(self, name: str):
        return getattr(self._sock, name)


class Worker(GeventWorker):
    """gunicorn's gevent worker, with a read timeout and the site's own answers to what gunicorn refuses.

    - Every read from a client waits at most ``read_timeout`` seconds, and a request's body must
      arrive whole within ``read_timeout`` of its head: a body that stops short or trickles is then
      a 408 from the app (``json_io``), and the connection is closed rather than waiting for the
      rest. gunicorn's gevent worker already bounds a request's head by ``keepalive``.
    - An address holds at most ``connections_per_client`` connections at once in a worker (when the
      server sees its clients' own addresses): past that, a new connection ends the address's oldest
      one that waits on its client (an idle one, a head or a body still on its way), or if none
      does (all of them being answered), it is answered 429 with ``Retry-After`` and closed before
      anything is read. A crowd of slow sockets from one address so costs that address its own
      sockets, and a reader beside them is still answered.
    - A request gunicorn cannot parse (a bad request line, a URI or headers too long) is answered
      with the API's JSON error and every header the site sends, not gunicorn's bare HTML.
    """

    read_timeout: float = DEFAULT_READ_TIMEOUT
    connections_per_client: int | None = DEFAULT_CONNECTIONS_PER_CLIENT

    def handle(self, listener, client, addr):
        address = addr[0] if isinstance(addr, tuple) and addr and self.connections_per_client else None
        held: dict[str, list[DeadlineSocket]] = self.__dict__.setdefault("_held", {})
        theirs = held.setdefault(address, []) if address is not None else []
        live = [other for other in theirs if not other.evicted]
        if self.connections_per_client and len(live) >= self.connections_per_client:
            oldest_waiting = next((other for other in live if other.waiting), None)
            if oldest_waiting is None:
                self._refuse(client, 429)
                return
            oldest_waiting.evict()
        # GeventWorker.handle makes the socket blocking with no timeout at all; this is the same
        # step with a timeout, before the base handling.
        client.settimeout(self.read_timeout)
        sock = DeadlineSocket(client, self.read_timeout)
        theirs.append(sock)
        try:
            AsyncWorker.handle(self, listener, sock, addr)
        finally:
            theirs.remove(sock)
            if address is not None and not theirs:
                del held[address]

    def _read_body(self, req, sock) -> None:
        """The request's body read whole (64 KiB at most) before the app is asked anything, within the
        request's deadline: a body that does not arrive in time is answered 408 here and the connection
        closed, so a client dripping its body costs the site a socket and a few reads, never a request
        through the app. A body over the cap is left for the app to refuse (413), unread."""
        reader = req.body.reader
        cap = self.wsgi.config["MAX_CONTENT_LENGTH"]
        if not (isinstance(reader, ChunkedReader) or (isinstance(reader, LengthReader) and 0 < reader.length <= cap)):
            return
        try:
            data = req.body.read(cap + 1)
        except TimeoutError:
            self._refuse(sock, 408)
            raise StopIteration from None
        if isinstance(sock, DeadlineSocket) and sock.evicted:
            raise StopIteration
        # What came, short or not: the app answers a body shorter than its Content-Length (400).
        req.body = io.BytesIO(data)

    def _refuse(self, client, status: int) -> None:
        try:
            client.sendall(self._refusal(status))
        except OSError:
            pass
        finally:
            client.close()

    def handle_exit(self, sig, frame):
        # An open event stream would hold a stopping worker until the graceful timeout: it ends now,
        # and its browser reconnects (to a worker still running) from the last event it had.
        if getattr(self, "wsgi", None) is not None:
            seating.end_streams(self.wsgi)
        super().handle_exit(sig, frame)

    def handle_request(self, listener_name, req, sock, addr):
        if isinstance(sock, DeadlineSocket):
            sock.deadline = time.monotonic() + self.read_timeout
        try:
            self._read_body(req, sock)
            super().handle_request(listener_name, req, sock, addr)
        finally:
            if isinstance(sock, DeadlineSocket):
                sock.deadline = None
        if getattr(getattr(req.body, "reader", None), "length", 0):
            # The app stopped reading the body (a read timed out, or it refused the request
            # unread): gunicorn would wait for the rest before the next request. Close instead.
            raise StopIteration

    def handle_error(self, req, client, addr, exc):
        status = next((status for kind, status in _REFUSALS if isinstance(exc, kind)), 500)
        if status == 500:
            self.log.exception("Error handling request")
        else:
            # The refusal's kind only: its text may quote the request line, and a seat's key with it.
            self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], type(exc).__name__)
        try:
            client.sendall(self._refusal(status))
        except OSError:
            self.log.debug("Failed to send error message.")

    def _refusal(self, status: int) -> bytes:
        cache = self.__dict__.setdefault("_refusals", {})
        if status not in cache:
            response = refused_by_the_server(self.wsgi, status)
            body = response.get_data()
            lines = [f"HTTP/1.1 {status} {http.HTTPStatus(status).phrase}"]
            lines += [f"{name}: {value}" for name, value in response.headers.items() if name.lower() != "content-length"]
            if status in (429, 503):
                lines.append(f"Retry-After: {RETRY_AFTER}")
            lines += [f"Content-Length: {len(body)}", "Connection: close"]
            cache[status] = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
        return cache[status]


class NaipesServer(BaseApplication):
    """gunicorn's documented custom application: each worker calls ``worker_app()``."""

    def __init__(self, options: dict) -> None:
        self.options = options
        super().__init__()

    def load_config(self):
        for name, value in self.options.items():
            self.cfg.set(name, value)

    def load(self):
        return worker_app()


def worker_app():
    """The app as a worker serves it: built, then every reading page rendered before any request; the
    service worker is its master's to write (``write_service_worker``)."""
    app = create_app({"SERVICE_WORKER_WRITES": False})
    pages.render_reading_pages(app)
    pool.pool_of(app).start()
    return app


def default_workers() -> int:
    return min(2 * (os.cpu_count() or 1) + 1, 9)


def _whole(environ, name: str, default: int) -> int:
    value = environ.get(name, "")
    if not value:
        return default
    if not value.isdigit() or int(value) < 1:
        sys.exit(f"{name} must be a whole number (1 or more), not {value!r}")
    return int(value)


def _whole_or_zero(environ, name: str) -> int:
    value = environ.get(name, "").strip()
    return int(value) if value.isdigit() else 0


def gunicorn_options(environ) -> dict:
    """gunicorn's settings from the environment: ``bind``, ``workers``, the read timeout and the fixed choices."""
    read_timeout = _whole(environ, "NAIPES_READ_TIMEOUT", DEFAULT_READ_TIMEOUT)
    per_client = _whole(environ, "NAIPES_CONNECTIONS_PER_CLIENT", DEFAULT_CONNECTIONS_PER_CLIENT)
    # Behind proxies every connection comes from one of them: the proxies bound their clients.
    behind_proxies = _whole_or_zero(environ, "NAIPES_PROXY_COUNT") > 0
    worker = type("Worker", (Worker,), {"read_timeout": read_timeout,
                                        "connections_per_client": None if behind_proxies else per_client})
    return {
        "bind": environ.get("NAIPES_BIND", DEFAULT_BIND),
        "workers": _whole(environ, "NAIPES_WORKERS", default_workers()),
        "worker_class": worker,
        "worker_connections": 1000,
        "timeout": TIMEOUT_SECONDS,
        "graceful_timeout": TIMEOUT_SECONDS,
        # A head slower than a socket read would end in a read error rather than a quiet close.
        "keepalive": min(HEAD_SECONDS, read_timeout),
        "accesslog": "-",
        "access_log_format": ACCESS_LOG_FORMAT,
        "limit_request_line": 4094,
        "limit_request_fields": 50,
        # gunicorn believes no X-Forwarded-* itself: the app's ProxyFix does, as NAIPES_PROXY_COUNT says.
        "forwarded_allow_ips": "",
        # Its default path is one per user: a second instance would take it over, and stopping
        # either would delete it. Nothing here uses gunicornc.
        "control_socket_disable": True,
    }


def run_development(environ) -> None:
    host, _, port = environ.get("NAIPES_BIND", DEFAULT_BIND).rpartition(":")
    # Pages are rendered afresh on every request, so that an edit shows on the next reload.
    app = create_app({"PAGE_CACHE": False})
    run_simple(host or "127.0.0.1", int(port), app, use_reloader=True, request_handler=DevRequestHandler)


def write_service_worker() -> None:
    """Workbox's service worker for the site as it is, written by the master into the instance folder, where the
    workers find it: no request waits on Node.js. Until it is written (seconds, once per change of the site)
    ``/sw.js`` is a 404 and browsers simply try again on their next page."""
    settings, path = offline.service_worker_plan(create_app())
    if path.is_file():
        return
    # Node.js runs in a thread of the master while gunicorn forks the workers: the thread holds no lock
    # of this process while it waits, so a worker forked meanwhile starts clean.
    threading.Thread(target=_write_service_worker, args=(settings, path), name="service-worker", daemon=True).start()


def _write_service_worker(settings: str, path: Path) -> None:
    try:
        offline.write_into(settings, path)
    except offline.ServiceWorkerError as error:
        print(f"naipes: no service worker, so the site will need the network: {error}", file=sys.stderr)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dev", action="store_true", help="Flask's development server (one process, reloads on edits)")
    args = parser.parse_args(argv)
    if args.dev:
        run_development(os.environ)
    else:
        write_service_worker()
        NaipesServer(gunicorn_options(os.environ)).run()


if __name__ == "__main__":
    main()

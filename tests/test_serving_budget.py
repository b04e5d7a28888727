"""The production server's budget per request and per client address: a body that trickles in is cut off
at the request's deadline like one that stops, and a crowd of connections from one address costs that
address its own oldest ones, not a reader beside them. One server for the module (``test_serving_slow_clients``'s,
with a read timeout of two seconds)."""

from __future__ import annotations

import json
import select
import socket
import time

import pytest

from tests.test_serving_slow_clients import READ_TIMEOUT, WORKERS, server  # noqa: F401 - the module's server

pytestmark = pytest.mark.slow

CROWD = 25
"""Connections from one address, past what it may hold in a worker (``NAIPES_CONNECTIONS_PER_CLIENT``, 20)."""


def _from(server, address: str) -> socket.socket:  # noqa: F811 - the fixture's value
    return socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(address, 0))


def _answer(sock: socket.socket) -> bytes:
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def test_a_body_sent_a_byte_now_and_then_is_a_408_at_the_requests_deadline(server):  # noqa: F811
    """Each byte comes well within the read timeout; the whole body does not come within the deadline."""
    with _from(server, "127.0.0.31") as sock:
        sock.sendall(b"POST /api/v1/old-maid/legal HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 40\r\n\r\n")
        start = time.monotonic()
        answer = b""
        try:
            for _ in range(40):
                sock.sendall(b" ")
                time.sleep(READ_TIMEOUT / 4)
                if time.monotonic() - start > READ_TIMEOUT + 1:
                    break
        except OSError:
            pass
        answer = _answer(sock)
    took = time.monotonic() - start
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408"), answer[:200]
    assert json.loads(body)["error"]["code"] == "request_timeout"
    assert took < READ_TIMEOUT + 2


def test_a_crowd_from_one_address_ends_its_own_oldest_connections_and_its_reader_is_answered(server):  # noqa: F811
    crowd = [_from(server, "127.0.0.32") for _ in range(CROWD * WORKERS)]
    try:
        time.sleep(0.3)
        with _from(server, "127.0.0.32") as reader:
            reader.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            assert _answer(reader).startswith(b"HTTP/1.1 200")
        # Well before the head's deadline (two seconds), which would end them all.
        readable, _, _ = select.select(crowd, [], [], 0.3)
        ended = sum(sock.recv(1) == b"" for sock in readable)
        assert ended >= CROWD * WORKERS - 20 * WORKERS, "an address keeps at most 20 connections in a worker"
    finally:
        for sock in crowd:
            sock.close()

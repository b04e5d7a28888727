"""Tables with friends on the production server (gunicorn's gevent workers): a seat's event stream holds a
socket, never a worker, and a move reaches every stream at once, from any worker of the instance."""

from __future__ import annotations

import time

import pytest

from benchmarks.friends_latency import Stream, free_port, request, serve

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

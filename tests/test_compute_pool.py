"""The compute pool (``naipes.compute``): CPU-bound questions run in other processes, a full pool
refuses with 503 ``busy`` and ``Retry-After``, a client over its share gets 429 ``rate_limited``, and
the same analysis gets the same answer however warm the process that answers it."""

from __future__ import annotations

import os
import threading
import time

import pytest

from benchmarks.starvation import HARD_MISERE
from naipes.compute import Broken, Busy, Pool
from naipes.engine.errors import IllegalMove
from naipes.games import GAMES
from naipes import tables
from naipes.web import create_app
from naipes.web.pool import pool_of


def _app(**config):
    return create_app({"TESTING": True, "SECRET_KEY": "the tests share this key",
                       "POOL_NICE": 0, **config})


@pytest.fixture(scope="module")
def pool():
    made = Pool(1, 0, wait=0.5, nice=0)
    yield made
    made.close()


def test_a_question_is_answered_in_another_process(pool):
    assert pool.run(os.getpid) != os.getpid()
    game = GAMES["solo-whist"]
    table, events = pool.run(tables.deal, game, {"seat": 0, "level": game.levels[-1]})
    assert table.seat == 0 and table.game.ID == "solo-whist" and table.record is not None


def test_an_engines_refusal_comes_back_as_itself(pool):
    game = GAMES["old-maid"]
    table, _ = tables.deal(game, {"seat": 0})
    with pytest.raises(IllegalMove) as refused:
        pool.run(tables.undo, table)
    assert refused.value.code == "nothing_to_undo" and "undo" in refused.value.message


def test_a_question_that_cannot_be_sent_is_refused_before_a_process_is_taken(pool):
    with pytest.raises(Exception, match="pickle|local object"):
        pool.run(lambda: 1)
    assert pool.run(sum, (1, 2)) == 3


def test_a_process_that_dies_is_replaced(pool):
    before = pool.run(os.getpid)
    with pytest.raises(Broken):
        pool.run(os._exit, 3)
    assert pool.run(os.getpid) not in (before, os.getpid())


def test_a_full_pool_refuses_at_once_rather_than_queueing(pool):
    thinking = threading.Thread(target=pool.run, args=(time.sleep, 1.0))
    thinking.start()
    time.sleep(0.3)
    start = time.monotonic()
    with pytest.raises(Busy):
        pool.run(os.getpid)
    assert time.monotonic() - start < 0.2
    thinking.join()
    assert pool.run(sum, (2, 2)) == 4


@pytest.fixture(scope="module")
def small_app():
    return _app(POOL_PROCESSES=1, POOL_QUEUE=0)


@pytest.mark.parametrize("lang, words", [("es", "pensando"), ("pt", "a pensar")])
def test_a_costly_request_to_a_full_pool_is_a_503_busy_with_retry_after_in_the_readers_language(
        small_app, lang, words):
    thinking = threading.Thread(target=pool_of(small_app).run, args=(time.sleep, 1.0))
    thinking.start()
    time.sleep(0.3)
    client = small_app.test_client()
    answer = client.post(f"/api/v1/solo-whist/analysis?lang={lang}", json={"position": HARD_MISERE})
    cheap = client.post("/api/v1/solo-whist/legal", json={"position": HARD_MISERE})
    page = client.get(f"/{lang}/")
    thinking.join()
    assert answer.status_code == 503 and int(answer.headers["Retry-After"]) >= 1
    assert answer.get_json()["error"]["code"] == "busy" and words in answer.get_json()["error"]["message"]
    assert cheap.status_code == 200 and page.status_code == 200, "cheap calls and pages never wait for the pool"


def _limited(**config):
    return _app(RATELIMIT_ENABLED=True, RATE_LIMIT="3 per minute", **config)


@pytest.fixture(scope="module")
def limited_app():
    return _limited()


def _game_position(client) -> dict:
    return client.post("/api/v1/old-maid/new", json={"seed": 4}).get_json()["position"]


@pytest.mark.parametrize("lang, words", [("es", "espera un momento"), ("pt", "aguarde um momento")])
def test_a_client_over_its_share_gets_429_with_retry_after_and_others_are_still_served(limited_app, lang, words):
    client = limited_app.test_client()
    # Each language's run is a client of its own, and another client beside it.
    mine, other = ({"REMOTE_ADDR": f"127.0.0.{number}"} for number in ((7, 8) if lang == "es" else (9, 10)))
    answers = [client.post(f"/api/v1/old-maid/tables?lang={lang}", json={}, environ_base=mine) for _ in range(4)]
    assert [answer.status_code for answer in answers] == [201, 201, 201, 429]
    refused = answers[-1]
    assert 1 <= int(refused.headers["Retry-After"]) <= 61, "the minute the share counts, rounded up"
    assert refused.get_json()["error"]["code"] == "rate_limited" and words in refused.get_json()["error"]["message"]
    # Cheap calls are not counted, and another client has its own share.
    assert client.post("/api/v1/old-maid/legal", json={"position": _game_position(client)},
                       environ_base=mine).status_code == 200
    assert client.post("/api/v1/old-maid/tables", json={}, environ_base=other).status_code == 201


def test_behind_a_proxy_the_forwarded_address_is_the_client():
    client = _limited(PROXY_COUNT=1).test_client()

    def through_proxy(address: str) -> int:
        return client.post("/api/v1/old-maid/tables", json={}, headers={"X-Forwarded-For": address},
                           environ_base={"REMOTE_ADDR": "10.0.0.1"}).status_code

    assert [through_proxy("198.51.100.1") for _ in range(4)] == [201, 201, 201, 429]
    assert through_proxy("198.51.100.2") == 201


def _asked(app, times: int) -> list[tuple[int, dict]]:
    client = app.test_client()
    answers = []
    for _ in range(times):
        answer = client.post("/api/v1/solo-whist/analysis", json={"position": HARD_MISERE})
        answers.append((answer.status_code, answer.get_json()))
    return answers


def test_the_same_analysis_twice_on_one_process_gets_the_same_refusal(small_app):
    """The search's table is emptied for each question: a warm process reaches no further than a cold one."""
    first, second = _asked(small_app, 2)
    assert first == second
    assert first[0] == 400 and first[1]["error"]["code"] == "too_much_work"


@pytest.mark.slow
def test_the_same_analysis_five_times_on_one_process_and_once_on_a_fresh_one_gets_one_answer(small_app):
    warm = _asked(small_app, 5)
    fresh = _asked(_app(POOL_PROCESSES=1), 1)
    assert len({repr(answer) for answer in warm + fresh}) == 1


def test_with_redis_every_instance_counts_one_share_per_client(redis_url):
    """Two instances behind one address, sharing the Redis: a client's requests count once, wherever they land."""
    first, second = (_limited(REDIS_URL=redis_url).test_client() for _ in range(2))
    mine = {"REMOTE_ADDR": "127.0.0.21"}
    statuses = [client.post("/api/v1/old-maid/tables", json={}, environ_base=mine).status_code
                for client in (first, second, first, second)]
    assert statuses == [201, 201, 201, 429]
    assert second.post("/api/v1/old-maid/tables", json={},
                       environ_base={"REMOTE_ADDR": "127.0.0.22"}).status_code == 201

"""Tables with friends through the API: seats, invitations, names, each seat's own view and language,
the turn's clock, leaving, the next deal, and every change streamed to every seat (server-sent events),
on one instance and on two behind one real Redis."""

from __future__ import annotations

import json
import queue
import threading
import time

import pytest

from naipes.games import GAMES
from naipes.web import create_app, friends, pool, seating
from naipes.web.tables import loaded, table_store


@pytest.fixture(scope="module")
def app():
    return create_app({"TESTING": True, "SECRET_KEY": "the tests share this key", "TURN_SECONDS": 600})


@pytest.fixture(autouse=True)
def brief_heartbeat(monkeypatch):
    """Streams send their comment line often, so that a stream a test closes ends at once."""
    monkeypatch.setattr(friends, "HEARTBEAT_SECONDS", 0.2)


def post(client, path, body, lang="es", game="old-maid"):
    return client.post(f"/api/v1/{game}/tables{path}?lang={lang}", json=body)


def created(client, seats, game="old-maid", lang="es", **options):
    response = post(client, "", {"seats": seats, **options}, lang, game)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def joined(client, invite, name, lang="pt", game="old-maid"):
    response = post(client, "/join", {"invite": invite["code"], "name": name}, lang, game)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def error(response, status):
    assert response.status_code == status, response.get_json()
    return response.get_json()["error"]


class Stream:
    """A seat's event stream read in a thread: each ``data:`` line's Table, with the ``id:`` before it."""

    def __init__(self, client, game, key, after=None, headers=None):
        query = f"table={key}" + ("" if after is None else f"&after={after}")
        self.bus = client.application.extensions[seating.EXTENSION]
        self.response = client.get(f"/api/v1/{game}/tables/events?{query}", headers=headers or {}, buffered=False)
        self.messages: queue.Queue = queue.Queue()
        self.comments: list[str] = []
        self.closing = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        buffer = ""
        try:
            for chunk in self.response.response:
                if self.closing.is_set():
                    break
                buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
                while "\n\n" in buffer:
                    block, buffer = buffer.split("\n\n", 1)
                    fields = dict(line.split(": ", 1) for line in block.split("\n") if ": " in line)
                    if block.startswith(":"):
                        self.comments.append(block)
                    elif "data" in fields:
                        self.messages.put((int(fields["id"]), json.loads(fields["data"])))
        finally:
            self.response.close()

    def next(self, timeout=5.0):
        return self.messages.get(timeout=timeout)

    def until(self, version, timeout=5.0):
        """Every message up to the one that brings the seat to ``version``."""
        got = []
        deadline = time.monotonic() + timeout
        while not got or got[-1][0] < version:
            got.append(self.messages.get(timeout=max(0.01, deadline - time.monotonic())))
        return got

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """The stream closed by the thread that reads it, woken by the bus to see that it should."""
        self.closing.set()
        self.bus.wake_all()
        self.reader.join(5)


def two_at_old_maid(client):
    """Ana (es) at seat 0 and João (pt) at seat 1 of a two-player Old Maid."""
    ana = created(client, ["me", "friend"], name="Ana")
    joao = joined(client, ana["invites"][0], "João")
    return ana, joao


def test_a_table_with_friends_gives_one_invitation_per_friend_in_the_creators_language(client):
    table = created(client, ["friend", "me", "computer", "friend"], game="solo-whist", lang="pt")
    assert table["seat"] == 1
    assert [invite["seat"] for invite in table["invites"]] == [0, 3]
    codes = {invite["code"] for invite in table["invites"]}
    assert len(codes) == 2 and all(len(code) >= 22 for code in codes)
    for invite in table["invites"]:
        assert invite["url"].endswith(f"/pt/solo-whist/jogar/convite/#{invite['code']}")
    assert [(seat["kind"], seat["taken"]) for seat in table["seats"]] == [
        ("person", False), ("person", True), ("computer", True), ("person", False)]


@pytest.mark.parametrize("seats", [
    ["friend", "friend"], ["me", "me"], ["me", "computer"], ["me"], ["me", "friend"] * 4, ["me", "friends"], "me",
])
def test_seats_that_cannot_be_seated_are_refused_in_the_readers_language(client, seats):
    assert error(post(client, "", {"seats": seats}, "pt"), 400)["code"] == "invalid_seats"


def test_solo_whist_seats_four_and_old_maid_agrees_with_its_players(client):
    assert error(post(client, "", {"seats": ["me", "friend"]}, game="solo-whist"), 400)["code"] == "invalid_seats"
    body = {"seats": ["me", "friend", "computer"], "players": 4}
    assert error(post(client, "", body), 400)["code"] == "invalid_seats"
    assert created(client, ["me", "friend", "computer"], players=3)["view"]["hands"][2] is not None


@pytest.mark.parametrize("seat", [2, -1, "0"])
def test_a_seat_sent_beside_the_seats_must_be_one_of_the_table(client, seat):
    refused = error(post(client, "", {"seats": ["me", "friend"], "seat": seat}, "pt", game="double-solitaire"), 400)
    assert refused["code"] == "invalid_seat" and "0 a 1" in refused["message"]
    assert created(client, ["me", "friend"], game="double-solitaire", seat=1)["seat"] == 0, "“me” places the creator"


def test_a_friend_joins_with_a_name_every_seat_sees_and_sees_only_their_own_cards(client):
    ana, joao = two_at_old_maid(client)
    assert joao["seat"] == 1 and joao["table"] != ana["table"]
    assert all(card is not None for card in joao["view"]["hands"][1])
    assert all(card is None for card in joao["view"]["hands"][0])
    now = client.get(f"/api/v1/old-maid/tables/state?table={ana['table']}").get_json()
    assert [seat["name"] for seat in now["seats"]] == ["Ana", "João"]
    assert all(seat["present"] for seat in now["seats"])


def test_an_invitation_seats_one_person_once(client):
    table = created(client, ["me", "friend"])
    joined(client, table["invites"][0], "Bea")
    again = post(client, "/join", {"invite": table["invites"][0]["code"], "name": "Eve"}, "pt")
    assert error(again, 409)["code"] == "seat_taken"
    unknown = post(client, "/join", {"invite": "no-such-code", "name": "Eve"}, "es")
    assert error(unknown, 404)["code"] == "unknown_invite"
    other_game = post(client, "/join", {"invite": table["invites"][0]["code"], "name": "Eve"}, game="solo-whist")
    assert error(other_game, 404)["code"] == "unknown_invite"


@pytest.mark.parametrize("name, shown", [("  Zoë   Ana ", "Zoë Ana"), ("Ζωή 李小龍", "Ζωή 李小龍"), ("x" * 24, "x" * 24)])
def test_names_in_any_script_are_kept_as_typed_less_extra_spaces(client, name, shown):
    table = created(client, ["me", "friend"])
    assert joined(client, table["invites"][0], name)["seats"][1]["name"] == shown


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "<b>Ana</b>", "Ana\u0000", 7, None])
def test_names_too_long_empty_or_with_markup_are_refused_and_the_seat_stays_free(client, name):
    table = created(client, ["me", "friend"])
    refused = post(client, "/join", {"invite": table["invites"][0]["code"], "name": name}, "pt")
    assert error(refused, 400)["code"] in ("invalid_name", "invalid_body")
    assert joined(client, table["invites"][0], "Ana")["seat"] == 1


@pytest.mark.parametrize("path", ["/undo", "/again"])
def test_no_undo_and_no_deal_again_at_a_table_with_friends(client, path):
    ana, _ = two_at_old_maid(client)
    assert error(post(client, path, {"table": ana["table"]}), 409)["code"] == "friends_table"


def test_no_computer_tick_for_another_seat_in_a_race_between_friends(client):
    ana = created(client, ["me", "friend"], game="double-solitaire")
    tick = post(client, "/tick", {"table": ana["table"]}, game="double-solitaire")
    assert error(tick, 409)["code"] == "friends_table"


def discard(answer):
    return next(move for move in answer["moves"] if move["type"] == "discard")


def test_a_move_reaches_the_other_seat_masked_for_it_and_told_in_its_language(client):
    ana, joao = two_at_old_maid(client)
    with Stream(client, "old-maid", joao["table"], after=joao["version"]) as stream:
        first = stream.next()
        assert first[0] == joao["version"] and first[1]["events"] == []
        moved = post(client, "/move", {"table": ana["table"], "move": discard(ana), "version": ana["version"]})
        assert moved.status_code == 200
        version, seen = stream.until(moved.get_json()["version"])[-1]
        assert version == seen["version"] == moved.get_json()["version"]
        assert seen["seat"] == 1 and seen["table"] == joao["table"]
        assert [event["type"] for event in seen["events"]] == ["discarded"]
        assert all(card is None for card in seen["view"]["hands"][0])
        assert seen["told"] and "Jogador 1" not in seen["told"][0] and "jogador 1" in seen["told"][0]


def test_after_resumes_with_nothing_lost_or_repeated(client):
    ana, joao = two_at_old_maid(client)
    versions = [ana["version"]]
    answer = ana
    for _ in range(2):
        answer = post(client, "/move", {"table": ana["table"], "move": discard(answer)}).get_json()
        versions.append(answer["version"])
    with Stream(client, "old-maid", joao["table"], after=versions[1]) as stream:
        version, seen = stream.next()
        assert version == versions[2]
        assert len(seen["events"]) == 1
    with Stream(client, "old-maid", joao["table"], after=versions[0],
                headers={"Last-Event-ID": str(versions[2])}) as resumed:
        version, seen = resumed.next()
        assert version == versions[2] and seen["events"] == []


def test_an_after_that_is_not_a_version_is_refused(client):
    ana, _ = two_at_old_maid(client)
    assert error(client.get(f"/api/v1/old-maid/tables/events?table={ana['table']}&after=x"), 400)["code"] == "invalid_after"
    assert error(client.get("/api/v1/old-maid/tables/events?table=nobody"), 400)["code"] == "invalid_table"


def test_an_idle_stream_sends_a_comment_to_stay_open(client):
    ana, _ = two_at_old_maid(client)
    with Stream(client, "old-maid", ana["table"]) as stream:
        stream.next()
        time.sleep(0.6)
        assert stream.comments


def test_a_late_seat_is_played_for_once_and_every_seat_is_told(app, client):
    ana, joao = two_at_old_maid(client)
    game = GAMES["old-maid"]
    with app.test_request_context():
        kept = loaded(game, ana["table"])
        late = seating.on_time(table_store(), kept, game, now=kept.deadline + 1)
        twice = seating.on_time(table_store(), kept, game, now=kept.deadline + 1)
    assert late.version == kept.version + 1 and twice.version == late.version
    seen = client.get(f"/api/v1/old-maid/tables/state?table={joao['table']}&lang=pt").get_json()
    assert seen["version"] == late.version
    with Stream(client, "old-maid", joao["table"], after=kept.version) as stream:
        _, message = stream.next()
        assert message["events"][0] == {"type": "played_for", "player": 1}
        assert message["told"][0].startswith("O seu tempo acabou")
    with Stream(client, "old-maid", ana["table"], after=kept.version) as stream:
        _, message = stream.next()
        assert message["told"][0].startswith("Al jugador 2 se le acabó el tiempo")


def test_a_seat_that_leaves_is_played_by_the_computer_until_its_key_comes_back(client):
    ana, joao = two_at_old_maid(client)
    left = post(client, "/leave", {"table": joao["table"]}, "pt")
    assert left.status_code == 200
    assert not left.get_json()["seats"][1]["present"]
    assert 1 not in left.get_json()["turn"]
    back = client.get(f"/api/v1/old-maid/tables/state?table={joao['table']}").get_json()
    assert back["seats"][1]["present"]


def test_leaving_a_table_of_one_reader_is_refused(client):
    alone = post(client, "", {}).get_json()
    assert error(post(client, "/leave", {"table": alone["table"]}), 409)["code"] == "not_with_friends"


def test_a_friends_page_invitation_is_in_its_language_and_keeps_no_referrer(client):
    page = client.get("/pt/solo-whist/jogar/convite/")
    assert page.status_code == 200
    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert "Sentar-me" in page.get_data(as_text=True)
    assert "Sentarse" in client.get("/es/solo-whist/jugar/invitacion/").get_data(as_text=True)
    assert client.get("/es/solo-whist/jugar/convite/").status_code == 404
    # The invitation's route, four parts deep, takes no address from the pages of three parts.
    assert client.get("/es/old-maid/hoja/").status_code == 200


def test_two_instances_on_one_redis_deliver_every_change_to_every_seat(tmp_path, redis_url, monkeypatch):
    settings = {"TESTING": True, "SECRET_KEY": "the tests share this key", "REDIS_URL": redis_url,
                "DATABASE_URL": f"sqlite:///{tmp_path / 'tables.sqlite'}", "TURN_SECONDS": 600}
    here, there = create_app(settings), create_app(settings)
    try:
        near, far = here.test_client(), there.test_client()
        ana, joao = two_at_old_maid(near)
        # Without the bus a stream would read the store at its heartbeat only: with a heartbeat longer than
        # every wait below, a change that arrives at all arrived through the bus.
        monkeypatch.setattr(friends, "HEARTBEAT_SECONDS", 120.0)
        assert here.extensions[seating.EXTENSION].ready(5) and there.extensions[seating.EXTENSION].ready(5)
        streams = [Stream(far, "old-maid", joao["table"]), Stream(near, "old-maid", ana["table"])]
        for stream in streams:
            stream.next()
        answer = ana
        for _ in range(3):
            answer = post(near, "/move", {"table": ana["table"], "move": discard(answer)}).get_json()
            for stream in streams:
                stream.until(answer["version"], timeout=30)
        monkeypatch.setattr(friends, "HEARTBEAT_SECONDS", 0.2)
        for stream in streams:
            stream.close()
    finally:
        for app in (here, there):
            app.extensions[seating.EXTENSION].close()


def played_out(client, *seats):
    """The game at the seats' table played to its end, each seat making its first listed move in turn."""
    answers = list(seats)
    for _ in range(500):
        answers = [client.get(f"/api/v1/old-maid/tables/state?table={answer['table']}").get_json() for answer in answers]
        if answers[0]["over"]:
            return answers
        for answer in answers:
            if answer["moves"]:
                post(client, "/move", {"table": answer["table"], "move": answer["moves"][0]})
    raise AssertionError("the game did not end")


def test_the_next_deal_is_dealt_once_to_the_same_people_each_with_their_own_key(client):
    ana, joao = played_out(client, *two_at_old_maid(client))
    ana_next = post(client, "/next", {"table": ana["table"]})
    assert ana_next.status_code == 201
    told = client.get(f"/api/v1/old-maid/tables/state?table={joao['table']}").get_json()
    assert told["next"] is True
    joao_next = post(client, "/next", {"table": joao["table"]}, "pt")
    assert joao_next.status_code == 201
    mine, theirs = ana_next.get_json(), joao_next.get_json()
    assert mine["table"] != theirs["table"] and (mine["seat"], theirs["seat"]) == (0, 1)
    assert [seat["name"] for seat in theirs["seats"]] == ["Ana", "João"]
    assert mine["session"]["deals"] == theirs["session"]["deals"] == 1
    assert [len(hand) for hand in mine["view"]["hands"]] == [len(hand) for hand in theirs["view"]["hands"]]
    assert post(client, "/next", {"table": joao["table"]}, "pt").get_json()["table"] == theirs["table"]


@pytest.mark.parametrize("database", ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def test_two_people_asking_for_the_next_deal_at_the_same_instant_get_one_next_deal(request, monkeypatch, tmp_path,
                                                                                   database):
    # A store of its own: the shared app's store also holds what other tests' threads are still dealing.
    url = (f"sqlite:///{tmp_path / 'tables.sqlite'}" if database == "sqlite"
           else request.getfixturevalue("postgresql").fresh_database())
    app = create_app({"TESTING": True, "SECRET_KEY": "the tests share this key", "TURN_SECONDS": 600,
                      "DATABASE_URL": url})
    store, game = app.extensions["naipes_tables"], GAMES["old-maid"]
    try:
        ana, joao = played_out(app.test_client(), *two_at_old_maid(app.test_client()))
        before = store.count()
        # Both requests deal before either keeps its deal: the store alone must keep one.
        both_dealt = threading.Barrier(2, timeout=20)
        run = pool.run

        def dealt_then_wait(*args):
            answer = run(*args)
            both_dealt.wait()
            return answer

        monkeypatch.setattr(pool, "run", dealt_then_wait)
        answers = {}

        def ask(name, answer, lang):
            answers[name] = post(app.test_client(), "/next", {"table": answer["table"]}, lang)

        askers = [threading.Thread(target=ask, args=("ana", ana, "es")),
                  threading.Thread(target=ask, args=("joao", joao, "pt"))]
        for asker in askers:
            asker.start()
        for asker in askers:
            asker.join(30)
        assert [answers[name].status_code for name in ("ana", "joao")] == [201, 201]
        mine, theirs = answers["ana"].get_json(), answers["joao"].get_json()
        assert (mine["seat"], theirs["seat"]) == (0, 1) and mine["table"] != theirs["table"]
        assert store.open(mine["table"], game).id == store.open(theirs["table"], game).id
        assert [len(hand) for hand in mine["view"]["hands"]] == [len(hand) for hand in theirs["view"]["hands"]]
        assert store.count() == before + 1, "one next deal"
    finally:
        store.dispose()


def test_a_table_with_friends_on_postgresql(postgresql):
    app = create_app({"TESTING": True, "SECRET_KEY": "the tests share this key", "TURN_SECONDS": 600,
                      "DATABASE_URL": postgresql.fresh_database()})
    client = app.test_client()
    try:
        ana, joao = two_at_old_maid(client)
        again = post(client, "/join", {"invite": ana["invites"][0]["code"], "name": "Eve"}, "pt")
        assert error(again, 409)["code"] == "seat_taken"
        with Stream(client, "old-maid", joao["table"], after=joao["version"]) as stream:
            stream.next()
            moved = post(client, "/move", {"table": ana["table"], "move": discard(ana), "version": ana["version"]})
            _, seen = stream.until(moved.get_json()["version"])[-1]
            assert [event["type"] for event in seen["events"]] == ["discarded"]
        with app.test_request_context():
            kept = loaded(GAMES["old-maid"], joao["table"])
            late = seating.on_time(table_store(), kept, GAMES["old-maid"], now=kept.deadline + 1)
            assert late.version == kept.version + 1
            assert seating.on_time(table_store(), kept, GAMES["old-maid"], now=kept.deadline + 1).version == late.version
    finally:
        app.extensions["naipes_tables"].dispose()


def test_every_late_person_is_played_for_at_once(app, client):
    ana = created(client, ["me", "friend", "friend"], players=3)
    joined(client, ana["invites"][0], "Bea")
    game = GAMES["old-maid"]
    with app.test_request_context():
        kept = loaded(game, ana["table"])
        assert {1, 2} <= set(seating.seats_part(table_store(), kept)["turn"])
        late = seating.on_time(table_store(), kept, game, now=kept.deadline + 1)
        events = table_store().events_since(late, kept.version)
    assert late.version == kept.version + 1
    assert [event.data["player"] for event in events if event.type == "played_for"] == [1, 2]


@pytest.fixture()
def small_pool_app(tmp_path):
    """An app whose pool is one process and no queue, with a turn of one second."""
    app = create_app({"TESTING": True, "SECRET_KEY": "the tests share this key", "TURN_SECONDS": 1,
                      "POOL_PROCESSES": 1, "POOL_QUEUE": 0, "POOL_NICE": 0,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'tables.sqlite'}"})
    yield app
    app.extensions["naipes_tables"].dispose()


def pool_thinking(app, seconds=1.5):
    """The app's one pool process busy for ``seconds``, from a thread; the thread, to join."""
    thinking = threading.Thread(target=pool.pool_of(app).run, args=(time.sleep, seconds))
    thinking.start()
    time.sleep(0.3)
    return thinking


def busy(response):
    assert response.status_code == 503 and int(response.headers["Retry-After"]) >= 1, response.get_json()
    return response.get_json()["error"]["code"] == "busy"


def test_the_deal_the_late_move_and_a_leaving_seat_are_computed_in_the_pool(small_pool_app):
    client = small_pool_app.test_client()
    thinking = pool_thinking(small_pool_app)
    assert busy(post(client, "", {"seats": ["me", "friend", "computer"], "players": 3}))
    thinking.join()
    ana, joao = two_at_old_maid(client)
    waited_for = ana if ana["moves"] else joao
    other = joao if waited_for is ana else ana
    time.sleep(1.1)
    thinking = pool_thinking(small_pool_app)
    assert busy(client.get(f"/api/v1/old-maid/tables/state?table={other['table']}"))
    assert busy(post(client, "/leave", {"table": other["table"]}))
    thinking.join()
    late = client.get(f"/api/v1/old-maid/tables/state?table={other['table']}").get_json()
    assert late["version"] == other["version"] + 1 and late["seats"][other["seat"]]["present"], \
        "the refused requests changed nothing; the late move is made once the pool is free"
    assert client.get(f"/api/v1/old-maid/tables/state?table={waited_for['table']}").get_json()["version"] \
        == late["version"]


def test_every_answer_says_how_long_the_turn_has_left_by_the_servers_clock(client):
    ana, joao = two_at_old_maid(client)
    state = client.get(f"/api/v1/old-maid/tables/state?table={joao['table']}").get_json()
    assert state["turn"] and 0 < state["seconds_left"] <= 600
    assert abs(state["deadline"] - time.time() - state["seconds_left"]) < 2
    assert "seconds_left" not in post(client, "", {}).get_json(), "a table of one reader has no clock"


def test_a_stream_that_finds_the_pool_full_makes_the_late_move_once_it_is_free(small_pool_app):
    client = small_pool_app.test_client()
    ana, joao = two_at_old_maid(client)
    with Stream(client, "old-maid", joao["table"]) as stream:
        stream.next()
        thinking = pool_thinking(small_pool_app, seconds=2.0)
        _, late = stream.until(joao["version"] + 1, timeout=10)[-1]
        thinking.join()
        assert any(event["type"] == "played_for" for event in late["events"])


def test_a_seats_own_stream_plays_its_turn_when_it_runs_out(small_pool_app):
    """A page left open is no move: the only stream at the table is the late seat's own, and its turn is played."""
    client = small_pool_app.test_client()
    ana, joao = two_at_old_maid(client)
    with Stream(client, "old-maid", joao["table"]) as stream:
        stream.next()
        _, late = stream.until(joao["version"] + 1, timeout=10)[-1]
        assert {"type": "played_for", "player": 1} in late["events"]

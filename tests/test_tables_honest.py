"""Honest by construction: each way a hostile client beat the tables when a table travelled in a
token it held, replayed against the server that keeps the tables. Each is refused or changes nothing.
"""

from __future__ import annotations

import threading

import pytest

from naipes.games import GAMES
from naipes.web.tables import table_store
from tests.kept import kept_table


def post(client, game, action, body, lang="es"):
    return client.post(f"/api/v1/{game}/tables{action}?lang={lang}", json=body)


def state(client, game, key):
    response = client.get(f"/api/v1/{game}/tables/state?table={key}")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def deal(client, game, **options):
    response = post(client, game, "", options)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def move(client, game, table, chosen, **extra):
    return post(client, game, "/move", {"table": table["table"], "move": chosen, **extra})


def finish(client, game, table):
    for _ in range(400):
        if table["over"]:
            return table
        response = move(client, game, table, table["moves"][0])
        assert response.status_code == 200, response.get_json()
        table = response.get_json()
    pytest.fail("the deal did not end")


def reader_to_draw(client):
    """An Old Maid table of two where the reader draws next from a fan of three cards or more."""
    for _ in range(50):
        table = deal(client, "old-maid", players=2)
        while table["moves"] and table["moves"][0]["type"] == "discard":
            table = move(client, "old-maid", table, table["moves"][0]).get_json()
        draws = [chosen for chosen in table["moves"] if chosen["type"] == "draw"]
        if draws and len(table["view"]["hands"][1]) >= 3:
            return table, draws[0]
    raise AssertionError("no table in 50 came to the reader drawing from a fan of three cards")


# Old Maid is never lost: a draw replayed 37 times showed the neighbour's whole hand, and each move
# replayed until it answered well gave no losses in 30 games.


def test_a_draw_replayed_is_refused_and_shows_nothing_more(client):
    table, draw = reader_to_draw(client)
    first = move(client, "old-maid", table, draw, version=table["version"])
    assert first.status_code == 200
    for _ in range(5):
        again = move(client, "old-maid", table, draw, version=table["version"])
        assert again.status_code == 409 and again.get_json()["error"]["code"] == "stale_table"
    now = state(client, "old-maid", table["table"])
    assert now["version"] == first.get_json()["version"] and now["view"] == first.get_json()["view"]


def test_two_requests_at_once_on_one_version_apply_one_move(app):
    table, draw = reader_to_draw(app.test_client())
    barrier, answers = threading.Barrier(4), []

    def send():
        client = app.test_client()
        barrier.wait()
        answers.append(move(client, "old-maid", table, draw, version=table["version"]).status_code)

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200, 409, 409, 409]
    assert state(app.test_client(), "old-maid", table["table"])["version"] == table["version"] + 1


def test_the_computers_choose_the_same_whoever_asks_again(app, client):
    """The dice are the deal's: a Solo Whist table dealt once and its reader's first move made at two
    tables holding the same deal and dice give the computers' same answers."""
    table = deal(client, "solo-whist", seat=3)
    kept = kept_table(app, "solo-whist", table["table"])
    with app.app_context():
        twin = table_store().create(kept, []).key
    chosen = table["moves"][0]
    one = move(client, "solo-whist", table, chosen).get_json()
    other = move(client, "solo-whist", {"table": twin}, chosen).get_json()
    assert one["events"] == other["events"] and one["view"] == other["view"]


# Solo Whist and the race were known before they were played: keep the first token, end the deal,
# read its review (every card), then play on from the first token, or ask /again.


def test_the_first_key_is_the_table_as_it_is_now_so_a_reviewed_deal_cannot_be_played_again(client):
    table = deal(client, "solo-whist")
    over = finish(client, "solo-whist", table)
    assert post(client, "solo-whist", "/review", {"table": table["table"]}).status_code == 200
    replayed = move(client, "solo-whist", table, table["moves"][0])
    assert replayed.status_code == 422 and replayed.get_json()["error"]["code"] == "game_over"
    assert state(client, "solo-whist", table["table"])["view"] == over["view"]


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_deal_is_not_dealt_again_before_it_ends(client, lang):
    table = deal(client, "solo-whist")
    refused = post(client, "solo-whist", "/again", {"table": table["table"]}, lang)
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "game_not_over"
    assert refused.get_json()["error"]["message"]


def test_the_same_deal_again_is_a_practice_table_that_leaves_the_session_alone(client):
    table = finish(client, "old-maid", deal(client, "old-maid", players=3))
    session = table["session"]
    assert session["deals"] == 1 and sum(session["scores"]) == 1
    again = post(client, "old-maid", "/again", {"table": table["table"]})
    assert again.status_code == 201
    practice = again.get_json()
    assert practice["practice"] is True and practice["session"]["scores"] == session["scores"], "the loss stays"
    practised = finish(client, "old-maid", practice)
    assert practised["session"]["deals"] == 1 and practised["session"]["scores"] == session["scores"]
    following = post(client, "old-maid", "/next", {"table": practised["table"]}).get_json()
    assert following["practice"] is False and following["session"]["scores"] == session["scores"]
    asked_again = post(client, "old-maid", "/again", {"table": table["table"]}).get_json()
    assert asked_again["table"] == practice["table"], "one practice table per deal asked for"


def test_one_next_deal_per_finished_deal(client):
    table = finish(client, "solo-whist", deal(client, "solo-whist"))
    answers = [post(client, "solo-whist", "/next", {"table": table["table"]}) for _ in range(5)]
    assert {answer.status_code for answer in answers} == {201}
    assert len({answer.get_json()["table"] for answer in answers}) == 1
    assert len({str(answer.get_json()["view"]["hands"][0]) for answer in answers}) == 1


def test_a_table_made_from_another_keeps_a_lifetime_of_its_own_set_once(app, client):
    table = finish(client, "old-maid", deal(client, "old-maid", players=2))
    with app.app_context():
        store, game = table_store(), GAMES["old-maid"]
        first = store.open(table["table"], game)
        practice = store.open(post(client, "old-maid", "/again", {"table": table["table"]}).get_json()["table"], game)
        assert practice.expires == first.expires, "playing a deal again does not keep it open longer"
        following = post(client, "old-maid", "/next", {"table": table["table"]}).get_json()["table"]
        expires = store.open(following, game).expires
        assert store.open(post(client, "old-maid", "/next", {"table": table["table"]}).get_json()["table"],
                          game).expires == expires, "asked again, not stamped again"


# The counters were the client's: a hint played with the pre-hint token left hints at 0, an undo by
# an older token was never counted.


def test_a_hint_is_counted_on_the_table_whatever_key_moves_next(client):
    table = deal(client, "solo-whist", seat=1)
    hint = post(client, "solo-whist", "/hint", {"table": table["table"]}).get_json()
    assert hint["help"] == {"hints": 1, "undos": 0}
    assert post(client, "solo-whist", "/hint", {"table": table["table"]}).get_json()["help"]["hints"] == 1, \
        "one decision, one hint"
    moved = move(client, "solo-whist", table, hint["move"]).get_json()
    assert moved["help"]["hints"] == 1
    over = finish(client, "solo-whist", moved)
    assert over["help"]["hints"] >= 1


def test_an_undo_is_counted_and_an_answer_from_before_it_is_stale(client):
    table = deal(client, "solo-whist")
    moved = move(client, "solo-whist", table, table["moves"][0]).get_json()
    undone = post(client, "solo-whist", "/undo", {"table": table["table"]}).get_json()
    assert undone["help"]["undos"] == 1 and undone["version"] == moved["version"] + 1
    stale = move(client, "solo-whist", moved, moved["moves"][0] if moved["moves"] else table["moves"][0],
                 version=moved["version"])
    assert stale.status_code == 409
    assert finish(client, "solo-whist", undone)["help"]["undos"] == 1

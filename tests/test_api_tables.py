"""Tables through the API: dealt and kept by the server, opened by a seat's key, every refusal in the
reader's language."""

from __future__ import annotations

import time

import pytest

from naipes import tables
from naipes.tables.errors import ExpiredTable
from naipes.tables.schema import seats
from naipes.web import create_app
from naipes.web.tables import table_store
from naipes.games import GAMES as REGISTERED
from tests.kept import kept_table

KEY = "a key only these tests know"
GAMES = list(REGISTERED)


@pytest.fixture(scope="module")
def app():
    return create_app({"TESTING": True, "SECRET_KEY": KEY})


def post(client, path, body, lang="es"):
    return client.post(f"/api/v1/{path}?lang={lang}", json=body)


def new_table(client, game="old-maid", **options):
    response = post(client, f"{game}/tables", options)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def error(response, status):
    assert response.status_code == status, response.get_json()
    return response.get_json()["error"]


# --- dealing -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_new_table_answers_the_table_shape(client, game):
    table = new_table(client, game)
    assert set(table) >= {"table", "seat", "view", "events", "moves", "over"}
    assert table["seat"] == 0 and table["over"] is False
    assert table["moves"], "after the computers have moved it is the reader's turn"
    assert all(move["player"] == 0 for move in table["moves"])


def test_old_maid_shows_the_reader_their_own_fan_and_only_the_size_of_the_others(client):
    table = new_table(client, players=5, seat=3)
    hands = table["view"]["hands"]
    assert len(hands) == 5
    assert all(card is not None for card in hands[3])
    assert all(card is None for seat, hand in enumerate(hands) if seat != 3 for card in hand)


def test_two_tables_are_two_different_deals(client):
    first, second = new_table(client, seat=0), new_table(client, seat=0)
    assert first["view"]["hands"][0] != second["view"]["hands"][0]


@pytest.mark.parametrize(("lang", "word"), [("es", "servidor"), ("pt", "servidor")])
def test_a_seed_is_refused_the_server_deals(client, lang, word):
    failure = error(post(client, "old-maid/tables", {"seed": 7}, lang), 400)
    assert failure["code"] == "seed_not_allowed"
    assert word in failure["message"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"seat": 4}, "invalid_seat"),
        ({"players": 3, "seat": 3}, "invalid_seat"),
        ({"seat": -1}, "invalid_seat"),
        ({"seat": "0"}, "invalid_seat"),
        ({"level": "genius"}, "invalid_level"),
        ({"players": 7}, "invalid_options"),
        ({"players": True}, "invalid_options"),
        ({"dealer": 1}, "invalid_body"),
    ],
)
def test_table_options_out_of_range_are_refused(client, body, code):
    for lang in ("es", "pt"):
        failure = error(post(client, "old-maid/tables", body, lang), 400)
        assert failure["code"] == code
        assert failure["message"]


def test_an_unknown_game_has_no_table(client):
    assert error(post(client, "poker/tables", {}), 404)["code"] == "unknown_game"


def test_only_the_race_has_ticks(client):
    table = new_table(client)
    assert error(post(client, "old-maid/tables/tick", {"table": table["table"]}), 404)["code"] == "not_found"


def test_a_race_tick_is_one_move_of_the_computer_and_nobody_waits(client):
    table = new_table(client, "double-solitaire", seat=1)
    assert table["events"] == [] and table["moves"], "the reader may move at once"
    view = table["view"]
    assert all(card is None for layout in view["players"] for card in layout["stock"])
    assert all(entry["card"] is None for layout in view["players"] for column in layout["tableau"]
               for entry in column if not entry["up"])
    ticked = post(client, "double-solitaire/tables/tick", {"table": table["table"]}).get_json()
    assert ticked["events"] and {event["player"] for event in ticked["events"] if "player" in event} == {0}
    assert ticked["moves"] == table["moves"] or ticked["moves"], "the reader still has moves"


def test_solo_whist_tables_take_a_level_and_other_games_only_their_own(client):
    assert new_table(client, "solo-whist", level="strong")["level"] == "strong"
    assert new_table(client, "solo-whist")["level"] == "basic"
    assert error(post(client, "old-maid/tables", {"level": "strong"}), 400)["code"] == "invalid_level"
    assert error(post(client, "solo-whist/tables", {"players": 4}), 400)["code"] == "invalid_body"


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_solo_whist_hint_says_why_in_the_readers_language(client, lang):
    table = new_table(client, "solo-whist", seat=3)
    hint = post(client, "solo-whist/tables/hint", {"table": table["table"]}, lang).get_json()
    assert hint["move"] in table["moves"]
    assert hint["reason"] and not hint["reason"].startswith(("Pass:", "Bid ", "Propose:", "Accept the"))


# --- moving --------------------------------------------------------------------------------


def move(client, table, chosen, lang="es", game="old-maid"):
    return post(client, f"{game}/tables/move", {"table": table["table"], "move": chosen}, lang)


def test_a_listed_move_is_played_and_the_computers_answer(client):
    table = new_table(client, players=3)
    while table["moves"][0]["type"] == "discard":
        table = move(client, table, table["moves"][0]).get_json()
    response = move(client, table, table["moves"][0])
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["events"][0]["type"] == "drew" and answer["events"][0]["player"] == 0
    assert answer["over"] or answer["moves"]


@pytest.mark.parametrize(("lang", "words"), [("es", "el jugador 1"), ("pt", "o jogador 1")])
def test_a_move_for_another_seat_is_not_your_turn(client, lang, words):
    table = new_table(client, players=3)
    failure = error(move(client, table, {"type": "draw", "player": 1, "index": 0}, lang), 422)
    assert failure["code"] == "not_your_turn"
    assert words in failure["message"]


@pytest.mark.parametrize(("lang", "words"), [("es", "No forman pareja"), ("pt", "Não formam par")])
def test_a_move_the_rules_forbid_keeps_the_engines_reason(client, lang, words):
    table = new_table(client, players=2)
    hand = table["view"]["hands"][0]
    ranks = {}
    for card in hand:
        ranks.setdefault(card[:-1], card)
    first, second = list(ranks.values())[:2]
    failure = error(move(client, table, {"type": "discard", "player": 0, "cards": [first, second]}, lang), 422)
    assert failure["code"] == "not_a_pair"
    assert words in failure["message"]


def test_a_malformed_move_is_a_400(client):
    table = new_table(client)
    assert error(move(client, table, {"type": "fly", "player": 0}), 400)["code"] == "invalid_move"
    assert error(post(client, "old-maid/tables/move", {"table": table["table"]}), 400)["code"] == "invalid_body"


def test_the_reader_may_rearrange_their_own_fan(client):
    table = new_table(client, players=4, seat=2)
    order = list(reversed(table["view"]["hands"][2]))
    answer = move(client, table, {"type": "arrange", "player": 2, "order": order}).get_json()
    assert answer["view"]["hands"][2] == order


def test_an_old_answer_acts_on_the_table_as_it_is_now(client):
    """The key names the table, not a moment of it: a move chosen from an earlier answer is refused
    when the table moved on since (``version``), or judged against the table as it is now (none)."""
    table = new_table(client, players=2)
    chosen = table["moves"][-1]
    first = post(client, "old-maid/tables/move", {"table": table["table"], "move": chosen, "version": table["version"]})
    assert first.status_code == 200 and first.get_json()["version"] == table["version"] + 1
    again = post(client, "old-maid/tables/move", {"table": table["table"], "move": chosen, "version": table["version"]})
    assert error(again, 409)["code"] == "stale_table"
    state = client.get(f"/api/v1/old-maid/tables/state?table={table['table']}").get_json()
    assert {key: state[key] for key in ("view", "version", "moves")} == {
        key: first.get_json()[key] for key in ("view", "version", "moves")}


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_stale_version_is_refused_in_the_readers_language_and_changes_nothing(client, lang):
    table = new_table(client, "solo-whist")
    body = {"table": table["table"], "move": table["moves"][0], "version": table["version"] + 1}
    failure = error(post(client, "solo-whist/tables/move", body, lang), 409)
    assert failure["code"] == "stale_table" and failure["message"]
    assert client.get(f"/api/v1/solo-whist/tables/state?table={table['table']}").get_json()["version"] == 0
    for version in (-1, "1", 1.5, True):
        failure = error(post(client, "solo-whist/tables/move", {**body, "version": version}, lang), 400)
        assert failure["code"] == "invalid_body"


def test_the_state_of_a_table_is_what_its_seat_was_last_answered(client):
    table = new_table(client, "solo-whist", seat=2)
    moved = move(client, table, table["moves"][0], game="solo-whist").get_json()
    answer = client.get(f"/api/v1/solo-whist/tables/state?table={table['table']}")
    assert answer.headers["Cache-Control"] == "no-store", "one seat's table, changed by the next move"
    state = answer.get_json()
    assert state["table"] == table["table"] and state["seat"] == 2
    assert {key: state[key] for key in ("view", "moves", "over", "help", "session", "version")} == {
        key: moved[key] for key in ("view", "moves", "over", "help", "session", "version")}
    assert state["events"] == [], "nothing happened since the seat's last answer"
    assert error(client.get("/api/v1/solo-whist/tables/state"), 400)["code"] == "invalid_table"
    assert error(client.get(f"/api/v1/old-maid/tables/state?table={table['table']}"), 400)["code"] == "invalid_table"


# --- seats' keys ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("token", ["altered", "other store", "not a key", 42, None, "ñandú", "other game", "x" * 500])
def test_a_key_this_server_did_not_make_is_an_invalid_table(client, app, token, lang):
    table = new_table(client)
    if token == "altered":
        token = table["table"][:-1] + ("A" if table["table"][-1] != "A" else "B")
    elif token == "other store":
        other = create_app({"TESTING": True, "SECRET_KEY": KEY, "DATABASE_URL": "sqlite://"})
        token = new_table(other.test_client())["table"]
    elif token == "other game":
        token = new_table(client, "solo-whist")["table"]
    failure = error(post(client, "old-maid/tables/move", {"table": token, "move": table["moves"][0]}, lang), 400)
    assert failure["code"] == "invalid_table"
    assert failure["message"] and "table" not in failure["message"].lower()
    assert error(post(client, "old-maid/tables/hint", {"table": token}, lang), 400)["code"] == "invalid_table"


@pytest.mark.parametrize(("lang", "word"), [("es", "días"), ("pt", "dias")])
def test_a_table_older_than_its_lifetime_has_closed(client, app, lang, word):
    table = new_table(client)
    with app.app_context():
        store = table_store()
        kept = store.open(table["table"], REGISTERED["old-maid"])
        assert store.lifetime >= 24 * 3600 and kept.expires == kept.table.created + store.lifetime
        with pytest.raises(ExpiredTable):
            store.open(table["table"], REGISTERED["old-maid"], now=kept.expires)
        old = store.create(kept.table, [], now=time.time() - store.lifetime - 1)
    failure = error(post(client, "old-maid/tables/move", {"table": old.key, "move": table["moves"][0]}, lang), 410)
    assert failure["code"] == "table_expired"
    assert word in failure["message"]


def test_the_key_holds_nothing_of_the_table(client, app):
    table = new_table(client, players=3)
    assert len(table["table"]) >= 32 and table["table"].replace("-", "").replace("_", "").isalnum()
    assert kept_table(app, "old-maid", table["table"]).position.hands[1]


def test_the_state_tells_what_happened_since_the_seat_was_last_answered_masked_for_it(app, client):
    """Moves the seat was not answered for (another's, at a table with friends; here, one saved
    behind the seat's back) come with the table's state, each card the seat may not see hidden."""
    table = new_table(client, players=4, seat=0)
    while table["moves"][0]["type"] == "discard":
        table = move(client, table, table["moves"][0]).get_json()
    with app.app_context():
        store = table_store()
        kept = store.open(table["table"], REGISTERED["old-maid"])
        after, happened = tables.move(kept.table, table["moves"][-1])
        store.save(kept, after, happened)
        with store.writer.begin() as connection:
            connection.execute(seats.update().where(seats.c.table_id == kept.id).values(seen=kept.version))
    state = client.get(f"/api/v1/old-maid/tables/state?table={table['table']}").get_json()
    assert state["events"] == [REGISTERED["old-maid"].event_seen_by(event, 0).to_json() for event in happened]
    others = [event for event in state["events"] if event["type"] == "drew" and 0 not in (event["player"], event["from"])]
    assert all(event["card"] is None for event in others)


def test_two_instances_on_one_database_serve_alternate_requests_of_one_game():
    instances = [create_app({"TESTING": True, "SECRET_KEY": KEY}).test_client() for _ in range(2)]
    table = new_table(instances[0], players=2)
    turn = 1
    while not table["over"]:
        response = move(instances[turn], table, table["moves"][0])
        assert response.status_code == 200, response.get_json()
        table, turn = response.get_json(), 1 - turn
    assert table["view"]["loser"] in (0, 1)


# --- hints ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_hint_is_one_of_the_readers_moves_with_a_reason_in_their_language(client, lang):
    table = new_table(client, players=3)
    response = post(client, "old-maid/tables/hint", {"table": table["table"]}, lang)
    assert response.status_code == 200
    hint = response.get_json()
    assert hint["move"] in table["moves"]
    assert hint["reason"] and "%(" not in hint["reason"]
    assert not hint["reason"].startswith(("Lay aside", "Take")), "the reason is in the reader's language"


def test_a_finished_game_has_no_hint_and_refuses_moves(client):
    table = new_table(client, players=2)
    while not table["over"]:
        table = move(client, table, table["moves"][0]).get_json()
    assert table["moves"] == []
    assert error(post(client, "old-maid/tables/hint", {"table": table["table"]}), 422)["code"] == "game_over"
    hand = table["view"]["hands"][0]
    assert error(move(client, table, {"type": "arrange", "player": 0, "order": hand}), 422)["code"] == "game_over"

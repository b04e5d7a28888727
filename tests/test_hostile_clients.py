"""What a hostile client tried, one test or more per finding, each seen to fail before its fix.

Findings 1, 2 and 5 need the production server and are in ``test_serving_slow_clients.py``.
"""

from __future__ import annotations

import json

import pytest

from naipes.games import GAMES as REGISTERED

GAMES = list(REGISTERED)
LONE_SURROGATE = "\udfff"


def post_raw(client, url, raw: bytes, content_type="application/json", **headers):
    return client.post(url, data=raw, content_type=content_type, headers=headers)


def error(response, status):
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True)[:300])
    return response.get_json()["error"]


def deal(client, game):
    response = client.post(f"/api/v1/{game}/tables", json={})
    assert response.status_code == 201
    return response.get_json()


def with_lone_surrogate(value):
    """``value`` with its first string turned into a lone surrogate (a card, a bid, a phase)."""
    if isinstance(value, str):
        return LONE_SURROGATE, True
    if isinstance(value, dict):
        for key, item in value.items():
            changed, done = with_lone_surrogate(item)
            if done:
                return {**value, key: changed}, True
    if isinstance(value, list):
        for index, item in enumerate(value):
            changed, done = with_lone_surrogate(item)
            if done:
                return [*value[:index], changed, *value[index + 1:]], True
    return value, False


# 3. A lone surrogate in any string of a body was a 500 (msgspec cannot encode it), and in a key
#    or an event it was echoed into the answer, which then could not be encoded either.


@pytest.mark.parametrize("game", GAMES)
def test_a_lone_surrogate_in_a_position_or_a_move_is_a_400(client, game):
    table = deal(client, game)
    position = client.post(f"/api/v1/{game}/new", json={"seed": 7}).get_json()["position"]
    move = table["moves"][0]
    bad_position, _ = with_lone_surrogate(position)
    bad_move = {**move, "type": LONE_SURROGATE}
    for url, body in [
        (f"/api/v1/{game}/legal", {"position": bad_position}),
        (f"/api/v1/{game}/apply", {"position": bad_position, "move": move}),
        (f"/api/v1/{game}/apply", {"position": position, "move": bad_move}),
        (f"/api/v1/{game}/tables/move", {"table": table["table"], "move": bad_move}),
        (f"/es/{game}/diagram", {"position": bad_position}),
    ]:
        assert error(post_raw(client, url, json.dumps(body).encode()), 400)["code"] == "invalid_json", url


def test_a_lone_surrogate_in_a_key_is_a_400_and_is_not_echoed(client):
    answer = post_raw(client, "/api/v1/old-maid/tables", b'{"\\udc00": 1}')
    assert error(answer, 400)["code"] == "invalid_json"


def test_a_lone_surrogate_in_an_event_to_narrate_is_a_400(client):
    table = deal(client, "old-maid")
    event = {"type": "discarded", "player": 0, "cards": [LONE_SURROGATE]}
    body = json.dumps({"table": table["table"], "events": [event]}).encode()
    assert error(post_raw(client, "/es/old-maid/jugar/render", body), 400)["code"] == "invalid_json"


def test_a_surrogate_pair_written_as_escapes_is_still_text(client):
    body = b'{"seed": 3, "players": 2, "note": "\\ud83c\\udca1"}'
    assert error(post_raw(client, "/api/v1/old-maid/new", body), 400)["code"] == "invalid_options"


# 7 (bodies). JSON is UTF-8 (RFC 8259 §8.1): no UTF-16 or UTF-32, no byte order mark, and a key
#    given twice is a mistake rather than a choice between two values.


@pytest.mark.parametrize("raw", [
    '{"seed": 1}'.encode("utf-16"),
    '{"seed": 1}'.encode("utf-16-le"),
    '{"seed": 1}'.encode("utf-32"),
    b"\xef\xbb\xbf" + b'{"seed": 1}',
    b'{"seed": "\xed\xbf\xbf"}',
    b'{"seed": "\xff"}',
], ids=["utf-16", "utf-16-le", "utf-32", "bom", "encoded-surrogate", "latin-1"])
def test_a_body_that_is_not_utf_8_is_a_400(client, raw):
    assert error(post_raw(client, "/api/v1/old-maid/new", raw), 400)["code"] == "invalid_json"


def test_a_key_given_twice_is_a_400(client):
    answer = post_raw(client, "/api/v1/old-maid/new", b'{"seed": 1, "seed": 2}')
    assert error(answer, 400)["code"] == "invalid_json"


def test_a_key_given_twice_deep_inside_a_position_is_a_400_too(client):
    position = json.dumps(client.post("/api/v1/old-maid/new", json={"seed": 1}).get_json()["position"])
    raw = ('{"position": ' + position[:-1] + ', "phase": "play"}}').encode()
    assert error(post_raw(client, "/api/v1/old-maid/legal", raw), 400)["code"] == "invalid_json"


# 4. The play page's ``render`` narrated whatever events the client sent: 214 events of 52 cards
#    cost 280 ms of CPU on every call. Now an event names at most the cards one real event can
#    (a hand laid open, a run moved: 13), a card's name is looked up once per language, and what
#    the client sends is never echoed into the narration.

DECK = [rank + suit for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] for suit in "SHDC"]


def render(client, game, table, events, lang="es"):
    slug = {"es": "jugar", "pt": "jogar"}[lang]
    return client.post(f"/{lang}/{game}/{slug}/render", json={"table": table, "events": events})


def test_an_event_naming_more_cards_than_any_real_event_is_left_untold(client):
    table = deal(client, "old-maid")["table"]
    told = render(client, "old-maid", table, [{"type": "discarded", "player": 1, "cards": DECK}]).get_json()["events"]
    assert told == []
    thirteen = render(client, "solo-whist", deal(client, "solo-whist")["table"],
                      [{"type": "hand_exposed", "player": 1, "cards": DECK[:13]}]).get_json()["events"]
    assert len(thirteen) == 1


@pytest.mark.parametrize("event", [
    {"type": "bid", "player": 1, "bid": "<b>everything</b>"},
    {"type": "auction_closed", "contract": {"bid": "<b>everything</b>", "bidder": 1, "partner": None, "trump": None}},
])
def test_a_call_the_game_does_not_have_is_left_untold_not_echoed(client, event):
    told = render(client, "solo-whist", deal(client, "solo-whist")["table"], [event]).get_json()["events"]
    assert told == []


def test_the_costliest_narration_translates_each_card_once(client, monkeypatch):
    from naipes.web import i18n

    calls = []
    original = i18n.gettext
    monkeypatch.setattr(i18n, "gettext", lambda *a, **k: calls.append(a) or original(*a, **k))
    table = deal(client, "solo-whist")["table"]
    events = [{"type": "hand_exposed", "player": 1, "cards": DECK[13 * (i % 4):13 * (i % 4 + 1)]} for i in range(400)]
    calls.clear()
    answer = render(client, "solo-whist", table, events)
    assert answer.status_code == 200 and len(answer.get_json()["events"]) == 400
    assert len(calls) < 4 * 400 + 52, "a card's name is made once, not once per event"


# 7 (tokens). Fernet's base64 was lenient: a token with a "=" more, "AAAA" after its padding, a
# leading space or "+/" for "-_" opened the same table. A seat's key opens its table only as it was
# made, byte for byte.


def _variants(token: str) -> list[str]:
    swapped = token.replace("-", "+").replace("_", "/")
    assert swapped != token, "a key with neither - nor _ is rare: deal again"
    return [token + "=", token + "AAAA", " " + token, token + "\n", swapped]


def test_a_key_written_any_other_way_than_it_was_made_is_refused(client):
    table = deal(client, "old-maid")
    while "-" not in table["table"] and "_" not in table["table"]:
        table = deal(client, "old-maid")
    for variant in _variants(table["table"]):
        answer = client.post("/api/v1/old-maid/tables/hint", json={"table": variant})
        assert error(answer, 400)["code"] == "invalid_table", repr(variant[-6:])
        assert error(client.post("/es/old-maid/jugar/render", json={"table": variant}), 400)["code"] == "invalid_table"


# 7 (HTTP). The odds and ends.


@pytest.mark.parametrize(("accept", "expected"), [
    ("gzip;q=0", None),
    ("br;q=0, gzip;q=0", None),
    ("br;q=0, gzip", "gzip"),
    ("br;q=0.0, gzip;q=0.5", "gzip"),
    ("gzip, br;q=0.9", "gzip"),
    ("*;q=0", None),
])
def test_an_encoding_the_client_refuses_with_q_0_is_never_used(client, accept, expected):
    response = client.get("/es/", headers={"Accept-Encoding": accept})
    assert response.headers.get("Content-Encoding") == expected
    assert "Accept-Encoding" in response.vary


def test_healthz_is_never_cached(client):
    response = client.get("/healthz")
    assert response.headers["Cache-Control"] == "no-store"
    assert "ETag" not in response.headers


@pytest.mark.parametrize("url", ["/api/v1/old-maid/legal", "/api/v1/games", "/es/"])
def test_options_says_what_the_address_allows_and_nothing_else(client, url):
    response = client.options(url)
    assert response.status_code == 204
    assert "Content-Type" not in response.headers and response.get_data() == b""
    assert "OPTIONS" in response.headers["Allow"]


@pytest.mark.parametrize("host", ["[::1]:8000", "[::1]", "LOCALHOST:8000", "Localhost", "127.0.0.1:8000"])
def test_loopback_is_answered_however_it_is_written(client, host):
    assert client.get("/healthz", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", ["[::2]:8000", "evil.example", "localhost.evil.example"])
def test_other_hosts_are_still_refused(client, host):
    assert client.get("/healthz", headers={"Host": host}).status_code == 400


# 6. Undo gave the game away in Old Maid: the offerer's fan was shuffled when the token was
#    sealed, so drawing again from one token, once per index, rebuilt the whole fan. Then it was
#    shuffled afresh at each draw, and replaying a draw many times showed every card of it.


def _reader_to_draw(client):
    """A table where the reader (seat 0 of 2) draws from a fan of three cards or more: pairs laid aside first."""
    for _ in range(50):
        table = client.post("/api/v1/old-maid/tables", json={"players": 2, "seat": 0}).get_json()
        while table["moves"] and table["moves"][0]["type"] == "discard":
            table = client.post("/api/v1/old-maid/tables/move", json={"table": table["table"], "move": table["moves"][0]}).get_json()
        draws = [move for move in table["moves"] if move["type"] == "draw"]
        if draws and len(table["view"]["hands"][table["view"]["offerer"]]) >= 3:
            return table, draws[0]
    raise AssertionError("no table in 50 came to the reader drawing from a fan of three cards")


def _drawn(answer) -> list:
    return [event["card"] for event in answer["events"] if event["type"] == "drew" and event["player"] == 0]


def test_a_draw_undone_and_made_again_draws_the_same_card_and_each_undo_is_counted(client):
    table, draw = _reader_to_draw(client)
    drawn = set()
    for undos in range(1, 6):
        answer = client.post("/api/v1/old-maid/tables/move", json={"table": table["table"], "move": draw}).get_json()
        drawn |= set(_drawn(answer)[:1])
        undone = client.post("/api/v1/old-maid/tables/undo", json={"table": table["table"]}).get_json()
        assert undone["help"]["undos"] == undos
    assert len(drawn) == 1, "the fan's order at this draw is the deal's dice, not the request's"


# 7 (the document). JSON Schema's "integer" takes 3.0, the server does not: the document says so.


def test_the_document_says_an_integer_is_written_without_a_fraction_as_the_server_requires(client):
    document = client.get("/api/v1/openapi.json").get_json()
    assert "3.0" in document["info"]["description"] and "400" in document["info"]["description"]
    assert error(post_raw(client, "/api/v1/old-maid/new", b'{"seed": 3.0}'), 400)["code"] == "invalid_seed"
    assert post_raw(client, "/api/v1/old-maid/new", b'{"seed": 3}').status_code == 200


def test_output_only_fields_are_read_only_in_the_document(client):
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    for name, fields in [("RacePosition", ("status", "winner", "contributed")), ("SoloWhistPosition", ("to_move", "exposed"))]:
        for field in fields:
            assert schemas[name]["properties"][field].get("readOnly") is True, (name, field)
            assert field not in schemas[name].get("required", []), (name, field)

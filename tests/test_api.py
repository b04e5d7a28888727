"""The JSON API as shared/API.md promises it: shapes, languages, and a 4xx for anything bad."""

import json

import pytest

from naipes.games import GAMES as REGISTERED

GAMES = list(REGISTERED)


def post(client, url, body, **headers):
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post(url, data=data, content_type="application/json", headers=headers)


def test_games_lists_the_three_games_with_their_player_counts(client):
    games = {game["id"]: game for game in client.get("/api/v1/games?lang=es").get_json()}
    assert set(games) == set(GAMES)
    assert games["old-maid"]["players"] == [2, 6]
    assert games["solo-whist"]["players"] == [4, 4]
    assert games["double-solitaire"]["players"] == [2, 2]
    assert games["old-maid"]["name"] == "La solterona"


def test_names_follow_the_accept_language_header_and_the_lang_parameter(client):
    names_pt = [g["name"] for g in client.get("/api/v1/games", headers={"Accept-Language": "pt-BR"}).get_json()]
    names_es = [g["name"] for g in client.get("/api/v1/games?lang=es", headers={"Accept-Language": "pt"}).get_json()]
    assert names_pt != names_es


def test_examples_lists_every_example_with_a_title(client):
    examples = client.get("/api/v1/examples?lang=pt").get_json()
    ids = {example["id"] for example in examples}
    assert {"old-maid-nines", "double-solitaire-seven-onto-eight", "solo-whist-six-tricks"} <= ids
    assert all(example["title"] and example["game"] in GAMES for example in examples)


def test_an_example_steps_are_computed_from_the_previous_position(client):
    example = client.get("/api/v1/examples/old-maid-nines?lang=es").get_json()
    assert example["game"] == "old-maid"
    position = example["start"]
    for step in example["steps"]:
        answer = post(client, "/api/v1/old-maid/apply", {"position": position, "move": step["move"]}).get_json()
        assert answer["position"] == step["position"]
        assert answer["events"] == step["events"]
        assert step["caption"]
        position = step["position"]


@pytest.mark.parametrize("game", GAMES)
def test_new_deals_the_same_game_for_the_same_seed(client, game):
    body = {"seed": 42}
    first = post(client, f"/api/v1/{game}/new", body).get_json()
    again = post(client, f"/api/v1/{game}/new", body).get_json()
    other = post(client, f"/api/v1/{game}/new", {"seed": 43}).get_json()
    assert first == again
    assert first != other


@pytest.mark.parametrize("game", GAMES)
def test_a_position_from_the_api_can_be_sent_straight_back(client, game):
    position = post(client, f"/api/v1/{game}/new", {"seed": 7}).get_json()["position"]
    moves = post(client, f"/api/v1/{game}/legal", {"position": position}).get_json()["moves"]
    assert moves and all("type" in move and "player" in move for move in moves)
    answer = post(client, f"/api/v1/{game}/apply", {"position": position, "move": moves[0]})
    assert answer.status_code == 200
    assert all("type" in event for event in answer.get_json()["events"])


def test_old_maid_new_takes_players_and_dealer(client):
    position = post(client, "/api/v1/old-maid/new", {"seed": 1, "players": 6, "dealer": 5}).get_json()["position"]
    assert len(position["hands"]) == 6 and position["dealer"] == 5
    assert sum(len(h) for h in position["hands"]) + sum(len(d) for d in position["discards"]) == 51


@pytest.mark.parametrize(
    ("game", "body", "code"),
    [
        ("old-maid", {"seed": 1, "players": 7}, "invalid_options"),
        ("old-maid", {"seed": 1, "players": "4"}, "invalid_options"),
        ("old-maid", {"seed": 1, "dealer": 9}, "invalid_options"),
        ("old-maid", {"seed": "1"}, "invalid_seed"),
        ("old-maid", {"seed": True}, "invalid_seed"),
        ("old-maid", {}, "invalid_seed"),
        ("solo-whist", {"seed": 1, "players": 4}, "invalid_options"),
        ("double-solitaire", {"seed": 1, "dealer": 0}, "invalid_options"),
        ("old-maid", {"seed": 10**400}, "invalid_seed"),
    ],
)
def test_new_refuses_options_the_game_does_not_take(client, game, body, code):
    response = post(client, f"/api/v1/{game}/new", body)
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == code


@pytest.mark.parametrize("endpoint", ["new", "legal", "apply"])
@pytest.mark.parametrize(
    ("body", "code"),
    [(b"{not json", "invalid_json"), (b"[1, 2]", "invalid_body"), (b'"text"', "invalid_body"),
     (b"\xff\xfe", "invalid_json"), (b"[" * 100000 + b"]" * 100000, "body_too_large"),
     (b"[" * 20000 + b"]" * 20000, "invalid_json"), (b"", "invalid_json")],
)
def test_malformed_bodies_get_a_400_json_error(client, endpoint, body, code):
    response = post(client, f"/api/v1/old-maid/{endpoint}", body)
    assert 400 <= response.status_code < 500
    assert response.get_json()["error"]["code"] == code


def test_a_body_over_64_kib_is_refused_with_413(client):
    response = post(client, "/api/v1/old-maid/legal", b'{"position": "' + b"x" * 70000 + b'"}')
    assert response.status_code == 413
    assert response.get_json()["error"]["code"] == "body_too_large"


def test_unknown_games_and_examples_are_404_json(client):
    for response in (post(client, "/api/v1/chess/new", {"seed": 1}), client.get("/api/v1/examples/nope")):
        assert response.status_code == 404
        assert response.is_json
        assert response.get_json()["error"]["code"] in {"unknown_game", "unknown_example"}


def test_wrong_methods_are_405_json(client):
    response = client.get("/api/v1/old-maid/apply")
    assert response.status_code == 405
    assert response.get_json()["error"]["code"] == "method_not_allowed"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "position",
    [None, 1, "x", [], {}, {"hands": "x"}, {"players": [1, 2]}, {"dealer": True}, [[["AS"]]]],
)
def test_junk_positions_get_invalid_position(client, game, position):
    for endpoint in ("legal", "apply"):
        response = post(client, f"/api/v1/{game}/{endpoint}", {"position": position, "move": {"type": "x", "player": 0}})
        assert response.status_code == 400, response.get_json()
        assert response.get_json()["error"]["code"] == "invalid_position"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("move", [None, 1, "x", {}, {"type": "fly", "player": 0}, {"type": "draw"}, {"type": "play", "player": "0"}])
def test_junk_moves_get_invalid_move(client, game, move):
    position = post(client, f"/api/v1/{game}/new", {"seed": 3}).get_json()["position"]
    response = post(client, f"/api/v1/{game}/apply", {"position": position, "move": move})
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "invalid_move"


def test_a_missing_position_or_move_is_a_400(client):
    assert post(client, "/api/v1/old-maid/legal", {}).status_code == 400
    position = post(client, "/api/v1/old-maid/new", {"seed": 3}).get_json()["position"]
    assert post(client, "/api/v1/old-maid/apply", {"position": position}).status_code == 400


def test_error_messages_are_in_the_requests_language(client):
    es = post(client, "/api/v1/old-maid/apply?lang=es", b"nope").get_json()["error"]["message"]
    pt = post(client, "/api/v1/old-maid/apply", b"nope", **{"Accept-Language": "pt-PT"}).get_json()["error"]["message"]
    assert es == "El cuerpo de la petición no es JSON válido."
    assert pt == "O corpo do pedido não é JSON válido."

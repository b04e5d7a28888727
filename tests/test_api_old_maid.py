"""Old Maid through the API: every refusal has its code, its reason in the reader's language, and changes nothing."""

import json

import pytest

NINES = {
    "dealer": 2,
    "hands": [["9H", "9D", "9C", "QS"], ["3D", "7C", "JH", "10S"], ["5S", "QH", "KD"]],
    "discards": [[], [], []],
    "phase": "discarding",
    "offerer": None,
    "taker": None,
    "loser": None,
}


def apply(client, position, move, lang="es"):
    body = json.dumps({"position": position, "move": move})
    return client.post(f"/api/v1/old-maid/apply?lang={lang}", data=body, content_type="application/json")


def after(client, position, *moves):
    for move in moves:
        response = apply(client, position, move)
        assert response.status_code == 200, response.get_json()
        position = response.get_json()["position"]
    return position


@pytest.mark.parametrize(("lang", "words"), [("es", "el 9♣ y la Q♠"), ("pt", "o 9♣ e a Q♠")])
def test_a_false_pair_is_refused_with_its_reason(client, lang, words):
    response = apply(client, NINES, {"type": "discard", "player": 0, "cards": ["9C", "QS"]}, lang)
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "not_a_pair"
    assert words in error["message"]


@pytest.mark.parametrize(
    ("position_moves", "move", "code"),
    [
        ((), {"type": "discard", "player": 0, "cards": ["9C", "5S"]}, "card_not_in_hand"),
        (({"type": "discard", "player": 0, "cards": ["9H", "9C"]},), {"type": "draw", "player": 1, "index": 0}, "not_your_turn"),
        (({"type": "discard", "player": 0, "cards": ["9H", "9C"]},), {"type": "draw", "player": 0, "index": 3}, "index_out_of_range"),
        (({"type": "discard", "player": 0, "cards": ["9H", "9C"]}, {"type": "draw", "player": 0, "index": 1}),
         {"type": "draw", "player": 1, "index": 0}, "pair_pending"),
    ],
)
def test_refused_moves_name_the_rule_they_break(client, position_moves, move, code):
    position = after(client, NINES, *position_moves)
    response = apply(client, position, move)
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == code
    for lang in ("es", "pt"):
        assert apply(client, position, move, lang).get_json()["error"]["message"]


def test_a_finished_game_refuses_every_move(client):
    over = {"dealer": 0, "hands": [["QH"], []], "discards": [[], []], "phase": "over",
            "offerer": None, "taker": None, "loser": 0}
    response = apply(client, over, {"type": "draw", "player": 1, "index": 0})
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "game_over"


def test_the_seeds_example_plays_out_through_the_api(client):
    position = after(
        client, NINES,
        {"type": "discard", "player": 0, "cards": ["9D", "9C"]},
        {"type": "draw", "player": 0, "index": 1},
        {"type": "discard", "player": 0, "cards": ["QH", "QS"]},
    )
    assert position["hands"][0] == ["9H"]
    assert sorted(position["discards"][0]) == sorted(["9D", "9C", "QS", "QH"])


def test_arranging_a_fan_is_always_allowed_and_not_listed(client):
    response = apply(client, NINES, {"type": "arrange", "player": 0, "order": ["QS", "9C", "9D", "9H"]})
    assert response.status_code == 200
    assert response.get_json()["position"]["hands"][0] == ["QS", "9C", "9D", "9H"]
    legal = client.post("/api/v1/old-maid/legal", json={"position": NINES}).get_json()["moves"]
    assert all(move["type"] != "arrange" for move in legal)

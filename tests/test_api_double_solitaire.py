"""The Double Solitaire race through the API: refusals by rule, in the reader's language, changing nothing."""

import pytest


def column(*cards):
    """A column from the bottom: lower-case codes are face down."""
    return [{"card": code.upper(), "up": code.upper() == code} for code in cards]


def layout(*columns, stock=(), waste=()):
    tableau = list(columns) + [[] for _ in range(7 - len(columns))]
    return {"tableau": tableau, "stock": list(stock), "waste": list(waste)}


def race(mine, theirs=None, foundations=None):
    return {
        "players": [mine, theirs or layout()],
        "foundations": foundations or [[] for _ in range(8)],
    }


def apply(client, position, move, lang="es"):
    return client.post(f"/api/v1/double-solitaire/apply?lang={lang}", json={"position": position, "move": move})


SEED_EXAMPLE = race(layout(column("ac", "7H"), column("5h", "8S"), column("2c", "KS", "QH")), layout(column("9D")))


@pytest.mark.parametrize(
    ("move", "code"),
    [
        ({"type": "move", "player": 0, "from": "c2", "to": "c1"}, "wrong_rank"),
        ({"type": "move", "player": 0, "from": "c0", "to": "c2"}, "wrong_rank"),
        ({"type": "move", "player": 0, "from": "c0", "to": "c3"}, "not_a_king"),
        ({"type": "move", "player": 0, "from": "c0", "to": "f0"}, "foundation_mismatch"),
        ({"type": "move", "player": 0, "from": "c0", "count": 2, "to": "c1"}, "face_down"),
        ({"type": "draw", "player": 0}, "stock_empty"),
    ],
)
def test_moves_the_rules_forbid_are_refused_by_rule(client, move, code):
    for lang in ("es", "pt"):
        response = apply(client, SEED_EXAMPLE, move, lang)
        assert response.status_code == 422
        error = response.get_json()["error"]
        assert error["code"] == code
        assert error["message"]


def test_a_red_card_on_a_red_card_is_the_wrong_colour(client):
    position = race(layout(column("7H"), column("8D"), column("AS")))
    response = apply(client, position, {"type": "move", "player": 0, "from": "c0", "to": "c1"})
    assert response.get_json()["error"]["code"] == "wrong_colour"
    assert "7♥" in response.get_json()["error"]["message"]


def test_the_seeds_example_turns_up_the_ace_and_sends_it_to_a_shared_foundation(client):
    answer = apply(client, SEED_EXAMPLE, {"type": "move", "player": 0, "from": "c0", "to": "c1"}).get_json()
    assert {"type": "flipped", "player": 0, "column": "c0", "card": "AC"} in answer["events"]
    answer = apply(client, answer["position"], {"type": "move", "player": 0, "from": "c0", "to": "f3"}).get_json()
    assert answer["position"]["foundations"][3] == [{"card": "AC", "owner": 0}]
    refused = apply(client, answer["position"], {"type": "move", "player": 0, "from": "c1", "to": "c0", "count": 2})
    assert refused.get_json()["error"]["code"] == "not_a_king"


def test_recycling_is_only_for_an_empty_stock(client):
    position = race(layout(column("KS"), column("AH"), stock=["2D"], waste=["9C"]))
    assert apply(client, position, {"type": "recycle", "player": 0}).get_json()["error"]["code"] == "stock_not_empty"


def test_a_finished_race_refuses_every_move(client):
    position = race(layout(), layout(column("9D")), [[{"card": "AS", "owner": 0}]] + [[] for _ in range(7)])
    new = client.post("/api/v1/double-solitaire/legal", json={"position": position}).get_json()
    assert new["moves"] == []
    response = apply(client, position, {"type": "draw", "player": 1})
    assert response.get_json()["error"]["code"] == "game_over"


def test_status_winner_and_contributed_are_output_only_and_ignored_when_sent_back(client):
    bent = {**SEED_EXAMPLE, "status": "won", "winner": 7, "contributed": "all"}
    answer = client.post("/api/v1/double-solitaire/legal", json={"position": bent})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == client.post("/api/v1/double-solitaire/legal", json={"position": SEED_EXAMPLE}).get_json()

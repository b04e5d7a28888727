"""POST /api/v1/solo-whist/analysis: each legal card of the player to move, the declaring side's tricks in
the whole deal and whether the contract is then made, as shared/API.md specifies."""

from __future__ import annotations

from tests.pool_setup import app_with


def in_play(client) -> dict:
    """Deal 7, eldest hand bids a solo and the others pass: the first lead is eldest hand's."""
    position = client.post("/api/v1/solo-whist/new", json={"seed": 7, "dealer": 0}).get_json()["position"]
    for player, bid in ((1, "solo"), (2, "pass"), (3, "pass"), (0, "pass")):
        answer = client.post("/api/v1/solo-whist/apply", json={
            "position": position, "move": {"type": "bid", "player": player, "bid": bid}})
        position = answer.get_json()["position"]
    assert position["phase"] == "play"
    return position


def test_every_legal_card_of_the_first_lead_gets_its_tricks_and_verdict(client):
    position = in_play(client)
    answer = client.post("/api/v1/solo-whist/analysis", json={"position": position})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["to_move"] == 1
    assert sorted(card["card"] for card in body["cards"]) == sorted(position["hands"][1])
    assert all(card["made"] == (card["tricks"] >= 5) for card in body["cards"])
    assert max(card["tricks"] for card in body["cards"]) >= min(card["tricks"] for card in body["cards"])


def test_the_tricks_count_those_already_won(client):
    position = in_play(client)
    for _ in range(4):
        legal = client.post("/api/v1/solo-whist/legal", json={"position": position}).get_json()["moves"]
        position = client.post("/api/v1/solo-whist/apply", json={"position": position, "move": legal[0]}
                               ).get_json()["position"]
    won_by_bidder = sum(1 for trick in position["tricks"] if trick["winner"] == 1)
    body = client.post("/api/v1/solo-whist/analysis", json={"position": position}).get_json()
    assert all(card["tricks"] >= won_by_bidder for card in body["cards"])


def test_a_position_with_a_hidden_card_is_refused(client):
    position = in_play(client)
    position["hands"][2] = [None] * len(position["hands"][2])
    answer = client.post("/api/v1/solo-whist/analysis?lang=es", json={"position": position})
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] == "invalid_position"


def test_a_position_not_in_play_is_refused(client):
    position = client.post("/api/v1/solo-whist/new", json={"seed": 7, "dealer": 0}).get_json()["position"]
    answer = client.post("/api/v1/solo-whist/analysis?lang=pt", json={"position": position})
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] == "invalid_position"


def test_work_past_the_bound_is_a_clear_refusal_in_the_readers_language(client):
    capped = app_with("naipes.games.solo_whist.analysis", "NODE_LIMIT", 10).test_client()
    answer = capped.post("/api/v1/solo-whist/analysis?lang=es", json={"position": in_play(client)})
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert error["code"] == "too_much_work"
    assert "bazas" in error["message"]


def test_a_game_without_an_analysis_board_has_no_such_endpoint(client):
    answer = client.post("/api/v1/old-maid/analysis", json={"position": {}})
    assert answer.status_code == 404


def test_the_endpoint_is_in_the_openapi_document(client):
    document = client.get("/api/v1/openapi.json").get_json()
    assert "/api/v1/solo-whist/analysis" in document["paths"]
    assert "/api/v1/old-maid/analysis" not in document["paths"]

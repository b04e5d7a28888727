"""Solo Whist through the API: the auction and the play refuse what the rules forbid, in the reader's language."""

import pytest


def post(client, path, body, lang="es"):
    return client.post(f"/api/v1/solo-whist/{path}?lang={lang}", json=body)


def play_through(client, position, *moves):
    for move in moves:
        response = post(client, "apply", {"position": position, "move": move})
        assert response.status_code == 200, response.get_json()
        position = response.get_json()["position"]
    return position


@pytest.fixture()
def solo_led(client):
    """A solo by player 1, who has led; player 2 holds the suit led and one card of another suit."""
    for seed in range(50):
        position = post(client, "new", {"seed": seed, "dealer": 0}).get_json()["position"]
        position = play_through(client, position,
                                {"type": "bid", "player": 1, "bid": "solo"},
                                {"type": "bid", "player": 2, "bid": "pass"},
                                {"type": "bid", "player": 3, "bid": "pass"},
                                {"type": "bid", "player": 0, "bid": "pass"})
        lead = position["hands"][1][0]
        position = play_through(client, position, {"type": "play", "player": 1, "card": lead})
        hand = position["hands"][2]
        follows = [c for c in hand if c[-1] == lead[-1]]
        others = [c for c in hand if c[-1] != lead[-1]]
        if follows and others:
            return position, others[0]
    pytest.fail("no seed gave the needed hand")


@pytest.mark.parametrize(("lang", "words"), [("es", "servir al palo"), ("pt", "assistir ao naipe")])
def test_a_card_that_does_not_follow_suit_is_refused_with_its_reason(client, solo_led, lang, words):
    position, off_suit = solo_led
    response = post(client, "apply", {"position": position, "move": {"type": "play", "player": 2, "card": off_suit}}, lang)
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "must_follow_suit"
    assert words in error["message"]


def test_a_card_out_of_turn_is_refused(client, solo_led):
    position, _ = solo_led
    card = position["hands"][3][0]
    response = post(client, "apply", {"position": position, "move": {"type": "play", "player": 3, "card": card}})
    assert response.get_json()["error"]["code"] == "not_your_turn"


def test_a_bid_that_does_not_beat_the_last_is_refused(client):
    position = post(client, "new", {"seed": 1, "dealer": 0}).get_json()["position"]
    position = play_through(client, position, {"type": "bid", "player": 1, "bid": "solo"})
    for lang in ("es", "pt"):
        response = post(client, "apply", {"position": position, "move": {"type": "bid", "player": 2, "bid": "proposal"}}, lang)
        assert response.status_code == 422
        assert response.get_json()["error"]["code"] == "bid_too_low"
        assert response.get_json()["error"]["message"]


def test_three_passes_close_the_auction_and_the_solo_is_played_with_the_turned_up_trump(client):
    position = post(client, "new", {"seed": 4, "dealer": 0}).get_json()["position"]
    response = post(client, "apply", {"position": play_through(
        client, position,
        {"type": "bid", "player": 1, "bid": "solo"},
        {"type": "bid", "player": 2, "bid": "pass"},
        {"type": "bid", "player": 3, "bid": "pass"}), "move": {"type": "bid", "player": 0, "bid": "pass"}})
    answer = response.get_json()
    assert answer["position"]["phase"] == "play"
    assert answer["position"]["contract"]["trump"] == position["turn_up"][-1]
    assert any(event["type"] == "auction_closed" for event in answer["events"])


def test_the_six_trick_solo_example_settles_plus_six(client):
    example = client.get("/api/v1/examples/solo-whist-six-tricks").get_json()
    assert example["steps"][-1]["position"]["result"]["settlement"] == [6, -2, -2, -2]
    example = client.get("/api/v1/examples/solo-whist-four-tricks").get_json()
    assert example["steps"][-1]["position"]["result"]["settlement"] == [-6, 2, 2, 2]


def test_to_move_and_exposed_are_output_only_and_ignored_when_sent_back(client, solo_led):
    position, _ = solo_led
    bent = {**position, "to_move": "nobody", "exposed": [1, 2]}
    answer = post(client, "legal", {"position": bent})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == post(client, "legal", {"position": position}).get_json()

"""Nothing anyone sends produces a 5xx: real positions, bent at random, sent to every endpoint."""

import copy
import json
import random

import pytest

from naipes.games import GAMES as REGISTERED
from tests.sampling import sweep

GAMES = list(REGISTERED)
JUNK = [None, True, False, -1, 0, 1, 7, 2**70, 1.5, "", "AS", "QC", "XX", "c9", "f8", "waste", [], {}, [None], {"card": "AS"},
        ["AS", "AS"], "pass", "misere", "over", "blocked"]


def leaves(value, path=()):
    """Every place inside a JSON value, as a path of keys and indices."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, path + (index,))


def bend(value, rng):
    """A copy of ``value`` with one place replaced, removed or duplicated."""
    value = copy.deepcopy(value)
    path = rng.choice(list(leaves(value))[1:])
    parent = value
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    action = rng.random()
    if action < 0.6:
        parent[last] = rng.choice(JUNK)
    elif action < 0.8:
        del parent[last]
    elif isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    else:
        parent[last] = [parent[last]]
    return value


@pytest.fixture(scope="module")
def samples(app):
    client = app.test_client()
    found = {game: [] for game in GAMES}
    for example in client.get("/api/v1/examples").get_json():
        data = client.get(f"/api/v1/examples/{example['id']}").get_json()
        found[data["game"]].append((data["start"], data["steps"][0]["move"] if data["steps"] else {"type": "draw", "player": 0}))
        for step in data["steps"]:
            found[data["game"]].append((step["position"], step["move"]))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_bent_positions_and_moves_never_make_a_server_error(client, samples, game):
    rng = random.Random(game)
    for _ in range(sweep(300)):
        position, move = rng.choice(samples[game])
        body = {"position": position, "move": move}
        body = bend(body, rng) if rng.random() < 0.9 else body
        for url in (f"/api/v1/{game}/legal", f"/api/v1/{game}/apply", f"/es/{game}/diagram", f"/pt/{game}/diagram"):
            payload = dict(body, **({"try": rng.choice([0, 1, None, "x", True])} if "diagram" in url else {}))
            response = client.post(url, data=json.dumps(payload), content_type="application/json")
            assert response.status_code < 500, (url, payload, response.get_data(as_text=True)[:300])


@pytest.mark.parametrize("game", GAMES)
def test_bent_table_requests_never_make_a_server_error(client, game):
    rng = random.Random(f"tables {game}")
    table = client.post(f"/api/v1/{game}/tables", json={}).get_json()
    urls = [f"/api/v1/{game}/tables/move", f"/api/v1/{game}/tables/hint", f"/api/v1/{game}/tables/tick",
            f"/es/{game}/jugar/render", f"/pt/{game}/jogar/render"]
    for _ in range(sweep(60)):
        options = bend({"seat": 0, "players": 4, "level": "basic", "seed": 1}, rng)
        response = client.post(f"/api/v1/{game}/tables", data=json.dumps(options), content_type="application/json")
        assert response.status_code < 500, (options, response.get_data(as_text=True)[:300])
        body = {"table": table["table"], "move": table["moves"][0], "events": [{"type": "drew", "player": 1, "cards": ["AS"]}]}
        body = bend(body, rng)
        for url in urls:
            response = client.post(url, data=json.dumps(body), content_type="application/json")
            assert response.status_code < 500, (url, body, response.get_data(as_text=True)[:300])

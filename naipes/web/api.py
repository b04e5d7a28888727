"""The JSON API, ``/api/v1``, exactly as ``shared/API.md`` specifies it.

The API only translates: JSON in, the engine's value types, JSON out. Every rule
lives in the engines; every refusal becomes a 4xx JSON error in the request's
language and leaves the position as it was sent.
"""

from __future__ import annotations

from flask import Blueprint, jsonify
from flask_babel import gettext

from ..engine.decode import is_whole_number
from ..games import GAMES
from . import openapi, pool
from .json_io import ApiError, engine_call, json_body, known_game, required
from .sitedata import current_site

bp = Blueprint("api", __name__, url_prefix="/api/v1")

_MAX_SEED = 2**63


def _position(engine, data: dict):
    return engine_call(engine.Position.from_json, required(data, "position"))


@bp.get("/openapi.json")
def openapi_document():
    return jsonify(openapi.document())


@bp.get("/games")
def games():
    site = current_site()
    return jsonify([
        {"id": game_id, "name": site.game_title(game_id), "players": list(engine.PLAYERS)}
        for game_id, engine in GAMES.items()
    ])


@bp.get("/examples")
def examples():
    site = current_site()
    return jsonify([
        {"id": example.id, "game": example.game, "title": site.captions(example).title}
        for example in site.examples.values()
    ])


@bp.get("/examples/<example_id>")
def example(example_id: str):
    site = current_site()
    found = site.examples.get(example_id)
    if found is None:
        raise ApiError(404, "unknown_example", gettext("There is no example called “%(example)s”.", example=example_id))
    return jsonify(site.example_json(found))


@bp.get("/<game_id>/scoring")
def scoring(game_id: str):
    """How a deal at a real table is settled, as the engine computes it: what the score pads look up."""
    data = known_game(game_id).scoring_data()
    if data is None:
        raise ApiError(404, "unknown_game", gettext("There is no score pad for “%(game)s”.", game=game_id))
    return jsonify(data)


@bp.post("/<game_id>/new")
def new(game_id: str):
    engine = known_game(game_id)
    options = json_body()
    seed = options.pop("seed", None)
    if not is_whole_number(seed) or not -_MAX_SEED <= seed < _MAX_SEED:
        raise ApiError(400, "invalid_seed", gettext("The seed must be a whole number."))
    # The engine judges the other fields: which options its game takes, and their values.
    position = engine_call(engine.new_game, seed, **options)
    return jsonify({"position": position.to_json()})


@bp.post("/<game_id>/legal")
def legal(game_id: str):
    engine = known_game(game_id)
    position = _position(engine, json_body())
    return jsonify({"moves": [move.to_json() for move in engine.legal_moves(position)]})


@bp.post("/<game_id>/apply")
def apply(game_id: str):
    engine = known_game(game_id)
    data = json_body()
    position = _position(engine, data)
    move = engine_call(engine.move_from_json, required(data, "move"))
    after, events = engine_call(engine.apply, position, move)
    return jsonify({"position": after.to_json(), "events": [event.to_json() for event in events]})


@bp.post("/<game_id>/analysis")
def analysis(game_id: str):
    engine = known_game(game_id)
    if not engine.analyses:
        raise ApiError(404, "unknown_game", gettext("There is no analysis board for “%(game)s”.", game=game_id))
    position = _position(engine, json_body())
    return jsonify(engine_call(pool.run, engine.analysis, position))

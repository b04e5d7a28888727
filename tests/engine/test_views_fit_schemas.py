"""Every game's seat views fit the view JSON Schemas the API document publishes."""

from __future__ import annotations

import random

import pytest
from jsonschema import Draft202012Validator

from naipes.engine.schemas import json_schemas
from naipes.games import GAMES

SHAPES = {game_id: game.shapes for game_id, game in GAMES.items()}
GAME_SCHEMAS, COMPONENTS = json_schemas(SHAPES)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_seat_view_along_a_random_game_fits_the_view_schema(game_id):
    game = GAMES[game_id]
    schema = Draft202012Validator({**GAME_SCHEMAS[game_id]["view"], "components": {"schemas": COMPONENTS}})
    rng = random.Random(3)
    position = game.new_game(11)
    for _ in range(60):
        for seat in range(game.seats(position)):
            schema.validate(game.view(position, seat).to_json())
        moves = game.legal_moves(position)
        if not moves:
            break
        position, _ = game.apply(position, rng.choice(moves))

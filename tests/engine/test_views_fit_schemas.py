"""The seat views of Old Maid and the race fit the view JSON Schemas the API document publishes."""

from __future__ import annotations

import random

import pytest
from jsonschema import Draft202012Validator

from naipes.games.double_solitaire import rules as double_solitaire
from naipes.games.double_solitaire import view as double_solitaire_view
from naipes.games.old_maid import rules as old_maid
from naipes.games.old_maid import view as old_maid_view
from naipes.engine.schemas import json_schemas
from naipes.games import GAMES

SHAPES = {game_id: game.shapes for game_id, game in GAMES.items()}
GAME_SCHEMAS, COMPONENTS = json_schemas(SHAPES)


@pytest.mark.parametrize(("engine", "views", "options", "seats"), [
    (old_maid, old_maid_view, {"players": 5}, 5),
    (double_solitaire, double_solitaire_view, {}, 2),
])
def test_every_seat_view_along_a_random_game_fits_the_view_schema(engine, views, options, seats):
    schema = Draft202012Validator({**GAME_SCHEMAS[engine.ID]["view"], "components": {"schemas": COMPONENTS}})
    rng = random.Random(3)
    position = engine.new_game(11, **options)
    for _ in range(60):
        for seat in range(seats):
            schema.validate(views.view(position, seat).to_json())
        moves = engine.legal_moves(position)
        if not moves:
            break
        position, _ = engine.apply(position, rng.choice(moves))

"""The JSON Schemas derived from each game's declared shapes describe exactly what the engines send.

Every worked example's positions, moves and events must fit their game's schema,
and a view (every card hidden) must fit the view schema; the schemas must refuse
what the engines refuse.
"""

from __future__ import annotations

import json

import msgspec
import pytest
from jsonschema import Draft202012Validator

from naipes.games import GAMES
from naipes.engine.schemas import json_schemas
from naipes.examples import load_examples

SHAPES = {game_id: game.shapes for game_id, game in GAMES.items()}
GAME_SCHEMAS, COMPONENTS = json_schemas(SHAPES)
EXAMPLES = load_examples()


def validator(schema: dict) -> Draft202012Validator:
    return Draft202012Validator({**schema, "components": {"schemas": COMPONENTS}})


def hidden(value: object, inside_card_field: bool = False) -> object:
    """The JSON with every card code replaced by null, as a seat that sees nothing would get it."""
    if isinstance(value, dict):
        return {key: hidden(item, key in ("card", "hands", "stock", "waste", "turn_up")) for key, item in value.items()}
    if isinstance(value, list):
        return [hidden(item, inside_card_field) for item in value]
    return None if inside_card_field and isinstance(value, str) else value


def test_every_game_has_a_position_move_event_and_view_schema():
    assert set(GAME_SCHEMAS) == set(GAMES) == set(SHAPES)
    for schemas in GAME_SCHEMAS.values():
        assert set(schemas) == {"position", "move", "event", "view"}
        for schema in schemas.values():
            Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("example_id", sorted(EXAMPLES))
def test_every_worked_example_fits_its_games_schemas(example_id):
    example = EXAMPLES[example_id]
    schemas = GAME_SCHEMAS[example.game]
    position, move, event, view = (validator(schemas[kind]) for kind in ("position", "move", "event", "view"))
    for shown in (example.start, *(step.position for step in example.steps)):
        position.validate(shown.to_json())
        view.validate(shown.to_json())
        view.validate(hidden(shown.to_json()))
    for step in example.steps:
        move.validate(step.move.to_json())
        for happened in step.events:
            event.validate(happened.to_json())
            msgspec.convert(happened.to_json(), SHAPES[example.game]["event"])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_position_schema_refuses_an_unknown_card_and_an_unknown_field(game):
    position = validator(GAME_SCHEMAS[game]["position"])
    data = GAMES[game].new_game(1).to_json()
    assert position.is_valid(data)
    assert not position.is_valid({**data, "surprise": 1})
    assert not position.is_valid(json.loads(json.dumps(data).replace('"2S"', '"1S"')))
    view = validator(GAME_SCHEMAS[game]["view"])
    seen = GAMES[game].view(GAMES[game].new_game(1), 0).to_json()
    assert view.is_valid(hidden(data)) and view.is_valid(seen)
    assert not position.is_valid(seen), "a seat's view hides cards, which a position never does"

"""The JSON Schemas of every game's position, move, event and seat view, for the API document.

They are derived from the shapes each game declares once (``naipes.games.<game>.shapes.SHAPES``),
so the schema, the checking of what comes in and the encoding of what goes out
cannot drift apart. A *view* (what one seat may see, see each game's ``view``) has the
position's shape with every card possibly ``null``: its schema is the position's,
each named part copied with the suffix ``View`` and each card made nullable.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict, cast

import msgspec

JSONSchema = dict[str, object]

_CARD = "Card"
"""The end of the title of every card schema (``Card``, Old Maid's ``OldMaidCard``)."""
_VIEW = "View"


class GameSchemas(TypedDict):
    """One game's schemas; each refers to named schemas in the components."""

    position: JSONSchema
    move: JSONSchema
    event: JSONSchema
    view: JSONSchema


def json_schemas(
    shapes_by_game: Mapping[str, Mapping[str, object]],
    ref_template: str = "#/components/schemas/{name}",
) -> tuple[dict[str, GameSchemas], dict[str, JSONSchema]]:
    """Per game id, the schemas of its position, move, event and view; and the named schemas they use.

    ``shapes_by_game`` holds each game's declared shapes (its ``shapes.SHAPES``) by game id.
    ``ref_template`` says where the named schemas will live: an OpenAPI document
    puts them under ``#/components/schemas/`` (the default).
    """
    games: dict[str, GameSchemas] = {}
    components: dict[str, JSONSchema] = {}
    for game_id, shapes in shapes_by_game.items():
        kinds = ("position", "move", "event")
        schemas, named = msgspec.json.schema_components([shapes[kind] for kind in kinds], ref_template=ref_template)
        components.update(named)
        (position_schema,), position_named = msgspec.json.schema_components([shapes["position"]], ref_template=ref_template)
        view_schema = _nullable_cards(position_schema, ref_template)
        for name, schema in position_named.items():
            components[name + _VIEW] = _nullable_cards({**schema, "title": name + _VIEW}, ref_template)
        position, move, event = schemas
        games[game_id] = GameSchemas(position=position, move=move, event=event, view=view_schema)
    return games, components


def _nullable_cards(node: object, ref_template: str) -> JSONSchema:
    """``node`` with every card schema allowing ``null`` and every reference pointing at its view copy."""
    return cast(JSONSchema, _rewrite(node, ref_template))


def _rewrite(node: object, ref_template: str) -> object:
    if isinstance(node, list):
        return [_rewrite(item, ref_template) for item in node]
    if not isinstance(node, dict):
        return node
    if "enum" in node and str(node.get("title", "")).endswith(_CARD):
        return {"anyOf": [node, {"type": "null"}]}
    if "$ref" in node:
        name = str(node["$ref"]).rsplit("/", 1)[-1]
        return {**node, "$ref": ref_template.format(name=name + _VIEW)}
    return {key: _rewrite(value, ref_template) for key, value in node.items()}

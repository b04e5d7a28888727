"""The API described for machines: an OpenAPI 3.1 document of ``/api/v1``, served at
``/api/v1/openapi.json`` and checked by the tests (openapi-spec-validator, Schemathesis).

Each game has its own concrete paths (``/api/v1/old-maid/apply``...), so that every body
and answer is described by that game's schemas, which come from the engine
(``naipes.engine.schemas``): position, move, event and view, declared once there. To describe a new
endpoint, add its builder to ``GAME_ENDPOINTS`` (one per game) or ``SITE_ENDPOINTS``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..engine.puzzles import RATING_CEILING, RATING_FLOOR
from ..engine.schemas import json_schemas
from ..games import GAMES

OPENAPI_VERSION = "3.1.0"
SEED_RANGE = 2**63

ERROR_SCHEMA = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "code": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$", "description": "a stable snake_case code"},
                "message": {"type": "string", "description": "what is wrong, in the request's language"},
                "detail": {"type": "string", "description": "the engine's account, in English, for developers"},
            },
        },
    },
}
_ERRORS = {
    400: "Malformed JSON, a body that does not fit the schema, or an invalid position",
    404: "No such game, example or puzzle",
    413: "A body over 64 KiB",
    415: "A body that is not sent as application/json",
    409: "The game is not over yet",
    422: "A well-formed move that the rules forbid (the position is untouched), or a table whose moves were not kept",
}
LANG_PARAMETER = {
    "name": "lang", "in": "query", "required": False,
    "description": "Language of human text: `es` or `pt`; otherwise Accept-Language decides, else `es`",
    "schema": {"type": "string"},
}


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*statuses: int) -> dict:
    return {str(status): _json(_ref("Error"), _ERRORS[status]) for status in statuses}


def _get(summary: str, answer: dict, *errors: int, parameters: tuple = ()) -> dict:
    return {"get": {
        "summary": summary, "parameters": [*parameters, LANG_PARAMETER],
        "responses": {"200": _json(answer, summary), **_errors(*errors)},
    }}


def _post(summary: str, body: dict, answer: dict, *errors: int) -> dict:
    return {"post": {
        "summary": summary, "parameters": [LANG_PARAMETER],
        "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
        "responses": {"200": _json(answer, summary), **_errors(400, 413, 415, *errors)},
    }}


def _object(required: dict, optional: dict | None = None, closed: bool = False) -> dict:
    schema: dict[str, object] = {
        "type": "object", "required": list(required), "properties": {**required, **(optional or {})},
    }
    if closed:
        schema["additionalProperties"] = False
    return schema


def _new(game_id: str, engine) -> dict:
    whole = {"type": "integer", "minimum": -SEED_RANGE, "maximum": SEED_RANGE - 1}
    # null is "not given": the dealer is then drawn by lot from the seed.
    seat = {"type": ["integer", "null"], "minimum": 0, "maximum": engine.PLAYERS[1] - 1}
    options = {
        "players": {"type": "integer", "minimum": engine.PLAYERS[0], "maximum": engine.PLAYERS[1]},
        "dealer": seat,
    }
    body = _object({"seed": whole}, {name: options[name] for name in sorted(engine.NEW_GAME_OPTIONS)}, closed=True)
    answer = _object({"position": _ref(f"{game_id}.Position")})
    return {f"/api/v1/{game_id}/new": _post("A freshly shuffled and dealt game: the same seed, the same deal", body, answer)}


def _legal(game_id: str, engine) -> dict:
    body = _object({"position": _ref(f"{game_id}.Position")})
    answer = _object({"moves": {"type": "array", "items": _ref(f"{game_id}.Move")}})
    return {f"/api/v1/{game_id}/legal": _post("Every legal move now, for every player who may move", body, answer)}


def _apply(game_id: str, engine) -> dict:
    body = _object({"position": _ref(f"{game_id}.Position"), "move": _ref(f"{game_id}.Move")})
    answer = _object({
        "position": _ref(f"{game_id}.Position"),
        "events": {"type": "array", "items": _ref(f"{game_id}.Event")},
    })
    return {f"/api/v1/{game_id}/apply": _post("The position after the move, and what happened", body, answer, 422)}


def _games() -> dict:
    game = _object({
        "id": {"type": "string", "enum": list(GAMES)},
        "name": {"type": "string"},
        "players": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
    })
    return {"/api/v1/games": _get("The games, with their names and player counts", {"type": "array", "items": game})}


def _examples() -> dict:
    summary = _object({"id": {"type": "string"}, "game": {"type": "string", "enum": list(GAMES)}, "title": {"type": "string"}})
    return {"/api/v1/examples": _get("Every worked example", {"type": "array", "items": summary})}


def _step(game_id: str) -> dict:
    """One step of a worked example or a review: the move, the position after it, its events, the caption."""
    return _object({
        "move": _ref(f"{game_id}.Move"),
        "position": _ref(f"{game_id}.Position"),
        "events": {"type": "array", "items": _ref(f"{game_id}.Event")},
        "caption": {"type": "string"},
    })


def _example_of(game_id: str) -> dict:
    step = _step(game_id)
    return _object({
        "id": {"type": "string"},
        "game": {"const": game_id},
        "title": {"type": "string"},
        "start": _ref(f"{game_id}.Position"),
        "steps": {"type": "array", "items": step},
    })


def _example() -> dict:
    example_id = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
    answer = {"oneOf": [_example_of(game_id) for game_id in GAMES]}
    summary = "A worked example: its start and every step, each position computed by the engine"
    return {"/api/v1/examples/{id}": _get(summary, answer, 404, parameters=(example_id,))}


def _openapi() -> dict:
    answer = {"type": "object", "required": ["openapi", "paths"]}
    return {"/api/v1/openapi.json": _get("This document", answer)}


def _session(game_id: str) -> dict:
    per_seat = {"type": "array", "items": {"type": "integer"}}
    tallies = {name: {**per_seat, "description": "a running count per seat"} for name in GAMES[game_id].scoring.tallies}
    return _object({
        "deals": {"type": "integer", "minimum": 0, "description": "deals finished in this session, the one just over included"},
        "scores": {**per_seat, "description": "the running score per seat: Solo Whist chips, Old Maid losses, races won"},
        **tallies,
        "places": {**per_seat, "description": "each seat's place by score, 1 the best; equal scores share a place"},
        "history": {"type": "array", "items": per_seat, "description": "the running scores after each of the last deals"},
        "outcome": {"enum": ["won", "lost", "drawn", "annulled", None], "description": "the reader's end of this deal, once over"},
    })


def _table_answer(game_id: str) -> dict:
    return _object({
        "table": {"type": "string", "description": "the sealed table: send it back to move, ask a hint or tick"},
        "seat": {"type": "integer", "minimum": 0},
        "level": {"type": "string"},
        "view": _ref(f"{game_id}.View"),
        # Events as the seat sees them: a card it could not see is null, which the engine's event schema does not allow.
        "events": {"type": "array", "items": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}}}},
        "moves": {"type": "array", "items": _ref(f"{game_id}.Move")},
        "over": {"type": "boolean"},
    }, {
        "help": {"type": ["object", "null"], "description": "the hints and undos the reader has used at this table",
                 "properties": {"hints": {"type": "integer"}, "undos": {"type": "integer"}}},
        "session": _session(game_id),
    })


def _review(game_id: str) -> dict:
    step = _step(game_id)
    decision = _object({
        "step": {"type": "integer", "minimum": 1}, "move": _ref(f"{game_id}.Move"), "best": _ref(f"{game_id}.Move"),
        "cost": {"type": "number", "description": "in the game's own unit: Solo Whist tricks, race cards"},
        "findable": {"type": "boolean"}, "reason": {"type": "string"},
    }, {"rule": {"type": ["string", "null"], "description": "the rules page's section that teaches it"},
        "decisive": {"type": "boolean", "description": "the cost turned the result round (Solo Whist: the contract"
                                                        " made or beaten); the summary lists these first"}})
    return _object({
        "steps": {"type": "array", "items": step},
        "decisions": {"type": "array", "items": decision},
        "summary": {"type": "array", "items": {"type": "integer", "minimum": 0}},
    }, {"start": _ref(f"{game_id}.Position"), "seat": {"type": "integer"}, "judged": {"type": "boolean"},
        "unjudged": {"type": "array", "items": {"type": "integer", "minimum": 1},
                     "description": "the steps of the reader's decisions the engine could not judge within the"
                                    " request's bound on work"}})


_TABLE = {"table": {"type": "string", "description": "a table token from an earlier answer"}}
_TABLE_ERRORS = {
    "400": _json(_ref("Error"), "Malformed JSON or body, or a table token that was altered or made elsewhere"),
    "410": _json(_ref("Error"), "A table older than its lifetime"),
}


def _table_post(summary: str, body: dict, answer: dict, status: int = 200, *errors: int) -> dict:
    operation = _post(summary, body, answer, *errors)["post"]
    operation["responses"] = {str(status): _json(answer, summary), **operation["responses"], **_TABLE_ERRORS}
    if status != 200:
        del operation["responses"]["200"]
    return {"post": operation}


def _tables(game_id: str, engine) -> dict:
    game = engine
    options = {
        "seat": {"type": "integer", "minimum": 0, "maximum": engine.PLAYERS[1] - 1},
        "level": {"type": "string", "enum": list(game.levels)},
    }
    if "players" in engine.NEW_GAME_OPTIONS:
        options["players"] = {"type": "integer", "minimum": engine.PLAYERS[0], "maximum": engine.PLAYERS[1]}
    answer = _table_answer(game_id)
    paths = {
        f"/api/v1/{game_id}/tables": _table_post(
            "A new table against the computer, dealt by the server (no seed)", _object({}, options, closed=True),
            answer, 201),
        f"/api/v1/{game_id}/tables/move": _table_post(
            "The reader's move, then the computer players' until the reader must act",
            _object({**_TABLE, "move": _ref(f"{game_id}.Move")}), answer, 200, 422),
        f"/api/v1/{game_id}/tables/hint": _table_post(
            "The move the computer would make in the reader's seat, and why",
            _object(_TABLE), _object({"move": _ref(f"{game_id}.Move"), "reason": {"type": "string"}},
                                     {"table": {"type": "string", "description": "the table, counting this hint"}}),
            200, 422),
        f"/api/v1/{game_id}/tables/review": _table_post(
            "The finished game face up, step by step, and the engine's judgement of the reader's decisions",
            _object(_TABLE), _review(game_id), 200, 409, 422),
        f"/api/v1/{game_id}/tables/undo": _table_post(
            "The table as it was before the reader's last move, counting the undo", _object(_TABLE), answer, 200, 422),
        f"/api/v1/{game_id}/tables/again": _table_post(
            "The same deal as a new table: the same cards to the same seats (no seed)", _object(_TABLE, closed=True),
            answer, 201, 422),
    }
    paths[f"/api/v1/{game_id}/tables/next"] = _table_post(
        "The session's next deal, once this one is over: the same seats, the dealer moving on",
        _object(_TABLE), answer, 201, 409)
    if game.realtime:
        paths[f"/api/v1/{game_id}/tables/tick"] = _table_post(
            "The computer's next move of the race", _object(_TABLE), answer)
    return paths


def _lessons(game_id: str, engine) -> dict:
    step = _object({
        "move": {"oneOf": [_ref(f"{game_id}.Move"), {"type": "null"}], "description": "null where a new deal starts"},
        "position": _ref(f"{game_id}.Position"),
        "events": {"type": "array", "items": _ref(f"{game_id}.Event")},
        "caption": {"type": "string"},
    })
    lesson = _object({
        "id": {"type": "string"}, "game": {"const": game_id}, "title": {"type": "string"}, "caption": {"type": "string"},
        "start": _ref(f"{game_id}.Position"), "steps": {"type": "array", "items": step},
    })
    body = _object({"step": {"type": "integer", "description": "the step at which the reader decides"},
                    "move": _ref(f"{game_id}.Move")})
    verdict = _object({"expected": {"type": "boolean"}}, {"message": {"type": "string"}})
    return {
        f"/api/v1/lessons/{game_id}": _get(
            "The game's lesson: a whole guided game, each position computed by the engine", lesson),
        f"/api/v1/lessons/{game_id}/check": _post(
            "Whether the reader's move at one of the lesson's decisions is the lesson's, and if not why", body,
            verdict, 422),
    }


def _analysis(game_id: str, engine) -> dict:
    if not engine.analyses:
        return {}
    card = _object({
        "card": {"type": "string"},
        "tricks": {"type": "integer", "minimum": 0, "description": "the declaring side's tricks in the whole deal,"
                   " those already won included, with best play by everyone after this card"},
        "made": {"type": "boolean", "description": "whether the contract is then made"},
    })
    answer = _object({"to_move": {"type": "integer", "minimum": 0},
                      "cards": {"type": "array", "items": card}})
    return {f"/api/v1/{game_id}/analysis": _post(
        "Each legal card of the player to move and what it is worth, double dummy (every hand known; in play"
        " only, else 400 invalid_position; 400 too_much_work past the request's bound)",
        _object({"position": _ref(f"{game_id}.Position")}), answer)}


def _puzzles() -> dict:
    """The puzzles: one list per game, a puzzle as its reader's seat sees it, and the check of a line."""
    with_puzzles = [game_id for game_id, engine in GAMES.items() if engine.sets_puzzles]
    game = {"name": "game", "in": "query", "required": True, "schema": {"type": "string", "enum": with_puzzles},
            "description": "the game whose puzzles to list (400 without it, 404 for a game with none)"}
    puzzle_id = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
    rating = {"type": "integer", "minimum": RATING_FLOOR, "maximum": RATING_CEILING,
              "description": "from how deep and how unique the solution is: higher is harder"}
    summary = _object({"id": {"type": "string"}, "game": {"type": "string", "enum": with_puzzles},
                       "title": {"type": "string"}, "rating": rating})
    one = {"oneOf": [_object({
        "id": {"type": "string"}, "game": {"const": game_id}, "title": {"type": "string"},
        "goal": {"type": "string"}, "rating": rating, "seat": {"type": "integer", "minimum": 0},
        "view": _ref(f"{game_id}.View"), "moves": {"type": "array", "items": _ref(f"{game_id}.Move")},
    }) for game_id in with_puzzles]}
    moves = {"type": "array", "maxItems": 20, "description": "the reader's own moves so far, from the puzzle's start",
             "items": {"oneOf": [_ref(f"{game_id}.Move") for game_id in with_puzzles]}}
    verdict = _object({
        "correct": {"type": "boolean", "description": "whether the line still reaches the goal against best play"},
        "done": {"type": "boolean", "description": "whether the puzzle is solved: no move of the reader's can go wrong now"},
        "reply": {"type": "array", "description": "the other seats' moves after the reader's last, by the engine",
                  "items": {"oneOf": [_ref(f"{game_id}.Move") for game_id in with_puzzles]}},
        "message": {"type": "string", "description": "right or wrong, and why, in the request's language"},
    })
    check = _post("The reader's line judged by the engine, the other seats' replies and why", _object({"moves": moves}),
                  verdict, 404, 422)
    check["post"]["parameters"].insert(0, puzzle_id)
    return {
        "/api/v1/puzzles": _get("Every puzzle of a game, easiest first, in the request's language",
                                {"type": "array", "items": summary}, 400, 404, parameters=(game,)),
        "/api/v1/puzzles/{id}": _get("A puzzle: its goal, the position as the reader's seat sees it, the legal moves",
                                     one, 404, parameters=(puzzle_id,)),
        "/api/v1/puzzles/{id}/check": check,
    }


GAME_ENDPOINTS: tuple[Callable[[str, object], dict], ...] = (_new, _legal, _apply, _tables, _lessons, _analysis)
SITE_ENDPOINTS: tuple[Callable[[], dict], ...] = (_games, _examples, _example, _openapi, _puzzles)


@lru_cache(maxsize=1)
def document() -> dict:
    """The whole document (made once: it depends on nothing but the code)."""
    paths: dict[str, dict] = {}
    for endpoint in SITE_ENDPOINTS:
        paths.update(endpoint())
    games, named = json_schemas({game_id: game.shapes for game_id, game in GAMES.items()})
    schemas = {"Error": ERROR_SCHEMA, **named}
    for game_id, engine in GAMES.items():
        for game_endpoint in GAME_ENDPOINTS:
            paths.update(game_endpoint(game_id, engine))
        for kind, schema in games[game_id].items():
            schemas[f"{game_id}.{kind.capitalize()}"] = schema
    return {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": "Naipes: the engines' JSON API",
            "version": "1",
            "description": (
                "Old Maid, Solo Whist and the Double Solitaire race, as shared/API.md specifies. "
                "Errors are 4xx JSON in the request's language; nothing may produce a 5xx. "
                "An `integer` must be written as a JSON integer (`3`): JSON Schema counts `3.0` and `3e0` as "
                "integers too, but the server refuses a number with a fraction or an exponent where it wants a "
                "whole one (400), since a position or move is typed data, not arithmetic. Fields marked "
                "`readOnly` are in the answers only: a body may carry them back, and they are ignored."
            ),
        },
        "paths": paths,
        "components": {"schemas": schemas},
    }

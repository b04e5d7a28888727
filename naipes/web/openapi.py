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
from ..tables.friends import MAX_NAME

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
    409: "The game is not over yet, or (stale_table) the table changed since the version the request names",
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
        "table": {"type": "string", "description": "the seat's key: send it back to move, ask a hint or tick, or"
                                                   " read the table again (tables/state)"},
        "seat": {"type": "integer", "minimum": 0},
        "version": {"type": "integer", "minimum": 0, "description": "the moves made at the table so far"},
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
        "practice": {"type": "boolean", "description": "a deal played again: its result leaves the session alone"},
        **_FRIENDS_ANSWER,
    })


_SEAT = _object({
    "seat": {"type": "integer", "minimum": 0},
    "kind": {"enum": ["person", "computer"]},
    "name": {"type": ["string", "null"], "maxLength": MAX_NAME, "description": "the name given when joining"},
    "taken": {"type": "boolean", "description": "a person sits there (a friend's seat waits until its invitation is used)"},
    "present": {"type": "boolean", "description": "the person plays now; false while they have left it to the computer"},
})
_FRIENDS_ANSWER = {
    "seats": {"type": "array", "items": _SEAT, "description": "at a table with friends: who sits where"},
    "turn": {"type": "array", "items": {"type": "integer"}, "description": "at a table with friends: the seats of"
             " people whose move the table waits for"},
    "deadline": {"type": ["number", "null"], "description": "when the turn ends (seconds since the epoch): the"
                 " computer then makes that move, and the table says so (a played_for event)"},
    "seconds_left": {"type": ["number", "null"], "minimum": 0, "description": "at a table with friends: the"
                     " seconds the turn had left when the answer was written (null when no person's turn), for a"
                     " countdown that does not depend on the reader's clock"},
    "next": {"type": "boolean", "description": "at a table with friends: the next deal is dealt (ask tables/next)"},
    "invites": {"type": "array", "description": "to the creator of a table with friends: one per friend's seat",
                "items": _object({"seat": {"type": "integer"}, "code": {"type": "string"},
                                  "url": {"type": "string", "description": "the page that seats whoever opens it"}})},
}


def _review(game_id: str) -> dict:
    step = _step(game_id)
    decision = _object({
        "step": {"type": "integer", "minimum": 1}, "move": _ref(f"{game_id}.Move"), "best": _ref(f"{game_id}.Move"),
        "cost": {"type": "number", "description": "in the unit named by unit: Solo Whist tricks (a call: chips expected over"
                                                  " the sampled deals), race cards"},
        "findable": {"type": "boolean"}, "reason": {"type": "string"},
    }, {"rule": {"type": ["string", "null"], "description": "the rules page's section that teaches it"},
        "decisive": {"type": "boolean", "description": "the cost turned the result round (Solo Whist: the contract"
                                                        " made or beaten, or a call made in none of the sampled deals;"
                                                        " the race: a move from which the solo player would have"
                                                        " won); the summary lists these first"},
        "unit": {"type": "string", "enum": ["tricks", "cards", "chips"], "description": "the unit of cost"}})
    chance = _object({"step": {"type": "integer", "minimum": 0, "description": "0: the deal; else a draw's step"},
                      "chance": {"type": "number", "minimum": 0, "maximum": 1,
                                 "description": "every later draw blind: exact, or estimated where the game"
                                                " has too many ways to go on for an exact search"},
                      "margin": {"type": "number", "minimum": 0, "maximum": 1,
                                 "description": "0 when exact; else the half-width of the estimate's 95 %"
                                                " interval"}})
    return _object({
        "steps": {"type": "array", "items": step},
        "decisions": {"type": "array", "items": decision},
        "summary": {"type": "array", "items": {"type": "integer", "minimum": 0}},
    }, {"start": _ref(f"{game_id}.Position"), "seat": {"type": "integer"}, "judged": {"type": "boolean"},
        "unjudged": {"type": "array", "items": {"type": "integer", "minimum": 1},
                     "description": "the steps of the reader's decisions the engine could not judge within the"
                                    " request's bound on work"},
        "odds": {"type": "array", "items": chance,
                 "description": "in a game of chance (Old Maid), the reader's chance of ending with the queen at the"
                                " deal and after every draw; empty in the other games"}})


_TABLE = {"table": {"type": "string", "description": "the seat's key, from an earlier answer"}}
_TABLE_ERRORS = {
    "400": _json(_ref("Error"), "Malformed JSON or body, or a seat's key this server did not make"),
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
    options["seats"] = {"type": "array", "items": {"enum": ["me", "friend", "computer"]},
                        "minItems": engine.PLAYERS[0], "maxItems": engine.PLAYERS[1],
                        "description": "a table with friends: one entry per seat, \"me\" once, at least one \"friend\""}
    options["name"] = {"type": "string", "maxLength": MAX_NAME, "description": "at a table with friends, the"
                       " creator's name"}
    answer = _table_answer(game_id)
    paths = {
        f"/api/v1/{game_id}/tables": _table_post(
            "A new table against the computer, or with friends (seats), dealt by the server (no seed)",
            _object({}, options, closed=True),
            answer, 201),
        f"/api/v1/{game_id}/tables/move": _table_post(
            "The reader's move, then the computer players' until the reader must act",
            _object({**_TABLE, "move": _ref(f"{game_id}.Move")},
                    {"version": {"type": "integer", "minimum": 0, "description": "the table's version the move was"
                                 " chosen at: another is refused with 409 stale_table"}}), answer, 200, 409, 422),
        f"/api/v1/{game_id}/tables/hint": _table_post(
            "The move the computer would make in the reader's seat, and why",
            _object(_TABLE), _object({"move": _ref(f"{game_id}.Move"), "reason": {"type": "string"}},
                                     {"table": {"type": "string", "description": "the seat's key"},
                                      "help": {"type": "object", "description": "the help counted, this hint included",
                                               "properties": {"hints": {"type": "integer"},
                                                              "undos": {"type": "integer"}}}}),
            200, 422),
        f"/api/v1/{game_id}/tables/review": _table_post(
            "The finished game face up, step by step, and the engine's judgement of the reader's decisions",
            _object(_TABLE), _review(game_id), 200, 409, 422),
        f"/api/v1/{game_id}/tables/undo": _table_post(
            "The table as it was before the reader's last move, counting the undo", _object(_TABLE), answer, 200, 422),
        f"/api/v1/{game_id}/tables/again": _table_post(
            "The same deal as a practice table, once it is over: the same cards to the same seats (no seed); with a"
            " step, played as it was up to the reader's decision there; asked again, the same practice table",
            _object(_TABLE, {"step": {"type": "integer", "minimum": 1,
                                      "description": "a step of the review at which the reader moved"}}, closed=True),
            answer, 201, 409, 422),
    }
    key = {"name": "table", "in": "query", "required": True, "schema": {"type": "string"},
           "description": "the seat's key"}
    state = _get("The table as the seat sees it now: after a reload, or on another device", answer, 400,
                 parameters=(key,))
    state["get"]["responses"].update(_TABLE_ERRORS)
    paths[f"/api/v1/{game_id}/tables/state"] = state
    paths[f"/api/v1/{game_id}/tables/next"] = _table_post(
        "The session's next deal, once this one is over: the same seats, the dealer moving on; asked again,"
        " the same next table",
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
    }, {"prompt": {"type": "string", "description": "at a step where the reader decides: what the coach asks"
                   " before the move, naming no card, bid or column of the answer"}})
    lesson = _object({
        "id": {"type": "string"}, "game": {"const": game_id}, "title": {"type": "string"}, "caption": {"type": "string"},
        "start": _ref(f"{game_id}.Position"), "steps": {"type": "array", "items": step},
    })
    body = _object({"step": {"type": "integer", "description": "the step at which the reader decides"},
                    "move": _ref(f"{game_id}.Move")},
                   {"attempt": {"type": "integer", "minimum": 1, "default": 1,
                                "description": "which try at this step this is: from the second wrong one the"
                                " message gives the lesson's move and why"}})
    verdict = _object({"correct": {"type": "boolean"},
                       "message": {"type": "string", "description": "a word on a right move; on a wrong first try a"
                                   " nudge toward what to look at, on a later one the answer and why"}})
    return {
        f"/api/v1/lessons/{game_id}": _get(
            "The game's lesson: a whole guided game, each position computed by the engine", lesson),
        f"/api/v1/lessons/{game_id}/check": _post(
            "Whether the reader's try at one of the lesson's decisions is right: a nudge first, then the answer",
            body, verdict, 422),
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


def _scoring(game_id: str, engine) -> dict:
    data = engine.scoring_data()
    if data is None:
        return {}
    return {f"/api/v1/{game_id}/scoring": _get(
        "How a deal at a real table is settled, as data computed by the engine, for the score pads (Solo Whist:"
        " each contract made and failed with the chips of bidder, partner and each defender, negative when paid;"
        " Old Maid: the loss a game's loser notes and how places are shared; the race: how a mutual block is"
        " counted)", schema_of(data))}


def schema_of(value: object) -> dict:
    """The JSON Schema of a value the engine computes, so that the document cannot drift from the data: the
    union of its items' schemas for a list, every key required for an object."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, str):
        return {"type": "string"}
    if isinstance(value, list):
        items: list[dict] = []
        for item in map(schema_of, value):
            if item not in items:
                items.append(item)
        return {"type": "array", "items": items[0] if len(items) == 1 else {"anyOf": items}}
    assert isinstance(value, dict)
    return _object({key: schema_of(item) for key, item in value.items()}, closed=True)


def _friends(game_id: str, engine) -> dict:
    answer = _table_answer(game_id)
    key = {"name": "table", "in": "query", "required": True, "schema": {"type": "string"},
           "description": "the seat's key"}
    after = {"name": "after", "in": "query", "required": False, "schema": {"type": "string", "pattern": "^[0-9]+$"},
             "description": "the version the seat has: the stream starts after it (Last-Event-ID, if sent, wins)"}
    events = {"get": {
        "summary": "Every change at the table, as server-sent events: one data line per change, the seat's Table"
                   " (its events those since the last sent, and told: them in the seat's language), id the version;"
                   " a comment line at least every 15 seconds",
        "parameters": [key, after, LANG_PARAMETER],
        "responses": {"200": {"description": "text/event-stream",
                              "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                      **_errors(400, 404), **_TABLE_ERRORS},
    }}
    return {
        f"/api/v1/{game_id}/tables/join": _table_post(
            "A friend's seat taken with an invitation code and a name: the seat's Table and key",
            _object({"invite": {"type": "string"}, "name": {"type": "string", "maxLength": MAX_NAME}}, closed=True),
            answer, 201, 404, 409),
        f"/api/v1/{game_id}/tables/leave": _table_post(
            "The seat left to the computer until its key is used again", _object(_TABLE), answer, 200, 409),
        f"/api/v1/{game_id}/tables/events": events,
    }


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


GAME_ENDPOINTS: tuple[Callable[[str, object], dict], ...] = (
    _new, _legal, _apply, _tables, _friends, _lessons, _analysis, _scoring)
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

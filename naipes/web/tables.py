"""Playing against the computer: ``/api/v1/{game}/tables``, exactly as ``shared/API.md`` specifies it.

The adaptor of ``naipes.tables`` to HTTP: each route reads the request's JSON, opens
the table its token carries (``naipes.tables.seal``), asks the table, and answers
what the reader's seat may see, with the table sealed again; a table's refusal
becomes the API's error in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Blueprint, current_app, jsonify
from flask_babel import gettext

from .. import tables
from ..engine.contract import Rules
from ..engine.errors import EngineError
from ..engine.events import Event
from ..engine.review import Judgement, summary
from ..tables import Table
from ..tables.errors import ExpiredTable, GameNotOver, InvalidSeating, InvalidTable
from ..tables.seal import DEFAULT_LIFETIME, TableSeal
from . import pool
from .json_io import (ApiError, api_error_from_engine, as_sentence, json_body, known_game, required,
                      translated)
from .narration import narrate

bp = Blueprint("tables", __name__, url_prefix="/api/v1")

_STATUS = ((InvalidTable, 400), (InvalidSeating, 400), (GameNotOver, 409), (ExpiredTable, 410))
"""The tables' refusals that are not a move refused now (422, as the engine's ``IllegalMove``)."""

T = TypeVar("T")


def table_seal() -> TableSeal:
    """The app's seal, made once for its ``SECRET_KEY`` and ``TABLE_LIFETIME``."""
    key = current_app.config.get("SECRET_KEY")
    if not key:
        raise RuntimeError("tables need the app's SECRET_KEY")
    settings = (key, int(current_app.config.get("TABLE_LIFETIME", DEFAULT_LIFETIME)))
    cache = current_app.extensions.setdefault("naipes_table_seal", {})
    if settings not in cache:
        cache.clear()
        cache[settings] = TableSeal(*settings)
    return cache[settings]


def _refusal(error: EngineError) -> ApiError:
    for kind, status in _STATUS:
        if isinstance(error, kind):
            return ApiError(status, error.code, translated(error.message, error.params))
    return api_error_from_engine(error)


def _asked(request: Callable[..., T], *args: object) -> T:
    """``request(*args)`` of a table, with its refusal turned into the ``ApiError`` that answers it."""
    try:
        return request(*args)
    except EngineError as error:
        raise _refusal(error) from None


def opened_table(game: Rules, data: dict) -> Table:
    """The table the body's token holds: 400 ``invalid_table`` or 410 ``table_expired`` if it cannot be played."""
    return _asked(table_seal().opened, required(data, "table"), game)


def _answer(table: Table, events: list[Event]) -> dict:
    """The API's ``Table``: the token and what the reader's seat may see, nothing else."""
    return {"table": table_seal().keep(table), **table.seen(events)}


def _dealing_body(allowed: frozenset[str]) -> dict:
    """The body of a request that deals a table, with only ``allowed`` fields: the server deals,
    so a "seed" is refused by name, before any other unknown field."""
    data = json_body()
    if "seed" in data:
        raise ApiError(400, "seed_not_allowed", gettext(
            "A table is dealt by the server: it takes no “seed”."))
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ApiError(400, "invalid_body", gettext("Unknown field: “%(field)s”.", field=unknown[0][:40]))
    return data


@bp.post("/<game_id>/tables")
def create(game_id: str):
    game = known_game(game_id)
    options = _dealing_body(tables.new_table_fields(game))
    return jsonify(_answer(*_asked(pool.run, tables.deal, game, options))), 201


@bp.post("/<game_id>/tables/move")
def move(game_id: str):
    game = known_game(game_id)
    data = json_body()
    table = opened_table(game, data)
    return jsonify(_answer(*_asked(pool.run, tables.move, table, required(data, "move"))))


@bp.post("/<game_id>/tables/hint")
def hint(game_id: str):
    table, choice = _asked(pool.run, tables.hint, opened_table(known_game(game_id), json_body()))
    return jsonify({"move": choice.move.to_json(), "reason": translated(choice.reason.message, choice.reason.params),
                    "table": table_seal().keep(table)})


@bp.post("/<game_id>/tables/tick")
def tick(game_id: str):
    game = known_game(game_id)
    if not game.realtime:
        raise ApiError(404, "not_found", gettext(
            "Only the race has ticks: in this game the computer players move after you."))
    return jsonify(_answer(*_asked(pool.run, tables.tick, opened_table(game, json_body()))))


def _judged(judgement: Judgement) -> dict:
    reason = as_sentence(translated(judgement.reason, judgement.params))
    if judgement.advice is not None:
        reason += " " + as_sentence(translated(judgement.advice, judgement.advice_params))
    return {"step": judgement.step, "move": judgement.move.to_json(), "best": judgement.best.to_json(),
            "cost": judgement.cost, "findable": judgement.findable, "reason": reason, "rule": judgement.rule,
            "decisive": judgement.decisive}


def review_of(table: Table) -> dict:
    """The API's ``Review`` of a finished table: every step face up, the reader's judged decisions, the summary,
    and the steps of the reader's decisions the engine could not judge within the request's work."""
    game = table.game
    played, reviewed = _asked(pool.run, tables.review, table)
    steps = [
        {"move": move.to_json(), "position": position.to_json(), "events": [event.to_json() for event in events],
         "caption": " ".join(text for text in (narrate(game.ID, event.to_json(), table.seat) for event in events) if text)}
        for move, position, events in zip(played.moves, played.positions, played.events)
    ]
    return {"start": played.start.to_json(), "seat": table.seat, "judged": game.judges, "help": table.help,
            "steps": steps, "decisions": [_judged(judgement) for judgement in reviewed.judgements],
            "summary": summary(reviewed.judgements), "unjudged": list(reviewed.unjudged)}


@bp.post("/<game_id>/tables/review")
def review(game_id: str):
    return jsonify(review_of(opened_table(known_game(game_id), json_body())))


@bp.post("/<game_id>/tables/again")
def again(game_id: str):
    """The same deal as a new table: the same cards to the same seats, re-sealed from the table's own record."""
    game = known_game(game_id)
    table = opened_table(game, _dealing_body(frozenset({"table"})))
    return jsonify(_answer(*_asked(pool.run, tables.again, table))), 201


@bp.post("/<game_id>/tables/next")
def next_deal(game_id: str):
    """The session's next deal: the same seats and level, the dealer moving on, the finished deal scored."""
    return jsonify(_answer(*_asked(pool.run, tables.next_deal, opened_table(known_game(game_id), json_body())))), 201


@bp.post("/<game_id>/tables/undo")
def undo(game_id: str):
    """The table as it was before the reader's last move, replayed from its record, counting the undo."""
    return jsonify(_answer(_asked(pool.run, tables.undo, opened_table(known_game(game_id), json_body())), []))

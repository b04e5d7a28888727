"""Playing against the computer: ``/api/v1/{game}/tables``, exactly as ``shared/API.md`` specifies it.

The adaptor of ``naipes.tables`` to HTTP. Each route has the same three steps: load the table
the body's seat key opens (``naipes.tables.store``), compute the table after the request (the
pure functions of ``naipes.tables``), and store it, in one transaction that checks the version
it was loaded at; the answer is what the seat may see, with the seat's key. A table's refusal
becomes the API's error in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TypeVar

from flask import Blueprint, Flask, current_app, jsonify, request
from flask_babel import gettext

from .. import tables
from ..engine.contract import Rules
from ..engine.errors import EngineError
from ..engine.events import Event
from ..engine.review import Judgement, summary
from ..tables import Table
from ..tables.errors import ExpiredTable, GameNotOver, InvalidSeating, InvalidTable, StaleTable
from ..tables.friends import InvalidName
from ..tables.gathering import SeatTaken, UnknownInvite
from ..tables.store import DEFAULT_LIFETIME, Kept, TableStore, sqlite_url
from . import pool, seating
from .i18n import current_language
from .json_io import (ApiError, api_error_from_engine, as_sentence, json_body, known_game, required,
                      translated)
from .narration import narrate

bp = Blueprint("tables", __name__, url_prefix="/api/v1")

_STATUS = ((InvalidTable, 400), (InvalidSeating, 400), (InvalidName, 400), (GameNotOver, 409), (StaleTable, 409),
           (SeatTaken, 409), (UnknownInvite, 404), (ExpiredTable, 410))
"""The tables' refusals that are not a move refused now (422, as the engine's ``IllegalMove``)."""

T = TypeVar("T")


def open_store(app: Flask) -> TableStore:
    """The app's table store (``DATABASE_URL``, else SQLite in the instance folder), its schema
    migrated: made once, when the app starts."""
    url = app.config.get("DATABASE_URL") or sqlite_url(app.instance_path)
    if url.startswith("sqlite:///"):
        app.config.setdefault("DATABASE_URL", url)
    store = TableStore(url, int(app.config.get("TABLE_LIFETIME", DEFAULT_LIFETIME)))
    store.migrate()
    app.extensions["naipes_tables"] = store
    return store


def table_store() -> TableStore:
    return current_app.extensions["naipes_tables"]


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


def loaded(game: Rules, key: object, returning: bool = True) -> Kept:
    """The table the seat's key opens: 400 ``invalid_table`` or 410 ``table_expired`` if it cannot be played.
    At a table with friends, with the people at it (the seat back at it if it had left, unless not
    ``returning``), and a move made for a person whose turn's time has run out."""
    store = table_store()
    kept = seating.with_people(store, _asked(store.open, key, game), returning)
    return seating.on_time(store, kept, game)


def opened_table(game: Rules, data: dict) -> Table:
    """The table the body's seat key (``table``) opens, as its seat sees it."""
    return loaded(game, required(data, "table")).table


def _answer(kept: Kept, events: list[Event]) -> dict:
    """The API's ``Table``: the seat's key, the version, and what the seat may see, nothing else."""
    return {"table": kept.key, "version": kept.version, **kept.table.seen(events),
            **seating.seats_part(table_store(), kept), **seating.clock_part(kept)}


def _alone(kept: Kept) -> Kept:
    """``kept``, a table of one reader: what only such a table offers (undo, the same deal again, the race's
    computer moving when the page asks) is refused at a table with friends (409 ``friends_table``)."""
    if kept.friends:
        raise ApiError(409, "friends_table", gettext(
            "At a table with friends moves are not taken back, a deal is not played again, and nobody moves for"
            " another player."))
    return kept


def _stored(kept: Kept, turn: tuple[Table, list[Event]], moved: bool = True) -> dict:
    """The table after a request kept in place of ``kept`` (409 ``stale_table`` if it changed in
    between), and the answer."""
    table, events = turn
    saved = _asked(table_store().save, kept, table, events, moved)
    return _answer(seating.after_change(table_store(), saved) if moved else saved, events)


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


def _version(data: dict) -> int | None:
    version = data.get("version")
    if version is not None and (type(version) is not int or version < 0):
        raise ApiError(400, "invalid_body", gettext("“%(field)s” must be a whole number.", field="version"))
    return version


@bp.post("/<game_id>/tables")
def create(game_id: str):
    game = known_game(game_id)
    options = _dealing_body(tables.new_table_fields(game) | {"seats", "name"})
    if "seats" in options:
        kept, events, invites = _asked(seating.create, table_store(), game, options, current_language())
        return jsonify({**_answer(kept, events), "invites": invites}), 201
    if "name" in options:
        raise ApiError(400, "invalid_body", gettext("Unknown field: “%(field)s”.", field="name"))
    table, events = _asked(pool.run, tables.deal, game, options)
    return jsonify(_answer(table_store().create(table, events), events)), 201


@bp.get("/<game_id>/tables/state")
def state(game_id: str):
    """The table as the seat sees it now, after a reload or on another device, with the events since the
    seat was last answered (moves it was not answered for). Never kept by a cache: the next move changes
    it, and it is one seat's alone."""
    kept = loaded(known_game(game_id), request.args.get("table"))
    response = jsonify(_answer(kept, table_store().events_since(kept, kept.seen)))
    response.cache_control.no_store = True
    return response


@bp.post("/<game_id>/tables/move")
def move(game_id: str):
    game = known_game(game_id)
    data = json_body()
    kept = loaded(game, required(data, "table"))
    version = _version(data)
    if version is not None and version != kept.version:
        raise _refusal(StaleTable())
    return jsonify(_stored(kept, _asked(pool.run, tables.move, kept.table, required(data, "move"))))


@bp.post("/<game_id>/tables/hint")
def hint(game_id: str):
    kept = loaded(known_game(game_id), required(json_body(), "table"))
    table, choice = _asked(pool.run, tables.hint, kept.table)
    kept = _asked(table_store().save, kept, table, [], False)
    return jsonify({"move": choice.move.to_json(), "reason": translated(choice.reason.message, choice.reason.params),
                    "table": kept.key, "help": table.help})


@bp.post("/<game_id>/tables/tick")
def tick(game_id: str):
    game = known_game(game_id)
    if not game.realtime:
        raise ApiError(404, "not_found", gettext(
            "Only the race has ticks: in this game the computer players move after you."))
    kept = _alone(loaded(game, required(json_body(), "table")))
    return jsonify(_stored(kept, _asked(pool.run, tables.tick, kept.table)))


def _judged(game: Rules, judgement: Judgement) -> dict:
    reason = as_sentence(translated(judgement.reason, judgement.params))
    if judgement.advice is not None:
        reason += " " + as_sentence(translated(judgement.advice, judgement.advice_params))
    return {"step": judgement.step, "move": judgement.move.to_json(), "best": judgement.best.to_json(),
            "cost": judgement.cost, "findable": judgement.findable, "reason": reason, "rule": judgement.rule,
            "decisive": judgement.decisive, "unit": judgement.unit or game.review_unit}


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
            "steps": steps, "decisions": [_judged(game, judgement) for judgement in reviewed.judgements],
            "summary": summary(reviewed.judgements), "unjudged": list(reviewed.unjudged),
            "odds": [{"step": chance.step, "chance": chance.chance, "margin": chance.margin} for chance in reviewed.odds]}


@bp.post("/<game_id>/tables/review")
def review(game_id: str):
    return jsonify(review_of(opened_table(known_game(game_id), json_body())))


def _made_from(game: Rules, data: dict, purpose: str, make: Callable[[Table], tuple[Table, list[Event]]],
               same_expiry: bool):
    """The table ``purpose`` makes from the body's table, made once: asked again, the same table."""
    kept = loaded(game, required(data, "table"))
    if kept.friends and purpose == "next":
        made, events = seating.next_deal(table_store(), kept, game, lambda: _asked(pool.run, make, kept.table))
        return jsonify(_answer(made, events)), 201
    made, events, _ = _asked(table_store().made_from, _alone(kept), purpose,
                             lambda: _asked(pool.run, make, kept.table), game,
                             kept.expires if same_expiry else None)
    return jsonify(_answer(made, events)), 201


@bp.post("/<game_id>/tables/again")
def again(game_id: str):
    """The same deal as a practice table, closing when the table it repeats closes; with a ``step``, played
    as it was up to the reader's decision at that step of the review."""
    game = known_game(game_id)
    data = _dealing_body(frozenset({"table", "step"}))
    if "step" in data:
        step = data["step"]
        return _made_from(game, data, f"again-from-{step}", partial(tables.again_from, step=step), True)
    return _made_from(game, data, "again", tables.again, True)


@bp.post("/<game_id>/tables/next")
def next_deal(game_id: str):
    """The session's next deal: one per finished deal, the same seats and level, the finished deal scored."""
    return _made_from(known_game(game_id), json_body(), "next", tables.next_deal, False)


@bp.post("/<game_id>/tables/undo")
def undo(game_id: str):
    """The table as it was before the reader's last move, replayed from its record, counting the undo."""
    kept = _alone(loaded(known_game(game_id), required(json_body(), "table")))
    return jsonify(_stored(kept, (_asked(pool.run, tables.undo, kept.table), [])))

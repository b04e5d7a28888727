"""Playing against the computer: ``/api/v1/{game}/tables``, exactly as ``shared/API.md`` specifies it.

A table is dealt here from ``secrets`` and sealed into a token (``table_seal``);
nothing is kept on the server. Every answer holds only what the reader's seat
may see: the engine's view of the position, the events masked for that seat,
and the reader's own legal moves. The computer seats are moved by the table
driver (``naipes.players.table``), each from its own view.
"""

from __future__ import annotations

import random
import secrets
import time

from flask import Blueprint, jsonify
from flask_babel import gettext

from ..engine.decode import is_whole_number
from ..engine.errors import EngineError, N_
from ..engine.events import Event
from ..engine.contract import PositionLike, Rules
from ..games import GAMES
from ..players.table import choose, moves_for, play, settle, tick
from .json_io import ApiError, api_error_from_engine, engine_call, json_body, required, translated
from .table_seal import ExpiredTable, InvalidTable, Sealed, lifetime, open_table, seal

bp = Blueprint("tables", __name__, url_prefix="/api/v1")

_CREATE_FIELDS = frozenset({"seat", "level", "players"})


class Table:
    """An opened table: its game, position, the reader's seat and level, and when it was dealt."""

    def __init__(self, game: Rules, position: PositionLike, seat: int, level: str, created: int) -> None:
        self.game, self.position, self.seat, self.level, self.created = game, position, seat, level, created

    def answer(self, events) -> dict:
        """The API's ``Table``: the token and what the reader's seat may see, nothing else."""
        game, position, seat = self.game, self.position, self.seat
        sealed = Sealed(game.ID, position.to_json(), seat, self.level, self.created)
        return {
            "table": seal(sealed),
            "seat": seat,
            "level": self.level,
            "view": game.view(position, seat).to_json(),
            "events": [game.event_seen_by(event, seat).to_json() for event in events],
            "moves": [move.to_json() for move in moves_for(game, position, seat)],
            "over": position.is_over,
        }


def _rng() -> random.Random:
    """The computer players' dice, fresh from the operating system's randomness for every request."""
    return random.Random(secrets.randbits(128))


def _table_game(game_id: str) -> Rules:
    game = GAMES.get(game_id)
    if game is None:
        raise ApiError(404, "unknown_game", gettext("There is no game called “%(game)s”.", game=game_id[:40]))
    return game


def opened_table(game: Rules, data: dict) -> Table:
    """The table the body's token holds: 400 ``invalid_table`` or 410 ``table_expired`` if it cannot be played."""
    token = required(data, "table")
    try:
        sealed = open_table(token, game.ID)
        position = game.Position.from_json(sealed.position)
        if not 0 <= sealed.seat < game.seats(position) or sealed.level not in game.levels:
            raise InvalidTable
    except ExpiredTable:
        days = lifetime() // (24 * 3600)
        raise ApiError(410, "table_expired", gettext(
            "This table was dealt more than %(days)s days ago and has closed: start a new game.", days=days)) from None
    except (InvalidTable, EngineError):
        raise ApiError(400, "invalid_table", gettext(
            "This table cannot be opened: the token was changed or was not made here. Start a new game.")) from None
    return Table(game, position, sealed.seat, sealed.level, sealed.created)


@bp.post("/<game_id>/tables")
def create(game_id: str):
    game = _table_game(game_id)
    options = json_body()
    if "seed" in options:
        raise ApiError(400, "seed_not_allowed", gettext(
            "A table is dealt by the server: it takes no “seed”."))
    allowed = _CREATE_FIELDS if "players" in game.NEW_GAME_OPTIONS else _CREATE_FIELDS - {"players"}
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ApiError(400, "invalid_body", gettext("Unknown field: “%(field)s”.", field=unknown[0][:40]))
    level = options.get("level", game.levels[0])
    if not isinstance(level, str) or level not in game.levels:
        raise ApiError(400, "invalid_level", gettext(
            "The level must be one of: %(levels)s.", levels=", ".join(game.levels)))
    deal_options = {"players": options["players"]} if "players" in options else {}
    position = engine_call(game.new_game, secrets.randbits(128), **deal_options)
    seat = options.get("seat", 0)
    if not is_whole_number(seat) or not 0 <= seat < game.seats(position):
        raise ApiError(400, "invalid_seat", gettext(
            "The seat must be a player number from 0 to %(last)s.", last=game.seats(position) - 1))
    events: list[Event] = []
    if not game.realtime:
        position, events = settle(game, position, seat, level, _rng())
    return jsonify(Table(game, position, seat, level, int(time.time())).answer(events)), 201


@bp.post("/<game_id>/tables/move")
def move(game_id: str):
    game = _table_game(game_id)
    data = json_body()
    table = opened_table(game, data)
    chosen = engine_call(game.move_from_json, required(data, "move"))
    if chosen.player != table.seat:
        raise _not_your_turn(table)
    rng = _rng()
    try:
        position, events = play(game, table.position, table.seat, chosen, rng)
    except EngineError as error:
        if not table.position.is_over and not moves_for(game, table.position, table.seat):
            raise _not_your_turn(table) from None
        raise api_error_from_engine(error) from None
    if not game.realtime:
        position, more = settle(game, position, table.seat, table.level, rng)
        events += more
    table.position = position
    return jsonify(table.answer(events))


def _not_your_turn(table: Table) -> ApiError:
    return ApiError(422, "not_your_turn", translated(
        N_("You play as %(player)s: wait for your turn, and move only your own cards"), {"player": table.seat}))


@bp.post("/<game_id>/tables/hint")
def hint(game_id: str):
    game = _table_game(game_id)
    table = opened_table(game, json_body())
    if table.position.is_over:
        raise ApiError(422, "game_over", gettext("The game is over: start a new one."))
    if not moves_for(game, table.position, table.seat):
        raise _not_your_turn(table)
    choice = choose(game, table.position, table.seat, _rng(), game.levels[-1])
    return jsonify({"move": choice.move.to_json(), "reason": translated(choice.reason.message, choice.reason.params)})


@bp.post("/<game_id>/tables/tick")
def tick_(game_id: str):
    game = _table_game(game_id)
    if not game.realtime:
        raise ApiError(404, "not_found", gettext(
            "Only the race has ticks: in this game the computer players move after you."))
    table = opened_table(game, json_body())
    table.position, events = tick(game, table.position, table.seat, table.level, _rng())
    return jsonify(table.answer(events))

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
from dataclasses import replace

from flask import Blueprint, jsonify
from flask_babel import gettext

from ..engine.decode import is_whole_number
from ..engine.errors import EngineError, N_
from ..engine.events import Event
from ..engine.review import Judgement, dice_for, summary
from ..engine.contract import PositionLike, Rules
from ..games import GAMES
from ..players.record import Record, RecordError, Replayed, replay
from ..players.session import Session
from ..players.table import choose, moves_for, play, settle, tick
from .json_io import ApiError, api_error_from_engine, as_sentence, engine_call, json_body, required, translated
from .narration import narrate
from .table_seal import ExpiredTable, InvalidTable, Sealed, lifetime, open_table, seal

bp = Blueprint("tables", __name__, url_prefix="/api/v1")

_CREATE_FIELDS = frozenset({"seat", "level", "players"})


class Table:
    """An opened table: its game, position, the reader's seat and level, when it was dealt, its record,
    and its session's deals before this one."""

    def __init__(self, game: Rules, position: PositionLike, seat: int, level: str, created: int,
                 record: Record | None = None, session: Session | None = None) -> None:
        self.game, self.position, self.seat, self.level, self.created = game, position, seat, level, created
        self.record = record
        self.session = session or Session.start(game.scoring, game.seats(position))

    def went_on(self, position: PositionLike, moves: list) -> None:
        """The table after ``moves``, made from the position it had, reached ``position``."""
        if self.record is not None:
            self.record = self.record.extended(self.game, self.position, moves)
        self.position = position

    def token(self) -> str:
        sealed = Sealed(self.game.ID, self.position.to_json(), self.seat, self.level, self.created,
                        record=None if self.record is None else self.record.to_json(),
                        session=self.session.to_json())
        return seal(sealed)

    def answer(self, events) -> dict:
        """The API's ``Table``: the token and what the reader's seat may see, nothing else."""
        game, position, seat = self.game, self.position, self.seat
        return {
            "table": self.token(),
            "seat": seat,
            "level": self.level,
            "view": game.view(position, seat).to_json(),
            "events": [game.event_seen_by(event, seat).to_json() for event in events],
            "moves": [move.to_json() for move in moves_for(game, position, seat)],
            "over": position.is_over,
            "help": None if self.record is None else {"hints": self.record.hints, "undos": self.record.undos},
            "session": self.session.shown(game.scoring, position, seat),
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
        session = Session.from_json(sealed.session, game.scoring, game.seats(position))
    except ExpiredTable:
        days = lifetime() // (24 * 3600)
        raise ApiError(410, "table_expired", gettext(
            "This table was dealt more than %(days)s days ago and has closed: start a new game.", days=days)) from None
    except (InvalidTable, EngineError, ValueError):
        raise ApiError(400, "invalid_table", gettext(
            "This table cannot be opened: the token was changed or was not made here. Start a new game.")) from None
    return Table(game, position, sealed.seat, sealed.level, sealed.created, Record.from_json(sealed.record), session)


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
    game = _table_game(game_id)
    options = _dealing_body(_CREATE_FIELDS if "players" in game.NEW_GAME_OPTIONS else _CREATE_FIELDS - {"players"})
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
    return jsonify(_dealt(game, position, seat, level)), 201


def _dealt(game: Rules, position: PositionLike, seat: int, level: str, session: Session | None = None) -> dict:
    """A new table of ``position`` as dealt: the computers move until the reader must, the deal recorded.

    ``session`` is the deals played before this one (a new session if none).
    """
    table = Table(game, position, seat, level, int(time.time()), Record(position.to_json()), session)
    events: list[Event] = []
    if not game.realtime:
        moves: list = []
        position, events = settle(game, position, seat, level, _rng(), moves)
        table.went_on(position, moves)
    return table.answer(events)


@bp.post("/<game_id>/tables/move")
def move(game_id: str):
    game = _table_game(game_id)
    data = json_body()
    table = opened_table(game, data)
    chosen = engine_call(game.move_from_json, required(data, "move"))
    if chosen.player != table.seat:
        raise _not_your_turn(table)
    rng = _rng()
    moves: list = []
    try:
        position, events = play(game, table.position, table.seat, chosen, rng, moves)
    except EngineError as error:
        if not table.position.is_over and not moves_for(game, table.position, table.seat):
            raise _not_your_turn(table) from None
        raise api_error_from_engine(error) from None
    if not game.realtime:
        position, more = settle(game, position, table.seat, table.level, rng, moves)
        events += more
    table.went_on(position, moves)
    return jsonify(table.answer(events))


def _not_your_turn(table: Table) -> ApiError:
    return ApiError(422, "not_your_turn", translated(
        N_("You play as %(player)s: wait for your turn, and move only your own cards"), {"player": table.seat}))


def _hint_dice(game: Rules, table: Table) -> random.Random:
    """The review's dice for this decision, so that the hint and the review agree; a game too
    long for its record has no review, and its hints throw fresh dice."""
    if table.record is None or not table.record.complete:
        return _rng()
    return dice_for(game.view(table.position, table.seat).to_json(), len(table.record.moves))


@bp.post("/<game_id>/tables/hint")
def hint(game_id: str):
    game = _table_game(game_id)
    table = opened_table(game, json_body())
    if table.position.is_over:
        raise ApiError(422, "game_over", gettext("The game is over: start a new one."))
    if not moves_for(game, table.position, table.seat):
        raise _not_your_turn(table)
    choice = choose(game, table.position, table.seat, _hint_dice(game, table), game.levels[-1])
    if table.record is not None:
        table.record = replace(table.record, hints=table.record.hints + 1)
    return jsonify({"move": choice.move.to_json(), "reason": translated(choice.reason.message, choice.reason.params),
                    "table": table.token()})


@bp.post("/<game_id>/tables/tick")
def tick_(game_id: str):
    game = _table_game(game_id)
    if not game.realtime:
        raise ApiError(404, "not_found", gettext(
            "Only the race has ticks: in this game the computer players move after you."))
    table = opened_table(game, json_body())
    moves: list = []
    position, events = tick(game, table.position, table.seat, table.level, _rng(), moves)
    table.went_on(position, moves)
    return jsonify(table.answer(events))


def _replayed(table: Table) -> Replayed:
    """The table's game from its deal: 422 ``not_recorded`` for a table whose moves were not all kept."""
    try:
        if table.record is None or not table.record.complete:
            raise RecordError("no record")
        return replay(table.game, table.record)
    except RecordError:
        raise ApiError(422, "not_recorded", gettext(
            "This game's moves were not all kept (it ran too long, or was dealt before reviews): it cannot be"
            " reviewed or dealt again.")) from None


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
    played = _replayed(table)
    reviewed = game.review(played.start, played.moves, table.seat)
    steps = [
        {"move": move.to_json(), "position": position.to_json(), "events": [event.to_json() for event in events],
         "caption": " ".join(text for text in (narrate(game.ID, event.to_json(), table.seat) for event in events) if text)}
        for move, position, events in zip(played.moves, played.positions, played.events)
    ]
    help_used = None if table.record is None else {"hints": table.record.hints, "undos": table.record.undos}
    return {"start": played.start.to_json(), "seat": table.seat, "judged": game.judges, "help": help_used, "steps": steps,
            "decisions": [_judged(judgement) for judgement in reviewed.judgements],
            "summary": summary(reviewed.judgements), "unjudged": list(reviewed.unjudged)}


@bp.post("/<game_id>/tables/review")
def review(game_id: str):
    game = _table_game(game_id)
    table = opened_table(game, json_body())
    if not table.position.is_over:
        raise ApiError(409, "game_not_over", gettext("The game is not over yet: it can be reviewed once it ends."))
    return jsonify(review_of(table))


@bp.post("/<game_id>/tables/again")
def again(game_id: str):
    """The same deal as a new table: the same cards to the same seats, re-sealed from the table's own record."""
    game = _table_game(game_id)
    data = _dealing_body(frozenset({"table"}))
    table = opened_table(game, data)
    if table.record is None:
        raise ApiError(422, "not_recorded", gettext(
            "This game's moves were not all kept (it ran too long, or was dealt before reviews): it cannot be"
            " reviewed or dealt again."))
    try:
        position = game.Position.from_json(table.record.deal)
    except EngineError:
        raise ApiError(400, "invalid_table", gettext(
            "This table cannot be opened: the token was changed or was not made here. Start a new game.")) from None
    # The deal played again takes the place of the one it repeats in the session: it is counted once, when it ends.
    return jsonify(_dealt(game, position, table.seat, table.level, table.session)), 201


@bp.post("/<game_id>/tables/next")
def next_deal(game_id: str):
    """The session's next deal: the same seats and level, the dealer moving on, the finished deal scored."""
    game = _table_game(game_id)
    table = opened_table(game, json_body())
    if not table.position.is_over:
        raise ApiError(409, "game_not_over", gettext("This deal is not over yet: finish it before the next one."))
    session = table.session.after(game.scoring, table.position)
    position = engine_call(game.new_game, secrets.randbits(128), **game.scoring.next_deal(table.position))
    return jsonify(_dealt(game, position, table.seat, table.level, session)), 201


@bp.post("/<game_id>/tables/undo")
def undo(game_id: str):
    """The table as it was before the reader's last move, replayed from its record, counting the undo.

    An earlier token opens the game as it was too (API.md), but only the record knows that the reader
    went back: the end of the game says how many times.
    """
    game = _table_game(game_id)
    table = opened_table(game, json_body())
    played = _replayed(table)
    last = max((index for index, move in enumerate(played.moves) if move.player == table.seat), default=None)
    if last is None:
        raise ApiError(422, "nothing_to_undo", gettext("You have not moved yet: there is nothing to undo."))
    assert table.record is not None
    record = replace(table.record, moves=table.record.moves[:last], undos=table.record.undos + 1)
    position = played.positions[last - 1] if last else played.start
    return jsonify(Table(game, position, table.seat, table.level, table.created, record, table.session).answer([]))

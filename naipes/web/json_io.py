"""JSON in, refusals out: the one place a request's JSON body is read and an engine's
refusal becomes an HTTP error, for every route that takes JSON (the API and the
"try it" diagrams of the pages).

A refusal is an ``ApiError``: a status, a stable code and a message already in the
reader's language; ``errors.py`` answers it as ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from flask import Response, current_app, jsonify, request
from flask_babel import gettext, lazy_gettext
from werkzeug.exceptions import ClientDisconnected, RequestEntityTooLarge

from ..engine.contract import Rules
from ..engine.errors import EngineError, IllegalMove
from ..engine.sentences import Sentence
from ..games import GAMES
from .i18n import say

# The engine's account of a malformed position or move is for developers and stays in
# English, in the error's "detail" field; the reader gets a sentence in their language.
_ENGINE_MESSAGES = {
    "invalid_position": lazy_gettext("The position is not valid for this game."),
    "invalid_move": lazy_gettext("The move is not well formed."),
    "invalid_options": lazy_gettext("Those options are not allowed for this game."),
    "too_much_work": lazy_gettext("Answering would take longer than a request may: try the position a trick or"
                                  " two later."),
}


class ApiError(Exception):
    """A refusal of the API: an HTTP status, a stable code and a message already in the reader's language."""

    def __init__(self, status: int, code: str, message: str, detail: str | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.detail = status, code, message, detail


def _raw_body() -> bytes:
    """The body, at most ``MAX_CONTENT_LENGTH`` bytes, else a 413.

    A body with a ``Content-Length`` over the cap is refused before it is read; a
    chunked one has none, so werkzeug stops reading at the cap and the rest of the
    stream tells whether there was more. A client that stops sending is cut off by the
    server's read timeout (408); one that closes early sent less than it announced (400).
    """
    try:
        raw = request.get_data(cache=False)
    except ClientDisconnected as error:
        # werkzeug reports a failed read as a disconnection; the read timing out is what it hides.
        if isinstance(error.__context__, TimeoutError):
            raise _timed_out() from None
        raw = b""
    except TimeoutError:
        raise _timed_out() from None
    if request.content_length is not None and len(raw) < request.content_length:
        raise ApiError(400, "incomplete_body", gettext("The body is shorter than its Content-Length says."))
    cap = current_app.config["MAX_CONTENT_LENGTH"]
    if request.content_length is None and len(raw) >= cap and request.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()
    return raw


def _timed_out() -> ApiError:
    return ApiError(408, "request_timeout", gettext("The request took too long to arrive: send it again."))


def json_body() -> dict:
    """The request's JSON object, or a 4xx that says what is wrong with it.

    Only ``application/json`` is read: a form or ``text/plain`` post is what any web
    page may send without a CORS preflight, so it is refused (415). The body is UTF-8
    (RFC 8259 §8.1: no UTF-16 or UTF-32, no byte order mark), its keys are unique and
    its strings are text: every ``str`` the routes see can be encoded into an answer.
    """
    if request.mimetype != "application/json":
        raise ApiError(415, "unsupported_media_type", gettext("Send the body as JSON, with the header Content-Type: application/json."))
    raw = _raw_body()
    try:
        data = json.loads(raw.decode("utf-8"), object_pairs_hook=_object_without_repeated_keys)
        # A "\\udfff" escape decodes to a lone surrogate, which no answer could encode.
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError):
        raise ApiError(400, "invalid_json", gettext("The body is not valid JSON.")) from None
    if not isinstance(data, dict):
        raise ApiError(400, "invalid_body", gettext("The body must be a JSON object."))
    return data


def _object_without_repeated_keys(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object, refused if a key repeats: which of two values the client meant is anyone's guess."""
    data = dict(pairs)
    if len(data) != len(pairs):
        raise ValueError("a key is repeated")
    return data


def known_game(game_id: str) -> Rules:
    """The game an address names, or a 404 that says there is none (the name cut short: it is anyone's)."""
    game = GAMES.get(game_id)
    if game is None:
        raise ApiError(404, "unknown_game", gettext("There is no game called “%(game)s”.", game=game_id[:40]))
    return game


def required(data: dict, field: str) -> object:
    """``data[field]``, or a 400 that names the missing field."""
    if field not in data:
        raise ApiError(400, "invalid_body", gettext("The body needs a “%(field)s”.", field=field))
    return data[field]


def engine_call(function, *args, **kwargs):
    """``function(*args, **kwargs)``, with an engine's refusal turned into the ``ApiError`` that answers it."""
    try:
        return function(*args, **kwargs)
    except EngineError as error:
        raise api_error_from_engine(error) from None


def api_error_from_engine(error: EngineError) -> ApiError:
    """A move the rules forbid is 422; input that is not a position, move or option of the game is 400."""
    if isinstance(error, IllegalMove):
        return ApiError(422, error.code, engine_message(error))
    return ApiError(400, error.code, engine_message(error), detail=error.english())


def engine_message(error: EngineError) -> str:
    """The engine's refusal in the reader's language, its cards as symbols (``9♣``)."""
    if isinstance(error, IllegalMove):
        return translated(error.message, error.params)
    return str(_ENGINE_MESSAGES[error.code])


def translated(message: str, params: Mapping[str, object]) -> str:
    """An engine's (or a computer player's) English template in the reader's language, cards as symbols (``9♣``)."""
    return say(Sentence(message, params))


def as_sentence(text: str) -> str:
    """``text`` ending as a sentence does: the players' reasons are worded to stand alone as a hint's
    line, with no full stop, and a review or a lesson sets one among other sentences."""
    return text if not text or text.endswith((".", ":", "!", "?")) else text + "."


def json_error(status: int, code: str, message: str, detail: str | None = None) -> Response:
    """The API's error answer: ``{"error": {"code", "message", "detail"?}}`` with ``status``."""
    error = {"code": code, "message": str(message)}
    if detail:
        error["detail"] = detail
    response = jsonify({"error": error})
    response.status_code = status
    return response

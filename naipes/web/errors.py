"""Every failure answered kindly: JSON under /api/, a page in the reader's language elsewhere.

Nothing anyone sends may produce a 5xx: the engines raise ``EngineError``s, the
API turns them into 4xx JSON, and any other ``HTTPException`` becomes the page or
the JSON that fits the path.
"""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext, lazy_gettext
from werkzeug.exceptions import HTTPException

from ..engine.cards import Card
from ..engine.decode import is_whole_number
from ..engine.errors import EngineError, IllegalMove
from .i18n import player_name

_HTTP_MESSAGES = {
    400: ("bad_request", lazy_gettext("The request could not be understood.")),
    404: ("not_found", lazy_gettext("There is nothing here.")),
    405: ("method_not_allowed", lazy_gettext("This address does not accept that method.")),
    413: ("body_too_large", lazy_gettext("The request is too large (64 KiB at most).")),
    415: ("unsupported_media_type", lazy_gettext("Send JSON.")),
}

# The engine's account of a malformed position or move is for developers and stays in
# English, in the error's "detail" field; the reader gets a sentence in their language.
_ENGINE_MESSAGES = {
    "invalid_position": lazy_gettext("The position is not valid for this game."),
    "invalid_move": lazy_gettext("The move is not well formed."),
    "invalid_options": lazy_gettext("Those options are not allowed for this game."),
}


class ApiError(Exception):
    """A refusal of the API: an HTTP status, a stable code and a message already in the reader's language."""

    def __init__(self, status: int, code: str, message: str, detail: str | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.detail = status, code, message, detail


def _format_param(name: str, value: object) -> object:
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, (list, tuple)):
        return " ".join(str(_format_param(name, item)) for item in value)
    if is_whole_number(value) and name.endswith("player"):
        return player_name(value)
    return value


def translated(message: str, params: dict[str, object]) -> str:
    """An engine's (or a computer player's) English template in the reader's language, cards as symbols (``9♣``)."""
    return gettext(message, **{name: _format_param(name, value) for name, value in params.items()})


def engine_message(error: EngineError) -> str:
    """The engine's refusal in the reader's language, its cards as symbols (``9♣``)."""
    if isinstance(error, IllegalMove):
        return translated(error.message, error.params)
    return str(_ENGINE_MESSAGES[error.code])


def api_error_from_engine(error: EngineError) -> ApiError:
    if isinstance(error, IllegalMove):
        return ApiError(422, error.code, engine_message(error))
    return ApiError(400, error.code, engine_message(error), detail=error.english())


def wants_json() -> bool:
    return request.path.startswith("/api/")


def _json_error(status: int, code: str, message: str, detail: str | None = None):
    error = {"code": code, "message": str(message)}
    if detail:
        error["detail"] = detail
    response = jsonify({"error": error})
    response.status_code = status
    return response


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def api_error(error: ApiError):
        return _json_error(error.status, error.code, error.message, error.detail)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        status = error.code or 500
        code, message = _HTTP_MESSAGES.get(status, ("http_error", lazy_gettext("Something went wrong.")))
        if wants_json():
            return _json_error(status, code, message)
        return render_template("error.html", status=status, message=message), status

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        app.logger.exception("unexpected error")
        message = lazy_gettext("Something went wrong on our side. Please try again.")
        if wants_json():
            return _json_error(500, "internal_error", message)
        return render_template("error.html", status=500, message=message), 500

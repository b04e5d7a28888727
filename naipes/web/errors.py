"""Every failure answered kindly: JSON under /api/, a page in the reader's language elsewhere.

Nothing anyone sends may produce a 5xx: the engines raise ``EngineError``s, ``json_io``
turns them into ``ApiError``s answered here as 4xx JSON, and any other ``HTTPException``
becomes the page or the JSON that fits the path.
"""

from __future__ import annotations

from flask import Flask, Response, render_template, request
from flask_babel import force_locale
from flask_babel import lazy_gettext
from flask_limiter import RateLimitExceeded
from werkzeug.exceptions import HTTPException, SecurityError

from ..compute import Busy
from . import limits
from .i18n import DEFAULT_LANGUAGE
from .json_io import ApiError, json_error

_HTTP_MESSAGES = {
    400: ("bad_request", lazy_gettext("The request could not be understood.")),
    404: ("not_found", lazy_gettext("There is nothing here.")),
    408: ("request_timeout", lazy_gettext("The request took too long to arrive: send it again.")),
    405: ("method_not_allowed", lazy_gettext("This address does not accept that method.")),
    413: ("body_too_large", lazy_gettext("The request is too large (64 KiB at most).")),
    415: ("unsupported_media_type", lazy_gettext("Send JSON.")),
    414: ("uri_too_long", lazy_gettext("The address is too long.")),
    431: ("headers_too_large", lazy_gettext("The request's headers are too large or too many.")),
    500: ("internal_error", lazy_gettext("Something went wrong on our side. Please try again.")),
    429: ("rate_limited", lazy_gettext("You have asked a lot in a short time: wait a moment and ask again.")),
    503: ("busy", lazy_gettext("The computer players are all busy thinking: ask again in a moment.")),
}


def wants_json() -> bool:
    return request.path.startswith("/api/")


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def api_error(error: ApiError):
        return json_error(error.status, error.code, error.message, error.detail)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        status = error.code or 500
        code, message = _HTTP_MESSAGES.get(status, ("http_error", lazy_gettext("Something went wrong.")))
        # The exception's own headers matter (a 405's Allow); its Content-Type does not.
        headers = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
        if wants_json():
            response = json_error(status, code, message)
        elif isinstance(error, SecurityError):
            # A Host the site does not serve: no page of ours can link from there.
            response = Response(f"{status} {message}\n", status=status, mimetype="text/plain")
        else:
            response = Response(render_template("error.html", status=status, message=message), status=status)
        response.headers.extend(headers)
        return response

    @app.errorhandler(RateLimitExceeded)
    def over_the_share(_error: RateLimitExceeded):
        return _refusal(429, limits.retry_after())

    @app.errorhandler(Busy)
    def pool_full(error: Busy):
        return _refusal(503, error.retry_after)

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        app.logger.exception("unexpected error")
        message = _HTTP_MESSAGES[500][1]
        if wants_json():
            return json_error(500, "internal_error", message)
        return render_template("error.html", status=500, message=message), 500


def _refusal(status: int, retry_after: int) -> Response:
    """A request refused for the load, not for itself: the same request may be sent again after ``retry_after`` seconds."""
    code, message = _HTTP_MESSAGES[status]
    if wants_json():
        response = json_error(status, code, message)
    else:
        response = Response(render_template("error.html", status=status, message=message), status=status)
    response.headers["Retry-After"] = str(retry_after)
    return response


def refused_by_the_server(app: Flask, status: int) -> Response:
    """The answer to a request the HTTP server refused before the app could read it (a broken
    request line, an address or headers too long): the API's JSON error, with every header the
    site sends and never stored. Its language is the site's default: the request was not read.
    """
    code, message = _HTTP_MESSAGES.get(status, ("http_error", lazy_gettext("Something went wrong.")))
    with app.test_request_context("/api/"), force_locale(DEFAULT_LANGUAGE):
        response = app.process_response(json_error(status, code, str(message)))
    response.headers["Cache-Control"] = "no-store"
    return response

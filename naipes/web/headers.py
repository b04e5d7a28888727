"""What every answer says about itself: its security policy, how long it may be cached, its validator.

- Security: a strict CSP and friends on everything, ``Permissions-Policy`` denying every
  device the site never uses, HSTS when the request came over HTTPS (behind a proxy,
  only as many proxies as ``PROXY_COUNT`` says are believed: werkzeug's ``ProxyFix``).
- Caching: a page or a GET answer of the API is cached briefly and carries an ETag, so
  a conditional GET is a 304; POST answers are never stored. Hashed assets set their own
  year-long policy (``assets.py``). flask-compress adds the encoding to the ETag and
  ``Vary: Accept-Encoding``; ``i18n.best_language`` adds ``Vary: Accept-Language``.
- Redirects name the configured site, never the request's ``Host``.
- ``OPTIONS`` (Flask answers it for every route) is a bare 204 with its ``Allow``.
- Before the app reads a request (``RequestFixes``): a coding the client refuses with ``q=0``
  leaves ``Accept-Encoding`` (flask-compress took it as the least wanted, not as refused), and
  the ``Host`` is written as werkzeug can check it: lower case (names are case-insensitive),
  and the IPv6 loopback as ``127.0.0.1`` (werkzeug cuts a trusted name at its first colon, so
  ``[::1]`` could never match).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request
from werkzeug.middleware.proxy_fix import ProxyFix

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": (
        "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
        "microphone=(), payment=(), usb=(), interest-cohort=()"
    ),
}
HSTS = "max-age=31536000; includeSubDomains"
# Long enough to absorb a burst of readers, short enough that a new deploy shows within minutes.
SHORT_CACHE = "public, max-age=300"


def _security(response: Response) -> None:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)


def _cache_policy(response: Response) -> None:
    if request.method not in ("GET", "HEAD"):
        response.headers["Cache-Control"] = "no-store"
        return
    if (response.status_code != 200 or response.cache_control.max_age is not None or response.cache_control.no_store
            or response.is_streamed):
        return
    response.headers["Cache-Control"] = SHORT_CACHE
    if not response.get_etag()[0]:
        response.add_etag()
    response.make_conditional(request)


def _site_location(response: Response) -> None:
    """An absolute ``Location`` (Werkzeug builds one for a missing slash) re-rooted on the site's address."""
    location = response.headers.get("Location")
    if not location:
        return
    parts = urlsplit(location)
    if parts.netloc:
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        response.headers["Location"] = current_app.config["SITE_URL"] + path


def _bare_options(response: Response) -> None:
    if request.method == "OPTIONS" and response.status_code == 200 and not response.get_data():
        response.status_code = 204
        del response.headers["Content-Type"]


def _refused(coding: str) -> bool:
    """Whether one ``Accept-Encoding`` element says ``q=0``: not acceptable (RFC 9110 §12.4.2)."""
    for parameter in coding.split(";")[1:]:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "q":
            try:
                return float(value) == 0
            except ValueError:
                return False
    return False


_IPV6_LOOPBACK = "[::1]"


class RequestFixes:
    """WSGI middleware: ``Accept-Encoding`` without the refused codings, and a ``Host`` werkzeug can check."""

    def __init__(self, wsgi_app) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        accept = environ.get("HTTP_ACCEPT_ENCODING")
        if accept and "q" in accept:
            environ["HTTP_ACCEPT_ENCODING"] = ", ".join(
                coding.strip() for coding in accept.split(",") if coding.strip() and not _refused(coding))
        host = environ.get("HTTP_HOST")
        if host:
            host = host.lower()
            if host == _IPV6_LOOPBACK or host.startswith(_IPV6_LOOPBACK + ":"):
                host = "127.0.0.1" + host[len(_IPV6_LOOPBACK):]
            environ["HTTP_HOST"] = host
        return self.wsgi_app(environ, start_response)


def register(app: Flask) -> None:
    """Install the headers on ``app``. Call it after ``Compress(app)``: Flask runs after-request
    functions last-registered first, so the ETag is made here from the plain body and
    flask-compress then suffixes it with the encoding and answers the 304 itself."""
    app.wsgi_app = RequestFixes(app.wsgi_app)  # type: ignore[method-assign]
    count = app.config["PROXY_COUNT"]
    if count:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=0)  # type: ignore[method-assign]

    @app.after_request
    def every_answer(response: Response) -> Response:
        _security(response)
        _bare_options(response)
        _site_location(response)
        _cache_policy(response)
        return response

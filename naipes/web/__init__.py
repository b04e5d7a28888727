"""The web site: ``create_app()`` is the WSGI entry (``flask --app naipes.web run``)."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask_babel import Babel

from . import api, assets, pages, play, tables
from .errors import register_error_handlers
from ..content import CONTENT_DIR
from .i18n import DEFAULT_LANGUAGE, request_language, require_compiled_catalogs
from .sitedata import SiteData

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS_DIR = ROOT / "translations"

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(__name__, static_folder=None, template_folder=str(ROOT / "site" / "templates"))
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=64 * 1024,
        BABEL_DEFAULT_LOCALE=DEFAULT_LANGUAGE,
        BABEL_TRANSLATION_DIRECTORIES=str(TRANSLATIONS_DIR),
        ASSET_MAX_AGE=365 * 24 * 3600,
        STATIC_EXPORT=False,
        CONTENT_DIR=CONTENT_DIR,
        PDF_DIR=ROOT / "dist",
        JSON_SORT_KEYS=False,
    )
    if test_config:
        app.config.update(test_config)
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    app.extensions["naipes"] = SiteData.load(app.config["CONTENT_DIR"])
    require_compiled_catalogs(app.config["BABEL_TRANSLATION_DIRECTORIES"], app.extensions["naipes"].languages)
    Babel(app, locale_selector=request_language)
    app.register_blueprint(assets.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(play.bp)
    pages.register_template_helpers(app)
    play.register_template_helpers(app)
    register_error_handlers(app)

    @app.after_request
    def security_headers(response):
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    return app

"""The web site: ``create_app()`` is the WSGI entry (``flask --app naipes.web run``)."""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask
from flask.json.provider import DefaultJSONProvider
from flask_babel import Babel
from flask_compress import Compress

from . import (analysis, api, assets, friends, headers, lessons, limits, meta, offline, pages, play, puzzles, reviews,
               seating, settings, tables)
from .errors import register_error_handlers
from ..content import CONTENT_DIR
from .i18n import DEFAULT_LANGUAGE, request_language, require_compiled_catalogs
from .headers import SECURITY_HEADERS
from .sitedata import SiteData

__all__ = ["SECURITY_HEADERS", "create_app"]

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS_DIR = ROOT / "translations"

# Text that compresses well; images other than SVG and the PDFs are compressed already.
COMPRESSED_TYPES = [
    "text/html", "text/css", "text/javascript", "application/javascript", "application/json",
    "application/xml", "image/svg+xml", "text/plain",
]


def create_app(test_config: dict | None = None) -> Flask:
    """The site. Settings come from the environment (``settings.py``), then ``test_config``."""
    app = Flask(
        __name__, static_folder=None, template_folder=str(ROOT / "site" / "templates"),
        instance_path=os.environ.get("NAIPES_INSTANCE_PATH") or None,
    )
    _configure(app, test_config)
    app.extensions["naipes"] = SiteData.load(app.config["CONTENT_DIR"])
    require_compiled_catalogs(app.config["BABEL_TRANSLATION_DIRECTORIES"], app.extensions["naipes"].languages)
    Babel(app, locale_selector=request_language)
    _add_slug_converters(app, app.extensions["naipes"])
    puzzles.install(app)
    _register_blueprints(app)
    tables.open_store(app)
    seating.open_bus(app)
    friends.register(app)
    limits.register(app)
    register_error_handlers(app)
    Compress(app)
    headers.register(app)
    return app


def _configure(app: Flask, test_config: dict | None) -> None:
    """The defaults, then the environment's settings, then the tests'; a secret key made if none is set."""
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=64 * 1024,
        BABEL_DEFAULT_LOCALE=DEFAULT_LANGUAGE,
        BABEL_TRANSLATION_DIRECTORIES=str(TRANSLATIONS_DIR),
        ASSET_MAX_AGE=365 * 24 * 3600,
        STATIC_EXPORT=False,
        PAGE_CACHE=True,
        # Whether a request may run Workbox (Node.js) to write the service worker; the production
        # server's workers leave it to their master (naipes/serve.py).
        SERVICE_WORKER_WRITES=True,
        CONTENT_DIR=CONTENT_DIR,
        PDF_DIR=ROOT / "dist",
        JSON_SORT_KEYS=False,
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_MIMETYPES=COMPRESSED_TYPES,
        **settings.from_environment(os.environ),
    )
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = settings.secret_key(os.environ, app.instance_path)
    assert isinstance(app.json, DefaultJSONProvider)
    app.json.sort_keys = False
    app.json.ensure_ascii = False


def _add_slug_converters(app: Flask, site: SiteData) -> None:
    """The addresses' words in each language (``hoja``, ``glosario``, ``aprende``…) come from the content,
    so the routes accept exactly the ones it names."""
    library = site.library
    converters = app.url_map.converters
    converters["sheet_slug"] = pages.slug_converter(
        {sheet.slug for sheets in library.sheets.values() for sheet in sheets.values()}, ahead=False
    )
    converters["glossary_slug"] = pages.slug_converter({glossary.slug for glossary in library.glossaries.values()})
    converters["pad_slug"] = pages.slug_converter({words.slug for words in library.pads.values()})
    converters["offline_slug"] = pages.slug_converter({words.slug for words in library.offline.values()})
    # The review's four-part route then claims no other path (``/api/v1/old-maid/new`` is the API's).
    converters["site_lang"] = pages.slug_converter(site.languages, ahead=False)
    converters["lesson_slug"] = pages.slug_converter({words.slug for words in site.lesson_words_by_lang.values()}, ahead=False)
    with app.app_context():
        converters["analysis_slug"] = pages.slug_converter({analysis.analysis_slug(lang) for lang in site.languages}, ahead=False)
        converters["invite_slug"] = pages.slug_converter({friends.invite_slug(lang) for lang in site.languages})


def _register_blueprints(app: Flask) -> None:
    for module in (assets, meta, api, tables, pages, lessons, analysis, puzzles, play, reviews, offline, friends):
        app.register_blueprint(module.bp)
    for module in (pages, play, lessons, analysis, reviews, offline, puzzles):
        module.register_template_helpers(app)

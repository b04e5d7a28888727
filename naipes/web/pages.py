"""The reader's pages: ``/`` picks a language, ``/<lang>/`` and ``/<lang>/<game>/`` read.

A game with terms in its language's glossary has a glossary page (``/<lang>/<game>/<glossary
slug>/``: ``glosario``, ``glossario``), which its rules page links to and whose entries the first
use of each term on the rules page links to.

A game whose engine gives its settlement as data (``scoring_data``) has a score pad
(``/<lang>/<game>/<pad slug>/``: ``marcador``) for a real table, linked from its rules page and
sheet: the settlement is embedded in the page, which the browser keeps for use offline.

Each rules page has two printed forms: the quick-reference sheet for the table
(``/<lang>/<game>/<sheet slug>/``, the slug in the language: ``hoja``, ``folha``) and the
booklet (``/<lang>/<game>/sheet/``: the whole page, every example step laid out). Both
are printed to PDF by ``build.py``; the rules page gives each PDF's real page count.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from jinja2 import StrictUndefined
from flask import Blueprint, Flask, abort, current_app, redirect, render_template, request, send_from_directory, url_for
from flask_babel import gettext
from pypdf import PdfReader
from werkzeug.routing import BaseConverter

from ..engine.cards import SUITS
from ..engine.decode import is_whole_number
from ..games import GAMES
from .assets import asset_url, game_stylesheet
from .i18n import accepted_language, card_name, current_language, game_word, language_name, language_tag, player_in_text, player_name, suit_name
from .json_io import ApiError, engine_call, json_body
from .meta import absolute_url
from .sitedata import alternates, current_site

bp = Blueprint("pages", __name__)


@bp.url_value_preprocessor
def known_language(endpoint, values):
    if values and "lang" in values and values["lang"] not in current_site().languages:
        abort(404)


@bp.get("/")
def root():
    return redirect(url_for("pages.home", lang=accepted_language()))


@bp.get("/<lang>/")
def home(lang: str):
    library = current_site().library
    alternates = {other: url_for("pages.home", lang=other) for other in library.languages}
    return _rendered("home.html", home=library.homes[lang], games=library.games_in(lang), alternates=alternates)


def _rendered(template: str, **context) -> str:
    """A reading page, rendered once per process and then answered from memory.

    Such a page is a function of its address alone (content, examples and catalogs are
    loaded at start-up), and the largest takes hundreds of milliseconds to render: a
    worker that rendered it for every reader would serve a few pages a second.
    ``PAGE_CACHE`` is off in the development server, so that edits show at once.
    """
    if not current_app.config["PAGE_CACHE"]:
        return render_template(template, **context)
    pages = current_app.extensions.setdefault("naipes.rendered", {})
    if request.path not in pages:
        pages[request.path] = render_template(template, **context)
    return pages[request.path]


def reading_urls(library) -> list[str]:
    """Every reading page: each language's home, and each game's rules page, quick sheet, booklet and glossary."""
    urls = []
    for lang in library.languages:
        urls.append(f"/{lang}/")
        for page in library.games_in(lang):
            urls += [f"/{lang}/{page.slug}/", f"/{lang}/{page.slug}/{library.sheet(page).slug}/", f"/{lang}/{page.slug}/sheet/"]
            if (glossary := library.glossary(page)) is not None:
                urls.append(f"/{lang}/{page.slug}/{glossary.slug}/")
            if (pad := library.pads.get(lang)) is not None and GAMES[page.game].scoring_data() is not None:
                urls.append(f"/{lang}/{page.slug}/{pad.slug}/")
    return urls


def render_reading_pages(app: Flask) -> None:
    """Render every reading page into this process's cache, as a worker does before its first request.

    Rendering them all takes about a second of CPU: paid at start, it is not paid by the
    first readers after every start or restart, nor at a moment a client can choose.
    """
    client = app.test_client()
    for url in reading_urls(app.extensions["naipes"].library):
        response = client.get(url)
        if response.status_code != 200:
            raise RuntimeError(f"{url} does not render (HTTP {response.status_code})")


def _game_page(lang: str, slug: str):
    page = current_site().library.game(lang, slug)
    if page is None:
        abort(404)
    return page


@bp.get("/<lang>/<slug>/")
def game(lang: str, slug: str):
    page = _game_page(lang, slug)
    return _rendered("game.html", page=page, alternates=alternates(page, "pages.game"))


@bp.get("/<lang>/<slug>/sheet/")
def booklet(lang: str, slug: str):
    """The printable booklet: the whole page laid out for A4, every step drawn, every answer open."""
    page = _game_page(lang, slug)
    return _rendered("game.html", page=page, alternates=alternates(page, "pages.booklet"), sheet=True)


@bp.get("/<lang>/<slug>/<sheet_slug:part>/")
def quick_sheet(lang: str, slug: str, part: str):
    """The quick-reference sheet for the table: one A4 page (two for Solo Whist) of what players look up."""
    page = _game_page(lang, slug)
    sheet = current_site().library.sheet(page)
    if part != sheet.slug:
        abort(404)
    library = current_site().library
    return _rendered("quick_sheet.html", page=page, quick=sheet, sheet=True, alternates=alternates(
        page, lambda other: url_for("pages.quick_sheet", lang=other.lang, slug=other.slug, part=library.sheet(other).slug)))


def glossary_url(page) -> str | None:
    """The glossary page of a rules page's game, or None if its language's glossary has none of its terms."""
    glossary = current_site().library.glossary(page)
    if glossary is None:
        return None
    return url_for("pages.glossary", lang=page.lang, slug=page.slug, part=glossary.slug)


@bp.get("/<lang>/<slug>/<glossary_slug:part>/")
def glossary(lang: str, slug: str, part: str):
    """The game's terms in alphabetical order, each with its anchor and what it means in the rules."""
    page = _game_page(lang, slug)
    glossary = current_site().library.glossary(page)
    if glossary is None or part != glossary.slug:
        abort(404)
    return _rendered("glossary.html", page=page, glossary=glossary, terms=glossary.of(page.game),
                     alternates=alternates(page, glossary_url))


def pad_url(page) -> str | None:
    """The score pad of a rules page's game, or None if the game settles nothing a pad could look up."""
    pad = current_site().library.pads.get(page.lang)
    if pad is None or GAMES[page.game].scoring_data() is None:
        return None
    return url_for("pages.pad", lang=page.lang, slug=page.slug, part=pad.slug)


@bp.get("/<lang>/<slug>/<pad_slug:part>/")
def pad(lang: str, slug: str, part: str):
    """The score pad for a real table: the reader's entries stay in their browser, the settlement is the engine's."""
    page = _game_page(lang, slug)
    words = current_site().library.pads.get(lang)
    scoring = GAMES[page.game].scoring_data()
    if words is None or scoring is None or part != words.slug:
        abort(404)
    return _rendered("pad.html", page=page, pad=words, scoring=scoring, alternates=alternates(page, pad_url))


def slug_converter(slugs, ahead: bool = True) -> type[BaseConverter]:
    """A URL segment that is one of ``slugs`` (the words a page's address takes in each language, from the
    content, or the languages themselves), so that the page's route claims no other path. ``ahead``: tried
    before a route's free segment (a game's slug) where both would match the same path."""

    class Slug(BaseConverter):
        regex = "|".join(re.escape(slug) for slug in sorted(slugs)) or "(?!)"
        weight = 50 if ahead else BaseConverter.weight

    return Slug


def pdf_name(page, sheet=None) -> str:
    """``naipes-old-maid-es.pdf`` for the booklet, ``naipes-old-maid-hoja-es.pdf`` for the quick sheet."""
    return f"naipes-{page.slug}-{sheet.slug + '-' if sheet else ''}{page.lang}.pdf"


def pdf_path(page, sheet=None) -> Path:
    return Path(current_app.config["PDF_DIR"]) / page.lang / page.slug / pdf_name(page, sheet)


def pdf_pages(page, sheet=None) -> int | None:
    """How many A4 pages the built PDF has, read from the PDF itself; None until ``build.py`` has printed it."""
    path = pdf_path(page, sheet)
    try:
        return _page_count(path, path.stat().st_mtime_ns)
    except FileNotFoundError:
        return None


@lru_cache(maxsize=64)
def _page_count(path: Path, mtime_ns: int) -> int:
    return len(PdfReader(path).pages)


@bp.get("/<lang>/<slug>/<name>.pdf")
def pdf(lang: str, slug: str, name: str):
    page = _game_page(lang, slug)
    names = {pdf_name(page), pdf_name(page, current_site().library.sheet(page))}
    if f"{name}.pdf" not in names or not (Path(current_app.config["PDF_DIR"]) / lang / slug / f"{name}.pdf").is_file():
        abort(404)
    return send_from_directory(Path(current_app.config["PDF_DIR"]) / lang / slug, f"{name}.pdf")


@bp.post("/<lang>/<slug>/diagram")
def diagram(lang: str, slug: str):
    """A position drawn as the page draws it, for the "try it" mode: the browser sends what the API answered."""
    page = _game_page(lang, slug)
    engine = GAMES[page.game]
    data = json_body()
    position = engine_call(engine.Position.from_json, data.get("position"))
    try_player = data.get("try")
    if not (try_player is None or is_whole_number(try_player)):
        raise ApiError(400, "invalid_body", gettext("“%(field)s” must be a player number.", field="try"))
    actors = sorted({move.player for move in engine.legal_moves(position)})
    return render_template(
        "diagram_fragment.html", game=page.game, position=position.to_json(), try_player=try_player, actors=actors
    )


def register_template_helpers(app: Flask) -> None:
    app.jinja_env.globals.update(
        asset_url=asset_url,
        game_stylesheet=game_stylesheet,
        card_name=card_name,
        game_word=game_word,
        game_globals={game_id: game.template_globals for game_id, game in GAMES.items()},
        player_name=player_name,
        player_in_text=player_in_text,
        suit_name=suit_name,
        language_name=language_name,
        language_tag=language_tag,
        SUITS=SUITS,
        pdf_name=pdf_name,
        pdf_pages=pdf_pages,
        glossary_url=glossary_url,
        pad_url=pad_url,
        absolute_url=absolute_url,
    )
    app.jinja_env.undefined = StrictUndefined
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    @app.context_processor
    def site_context():
        site = current_site()
        lang = current_language()
        return {
            "lang": lang,
            "site": site,
            "languages": site.languages,
            "nav_games": site.library.games_in(lang),
            "static_export": app.config["STATIC_EXPORT"],
            "sheet": False,
            "alternates": {},
        }

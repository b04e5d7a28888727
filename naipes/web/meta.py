"""Answers for machines rather than readers: a load balancer's ``/healthz``, a search engine's
``robots.txt`` and ``sitemap.xml`` (absolute addresses from the configured ``SITE_URL``).

The static export writes the same ``robots.txt`` and ``sitemap.xml`` by asking these routes.
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from flask import Blueprint, Response, current_app, jsonify, url_for

from .i18n import language_tag
from .lessons import lesson_url
from .sitedata import current_site

bp = Blueprint("meta", __name__)


def absolute_url(path: str) -> str:
    """``/es/`` -> ``https://naipes.example/es/``: the address a search engine keeps."""
    return current_app.config["SITE_URL"] + path


@bp.get("/healthz")
def healthz():
    """Alive and able to answer: nothing here touches anything that could be down, since nothing is stored.

    Never stored: a cache that kept it would say "ok" for an origin that has died.
    """
    response = jsonify({"status": "ok"})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/robots.txt")
def robots():
    text = f"User-agent: *\nAllow: /\nSitemap: {absolute_url(url_for('meta.sitemap'))}\n"
    return Response(text, mimetype="text/plain")


def page_groups(library) -> list[dict[str, str]]:
    """Each home, rules, glossary and lesson page with its other languages: ``[{lang: path}]``, one dict per page.

    The sheets are left out: they repeat their rules page, which links to them; so are the play,
    review and analysis pages, which are tools with nothing to read until a reader uses them.
    """
    groups = [{lang: url_for("pages.home", lang=lang) for lang in library.languages}]
    games = sorted({page.game for lang in library.languages for page in library.games_in(lang)})
    for game in games:
        pages = [page for lang in library.languages for page in library.games_in(lang) if page.game == game]
        groups.append({page.lang: url_for("pages.game", lang=page.lang, slug=page.slug) for page in pages})
        glossaries = {page.lang: url_for("pages.glossary", lang=page.lang, slug=page.slug, part=glossary.slug)
                      for page in pages if (glossary := library.glossary(page)) is not None}
        if glossaries:
            groups.append(glossaries)
        lessons = {page.lang: url for page in pages if (url := lesson_url(page)) is not None}
        if lessons:
            groups.append(lessons)
    return groups


@bp.get("/sitemap.xml")
def sitemap():
    """Every page with its ``hreflang`` alternates and the ``x-default`` front door."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]
    front = absolute_url("/")
    for group in page_groups(current_site().library):
        for path in group.values():
            lines.append(f"  <url>\n    <loc>{absolute_url(path)}</loc>")
            for other, other_path in group.items():
                lines.append(
                    f"    <xhtml:link rel=\"alternate\" hreflang={quoteattr(language_tag(other))} href={quoteattr(absolute_url(other_path))}/>"
                )
            lines.append(f"    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href={quoteattr(front)}/>")
            lines.append("  </url>")
    lines.append("</urlset>")
    return Response("\n".join(lines) + "\n", mimetype="application/xml")

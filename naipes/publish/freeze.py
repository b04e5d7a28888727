"""The live site written to disk: every page rendered by the Flask app itself, the assets
under their hashed names, the example data and the games' scoring as the API gives them, what
the site needs offline (manifests, offline pages, Workbox's service worker) and the host files
(front door, 404s, sitemap, robots.txt, ``_headers``)."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, render_template

from ..content import ContentError
from ..examples import ExampleError
from ..games import GAMES
from ..web import SECURITY_HEADERS, create_app
from ..web import offline
from ..web.assets import STATIC_DIR, hashed_name, static_files
from ..web.i18n import DEFAULT_LANGUAGE
from ..web.pages import pdf_name, reading_urls
from .errors import BuildError
from .output import Output, file_for
from .progress import Progress

MARKER = ".naipes-build"

@dataclass(frozen=True)
class PrintJob:
    """A page to print to PDF: its title (for the footer), its URL, the PDF's path in the
    output, and the most A4 pages it may fill (None: as many as it takes)."""

    title: str
    url: str
    target: str
    max_pages: int | None = None


def make_app(content_dir: Path, compiled: Path, base_url: str, out_root: Path) -> Flask:
    """The live site's app, in static-export mode, published at ``base_url``, with the catalogs
    just compiled; it finds the PDFs (to count their pages) where the build prints them."""
    try:
        app = create_app({
            "STATIC_EXPORT": True,
            "SITE_URL": base_url,
            "CONTENT_DIR": content_dir,
            "BABEL_TRANSLATION_DIRECTORIES": str(compiled),
            "PDF_DIR": out_root,
        })
    except (ExampleError, ContentError) as error:
        raise BuildError(f"the content does not load: {error}") from None
    library = app.extensions["naipes"].library
    games = {lang: {page.game for page in library.games_in(lang)} for lang in library.languages}
    every = set().union(*games.values())
    missing = [f"{lang} has no page for {game}" for lang in games for game in sorted(every - games[lang])]
    if missing:
        raise BuildError("missing translation: " + "; ".join(missing))
    return app


class _Failures(logging.Handler):
    """The exceptions the app logged while rendering, so that a failed page says why."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)

    def last(self) -> str:
        if not self.records:
            return ""
        record = self.records[-1]
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            return f": {type(error).__name__}: {error}"
        return f": {record.getMessage()}"


class _Renderer:
    """The app's answers to GET requests, each checked for the status it must have."""

    def __init__(self, app: Flask) -> None:
        self.failures = _Failures()
        # The build reports a failed page itself; the app's own traceback on stderr would only repeat it.
        app.logger.handlers = [self.failures]
        app.logger.propagate = False
        self.client = app.test_client()

    def get(self, url: str, status: int = 200) -> bytes:
        self.failures.records.clear()
        response = self.client.get(url)
        if response.status_code != status:
            raise BuildError(f"{url} does not render (HTTP {response.status_code}){self.failures.last()}")
        return response.get_data()


def page_urls(library) -> list[str]:
    """Every reading page of every language but the rules pages: home, quick sheet and booklet of each game."""
    rules = set(rules_urls(library))
    return [url for url in reading_urls(library) if url not in rules]


def lesson_urls(site) -> list[str]:
    """Every lesson page: the static copy reads as the whole game, step by step."""
    return [f"/{lang}/{page.slug}/{site.lesson_words(site.lessons[page.game], lang).slug}/"
            for lang in site.languages for page in site.library.games_in(lang) if page.game in site.lessons]


def rules_urls(library) -> list[str]:
    """The rules pages: written once the PDFs are printed, since they give the PDFs' page counts."""
    return [f"/{lang}/{page.slug}/" for lang in library.languages for page in library.games_in(lang)]


def print_jobs(library) -> list[PrintJob]:
    """The quick sheet, held to its page count, and the booklet of every game in every language."""
    jobs = []
    for lang in library.languages:
        for page in library.games_in(lang):
            sheet = library.sheet(page)
            folder = f"{lang}/{page.slug}"
            jobs.append(PrintJob(page.title, f"/{folder}/{sheet.slug}/", f"{folder}/{pdf_name(page, sheet)}", sheet.pages))
            jobs.append(PrintJob(page.title, f"/{folder}/sheet/", f"{folder}/{pdf_name(page)}"))
    return jobs


def write_site(app: Flask, out: Output, progress: Progress) -> None:
    """Pages (but the rules pages), 404s, front door, assets, example data, sitemap and host files."""
    renderer = _Renderer(app)
    _write_pages(app, renderer, out, progress)
    _write_assets(out, progress)
    _write_example_data(app, renderer, out, progress)
    _write_scoring(renderer, out)
    _write_offline(app, renderer, out)
    out.write("sitemap.xml", renderer.get("/sitemap.xml"))
    out.write("robots.txt", renderer.get("/robots.txt"))
    out.write("_headers", host_headers(app).encode("utf-8"))
    out.write(MARKER, b"Written by build.py, which replaces this folder on every build.\n")


def write_rules_pages(app: Flask, out: Output, progress: Progress) -> None:
    """Each rules page, with the page counts of the PDFs just printed."""
    renderer = _Renderer(app)
    urls = rules_urls(app.extensions["naipes"].library)
    for done, url in enumerate(urls, start=1):
        out.write(file_for(url), renderer.get(url))
        progress.update("rules", done, len(urls), url)


def _write_pages(app: Flask, renderer: _Renderer, out: Output, progress: Progress) -> None:
    """Every page, each language's 404 page, and the front door that picks a language."""
    library = app.extensions["naipes"].library
    urls = page_urls(library) + lesson_urls(app.extensions["naipes"])
    for done, url in enumerate(urls, start=1):
        out.write(file_for(url), renderer.get(url))
        progress.update("pages", done, len(urls), url)
    for lang in library.languages:
        out.write(f"{lang}/404.html", renderer.get(f"/{lang}/no-such-page/", status=404))
    out.write("404.html", out.root.joinpath(DEFAULT_LANGUAGE, "404.html").read_bytes())
    with app.test_request_context("/"):
        front = render_template("root.html", homes=library.homes, default_language=DEFAULT_LANGUAGE)
    out.write("index.html", front.encode("utf-8"))


def _write_assets(out: Output, progress: Progress) -> None:
    assets = static_files()
    for done, relative in enumerate(assets, start=1):
        out.copy(STATIC_DIR / relative, f"static/{hashed_name(relative)}")
        progress.update("assets", done, len(assets), relative)


def _write_example_data(app: Flask, renderer: _Renderer, out: Output, progress: Progress) -> None:
    """The example list and each example, per language, as the API answers them (the language in the name)."""
    site = app.extensions["naipes"]
    data = [(lang, None) for lang in site.languages]
    data += [(lang, example_id) for lang in site.languages for example_id in site.examples]
    for done, (lang, example_id) in enumerate(data, start=1):
        if example_id is None:
            target, url = f"api/v1/examples.{lang}.json", f"/api/v1/examples?lang={lang}"
        else:
            target, url = f"api/v1/examples/{example_id}.{lang}.json", f"/api/v1/examples/{example_id}?lang={lang}"
        out.write(target, renderer.get(url))
        progress.update("data", done, len(data), target)


def _write_scoring(renderer: _Renderer, out: Output) -> None:
    """Each game's settlement as the API gives it (the score pads carry it in the page too)."""
    for game_id, game in GAMES.items():
        if game.scoring_data() is not None:
            out.write(f"api/v1/{game_id}/scoring.json", renderer.get(f"/api/v1/{game_id}/scoring"))


def _write_offline(app: Flask, renderer: _Renderer, out: Output) -> None:
    """Each language's manifest and offline page, which the service worker precaches with the assets."""
    with app.test_request_context("/"):
        for lang in app.extensions["naipes"].languages:
            manifest = f"/{lang}/manifest.webmanifest"
            out.write(manifest.lstrip("/"), renderer.get(manifest))
            if (page := offline.offline_url(lang)) is not None:
                out.write(file_for(page), renderer.get(page))


def start_service_worker(app: Flask, out: Output) -> offline.Writing:
    """Workbox set to write ``sw.js``, the live site's worker, while the build goes on (it takes seconds)."""
    try:
        return offline.start_service_worker(json.dumps(offline.config(app), sort_keys=True), out.root / "sw.js")
    except offline.ServiceWorkerError as error:
        raise BuildError(str(error)) from None


def finish_service_worker(writing: offline.Writing, out: Output) -> None:
    try:
        out.write("sw.js", writing.done().read_bytes())
    except offline.ServiceWorkerError as error:
        raise BuildError(str(error)) from None


def host_headers(app: Flask) -> str:
    """The live site's headers, in the ``_headers`` format of the hosts that read one (Netlify, Cloudflare Pages)."""
    lines = ["/*"] + [f"  {name}: {value}" for name, value in SECURITY_HEADERS.items()]
    lines += ["/static/*", f"  Cache-Control: public, max-age={app.config['ASSET_MAX_AGE']}, immutable"]
    # The browser checks the service worker for a new site at every visit: never from a cache.
    lines += ["/sw.js", "  Cache-Control: no-cache"]
    return "\n".join(lines) + "\n"

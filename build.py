#!/usr/bin/env python3
"""Naipes as a static site, for any static host or CDN with no Python behind it.

    python build.py [--out dist] [--base-url https://naipes.example] [--content DIR]

writes into ``--out`` (``dist/`` by default):

- every page of every language, each ``/x/y/`` as ``x/y/index.html``, rendered by the
  Flask app itself (``STATIC_EXPORT``: the "try it" mode, which needs the live engine,
  says so instead of failing);
- ``index.html``, which sends the visitor to their browser's language (links to every
  language without JavaScript), ``<lang>/404.html`` per language and ``404.html`` (the
  default language's, for hosts that look only at the root), ``sitemap.xml`` with
  ``hreflang`` alternates, ``robots.txt``, and ``_headers`` (cache and security headers,
  for the hosts that read that file);
- the assets under ``static/`` with content-hashed names, as the live site serves them;
- the example data as the API gives it, the language in the file name:
  ``api/v1/examples.<lang>.json`` (the list) and ``api/v1/examples/<id>.<lang>.json``;
- a PDF rule sheet per game and language, ``<lang>/<game>/naipes-<game>-<lang>.pdf``,
  printed by Chromium (Playwright's ``page.pdf``) from the sheet page ``<lang>/<game>/sheet/``.

The build stops with a non-zero exit and the reason on a catalog entry that is missing,
untranslated or fuzzy, a page missing in one language, an example step the engine refuses,
a page that does not render, or a link (``href``, ``src``, CSS ``url()``, ``#fragment``)
to something the build did not write. It builds beside ``--out`` and replaces it only
when everything succeeded, so a failed build leaves the previous one intact.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import logging
import os
import posixpath
import re
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit
from xml.sax.saxutils import quoteattr

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import render_template
from playwright.async_api import Error as PlaywrightError, async_playwright

from naipes.content import CONTENT_DIR, ContentError, load_library
from naipes.examples import ExampleError
from naipes.web import SECURITY_HEADERS, create_app
from naipes.web.assets import hashed_name, static_files
from naipes.web.i18n import DEFAULT_LANGUAGE, language_tag
from naipes.web.pages import pdf_name

ROOT = Path(__file__).resolve().parent
TRANSLATIONS_DIR = ROOT / "translations"
MARKER = ".naipes-build"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Two sheets print at once: this machine has two cores and Chromium's layout is the cost.
PDF_CONCURRENCY = 2


class BuildError(Exception):
    """Why the build stopped: printed as is, exit status 1."""


class Progress:
    """One line that says what the build is doing: rewritten in place on a terminal; in a log,
    a line when a phase ends and, within a long phase, at most one a second."""

    def __init__(self, stream=sys.stderr) -> None:
        self.stream = stream
        self.live = stream.isatty()
        self.last = time.monotonic()

    def update(self, phase: str, done: int, total: int, item: str = "") -> None:
        line = f"{phase:<7} [{done:>3}/{total}] {item}"
        now = time.monotonic()
        if self.live:
            self.stream.write("\r\033[K" + line + ("\n" if done == total else ""))
        elif done == total or now - self.last >= 1:
            self.stream.write(line + "\n")
            self.last = now
        self.stream.flush()


@dataclass
class Output:
    """What the build has written so far, under ``root``, and each HTML file's ids and links."""

    root: Path
    files: dict[str, int] = field(default_factory=dict)
    ids: dict[str, set[str]] = field(default_factory=dict)
    links: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)

    def write(self, relative: str, data: bytes) -> None:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.files[relative] = len(data)
        if relative.endswith(".html"):
            parser = _LinkParser()
            parser.feed(data.decode("utf-8"))
            self.ids[relative], self.links[relative] = parser.ids, parser.links

    def copy(self, source: Path, relative: str) -> None:
        self.write(relative, source.read_bytes())

    @property
    def pages(self) -> int:
        return sum(1 for name in self.files if name.endswith(".html"))

    @property
    def size(self) -> int:
        return sum(self.files.values())


class _LinkParser(HTMLParser):
    """Every ``id`` of a page, and every ``href`` and ``src`` with the tag that holds it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif name in ("href", "src") and value is not None:
                self.links.append((tag, name, value))


# ---------------------------------------------------------------- catalogs


def check_catalogs(languages: tuple[str, ...], compiled: Path) -> None:
    """Every string the code and templates use, translated in every language, then compiled.

    The msgids are extracted afresh (as ``babel.cfg`` says), so a string added to a
    template but not yet to a catalog is caught here instead of showing up in English.
    The ``.mo`` files go to ``compiled``, leaving the checkout untouched.
    """
    with (ROOT / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    keywords = {**DEFAULT_KEYWORDS, "N_": None, "lazy_gettext": None}
    skip = {"node_modules", "dist", "tests"}
    used = {
        msgid
        for _, _, msgid, _, _ in extract_from_dir(
            ROOT, method_map, options_map, keywords=keywords,
            directory_filter=lambda path: not (os.path.basename(path).startswith((".", "_")) or os.path.basename(path) in skip),
        )
    }
    problems = []
    for lang in languages:
        path = TRANSLATIONS_DIR / lang / "LC_MESSAGES" / "messages.po"
        if not path.is_file():
            problems.append(f"{lang}: no catalog at {path}")
            continue
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        missing = sorted(_msgid(msgid) for msgid in used if msgid not in catalog)
        problems += [f"{lang}: missing translation: {msgid!r}" for msgid in missing]
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy:
                problems.append(f"{lang}: fuzzy translation: {_msgid(message.id)!r}")
            elif not all(strings):
                problems.append(f"{lang}: untranslated: {_msgid(message.id)!r}")
            problems += [f"{lang}: {_msgid(message.id)!r}: {error}" for error in message.check(catalog)]
        target = compiled / lang / "LC_MESSAGES" / "messages.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as handle:
            write_mo(handle, catalog)
    if problems:
        raise BuildError(f"the translations are not complete ({len(problems)} problems):" + _listing(problems))


def _listing(lines: list[str], limit: int = 20) -> str:
    """The first ``limit`` lines, indented, and how many more there are: enough to act on, short enough to read."""
    shown = lines[:limit] + ([f"... and {len(lines) - limit} more"] if len(lines) > limit else [])
    return "\n  " + "\n  ".join(shown)


def _msgid(message_id) -> str:
    return message_id[0] if isinstance(message_id, tuple) else message_id


# ---------------------------------------------------------------- pages


def make_app(content_dir: Path, compiled: Path):
    """The live site's app, in static-export mode, with the catalogs just compiled."""
    try:
        app = create_app({
            "STATIC_EXPORT": True,
            "CONTENT_DIR": content_dir,
            "BABEL_TRANSLATION_DIRECTORIES": str(compiled),
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


def _fetch(client, failures: _Failures, url: str, status: int = 200) -> bytes:
    failures.records.clear()
    response = client.get(url)
    if response.status_code != status:
        raise BuildError(f"{url} does not render (HTTP {response.status_code}){failures.last()}")
    return response.get_data()


def page_urls(library) -> list[str]:
    """Every page of every language: home, rules page and printable sheet of each game."""
    urls = []
    for lang in library.languages:
        urls.append(f"/{lang}/")
        for page in library.games_in(lang):
            urls += [f"/{lang}/{page.slug}/", f"/{lang}/{page.slug}/sheet/"]
    return urls


def _file_for(url: str) -> str:
    path = url.lstrip("/")
    return path + "index.html" if path.endswith("/") or not path else path


def write_site(app, out: Output, base_url: str, progress: Progress) -> list[tuple[str, str, str]]:
    """Pages, 404s, front door, assets, example data, sitemap and host files; returns the sheets to print."""
    site = app.extensions["naipes"]
    library = site.library
    failures = _Failures()
    # The build reports a failed page itself; the app's own traceback on stderr would only repeat it.
    app.logger.handlers = [failures]
    app.logger.propagate = False
    client = app.test_client()

    urls = page_urls(library)
    for done, url in enumerate(urls, start=1):
        out.write(_file_for(url), _fetch(client, failures, url))
        progress.update("pages", done, len(urls), url)

    for lang in library.languages:
        out.write(f"{lang}/404.html", _fetch(client, failures, f"/{lang}/no-such-page/", status=404))
    out.write("404.html", out.root.joinpath(DEFAULT_LANGUAGE, "404.html").read_bytes())
    with app.test_request_context("/"):
        front = render_template("root.html", homes=library.homes, default_language=DEFAULT_LANGUAGE)
    out.write("index.html", front.encode("utf-8"))

    assets = static_files()
    for done, relative in enumerate(assets, start=1):
        out.copy(ROOT / "site" / "static" / relative, f"static/{hashed_name(relative)}")
        progress.update("assets", done, len(assets), relative)

    data = [(lang, None) for lang in library.languages]
    data += [(lang, example_id) for lang in library.languages for example_id in site.examples]
    for done, (lang, example_id) in enumerate(data, start=1):
        if example_id is None:
            target, url = f"api/v1/examples.{lang}.json", f"/api/v1/examples?lang={lang}"
        else:
            target, url = f"api/v1/examples/{example_id}.{lang}.json", f"/api/v1/examples/{example_id}?lang={lang}"
        out.write(target, _fetch(client, failures, url))
        progress.update("data", done, len(data), target)

    out.write("sitemap.xml", sitemap(library, base_url).encode("utf-8"))
    out.write("robots.txt", f"User-agent: *\nAllow: /\nSitemap: {base_url}/sitemap.xml\n".encode())
    out.write("_headers", host_headers(app).encode("utf-8"))
    out.write(MARKER, b"Written by build.py, which replaces this folder on every build.\n")

    return [
        (page.title, f"/{lang}/{page.slug}/sheet/", f"{lang}/{page.slug}/{pdf_name(page)}")
        for lang in library.languages
        for page in library.games_in(lang)
    ]


def sitemap(library, base_url: str) -> str:
    """Every home and rules page, each with its other languages as ``hreflang`` alternates.

    The sheets are left out: they repeat their rules page, which links to them.
    """
    groups = [{lang: f"/{lang}/" for lang in library.languages}]
    games = sorted({page.game for lang in library.languages for page in library.games_in(lang)})
    for game in games:
        groups.append({
            lang: f"/{lang}/{page.slug}/"
            for lang in library.languages
            for page in library.games_in(lang)
            if page.game == game
        })
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]
    for group in groups:
        for path in group.values():
            lines.append(f"  <url>\n    <loc>{base_url}{path}</loc>")
            for other, other_path in group.items():
                lines.append(f"    <xhtml:link rel=\"alternate\" hreflang={quoteattr(language_tag(other))} href={quoteattr(base_url + other_path)}/>")
            lines.append(f"    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href={quoteattr(base_url + '/')}/>")
            lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def host_headers(app) -> str:
    """The live site's headers, in the ``_headers`` format of the hosts that read one (Netlify, Cloudflare Pages)."""
    lines = ["/*"] + [f"  {name}: {value}" for name, value in SECURITY_HEADERS.items()]
    lines += ["/static/*", f"  Cache-Control: public, max-age={app.config['ASSET_MAX_AGE']}, immutable"]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- links

_CSS_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)")
_LOADS = {"script", "img", "link", "iframe", "source", "video", "audio", "embed", "object", "track"}


def check_links(out: Output, planned: set[str]) -> int:
    """Every link of every page and stylesheet leads to a file the build writes (or will: ``planned``).

    A ``#fragment`` must name an ``id`` of its page; nothing may be loaded from another site.
    Returns how many links were checked.
    """
    written = set(out.files) | planned
    broken = []
    checked = 0
    sources = [(name, tag, attr, value) for name, links in out.links.items() for tag, attr, value in links]
    for name in (n for n in out.files if n.endswith(".css")):
        css = (out.root / name).read_text(encoding="utf-8")
        sources += [(name, "css", "url", match.group(2)) for match in _CSS_URL.finditer(css)]
    for name, tag, attr, value in sources:
        checked += 1
        parts = urlsplit(value)
        if parts.scheme == "data":
            continue
        if parts.scheme or parts.netloc:
            if tag in _LOADS or tag == "css":
                broken.append(f"{name}: <{tag} {attr}={value!r}> loads from another site")
            continue
        base = "/" + name
        path = posixpath.normpath(posixpath.join(posixpath.dirname(base), parts.path)) if parts.path else base
        if parts.path.endswith("/") and not path.endswith("/"):
            path += "/"
        target = _file_for(path)
        if target not in written:
            broken.append(f"{name}: broken link {value!r} (nothing written at {target})")
        elif parts.fragment and target in out.ids and parts.fragment not in out.ids[target]:
            broken.append(f"{name}: broken link {value!r} (no id {parts.fragment!r} in {target})")
    if broken:
        raise BuildError(f"{len(broken)} broken links:" + _listing(broken))
    return checked


# ---------------------------------------------------------------- PDFs


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(directory: Path) -> tuple[ThreadingHTTPServer, str]:
    """A plain static file server on a free loopback port, as any static host would serve the build."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def _footer(title: str) -> str:
    # Chromium draws the footer in the page margin, outside the document: its style must be inline.
    escaped = title.replace("&", "&amp;").replace("<", "&lt;")
    return (
        '<div style="font: 8pt sans-serif; color: #000; width: 100%; margin: 0 14mm; display: flex; '
        f'justify-content: space-between;"><span>Naipes · {escaped}</span>'
        '<span><span class="pageNumber"></span>/<span class="totalPages"></span></span></div>'
    )


async def _print_sheets(base: str, out: Output, sheets, progress: Progress) -> None:
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    done = 0
    async with async_playwright() as playwright:
        try:
            browser = await playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        except PlaywrightError as error:
            raise BuildError(f"Chromium does not start, so no PDF can be printed: {error}") from None
        slots = asyncio.Semaphore(PDF_CONCURRENCY)

        async def print_one(title: str, url: str, target: str) -> None:
            nonlocal done
            async with slots:
                page = await browser.new_page()
                problems: list[str] = []
                page.on("pageerror", lambda error: problems.append(str(error)))
                try:
                    response = await page.goto(base + url, wait_until="load")
                    if response is None or not response.ok:
                        raise BuildError(f"{url}: the sheet does not load for printing")
                    if problems:
                        raise BuildError(f"{url}: the sheet fails in Chromium: {problems[0]}")
                    data = await page.pdf(
                        format="A4", print_background=True, prefer_css_page_size=True,
                        display_header_footer=True, header_template="<span></span>", footer_template=_footer(title),
                    )
                except PlaywrightError as error:
                    raise BuildError(f"{url}: Chromium could not print it: {error}") from None
                finally:
                    await page.close()
            out.write(target, data)
            done += 1
            progress.update("pdf", done, len(sheets), target)

        try:
            await asyncio.gather(*(print_one(*sheet) for sheet in sheets))
        finally:
            await browser.close()


def write_pdfs(out: Output, sheets, progress: Progress) -> None:
    """Each sheet printed to A4 by Chromium, from the built site served as a static host would."""
    server, base = serve(out.root)
    try:
        asyncio.run(_print_sheets(base, out, sheets, progress))
    finally:
        server.shutdown()
        server.server_close()


# ---------------------------------------------------------------- the build


def _prepare(out: Path) -> Path:
    """A fresh folder beside ``out``; refuses to later replace an ``out`` that is not a previous build."""
    if out.exists() and not (out / MARKER).exists() and any(out.iterdir()):
        raise BuildError(f"{out} exists and is not a Naipes build: refusing to replace it")
    out.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{out.name}-building-", dir=out.parent))


def build(out_dir: Path, base_url: str, content_dir: Path, progress: Progress) -> Output:
    staging = _prepare(out_dir)
    try:
        with tempfile.TemporaryDirectory(prefix="naipes-catalogs-") as compiled:
            try:
                languages = load_library(content_dir).languages
            except ContentError as error:
                raise BuildError(f"the content does not load: {error}") from None
            check_catalogs(languages, Path(compiled))
            progress.update("catalogs", len(languages), len(languages), ", ".join(languages))
            app = make_app(content_dir, Path(compiled))
            out = Output(staging)
            sheets = write_site(app, out, base_url, progress)
        links = check_links(out, {target for _, _, target in sheets})
        progress.update("links", links, links, "all lead somewhere")
        write_pdfs(out, sheets, progress)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if out_dir.exists():
        shutil.rmtree(out_dir)
    staging.rename(out_dir)
    out.root = out_dir
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where to write the site (default: dist/)")
    parser.add_argument(
        "--base-url", default="http://localhost:8000",
        help="the address the site will be published at, for sitemap.xml (default: %(default)s)",
    )
    parser.add_argument("--content", type=Path, default=CONTENT_DIR, help="the content folder (default: content/)")
    args = parser.parse_args(argv)
    if urlsplit(args.base_url).scheme not in ("http", "https"):
        parser.error(f"--base-url must be an http(s) address, not {args.base_url!r}")
    started = time.perf_counter()
    try:
        out = build(args.out.resolve(), args.base_url.rstrip("/"), args.content.resolve(), Progress())
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    pdfs = sum(1 for name in out.files if name.endswith(".pdf"))
    print(
        f"wrote {out.pages} pages, {pdfs} PDFs, {len(out.files)} files, {out.size:,} bytes "
        f"into {out.root} in {seconds:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

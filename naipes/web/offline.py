"""The site without a network: the web app manifest of each language, the page shown for what is not kept
offline, and the service worker that keeps the reading pages.

The service worker is Workbox's (``workbox-build``'s ``generateSW``, from npm, run by
``scripts/service-worker.mjs``): this module only writes its configuration. It precaches every static
asset under its hashed name, the manifests and each language's offline page, so that its own bytes change
whenever the site's assets do and the browser takes the new one (it then claims the open pages and drops
the old precache). The reading pages of a language (home, rules, sheets, booklet, glossary, score pads) are
kept as the reader visits them, network first, each language in its own cache; any other page of a
language (play, lessons, puzzles), and a reading page never visited, answers offline with that language's
offline page, which says what needs the network. The static export writes the same worker (``build.py``).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Flask, Response, abort, current_app, jsonify, render_template, send_file, url_for

from .assets import asset_url, static_files
from .sitedata import current_site

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "scripts" / "service-worker.mjs"
THEME_COLOUR = "#1f5f46"
BACKGROUND_COLOUR = "#fdfcf8"
ICON_SIZES = (192, 512)
# Workbox bundles and minifies the worker with rollup, babel and terser: seconds, a minute on a loaded machine.
WORKBOX_SECONDS = 300

bp = Blueprint("offline", __name__)


class ServiceWorkerError(RuntimeError):
    """No service worker: Workbox could not write it (no Node.js, or ``npm ci`` not run), or it is not written
    yet where the app may not write it itself."""


def offline_url(lang: str) -> str | None:
    words = current_site().library.offline.get(lang)
    return None if words is None else url_for("offline.page", lang=lang, part=words.slug)


@bp.get("/<lang>/<offline_slug:part>/")
def page(lang: str, part: str):
    """What the service worker shows, without a network, for a page this browser has not kept."""
    words = current_site().library.offline.get(lang)
    if words is None or part != words.slug:
        abort(404)
    return render_template("offline.html", words=words)


@bp.get("/<lang>/manifest.webmanifest")
def manifest(lang: str):
    site = current_site()
    if lang not in site.languages:
        abort(404)
    home = site.library.homes[lang]
    response = jsonify({
        "id": f"/{lang}/",
        "name": "Naipes",
        "short_name": "Naipes",
        "description": home.description,
        "lang": lang,
        "dir": "ltr",
        "start_url": f"/{lang}/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": asset_url(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png",
             "purpose": "any maskable"}
            for size in ICON_SIZES
        ],
    })
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/sw.js")
def service_worker():
    """The worker for the whole site (its scope is ``/``, so it covers ``/es/`` and ``/pt/``)."""
    try:
        path = service_worker_file(current_app._get_current_object())
    except ServiceWorkerError:
        abort(404)
    response = send_file(path, mimetype="text/javascript", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


def reading_pattern(lang: str) -> str:
    """A regular expression for the path of every page of ``lang`` that may be kept offline."""
    library = current_site().library
    games = [page.slug for page in library.games_in(lang)]
    parts = {library.sheet(page).slug for page in library.games_in(lang)} | {"sheet"}
    if (glossary := library.glossaries.get(lang)) is not None:
        parts.add(glossary.slug)
    if (pad := library.pads.get(lang)) is not None:
        parts.add(pad.slug)
    return f"^/{lang}/(?:(?:{_either(games)})/(?:(?:{_either(parts)})/)?)?$"


def _either(words) -> str:
    return "|".join(re.escape(word) for word in sorted(words))


def config(app: Flask) -> dict:
    """What Workbox is told: the precached files with their revisions, and each language's routes."""
    client = app.test_client()
    with app.test_request_context("/"):
        site = current_site()
        precache = [{"url": asset_url(relative), "revision": None} for relative in static_files()]
        languages = []
        for lang in site.languages:
            for url in (url_for("offline.manifest", lang=lang), offline_url(lang)):
                if url is None:
                    continue
                body = client.get(url).get_data()
                precache.append({"url": url, "revision": hashlib.sha256(body).hexdigest()[:16]})
            languages.append({"lang": lang, "pages": reading_pattern(lang), "offline": offline_url(lang)})
    return {"precache": precache, "languages": languages}


def service_worker_file(app: Flask) -> Path:
    """The service worker for the site as it is now, written once per change of its configuration (and
    looked up once per process where the pages are, with ``PAGE_CACHE``)."""
    known = app.extensions.get("naipes.service_worker")
    if known is not None and app.config["PAGE_CACHE"]:
        return known
    settings, path = service_worker_plan(app)
    if not path.is_file():
        if not app.config["SERVICE_WORKER_WRITES"]:
            raise ServiceWorkerError("the service worker is not written yet")
        write_into(settings, path)
    app.extensions["naipes.service_worker"] = path
    return path


def service_worker_plan(app: Flask) -> tuple[str, Path]:
    """Workbox's configuration for the site as it is now, and where its worker is kept: the instance folder,
    under the configuration's hash."""
    settings = json.dumps(config(app), sort_keys=True)
    digest = hashlib.sha256(settings.encode("utf-8")).hexdigest()[:16]
    return settings, Path(app.instance_path) / "service-worker" / f"sw-{digest}.js"


def write_into(settings: str, path: Path) -> None:
    """The worker written beside ``path`` and moved there whole, so that no reader sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent) as scratch:
        write_service_worker(settings, Path(scratch) / "sw.js").replace(path)


@dataclass
class Writing:
    """Workbox at work on a service worker, in its own process: ``done`` waits for it, ``stop`` ends it."""

    process: subprocess.Popen[str]
    dest: Path

    def done(self) -> Path:
        try:
            self.process.wait(timeout=WORKBOX_SECONDS)
        except subprocess.TimeoutExpired:
            self.stop()
            raise ServiceWorkerError(f"workbox-build took more than {WORKBOX_SECONDS} s") from None
        assert self.process.stderr is not None
        # Workbox says little: what it says fits the pipe, so it is read once it has ended.
        errors = self.process.stderr.read()
        self.process.stderr.close()
        if self.process.returncode != 0 or not self.dest.is_file():
            raise ServiceWorkerError(f"workbox-build failed: {errors.strip()[-2000:]}")
        return self.dest

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def start_service_worker(settings: str, dest: Path) -> Writing:
    """Workbox's ``generateSW`` started with ``settings`` (``config``'s JSON), to write the worker to ``dest``."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "workbox-build").is_dir():
        raise ServiceWorkerError("the service worker needs Node.js and `npm ci` (workbox-build)")
    process = subprocess.Popen([node, str(GENERATOR), str(dest)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert process.stdin is not None
    process.stdin.write(settings)
    process.stdin.close()
    return Writing(process, dest)


def write_service_worker(settings: str, dest: Path) -> Path:
    """The worker written to ``dest`` by Workbox, waited for."""
    return start_service_worker(settings, dest).done()


def register_template_helpers(app: Flask) -> None:
    app.jinja_env.globals.update(offline_url=offline_url, theme_colour=THEME_COLOUR)

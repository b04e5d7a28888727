"""The whole static build: catalogs, pages, the service worker (written by Workbox while the PDFs print),
links, PDFs, precompressed copies, staged beside the target.

It builds beside ``out`` and replaces it only when everything succeeded, so a failed
build leaves the previous one intact.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from ..content import ContentError, load_library
from .catalogs import check_catalogs
from .errors import BuildError
from .freeze import (
    MARKER,
    finish_service_worker,
    make_app,
    print_jobs,
    start_service_worker,
    write_rules_pages,
    write_site,
)
from .links import check_links
from .output import Output
from .pdf import write_pdfs
from .precompress import precompress
from .progress import Progress


def build(out_dir: Path, base_url: str, content_dir: Path, progress: Progress) -> Output:
    """The site for ``base_url`` from ``content_dir``, written into ``out_dir``; a ``BuildError`` says why not."""
    staging = _prepare(out_dir)
    try:
        with tempfile.TemporaryDirectory(prefix="naipes-catalogs-") as compiled:
            try:
                languages = load_library(content_dir).languages
            except ContentError as error:
                raise BuildError(f"the content does not load: {error}") from None
            check_catalogs(languages, Path(compiled))
            progress.update("catalogs", len(languages), len(languages), ", ".join(languages))
            app = make_app(content_dir, Path(compiled), base_url, staging)
            out = Output(staging)
            write_site(app, out, progress)
            worker = start_service_worker(app, out)
            try:
                write_pdfs(out, print_jobs(app.extensions["naipes"].library), progress)
                write_rules_pages(app, out, progress)
            except BaseException:
                worker.stop()
                raise
            finish_service_worker(worker, out)
        links = check_links(out)
        progress.update("links", links, links, "all lead somewhere")
        precompress(out, progress)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if out_dir.exists():
        shutil.rmtree(out_dir)
    staging.rename(out_dir)
    out.root = out_dir
    return out


def _prepare(out: Path) -> Path:
    """A fresh folder beside ``out``; refuses to later replace an ``out`` that is not a previous build."""
    if out.exists() and not (out / MARKER).exists() and any(out.iterdir()):
        raise BuildError(f"{out} exists and is not a Naipes build: refusing to replace it")
    out.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{out.name}-building-", dir=out.parent))

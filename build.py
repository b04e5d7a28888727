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
- two PDFs per game and language, printed by Chromium (Playwright's ``page.pdf``): the
  quick-reference sheet for the table, ``<lang>/<game>/naipes-<game>-<sheet>-<lang>.pdf``
  from ``<lang>/<game>/<sheet>/`` (``hoja``, ``folha``), and the full booklet,
  ``<lang>/<game>/naipes-<game>-<lang>.pdf`` from ``<lang>/<game>/sheet/``. The rules pages
  are written after the PDFs, because they give each PDF's page count, read from the PDF.
- a ``.gz`` and a ``.br`` beside every text file, for hosts that serve precompressed files.

Canonical and ``hreflang`` links, the sitemap and ``robots.txt`` name ``--base-url``.

The build stops with a non-zero exit and the reason on a catalog entry that is missing,
untranslated or fuzzy, a page missing in one language, a quick-reference sheet that runs
over its page count (one A4 page, two for Solo Whist: ``pages`` in its front matter), an
example step the engine refuses,
a page that does not render, or a link (``href``, ``src``, CSS ``url()``, ``#fragment``)
to something the build did not write. It builds beside ``--out`` and replaces it only
when everything succeeded, so a failed build leaves the previous one intact.

This file is only the command line: the build itself is the package ``naipes.publish``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from naipes.content import CONTENT_DIR
from naipes.publish.errors import BuildError
from naipes.publish.progress import Progress
from naipes.publish.site import build

ROOT = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where to write the site (default: dist/)")
    parser.add_argument(
        "--base-url", default="http://localhost:8000",
        help="the address the site will be published at: canonical links, sitemap.xml (default: %(default)s)",
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

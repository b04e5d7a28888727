"""Lighthouse's mobile scores for every page of the site: prints the median of several runs.

    python benchmarks/lighthouse.py [--runs 3] [--url http://127.0.0.1:5000] [--json] [PATH ...]

Without ``--url`` it serves the app itself (``create_app()`` on a free loopback port, the
same server the browser tests use); with ``--url`` it measures a site already running
there (gunicorn, or ``build.py``'s output behind any static server). Every page is
measured with the same settings: Lighthouse's default mobile preset (a mid-range phone on
slow 4G, simulated throttling), Debian's Chromium with ``build.py``'s flags, headless.
Runs go one at a time; on a shared machine the CPU load of others skews total blocking
time, hence the median of ``--runs``. Needs ``npm ci`` (Lighthouse is a devDependency).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from naipes.publish.pdf import CHROMIUM_ARGS  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = {
    "first-contentful-paint": "FCP ms",
    "largest-contentful-paint": "LCP ms",
    "total-blocking-time": "TBT ms",
    "cumulative-layout-shift": "CLS",
    "dom-size": "DOM nodes",
}


def site_paths(app) -> list[str]:
    """Every page a reader lands on: each home, rules page, quick sheet and booklet."""
    from flask import url_for

    library = app.extensions["naipes"].library
    paths = []
    with app.test_request_context("/"):
        for lang in library.languages:
            paths.append(url_for("pages.home", lang=lang))
            for page in library.games_in(lang):
                paths.append(url_for("pages.game", lang=lang, slug=page.slug))
                paths.append(url_for("pages.quick_sheet", lang=lang, slug=page.slug, part=library.sheet(page).slug))
                paths.append(url_for("pages.booklet", lang=lang, slug=page.slug))
    return paths


def serve_app(app) -> str:
    import logging

    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.ERROR)

    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}"


def measure(url: str) -> dict[str, float]:
    """One Lighthouse run of one page: the four category scores (0-100) and the key metrics."""
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    with tempfile.TemporaryDirectory(prefix="naipes-lighthouse-") as folder:
        report = Path(folder) / "report.json"
        subprocess.run(
            [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={report}",
             f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={flags}"],
            check=True, env={**os.environ, "CHROME_PATH": shutil.which("chromium") or "/usr/bin/chromium"},
            timeout=300,
        )
        data = json.loads(report.read_text(encoding="utf-8"))
    figures = {name: round(data["categories"][name]["score"] * 100) for name in CATEGORIES}
    failing = sorted(
        ref["id"] for name in CATEGORIES[1:] for ref in data["categories"][name]["auditRefs"]
        if ref["weight"] and data["audits"][ref["id"]]["score"] not in (None, 1)
    )
    if failing:
        print(f"  {url}: failing audits: {', '.join(failing)}", file=sys.stderr)
    for audit, label in METRICS.items():
        figures[label] = data["audits"][audit]["numericValue"]
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per page; the median is printed (default: 3)")
    parser.add_argument("--url", help="measure the site running at this address instead of serving the app")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="pages to measure (default: every page)")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        parser.error("Lighthouse is not installed: run `npm ci`")
    from naipes.web import create_app

    app = create_app()
    base = args.url.rstrip("/") if args.url else serve_app(app)
    results = {}
    for path in args.paths or site_paths(app):
        runs = [measure(base + path) for _ in range(args.runs)]
        results[path] = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        if not args.json:
            row = results[path]
            print(
                f"{path:<28} perf {row['performance']:>3.0f}  a11y {row['accessibility']:>3.0f}  "
                f"bp {row['best-practices']:>3.0f}  seo {row['seo']:>3.0f}  "
                + "  ".join(f"{label} {row[label]:,.0f}" if label != "CLS" else f"CLS {row[label]:.3f}" for label in METRICS.values()),
                flush=True,
            )
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Lighthouse's mobile scores for every page of the site: prints the median of several runs.

    python benchmarks/lighthouse.py [--runs 3] [--url http://127.0.0.1:5000] [--json] [--play] [PATH ...]

Without ``--url`` it serves the app itself (``create_app()`` on a free loopback port, the
same server the browser tests use); with ``--url`` it measures a site already running
there (gunicorn, or ``build.py``'s output behind any static server). Every page is
measured with the same settings: Lighthouse's default mobile preset (a mid-range phone on
slow 4G, simulated throttling), Debian's Chromium with ``build.py``'s flags, headless.
Runs go one at a time; on a shared machine the CPU load of others skews total blocking
time, hence the median of ``--runs``. Needs ``npm ci`` (Lighthouse is a devDependency).

With ``--play`` it measures the play pages instead, each twice in one Lighthouse user flow
(``lighthouse_flow.mjs``): as a reader lands on it, and mid-game (dealt, three hinted moves
played, then reloaded in the same tab, which returns to the game in play).
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
FLOW = ROOT / "benchmarks" / "lighthouse_flow.mjs"
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


def play_paths(app) -> list[str]:
    """Every play page, in each language."""
    from flask import url_for

    from naipes.web.play import play_slug

    library = app.extensions["naipes"].library
    with app.test_request_context("/"):
        return [url_for("play.page", lang=lang, slug=page.slug, play=play_slug(lang))
                for lang in library.languages for page in library.games_in(lang)]


def measure_play(url: str) -> dict[str, dict[str, float]]:
    """One user flow of one play page: the scores and metrics before dealing and mid-game."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    done = subprocess.run(["node", str(FLOW), url, chromium, "--headless=new", *CHROMIUM_ARGS],
                          check=True, capture_output=True, text=True, timeout=600)
    steps = json.loads(done.stdout.strip().splitlines()[-1])
    figures = {}
    for name, step in steps.items():
        if step["failing"]:
            print(f"  {url} ({name}): failing audits: {', '.join(step['failing'])}", file=sys.stderr)
        if name == "mid-game" and not step["dealt"]:
            raise RuntimeError(f"{url}: the reloaded page did not return to the game in play")
        figures[name] = {**{category: step[category] for category in CATEGORIES},
                         **{label: step[audit] for audit, label in METRICS.items()}}
    return figures


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
    parser.add_argument("--play", action="store_true", help="the play pages, before dealing and mid-game")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="pages to measure (default: every page)")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        parser.error("Lighthouse is not installed: run `npm ci`")
    from naipes.web import create_app

    app = create_app()
    base = args.url.rstrip("/") if args.url else serve_app(app)
    results = {}
    for path in args.paths or (play_paths(app) if args.play else site_paths(app)):
        if args.play:
            flows = [measure_play(base + path) for _ in range(args.runs)]
            measured = {f"{path} ({step})": [flow[step] for flow in flows] for step in flows[0]}
        else:
            measured = {path: [measure(base + path) for _ in range(args.runs)]}
        for name, runs in measured.items():
            results[name] = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        if args.json:
            continue
        for name in measured:
            row = results[name]
            print(
                f"{name:<28} perf {row['performance']:>3.0f}  a11y {row['accessibility']:>3.0f}  "
                f"bp {row['best-practices']:>3.0f}  seo {row['seo']:>3.0f}  "
                + "  ".join(f"{label} {row[label]:,.0f}" if label != "CLS" else f"CLS {row[label]:.3f}" for label in METRICS.values()),
                flush=True,
            )
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Old Maid's start in Chromium: from the reader's press of "Deal" until they can act, the computers'
opening pairs laid aside and shown (the table at rest, the reader's turn told).

The site runs in this process (the tests' way: Werkzeug in a thread), Chromium headless at a phone's
360 × 740, four players and the page's default pace (one second a move); five deals, the median
printed, with and without reduced motion::

    .venv/bin/python benchmarks/old_maid_start.py [--deals 5]
"""

from __future__ import annotations

import argparse
import logging
import shutil
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from naipes.web import create_app  # noqa: E402
from tests.conftest import CHROMIUM_ARGS  # noqa: E402

PLAY = "/es/old-maid/jugar/"
READY = "[data-play]:not([data-busy]):not([data-replaying]) .seat-me button.card"

# The page's own clock: from the deal's submit to the table at rest with the reader's cards as buttons.
TIMING = """document.addEventListener('submit', () => { window.dealtAt = performance.now(); }, true);"""
ELAPSED = "() => performance.now() - window.dealtAt"


def seconds_to_act(browser, base: str, reduced: bool) -> float:
    context = browser.new_context(viewport={"width": 360, "height": 740},
                                  reduced_motion="reduce" if reduced else "no-preference", locale="es-ES")
    page = context.new_page()
    page.add_init_script(TIMING)
    page.goto(base + PLAY)
    page.select_option("#players", "4")
    page.get_by_role("button", name="Repartir").click()
    page.wait_for_selector(READY, timeout=60_000)
    elapsed = page.evaluate(ELAPSED) / 1000
    context.close()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    deals = parser.parse_args().deals
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    app = create_app({"SECRET_KEY": "benchmark"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        for reduced in (False, True):
            times = [seconds_to_act(browser, base, reduced) for _ in range(deals)]
            label = "reduced motion" if reduced else "motion"
            print(f"Old Maid, deal to the reader's first move, {label}: median {statistics.median(times):.2f} s"
                  f" over {deals} deals (each: {', '.join(f'{t:.2f}' for t in times)})")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()

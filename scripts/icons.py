#!/usr/bin/env python3
"""The web app's PNG icons (192 and 512 px, safe as maskable: the card sits inside the middle 80 %), drawn by
Chromium from ``site/static/icons/icon.svg``; run after editing the SVG, and commit the PNGs."""

import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "site" / "static" / "icons"


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"))
        for size in (192, 512):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<body style="margin:0">{svg.replace("<svg ", f"<svg width={size} height={size} ", 1)}</body>')
            page.screenshot(path=ICONS / f"icon-{size}.png", omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()

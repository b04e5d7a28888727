"""The rule sheets printed to A4 PDFs by Debian's Chromium, driven through Playwright.

The only module that needs Playwright, and it imports it only when printing: the rest of
the package (and the engine and API tests) runs without it.
"""

from __future__ import annotations

import asyncio
import functools
import io
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from pypdf import PdfReader

from .errors import BuildError
from .freeze import PrintJob
from .output import Output
from .progress import Progress

# Chromium's flags wherever Naipes drives it (the build's printer and the browser tests).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Two sheets print at once: this machine has two cores and Chromium's layout is the cost.
PDF_CONCURRENCY = 2


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(directory: Path) -> tuple[ThreadingHTTPServer, str]:
    """A plain static file server on a free loopback port, as any static host would serve the build."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def write_pdfs(out: Output, jobs: list[PrintJob], progress: Progress) -> None:
    """Each sheet and booklet printed to A4 by Chromium, from the built site served as a static host would."""
    server, base = serve(out.root)
    try:
        asyncio.run(_print_sheets(base, out, jobs, progress))
    finally:
        server.shutdown()
        server.server_close()


def _footer(title: str) -> str:
    # Chromium draws the footer in the page margin, outside the document: its style must be inline.
    escaped = title.replace("&", "&amp;").replace("<", "&lt;")
    return (
        '<div style="font: 8pt sans-serif; color: #000; width: 100%; margin: 0 14mm; display: flex; '
        f'justify-content: space-between;"><span>Naipes · {escaped}</span>'
        '<span><span class="pageNumber"></span>/<span class="totalPages"></span></span></div>'
    )


def _check_length(job: PrintJob, data: bytes) -> None:
    """A sheet for the table that needs more A4 pages than it may fill stops the build."""
    pages = len(PdfReader(io.BytesIO(data)).pages)
    if job.max_pages is not None and pages > job.max_pages:
        raise BuildError(
            f"{job.url}: the sheet for the table runs to {pages} A4 pages, over its {job.max_pages}: "
            "shorten its text (content/<lang>/sheets/)"
        )


async def _print_sheets(base: str, out: Output, jobs: list[PrintJob], progress: Progress) -> None:
    from playwright.async_api import Error as PlaywrightError, async_playwright

    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    printed = 0
    async with async_playwright() as playwright:
        try:
            browser = await playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        except PlaywrightError as error:
            raise BuildError(f"Chromium does not start, so no PDF can be printed: {error}") from None
        slots = asyncio.Semaphore(PDF_CONCURRENCY)

        async def print_one(job: PrintJob) -> None:
            nonlocal printed
            async with slots:
                data = await _print(browser, base, job.url, job.title, PlaywrightError)
            _check_length(job, data)
            out.write(job.target, data)
            printed += 1
            progress.update("pdf", printed, len(jobs), job.target)

        try:
            await asyncio.gather(*(print_one(job) for job in jobs))
        finally:
            await browser.close()


async def _print(browser, base: str, url: str, title: str, browser_error: type[Exception]) -> bytes:
    """One sheet's PDF; a sheet that fails to load or throws in the page stops the build."""
    page = await browser.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        response = await page.goto(base + url, wait_until="load")
        if response is None or not response.ok:
            raise BuildError(f"{url}: the sheet does not load for printing")
        if problems:
            raise BuildError(f"{url}: the sheet fails in Chromium: {problems[0]}")
        return await page.pdf(
            format="A4", print_background=True, prefer_css_page_size=True,
            display_header_footer=True, header_template="<span></span>", footer_template=_footer(title),
        )
    except browser_error as error:
        raise BuildError(f"{url}: Chromium could not print it: {error}") from None
    finally:
        await page.close()

"""Fixtures shared by every test: the app and its client (as in the Flask tutorial),
and for browser tests a live server and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading

import pytest
from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from naipes.content import CONTENT_DIR, load_library
from naipes.publish.catalogs import compile_catalogs
from naipes.publish.pdf import CHROMIUM_ARGS
from naipes.web import create_app
from tests import sampling
from tests.servers import PostgresServer, RedisServer


LONG_FILES = {"test_build.py", "test_toy_game.py", "test_new_game.py", "test_fresh_install.py"}
"""Files of a few long tests each (a whole build, or the site's tests run again in a copy of the checkout)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--fast", action="store_true",
                     help="the quick tier: no browser, no PostgreSQL or Redis server, no slow test, every sweep sampled")


def pytest_configure(config: pytest.Config) -> None:
    sampling.FAST = bool(config.getoption("fast"))
    # Every app this test process makes keeps its tables in a store of the process's own, removed
    # at the end, rather than in the checkout's instance folder.
    if "NAIPES_DATABASE_URL" not in os.environ:
        folder = tempfile.mkdtemp(prefix="naipes-tables-")
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
        os.environ["NAIPES_DATABASE_URL"] = f"sqlite:///{folder}/tables.sqlite"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests and the long files come first. The test command hands out whole files
    (``--dist loadfile``), and these are the longest, with few tests each: handed out last, as
    xdist's own order (most tests first) does, one of them ran alone at the end of the run.
    The quick tier leaves out what drives Chromium, starts a PostgreSQL or Redis server (each such test
    has its twin on SQLite or in one process there) or is marked slow."""
    if config.getoption("fast"):
        def quick(item: pytest.Item) -> bool:
            servers = {"postgresql", "redis_url"} & set(getattr(item, "fixturenames", ()))
            return not ("browser" in item.path.parts or item.get_closest_marker("browser")
                        or item.get_closest_marker("slow") or servers)

        config.hook.pytest_deselected(items=[item for item in items if not quick(item)])
        items[:] = [item for item in items if quick(item)]
    items.sort(key=lambda item: not ("browser" in item.path.parts or item.path.name in LONG_FILES))


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs():
    """The ``.mo`` files compiled afresh from the ``.po`` files, before any test makes an app:
    the app refuses to start without them, and stale ones would show old words."""
    compile_catalogs(load_library(CONTENT_DIR).languages)


@pytest.fixture(scope="session")
def app():
    # The pool thinks at the tests' own priority: niced, it would wait for every other test process.
    return create_app({"TESTING": True, "SECRET_KEY": "the tests share this key", "POOL_NICE": 0})


@pytest.fixture(scope="session")
def postgresql():
    """A throwaway PostgreSQL server of this test process (``tests/servers.py``): ``.fresh_database()``
    gives a test an empty database's URL."""
    server = PostgresServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def redis_url():
    """The URL of a throwaway Redis server of this test process, empty when it starts."""
    server = RedisServer().start()
    yield server.url
    server.stop()


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def live_server(app):
    """The app on a free loopback port, in a thread, for the browser."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("Debian's chromium is not installed: run ./scripts/test, which installs it")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture()
def page(browser):
    """A fresh page that fails the test on any console error or uncaught exception. The service worker is
    blocked, so that each page is served as it is now; tests/browser/test_offline.py has it."""
    context = browser.new_context(locale="es-ES", service_workers="block")
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.problems = problems
    yield page
    context.close()
    assert not problems, f"the page reported errors: {problems}"

"""Fixtures shared by every test: the app and its client (as in the Flask tutorial),
and for browser tests a live server and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server
from xdist.scheduler import LoadScopeScheduling

from naipes.content import CONTENT_DIR, load_library
from naipes.publish.catalogs import compile_catalogs
from naipes.publish.pdf import CHROMIUM_ARGS
from naipes.web import create_app
from tests import sampling
from tests.servers import PostgresServer, RedisServer


LONG_FILES = {"test_build.py", "test_toy_game.py", "test_new_game.py", "test_fresh_install.py", "test_starvation.py",
              "test_tables_hidden.py"}
"""Files of a few long tests each (a whole build, the site's tests run again in a copy of the checkout, a
production server under attack, tables played to their end)."""


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
    """The long files come first, then the browser tests: handed out last, one long file ran alone at
    the end of the run.
    The quick tier leaves out what drives Chromium, starts a PostgreSQL or Redis server (each such test
    has its twin on SQLite or in one process there) or is marked slow."""
    if config.getoption("fast"):
        def quick(item: pytest.Item) -> bool:
            servers = {"postgresql", "redis_url"} & set(getattr(item, "fixturenames", ()))
            return not ("browser" in item.path.parts or item.get_closest_marker("browser")
                        or item.get_closest_marker("slow") or servers)

        config.hook.pytest_deselected(items=[item for item in items if not quick(item)])
        items[:] = [item for item in items if quick(item)]
    items.sort(key=lambda item: (item.path.name not in LONG_FILES, "browser" not in item.path.parts))


class _TestOrSharedFile(LoadScopeScheduling):
    """``--dist loadscope`` as the test command uses it: the tests are handed out one by one, so that
    the processes finish together, but those of a file with a fixture made once for the file (a whole
    build, a fresh install, a server: ``scope="module"`` in its text) all go to one process, which
    makes it once. (``--dist loadgroup`` would do it with markers, but pytest-xdist 3.8 marks a test
    where pytest 9 no longer reads it.)"""

    def __init__(self, config: pytest.Config, log=None) -> None:
        super().__init__(config, log)
        tests = Path(__file__).parent
        self.shared = {path.relative_to(config.rootpath).as_posix() for path in tests.rglob("test_*.py")
                       if 'scope="module"' in path.read_text(encoding="utf-8")}

    def _split_scope(self, nodeid: str) -> str:
        file = nodeid.split("::", 1)[0]
        return file if file in self.shared else nodeid


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    return _TestOrSharedFile(config, log) if config.getvalue("dist") == "loadscope" else None


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

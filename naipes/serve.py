"""Run the site: gunicorn in production (the default), Flask's development server with ``--dev``.

    python -m naipes.serve          # gunicorn, NAIPES_WORKERS workers on NAIPES_BIND
    python -m naipes.serve --dev    # one process that reloads on edits, for writing the site

| variable | default | what it is |
| --- | --- | --- |
| ``NAIPES_BIND`` | ``127.0.0.1:8000`` | where to listen; ``0.0.0.0:8000`` to be reached from other machines |
| ``NAIPES_WORKERS`` | 2 × cores + 1, at most 9 | gunicorn worker processes |

The app's own settings (secret key, site address, proxies) are in ``naipes/web/settings.py``.
Every worker builds the app itself (no ``--preload``): the secret key, when none is given,
is made once in the instance folder and read by all.
"""

from __future__ import annotations

import argparse
import os
import sys

from werkzeug.serving import WSGIRequestHandler

DEFAULT_BIND = "127.0.0.1:8000"
# A request is bounded work (64 KiB body, capped searches): a slow one is a fault, not a load.
TIMEOUT_SECONDS = 30


class DevRequestHandler(WSGIRequestHandler):
    """The development server's handler, minus the Werkzeug and Python versions in ``Server``."""

    server_version = "Naipes"
    sys_version = ""

    def version_string(self) -> str:
        return self.server_version


def default_workers() -> int:
    return min(2 * (os.cpu_count() or 1) + 1, 9)


def _workers(environ) -> int:
    value = environ.get("NAIPES_WORKERS", "")
    if not value:
        return default_workers()
    if not value.isdigit() or int(value) < 1:
        sys.exit(f"NAIPES_WORKERS must be a whole number of processes (1 or more), not {value!r}")
    return int(value)


def gunicorn_options(environ) -> dict:
    """gunicorn's settings from the environment: ``bind``, ``workers`` and the fixed choices."""
    return {
        "bind": environ.get("NAIPES_BIND", DEFAULT_BIND),
        "workers": _workers(environ),
        "worker_class": "sync",
        "timeout": TIMEOUT_SECONDS,
        "graceful_timeout": TIMEOUT_SECONDS,
        "keepalive": 5,
        "accesslog": "-",
        "limit_request_line": 4094,
        "limit_request_fields": 50,
        # gunicorn believes no X-Forwarded-* itself: the app's ProxyFix does, as NAIPES_PROXY_COUNT says.
        "forwarded_allow_ips": "",
    }


def run_gunicorn(options: dict) -> None:
    from gunicorn.app.base import BaseApplication

    class NaipesServer(BaseApplication):
        """gunicorn's documented custom application: each worker calls ``create_app()``."""

        def load_config(self):
            for name, value in options.items():
                self.cfg.set(name, value)

        def load(self):
            from naipes.web import create_app

            return create_app()

    NaipesServer().run()


def run_development(environ) -> None:
    from werkzeug.serving import run_simple

    from naipes.web import create_app

    host, _, port = environ.get("NAIPES_BIND", DEFAULT_BIND).rpartition(":")
    # Pages are rendered afresh on every request, so that an edit shows on the next reload.
    app = create_app({"PAGE_CACHE": False})
    run_simple(host or "127.0.0.1", int(port), app, use_reloader=True, request_handler=DevRequestHandler)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dev", action="store_true", help="Flask's development server (one process, reloads on edits)")
    args = parser.parse_args(argv)
    if args.dev:
        run_development(os.environ)
    else:
        run_gunicorn(gunicorn_options(os.environ))


if __name__ == "__main__":
    main()

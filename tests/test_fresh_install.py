"""The README's first command on a machine that has nothing installed: a copy of the checkout with no
virtual environment, served by ``./scripts/serve`` as a newcomer would, gets the runtime dependencies
alone (no test extras to pull a missing one in by chance) at the locked versions, and answers."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _checkout_files() -> list[str]:
    """What a clone holds: the tracked files and the new ones not ignored (so an uncommitted file counts
    on a developer's machine too), without the virtual environment or anything built."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, check=True, capture_output=True).stdout.decode()
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def _normal(name: str) -> str:
    """A distribution's name as PyPI compares them (``zope.event`` is ``zope-event``)."""
    return re.sub(r"[-_.]+", "-", name.strip()).lower()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read().decode()


@pytest.fixture(scope="module")
def fresh_checkout(tmp_path_factory) -> Path:
    clone = tmp_path_factory.mktemp("clone")
    for name in _checkout_files():
        (clone / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, clone / name)
    return clone


@pytest.fixture(scope="module")
def served(fresh_checkout, tmp_path_factory):
    """``./scripts/serve`` in the fresh copy, on a free port, until it answers ``/healthz``."""
    port = _free_port()
    environ = {name: value for name, value in os.environ.items()
               if name not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")}
    environ.update({"NAIPES_BIND": f"127.0.0.1:{port}", "NAIPES_WORKERS": "1",
                    "NAIPES_INSTANCE_PATH": str(tmp_path_factory.mktemp("instance"))})
    log = fresh_checkout / "serve.log"
    with log.open("wb") as output:
        server = subprocess.Popen(["./scripts/serve"], cwd=fresh_checkout, env=environ, stdout=output,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 600
        while True:
            try:
                health = _get(f"{base}/healthz")
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"./scripts/serve did not answer:\n{log.read_text(errors='replace')[-4000:]}")
                time.sleep(0.5)
        yield base, health
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)


@pytest.mark.slow
def test_the_serve_command_answers_health_and_a_page_on_a_fresh_checkout(served):
    base, (status, body) = served
    assert (status, json.loads(body)) == (200, {"status": "ok"})
    status, page = _get(f"{base}/es/")
    assert status == 200 and '<html lang="es' in page


@pytest.mark.slow
def test_the_fresh_environment_holds_the_runtime_dependencies_only_at_the_locked_versions(served, fresh_checkout):
    python = fresh_checkout / ".venv" / "bin" / "python"
    check = subprocess.run([python, "-m", "pip", "check"], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    assert subprocess.run([python, "-c", "import pytest"], capture_output=True).returncode != 0
    locked = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if "==" in line and not line.startswith("#"):
            name, _, version = line.partition("==")
            locked[_normal(name)] = version.strip()
    frozen = subprocess.run([python, "-m", "pip", "list", "--format=freeze", "--exclude-editable"],
                            capture_output=True, text=True, check=True).stdout
    installed = {_normal(name): version for name, _, version in
                 (line.partition("==") for line in frozen.split() if "==" in line)}
    unlocked = {name: version for name, version in installed.items()
                if name not in ("pip", "setuptools", "wheel") and locked.get(name) != version}
    assert not unlocked, f"installed at versions the lock does not name: {unlocked}"


def test_the_test_environment_has_no_broken_requirement():
    check = subprocess.run([sys.executable, "-m", "pip", "check"], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr

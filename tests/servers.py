"""Throwaway database and message servers for the tests: Debian's PostgreSQL and Redis, started from
their own binaries into a temporary folder and stopped (and the folder removed) at the end.

Users run the site on these servers, so the store's and the events' tests run on them too, not on
imitations. Each pytest process (each xdist worker) starts its own, on demand: PostgreSQL listens
on a Unix socket in its temporary folder only (no port to collide over), Redis on a free loopback
port; every server is also stopped at exit if a run ends without its fixtures' teardown.
``./scripts/setup --test`` installs both packages where they are missing.
"""

from __future__ import annotations

import atexit
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

STARTUP_SECONDS = 30


class ServerMissing(RuntimeError):
    """A server's binary is not installed: ``./scripts/setup --test`` installs it."""


def _as_postgres() -> dict:
    """PostgreSQL refuses to run as root: as root, its commands run as Debian's ``postgres`` user."""
    return {"user": "postgres"} if os.geteuid() == 0 else {}


def _postgres_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda path: int(Path(path).parts[4]))
    if not found:
        raise ServerMissing("PostgreSQL is not installed: run ./scripts/setup --test")
    return Path(found[-1]).parent


class PostgresServer:
    """A PostgreSQL cluster in a temporary folder, reached through its socket there, trusting local users."""

    def __init__(self, durable: bool = False) -> None:
        self.durable = durable
        self.bin = _postgres_bin()
        self.folder = Path(tempfile.mkdtemp(prefix="naipes-pg-"))
        self.data = self.folder / "data"
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self.running = False

    def start(self) -> PostgresServer:
        run = {**_as_postgres(), "check": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
        subprocess.run([self.bin / "initdb", "-D", self.data, "-A", "trust", "-U", "postgres", "-E", "UTF8",
                        "--locale", "C.UTF-8", "--no-sync"], **run)
        # Durability is the server's business, not the tests': without fsync a cluster starts and
        # commits fast (a benchmark asks for a ``durable`` one). The socket only, in the folder: no
        # port shared with another worker.
        options = f"-k {self.folder} -c listen_addresses='' -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        subprocess.run([self.bin / "pg_ctl", "-D", self.data, "-o", options, "-l", self.folder / "log",
                        "-w", "-t", str(STARTUP_SECONDS), "start"], **run)
        self.running = True
        atexit.register(self.stop)
        return self

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of ``database`` on this server (psycopg 3, through the socket)."""
        return f"postgresql+psycopg://postgres@/{database}?host={self.folder}"

    def fresh_database(self) -> str:
        """The URL of a new, empty database on this server, for a test that wants a store of its own."""
        name = "naipes_" + uuid.uuid4().hex[:12]
        subprocess.run([self.bin / "createdb", "-h", str(self.folder), "-U", "postgres", name],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        return self.url(name)

    def stop(self) -> None:
        if self.running:
            self.running = False
            subprocess.run([self.bin / "pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop"],
                           **_as_postgres(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(self.folder, ignore_errors=True)


def free_port() -> int:
    """A loopback port nobody listens on now (the server is retried on another if one takes it first)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class RedisServer:
    """A Redis server on a free loopback port, keeping nothing on disk."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise ServerMissing("redis-server is not installed: run ./scripts/setup --test")
        self.binary = binary
        self.folder = Path(tempfile.mkdtemp(prefix="naipes-redis-"))
        self.process: subprocess.Popen | None = None
        self.port = 0

    def start(self) -> RedisServer:
        for _ in range(5):
            self.port = free_port()
            self.process = subprocess.Popen(
                [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                 "--dir", str(self.folder), "--daemonize", "no", "--loglevel", "warning"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + STARTUP_SECONDS
            while self.process.poll() is None and time.monotonic() < deadline:
                if _answers_ping(self.port):
                    atexit.register(self.stop)
                    return self
                time.sleep(0.05)
            self._terminate()
        raise RuntimeError("redis-server did not start")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        self._terminate()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _terminate(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

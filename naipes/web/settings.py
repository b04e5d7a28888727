"""What an operator sets in the environment, checked at start-up, and the secret key every worker shares.

| variable | default | what it is |
| --- | --- | --- |
| ``NAIPES_SECRET_KEY`` | kept in the instance folder | the key that signs what the site signs; every instance behind one address needs the same |
| ``NAIPES_SITE_URL`` | ``http://localhost:8000`` | the public address: canonical links, sitemap, redirects |
| ``NAIPES_TRUSTED_HOSTS`` | none | more ``Host`` names to answer (comma-separated), e.g. a load balancer's health check |
| ``NAIPES_PROXY_COUNT`` | ``0`` | how many proxies in front set ``X-Forwarded-*``; only those headers are believed |
| ``NAIPES_TABLE_LIFETIME`` | ``172800`` (two days) | seconds a table stays open after it is made (one day at least); older ones answer 410 and are deleted |
| ``NAIPES_REDIS_URL`` | none (events within one instance) | the Redis that carries table events between instances and keeps the rate limits: ``redis://host:6379/0`` |
| ``NAIPES_TURN_SECONDS`` | ``60`` | how long a person's turn lasts at a table with friends before the computer plays that move |
| ``NAIPES_DATABASE_URL`` | SQLite in the instance folder | where tables are kept: ``postgresql://user:password@host/database`` for a site of many instances, or ``sqlite:////path/file`` |
| ``NAIPES_POOL_PROCESSES`` | the number of cores | processes of each web worker's compute pool (searches, computer players, reviews) |
| ``NAIPES_POOL_QUEUE`` | twice the processes | questions that may wait for a pool process; past it, 503 ``busy`` |
| ``NAIPES_POOL_NICE`` | ``10`` | how much lower the pool's OS priority is than the web workers' (0 to 19) |

A wrong value stops the start with a message that names the variable, rather than
serving with a setting nobody meant.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

from ..compute import DEFAULT_NICE, default_processes
from ..tables.friends import DEFAULT_TURN_SECONDS
from ..tables.store import DEFAULT_LIFETIME, MIN_LIFETIME

DEFAULT_SITE_URL = "http://localhost:8000"
KEY_FILE = "secret_key"
# Answered whatever the site's address: a request made on the machine itself.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")


class SettingsError(ValueError):
    """A setting from the environment that cannot be used, with the variable's name."""


def site_url(value: str) -> str:
    """An http(s) origin with no path, as ``https://naipes.example``: links are made by appending paths."""
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path.strip("/") or parts.query:
        raise SettingsError(f"NAIPES_SITE_URL must be an http(s) address with no path, not {value!r}")
    return f"{parts.scheme}://{parts.netloc}"


def _proxy_count(value: str) -> int:
    if not value.strip().isdigit():
        raise SettingsError(f"NAIPES_PROXY_COUNT must be a whole number of proxies (0 for none), not {value!r}")
    return int(value)


def _table_lifetime(value: str) -> int:
    if not value.strip().isdigit() or int(value) < MIN_LIFETIME:
        raise SettingsError(f"NAIPES_TABLE_LIFETIME must be a whole number of seconds, {MIN_LIFETIME} (a day) or more,"
                            f" not {value!r}")
    return int(value)


def database_url(value: str) -> str | None:
    """The SQLAlchemy URL of the tables' database, PostgreSQL through psycopg 3; None for the default."""
    value = value.strip()
    if not value:
        return None
    scheme, separator, rest = value.partition("://")
    if not separator or scheme not in ("postgresql", "postgres", "postgresql+psycopg", "sqlite") or not rest:
        raise SettingsError("NAIPES_DATABASE_URL must be a postgresql:// or sqlite:/// address, not "
                            f"{scheme + separator or value[:20]!r}...")
    return value if scheme == "sqlite" else f"postgresql+psycopg://{rest}"


def _redis_url(value: str) -> str | None:
    value = value.strip()
    if value and urlsplit(value).scheme not in ("redis", "rediss", "unix"):
        raise SettingsError(f"NAIPES_REDIS_URL must be a redis://, rediss:// or unix:// address, not {value[:20]!r}...")
    return value or None


def _turn_seconds(value: str) -> int:
    if not value.strip().isdigit() or int(value) < 1:
        raise SettingsError(f"NAIPES_TURN_SECONDS must be a whole number of seconds, 1 or more, not {value!r}")
    return int(value)


def _count(name: str, value: str, least: int) -> int:
    if not value.strip().isdigit() or int(value) < least:
        raise SettingsError(f"{name} must be a whole number, {least} or more, not {value!r}")
    return int(value)


def _nice(value: str) -> int:
    if not value.strip():
        return DEFAULT_NICE
    if not value.strip().isdigit() or int(value) > 19:
        raise SettingsError(f"NAIPES_POOL_NICE must be a whole number from 0 to 19, not {value!r}")
    return int(value)


def from_environment(environ: Mapping[str, str]) -> dict:
    """The app's configuration from ``NAIPES_*`` variables (the secret key apart: see ``secret_key``)."""
    url = site_url(environ.get("NAIPES_SITE_URL", DEFAULT_SITE_URL))
    extra = [host.strip() for host in environ.get("NAIPES_TRUSTED_HOSTS", "").split(",") if host.strip()]
    return {
        "SITE_URL": url,
        "PREFERRED_URL_SCHEME": urlsplit(url).scheme,
        "TRUSTED_HOSTS": [urlsplit(url).hostname, *LOOPBACK_HOSTS, *extra],
        "PROXY_COUNT": _proxy_count(environ.get("NAIPES_PROXY_COUNT", "0")),
        "TABLE_LIFETIME": _table_lifetime(environ.get("NAIPES_TABLE_LIFETIME", str(DEFAULT_LIFETIME))),
        "DATABASE_URL": database_url(environ.get("NAIPES_DATABASE_URL", "")),
        "REDIS_URL": _redis_url(environ.get("NAIPES_REDIS_URL", "")),
        "TURN_SECONDS": _turn_seconds(environ.get("NAIPES_TURN_SECONDS", str(DEFAULT_TURN_SECONDS))),
        "POOL_PROCESSES": _count("NAIPES_POOL_PROCESSES", environ.get("NAIPES_POOL_PROCESSES") or
                                 str(default_processes()), 1),
        "POOL_QUEUE": (_count("NAIPES_POOL_QUEUE", environ["NAIPES_POOL_QUEUE"], 0)
                       if environ.get("NAIPES_POOL_QUEUE") else None),
        "POOL_NICE": _nice(environ.get("NAIPES_POOL_NICE", "")),
    }


def secret_key(environ: Mapping[str, str], instance_path: str | os.PathLike) -> str:
    """``NAIPES_SECRET_KEY`` if set, else the key kept in the instance folder (made on first start)."""
    given = environ.get("NAIPES_SECRET_KEY", "")
    if given:
        if len(given) < 32:
            raise SettingsError("NAIPES_SECRET_KEY must be at least 32 characters long")
        return given
    return instance_secret_key(Path(instance_path))


def instance_secret_key(folder: Path) -> str:
    """The key in ``folder/secret_key``, made once, whichever of many workers starting together gets there first.

    The key is written whole to a private temporary file and then linked to its name:
    ``link`` fails if the name exists, so exactly one key wins and no worker ever reads
    a half-written file (``O_EXCL`` semantics, without the window between create and write).
    """
    path = folder / KEY_FILE
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=".secret-")
        try:
            with os.fdopen(descriptor, "w") as handle:
                handle.write(secrets.token_urlsafe(48))
            os.link(temporary, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(temporary)
    key = path.read_text().strip()
    if len(key) < 32:
        raise SettingsError(f"the key in {path} is too short: delete the file to make a new one")
    return key

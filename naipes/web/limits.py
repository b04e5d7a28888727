"""A fair share of the compute pool per client: every request that asks the pool (``COSTLY``) counts
against one allowance per client address, kept by flask-limiter.

The address is the one the request came from, or behind ``NAIPES_PROXY_COUNT`` proxies the one they
forwarded (``headers`` installs werkzeug's ``ProxyFix`` for that). The counts are kept in memory, per
worker, unless ``REDIS_URL`` names a Redis: then every worker and instance shares them. Over the
allowance a request is answered 429 ``rate_limited`` with ``Retry-After`` (``errors``), before it asks
anything of the pool.
"""

from __future__ import annotations

import math
import time

from flask import Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

DEFAULT_LIMIT = "10 per second;200 per minute"
"""Each client's allowance: a player of the race at its fastest pace, moving as fast as they can
click, stays well inside it; one that loops on the heaviest questions gets its share and no more."""

COSTLY = frozenset({
    "api.analysis", "analysis.page", "analysis.board", "lessons.check", "reviews.render",
    "tables.create", "tables.move", "tables.hint", "tables.tick", "tables.review", "tables.again",
    "tables.next_deal", "tables.undo",
})
"""The endpoints that ask the compute pool."""

_EXTENSION = "naipes_limiter"


def _not_costly() -> bool:
    return request.endpoint not in COSTLY


def register(app: Flask) -> None:
    """Count ``app``'s costly requests per client: ``RATE_LIMIT`` (flask-limiter's notation), in ``REDIS_URL``
    if set. An app made for tests (``TESTING``) plays whole games faster than any reader: its allowance is
    off unless ``RATELIMIT_ENABLED`` turns it on (as the allowance's own tests do)."""
    app.config.setdefault("RATE_LIMIT", DEFAULT_LIMIT)
    app.config.setdefault("RATELIMIT_ENABLED", not app.testing)
    redis = app.config.get("REDIS_URL")
    app.config.setdefault("RATELIMIT_STORAGE_URI", redis or "memory://")
    limiter = Limiter(get_remote_address, application_limits=[app.config["RATE_LIMIT"]],
                      application_limits_exempt_when=_not_costly, strategy="moving-window",
                      key_prefix="naipes", headers_enabled=False)
    limiter.init_app(app)
    app.extensions[_EXTENSION] = limiter


def retry_after() -> int:
    """Whole seconds until the breached allowance lets the client in again (1 at least)."""
    limiter: Limiter | None = current_app.extensions.get(_EXTENSION)
    breached = limiter.current_limit if limiter is not None else None
    if breached is None:
        return 1
    return max(1, math.ceil(breached.reset_at - time.time()))

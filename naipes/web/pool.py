"""The app's compute pool (``naipes.compute``): where every CPU-bound question of a request is asked.

``run(function, *args)`` asks it of the app's pool, started with the app's settings on first use
(``serve`` starts it before the first request). A full pool is ``compute.Busy``, answered by
``errors`` as 503 ``busy`` with ``Retry-After``.
"""

from __future__ import annotations

import atexit
import weakref
from collections.abc import Callable
from typing import TypeVar

from flask import Flask, current_app

from ..compute import DEFAULT_NICE, Pool

T = TypeVar("T")

_EXTENSION = "naipes_pool"
PRELOAD = ("naipes.games", "naipes.tables")
"""What the questions are made of: every game and the tables."""


def pool_of(app: Flask) -> Pool:
    """``app``'s pool, made on first use from ``POOL_PROCESSES``, ``POOL_QUEUE``, ``POOL_NICE`` and ``POOL_SETUP``
    (a picklable function each process runs once, before its first question); its processes end with the app
    or the interpreter."""
    pool = app.extensions.get(_EXTENSION)
    if pool is None:
        config = app.config
        pool = Pool(config.get("POOL_PROCESSES"), config.get("POOL_QUEUE"), nice=config.get("POOL_NICE", DEFAULT_NICE),
                    preload=PRELOAD, setup=config.get("POOL_SETUP"))
        app.extensions[_EXTENSION] = pool
        weakref.finalize(app, pool.close)
        atexit.register(pool.close)
    return pool


def run(function: Callable[..., T], *args: object) -> T:
    """``function(*args)`` in the app's pool: its answer, or the exception it raised (``compute.Busy`` when full)."""
    return pool_of(current_app._get_current_object()).run(function, *args)  # type: ignore[attr-defined]

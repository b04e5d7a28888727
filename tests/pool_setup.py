"""What a test sets in the compute pool's processes: a value the code under test reads where the pool runs it.

A test's ``monkeypatch`` changes the test's own process; the questions a request asks run in the app's
pool, so a test that needs another bound there makes an app whose pool starts with it (``POOL_SETUP``).
"""

from __future__ import annotations

import importlib
from functools import partial

from naipes.web import create_app


def patched(module: str, name: str, value: object) -> None:
    setattr(importlib.import_module(module), name, value)


def app_with(module: str, name: str, value: object):
    """An app like the tests' whose one pool process has ``module.name`` set to ``value``."""
    return create_app({"TESTING": True, "SECRET_KEY": "the tests share this key",
                       "POOL_PROCESSES": 1, "POOL_NICE": 0, "POOL_SETUP": partial(patched, module, name, value)})

"""How much of a sweep a run covers: every trial in the full suite (``./scripts/test``), a sample
in the quick tier (``./scripts/test --fast``), so the quick tier still runs every rule's test."""

from __future__ import annotations

FAST = False
"""Set by ``conftest.py`` from ``--fast`` before any test runs."""

SAMPLE = 10
"""The quick tier runs one trial in this many, and at least a few."""


def sweep(trials: int) -> int:
    """How many of a sweep's ``trials`` this run makes."""
    return max(min(trials, 5), trials // SAMPLE) if FAST else trials

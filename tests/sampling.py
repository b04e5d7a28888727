"""How much of a sweep a run covers: every trial in the full suite (``./scripts/test``), a sample
in the quick tier (``./scripts/test --fast``), so the quick tier still runs every rule's test."""

from __future__ import annotations

FAST = False
"""Set by ``conftest.py`` from ``--fast`` before any test runs."""

SAMPLE = 10
"""The quick tier runs one trial in this many, and at least a few."""


def sweep(trials: int, least: int = 5) -> int:
    """How many of a sweep's ``trials`` this run makes: in the quick tier a sample, no fewer than
    ``least`` (what the sweep needs to meet every case it asserts it met)."""
    return max(min(trials, least), trials // SAMPLE) if FAST else trials


def seconds(budget: float) -> float:
    """How long a sweep bounded by time runs beyond its least count: none in the quick tier."""
    return 0.0 if FAST else budget

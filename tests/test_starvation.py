"""The starvation benchmark (``benchmarks/starvation.py``) run short against the production server: clients
looping on the costliest questions, and crowds of slow bodies, leave the reader answered, and every
answer the attackers get is one the site may give (no 5xx but 503 ``busy``; 429 and 503 with
``Retry-After``)."""

from __future__ import annotations

import pytest

from benchmarks import starvation

# A production server each, tens of seconds: the quick tier has the pool's own checks
# (``test_compute_pool``: a page and a cheap call answered while the pool is full).
pytestmark = pytest.mark.slow


def _held_and_read(report: dict, attacks: tuple[str, ...]) -> None:
    for name in attacks:
        row = report[name]
        assert not row["failures"] and not row["workers_killed"], (name, row)
        if name != "kept-alive":
            assert row["answers"] and row["p99_ms"] < 1000, (name, row)


def test_six_clients_on_the_hardest_analysis_leave_the_reader_answered():
    report = starvation.run(seconds=1, workers=1, slow_sockets=0, only=("analysis",))
    _held_and_read(report, ("analysis",))
    assert set(report["analysis"]["statuses"]) <= {400, 429, 503}


def test_every_other_attack_run_short_leaves_the_reader_answered_and_the_site_within_its_answers():
    """The attacks but the analysis (the test above runs it, on one worker: the harder case), each
    against a server of its own."""
    others = tuple(name for name in starvation.ATTACKS if name != "analysis")
    report = starvation.run(seconds=2, workers=3, slow_sockets=330, only=others)
    _held_and_read(report, others)
    assert report["slow-bodies"]["answers"] > 0

"""The package type-checks: mypy over naipes/ (engines, tables, web), as configured in pyproject.toml."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_type_error_in_the_package():
    report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), str(ROOT / "naipes")])
    assert status == 0, report + errors

"""``scripts/new-game NAME`` in a copy of the checkout: the game it writes, registered by one line, brings every
part the site needs and keeps the game contract."""

from __future__ import annotations

import subprocess
import sys

import pytest
from test_toy_game import copy_checkout, register, run_suite


@pytest.mark.slow
def test_a_scaffolded_game_registered_by_one_line_brings_every_part_and_keeps_the_contract(tmp_path):
    copy = copy_checkout(tmp_path / "checkout")
    written = subprocess.run([sys.executable, "scripts/new-game", "snap"], cwd=copy, capture_output=True, text=True)
    assert written.returncode == 0, written.stderr
    assert "naipes/games/snap/game.py" in written.stdout and "site/templates/games/snap/table.html" in written.stdout
    register(copy, "snap", "SNAP")

    result = run_suite(copy, ["tests/test_game_parts.py", "tests/test_games.py", "tests/test_content.py",
                              "tests/test_i18n.py", "tests/test_lessons.py"], tmp_path / "report.xml", "snap")

    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "snap" in (tmp_path / "report.xml").read_text()
    again = subprocess.run([sys.executable, "scripts/new-game", "snap"], cwd=copy, capture_output=True, text=True)
    assert again.returncode == 1 and "exists already" in again.stderr

"""The promise that adding a game touches one place, kept: a fourth game (War, in ``tests/toy_game/``, laid
out as the repository is) copied into a copy of the checkout and registered by one line in the list of
games passes the site's generic tests there: the contract suite, the API and its OpenAPI document, the
tables, the play, lesson, review and rules pages, the content, the catalogs and the static build."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from test_fresh_install import _checkout_files

from naipes.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
TOY = ROOT / "tests" / "toy_game"
TOY_ID = "war"
REGISTRY = "naipes/games/__init__.py"

# The files that run over every registered game, and what they cover.
SUITE = [
    "tests/test_games.py",  # the contract: playouts, JSON, views, sentences, the computer, the table's journeys
    "tests/engine/test_schemas.py", "tests/engine/test_views_fit_schemas.py",  # the declared shapes
    "tests/test_api.py", "tests/test_openapi.py", "tests/test_hostile_clients.py",  # the API
    "tests/test_api_tables.py", "tests/test_no_server_errors.py",  # tables
    "tests/test_api_table_reviews.py",  # the play and review pages, a table played to its end
    "tests/test_play_pages.py", "tests/test_pages.py", "tests/test_lessons.py",  # play, rules and lesson pages
    "tests/test_content.py", "tests/test_i18n.py", "tests/test_game_parts.py",  # content, words, parts
    "tests/test_stylesheets.py",  # its own stylesheet or none, and no other game's
    "tests/test_build.py",  # the static build (its browser tests aside)
]

ABOUT_THE_GAMES_THERE = ("test_api_tables", "test_api_table_reviews", "test_hostile_clients", "test_no_server_errors",
                         "stops_the_build", "will_not_replace")
"""What of ``SUITE`` runs in the copy for the new game only: the tables', reviews' and hostile clients' other tests
each play one of the games already registered (here those run them), and the build's refusals are the build's own,
whatever the games."""


def copy_checkout(target: Path) -> Path:
    """The checkout copied into ``target``, with what ``./scripts/setup`` built or installed here and git
    does not list (the C extension, the HTML checker in ``node_modules``), so the copy need not again."""
    for name in _checkout_files():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    for built in (ROOT / "naipes").rglob("*.so"):
        shutil.copy2(built, target / built.relative_to(ROOT))
    if (ROOT / "node_modules").is_dir():
        (target / "node_modules").symlink_to(ROOT / "node_modules")
    return target


def register(copy: Path, package: str, constant: str) -> None:
    """The one line: the game's ``GAME`` imported and put last in the tuple that makes ``GAMES``."""
    registry = copy / REGISTRY
    text = registry.read_text(encoding="utf-8")
    listed = re.search(r"for game in \(([^)]*)\)", text)
    assert listed, f"{REGISTRY} no longer makes GAMES from one tuple"
    text = text.replace(listed.group(0), f"for game in ({listed.group(1)}, {constant})")
    text = text.replace("\n\nGAMES", f"\nfrom .{package}.game import GAME as {constant}\n\nGAMES", 1)
    registry.write_text(text, encoding="utf-8")


def registry_change(copy: Path) -> list[str]:
    """The lines of the list of games the copy changed, added or removed."""
    diff = subprocess.run(["git", "diff", "--no-index", "-U0", str(ROOT / REGISTRY), str(copy / REGISTRY)],
                          capture_output=True, text=True).stdout
    return [line for line in diff.splitlines() if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def run_suite(copy: Path, files: list[str], report: Path, game_id: str, game_only: tuple[str, ...] = ()
              ) -> subprocess.CompletedProcess:
    """pytest in the copy with this checkout's interpreter: ``naipes`` imports from the copy. The catalogs
    are compiled first, as ``./scripts/setup`` does: some test modules make an app as they are imported.
    The tests of the registered games' own parameters are left out: this suite runs them already, and
    what the copy adds is the new game's and the whole site's with it in; of the tests or files named in
    ``game_only``, only the new game's."""
    subprocess.run([sys.executable, "-m", "naipes.publish.catalogs"], cwd=copy, check=True)
    others = " or ".join([*GAMES, *game_only])
    return subprocess.run(
        [sys.executable, "-m", "pytest", *files, "-q", "-p", "no:cacheprovider", "-m", "not browser",
         "-k", f"{game_id} or not ({others})", f"--junitxml={report}"],
        cwd=copy, capture_output=True, text=True, timeout=3600,
    )


def passed_with(report: Path, word: str) -> dict[str, int]:
    """How many tests of each file passed with ``word`` among their parameters."""
    counts: dict[str, int] = {}
    for case in ElementTree.parse(report).iter("testcase"):
        if word in case.get("name", "") and not len(case):
            module = case.get("classname", "").split(".")[-1]
            counts[module] = counts.get(module, 0) + 1
    return counts


@pytest.mark.slow
def test_a_fourth_game_copied_in_and_registered_by_one_line_passes_the_sites_tests(tmp_path):
    copy = copy_checkout(tmp_path / "checkout")
    shutil.copytree(TOY, copy, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))
    register(copy, TOY_ID, "WAR")
    assert len(registry_change(copy)) == 3, "one import, and the tuple's line replaced"
    where = subprocess.run([sys.executable, "-c", "import naipes.games as g; print(g.__file__, list(g.GAMES))"],
                           cwd=copy, capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(copy)) and f"'{TOY_ID}'" in where, where

    result = run_suite(copy, SUITE, tmp_path / "report.xml", TOY_ID, ABOUT_THE_GAMES_THERE)

    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    passed = passed_with(tmp_path / "report.xml", TOY_ID)
    parametrised = {Path(name).stem for name in SUITE} - {"test_i18n"}
    assert not parametrised - set(passed), f"no test of these ran with {TOY_ID}: {parametrised - set(passed)}"

"""Every page, as served, passes the Nu HTML Checker and the current axe-core with no violation."""

import functools
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from naipes.content import load_library
from naipes.games import GAMES as REGISTERED

ROOT = Path(__file__).resolve().parents[2]
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
# axe-core from npm (package.json pins the current release): the copy axe-playwright-python bundles lags
# behind, and a page that passes an old axe may still fail the one readers' tools run.
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GAMES = list(REGISTERED)
PLAY = {"es": "jugar", "pt": "jogar"}
PAGES = ["/es/", "/pt/", "/es/no-such-page/", "/pt/no-such-page/"] + [
    f"/{lang}/{game}/" for lang in ("es", "pt") for game in GAMES
] + [f"/{lang}/{game}/{PLAY[lang]}/" for lang in ("es", "pt") for game in GAMES]
SHEETS = [f"/es/{game}/hoja/" for game in GAMES] + [f"/pt/{game}/folha/" for game in GAMES]
BOOKLETS = [f"/{lang}/{game}/sheet/" for lang in ("es", "pt") for game in GAMES]
LESSONS = [f"/es/{game}/aprende/" for game in GAMES] + [f"/pt/{game}/aprenda/" for game in GAMES]
LIBRARY = load_library()
GLOSSARIES = [f"/{lang}/{page.slug}/{glossary.slug}/" for lang in LIBRARY.languages for page in LIBRARY.games_in(lang)
              if (glossary := LIBRARY.glossary(page)) is not None]
ANALYSIS = ["/es/solo-whist/analisis/", "/pt/solo-whist/analise/",
            # the set-up form open on a position it set up, and on one it refused
            "/es/solo-whist/analisis/?action=analyse&bid=misere&bidder=1&leader=0&AS=0&KS=1&QS=2&JS=3",
            "/pt/solo-whist/analise/?action=analyse&bid=misere&bidder=1&leader=0&AS=0&KS=1&QS=2"]
PADS = [f"/{lang}/{game}/{LIBRARY.pads[lang].slug}/" for lang in LIBRARY.languages for game in GAMES]
OFFLINE = [f"/{lang}/{LIBRARY.offline[lang].slug}/" for lang in LIBRARY.languages]
INVITATIONS = [f"/es/{game}/jugar/invitacion/" for game in GAMES] + [f"/pt/{game}/jogar/convite/" for game in GAMES]
PAGES += SHEETS + BOOKLETS + LESSONS + GLOSSARIES + ANALYSIS + PADS + OFFLINE + INVITATIONS


def test_every_page_is_valid_html(client, tmp_path):
    assert VNU.is_file() and shutil.which("java"), "run ./scripts/test: it installs vnu-jar and Java"
    files = []
    for n, url in enumerate(PAGES):
        path = tmp_path / f"page{n}.html"
        path.write_bytes(client.get(url).get_data())
        files.append(str(path))
    result = subprocess.run(
        ["java", "-jar", str(VNU), "--errors-only", "--format", "json", *files],
        capture_output=True, text=True,
    )
    messages = json.loads(result.stderr or '{"messages": []}')["messages"]
    problems = [f"{PAGES[files.index(m['url'].removeprefix('file:'))]}: {m['message']}" for m in messages]
    assert not problems, "\n".join(problems)


@functools.cache
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


@pytest.mark.browser
@pytest.mark.parametrize("url", PAGES)
def test_every_page_has_no_axe_violation(page, live_server, url):
    assert AXE.is_file(), "run ./scripts/test: it installs axe-core from npm"
    response = page.goto(live_server + url)
    if response.status in (400, 404):
        page.problems[:] = [p for p in page.problems if str(response.status) not in p]
    results = Axe(_axe_source()).run(page)
    assert results.violations_count == 0, results.generate_report()

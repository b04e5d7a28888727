"""``build.py``, checked the way its output is used: the built site on a plain static file
server, driven in Chromium with no Python behind it; the PDF rule sheets opened and read;
and the build stopping, with its reason, on broken content.

The site is built once for the module (the real content and catalogs); how long it takes is
measured by hand (docs/journal/), not a timed test that a busy machine would fail.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import threading
import unicodedata
from dataclasses import dataclass
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit
from xml.etree import ElementTree

import brotli
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from pypdf import PdfReader

from naipes.content import CONTENT_DIR, load_library
from naipes.games import GAMES
from naipes.web.i18n import language_tag

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = load_library(CONTENT_DIR)
LANGUAGES = LIBRARY.languages
PAGES = [page for lang in LANGUAGES for page in LIBRARY.games_in(lang)]
LESSON_SLUGS = {"es": "aprende", "pt": "aprenda"}
PAGE_IDS = [f"{page.lang}-{page.slug}" for page in PAGES]
A4 = (595.28, 841.89)
A4_CONTENT_WIDTH_PX = round((210 - 2 * 14) / 25.4 * 96)


@dataclass
class Build:
    out: Path
    stdout: str
    stderr: str


def run_build(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "build.py"), *args], cwd=ROOT, capture_output=True, text=True, timeout=180
    )


BASE_URL = "https://naipes.example"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Build:
    out = tmp_path_factory.mktemp("build") / "dist"
    result = run_build("--out", str(out), "--base-url", BASE_URL)
    assert result.returncode == 0, f"build.py failed:\n{result.stderr}"
    return Build(out, result.stdout, result.stderr)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def static_site(built):
    """The build served by Python's plain static file server, as any static host would serve it."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(built.out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def squash(text: str) -> str:
    """Letters and digits only, without accents, lower case: what survives a PDF's text extraction intact."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[\W_]+", "", plain).lower()


def html_text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


class _Steps(HTMLParser):
    """Each example step of a sheet (its label and caption), each FAQ question, each table caption."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.steps: list[dict[str, str]] = []
        self.questions: list[str] = []
        self.table_captions: list[str] = []
        self._into: tuple[list, str | None] | None = None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "li" and "example-step" in classes:
            self.steps.append({"label": "", "caption": ""})
        elif tag == "p" and "step-label" in classes:
            self._into = (self.steps, "label")
        elif tag == "p" and "caption" in classes:
            self._into = (self.steps, "caption")
        elif tag == "summary":
            self.questions.append("")
            self._into = (self.questions, None)
        elif tag == "caption":
            self.table_captions.append("")
            self._into = (self.table_captions, None)

    def handle_endtag(self, tag):
        if tag in ("p", "summary", "caption"):
            self._into = None

    def handle_data(self, data):
        if self._into:
            target, key = self._into
            if key:
                target[-1][key] += data
            else:
                target[-1] += data


def sheet_parts(built: Build, page) -> _Steps:
    parser = _Steps()
    parser.feed((built.out / page.lang / page.slug / "sheet" / "index.html").read_text(encoding="utf-8"))
    return parser


def pdf_path(built: Build, page) -> Path:
    return built.out / page.lang / page.slug / f"naipes-{page.slug}-{page.lang}.pdf"


def quick_pdf_path(built: Build, page) -> Path:
    """The sheet for the table: ``naipes-old-maid-hoja-es.pdf``."""
    return built.out / page.lang / page.slug / f"naipes-{page.slug}-{LIBRARY.sheet(page).slug}-{page.lang}.pdf"


class _PdfTexts(dict):
    """Each PDF's pages as squashed text, read the first time a test asks for that PDF (a run of one
    game's tests reads that game's PDFs only)."""

    def __init__(self, built: Build) -> None:
        super().__init__()
        self.pages = {page_id: pdf_path(built, page) for page_id, page in zip(PAGE_IDS, PAGES)}

    def __missing__(self, page_id: str) -> list[str]:
        texts = self[page_id] = [squash(p.extract_text()) for p in PdfReader(self.pages[page_id]).pages]
        return texts


@pytest.fixture(scope="module")
def pdf_texts(built) -> _PdfTexts:
    return _PdfTexts(built)


def rules_phrase(page) -> str:
    """The first dozen words of the page's introduction: rules text that only this language has."""
    return " ".join(html_text(page.intro_html).split()[:12])


# ---------------------------------------------------------------- the build itself


def test_the_build_reports_pages_files_bytes_and_seconds_with_progress(built):
    report = re.search(r"wrote (\d+) pages, (\d+) PDFs, (\d+) files, ([\d,]+) bytes .* in ([\d.]+) s", built.stdout)
    assert report, built.stdout
    files = [path for path in built.out.rglob("*") if path.is_file()]
    assert int(report[1]) == sum(1 for path in files if path.suffix == ".html")
    assert int(report[2]) == 2 * len(PAGES)
    assert int(report[3]) == len(files)
    assert int(report[4].replace(",", "")) == sum(path.stat().st_size for path in files)
    for phase in ("pages", "assets", "data", "pdf", "rules", "links"):
        assert re.search(rf"^{phase}\s+\[\s*(\d+)/\1\]", built.stderr, re.M), f"no progress for {phase}:\n{built.stderr}"


def test_every_page_of_both_languages_is_written(built):
    expected = ["index.html", "404.html", "sitemap.xml", "robots.txt"]
    for lang in LANGUAGES:
        expected += [f"{lang}/index.html", f"{lang}/404.html"]
    for page in PAGES:
        expected += [f"{page.lang}/{page.slug}/index.html", f"{page.lang}/{page.slug}/sheet/index.html"]
        expected += [f"{page.lang}/{page.slug}/{LIBRARY.sheet(page).slug}/index.html"]
        glossary = LIBRARY.glossary(page)
        if glossary is not None:
            expected += [f"{page.lang}/{page.slug}/{glossary.slug}/index.html"]
        if GAMES[page.game].scoring_data() is not None:
            expected += [f"{page.lang}/{page.slug}/{LIBRARY.pads[page.lang].slug}/index.html"]
        expected.append(str(quick_pdf_path(built, page).relative_to(built.out)))
        expected.append(str(pdf_path(built, page).relative_to(built.out)))
    missing = [name for name in expected if not (built.out / name).is_file()]
    assert not missing


def test_assets_carry_the_hash_of_their_bytes_in_their_names(built):
    assets = [path for path in (built.out / "static").rglob("*") if path.is_file() and path.suffix not in (".gz", ".br")]
    assert {path.suffix for path in assets} >= {".css", ".js"}
    for path in assets:
        digest = re.fullmatch(r".+\.([0-9a-f]{10})\.[A-Za-z0-9]+", path.name)
        assert digest, path.name
        assert hashlib.sha256(path.read_bytes()).hexdigest()[:10] == digest[1]


def test_the_front_door_and_the_sheets_are_valid_html(built):
    """The pages the other tests do not send to the Nu HTML Checker: the build's front door and the rule sheets."""
    vnu = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
    assert vnu.is_file() and shutil.which("java"), "run ./scripts/test: it installs vnu-jar and Java"
    files = [built.out / "index.html"] + [built.out / page.lang / page.slug / "sheet" / "index.html" for page in PAGES]
    files += [built.out / page.lang / page.slug / LIBRARY.sheet(page).slug / "index.html" for page in PAGES]
    result = subprocess.run(
        ["java", "-jar", str(vnu), "--errors-only", "--format", "json", *map(str, files)],
        capture_output=True, text=True,
    )
    messages = json.loads(result.stderr or '{"messages": []}')["messages"]
    assert not messages, "\n".join(f"{m['url']}: {m['message']}" for m in messages)


def test_the_example_data_is_what_the_api_answers_in_each_language(built, app, client):
    examples = app.extensions["naipes"].examples
    assert examples
    for lang in LANGUAGES:
        listing = json.loads((built.out / "api" / "v1" / f"examples.{lang}.json").read_text(encoding="utf-8"))
        assert listing == client.get(f"/api/v1/examples?lang={lang}").get_json()
        for example_id in examples:
            written = json.loads((built.out / "api" / "v1" / "examples" / f"{example_id}.{lang}.json").read_text(encoding="utf-8"))
            assert written == client.get(f"/api/v1/examples/{example_id}?lang={lang}").get_json()


def test_the_sitemap_lists_every_page_with_its_hreflang_alternates(built):
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    urls = ElementTree.parse(built.out / "sitemap.xml").getroot().findall("s:url", ns)
    locs = {urlsplit(url.find("s:loc", ns).text).path for url in urls}
    lessons = {f"/{page.lang}/{page.slug}/{LESSON_SLUGS[page.lang]}/" for page in PAGES}
    glossaries = {f"/{page.lang}/{page.slug}/{glossary.slug}/" for page in PAGES
                  if (glossary := LIBRARY.glossary(page)) is not None}
    assert locs == {f"/{lang}/" for lang in LANGUAGES} | {f"/{page.lang}/{page.slug}/" for page in PAGES} | lessons | glossaries
    for url in urls:
        alternates = {link.get("hreflang"): urlsplit(link.get("href")).path for link in url.findall("x:link", ns)}
        assert set(alternates) == {language_tag(lang) for lang in LANGUAGES} | {"x-default"}
        assert urlsplit(url.find("s:loc", ns).text).path in alternates.values()


def test_every_text_file_has_a_gzip_and_a_brotli_copy_beside_it(built):
    texts = [path for path in built.out.rglob("*") if path.suffix in (".html", ".css", ".js", ".json", ".svg", ".xml", ".txt")]
    assert len(texts) > 40
    for path in texts:
        data = path.read_bytes()
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == data, path
        assert brotli.decompress(path.with_name(path.name + ".br").read_bytes()) == data, path


def test_pages_name_their_canonical_and_alternates_at_the_published_address(built):
    html = (built.out / "pt" / "old-maid" / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{BASE_URL}/pt/old-maid/">' in html
    assert f'<link rel="alternate" hreflang="x-default" href="{BASE_URL}/">' in html
    front = (built.out / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="alternate" hreflang="x-default" href="{BASE_URL}/">' in front


def test_robots_txt_points_at_the_sitemap_at_the_published_address(built):
    lines = (built.out / "robots.txt").read_text(encoding="utf-8").splitlines()
    assert f"Sitemap: {BASE_URL}/sitemap.xml" in lines


# ---------------------------------------------------------------- failures


def _content_copy(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)
    return content


def test_an_example_step_the_engine_refuses_stops_the_build_and_keeps_the_previous_one(tmp_path):
    content = _content_copy(tmp_path)
    path = content / "examples" / "old-maid-nines.json"
    example = json.loads(path.read_text(encoding="utf-8"))
    example["moves"][0]["cards"] = ["9H", "QS"]
    path.write_text(json.dumps(example), encoding="utf-8")
    out = tmp_path / "dist"
    out.mkdir()
    (out / ".naipes-build").write_text("a previous build")
    (out / "index.html").write_text("the previous build's page")

    result = run_build("--content", str(content), "--out", str(out))

    assert result.returncode != 0
    assert "old-maid-nines" in result.stderr and "refuses" in result.stderr, result.stderr
    assert (out / "index.html").read_text() == "the previous build's page"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["content", "dist"]


def test_a_broken_link_stops_the_build(tmp_path):
    content = _content_copy(tmp_path)
    home = content / LANGUAGES[0] / "home.md"
    home.write_text(home.read_text(encoding="utf-8") + "\n[a game we do not teach](/es/poker/)\n", encoding="utf-8")

    result = run_build("--content", str(content), "--out", str(tmp_path / "dist"))

    assert result.returncode != 0
    assert "broken link" in result.stderr and "/es/poker/" in result.stderr, result.stderr
    assert not (tmp_path / "dist").exists()


def test_a_page_missing_in_one_language_stops_the_build(tmp_path):
    content = _content_copy(tmp_path)
    page = LIBRARY.games_in(LANGUAGES[-1])[-1]
    (content / page.lang / f"{page.game}.md").unlink()

    result = run_build("--content", str(content), "--out", str(tmp_path / "dist"))

    assert result.returncode != 0
    assert "missing translation" in result.stderr and page.game in result.stderr, result.stderr


def test_a_sheet_for_the_table_that_runs_over_its_page_count_stops_the_build(tmp_path):
    content = _content_copy(tmp_path)
    sheet = content / "es" / "sheets" / "solo-whist.md"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("pages = 2", "pages = 1", 1), encoding="utf-8")

    result = run_build("--content", str(content), "--out", str(tmp_path / "dist"))

    assert result.returncode != 0
    assert "/es/solo-whist/hoja/" in result.stderr and "over its 1" in result.stderr, result.stderr
    assert not (tmp_path / "dist").exists()


def test_the_build_will_not_replace_a_folder_it_did_not_write(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")

    result = run_build("--out", str(tmp_path))

    assert result.returncode != 0
    assert "refusing" in result.stderr
    assert (tmp_path / "notes.txt").read_text() == "mine"


# ---------------------------------------------------------------- PDFs


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_every_pdf_is_an_a4_sheet_with_the_title_and_rules_in_its_language(built, pdf_texts, page):
    reader = PdfReader(pdf_path(built, page))
    for sheet in reader.pages:
        width, height = float(sheet.mediabox.width), float(sheet.mediabox.height)
        assert abs(width - A4[0]) <= 1 and abs(height - A4[1]) <= 1, (width, height)
    assert reader.metadata.title.startswith(page.title)
    text = "".join(pdf_texts[f"{page.lang}-{page.slug}"])
    assert squash(page.title) in text
    assert squash(rules_phrase(page)) in text
    for other in LANGUAGES:
        if other != page.lang:
            translation = next(p for p in LIBRARY.games_in(other) if p.game == page.game)
            assert squash(rules_phrase(translation)) not in text


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_the_sheet_holds_every_step_every_faq_answer_and_the_tables(built, app, pdf_texts, page):
    examples = app.extensions["naipes"].examples
    parts = sheet_parts(built, page)
    text = "".join(pdf_texts[f"{page.lang}-{page.slug}"])
    assert len(parts.steps) == sum(len(examples[eid].steps) + 1 for eid in page.example_ids)
    assert len(parts.questions) == len(page.faq) > 0
    for entry in page.faq:
        assert squash(html_text(entry.question)) in text
        assert squash(" ".join(html_text(entry.answer_html).split()[:12])) in text
    for caption in parts.table_captions:
        assert squash(caption) in text


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_each_sheet_for_the_table_fills_at_most_the_a4_pages_its_front_matter_gives_with_its_house_choices(built, page):
    sheet = LIBRARY.sheet(page)
    reader = PdfReader(quick_pdf_path(built, page))
    assert 1 <= len(reader.pages) <= sheet.pages
    for paper in reader.pages:
        assert abs(float(paper.mediabox.width) - A4[0]) <= 1 and abs(float(paper.mediabox.height) - A4[1]) <= 1
    text = squash("".join(paper.extract_text() for paper in reader.pages))
    assert squash(page.title) in text
    assert all(squash(section.title) in text for section in sheet.sections)


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_the_rules_page_gives_the_real_page_count_of_the_sheet_and_of_the_booklet(built, page):
    html_page = (built.out / page.lang / page.slug / "index.html").read_text(encoding="utf-8")
    links = re.search(r'<ul class="sheet-links">(.*?)</ul>', html_page, re.S)[1]
    counts = [int(n) for n in re.findall(r"\((\d+) p[áa]ginas?\)", links)]
    assert counts == [len(PdfReader(quick_pdf_path(built, page)).pages), len(PdfReader(pdf_path(built, page)).pages)]


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_no_example_step_is_cut_across_two_pages(built, pdf_texts, page):
    """A step's label (its top) and its whole caption (its bottom) are found on one page, in order."""
    pages = pdf_texts[f"{page.lang}-{page.slug}"]
    cursor = 0
    for step in sheet_parts(built, page).steps:
        label, caption = squash(step["label"]), squash(step["caption"])
        found = next((i for i in range(cursor, len(pages)) if caption in pages[i]), None)
        assert found is not None, f"caption not on one page: {step['caption']}"
        assert label in pages[found], f"{step['label']} is cut from its caption: {step['caption']}"
        cursor = found


# ---------------------------------------------------------------- in Chromium


@pytest.mark.browser
@pytest.mark.parametrize(("locale", "lang"), [("pt-PT", "pt"), ("es-ES", "es"), ("pt-BR", "pt"), ("en-GB", "es")])
def test_the_front_door_sends_each_browser_to_its_language(browser, static_site, locale, lang):
    context = browser.new_context(locale=locale)
    page = context.new_page()
    page.goto(static_site + "/")
    page.wait_for_url(f"{static_site}/{lang}/")
    assert page.locator("html").get_attribute("lang") == language_tag(lang)
    context.close()


@pytest.mark.browser
def test_the_front_door_without_javascript_links_to_every_language(browser, static_site):
    context = browser.new_context(java_script_enabled=False, locale="en-GB")
    page = context.new_page()
    page.goto(static_site + "/")
    for lang in LANGUAGES:
        assert page.locator(f'a[hreflang="{language_tag(lang)}"]').get_attribute("href") == f"/{lang}/"
    page.locator(f'a[hreflang="{language_tag(LANGUAGES[-1])}"]').click()
    page.wait_for_url(f"{static_site}/{LANGUAGES[-1]}/")
    context.close()


@pytest.mark.browser
def test_the_front_door_has_no_axe_violation(browser, static_site):
    context = browser.new_context()
    page = context.new_page()
    # Without its script the page stays put instead of leaving for a language.
    page.route("**/language.*.js", lambda route: route.fulfill(body="", content_type="text/javascript"))
    page.goto(static_site + "/")
    results = Axe().run(page)
    context.close()
    assert results.violations_count == 0, results.generate_report()


@pytest.mark.browser
@pytest.mark.parametrize("rules", PAGES, ids=PAGE_IDS)
def test_every_example_steps_through_with_no_request_to_the_api(page, app, static_site, rules):
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    response = page.goto(f"{static_site}/{rules.lang}/{rules.slug}/")
    assert response.ok
    assert page.locator("html").get_attribute("lang") == language_tag(rules.lang)
    assert page.locator("h1").inner_text() == rules.title

    examples = app.extensions["naipes"].examples
    figures = page.locator("figure.example")
    assert figures.count() == len(rules.example_ids) > 0
    for i, example_id in enumerate(rules.example_ids):
        figure = figures.nth(i)
        total = len(examples[example_id].steps)
        following = figure.locator('[data-go="next"]')
        for n in range(1, total + 1):
            following.click()
            shown, counter = figure.evaluate(
                "f => [[...f.querySelectorAll('.example-step')].map(s => !s.hidden), f.querySelector('.step-counter').textContent]"
            )
            assert shown == [j == n for j in range(total + 1)], f"{example_id}: step {n}"
            assert re.search(rf"\b{n}\b", counter) and re.search(rf"\b{total}\b", counter), counter
        if total:
            expect(following).to_be_disabled()
        if examples[example_id].try_player is not None:
            expect(figure.locator(".try-static")).to_be_visible()
            assert figure.locator("[data-try]").count() == 0

    sheet = LIBRARY.sheet(rules)
    downloads = [page.locator("a[download]").nth(i).get_attribute("href") for i in range(2)]
    assert downloads == [
        f"/{rules.lang}/{rules.slug}/naipes-{rules.slug}-{sheet.slug}-{rules.lang}.pdf",
        f"/{rules.lang}/{rules.slug}/naipes-{rules.slug}-{rules.lang}.pdf",
    ]
    for href in downloads:
        pdf = page.request.get(static_site + href)
        assert pdf.ok and pdf.body().startswith(b"%PDF")

    assert [url for url in requested if urlsplit(url).path.startswith("/api/")] == []
    assert [url for url in requested if not url.startswith(static_site)] == []


@pytest.mark.browser
@pytest.mark.parametrize("kind", ["booklet", "sheet"])
@pytest.mark.parametrize("rules", PAGES, ids=PAGE_IDS)
def test_every_sheet_fits_the_width_of_an_a4_page_in_print(browser, static_site, rules, kind):
    """Laid out for print at A4's width inside the sheet's margins (210 - 2 × 14 mm), nothing sticks out to be cut off."""
    context = browser.new_context(viewport={"width": A4_CONTENT_WIDTH_PX, "height": 1000})
    page = context.new_page()
    page.emulate_media(media="print")
    part = "sheet" if kind == "booklet" else LIBRARY.sheet(rules).slug
    page.goto(f"{static_site}/{rules.lang}/{rules.slug}/{part}/")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    context.close()
    assert overflow <= 0


@pytest.mark.browser
def test_the_language_switch_keeps_the_game_and_the_step(page, static_site):
    first, second = LANGUAGES[0], LANGUAGES[-1]
    rules = LIBRARY.games_in(first)[0]
    translation = next(p for p in LIBRARY.games_in(second) if p.game == rules.game)
    page.goto(f"{static_site}/{first}/{rules.slug}/")
    example_id = rules.example_ids[0]
    page.locator(f"#{example_id} [data-go='next']").click()
    page.locator(f'.lang-switch a[hreflang="{language_tag(second)}"]').click()
    page.wait_for_url(f"{static_site}/{second}/{translation.slug}/#{example_id}-step-1")
    assert page.locator("h1").inner_text() == translation.title
    expect(page.locator(f"#{example_id}-step-1")).to_be_visible()


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_its_own_404_page(page, static_site, lang):
    response = page.goto(f"{static_site}/{lang}/404.html")
    assert response.ok
    assert page.locator("html").get_attribute("lang") == language_tag(lang)
    assert page.locator(f'main a[href="/{lang}/"]').count() == 1


def test_the_scoring_and_what_the_site_needs_offline_are_written(built, client):
    for game in (game for game, rules in GAMES.items() if rules.scoring_data() is not None):
        written = json.loads((built.out / "api" / "v1" / game / "scoring.json").read_text(encoding="utf-8"))
        assert written == client.get(f"/api/v1/{game}/scoring").get_json()
    worker = (built.out / "sw.js").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        manifest = json.loads((built.out / lang / "manifest.webmanifest").read_text(encoding="utf-8"))
        assert manifest["start_url"] == f"/{lang}/" and manifest["lang"] == lang
        assert all((built.out / icon["src"].lstrip("/")).is_file() for icon in manifest["icons"])
        offline = f"/{lang}/{LIBRARY.offline[lang].slug}/"
        assert (built.out / offline.lstrip("/") / "index.html").is_file() and offline in worker
    assert "/sw.js\n  Cache-Control: no-cache" in (built.out / "_headers").read_text(encoding="utf-8")


@pytest.mark.browser
def test_the_static_export_keeps_a_score_pad_and_a_rules_page_offline(browser, static_site):
    lang = LANGUAGES[0]
    rules = LIBRARY.games_in(lang)[0]
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    for url in (f"/{lang}/{rules.slug}/", f"/{lang}/{rules.slug}/{LIBRARY.pads[lang].slug}/"):
        page.goto(static_site + url)
        page.evaluate("""async () => {
            while (!(await caches.match(location.href))) { await new Promise(done => requestAnimationFrame(done)); }
        }""")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("[data-pad][data-pad-ready]", state="attached")
    page.goto(f"{static_site}/{lang}/{rules.slug}/")
    assert page.locator("h1").inner_text() == rules.title
    context.close()

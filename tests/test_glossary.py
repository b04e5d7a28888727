"""Each game's glossary page in each language, and the rules page's links to it.

The glossary (``content/<lang>/glossary.toml``) gives each game term's word and meaning; every game
with a term has a glossary page (``/es/<game>/glosario/``, ``/pt/<game>/glossario/``) listing its
terms alphabetically, each under its own anchor, and the first use of each term in the rules page's
prose (never a heading, a seed quote, code or a link) links to its entry.
"""

from __future__ import annotations

import io
import re
import tomllib
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest

from naipes.content import CONTENT_DIR, load_game_page, load_glossary, load_library
from naipes.games import GAMES
from naipes.publish.freeze import make_app, page_urls, write_rules_pages, write_site
from naipes.publish.links import check_links
from naipes.publish.output import Output
from naipes.publish.progress import Progress

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = load_library()
SLUGS = {"es": "glosario", "pt": "glossario"}
PAGES = [page for lang in LIBRARY.languages for page in LIBRARY.games_in(lang)]
IDS = [f"{page.lang}-{page.game}" for page in PAGES]


def _terms(page):
    return LIBRARY.glossaries[page.lang].of(page.game)


WITH_TERMS = [page for page in PAGES if _terms(page)]


def _plain(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word.casefold()) if not unicodedata.combining(c))


class _Links(HTMLParser):
    """Each link of a page in order: its address, its text, and whether it stands in a heading."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str, bool]] = []
        self.ids: set[str] = set()
        self._open: list[str] = []
        self._href: str | None = None
        self._text = ""

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        if tag == "a":
            self._href, self._text = attributes.get("href"), ""
        self._open.append(tag)

    def handle_endtag(self, tag):
        if tag == "a" and self._href is not None:
            heading = any(name in ("h1", "h2", "h3", "summary") for name in self._open)
            self.links.append((self._href, self._text, heading))
            self._href = None
        if tag in self._open:
            del self._open[len(self._open) - 1 - self._open[::-1].index(tag)]

    def handle_data(self, data):
        if self._href is not None:
            self._text += data


def _parsed(html: str) -> _Links:
    parser = _Links()
    parser.feed(html)
    return parser


def test_every_game_with_a_term_has_its_glossary_page_in_both_languages(client):
    games = {game for glossary in LIBRARY.glossaries.values() for term in glossary.terms for game in term.games}
    assert {"old-maid", "solo-whist", "double-solitaire"} <= games
    for page in PAGES:
        if page.game in games & set(GAMES):
            assert client.get(f"/{page.lang}/{page.slug}/{SLUGS[page.lang]}/").status_code == 200, page.lang


@pytest.mark.parametrize("page", WITH_TERMS, ids=[f"{page.lang}-{page.game}" for page in WITH_TERMS])
def test_the_glossary_page_lists_every_term_alphabetically_with_its_meaning_under_its_anchor(client, page):
    response = client.get(f"/{page.lang}/{page.slug}/{SLUGS[page.lang]}/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    terms = _terms(page)
    words = re.findall(r'<div id="([^"]+)">\s*<dt>([^<]+)</dt>\s*<dd>([^<]+)</dd>', html)
    assert [(term.anchor, term.word, term.meaning) for term in terms] == [
        (anchor, word, meaning.replace("&#39;", "'")) for anchor, word, meaning in words]
    assert [_plain(word) for _, word, _ in words] == sorted(_plain(word) for _, word, _ in words)
    assert f"<h1>{LIBRARY.glossaries[page.lang].title}: {page.title}</h1>" in html
    assert re.search(rf'<a href="/{page.lang}/{page.slug}/">[^<]*{re.escape(page.rules_of)}</a>', html)


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_the_rules_page_links_to_its_glossary_and_the_first_use_of_each_term_to_its_entry(client, page):
    html = client.get(f"/{page.lang}/{page.slug}/").get_data(as_text=True)
    address = f"/{page.lang}/{page.slug}/{SLUGS[page.lang]}/"
    parsed = _parsed(html)
    assert (address, LIBRARY.glossaries[page.lang].title, False) in parsed.links
    terms = {f"{address}#{term.anchor}": term for term in _terms(page)}
    to_terms = [(href, text, heading) for href, text, heading in parsed.links if href in terms]
    assert sorted(href for href, _, _ in to_terms) == sorted(terms)
    for href, text, heading in to_terms:
        assert not heading
        assert re.fullmatch(rf"{re.escape(terms[href].word)}(?:e?s)?", text, re.IGNORECASE)


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_nothing_before_a_terms_link_uses_the_term_in_the_prose(page):
    """The link is on the first use: the prose before it never says the word."""
    blocks = [block for section in page.sections for block in section.blocks]
    prose = page.intro_html + "".join(getattr(block, "html", "") or getattr(block, "body_html", "") for block in blocks)
    prose += "".join(entry.answer_html for section in page.sections for entry in section.faq)
    for term in _terms(page):
        before = prose.split(f'#{term.anchor}" class="term">', 1)[0]
        text = re.sub(r"«[^«»]*»", "", re.sub(r"<[^>]+>", " ", before))
        assert not re.search(rf"(?<!\w){re.escape(term.word)}(?:e?s)?(?!\w)", text, re.IGNORECASE), term.word


def test_headings_seed_quotes_code_links_and_quotes_are_never_linked(tmp_path):
    folder = tmp_path / "es"
    folder.mkdir()
    (folder / "glossary.toml").write_text(
        'slug = "glosario"\ntitle = "Glosario"\nintro = "Las palabras."\n\n'
        '[[term]]\nen = "trick"\nword = "baza"\nmeaning = "Cuatro cartas."\n'
        'games = ["solo-whist"]\nwrong = []\nwhy = ""\n',
        encoding="utf-8")
    (folder / "solo-whist.md").write_text("""---
title = "T"
game = "solo-whist"
slug = "solo-whist"
summary = "Una baza."
players = "4"
deck = "52"
length = "1"
special = "-"
order = 1
playing = "a"
rules_of = "de"
---

Una [baza](/otra/) enlazada, una `baza` en código y una «baza» citada.

{#play}
## La baza

::: seed es
- «Gana la baza el triunfo más alto.»
:::

::: choice c
seed = "una baza"
open = "o"
follows = "f"
claims = ["baza"]

Aquí la baza, y otra baza.
:::
""", encoding="utf-8")
    glossary = load_glossary(folder / "glossary.toml")
    page = load_game_page(folder / "solo-whist.md", glossary)
    assert page.intro_html.count('class="term"') == 0
    choice = page.sections[0].blocks[1]
    linked = '<a href="/es/solo-whist/glosario/#baza" class="term">baza</a>'
    assert choice.body_html == f"<p>Aquí la {linked}, y otra baza.</p>\n"


def test_a_term_of_a_game_needs_its_meaning(tmp_path):
    path = tmp_path / "glossary.toml"
    path.write_text('slug = "g"\ntitle = "G"\nintro = "I"\n\n[[term]]\nen = "trick"\nword = "baza"\n'
                    'games = ["solo-whist"]\nwrong = []\nwhy = ""\n', encoding="utf-8")
    with pytest.raises(ValueError, match="meaning"):
        load_glossary(path)


def test_the_language_switch_and_the_alternates_map_one_glossary_onto_the_other(client):
    html = client.get("/es/solo-whist/glosario/").get_data(as_text=True)
    assert '<a href="/pt/solo-whist/glossario/" hreflang="pt-PT" lang="pt-PT" data-lang-link>Português</a>' in html
    assert re.search(r'<link rel="canonical" href="[^"]*/es/solo-whist/glosario/">', html)
    assert re.search(r'<link rel="alternate" hreflang="pt-PT" href="[^"]*/pt/solo-whist/glossario/">', html)
    back = client.get("/pt/solo-whist/glossario/").get_data(as_text=True)
    assert '<a href="/es/solo-whist/glosario/" hreflang="es-ES" lang="es-ES" data-lang-link>Español</a>' in back


def test_a_glossary_slug_in_the_other_language_or_under_no_game_is_not_found(client):
    assert client.get("/es/solo-whist/glossario/").status_code == 404
    assert client.get("/pt/solo-whist/glosario/").status_code == 404
    assert client.get("/es/no-such-game/glosario/").status_code == 404


def test_the_sitemap_and_the_static_export_list_every_glossary_page(client):
    sitemap = client.get("/sitemap.xml").get_data(as_text=True)
    for page in PAGES:
        url = f"/{page.lang}/{page.slug}/{SLUGS[page.lang]}/"
        assert re.search(rf"<loc>[^<]*{re.escape(url)}</loc>", sitemap)
        assert url in page_urls(LIBRARY)


@pytest.mark.slow
def test_the_static_export_writes_each_glossary_page_and_each_terms_link_lands_on_its_entry(tmp_path):
    """The pages as the build writes them, without the PDFs: the build's own link check follows every
    link to a glossary entry to its page and its anchor."""
    app = make_app(CONTENT_DIR, ROOT / "translations", "https://naipes.example", tmp_path)
    out = Output(tmp_path)
    write_site(app, out, Progress(io.StringIO()))
    write_rules_pages(app, out, Progress(io.StringIO()))
    written = set(out.files)
    assert {f"{page.lang}/{page.slug}/{SLUGS[page.lang]}/index.html" for page in WITH_TERMS} <= written
    terms = [value for links in out.links.values() for _, _, value in links
             if any(f"/{slug}/#" in value for slug in SLUGS.values())]
    assert len(terms) >= sum(len(_terms(page)) for page in PAGES)
    check_links(out)


@pytest.mark.parametrize("lang", LIBRARY.languages)
def test_no_meaning_uses_a_word_the_glossary_strikes_out(lang):
    path = CONTENT_DIR / lang / "glossary.toml"
    with path.open("rb") as toml:
        entries = tomllib.load(toml)["term"]
    struck = [pattern for entry in entries for pattern in entry["wrong"]]
    found = [(term.word, pattern) for term in LIBRARY.glossaries[lang].terms for pattern in struck
             if re.search(pattern, re.sub(r"«[^«»]*»", "", term.meaning))]
    assert found == []

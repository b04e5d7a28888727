"""What a reader gets from each address: the right language, the right page, kind errors."""

import re

import pytest

from naipes.games import GAMES as REGISTERED

GAMES = list(REGISTERED)
PAGES = ["/es/", "/pt/"] + [f"/{lang}/{game}/" for lang in ("es", "pt") for game in GAMES]


@pytest.mark.parametrize(
    ("header", "lang"),
    [("pt-PT,pt;q=0.9", "pt"), ("pt-BR", "pt"), ("pt", "pt"), ("es-ES,es;q=0.9", "es"),
     ("en-GB,en;q=0.8", "es"), ("fr-FR, pt;q=0.5", "pt"), ("", "es")],
)
def test_the_root_sends_a_visitor_to_their_language(client, header, lang):
    response = client.get("/", headers={"Accept-Language": header})
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/{lang}/")
    assert "Accept-Language" in response.headers["Vary"]


@pytest.mark.parametrize("url", PAGES)
def test_every_page_declares_its_regional_language_and_its_alternates(client, url):
    """Spain's Spanish and Portugal's Portuguese, so a screen reader picks the European voice."""
    response = client.get(url)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    tag = {"es": "es-ES", "pt": "pt-PT"}[url.split("/")[1]]
    assert f'<html lang="{tag}">' in html
    assert re.search(r'<link rel="alternate" hreflang="es-ES" href="[^"]*/es/[^"]*">', html)
    assert re.search(r'<link rel="alternate" hreflang="pt-PT" href="[^"]*/pt/[^"]*">', html)
    assert 'class="skip-link" href="#main"' in html


@pytest.mark.parametrize("game", GAMES)
def test_the_language_switch_keeps_the_reader_on_the_same_game(client, game):
    html = client.get(f"/es/{game}/").get_data(as_text=True)
    assert f'<a href="/pt/{game}/" hreflang="pt-PT" lang="pt-PT" data-lang-link>Português</a>' in html
    html = client.get(f"/pt/{game}/").get_data(as_text=True)
    assert f'<a href="/es/{game}/" hreflang="es-ES" lang="es-ES" data-lang-link>Español</a>' in html


@pytest.mark.parametrize("url", PAGES)
def test_nothing_is_fetched_from_outside_the_site(client, url):
    html = client.get(url).get_data(as_text=True)
    # Canonical and alternate links name the page's address for search engines: nothing loads them.
    loaded = re.sub(r'<link rel="(canonical|alternate)"[^>]*>', "", html)
    assert not re.search(r'(src|href)="(https?:)?//', loaded)


@pytest.mark.parametrize("url", PAGES)
def test_headings_never_skip_a_level(client, url):
    html = client.get(url).get_data(as_text=True)
    levels = [int(level) for level in re.findall(r"<h([1-6])[ >]", html)]
    assert levels[0] == 1 and levels.count(1) == 1
    assert all(b - a <= 1 for a, b in zip(levels, levels[1:]))


def test_rules_pages_number_their_sections_and_open_with_a_contents_list(client):
    html = client.get("/es/old-maid/").get_data(as_text=True)
    assert '<span class="section-number">01</span>' in html
    assert '<nav class="toc"' in html


def test_faq_answers_are_details_elements(client):
    html = client.get("/pt/solo-whist/").get_data(as_text=True)
    assert html.count("<details>") >= 8
    assert html.count("<summary>") == html.count("<details>")


@pytest.mark.parametrize(
    ("url", "header", "words"),
    [("/es/no-such-game/", "", "Página no encontrada"), ("/pt/no-such-game/", "", "Página não encontrada"),
     ("/fr/", "pt-PT", "Página não encontrada"), ("/fr/old-maid/", "es", "Página no encontrada")],
)
def test_unknown_languages_and_games_get_a_kind_404_page(client, url, header, words):
    response = client.get(url, headers={"Accept-Language": header})
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert words in response.get_data(as_text=True)


def test_pages_carry_security_headers(client):
    response = client.get("/es/")
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_assets_have_content_hashed_names_and_are_cached_forever(client):
    html = client.get("/es/").get_data(as_text=True)
    href = re.search(r'href="(/static/css/site\.[0-9a-f]{10}\.css)"', html).group(1)
    response = client.get(href)
    assert response.status_code == 200
    assert "immutable" in response.headers["Cache-Control"]
    assert client.get("/static/css/site.css").status_code == 404
    assert client.get("/static/css/site.0000000000.css").status_code == 404


@pytest.mark.parametrize(("lang", "label", "sentence"), [
    ("es", "Nuestra elección.", "La variante no dice {open}; seguimos {follows}."),
    ("pt", "A nossa escolha.", "A variante não diz {open}; seguimos {follows}."),
])
@pytest.mark.parametrize("game", GAMES)
def test_every_house_choice_is_a_box_that_says_what_the_variant_leaves_open(app, client, lang, label, sentence, game):
    import html as html_module

    page = app.extensions["naipes"].library.game(lang, game)
    text = html_module.unescape(client.get(f"/{lang}/{game}/").get_data(as_text=True))
    assert page.choices
    for choice in page.choices:
        start = text.index(f'<div class="choice" role="note" id="choice-{choice.choice_id}">')
        box = text[start:text.index("</div>\n</div>", start)]
        assert f"<strong>{label}</strong> {sentence.format(open=choice.open, follows=choice.follows)}" in box


def test_the_race_diagram_shows_only_the_top_card_of_each_waste(client):
    """The site's rule keeps the waste squared up: what lies under its top card is not shown."""
    html = client.get("/es/double-solitaire/").get_data(as_text=True)
    step = html[html.index('id="double-solitaire-draw-three-step-2"'):]
    waste = step[step.index('class="ds-waste"'):step.index('class="ds-tableau"')]
    assert "Descarte: 6 cartas" in waste
    assert waste.count('class="card ') == 1
    assert 'aria-label="seis de tréboles' in waste


SHEETS = [f"/es/{game}/hoja/" for game in GAMES] + [f"/pt/{game}/folha/" for game in GAMES]


@pytest.mark.parametrize("url", SHEETS)
def test_each_sheet_for_the_table_reads_in_its_language_with_the_house_choices_in_one_box(client, url):
    html = client.get(url).get_data(as_text=True)
    tag = {"es": "es-ES", "pt": "pt-PT"}[url.split("/")[1]]
    assert f'<html lang="{tag}">' in html
    assert html.count('class="quick-section house-choices"') == 1
    levels = [int(level) for level in re.findall(r"<h([1-6])[ >]", html)]
    assert levels[0] == 1 and levels.count(1) == 1 and set(levels) == {1, 2}


def test_the_sheets_alternate_is_the_other_languages_sheet(client):
    html = client.get("/es/old-maid/hoja/").get_data(as_text=True)
    assert re.search(r'<link rel="alternate" hreflang="pt-PT" href="[^"]*/pt/old-maid/folha/">', html)


@pytest.mark.parametrize("url", ["/es/old-maid/folha/", "/pt/old-maid/hoja/", "/es/old-maid/hojas/"])
def test_a_sheet_answers_only_at_its_own_languages_address(client, url):
    assert client.get(url).status_code == 404


@pytest.mark.parametrize(("lang", "sheet", "label"), [("es", "hoja", "Hoja para la mesa (1 página)"), ("pt", "folha", "Folha para a mesa (1 página)")])
def test_the_rules_page_offers_the_sheet_for_the_table_and_the_full_booklet(client, lang, sheet, label):
    html = client.get(f"/{lang}/old-maid/").get_data(as_text=True)
    assert f'<a href="/{lang}/old-maid/{sheet}/">{label}</a>' in html
    assert f'<a href="/{lang}/old-maid/sheet/">' in html


def test_solo_whist_sheet_settles_every_contract_as_the_engine_does(client):
    from naipes.games.solo_whist.rules import settlement_table

    html = client.get("/es/solo-whist/hoja/").get_data(as_text=True)
    rows = re.findall(r'<tr>\s*<th scope="row">.*?</tr>', html, re.S)
    assert len(rows) == len(settlement_table()) // 2
    for row, made in zip(rows, settlement_table()[::2]):
        assert f"+{made.settlement[made.bidder]}<" in row


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_and_its_sheet_link_to_the_games_puzzles_when_it_has_some(app, client, lang, game):
    """Asked of every game alike: a game without puzzles gets no link, and its pages still render."""
    site = app.extensions["naipes_puzzles"]
    listing = f'href="/{lang}/{game}/{site.words[lang].slug}/"'
    sheet = {"es": "hoja", "pt": "folha"}[lang]
    for url in (f"/{lang}/{game}/", f"/{lang}/{game}/{sheet}/"):
        response = client.get(url)
        assert response.status_code == 200
        assert (listing in response.get_data(as_text=True)) == (game in site.by_game), url
    if game in site.by_game:
        assert client.get(f"/{lang}/{game}/{site.words[lang].slug}/").status_code == 200

"""Each game's drawing in a stylesheet of its own, ``site/static/css/games/<game-id>.css``, and the shared
stylesheets game-neutral: every page that shows a game links the game's stylesheet after the shared one
(and no other game's), under its hashed name, among the files the static export copies and the service
worker keeps; no shared stylesheet names a game, by a ``[data-game="<id>"]`` selector, by its id as a class
or by a class that only that game's templates write. A game drawn with the shared classes alone (the toy
game, War) has no stylesheet and its pages link none."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import url_for

from naipes.games import GAMES
from naipes.web import offline
from naipes.web.analysis import analysis_url
from naipes.web.assets import STATIC_DIR, asset_url, game_stylesheet, static_files
from naipes.web.lessons import lesson_url
from naipes.web.pages import glossary_url, pad_url
from naipes.web.play import play_url
from naipes.web.puzzles import daily_links
from naipes.web.reviews import review_url
from naipes.web.sitedata import current_site

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "site" / "templates"
SHARED_STYLESHEETS = sorted((STATIC_DIR / "css").glob("*.css"))
"""The stylesheets every game's pages share (each game's own are in ``css/games/``)."""

STYLESHEET_LINK = re.compile(r'<link rel="stylesheet" href="([^"]+)">')
CLASS_ATTRIBUTE = re.compile(r'class="((?:[^"{]|\{\{.*?\}\}|\{%.*?%\})*)"', re.S)
JS_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'')


def written_classes(paths) -> set[str]:
    """The classes the templates write as they stand: a class glued to an expression (``seat-{{ where }}``)
    is only a prefix, and a class behind a condition is written all the same."""
    found: set[str] = set()
    for path in paths:
        for value in CLASS_ATTRIBUTE.findall(path.read_text(encoding="utf-8")):
            value = re.sub(r"\{%.*?%\}", " ", re.sub(r"\{\{.*?\}\}", "\0", value))
            found |= {name for name in value.split() if "\0" not in name}
    return found


def scripts_words() -> set[str]:
    """Every word in the strings of the shared scripts: a class a script adds or looks for is shared."""
    words: set[str] = set()
    for path in (STATIC_DIR / "js").glob("*.js"):
        for double, single in JS_STRING.findall(path.read_text(encoding="utf-8")):
            words |= set(re.findall(r"[A-Za-z][\w-]*", double or single))
    return words


def own_classes(game_id: str) -> set[str]:
    """The classes only this game's templates write: none of the shared templates or scripts, nor another game."""
    games = {path.name for path in (TEMPLATES / "games").iterdir() if path.is_dir()}
    others = set().union(*(written_classes((TEMPLATES / "games" / other).rglob("*.html"))
                           for other in games - {game_id}))
    shared = written_classes(TEMPLATES.glob("*.html")) | scripts_words()
    return written_classes((TEMPLATES / "games" / game_id).rglob("*.html")) - others - shared


def selectors(css: str) -> list[str]:
    """Each selector of each rule, in @media blocks too."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    heads = [head.strip() for head in re.findall(r"([^{};]+)\{", css) if not head.strip().startswith("@")]
    return [part.strip() for head in heads for part in re.split(r",(?![^(]*\))", head)]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_shared_stylesheets_name_no_game(game_id):
    own = own_classes(game_id)
    named = []
    for path in SHARED_STYLESHEETS:
        for selector in selectors(path.read_text(encoding="utf-8")):
            classes = set(re.findall(r"\.(-?[A-Za-z_][\w-]*)", selector))
            if re.search(rf"\[data-game=\"?{re.escape(game_id)}\"?\]", selector) or game_id in classes or classes & own:
                named.append(f"{path.name}: {selector}")
    assert not named, (f"{game_id}'s own drawing belongs in site/static/css/games/{game_id}.css:\n"
                       + "\n".join(named))


def test_a_games_own_classes_are_those_only_its_templates_write():
    """What the test above counts as a game's own, on classes a reader can check in the templates."""
    assert {"felt-whist", "trick-area", "auction"} <= own_classes("solo-whist")
    assert {"race-tableau", "ds-side"} <= own_classes("double-solitaire")
    assert {"felt-old-maid", "pairs"} <= own_classes("old-maid")
    for shared in ("card", "hand", "seat-box", "felt", "table", "seat-me", "fan", "pile"):
        assert all(shared not in own_classes(game_id) for game_id in GAMES), shared
    assert "seat-across" not in own_classes("solo-whist"), "a class made by an expression is not read as written"


def pages_of(game_id: str) -> list[str]:
    """Every page that shows the game, in the first language: its rules, booklet, sheet for the table and
    glossary, its lesson, table and review, its score pad, analysis board and puzzles where it has them."""
    site = current_site()
    lang = site.languages[0]
    page = next(page for page in site.library.games_in(lang) if page.game == game_id)
    urls = [url_for("pages.game", lang=lang, slug=page.slug), url_for("pages.booklet", lang=lang, slug=page.slug),
            url_for("pages.quick_sheet", lang=lang, slug=page.slug, part=site.library.sheet(page).slug),
            play_url(page), review_url(page)]
    urls += [url for url in (glossary_url(page), lesson_url(page), pad_url(page), analysis_url(page)) if url]
    for title, _, listed in daily_links(lang):
        if title == page.title:
            urls += [listed, f"{listed}1/"]
    return urls


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_page_of_a_game_links_its_own_stylesheet_after_the_shared_one(app, client, game_id):
    with app.test_request_context("/"):
        own = game_stylesheet(game_id)
        others = {game_stylesheet(other) for other in GAMES if other != game_id} - {None}
        urls = pages_of(game_id)
        shared = asset_url("css/site.css")
    assert len(urls) >= 6, "every game has its rules, booklet, sheet, table, review and lesson"
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        links = STYLESHEET_LINK.findall(response.get_data(as_text=True))
        assert not others & set(links), f"{url} links another game's stylesheet"
        if own is None:
            continue
        assert own in links, f"{url} does not link {game_id}'s stylesheet"
        assert links[:2] == [shared, own], \
            f"{url}: {game_id}'s stylesheet comes right after the shared one, so that its rules win ties"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_games_stylesheet_is_served_exported_and_kept_offline(app, client, game_id):
    relative = f"css/games/{game_id}.css"
    if not (STATIC_DIR / relative).is_file():
        pytest.skip(f"{game_id} is drawn with the shared classes alone")
    assert relative in static_files(), "the static export copies every static file"
    with app.test_request_context("/"):
        href = game_stylesheet(game_id)
    assert href in {entry["url"] for entry in offline.config(app)["precache"]}, "the service worker keeps it"
    response = client.get(href)
    assert response.status_code == 200 and response.mimetype == "text/css"
    assert "immutable" in response.headers["Cache-Control"]


def test_a_game_without_a_stylesheet_links_none(app):
    with app.test_request_context("/"):
        assert game_stylesheet("a-game-drawn-with-the-shared-classes") is None


@pytest.mark.parametrize("path", sorted((STATIC_DIR / "css").rglob("*.css")), ids=lambda path: path.name)
def test_every_block_of_a_stylesheet_is_closed(path):
    """An unclosed ``@media print {`` swallows every rule after it into print alone, silently."""
    depth = 0
    for number, line in enumerate(re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
                                  .splitlines(), start=1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"{path.name}:{number} closes a block never opened"
    assert depth == 0, f"{path.name} leaves {depth} block(s) open"

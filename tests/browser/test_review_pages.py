"""The review of a finished game in Chromium, as a reader checks it: a weak reader's Solo Whist deal and
race, their costliest decision flagged with its cost, every step reachable by keys and by link, the
summary's links leading to their steps, "again" dealing the same hands; and the play page's end, which
says how much help was used and leads to the review."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect
from axe_playwright_python.sync_playwright import Axe

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_api_table_reviews import _first_moves, _play, _table, _weak_whist  # noqa: E402

from naipes.games import GAMES  # noqa: E402
from play_helpers import deal, play_to_the_end  # noqa: E402
from test_accessibility import AXE, VNU  # noqa: E402
from tests.pool_setup import app_with  # noqa: E402

pytestmark = pytest.mark.browser
REVIEW = {"es": "jugar/revision", "pt": "jogar/revisao"}


def _open_review(page, live_server, lang, game, token):
    """The review page of the table whose seat's key this tab keeps, as the play page's link leaves it."""
    page.goto(f"{live_server}/{lang}/")
    page.evaluate("([game, key]) => sessionStorage.setItem('naipes-review:' + game, key)", [game, token])
    page.goto(f"{live_server}/{lang}/{game}/{REVIEW[lang]}/")
    page.locator("figure#review").wait_for()
    return page.locator("figure#review")


def _visible_step(figure) -> int:
    return int(figure.locator(".example-step:not([hidden])").get_attribute("data-step"))


def test_a_weak_readers_solo_whist_deal_flags_the_worst_card_with_its_cost(page, live_server, app, client):
    deal = GAMES["solo-whist"].new_game(30, dealer=3)
    token = _table(app, "solo-whist", deal, level="basic")
    over = _play(client, "solo-whist", token, _weak_whist(1), moves=_first_moves(deal))
    review = client.post("/api/v1/solo-whist/tables/review?lang=es", json={"table": over["table"]}).get_json()
    worst = review["decisions"][review["summary"][0]]
    figure = _open_review(page, live_server, "es", "solo-whist", over["table"])
    summary = page.locator(".review-worst li").first
    assert f"Paso {worst['step']}" in summary.inner_text() and "Coste: 1" in summary.inner_text()
    summary.get_by_role("link", name=f"Paso {worst['step']}").click()
    assert page.url.endswith(f"#review-step-{worst['step']}")
    note = page.locator(f"#review-step-{worst['step']} .step-note.judgement")
    # The step's text, not its rendering: a step scrolled to is laid out a moment later (later steps
    # render lazily), and innerText of a step not yet laid out is empty.
    expect(note).to_be_visible()
    expect(note).to_contain_text(worst["reason"])
    assert page.locator(f"#review-step-{worst['step']} .card.back").count() == 0, "every card is face up"
    figure.locator(".example-controls [data-go=first]").click()
    figure.locator(".example-controls [data-go=next]").focus()
    page.keyboard.press("End")
    assert _visible_step(figure) == len(review["steps"])
    page.keyboard.press("ArrowLeft")
    assert _visible_step(figure) == len(review["steps"]) - 1
    link = figure.locator(".step-link").get_attribute("href")
    page.goto(f"{live_server}/es/solo-whist/{REVIEW['es']}/{link}")
    page.locator(f"{link}:not([hidden])").wait_for()


def test_a_weak_race_is_reviewed_and_the_same_deal_dealt_again(page, live_server, app, client):
    lesson = app.extensions["naipes"].lessons["double-solitaire"]
    token = _table(app, "double-solitaire", lesson.start)
    rng = random.Random(3)
    over = _play(client, "double-solitaire", token, lambda moves: rng.choice(moves), limit=1500)
    _open_review(page, live_server, "pt", "double-solitaire", over["table"])
    worst = page.locator(".review-worst li").first
    assert "Custo" in worst.inner_text() or "Em que reparar" in worst.inner_text()
    rule = worst.locator("a").nth(1)
    assert "/pt/double-solitaire/#" in rule.get_attribute("href")
    page.get_by_role("button", name="Jogar outra vez estas cartas").click()
    page.wait_for_url("**/pt/double-solitaire/jogar/")
    page.wait_for_selector("[data-play]:not([data-busy]) [data-diagram]")
    ours = page.locator("[data-diagram] .owner-0 [aria-label]").evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")
    assert any("sete de copas" in label for label in ours), "the 7♥ of the lesson's deal is the reader's again"


def test_the_end_of_a_game_says_the_help_used_and_leads_to_its_review(page, live_server):
    deal(page, live_server, "es", "old-maid", players=2)
    result = play_to_the_end(page, "es", keyboard=False)
    assert "Pistas pedidas:" in result.inner_text()
    result.get_by_role("link", name="Revisar esta partida").click()
    page.locator("figure#review").wait_for()
    assert page.url.endswith("/es/old-maid/jugar/revision/"), "the seat's key stays out of the address"
    assert "azar" in page.locator(".review-summary").inner_text()


def _finished_race(app, client):
    lesson = app.extensions["naipes"].lessons["double-solitaire"]
    rng = random.Random(3)
    return _play(client, "double-solitaire", _table(app, "double-solitaire", lesson.start),
                 lambda moves: rng.choice(moves), limit=1500)["table"]


def test_a_drawn_review_is_valid_html(client, app, tmp_path):
    """Every game's review (Solo Whist's trick grid, Old Maid's odds), and Solo Whist's again with no card
    judged in time (each one then says so: the review's bound is set inside that app's compute pool)."""
    assert VNU.is_file() and shutil.which("java")

    def whist(app, client):
        deal = GAMES["solo-whist"].new_game(30, dealer=3)
        return _play(client, "solo-whist", _table(app, "solo-whist", deal, level="basic"), _weak_whist(1),
                     moves=_first_moves(deal))["table"]

    hurried = app_with("naipes.games.solo_whist.review", "REVIEW_NODES", 0)
    hurried_client = hurried.test_client()
    old_maid = _play(client, "old-maid", _table(app, "old-maid", GAMES["old-maid"].new_game(11, players=4)),
                     lambda moves: None)["table"]
    files = []
    for lang, game, asked, token, unjudged in (
            ("pt", "double-solitaire", client, _finished_race(app, client), False),
            ("es", "solo-whist", client, whist(app, client), False),
            ("pt", "solo-whist", hurried_client, whist(hurried, hurried_client), True),
            ("pt", "old-maid", client, old_maid, False)):
        page = asked.get(f"/{lang}/{game}/{REVIEW[lang]}/").get_data(as_text=True)
        drawn = asked.post(f"/{lang}/{game}/{REVIEW[lang]}/render", json={"table": token}).get_json()["html"]
        assert ("review-unjudged" in drawn) == unjudged
        path = tmp_path / f"{game}-{lang}.html"
        path.write_text(page.replace("<div data-review-body></div>", f"<div data-review-body>{drawn}</div>"))
        files.append(str(path))
    result = subprocess.run(["java", "-jar", str(VNU), "--errors-only", "--format", "json", *files],
                            capture_output=True, text=True)
    assert json.loads(result.stderr or '{"messages": []}')["messages"] == []


def test_a_drawn_review_has_no_axe_violation(page, live_server, app, client):
    _open_review(page, live_server, "es", "double-solitaire", _finished_race(app, client))
    results = Axe(AXE.read_text(encoding="utf-8")).run(page)
    assert results.violations_count == 0, results.generate_report()


def test_without_javascript_a_drawn_review_reads_as_its_steps_with_each_judgement(browser, live_server, app, client):
    """The drawn review is the examples' widget: with no script to step through it, every step shows,
    in order, with its judgement under it."""
    token = _finished_race(app, client)
    review = client.post("/api/v1/double-solitaire/tables/review?lang=pt", json={"table": token}).get_json()
    address = f"{live_server}/pt/double-solitaire/{REVIEW['pt']}/"
    page_html = client.get(address.removeprefix(live_server)).get_data(as_text=True)
    drawn = client.post(f"/pt/double-solitaire/{REVIEW['pt']}/render", json={"table": token}).get_json()["html"]
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.route(address, lambda route: route.fulfill(
        content_type="text/html; charset=utf-8",
        body=page_html.replace("<div data-review-body></div>", f"<div data-review-body>{drawn}</div>")))
    page.goto(address)
    steps = page.locator("figure#review .example-step")
    assert steps.count() == 1 + len(review["steps"]) > 3, "the deal as dealt, then every move"
    assert all(steps.nth(n).is_visible() for n in (0, steps.count() // 2, steps.count() - 1))
    first = review["decisions"][0]
    note = page.locator(f"#review-step-{first['step']} .step-note.judgement")
    expect(note).to_be_visible()
    expect(note).to_contain_text(first["reason"])
    context.close()

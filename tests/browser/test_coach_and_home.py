"""Feedback where the eyes are, and a home that starts you, at a desktop's 1280×800 and a phone's
360×740: after an action in a lesson or at a table, the coach panel's words are inside the window
without scrolling, and at a table the hinted card is not under it; the home page's Learn, Play and
Rules links of every game are above the fold."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_helpers import PHONE, WORDS, deal, settled

from naipes.games import GAMES

DESKTOP = {"width": 1280, "height": 800}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
LINKS = {"es": ("Aprende", "Juega", "Reglas"), "pt": ("Aprenda", "Jogue", "Regras")}

IN_VIEW = """el => { const box = el.getBoundingClientRect();
  return box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth; }"""


# The middle of an element is inside the window and nothing (the pinned panel) lies on it.
UNCOVERED = """el => { const box = el.getBoundingClientRect(); const x = box.left + box.width / 2, y = box.top + box.height / 2;
  return y > 0 && y < innerHeight && el.contains(document.elementFromPoint(x, y)); }"""


def _read_in_view(page, locator, before=""):
    """Wait until ``locator`` says something new, then tell whether it is wholly in the window."""
    page.wait_for_function("([el, before]) => el.textContent.trim().length > 0 && el.textContent !== before",
                           arg=[locator.element_handle(), before])
    return locator.evaluate(IN_VIEW)


def _no_axe_violation(page):
    from axe_playwright_python.sync_playwright import Axe

    results = Axe(AXE.read_text(encoding="utf-8")).run(page)
    assert results.violations_count == 0, results.generate_report()


@pytest.mark.parametrize("size", SIZES)
def test_in_the_solo_whist_lesson_the_coach_asks_and_answers_a_wrong_bid_in_view(page, live_server, app, size):
    page.set_viewport_size(SIZES[size])
    words = app.extensions["naipes"].lesson_words(app.extensions["naipes"].lessons["solo-whist"], "es").steps[1]
    page.goto(f"{live_server}/es/solo-whist/aprende/")
    prompt = page.locator("[data-coach-prompt]")
    page.wait_for_function("el => el.textContent.trim().length > 0", arg=prompt.element_handle())
    assert words.prompt in prompt.inner_text() and prompt.evaluate(IN_VIEW)
    bids = page.locator("#solo-whist-step-0 .diagram-scroll[data-step='0'] .bid-buttons")
    message = page.locator("[data-coach-message]")
    bids.get_by_role("button", name="Paso", exact=True).click()
    assert _read_in_view(page, message), "the nudge is outside the window"
    assert words.nudge in message.inner_text()
    said = message.inner_text()
    bids.get_by_role("button", name="Paso", exact=True).click()
    assert _read_in_view(page, message, said), "the answer is outside the window"
    assert words.why in message.inner_text()
    _no_axe_violation(page)
    said = message.inner_text()
    bids.get_by_role("button", name="Solo", exact=True).click()
    assert _read_in_view(page, message, said), "the word on the right move is outside the window"
    page.locator("#solo-whist-step-1:not([hidden])").wait_for()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["solo-whist", "double-solitaire"])
def test_at_a_table_the_hints_reason_is_in_view(page, live_server, game, size):
    page.set_viewport_size(SIZES[size])
    deal(page, live_server, "pt", game)
    message = page.locator("[data-coach-message]")
    page.get_by_role("button", name=WORDS["pt"]["hint"], exact=True).click()
    settled(page)
    assert _read_in_view(page, message), "the hint's reason is outside the window"
    assert message.inner_text().startswith("Sugestão:")
    hinted = page.locator("button.hinted").first
    assert hinted.evaluate(UNCOVERED), "the hinted card is under the coach panel or outside the window"
    _no_axe_violation(page)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["es", "pt"])
def test_the_home_page_shows_where_to_start_every_game_without_scrolling(page, live_server, lang, size):
    page.set_viewport_size(SIZES[size])
    page.goto(f"{live_server}/{lang}/")
    start = page.locator(".home-start > li")
    assert start.count() == len(GAMES)
    for n in range(len(GAMES)):
        links = start.nth(n).get_by_role("link")
        assert [text.split(":")[0].strip() for text in links.all_inner_texts()] == list(LINKS[lang])
        for k in range(links.count()):
            assert links.nth(k).evaluate(IN_VIEW), (lang, n, links.nth(k).inner_text())
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    learn = start.first.get_by_role("link").first
    href = learn.get_attribute("href")
    learn.click()
    page.wait_for_url(f"**{href}")

"""The analysis board in Chromium: a reader plays the card the board rates best, sees the board analysed
again, takes it back, and sets up another example's position, by mouse and by keyboard."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGES = {"es": "/es/solo-whist/analisis/", "pt": "/pt/solo-whist/analise/"}


def _values(page) -> list[str]:
    return page.locator(".analysis-values tbody tr").all_inner_texts()


@pytest.mark.parametrize("lang", PAGES)
def test_a_card_played_from_the_board_walks_the_hand_on_and_can_be_taken_back(page, live_server, lang):
    page.goto(live_server + PAGES[lang])
    before = _values(page)
    assert before, "the first example's position is analysed as the page loads"
    page.locator(".analysis-values tbody button").first.click()
    expect(page.locator("[data-back]")).to_be_enabled()
    after = _values(page)
    assert after != before
    page.locator("[data-back]").click()
    expect(page.locator("[data-back]")).to_be_disabled()
    assert _values(page) == before
    assert page.problems == []


def test_another_example_is_set_up_from_its_link_and_played_from_the_keyboard(page, live_server):
    page.goto(live_server + PAGES["es"])
    first = page.locator(".analysis-board [data-diagram]").inner_text()
    page.locator("[data-start-position]").nth(3).click()
    expect(page.locator("[data-message]")).not_to_be_empty()
    assert page.locator(".analysis-board [data-diagram]").inner_text() != first
    assert page.locator("[data-start-position]").nth(3).get_attribute("aria-current") == "true"
    button = page.locator(".analysis-values tbody button").first
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-back]")).to_be_enabled()
    assert page.problems == []

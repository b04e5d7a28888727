"""The analysis board in Chromium: a reader plays the card the board rates best, sees the board analysed
again, takes it back, sets up another example's position, and sets up a hand of their own card by card
or dealt at random, by mouse and by keyboard."""

from __future__ import annotations

import json

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


def test_a_reader_sets_up_an_ending_card_by_card_and_deals_a_whole_hand_at_random(page, live_server):
    page.goto(live_server + PAGES["es"])
    page.get_by_text("Plantear cualquier posición").click()
    held_by_first = page.locator("#setup-8D").input_value()
    count = page.locator(f'[data-count="{held_by_first}"]')
    before = count.inner_text()
    page.locator("#setup-8D").select_option("")
    expect(count).to_have_text(str(int(before) - 1))
    page.locator("#setup-2C").select_option(held_by_first)
    expect(count).to_have_text(before)
    page.locator("#setup-bidder").focus()
    page.keyboard.press("ArrowDown")
    page.get_by_role("button", name="Analizar esta posición").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".analysis-values")).to_be_visible()
    assert "action=analyse" in page.url and "2C=" + held_by_first in page.url
    board = page.locator(".analysis-board [data-diagram]")
    expect(board.locator('[aria-label="dos de tréboles"]')).to_have_count(1)
    expect(board.locator('[aria-label="ocho de diamantes"]')).to_have_count(0)
    assert _values(page), "the ending set up is analysed"
    page.locator(".analysis-values tbody button").first.click()
    expect(page.locator("[data-back]")).to_be_enabled()

    page.locator("#setup-2C").select_option("")
    page.get_by_role("button", name="Analizar esta posición").first.click()
    expect(page.get_by_role("alert")).to_contain_text("el mismo número de cartas")
    assert page.locator("#setup-2C").input_value() == "" and not page.locator(".analysis-values").count()
    page.problems[:] = [problem for problem in page.problems if "400" not in problem]

    page.get_by_role("button", name="Repartir al azar").click()
    expect(page.locator(".analysis-board [data-diagram]")).to_be_visible()
    holders = [page.locator(f"#setup-{rank}{suit}").input_value() for suit in "SHDC"
               for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    assert sorted(holders) == sorted(str(seat) for seat in range(4) for _ in range(13))
    assert page.problems == []


def test_the_set_up_form_follows_the_board_as_examples_are_chosen_and_cards_played(page, live_server):
    page.goto(live_server + PAGES["es"])
    page.locator("[data-start-position]").nth(3).click()
    expect(page.locator("[data-back]")).to_be_disabled()
    expect(page.locator("[data-message]")).not_to_be_empty()
    shown = json.loads(page.locator("#analysis-position").input_value())
    assert page.locator("#setup-bid").input_value() == shown["contract"]["bid"]
    declaring = {shown["contract"]["bidder"], shown["contract"]["partner"]}
    assert page.locator("#setup-won").input_value() == str(
        sum(trick["winner"] in declaring for trick in shown["tricks"]))
    for seat, hand in enumerate(shown["hands"]):
        assert all(page.locator(f"#setup-{card}").input_value() == str(seat) for card in hand)
    button = page.locator(".analysis-values tbody button").first
    card = json.loads(button.get_attribute("data-move"))
    button.click()
    expect(page.locator("[data-back]")).to_be_enabled()
    assert page.locator(f"#setup-{card['card']}").input_value() == str(card["player"]), \
        "a card on the table is still its player's in the form, which sets up the trick from its lead"
    assert page.problems == []

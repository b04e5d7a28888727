"""The play pages, as a reader uses them: whole games against the computer, by clicks and by keyboard."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from play_helpers import PHONE, WORDS, deal, play_to_the_end, play_the_hint, settled

DESKTOP = {"width": 1280, "height": 800}

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("lang", "keyboard", "size"), [("es", False, DESKTOP), ("pt", True, PHONE)])
def test_a_whole_old_maid_game_against_the_computer(page, live_server, lang, keyboard, size):
    page.set_viewport_size(size)
    deal(page, live_server, lang, "old-maid", players=2)
    assert page.locator(".seat-me button.card").count() > 0, "the reader's cards are buttons"
    assert page.locator(".seat-box:not(.seat-me) .card.back").count() > 0, "the computer's fan is face down"
    result = play_to_the_end(page, lang, keyboard)
    loser = {"es": "se queda con la última dama y pierde", "pt": "fica com a última dama e perde"}[lang]
    assert loser in result.inner_text()
    assert result.get_by_role("link").first.get_attribute("href").endswith("/old-maid/#end")
    assert page.locator("[data-log] li").count() > 2, "every computer move was told"
    # Once the last moves have been shown, focus goes to the result.
    expect(page.locator("[data-result] h3")).to_be_focused(timeout=10_000)


def test_solo_whist_bids_are_named_and_the_last_trick_can_be_reviewed(page, live_server):
    deal(page, live_server, "es", "solo-whist")
    calls = page.locator(".seat-me .bid-buttons button")
    assert "Paso" in [calls.nth(i).inner_text() for i in range(calls.count())], "the calls are named in Spanish"
    for _ in range(12):
        if page.locator(".play-last-trick").count() or page.locator("[data-result]").count():
            break
        play_the_hint(page, "es", keyboard=False)
    if page.locator(".play-last-trick").count():
        page.locator(".play-last-trick summary").click()
        assert page.locator(".play-last-trick .card:visible").count() == 4
        assert "Contrato" in page.locator(".play-facts").inner_text(), "the contract stays in view"
    else:
        assert "anula" in page.locator("[data-result]").inner_text(), "only an annulled deal has no trick"


def test_old_maid_pairs_refusals_rearranging_and_undo(page, live_server):
    words = WORDS["es"]
    deal(page, live_server, "es", "old-maid", players=3)
    page.get_by_role("button", name=words["pairs"]).click()
    pairs = page.locator("#play-pairs")
    assert pairs.is_visible() and re.search(r"parejas|ninguna pareja", pairs.inner_text())
    mine = page.locator(".seat-me button.card")
    names = [mine.nth(i).get_attribute("aria-label") for i in range(mine.count())]
    first, other = 0, next(i for i, name in enumerate(names) if name.split(" de ")[0] != names[0].split(" de ")[0])
    mine.nth(first).click()
    mine.nth(other).click()
    expect(page.locator("[data-coach-message]")).to_contain_text(words["refused"])
    page.problems[:] = [problem for problem in page.problems if "422" not in problem]
    mine.nth(0).click()
    page.get_by_role("button", name=words["right"]).click()
    settled(page)
    mine = page.locator(".seat-me button.card")
    assert mine.nth(1).get_attribute("aria-label") == names[0], "the chosen card moved one place right"
    # It stays chosen, to move again, until Escape on the table lets it go.
    expect(mine.nth(1)).to_have_attribute("aria-pressed", "true")
    mine.nth(1).focus()
    page.keyboard.press("Escape")
    expect(page.locator("[data-board] button[aria-pressed=true]")).to_have_count(0)
    page.get_by_role("button", name=words["undo"]).click()
    settled(page)
    mine = page.locator(".seat-me button.card")
    assert [mine.nth(i).get_attribute("aria-label") for i in range(mine.count())] == names


def test_a_reload_or_the_language_switch_returns_to_the_game_in_play(page, live_server):
    deal(page, live_server, "es", "old-maid", players=3)
    mine = page.locator(".seat-me button.card")
    hand = [mine.nth(i).get_attribute("aria-label") for i in range(mine.count())]
    page.get_by_role("link", name="Português").click()
    page.wait_for_url("**/pt/old-maid/jogar/")
    settled(page)
    assert page.locator(".seat-me button.card").count() == len(hand), "the same game, now in Portuguese"
    page.reload()
    settled(page)
    assert page.locator(".seat-me button.card").count() == len(hand), "a reload resumes the table the server keeps"
    assert page.url.endswith("/pt/old-maid/jogar/"), "the seat's key stays out of the address"
    page.get_by_role("button", name="Jogo novo").click()
    page.reload()
    assert page.locator("[data-setup]").is_visible(), "a new game forgets the old one"


def test_without_javascript_the_play_page_says_so_and_links_to_the_rules(browser, live_server):
    context = browser.new_context(java_script_enabled=False, locale="pt-PT")
    page = context.new_page()
    page.goto(live_server + "/pt/old-maid/jogar/")
    notice = page.locator("[data-needs-js]")
    assert notice.is_visible() and "JavaScript" in notice.inner_text()
    assert notice.get_by_role("link").get_attribute("href") == "/pt/old-maid/"
    assert not page.locator("[data-setup]").is_visible()
    context.close()


@pytest.mark.parametrize(("lang", "game"), [("es", "old-maid"), ("pt", "double-solitaire"), ("es", "solo-whist")])
def test_a_dealt_table_has_no_axe_violation(page, live_server, lang, game):
    from axe_playwright_python.sync_playwright import Axe

    deal(page, live_server, lang, game)
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()

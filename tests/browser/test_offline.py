"""The score pads and the site offline, in Chromium with the service worker on: a pad opened once works
without a network after a reload, settles a series as the engine does and keeps it across reloads; a rules
page and its sheet visited once read offline; a page that needs the network says so in the reader's language."""

from __future__ import annotations

import re
import pytest

from play_helpers import no_sideways_scroll

from naipes.games.solo_whist.rules.tricks import is_made, settlement
from naipes.tables.session import places

PAD = {"es": "marcador", "pt": "marcador"}
SHEET = {"es": "hoja", "pt": "folha"}
PLAY = {"es": "jugar", "pt": "jogar"}
OFFLINE_TITLE = {"es": "Sin conexión", "pt": "Sem ligação"}
# The browser's own report of a request refused offline (the worker's update check): not the page's error.
OFFLINE_NOISE = ("ERR_INTERNET_DISCONNECTED", "sw.js", "Failed to fetch")


@pytest.fixture()
def offline(browser):
    """A fresh browser profile on a phone's screen with service workers allowed; fails the test on any console
    error of the page."""
    context = browser.new_context(locale="es-ES", service_workers="allow", viewport={"width": 360, "height": 740})
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield context, page
    context.close()
    problems = [problem for problem in problems if not any(noise in problem for noise in OFFLINE_NOISE)]
    assert not problems, f"the page reported errors: {problems}"


def kept(page, url):
    """Open ``url`` and wait until the service worker has kept it."""
    page.goto(url)
    # The worker keeps the page once it controls it (js/offline.js asks for it again): wait for the cache.
    page.evaluate("""async () => {
        while (!(await caches.match(location.href))) { await new Promise(done => requestAnimationFrame(done)); }
    }""")


def pad_offline(context, page, url):
    """The pad opened once, then read again with no network."""
    kept(page, url)
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("[data-pad][data-pad-ready]", state="attached")


def start_series(page):
    names = page.locator('[data-pad-names] input[name="name"]').evaluate_all("inputs => inputs.map(i => i.value)")
    page.locator("[data-pad-names] button[type=submit]").click()
    return [name for name in names if name]


def note(page, **fields):
    form = page.locator("[data-pad-entry]")
    for name, value in fields.items():
        field = form.locator(f'[name="{name}"]')
        if name == "count":
            form.locator(f'input[name="count"][value="{value}"]').check()
        elif isinstance(value, list):
            for one, number in zip(field.all(), value):
                one.fill(str(number))
        elif field.evaluate("element => element.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    form.locator("button[type=submit]").click()


def totals(page):
    rows = page.locator("[data-pad-totals] tr")
    return [row.locator("th, td").all_inner_texts() for row in rows.all()]


def signed(value):
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def reloaded_and_kept(page, before):
    """The series read again after a reload, and the filled pad within a phone's width."""
    page.reload()
    page.wait_for_selector("[data-pad][data-pad-ready]", state="attached")
    assert totals(page) == before
    no_sideways_scroll(page)


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_solo_whist_series_settles_offline_as_the_engine_does(offline, live_server, lang):
    context, page = offline
    pad_offline(context, page, f"{live_server}/{lang}/solo-whist/{PAD[lang]}/")
    names = start_series(page)
    deals = [("solo", 0, None, 6), ("abundance", 1, None, 7), ("proposal", 2, 0, 8), ("misere", 3, None, 1), None]
    note(page, bid="misere", bidder=3, tricks=1)
    page.locator("[data-pad-undo]").click()
    for deal in deals:
        if deal is None:
            note(page, bid="")
            continue
        bid, bidder, partner, tricks = deal
        note(page, bid=bid, bidder=bidder, **({"partner": partner} if partner is not None else {}), tricks=tricks)
    expected = [0, 0, 0, 0]
    for deal in filter(None, deals):
        bid, bidder, partner, tricks = deal
        expected = [a + b for a, b in zip(expected, settlement(bid, bidder, partner, is_made(bid, tricks)))]
    assert totals(page) == [[name, signed(chips)] for name, chips in zip(names, expected)]
    sentences = [text.replace("\u00a0", " ") for text in page.locator("[data-pad-deals] li").all_inner_texts()]
    assert len(sentences) == 5
    assert "4 fichas a cada defensor" in sentences[1] and names[1] in sentences[1]
    assert re.search(r"\b1 [bv]aza [ye] paga", sentences[3]), "one trick is said in the singular"
    reloaded_and_kept(page, totals(page))


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["es", "pt"])
def test_an_old_maid_series_counts_losses_and_equal_ones_share_a_place(offline, live_server, lang):
    context, page = offline
    pad_offline(context, page, f"{live_server}/{lang}/old-maid/{PAD[lang]}/")
    names = start_series(page)
    losers = [0, 1, 2, 0]
    for loser in losers:
        note(page, loser=loser)
    losses = [losers.count(seat) for seat in range(len(names))]
    shared = places(losses, fewer_is_better=True)
    assert shared == [3, 1, 1]
    assert totals(page) == [[name, str(lost), f"{place}.º"] for name, lost, place in zip(names, losses, shared)]
    reloaded_and_kept(page, totals(page))
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("[data-pad-new]").click()
    assert page.locator("[data-pad-names]").is_visible()
    assert page.evaluate("() => window.localStorage.getItem('naipes-pad:old-maid')") is None


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_race_series_counts_the_cards_each_deck_brought_after_a_mutual_block(offline, live_server, lang):
    context, page = offline
    pad_offline(context, page, f"{live_server}/{lang}/double-solitaire/{PAD[lang]}/")
    names = start_series(page)
    # The seed: «aportaciones de 31 y 28 dan la victoria al primero; les quedan respectivamente 21 y 24».
    note(page, count="brought", cards=[31, 28])
    note(page, count="left", cards=[24, 21])
    note(page, count="brought", cards=[30, 30])
    assert totals(page) == [[names[0], "1", str(31 + 28 + 30)], [names[1], "1", str(28 + 31 + 30)]]
    told = page.locator("[data-pad-deals] li").all_inner_texts()
    assert told[0].startswith(("Gana " if lang == "es" else "Ganha ") + names[0])
    assert told[1].startswith(("Gana " if lang == "es" else "Ganha ") + names[1])
    assert told[2].startswith("Empate")
    reloaded_and_kept(page, totals(page))


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_rules_page_and_its_sheet_visited_once_read_offline(offline, live_server, lang):
    context, page = offline
    rules = f"{live_server}/{lang}/solo-whist/"
    kept(page, rules)
    # Chromium's own verdict on installing the site as an app: only the test's private profile stands in its way.
    browser = context.new_cdp_session(page)
    assert browser.send("Page.getAppManifest")["errors"] == []
    assert [error["errorId"] for error in browser.send("Page.getInstallabilityErrors")["installabilityErrors"]] == [
        "in-incognito"]
    browser.detach()
    kept(page, f"{rules}{SHEET[lang]}/")
    context.set_offline(True)
    page.reload()
    assert page.locator("table.settlement").count() == 1
    page.goto(rules)
    assert page.locator("h1").inner_text() == "Solo whist"
    assert page.locator("[data-offline-note]").is_visible()
    page.goto(f"{rules}{PLAY[lang]}/")
    assert page.locator("h1").inner_text() == OFFLINE_TITLE[lang]

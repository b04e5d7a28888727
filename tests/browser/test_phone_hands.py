"""The whole hand on a phone, as a reader at 360 × 740 checks it: on every page that shows the reader's
hand (lessons, reviews, the analysis board, play), every card of it lies inside the screen, the hand
overlapping as a real fan does, and no page scrolls sideways; the quick sheets too. And play that
guides: Solo Whist's unplayable cards dimmed with their reason on a tap, the race's hint marks
outliving the computer's moves, a review's "try again from here"."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_api_table_reviews import _first_moves, _play, _table, _weak_whist  # noqa: E402

from naipes.games import GAMES  # noqa: E402
from play_helpers import PHONE, WORDS, deal, no_sideways_scroll, settled  # noqa: E402
from test_accessibility import AXE, VNU  # noqa: E402
from test_review_pages import _open_review  # noqa: E402

pytestmark = pytest.mark.browser

# Every card of every hand shown face up in the visible steps (a diagram's fans), and of the reader's
# own seat at a table: the cards whose box leaves the screen's width.
OUTSIDE = """() => {
  const cards = [...document.querySelectorAll('.fan .card, .ds-side .card, .seat-me .hand-mine .card, .race-mine .card')]
    .filter(card => card.offsetParent !== null);
  const outside = cards.map(card => card.getBoundingClientRect())
    .filter(box => box.left < -0.5 || box.right > innerWidth + 0.5).length;
  return {cards: cards.length, outside: outside};
}"""


def no_axe_violation(page):
    results = Axe(AXE.read_text(encoding="utf-8")).run(page)
    assert results.violations_count == 0, results.generate_report()


def valid_html(document, tmp_path):
    assert VNU.is_file() and shutil.which("java")
    path = tmp_path / "page.html"
    # Playwright's serialisation of the live page drops the doctype a served page starts with.
    body = document if document.lower().startswith("<!doctype") else "<!doctype html>\n" + document
    path.write_text(body, encoding="utf-8")
    result = subprocess.run(["java", "-jar", str(VNU), "--errors-only", "--format", "json", str(path)],
                            capture_output=True, text=True)
    assert json.loads(result.stderr or '{"messages": []}')["messages"] == []


def test_the_analysis_page_is_valid_html(client, tmp_path):
    valid_html(client.get("/es/solo-whist/analisis/").get_data(as_text=True), tmp_path)


def whole_hand(page, where):
    no_sideways_scroll(page)
    found = page.evaluate(OUTSIDE)
    assert found["cards"] > 0, f"{where}: no hand shown"
    assert found["outside"] == 0, f"{where}: {found['outside']} of {found['cards']} cards off the screen at 360 px"


@pytest.fixture()
def phone(page):
    page.set_viewport_size(PHONE)
    return page


@pytest.mark.parametrize("game", ["old-maid", "solo-whist", "double-solitaire"])
def test_a_lessons_hands_fit_a_phone(phone, live_server, game):
    phone.goto(f"{live_server}/es/{game}/aprende/")
    phone.locator("figure.example.enhanced").first.wait_for()
    whole_hand(phone, f"{game} lesson")


def _finished(app, client, game):
    if game == "solo-whist":
        deal_ = GAMES[game].new_game(30, dealer=3)
        return _play(client, game, _table(app, game, deal_, level="basic"), _weak_whist(1),
                     moves=_first_moves(deal_))["table"]
    if game == "old-maid":
        return _play(client, game, _table(app, game, GAMES[game].new_game(11, players=4)), lambda moves: None)["table"]
    rng = random.Random(3)
    lesson = app.extensions["naipes"].lessons[game]
    return _play(client, game, _table(app, game, lesson.start), lambda moves: rng.choice(moves), limit=1500)["table"]


@pytest.mark.parametrize("game", ["old-maid", "solo-whist", "double-solitaire"])
def test_a_reviews_hands_fit_a_phone_at_its_first_and_last_steps(phone, live_server, app, client, game):
    token = _finished(app, client, game)
    figure = _open_review(phone, live_server, "es", game, token)
    if game != "double-solitaire":
        whole_hand(phone, f"{game} review, the deal")
    figure.locator(".example-controls [data-go=last]").click()
    no_sideways_scroll(phone)
    no_axe_violation(phone)


def test_the_analysis_boards_hands_fit_a_phone(phone, live_server):
    phone.goto(f"{live_server}/es/solo-whist/analisis/")
    phone.locator(".analysis-values").wait_for()
    whole_hand(phone, "analysis board")
    best = phone.locator(".analysis-values tbody tr").first
    expect(best).to_have_class("analysis-best")
    no_axe_violation(phone)


@pytest.mark.parametrize("game", ["old-maid", "solo-whist"])
def test_the_readers_hand_fits_a_phone_at_the_table(phone, live_server, game):
    deal(phone, live_server, "es", game)
    whole_hand(phone, f"{game} table")


@pytest.mark.parametrize("address", ["/es/solo-whist/hoja/", "/pt/solo-whist/folha/", "/es/old-maid/hoja/",
                                     "/pt/double-solitaire/folha/"])
def test_a_quick_sheet_never_scrolls_sideways_on_a_phone(phone, live_server, address):
    phone.goto(live_server + address)
    no_sideways_scroll(phone)


def test_a_solo_whist_card_that_may_not_be_played_is_dimmed_and_a_tap_says_why(phone, live_server, tmp_path):
    deal(phone, live_server, "es", "solo-whist")
    for _ in range(40):
        dimmed = phone.locator(".seat-me button.card.unplayable")
        if dimmed.count():
            break
        phone.get_by_role("button", name=WORDS["es"]["hint"], exact=True).click()
        phone.wait_for_selector("[data-play]:not([data-busy]) button.hinted")
        phone.locator("button.hinted").first.click()
        settled(phone)
        if phone.locator("[data-result]").count():
            phone.get_by_role("button", name="Siguiente partida").click()
            settled(phone)
    else:
        pytest.fail("the reader never had to follow suit")
    expect(dimmed.first).to_have_attribute("aria-disabled", "true")
    assert float(dimmed.first.evaluate("card => getComputedStyle(card).opacity")) < 1
    dimmed.first.click(position={"x": 6, "y": 6}, force=True)
    expect(phone.locator("[data-coach-message]")).to_contain_text("tiene que servir al palo")
    whole_hand(phone, "solo-whist table, a card dimmed")
    no_axe_violation(phone)
    valid_html(phone.content(), tmp_path)


# The moves the page holds now (the last answer, kept in the tab's storage), and whether the hinted one is among them.
STILL_LEGAL = """async (move) => {
  const key = Object.keys(sessionStorage).find(name => name.startsWith('naipes-table:'));
  const seat = JSON.parse(sessionStorage.getItem(key)).table;
  const state = await fetch('/api/v1/double-solitaire/tables/state?table=' + encodeURIComponent(seat));
  const moves = (await state.json()).moves;
  return moves.some(legal => JSON.stringify(legal) === JSON.stringify(move));
}"""


def test_the_races_hint_marks_stay_while_the_computer_moves(phone, live_server):
    """After the computer's next moves, the hint's marks are there exactly when the hinted move is still
    one the reader may make (the computer may take the place it went to); the reader's move ends them."""
    deal(phone, live_server, "es", "double-solitaire")
    with phone.expect_response(lambda answer: answer.url.split("?")[0].endswith("/tables/hint")) as hinted:
        phone.get_by_role("button", name=WORDS["es"]["hint"], exact=True).click()
    phone.wait_for_selector("[data-play]:not([data-busy]) button.hinted")
    move = hinted.value.json()["move"]
    told = phone.locator("[data-log] li").count()
    # The computer moves at its pace (a move a second, the fastest): each move redraws the table.
    phone.wait_for_function(f"() => document.querySelectorAll('[data-log] li').length > {told + 1}")
    still = phone.evaluate(STILL_LEGAL, move)
    assert (phone.locator("button.hinted").count() > 0) == still, "the marks stay exactly while the move is legal"
    if not still:
        return
    phone.locator("button.hinted[data-hint-step='1']").first.click(position={"x": 8, "y": 6})
    finishing = phone.locator("button.hinted[data-hint-step='2']")
    if finishing.count():
        finishing.first.click(position={"x": 8, "y": 6})
    phone.wait_for_function("() => !document.querySelector('button.hinted')")


def test_try_again_from_a_judged_decision_opens_that_position_at_the_table(page, live_server, app, client):
    token = _finished(app, client, "solo-whist")
    review = client.post("/api/v1/solo-whist/tables/review?lang=es", json={"table": token}).get_json()
    decision = review["decisions"][0]
    _open_review(page, live_server, "es", "solo-whist", token)
    page.locator(f"#review-step-{decision['step']}").evaluate("step => step.hidden = false")
    page.locator(f"#review-step-{decision['step']} [data-again-from]").click()
    page.wait_for_url("**/es/solo-whist/jugar/")
    settled(page)
    before = review["start"] if decision["step"] == 1 else review["steps"][decision["step"] - 2]["position"]
    hand = page.locator(".seat-me .hand-mine .card").evaluate_all(
        "cards => cards.map(card => card.dataset.rank + card.dataset.suit)")
    assert len(hand) == len(before["hands"][0])

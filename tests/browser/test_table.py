"""The play pages as a card table, at a desktop's 1280 × 800 and a phone's 360 × 740: seats around
the table, the reader's hand at once, cards that travel (or not, with reduced motion), drag and drop
and double clicks in the race, a session of deals with its running score, choices and a record kept
on the device. No page ever scrolls sideways, and every button of the reader's stays on the screen."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from naipes.games.solo_whist.sentences import CALL_NAMES
from naipes.web.i18n import in_language

from play_helpers import PLAY, WORDS, deal, no_sideways_scroll, play_the_hint, settled
from test_accessibility import AXE

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 740}}

# The table the page keeps for this tab, as the server answers its seat's key, once the page has
# drawn that version of it (a move's answer may be on its way to the page).
KEPT = """async () => {
  const key = Object.keys(sessionStorage).find(name => name.startsWith('naipes-table:'));
  if (!key) return null;
  const root = document.querySelector('[data-play]');
  for (let tries = 0; tries < 100; tries += 1) {
    const seat = JSON.parse(sessionStorage.getItem(key)).table;
    const answer = await (await fetch(key.slice('naipes-table:'.length) + '/state?table=' + encodeURIComponent(seat))).json();
    if (String(answer.version) === root.dataset.version && !root.hasAttribute('data-busy')) return answer;
    await new Promise(resolve => setTimeout(resolve, 50));
  }
  return null;
}"""

# The next move is lost on its way, as with a dropped connection; the moves after it go through.
DROPPED_MOVE = """() => {
  const quick = window.fetch;
  window.fetch = (url, init) => {
    if (!String(url).includes('/move')) return quick(url, init);
    window.fetch = quick;
    return Promise.reject(new TypeError('Failed to fetch'));
  };
}"""

# Holds every move on its way to the server for a second, as a slow network would, and counts them.
SLOW_MOVES = """() => {
  window.quickFetch = window.fetch;
  window.movesSent = 0;
  window.fetch = (url, init) => {
    if (!String(url).includes('/move')) return window.quickFetch(url, init);
    window.movesSent += 1;
    return new Promise(resolve => setTimeout(resolve, 1000)).then(() => window.quickFetch(url, init));
  };
}"""

# Marks the board's button that makes exactly this move, for Playwright to click as a person would.
MARK = """(move) => {
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  document.querySelectorAll('[data-test-pick]').forEach(b => b.removeAttribute('data-test-pick'));
  const button = [...document.querySelectorAll('[data-board] button[data-move]')].find(b => {
    const made = JSON.parse(b.dataset.move);
    return Object.keys(move).length === Object.keys(made).length && Object.keys(move).every(k => same(made[k], move[k]));
  });
  if (button) { button.setAttribute('data-test-pick', ''); }
  return Boolean(button);
}"""

OFF_SCREEN = """() => [...document.querySelectorAll('.seat-me button, .race-mine button, .play-controls button, [data-result] button')]
  .filter(b => b.offsetParent !== null)
  .map(b => b.getBoundingClientRect()).filter(r => r.left < -1 || r.right > innerWidth + 1).length"""

CENTRES = """(selectors) => Object.fromEntries(Object.entries(selectors).map(([name, selector]) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return [name, [box.left + box.width / 2, box.top + box.height / 2]];
}))"""


def no_axe_violation(page, phase):
    from axe_playwright_python.sync_playwright import Axe

    results = Axe(AXE.read_text(encoding="utf-8")).run(page)
    assert results.violations_count == 0, f"{phase}: {results.generate_report()}"


def fits(page):
    """No sideways scroll, and every button of the reader's seat and of the page's controls on the screen."""
    no_sideways_scroll(page)
    assert page.evaluate(OFF_SCREEN) == 0, f"at {page.viewport_size['width']} px, buttons off the screen"


def open_table(page, live_server, game, size, **choices):
    page.set_viewport_size(SIZES[size])
    page.add_init_script(TIMING)
    page.goto(live_server + PLAY[("es", game)])
    fits(page)
    for name, value in choices.items():
        page.select_option(f"#{name}", str(value))
    for choice in (WORDS["es"]["moment"], WORDS["es"]["fast"]):
        if page.get_by_label(choice).count():
            page.get_by_label(choice).check()


# From the reader's press of "Deal" to their cards in the page, timed by the page's own clock.
TIMING = """document.addEventListener('submit', () => { window.dealtAt = performance.now(); window.drawnAt = null; }, true);
new MutationObserver(() => {
  if (window.dealtAt && !window.drawnAt && document.querySelector('.seat-me .hand-mine .card, .race-mine .column .card')) {
    window.drawnAt = performance.now();
  }
}).observe(document, {childList: true, subtree: true});"""


def deal_at_once(page, button_name=WORDS["es"]["deal"]):
    """Deal, and check the reader's cards are on the screen within a second.

    Measured in the page (click to cards drawn), the time counts the server's answer on a 2-core
    machine that runs two browsers at once; one slow deal may be the machine's, so a deal over the
    second is dealt again, and the new deal must be drawn within it."""
    for attempt in range(2):
        if attempt:
            page.locator("[data-new]").click()
        page.get_by_role("button", name=button_name, exact=True).click()
        page.locator(".seat-me .hand-mine .card, .race-mine .column .card").first.wait_for(state="visible")
        if page.evaluate("() => window.drawnAt - window.dealtAt") < 1000:
            break
    assert page.evaluate("() => window.drawnAt - window.dealtAt") < 1000, "the reader's cards are drawn at once"
    settled(page)


def make(page, move):
    assert page.evaluate(MARK, move), f"no button makes {move}"
    page.locator("[data-test-pick]").click()
    settled(page)


def signed(text):
    return int(text.strip().replace("−", "-").replace("+", ""))


def check_whist_seats(page, seat):
    """Left, across and right of the reader, the trick between them, each card in front of its player."""
    names = {where: page.locator(f".seat-{where} .seat-name strong").inner_text() for where in ("left", "across", "right")}
    assert names == {"left": f"Jugador {(seat + 1) % 4 + 1}", "across": f"Jugador {(seat + 2) % 4 + 1}",
                     "right": f"Jugador {(seat + 3) % 4 + 1}"}
    at = page.evaluate(CENTRES, {
        "left": ".seat-left", "across": ".seat-across", "right": ".seat-right", "me": ".seat-me", "trick": ".trick-area",
        "t_left": ".trick-left", "t_across": ".trick-across", "t_right": ".trick-right", "t_me": ".trick-me"})
    assert at["left"][0] < at["trick"][0] < at["right"][0]
    assert at["across"][1] < at["trick"][1] < at["me"][1]
    assert at["t_left"][0] < at["t_me"][0] < at["t_right"][0] and at["t_across"][1] < at["t_me"][1]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_session_of_three_solo_whist_deals_at_the_table(page, live_server, size):
    open_table(page, live_server, "solo-whist", size, seat=2)
    deal_at_once(page)
    chips, seen_trick = [0, 0, 0, 0], False
    for number in range(1, 4):
        for _ in range(60):
            fits(page)
            answer = page.evaluate(KEPT)
            if answer["over"]:
                break
            moves = answer["moves"]
            solo = [move for move in moves if move.get("bid") == "solo"]
            passing = [move for move in moves if move.get("bid") == "pass"]
            make(page, solo[0] if solo and number == 1 else passing[0] if passing else moves[0])
            if not seen_trick and page.locator(".trick-area .card").count() >= 2:
                check_whist_seats(page, seat=2)
                if size == "phone":
                    no_axe_violation(page, "mid-game")
                seen_trick = True
        result = page.locator("[data-result]")
        expect(result).to_be_visible()
        settlement = result.locator(".settlement tbody td.gain, .settlement tbody td.loss")
        if settlement.count():
            chips = [total + signed(settlement.nth(i).inner_text()) for i, total in enumerate(chips)]
        score = page.locator(".play-score")
        assert f"{number} partida" in score.locator("caption").inner_text(), "the running score right after the deal"
        assert [signed(cell) for cell in score.locator("tbody tr").first.locator("td").all_inner_texts()] == chips
        fits(page)
        if number == 3:
            break
        page.get_by_role("button", name="Siguiente partida").click()
        settled(page)
        assert "partida 1" not in page.locator(".play-score caption").inner_text()
    assert seen_trick, "at least one deal was played to a trick"
    if size == "desktop":
        no_axe_violation(page, "after the deal")
    record = page.locator("[data-record]")
    assert record.locator("[data-count=played]").inner_text() == "3", "the record on this device counts each deal once"
    assert signed(record.locator("[data-count=chips]").inner_text()) == chips[2], "and the reader's chips over them"
    record.get_by_role("button", name="Borrar mi historial").click()
    assert record.locator("[data-count=played]").inner_text() == "0"


# Each call in each seat beside or across the trick, as the last call a player made: which calls
# stick out of their seat's box or make the page scroll sideways with their words kept whole (the
# stylesheet breaks a word only as a last resort, for a reader's larger text).
CALLS_STICKING_OUT = """(names) => {
  const seats = [...document.querySelectorAll('.felt-whist > .seat-box:not(.seat-me)')];
  const out = new Set();
  for (const seat of seats) {
    let call = seat.querySelector('.call');
    if (!call) {
      call = document.createElement('span');
      call.className = 'call';
      seat.querySelector('.seat-name').after(call);
    }
    call.style.overflowWrap = 'normal';
    for (const name of names) {
      call.textContent = name;
      const box = seat.getBoundingClientRect();
      const drawn = call.getBoundingClientRect();
      if (drawn.left < box.left - 0.5 || drawn.right > box.right + 0.5
          || document.documentElement.scrollWidth > innerWidth) { out.add(name); }
    }
  }
  return [...out];
}"""


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_call_fits_its_players_seat_on_a_phone(page, live_server, app, lang):
    with app.test_request_context():
        names = [in_language(lang, name) for name in CALL_NAMES.values()]
    page.set_viewport_size(SIZES["phone"])
    deal(page, live_server, lang, "solo-whist")
    assert page.evaluate(CALLS_STICKING_OUT, names) == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_race_is_played_by_dragging_and_by_double_clicking_to_a_foundation(page, live_server, size):
    open_table(page, live_server, "double-solitaire", size)
    deal_at_once(page)
    page.get_by_role("button", name="Pausar al ordenador").click()
    answer = page.evaluate(KEPT)

    def drag(source, target):
        # Both ends in view, as a person would have them: a long column can reach below the screen,
        # and a pointer let go off the screen is over no place at all.
        page.locator(".race-mine").scroll_into_view_if_needed()
        target.scroll_into_view_if_needed()
        source.scroll_into_view_if_needed()
        start = source.bounding_box()
        end = target.bounding_box()
        drop = end["y"] + min(end["height"] - 10, 30)
        assert 0 <= start["y"] and drop <= page.viewport_size["height"], "both ends of the drag are on the screen"
        page.mouse.move(start["x"] + start["width"] / 2, start["y"] + 8)
        page.mouse.down()
        page.mouse.move(start["x"] + start["width"] / 2 + 12, start["y"] + 20, steps=3)
        page.mouse.move(end["x"] + end["width"] / 2, drop, steps=6)
        page.mouse.up()
        settled(page)

    # A drop the rules forbid springs back and says why.
    ends = page.locator(".race-mine .column li:last-child button.draggable")
    columns = [json.loads(ends.nth(i).get_attribute("data-start"))["from"] for i in range(ends.count())]
    legal = {(m["from"], m["to"]) for m in answer["moves"] if m["type"] == "move"}
    source, target = next((a, b) for a in columns for b in columns if a != b and (a, b) not in legal)
    before = page.locator(".race-mine").inner_text()
    page.problems.clear()
    drag(page.locator(f"[data-anchor=p0-{source}] li:last-child button"), page.locator(f"[data-anchor=p0-{target}]"))
    expect(page.locator("[data-coach-message]")).to_contain_text(WORDS["es"]["refused"])
    page.problems[:] = [problem for problem in page.problems if "422" not in problem]
    expect(page.locator(".ghosts .card")).to_have_count(0)
    assert page.locator(".race-mine").inner_text() == before and page.locator(".card.lifted").count() == 0

    # Draw until a card can go home or onto a column, then play it by double click or by dragging.
    played = {"drag": False, "double": False}
    for turn in range(240):
        if turn and turn % 80 == 0 and not all(played.values()):
            # A deal where the hints find nothing to move for eighty turns (the reader alone, the
            # computer paused, can be stuck): deal another and go on. The pause is the reader's
            # choice and holds for the next deal: pressing it again would set the computer going,
            # and a computer that wins the race leaves no move to hint.
            page.locator("[data-new]").click()
            deal_at_once(page)
            expect(page.get_by_role("button", name="Pausar al ordenador")).to_have_attribute("aria-pressed", "true")
        answer = page.evaluate(KEPT)
        home = [m for m in answer["moves"] if m["type"] == "move" and m["to"].startswith("f")]
        onto = [m for m in answer["moves"] if m["type"] == "move" and m["to"].startswith("c") and m["from"] != "waste"]
        if home and not played["double"]:
            move = home[0]
            card = (page.locator(".race-mine .race-waste button") if move["from"] == "waste"
                    else page.locator(f"[data-anchor=p0-{move['from']}] li:last-child button"))
            contributed = answer["view"]["contributed"][0]
            # The connection drops as the card is sent home: the page says so, and the same double
            # click, tried again, is sent.
            page.evaluate(DROPPED_MOVE)
            card.dblclick(position={"x": 10, "y": 8})
            settled(page)
            expect(page.locator("[data-coach-message]")).to_contain_text("No se ha podido contactar con el servidor")
            assert page.evaluate(KEPT)["view"]["contributed"][0] == contributed
            # A reader who first clicks the card, then double-clicks it, then, the answer being
            # slow, double-clicks it again: the browser pairs the clicks its own way, the page's
            # tap timing its own, and the card goes home once, with nothing refused.
            page.evaluate(SLOW_MOVES)
            card.click(position={"x": 10, "y": 8})
            card.dblclick(position={"x": 10, "y": 8})
            card.dblclick(position={"x": 10, "y": 8})
            settled(page)
            page.evaluate("() => { window.fetch = window.quickFetch; }")
            assert page.evaluate("window.movesSent") == 1
            # The last click of the double click picked the card on its way home; the card left
            # in its place is not picked for it, so the reader's next click starts afresh.
            expect(page.locator("[data-board] button[aria-pressed=true]")).to_have_count(0)
            assert page.evaluate(KEPT)["view"]["contributed"][0] == contributed + 1, "the card went to a foundation"
            expect(page.locator("[data-coach-message]")).not_to_contain_text(WORDS["es"]["refused"])
            played["double"] = True
        elif onto and not played["drag"]:
            move = onto[0]
            column = page.locator(f"[data-anchor=p0-{move['from']}] li")
            source = column.nth(column.count() - move["count"]).locator("button")
            target = page.locator(f"[data-anchor=p0-{move['to']}]")
            # An empty column holds one item too, the slot that shows where a king may go.
            cards = page.locator(f"[data-anchor=p0-{move['to']}] .card:not(.slot)")
            length = cards.count()
            # Let go over the card it goes onto: a column's box ends below its cards, where on a
            # phone the pointer may already be over another place that takes the card too.
            drag(source, target.locator("li").last)
            expect(cards).to_have_count(length + move["count"])
            played["drag"] = True
        elif all(played.values()):
            break
        else:
            play_the_hint(page, "es", keyboard=False)
        fits(page)
    assert all(played.values()), played
    if size == "phone":
        no_axe_violation(page, "a race under way")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_computers_moves_travel_unless_the_reader_prefers_no_motion(browser, live_server, motion):
    context = browser.new_context(locale="es-ES", reduced_motion=motion, viewport=SIZES["phone"])
    page = context.new_page()
    page.add_init_script(TIMING)
    # Every card that ever travels is counted as it is drawn over the table.
    page.add_init_script("""new MutationObserver(records => {
        for (const record of records) for (const node of record.addedNodes)
          if (node.classList && node.classList.contains('ghost')) window.travelled = (window.travelled || 0) + 1;
      }).observe(document, {childList: true, subtree: true});""")
    page.goto(live_server + PLAY[("es", "old-maid")])
    page.select_option("#players", "6")
    page.get_by_label("Dos segundos").check()
    deal_at_once(page)
    # The opening pairs are laid down together (the game marks them so); what follows travels move by move.
    if motion == "reduce":
        assert page.evaluate("() => window.travelled || 0") == 0, "nothing travels"
    else:
        page.locator(".ghosts .card").first.wait_for()
    skip = page.get_by_role("button", name="Saltar hasta mi turno")
    if skip.is_visible():
        skip.click()
    expect(page.locator("[data-live]")).to_have_text("Te toca.")
    assert page.locator("[data-log] li").count() >= 1, "the opening pairs are in the log"
    expect(page.locator(".ghosts .card")).to_have_count(0)
    expect(skip).to_be_hidden()
    if motion == "reduce":
        no_axe_violation(page, "Old Maid with six players")
    context.close()


def test_the_choices_before_dealing_are_remembered_on_this_device(page, live_server):
    open_table(page, live_server, "old-maid", "phone", players=3, seat=2)
    deal_at_once(page)
    answer = page.evaluate(KEPT)
    assert answer["seat"] == 2 and len(answer["view"]["hands"]) == 3
    assert page.locator(".seat-me .seat-name strong").inner_text() == "Jugador 3"
    opponents = page.locator(".opponents .seat-name strong").all_inner_texts()
    assert opponents == ["Jugador 1", "Jugador 2"], "clockwise from the reader's left"
    page.get_by_role("button", name="Partida nueva").click()
    page.reload()
    assert page.locator("#players").input_value() == "3" and page.locator("#seat").input_value() == "2"
    assert page.locator("#seat option[value='4']").is_disabled(), "only the seats of the players chosen"
    assert page.get_by_label(WORDS["es"]["moment"]).is_checked()
    assert re.search(r"\b0\b", page.locator("[data-count=played]").inner_text())


def test_play_this_deal_again_deals_the_reader_the_same_cards(page, live_server):
    open_table(page, live_server, "old-maid", "desktop", players="2")
    deal_at_once(page)
    mine = ".seat-me .hand-mine .card"
    dealt = sorted(page.locator(mine).evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))"))
    for _ in range(120):
        if page.locator("[data-result]").count():
            break
        play_the_hint(page, "es", keyboard=False)
    page.get_by_role("button", name="Jugar otra vez este reparto").click()
    settled(page)
    expect(page.locator("[data-result]")).to_have_count(0)
    again = sorted(page.locator(mine).evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))"))
    assert again == dealt and dealt, "the same cards to the same seat"

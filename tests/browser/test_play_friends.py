"""Tables with friends in the browser: people in Spanish and in Portuguese at one table, each in a browser
context of their own, seated by the invitation link, each seeing only their own cards in their own language,
every move appearing on the other screens as it is made."""

from __future__ import annotations

import threading
import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from werkzeug.serving import make_server

from naipes.web import create_app

from play_helpers import PHONE, PLAY, WORDS, no_sideways_scroll, play_the_hint, settled
from test_accessibility import AXE

pytestmark = pytest.mark.browser

SIT = {"es": "Sentarse", "pt": "Sentar-me"}
INVITE = {"es": "Invitar a los amigos y repartir", "pt": "Convidar os amigos e dar as cartas"}
RESULT = {"old-maid": {"es": "pierde", "pt": "perde"}}


@pytest.fixture()
def person(browser):
    """A browser context per person, in their language, that fails the test on any console error."""
    contexts = []

    def open_as(lang):
        context = browser.new_context(locale={"es": "es-ES", "pt": "pt-PT"}[lang])
        contexts.append(context)
        page = context.new_page()
        page.problems = []
        page.on("console", lambda message: message.type == "error" and page.problems.append(message.text))
        page.on("pageerror", lambda error: page.problems.append(str(error)))
        page.lang = lang
        return page

    yield open_as
    problems = [problem for context in contexts for page in context.pages for problem in page.problems]
    for context in contexts:
        context.close()
    assert not problems, f"a page reported errors: {problems}"


def create(page, live_server, game, seats, name, players=None):
    """The creator's table with friends: the seats chosen on the play page; the invitation links."""
    page.goto(live_server + PLAY[(page.lang, game)])
    if players:
        page.select_option("#players", str(players))
    if page.get_by_label(WORDS[page.lang]["moment"]).count():
        page.get_by_label(WORDS[page.lang]["moment"]).check()
    page.fill("#friends-name", name)
    for seat, kind in enumerate(seats):
        page.select_option(f"#friends-seat-{seat}", kind)
    page.get_by_role("button", name=INVITE[page.lang]).click()
    settled(page)
    links = page.locator("[data-invites] input")
    expect(links.first).to_be_visible()
    return [links.nth(index).input_value() for index in range(links.count())]


def join(page, link, name, live_server):
    """The person seated by the link (the site's address in it is the live test server's here)."""
    page.goto(live_server + "/" + link.split("/", 3)[3])
    expect(page.locator("#invite-name")).to_be_visible()
    assert "#" not in page.url, "the code leaves the address at once"
    if f"/{page.lang}/" not in page.url:
        # The language switch keeps the invitation (this tab keeps the code).
        page.get_by_role("link", name={"es": "Español", "pt": "Português"}[page.lang]).click()
        page.wait_for_url(f"**/{page.lang}/**")
    page.fill("#invite-name", name)
    page.get_by_role("button", name=SIT[page.lang]).click()
    page.wait_for_url("**/" + {"es": "jugar", "pt": "jogar"}[page.lang] + "/")
    settled(page)
    assert "#" not in page.url and "table=" not in page.url, "the seat's key is in no address"


def my_turn(page):
    return page.evaluate("() => { const a = window.NaipesPlay.table.answer; return Boolean(a && a.moves.length) }")


def version(page):
    return page.evaluate("() => window.NaipesPlay.table.answer.version")


def over(page):
    return page.evaluate("() => Boolean(window.NaipesPlay.table.answer && window.NaipesPlay.table.answer.over)")


def play_together(pages, limit=400):
    """Each person plays the hint when their turn comes, until the game is over; after every move every
    other page shows the table at the same version within a second."""
    for _ in range(limit):
        if all(over(page) for page in pages):
            return
        mover = next((page for page in pages if my_turn(page)), None)
        if mover is None:
            time.sleep(0.05)
            continue
        play_the_hint(mover, mover.lang, keyboard=False)
        moved = version(mover)
        for page in pages:
            page.wait_for_function(f"() => window.NaipesPlay.table.answer.version >= {moved}", timeout=3000)
    pytest.fail("the game did not end")


def test_a_whole_solo_whist_deal_with_two_computers_in_spanish_and_portuguese(person, live_server):
    ana, joao = person("es"), person("pt")
    links = create(ana, live_server, "solo-whist", ["me", "friend", "computer", "computer"], "Ana")
    assert len(links) == 1 and "/es/solo-whist/jugar/invitacion/#" in links[0]
    join(joao, links[0], "João", live_server)
    expect(ana.locator("[data-seats]")).to_contain_text("João")
    expect(joao.locator("[data-seats]")).to_contain_text("Ana")
    assert "Jugador 2" in ana.locator("[data-board]").inner_text()
    assert "Jogador 1" in joao.locator("[data-board]").inner_text()
    hands = joao.evaluate("() => window.NaipesPlay.table.answer.view.hands")
    assert all((card is None) != (index == 1) for index, hand in enumerate(hands) for card in hand)
    play_together([ana, joao])
    expect(ana.locator("[data-result]")).to_be_visible()
    expect(joao.locator("[data-result]")).to_be_visible()
    assert ana.locator("[data-again]").count() == 0, "no deal played again at a table with friends"


def test_an_old_maid_table_of_three_people_each_sees_only_their_own_cards(person, live_server):
    ana, joao, bea = person("es"), person("pt"), person("es")
    links = create(ana, live_server, "old-maid", ["me", "friend", "friend"], "Ana", players=3)
    join(joao, links[0], "João", live_server)
    join(bea, links[1], "Bea", live_server)
    for page, seat in ((ana, 0), (joao, 1), (bea, 2)):
        expect(page.locator("[data-seats]")).to_contain_text("Bea")
        assert page.locator(".seat-me button.card").count() > 0, "the seat's own cards are buttons"
        hands = page.evaluate("() => window.NaipesPlay.table.answer.view.hands")
        assert all((card is None) != (index == seat) for index, hand in enumerate(hands) for card in hand)
    assert "Jogador" in joao.locator("[data-board]").inner_text() and "Jugador" in ana.locator("[data-board]").inner_text()
    play_together([ana, joao, bea])
    for page in (ana, joao, bea):
        expect(page.locator("[data-result]")).to_contain_text(RESULT["old-maid"][page.lang])


def test_a_race_between_two_people_every_move_on_the_other_screen(person, live_server):
    ana, joao = person("es"), person("pt")
    joao.set_viewport_size(PHONE)
    links = create(ana, live_server, "double-solitaire", ["me", "friend"], "Ana")
    join(joao, links[0], "João", live_server)
    for mover, other in ((ana, joao), (joao, ana), (ana, joao)):
        before = version(other)
        play_the_hint(mover, mover.lang, keyboard=False)
        other.wait_for_function(f"() => window.NaipesPlay.table.answer.version > {before}", timeout=2000)
        assert version(other) == version(mover)
    no_sideways_scroll(joao)


def test_the_invitations_and_the_invitation_page_are_accessible_and_fit_a_phone(person, live_server):
    axe = Axe(AXE.read_text(encoding="utf-8"))
    ana, joao = person("es"), person("pt")
    ana.set_viewport_size(PHONE)
    joao.set_viewport_size(PHONE)
    links = create(ana, live_server, "old-maid", ["me", "friend", "computer"], "Ana", players=3)
    no_sideways_scroll(ana)
    assert axe.run(ana).violations_count == 0
    path = "/" + links[0].split("/", 3)[3]
    joao.goto(live_server + path.replace("/es/old-maid/jugar/invitacion/", "/pt/old-maid/jogar/convite/"))
    expect(joao.locator("#invite-name")).to_be_focused()
    no_sideways_scroll(joao)
    assert axe.run(joao).violations_count == 0
    joao.keyboard.type("João")
    joao.keyboard.press("Enter")
    joao.wait_for_url("**/jogar/")
    settled(joao)
    expect(ana.locator("[data-seats]")).to_contain_text("João")
    expect(ana.locator("[data-invite-list]")).to_be_hidden()


TURN_SECONDS = 4
TIME_RAN_OUT = {"es": "Se te acabó el tiempo", "pt": "O seu tempo acabou"}
SECONDS_LEFT = {"es": "Quedan", "pt": "Faltam"}


@pytest.fixture(scope="module")
def quick_turns():
    """The site, its turns four seconds long, on a free loopback port."""
    app = create_app({"TESTING": True, "SECRET_KEY": "the tests share this key", "POOL_NICE": 0,
                      "TURN_SECONDS": TURN_SECONDS})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_the_turn_counts_down_and_a_person_who_lets_it_run_out_is_played_for(person, quick_turns):
    ana, joao = person("es"), person("pt")
    ana.set_viewport_size(PHONE)
    ana.emulate_media(reduced_motion="reduce")
    links = create(ana, quick_turns, "old-maid", ["me", "friend"], "Ana")
    join(joao, links[0], "João", quick_turns)
    for page in (ana, joao):
        clock = page.locator("[data-clock]")
        expect(clock).to_be_visible()
        expect(clock).to_have_attribute("role", "timer")
        expect(clock).to_contain_text(SECONDS_LEFT[page.lang])
        shown = int("".join(filter(str.isdigit, clock.inner_text())))
        assert 0 <= shown <= TURN_SECONDS
        # Nobody moves: each seat's turn runs out, the computer plays it, and the seat is told in its language.
        expect(page.locator("[data-log]")).to_contain_text(TIME_RAN_OUT[page.lang], timeout=4 * TURN_SECONDS * 1000)
    assert ana.evaluate("() => getComputedStyle(document.querySelector('[data-clock-bar]')).transitionDuration") \
        == "0s", "the bar jumps from second to second for a reader who prefers no motion"
    assert ana.locator("[aria-live] [data-clock], [data-clock][aria-live]").count() == 0, \
        "the seconds are not read out as they change"
    no_sideways_scroll(ana)
    assert Axe(AXE.read_text(encoding="utf-8")).run(ana).violations_count == 0

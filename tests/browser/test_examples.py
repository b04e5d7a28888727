"""The step-through widget, as a reader uses it: buttons, keys, links to steps, "try it"."""

import re

import pytest
from playwright.sync_api import expect

from naipes.examples import load_examples
from naipes.web.i18n import card_name

pytestmark = pytest.mark.browser

EXAMPLES = load_examples()


def widget(page, example_id):
    return page.locator(f"figure#{example_id}")


def visible_step(figure):
    return figure.locator(".example-step:visible")


def test_the_buttons_step_through_the_seeds_example(page, live_server):
    page.goto(live_server + "/es/old-maid/")
    figure = widget(page, "old-maid-nines")
    counter = figure.locator(".step-counter")
    assert counter.inner_text() == "Inicio"
    assert visible_step(figure).count() == 1
    figure.get_by_role("button", name="Siguiente").click()
    assert counter.inner_text() == "Paso 1 de 3"
    assert visible_step(figure).get_attribute("id") == "old-maid-nines-step-1"
    figure.get_by_role("button", name="Último").click()
    assert counter.inner_text() == "Paso 3 de 3"
    assert figure.get_by_role("button", name="Siguiente").is_disabled()
    figure.get_by_role("button", name="Anterior").click()
    assert counter.inner_text() == "Paso 2 de 3"
    figure.get_by_role("button", name="Primero").click()
    assert counter.inner_text() == "Inicio"


def test_the_arrow_keys_step_through_and_the_caption_is_announced(page, live_server):
    page.goto(live_server + "/pt/old-maid/")
    figure = widget(page, "old-maid-nines")
    figure.get_by_role("button", name="Seguinte").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert figure.locator(".step-counter").inner_text() == "Passo 2 de 3"
    live = figure.locator("[data-live]")
    assert live.get_attribute("aria-live") == "polite"
    assert visible_step(figure).locator(".caption").inner_text() in live.inner_text()
    page.keyboard.press("End")
    assert figure.locator(".step-counter").inner_text() == "Passo 3 de 3"
    page.keyboard.press("Home")
    assert figure.locator(".step-counter").inner_text() == "Início"


def test_a_step_link_survives_a_reload(page, live_server):
    page.goto(live_server + "/es/old-maid/")
    figure = widget(page, "old-maid-nines")
    figure.get_by_role("button", name="Siguiente").click()
    figure.get_by_role("button", name="Siguiente").click()
    assert page.url.endswith("#old-maid-nines-step-2")
    assert figure.locator(".step-link").get_attribute("href") == "#old-maid-nines-step-2"
    page.reload()
    assert widget(page, "old-maid-nines").locator(".step-counter").inner_text() == "Paso 2 de 3"


def test_the_language_switch_keeps_the_step(page, live_server):
    page.goto(live_server + "/es/old-maid/#old-maid-nines-step-1")
    widget(page, "old-maid-nines").get_by_role("button", name="Siguiente").click()
    page.get_by_role("link", name="Português").click()
    page.wait_for_url(re.compile(r"/pt/old-maid/#old-maid-nines-step-2$"))
    assert widget(page, "old-maid-nines").locator(".step-counter").inner_text() == "Passo 2 de 3"


@pytest.mark.parametrize("example_id", sorted(EXAMPLES))
def test_every_example_steps_from_first_to_last(page, live_server, example_id):
    example = EXAMPLES[example_id]
    page.goto(f"{live_server}/es/{example.game}/")
    figure = widget(page, example_id)
    total = len(example.steps)
    if total == 0:
        assert visible_step(figure).count() == 1
        return
    for n in range(1, total + 1):
        figure.get_by_role("button", name="Siguiente").click()
        assert visible_step(figure).get_attribute("id") == f"{example_id}-step-{n}"
    assert figure.get_by_role("button", name="Siguiente").is_disabled()


def test_try_it_refuses_a_false_pair_and_says_why(page, live_server):
    page.goto(live_server + "/es/old-maid/")
    figure = widget(page, "old-maid-nines")
    figure.get_by_role("button", name="Pruébalo").click()
    panel = figure.locator(".try-panel")
    panel.get_by_role("button", name="nueve de tréboles").click()
    panel.get_by_role("button", name="dama de picas").click()
    message = panel.locator("[data-try-message]")
    message.filter(has_text="9♣").wait_for()
    assert "No forman pareja el 9♣ y la Q♠" in message.inner_text()
    page.problems[:] = [p for p in page.problems if "422" not in p]


def test_try_it_from_the_keyboard_a_picked_card_is_let_go_by_escape_or_a_second_enter(page, live_server):
    page.goto(live_server + "/es/old-maid/")
    figure = widget(page, "old-maid-nines")
    figure.get_by_role("button", name="Pruébalo").click()
    panel = figure.locator(".try-panel")
    nine = panel.get_by_role("button", name="nueve de tréboles")
    queen = panel.get_by_role("button", name="dama de picas")
    nine.focus()
    page.keyboard.press("Enter")
    expect(nine).to_have_attribute("aria-pressed", "true")
    expect(panel.locator("[data-try-message]")).to_have_text("Seleccionada. Ahora elige adónde va, o la segunda carta.")
    page.keyboard.press("Escape")
    expect(nine).to_have_attribute("aria-pressed", "false")
    # The nine let go, the queen starts a new pick: no false pair goes to the engine.
    queen.focus()
    page.keyboard.press("Enter")
    expect(queen).to_have_attribute("aria-pressed", "true")
    expect(panel.locator("button[aria-pressed=true]")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(queen).to_have_attribute("aria-pressed", "false")
    expect(panel.locator("[data-try-message]")).not_to_contain_text("No forman pareja")


def test_try_it_accepts_any_two_nines_and_then_a_blind_draw(page, live_server):
    page.goto(live_server + "/pt/old-maid/")
    figure = widget(page, "old-maid-nines")
    figure.get_by_role("button", name="Experimente").click()
    panel = figure.locator(".try-panel")
    panel.get_by_role("button", name="nove de ouros").click()
    panel.get_by_role("button", name="nove de paus").click()
    panel.locator("[data-try-message]").filter(has_text="O motor aceita").wait_for()
    assert panel.get_by_role("button", name="nove de ouros").count() == 0
    blind = panel.locator("button[data-move]")
    assert blind.count() == 3
    blind.nth(1).click()
    panel.get_by_role("button", name="dama de copas").wait_for()


def test_try_it_moves_seven_of_hearts_onto_eight_of_spades_and_refuses_a_wrong_rank(page, live_server):
    page.goto(live_server + "/es/double-solitaire/")
    figure = widget(page, "double-solitaire-seven-onto-eight")
    figure.get_by_role("button", name="Pruébalo").click()
    panel = figure.locator(".try-panel")
    panel.get_by_role("button", name="dama de corazones").click()
    panel.get_by_role("button", name="ocho de picas").click()
    message = panel.locator("[data-try-message]")
    message.filter(has_text="Q♥").wait_for()
    page.problems[:] = [p for p in page.problems if "422" not in p]
    panel.get_by_role("button", name="siete de corazones").click()
    panel.get_by_role("button", name="ocho de picas").click()
    panel.get_by_role("button", name="as de tréboles").wait_for()
    assert message.inner_text() == "El motor acepta la jugada."


def test_try_it_refuses_a_card_out_of_turn_at_solo_whist_and_accepts_a_legal_one(page, live_server, app, client):
    example = client.get("/api/v1/examples/solo-whist-six-tricks?lang=pt").get_json()
    start = example["start"]
    legal = client.post("/api/v1/solo-whist/legal", json={"position": start}).get_json()["moves"]
    mover = legal[0]["player"]
    other = next(p for p, hand in enumerate(start["hands"]) if p != mover and hand)

    def name(code):
        with app.test_request_context("/pt/"):
            return card_name(code)

    page.goto(live_server + "/pt/solo-whist/")
    figure = widget(page, "solo-whist-six-tricks")
    figure.get_by_role("button", name="Experimente").click()
    panel = figure.locator(".try-panel")
    message = panel.locator("[data-try-message]")
    panel.get_by_role("button", name=name(start["hands"][other][0]), exact=True).click()
    message.filter(has_text="O motor não aceita").wait_for()
    page.problems[:] = [p for p in page.problems if "422" not in p]
    panel.get_by_role("button", name=name(legal[0]["card"]), exact=True).click()
    message.filter(has_text="O motor aceita").wait_for()

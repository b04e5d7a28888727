"""What the play pages' browser tests share: dealing a table, waiting for it, pressing buttons, playing hints."""

from __future__ import annotations

import pytest

PLAY = {(lang, game): f"/{lang}/{game}/{slug}/" for lang, slug in (("es", "jugar"), ("pt", "jogar"))
        for game in ("old-maid", "solo-whist", "double-solitaire")}
WORDS = {
    "es": {"fast": "Rápido: una jugada por segundo", "deal": "Repartir", "hint": "Pista", "undo": "Deshacer", "moment": "Un instante", "pairs": "¿Qué parejas tengo?",
           "right": "Mover la carta elegida a la derecha", "refused": "El motor no acepta la jugada."},
    "pt": {"fast": "Rápido: uma jogada por segundo", "deal": "Dar as cartas", "hint": "Sugestão", "undo": "Desfazer", "moment": "Um instante", "pairs": "Que pares tenho?",
           "right": "Mover a carta escolhida para a direita", "refused": "O motor não aceita a jogada."},
}


def deal(page, live_server, lang, game, players=None):
    page.goto(live_server + PLAY[(lang, game)])
    words = WORDS[lang]
    if players:
        page.select_option("#players", str(players))
    for choice in (words["moment"], words["fast"]):
        if page.get_by_label(choice).count():
            page.get_by_label(choice).check()
    page.get_by_role("button", name=words["deal"], exact=True).click()
    settled(page)


def settled(page):
    page.wait_for_selector("[data-play]:not([data-busy]) [data-diagram]")


def press(page, locator, keyboard):
    """A button pressed by a click, or reached and pressed from the keyboard alone."""
    if keyboard:
        locator.focus()
        page.keyboard.press("Enter")
    else:
        # Cards in a column overlap: click the strip of the card left in view, as a person would.
        locator.click(position={"x": 8, "y": 6})


def play_the_hint(page, lang, keyboard):
    """Ask for a hint and make the highlighted move: the page only highlights it."""
    press(page, page.get_by_role("button", name=WORDS[lang]["hint"], exact=True), keyboard)
    page.wait_for_selector("[data-play]:not([data-busy]) button.hinted")
    for step in ("1", "2"):
        buttons = page.locator(f"button.hinted[data-hint-step='{step}']")
        for index in range(buttons.count()):
            press(page, buttons.nth(index), keyboard)
    settled(page)


PHONE = {"width": 360, "height": 740}


WIDER = """() => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)
  .slice(-3).map(e => `${e.tagName}.${e.className}: ${Math.round(e.getBoundingClientRect().right)} px`)"""


def no_sideways_scroll(page):
    if page.evaluate("() => document.documentElement.scrollWidth") > page.viewport_size["width"]:
        pytest.fail(f"the page scrolls sideways: {page.evaluate(WIDER)}")


def play_to_the_end(page, lang, keyboard, limit=120):
    """Play the hints to the end; at every move, the page never scrolls sideways."""
    for _ in range(limit):
        no_sideways_scroll(page)
        if page.locator("[data-result]").count():
            return page.locator("[data-result]")
        play_the_hint(page, lang, keyboard)
    pytest.fail("the game did not end")

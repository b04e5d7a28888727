"""Each lesson followed through in Chromium as a reader would: press Next through the computers'
moves, make each decision on the diagram of what the reader's seat sees, twice make a legal move
that is not the lesson's and read first a nudge and then the answer, and arrive at the link to a
real game."""

from __future__ import annotations

import json

import pytest

LESSONS = {"es": "aprende", "pt": "aprenda"}
NEXT = {"es": "Siguiente", "pt": "Seguinte"}


def _canonical(move: dict) -> dict:
    return {key: sorted(value) if isinstance(value, list) else value
            for key, value in move.items() if not (key == "count" and value == 1)}


def _buttons(area):
    return area.locator("button").evaluate_all(
        "buttons => buttons.map(b => ({move: b.dataset.move, start: b.dataset.start, finish: b.dataset.finish}))")


def _merge(start: dict, finish: dict) -> dict:
    merged = dict(start)
    for key, value in finish.items():
        merged[key] = start[key] + value if isinstance(value, list) and isinstance(start.get(key), list) else value
    return merged


def _clicks(area, move: dict) -> list[int]:
    """Which buttons of the diagram make ``move``: one that is the whole move, or one that starts it and one that finishes it."""
    wanted = _canonical(move)
    buttons = [{key: json.loads(value) if value else None for key, value in button.items()} for button in _buttons(area)]
    for index, button in enumerate(buttons):
        if button["move"] and _canonical(button["move"]) == wanted:
            return [index]
    for first, button in enumerate(buttons):
        if not button["start"]:
            continue
        for second, other in enumerate(buttons):
            if second != first and other["finish"] and _canonical(_merge(button["start"], other["finish"])) == wanted:
                return [first, second]
    raise AssertionError(f"no buttons make {move}")


def _make(page, area, move):
    buttons = area.locator("button")
    for index in _clicks(area, move):
        buttons.nth(index).click(position={"x": 8, "y": 6})


def _current(figure) -> int:
    return int(figure.locator(".example-step:not([hidden])").get_attribute("data-step"))


def _follow(page, figure, lesson, lang, wrong_at=None, wrong=None):
    message = page.locator("[data-coach-message]")
    total = len(lesson["steps"])
    while _current(figure) < total:
        shown = _current(figure)
        decision = figure.locator(f"#{lesson['id']}-step-{shown} [data-decision]")
        if not decision.count():
            figure.get_by_role("button", name=NEXT[lang], exact=True).click()
            figure.locator(f"#{lesson['id']}-step-{shown + 1}:not([hidden])").wait_for()
            continue
        number = int(decision.get_attribute("data-decision"))
        area = figure.locator(f"#{lesson['id']}-step-{shown} .diagram-scroll[data-step='{shown}']")
        area.locator("button").first.wait_for()
        if number == wrong_at:
            for _ in range(2):
                said = message.inner_text()
                _make(page, area, wrong)
                page.wait_for_function("([el, before]) => el.textContent.length > 0 && el.textContent !== before",
                                       arg=[message.element_handle(), said])
                yield message.inner_text()
        _make(page, area, lesson["steps"][number - 1]["move"])
        figure.locator(f"#{lesson['id']}-step-{number}:not([hidden])").wait_for()


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("game", ["old-maid", "double-solitaire", "solo-whist"])
def test_a_reader_follows_the_coach_to_the_end_of_the_lesson(page, live_server, client, lang, game):
    lesson = client.get(f"/api/v1/lessons/{game}?lang={lang}").get_json()
    page.goto(f"{live_server}/{lang}/{game}/{LESSONS[lang]}/")
    figure = page.locator(f"figure#{game}")
    list(_follow(page, figure, lesson, lang))
    assert _current(figure) == len(lesson["steps"])
    link = page.locator(".lesson-end .play-link a")
    link.click()
    page.wait_for_url(f"**/{lang}/{game}/{'jugar' if lang == 'es' else 'jogar'}/")


def test_a_legal_move_that_is_not_the_lessons_gets_a_nudge_then_the_answer(page, live_server, client, app):
    lesson = client.get("/api/v1/lessons/double-solitaire?lang=es").get_json()
    words = app.extensions["naipes"].lesson_words(app.extensions["naipes"].lessons["double-solitaire"], "es")
    page.goto(f"{live_server}/es/double-solitaire/aprende/")
    figure = page.locator("figure#double-solitaire")
    told = list(_follow(page, figure, lesson, "es", wrong_at=1, wrong={"type": "draw", "player": 0}))
    assert len(told) == 2
    assert words.steps[1].nudge in told[0] and "7♥" not in told[0]
    assert words.steps[1].why in told[1]
    assert _current(figure) == len(lesson["steps"])


def test_the_solo_whist_lesson_shows_only_what_the_readers_seat_sees(page, live_server):
    """At the start: the reader's thirteen cards and the turned-up card face up, the other hands as backs."""
    page.goto(f"{live_server}/pt/solo-whist/aprenda/")
    start = page.locator("#solo-whist-step-0")
    assert start.locator(".seat-mine .card:not(.back)").count() == 13
    assert start.locator(".seats .card.back").count() == 39
    assert start.locator(".seats .card:not(.back)").count() == 13


def test_without_javascript_the_lesson_reads_as_steps_with_each_coach_line_linked_to_its_rule(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server}/pt/double-solitaire/aprenda/")
    steps = page.locator(".example-step")
    assert steps.count() == 22
    assert all(steps.nth(n).is_visible() for n in (0, 10, 21))
    coach = page.locator(".step-note.coach")
    assert coach.count() == 19
    href = coach.first.locator("a").get_attribute("href")
    assert href.endswith("/pt/double-solitaire/#play")
    context.close()

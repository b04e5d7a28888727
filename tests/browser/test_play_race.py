"""The race at the table, as a reader plays it: to the end at a fast pace, by clicks and by keyboard.

Kept apart from ``test_play.py`` so the two long files run on different workers.
"""

from __future__ import annotations

import pytest
from play_helpers import PHONE, deal, no_sideways_scroll, play_the_hint, settled

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("lang", "keyboard", "size"), [("es", False, {"width": 1280, "height": 800}), ("pt", True, PHONE)])
def test_a_whole_race_at_a_fast_pace(page, live_server, lang, keyboard, size):
    """The computer moves once a second (the page's clock is driven by the test, so a second is instant)."""
    page.set_viewport_size(size)
    page.clock.install(time=0)
    page.clock.pause_at(1)
    deal(page, live_server, lang, "double-solitaire")
    assert page.locator(".race-theirs button").count() == 0, "the computer's side cannot be played"
    ticks = 0
    for _ in range(600):
        if page.locator("[data-result]").count():
            break
        play_the_hint(page, lang, keyboard)
        page.clock.run_for(1000)
        ticks += 1
        settled(page)
        no_sideways_scroll(page)
    result = page.locator("[data-result]")
    assert result.count(), "the race ended"
    assert result.get_by_role("link").first.get_attribute("href").endswith("/double-solitaire/#end")
    assert page.locator("[data-log] li").count() >= ticks // 2, "the computer's moves were told"

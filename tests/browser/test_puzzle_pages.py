"""One puzzle of each game solved in Chromium in each language, as a reader would: a wrong move told
why beside the board, the hint and the answer opened, the solution played move by move (the engine
answering for the other seats), at 1280 pixels and again at 360 from the keyboard after "start
again" (Solo Whist's last puzzle a single-dummy one, the other hands face down); the progress kept in
the browser, the list filtered by a technique; the pages valid HTML (Nu) with no axe violation."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from axe_playwright_python.sync_playwright import Axe
from play_helpers import PHONE, no_sideways_scroll
from test_accessibility import AXE, VNU
from test_lesson_pages import _clicks, _make

from naipes.games import GAMES
from naipes.puzzles import load_puzzles

SLUG = {"es": "problemas", "pt": "problemas"}
WORDS = {"es": {"no": "No:", "again": "Empezar de nuevo", "hint": "Pista", "answer": "Solución", "solved": "Resueltos"},
         "pt": {"no": "Não:", "again": "Recomeçar", "hint": "Pista", "answer": "Solução", "solved": "Resolvidos"}}
WIDE = {"width": 1280, "height": 900}


def _wrong_first_move(app, puzzle):
    engine = GAMES[puzzle.game]
    for move in engine.legal_moves(puzzle.start):
        if move.player == puzzle.seat and not engine.check_puzzle(puzzle.start, puzzle.seat, puzzle.facts, [move]).correct:
            return move.to_json()
    raise AssertionError(f"{puzzle.id} has no wrong first move")


def _solve(page, puzzle, keyboard=False):
    """Play the solution on the board: by clicks, or from the keyboard alone (each button reached and
    pressed with Enter)."""
    board = page.locator("[data-board]")
    feedback = page.locator("[data-feedback]")
    for move in puzzle.readers_moves:
        if keyboard:
            for index in _clicks(board, move.to_json()):
                board.locator("button").nth(index).focus()
                page.keyboard.press("Enter")
        else:
            _make(page, board, move.to_json())
        page.wait_for_selector("article.puzzle:not([data-busy])")
        assert "puzzle-right" in feedback.get_attribute("class"), feedback.text_content()
    page.wait_for_selector("[data-again]:not([hidden])")
    assert "puzzle-right" in feedback.get_attribute("class")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_reader_is_told_why_a_move_is_wrong_then_solves_the_puzzle_wide_and_on_a_phone(page, live_server, app, lang,
                                                                                         game):
    puzzle = app.extensions["naipes_puzzles"].by_game[game][-1]
    words = WORDS[lang]
    page.set_viewport_size(WIDE)
    page.goto(f"{live_server}/{lang}/{game}/{SLUG[lang]}/{puzzle.number}/")
    board = page.locator("[data-board]")
    if "successes" in puzzle.facts:
        hidden = sum(len(hand) for seat, hand in enumerate(puzzle.start.hands) if seat != puzzle.seat)
        assert board.locator(".seat:not(.seat-mine) .card.back").count() == hidden, "a single-dummy problem hides"
        assert board.locator(".seat:not(.seat-mine) .card:not(.back)").count() == 0
    _make(page, board, _wrong_first_move(app, puzzle))
    page.wait_for_selector("article.puzzle:not([data-busy]) [data-feedback].puzzle-wrong")
    assert page.locator("[data-feedback]").text_content().startswith(words["no"])
    page.get_by_text(words["hint"], exact=True).click()
    assert page.locator("[data-hint] p").is_visible()
    page.get_by_role("button", name=words["again"]).click()
    page.wait_for_selector("article.puzzle:not([data-busy])")
    _solve(page, puzzle)
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page)
    page.get_by_role("button", name=words["again"]).focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("article.puzzle:not([data-busy])")
    _solve(page, puzzle, keyboard=True)
    page.get_by_text(words["answer"], exact=True).click()
    results = Axe(AXE.read_text(encoding="utf-8")).run(page)
    assert results.violations_count == 0, results.generate_report()
    page.goto(f"{live_server}/{lang}/{game}/{SLUG[lang]}/")
    no_sideways_scroll(page)
    progress = page.locator("[data-progress]")
    assert progress.is_visible() and progress.locator("[data-count=solved]").text_content() == "1"
    assert page.locator(f"tr[data-puzzle='{puzzle.id}'] [data-state]").text_content() != ""
    finesses = [other.id for other in app.extensions["naipes_puzzles"].by_game[game] if "finesse" in other.tags]
    if finesses:
        page.select_option("#theme-filter", label={"es": "Impás", "pt": "Passagem"}[lang])
        assert page.locator("tr[data-puzzle]:visible").count() == len(finesses)
        page.select_option("#theme-filter", index=0)
    results = Axe(AXE.read_text(encoding="utf-8")).run(page)
    assert results.violations_count == 0, results.generate_report()


def test_the_puzzle_pages_are_valid_html(client, tmp_path):
    assert VNU.is_file() and shutil.which("java"), "run ./scripts/test: it installs vnu-jar and Java"
    urls = [f"/{lang}/{game}/{SLUG[lang]}/{end}" for lang in ("es", "pt") for game in GAMES
            for end in ("", "1/", {"es": "hoja/", "pt": "folha/"}[lang])] + ["/es/", "/pt/"]
    urls.append(f"/es/solo-whist/problemas/{len(load_puzzles()['solo-whist'])}/")
    files = []
    for number, url in enumerate(urls):
        path = tmp_path / f"page{number}.html"
        path.write_bytes(client.get(url).get_data())
        files.append(str(path))
    result = subprocess.run(["java", "-jar", str(VNU), "--errors-only", "--format", "json", *files],
                            capture_output=True, text=True)
    messages = json.loads(result.stderr or '{"messages": []}')["messages"]
    problems = [f"{urls[files.index(m['url'].removeprefix('file:'))]}: {m['message']}" for m in messages]
    assert not problems, "\n".join(problems)

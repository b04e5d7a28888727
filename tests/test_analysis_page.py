"""The analysis board's page: a position in play, every hand face up, and each legal card's worth as the
analysis endpoint computes it; playing a card walks the board on; bad positions are refused kindly."""

from __future__ import annotations

import html
import json
import re

import pytest

from naipes.games import GAMES

PAGES = {"es": "/es/solo-whist/analisis/", "pt": "/pt/solo-whist/analise/"}
BOARDS = {lang: url + "board" for lang, url in PAGES.items()}


def _starts(page_html: str) -> list[dict]:
    return [json.loads(html.unescape(found)) for found in re.findall(r"data-start-position='([^']*)'", page_html)]


def _rows(board_html: str) -> list[tuple[str, int, str]]:
    found = re.findall(r'<th scope="row">(.*?)</th>\s*<td>(\d+)</td>\s*<td>([^<]*)</td>', board_html)
    return [(card, int(tricks), made) for card, tricks, made in found]


@pytest.mark.parametrize("lang", PAGES)
def test_the_page_shows_every_card_of_the_player_to_move_with_the_analysis_endpoints_values(client, lang):
    answer = client.get(PAGES[lang])
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    starts = _starts(page)
    assert starts, "every worked example in play is a place to start"
    analysis = client.post("/api/v1/solo-whist/analysis", json={"position": starts[0]}).get_json()
    rows = _rows(page)
    assert [tricks for _, tricks, _ in rows] == [card["tricks"] for card in analysis["cards"]]
    assert len(rows) == len(analysis["cards"]) >= 1


def test_each_example_start_is_a_link_that_reads_without_javascript(client):
    page = client.get(PAGES["es"]).get_data(as_text=True)
    ids = re.findall(r'<a href="\?start=([\w-]+)"', page)
    assert len(ids) == len(_starts(page)) >= 2
    other = client.get(PAGES["es"] + "?start=" + ids[1]).get_data(as_text=True)
    assert f'href="?start={ids[1]}" data-start-position' in other and 'aria-current="true"' in other


def test_playing_the_best_card_keeps_its_value_on_the_next_board(client):
    start = _starts(client.get(PAGES["es"]).get_data(as_text=True))[0]
    analysis = client.post("/api/v1/solo-whist/analysis", json={"position": start}).get_json()
    best = max(analysis["cards"], key=lambda card: card["tricks"]) if start["contract"]["bid"] not in (
        "misere", "open_misere") else min(analysis["cards"], key=lambda card: card["tricks"])
    move = {"type": "play", "player": analysis["to_move"], "card": best["card"]}
    after = client.post("/api/v1/solo-whist/apply", json={"position": start, "move": move}).get_json()["position"]
    board = client.post(BOARDS["es"], json={"position": after}).get_json()
    assert board["position"] == after
    if after["phase"] == "play":
        next_values = [tricks for _, tricks, _ in _rows(board["board"])]
        assert best["tricks"] in next_values, "with best play the value of the position does not change"


@pytest.mark.parametrize("body, code", [
    ({}, "invalid_body"),
    ({"position": {"x": 1}}, "invalid_position"),
])
def test_a_board_that_cannot_be_analysed_is_a_json_error_in_the_readers_language(client, body, code):
    answer = client.post(BOARDS["pt"], json=body)
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] == code


def test_a_position_with_a_hidden_card_is_refused(client):
    start = _starts(client.get(PAGES["es"]).get_data(as_text=True))[0]
    hidden = {**start, "hands": [[None] * len(hand) if seat else hand for seat, hand in enumerate(start["hands"])]}
    answer = client.post(BOARDS["es"], json={"position": hidden})
    assert answer.status_code == 400 and answer.get_json()["error"]["code"] == "invalid_position"


def test_only_a_game_with_an_analysis_board_has_the_page_and_its_rules_page_links_to_it(client):
    for game_id, game in GAMES.items():
        rules = client.get(f"/es/{game_id}/").get_data(as_text=True)
        assert ('href="/es/solo-whist/analisis/"' in rules) == (game_id == "solo-whist") == game.analyses
        assert client.get(f"/es/{game_id}/analisis/").status_code == (200 if game.analyses else 404)
    assert client.get("/pt/solo-whist/analisis/").status_code == 404

"""The analysis board's page: a position in play, every hand face up, and each legal card's worth as the
analysis endpoint computes it; playing a card walks the board on; bad positions are refused kindly."""

from __future__ import annotations

import html
import json
import re

import pytest

from naipes.engine.cards import DECK
from naipes.engine.contract import Rules
from naipes.games import GAMES
from naipes.games.solo_whist.analysis import SETUP_FIELDS
from naipes.web.analysis import ACTION

SETUP_METHODS = ("analysis", "on_board", "set_up", "setup_fields", "setup_dealt")

PAGES = {"es": "/es/solo-whist/analisis/", "pt": "/pt/solo-whist/analise/"}
BOARDS = {lang: url + "board" for lang, url in PAGES.items()}


def _starts(page_html: str) -> list[dict]:
    return [json.loads(html.unescape(found)) for found in re.findall(r"data-start-position='([^']*)'", page_html)]


def _rows(board_html: str) -> list[tuple[str, int, str]]:
    found = re.findall(r'<th scope="row">(.*?)</th>\s*<td>(\d+)</td>\s*<td>([^<]*)(?:<strong[^>]*>[^<]*</strong>)?</td>',
                       board_html)
    return [(card, int(tricks), made.strip()) for card, tricks, made in found]


def _best_rows(board_html: str) -> list[int]:
    return [int(tricks) for tricks in re.findall(r'<tr class="analysis-best">\s*<th scope="row">.*?</th>\s*<td>(\d+)</td>',
                                                 board_html)]


def _wants_more(position: dict, mover: int) -> bool:
    contract = position["contract"]
    return (mover in (contract["bidder"], contract["partner"])) != (contract["bid"] in ("misere", "open_misere"))


@pytest.mark.parametrize("lang", PAGES)
def test_the_page_shows_every_card_of_the_player_to_move_with_the_analysis_endpoints_values(client, lang):
    answer = client.get(PAGES[lang])
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    starts = _starts(page)
    assert starts, "every worked example in play is a place to start"
    analysis = client.post("/api/v1/solo-whist/analysis", json={"position": starts[0]}).get_json()
    rows = _rows(page)
    wanted = _wants_more(starts[0], analysis["to_move"])
    assert [tricks for _, tricks, _ in rows] == sorted((card["tricks"] for card in analysis["cards"]), reverse=wanted)
    assert len(rows) == len(analysis["cards"]) >= 1
    best = (max if wanted else min)(card["tricks"] for card in analysis["cards"])
    assert _best_rows(page) == [card["tricks"] for card in analysis["cards"] if card["tricks"] == best]


def test_only_the_legal_cards_of_the_player_to_move_can_be_played_from_the_diagram(client):
    page = client.get(PAGES["es"]).get_data(as_text=True)
    start = _starts(page)[0]
    analysis = client.post("/api/v1/solo-whist/analysis", json={"position": start}).get_json()
    diagram = page[page.index("data-diagram"):page.index('class="analysis-values"')]
    played = [json.loads(html.unescape(found)) for found in re.findall(r"data-move='([^']*)'", diagram)]
    assert sorted(move["card"] for move in played) == sorted(card["card"] for card in analysis["cards"])
    assert {move["player"] for move in played} == {analysis["to_move"]}


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
        has_setup = all(getattr(type(game), name) is not getattr(Rules, name) for name in SETUP_METHODS)
        assert has_setup == game.analyses, "a game with an analysis board has its set-up form"
    assert client.get("/pt/solo-whist/analisis/").status_code == 404


def _shown(page_html: str) -> dict:
    """The position on the board, as the page's JSON box holds it."""
    found = re.search(r'<textarea id="analysis-position"[^>]*>([^<]*)</textarea>', page_html)
    return json.loads(html.unescape(found.group(1)))


def _selected(page_html: str, name: str) -> str:
    """The value chosen in the set-up form's select ``name``."""
    select = re.search(rf'<select id="setup-{name}" name="{name}"[^>]*>(.*?)</select>', page_html, re.S).group(1)
    return re.search(r'<option value="([^"]*)" selected>', select).group(1)


VERDICTS = {"es": {True: "cumplido", False: "no cumplido"}, "pt": {True: "cumprido", False: "falhado"}}
ENDING = {"bid": "solo", "bidder": "2", "partner": "", "trump": "H", "leader": "0",
          "AS": "0", "KS": "1", "QS": "2", "JS": "3", "AH": "0", "KH": "1", "QH": "2", "JH": "3",
          "AD": "0", "2H": "1", "3H": "2", "10S": "3", "action": "analyse"}


def test_the_form_is_filled_in_for_the_example_on_the_board(client):
    page = client.get(PAGES["es"]).get_data(as_text=True)
    start = _starts(page)[0]
    counts = re.findall(r'<strong data-count="(\d)">(\d+)</strong>', page)
    assert counts == [(str(seat), str(len(hand))) for seat, hand in enumerate(start["hands"])]
    assert _selected(page, "bid") == start["contract"]["bid"]
    assert _selected(page, "bidder") == str(start["contract"]["bidder"])
    assert _selected(page, "leader") == str(start["to_move"])
    for seat, hand in enumerate(start["hands"]):
        for card in hand:
            assert _selected(page, card) == str(seat)
    held = {card for hand in start["hands"] for card in hand}
    out = [card.code for card in DECK if card.code not in held]
    assert out and all(_selected(page, card) == "" for card in out), "the cards already played are out of the hand"


@pytest.mark.parametrize("lang", PAGES)
def test_an_ending_set_up_with_the_form_is_analysed_as_the_api_analyses_it(client, lang):
    answer = client.get(PAGES[lang], query_string=ENDING)
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    shown = _shown(page)
    assert [set(hand) for hand in shown["hands"]] == [{"AS", "AH", "AD"}, {"KS", "KH", "2H"}, {"QS", "QH", "3H"},
                                                     {"JS", "10S", "JH"}]
    assert shown["contract"] == {"bid": "solo", "bidder": 2, "partner": None, "trump": "H"} and shown["to_move"] == 0
    analysis = client.post("/api/v1/solo-whist/analysis", json={"position": shown}).get_json()
    said = VERDICTS[lang]
    assert [(tricks, made) for _, tricks, made in _rows(page)] == [
        (card["tricks"], said[card["made"]]) for card in analysis["cards"]]
    assert _selected(page, "AS") == "0" and _selected(page, "2C") == ""


@pytest.mark.parametrize("lang, changes, says", [
    ("es", {"AD": ""}, "Todos los jugadores deben tener el mismo número de cartas, al menos una: ahora tienen 2, 3, 3, 3."),
    ("pt", {"AD": ""}, "Todos os jogadores têm de ter o mesmo número de cartas, pelo menos uma: agora têm 2, 3, 3, 3."),
    ("es", {"bid": "misere"}, "El misère, el misère abierto y la abundance declarada se juegan sin triunfo."),
    ("pt", {"bid": "proposal"}, "A proposal joga-se com parceiro: escolha como parceiro um jogador que não seja o licitador."),
    ("es", {"bidder": "x"}, "Elige jugadores del 1 al 4."),
])
def test_a_form_that_describes_no_position_is_a_kind_page_that_keeps_the_readers_choices(client, lang, changes, says):
    answer = client.get(PAGES[lang], query_string={**ENDING, **changes})
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert f'<p class="analysis-refused" role="alert">{html.escape(says, quote=False)}</p>' in page
    assert _selected(page, "AS") == "0" and _selected(page, "trump") == "H"
    assert "analysis-values" not in page


def test_dealing_at_random_leads_to_the_deals_own_address_with_thirteen_cards_each(client):
    answer = client.get(PAGES["pt"], query_string={**ENDING, "action": "deal"})
    assert answer.status_code == 303
    dealt = dict(re.findall(r"[?&]([^=&]+)=([^&]*)", answer.headers["Location"]))
    assert dealt["action"] == "analyse" and dealt["bid"] == "solo" and dealt["trump"] == "H"
    cards = {name: seat for name, seat in dealt.items() if name not in (ACTION, *SETUP_FIELDS)}
    assert len(cards) == 52 and sorted(cards.values()) == sorted(str(seat) for seat in range(4) for _ in range(13))
    page = client.get(answer.headers["Location"])
    assert page.status_code == 200
    assert [len(hand) for hand in _shown(page.get_data(as_text=True))["hands"]] == [13] * 4


def test_an_ending_with_the_tricks_already_taken_counts_them_in_the_whole_hand(client):
    """A solo of player 3 with three cards each and ten tricks played, six of them his: each card's tricks
    in the whole hand are the six plus what the last three give him, and the solo (five tricks) is made."""
    fields = {**ENDING, "won": "6"}
    page = client.get(PAGES["es"], query_string=fields)
    assert page.status_code == 200
    shown = _shown(page.get_data(as_text=True))
    assert len(shown["tricks"]) == 10 and sum(trick["winner"] == 2 for trick in shown["tricks"]) == 6
    uncounted = _shown(client.get(PAGES["es"], query_string=ENDING).get_data(as_text=True))
    rest = client.post("/api/v1/solo-whist/analysis", json={"position": uncounted}).get_json()["cards"]
    rows = _rows(page.get_data(as_text=True))
    assert [tricks for _, tricks, _ in rows] == [6 + card["tricks"] for card in rest]
    assert all(made == "cumplido" for _, _, made in rows)
    assert _selected(page.get_data(as_text=True), "won") == "6"

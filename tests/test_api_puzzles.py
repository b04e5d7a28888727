"""The puzzles' API and pages: a list per game, a puzzle as its reader sees it, the check that judges
a line with the engine and answers for the other seats; bad input refused in the reader's language;
the pages in both languages, the daily puzzle, the printable sheet."""

from __future__ import annotations

import json
import re

import pytest

from naipes.games import GAMES as ENGINES

GAMES = ("solo-whist", "double-solitaire", "old-maid")


def _puzzles(app, game):
    return app.extensions["naipes_puzzles"].by_game[game]


@pytest.mark.parametrize("game", GAMES)
def test_the_list_names_every_puzzle_of_the_game_in_the_readers_language(app, client, game):
    es = client.get(f"/api/v1/puzzles?game={game}&lang=es").get_json()
    pt = client.get(f"/api/v1/puzzles?game={game}&lang=pt").get_json()
    assert [entry["id"] for entry in es] == [puzzle.id for puzzle in _puzzles(app, game)]
    assert set(es[0]) == {"id", "game", "title", "rating"}
    assert es[0]["title"].startswith("Problema 1:") and es[0]["title"] != pt[0]["title"]


def test_a_puzzle_shows_its_goal_the_readers_view_and_moves(app, client):
    puzzle = _puzzles(app, "old-maid")[0]
    body = client.get(f"/api/v1/puzzles/{puzzle.id}?lang=pt").get_json()
    assert set(body) == {"id", "game", "title", "goal", "rating", "seat", "view", "moves"}
    assert "Restam dois jogadores" in body["goal"]
    offerer = puzzle.start.offerer
    assert all(card is None for card in body["view"]["hands"][offerer]), "the fan drawn from stays face down"
    assert body["moves"] == [{"type": "draw", "player": puzzle.seat, "index": index}
                             for index in range(len(puzzle.start.hands[offerer]))]


def test_a_double_dummy_problem_lays_every_hand_open(app, client):
    puzzle = _puzzles(app, "solo-whist")[0]
    body = client.get(f"/api/v1/puzzles/{puzzle.id}").get_json()
    assert all(None not in hand for hand in body["view"]["hands"])


def _single(app):
    return next(puzzle for puzzle in _puzzles(app, "solo-whist") if puzzle.id.startswith("solo-whist-sd-"))


def test_a_single_dummy_problem_shows_only_what_the_readers_seat_sees(app, client):
    puzzle = _single(app)
    body = client.get(f"/api/v1/puzzles/{puzzle.id}").get_json()
    hands = body["view"]["hands"]
    assert hands[puzzle.seat] == [card.code for card in puzzle.start.hands[puzzle.seat]]
    assert all(card is None for seat, hand in enumerate(hands) if seat != puzzle.seat for card in hand)
    page = client.get(f"/pt/solo-whist/problemas/{puzzle.number}/").get_data(as_text=True)
    hidden = [card.code for seat, hand in enumerate(puzzle.start.hands) if seat != puzzle.seat for card in hand]
    faces = re.findall(r'<ul class="seats">.*?</ul>', page, re.S)[0]
    assert faces.count("card back") == len(hidden), "each hidden card drawn face down"
    assert "distribuições ao acaso" in page, "the answer says why, with the success rates"


@pytest.mark.parametrize("lang, word", [("es", "repartos al azar"), ("pt", "distribuições ao acaso")])
def test_a_single_dummy_check_gives_the_success_rates_it_holds(app, client, lang, word):
    puzzle = _single(app)
    counts = puzzle.facts["successes"][0]
    legal = [move for move in ENGINES["solo-whist"].legal_moves(puzzle.start) if move.player == puzzle.seat]
    for move in legal:
        verdict = _check(client, puzzle, [move.to_json()], lang).get_json()
        assert verdict["correct"] == (counts[move.card.code] == max(counts.values()))
        assert word in verdict["message"] and f"{counts[move.card.code]} %" in verdict["message"]


def test_the_list_filters_by_the_techniques_the_puzzles_show(app, client):
    html = client.get("/es/solo-whist/problemas/").get_data(as_text=True)
    for technique in ("Impás", "Puesta en mano", "Desbloqueo", "Contar las cartas"):
        assert f'<option value="{technique}">' in html
        tagged = [puzzle for puzzle in _puzzles(app, "solo-whist")
                  if technique in re.findall(rf'data-puzzle="{puzzle.id}" data-theme="([^"]*)"', html)[0].split("|")]
        assert tagged and all(puzzle.tags for puzzle in tagged)


def _check(client, puzzle, moves, lang="es"):
    return client.post(f"/api/v1/puzzles/{puzzle.id}/check?lang={lang}", json={"moves": moves})


@pytest.mark.parametrize("game", GAMES)
def test_the_solution_is_right_and_solved_and_the_replies_are_the_engines(app, client, game):
    puzzle = _puzzles(app, game)[-1]
    mine = [move.to_json() for move in puzzle.readers_moves]
    for made in range(1, len(mine) + 1):
        answer = _check(client, puzzle, mine[:made])
        assert answer.status_code == 200
        verdict = answer.get_json()
        assert verdict["correct"] and verdict["done"] == (made == len(mine))
        assert verdict["message"]
    after = [move.to_json() for move in puzzle.solution]
    first_replies = after[1:after.index(mine[1])] if len(mine) > 1 else after[1:]
    assert _check(client, puzzle, mine[:1]).get_json()["reply"] == first_replies


@pytest.mark.parametrize("lang, word", [("es", "No"), ("pt", "Não")])
def test_a_wrong_move_is_told_why_in_the_readers_language(app, client, lang, word):
    puzzle = _puzzles(app, "solo-whist")[0]
    legal = [move for move in ENGINES["solo-whist"].legal_moves(puzzle.start) if move.player == puzzle.seat]
    verdicts = [_check(client, puzzle, [move.to_json()], lang).get_json() for move in legal]
    wrong = [verdict for verdict in verdicts if not verdict["correct"]]
    assert wrong and all(verdict["message"].startswith(word) and not verdict["done"] for verdict in wrong)


def test_bad_input_is_refused_in_the_readers_language_and_changes_nothing(app, client):
    puzzle = _puzzles(app, "double-solitaire")[0]
    assert client.get("/api/v1/puzzles?lang=pt").status_code == 400
    missing = client.get("/api/v1/puzzles/nada?lang=es")
    assert missing.status_code == 404 and "nada" in missing.get_json()["error"]["message"]
    assert client.get("/api/v1/puzzles?game=chess&lang=es").status_code == 404
    not_a_list = _check(client, puzzle, {"type": "draw"}, "pt")
    assert not_a_list.status_code == 400 and "lista" in not_a_list.get_json()["error"]["message"]
    too_many = _check(client, puzzle, [{"type": "draw", "player": 0}] * 21)
    assert too_many.status_code == 400
    other_seat = _check(client, puzzle, [{"type": "draw", "player": 1}], "es")
    assert other_seat.status_code == 422
    after_the_end = [move.to_json() for move in puzzle.readers_moves] * 2
    over = _check(client, puzzle, after_the_end[:len(puzzle.readers_moves) + 1], "es")
    assert over.status_code == 422 and over.get_json()["error"]["code"] == "puzzle_over"
    assert "terminado" in over.get_json()["error"]["message"]
    refused = _check(client, puzzle, [{"type": "move", "player": 0, "from": "c0", "count": 5, "to": "c1"}], "pt")
    assert refused.status_code in (400, 422) and refused.get_json()["error"]["message"]


@pytest.mark.parametrize("lang, slug", [("es", "problemas"), ("pt", "problemas")])
def test_the_pages_list_show_and_print_puzzles_in_both_languages(app, client, lang, slug):
    for game in GAMES:
        listing = client.get(f"/{lang}/{game}/{slug}/")
        assert listing.status_code == 200
        html = listing.get_data(as_text=True)
        assert html.count("data-puzzle=") == len(_puzzles(app, game))
        page = client.get(f"/{lang}/{game}/{slug}/1/")
        assert page.status_code == 200
        assert "data-check-url" in page.get_data(as_text=True)
        daily = client.get(f"/{lang}/{game}/{slug}/{'hoy' if lang == 'es' else 'hoje'}/")
        assert daily.status_code == 302 and daily.headers["Cache-Control"] == "no-store"
        sheet = client.get(f"/{lang}/{game}/{slug}/{'hoja' if lang == 'es' else 'folha'}/")
        assert sheet.status_code == 200 and "sheet-solutions" in sheet.get_data(as_text=True)
    assert client.get(f"/{lang}/solo-whist/{slug}/9999/").status_code == 404
    assert client.get(f"/{lang}/solo-whist/{slug}/otra/").status_code == 404
    home = client.get(f"/{lang}/").get_data(as_text=True)
    assert home.count(f"/{slug}/{'hoy' if lang == 'es' else 'hoje'}/") == 3


def test_the_board_after_a_line_is_drawn_by_the_server(app, client):
    puzzle = _puzzles(app, "solo-whist")[-1]
    first = puzzle.readers_moves[0].to_json()
    answer = client.post(f"/es/solo-whist/problemas/{puzzle.number}/board", json={"moves": [first]})
    assert answer.status_code == 200
    assert first not in _buttons(answer), "the card played is no longer a button"
    before = client.post(f"/es/solo-whist/problemas/{puzzle.number}/board", json={"moves": []})
    assert first in _buttons(before)


def _buttons(answer) -> list[dict]:
    return [json.loads(move) for move in re.findall(r"data-move='([^']*)'", answer.get_data(as_text=True))]

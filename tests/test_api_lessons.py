"""The coach's judge, ``POST /api/v1/lessons/{game}/check``: the lesson's move goes on, a refused
move gets the engine's reason, a legal move that is not the lesson's gets why the lesson's is better."""

from __future__ import annotations

import pytest

from naipes.engine.choice import Choice
from naipes.tables.driver import choose
from naipes.web import lessons as web_lessons


def _check(client, game, step, move, lang="es"):
    return client.post(f"/api/v1/lessons/{game}/check?lang={lang}", json={"step": step, "move": move})


def _decision(app, game, number):
    lesson = app.extensions["naipes"].lessons[game]
    return lesson, lesson.steps[number - 1]


def test_every_decision_of_every_lesson_accepts_the_lessons_move(app, client):
    for game, lesson in app.extensions["naipes"].lessons.items():
        for step in lesson.decisions:
            answer = _check(client, game, step.number, step.move.to_json())
            assert answer.status_code == 200 and answer.get_json() == {"expected": True}, (game, step.number)


@pytest.mark.parametrize("lang, words", [("es", "no forman pareja"), ("pt", "par")])
def test_a_move_the_rules_refuse_gets_the_engines_reason_in_the_readers_language(client, lang, words):
    answer = _check(client, "old-maid", 1, {"type": "discard", "player": 0, "cards": ["9H", "4S"]}, lang)
    assert answer.status_code == 422
    error = answer.get_json()["error"]
    assert error["code"] == "not_a_pair"
    assert words in error["message"].lower()


def test_a_legal_move_the_computer_player_would_not_make_gets_its_reason(app, client):
    answer = _check(client, "double-solitaire", 1, {"type": "draw", "player": 0})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["expected"] is False
    assert "7♥" in body["message"] and "8♠" in body["message"]
    assert body["message"].endswith("Inténtalo de nuevo.")


def _elsewhere(game, position, seat, rng, level):
    """The computer player, made to play any other move than its own."""
    choice = choose(game, position, seat, rng, level)
    return Choice(next(move for move in game.legal_moves(position) if move != choice.move), choice.reason)


def test_with_no_words_for_why_the_lessons_move_is_better_the_reader_is_asked_to_try_again(monkeypatch, client):
    """A step the lesson gives no reason for, where the computer player would play otherwise (here made to),
    has no reason to quote: the answer says the lesson's move is better and asks again, with no empty
    sentence between."""
    # The judgement runs in the app's compute pool: the player stands in by name, as the pool takes functions.
    monkeypatch.setattr(web_lessons, "choose", _elsewhere)
    body = _check(client, "double-solitaire", 1, {"type": "draw", "player": 0}, "pt").get_json()
    assert body == {"expected": False,
                    "message": "O motor aceita essa jogada, mas a da lição é melhor. Tente outra vez."}


def test_a_move_as_good_as_the_lessons_goes_on_with_a_word_saying_so(client):
    answer = _check(client, "double-solitaire", 6, {"type": "move", "player": 0, "from": "c2", "to": "f1"}, "pt")
    assert answer.status_code == 200
    assert answer.get_json()["expected"] is True and answer.get_json()["message"]


def test_a_legal_draw_elsewhere_in_the_fan_gets_the_lessons_own_why(app, client):
    lesson = app.extensions["naipes"].lessons["old-maid"]
    words = app.extensions["naipes"].lesson_words(lesson, "pt")
    step = next(step for step in lesson.decisions if step.number == 13)
    other = {"type": "draw", "player": 0, "index": step.move.index + 1}
    body = _check(client, "old-maid", 13, other, "pt").get_json()
    assert body["expected"] is False
    assert words.steps[13].why.rstrip(".") in body["message"]


def test_a_move_for_another_seat_is_not_the_readers(client):
    answer = _check(client, "double-solitaire", 1, {"type": "move", "player": 1, "from": "c0", "to": "f1"})
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == "not_your_turn"


@pytest.mark.parametrize("step", [0, 3, 4, 10_000, "1", None, 1.5])
def test_a_step_that_is_not_one_of_the_readers_decisions_is_refused(client, step):
    answer = _check(client, "double-solitaire", step, {"type": "draw", "player": 0})
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] in {"invalid_step", "invalid_body"}


def test_an_unknown_lesson_is_not_found(client):
    assert _check(client, "chess", 1, {"type": "draw", "player": 0}).status_code == 404


def test_a_move_that_is_not_a_move_is_a_bad_request(client):
    answer = _check(client, "solo-whist", 1, {"type": "dance", "player": 0})
    assert answer.status_code == 400


def test_a_pair_named_in_the_other_order_is_the_lessons_pair(client):
    answer = _check(client, "old-maid", 1, {"type": "discard", "player": 0, "cards": ["9D", "9H"]})
    assert answer.get_json() == {"expected": True}

"""The coach's judge, ``POST /api/v1/lessons/{game}/check``: the lesson's move goes on, a refused
move gets the engine's reason, another legal move a nudge toward what to look at, and a second
try the answer and why; and ``GET /api/v1/lessons/{game}`` carries each decision's prompt."""

from __future__ import annotations

import pytest


def _check(client, game, step, move, lang="es", **more):
    return client.post(f"/api/v1/lessons/{game}/check?lang={lang}", json={"step": step, "move": move} | more)


def _decision(app, game, number):
    lesson = app.extensions["naipes"].lessons[game]
    return lesson, lesson.steps[number - 1]


def test_every_decision_of_every_lesson_accepts_the_lessons_move(app, client):
    for game, lesson in app.extensions["naipes"].lessons.items():
        for step in lesson.decisions:
            answer = _check(client, game, step.number, step.move.to_json())
            assert answer.status_code == 200 and answer.get_json()["correct"] is True, (game, step.number)
            assert answer.get_json()["message"]


@pytest.mark.parametrize("lang, words", [("es", "no forman pareja"), ("pt", "par")])
def test_a_move_the_rules_refuse_gets_the_engines_reason_in_the_readers_language(client, lang, words):
    answer = _check(client, "old-maid", 1, {"type": "discard", "player": 0, "cards": ["9H", "4S"]}, lang)
    assert answer.status_code == 422
    error = answer.get_json()["error"]
    assert error["code"] == "not_a_pair"
    assert words in error["message"].lower()


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_first_wrong_try_gets_a_nudge_and_a_second_the_answer_and_why(app, client, lang):
    """Solo Whist's first lead: the king of spades is legal but not the lesson's ace."""
    lesson, step = _decision(app, "solo-whist", 5)
    words = app.extensions["naipes"].lesson_words(lesson, lang).steps[5]
    wrong = {"type": "play", "player": 0, "card": "KS"}
    first = _check(client, "solo-whist", 5, wrong, lang)
    assert first.status_code == 200 and first.get_json()["correct"] is False
    assert words.nudge in first.get_json()["message"] and "A♠" not in first.get_json()["message"]
    second = _check(client, "solo-whist", 5, wrong, lang, attempt=2).get_json()
    assert second["correct"] is False
    assert words.why in second["message"] and "A♠" in second["message"]
    assert _check(client, "solo-whist", 5, step.move.to_json(), lang, attempt=3).get_json()["correct"] is True


@pytest.mark.parametrize("attempt", [0, -1, "2", 1.5, None])
def test_an_attempt_that_is_not_a_count_from_one_is_refused(client, attempt):
    answer = _check(client, "solo-whist", 5, {"type": "play", "player": 0, "card": "KS"}, attempt=attempt)
    assert answer.status_code == 400 and answer.get_json()["error"]["code"] == "invalid_body"


def test_the_lesson_json_carries_a_prompt_at_every_decision_and_only_there(app, client):
    lesson = app.extensions["naipes"].lessons["double-solitaire"]
    words = app.extensions["naipes"].lesson_words(lesson, "pt")
    steps = client.get("/api/v1/lessons/double-solitaire?lang=pt").get_json()["steps"]
    for step, told in zip(lesson.steps, steps):
        assert told.get("prompt") == (words.steps[step.number].prompt if step.decision else None)


def test_a_move_as_good_as_the_lessons_goes_on_with_a_word_saying_so(client):
    answer = _check(client, "double-solitaire", 6, {"type": "move", "player": 0, "from": "c2", "to": "f1"}, "pt")
    assert answer.status_code == 200
    assert answer.get_json()["correct"] is True and answer.get_json()["message"]


@pytest.mark.parametrize("step", [8, 13, 18])
def test_any_card_drawn_face_down_is_as_good_as_the_lessons(app, client, step):
    lesson, decision = _decision(app, "old-maid", step)
    fan = lesson.position_at(step - 1).hands[2]
    for index in range(len(fan)):
        answer = _check(client, "old-maid", step, {"type": "draw", "player": 0, "index": index}, "pt").get_json()
        assert answer["correct"] is True, index


def test_an_equally_good_pair_of_nines_is_not_called_worse(client):
    answer = _check(client, "old-maid", 1, {"type": "discard", "player": 0, "cards": ["9C", "9H"]}).get_json()
    assert answer["correct"] is True and "lección" in answer["message"]


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
    assert answer.get_json() == {"correct": True, "message": "Bien jugado: esa es la jugada."}

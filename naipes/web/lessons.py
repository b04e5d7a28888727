"""The lesson pages (``/es/<game>/aprende/``, ``/pt/<game>/aprenda/``) and the coach's judge.

A lesson page is a worked example of a whole game, step by step (it reads without
JavaScript), with the coach's prompt before each of the reader's decisions: what to look
at, never the move. With JavaScript the reader makes each decision on the diagram of what
their seat sees, and ``POST /api/v1/lessons/{game}/check`` judges it: the lesson's move (or
one as good) goes on; a move the rules refuse gets the engine's reason (422, as everywhere
in the API); another legal move gets a nudge toward what to look at on the first try and
the answer with its reason after that (the client counts its tries in ``attempt``).
"""

from __future__ import annotations

from flask import Blueprint, abort, jsonify, render_template, url_for
from flask_babel import gettext

from ..engine.decode import is_whole_number
from ..engine.errors import EngineError, N_
from ..lessons import Lesson, LessonWords
from ..games import GAMES
from .json_io import ApiError, api_error_from_engine, as_sentence, engine_call, json_body, required, translated
from .narration import narrate
from .notes import StepNote, with_rule
from .sitedata import alternates, current_site

bp = Blueprint("lessons", __name__)


def lesson_url(page) -> str | None:
    """The lesson page of a rules page's game, or None if the game has no lesson."""
    lesson = current_site().lessons.get(page.game)
    if lesson is None:
        return None
    return url_for("lessons.page", lang=page.lang, slug=page.slug, part=current_site().lesson_words(lesson, page.lang).slug)


def _lesson_page(lang: str, slug: str, part: str):
    page = current_site().library.game(lang, slug)
    lesson = current_site().lessons.get(page.game) if page is not None else None
    if lesson is None or current_site().lesson_words(lesson, lang).slug != part:
        abort(404)
    return page, lesson


def step_texts(lesson: Lesson, words: LessonWords) -> list[str]:
    """What each step of the lesson says happened: its caption, a new deal's introduction, or its events told."""
    starts = {number: index for index, number in enumerate(lesson.part_starts)}
    texts = []
    for step in lesson.steps:
        if step.number in starts:
            texts.append(words.parts[starts[step.number]])
            continue
        own = words.steps.get(step.number)
        if own is not None and own.caption:
            texts.append(own.caption)
            continue
        told = [narrate(lesson.game, event.to_json(), lesson.seat) for event in step.events]
        texts.append(" ".join(text for text in told if text))
    return texts


def coach_notes(page, lesson: Lesson, words: LessonWords) -> dict[int, StepNote]:
    """The coach's line under the step before each decision, linked to the section of the rules it teaches."""
    # The lesson's loader refuses a decision without its rule or its prompt, so none is left out here.
    return {step.number - 1: with_rule(page, "coach", gettext("Your move:"), prompt, rule, step.number)
            for step in lesson.decisions
            if (prompt := words.steps[step.number].prompt) is not None and (rule := step.rule) is not None}


@bp.get("/<lang>/<slug>/<lesson_slug:part>/")
def page(lang: str, slug: str, part: str):
    page, lesson = _lesson_page(lang, slug, part)
    words = current_site().lesson_words(lesson, lang)
    captions = {"title": words.title, "start": words.parts[0], "steps": step_texts(lesson, words)}
    return render_template("lesson.html", page=page, lesson=lesson, words=words, captions=captions,
                           notes=coach_notes(page, lesson, words), alternates=alternates(page, lesson_url))


@bp.get("/api/v1/lessons/<game_id>")
def lesson_json(game_id: str):
    """A lesson as a worked example's JSON: every step's position, computed by the engine (a new deal's has no move)."""
    lesson = current_site().lessons.get(game_id)
    if lesson is None:
        raise ApiError(404, "unknown_lesson", gettext("There is no lesson for “%(game)s”.", game=game_id[:40]))
    words = current_site().lesson_words(lesson)
    return jsonify({
        "id": lesson.id, "game": lesson.game, "title": words.title, "caption": words.parts[0],
        "start": lesson.start.to_json(),
        "steps": [
            {"move": step.move.to_json() if step.move else None, "position": step.position.to_json(),
             "events": [event.to_json() for event in step.events], "caption": caption}
            | ({"prompt": words.steps[step.number].prompt} if step.decision else {})
            for step, caption in zip(lesson.steps, step_texts(lesson, words))
        ],
    })


def _canonical(data: dict) -> dict:
    return {key: sorted(map(str, value)) if isinstance(value, list) else value for key, value in data.items()}


def _same(move, lesson_move) -> bool:
    """Whether the reader's move is the lesson's, its cards named in any order (9♦ then 9♥ is the pair 9♥ 9♦)."""
    return move == lesson_move or _canonical(move.to_json()) == _canonical(lesson_move.to_json())


def _attempt(data: dict) -> int:
    attempt = data.get("attempt", 1)
    if not is_whole_number(attempt) or attempt < 1:
        raise ApiError(400, "invalid_body", gettext("“%(field)s” must be a whole number from 1.", field="attempt"))
    return attempt


@bp.post("/api/v1/lessons/<game_id>/check")
def check(game_id: str):
    """Judge the reader's try at one decision of the lesson: the first wrong try gets a nudge, a later one the answer."""
    lesson = current_site().lessons.get(game_id)
    if lesson is None:
        raise ApiError(404, "unknown_lesson", gettext("There is no lesson for “%(game)s”.", game=game_id[:40]))
    game = GAMES[lesson.game]
    data = json_body()
    step = lesson.decision(required(data, "step"))
    if step is None:
        raise ApiError(400, "invalid_step", gettext(
            "“%(field)s” must be the number of one of your decisions in the lesson.", field="step"))
    attempt = _attempt(data)
    move = engine_call(game.move_from_json, required(data, "move"))
    if move.player != lesson.seat:
        raise ApiError(422, "not_your_turn", translated(
            N_("You play as %(player)s: wait for your turn, and move only your own cards"), {"player": lesson.seat}))
    if _same(move, step.move):
        return jsonify({"correct": True, "message": gettext("Well played: that is the move.")})
    if any(_same(move, other) for other in step.also):
        return jsonify({"correct": True, "message": gettext(
            "That is as good as the lesson's move; the lesson goes on with its own.")})
    try:
        game.apply(lesson.position_at(step.number - 1), move)
    except EngineError as error:
        raise api_error_from_engine(error) from None
    words = current_site().lesson_words(lesson).steps[step.number]
    if attempt == 1:
        message = gettext("Not that one. %(nudge)s", nudge=as_sentence(words.nudge or words.prompt or ""))
    else:
        message = gettext("%(why)s Make that move and the lesson goes on.", why=as_sentence(words.why or ""))
    return jsonify({"correct": False, "message": message})


def register_template_helpers(app) -> None:
    app.jinja_env.globals.update(lesson_url=lesson_url)

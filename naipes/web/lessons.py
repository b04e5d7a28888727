"""The lesson pages (``/es/<game>/aprende/``, ``/pt/<game>/aprenda/``) and the coach's judge.

A lesson page is a worked example of a whole game, step by step (it reads without
JavaScript), with the coach's line before each of the reader's decisions. With
JavaScript the reader makes each decision on the real diagram and
``POST /api/v1/lessons/{game}/check`` judges it: the lesson's move goes on; a move the
rules refuse gets the engine's reason (422, as everywhere in the API); a legal move
that is not the lesson's gets why the lesson's is better, in the computer player's
words where it would choose the lesson's move, else in the lesson's own.
"""

from __future__ import annotations

from flask import Blueprint, abort, jsonify, render_template, url_for
from flask_babel import gettext
from werkzeug.routing import BaseConverter

from ..engine.errors import EngineError, N_
from ..engine.review import dice_for
from ..lessons import Lesson, LessonWords
from ..games import GAMES
from ..tables.driver import choose
from . import pool
from .json_io import ApiError, api_error_from_engine, as_sentence, engine_call, json_body, required, translated
from .narration import narrate
from .notes import StepNote, with_rule
from .sitedata import current_site

bp = Blueprint("lessons", __name__)


def lesson_slug_converter(slugs) -> type[BaseConverter]:
    """A URL segment that is one of the lessons' slugs, so that the lesson's route claims no other path."""

    class LessonSlug(BaseConverter):
        regex = "|".join(sorted(slugs)) or "(?!)"

    return LessonSlug


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
    # The lesson's loader refuses a decision without its rule or its coach line, so none is left out here.
    return {step.number - 1: with_rule(page, "coach", gettext("Your move:"), coach, rule, step.number)
            for step in lesson.decisions
            if (coach := words.steps[step.number].coach) is not None and (rule := step.rule) is not None}


@bp.get("/<lang>/<slug>/<lesson_slug:part>/")
def page(lang: str, slug: str, part: str):
    page, lesson = _lesson_page(lang, slug, part)
    library = current_site().library
    alternates = {
        other.lang: lesson_url(other)
        for other_lang in library.languages
        for other in library.games_in(other_lang)
        if other.game == page.game
    }
    words = current_site().lesson_words(lesson, lang)
    captions = {"title": words.title, "start": words.parts[0], "steps": step_texts(lesson, words)}
    return render_template("lesson.html", page=page, lesson=lesson, words=words, captions=captions,
                           notes=coach_notes(page, lesson, words), alternates=alternates)


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
            for step, caption in zip(lesson.steps, step_texts(lesson, words))
        ],
    })


def _canonical(data: dict) -> dict:
    return {key: sorted(map(str, value)) if isinstance(value, list) else value for key, value in data.items()}


def _same(move, lesson_move) -> bool:
    """Whether the reader's move is the lesson's, its cards named in any order (9♦ then 9♥ is the pair 9♥ 9♦)."""
    return move == lesson_move or _canonical(move.to_json()) == _canonical(lesson_move.to_json())


@bp.post("/api/v1/lessons/<game_id>/check")
def check(game_id: str):
    """Judge the reader's move at one decision of the lesson."""
    lesson = current_site().lessons.get(game_id)
    if lesson is None:
        raise ApiError(404, "unknown_lesson", gettext("There is no lesson for “%(game)s”.", game=game_id[:40]))
    game = GAMES[lesson.game]
    data = json_body()
    step = lesson.decision(required(data, "step"))
    if step is None:
        raise ApiError(400, "invalid_step", gettext(
            "“%(field)s” must be the number of one of your decisions in the lesson.", field="step"))
    move = engine_call(game.move_from_json, required(data, "move"))
    if move.player != lesson.seat:
        raise ApiError(422, "not_your_turn", translated(
            N_("You play as %(player)s: wait for your turn, and move only your own cards"), {"player": lesson.seat}))
    if _same(move, step.move):
        return jsonify({"expected": True})
    if any(_same(move, other) for other in step.also):
        return jsonify({"expected": True, "message": gettext(
            "That is as good as the lesson's move; the lesson goes on with its own.")})
    before = lesson.position_at(step.number - 1)
    try:
        game.apply(before, move)
    except EngineError as error:
        raise api_error_from_engine(error) from None
    why = current_site().lesson_words(lesson).steps[step.number].why
    if not why:
        seen = game.view(before, lesson.seat)
        choice = pool.run(choose, game, before, lesson.seat, dice_for(seen.to_json(), step.number - 1),
                          game.levels[-1])
        why = translated(choice.reason.message, choice.reason.params) if choice.move == step.move else ""
    message = (gettext("The engine accepts that move, but the lesson's move is better. %(why)s Try again.",
                       why=as_sentence(why)) if why else
               gettext("The engine accepts that move, but the lesson's move is better. Try again."))
    return jsonify({"expected": False, "message": message})


def register_template_helpers(app) -> None:
    app.jinja_env.globals.update(lesson_url=lesson_url)

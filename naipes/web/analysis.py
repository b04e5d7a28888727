"""The analysis board: ``/es/<game>/analisis/``, ``/pt/<game>/analise/``, for a game that has one (Solo Whist).

A reader sets up a position in play with every hand known (from a worked example's deal, with the
set-up form's one field per card and the contract, or pasted as the API's JSON) and sees what each card the player to move may play is worth with
best play by everyone after it: the declaring side's tricks in the whole deal and whether the
contract is then made, from ``POST /api/v1/{game}/analysis``. Playing a card walks the board on
(``/apply``), and the board is analysed again. The page reads without JavaScript: it shows the
first example's position analysed, each starting position is a link, and the set-up form is a plain
GET form (its "deal at random" redirects to the deal's own address, which a reader may keep or share).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from flask import Blueprint, abort, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext

from ..engine.cards import Card
from ..engine.contract import PositionLike, Rules
from ..engine.errors import N_, InvalidPosition
from ..games import GAMES
from . import pool
from .i18n import card_said, in_language
from .json_io import ApiError, engine_call, json_body, required, translated
from .sitedata import alternates, current_site

bp = Blueprint("analysis", __name__)

ACTION, ANALYSE, DEAL = "action", "analyse", "deal"
"""The set-up form's buttons (named ``action`` in its template): ``analyse`` the position its fields
describe, or ``deal`` the cards at random."""

ANALYSIS_SLUG = N_("analysis")
"""The last part of an analysis page's address, in the page's language (``analisis``, ``analise``)."""

_MOST_STARTS = 24


def analysis_slug(lang: str) -> str:
    return in_language(lang, ANALYSIS_SLUG)


def analysis_url(page) -> str | None:
    """The analysis page of a rules page's game, or None if the game has no analysis board."""
    if not GAMES[page.game].analyses:
        return None
    return url_for("analysis.page", lang=page.lang, slug=page.slug, part=analysis_slug(page.lang))


def _analysis_page(lang: str, slug: str, part: str):
    if lang not in current_site().languages or part != analysis_slug(lang):
        abort(404)
    page = current_site().library.game(lang, slug)
    if page is None or not GAMES[page.game].analyses:
        abort(404)
    return page


def first_on_board(game: Rules, positions: Iterable[PositionLike]) -> PositionLike | None:
    """The first of ``positions`` that ``game``'s analysis board can take, where an analysis can start."""
    return next((position for position in positions if game.on_board(position)), None)


def board_url(page, position: PositionLike) -> str:
    """The analysis page of ``page``'s game with ``position`` set up by the form's own address."""
    address: dict[str, Any] = {**GAMES[page.game].setup_fields(position), ACTION: ANALYSE}
    return url_for("analysis.page", lang=page.lang, slug=page.slug, part=analysis_slug(page.lang), **address)


def starts(page) -> list[dict]:
    """Where a reader may start: the first position in play of each of the game's worked examples."""
    site = current_site()
    found = []
    for example in site.examples.values():
        if example.game != page.game:
            continue
        shown = (example.position_at(step) for step in range(len(example.steps) + 1))
        start = first_on_board(GAMES[page.game], shown)
        if start is not None:
            found.append({"id": example.id, "title": site.captions(example, page.lang).title,
                          "position": start.to_json()})
    return found[:_MOST_STARTS]


def _board(page, position_json: object) -> dict:
    """The board for a position: the diagram with the mover's cards as buttons, each legal card's worth,
    and the set-up form's fields that set it up again (so the form follows the board).

    A position the engine cannot read is a 4xx. One it reads but the analysis will not finish within a
    request's bound is still drawn, with the reason instead of the values, so the reader can play on
    to a position it can analyse.
    """
    game = GAMES[page.game]
    position = engine_call(game.Position.from_json, position_json)
    p = position.to_json()
    values, notice = None, gettext("The hand is over: set up another position.")
    if not position.is_over:
        try:
            values, notice = engine_call(pool.run, game.analysis, position), None
        except ApiError as error:
            if error.code != "too_much_work":
                raise
            notice = error.message
    mover = p.get("to_move")
    html = render_template(f"games/{page.game}/analysis_board.html", page=page, p=p, values=values, notice=notice,
                           mover=mover)
    fields = None if position.is_over else dict(game.setup_fields(position))
    return {"board": html, "position": p, "fields": fields, "on_board": game.on_board(position)}


@lru_cache(maxsize=64)
def _start_board(lang: str, slug: str, start_id: str) -> dict:
    """A worked example's start analysed, once per process: the page's first board is the same for every reader."""
    page = current_site().library.game(lang, slug)
    start = next(start for start in starts(page) if start["id"] == start_id)
    return _board(page, start["position"])


@bp.get("/<lang>/<slug>/<analysis_slug:part>/")
def page(lang: str, slug: str, part: str):
    page = _analysis_page(lang, slug, part)
    game = GAMES[page.game]
    choices = starts(page)
    action = request.args.get(ACTION)
    fields = {name: value for name, value in request.args.items() if name != ACTION}
    if action == DEAL:
        address: dict[str, Any] = {**game.setup_dealt(fields, random.SystemRandom()), ACTION: ANALYSE}
        return redirect(url_for("analysis.page", lang=lang, slug=slug, part=part, **address), 303)
    chosen, drawn, refused = None, None, None
    if action == ANALYSE:
        try:
            drawn = _board(page, game.set_up(fields).to_json())
        except InvalidPosition as error:
            refused = translated(error.message, error.params)
    else:
        chosen = next((start for start in choices if start["id"] == request.args.get("start")),
                      choices[0] if choices else None)
        if chosen:
            drawn = _start_board(lang, slug, chosen["id"])
    if drawn is not None:
        fields = drawn["fields"]
    html = render_template("analysis.html", page=page, starts=choices, chosen=chosen,
                           board=drawn and drawn["board"], shown=drawn and drawn["position"], fields=fields,
                           refused=refused, set_up=action == ANALYSE, alternates=alternates(page, analysis_url))
    return html, 400 if refused else 200


@bp.post("/<lang>/<slug>/<analysis_slug:part>/board")
def board(lang: str, slug: str, part: str):
    """The board for the position the body holds: ``{"position": Position}`` → ``{"board": html, "position",
    "fields", "on_board"}``, the set-up form's fields for that position (None once the hand is over) and whether
    the board can analyse it (the game's ``on_board``)."""
    page = _analysis_page(lang, slug, part)
    return jsonify(_board(page, required(json_body(), "position")))


def _card_symbol(code: str) -> str:
    return Card.parse(code).symbol


def _card_in_text(code: str) -> str:
    """A card inside a sentence, by name and with its article ("la dama de corazones")."""
    return card_said(Card.parse(code), spoken=True)


def register_template_helpers(app) -> None:
    app.jinja_env.globals.update(analysis_url=analysis_url, analysis_slug=analysis_slug, card_in_text=_card_in_text,
                                 card_symbol=_card_symbol)

"""The play pages: ``/<lang>/<game>/jugar/`` (``jogar/`` in Portuguese), a table against the computer.

The page is the site's diagram plus the tables API: the browser deals, moves
and asks for hints through ``/api/v1/{game}/tables``, and asks this blueprint to
draw what its seat sees (``render``). Drawing starts from the table the seat's key opens,
never from a position the browser sends, so the page can only show what the API would.
"""

from __future__ import annotations

from flask import Blueprint, abort, jsonify, render_template, url_for
from flask_babel import gettext

from ..engine.contract import Rules
from ..engine.errors import N_
from ..games import GAMES
from ..tables.driver import moves_for
from ..tables.friends import MAX_NAME
from . import seating
from .i18n import in_language
from .json_io import ApiError, json_body, required
from .narration import narrate
from .sitedata import alternates, current_site
from .staging import stage
from .tables import loaded, table_store

bp = Blueprint("play", __name__)

PLAY_SLUG = N_("play")
"""The last part of a play page's address, in the page's language (``jugar``, ``jogar``)."""

_MAX_EVENTS = 500


def play_slug(lang: str) -> str:
    return in_language(lang, PLAY_SLUG)


def play_url(page) -> str:
    return url_for("play.page", lang=page.lang, slug=page.slug, play=play_slug(page.lang))


def play_page(lang: str, slug: str, play: str):
    """The rules page of a game played at ``/<lang>/<slug>/<play>/`` (and the pages under it), or 404."""
    if lang not in current_site().languages or play != play_slug(lang):
        abort(404)
    page = current_site().library.game(lang, slug)
    if page is None or page.game not in GAMES:
        abort(404)
    return page


@bp.get("/<lang>/<slug>/<play>/")
def page(lang: str, slug: str, play: str):
    page = play_page(lang, slug, play)
    game = GAMES[page.game]
    return render_template("play.html", page=page, game=game, alternates=alternates(page, play_url), max_name=MAX_NAME,
                           turn_seconds=seating.turn_seconds())


@bp.post("/<lang>/<slug>/<play>/render")
def render(lang: str, slug: str, play: str):
    """What the reader's seat sees, drawn: the diagram, the facts, the events told, the result."""
    page = play_page(lang, slug, play)
    game = GAMES[page.game]
    data = json_body()
    kept = loaded(game, required(data, "table"))
    table = kept.table
    events = data.get("events", [])
    if not isinstance(events, list) or len(events) > _MAX_EVENTS or not all(isinstance(e, dict) for e in events):
        raise ApiError(400, "invalid_body", gettext("“%(field)s” must be a list of events.", field="events"))
    view = game.view(table.position, table.seat).to_json()
    moves = [move.to_json() for move in moves_for(game, table.position, table.seat)]
    over = table.position.is_over
    session = table.session.shown(game.scoring, table.position, table.seat, counted=not table.practice)
    help_used = table.help
    context = {"page": page, "game": game, "p": view, "seat": table.seat, "moves": moves, "over": over,
               "session": session, "help": help_used, "friends": kept.friends,
               "names": seating.names(table_store(), kept)}
    steps = [{"text": narrate(page.game, event, table.seat), "journey": stage(page.game, event)} for event in events]
    return jsonify({
        "diagram": render_template("play_table.html", **context),
        "events": [step["text"] for step in steps if step["text"]],
        "steps": steps,
        "over": over,
    })


def level_name(game: Rules, level: str) -> str:
    return gettext(game.level_names[level]) if level in game.level_names else level


_CHART = {"width": 320, "height": 140, "left": 8, "right": 296, "top": 10, "bottom": 130}


def chip_chart(history: list[list[int]], deals: int) -> dict | None:
    """The session's small chart: each seat's running chips after each deal, as SVG polylines.

    None until two deals are finished (one point is a number, not a picture). The
    history keeps the last deals only; it starts from zero when it holds them all.
    """
    if len(history) < 2:
        return None
    series = ([[0] * len(history[0])] if deals == len(history) else []) + history
    values = [value for scores in series for value in scores] + [0]
    high, low = max(values), min(values)
    span = (high - low) or 1
    box = _CHART
    step = (box["right"] - box["left"]) / (len(series) - 1)

    def y(value: int) -> float:
        return round(box["top"] + (high - value) * (box["bottom"] - box["top"]) / span, 1)

    lines = []
    for player in range(len(series[0])):
        points = [(round(box["left"] + index * step, 1), y(scores[player])) for index, scores in enumerate(series)]
        lines.append({"player": player, "points": " ".join(f"{x},{v}" for x, v in points),
                      "x": box["right"] + 6, "y": points[-1][1] + 4})
    return {**box, "zero": y(0), "lines": lines, "deals": len(history)}


def register_template_helpers(app) -> None:
    app.jinja_env.globals.update(
        play_url=play_url, play_slug=play_slug, level_name=level_name, games=GAMES, chip_chart=chip_chart,
    )


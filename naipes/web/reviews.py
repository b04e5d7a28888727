"""The review page of a finished table: ``/es/<game>/jugar/revision/`` (``/pt/<game>/jogar/revisao/``).

The play page's link leaves the seat's key in the tab's storage (never in the address); the
page's script hands it to ``render``, which replays the game from the kept table's record
(``tables.review_of``) and draws it as a worked example: every step
face up, the engine's judgement under each of the reader's judged moves (and a word under any
it could not judge within the request's work), and a summary
of the costliest ones at the top, each linked to its step and to the rules page, and, for a
game with an analysis board, a link that sets the deal up there from its first lead. The
drawn review reads as a sequence of steps without any script.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, jsonify, render_template, url_for
from flask_babel import format_decimal, gettext, ngettext

from ..engine.contract import PositionLike, Rules
from ..engine.errors import N_
from ..engine.review import CHIPS
from ..games import GAMES
from .analysis import board_url, first_on_board
from .i18n import in_language
from .json_io import ApiError, json_body
from .notes import StepNote, with_rule
from .play import play_page, play_slug
from .sitedata import alternates
from .tables import opened_table, review_of

bp = Blueprint("reviews", __name__)

REVIEW_SLUG = N_("review")
"""The last part of a review page's address, in the page's language (``revision``, ``revisao``)."""

REVIEW_ID = "review"


def review_slug(lang: str) -> str:
    return in_language(lang, REVIEW_SLUG)


def review_url(page) -> str:
    return url_for("reviews.page", lang=page.lang, slug=page.slug, play=play_slug(page.lang),
                   review=review_slug(page.lang))


def _review_page(lang: str, slug: str, play: str, review: str):
    page = play_page(lang, slug, play)
    if review != review_slug(lang):
        abort(404)
    return page


@dataclass(frozen=True)
class ReviewedGame:
    """A finished game as the step-through widget draws it (the shape of a worked example)."""

    game: str
    start: PositionLike
    positions: tuple[PositionLike, ...]
    id: str = REVIEW_ID
    try_player: None = None

    @property
    def steps(self) -> tuple[PositionLike, ...]:
        return self.positions

    def position_at(self, step: int) -> PositionLike:
        return self.start if step == 0 else self.positions[step - 1]


@bp.get("/<site_lang:lang>/<slug>/<play>/<review>/")
def page(lang: str, slug: str, play: str, review: str):
    page = _review_page(lang, slug, play, review)
    return render_template("review.html", page=page, alternates=alternates(page, review_url))


@bp.post("/<site_lang:lang>/<slug>/<play>/<review>/render")
def render(lang: str, slug: str, play: str, review: str):
    """The review of the body's finished table, drawn: the summary, then every step with its judgement."""
    page = _review_page(lang, slug, play, review)
    game = GAMES[page.game]
    table = opened_table(game, json_body())
    if not table.position.is_over:
        raise ApiError(409, "game_not_over", gettext("The game is not over yet: it can be reviewed once it ends."))
    reviewed = review_of(table)
    read = game.Position.from_json
    shown = ReviewedGame(game.ID, read(reviewed["start"]), tuple(read(step["position"]) for step in reviewed["steps"]))
    sections = {section.id for section in page.sections}
    notes: dict[int, StepNote] = {}
    for decision in reviewed["decisions"]:
        label = _cost_label(game, decision["cost"], decision["unit"], decision["decisive"])
        step = decision["step"]
        notes[step] = (with_rule(page, "judgement", label, decision["reason"], decision["rule"], again=step)
                       if decision["rule"] in sections else
                       StepNote("judgement", label, decision["reason"], again=step))
    for step in reviewed["unjudged"]:
        notes[step] = StepNote("judgement", gettext("Not judged."), gettext(
            "Weighing this decision needs more work than a review may do at once, so the engine says nothing about"
            " it, good or bad."))
    captions = {"title": gettext("Your game, step by step"), "start": gettext("The deal, every card face up."),
                "steps": [step["caption"] for step in reviewed["steps"]]}
    lead = first_on_board(game, (shown.start, *shown.positions)) if game.analyses else None
    board = board_url(page, lead) if lead is not None else None
    html = render_template("review_fragment.html", page=page, game=game, review=reviewed, shown=shown, notes=notes,
                           captions=captions, board=board)
    return jsonify({"html": html, "help": reviewed.get("help")})


def _cost_label(game: Rules, cost: float, unit: str, decisive: bool) -> str:
    if unit == CHIPS:
        # An average is a decimal: only exactly one chip is said in the singular.
        shown = format_decimal(cost, "0.#")
        label = ngettext("Cost: %(num)s chip on average.", "Cost: %(num)s chips on average.",
                         1 if shown == "1" else 2, num=shown)
    elif cost > 0:
        one, more = game.review_cost
        label = ngettext(one, more, int(cost))
    else:
        return gettext("Decisive:") if decisive else gettext("To look at:")
    return gettext("Decisive. %(cost)s", cost=label) if decisive else label


def register_template_helpers(app) -> None:
    app.jinja_env.globals.update(review_url=review_url, review_slug=review_slug)

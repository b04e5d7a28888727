"""The puzzles: their API (``/api/v1/puzzles``) and their pages (``/es/<game>/problemas/``).

The data and the words are loaded at start (``naipes.puzzles``); a reader's line is judged by the
game's engine (``Rules.check_puzzle``: small positions, a bounded search), so the replies and the
verdict are the engine's, never stored answers taken on trust. The pages draw the board with the
game's own diagram and its card buttons; ``puzzles.js`` sends the reader's moves to the check and
draws the board again from ``board`` (the position after the line, as the reader's seat sees it).
The daily puzzle of a game is the same for everyone on a given day (UTC), and moves on each day.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask import Blueprint, Flask, abort, current_app, jsonify, redirect, render_template, request, url_for
from flask_babel import format_decimal

from ..engine.contract import MoveLike, PositionLike
from ..engine.errors import EngineError
from ..engine.puzzles import Verdict
from ..games import GAMES
from ..puzzles import Puzzle, PuzzleWords, load_puzzles, load_words
from .i18n import current_language, fill
from .json_io import ApiError, api_error_from_engine, engine_call, json_body, required
from .narration import narrate
from .pages import slug_converter
from .sitedata import alternates, current_site

bp = Blueprint("puzzles", __name__)

MOST_MOVES = 20
"""The most moves a check reads: more than any puzzle's line, a bound on the work one request asks."""

SHEET_SIZE = 8
"""The puzzles a printed sheet holds, from the easiest to the hardest."""

OWN_REFUSALS = frozenset({"puzzle_over", "not_your_turn", "draw_expected", "not_your_layout"})
"""The refusals of a puzzle's check (not of the rules) that the puzzle words say in each language."""


@dataclass(frozen=True)
class PuzzleSite:
    by_game: dict[str, tuple[Puzzle, ...]]
    by_id: dict[str, Puzzle]
    words: dict[str, PuzzleWords]


def install(app: Flask) -> None:
    """Loads the puzzles and their words, and teaches the routes the address words of every language."""
    site = app.extensions["naipes"]
    by_game = load_puzzles(app.config["CONTENT_DIR"] / "puzzles")
    words = {lang: load_words(lang, by_game, app.config["CONTENT_DIR"]) for lang in site.languages}
    app.extensions["naipes_puzzles"] = PuzzleSite(
        by_game, {puzzle.id: puzzle for puzzles in by_game.values() for puzzle in puzzles}, words)
    app.url_map.converters["puzzles_slug"] = slug_converter({word.slug for word in words.values()}, ahead=False)


def _site() -> PuzzleSite:
    return current_app.extensions["naipes_puzzles"]


def _words(lang: str | None = None) -> PuzzleWords:
    return _site().words[lang or current_language()]


def _worded(puzzle: Puzzle, template: str, params: Mapping[str, object], lang: str | None = None) -> str:
    """A template of the puzzle's game with its parameters, names among them (a technique, a pile) in words
    and fractional numbers (a percentage) written as the reader's language writes them."""
    names = _words(lang).games[puzzle.game].words
    return fill(template, {name: names.get(value, value) if isinstance(value, str)
                           else format_decimal(value, "0.#") if isinstance(value, float) else value
                           for name, value in params.items()})


def title(puzzle: Puzzle, lang: str | None = None) -> str:
    words = _words(lang)
    template = words.games[puzzle.game].themes[puzzle.theme].title
    name = fill(words.page["puzzle"], {"number": puzzle.number})
    return f"{name}: {_worded(puzzle, template, GAMES[puzzle.game].puzzle_params(puzzle.facts), lang)}"


def goal(puzzle: Puzzle, lang: str | None = None) -> str:
    template = _words(lang).games[puzzle.game].themes[puzzle.theme].goal
    return _worded(puzzle, template, GAMES[puzzle.game].puzzle_params(puzzle.facts), lang)


def hint(puzzle: Puzzle) -> str:
    return _worded(puzzle, _words().games[puzzle.game].hint, GAMES[puzzle.game].puzzle_params(puzzle.facts))


def theme_name(puzzle: Puzzle) -> str:
    return _words().games[puzzle.game].themes[puzzle.theme].name


def theme_names(puzzle: Puzzle) -> list[str]:
    """The puzzle's theme and the techniques it shows, by name: what the list filters by."""
    words = _words().games[puzzle.game]
    return [words.themes[puzzle.theme].name, *(words.tags[tag] for tag in puzzle.tags)]


def why(puzzle: Puzzle) -> str:
    """Why the answer is the answer, where the theme says it (single-dummy problems' success rates)."""
    template = _words().games[puzzle.game].themes[puzzle.theme].why
    return _worded(puzzle, template, GAMES[puzzle.game].puzzle_params(puzzle.facts)) if template else ""


def _puzzle(puzzle_id: str) -> Puzzle:
    found = _site().by_id.get(puzzle_id)
    if found is None:
        raise ApiError(404, "unknown_puzzle", fill(_words().page["unknown_puzzle"], {"puzzle": puzzle_id[:40]}))
    return found


def _moves(puzzle: Puzzle, data: object) -> list[MoveLike]:
    engine = GAMES[puzzle.game]
    if not isinstance(data, list) or len(data) > MOST_MOVES:
        raise ApiError(400, "invalid_moves", fill(_words().page["invalid_moves"], {"most": MOST_MOVES}))
    return [engine_call(engine.move_from_json, move) for move in data]


def judged(puzzle: Puzzle, moves: Sequence[MoveLike]) -> Verdict:
    """The engine's verdict on the reader's moves; a refusal of the rules or of the puzzle is a 4xx in
    the reader's language."""
    engine = GAMES[puzzle.game]
    try:
        return engine.check_puzzle(puzzle.start, puzzle.seat, puzzle.facts, moves)
    except EngineError as error:
        if error.code in OWN_REFUSALS:
            raise ApiError(422, error.code, _words().page[error.code]) from None
        raise api_error_from_engine(error) from None


def message(puzzle: Puzzle, verdict: Verdict) -> str:
    return _worded(puzzle, _words().games[puzzle.game].reasons[verdict.reason], verdict.params)


def replayed(puzzle: Puzzle, moves: Sequence[MoveLike]) -> PositionLike:
    """The position after the reader's right moves and the engine's replies (up to a wrong move)."""
    engine = GAMES[puzzle.game]
    position = puzzle.start
    for move in judged(puzzle, moves).line:
        position, _ = engine.apply(position, move)
    return position


# --- the API ------------------------------------------------------------------------------------


@bp.get("/api/v1/puzzles")
def puzzles_json():
    game = request.args.get("game", "")
    puzzles = _site().by_game.get(game)
    if puzzles is None:
        raise ApiError(400 if not game else 404, "unknown_game", fill(_words().page["unknown_game"],
                                                                      {"game": game[:40]}))
    return jsonify([{"id": puzzle.id, "game": puzzle.game, "title": title(puzzle), "rating": puzzle.rating}
                    for puzzle in puzzles])


@bp.get("/api/v1/puzzles/<puzzle_id>")
def puzzle_json(puzzle_id: str):
    puzzle = _puzzle(puzzle_id)
    engine = GAMES[puzzle.game]
    moves = [move.to_json() for move in engine.legal_moves(puzzle.start) if move.player == puzzle.seat]
    return jsonify({"id": puzzle.id, "game": puzzle.game, "title": title(puzzle), "goal": goal(puzzle),
                    "rating": puzzle.rating, "seat": puzzle.seat,
                    "view": engine.puzzle_view(puzzle.start, puzzle.seat, puzzle.facts).to_json(), "moves": moves})


@bp.post("/api/v1/puzzles/<puzzle_id>/check")
def check(puzzle_id: str):
    puzzle = _puzzle(puzzle_id)
    moves = _moves(puzzle, required(json_body(), "moves"))
    verdict = judged(puzzle, moves)
    return jsonify({"correct": verdict.correct, "done": verdict.done,
                    "reply": [move.to_json() for move in verdict.reply], "message": message(puzzle, verdict)})


# --- the pages -----------------------------------------------------------------------------------


def _game_page(lang: str, slug: str, part: str):
    page = current_site().library.game(lang, slug)
    if page is None or page.game not in _site().by_game or _words(lang).slug != part:
        abort(404)
    return page


def _alternates(page, endpoint: str, word: str | None = None, **more) -> dict[str, str]:
    """The same page in every language; ``word`` names an address word of the page words (the sheet's)."""
    return alternates(page, lambda other: url_for(
        endpoint, lang=other.lang, slug=other.slug, part=_words(other.lang).slug,
        **({**more, "word": _words(other.lang).page[word]} if word is not None else more)))


def daily(game: str, day: datetime.date | None = None) -> Puzzle:
    """The game's puzzle of the day: every puzzle in turn, a different one each day."""
    puzzles = _site().by_game[game]
    day = day or datetime.datetime.now(datetime.UTC).date()
    return puzzles[(day.toordinal() * 7919) % len(puzzles)]


def solution_lines(puzzle: Puzzle) -> list[str]:
    """The solution, move by move, told as the game tells its events, to the reader."""
    engine = GAMES[puzzle.game]
    position = puzzle.start
    told = []
    for move in puzzle.solution:
        position, events = engine.apply(position, move)
        said = [narrate(puzzle.game, event.to_json(), puzzle.seat) for event in events]
        told.append(" ".join(text for text in said if text))
    return [text for text in told if text]


def _board(puzzle: Puzzle, position: PositionLike, playable: bool = True) -> dict[str, object]:
    """What the diagram draws: the position as the reader's seat sees it in a puzzle, and their moves
    (none on paper)."""
    engine = GAMES[puzzle.game]
    over = position.is_over or not playable
    moves = [] if over else [move.to_json() for move in engine.legal_moves(position) if move.player == puzzle.seat]
    return {"game": puzzle.game, "position": engine.puzzle_view(position, puzzle.seat, puzzle.facts).to_json(),
            "seat": puzzle.seat, "moves": moves, "try_player": None if over else puzzle.seat}


@bp.get("/<lang>/<slug>/<puzzles_slug:part>/")
def index(lang: str, slug: str, part: str):
    page = _game_page(lang, slug, part)
    puzzles = _site().by_game[page.game]
    themes = sorted({theme_name(puzzle) for puzzle in puzzles})
    techniques = sorted({name for puzzle in puzzles for name in theme_names(puzzle)[1:]})
    return render_template("puzzles.html", page=page, puzzles=puzzles, themes=themes, techniques=techniques,
                           words=_words(), game_words=_words().games[page.game], title=title,
                           theme_names=theme_names,
                           alternates=_alternates(page, "puzzles.index"))


def _numbered(lang: str, slug: str, part: str, number: int):
    """The game's rules page, its puzzles and the one numbered ``number`` (from 1), or 404."""
    page = _game_page(lang, slug, part)
    puzzles = _site().by_game[page.game]
    if not 1 <= number <= len(puzzles):
        abort(404)
    return page, puzzles, puzzles[number - 1]


@bp.get("/<lang>/<slug>/<puzzles_slug:part>/<int:number>/")
def puzzle_page(lang: str, slug: str, part: str, number: int):
    page, puzzles, puzzle = _numbered(lang, slug, part, number)
    following = puzzles[number] if number < len(puzzles) else puzzles[0]
    return render_template("puzzle.html", page=page, puzzle=puzzle, words=_words(), title=title(puzzle),
                           goal=goal(puzzle), hint=hint(puzzle), solution=solution_lines(puzzle),
                           board=_board(puzzle, puzzle.start), following=following, why=why(puzzle),
                           theme=", ".join(theme_names(puzzle)),
                           alternates=_alternates(page, "puzzles.puzzle_page", number=number))


@bp.post("/<lang>/<slug>/<puzzles_slug:part>/<int:number>/board")
def board(lang: str, slug: str, part: str, number: int):
    """The board after the reader's moves and the engine's replies, drawn as the puzzle page draws it."""
    _, _, puzzle = _numbered(lang, slug, part, number)
    position = replayed(puzzle, _moves(puzzle, required(json_body(), "moves")))
    return render_template("puzzle_board.html", board=_board(puzzle, position))


@bp.get("/<lang>/<slug>/<puzzles_slug:part>/<word>/")
def more(lang: str, slug: str, part: str, word: str):
    """The puzzle of the day (a redirect, so that a page cached for a day never shows yesterday's), or
    the printable sheet of puzzles with their solutions after them."""
    page = _game_page(lang, slug, part)
    words = _words(lang)
    if word == words.page["daily_slug"]:
        response = redirect(url_for("puzzles.puzzle_page", lang=lang, slug=slug, part=part,
                                    number=daily(page.game).number))
        response.headers["Cache-Control"] = "no-store"
        return response
    if word != words.page["sheet_slug"]:
        abort(404)
    puzzles = _site().by_game[page.game]
    step = max(1, len(puzzles) // SHEET_SIZE)
    chosen = list(puzzles[::step])[:SHEET_SIZE]
    return render_template("puzzle_sheet.html", page=page, words=words, puzzles=chosen, title=title, goal=goal,
                           solution_lines=solution_lines, board=lambda puzzle: _board(puzzle, puzzle.start, playable=False),
                           alternates=_alternates(page, "puzzles.more", word="sheet_slug"))


def daily_links(lang: str) -> list[tuple[str, str, str]]:
    """Each game's puzzle of the day, as the home page's block links it: the game's title, the day's
    puzzle's address and the list's."""
    links = []
    words = _words(lang)
    for page in current_site().library.games_in(lang):
        if page.game in _site().by_game:
            links.append((page.title,
                          url_for("puzzles.more", lang=lang, slug=page.slug, part=words.slug,
                                  word=words.page["daily_slug"]),
                          url_for("puzzles.index", lang=lang, slug=page.slug, part=words.slug)))
    return links


def list_url(page) -> str | None:
    """The puzzles of a rules page's game, or None for a game without any (every game is asked the same)."""
    if page.game not in _site().by_game:
        return None
    return url_for("puzzles.index", lang=page.lang, slug=page.slug, part=_words(page.lang).slug)


def register_template_helpers(app: Flask) -> None:
    app.jinja_env.globals.update(puzzle_daily_links=daily_links, puzzle_words=lambda: _words(), puzzles_url=list_url)

"""Puzzles: positions the games' own searches found, as data, and their words in each language.

``content/puzzles/<game>.json`` holds what ``scripts/puzzles`` wrote for a game: ``{"game", "seed",
"puzzles": [{"id", "theme", "rating", "seat", "start", "solution", "facts"}]}``: the position the
reader starts from, their seat, the solution line (the reader's moves and the other seats' replies in
order), and the facts the title, the goal and the check read (see ``naipes.engine.puzzles``); where
they apply, the ``tags`` of the techniques a puzzle shows and the ``series`` it is numbered in.
``content/<lang>/puzzles.toml`` holds the words: the pages' ``slug`` (``problemas``), the page words,
and per game an ``intro``, a ``hint`` (from the facts), a name, a title and a goal for each theme, a name for each
of the ``tags``, the ``reasons`` a check gives, and ``words`` for the
facts that are names (Solo Whist's techniques). Titles, goals and reasons are templates with
``%(name)s`` parameters, worded by the web layer in the reader's language.

Loading replays every solution line with the engine (a refused move is a ``PuzzleError``, which stops
the start and the build, as a refused worked example does) and requires the words of every theme and
reason in every language; the tests re-solve every puzzle with the game's search.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from .content import CONTENT_DIR, read_toml
from .engine.contract import MoveLike, PositionLike
from .engine.decode import is_whole_number
from .engine.errors import EngineError
from .engine.puzzles import Found
from .games import GAMES

PUZZLES_DIR = CONTENT_DIR / "puzzles"
_SLUG = re.compile(r"[a-z]+(-[a-z]+)*")
REASONS = ("start", "right", "solved")
"""The reasons every game's check may give besides its own wrong ones."""


class PuzzleError(ValueError):
    """A puzzle that cannot be set: bad data, a solution the engine refuses, words missing."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    id: str
    game: str
    number: int
    theme: str
    rating: int
    seat: int
    start: PositionLike
    solution: tuple[MoveLike, ...]
    facts: dict[str, object]
    tags: tuple[str, ...] = ()

    @property
    def readers_moves(self) -> tuple[MoveLike, ...]:
        return tuple(move for move in self.solution if move.player == self.seat)


@dataclass(frozen=True, slots=True)
class Theme:
    """A theme's words: its ``name`` in the list, the ``title`` and the ``goal`` of its puzzles (templates),
    and where the theme has one, the ``why`` its answer gives (a template)."""

    name: str
    title: str
    goal: str
    why: str = ""


@dataclass(frozen=True, slots=True)
class GameWords:
    themes: dict[str, Theme]
    tags: dict[str, str]
    reasons: dict[str, str]
    words: dict[str, str]
    intro: str
    hint: str


@dataclass(frozen=True, slots=True)
class PuzzleWords:
    """One language's words for the puzzles: the address word, the pages' own words, each game's."""

    lang: str
    slug: str
    page: dict[str, str]
    games: dict[str, GameWords]


def load_puzzles(directory: Path = PUZZLES_DIR) -> dict[str, tuple[Puzzle, ...]]:
    """Every game's puzzles, by game, in the order the data lists them (by rating)."""
    found: dict[str, tuple[Puzzle, ...]] = {}
    for path in sorted(directory.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        engine = GAMES.get(data.get("game"))
        if engine is None or not engine.sets_puzzles:
            raise PuzzleError(f"{path}: {data.get('game')!r} is not a game with puzzles")
        puzzles = []
        for number, entry in enumerate(data.get("puzzles", []), start=1):
            puzzles.append(_puzzle(path, engine.ID, number, entry))
        if len({puzzle.id for puzzle in puzzles}) != len(puzzles):
            raise PuzzleError(f"{path}: two puzzles share an id")
        found[engine.ID] = tuple(puzzles)
    return found


def _puzzle(path: Path, game: str, number: int, entry: dict[str, object]) -> Puzzle:
    engine = GAMES[game]
    where = f"{path}, puzzle {number}"
    seat, rating, facts = entry.get("seat"), entry.get("rating"), entry.get("facts")
    ident, theme, tags = entry.get("id"), entry.get("theme"), entry.get("tags", [])
    if not (is_whole_number(seat) and is_whole_number(rating) and isinstance(facts, dict)
            and isinstance(ident, str) and isinstance(theme, str) and isinstance(entry.get("solution"), list)):
        raise PuzzleError(f"{where}: needs an id, a theme, a rating, the seat, the solution and the facts")
    if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
        raise PuzzleError(f"{where}: the tags are a list of names")
    try:
        start = engine.Position.from_json(entry.get("start"))
        solution = tuple(engine.move_from_json(move) for move in entry["solution"])  # type: ignore[attr-defined]
        position = start
        for move in solution:
            position, _ = engine.apply(position, move)
    except EngineError as error:
        raise PuzzleError(f"{where}: the engine refuses it: {error.code}: {error.english()}") from error
    if not solution or solution[0].player != seat:
        raise PuzzleError(f"{where}: the solution starts with the reader's move")
    return Puzzle(ident, game, number, theme, rating, seat, start, solution, facts, tuple(tags))


def load_words(lang: str, puzzles: dict[str, tuple[Puzzle, ...]], content_dir: Path = CONTENT_DIR) -> PuzzleWords:
    """A language's puzzle words, with a title and a goal for every theme the puzzles have and every
    reason a check gives."""
    path = content_dir / lang / "puzzles.toml"
    data = read_toml(path, PuzzleError)
    slug = data.get("slug")
    if not isinstance(slug, str) or not _SLUG.fullmatch(slug):
        raise PuzzleError(f"{path}: needs the pages' slug, lower-case letters and hyphens")
    page = data.get("page")
    if not isinstance(page, dict) or not all(isinstance(value, str) for value in page.values()):
        raise PuzzleError(f"{path}: needs the [page] words")
    games: dict[str, GameWords] = {}
    for game, puzzles_of in puzzles.items():
        table = data.get(game)
        if not isinstance(table, dict):
            raise PuzzleError(f"{path}: needs the words of {game}'s puzzles")
        themes: dict[str, Theme] = {}
        for theme, words in table.get("themes", {}).items():
            texts = [words.get(key) if isinstance(words, dict) else None for key in ("name", "title", "goal")]
            name, title, goal = (text if isinstance(text, str) else "" for text in texts)
            if not (name and title and goal):
                raise PuzzleError(f"{path}: {game}'s theme {theme} needs a name, a title and a goal")
            why = words.get("why", "") if isinstance(words, dict) else ""
            if not isinstance(why, str):
                raise PuzzleError(f"{path}: {game}'s theme {theme}: its why is a sentence")
            themes[theme] = Theme(name, title, goal, why)
        missing_themes = sorted({puzzle.theme for puzzle in puzzles_of} - set(themes))
        if missing_themes:
            raise PuzzleError(f"{path}: {game} needs the words of the themes {', '.join(missing_themes)}")
        tags = table.get("tags", {})
        missing_tags = sorted({tag for puzzle in puzzles_of for tag in puzzle.tags} - set(tags))
        if missing_tags or not all(isinstance(name, str) and name for name in tags.values()):
            raise PuzzleError(f"{path}: {game} needs a name for the tags {', '.join(missing_tags)}")
        reasons = table.get("reasons", {})
        missing = [reason for reason in REASONS if reason not in reasons]
        if missing:
            raise PuzzleError(f"{path}: {game} needs the reasons {', '.join(missing)}")
        intro, hint = table.get("intro"), table.get("hint")
        if not isinstance(intro, str) or not isinstance(hint, str):
            raise PuzzleError(f"{path}: {game} needs an intro and a hint")
        games[game] = GameWords(themes, dict(tags), dict(reasons), dict(table.get("words", {})), intro, hint)
    return PuzzleWords(lang, slug, page, games)


def records(game: str, found: list[Found]) -> list[dict[str, object]]:
    """Found puzzles as the data file holds them: series by series (the first unnamed), easiest first
    in each, numbered in that order within the series."""
    entries: list[dict[str, object]] = []
    for series in sorted({puzzle.series for puzzle in found}):
        ordered = sorted((puzzle for puzzle in found if puzzle.series == series), key=lambda puzzle: puzzle.rating)
        prefix = f"{game}-{series}-" if series else f"{game}-"
        for number, puzzle in enumerate(ordered, start=1):
            entry: dict[str, object] = {
                "id": f"{prefix}{number:03d}", "theme": puzzle.theme, "rating": puzzle.rating, "seat": puzzle.seat,
                "start": puzzle.start.to_json(), "solution": [move.to_json() for move in puzzle.solution],
                "facts": dict(puzzle.facts)}
            if puzzle.tags:
                entry["tags"] = list(puzzle.tags)
            entries.append(entry)
    return entries


def data_file(game: str, seed: int, entries: list[dict[str, object]]) -> str:
    """A game's data file as ``scripts/puzzles`` writes it: one puzzle a line, so that a change reads as one."""
    lines = ",\n".join(json.dumps(entry, ensure_ascii=False) for entry in entries)
    return f'{{"game": {json.dumps(game)}, "seed": {seed}, "puzzles": [\n{lines}\n]}}\n'

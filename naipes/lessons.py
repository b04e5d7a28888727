"""Lessons: a guided first game per game, as data replayed through the real engine.

``content/lessons/<game>.json`` holds ``{"game", "seat", "parts": [{"start" | "deal", "moves"}]}``:
the reader's seat, and one or more deals (Solo Whist's lesson is a solo, then a short
misère), each with every move of the game to its end, the reader's and the computer
players' alike. Each move is ``{"move": Move, "rule": "section-id", "also": [Move]}``; a move
of the reader's seat is a *decision* and must name the section of the rules page it teaches;
``also`` lists other moves as good as the lesson's there (the same card to another empty
column, another place in a fan drawn from face down, another pair while pairs are laid
aside), which the engine must accept too.
``content/<lang>/lessons/<game>.toml`` holds the words: the page's ``slug`` in the language
(``aprende``), ``title``, one ``parts``
introduction per deal, ``end``, and ``[steps.N]`` tables. Before each decision N the coach
asks (``prompt``: what to look at, never the move itself); a reader whose first try is
another legal move gets the ``nudge`` (else the prompt again), and after a second the
answer (``why``: the lesson's move and why it is the one). ``caption`` says what happened
once the move is made, else the page tells the move's events.

Loading replays every move with the engine, and every part must play to the end of
its game: a lesson the engine refuses is a ``LessonError``, which stops the start-up
and the build, as a refused worked example does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .content import CONTENT_DIR, read_toml
from .engine.decode import is_whole_number
from .engine.errors import EngineError
from .engine.events import Event
from .engine.contract import MoveLike, PositionLike, ViewLike
from .examples import start_position, worked_data
from .games import GAMES

LESSONS_DIR = CONTENT_DIR / "lessons"
_SLUG = re.compile(r"[a-z]+(-[a-z]+)*")


class LessonError(ValueError):
    """A lesson that cannot be taught: bad data, a refused or unfinished game, words that do not match."""


@dataclass(frozen=True, slots=True)
class LessonStep:
    """Step ``number`` of the lesson: the position after ``move``, or a new deal's start (``move`` None)."""

    number: int
    move: MoveLike | None
    position: PositionLike
    events: tuple[Event, ...]
    rule: str | None
    decision: bool
    also: tuple[MoveLike, ...] = ()


@dataclass(frozen=True, slots=True)
class Lesson:
    """A lesson as the step-through shows it: step 0 is the first deal, every later step one move or a new deal."""

    id: str
    game: str
    seat: int
    start: PositionLike
    steps: tuple[LessonStep, ...]

    @property
    def try_player(self) -> int:
        return self.seat

    def position_at(self, step: int) -> PositionLike:
        return self.start if step == 0 else self.steps[step - 1].position

    def view_at(self, step: int) -> ViewLike:
        """What the reader's seat sees at ``step``, as at a real table: the page draws this, not the position."""
        return GAMES[self.game].view(self.position_at(step), self.seat)

    def moves_at(self, step: int) -> list[dict[str, object]]:
        """The reader's legal moves at ``step``, as the API writes them."""
        return [move.to_json() for move in GAMES[self.game].legal_moves(self.position_at(step)) if move.player == self.seat]

    @property
    def decisions(self) -> tuple[LessonStep, ...]:
        return tuple(step for step in self.steps if step.decision)

    @property
    def rules(self) -> frozenset[str]:
        """The sections of the rules page the lesson's decisions teach."""
        return frozenset(step.rule for step in self.decisions if step.rule)

    @property
    def part_starts(self) -> tuple[int, ...]:
        """The step numbers at which a deal starts: 0, then each new deal's step."""
        return (0,) + tuple(step.number for step in self.steps if step.move is None)

    def decision(self, number: object) -> LessonStep | None:
        """The reader's decision made at step ``number``, or None if that step is not one."""
        if not is_whole_number(number) or not 1 <= number <= len(self.steps):
            return None
        step = self.steps[number - 1]
        return step if step.decision else None


@dataclass(frozen=True, slots=True)
class StepWords:
    prompt: str | None
    nudge: str | None
    caption: str | None
    why: str | None


@dataclass(frozen=True, slots=True)
class LessonWords:
    slug: str
    title: str
    parts: tuple[str, ...]
    end: str
    steps: dict[int, StepWords]


def load_lesson(path: Path) -> Lesson:
    data, engine = worked_data(path, LessonError)
    seat = data.get("seat")
    parts = data.get("parts")
    if not is_whole_number(seat) or not isinstance(parts, list) or not parts:
        raise LessonError(f"{path}: needs the reader's seat and at least one part")
    steps: list[LessonStep] = []
    start: PositionLike | None = None
    try:
        for index, part in enumerate(parts):
            where = f"{path}, part {index + 1}"
            position = start_position(engine, part, where, LessonError)
            if start is None:
                start = position
            else:
                steps.append(LessonStep(len(steps) + 1, None, position, (), None, False))
            for entry in part.get("moves", []):
                move = engine.move_from_json(entry.get("move"))
                decision = move.player == seat
                rule = entry.get("rule")
                if decision and not (isinstance(rule, str) and rule):
                    raise LessonError(f"{where}, step {len(steps) + 1}: a decision of the reader's names its rule")
                also = tuple(engine.move_from_json(other) for other in entry.get("also", []))
                for other in also:
                    if other.player != seat or other == move:
                        raise LessonError(f"{where}, step {len(steps) + 1}: “also” lists the reader's other moves")
                    engine.apply(position, other)
                position, events = engine.apply(position, move)
                steps.append(LessonStep(len(steps) + 1, move, position, tuple(events), rule, decision, also))
            if not position.is_over:
                raise LessonError(f"{where}: the game does not reach its end")
    except EngineError as error:
        raise LessonError(f"{path}, step {len(steps) + 1}: the engine refuses it: {error.code}: {error.english()}") from error
    assert start is not None
    return Lesson(path.stem, engine.ID, seat, start, tuple(steps))


def load_lessons(directory: Path = LESSONS_DIR) -> dict[str, Lesson]:
    return {path.stem: load_lesson(path) for path in sorted(directory.glob("*.json"))}


def _text(value: object, where: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{where}: must be a non-empty text")
    return value


def load_words(lesson: Lesson, lang: str, content_dir: Path = CONTENT_DIR) -> LessonWords:
    """A lesson's words in ``lang``: every decision coached, one introduction per deal, nothing for a step that is not there."""
    path = content_dir / lang / "lessons" / f"{lesson.id}.toml"
    data = read_toml(path, LessonError)
    parts = data.get("parts", [])
    if len(parts) != len(lesson.part_starts):
        raise LessonError(f"{path}: needs {len(lesson.part_starts)} part introductions, has {len(parts)}")
    steps: dict[int, StepWords] = {}
    for key, table in (data.get("steps") or {}).items():
        number = int(key) if key.isdigit() else 0
        if not 1 <= number <= len(lesson.steps) or not isinstance(table, dict):
            raise LessonError(f"{path}: there is no step {key}")
        unknown = set(table) - {"prompt", "nudge", "caption", "why"}
        if unknown:
            raise LessonError(f"{path}, step {key}: unknown {', '.join(sorted(unknown))}")
        where = f"{path}, step {key}"
        steps[number] = StepWords(*(_text(table.get(key), where) for key in ("prompt", "nudge", "caption", "why")))
    for step in lesson.steps:
        words = steps.get(step.number)
        if step.decision and (words is None or words.prompt is None or words.why is None):
            raise LessonError(f"{path}: decision {step.number} needs its prompt and its why")
        if not step.decision and words is not None and (words.prompt or words.nudge or words.why):
            raise LessonError(f"{path}: step {step.number} is not the reader's: no prompt, nudge or why")
    title, end = _text(data.get("title"), f"{path}: title"), _text(data.get("end"), f"{path}: end")
    if title is None or end is None:
        raise LessonError(f"{path}: needs a title and an end")
    slug = data.get("slug")
    if not isinstance(slug, str) or not _SLUG.fullmatch(slug):
        raise LessonError(f"{path}: needs the page's slug, lower-case letters and hyphens")
    return LessonWords(slug, title, tuple(_text(part, f"{path}: parts") or "" for part in parts), end, steps)

"""Worked examples: language-neutral data run through the real engine.

``content/examples/<id>.json`` holds ``{"game", "start" | "deal", "moves", "try"?}``;
``content/<lang>/examples/<id>.toml`` holds its ``title`` and one caption for the
start and one per move. Loading an example applies every move with the engine:
a move the engine refuses is an ``ExampleError``, so the rules text and the
engine cannot drift apart.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .content import CONTENT_DIR, read_toml
from .engine.decode import is_whole_number
from .engine.errors import EngineError
from .engine.events import Event
from .engine.contract import MoveLike, PositionLike, Rules
from .games import GAMES

EXAMPLES_DIR = CONTENT_DIR / "examples"


class ExampleError(ValueError):
    """An example that cannot be shown: bad data, a refused step, captions that do not match."""


@dataclass(frozen=True, slots=True)
class Step:
    number: int
    move: MoveLike
    position: PositionLike
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Example:
    id: str
    game: str
    start: PositionLike
    steps: tuple[Step, ...]
    try_player: int | None

    def position_at(self, step: int) -> PositionLike:
        """The position shown at ``step`` (0 is the start)."""
        return self.start if step == 0 else self.steps[step - 1].position


@dataclass(frozen=True, slots=True)
class Captions:
    title: str
    start: str
    steps: tuple[str, ...]


def start_position(engine: Rules, data: dict[str, object], where: object,
                   error: type[ValueError] = ExampleError) -> PositionLike:
    """Where worked data starts (an example, a lesson's part): its ``start`` position, or the ``deal``
    that ``new_game`` makes from a seed and options; ``error`` names what does not say."""
    if "start" in data:
        return engine.Position.from_json(data["start"])
    deal = data.get("deal")
    if isinstance(deal, dict):
        options = {str(name): value for name, value in deal.items()}
        seed = options.pop("seed", None)
        if not is_whole_number(seed):
            raise error(f"{where}: a deal needs a whole-number seed")
        return engine.new_game(seed, **options)
    raise error(f"{where}: needs a start position or a deal")


def worked_data(path: Path, error: type[ValueError] = ExampleError) -> tuple[dict[str, Any], Rules]:
    """A file of worked data (an example, a lesson) and the engine of the game it names; ``error`` (the
    loader's own) if it names none."""
    data = json.loads(path.read_text(encoding="utf-8"))
    engine = GAMES.get(data.get("game"))
    if engine is None:
        raise error(f"{path}: unknown game {data.get('game')!r}")
    return data, engine


def load_example(path: Path) -> Example:
    data, engine = worked_data(path)
    try:
        position = start = start_position(engine, data, path)
        steps = []
        for number, move_json in enumerate(data.get("moves", []), start=1):
            move = engine.move_from_json(move_json)
            position, events = engine.apply(position, move)
            steps.append(Step(number, move, position, tuple(events)))
    except EngineError as error:
        raise ExampleError(f"{path}: the engine refuses it: {error.code}: {error.english()}") from error
    try_player = (data.get("try") or {}).get("player")
    return Example(path.stem, engine.ID, start, tuple(steps), try_player)


def load_examples(directory: Path = EXAMPLES_DIR) -> dict[str, Example]:
    return {path.stem: load_example(path) for path in sorted(directory.glob("*.json"))}


def load_captions(example: Example, lang: str, content_dir: Path = CONTENT_DIR) -> Captions:
    path = content_dir / lang / "examples" / f"{example.id}.toml"
    data = read_toml(path, ExampleError)
    captions = data.get("captions", [])
    if len(captions) != len(example.steps) + 1 or not all(isinstance(c, str) and c.strip() for c in captions):
        raise ExampleError(f"{path}: needs {len(example.steps) + 1} non-empty captions, has {len(captions)}")
    return Captions(data.get("title", ""), captions[0], tuple(captions[1:]))

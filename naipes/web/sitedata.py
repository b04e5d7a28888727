"""Everything the site shows, loaded and checked once when the app starts.

Pages, examples and lessons are read from ``content/`` and every example and
lesson is run through the engine here, so a broken page, a refused example step
or a lesson the engine refuses stops the app (and the build) at start-up instead
of reaching a reader.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from flask import current_app, url_for

from ..content import CONTENT_DIR, GamePage, Library, load_library
from ..examples import Captions, Example, ExampleError, load_captions, load_examples
from ..lessons import Lesson, LessonError, LessonWords, load_lessons, load_words
from .i18n import current_language


@dataclass
class SiteData:
    library: Library
    examples: dict[str, Example]
    captions_by_lang: dict[tuple[str, str], Captions]
    lessons: dict[str, Lesson]
    lesson_words_by_lang: dict[tuple[str, str], LessonWords]

    @classmethod
    def load(cls, content_dir: Path = CONTENT_DIR) -> SiteData:
        library = load_library(content_dir)
        examples = load_examples(content_dir / "examples")
        captions = {
            (lang, example.id): load_captions(example, lang, content_dir)
            for lang in library.languages
            for example in examples.values()
        }
        for lang in library.languages:
            for page in library.games_in(lang):
                missing = [eid for eid in page.example_ids if eid not in examples]
                if missing:
                    raise ExampleError(f"{lang}/{page.slug}: unknown examples {', '.join(missing)}")
        lessons = load_lessons(content_dir / "lessons")
        words = {
            (lang, lesson.id): load_words(lesson, lang, content_dir)
            for lang in library.languages
            for lesson in lessons.values()
        }
        for lang in library.languages:
            for page in library.games_in(lang):
                lesson = lessons.get(page.game)
                unknown = sorted(lesson.rules - set(page.section_ids)) if lesson else []
                if unknown:
                    raise LessonError(f"{lang}/{page.slug}: the lesson links to no such section {', '.join(unknown)}")
        return cls(library, examples, captions, lessons, words)

    @cached_property
    def languages(self) -> tuple[str, ...]:
        return self.library.languages

    def captions(self, example: Example, lang: str | None = None) -> Captions:
        return self.captions_by_lang[(lang or current_language(), example.id)]

    def lesson_words(self, lesson: Lesson, lang: str | None = None) -> LessonWords:
        return self.lesson_words_by_lang[(lang or current_language(), lesson.id)]

    def game_title(self, game_id: str, lang: str | None = None) -> str:
        for page in self.library.games_in(lang or current_language()):
            if page.game == game_id:
                return page.title
        return game_id

    def example_json(self, example: Example, lang: str | None = None) -> dict:
        """An example as ``GET /api/v1/examples/{id}`` returns it."""
        captions = self.captions(example, lang)
        return {
            "id": example.id,
            "game": example.game,
            "title": captions.title,
            "caption": captions.start,
            "start": example.start.to_json(),
            "steps": [
                {
                    "move": step.move.to_json(),
                    "position": step.position.to_json(),
                    "events": [event.to_json() for event in step.events],
                    "caption": caption,
                }
                for step, caption in zip(example.steps, captions.steps)
            ],
        }


def current_site() -> SiteData:
    """The content the running app loaded at start-up (``create_app`` keeps it in its extensions)."""
    return current_app.extensions["naipes"]


def alternates(page: GamePage, url_of: str | Callable[[GamePage], str | None]) -> dict[str, str]:
    """The same part of the same game in every language that has it, where the language switch leads:
    ``url_of`` is an endpoint taking the language and the game's slug, or gives a page's address (None if
    that language lacks it)."""
    library = current_site().library
    address = url_of if callable(url_of) else lambda other: url_for(url_of, lang=other.lang, slug=other.slug)
    return {other.lang: url for lang in library.languages for other in library.games_in(lang)
            if other.game == page.game and (url := address(other)) is not None}

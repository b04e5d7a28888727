"""The one way the engine tests run a worked example: through ``naipes.examples``, as the site does.

Each game's tests check their examples' positions and events step by step; running them
with the site's own loader means the tests check exactly what readers are shown.
"""

from __future__ import annotations

from naipes.examples import EXAMPLES_DIR, Example, load_captions, load_example

LANGS = ("es", "pt")


def run_example(example_id: str, game: str) -> Example:
    """``content/examples/<example_id>.json`` played through ``game``'s engine, every step kept."""
    example = load_example(EXAMPLES_DIR / f"{example_id}.json")
    assert example.game == game
    return example


def assert_captioned_in_every_language(example: Example) -> None:
    """A title and one non-empty caption for the start and each step, in Spanish and in Portuguese."""
    for lang in LANGS:
        captions = load_captions(example, lang)
        assert captions.title.strip()
        assert len(captions.steps) == len(example.steps)
        assert captions.start.strip() and all(caption.strip() for caption in captions.steps)

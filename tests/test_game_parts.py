"""What a registered game must bring, checked piece by piece so that a failure names the missing one
("war: site/templates/games/war/facts.html lacks the macro `result`"): its package's modules, its templates
and the macros the shared templates call, its content in every language, and its words in every catalog.
docs/adding-a-game.md lists the same pieces; ``scripts/new-game`` writes them."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from test_content import RULEBOOKS_DIR

from naipes.content import SettlementRef, load_game_page, load_sheet
from naipes.games import GAMES
from naipes.publish.catalogs import catalog, msgids_under

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = sorted(path.name for path in (ROOT / "content").iterdir() if (path / "home.md").is_file())

MODULES = ("__init__", "shapes", "rules", "view", "player", "sentences", "game")
"""Each game's package, the same module names in each (a module may be a subpackage)."""

MACROS = {
    "diagram.html": ("diagram", "status", "try_help"),
    "facts.html": ("facts", "extras", "result", "setup", "controls", "record", "score_name", "signed", "next_deal",
                   "after_result"),
    "table.html": ("table",),
}
"""The macros the shared templates call, by the game's template that holds them; a game that does not
judge its reviews also says why (``unjudged``)."""

ANALYSIS = ("analysis_intro.html", "setup.html", "analysis_board.html")
"""The templates of a game that ``analyses`` (its analysis board)."""

PAD_MACROS = ("names", "entry_title", "entry", "extra_heads", "words")
"""The macros of the score pad's part (``pad.html``) of a game whose engine gives its settlement as data;
its script, ``site/static/js/pads/<game>.js``, is the other part."""


def package(game) -> Path:
    """The folder of the game's package: where its ``game`` module is."""
    return Path(sys.modules[type(game).__module__].__file__).parent


def missing_modules(game) -> list[str]:
    folder = package(game)
    return [f"{folder.relative_to(ROOT)}/{name}.py" for name in MODULES
            if not (folder / f"{name}.py").is_file() and not (folder / name / "__init__.py").is_file()]


def missing_templates(game) -> list[str]:
    folder = ROOT / "site" / "templates" / "games" / game.ID
    where = f"site/templates/games/{game.ID}"
    lacks = []
    needed = dict(MACROS)
    if not game.judges:
        needed["facts.html"] += ("unjudged",)
    if game.analyses:
        needed.update({name: () for name in ANALYSIS})
    if game.scoring_data() is not None:
        needed["pad.html"] = PAD_MACROS
    for lang in LANGUAGES:
        page = ROOT / "content" / lang / f"{game.ID}.md"
        sheet = ROOT / "content" / lang / "sheets" / f"{game.ID}.md"
        if page.is_file() and _places_settlement(load_game_page(page).sections):
            needed["settlement.html"] = ()
        if sheet.is_file() and _places_settlement(load_sheet(sheet).sections):
            needed["sheet_settlement.html"] = ()
    if game.scoring_data() is not None and not (ROOT / "site" / "static" / "js" / "pads" / f"{game.ID}.js").is_file():
        lacks.append(f"site/static/js/pads/{game.ID}.js is missing")
    for name, macros in needed.items():
        if not (folder / name).is_file():
            lacks.append(f"{where}/{name} is missing")
            continue
        text = (folder / name).read_text(encoding="utf-8")
        lacks += [f"{where}/{name} lacks the macro `{macro}`" for macro in macros
                  if not re.search(r"\{%-?\s*macro\s+" + macro + r"\s*\(", text)]
    return lacks


def _places_settlement(sections) -> bool:
    return any(isinstance(block, SettlementRef) for section in sections for block in section.blocks)


def missing_content(game) -> list[str]:
    """The rules page and its sheet in every language, the lesson and its words, the rulebook it follows."""
    content = ROOT / "content"
    wanted = [f"content/lessons/{game.ID}.json"]
    for lang in LANGUAGES:
        wanted += [f"content/{lang}/{game.ID}.md", f"content/{lang}/sheets/{game.ID}.md",
                   f"content/{lang}/lessons/{game.ID}.toml"]
        page = content / lang / f"{game.ID}.md"
        if page.is_file():
            for example in load_game_page(page).example_ids:
                wanted += [f"content/examples/{example}.json", f"content/{lang}/examples/{example}.toml"]
    lacks = [f"{name} is missing" for name in wanted if not (ROOT / name).is_file()]
    if not list(RULEBOOKS_DIR.glob(f"{game.ID}.*.txt")):
        where = RULEBOOKS_DIR.relative_to(ROOT)
        lacks.append(f"{where}/{game.ID}.<lang>.txt, the rulebook its rules page quotes, is missing")
    return lacks


def missing_words(game) -> list[str]:
    """The msgids of its package and templates, each translated in every language's catalog."""
    used = msgids_under(package(game))
    templates = ROOT / "site" / "templates" / "games" / game.ID
    if templates.is_dir():
        used |= msgids_under(templates)
    lacks = []
    for lang in LANGUAGES:
        words = catalog(lang)
        for msgid in sorted(used, key=str):
            message = words.get(msgid)
            strings = () if message is None else (
                message.string if isinstance(message.string, tuple) else (message.string,))
            if not strings or not all(strings):
                text = msgid[0] if isinstance(msgid, tuple) else msgid
                lacks.append(f"translations/{lang}: no translation of {text!r}")
    return lacks


def missing_puzzles(game) -> list[str]:
    """A game that ``sets_puzzles``: its search and check (``puzzles.py``), its puzzles, their words."""
    if not game.sets_puzzles:
        return []
    lacks = [] if (package(game) / "puzzles.py").is_file() else [f"{package(game).relative_to(ROOT)}/puzzles.py"]
    if not (ROOT / "content" / "puzzles" / f"{game.ID}.json").is_file():
        lacks.append(f"content/puzzles/{game.ID}.json (scripts/puzzles --game {game.ID})")
    for lang in LANGUAGES:
        words = ROOT / "content" / lang / "puzzles.toml"
        if not words.is_file() or f"[{game.ID}]" not in words.read_text(encoding="utf-8"):
            lacks.append(f"content/{lang}/puzzles.toml: no [{game.ID}] words")
    return lacks


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("part", [missing_modules, missing_templates, missing_content, missing_words, missing_puzzles],
                         ids=["modules", "templates", "content", "words", "puzzles"])
def test_a_registered_game_brings_every_part_the_site_needs(game_id, part):
    lacks = part(GAMES[game_id])
    assert not lacks, f"{game_id}: " + f"\n{game_id}: ".join(lacks)

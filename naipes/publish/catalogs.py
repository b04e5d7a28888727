"""The translators' catalogs: checked complete against the strings in use, then compiled.

The msgids are extracted afresh (as ``babel.cfg`` says), so a string added to a template
but not yet to a catalog is caught here instead of showing up in English.

A language's catalog is every ``.po`` file in its ``translations/<lang>/LC_MESSAGES/``:
``messages.po``, the site's shared words (and the first games'), and a ``<game-id>.po`` for
a game that brings its own, so that adding a game edits no shared catalog. They are merged
into the one ``messages.mo`` that flask-babel reads; a msgid lives in one file only.
``python -m naipes.publish.catalogs`` compiles them (``./scripts/setup`` runs it); with
``extract``, it writes the shared template ``translations/messages.pot``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from ..web import ROOT, TRANSLATIONS_DIR
from .errors import BuildError, listing

# Folders whose strings the site never shows: tooling, output, the tests' own strings.
_NOT_SCANNED = {"node_modules", "dist", "tests"}


def check_catalogs(languages: tuple[str, ...], compiled: Path) -> None:
    """Every string the code and templates use, translated in every language, then compiled.

    The ``.mo`` files go to ``compiled``, leaving the checkout untouched.
    """
    used = msgids_in_use()
    problems = []
    for lang in languages:
        path = catalog_paths(lang)[0]
        if not path.is_file():
            problems.append(f"{lang}: no catalog at {path}")
            continue
        catalog = _read(lang)
        missing = sorted(_msgid(msgid) for msgid in used if msgid not in catalog)
        problems += [f"{lang}: missing translation: {msgid!r}" for msgid in missing]
        for part in catalog_paths(lang):
            problems += _entry_problems(lang, _read_file(part, lang))
        problems += [f"{lang}: {_msgid(msgid)!r} is in more than one catalog file" for msgid in _repeated(lang)]
        _write(catalog, lang, compiled)
    if problems:
        raise BuildError(f"the translations are not complete ({len(problems)} problems):" + listing(problems))


def compile_catalogs(languages: tuple[str, ...], compiled: Path = TRANSLATIONS_DIR) -> Path:
    """Each language's catalog files merged and compiled into ``compiled``, unchecked."""
    for lang in languages:
        _write(_read(lang), lang, compiled)
    return compiled


_KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "Nn_": (1, 2), "lazy_gettext": None}


def msgids_in_use() -> set:
    return {msgid for _, _, msgid, _, _ in _extracted()}


def _extracted() -> Iterator[tuple]:
    """Every marked string of the code and templates ``babel.cfg`` names: file, line, msgid, comments, context."""
    with (ROOT / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    return extract_from_dir(ROOT, method_map, options_map, keywords=_KEYWORDS, directory_filter=_scanned)


def write_template(target: Path = TRANSLATIONS_DIR / "messages.pot") -> None:
    """The shared catalogs' template, as ``pybabel extract`` writes it, less the strings that the games'
    own catalog files hold: ``pybabel update`` then never copies a game's words into ``messages.po``."""
    own = games_own_msgids()
    template = Catalog()
    for filename, lineno, msgid, comments, context in _extracted():
        if msgid not in own:
            template.add(msgid, None, [(filename, lineno)], auto_comments=comments, context=context)
    with target.open("wb") as handle:
        write_po(handle, template, width=76)


def msgids_under(folder: Path) -> set:
    """The msgids of the Python modules and templates in ``folder`` (one game's package or templates)."""
    method_map = [("**.py", "python"), ("**.html", "jinja2")]
    return {msgid for _, _, msgid, _, _ in extract_from_dir(folder, method_map, keywords=_KEYWORDS)}


def catalog(lang: str) -> Catalog:
    """``lang``'s catalog as the site reads it: its files merged."""
    return _read(lang)


def _scanned(path: str) -> bool:
    name = os.path.basename(path)
    return not (name.startswith((".", "_")) or name in _NOT_SCANNED)


def _entry_problems(lang: str, catalog: Catalog) -> list[str]:
    """Fuzzy or empty entries, and translations whose placeholders do not match their msgid."""
    problems = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            problems.append(f"{lang}: fuzzy translation: {_msgid(message.id)!r}")
        elif not all(strings):
            problems.append(f"{lang}: untranslated: {_msgid(message.id)!r}")
        problems += [f"{lang}: {_msgid(message.id)!r}: {error}" for error in message.check(catalog)]
    return problems


def catalog_paths(lang: str) -> list[Path]:
    """The files of ``lang``'s catalog: ``messages.po`` first, then the games' own, by name."""
    folder = TRANSLATIONS_DIR / lang / "LC_MESSAGES"
    return [folder / "messages.po"] + sorted(path for path in folder.glob("*.po") if path.name != "messages.po")


def games_own_msgids() -> set:
    """The msgids the games' own catalog files hold (any language's: they hold the same)."""
    return {message.id for lang in _languages() for path in catalog_paths(lang)[1:]
            for message in _read_file(path, lang) if message.id}


def _languages() -> list[str]:
    return sorted(path.name for path in TRANSLATIONS_DIR.iterdir() if (path / "LC_MESSAGES" / "messages.po").is_file())


def _read_file(path: Path, lang: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def _read(lang: str) -> Catalog:
    """``lang``'s catalog files merged into one."""
    first, *rest = catalog_paths(lang)
    catalog = _read_file(first, lang)
    for path in rest:
        for message in _read_file(path, lang):
            if message.id:
                catalog[message.id] = message
    return catalog


def _repeated(lang: str) -> list:
    seen: set = set()
    repeated = []
    for path in catalog_paths(lang):
        for message in _read_file(path, lang):
            if message.id and message.id in seen:
                repeated.append(message.id)
            seen.add(message.id)
    return repeated


def _write(catalog: Catalog, lang: str, compiled: Path) -> None:
    """The ``.mo`` file written whole and then moved into place, so a running app (or a
    parallel test worker compiling the same file) never reads half of one."""
    target = compiled / lang / "LC_MESSAGES" / "messages.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=target.parent, suffix=".mo.tmp", delete=False) as handle:
        write_mo(handle, catalog)
    os.replace(handle.name, target)


def _msgid(message_id) -> str:
    return message_id[0] if isinstance(message_id, tuple) else message_id


if __name__ == "__main__":
    if sys.argv[1:] == ["extract"]:
        write_template()
    else:
        compile_catalogs(tuple(_languages()))

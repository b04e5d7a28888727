"""The translators' catalogs: complete in every language, nothing fuzzy, nothing missing.

The check is the build's own (``naipes.publish.catalogs``): the msgids are extracted afresh from the code and
templates, so the tests and the build cannot disagree about what complete means.
"""

import re
from collections import Counter

import pytest
from babel.messages.pofile import read_po

from naipes.publish.catalogs import catalog_paths, check_catalogs, games_own_msgids, msgids_in_use
from naipes.web import create_app
from naipes.web.i18n import CatalogsNotCompiled

LANGUAGES = ["es", "pt"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_the_site_uses_is_translated_and_none_is_fuzzy(lang, tmp_path):
    check_catalogs((lang,), tmp_path)
    assert (tmp_path / lang / "LC_MESSAGES" / "messages.mo").stat().st_size > 0


def test_the_site_refuses_to_start_without_compiled_catalogs(tmp_path):
    """Without its ``.mo`` files flask-babel would show English; the app says how to compile them instead."""
    with pytest.raises(CatalogsNotCompiled, match=r"python -m naipes.publish.catalogs"):
        create_app({"BABEL_TRANSLATION_DIRECTORIES": str(tmp_path)})


def _entries(lang: str) -> list:
    """Every entry of ``lang``'s catalog files: the shared ``messages.po`` and the games' own."""
    entries = []
    for path in catalog_paths(lang):
        with path.open("rb") as po:
            entries += [message for message in read_po(po) if message.id]
    return entries


def _translations(lang: str) -> list[str]:
    return [text for message in _entries(lang)
            for text in (message.string if isinstance(message.string, tuple) else (message.string,))]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_msgid_is_given_twice_in_a_catalog(lang):
    """A second entry for the same msgid is silently dropped by babel: a translator editing it edits nothing."""
    ids = []
    for path in catalog_paths(lang):
        text = path.read_text(encoding="utf-8")
        ids += ["".join(re.findall(r'"(.*)"', entry)) for entry in re.findall(r'^msgid ((?:".*"\n)+)', text, re.M)]
    ids = [msgid for msgid in ids if msgid]
    assert [msgid for msgid, count in Counter(ids).items() if count > 1] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_quote_with_angle_quotes_and_keep_numbers_with_their_units(lang):
    for text in _translations(lang):
        assert "“" not in text and "”" not in text, f"« » in {lang}: {text}"
        assert not re.search(r"(\d|\)s) (KiB|segundos|dias|días|fichas?|minutos)\b", text), f"a non-breaking space before the unit: {text}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_entry_is_a_string_the_site_uses(lang):
    """An entry nothing uses any more misleads the translator who polishes it: it goes when its string goes."""
    used = msgids_in_use()
    assert [message.id for message in _entries(lang) if message.id not in used] == []


def test_the_template_lists_the_strings_the_site_uses_now():
    """``pybabel update`` merges the template into the catalogs: a stale one would mark live strings obsolete
    and bring back dead ones, so the template is extracted again whenever a string changes (the command in
    docs/adding-a-language.md). A game that brings its own catalog files keeps its strings there, out of the shared
    template."""
    with open("translations/messages.pot", "rb") as pot:
        listed = {message.id for message in read_po(pot) if message.id}
    used = msgids_in_use() - games_own_msgids()
    assert sorted(listed - used) == [] and sorted(used - listed) == []

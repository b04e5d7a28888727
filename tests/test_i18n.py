"""The translators' catalogs: complete in every language, nothing fuzzy, nothing missing."""

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ["es", "pt"]


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """Every msgid the code and templates use, extracted afresh."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
         "-k", "N_", "-k", "lazy_gettext", "-o", str(pot), "."],
        cwd=ROOT, check=True,
    )
    with pot.open("rb") as handle:
        return {message.id for message in read_po(handle) if message.id}


def _catalog(lang):
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_the_site_uses_is_in_the_catalog(extracted, lang):
    catalog = _catalog(lang)
    missing = sorted(msgid if isinstance(msgid, str) else msgid[0] for msgid in extracted if msgid not in catalog)
    assert not missing, f"{lang} catalog lacks: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_entry_is_untranslated_or_fuzzy(lang):
    catalog = _catalog(lang)
    bad = [
        message.id for message in catalog
        if message.id and (message.fuzzy or not (all(message.string) if isinstance(message.string, tuple) else message.string))
    ]
    assert not bad, f"{lang}: untranslated or fuzzy: {bad}"

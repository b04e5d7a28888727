"""The translators' catalogs: complete in every language, nothing fuzzy, nothing missing.

The check is ``build.py``'s own: the msgids are extracted afresh from the code and
templates, so the tests and the build cannot disagree about what complete means.
"""

import pytest

from build import check_catalogs

LANGUAGES = ["es", "pt"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_the_site_uses_is_translated_and_none_is_fuzzy(lang, tmp_path):
    check_catalogs((lang,), tmp_path)
    assert (tmp_path / lang / "LC_MESSAGES" / "messages.mo").stat().st_size > 0

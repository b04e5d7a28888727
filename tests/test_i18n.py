"""The translators' catalogs: complete in every language, nothing fuzzy, nothing missing.

The check is the build's own (``naipes.publish.catalogs``): the msgids are extracted afresh from the code and
templates, so the tests and the build cannot disagree about what complete means.
"""

import pytest

from naipes.publish.catalogs import check_catalogs
from naipes.web import create_app
from naipes.web.i18n import CatalogsNotCompiled

LANGUAGES = ["es", "pt"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_the_site_uses_is_translated_and_none_is_fuzzy(lang, tmp_path):
    check_catalogs((lang,), tmp_path)
    assert (tmp_path / lang / "LC_MESSAGES" / "messages.mo").stat().st_size > 0


def test_the_site_refuses_to_start_without_compiled_catalogs(tmp_path):
    """Without its ``.mo`` files flask-babel would show English; the app says how to compile them instead."""
    with pytest.raises(CatalogsNotCompiled, match=r"pybabel compile -d translations"):
        create_app({"BABEL_TRANSLATION_DIRECTORIES": str(tmp_path)})

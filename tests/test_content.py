"""The rules pages as writers wrote them: every game in every language, the same shape."""

import pytest

from naipes.content import load_library

GAMES = {"old-maid", "solo-whist", "double-solitaire"}


@pytest.fixture(scope="module")
def library():
    return load_library()


def test_both_languages_exist(library):
    assert set(library.languages) == {"es", "pt"}


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_game_has_a_page_in_each_language(library, lang):
    assert {page.game for page in library.games_in(lang)} == GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_has_the_same_sections_and_examples_in_both_languages(library, game):
    es, pt = (library.game(lang, game) for lang in ("es", "pt"))
    assert es.section_ids == pt.section_ids
    assert es.example_ids == pt.example_ids
    assert [section.title for section in es.sections] != [section.title for section in pt.sections]


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_page_ends_with_at_least_eight_questions_and_answers(library, lang, game):
    page = library.game(lang, game)
    assert page.sections[-1].id == "faq"
    assert len(page.faq) >= 8
    assert all(entry.question and entry.answer_html.strip() for entry in page.faq)


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_page_has_its_front_matter_and_a_worked_example(library, lang, game):
    page = library.game(lang, game)
    assert page.title and page.summary and page.players and page.deck and page.length and page.special
    assert "example" in page.section_ids
    assert page.example_ids


def test_solo_whist_places_the_settlement_table(library):
    from naipes.content import SettlementRef

    for lang in ("es", "pt"):
        page = library.game(lang, "solo-whist")
        assert any(isinstance(block, SettlementRef) for section in page.sections for block in section.blocks)


def test_the_seeds_house_agreements_are_stated(library):
    assert "acuerdo" in " ".join(b.html for s in library.game("es", "old-maid").sections for b in s.blocks if hasattr(b, "html")).lower()
    assert "acordo" in " ".join(b.html for s in library.game("pt", "old-maid").sections for b in s.blocks if hasattr(b, "html")).lower()

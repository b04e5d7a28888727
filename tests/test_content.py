"""The rules pages as writers wrote them: every game in every language, the same shape."""

import html
import re
from pathlib import Path

import pytest

from naipes.content import Choice, Prose, SeedQuotes, load_library

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


# ------------------------------------------------ the seed's rules and the site's choices

SEEDS_DIR = Path(__file__).resolve().parent.parent / "seeds"
PAGES = [(lang, game) for lang in ("es", "pt") for game in sorted(GAMES)]
CHOICE_LABEL = re.compile(r"<strong>\s*(Nuestra elección|A nossa escolha)", re.I)


def words(text: str) -> str:
    """Text as a reader compares it: no markup, one space between words, case folded."""
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(text)).split()).casefold()


def seed_of(game: str, lang: str) -> tuple[str, str]:
    """The seed a page follows and its language: its own language's, else the Spanish original."""
    for seed_lang in (lang, "es"):
        path = SEEDS_DIR / f"{game}.{seed_lang}.txt"
        if path.is_file():
            return seed_lang, words(path.read_text(encoding="utf-8"))
    raise AssertionError(f"no seed for {game}")


@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_every_house_choice_quotes_the_seed_passage_it_completes(library, lang, game):
    _, seed = seed_of(game, lang)
    choices = library.game(lang, game).choices
    assert choices
    for choice in choices:
        assert words(choice.seed) in seed, f"{choice.choice_id}: not the seed's words: {choice.seed}"


@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_no_house_choice_is_a_rule_the_seed_already_states(library, lang, game):
    """Each box names, in a few of its own words, what it decides; the seed never says them.

    A page translated from a seed in another language cannot be compared word for word:
    its boxes are the Spanish page's (same ids, same places), which this test checks.
    """
    seed_lang, seed = seed_of(game, lang)
    for choice in library.game(lang, game).choices:
        assert choice.claims, choice.choice_id
        for claim in choice.claims:
            assert len(claim.split()) <= 4, f"{choice.choice_id}: a claim is a few words: {claim}"
            assert words(claim) in words(choice.body_html), f"{choice.choice_id}: the box does not say {claim!r}"
            if seed_lang == lang:
                assert words(claim) not in seed, f"{choice.choice_id}: the seed already says {claim!r}"


@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_every_house_choice_says_what_is_left_open_and_which_tradition_it_follows(library, lang, game):
    for choice in library.game(lang, game).choices:
        assert len(choice.open.split()) >= 3, choice.choice_id
        assert len(choice.follows.split()) >= 2, choice.choice_id


@pytest.mark.parametrize("game", sorted(GAMES))
def test_both_languages_make_the_same_choices_in_the_same_places(library, game):
    def places(lang):
        return [
            (section.id, block.choice_id)
            for section in library.game(lang, game).sections
            for block in section.blocks
            if isinstance(block, Choice)
        ]

    assert places("es") == places("pt")


@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_a_choice_is_labelled_only_in_its_box(library, lang, game):
    """A bold "Our choice" in running text would escape the checks above: choices go in boxes."""
    page = library.game(lang, game)
    prose = [page.intro_html] + [block.html for section in page.sections for block in section.blocks if isinstance(block, Prose)]
    assert not [html_text for html_text in prose if CHOICE_LABEL.search(html_text)]


@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_every_rules_page_lists_rules_quoted_word_for_word_from_its_seed(library, lang, game):
    seed_lang, seed = seed_of(game, lang)
    lists = [block for section in library.game(lang, game).sections for block in section.blocks if isinstance(block, SeedQuotes)]
    assert len(lists) == 1
    assert lists[0].lang == seed_lang
    assert len(lists[0].quotes) >= 4
    for item in lists[0].quotes:
        assert words(item.quote) in seed, f"not the seed's words: {item.quote}"
        assert bool(item.translation) == (seed_lang != lang), f"a quote in another language is translated: {item.quote}"

"""The rules pages as writers wrote them: every game in every language, the same shape."""

import html
import re
from pathlib import Path

import pytest

from naipes.content import (
    Choice, ContentError, ExampleRef, Prose, SeedQuote, SeedQuotes, SettlementRef, load_game_page, load_library,
)
from naipes.games import GAMES as REGISTERED

GAMES = set(REGISTERED)


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

RULEBOOKS_DIR = Path(__file__).resolve().parent.parent / "rulebooks"
PAGES = [(lang, game) for lang in ("es", "pt") for game in sorted(GAMES)]
CHOICE_LABEL = re.compile(r"<strong>\s*(Nuestra elección|A nossa escolha)", re.I)


def words(text: str) -> str:
    """Text as a reader compares it: no markup, one space between words, case folded."""
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(text)).split()).casefold()


def seed_of(game: str, lang: str) -> tuple[str, str]:
    """The seed a page follows and its language: its own language's, else the Spanish original."""
    for seed_lang in (lang, "es"):
        path = RULEBOOKS_DIR / f"{game}.{seed_lang}.txt"
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


# ---------------------------------------------------------------- the format, as a writer meets it

FRONT = '---\ntitle = "T"\ngame = "old-maid"\nslug = "t"\nsummary = "S"\nplayers = "2"\ndeck = "D"\nlength = "L"\nspecial = "X"\norder = 1\nplaying = "a T"\nrules_of = "de T"\n---\n\n'


def _page(tmp_path, body: str, front: str = FRONT):
    path = tmp_path / "es" / "old-maid.md"
    path.parent.mkdir(exist_ok=True)
    path.write_text(front + body, encoding="utf-8")
    return load_game_page(path)


def test_a_section_is_a_heading_with_its_id_and_directives_place_examples(tmp_path):
    page = _page(tmp_path, 'Intro "quoted".\n\n{#play}\n## How to *play*\n\nFirst.\n\n@example old-maid-nines\n\nThen.\n\n@settlement\n')
    assert page.intro_html == "<p>Intro “quoted”.</p>\n"
    (section,) = page.sections
    assert (section.id, section.number, section.title) == ("play", 1, "How to *play*")
    assert section.blocks == (Prose("<p>First.</p>\n"), ExampleRef("old-maid-nines"), Prose("<p>Then.</p>\n"), SettlementRef())


def test_seed_quotes_and_house_choices_are_fenced_blocks(tmp_path):
    choice = '::: choice left\nseed = "Deals clockwise"  # verbatim\nopen = "who is dealt first"\nfollows = "custom"\nclaims = ["the left"]\n\nThe dealer starts with *the left*.\n:::\n'
    page = _page(tmp_path, "{#rules}\n## Rules\n\n::: seed pt\n- «Um» one\n- «Dois»\n:::\n\nBetween.\n\n" + choice)
    assert page.sections[0].blocks == (
        SeedQuotes("pt", (SeedQuote("Um", "one"), SeedQuote("Dois", ""))),
        Prose("<p>Between.</p>\n"),
        Choice("left", "Deals clockwise", "who is dealt first", "custom", ("the left",), "<p>The dealer starts with <em>the left</em>.</p>\n"),
    )
    assert page.choices == (page.sections[0].blocks[2],)


def test_a_heading_inside_a_code_block_is_not_a_section(tmp_path):
    page = _page(tmp_path, "{#setup}\n## Setup\n\n```\n## not a heading\n```\n")
    assert page.section_ids == ("setup",)
    assert "## not a heading" in page.sections[0].blocks[0].html


def test_faq_questions_are_headings_each_with_its_answer(tmp_path):
    page = _page(tmp_path, '{#faq}\n## Questions\n\n### Why "so"?\n\nBecause.\n\n### And?\n\n- this\n- that\n')
    assert [(entry.question, entry.answer_html) for entry in page.faq] == [
        ("Why “so”?", "<p>Because.</p>\n"),
        ("And?", "<ul>\n<li>this</li>\n<li>that</li>\n</ul>\n"),
    ]


@pytest.mark.parametrize(
    ("body", "complaint"),
    [
        ("## Setup\n\nText.\n", "a ## heading without its {#id} line"),
        ("# Title\n", "no # headings"),
        ("{#setup}\nText.\n", "{#setup} must be followed by a ## heading"),
        ("{#Setup}\n## Setup\n", "a section id is lower case"),
        ("{#play}\n## Play\n\n@example\n", "@example needs an id"),
        ("{#faq}\n## Questions\n\nText first.\n\n### Why?\n\nBecause.\n", "text before the first FAQ question"),
        ("{#faq}\n## Questions\n\n### Why?\n\n### And?\n\nBecause.\n", "FAQ question without an answer: Why?"),
        ("{#rules}\n## Rules\n\n::: seed es\n- «quoted»\n", "a ::: block is never closed"),
        ("{#rules}\n## Rules\n\n::: seed es\n- not quoted\n:::\n", "a seed list line must be - «quote»"),
        ("{#rules}\n## Rules\n\n::: choice left\nseed = \"s\"\n\nText.\n:::\n", "choice left needs seed, open, follows, claims"),
    ],
)
def test_content_that_breaks_the_format_is_refused_with_the_reason(tmp_path, body, complaint):
    with pytest.raises(ContentError, match=re.escape(complaint)):
        _page(tmp_path, body)


def test_a_page_without_front_matter_or_with_fields_missing_is_refused(tmp_path):
    with pytest.raises(ContentError, match="no --- front matter"):
        _page(tmp_path, "Text.\n", front="")
    with pytest.raises(ContentError, match="front matter lacks order"):
        _page(tmp_path, "Text.\n", front=FRONT.replace("order = 1\n", ""))


# ---------------------------------------------------------------- quick-reference sheets

@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_every_game_has_a_sheet_for_the_table_of_as_many_pages_in_both_languages(library, lang, game):
    """How many pages a sheet may fill is the game's own fact, in its sheet's front matter."""
    sheet = library.sheet(library.game(lang, game))
    other = library.sheet(library.game("pt" if lang == "es" else "es", game))
    assert sheet.pages == other.pages >= 1
    assert [section.id for section in sheet.sections][-1] == "choices"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_sheet_has_the_same_sections_in_both_languages_at_an_address_in_its_language(library, game):
    es, pt = (library.sheet(library.game(lang, game)) for lang in ("es", "pt"))
    assert [section.id for section in es.sections] == [section.id for section in pt.sections]
    assert (es.slug, pt.slug) == ("hoja", "folha")


@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_the_sheets_house_choices_box_sums_up_every_choice_of_the_rules_page(library, lang, game):
    page = library.game(lang, game)
    assert set(library.sheet(page).choices) == {choice.choice_id for choice in page.choices}


def test_the_solo_whist_sheet_places_the_engines_settlement_table(library):
    for lang in library.languages:
        sheet = library.sheet(library.game(lang, "solo-whist"))
        scoring = next(section for section in sheet.sections if section.id == "scoring")
        assert any(isinstance(block, SettlementRef) for block in scoring.blocks)


def everything_written(part) -> str:
    """A page's or a sheet's whole text as a reader compares it: prose, boxes, tables, questions and answers."""
    texts = []
    for section in part.sections:
        texts.append(section.title)
        for block in section.blocks:
            texts.append(getattr(block, "html", "") or getattr(block, "body_html", ""))
        texts.extend(entry.question + " " + entry.answer_html for entry in section.faq)
    return words(" ".join(texts))


# What a player looks up on the sheet, in the rules page's own words; and words only one of them used.
SHEET_AGREES = {
    ("es", "solo-whist"): ["al menos 8 entre los dos", "al menos 5", "al menos 9", "renuncio", "antes de repartir",
                           "antes de enseñar la mano", "también el abierto", "uno de los rivales"],
    ("pt", "solo-whist"): ["pelo menos 8 entre os dois", "pelo menos 5", "pelo menos 9", "renúncia", "antes de distribuir",
                           "antes de a mão ser exposta", "o aberto também", "um dos adversários"],
    ("es", "double-solitaire"): ["puede ir a una columna", "sin barajarlo ni reordenarlo", "anuncia el final",
                                 "columnas descubiertas", "cartas ocultas", "cualquier as"],
    ("pt", "double-solitaire"): ["pode ir para uma coluna", "sem o baralhar nem reordenar", "anuncia o fim",
                                 "colunas descobertas", "cartas escondidas", "encravad", "qualquer ás"],
    ("es", "old-maid"): ["dama impar", "boca abajo", "en cuanto se la quitan"],
    ("pt", "old-maid"): ["dama ímpar", "face para baixo", "dama perdedora"],
}
SHEET_NEVER = {
    ("es", "solo-whist"): ["8 o más", "5 o más", "9 o más"],
    ("pt", "solo-whist"): ["8 ou mais", "5 ou mais", "9 ou mais"],
    ("es", "double-solitaire"): ["sin mezclarlo", "columnas vacías no"],
    ("pt", "double-solitaire"): ["tabuleiro", "encalhad", "carta fechada", "colunas vazias não"],
    ("es", "old-maid"): [],
    ("pt", "old-maid"): ["dama que perde"],
}


@pytest.mark.parametrize(("lang", "game"), PAGES)
def test_a_sheet_says_what_its_rules_page_says_in_the_same_words(library, lang, game):
    page = library.game(lang, game)
    page_text, sheet_text = everything_written(page), everything_written(library.sheet(page))
    for phrase in SHEET_AGREES.get((lang, game), []):
        assert words(phrase) in page_text, f"the rules page does not say {phrase!r}"
        assert words(phrase) in sheet_text, f"the sheet does not say {phrase!r}"
    for phrase in SHEET_NEVER.get((lang, game), []):
        assert words(phrase) not in sheet_text and words(phrase) not in page_text, f"{phrase!r} is not the page's wording"

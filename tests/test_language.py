"""The site's words as a native editor reads them, in Spain's Spanish and Portugal's Portuguese.

Each class of slip a language pass found has its test here: a number agrees with its noun (the
catalogs' plural forms, never a number before a noun outside them); partners exist only in a
proposal; an abundance's trumps are still to be named when the auction closes, not absent; one
vocabulary per language, its glossary's (``content/<lang>/glossary.toml``: puja/pujar,
licitação/licitar, "proposal" kept as the rules pages keep it, Portugal's words, not Brazil's);
the reader's own moves told to them. The last test plays games
through the API with random moves and reads every hint and every event told, in both languages.
"""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask_babel import ngettext

from naipes.content import CONTENT_DIR, load_library
from naipes.games import GAMES
from naipes.publish.catalogs import catalog
from naipes.web.narration import narrate
from tests.sampling import sweep

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("es", "pt")


@pytest.fixture(scope="module")
def library():
    return load_library(CONTENT_DIR)


def _catalog(lang: str):
    """The language's catalog as the site reads it: ``messages.po`` and the games' own files, merged."""
    return catalog(lang)


def _translations(lang: str) -> list[str]:
    return [text for message in _catalog(lang) if message.id
            for text in (message.string if isinstance(message.string, tuple) else (message.string,))]


def _content(lang: str) -> list[tuple[Path, str]]:
    return [(path, path.read_text(encoding="utf-8")) for path in sorted((ROOT / "content" / lang).rglob("*"))
            if path.is_file() and path.name != "glossary.toml"]


# --- what each language never says ---------------------------------------------------------------

def _glossary(lang: str) -> list[dict]:
    """The language's glossary (``content/<lang>/glossary.toml``): each game term's word, and the words
    struck out for it."""
    with open(ROOT / "content" / lang / "glossary.toml", "rb") as toml:
        return tomllib.load(toml)["term"]


NEVER = {lang: [(pattern, term["why"]) for term in _glossary(lang) for pattern in term["wrong"]] for lang in LANGUAGES}

# The rules pages gloss the calls' names once, in the page's own words («propuesta» y «aceptación»):
# a gloss in parentheses and angle quotes is the one place a struck-out word may stand.
GLOSS = re.compile(r"«[^«»]*»")


def _struck(lang: str, text: str) -> list[str]:
    text = GLOSS.sub("", text)
    return [why for pattern, why in NEVER[lang] if re.search(pattern, text)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossarys_words_are_the_rules_pages_own(library, lang):
    """Each term's word is the one its games' rules pages use, so hints and narration can follow them."""
    pages = {page.game: _page_text(page) for page in library.games_in(lang)}
    missing = [(term["en"], game) for term in _glossary(lang) for game in term["games"]
               if term["word"].casefold() not in pages[game]]
    assert missing == []


def _page_text(page) -> str:
    texts = [page.intro_html]
    for section in page.sections:
        texts.append(section.title)
        texts += [getattr(block, "html", "") or getattr(block, "body_html", "") for block in section.blocks]
        texts += [entry.question + " " + entry.answer_html for entry in section.faq]
    return " ".join(re.sub(r"<[^>]+>", " ", text) for text in texts).casefold()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalog_uses_the_languages_own_words(lang):
    found = [(text, _struck(lang, text)) for text in _translations(lang) if _struck(lang, text)]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_content_uses_the_languages_own_words(lang):
    found = [(path.name, line, _struck(lang, line)) for path, text in _content(lang)
             for line in text.splitlines() if _struck(lang, line)]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_solo_whist_is_written_in_lower_case_like_the_other_games(lang):
    """«el solo whist» in running text, so «Solo whist» in a title, as «Solitario doble» is."""
    found = [(path.name, line) for path, text in _content(lang) for line in text.splitlines() if "Solo Whist" in line]
    assert found == []


# --- numbers agree with their nouns ----------------------------------------------------------------

NOUNS = {"es": ("baza", "carta", "ficha", "jugada", "partida", "día"),
         "pt": ("vaza", "carta", "ficha", "jogada", "jogo", "dia")}
NUMBER = r"%\(\w+\)[sd]"


def _disagreements(lang: str, text: str, form: int | None) -> list[str]:
    """Where a number stands before a noun of the other number; in a catalog's plural ``form``, the
    number placeholder too (form 0 is said of one, the others of every other count)."""
    nouns = "|".join(NOUNS[lang])
    one, other = r"(?<![\d,.])1", r"(?<![\d,.])(?:0|[2-9]|\d\d+)"
    wrong = re.findall(rf"{one} (?:{nouns})s\b", text) + re.findall(rf"{other} (?:{nouns})\b", text)
    if form == 0:
        wrong += re.findall(rf"{NUMBER} (?:{nouns})s\b", text)
    elif form is not None:
        wrong += re.findall(rf"{NUMBER} (?:{nouns})\b", text)
    return wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_plural_form_agrees_with_its_number(lang):
    """Form 0 is said of one (a singular noun), the others of every other count (a plural noun)."""
    found = []
    for message in _catalog(lang):
        if message.id and isinstance(message.string, tuple):
            for form, text in enumerate(message.string):
                found += [(text, wrong) for wrong in _disagreements(lang, text, form)]
    assert found == []


# A number before a noun outside a plural form is allowed only where it can never be one: the
# deals a search samples (many), the cards of a run moved together (two or more), the days a
# table lives, and a cost already chosen by its count (``review._cost_message``: "a trick" or
# "%(cost)s tricks"), and the cards of a whole hand (thirteen).
NEVER_ONE = {"samples", "of", "count", "days", "cost", "hand"}
COUNTED = re.compile(r"%\((\w+)\)[sd] (?:\w+ )?(?:tricks?|cards?|chips?|deals?|games?|days?|moves?)\b")


def test_no_number_before_a_noun_outside_a_plural_form():
    with open(ROOT / "translations" / "messages.pot", "rb") as pot:
        template = read_po(pot)
    found = [(message.id, name) for message in template if isinstance(message.id, str)
             for name in COUNTED.findall(message.id) if name not in NEVER_ONE]
    assert found == []


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("es", "El pujador lleva 1 baza de 1 jugada.", "El pujador lleva 0 bazas de 2 jugadas."),
    ("pt", "O licitador leva 1 vaza de 1 jogada.", "O licitador leva 0 vazas de 2 jogadas."),
])
def test_a_table_counts_the_bidders_tricks_and_the_tricks_played_each_with_its_own_plural(app, lang, one, two):
    def said(won: int, played: int) -> str:
        return (ngettext("The bidder has taken %(num)s trick", "The bidder has taken %(num)s tricks", won)
                + ngettext(" of %(num)s played.", " of %(num)s played.", played))

    with app.test_request_context(f"/?lang={lang}"):
        assert (said(1, 1), said(0, 2)) == (one, two)


# --- Solo Whist: trumps, partners, and the reader's own moves ----------------------------------------

ABUNDANCE_CLOSED = {"type": "auction_closed",
                    "contract": {"bid": "abundance", "bidder": 2, "partner": None, "trump": None}}


@pytest.mark.parametrize(("lang", "none", "to_come"), [("es", "sin triunfo", "nombrará ahora el triunfo"),
                                                       ("pt", "sem trunfo", "vai agora escolher o trunfo")])
def test_an_abundance_closing_the_auction_has_its_trumps_still_to_name(app, lang, none, to_come):
    misere = {"type": "auction_closed", "contract": {"bid": "misere", "bidder": 2, "partner": None, "trump": None}}
    with app.test_request_context(f"/?lang={lang}"):
        told = narrate("solo-whist", ABUNDANCE_CLOSED)
        assert told is not None and none not in told and to_come in told
        assert none in (narrate("solo-whist", misere) or "")


@pytest.mark.parametrize(("lang", "mine", "theirs"), [
    ("es", ["Juegas el as de picas.", "Ganas la baza.", "Pasas.", "Apartas el nueve de picas y el nueve de corazones."],
     "El jugador 2 juega el as de picas."),
    ("pt", ["Joga o ás de espadas.", "Ganha a vaza.", "Passa.", "Põe de parte o nove de espadas e o nove de copas."],
     "O jogador 2 joga o ás de espadas."),
])
def test_the_readers_own_moves_are_told_to_them(app, lang, mine, theirs):
    events = [("solo-whist", {"type": "played", "player": 0, "card": "AS"}),
              ("solo-whist", {"type": "trick_won", "winner": 0}),
              ("solo-whist", {"type": "bid", "player": 0, "bid": "pass"}),
              ("old-maid", {"type": "discarded", "player": 0, "cards": ["9S", "9H"]})]
    with app.test_request_context(f"/?lang={lang}"):
        assert [narrate(game, event, reader=0) for game, event in events] == mine
        assert narrate("solo-whist", {"type": "played", "player": 1, "card": "AS"}, reader=0) == theirs
        assert "jugador 1" not in narrate("old-maid", {"type": "drew", "player": 1, "from": 0, "card": "9S"}, reader=0)
        assert "jogador 1" not in narrate("old-maid", {"type": "drew", "player": 1, "from": 0, "card": "9S"}, reader=0)


@pytest.mark.parametrize(("lang", "partner"), [("es", "pareja"), ("pt", "parceiro")])
def test_a_fellow_defender_is_not_called_a_partner(lang, partner):
    """The reasons the rules of thumb give against a lone bidder name the other defenders as such."""
    defending = [message for message in _catalog(lang) if isinstance(message.id, str) and "another defender" in message.id]
    assert len(defending) == 3
    assert [message.string for message in defending if partner in message.string or "defens" not in message.string] == []


# --- sentences harvested from games played through the API ----------------------------------------

PARTNER = {"es": re.compile(r"\bpareja\b"), "pt": re.compile(r"\bparceiro\b|\bpar\b")}
NO_TRUMP = {"es": "sin triunfo", "pt": "sem trunfo"}
READER = {"es": re.compile(r"\b[Ee]l jugador 1\b"), "pt": re.compile(r"\b[Oo] jogador 1\b")}
GAMES_PER_TABLE = 20
MOST_MOVES = 90
"""Where a game of random moves is cut: a hand of cards ends long before, a race of random moves may never end."""
HINT_EVERY = 3


def _played(client, app, game: str, lang: str, seed: int) -> list[tuple[str, str, str | None]]:
    """Every event told (to the reader, seat 0) and some hints of one game of random moves: (kind, text, contract)."""
    rng = random.Random(seed)

    def post(path, body):
        response = client.post(f"/api/v1/{game}/{path}?lang={lang}", json=body)
        assert response.status_code in (200, 201), response.get_json()
        return response.get_json()

    said, contract = [], None
    table = post("tables", {})
    events = table.get("events", [])
    for number in range(MOST_MOVES):
        with app.test_request_context(f"/?lang={lang}"):
            for event in events:
                if event.get("type") == "auction_closed":
                    contract = event["contract"]["bid"]
                said.append(("event", narrate(game, event, reader=0) or "", contract))
        if not table.get("moves"):
            break
        if number % HINT_EVERY == 0:
            said.append(("hint", post("tables/hint", {"table": table["table"]})["reason"], contract))
        table = post("tables/move", {"table": table["table"], "move": rng.choice(table["moves"])})
        events = table.get("events", [])
    return said


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_sentences_of_games_played_through_the_api_read_right(client, app, game, lang):
    """Twenty games of random moves: every event told to the reader and a hint every few moves."""
    found = []
    for seed in range(sweep(GAMES_PER_TABLE, least=2)):
        for kind, text, contract in _played(client, app, game, lang, seed):
            slips = _struck(lang, text) + _disagreements(lang, text, None)
            if contract not in (None, "proposal") and PARTNER[lang].search(text):
                slips.append("a partner outside a proposal")
            if "abundance" in text and "declarad" not in text and NO_TRUMP[lang] in text:
                slips.append("an abundance without trumps")
            if kind == "event" and READER[lang].search(text):
                slips.append("the reader's own move in the third person")
            found += [(kind, text, slip) for slip in slips]
    assert found == []

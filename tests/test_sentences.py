"""Every sentence a game says about a card (events told, the computer's reasons, refusals), in both
languages and with every rank: the card carries the article of its rank's word (es la jota, la dama,
el rey, el as; pt a dama, o valete, o rei, o ás), and no sentence adds an article or a contraction of
its own before it ("el dama", "de el rey", pt "do dama", "de o rei")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from naipes.engine.cards import Card
from naipes.engine.sentences import Seat, Sentence, SpokenList, Spoken, Suit, Term
from naipes.web.i18n import card_name, rank_article, say

ROOT = Path(__file__).resolve().parent.parent
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
CARD_PARAMS = {"card", "first", "second", "target", "top", "led", "freed", "king", "waste"}
NUMBERS = {"count", "num", "n", "tricks", "samples", "place", "face_up", "matching", "unseen", "total", "last", "days"}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")

# What agreement forbids, after a card has been put in: a masculine article or contraction before a
# feminine card and the other way round, an article the sentence adds to the card's own, a contraction
# written out, and a capital after a colon inside a sentence.
FEMININE = {"es": r"(?:jota|dama|[JQ][♠♥♦♣])", "pt": r"(?:dama|Q[♠♥♦♣])"}
MASCULINE = {"es": r"(?:as|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|rey|(?:[AK2-9]|10)[♠♥♦♣])",
             "pt": r"(?:ás|dois|três|quatro|cinco|seis|sete|oito|nove|dez|valete|rei|(?:[AJK2-9]|10)[♠♥♦♣])"}
WRONG = {
    "es": [rf"\b(?:el|del|al|un)\s+{FEMININE['es']}", rf"\b(?:la|una)\s+{MASCULINE['es']}",
           r"\bde\s+el\b", r"\ba\s+el\b", r"\b(?:el|la|los|las|tu|su)\s+(?:el|la)\s"],
    "pt": [rf"(?<!\w)(?:o|do|ao|no|pelo|um)\s+{FEMININE['pt']}", rf"(?<!\w)(?:a|da|à|na|pela|uma)\s+{MASCULINE['pt']}",
           r"\b(?:de|em|por)\s+(?:o|a)\s", r"(?<!\w)a\s+o\s", r"(?<!\w)(?:o|a|seu|sua)\s+(?:o|a)\s"],
}
CAPITAL_AFTER_COLON = re.compile(r":\s+[A-ZÁÉÍÓÚÂÊÔÃÕ](?![♠♥♦♣])")


def _card_sentences() -> list[tuple[str, str | None]]:
    """The English templates the games and the engine mark with N_ and Nn_ that name a card."""
    found = []
    for _, _, message, _, _ in extract_from_dir(ROOT / "naipes", [("**.py", "python")], keywords={"N_": None, "Nn_": (1, 2)}):
        singular, plural = (message, None) if isinstance(message, str) else message
        if CARD_PARAMS & set(PLACEHOLDER.findall(singular)) or "%(cards)s" in singular:
            found.append((singular, plural))
    return sorted(set(found))


SENTENCES = _card_sentences()


def _params(template: str, card: Card, spoken: bool) -> dict[str, object]:
    params: dict[str, object] = {}
    for name in PLACEHOLDER.findall(template):
        if name == "num":
            continue  # ngettext's own count
        if name in CARD_PARAMS:
            params[name] = Spoken(card) if spoken else card
        elif name == "cards":
            params[name] = SpokenList((card,))
        elif name.endswith(("player", "offerer", "taker", "partner", "winner", "leader", "loser")):
            params[name] = Seat(1)
        elif name in NUMBERS:
            params[name] = 3
        elif name == "suit":
            params[name] = Suit("S")
        elif name in ("source",):
            params[name] = Sentence("from the waste")
        else:
            params[name] = Term("a solo")
    return params


def test_the_games_sentences_that_name_a_card_are_found():
    assert len(SENTENCES) > 40
    assert ("%(player)s plays the %(card)s.", None) in SENTENCES


@pytest.mark.parametrize(("lang", "articles"), [
    ("es", {"J": "la", "Q": "la", "K": "el", "A": "el", "7": "el"}),
    ("pt", {"Q": "a", "J": "o", "K": "o", "A": "o", "7": "o"}),
])
def test_each_rank_takes_the_article_of_its_word(app, lang, articles):
    with app.test_request_context(f"/{lang}/"):
        assert {rank: rank_article(rank) for rank in articles} == articles
        assert all(rank_article(rank) for rank in RANKS)


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_sentence_naming_a_card_agrees_with_it_for_every_rank(app, lang):
    problems = []
    with app.test_request_context(f"/{lang}/"):
        for singular, plural in SENTENCES:
            for rank in RANKS:
                card = Card.parse(rank + "H")
                # a list of cards is always said by name; a single card by its symbol or its name
                for spoken in ((False, True) if CARD_PARAMS & set(PLACEHOLDER.findall(singular)) else (True,)):
                    for count in ((1, 3) if plural else (1,)):
                        sentence = Sentence(singular, _params(singular, card, spoken), plural, count)
                        text = say(sentence)
                        named = f"{rank_article(rank)} {card_name(card) if spoken else card.symbol}"
                        if named not in text:
                            problems.append(f"{text!r} does not name {named!r}")
                        problems += [f"{text!r} breaks {pattern!r}" for pattern in WRONG[lang] if re.search(pattern, text)]
                        if CAPITAL_AFTER_COLON.search(text) or text[:1].islower():
                            problems.append(f"{text!r}: upper case after a colon, or a sentence in lower case")
    assert not problems, "\n".join(sorted(set(problems))[:40])

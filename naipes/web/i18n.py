"""The reader's language: which one a request speaks, and the words for cards and players.

Languages are the folders of ``content/`` that have a catalog in ``translations/``:
adding one means adding files, and its regional tag to ``LANGUAGE_TAGS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from babel import Locale
from flask import Response, after_this_request, current_app, request
from flask_babel import force_locale, get_locale, gettext, lazy_gettext, ngettext

from ..engine.cards import Card, UnknownCard
from ..engine.decode import is_whole_number
from ..engine.sentences import Seat, Sentence, Spoken, SpokenList, Suit, Term
from ..games import GAMES

# The language of a request that names none and whose browser prefers none the site has.
DEFAULT_LANGUAGE = "es"

# The site's language codes (its URL segments and catalogs) are bare; the pages say which
# variety they are written in, so screen readers pick Spain's and Portugal's voices and
# search engines offer each page to its readers (``lang`` and ``hreflang``, BCP 47).
LANGUAGE_TAGS = {"es": "es-ES", "pt": "pt-PT"}

RANK_NAMES = {
    "A": lazy_gettext("ace"),
    "2": lazy_gettext("two"),
    "3": lazy_gettext("three"),
    "4": lazy_gettext("four"),
    "5": lazy_gettext("five"),
    "6": lazy_gettext("six"),
    "7": lazy_gettext("seven"),
    "8": lazy_gettext("eight"),
    "9": lazy_gettext("nine"),
    "10": lazy_gettext("ten"),
    "J": lazy_gettext("jack"),
    "Q": lazy_gettext("queen"),
    "K": lazy_gettext("king"),
}
# A card named in a sentence carries its definite article, which follows the gender of its rank's
# word in the reader's language (es la jota, la dama, el rey, el as; pt a dama, o valete, o rei, o ás).
# Each rank's word with its article is the translator's: the article is what it adds to the bare word,
# and it goes before the card's name and its symbol alike ("la dama de corazones", "la Q♥"), so that
# no sentence in a catalog writes an article of its own before a card.
RANKS_WITH_ARTICLE = {
    "A": lazy_gettext("the ace"),
    "2": lazy_gettext("the two"),
    "3": lazy_gettext("the three"),
    "4": lazy_gettext("the four"),
    "5": lazy_gettext("the five"),
    "6": lazy_gettext("the six"),
    "7": lazy_gettext("the seven"),
    "8": lazy_gettext("the eight"),
    "9": lazy_gettext("the nine"),
    "10": lazy_gettext("the ten"),
    "J": lazy_gettext("the jack"),
    "Q": lazy_gettext("the queen"),
    "K": lazy_gettext("the king"),
}
SUIT_NAMES = {
    "S": lazy_gettext("spades"),
    "H": lazy_gettext("hearts"),
    "D": lazy_gettext("diamonds"),
    "C": lazy_gettext("clubs"),
}


class CatalogsNotCompiled(RuntimeError):
    """A language's ``.mo`` file is missing: without it flask-babel would quietly show English."""


def require_compiled_catalogs(directories: str, languages: tuple[str, ...]) -> None:
    """Stop the app at start-up unless every language's catalog is compiled in one of ``directories``.

    ``directories`` is flask-babel's ``BABEL_TRANSLATION_DIRECTORIES``: paths separated by ``;``.
    """
    folders = [Path(folder) for folder in directories.split(";")]
    missing = [
        lang for lang in languages
        if not any((folder / lang / "LC_MESSAGES" / "messages.mo").is_file() for folder in folders)
    ]
    if missing:
        raise CatalogsNotCompiled(
            f"no compiled catalog (messages.mo) for {', '.join(missing)} in {directories}: "
            "compile them with `python -m naipes.publish.catalogs` (./scripts/setup does it)"
        )


def in_language(lang: str, message: str) -> str:
    """``message`` in ``lang`` whatever the request's language: an address's part, which names
    the page in its own language from any page that links to it."""
    with force_locale(lang):
        return gettext(message)


def languages() -> tuple[str, ...]:
    return current_app.extensions["naipes"].languages


def language_tag(lang: str) -> str:
    """The BCP 47 tag of a site language: "es" is written as in Spain, "pt" as in Portugal."""
    return LANGUAGE_TAGS[lang]


def language_name(lang: str) -> str:
    """The language's own name for itself, as a switch shows it: "Español", "Português"."""
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


def request_language() -> str:
    """The one answer to "which language does this request speak?", flask-babel's locale selector.

    A page's language is in its URL (``/pt/...``); elsewhere (the API) it is ``?lang=``,
    else ``Accept-Language`` (any ``pt-*`` is ``pt``), else ``DEFAULT_LANGUAGE``.
    """
    known = languages()
    lang = (request.view_args or {}).get("lang")
    if lang in known:
        return lang
    first = request.path.strip("/").split("/")[0]
    if first in known:
        return first
    if request.args.get("lang") in known:
        return request.args["lang"]
    return accepted_language()


def accepted_language() -> str:
    """The browser's preferred language among the site's (``Accept-Language``), else ``DEFAULT_LANGUAGE``.

    The answer then depends on that header and says so (``Vary``), so that a shared
    cache does not hand one reader's language to another.
    """
    known = languages()
    after_this_request(_varies_on_language)
    for value, _quality in request.accept_languages:
        primary = value.split("-")[0].split("_")[0].lower()
        if primary in known:
            return primary
    return DEFAULT_LANGUAGE


def current_language() -> str:
    """The language this request speaks, as worked out once by ``request_language`` (flask-babel caches it)."""
    return str(get_locale().language)


def _varies_on_language(response: Response) -> Response:
    response.vary.add("Accept-Language")
    return response


# A card's name in each language, made once: narrating a table names the same 52 cards over and
# over, and each name costs two catalog look-ups and a format.
_CARD_NAMES: dict[tuple[str, Card], str] = {}


def card_name(card: Card | str) -> str:
    """A card as a screen reader says it: "nueve de corazones", "nove de copas"."""
    if isinstance(card, str):
        try:
            return card_name(Card.parse(card))
        except UnknownCard:
            return card
    key = (str(get_locale()), card)
    if key not in _CARD_NAMES:
        _CARD_NAMES[key] = gettext("%(rank)s of %(suit)s", rank=RANK_NAMES[card.rank], suit=SUIT_NAMES[card.suit])
    return _CARD_NAMES[key]


def rank_article(rank: str) -> str:
    """The definite article of a card of ``rank`` in the reader's language ("la" for a queen in Spanish)."""
    return str(RANKS_WITH_ARTICLE[rank]).removesuffix(str(RANK_NAMES[rank])).strip()


_CARDS_SAID: dict[tuple[str, Card, bool], str] = {}


def card_said(card: Card, spoken: bool) -> str:
    """A card as a sentence names it, with its article: by name ("la dama de corazones") or by symbol ("la Q♥")."""
    key = (str(get_locale()), card, spoken)
    if key not in _CARDS_SAID:
        _CARDS_SAID[key] = f"{rank_article(card.rank)} {card_name(card) if spoken else card.symbol}"
    return _CARDS_SAID[key]


def player_name(player: int) -> str:
    """A player as a label names them ("Jugador 2"): numbered from 0 in the API and from 1 for people."""
    return gettext("Player %(number)s", number=player + 1)


def player_in_text(player: int) -> str:
    """A player inside a sentence, in lower case as the rules pages write it ("el jugador 2")."""
    return gettext("player %(number)s", number=player + 1)


def suit_name(suit: str) -> str:
    return str(SUIT_NAMES[suit])


def game_word(game_id: str, key: str) -> str:
    """A word of a game's own in the reader's language (Solo Whist's calls: "Solo", "Misère aberto")."""
    game = GAMES.get(game_id)
    msgid = None if game is None else game.words.get(key)
    return key if msgid is None else gettext(msgid)


def say(sentence: Sentence) -> str:
    """A game's sentence (an event told, a computer's reason, a refusal) in the reader's language."""
    params = {name: _worded(name, value) for name, value in sentence.params.items()}
    if sentence.plural is not None:
        return ngettext(sentence.message, sentence.plural, sentence.count, **params)
    return gettext(sentence.message, **params)


def fill(template: str, params: Mapping[str, object]) -> str:
    """A template written in the reader's language (the content's, not the catalog's) with its parameters
    worded as a sentence's are."""
    return template % {name: _worded(name, value) for name, value in params.items()}


def _worded(name: str, value: object) -> object:
    if isinstance(value, Sentence):
        return say(value)
    if isinstance(value, Seat):
        return player_in_text(value.index)
    if isinstance(value, Spoken):
        return card_said(value.card, spoken=True)
    if isinstance(value, SpokenList):
        names = [card_said(card, spoken=True) for card in value.cards]
        if len(names) == 1:
            return names[0]
        return gettext("%(first)s and %(second)s", first=", ".join(names[:-1]), second=names[-1])
    if isinstance(value, Suit):
        return suit_name(value.letter)
    if isinstance(value, Term):
        return gettext(value.msgid)
    if isinstance(value, Card):
        return card_said(value, spoken=False)
    if isinstance(value, (list, tuple)):
        return " ".join(str(_worded(name, item)) for item in value)
    if is_whole_number(value) and name.endswith("player"):
        return player_in_text(value)
    return value

"""What the writers edit, turned into page objects: Markdown + TOML front matter.

``content/<lang>/<game>.md`` is a rules page, ``content/<lang>/home.md`` a home
page and ``content/<lang>/sheets/<game>.md`` a game's quick-reference sheet (sections
only, no intro; its front matter gives its URL segment, how many A4 pages it may fill and
the rules page's house choices its box sums up), each opening with TOML front matter
between ``---`` lines. A rules page is an
intro and a list of sections; each section is a ``## Title`` heading with its
language-neutral id (the same in every language) on the line above, ``{#id}``. Inside
a section, a paragraph ``@example <id>`` places a worked example and ``@settlement``
the engine's settlement table; the section ``faq`` is made of ``### question``
headings, each followed by its answer.

Two fenced blocks (``:::``, mdit-py-plugins' containers) keep the seed and the site's
own choices apart, so a reader (and a test) can tell which rule is which:

``::: choice <id>`` … ``:::`` is a house choice, where the seed leaves a point open.
It opens with TOML fields, then a blank line and the Markdown of the choice::

    ::: choice first-card-left
    seed = "Repartidor sorteado da todo una a una horario"   # the seed passage it completes, verbatim
    open = "por quién empieza el reparto"                     # what that passage leaves open
    follows = "la costumbre más extendida"                     # the tradition the choice follows
    claims = ["su izquierda"]                                  # the box's own words for it, never the seed's

    El repartidor empieza por el jugador de su izquierda.
    :::

``::: seed <lang>`` … ``:::`` lists rules quoted word for word from the seed, which is
written in ``<lang>``: one ``- «quote»`` item each, optionally followed by a
translation when the seed's language is not the page's.

``content/<lang>/glossary.toml`` is the language's glossary: its page's ``slug``
(``glosario``), ``title`` and ``intro``, then one ``[[term]]`` per word: ``word`` as
the rules pages use it, the ``games`` whose rules pages use it, its ``meaning`` (needed
when ``games`` names any), and the words struck out for it (``wrong``, ``why``), which the
language tests read. Each game with terms has a glossary page, and the first use of each
of its terms in its rules page's prose links to the term's entry there.

``content/<lang>/pad.toml`` names the score pads (``/es/<game>/marcador/``) and
``content/<lang>/offline.toml`` the page the site shows for what is not kept offline
(``/es/sin-conexion/``): each a ``slug``, a ``title`` and an ``intro``.

markdown-it parses the whole file once (mdit-py-plugins reads the front matter, the
``{#id}`` attributes and the ``:::`` blocks); the page is cut from its tokens, so a ``## `` inside a code
block or a list is never taken for a section. Nothing here knows Flask: the web
layer and the build both read these objects.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from mdit_py_plugins.attrs import attrs_block_plugin
from mdit_py_plugins.container import container_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

CONTENT_DIR = Path(__file__).resolve().parent.parent / "content"

_SECTION_ID = re.compile(r"[a-z][a-z0-9-]*")
_EXAMPLE_ID = re.compile(r"[a-z0-9-]+")
_DIRECTIVES = ("@example", "@settlement")
_FENCE = re.compile(r"(choice|seed) ([a-z0-9-]+)")
_SEED_QUOTE = re.compile(r"«([^«»]+)»[ \t]*(.*)")
_CHOICE_FIELDS = ("seed", "open", "follows", "claims")
_GAME_FIELDS = ("title", "game", "slug", "summary", "players", "deck", "length", "special", "order", "playing", "rules_of")
_SHEET_FIELDS = ("slug", "pages", "choices")
_PAGE_WORDS_FIELDS = ("slug", "title", "intro")
_GLOSSARY_FIELDS = ("slug", "title", "intro", "term")
_TERM_FIELDS = ("en", "word", "games", "wrong", "why")

_markdown = (
    MarkdownIt("commonmark", {"typographer": True})
    .enable(["table", "replacements", "smartquotes"])
    .use(front_matter_plugin)
    .use(attrs_block_plugin)
    .use(container_plugin, name="choice")
    .use(container_plugin, name="seed")
)


class ContentError(ValueError):
    """A content file that breaks the format (missing front matter, a heading without an id…)."""


def read_toml(path: Path, error: type[ValueError] = ContentError) -> dict[str, Any]:
    """A content file written in TOML; ``error`` (the loader's own) names the file that cannot be read
    or parsed, and why."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as failure:
        raise error(f"{path}: {failure}") from None


def _check_slug(path: Path, slug: object) -> None:
    """A page's address word (``slug``): lower-case letters, digits and hyphens."""
    if not _SECTION_ID.fullmatch(str(slug)):
        raise ContentError(f"{path}: slug must be lower-case letters, digits and hyphens")


@dataclass(frozen=True, slots=True)
class Prose:
    """Rendered Markdown."""

    html: str


@dataclass(frozen=True, slots=True)
class ExampleRef:
    """The place of a worked example, by its id in ``content/examples/``."""

    id: str


@dataclass(frozen=True, slots=True)
class SettlementRef:
    """The place of the engine-computed settlement table (Solo Whist)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A house choice: what the site decides where the seed is silent, and why.

    ``seed`` quotes the seed passage the choice completes; ``open`` says what that
    passage leaves open and ``follows`` the tradition the choice follows, both worded
    to fit the page's sentence "the variant does not say …; we follow …".
    ``claims`` are a few words in which the box states its choice: if the seed used
    them, the choice would be the seed's own rule, not ours.
    """

    choice_id: str
    seed: str
    open: str
    follows: str
    claims: tuple[str, ...]
    body_html: str


@dataclass(frozen=True, slots=True)
class SeedQuote:
    quote: str
    translation: str = ""


@dataclass(frozen=True, slots=True)
class SeedQuotes:
    """Rules quoted word for word from the seed, written in ``lang``."""

    lang: str
    quotes: tuple[SeedQuote, ...]


Block = Prose | ExampleRef | SettlementRef | Choice | SeedQuotes


@dataclass(frozen=True, slots=True)
class FaqEntry:
    question: str
    answer_html: str


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    number: int
    title: str
    blocks: tuple[Block, ...]
    faq: tuple[FaqEntry, ...] = ()

    @property
    def example_ids(self) -> tuple[str, ...]:
        return tuple(block.id for block in self.blocks if isinstance(block, ExampleRef))


@dataclass(frozen=True, slots=True)
class GamePage:
    """A rules page. ``title`` is the game's name as a heading gives it ("La solterona"); inside a
    sentence a game's name takes an article and a preposition that only its writer knows, so the page
    also gives the two phrases the site's sentences use: ``playing``, the game as "to play" takes it
    ("a la solterona", "à paciência dupla"), and ``rules_of``, as "the rules" takes it ("de la
    solterona", "do Old Maid")."""

    lang: str
    game: str
    slug: str
    title: str
    summary: str
    players: str
    deck: str
    length: str
    special: str
    order: int
    playing: str
    rules_of: str
    intro_html: str
    sections: tuple[Section, ...]

    @property
    def section_ids(self) -> tuple[str, ...]:
        return tuple(section.id for section in self.sections)

    @property
    def example_ids(self) -> tuple[str, ...]:
        return tuple(eid for section in self.sections for eid in section.example_ids)

    @property
    def choices(self) -> tuple[Choice, ...]:
        return tuple(block for section in self.sections for block in section.blocks if isinstance(block, Choice))

    @property
    def faq(self) -> tuple[FaqEntry, ...]:
        return tuple(entry for section in self.sections for entry in section.faq)


@dataclass(frozen=True, slots=True)
class Sheet:
    """What players look up mid-game, in at most ``pages`` A4 pages: set-up, a turn, the end,
    scoring and the house choices. ``slug`` is its URL segment under the rules page, in the
    sheet's language ("hoja", "folha"); ``choices`` names the rules page's house choices
    (``::: choice <id>``) that its box sums up, so that a test can hold the two together."""

    lang: str
    game: str
    slug: str
    pages: int
    choices: tuple[str, ...]
    sections: tuple[Section, ...]


@dataclass(frozen=True, slots=True)
class Term:
    """A glossary entry: ``word`` as the rules pages of ``games`` use it, and what it means there."""

    en: str
    word: str
    games: tuple[str, ...]
    meaning: str

    @property
    def anchor(self) -> str:
        """The entry's id on the glossary page: the word without accents, in lower case ("licitacao")."""
        return re.sub(r"[^a-z0-9]+", "-", _unaccented(self.word)).strip("-")


def _unaccented(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text.casefold()) if not unicodedata.combining(c))


@dataclass(frozen=True, slots=True)
class Glossary:
    """A language's game terms. ``slug`` is the last part of a game's glossary page address
    (``/es/<game>/glosario/``); ``title`` names the page and the rules page's link to it."""

    lang: str
    slug: str
    title: str
    intro: str
    terms: tuple[Term, ...]

    def of(self, game: str) -> tuple[Term, ...]:
        """The game's terms in alphabetical order, accents aside."""
        terms = (term for term in self.terms if game in term.games)
        return tuple(sorted(terms, key=lambda term: _unaccented(term.word)))


@dataclass(frozen=True, slots=True)
class PageWords:
    """A page's words in a language: ``slug`` is the last part of its address (``marcador``, ``sin-conexion``)."""

    lang: str
    slug: str
    title: str
    intro: str


@dataclass(frozen=True, slots=True)
class HomePage:
    lang: str
    title: str
    description: str
    body_html: str


class _Document:
    """One content file parsed by markdown-it: its front matter, and its blocks as tokens to cut and render."""

    def __init__(self, path: Path) -> None:
        self.path = path
        text = path.read_text(encoding="utf-8")
        self.lines = text.splitlines()
        tokens = _markdown.parse(text)
        if not tokens or tokens[0].type != "front_matter":
            raise ContentError(f"{path}: no --- front matter")
        try:
            self.meta = tomllib.loads(tokens[0].content)
        except tomllib.TOMLDecodeError as error:
            raise ContentError(f"{path}: front matter: {error}") from None
        self.tokens = tokens[1:]

    def render(self, tokens: list[Token]) -> str:
        return _markdown.renderer.render(tokens, _markdown.options, {})

    def render_inline(self, inline: Token) -> str:
        renderer = _markdown.renderer
        assert isinstance(renderer, RendererHTML)
        return renderer.renderInline(inline.children or [], _markdown.options, {})

    def error(self, token: Token, message: str) -> ContentError:
        line = f":{token.map[0] + 1}" if token.map else ""
        return ContentError(f"{self.path}{line}: {message}")


def _top_level_blocks(tokens: list[Token], level: int = 0) -> list[list[Token]]:
    """The tokens cut into blocks at ``level`` (a paragraph, a heading, a whole list…); 0 is the document's."""
    blocks: list[list[Token]] = []
    for token in tokens:
        if token.level == level and token.nesting >= 0:
            blocks.append([])
        blocks[-1].append(token)
    return blocks


def _heading_level(block: list[Token]) -> int:
    return int(block[0].tag[1]) if block[0].type == "heading_open" else 0


def _check_headings(doc: _Document, blocks: list[list[Token]]) -> None:
    """Every ``##`` carries its section id; no ``#`` heading; no id anywhere else."""
    for block in blocks:
        first, level = block[0], _heading_level(block)
        section_id = first.attrs.get("id")
        if level == 1:
            raise doc.error(first, "no # headings: the title comes from the front matter")
        if level == 2 and section_id is None:
            raise doc.error(first, "a ## heading without its {#id} line")
        if section_id is not None and level != 2:
            raise doc.error(first, f"{{#{section_id}}} must be followed by a ## heading")
        if section_id is not None and not _SECTION_ID.fullmatch(str(section_id)):
            raise doc.error(first, f"{{#{section_id}}}: a section id is lower case letters, digits and -")


def _directive(doc: _Document, block: list[Token]) -> Block | None:
    """``@example <id>`` or ``@settlement``, when the block is a one-line paragraph saying so."""
    if block[0].type != "paragraph_open" or not block[1].content.startswith(_DIRECTIVES):
        return None
    name, *arguments = block[1].content.split()
    if name == "@settlement" and not arguments:
        return SettlementRef()
    if name == "@example" and len(arguments) == 1 and _EXAMPLE_ID.fullmatch(arguments[0]):
        return ExampleRef(arguments[0])
    if name == "@example" and not arguments:
        raise doc.error(block[0], "@example needs an id")
    raise doc.error(block[0], f"not a directive: {block[1].content!r} (@example <id> or @settlement)")


def _fenced(doc: _Document, block: list[Token]) -> Choice | SeedQuotes | None:
    """A ``::: choice`` or ``::: seed`` block, when the block is one."""
    opening = block[0]
    if not opening.type.startswith("container_"):
        return None
    fence = _FENCE.fullmatch(opening.info.strip())
    start, end = opening.map or (0, 0)
    if fence is None:
        raise doc.error(opening, f"not a ::: block: {opening.info.strip()!r} (choice <id> or seed <lang>)")
    # The container's map ends at its closing line; a block left open runs to the end of the file.
    if end >= len(doc.lines) or doc.lines[end].strip() != ":::":
        raise doc.error(opening, "a ::: block is never closed")
    kind, name = fence.groups()
    if kind == "seed":
        return _seed_quotes(doc, name, block)
    return _choice(doc, name, block, doc.lines[start + 1 : end])


def _seed_quotes(doc: _Document, lang: str, block: list[Token]) -> SeedQuotes:
    """``- «quote» translation`` items: a bullet list of one-line paragraphs, nothing else."""
    inner = block[1:-1]
    items = [token for token in inner if token.type == "inline"]
    shape_ok = bool(inner) and inner[0].type == "bullet_list_open" and inner[-1].type == "bullet_list_close"
    quotes = []
    for item in items:
        match = _SEED_QUOTE.fullmatch(item.content)
        if not (shape_ok and match):
            raise doc.error(item, f"a seed list line must be - «quote»: {item.content}")
        quotes.append(SeedQuote(*match.groups()))
    if not shape_ok and inner:
        raise doc.error(inner[0], "a seed list holds only - «quote» lines")
    return SeedQuotes(lang, tuple(quotes))


def _choice(doc: _Document, name: str, block: list[Token], body: list[str]) -> Choice:
    """TOML fields up to the first blank line, then the choice's Markdown."""
    opening = block[0]
    blank = body.index("") if "" in body else len(body)
    try:
        fields = tomllib.loads("\n".join(body[:blank]))
    except tomllib.TOMLDecodeError as error:
        raise doc.error(opening, f"choice {name}: {error}") from None
    if sorted(fields) != sorted(_CHOICE_FIELDS) or not "".join(body[blank:]).strip():
        raise doc.error(opening, f"choice {name} needs {', '.join(_CHOICE_FIELDS)} and a text")
    first_line = (opening.map[0] if opening.map else 0) + 1 + blank
    text = doc.render([
        token for inner in _top_level_blocks(block[1:-1], level=1)
        if inner[0].map and inner[0].map[0] >= first_line for token in inner
    ])
    return Choice(name, fields["seed"], fields["open"], fields["follows"], tuple(fields["claims"]), text)


def _blocks(doc: _Document, blocks: list[list[Token]]) -> tuple[Block, ...]:
    """Prose, directives and ``:::`` blocks in order, each run of prose rendered as one piece."""
    result: list[Block] = []
    pending: list[Token] = []
    for block in blocks:
        directive = _fenced(doc, block) or _directive(doc, block)
        if directive is None:
            pending += block
            continue
        if pending:
            result.append(Prose(doc.render(pending)))
            pending = []
        result.append(directive)
    if pending:
        result.append(Prose(doc.render(pending)))
    return tuple(result)


def _faq(doc: _Document, blocks: list[list[Token]]) -> tuple[FaqEntry, ...]:
    """``### question`` headings, each followed by its answer."""
    if blocks and _heading_level(blocks[0]) != 3:
        raise doc.error(blocks[0][0], "text before the first FAQ question")
    starts = [i for i, block in enumerate(blocks) if _heading_level(block) == 3] + [len(blocks)]
    entries = []
    for start, end in zip(starts, starts[1:]):
        question = blocks[start][1]
        if start + 1 == end:
            raise doc.error(blocks[start][0], f"FAQ question without an answer: {question.content}")
        answer = [token for block in blocks[start + 1 : end] for token in block]
        entries.append(FaqEntry(doc.render_inline(question), doc.render(answer)))
    return tuple(entries)


def _sections(doc: _Document) -> tuple[str, tuple[Section, ...]]:
    """The intro (before the first section) and the sections, numbered from 1."""
    blocks = _top_level_blocks(doc.tokens)
    _check_headings(doc, blocks)
    starts = [i for i, block in enumerate(blocks) if _heading_level(block) == 2]
    intro = doc.render([token for block in blocks[: starts[0] if starts else len(blocks)] for token in block])
    sections = []
    for number, (start, end) in enumerate(zip(starts, starts[1:] + [len(blocks)]), start=1):
        heading, title = blocks[start][0], blocks[start][1].content
        section_id, inner = str(heading.attrs["id"]), blocks[start + 1 : end]
        if section_id == "faq":
            sections.append(Section(section_id, number, title, (), _faq(doc, inner)))
        else:
            sections.append(Section(section_id, number, title, _blocks(doc, inner)))
    return intro, tuple(sections)


def _first_uses(doc: _Document, links: dict[str, str]) -> None:
    """Link the first use of each word of ``links`` (or its plural) in the page's prose to its address, in the tokens.

    Prose is every paragraph, list and table outside headings, seed quotes, a choice's fields and
    the directives; inside it, text already linked, code and «quotes» are left alone. Linking the
    tokens, not the rendered HTML, keeps the Markdown free of links a writer would have to keep in
    step with the glossary, and never needs to tell a tag from a word.
    """
    # A word's plural is a use of it too ("bazas", "pares"), and often its first.
    pending = {word.casefold(): (re.compile(rf"(?<!\w){re.escape(word)}(?:e?s)?(?!\w)", re.IGNORECASE), href)
               for word, href in links.items() if word}
    heading = seed = False
    fields_end = -1
    for token in doc.tokens:
        if token.type in ("heading_open", "heading_close"):
            heading = token.type == "heading_open"
        elif token.type in ("container_seed_open", "container_seed_close"):
            seed = token.type == "container_seed_open"
        elif token.type == "container_choice_open" and token.map:
            body = doc.lines[token.map[0] + 1 : token.map[1]]
            fields_end = token.map[0] + 1 + (body.index("") if "" in body else len(body))
        elif (token.type == "inline" and pending and not heading and not seed
              and not (token.map and token.map[0] < fields_end) and not token.content.startswith(_DIRECTIVES)):
            token.children = _linked(token.children or [], pending)


def _linked(children: list[Token], pending: dict[str, tuple[re.Pattern[str], str]]) -> list[Token]:
    """The inline tokens with the first use of each pending word linked (and taken out of ``pending``)."""
    result: list[Token] = []
    in_link = quoted = 0
    for child in children:
        if child.type in ("link_open", "link_close"):
            in_link += child.nesting
        if child.type != "text" or in_link or not pending:
            result.append(child)
            continue
        text, start, depth = child.content, 0, quoted
        # Where each character stands inside «…»: a quote is left as it was written.
        inside = []
        for char in text:
            depth += (char == "«") - (char == "»" and depth > 0)
            inside.append(depth > 0 or char == "»")
        quoted = depth
        while pending:
            found = [(match.start(), key, match, href) for key, (pattern, href) in pending.items()
                     for match in pattern.finditer(text, start) if not any(inside[match.start() : match.end()])]
            if not found:
                break
            _, key, match, href = min(found, key=lambda item: item[0])
            del pending[key]
            result.append(_text(text[start : match.start()]))
            result += [Token("link_open", "a", 1, attrs={"href": href, "class": "term"}), _text(match.group()),
                       Token("link_close", "a", -1)]
            start = match.end()
        result.append(_text(text[start:]))
    return [token for token in result if token.type != "text" or token.content]


def _text(content: str) -> Token:
    return Token("text", "", 0, content=content)


def load_game_page(path: Path, glossary: Glossary | None = None) -> GamePage:
    """A rules page; with the language's ``glossary``, the first use of each of its game's terms links to its entry."""
    doc = _Document(path)
    missing = [name for name in _GAME_FIELDS if name not in doc.meta]
    if missing:
        raise ContentError(f"{path}: front matter lacks {', '.join(missing)}")
    if glossary is not None:
        address = f"/{path.parent.name}/{doc.meta['slug']}/{glossary.slug}/"
        _first_uses(doc, {term.word: f"{address}#{term.anchor}" for term in glossary.of(doc.meta["game"])})
    intro, sections = _sections(doc)
    return GamePage(
        lang=path.parent.name,
        intro_html=intro,
        sections=sections,
        **{name: doc.meta[name] for name in _GAME_FIELDS},
    )


def load_sheet(path: Path) -> Sheet:
    doc = _Document(path)
    missing = [name for name in _SHEET_FIELDS if name not in doc.meta]
    if missing:
        raise ContentError(f"{path}: front matter lacks {', '.join(missing)}")
    pages, slug = doc.meta["pages"], str(doc.meta["slug"])
    if not (isinstance(pages, int) and pages >= 1):
        raise ContentError(f"{path}: pages must be a whole number of A4 pages, at least 1")
    _check_slug(path, slug)
    intro, sections = _sections(doc)
    if intro.strip() or not sections:
        raise ContentError(f"{path}: a sheet is made of {{#id}} sections only")
    return Sheet(path.parent.parent.name, path.stem, slug, pages, tuple(doc.meta["choices"]), sections)


def load_home_page(path: Path) -> HomePage:
    doc = _Document(path)
    return HomePage(path.parent.name, doc.meta["title"], doc.meta["description"], doc.render(doc.tokens))


def load_glossary(path: Path) -> Glossary:
    data = read_toml(path)
    missing = [name for name in _GLOSSARY_FIELDS if name not in data]
    if missing:
        raise ContentError(f"{path}: lacks {', '.join(missing)}")
    _check_slug(path, data["slug"])
    terms = []
    for entry in data["term"]:
        missing = [name for name in _TERM_FIELDS if name not in entry]
        if missing or (entry["games"] and not entry.get("meaning", "").strip()):
            raise ContentError(f"{path}: the term {entry.get('en', '?')!r} lacks {', '.join(missing) or 'its meaning'}")
        terms.append(Term(entry["en"], entry["word"], tuple(entry["games"]), entry.get("meaning", "")))
    glossary = Glossary(path.parent.name, data["slug"], data["title"], data["intro"], tuple(terms))
    for game in {game for term in terms for game in term.games}:
        anchors = [term.anchor for term in glossary.of(game)]
        if len(set(anchors)) != len(anchors) or not all(anchors):
            raise ContentError(f"{path}: two of {game}'s terms would share an anchor ({', '.join(anchors)})")
    return glossary


def load_page_words(path: Path) -> PageWords:
    data = read_toml(path)
    missing = [name for name in _PAGE_WORDS_FIELDS if not str(data.get(name, "")).strip()]
    if missing:
        raise ContentError(f"{path}: lacks {', '.join(missing)}")
    _check_slug(path, data["slug"])
    return PageWords(path.parent.name, data["slug"], data["title"], data["intro"])


@dataclass(frozen=True)
class Library:
    """Every page of every language, loaded once."""

    homes: dict[str, HomePage]
    games: dict[str, dict[str, GamePage]]
    sheets: dict[str, dict[str, Sheet]]
    glossaries: dict[str, Glossary]
    pads: dict[str, PageWords]
    offline: dict[str, PageWords]

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(sorted(self.homes))

    def game(self, lang: str, slug: str) -> GamePage | None:
        return self.games.get(lang, {}).get(slug)

    def games_in(self, lang: str) -> list[GamePage]:
        return sorted(self.games.get(lang, {}).values(), key=lambda page: page.order)

    def sheet(self, page: GamePage) -> Sheet:
        return self.sheets[page.lang][page.game]

    def glossary(self, page: GamePage) -> Glossary | None:
        """The glossary of the page's language, if its game has any term there."""
        glossary = self.glossaries.get(page.lang)
        return glossary if glossary is not None and glossary.of(page.game) else None


def load_library(content_dir: Path = CONTENT_DIR) -> Library:
    """Every language folder under ``content_dir`` that has a ``home.md``; each rules page needs its sheet,
    and a language may have a glossary, score pads and an offline page."""
    homes: dict[str, HomePage] = {}
    games: dict[str, dict[str, GamePage]] = {}
    sheets: dict[str, dict[str, Sheet]] = {}
    glossaries: dict[str, Glossary] = {}
    pads: dict[str, PageWords] = {}
    offline: dict[str, PageWords] = {}
    for folder in sorted(p for p in content_dir.iterdir() if (p / "home.md").is_file()):
        homes[folder.name] = load_home_page(folder / "home.md")
        if (folder / "glossary.toml").is_file():
            glossaries[folder.name] = load_glossary(folder / "glossary.toml")
        if (folder / "pad.toml").is_file():
            pads[folder.name] = load_page_words(folder / "pad.toml")
        if (folder / "offline.toml").is_file():
            offline[folder.name] = load_page_words(folder / "offline.toml")
        glossary = glossaries.get(folder.name)
        pages = [load_game_page(path, glossary) for path in sorted(folder.glob("*.md")) if path.name != "home.md"]
        games[folder.name] = {page.slug: page for page in pages}
        sheets[folder.name] = {sheet.game: sheet for sheet in map(load_sheet, sorted(folder.glob("sheets/*.md")))}
        missing = [f"{folder / 'sheets' / page.game}.md" for page in pages if page.game not in sheets[folder.name]]
        if missing:
            raise ContentError(f"no quick-reference sheet: {', '.join(missing)}")
    return Library(homes, games, sheets, glossaries, pads, offline)

"""What the writers edit, turned into page objects: Markdown + TOML front matter.

``content/<lang>/<game>.md`` is a rules page and ``content/<lang>/home.md`` a home
page. A rules page is an intro and a list of sections; each section starts with a
line ``{#id}`` (its language-neutral id, the same in every language) followed by a
``## Title`` line. Inside a section, a line ``@example <id>`` places a worked
example and ``@settlement`` the engine's settlement table; the section ``faq`` is
made of ``### question`` headings, each followed by its answer.

Two fenced blocks keep the seed and the site's own choices apart, so a reader (and a
test) can tell which rule is which:

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
written in ``<lang>``: one ``- «quote»`` line each, optionally followed by a
translation when the seed's language is not the page's.

Nothing here knows Flask: the web layer and ``build.py`` both read these objects.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt

CONTENT_DIR = Path(__file__).resolve().parent.parent / "content"

_FRONT_MATTER = re.compile(r"\A\+\+\+\n(.*?)\n\+\+\+\n", re.S)
_SECTION_ID = re.compile(r"^\{#([a-z][a-z0-9-]*)\}$")
_DIRECTIVE = re.compile(r"^@(example|settlement)(?:[ \t]+([a-z0-9-]+))?[ \t]*$")
_FENCE_OPEN = re.compile(r"^::: (choice|seed) ([a-z0-9-]+)$")
_FENCE_CLOSE = ":::"
_SEED_QUOTE = re.compile(r"^- «([^«»]+)»[ \t]*(.*)$")
_CHOICE_FIELDS = ("seed", "open", "follows", "claims")
_GAME_FIELDS = ("title", "game", "slug", "summary", "players", "deck", "length", "special", "order")

_markdown = MarkdownIt("commonmark", {"typographer": True}).enable(["table", "replacements", "smartquotes"])


class ContentError(ValueError):
    """A content file that breaks the format (missing front matter, a heading without an id…)."""


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
class HomePage:
    lang: str
    title: str
    description: str
    body_html: str


def render_markdown(text: str) -> str:
    return _markdown.render(text)


def render_inline(text: str) -> str:
    return _markdown.renderInline(text)


def _split_front_matter(text: str, path: Path) -> tuple[dict, str]:
    match = _FRONT_MATTER.match(text)
    if not match:
        raise ContentError(f"{path}: no +++ front matter")
    try:
        meta = tomllib.loads(match.group(1))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path}: front matter: {error}") from None
    return meta, text[match.end():]


def _blocks(lines: list[str], path: Path) -> tuple[Block, ...]:
    blocks: list[Block] = []
    pending: list[str] = []

    def flush() -> None:
        if "".join(pending).strip():
            blocks.append(Prose(render_markdown("\n".join(pending))))
        pending.clear()

    remaining = iter(lines)
    for line in remaining:
        fence = _FENCE_OPEN.match(line)
        if fence:
            flush()
            blocks.append(_fenced(*fence.groups(), _fence_body(remaining, path), path))
            continue
        directive = _DIRECTIVE.match(line)
        if not directive:
            pending.append(line)
            continue
        flush()
        kind, target = directive.groups()
        if kind == "example":
            if not target:
                raise ContentError(f"{path}: @example needs an id")
            blocks.append(ExampleRef(target))
        else:
            blocks.append(SettlementRef())
    flush()
    return tuple(blocks)


def _fence_body(lines, path: Path) -> list[str]:
    body = []
    for line in lines:
        if line == _FENCE_CLOSE:
            return body
        body.append(line)
    raise ContentError(f"{path}: a ::: block is never closed")


def _fenced(kind: str, name: str, body: list[str], path: Path) -> Choice | SeedQuotes:
    if kind == "seed":
        quotes = []
        for line in filter(str.strip, body):
            match = _SEED_QUOTE.match(line)
            if not match:
                raise ContentError(f"{path}: a seed list line must be - «quote»: {line}")
            quotes.append(SeedQuote(*match.groups()))
        return SeedQuotes(name, tuple(quotes))
    blank = body.index("") if "" in body else len(body)
    try:
        fields = tomllib.loads("\n".join(body[:blank]))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path}: choice {name}: {error}") from None
    if sorted(fields) != sorted(_CHOICE_FIELDS) or not "".join(body[blank:]).strip():
        raise ContentError(f"{path}: choice {name} needs {', '.join(_CHOICE_FIELDS)} and a text")
    return Choice(
        name,
        fields["seed"],
        fields["open"],
        fields["follows"],
        tuple(fields["claims"]),
        render_markdown("\n".join(body[blank:])),
    )


def _faq(lines: list[str], path: Path) -> tuple[FaqEntry, ...]:
    entries: list[FaqEntry] = []
    question: str | None = None
    answer: list[str] = []
    for line in lines + ["### "]:
        if line.startswith("### "):
            if question is not None:
                if not "".join(answer).strip():
                    raise ContentError(f"{path}: FAQ question without an answer: {question}")
                entries.append(FaqEntry(render_inline(question), render_markdown("\n".join(answer))))
            question, answer = line[4:].strip(), []
        elif question is None:
            if line.strip():
                raise ContentError(f"{path}: text before the first FAQ question")
        else:
            answer.append(line)
    return tuple(entries)


def _sections(body: str, path: Path) -> tuple[str, tuple[Section, ...]]:
    lines = body.splitlines()
    starts = [i for i, line in enumerate(lines) if _SECTION_ID.match(line)]
    for i, line in enumerate(lines):
        if line.startswith("## ") and (i == 0 or not _SECTION_ID.match(lines[i - 1])):
            raise ContentError(f"{path}:{i + 1}: a ## heading without its {{#id}} line")
        if line.startswith("# "):
            raise ContentError(f"{path}:{i + 1}: no # headings: the title comes from the front matter")
    intro = render_markdown("\n".join(lines[: starts[0]] if starts else lines))
    sections = []
    for number, (start, end) in enumerate(zip(starts, starts[1:] + [len(lines)]), start=1):
        section_id = _SECTION_ID.match(lines[start]).group(1)
        heading = lines[start + 1] if start + 1 < len(lines) else ""
        if not heading.startswith("## "):
            raise ContentError(f"{path}:{start + 1}: {{#{section_id}}} must be followed by a ## heading")
        inner = lines[start + 2 : end]
        if section_id == "faq":
            sections.append(Section(section_id, number, heading[3:].strip(), (), _faq(inner, path)))
        else:
            sections.append(Section(section_id, number, heading[3:].strip(), _blocks(inner, path)))
    return intro, tuple(sections)


def load_game_page(path: Path) -> GamePage:
    meta, body = _split_front_matter(path.read_text(encoding="utf-8"), path)
    missing = [name for name in _GAME_FIELDS if name not in meta]
    if missing:
        raise ContentError(f"{path}: front matter lacks {', '.join(missing)}")
    intro, sections = _sections(body, path)
    return GamePage(
        lang=path.parent.name,
        intro_html=intro,
        sections=sections,
        **{name: meta[name] for name in _GAME_FIELDS},
    )


def load_home_page(path: Path) -> HomePage:
    meta, body = _split_front_matter(path.read_text(encoding="utf-8"), path)
    return HomePage(path.parent.name, meta["title"], meta["description"], render_markdown(body))


@dataclass(frozen=True)
class Library:
    """Every page of every language, loaded once."""

    homes: dict[str, HomePage]
    games: dict[str, dict[str, GamePage]]

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(sorted(self.homes))

    def game(self, lang: str, slug: str) -> GamePage | None:
        return self.games.get(lang, {}).get(slug)

    def games_in(self, lang: str) -> list[GamePage]:
        return sorted(self.games.get(lang, {}).values(), key=lambda page: page.order)


def load_library(content_dir: Path = CONTENT_DIR) -> Library:
    """Every language folder under ``content_dir`` that has a ``home.md``."""
    homes: dict[str, HomePage] = {}
    games: dict[str, dict[str, GamePage]] = {}
    for folder in sorted(p for p in content_dir.iterdir() if (p / "home.md").is_file()):
        homes[folder.name] = load_home_page(folder / "home.md")
        pages = (load_game_page(path) for path in sorted(folder.glob("*.md")) if path.name != "home.md")
        games[folder.name] = {page.slug: page for page in pages}
    return Library(homes, games)

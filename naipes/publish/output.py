"""What the build has written: each file's size, and each page's ids and links for the link check."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path


def file_for(url: str) -> str:
    """The file a static host serves for ``url``: ``/es/old-maid/`` is ``es/old-maid/index.html``."""
    path = url.lstrip("/")
    return path + "index.html" if path.endswith("/") or not path else path


@dataclass
class Output:
    """What the build has written so far, under ``root``, and each HTML file's ids and links."""

    root: Path
    files: dict[str, int] = field(default_factory=dict)
    ids: dict[str, set[str]] = field(default_factory=dict)
    links: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)

    def write(self, relative: str, data: bytes) -> None:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.files[relative] = len(data)
        if relative.endswith(".html"):
            parser = _LinkParser()
            parser.feed(data.decode("utf-8"))
            self.ids[relative], self.links[relative] = parser.ids, parser.links

    def copy(self, source: Path, relative: str) -> None:
        self.write(relative, source.read_bytes())

    @property
    def pages(self) -> int:
        return sum(1 for name in self.files if name.endswith(".html"))

    @property
    def size(self) -> int:
        return sum(self.files.values())


class _LinkParser(HTMLParser):
    """Every ``id`` of a page, and every ``href`` and ``src`` with the tag that holds it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        rel = dict(attrs).get("rel")
        if tag == "link" and rel in ("canonical", "alternate"):
            # The page's addresses for search engines, absolute: named, not loaded.
            tag = f"link rel={rel}"
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif name in ("href", "src") and value is not None:
                self.links.append((tag, name, value))

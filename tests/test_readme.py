"""The README stays one screen, and the documentation's relative links lead somewhere.

A newcomer finds everything else through the README's links, so a moved or renamed file must
not leave a link to nothing behind it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MOST_README_LINES = 250

DOCUMENTS = sorted(
    [README, ROOT / "benchmarks" / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "naipes").rglob("*.md")]
)

_FENCED = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_ELSEWHERE = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def relative_links(text: str) -> list[str]:
    """The link targets that name a file of this repository: not a URL, not an anchor on the same page."""
    prose = _CODE_SPAN.sub("", _FENCED.sub("", text))
    targets = (match.group(1) for match in _LINK.finditer(prose))
    return [target for target in targets if not _ELSEWHERE.match(target) and not target.startswith("#")]


def test_the_readme_is_one_screen():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= MOST_README_LINES


def test_the_link_finder_keeps_only_this_repository_s_files():
    text = "[a](docs/a.md) [b](https://example.org) [c](#top) `[d](x.md)` [e](b.md#part \"title\")"
    assert relative_links(text) == ["docs/a.md", "b.md#part"]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_points_at_a_file_that_exists(document):
    missing = [
        target for target in relative_links(document.read_text(encoding="utf-8"))
        if not (document.parent / target.split("#", 1)[0]).exists()
    ]
    assert missing == []

"""Every link of the written site leads somewhere it has, and nothing loads from another site."""

from __future__ import annotations

import posixpath
import re
from urllib.parse import urlsplit

from .errors import BuildError, listing
from .output import Output, file_for

_CSS_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)")
_LOADS = {"script", "img", "link", "iframe", "source", "video", "audio", "embed", "object", "track"}


def check_links(out: Output) -> int:
    """Every link of every page and stylesheet leads to a file the build wrote (the PDFs included).

    A ``#fragment`` must name an ``id`` of its page; nothing may be loaded from another site.
    Returns how many links were checked.
    """
    written = set(out.files)
    sources = [(name, tag, attr, value) for name, links in out.links.items() for tag, attr, value in links]
    for name in (n for n in out.files if n.endswith(".css")):
        css = (out.root / name).read_text(encoding="utf-8")
        sources += [(name, "css", "url", match.group(2)) for match in _CSS_URL.finditer(css)]
    broken = [
        problem
        for name, tag, attr, value in sources
        if (problem := _broken(out, written, name, tag, attr, value))
    ]
    if broken:
        raise BuildError(f"{len(broken)} broken links:" + listing(broken))
    return len(sources)


def _broken(out: Output, written: set[str], name: str, tag: str, attr: str, value: str) -> str | None:
    """What is wrong with one link of the file ``name``, or None."""
    parts = urlsplit(value)
    if parts.scheme == "data":
        return None
    if parts.scheme or parts.netloc:
        if tag in _LOADS or tag == "css":
            return f"{name}: <{tag} {attr}={value!r}> loads from another site"
        return None
    base = "/" + name
    path = posixpath.normpath(posixpath.join(posixpath.dirname(base), parts.path)) if parts.path else base
    if parts.path.endswith("/") and not path.endswith("/"):
        path += "/"
    target = file_for(path)
    if target not in written:
        return f"{name}: broken link {value!r} (nothing written at {target})"
    if parts.fragment and target in out.ids and parts.fragment not in out.ids[target]:
        return f"{name}: broken link {value!r} (no id {parts.fragment!r} in {target})"
    return None

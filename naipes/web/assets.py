"""Static files under content-hashed names, so that browsers and CDNs may cache them forever.

``asset_url("css/site.css")`` gives ``/static/css/site.1a2b3c4d.css``; the route
serves the file behind the hashed name. ``build.py`` writes the same names.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, abort, current_app, send_from_directory

STATIC_DIR = Path(__file__).resolve().parents[2] / "site" / "static"
_HASHED = re.compile(r"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{10})(?P<ext>\.[A-Za-z0-9]+)$")

bp = Blueprint("assets", __name__)


@lru_cache(maxsize=None)
def _digest(path: Path, mtime_ns: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:10]


def hashed_name(relative: str) -> str:
    """``css/site.css`` -> ``css/site.<hash>.css``, the hash of the file's bytes."""
    path = STATIC_DIR / relative
    stem, dot, ext = relative.rpartition(".")
    return f"{stem}.{_digest(path, path.stat().st_mtime_ns)}{dot}{ext}"


def asset_url(relative: str) -> str:
    return f"/static/{hashed_name(relative)}"


def game_stylesheet(game_id: str) -> str | None:
    """The address of a game's own stylesheet, ``css/games/<game-id>.css``, which its pages link after the
    shared one; None for a game drawn with the shared classes alone."""
    relative = f"css/games/{game_id}.css"
    return asset_url(relative) if _is_file(STATIC_DIR / relative) else None


def static_files() -> list[str]:
    """Every static file, as a path relative to ``site/static``."""
    return sorted(str(p.relative_to(STATIC_DIR)) for p in STATIC_DIR.rglob("*") if p.is_file())


@bp.get("/static/<path:filename>")
def static(filename: str):
    match = _HASHED.match(filename)
    if not match:
        abort(404)
    relative = match["stem"] + match["ext"]
    if not _is_file(STATIC_DIR / relative) or hashed_name(relative) != filename:
        abort(404)
    response = send_from_directory(STATIC_DIR, relative, max_age=current_app.config["ASSET_MAX_AGE"])
    response.headers["Cache-Control"] += ", immutable"
    # Read into memory (assets are a few KiB) so that flask-compress may gzip it as well as brotli.
    response.direct_passthrough = False
    response.make_sequence()
    return response


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a file; a name the file system cannot hold (too long, say) is simply not one."""
    try:
        return path.is_file()
    except OSError:
        return False

"""Sealing a table into the opaque token a reader's page carries, and opening it again.

A table is never stored on the server: the whole game (position, seat, level,
the time it was dealt) travels with the reader, encrypted and authenticated
with Fernet (AES-128-CBC and HMAC-SHA256, from the ``cryptography`` package).
The Fernet key is derived with HKDF from the app's ``SECRET_KEY``, so every
instance that shares that key opens every table, and nobody without it can read
a hidden card in a token or change one without the token being refused.
"""

from __future__ import annotations

import base64
import json
import time
from dataclasses import dataclass

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import current_app

DEFAULT_LIFETIME = 2 * 24 * 3600
"""How long a table stays open, in seconds, unless ``TABLE_LIFETIME`` says otherwise (a day at least)."""

MIN_LIFETIME = 24 * 3600

_HKDF_INFO = b"naipes tables v1"
_MAX_TOKEN = 60_000


class InvalidTable(Exception):
    """A token that was altered, was sealed with another key or for another game, or is not a token."""


class ExpiredTable(Exception):
    """A genuine token whose table was dealt longer ago than the tables' lifetime."""


@dataclass(frozen=True, slots=True)
class Sealed:
    """What a token holds: the game, the position's JSON, the reader's seat, the level, when it was dealt,
    and the session's deals before this one (none for a table sealed before sessions were)."""

    game: str
    position: dict
    seat: int
    level: str
    created: int
    record: dict | None = None
    """The game as played since the deal (``naipes.players.record``), for its review and "again"."""
    session: dict | None = None
    """The session's deals before this one (``naipes.players.session``)."""

    def to_json(self) -> dict:
        return {"game": self.game, "position": self.position, "seat": self.seat, "level": self.level,
                "created": self.created, "record": self.record, "session": self.session}


def fernet_for(secret_key: str | bytes) -> Fernet:
    """The tables' Fernet, keyed by HKDF-SHA256 from the app's secret key (never the key itself)."""
    if isinstance(secret_key, str):
        secret_key = secret_key.encode()
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_HKDF_INFO).derive(secret_key)
    return Fernet(base64.urlsafe_b64encode(derived))


def _fernet() -> Fernet:
    key = current_app.config.get("SECRET_KEY")
    if not key:
        raise RuntimeError("tables need the app's SECRET_KEY")
    cache = current_app.extensions.setdefault("naipes_table_fernet", {})
    if key not in cache:
        cache.clear()
        cache[key] = fernet_for(key)
    return cache[key]


def lifetime() -> int:
    return max(MIN_LIFETIME, int(current_app.config.get("TABLE_LIFETIME", DEFAULT_LIFETIME)))


def seal(table: Sealed) -> str:
    payload = json.dumps(table.to_json(), separators=(",", ":"), ensure_ascii=True).encode()
    return _fernet().encrypt(payload).decode("ascii")


def _well_typed(table: Sealed) -> bool:
    """Whether each field has its type: a token made with the key is trusted to be ours, not to be right."""
    return (isinstance(table.position, dict) and isinstance(table.level, str)
            and (table.record is None or isinstance(table.record, dict))
            and all(type(number) is int for number in (table.seat, table.created)))


def open_table(token: object, game: str, now: float | None = None) -> Sealed:
    """The table a token holds; ``InvalidTable`` or ``ExpiredTable`` if it cannot be played."""
    if not isinstance(token, str) or not token.isascii() or len(token) > _MAX_TOKEN:
        raise InvalidTable
    try:
        # Fernet's base64 is lenient (padding, "+/", spaces, bytes after the padding): only the
        # token exactly as sealed opens, so that "an altered token is refused" holds to the byte.
        if base64.urlsafe_b64encode(base64.urlsafe_b64decode(token)) != token.encode():
            raise InvalidTable
        data = json.loads(_fernet().decrypt(token))
        table = Sealed(data["game"], data["position"], data["seat"], data["level"], data["created"],
                       record=data.get("record"), session=data.get("session"))
    except (InvalidToken, ValueError, KeyError, TypeError):
        raise InvalidTable from None
    if table.game != game or not _well_typed(table):
        raise InvalidTable
    if (time.time() if now is None else now) - table.created >= lifetime():
        raise ExpiredTable
    return table

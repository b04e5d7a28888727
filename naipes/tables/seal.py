"""The store of a table today: the whole table sealed into the opaque token a reader's page carries.

Nothing is kept on the server: the table (position, seat, level, the time it was dealt,
its record and session) travels with the reader, encrypted and authenticated with Fernet
(AES-128-CBC and HMAC-SHA256, from the ``cryptography`` package). The Fernet key is
derived with HKDF from the site's secret key, so every instance that shares that key
opens every table, and nobody without it can read a hidden card in a token or change
one without the token being refused.
"""

from __future__ import annotations

import base64
import json
import time
from dataclasses import dataclass

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from ..engine.contract import Rules
from ..engine.errors import EngineError
from .errors import ExpiredTable, InvalidTable
from .record import Record
from .session import Session
from .table import Table

DEFAULT_LIFETIME = 2 * 24 * 3600
"""How long a table stays open, in seconds, unless the site says otherwise (a day at least)."""

MIN_LIFETIME = 24 * 3600

_HKDF_INFO = b"naipes tables v1"
_MAX_TOKEN = 60_000


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
    """The game as played since the deal (``naipes.tables.record``), for its review and "again"."""
    session: dict | None = None
    """The session's deals before this one (``naipes.tables.session``)."""

    def to_json(self) -> dict:
        return {"game": self.game, "position": self.position, "seat": self.seat, "level": self.level,
                "created": self.created, "record": self.record, "session": self.session}


def fernet_for(secret_key: str | bytes) -> Fernet:
    """The tables' Fernet, keyed by HKDF-SHA256 from the site's secret key (never the key itself)."""
    if isinstance(secret_key, str):
        secret_key = secret_key.encode()
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_HKDF_INFO).derive(secret_key)
    return Fernet(base64.urlsafe_b64encode(derived))


class TableSeal:
    """One site's seal: its key, and how long its tables stay open (``lifetime`` seconds, a day at least)."""

    def __init__(self, secret_key: str | bytes, lifetime: int = DEFAULT_LIFETIME) -> None:
        self.fernet = fernet_for(secret_key)
        self.lifetime = max(MIN_LIFETIME, lifetime)

    def keep(self, table: Table) -> str:
        """The token that carries ``table``."""
        return self.seal(Sealed(table.game.ID, table.position.to_json(), table.seat, table.level, table.created,
                                record=None if table.record is None else table.record.to_json(),
                                session=table.session.to_json()))

    def opened(self, token: object, game: Rules, now: float | None = None) -> Table:
        """The table of ``game`` a token carries; ``InvalidTable`` or ``ExpiredTable`` if it cannot be played."""
        sealed = self.unseal(token, game.ID, now)
        try:
            position = game.Position.from_json(sealed.position)
            seats = game.seats(position)
            if not 0 <= sealed.seat < seats or sealed.level not in game.levels:
                raise InvalidTable
            session = Session.from_json(sealed.session, game.scoring, seats)
        except (EngineError, ValueError):
            raise InvalidTable from None
        return Table(game, position, sealed.seat, sealed.level, sealed.created, Record.from_json(sealed.record),
                     session)

    def seal(self, table: Sealed) -> str:
        payload = json.dumps(table.to_json(), separators=(",", ":"), ensure_ascii=True).encode()
        return self.fernet.encrypt(payload).decode("ascii")

    def unseal(self, token: object, game: str, now: float | None = None) -> Sealed:
        """What a token of ``game`` holds; ``InvalidTable`` or ``ExpiredTable`` if it cannot be played."""
        if not isinstance(token, str) or not token.isascii() or len(token) > _MAX_TOKEN:
            raise InvalidTable
        try:
            # Fernet's base64 is lenient (padding, "+/", spaces, bytes after the padding): only the
            # token exactly as sealed opens, so that "an altered token is refused" holds to the byte.
            if base64.urlsafe_b64encode(base64.urlsafe_b64decode(token)) != token.encode():
                raise InvalidTable
            data = json.loads(self.fernet.decrypt(token))
            table = Sealed(data["game"], data["position"], data["seat"], data["level"], data["created"],
                           record=data.get("record"), session=data.get("session"))
        except (InvalidToken, ValueError, KeyError, TypeError):
            raise InvalidTable from None
        if table.game != game or not _well_typed(table):
            raise InvalidTable
        if (time.time() if now is None else now) - table.created >= self.lifetime:
            raise ExpiredTable(self.lifetime // (24 * 3600))
        return table


def _well_typed(table: Sealed) -> bool:
    """Whether each field has its type: a token made with the key is trusted to be ours, not to be right."""
    return (isinstance(table.position, dict) and isinstance(table.level, str)
            and (table.record is None or isinstance(table.record, dict))
            and all(type(number) is int for number in (table.seat, table.created)))

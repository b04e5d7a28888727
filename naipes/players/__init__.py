"""Computer players: one module per game, each a function of a seat's view.

A player never sees a ``Position``: it is handed the seat's ``View`` (what that
seat may see, hidden cards as ``None``), the seat's legal moves and a random
generator, so it cannot cheat by construction. It answers with a ``Choice``:
the move and the ``Reason`` for it, which the web layer turns into the hint
sentence in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

MoveT = TypeVar("MoveT")


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move was chosen: an English template marked with ``N_`` and its parameters.

    Like ``EngineError``, the template is a catalog msgid with ``%(name)s``
    placeholders; cards in ``params`` are ``Card`` values, formatted by the web layer.
    """

    message: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Choice(Generic[MoveT]):
    """A computer player's decision: the move, and why."""

    move: MoveT
    reason: Reason

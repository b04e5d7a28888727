"""The War computer player: War leaves nothing to decide, so it turns its top card."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...engine.choice import Allowance, Choice, Reason
from ...engine.errors import N_
from .rules import Move
from .view import View

LEVELS: tuple[str, ...] = ("basic",)


def choose(view: View, moves: Sequence[Move], rng: random.Random, level: str = LEVELS[0],
           allowance: Allowance | None = None) -> Choice[Move]:
    """The one legal move; ``ValueError`` if there is none or ``level`` is not one of ``LEVELS``."""
    if level not in LEVELS or not moves:
        raise ValueError(f"War's player needs a move and one of the levels {', '.join(LEVELS)}")
    return Choice(moves[0], Reason(N_("Turn your top card: in War the cards decide, not the players")))

"""The start every game dealt from one pack shares: the pack shuffled by the seed, and the dealer."""

from __future__ import annotations

import random
from collections.abc import Sequence

from . import decode
from .cards import Card
from .errors import InvalidOptions


def shuffled(seed: int, deck: Sequence[Card], players: int, dealer: object = None) -> tuple[list[Card], int]:
    """The game's ``deck`` shuffled by ``random.Random(seed)``, and the dealer at a table of ``players``: ``dealer``
    (the option, checked) or, when it is None, drawn by lot from the same stream after the shuffle, so
    that a seed deals the same cards whoever deals them."""
    rng = random.Random(seed)
    pack = list(deck)
    rng.shuffle(pack)
    if dealer is None:
        return pack, rng.randrange(players)
    return pack, decode.player(dealer, "the dealer", players, InvalidOptions)

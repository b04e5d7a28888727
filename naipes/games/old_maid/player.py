"""The Old Maid computer player: it lays aside every pair it holds and draws blind at random.

Old Maid leaves one real decision, where to draw in a face-down fan, and a fan
shuffled before it is offered makes every place as good as any other; so the
player draws at a random place and says how likely a match is. Its own fan it
shuffles before each offer (``shuffled``), so the order of a fan tells nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...engine.errors import N_
from .rules import DECK, Arrange, Discard, Draw, Move
from .view import View
from ...engine.choice import Allowance, Choice, Reason

LEVELS: tuple[str, ...] = ("basic",)


def choose(view: View, moves: Sequence[Move], rng: random.Random, level: str = LEVELS[0],
           allowance: Allowance | None = None) -> Choice[Move]:
    """Lay aside a pair if the seat holds one (one pair a call), else draw at a random place.

    ``moves`` are the seat's legal moves; ``ValueError`` if there are none or
    ``level`` is not one of ``LEVELS``. A choice costs next to nothing, so an
    ``allowance`` is not drawn on.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: Old Maid has {', '.join(LEVELS)}")
    discards = [move for move in moves if isinstance(move, Discard)]
    if discards:
        pair = discards[0]
        return Choice(pair, Reason(N_("Lay aside %(first)s and %(second)s: a pair leaves your hand at once"),
                                   {"first": pair.cards[0], "second": pair.cards[1]}))
    draws = [move for move in moves if isinstance(move, Draw)]
    if not draws:
        raise ValueError("Old Maid's player needs a discard or a draw among the moves")
    draw = rng.choice(draws)
    return Choice(draw, _draw_reason(view, draw, len(draws)))


def _draw_reason(view: View, draw: Draw, fan_size: int) -> Reason:
    offerer = view.offerer
    if fan_size == 1:
        return Reason(N_("Take %(offering_player)s's last card: it is the only one left in the fan"),
                      {"offering_player": offerer})
    matching, unseen = _chances(view)
    return Reason(
        N_("Take card %(place)d from the left of %(offering_player)s's fan: face down, no place is better"
           " than another; hidden cards that would pair with one of yours: %(matching)d of %(unseen)d"),
        {"place": draw.index + 1, "offering_player": offerer, "matching": matching, "unseen": unseen},
    )


def _chances(view: View) -> tuple[int, int]:
    """How many of the cards the seat cannot see would pair with its hand, and how many it cannot see."""
    seen = set(view.hand).union(*view.discards)
    unseen = [card for card in DECK if card not in seen]
    ranks = {card.rank for card in view.hand}
    return sum(card.rank in ranks for card in unseen), len(unseen)


def shuffled(view: View, rng: random.Random) -> Arrange:
    """The seat's own fan in a random order: the table applies it before each offer."""
    order = list(view.hand)
    rng.shuffle(order)
    return Arrange(view.seat, tuple(order))

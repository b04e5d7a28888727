"""Old Maid's review: no decision to judge, only the story of the reader's odds.

Every draw is blind, so nothing the reader did could have been better; what a reader can
learn is how the chance of being left with the queen moved as the game went: at the deal,
then after every draw (``odds``: exact, every later draw left to chance, or, where the game had too
many ways to go on for the search, estimated with its margin).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.review import Chance, Review
from .odds import chances
from .rules import Draw, Move, Position, apply


def review(start: Position, moves: Sequence[Move], seat: int) -> Review[Move]:
    """The reader's chance of ending with the queen at the deal (step 0) and after each draw."""
    steps, positions = [0], [start]
    position = start
    for step, move in enumerate(moves, start=1):
        position, _ = apply(position, move)
        if isinstance(move, Draw):
            steps.append(step)
            positions.append(position)
    return Review(odds=tuple(Chance(step, told.chance, told.margin)
                             for step, told in zip(steps, chances(positions, seat))))


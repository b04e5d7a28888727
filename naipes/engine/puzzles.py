"""What a game's puzzles are made of, whatever the game: a position found by the game's own search, a
goal, the solution line, and the verdict on a reader's line.

A game that has puzzles (``Rules.sets_puzzles``) finds them from a seed (``Rules.find_puzzles``: the same
seed, the same puzzles) and judges a reader's moves against the goal with its engine
(``Rules.check_puzzle``). A puzzle's ``facts`` are plain JSON: what its title and goal say and what the
check needs besides the position (Old Maid's card the reader saw leave their fan). Words live in the
content (``content/<lang>/puzzles.toml``): a verdict names its ``reason`` and the ``params`` the
sentence takes, so no game needs a catalog.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from .values import MoveLike, PositionLike


@dataclass(frozen=True, slots=True)
class Verdict:
    """A reader's line judged: still right or not, whether the puzzle is solved, the other seats'
    replies to the last move (the engine's best), and why, as a reason key and its parameters.
    ``line`` is every move of the game so far, the reader's right ones and all the replies, in order
    (a wrong move left out): what the board shows after it."""

    correct: bool
    done: bool
    reply: tuple[MoveLike, ...]
    reason: str
    params: Mapping[str, object] = field(default_factory=dict)
    line: tuple[MoveLike, ...] = ()


@dataclass(frozen=True, slots=True)
class Found:
    """A puzzle as a game's search found it: the reader's ``seat`` to move in ``start``, the
    ``solution`` (the reader's moves and the replies, in order, to the end of the puzzle), its
    ``theme``, ``rating`` and ``facts``; the ``tags`` of the techniques it shows (a reader may look
    for them across themes), and its ``series``: puzzles of a series are numbered on their own, after
    those of the series before it, so that a new kind of puzzle leaves the ids of the others alone."""

    theme: str
    rating: int
    seat: int
    start: PositionLike
    solution: tuple[MoveLike, ...]
    facts: Mapping[str, object]
    tags: tuple[str, ...] = ()
    series: str = ""


@dataclass(slots=True)
class Hunt:
    """One run of a game's puzzle search: what it found, how many candidates it looked at, and the
    candidates it turned down, counted by reason."""

    found: list[Found] = field(default_factory=list)
    tried: int = 0
    rejected: Counter[str] = field(default_factory=Counter)


RATING_FLOOR, RATING_CEILING = 600, 2400
"""Every rating lies between these, as chess puzzles' do: the easiest a beginner solves, the hardest
a strong player."""


def rating(depth: int, alternatives: int, wrong: int, extra: int = 0) -> int:
    """A puzzle's rating from how deep and how unique its solution is: each decision of the line
    beyond the first adds, every wrong move beside the right ones adds (a trap among many), every
    other right move takes away (a choice among several is easier to hit), and ``extra`` is the
    game's own measure of what makes it hard (tricks or cards still to play)."""
    value = 800 + 250 * (depth - 1) + 40 * min(wrong, 10) - 120 * (alternatives - 1) + extra
    return max(RATING_FLOOR, min(RATING_CEILING, value))

"""A session at a table: deal after deal with the same seats, the dealer moving on, a running score per seat.

Each game says how its seed scores (``Scoring``, bound in its ``game`` module):
Solo Whist settles in chips deal by deal; Old Maid's optional scoring counts one
loss per game of an agreed series, fewer is better and equal counts share a
place; the race is won by one player (or drawn) and each player's cards on the
foundations are counted. A session keeps the
deals already finished; the deal in play is added to what a reader is shown only
once it is over, and to the session itself when the next deal is dealt, so a
deal can never be counted twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.contract import PositionLike, Scoring

HISTORY = 50
"""How many finished deals' running scores a session keeps for its chart (the count of deals goes on)."""


@dataclass(frozen=True)
class Session:
    """The deals finished so far: how many, each seat's running score and tallies, the running scores' history."""

    deals: int
    scores: tuple[int, ...]
    tallies: dict[str, tuple[int, ...]]
    history: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def start(cls, scoring: Scoring[PositionLike], seats: int) -> Session:
        return cls(0, (0,) * seats, {name: (0,) * seats for name in scoring.tallies})

    def after(self, scoring: Scoring[PositionLike], position: PositionLike) -> Session:
        """This session with ``position``, a finished deal, counted."""
        scores = _added(self.scores, scoring.scores(position))
        tallies = {name: _added(self.tallies[name], tally(position)) for name, tally in scoring.tallies.items()}
        return Session(self.deals + 1, scores, tallies, (self.history + (scores,))[-HISTORY:])

    def to_json(self) -> dict:
        return {"deals": self.deals, "scores": list(self.scores),
                "tallies": {name: list(counts) for name, counts in self.tallies.items()},
                "history": [list(scores) for scores in self.history]}

    @classmethod
    def from_json(cls, data: object, scoring: Scoring[PositionLike], seats: int) -> Session:
        """The session the store keeps (none starts one); ``ValueError`` if it does not fit the game."""
        if data is None:
            return cls.start(scoring, seats)
        names = set(scoring.tallies)
        if not (isinstance(data, dict) and _is_count(data.get("deals")) and _per_seat(data.get("scores"), seats)
                and isinstance(data.get("tallies"), dict) and set(data["tallies"]) == names
                and all(_per_seat(counts, seats) for counts in data["tallies"].values())
                and isinstance(data.get("history"), list) and len(data["history"]) <= min(HISTORY, data["deals"])
                and all(_per_seat(scores, seats) for scores in data["history"])):
            raise ValueError("not a session")
        return cls(data["deals"], tuple(data["scores"]),
                   {name: tuple(counts) for name, counts in data["tallies"].items()},
                   tuple(tuple(scores) for scores in data["history"]))

    def shown(self, scoring: Scoring[PositionLike], position: PositionLike, seat: int, counted: bool = True) -> dict:
        """The API's ``session``: the deal in play counted once it is over (unless it is not ``counted``: a
        practice deal), each seat's place, the seat's outcome."""
        totals = self.after(scoring, position) if position.is_over and counted else self
        return {
            "deals": totals.deals,
            "scores": list(totals.scores),
            **{name: list(counts) for name, counts in totals.tallies.items()},
            "places": places(totals.scores, scoring.fewer_is_better),
            "history": [list(scores) for scores in totals.history],
            "outcome": scoring.outcome(position, seat) if position.is_over else None,
        }


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


def _per_seat(values: object, seats: int) -> bool:
    return isinstance(values, list) and len(values) == seats and all(type(value) is int for value in values)


def _added(totals: Sequence[int], more: Sequence[int]) -> tuple[int, ...]:
    return tuple(total + extra for total, extra in zip(totals, more, strict=True))


def places(scores: Sequence[int], fewer_is_better: bool) -> list[int]:
    """Each seat's place, 1 the best; equal scores share a place and the next place is skipped (1, 2, 2, 4)."""
    better = (lambda other, mine: other < mine) if fewer_is_better else (lambda other, mine: other > mine)
    return [1 + sum(better(other, mine) for other in scores) for mine in scores]

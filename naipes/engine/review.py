"""What a review of a finished game says about one of the reader's decisions, whatever the game.

A game's review judges the reader's moves against what its computer player, from the
reader's own view, or its solver, with every card known, would have done. Each
judgement names the step of the game at which the reader moved, the move, the better
one, its ``cost`` in the game's own unit (Solo Whist: tricks of the reader's side; the
race: cards that could have gone to a foundation), whether the better move could be
found from what the reader saw, and why, as an ``N_`` template the web layer words. A
decision the review could not judge within one request's work is named as such, so that
a review never passes it over as if nothing in it could be put right.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

MoveT = TypeVar("MoveT")

SUMMARY_SIZE = 3
"""How many of the costliest decisions a review's summary lists."""


@dataclass(frozen=True, slots=True)
class Judgement(Generic[MoveT]):
    """One judged decision; ``advice`` (with ``advice_params``) is the computer player's own reason, told after."""

    step: int
    move: MoveT
    best: MoveT
    cost: float
    findable: bool
    reason: str
    params: Mapping[str, object] = field(default_factory=dict)
    advice: str | None = None
    advice_params: Mapping[str, object] = field(default_factory=dict)
    rule: str | None = None
    """The section of the game's rules page that teaches what the judgement says."""
    decisive: bool = False
    """Whether the cost turned the game's result round (Solo Whist: the contract made or beaten, or a bid
    made in none of the deals that fit the auction)."""
    unit: str | None = None
    """The unit of ``cost`` where it is not the game's own: ``CHIPS`` for a call, whose cost is the chips
    it loses on average over the sampled deals."""


CHIPS = "chips"
"""A cost in chips, expected over sampled deals (a call's, where the game's own unit is tricks)."""


@dataclass(frozen=True, slots=True)
class Chance:
    """In a game of chance, the reader's chance of the worst end (Old Maid: being left with the queen) after
    the move at ``step`` (0: the deal), every later move left to chance: exact where ``margin`` is 0, else
    estimated, the true chance within ``margin`` of it 95 times in 100."""

    step: int
    chance: float
    margin: float = 0.0


@dataclass(frozen=True, slots=True)
class Review(Generic[MoveT]):
    """A game's review of a seat's decisions: its judgements in the order of their steps, the steps
    of the decisions it could not judge within its bound, and, in a game of chance, the reader's
    ``odds`` after each move chance decided."""

    judgements: tuple[Judgement[MoveT], ...] = ()
    unjudged: tuple[int, ...] = ()
    odds: tuple[Chance, ...] = ()


def dice_for(view: Mapping[str, object], made: int) -> random.Random:
    """The computer player's dice for a decision, drawn from the view it decides from and the
    number of moves ``made`` in the game before it.

    A hint and the review of the same decision then see the same choice: a reader who
    played the hint is judged against the very move the hint gave. The count matters in
    the race, where a pass through the stock brings back a view already seen: with the
    same dice for it, a reader who follows the hints would go round the same moves for ever.
    """
    seen = json.dumps({"view": view, "made": made}, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(seen.encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def summary(judgements: Sequence[Judgement]) -> list[int]:
    """The indexes of the judgements that cost the most, worst first: those that turned the result round
    before the others (a trick that lost a contract outweighs two that changed nothing), then by cost,
    the earlier of equals first."""
    order = sorted(range(len(judgements)),
                   key=lambda index: (not judgements[index].decisive, -judgements[index].cost, index))
    return order[:SUMMARY_SIZE]

"""What a computer player answers: a move and the reason for it.

A player never sees a ``Position``: it is handed the seat's view (what that
seat may see, hidden cards as ``None``), the seat's legal moves and a random
generator, so it cannot cheat by construction. It answers with a ``Choice``:
the move and the ``Reason`` for it, which the web layer turns into the hint
sentence in the reader's language.

Where several computer players move in turn before the reader may (a Solo Whist
trick), they share one ``Allowance``: the work they may still do before the answer
goes back, so that a reader waits a bounded time however many of them think hard.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from .sentences import Sentence

MoveT = TypeVar("MoveT", covariant=True)

Reason = Sentence
"""Why a move was chosen: an English template marked with ``N_`` and its parameters (cards as ``Card``)."""


@dataclass(frozen=True, slots=True)
class Choice(Generic[MoveT]):
    """A computer player's decision: the move, and why."""

    move: MoveT
    reason: Reason


@dataclass(slots=True)
class Allowance:
    """The work the computer players may still do in one answer, in the units the game's players
    count (Solo Whist's: positions searched); each player draws on it and cuts its own budget to it.
    A game whose players do no measurable work has none (``Rules.answer_work`` is None)."""

    left: int

    def spend(self, work: int) -> None:
        self.left = max(0, self.left - work)

    @property
    def exhausted(self) -> bool:
        """Whether the work has come up to the allowance. A player cuts its budget to what is left and
        stops there, so one that decides with some left over was stopped by its own budget: it chose
        as it would have with no allowance (as the hint did), and one that spends the last may not have."""
        return self.left == 0

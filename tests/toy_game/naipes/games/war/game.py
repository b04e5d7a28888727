"""War as the site registers it: its rules, view, player and sentences bound to the contract."""

from __future__ import annotations

from ...engine.contract import DRAWN, LOST, WON, Rules, Scoring
from . import player, rules, sentences, shapes, view
from .view import View


def _outcome(position: rules.Position, seat: int) -> str:
    winner = rules.winner_of(position)
    return DRAWN if winner is None else WON if winner == seat else LOST


class War(Rules[rules.Position, rules.Move, View]):
    scoring = Scoring(
        scores=lambda position: tuple(len(pile) for pile in position.won),
        outcome=_outcome,
        next_deal=lambda position: {},
    )

    def seats(self, position: rules.Position) -> int:
        return 2


GAME = War(rules=rules, view=view, sentences=sentences, player=player, shapes=shapes)

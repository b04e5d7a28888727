"""The Double Solitaire race as the site registers it: its rules, view, player and sentences bound to the contract."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...engine.contract import DRAWN, LOST, WON, Rules, Scoring
from ...engine.puzzles import Verdict
from . import player, puzzles, review, rules, sentences, shapes, view
from .view import View


def _outcome(position: rules.Position, seat: int) -> str:
    return DRAWN if position.winner is None else WON if position.winner == seat else LOST


class DoubleSolitaire(Rules[rules.Position, rules.Move, View]):
    realtime = True
    judges = True
    sets_puzzles = True
    scoring = Scoring(
        scores=lambda position: tuple(int(seat == position.winner) for seat in range(len(position.players))),
        outcome=_outcome,
        next_deal=lambda position: {},
        tallies={"contributed": lambda position: tuple(position.contributed)},
    )

    def seats(self, position: rules.Position) -> int:
        return len(position.players)

    def scoring_data(self) -> Mapping[str, object]:
        """A race is one win; after a mutual block each player counts the cards of their deck on the foundations
        (the deck less what they have left), more wins and equal counts draw."""
        return {"win": 1, "draw": 0, "block": {"deck": rules.DECK_SIZE, "more_wins": True, "equal": "draw"}}

    review = staticmethod(review.review)

    find_puzzles = staticmethod(puzzles.find)

    def check_puzzle(self, start: rules.Position, seat: int, facts: Mapping[str, object],
                     moves: Sequence[rules.Move]) -> Verdict:
        return puzzles.check(start, seat, moves)


GAME = DoubleSolitaire(rules=rules, view=view, sentences=sentences, player=player, shapes=shapes)

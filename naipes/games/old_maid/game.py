"""Old Maid as the site registers it: its rules, view, player and sentences bound to the contract."""

from __future__ import annotations

import random
from collections.abc import Mapping

from ...engine.contract import LOST, WON, Rules, Scoring
from . import player, puzzles, review, rules, sentences, shapes, view
from .view import View


def _losses(position: rules.Position) -> tuple[int, ...]:
    """The seed's optional scoring: one loss for the player left with the last queen."""
    return tuple(int(seat == position.loser) for seat in range(position.players))


def _next_deal(position: rules.Position) -> dict[str, int]:
    return {"players": position.players, "dealer": (position.dealer + 1) % position.players}


class OldMaid(Rules[rules.Position, rules.Move, View]):
    sets_puzzles = True
    scoring = Scoring(
        scores=_losses,
        outcome=lambda position, seat: LOST if position.loser == seat else WON,
        next_deal=_next_deal,
        fewer_is_better=True,
    )

    def seats(self, position: rules.Position) -> int:
        return position.players

    def scoring_data(self) -> Mapping[str, object]:
        """The seed's series: each game's loser notes ``loss``; fewer losses place higher, equal ones share a place."""
        return {"loss": 1, "fewer_is_better": self.scoring.fewer_is_better, "ties": "shared",
                "players": list(rules.PLAYERS)}

    review = staticmethod(review.review)

    def prepare(self, position: rules.Position, reader: int, rng: random.Random) -> rules.Move | None:
        """A computer offering its fan shuffles it first: where a card went tells the taker nothing."""
        offerer = position.offerer
        if position.phase != rules.DRAWING or offerer is None or offerer == reader:
            return None
        return player.shuffled(view.view(position, offerer), rng)

    find_puzzles = staticmethod(puzzles.find)

    check_puzzle = staticmethod(puzzles.check)

    puzzle_params = staticmethod(puzzles.params)


GAME = OldMaid(rules=rules, view=view, sentences=sentences, player=player, shapes=shapes)

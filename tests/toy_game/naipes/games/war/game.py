"""War as the site registers it: its rules, view, player and sentences bound to the contract."""

from __future__ import annotations

from ...engine.contract import DRAWN, LOST, WON, Rules, Scoring
from . import player, rules, sentences, shapes, view
from .view import View


def _outcome(position: rules.Position, seat: int) -> str:
    winner = rules.winner_of(position)
    return DRAWN if winner is None else WON if winner == seat else LOST


class War(Rules[rules.Position, rules.Move, View]):
    ID = rules.ID
    PLAYERS = rules.PLAYERS
    NEW_GAME_OPTIONS = rules.NEW_GAME_OPTIONS
    Position = rules.Position
    shapes = shapes.SHAPES
    levels = player.LEVELS
    scoring = Scoring(
        scores=lambda position: tuple(len(pile) for pile in position.won),
        outcome=_outcome,
        next_deal=lambda position: {},
    )

    # The game's rules are its modules' functions themselves: a reader of GAME.apply lands on rules.apply.
    new_game = staticmethod(rules.new_game)
    legal_moves = staticmethod(rules.legal_moves)
    apply = staticmethod(rules.apply)
    move_from_json = staticmethod(rules.move_from_json)
    event_seen_by = staticmethod(view.event_seen_by)
    view = staticmethod(view.view)
    sentence = staticmethod(sentences.tell)
    journey = staticmethod(sentences.stage)
    decide = staticmethod(player.choose)

    def seats(self, position: rules.Position) -> int:
        return 2


GAME = War()

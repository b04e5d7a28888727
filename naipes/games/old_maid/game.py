"""Old Maid as the site registers it: its rules, view, player and sentences bound to the contract."""

from __future__ import annotations

import random

from ...engine.contract import Game, Player
from . import player, rules, sentences, shapes, view


def _shuffle_offered_fan(position: rules.Position, reader: int, rng: random.Random) -> rules.Move | None:
    """A computer offering its fan shuffles it first: where a card went tells the taker nothing."""
    offerer = position.offerer
    if position.phase != rules.DRAWING or offerer is None or offerer == reader:
        return None
    return player.shuffled(view.view(position, offerer), rng)


GAME: Game[rules.Position, rules.Move, view.View] = Game(
    ID=rules.ID,
    PLAYERS=rules.PLAYERS,
    NEW_GAME_OPTIONS=rules.NEW_GAME_OPTIONS,
    position_type=rules.Position,
    move_types=(rules.Discard, rules.Draw, rules.Arrange),
    read_position=rules.Position.from_json,
    deal=rules.new_game,
    legal_moves_of=rules.legal_moves,
    apply_to=rules.apply,
    read_move=rules.move_from_json,
    view_of=view.view,
    event_for_seat=view.event_seen_by,
    shapes=shapes.SHAPES,
    teller=sentences.tell,
    player=Player(levels=player.LEVELS, choose=player.choose, seats=lambda position: position.players,
                  prepare=_shuffle_offered_fan),
)

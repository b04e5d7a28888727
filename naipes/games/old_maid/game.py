"""Old Maid as the site registers it: its rules, view, player and sentences bound to the contract."""

from __future__ import annotations

import random

from ...engine.contract import LOST, WON, Game, Player, Scoring
from . import player, rules, sentences, shapes, view


def _shuffle_offered_fan(position: rules.Position, reader: int, rng: random.Random) -> rules.Move | None:
    """A computer offering its fan shuffles it first: where a card went tells the taker nothing."""
    offerer = position.offerer
    if position.phase != rules.DRAWING or offerer is None or offerer == reader:
        return None
    return player.shuffled(view.view(position, offerer), rng)


def _losses(position: rules.Position) -> tuple[int, ...]:
    """The seed's optional scoring: one loss for the player left with the last queen."""
    return tuple(int(seat == position.loser) for seat in range(position.players))


def _next_deal(position: rules.Position) -> dict[str, int]:
    return {"players": position.players, "dealer": (position.dealer + 1) % position.players}


SCORING = Scoring(
    scores=_losses,
    outcome=lambda position, seat: LOST if position.loser == seat else WON,
    next_deal=_next_deal,
    fewer_is_better=True,
)

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
    stager=sentences.stage,
    player=Player(levels=player.LEVELS, choose=player.choose, seats=lambda position: position.players,
                  scoring=SCORING, prepare=_shuffle_offered_fan),
)

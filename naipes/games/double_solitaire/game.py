"""The Double Solitaire race as the site registers it: its rules, view, player and sentences bound to the contract."""

from __future__ import annotations

from ...engine.contract import DRAWN, LOST, WON, Game, Player, Scoring
from . import player, review, rules, sentences, shapes, view

def _outcome(position: rules.Position, seat: int) -> str:
    return DRAWN if position.winner is None else WON if position.winner == seat else LOST


SCORING = Scoring(
    scores=lambda position: tuple(int(seat == position.winner) for seat in range(len(position.players))),
    outcome=_outcome,
    next_deal=lambda position: {},
    tallies={"contributed": lambda position: tuple(position.contributed)},
)

GAME: Game[rules.Position, rules.Move, view.View] = Game(
    ID=rules.ID,
    PLAYERS=rules.PLAYERS,
    NEW_GAME_OPTIONS=rules.NEW_GAME_OPTIONS,
    position_type=rules.Position,
    move_types=(rules.Draw, rules.Recycle, rules.Transfer),
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
    player=Player(levels=player.LEVELS, choose=player.choose, seats=lambda position: len(position.players),
                  scoring=SCORING, realtime=True),
    reviewer=review.review,
)

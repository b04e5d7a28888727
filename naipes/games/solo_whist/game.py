"""Solo Whist as the site registers it: its rules, view, players and sentences bound to the contract,
and what its templates need (the calls, the stakes, the settlement rows)."""

from __future__ import annotations

from ...engine.contract import Game, Player
from . import analysis, player, review, rules, sentences, shapes, view
from .tricks import chip_movements

GAME: Game[rules.Position, rules.Move, view.View] = Game(
    ID=rules.ID,
    PLAYERS=rules.PLAYERS,
    NEW_GAME_OPTIONS=rules.NEW_GAME_OPTIONS,
    position_type=rules.Position,
    move_types=(rules.Bid, rules.NameTrump, rules.Play),
    read_position=rules.Position.from_json,
    deal=rules.new_game,
    legal_moves_of=rules.legal_moves,
    apply_to=rules.apply,
    read_move=rules.move_from_json,
    view_of=view.view,
    event_for_seat=view.event_seen_by,
    shapes=shapes.SHAPES,
    teller=sentences.tell,
    player=Player(levels=player.LEVELS, choose=player.choose, seats=lambda position: rules.SEATS),
    words=sentences.CALL_NAMES,
    template_globals={
        "calls": rules.CALLS,
        "stakes": rules.STAKES,
        "settlement_table": rules.settlement_table,
        "chip_movements": chip_movements,
    },
    reviewer=review.review,
    analyser=analysis.answer,
)

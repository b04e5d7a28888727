"""Solo Whist as the site registers it: its rules, view, players and sentences bound to the contract,
and what its templates need (the calls, the stakes, the settlement rows)."""

from __future__ import annotations

from ...engine.contract import ANNULLED, DRAWN, LOST, WON, Game, Player, Scoring, Setup
from . import analysis, player, review, rules, sentences, shapes, view
from .rules.tricks import chip_movements


def _chips(position: rules.Position) -> tuple[int, ...]:
    """Each player's chips from a settled hand; an annulled deal moves none."""
    return tuple(position.result.settlement) if position.result is not None else (0,) * rules.SEATS


def _outcome(position: rules.Position, seat: int) -> str:
    if position.result is None:
        return ANNULLED
    gain = position.result.settlement[seat]
    return WON if gain > 0 else LOST if gain < 0 else DRAWN


SCORING = Scoring(
    scores=_chips,
    outcome=_outcome,
    # The deal passes to the left after every hand; an annulled one passes it too, as the seed says.
    next_deal=lambda position: {"dealer": (position.dealer + 1) % rules.SEATS},
)

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
    stager=sentences.stage,
    player=Player(levels=player.LEVELS, choose=player.choose, seats=lambda position: rules.SEATS, scoring=SCORING,
                  answer_work=player.ANSWER_WORK),
    words=sentences.CALL_NAMES,
    template_globals={
        "calls": rules.CALLS,
        "contracts": rules.CONTRACTS,
        "seats": rules.SEATS,
        "setup_cards": analysis.SETUP_CARDS,
        "hand": analysis.HAND,
        "stakes": rules.STAKES,
        "settlement_table": rules.settlement_table,
        "chip_movements": chip_movements,
    },
    reviewer=review.review,
    analyser=analysis.answer,
    setup=Setup(shows=analysis.on_board, read=analysis.set_up, fields=analysis.setup_fields, deal=analysis.dealt),
)

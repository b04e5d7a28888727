"""The race's review: the reader's moves against the race player's, judged from the reader's own view.

At each of the reader's moves the race player is asked what it would do, seeing what
the reader saw (its view is the reader's: face-up cards, the waste's top card, the
foundations). Where the reader did otherwise, four things are told, as the issue asks:

- a card that stood ready for a foundation and was not taken (its cost: how many of the
  reader's cards could have gone up at that moment, the race's unit);
- a draw over a waste card that a column would take;
- a column emptied by a move between columns while no king waited for it;
- where the reader stalled: the first move of the last stretch in which none of the
  reader's moves made progress, while the player's would have.

The player decides by rules from the view alone, so whatever it would have done could
be found from what the reader saw: every judgement is ``findable``. A reader who
always played its hint is judged to have missed nothing (its choice depends on its dice
only among moves that make no progress, which are never judged better).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import Card
from ...engine.errors import N_
from ...engine.review import Judgement, Review, dice_for
from .player import choose
from .rules import COLUMNS, FOUNDATIONS, WASTE, Draw, Move, Position, Recycle, Transfer, apply, is_progress, legal_moves
from .view import view


def _foundation_cards(position: Position, seat: int) -> set[Card]:
    return {_card_moved(position, move) for move in legal_moves(position)
            if move.player == seat and isinstance(move, Transfer) and move.target in FOUNDATIONS}


def _card_moved(position: Position, move: Transfer) -> Card:
    layout = position.players[move.player]
    if move.source == WASTE:
        return layout.waste[-1]
    column = layout.tableau[COLUMNS.index(move.source)]
    return column.face_up[len(column.face_up) - move.count]


def _empties_a_column(position: Position, move: Transfer) -> bool:
    if move.source == WASTE or move.target in FOUNDATIONS:
        return False
    column = position.players[move.player].tableau[COLUMNS.index(move.source)]
    return not column.face_down and move.count == len(column.face_up)


def _king_waiting(position: Position, seat: int, leaving: str) -> bool:
    layout = position.players[seat]
    if layout.waste and layout.waste[-1].rank == "K":
        return True
    return any(name != leaving and column.face_down and column.face_up[0].rank == "K"
               for name, column in zip(COLUMNS, layout.tableau))


def _judged(position: Position, seat: int, step: int, move: Move, best: Move) -> Judgement | None:
    if isinstance(best, Transfer) and best.target in FOUNDATIONS and not (
            isinstance(move, Transfer) and move.target in FOUNDATIONS):
        ready = _foundation_cards(position, seat)
        return Judgement(step, move, best, float(len(ready)), True, N_(
            "You could have put %(card)s on a foundation, and it stayed where it was: a card on the foundations"
            " counts for you, and frees what lay under it"), {"card": _card_moved(position, best)}, rule="foundations")
    if (isinstance(move, (Draw, Recycle)) and isinstance(best, Transfer) and best.source == WASTE
            and best.target in COLUMNS):
        return Judgement(step, move, best, 0.0, True, N_(
            "You passed over %(card)s on top of the waste, which a column would take: played, it brings the"
            " card beneath it into play"), {"card": _card_moved(position, best)}, rule="stock")
    if (isinstance(move, Transfer) and _empties_a_column(position, move)
            and not _king_waiting(position, seat, move.source) and is_progress(position, best)):
        return Judgement(step, move, best, 0.0, True, N_(
            "Moving %(card)s emptied a column with no king waiting for it: an empty column takes only a king,"
            " and a better move was there"), {"card": _card_moved(position, move)}, rule="play")
    return None


def review(start: Position, moves: Sequence[Move], seat: int) -> Review[Move]:
    """The judgements of ``seat``'s moves in the race played from ``start`` by ``moves`` (every seat's, in order).

    A judgement's ``step`` is the number of the move it judges (the first move is step 1). The race
    player's rules are cheap, so every move is judged.
    """
    judgements: list[Judgement] = []
    position = start
    stall: Judgement | None = None
    for step, move in enumerate(moves, start=1):
        if move.player == seat:
            own = [legal for legal in legal_moves(position) if legal.player == seat]
            seen = view(position, seat)
            best = choose(seen, own, dice_for(seen.to_json(), step - 1)).move
            if move != best:
                judged = _judged(position, seat, step, move, best)
                if judged is not None:
                    judgements.append(judged)
            if is_progress(position, move):
                stall = None
            elif stall is None and is_progress(position, best):
                stall = Judgement(step, move, best, 0.0, True, N_(
                    "Your race stalled from here: none of your moves made progress again, though this one could"
                    " have"), rule="end")
        position, _ = apply(position, move)
    if stall is not None and position.winner != seat and all(j.step != stall.step for j in judgements):
        judgements.append(stall)
    return Review(tuple(sorted(judgements, key=lambda judgement: judgement.step)))

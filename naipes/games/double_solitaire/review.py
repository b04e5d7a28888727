"""The race's review: the reader's moves against the race player's, judged from the reader's own view.

At each of the reader's moves the race player is asked what it would do, seeing what
the reader saw (its view is the reader's: face-up cards, the waste's top card, the
foundations). Where the reader did otherwise, four things are told, as the issue asks:

- a card that stood ready for a foundation and was not taken (its cost: how many of the
  reader's cards could have gone up at that moment, the race's unit);
- a draw over a waste card that a column would take;
- a column emptied by a move between columns while no king waited for it;
- where the reader stalled: the first move of the last stretch in which none of the
  reader's moves made progress, while the player's would have;
- in a race the reader did not win, the moves that would have won it: where the player's move,
  played on alone from there (``strength_alone.play_alone``: the other seat idle, the attempt
  ending as the solo player's does, when the reader's layout is blocked or a whole pass of the stock
  brings nothing), puts more of the reader's cards on the foundations than the opponent had at the
  end. Such a judgement is ``decisive``; its cost is the cards the attempt put up beyond the
  reader's own. The attempts are made from the last of the reader's moves before the block
  back to the first, at most ``SOLO_ATTEMPTS`` of them spread evenly and ``SOLO_MOVES`` moves in all,
  so a review stays within one request's work.

The player decides by rules from the view alone, so whatever it would have done could
be found from what the reader saw: every judgement is ``findable``. A reader who
always played its hint is judged to have missed nothing (its choice depends on its dice
only among moves that make no progress, which are never judged better).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

from ...engine.cards import Card
from ...engine.errors import N_
from ...engine.review import Judgement, Review, dice_for
from ...engine.sentences import Term
from .player import choose
from .rules import (BLOCKED, COLUMNS, FOUNDATIONS, WASTE, Draw, Move, Position, Recycle, Transfer, apply, is_blocked,
                    is_progress, legal_moves)
from .strength_alone import play_alone
from .view import View, view

SOLO_ATTEMPTS = 12
"""The most solo attempts one review plays out."""

SOLO_MOVES = 1_500
"""The most moves all the solo attempts of one review make together (a few seconds of work)."""

SHOWN = 3
"""The most decisions that would have won the race a review names (the last ones found)."""


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


def _alone_dice(seen: View, made: int, before: int) -> random.Random:
    return dice_for(seen.to_json(), before + made)


def _blocked_from(positions: Sequence[Position], seat: int) -> int:
    """The first step from which the reader's layout stayed blocked to the end (the last step if never)."""
    step = len(positions) - 1
    while step > 0 and is_blocked(positions[step - 1], seat):
        step -= 1
    return step


def _would_have_won(positions: Sequence[Position], decisions: Sequence[tuple[int, Move, Move]], seat: int,
                    final: Position) -> list[Judgement]:
    """The reader's decisions, from the last one before the block back, from which the player's move
    played on alone would have put up more of the reader's cards than the opponent had at the end."""
    theirs, ours = final.contributed[1 - seat], final.contributed[seat]
    blocked = final.status == BLOCKED and is_blocked(final, seat)
    last = _blocked_from(positions, seat) if blocked else len(positions)
    found: list[Judgement] = []
    moves_left = SOLO_MOVES
    for step, move, best in _spread([decision for decision in decisions if decision[0] <= last]):
        after, _ = apply(positions[step - 1], best)
        ended, made = play_alone(after, seat, choose, partial(_alone_dice, before=step), moves_left)
        moves_left -= made
        # An attempt cut short by the budget has put up at least this many: a count beyond theirs is a win.
        alone = ended.contributed[seat]
        if alone <= theirs:
            if moves_left <= 0:
                break
            continue
        reason = (N_("From here your layout ended blocked. Had you played %(best)s and gone on as the computer"
                     " would, from what you saw, %(alone)s of your cards would have reached the foundations,"
                     " more than your opponent's %(theirs)s: the race was yours") if blocked else
                  N_("Had you played %(best)s here and gone on as the computer would, from what you saw,"
                     " %(alone)s of your cards would have reached the foundations, more than your opponent's"
                     " %(theirs)s: the race was yours"))
        found.append(Judgement(step, move, best, float(max(alone - ours, 0)), True, reason,
                               {"best": _named(positions[step - 1], best), "alone": alone, "theirs": theirs},
                               rule="end", decisive=True))
        if len(found) == SHOWN or moves_left <= 0:
            break
    return found


def _spread(candidates: Sequence[tuple[int, Move, Move]]) -> list[tuple[int, Move, Move]]:
    """At most ``SOLO_ATTEMPTS`` of the candidates, spread evenly from the last to the first: the moves
    nearest the block, and earlier ones, from which more of the race was still to be played."""
    if len(candidates) <= SOLO_ATTEMPTS:
        return list(reversed(candidates))
    last = len(candidates) - 1
    picked = sorted({round(last * index / (SOLO_ATTEMPTS - 1)) for index in range(SOLO_ATTEMPTS)}, reverse=True)
    return [candidates[index] for index in picked]


def _named(position: Position, move: Move) -> object:
    """A move as a judgement names it: the card it moves, or the draw."""
    if isinstance(move, Transfer):
        return _card_moved(position, move)
    return Term(N_("a draw from the stock") if isinstance(move, Draw) else N_("the waste turned over"))


def review(start: Position, moves: Sequence[Move], seat: int) -> Review[Move]:
    """The judgements of ``seat``'s moves in the race played from ``start`` by ``moves`` (every seat's, in order).

    A judgement's ``step`` is the number of the move it judges (the first move is step 1). The race
    player's rules are cheap, so every move is judged.
    """
    judgements: list[Judgement] = []
    positions = [start]
    differed: list[tuple[int, Move, Move]] = []
    stall: Judgement | None = None
    for step, move in enumerate(moves, start=1):
        position = positions[-1]
        if move.player == seat:
            own = [legal for legal in legal_moves(position) if legal.player == seat]
            seen = view(position, seat)
            best = choose(seen, own, dice_for(seen.to_json(), step - 1)).move
            if move != best:
                differed.append((step, move, best))
                judged = _judged(position, seat, step, move, best)
                if judged is not None:
                    judgements.append(judged)
            if is_progress(position, move):
                stall = None
            elif stall is None and is_progress(position, best):
                stall = Judgement(step, move, best, 0.0, True, N_(
                    "Your race stalled from here: none of your moves made progress again, though this one could"
                    " have"), rule="end")
        positions.append(apply(position, move)[0])
    final = positions[-1]
    if stall is not None and final.winner != seat and all(j.step != stall.step for j in judgements):
        judgements.append(stall)
    if final.is_over and final.winner != seat:
        decisive = _would_have_won(positions, differed, seat, final)
        steps = {judgement.step for judgement in decisive}
        judgements = [judgement for judgement in judgements if judgement.step not in steps] + decisive
    return Review(tuple(sorted(judgements, key=lambda judgement: judgement.step)))

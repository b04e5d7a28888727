"""The Double Solitaire race's computer player: a Klondike strategy from what its seat can see.

It sees what the reader sees (face-up cards, foundations, the waste's top card)
and nothing else, and it remembers nothing between moves: each decision is a
function of the view alone. It goes down a list of rules and makes the first
move one of them asks for, each rule being a kind of move a good player makes:

1. a card to a foundation when it turns up a face-down card, comes off the
   waste, or is *safe* (no card of the player's own can ever need it in a
   column: its rank is 1 or 2, or both of the player's own cards one rank lower
   in the other colour are already on the foundations);
2. the whole face-up part of a column moved off face-down cards, which turns
   one up (the column with most face-down cards first; a king's run may go into
   an empty column for that);
3. the waste's top card into a column;
4. a part of a run moved aside to free a card beneath it for its foundation,
   or for the waste's top card to go on;
5. a column emptied when a king is waiting for it (the waste's top card, or a
   king whose run covers face-down cards), and never otherwise: empty columns
   are kept for kings;
6. a card to a foundation that is not safe, since nothing better is left;
7. a draw, or turning the waste over when the stock is empty; but before
   turning it over, half the time (drawn from ``rng``), a move between columns
   at random: after a fruitless pass, the columns arranged another way may let
   the rules see progress they could not.

There is no look-ahead over moves between columns. In a real deal the two
cards a card may go on are the very two its twin (the other card of its rank
and colour) may go on, so a move that opens a place for one card offers the
place to the other directly: a breadth-first search three moves deep, tried on
300 deals, never found a move these rules miss.

Moves between columns are otherwise only made towards a move that makes
progress (a card to a foundation, the waste's card to a column, a card turned
up), so runs are not shuffled to and fro; the random tries at the end of a pass
see to it that whatever progress is possible is found in the end, so a race
against this player cannot stall for ever, provided its dice differ when a view
comes back (``engine.review.dice_for`` counts the moves made for that).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.cards import DECK, RANKS, Card
from .rules import COLUMNS, WASTE, Draw, Move, Recycle, Transfer
from .view import View
from ...engine.errors import N_
from ...engine.choice import Allowance, Choice, Reason

LEVELS: tuple[str, ...] = ("basic",)

_COLUMN_INDEX = {name: index for index, name in enumerate(COLUMNS)}
_NEXT = {card: Card.parse(RANKS[card.value] + card.suit) for card in DECK if card.rank != "K"}
_ACES = frozenset(card for card in DECK if card.rank == "A")


def _fits(card: Card, onto: Card) -> bool:
    """Whether ``card`` may cover ``onto`` in a column: one rank lower, the other colour."""
    return onto.value == card.value + 1 and card.is_red != onto.is_red


@dataclass(frozen=True, slots=True)
class _Column:
    hidden: int
    face_up: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class _Table:
    """The seat's own side of the race, as the rules read it."""

    columns: tuple[_Column, ...]
    waste_top: Card | None
    wanted: frozenset[Card]
    """The cards some foundation would take now."""
    home: frozenset[Card]
    """The seat's own cards already on the foundations."""

    @classmethod
    def of(cls, view: View) -> _Table:
        layout = view.layout
        columns = tuple(_Column(len(column.face_down), column.face_up) for column in layout.tableau)
        wanted: set[Card] = set()
        for pile in view.foundations:
            if not pile:
                wanted |= _ACES
            elif pile[-1].card in _NEXT:
                wanted.add(_NEXT[pile[-1].card])
        home = frozenset(placed.card for pile in view.foundations for placed in pile if placed.owner == view.seat)
        return cls(columns, layout.waste_top, frozenset(wanted), home)

    def is_safe(self, card: Card) -> bool:
        """No card of the seat's own can ever need ``card`` in a column: the two that could cover it are home."""
        if card.value <= 2:
            return True
        below = RANKS[card.value - 2]
        suits = "SC" if card.is_red else "HD"
        return all(Card.parse(below + suit) in self.home for suit in suits)

    def king_waiting(self, leaving: int) -> Card | None:
        """A king that an empty column would take with profit: the waste's top card, or a king whose run
        covers face-down cards (in a column other than ``leaving``)."""
        if self.waste_top is not None and self.waste_top.rank == "K":
            return self.waste_top
        for index, column in enumerate(self.columns):
            if index != leaving and column.hidden and column.face_up[0].rank == "K":
                return column.face_up[0]
        return None


# Scores order the rules: the highest-scoring move is made, the first of equals.
_TURNS_UP_BY_FOUNDATION = 100.0
_FROM_WASTE_TO_FOUNDATION = 95.0
_SAFE_TO_FOUNDATION = 90.0
_TURNS_UP_BY_RUN = 80.0
_FROM_WASTE_TO_COLUMN = 70.0
_FREES_FOR_FOUNDATION = 60.0
_FREES_FOR_WASTE = 55.0
_EMPTIES_FOR_KING = 50.0
_EXPLORE = 0.5
"""How often, when only turning the waste over is left, the columns are tried another way first."""
_UNSAFE_TO_FOUNDATION = 30.0
_DRAW = 20.0
_RECYCLE = 10.0

Judgement = tuple[float, Reason]


def _judge(table: _Table, move: Move) -> Judgement | None:
    """How much the strategy wants ``move`` and why; ``None`` for a move it never makes on purpose."""
    if isinstance(move, Draw):
        return _DRAW, Reason(N_("Draw from the stock: no move on the table helps until a new card is in play"))
    if isinstance(move, Recycle):
        return _RECYCLE, Reason(N_("Turn the waste over: the stock is empty, and a new pass brings its cards"
                                   " round again"))
    if move.target not in _COLUMN_INDEX:
        return _judge_foundation(table, move)
    if move.source == WASTE:
        return _judge_waste_to_column(table, move)
    return _judge_between_columns(table, move)


def _judge_foundation(table: _Table, move: Transfer) -> Judgement:
    if move.source == WASTE:
        return _FROM_WASTE_TO_FOUNDATION, Reason(
            N_("Play %(card)s from the waste onto its foundation: that brings the card beneath it into play"),
            {"card": table.waste_top})
    column = table.columns[_COLUMN_INDEX[move.source]]
    card = column.face_up[-1]
    if len(column.face_up) == 1 and column.hidden:
        return _TURNS_UP_BY_FOUNDATION, Reason(
            N_("Play %(card)s onto its foundation: that turns up the face-down card beneath it"), {"card": card})
    score = _SAFE_TO_FOUNDATION if table.is_safe(card) else _UNSAFE_TO_FOUNDATION
    if len(column.face_up) > 1:
        return score, Reason(N_("Play %(card)s onto its foundation: it frees %(freed)s"),
                             {"card": card, "freed": column.face_up[-2]})
    return score, Reason(N_("Play %(card)s onto its foundation: that empties its column for a king"), {"card": card})


def _judge_waste_to_column(table: _Table, move: Transfer) -> Judgement:
    card = table.waste_top
    target = table.columns[_COLUMN_INDEX[move.target]]
    if target.face_up:
        return _FROM_WASTE_TO_COLUMN, Reason(
            N_("Move %(card)s from the waste onto %(target)s: that brings the card beneath it into play"),
            {"card": card, "target": target.face_up[-1]})
    return _FROM_WASTE_TO_COLUMN, Reason(
        N_("Move %(card)s from the waste into the empty column: that brings the card beneath it into play"),
        {"card": card})


def _judge_between_columns(table: _Table, move: Transfer) -> Judgement | None:
    source_index = _COLUMN_INDEX[move.source]
    source = table.columns[source_index]
    target = table.columns[_COLUMN_INDEX[move.target]]
    cut = len(source.face_up) - move.count
    head = source.face_up[cut]
    onto = {"card": head, "target": target.face_up[-1]} if target.face_up else {"card": head}
    if cut == 0 and source.hidden:
        # Among the columns that could turn a card up, the one hiding most; onto the one hiding least.
        score = _TURNS_UP_BY_RUN + source.hidden / 10 - target.hidden / 100
        if target.face_up:
            return score, Reason(N_("Move %(card)s onto %(target)s: that turns up the face-down card beneath it"),
                                 onto)
        return score, Reason(N_("Move %(card)s into the empty column: that turns up the face-down card"
                                " beneath it"), onto)
    if cut == 0:
        king = None if head.rank == "K" else table.king_waiting(source_index)
        if king is None:
            return None
        return _EMPTIES_FOR_KING, Reason(N_("Move %(card)s onto %(target)s: that empties a column for %(king)s"),
                                         {**onto, "king": king})
    freed = source.face_up[cut - 1]
    turns_up = cut == 1 and source.hidden
    if freed in table.wanted and (turns_up or table.is_safe(freed)):
        return _FREES_FOR_FOUNDATION, Reason(
            N_("Move %(card)s onto %(target)s: that frees %(freed)s for its foundation"), {**onto, "freed": freed})
    if table.waste_top is not None and _fits(table.waste_top, freed):
        return _FREES_FOR_WASTE, Reason(
            N_("Move %(card)s onto %(target)s: that frees %(freed)s for %(waste)s from the waste"),
            {**onto, "freed": freed, "waste": table.waste_top})
    return None


def _best(table: _Table, moves: Sequence[Move]) -> tuple[float, Move, Reason] | None:
    """The move the rules want most (the first of equals), with its score and reason."""
    best: tuple[float, Move, Reason] | None = None
    for move in moves:
        judged = _judge(table, move)
        if judged is not None and (best is None or judged[0] > best[0]):
            best = (judged[0], move, judged[1])
    return best


def choose(view: View, moves: Sequence[Move], rng: random.Random, level: str = LEVELS[0],
           allowance: Allowance | None = None) -> Choice[Move]:
    """The move the strategy makes from ``view`` among ``moves`` (the seat's legal moves), and why.

    ``rng`` only breaks a stall. One move a tick costs little, so an ``allowance`` is not drawn on.
    ``ValueError`` if ``moves`` is empty or ``level`` is not one of ``LEVELS``.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: the race has {', '.join(LEVELS)}")
    if not moves:
        raise ValueError("the race player needs at least one legal move")
    table = _Table.of(view)
    best = _best(table, moves)
    if best is None or (best[0] <= _RECYCLE and rng.random() < _EXPLORE):
        # No rule applies even after a full pass: try the columns another way, at random, so that
        # whatever progress the rules cannot see is found in the end, and a race cannot stall for ever.
        shuffles = [move for move in moves if isinstance(move, Transfer) and _is_shift(table, move)]
        if shuffles:
            shift = rng.choice(shuffles)
            return Choice(shift, _explored_reason(table, shift))
    if best is None:
        return Choice(moves[0], Reason(N_("Nothing on the table helps any more: this move changes nothing"
                                          " of substance")))
    return Choice(best[1], best[2])


def _is_shift(table: _Table, move: Move) -> bool:
    """Whether ``move`` is a move between columns that makes no progress and is not pointless.

    Moving the whole face-up part off face-down cards turns one up (progress,
    not a shift); a king at the bottom of its column gains nothing by moving to
    another empty column.
    """
    if not isinstance(move, Transfer) or move.source not in _COLUMN_INDEX or move.target not in _COLUMN_INDEX:
        return False
    source = table.columns[_COLUMN_INDEX[move.source]]
    if move.count < len(source.face_up):
        return True
    return not source.hidden and source.face_up[0].rank != "K"


def _explored_reason(table: _Table, move: Transfer) -> Reason:
    return _shuffle_reason(
        table, move,
        N_("Move %(card)s onto %(target)s: nothing else helps, so try the columns another way"),
        N_("Move %(card)s into the empty column: nothing else helps, so try the columns another way"))


def _shuffle_reason(table: _Table, move: Transfer, onto_card: str, into_empty: str) -> Reason:
    """The reason for a move between columns, naming the card it goes onto or the empty column."""
    card = table.columns[_COLUMN_INDEX[move.source]].face_up[-move.count]
    target = table.columns[_COLUMN_INDEX[move.target]]
    if target.face_up:
        return Reason(onto_card, {"card": card, "target": target.face_up[-1]})
    return Reason(into_empty, {"card": card})

"""The exact block search of the Double Solitaire race.

A player is *blocked* when no progress can be reached through any sequence of
their own non-progress moves. Progress is one of three things, each of which
happens a bounded number of times in a race, so a race cannot go on for ever:

- a card goes to a foundation;
- the waste's top card goes to a column;
- a face-down card is turned up (the whole face-up part of a column moved away).

Everything else is a non-progress move: drawing, turning the waste over, and
moving cards between columns without turning anything up. Those moves can be
repeated without end (a run moved back and forth), which is why the question
"can this player still get anywhere?" needs a search and not a count of moves.

The search is exact and cheap because of two facts:

- Drawing and turning the waste over never touch the columns, and moving cards
  between columns never touches the stock or the waste. The player's states are
  therefore pairs (arrangement of the columns, point where the pass has got to),
  and each half can be explored on its own: the pass is a fixed cycle, and the
  arrangements are searched breadth-first over a visited set.
- While nothing is taken from it, the waste followed by the stock is always the
  same sequence of cards: drawing only moves the split point forward by three
  (or to the end) and turning the waste over moves it back to the start. So the
  cards that can reach the top of the waste are the third, the sixth ... and the
  last card of every pass, plus the ones on the way from the current split point.

This module works on small integers (``key(card)``) instead of cards, because
the search looks at the same few dozen cards many times.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ...engine.cards import DECK, RED_SUITS, SUITS, Card

DRAW_COUNT = 3
"""Cards turned from the stock onto the waste at a time."""

SEARCH_BUDGET = 2_000
"""The most column arrangements one search may generate (repeats included) before it gives up.

The search is exact within this budget, and the budget is counted, not timed, so
the answer is the same on every machine; its cost is bounded, since every
arrangement costs about the same to make. A search that reaches it answers "not
blocked": the race is treated as still playing, which is never wrong for long,
since a player who really is blocked can only draw and shuffle runs, and the
other player's progress, or their own, ends the race in the usual way. Real
layouts need far fewer (see ``benchmarks/bench_double_solitaire.py``).
"""

KING = 13

_SUIT_BASE = {suit: 16 * index for index, suit in enumerate(SUITS)}


def key(card: Card) -> int:
    """The card as an integer: 16 times its suit's index plus its value (A=1 … K=13)."""
    return _SUIT_BASE[card.suit] + card.value


def _is_red(card_key: int) -> bool:
    return SUITS[card_key >> 4] in RED_SUITS


KEYS = tuple(key(card) for card in DECK)
"""Every card's key, in the order of a new pack."""

ACES = frozenset(card_key for card_key in KEYS if card_key & 15 == 1)


def _parents(child: int) -> tuple[int, ...]:
    if child & 15 == KING:
        return ()
    return tuple(
        parent for parent in KEYS if parent & 15 == (child & 15) + 1 and _is_red(parent) != _is_red(child)
    )


PARENTS: tuple[tuple[int, ...], ...] = tuple(_parents(k) if k in KEYS else () for k in range(64))
"""``PARENTS[k]``: the two cards that card ``k`` may cover in a column (one rank
higher, the other colour); none for a king. Indexed by key (some indexes name no card)."""


def run_start(face_up: Sequence[int]) -> int:
    """Index of the first card of the run at the end of a column's face-up cards.

    Every card from there to the end covers the card before it legally, so
    every part of the run that ends at the column's end card may move.
    """
    start = len(face_up) - 1
    while start > 0 and face_up[start - 1] in PARENTS[face_up[start]]:
        start -= 1
    return start


def foundation_wants(tops: Iterable[int | None]) -> frozenset[int]:
    """The cards the foundations would take now, given each pile's top (``None`` if empty).

    An empty pile takes any ace; a pile takes the next card of its suit, up to
    the king. Two copies of a card are the same key: either copy will do.
    """
    wanted: set[int] = set()
    for top in tops:
        if top is None:
            wanted |= ACES
        elif top & 15 != KING:
            wanted.add(top + 1)
    return frozenset(wanted)


def waste_tops(cycle: Sequence[int], drawn: int) -> set[int]:
    """The cards that can reach the top of the waste by drawing and turning it over.

    ``cycle`` is the waste from bottom to top followed by the stock from top to
    bottom, and ``drawn`` is the length of the waste: the point where the pass
    has got to. The current top counts: it is in play now.
    """
    size = len(cycle)
    tops: set[int] = set()
    if drawn:
        tops.add(cycle[drawn - 1])
    point = drawn
    while point < size:
        point = min(point + DRAW_COUNT, size)
        tops.add(cycle[point - 1])
    # After the waste is turned over, every pass shows the same cards on top.
    point = 0
    while point < size:
        point = min(point + DRAW_COUNT, size)
        tops.add(cycle[point - 1])
    return tops


def is_blocked(
    columns: Sequence[tuple[bool, tuple[int, ...]]],
    cycle: Sequence[int],
    drawn: int,
    wanted: frozenset[int],
) -> bool:
    """Whether no progress can be reached by any sequence of non-progress moves.

    ``columns`` are the player's seven columns as (has face-down cards, face-up
    keys from the deepest to the end card); ``cycle`` and ``drawn`` describe the
    stock and waste as in ``waste_tops``; ``wanted`` is ``foundation_wants`` of
    the foundations now.
    """
    tops = waste_tops(cycle, drawn)
    if tops & wanted:
        return False
    # An end card that takes a card from the waste, or goes to a foundation, is progress.
    targets = set(wanted)
    for top in tops:
        targets.update(PARENTS[top])
    king_on_waste = any(top & 15 == KING for top in tops)
    based = tuple(face_up for has_face_down, face_up in columns if has_face_down)
    free = tuple(sorted(face_up for has_face_down, face_up in columns if not has_face_down))
    if not _may_progress(based, free, targets, king_on_waste):
        return True
    return not _search(based, free, targets, king_on_waste)


def _may_progress(
    based: tuple[tuple[int, ...], ...],
    free: tuple[tuple[int, ...], ...],
    targets: set[int],
    king_on_waste: bool,
) -> bool:
    """A quick necessary condition for progress, so that most blocked players need no search.

    Face-down cards stay face down without progress, so every card that can ever
    be at the end of a column is one of the face-up cards now; only columns with
    no face-down cards can ever be empty.
    """
    face_up = {card for column in based + free for card in column}
    if face_up & targets:
        return True
    if free and king_on_waste:
        return True
    for column in based:
        # The deepest face-up card must leave for a face-down one to turn up; what
        # covers it may move away first, and what it may go on may lie anywhere.
        head = column[0]
        if head & 15 == KING and free:
            return True
        if face_up.intersection(PARENTS[head]):
            return True
    return False


def _search(
    based: tuple[tuple[int, ...], ...],
    free: tuple[tuple[int, ...], ...],
    targets: set[int],
    king_on_waste: bool,
) -> bool:
    """Breadth-first search of the column arrangements for one where progress is possible.

    Gives up, answering that progress is possible, once it has generated
    ``SEARCH_BUDGET`` arrangements.

    A state is the face-up cards of the columns that still have face-down cards
    (in their fixed order: their deepest face-up card can never move without
    progress) followed by the other columns, sorted, since those are
    interchangeable.
    """
    based_count = len(based)
    start = based + free
    seen = {start}
    frontier = [start]
    budget = SEARCH_BUDGET
    while frontier:
        following = []
        for state in frontier:
            if _progress_possible(state, based_count, targets, king_on_waste):
                return True
            for successor in _successors(state, based_count):
                budget -= 1
                if budget < 0:
                    return True
                if successor not in seen:
                    seen.add(successor)
                    following.append(successor)
        frontier = following
    return False


def _progress_possible(
    state: tuple[tuple[int, ...], ...],
    based_count: int,
    targets: set[int],
    king_on_waste: bool,
) -> bool:
    """Whether a progress move can be made in this arrangement of the columns."""
    ends = [column[-1] for column in state if column]
    if targets.intersection(ends):
        return True
    has_empty = len(ends) < len(state)
    if has_empty and king_on_waste:
        return True
    for index in range(based_count):
        column = state[index]
        if run_start(column) != 0:
            continue
        head = column[0]
        if head & 15 == KING:
            if has_empty:
                return True
            continue
        parents = PARENTS[head]
        for other_index, other in enumerate(state):
            if other_index != index and other and other[-1] in parents:
                return True
    return False


def _successors(state: tuple[tuple[int, ...], ...], based_count: int) -> Iterator[tuple[tuple[int, ...], ...]]:
    """The arrangements one non-progress column move away, in canonical form."""
    for index, column in enumerate(state):
        if not column:
            continue
        # Moving the whole face-up part off face-down cards is progress, not a successor.
        first = max(run_start(column), 1 if index < based_count else 0)
        for cut in range(first, len(column)):
            head = column[cut]
            is_king = head & 15 == KING
            parents = PARENTS[head]
            took_empty = False
            for other_index, other in enumerate(state):
                if other_index == index:
                    continue
                if other:
                    if other[-1] not in parents:
                        continue
                elif not is_king or took_empty or cut == 0:
                    # Empty columns are interchangeable, and a king that heads its
                    # column already has nothing under it to leave behind.
                    continue
                else:
                    took_empty = True
                columns = list(state)
                columns[index] = column[:cut]
                columns[other_index] = other + column[cut:]
                yield tuple(columns[:based_count]) + tuple(sorted(columns[based_count:]))

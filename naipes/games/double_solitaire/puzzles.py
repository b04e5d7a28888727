"""The race's puzzles: endings of one layout where one move (or a short line) clears the layout and the
tempting others run into a block.

A candidate is a small ending dealt at random: a few suits, each with its foundation built up to some
rank, the next cards of those suits spread over a few columns, some face down (the other player out of
the race, as a partial position allows). The search (``clearable``) plays the layout's own moves, every
order, over a visited set, to see whether all its cards can reach the foundations; the block search
(``rules.is_blocked``) says when a move leaves no progress at all. A candidate becomes a puzzle when
exactly one progress move (a card to a foundation, a face-down card turned up) keeps the layout
clearable (moves that leave the same cards in the same places count once), and another progress move,
the tempting one, does not. The line goes on while some move can still go wrong; the puzzle is solved
when none can, or the layout is clear.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...engine.cards import RED_SUITS, SUITS, Card, RANKS
from ...engine.errors import IllegalMove
from ...engine.puzzles import Found, Hunt, Verdict, rating
from .rules import (
    COLUMN_COUNT,
    EMPTY_FOUNDATIONS,
    EMPTY_LAYOUT,
    FOUNDATIONS,
    PLAYING,
    WON,
    Column,
    FoundationCard,
    Layout,
    Move,
    Position,
    Transfer,
    apply,
    is_blocked,
    is_progress,
    legal_moves,
)

SEAT = 0
"""The reader plays the first layout; the second is out of the race."""

SEARCH_NODES = 3_000
"""The most positions one clearing search may visit: the endings are small, so a search that needs
more is a candidate turned down, and no check can cost more. A reader's line that strays into a
position the search cannot settle within it is not called wrong: only a move proved to lose is."""

MOST_DECISIONS = 6
"""The longest line a puzzle may ask for."""


class TooDeep(Exception):
    """The clearing search went past ``SEARCH_NODES``."""


def _key(position: Position) -> tuple[object, ...]:
    """The layout's cards as the search tells positions apart: columns in any order, piles by suit."""
    layout = position.players[SEAT]
    columns = tuple(sorted((tuple(card.code for card in column.face_down), tuple(card.code for card in column.face_up))
                           for column in layout.tableau))
    piles = tuple(sorted((pile[-1].card.suit, len(pile)) for pile in position.foundations if pile))
    return columns, layout.stock, layout.waste, piles


def clearable(position: Position, budget: list[int] | None = None) -> bool:
    """Whether the layout's own moves can put every one of its cards on the foundations."""
    budget = [SEARCH_NODES] if budget is None else budget
    seen: set[tuple[object, ...]] = set()

    def search(at: Position) -> bool:
        if at.status == WON:
            return True
        if at.status != PLAYING:
            return False
        key = _key(at)
        if key in seen:
            return False
        seen.add(key)
        budget[0] -= 1
        if budget[0] < 0:
            raise TooDeep
        moves = [move for move in legal_moves(at) if move.player == SEAT]
        # Progress first: most endings clear by putting cards up as soon as they can go.
        moves.sort(key=lambda move: not is_progress(at, move))
        return any(search(apply(at, move)[0]) for move in moves)

    return search(position)


def _judged(position: Position) -> tuple[list[Move], list[Move], int]:
    """The moves that keep the layout clearable, those that do not, and how many different
    positions the good ones lead to."""
    right: list[Move] = []
    wrong: list[Move] = []
    kinds: set[tuple[object, ...]] = set()
    for move in legal_moves(position):
        if move.player != SEAT:
            continue
        after = apply(position, move)[0]
        if clearable(after):
            right.append(move)
            if is_progress(position, move):
                kinds.add(_key(after))
        else:
            wrong.append(move)
    return right, wrong, len(kinds)


def _deal(rng: random.Random) -> Position:
    suits = rng.sample(SUITS, rng.randint(2, 4))
    foundations = list(EMPTY_FOUNDATIONS)
    cards: list[Card] = []
    for place, suit in enumerate(suits):
        built = rng.randint(0, 8)
        ranks = RANKS[built:min(len(RANKS), built + rng.randint(2, 5))]
        cards += [Card(rank, suit) for rank in ranks]
        foundations[place] = tuple(FoundationCard(Card(rank, suit), SEAT) for rank in RANKS[:built])
    rng.shuffle(cards)
    used = rng.randint(2, min(5, len(cards) - 1))
    columns: list[list[Card]] = [[] for _ in range(used)]
    for index, card in enumerate(cards):
        columns[index % used if index < used else rng.randrange(used)].append(card)
    tableau = [_column(column, rng) for column in columns]
    tableau += [Column()] * (COLUMN_COUNT - len(tableau))
    rng.shuffle(tableau)
    return Position.of((Layout(tuple(tableau)), EMPTY_LAYOUT), tuple(foundations))


def _column(cards: list[Card], rng: random.Random) -> Column:
    """Cards as a column: the end card face up, the one before it too when it makes a run (and the dice say so)."""
    up = 1
    while up < len(cards) and _follows(cards[-up - 1], cards[-up]) and rng.random() < 0.7:
        up += 1
    return Column(tuple(cards[:-up]), tuple(cards[-up:]))


def _follows(above: Card, below: Card) -> bool:
    return above.value == below.value + 1 and (above.suit in RED_SUITS) != (below.suit in RED_SUITS)


def candidate(rng: random.Random) -> Found | str:
    start = _deal(rng)
    if start.status != PLAYING:
        return "over before it starts"
    try:
        if not clearable(start):
            return "no way to clear it"
        right, wrong, kinds = _judged(start)
    except TooDeep:
        return "too big to search"
    if kinds != 1:
        return "several moves clear it" if kinds else "only shuffling moves clear it"
    tempting = [move for move in wrong if is_progress(start, move)]
    if not tempting:
        return "nothing tempting fails"
    first = next(move for move in right if is_progress(start, move))
    position = start
    solution: list[Move] = []
    move = first
    decisions = 0
    while True:
        decisions += 1
        position = apply(position, move)[0]
        solution.append(move)
        if position.status == WON:
            break
        try:
            right, wrong, kinds = _judged(position)
        except TooDeep:
            return "too big to search"
        if not wrong:
            break
        if decisions == MOST_DECISIONS:
            return "the line is too long"
        move = next((move for move in right if is_progress(position, move)), right[0])
    cards = sum(1 for _ in start.players[SEAT].cards())
    blocks = sum(1 for move in tempting if is_blocked(apply(start, move)[0], SEAT))
    theme = "avoid_block" if blocks else _theme(start, first)
    assert isinstance(first, Transfer)
    facts = {"cards": cards, "decisions": decisions, "blocks": blocks,
             "pile": first.source}
    return Found(theme, rating(decisions, 1, len(tempting), 25 * (cards - 6)), SEAT, start, tuple(solution), facts)


def _theme(position: Position, move: Move) -> str:
    """What the right first move does: turns a card up, builds on a column, or goes up to a foundation
    (where a tempting move blocks the layout at once, the theme is avoiding that block)."""
    assert isinstance(move, Transfer)
    if move.target in FOUNDATIONS:
        return "foundation"
    layout = position.players[SEAT]
    source = layout.tableau[int(move.source[1:])]
    if move.count == len(source.face_up) and source.face_down:
        return "turn_up"
    return "build"


def find(seed: int, count: int) -> Hunt:
    hunt = Hunt()
    index = 0
    while len(hunt.found) < count:
        rng = random.Random(f"double-solitaire:{seed}:{index}")
        index += 1
        hunt.tried += 1
        found = candidate(rng)
        if isinstance(found, str):
            hunt.rejected[found] += 1
        else:
            hunt.found.append(found)
    return hunt


def check(start: Position, seat: int, moves: Sequence[Move]) -> Verdict:
    """The reader's moves judged one by one by the clearing search: the first that loses the clear ends the line."""
    position = start
    verdict = Verdict(True, False, (), "start")
    line: list[Move] = []
    for move in moves:
        if verdict.done or not verdict.correct:
            raise IllegalMove("puzzle_over", "the puzzle is over: no more moves")
        if move.player != seat:
            raise IllegalMove("not_your_layout", "the puzzle is played on its reader's layout")
        after = apply(position, move)[0]
        if not _clears(after):
            blocked = after.status != PLAYING or is_blocked(after, seat)
            verdict = Verdict(False, False, (), "blocked" if blocked else "stuck", {"cards": _cards_left(after)},
                              tuple(line))
            continue
        position = after
        line.append(move)
        try:
            done = position.status == WON or not _judged(position)[1]
        except TooDeep:
            done = False
        verdict = Verdict(True, done, (), "solved" if done else "right", {"cards": _cards_left(after)}, tuple(line))
    return verdict


def _clears(position: Position) -> bool:
    """Whether the layout can still be cleared, as far as the search can tell: unsettled counts as yes."""
    try:
        return clearable(position)
    except TooDeep:
        return True


def _cards_left(position: Position) -> int:
    return sum(1 for _ in position.players[SEAT].cards())

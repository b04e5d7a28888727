"""The Double Solitaire race: two Klondike layouts racing to eight shared foundations.

Each player deals their own 52-card deck into seven columns (1 to 7 cards, only
the end card face up) and keeps the other 24 as their stock. Both play at once,
each on their own layout: building down in alternating colours, moving runs,
turning up freed cards at once, putting only kings (or runs headed by a king)
into empty columns, and drawing three at a time with unlimited passes. The
eight foundations are shared: any empty one takes any ace, every pile goes up in
suit from the ace to the king whoever owns the cards, and nothing comes back.

There are no turns. ``legal_moves`` lists both players' moves, and ``apply``
takes them in the order they come: when both reach for the same place the first
move takes it and the later one is refused (``place_taken``), changing nothing.

Refusals, by ``IllegalMove.code``: ``wrong_rank``, ``wrong_colour``, ``not_a_king``,
``not_a_sequence``, ``face_down``, ``same_pile``, ``empty_pile``, ``waste_top_only``,
``stock_empty``, ``stock_not_empty``, ``foundation_mismatch``, ``place_taken``,
``one_card_to_foundation`` and ``game_over``.

The race ends when a player has moved all their cards to the foundations
(``won``), or when both players are blocked: neither can reach any progress
through their own draws, passes and column moves (see ``block_search``).
The player who contributed more cards to the foundations then wins; equal
contributions are a tie.

A short session (deal, a legal move, apply it, and a move the rules refuse)::

    >>> position = new_game(7)
    >>> legal_moves(position)[1].to_json()
    {'type': 'move', 'player': 0, 'from': 'c0', 'count': 1, 'to': 'c2'}
    >>> position, events = apply(position, Draw(0))
    >>> [event.to_json() for event in events]
    [{'type': 'drew', 'player': 0, 'cards': ['6H', '10D', '2S']}]
    >>> refusal(position, Recycle(0)).code
    'stock_not_empty'

Choices where the rules are silent:

- A player with no cards left in tableau, stock and waste has won if some of
  their cards are on the foundations. A partial position may leave a player out
  altogether (no cards anywhere): such a player has no moves, so is blocked, and
  has not won. ``from_json`` works the status out again from the cards and
  refuses a position in which both players have finished.
- The face-up cards of a column always form a run built down in alternating
  colours (only a run can be put there, and the deal turns up one card), so
  ``from_json`` refuses a column that does not. ``not_a_sequence`` remains for
  positions built in Python.
- The block search is exact up to ``block_search.SEARCH_BUDGET``
  arrangements (a count, not a clock: the same answer on every machine). A
  search that reaches the budget answers "not blocked": the race is then treated
  as still playing, and the API answers ``"status": "playing"``. No layout seen
  in play comes near the budget; it bounds the work any request can cause.
- ``legal_moves`` lists every distinct legal move, including moves that change
  nothing of substance (a king that heads its column moved to another empty
  column, the same ace offered to each empty foundation), because it lists
  exactly what ``apply`` accepts.
- The ``flipped`` event names its column as the piles are named (``"c3"``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from . import block_search
from ...engine import decode
from ...engine.cards import DECK, Card
from ...engine.errors import N_, InvalidMove, InvalidOptions, InvalidPosition, Refusal, refuse
from ...engine.decode import read, read_union, write
from ...engine.events import Event
from .shapes import (
    RaceDraw,
    RaceFoundationCard,
    RaceLayout,
    RaceMove,
    RacePosition,
    RaceRecycle,
    RaceTableauCard,
    RaceTransfer,
)

ID = "double-solitaire"
PLAYERS = (2, 2)
NEW_GAME_OPTIONS: frozenset[str] = frozenset()

PLAYER_COUNT = 2
DECK_SIZE = len(DECK)
"""Each player's own deck: after a mutual block the cards a player brought to the foundations are this less what they have left."""
COLUMN_COUNT = 7
FOUNDATION_COUNT = 8
DRAW_COUNT = block_search.DRAW_COUNT

PLAYING = "playing"
WON = "won"
BLOCKED = "blocked"

WASTE = "waste"
COLUMNS = tuple(f"c{index}" for index in range(COLUMN_COUNT))
FOUNDATIONS = tuple(f"f{index}" for index in range(FOUNDATION_COUNT))
_COLUMN_INDEX = {name: index for index, name in enumerate(COLUMNS)}
_FOUNDATION_INDEX = {name: index for index, name in enumerate(FOUNDATIONS)}

# --- positions -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a tableau: face-down cards under face-up ones, each from the deepest.

    A column that is not empty always ends in a face-up card: a face-down card
    left at the end is turned up at once.
    """

    face_down: tuple[Card, ...] = ()
    face_up: tuple[Card, ...] = ()

    def __len__(self) -> int:
        return len(self.face_down) + len(self.face_up)


EMPTY_COLUMN = Column()


@dataclass(frozen=True, slots=True)
class Layout:
    """One player's own cards: seven columns, the stock (``stock[0]`` on top) and the
    waste (``waste[-1]`` on top, the only one of its cards in play)."""

    tableau: tuple[Column, ...]
    stock: tuple[Card, ...] = ()
    waste: tuple[Card, ...] = ()

    def cards(self) -> Iterator[Card]:
        """Every card the player still has to play, wherever it lies."""
        for column in self.tableau:
            yield from column.face_down
            yield from column.face_up
        yield from self.stock
        yield from self.waste

    @property
    def is_empty(self) -> bool:
        """True once tableau, stock and waste are all empty."""
        return not self.stock and not self.waste and all(len(column) == 0 for column in self.tableau)


EMPTY_LAYOUT = Layout(tableau=(EMPTY_COLUMN,) * COLUMN_COUNT)


@dataclass(frozen=True, slots=True)
class FoundationCard:
    """A card on a foundation, with the player whose deck it came from."""

    card: Card
    owner: int


Foundation = tuple[FoundationCard, ...]
EMPTY_FOUNDATIONS: tuple[Foundation, ...] = ((),) * FOUNDATION_COUNT


@dataclass(frozen=True, slots=True)
class Position:
    """Both layouts and the eight shared foundations (each from its ace upwards).

    ``status`` and ``winner`` follow from the rest; build positions with
    ``Position.of`` (or ``from_json``, ``new_game``, ``apply``) so that they do.
    """

    players: tuple[Layout, Layout]
    foundations: tuple[Foundation, ...] = EMPTY_FOUNDATIONS
    status: str = PLAYING
    winner: int | None = None

    @classmethod
    def of(cls, players: tuple[Layout, Layout], foundations: tuple[Foundation, ...]) -> Position:
        """The position with these cards, its status and winner worked out."""
        status, winner = _outcome(players, foundations)
        return cls(players, foundations, status, winner)

    @property
    def contributed(self) -> tuple[int, int]:
        """How many of each player's cards are on the foundations."""
        return _contributed(self.foundations)

    @property
    def is_over(self) -> bool:
        return self.status != PLAYING

    def to_json(self) -> dict[str, object]:
        return position_json(self)

    @classmethod
    def from_json(cls, data: object) -> Position:
        """The position described by the API's JSON, checked through; ``InvalidPosition`` if not.

        ``status``, ``winner`` and ``contributed`` are output only: they are
        worked out again from the cards, whatever the input says.
        """

        return read_position(data)


def check(players: tuple[Layout, Layout], foundations: tuple[Foundation, ...]) -> None:
    """``InvalidPosition`` unless play can reach these cards (their JSON shape already checked)."""
    for index, pile in enumerate(foundations):
        for below, placed in zip((None,) + pile, pile):
            card = placed.card
            if below is None and card.rank != "A":
                raise InvalidPosition("foundations[%(index)s] must start with an ace", index=index)
            if below is not None and (card.suit != below.card.suit or card.value != below.card.value + 1):
                raise InvalidPosition("foundations[%(index)s] must go up in suit from the ace", index=index)
    for owner, layout in enumerate(players):
        for index, column in enumerate(layout.tableau):
            if not _is_run(column.face_up):
                raise InvalidPosition(
                    "players[%(player)s].tableau[%(column)s]: face-up cards are always a run built down in"
                    " alternating colours", player=owner, column=index,
                )
        mine = list(layout.cards())
        mine += [placed.card for pile in foundations for placed in pile if placed.owner == owner]
        if len(set(mine)) != len(mine):
            twice = next(card for card in mine if mine.count(card) > 1)
            raise InvalidPosition("player %(player)s has %(card)s twice", player=owner, card=twice.code)
    finished = [owner for owner, layout in enumerate(players) if layout.is_empty]
    if len(finished) == PLAYER_COUNT and all(_contributed(foundations)):
        raise InvalidPosition("both players have finished: a race has one winner")


# --- moves --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    """Turn the next three cards of the stock (or what is left) onto the waste, in order."""

    player: int

    def to_json(self) -> dict[str, object]:
        return move_json(self)


@dataclass(frozen=True, slots=True)
class Recycle:
    """With the stock empty, turn the whole waste over as the new stock, order kept."""

    player: int

    def to_json(self) -> dict[str, object]:
        return move_json(self)


@dataclass(frozen=True, slots=True)
class Transfer:
    """The API's ``move``: ``count`` cards from the end of a column, or the waste's top
    card, to one of the player's columns or (one card) to a foundation.

    ``source`` is ``"waste"`` or ``"c0"``…``"c6"``; ``target`` is ``"c0"``…``"c6"``
    or ``"f0"``…``"f7"``.
    """

    player: int
    source: str
    target: str
    count: int = 1

    def to_json(self) -> dict[str, object]:
        return move_json(self)


Move = Draw | Recycle | Transfer
"""Any move of the race."""

def move_from_json(data: object) -> Move:
    """The move described by the API's JSON; ``InvalidMove`` for anything off the schema."""
    return read_move(data)


# --- the deal -------------------------------------------------------------------


def new_game(seed: int, **options: object) -> Position:
    """A fresh race: each player's deck shuffled on its own and dealt; the same seed, the same deal."""
    if options:
        raise InvalidOptions("double-solitaire takes no options, not %(option)s", option=sorted(options)[0])
    if not decode.is_whole_number(seed):
        raise InvalidOptions("the seed must be a whole number, not %(got)s", got=decode.describe(seed))
    rng = random.Random(seed)
    players = (_deal(rng), _deal(rng))
    return Position.of(players, EMPTY_FOUNDATIONS)


def _deal(rng: random.Random) -> Layout:
    """Seven columns of 1 to 7 cards dealt row by row, end cards face up; the rest is the stock."""
    deck = list(DECK)
    rng.shuffle(deck)
    cards = iter(deck)
    columns: list[list[Card]] = [[] for _ in range(COLUMN_COUNT)]
    for row in range(COLUMN_COUNT):
        for column in columns[row:]:
            column.append(next(cards))
    return Layout(
        tableau=tuple(Column(tuple(column[:-1]), (column[-1],)) for column in columns),
        stock=tuple(cards),
    )


# --- the rules --------------------------------------------------------------------
# Each rule is written once, as a check that returns the refusal or None:
# ``legal_moves`` keeps the candidates ``refusal`` lets through and ``apply``
# raises what ``refusal`` finds.


def _column_refusal(onto: Card, card: Card) -> Refusal | None:
    """Whether ``card`` may cover ``onto`` in a column: one rank lower, the other colour."""
    if onto.value != card.value + 1:
        return refuse("wrong_rank", N_("%(card)s cannot go on %(target)s: a column goes down one rank at a time"),
                      card=card, target=onto)
    if card.is_red == onto.is_red:
        return refuse("wrong_colour",
                      N_("%(card)s cannot go on %(target)s: colours must alternate, red on black and black on red"),
                      card=card, target=onto)
    return None


def _empty_column_refusal(card: Card) -> Refusal | None:
    if card.rank != "K":
        return refuse("not_a_king",
                      N_("Only a king, or a run headed by a king, can go into an empty column: %(card)s is not a king"),
                      card=card)
    return None


def _foundation_refusal(pile: Foundation, card: Card) -> Refusal | None:
    """Whether ``pile`` takes ``card``: an ace when empty, else the next card of its suit."""
    if not pile:
        if card.rank != "A":
            return refuse("foundation_mismatch", N_("An empty foundation starts with an ace: %(card)s is not an ace"),
                          card=card)
        return None
    top = pile[-1].card
    if top.suit != card.suit:
        return refuse("foundation_mismatch", N_("%(card)s cannot go on %(top)s: a foundation keeps to one suit"),
                      card=card, top=top)
    if card.value <= len(pile):
        return refuse("place_taken", N_("That foundation already has a %(card)s: this one needs the other foundation"
                                        " of its suit"), card=card)
    if card.value != len(pile) + 1:
        return refuse("foundation_mismatch", N_("%(card)s cannot go on %(top)s: a foundation goes up one rank at a"
                                                " time"), card=card, top=top)
    return None


def _run_start(face_up: tuple[Card, ...]) -> int:
    """Index of the first card of the run (a legal sequence) that ends the column."""
    start = len(face_up) - 1
    while start > 0 and _column_refusal(face_up[start - 1], face_up[start]) is None:
        start -= 1
    return start


def _is_run(cards: tuple[Card, ...]) -> bool:
    """Whether every card covers the one before it legally: a run built down in alternating colours."""
    return _run_start(cards) <= 0


def _draw_refusal(layout: Layout) -> Refusal | None:
    if layout.stock:
        return None
    if layout.waste:
        return refuse("stock_empty", N_("The stock is empty: turn the waste over to start a new pass"))
    return refuse("stock_empty", N_("The stock and the waste are both empty: there is nothing left to draw"))


def _recycle_refusal(layout: Layout) -> Refusal | None:
    if layout.stock:
        return refuse("stock_not_empty", N_("The waste can only be turned over once the stock is empty"))
    if not layout.waste:
        return refuse("empty_pile", N_("The stock and the waste are both empty: there is nothing to turn over"))
    return None


def _source_refusal(layout: Layout, move: Transfer) -> Refusal | None:
    """Whether ``move.count`` cards may leave ``move.source``: face up, in play, and a run."""
    index = _COLUMN_INDEX.get(move.source)
    if index is None:
        if not layout.waste:
            return refuse("empty_pile", N_("There is no card there to move"))
        if move.count != 1:
            return refuse("waste_top_only", N_("Only the top card of the waste is in play"))
        return None
    face_up = layout.tableau[index].face_up
    if not face_up:
        return refuse("empty_pile", N_("There is no card there to move"))
    if move.count > len(face_up):
        return refuse("face_down", N_("Only face-up cards can move, and this column has %(face_up)d of them"),
                      face_up=len(face_up))
    cards = face_up[-move.count:]
    for lower, upper in zip(cards, cards[1:]):
        if _column_refusal(lower, upper) is not None:
            return refuse("not_a_sequence", N_("These %(count)d cards cannot move together: %(card)s on %(target)s"
                                               " is not one rank lower in the other colour"),
                          count=move.count, card=upper, target=lower)
    return None


def _target_refusal(layout: Layout, foundations: tuple[Foundation, ...], move: Transfer, head: Card) -> Refusal | None:
    """Whether ``move.target`` takes the moving cards, ``head`` the deepest of them."""
    foundation = _FOUNDATION_INDEX.get(move.target)
    if foundation is not None:
        if move.count != 1:
            return refuse("one_card_to_foundation", N_("Cards go to a foundation one at a time"))
        return _foundation_refusal(foundations[foundation], head)
    if move.target == move.source:
        return refuse("same_pile", N_("The cards are already in that column"))
    face_up = layout.tableau[_COLUMN_INDEX[move.target]].face_up
    if face_up:
        return _column_refusal(face_up[-1], head)
    return _empty_column_refusal(head)


def _moving(layout: Layout, move: Transfer) -> tuple[Card, ...]:
    """The cards ``move`` takes (it has passed ``_source_refusal``), deepest first."""
    if move.source == WASTE:
        return layout.waste[-1:]
    return layout.tableau[_COLUMN_INDEX[move.source]].face_up[-move.count:]


def refusal(position: Position, move: Move) -> Refusal | None:
    """Why the rules forbid ``move`` now, or ``None`` if they allow it (``move`` is well formed)."""
    if position.status != PLAYING:
        return refuse("game_over", N_("The race is over"))
    layout = position.players[move.player]
    if isinstance(move, Draw):
        return _draw_refusal(layout)
    if isinstance(move, Recycle):
        return _recycle_refusal(layout)
    return _source_refusal(layout, move) or _target_refusal(
        layout, position.foundations, move, _moving(layout, move)[0]
    )


def _candidates(position: Position) -> Iterator[Move]:
    """Every move worth asking ``refusal`` about, player 0's first: a superset of the legal moves.

    Draw or turn over; then the waste's top card to each foundation of its suit (an
    empty one for an ace) and each column; then end cards to those foundations, and onto each other column the one part of
    the run at the end of a column that could head there (as python-chess asks its
    legality check only about pseudo-legal moves, ``refusal`` alone still decides).
    """
    for player, layout in enumerate(position.players):
        yield Draw(player) if layout.stock else Recycle(player)
        if layout.waste:
            yield from (Transfer(player, WASTE, target)
                        for target in _foundations_for(position.foundations, layout.waste[-1]) + COLUMNS)
        for index, column in enumerate(layout.tableau):
            if not column.face_up:
                continue
            source = COLUMNS[index]
            yield from (Transfer(player, source, target)
                        for target in _foundations_for(position.foundations, column.face_up[-1]))
            run = column.face_up[_run_start(column.face_up):]
            fits = [(_heading_count(run, layout.tableau[target_index]), target_index)
                    for target_index, target in enumerate(COLUMNS) if target != source]
            # Shorter parts first, then the columns in order: the order legal moves have always had.
            yield from (Transfer(player, source, COLUMNS[target], count) for count, target in sorted(fits) if count)


def _foundations_for(foundations: tuple[Foundation, ...], card: Card) -> tuple[str, ...]:
    """The foundations that could take ``card``: the empty ones for an ace, else those of its suit."""
    return tuple(name for name, pile in zip(FOUNDATIONS, foundations)
                 if (not pile if card.rank == "A" else bool(pile) and pile[-1].card.suit == card.suit))


def _heading_count(run: tuple[Card, ...], target: Column) -> int:
    """How many cards from the end of ``run`` would have their deepest card land on ``target``: the run's
    card one rank under the target's end card, or its king for an empty column; 0 if none.

    A run goes down one rank a card, so at most one of its cards has the rank that could go there.
    """
    for depth, card in enumerate(run):
        if (card.value + 1 == target.face_up[-1].value) if target.face_up else (
                not target.face_down and card.rank == "K"):
            return len(run) - depth
    return 0


def legal_moves(position: Position) -> list[Move]:
    """Every move either player may make now, player 0's first: the candidates the rules allow."""
    if position.status != PLAYING:
        return []
    return [move for move in _candidates(position) if refusal(position, move) is None]


def apply(position: Position, move: Move) -> tuple[Position, list[Event]]:
    """The position after ``move`` and what happened; ``IllegalMove`` if the rules forbid it now."""

    player = well_formed(move).player
    refused = refusal(position, move)
    if refused is not None:
        raise refused.error()
    layout = position.players[player]
    foundations = position.foundations
    if isinstance(move, Draw):
        layout, events = _draw(player, layout)
    elif isinstance(move, Recycle):
        layout, events = _recycle(player, layout)
    else:
        layout, foundations, events = _transfer(player, layout, foundations, move)
    players = (layout, position.players[1]) if player == 0 else (position.players[0], layout)
    status, winner = _outcome(players, foundations, player)
    if status == WON:
        events.append(Event("won", {"winner": winner}))
    elif status == BLOCKED:
        events.append(Event("blocked", {"winner": winner, "contributed": list(_contributed(foundations))}))
    return Position(players, foundations, status, winner), events


def _draw(player: int, layout: Layout) -> tuple[Layout, list[Event]]:
    drawn = layout.stock[:DRAW_COUNT]
    # Turned over as a packet, the three keep their order: the third ends on top.
    new = replace(layout, stock=layout.stock[DRAW_COUNT:], waste=layout.waste + drawn)
    return new, [Event("drew", {"player": player, "cards": drawn})]


def _recycle(player: int, layout: Layout) -> tuple[Layout, list[Event]]:
    # Turning the pile over puts its bottom card on top: waste[0] becomes stock[0],
    # so every pass deals the cards in the same order.
    return replace(layout, stock=layout.waste, waste=()), [Event("recycled", {"player": player})]


def _transfer(
    player: int, layout: Layout, foundations: tuple[Foundation, ...], move: Transfer
) -> tuple[Layout, tuple[Foundation, ...], list[Event]]:
    """Move the cards (the rules allow it): off their source, onto their target, turning up what they freed."""
    cards = _moving(layout, move)
    tableau = list(layout.tableau)
    waste = layout.waste
    events = [Event("moved", {"player": player, "from": move.source, "to": move.target, "cards": cards})]
    if move.source == WASTE:
        waste = waste[:-1]
    else:
        events += _take_from_column(tableau, player, move.source, move.count)
    foundation = _FOUNDATION_INDEX.get(move.target)
    if foundation is not None:
        pile = foundations[foundation] + (FoundationCard(cards[0], player),)
        foundations = foundations[:foundation] + (pile,) + foundations[foundation + 1:]
    else:
        index = _COLUMN_INDEX[move.target]
        tableau[index] = replace(tableau[index], face_up=tableau[index].face_up + cards)
    return replace(layout, tableau=tuple(tableau), waste=waste), foundations, events


def _take_from_column(tableau: list[Column], player: int, source: str, count: int) -> list[Event]:
    """Take ``count`` cards off the end of column ``source``; a face-down card left at the end turns up."""
    index = _COLUMN_INDEX[source]
    column = tableau[index]
    remaining = column.face_up[:-count]
    if remaining or not column.face_down:
        tableau[index] = Column(column.face_down, remaining)
        return []
    turned = column.face_down[-1]
    tableau[index] = Column(column.face_down[:-1], (turned,))
    return [Event("flipped", {"player": player, "column": source, "card": turned})]


def is_progress(position: Position, move: Move) -> bool:
    """Whether a legal move makes progress: a card to a foundation, the waste's card
    to a column, or a face-down card turned up. The others can be undone or repeated."""
    if not isinstance(move, Transfer):
        return False
    if move.target in _FOUNDATION_INDEX or move.source == WASTE:
        return True
    column = position.players[move.player].tableau[_COLUMN_INDEX[move.source]]
    return move.count == len(column.face_up) and bool(column.face_down)


# --- the end of the race ----------------------------------------------------------


def _contributed(foundations: tuple[Foundation, ...]) -> tuple[int, int]:
    ones = sum(placed.owner for pile in foundations for placed in pile)
    return (sum(len(pile) for pile in foundations) - ones, ones)


def _outcome(
    players: tuple[Layout, ...], foundations: tuple[Foundation, ...], mover: int | None = None
) -> tuple[str, int | None]:
    """Status and winner of these cards; ``mover`` (who just moved) only saves work."""
    contributed: tuple[int, int] | None = None
    for player in range(PLAYER_COUNT) if mover is None else (mover,):
        if players[player].is_empty:
            contributed = _contributed(foundations)
            if contributed[player]:
                return WON, player
    # Checking the player who did not move first is cheaper: their layout is
    # unchanged, so its answer is usually remembered.
    order = range(PLAYER_COUNT) if mover is None else (1 - mover, mover)
    if any(not _is_blocked(players[player], foundations) for player in order):
        return PLAYING, None
    first, second = contributed or _contributed(foundations)
    return BLOCKED, (None if first == second else 0 if first > second else 1)


def is_blocked(position: Position, player: int) -> bool:
    """Whether ``player`` can reach no progress through their own non-progress moves,
    with the foundations as they are now."""
    return _is_blocked(position.players[player], position.foundations)


# Positions share their unchanged parts, so after a move the other player's layout
# and, most of the time, the foundations are the very same objects as before: an
# answer remembered by identity (holding the objects, so that the ids stay theirs)
# saves searching again. It is only a memo: the answer is a function of the objects.
_BLOCKED_MEMO: dict[tuple[int, int], tuple[Layout, tuple[Foundation, ...], bool]] = {}
_BLOCKED_MEMO_SIZE = 1024


def _is_blocked(layout: Layout, foundations: tuple[Foundation, ...]) -> bool:
    memo_key = (id(layout), id(foundations))
    remembered = _BLOCKED_MEMO.get(memo_key)
    if remembered is not None and remembered[0] is layout and remembered[1] is foundations:
        return remembered[2]
    answer = layout_blocked(layout, foundations)
    if len(_BLOCKED_MEMO) >= _BLOCKED_MEMO_SIZE:
        _BLOCKED_MEMO.clear()
    _BLOCKED_MEMO[memo_key] = (layout, foundations, answer)
    return answer


def layout_blocked(layout: Layout, foundations: tuple[Foundation, ...]) -> bool:
    """The block search itself for one player's layout against these foundations,
    searched afresh each time (``is_blocked`` remembers answers)."""
    key = block_search.key
    wanted = block_search.foundation_wants(key(pile[-1].card) if pile else None for pile in foundations)
    columns = [(bool(column.face_down), tuple(key(card) for card in column.face_up)) for column in layout.tableau]
    cycle = [key(card) for card in layout.waste] + [key(card) for card in layout.stock]
    return block_search.is_blocked(columns, cycle, len(layout.waste), wanted)


# JSON: each value reads and writes itself through the shapes declared in ``shapes``.


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def _column(cards: list[RaceTableauCard], where: str) -> Column:
    """A column as the API lists it, from the deepest card: face-down cards, then face-up ones."""
    face_down = 0
    for index, item in enumerate(cards):
        if not item.up:
            if index != face_down:
                raise InvalidPosition("%(where)s[%(index)s] is face down on top of a face-up card", where=where,
                                      index=index)
            face_down += 1
    if face_down and face_down == len(cards):
        raise InvalidPosition("%(where)s ends in a face-down card, which would have been turned up", where=where)
    return Column(
        tuple(Card.parse(item.card) for item in cards[:face_down]),
        tuple(Card.parse(item.card) for item in cards[face_down:]),
    )


def _layout(shape: RaceLayout, where: str) -> Layout:
    return Layout(
        tuple(_column(column, f"{where}.tableau[{index}]") for index, column in enumerate(shape.tableau)),
        _cards(shape.stock),
        _cards(shape.waste),
    )


def read_position(data: object) -> Position:
    """The position an API client sent, checked whole; ``InvalidPosition`` for anything wrong.

    ``status``, ``winner`` and ``contributed`` are worked out again from the cards.
    """
    shape = read(data, RacePosition, InvalidPosition, output_only=frozenset({"status", "winner", "contributed"}))
    first, second = (_layout(layout, f"players[{index}]") for index, layout in enumerate(shape.players))
    foundations = tuple(
        tuple(FoundationCard(Card.parse(placed.card), placed.owner) for placed in pile) for pile in shape.foundations
    )
    check((first, second), foundations)
    return Position.of((first, second), foundations)


def position_json(position: Position) -> dict[str, object]:
    """The API's JSON of ``position``, its status, winner and contributions included."""
    return write(RacePosition(
        players=[
            RaceLayout(
                [[RaceTableauCard(card.code, False) for card in column.face_down]
                 + [RaceTableauCard(card.code, True) for card in column.face_up] for column in layout.tableau],
                [card.code for card in layout.stock],
                [card.code for card in layout.waste],
            )
            for layout in position.players
        ],
        foundations=[[RaceFoundationCard(placed.card.code, placed.owner) for placed in pile]
                     for pile in position.foundations],
        status=position.status,
        winner=position.winner,
        contributed=list(position.contributed),
    ))


def read_move(data: object) -> Move:
    """The move an API client sent; ``InvalidMove`` for anything that does not fit the schema."""
    shape = read_union(data, RaceMove, InvalidMove)
    if isinstance(shape, RaceDraw):
        return Draw(shape.player)
    if isinstance(shape, RaceRecycle):
        return Recycle(shape.player)
    assert isinstance(shape, RaceTransfer)
    return Transfer(shape.player, shape.source, shape.target, shape.count)


def _shape(move: Move) -> RaceDraw | RaceRecycle | RaceTransfer:
    if isinstance(move, Draw):
        return RaceDraw(move.player)
    if isinstance(move, Recycle):
        return RaceRecycle(move.player)
    return RaceTransfer(player=move.player, source=move.source, count=move.count, target=move.target)


def move_json(move: Move) -> dict[str, object]:
    """The API's JSON of ``move``."""
    return write(_shape(move))


def well_formed(move: object) -> Move:
    """``move`` itself if the declared move shape describes it; ``InvalidMove`` otherwise.

    ``apply`` asks, so that a move built in Python is held to the same schema as
    one that came as JSON.
    """
    if not isinstance(move, (Draw, Recycle, Transfer)):
        raise InvalidMove("not a move of this game: %(got)s", got=type(move).__name__)
    try:
        read_union(move_json(move), RaceMove, InvalidMove)
    except TypeError:
        raise InvalidMove("not a move of this game: %(got)s", got=repr(move)[:40]) from None
    return move

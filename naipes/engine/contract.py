"""The contract every game keeps, and the descriptor that binds one game's package to it.

``Rules`` is what the web layer, the examples, the tables, the publisher and
the tests rely on: the game's id and player range, its JSON (reading a
position and a move, the declared shapes), a new deal, the legal moves,
applying a move, what one seat may see of a position and of an event, the
sentences that tell its events, and how it is played at a table against the
computer. ``Game`` binds one game's functions to it: its methods take any
``PositionLike`` and check that it is this game's before handing it on, so
``naipes.games.GAMES`` holds every game under the one type. No module outside
a game's package imports that package's modules: they go through here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from .choice import Allowance, Choice
from .errors import InvalidMove
from .events import Event
from .review import Review
from .sentences import Journey, Sentence, Untold


class PositionLike(Protocol):
    """What every game's ``Position`` offers: its JSON, and whether the game is over."""

    @property
    def is_over(self) -> bool: ...

    def to_json(self) -> dict[str, object]: ...


class MoveLike(Protocol):
    """What every game's moves offer: who makes them, and their JSON."""

    @property
    def player(self) -> int: ...

    def to_json(self) -> dict[str, object]: ...


class ViewLike(Protocol):
    """What a seat may see of a position: the position's JSON shape, unseen cards ``null``."""

    @property
    def seat(self) -> int: ...

    def to_json(self) -> dict[str, object]: ...


class PositionReader(Protocol):
    """A game's ``Position`` class as the web layer uses it: ``Position.from_json(data)``."""

    def from_json(self, data: object) -> PositionLike: ...


class Rules(Protocol):
    """The contract every game keeps."""

    @property
    def ID(self) -> str: ...

    @property
    def PLAYERS(self) -> tuple[int, int]: ...

    @property
    def NEW_GAME_OPTIONS(self) -> frozenset[str]: ...

    @property
    def Position(self) -> PositionReader: ...

    @property
    def shapes(self) -> Mapping[str, object]: ...

    @property
    def words(self) -> Mapping[str, str]: ...

    @property
    def template_globals(self) -> Mapping[str, object]: ...

    @property
    def levels(self) -> tuple[str, ...]: ...

    @property
    def realtime(self) -> bool: ...

    @property
    def scoring(self) -> Scoring[Any]: ...

    def new_game(self, seed: int, **options: object) -> PositionLike: ...

    def legal_moves(self, position: PositionLike) -> Sequence[MoveLike]: ...

    def apply(self, position: PositionLike, move: MoveLike) -> tuple[PositionLike, list[Event]]: ...

    def move_from_json(self, data: object) -> MoveLike: ...

    def view(self, position: PositionLike, seat: int) -> ViewLike: ...

    def event_seen_by(self, event: Event, seat: int) -> Event: ...

    def tell(self, event: Mapping[str, object]) -> Sentence | None: ...

    def stage(self, event: Mapping[str, object]) -> Journey | None: ...

    def seats(self, position: PositionLike) -> int: ...

    def choose(self, position: PositionLike, seat: int, rng: random.Random, level: str,
               allowance: Allowance | None = None) -> Choice[MoveLike]: ...

    def allowance(self) -> Allowance | None: ...

    def prepare(self, position: PositionLike, reader: int, rng: random.Random) -> MoveLike | None: ...

    @property
    def judges(self) -> bool: ...

    def review(self, start: PositionLike, moves: Sequence[MoveLike], seat: int) -> Review: ...

    @property
    def analyses(self) -> bool: ...

    def analysis(self, position: PositionLike) -> Mapping[str, object]: ...

    def on_board(self, position: PositionLike) -> bool: ...

    def set_up(self, fields: Mapping[str, str]) -> PositionLike: ...

    def setup_fields(self, position: PositionLike) -> Mapping[str, str]: ...

    def setup_dealt(self, fields: Mapping[str, str], rng: random.Random) -> Mapping[str, str]: ...


P = TypeVar("P", bound=PositionLike)
M = TypeVar("M", bound=MoveLike)
V = TypeVar("V", bound=ViewLike)


class _Reader(Generic[P]):
    """``Position.from_json`` of one game, typed as the contract reads it."""

    def __init__(self, read: Callable[[object], P]) -> None:
        self._read = read

    def from_json(self, data: object) -> P:
        return self._read(data)


WON, LOST, DRAWN, ANNULLED = "won", "lost", "drawn", "annulled"
"""How a finished deal ended for one seat (``Scoring.outcome``)."""


@dataclass(frozen=True)
class Scoring(Generic[P]):
    """How a session at a table scores its deals, as the game's seed does.

    ``scores`` is a finished deal's score per seat (Solo Whist's chips, Old Maid's
    losses, the race's wins) and ``tallies`` any other running count per seat the
    seed names (the race's cards contributed); ``outcome`` is the deal's end for one
    seat (``WON``...), ``next_deal`` the options of the next deal (the dealer moving
    on). ``fewer_is_better`` orders the places (Old Maid: fewer losses).
    """

    scores: Callable[[P], tuple[int, ...]]
    outcome: Callable[[P, int], str]
    next_deal: Callable[[P], dict[str, int]]
    fewer_is_better: bool = False
    tallies: Mapping[str, Callable[[P], tuple[int, ...]]] = field(default_factory=dict)


@dataclass(frozen=True)
class Player(Generic[P, M, V]):
    """How a game is played against the computer.

    ``choose`` decides from a seat's view and legal moves alone. ``seats`` counts a
    position's players. ``realtime`` games (the race) have no turns: the computer
    moves when the page asks. ``prepare`` readies a position before anyone draws
    from a computer's hand (Old Maid: the offerer shuffles its fan). ``scoring`` scores
    a session of deals at the table. ``answer_work`` is the work the computer players
    may do between two of the reader's moves, shared among them (``Allowance``); None
    where a decision costs too little to count.
    """

    levels: tuple[str, ...]
    choose: Callable[[V, list[M], random.Random, str, Allowance | None], Choice[M]]
    seats: Callable[[P], int]
    scoring: Scoring[P]
    realtime: bool = False
    prepare: Callable[[P, int, random.Random], M | None] | None = None
    answer_work: int | None = None


@dataclass(frozen=True)
class Setup(Generic[P]):
    """How a reader sets up a position on a game's analysis board: a form of named fields.

    ``read`` gives the position the fields describe, or ``InvalidPosition`` with a message written for
    the reader (its template is in the catalogs); ``fields`` fills the form in for a position shown;
    ``deal`` keeps what the fields say besides the cards and deals those at random; ``shows`` says
    whether the board can take a position at all (where a worked example or a review starts on it).
    """

    shows: Callable[[P], bool]
    read: Callable[[Mapping[str, str]], P]
    fields: Callable[[P], Mapping[str, str]]
    deal: Callable[[Mapping[str, str], random.Random], Mapping[str, str]]


@dataclass(frozen=True)
class Game(Generic[P, M, V]):
    """One game's package bound to the contract ``Rules``.

    ``words`` are the game's own terms by key, as ``N_`` msgids (Solo Whist's
    calls); ``template_globals`` what the game's templates need besides the
    position (Solo Whist's calls, stakes and settlement rows).
    """

    ID: str
    PLAYERS: tuple[int, int]
    NEW_GAME_OPTIONS: frozenset[str]
    position_type: type[P]
    move_types: tuple[type[M], ...]
    read_position: Callable[[object], P]
    deal: Callable[..., P]
    legal_moves_of: Callable[[P], Sequence[M]]
    apply_to: Callable[[P, M], tuple[P, list[Event]]]
    read_move: Callable[[object], M]
    view_of: Callable[[P, int], V]
    event_for_seat: Callable[[Event, int], Event]
    shapes: Mapping[str, object]
    teller: Callable[[Mapping[str, object]], Sentence | None]
    stager: Callable[[Mapping[str, object]], Journey | None]
    player: Player[P, M, V]
    words: Mapping[str, str] = field(default_factory=dict)
    template_globals: Mapping[str, object] = field(default_factory=dict)
    reviewer: Callable[[P, Sequence[M], int], Review] | None = None
    """Judges a seat's decisions in a finished game; None for a game of chance (Old Maid)."""
    analyser: Callable[[P], Mapping[str, object]] | None = None
    setup: Setup[P] | None = None
    """The analysis board's set-up form, for a game with an analysis board."""

    @property
    def Position(self) -> _Reader[P]:  # noqa: N802 - the name the game modules use
        return _Reader(self.read_position)

    @property
    def levels(self) -> tuple[str, ...]:
        return self.player.levels

    @property
    def realtime(self) -> bool:
        return self.player.realtime

    @property
    def scoring(self) -> Scoring[P]:
        return self.player.scoring

    def new_game(self, seed: int, **options: object) -> P:
        return self.deal(seed, **options)

    def legal_moves(self, position: PositionLike) -> Sequence[M]:
        return self.legal_moves_of(self._own(position))

    def apply(self, position: PositionLike, move: MoveLike) -> tuple[P, list[Event]]:
        return self.apply_to(self._own(position), self._own_move(move))

    def move_from_json(self, data: object) -> M:
        return self.read_move(data)

    def view(self, position: PositionLike, seat: int) -> V:
        return self.view_of(self._own(position), seat)

    def event_seen_by(self, event: Event, seat: int) -> Event:
        return self.event_for_seat(event, seat)

    def tell(self, event: Mapping[str, object]) -> Sentence | None:
        """``event`` (the API's JSON, perhaps from a client) in words; None if it does not fit the game's events."""
        try:
            return self.teller(event)
        except (Untold, KeyError):
            return None

    def stage(self, event: Mapping[str, object]) -> Journey | None:
        """Where ``event``'s cards travel on the game's table; None if nothing does, or the event does not fit."""
        try:
            return self.stager(event)
        except (Untold, KeyError):
            return None

    def seats(self, position: PositionLike) -> int:
        return self.player.seats(self._own(position))

    def choose(self, position: PositionLike, seat: int, rng: random.Random, level: str,
               allowance: Allowance | None = None) -> Choice[M]:
        """The computer's choice for ``seat``, decided from that seat's view and moves alone, within
        ``allowance`` if one is given."""
        own = self._own(position)
        moves = [move for move in self.legal_moves_of(own) if move.player == seat]
        return self.player.choose(self.view_of(own, seat), moves, rng, level, allowance)

    def allowance(self) -> Allowance | None:
        """A fresh allowance for one answer's computer moves, or None if the game's players need none."""
        return None if self.player.answer_work is None else Allowance(self.player.answer_work)

    def prepare(self, position: PositionLike, reader: int, rng: random.Random) -> M | None:
        """The move that readies ``position`` before anyone draws from a computer's hand, or None:
        a move, so that a table's record of its game holds it like any other."""
        own = self._own(position)
        if self.player.prepare is None or own.is_over:
            return None
        return self.player.prepare(own, reader, rng)

    @property
    def judges(self) -> bool:
        return self.reviewer is not None

    @property
    def analyses(self) -> bool:
        return self.analyser is not None

    def analysis(self, position: PositionLike) -> Mapping[str, object]:
        """The analysis board's answer for ``position`` (the API's JSON), for a game that has one."""
        if self.analyser is None:
            raise TypeError(f"{self.ID} has no analysis board")
        return self.analyser(self._own(position))

    def on_board(self, position: PositionLike) -> bool:
        """Whether the analysis board can take ``position`` (Solo Whist: one whose cards are in play)."""
        return self._setup().shows(self._own(position))

    def set_up(self, fields: Mapping[str, str]) -> P:
        """The position a reader set up on the analysis board with ``fields`` (``InvalidPosition`` if none)."""
        return self._setup().read(fields)

    def setup_fields(self, position: PositionLike) -> Mapping[str, str]:
        """The analysis board's set-up form filled in for ``position``."""
        return self._setup().fields(self._own(position))

    def setup_dealt(self, fields: Mapping[str, str], rng: random.Random) -> Mapping[str, str]:
        """The set-up form's ``fields`` with the cards dealt again at random."""
        return self._setup().deal(fields, rng)

    def _setup(self) -> Setup[P]:
        if self.setup is None:
            raise TypeError(f"{self.ID} has no analysis board to set up")
        return self.setup

    def review(self, start: PositionLike, moves: Sequence[MoveLike], seat: int) -> Review:
        """The review of ``seat``'s decisions in the game played from ``start`` by ``moves``."""
        if self.reviewer is None:
            return Review()
        return self.reviewer(self._own(start), [self._own_move(move) for move in moves], seat)

    def _own(self, position: PositionLike) -> P:
        if not isinstance(position, self.position_type):
            raise TypeError(f"not a position of {self.ID}: {type(position).__name__}")
        return position

    def _own_move(self, move: MoveLike) -> M:
        if not isinstance(move, self.move_types):
            raise InvalidMove("not a move of %(game)s: %(got)s", game=self.ID, got=type(move).__name__)
        return move

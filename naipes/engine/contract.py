"""The contract every game keeps: the base class ``Rules`` each game's ``game`` module subclasses.

``Rules`` is what the web layer, the examples, the tables, the publisher and
the tests rely on: the game's id and player range, its JSON (reading a
position and a move, the declared shapes), a new deal, the legal moves,
applying a move, what one seat may see of a position and of an event, the
sentences that tell its events, and how it is played at a table against the
computer. A game gives it its own modules (``RulesModule``, ``ViewModule``...:
every game has the same module names), says how many seats a position has
(``Rules`` is generic over its position, move and view) and adds, where it has
them, the optional capabilities: a review of a finished game, an analysis board, a move
that readies a position. ``naipes.games.GAMES`` holds every game under the one
type. No module outside a game's package imports that package's modules: they
go through here.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from .choice import Allowance, Choice
from .errors import Nn_
from .events import Event
from .puzzles import Hunt, Verdict
from .review import Review
from .sentences import Journey, Sentence, Untold
from .values import MoveLike, PositionLike, ViewLike


P = TypeVar("P", bound=PositionLike)
M = TypeVar("M", bound=MoveLike)
V = TypeVar("V", bound=ViewLike)
P_in = TypeVar("P_in", bound=PositionLike, contravariant=True)
V_in = TypeVar("V_in", bound=ViewLike, contravariant=True)
V_out = TypeVar("V_out", bound=ViewLike, covariant=True)


class RulesModule(Protocol[P, M]):
    """A game's ``rules`` module: its id, its player range, the options of a new deal, its position
    class, and the four functions of its rules."""

    @property
    def ID(self) -> str: ...

    @property
    def PLAYERS(self) -> tuple[int, int]: ...

    @property
    def NEW_GAME_OPTIONS(self) -> frozenset[str]: ...

    @property
    def Position(self) -> type[P]: ...

    def new_game(self, seed: int, **options: object) -> P: ...

    def legal_moves(self, position: P, /) -> Sequence[M]: ...

    def apply(self, position: P, move: M, /) -> tuple[P, list[Event]]: ...

    def move_from_json(self, data: object, /) -> M: ...


class ViewModule(Protocol[P_in, V_out]):
    """A game's ``view`` module: what one seat may see of a position and of an event."""

    def view(self, position: P_in, seat: int, /) -> V_out: ...

    def event_seen_by(self, event: Event, seat: int, /) -> Event: ...


class SentencesModule(Protocol):
    """A game's ``sentences`` module: its events told in words, and where their cards travel."""

    def tell(self, event: Mapping[str, object], /) -> Sentence: ...

    def stage(self, event: Mapping[str, object], /) -> Journey | None: ...


class PlayerModule(Protocol[V_in, M]):
    """A game's ``player`` module: the computer's levels of play, the first the default, and its choice."""

    @property
    def LEVELS(self) -> tuple[str, ...]: ...

    def choose(self, view: V_in, moves: Sequence[M], rng: random.Random, level: str,
               allowance: Allowance | None, /) -> Choice[M]: ...


class ShapesModule(Protocol):
    """A game's ``shapes`` module: its JSON shapes, declared once."""

    @property
    def SHAPES(self) -> Mapping[str, object]: ...


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


class Rules(ABC, Generic[P, M, V]):
    """The contract every game keeps; each game's ``game`` module subclasses it and exports ``GAME``,
    made from the game's own ``rules``, ``view``, ``sentences``, ``player`` and ``shapes`` modules.

    Every game has modules of these names, and the contract takes the standard parts from them, so a
    game's class holds only what is its own: ``seats``, ``scoring`` and the optional capabilities.
    From ``rules``: ``ID``, ``PLAYERS``, ``NEW_GAME_OPTIONS``, ``Position`` (the game's position class,
    ``Position.from_json(data)``) and the rules themselves; from ``player``: ``levels``, the computer's
    levels of play, the first the default; from ``shapes``: the game's JSON ``shapes``, declared once.
    ``words`` are the game's own terms by key, as ``N_`` msgids (Solo Whist's calls);
    ``template_globals`` what its templates need besides the position (Solo Whist's calls, stakes and
    settlement rows). ``realtime`` games (the race) have no turns: the computer moves when the page
    asks. ``scoring`` scores a session of deals at a table. ``answer_work`` is the work the computer
    players may do between two of the reader's moves, shared among them (``Allowance``); None where a
    decision costs too little to count.
    """

    ID: str
    PLAYERS: tuple[int, int]
    NEW_GAME_OPTIONS: frozenset[str]
    Position: type[P]
    shapes: Mapping[str, object]
    levels: tuple[str, ...]
    level_names: Mapping[str, str] = {}
    """Each level as the play page offers it (an ``N_`` message), where the game has more than one."""
    scoring: Scoring[P]
    words: Mapping[str, str] = {}
    template_globals: Mapping[str, object] = {}
    realtime: bool = False
    answer_work: int | None = None
    judges: bool = False
    """Whether ``review`` judges a seat's decisions; not in a game of chance (Old Maid)."""
    review_cost: tuple[str, str] = Nn_("Cost: %(num)s card.", "Cost: %(num)s cards.")
    """How a review writes a decision's cost, in the game's own unit: one and more, as ngettext takes them (``Nn_``)."""
    review_unit: str = "cards"
    """The game's own unit of a decision's cost, as the API names it."""
    analyses: bool = False
    """Whether the game has an analysis board (``analysis`` and the set-up form)."""
    sets_puzzles: bool = False
    """Whether the game has puzzles (``find_puzzles``, ``check_puzzle``)."""

    def __init__(self, *, rules: RulesModule[P, M], view: ViewModule[P, V], sentences: SentencesModule,
                 player: PlayerModule[V, M], shapes: ShapesModule) -> None:
        self._rules, self._view, self._sentences, self._player = rules, view, sentences, player
        self.ID, self.PLAYERS, self.NEW_GAME_OPTIONS = rules.ID, rules.PLAYERS, rules.NEW_GAME_OPTIONS
        self.Position = rules.Position
        self.levels = player.LEVELS
        self.shapes = shapes.SHAPES

    def __reduce__(self) -> str:
        # A game is its module's one ``GAME``: pickled by that name (the compute pool sends games to its
        # processes), as a module, which it holds, could not be.
        return "GAME"

    def new_game(self, seed: int, **options: object) -> P:
        """A fresh deal from ``seed`` (the same seed, the same deal) with the ``NEW_GAME_OPTIONS`` given."""
        return self._rules.new_game(seed, **options)

    def legal_moves(self, position: P) -> Sequence[M]:
        """Every move the rules allow now, of every seat that may move."""
        return self._rules.legal_moves(position)

    def apply(self, position: P, move: M) -> tuple[P, list[Event]]:
        """The position after ``move`` and what happened; ``IllegalMove`` if the rules forbid it now."""
        return self._rules.apply(position, move)

    def move_from_json(self, data: object) -> M:
        """The move the API's JSON describes; ``InvalidMove`` for anything off the schema."""
        return self._rules.move_from_json(data)

    def view(self, position: P, seat: int) -> V:
        """``position`` as ``seat`` sees it."""
        return self._view.view(position, seat)

    def event_seen_by(self, event: Event, seat: int) -> Event:
        """``event`` as ``seat`` sees it."""
        return self._view.event_seen_by(event, seat)

    @abstractmethod
    def seats(self, position: P) -> int:
        """How many players ``position`` has."""

    def decide(self, view: V, moves: list[M], rng: random.Random, level: str,
               allowance: Allowance | None) -> Choice[M]:
        """The computer's choice among ``moves`` from ``view`` alone, at ``level``, within ``allowance`` if one
        is given."""
        return self._player.choose(view, moves, rng, level, allowance)

    def tell(self, event: Mapping[str, object]) -> Sentence | None:
        """``event`` (the API's JSON, perhaps from a client) in words; None if it does not fit the game's events."""
        try:
            return self._sentences.tell(event)
        except (Untold, KeyError):
            return None

    def stage(self, event: Mapping[str, object]) -> Journey | None:
        """Where ``event``'s cards travel on the game's table; None if nothing does, or the event does not fit."""
        try:
            return self._sentences.stage(event)
        except (Untold, KeyError):
            return None

    def choose(self, position: P, seat: int, rng: random.Random, level: str,
               allowance: Allowance | None = None) -> Choice[M]:
        """The computer's choice for ``seat``, decided from that seat's view and moves alone, within
        ``allowance`` if one is given."""
        moves = [move for move in self.legal_moves(position) if move.player == seat]
        return self.decide(self.view(position, seat), moves, rng, level, allowance)

    def allowance(self) -> Allowance | None:
        """A fresh allowance for one answer's computer moves, or None if the game's players need none."""
        return None if self.answer_work is None else Allowance(self.answer_work)

    def prepare(self, position: P, reader: int, rng: random.Random) -> M | None:
        """The move that readies ``position`` before anyone draws from a computer's hand, or None (as in
        most games): a move, so that a table's record of its game holds it like any other."""
        return None

    def scoring_data(self) -> Mapping[str, object] | None:
        """How a deal at a real table is settled, as data a score pad looks up (the API's ``scoring``), so that
        no page re-implements a rule; None for a game without a score pad."""
        return None

    def review(self, start: P, moves: Sequence[M], seat: int) -> Review:
        """The review of ``seat``'s decisions in the game played from ``start`` by ``moves``: empty unless
        the game ``judges``."""
        return Review()

    def analysis(self, position: P) -> Mapping[str, object]:
        """The analysis board's answer for ``position`` (the API's JSON), for a game that ``analyses``."""
        raise TypeError(f"{self.ID} has no analysis board")

    def on_board(self, position: P) -> bool:
        """Whether the analysis board can take ``position`` (Solo Whist: one whose cards are in play)."""
        return False

    def set_up(self, fields: Mapping[str, str]) -> P:
        """The position a reader set up on the analysis board with ``fields`` (``InvalidPosition`` if none)."""
        raise TypeError(f"{self.ID} has no analysis board to set up")

    def setup_fields(self, position: P) -> Mapping[str, str]:
        """The analysis board's set-up form filled in for ``position``."""
        raise TypeError(f"{self.ID} has no analysis board to set up")

    def setup_dealt(self, fields: Mapping[str, str], rng: random.Random) -> Mapping[str, str]:
        """The set-up form's ``fields`` with the cards dealt again at random, what they say besides the
        cards kept."""
        raise TypeError(f"{self.ID} has no analysis board to set up")

    def find_puzzles(self, seed: int, count: int) -> Hunt:
        """``count`` puzzles found from ``seed`` by the game's own search (the same seed, the same
        puzzles), for a game that has ``puzzles``."""
        raise TypeError(f"{self.ID} has no puzzles")

    def check_puzzle(self, start: P, seat: int, facts: Mapping[str, object], moves: Sequence[M]) -> Verdict:
        """The reader's ``moves`` (theirs alone) from the puzzle ``start``, judged by the engine against
        the puzzle's goal; ``IllegalMove`` for a move the rules refuse."""
        raise TypeError(f"{self.ID} has no puzzles")

    def puzzle_view(self, start: P, seat: int, facts: Mapping[str, object]) -> V:
        """What the reader sees of a puzzle with these ``facts``: their seat's view, unless the game's
        puzzles show more (Solo Whist's double-dummy problems lay every hand open)."""
        return self.view(start, seat)

    def puzzle_params(self, facts: Mapping[str, object]) -> Mapping[str, object]:
        """A puzzle's facts as a sentence's parameters (cards, seats, the game's own words), for its
        title and goal."""
        return facts

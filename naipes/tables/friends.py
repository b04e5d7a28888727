"""A table with friends, engine-side: who sits where, names, whose turn it is, and the computer
that plays a seat whose person has left or whose time ran out. No web, no store in it.

A table with friends has people in several seats. The driver moves every seat no person holds
(computer seats, and seats whose person left) until a person must move; a person whose turn
lasts longer than the table's turn time is played for, one move, by the computer at the
table's level, and the table records an event every seat sees (``played_for``).
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from ..engine.contract import MoveLike, PositionLike, Rules
from ..engine.decode import is_whole_number
from ..engine.errors import N_, EngineError
from ..engine.events import Event
from ..engine.sentences import Sentence, Untold, seat_in
from . import driver
from .errors import InvalidSeat, InvalidSeating

ME, FRIEND, COMPUTER = "me", "friend", "computer"
SEAT_KINDS = (ME, FRIEND, COMPUTER)

MAX_NAME = 24
"""The most characters a name at a table has."""

DEFAULT_TURN_SECONDS = 60
"""How long a person's turn lasts before the computer plays that move for them (``NAIPES_TURN_SECONDS``)."""

PLAYED_FOR = "played_for"
"""The table's own event, beside the game's, that every seat sees whole: a person's move the computer made."""


class InvalidSeats(InvalidSeating):
    code = "invalid_seats"

    def __init__(self, low: int, high: int) -> None:
        super().__init__(N_('“seats” must list %(low)s to %(high)s seats, each "me", "friend" or "computer", with'
                            ' "me" exactly once and at least one "friend".'), low=low, high=high)


class InvalidName(EngineError):
    code = "invalid_name"

    def __init__(self) -> None:
        super().__init__(N_("A name has 1 to %(most)s letters, digits, spaces or punctuation, and no < or >."),
                         most=MAX_NAME)


@dataclass(frozen=True, slots=True)
class Seating:
    """The seats a creator asked for, in seat order: ``ME`` once, ``FRIEND`` at least once, the rest ``COMPUTER``."""

    kinds: tuple[str, ...]

    @property
    def creator(self) -> int:
        return self.kinds.index(ME)

    @property
    def friends(self) -> tuple[int, ...]:
        return tuple(seat for seat, kind in enumerate(self.kinds) if kind == FRIEND)

    @property
    def people(self) -> frozenset[int]:
        return frozenset(seat for seat, kind in enumerate(self.kinds) if kind != COMPUTER)


def seating(game: Rules, seats: object, players: object = None, seat: object = None) -> Seating:
    """The seats of a new table with friends; ``InvalidSeats`` for a list the game cannot seat (the count
    of seats is the game's number of players; Old Maid's ``players``, if given, must agree). Where "me" is
    placed decides the creator's seat; a ``seat`` sent as well must still be one of the table's
    (``InvalidSeat``), as at any table."""
    low, high = game.PLAYERS
    if not isinstance(seats, list) or not all(isinstance(kind, str) and kind in SEAT_KINDS for kind in seats):
        raise InvalidSeats(low, high)
    fits = low <= len(seats) <= high and (players is None or players == len(seats))
    if not fits or seats.count(ME) != 1 or FRIEND not in seats:
        raise InvalidSeats(low, high)
    if seat is not None and not (is_whole_number(seat) and 0 <= seat < len(seats)):
        raise InvalidSeat(len(seats))
    return Seating(tuple(seats))


def new_game_options(game: Rules, kinds: Sequence[str]) -> dict[str, object]:
    """What the game's ``new_game`` is told of a table of ``kinds``: the number of players where it asks."""
    return {"players": len(kinds)} if "players" in game.NEW_GAME_OPTIONS else {}


_MARKUP = frozenset("<>")


def clean_name(value: object) -> str:
    """A name as the table shows it: NFC, its outer spaces trimmed and inner runs of spaces made one;
    ``InvalidName`` for no name, one over ``MAX_NAME`` characters, markup or control characters."""
    if not isinstance(value, str):
        raise InvalidName
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not 1 <= len(name) <= MAX_NAME or _MARKUP & set(name):
        raise InvalidName
    if any(unicodedata.category(char)[0] == "C" for char in name):
        raise InvalidName
    return name


def settle(game: Rules, position: PositionLike, present: Collection[int], level: str, rng: random.Random,
           record: list[MoveLike] | None = None) -> tuple[PositionLike, list[Event]]:
    """Every seat no person is ``present`` at moves (the computer, from that seat's view) until a
    present person must move or the game is over; in the race nobody waits for anybody."""
    if game.realtime:
        return position, []
    return driver.settle(game, position, -1, level, rng, record, humans=frozenset(present))


def to_move(game: Rules, position: PositionLike, present: Collection[int]) -> frozenset[int]:
    """The present people who may move now (none once the game is over or in the race, where nobody waits)."""
    if position.is_over or game.realtime:
        return frozenset()
    return frozenset(move.player for move in game.legal_moves(position)) & frozenset(present)


def play_for(game: Rules, position: PositionLike, seat: int, present: Collection[int], level: str,
             rng: random.Random, record: list[MoveLike] | None = None) -> tuple[PositionLike, list[Event]]:
    """The computer's move for ``seat``, whose person's time ran out, then every other computer's until a
    present person must move: the events start with ``played_for`` (every seat sees whose move it was)."""
    position = driver.ready(game, position, seat, rng, record)
    choice = game.choose(position, seat, rng, level, game.allowance())
    position, events = game.apply(position, choice.move)
    if record is not None:
        record.append(choice.move)
    position, more = settle(game, position, present, level, rng, record)
    return position, [Event(PLAYED_FOR, {"player": seat}), *events, *more]


def table_sentence(event: Mapping[str, object]) -> Sentence | None:
    """The table's own event in words (told to each seat in its own language), None for a game's event."""
    if event.get("type") != PLAYED_FOR:
        return None
    try:
        seat = seat_in(event.get("player"))
    except Untold:
        return None
    return Sentence(N_("%(player)s's time ran out: the computer played that move."), {"player": seat},
                    yours=N_("Your time ran out: the computer played that move for you."))

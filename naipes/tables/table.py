"""A table: one reader and computer players at a game, and everything the reader may ask of it.

Each request is a function that takes the table as it was and returns it as it is after,
with the events on the way (unmasked: ``Table.seen`` masks them for the reader's seat),
or raises the kernel's errors (``errors``). Nothing here keeps a table: the store does
(``seal``). A table is dealt from ``secrets``; the computer players throw fresh dice from
the operating system's randomness at each request, and a hint the dice the review will
throw for the same decision.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..engine.choice import Choice
from ..engine.contract import MoveLike, PositionLike, Rules
from ..engine.decode import is_whole_number
from ..engine.errors import N_, EngineError, IllegalMove
from ..engine.events import Event
from ..engine.review import Review, dice_for
from . import driver
from .errors import GameNotOver, InvalidLevel, InvalidSeat, InvalidTable
from .record import Record, RecordError, Replayed, replay
from .session import Session


def new_table_fields(game: Rules) -> frozenset[str]:
    """What a new table of ``game`` takes: the reader's seat and level, and how many players if the game asks."""
    return frozenset({"seat", "level"} | ({"players"} & game.NEW_GAME_OPTIONS))


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its game, position, the reader's seat and level, when it was dealt, its record (None for a
    table dealt before records were kept), and its session's deals before this one."""

    game: Rules
    position: PositionLike
    seat: int
    level: str
    created: int
    record: Record | None
    session: Session

    @classmethod
    def at_deal(cls, game: Rules, position: PositionLike, seat: int, level: str,
                session: Session | None = None) -> Table:
        """A table of ``position`` as dealt now, before anyone moves; ``session`` is the deals played before
        this one (a new session if none)."""
        return cls(game, position, seat, level, int(time.time()), Record(position.to_json()),
                   session or Session.start(game.scoring, game.seats(position)))

    @property
    def help(self) -> dict | None:
        """The help the reader asked for: the hints and undos, None for a table with no record."""
        return None if self.record is None else {"hints": self.record.hints, "undos": self.record.undos}

    def seen(self, events: list[Event]) -> dict:
        """What the reader's seat may see of the table and of ``events``, nothing else (the API's ``Table``
        but its token)."""
        game, position, seat = self.game, self.position, self.seat
        return {
            "seat": seat,
            "level": self.level,
            "view": game.view(position, seat).to_json(),
            "events": [game.event_seen_by(event, seat).to_json() for event in events],
            "moves": [move.to_json() for move in driver.moves_for(game, position, seat)],
            "over": position.is_over,
            "help": self.help,
            "session": self.session.shown(game.scoring, position, seat),
        }

    def went_on(self, position: PositionLike, moves: list[MoveLike]) -> Table:
        """The table after ``moves``, made from the position it had, reached ``position``."""
        record = None if self.record is None else self.record.extended(self.game, self.position, moves)
        return replace(self, position=position, record=record)


Turn = tuple[Table, list[Event]]
"""A table after a request, and the events on the way."""


def fresh_dice() -> random.Random:
    """The computer players' dice, fresh from the operating system's randomness."""
    return random.Random(secrets.randbits(128))


def deal(game: Rules, options: Mapping[str, object], rng: random.Random | None = None) -> Turn:
    """A new table: ``options`` are its fields (``new_table_fields``), the reader's ``seat`` and ``level``
    and, where the game asks, how many ``players``.

    The level is checked before the deal and the seat after it (the deal says how many seats there are).
    """
    level = options.get("level", game.levels[0])
    if not isinstance(level, str) or level not in game.levels:
        raise InvalidLevel(game.levels)
    players = {"players": options["players"]} if "players" in options else {}
    position = game.new_game(secrets.randbits(128), **players)
    seat = options.get("seat", 0)
    if not is_whole_number(seat) or not 0 <= seat < game.seats(position):
        raise InvalidSeat(game.seats(position))
    return _dealt(game, position, seat, level, None, rng)


def _dealt(game: Rules, position: PositionLike, seat: int, level: str, session: Session | None,
           rng: random.Random | None) -> Turn:
    """A new table of ``position``: the computers move until the reader must, the deal recorded."""
    table = Table.at_deal(game, position, seat, level, session)
    if game.realtime:
        return table, []
    moves: list[MoveLike] = []
    position, events = driver.settle(game, position, seat, level, rng or fresh_dice(), moves)
    return table.went_on(position, moves), events


def _not_your_turn(table: Table) -> IllegalMove:
    return IllegalMove("not_your_turn", N_("You play as %(player)s: wait for your turn, and move only your own cards"),
                       player=table.seat)


def move(table: Table, data: object, rng: random.Random | None = None) -> Turn:
    """The reader's move (its JSON), then the computer players' until the reader must move again."""
    game = table.game
    chosen = game.move_from_json(data)
    if chosen.player != table.seat:
        raise _not_your_turn(table)
    rng = rng or fresh_dice()
    moves: list[MoveLike] = []
    try:
        position, events = driver.play(game, table.position, table.seat, chosen, rng, moves)
    except EngineError:
        if not table.position.is_over and not driver.moves_for(game, table.position, table.seat):
            raise _not_your_turn(table) from None
        raise
    if not game.realtime:
        position, more = driver.settle(game, position, table.seat, table.level, rng, moves)
        events += more
    return table.went_on(position, moves), events


def _hint_dice(table: Table) -> random.Random:
    """The review's dice for this decision, so that the hint and the review agree; a game too
    long for its record has no review, and its hints throw fresh dice."""
    if table.record is None or not table.record.complete:
        return fresh_dice()
    return dice_for(table.game.view(table.position, table.seat).to_json(), len(table.record.moves))


def hint(table: Table) -> tuple[Table, Choice[MoveLike]]:
    """The strongest computer player's choice for the reader now, and the table counting the hint."""
    game = table.game
    if table.position.is_over:
        raise IllegalMove("game_over", N_("The game is over: start a new one."))
    if not driver.moves_for(game, table.position, table.seat):
        raise _not_your_turn(table)
    choice = driver.choose(game, table.position, table.seat, _hint_dice(table), game.levels[-1])
    if table.record is not None:
        table = replace(table, record=replace(table.record, hints=table.record.hints + 1))
    return table, choice


def tick(table: Table, rng: random.Random | None = None) -> Turn:
    """In a realtime game (the race), the computer's next move, if it has one."""
    moves: list[MoveLike] = []
    position, events = driver.tick(table.game, table.position, table.seat, table.level, rng or fresh_dice(), moves)
    return table.went_on(position, moves), events


def _not_recorded() -> IllegalMove:
    return IllegalMove("not_recorded", N_(
        "This game's moves were not all kept (it ran too long, or was dealt before reviews): it cannot be"
        " reviewed or dealt again."))


def replayed(table: Table) -> Replayed:
    """The table's game from its deal; ``not_recorded`` for a table whose moves were not all kept."""
    try:
        if table.record is None or not table.record.complete:
            raise RecordError("no record")
        return replay(table.game, table.record)
    except RecordError:
        raise _not_recorded() from None


def review(table: Table) -> tuple[Replayed, Review]:
    """A finished table's game from its deal, and the engine's review of the reader's decisions."""
    if not table.position.is_over:
        raise GameNotOver(N_("The game is not over yet: it can be reviewed once it ends."))
    played = replayed(table)
    return played, table.game.review(played.start, played.moves, table.seat)


def again(table: Table, rng: random.Random | None = None) -> Turn:
    """The same deal as a new table: the same cards to the same seats, from the table's own record."""
    if table.record is None:
        raise _not_recorded()
    try:
        position = table.game.Position.from_json(table.record.deal)
    except EngineError:
        raise InvalidTable from None
    # The deal played again takes the place of the one it repeats in the session: it is counted once, when it ends.
    return _dealt(table.game, position, table.seat, table.level, table.session, rng)


def again_from(table: Table, step: object) -> Turn:
    """A practice table from a decision of the reader's finished game: the same deal, played as it was up
    to just before the reader's move at ``step`` (the review's numbering: the first move is step 1), the
    reader to move. Its record holds the moves up to there, so it can be undone, reviewed and dealt again."""
    played = replayed(table)
    if not is_whole_number(step) or not 1 <= step <= len(played.moves) or played.moves[step - 1].player != table.seat:
        raise IllegalMove("not_a_decision", N_(
            "That step is not one of your moves in this game: try again from one of your decisions."))
    assert table.record is not None
    position = played.positions[step - 2] if step > 1 else played.start
    record = Record(table.record.deal, table.record.moves[:step - 1])
    return Table(table.game, position, table.seat, table.level, int(time.time()), record, table.session), []


def next_deal(table: Table, rng: random.Random | None = None) -> Turn:
    """The session's next deal: the same seats and level, the dealer moving on, the finished deal scored."""
    game = table.game
    if not table.position.is_over:
        raise GameNotOver(N_("This deal is not over yet: finish it before the next one."))
    session = table.session.after(game.scoring, table.position)
    position = game.new_game(secrets.randbits(128), **game.scoring.next_deal(table.position))
    return _dealt(game, position, table.seat, table.level, session, rng)


def undo(table: Table) -> Table:
    """The table as it was before the reader's last move, replayed from its record, counting the undo.

    An earlier token opens the game as it was too, but only the record knows that the reader
    went back: the end of the game says how many times.
    """
    played = replayed(table)
    last = max((index for index, made in enumerate(played.moves) if made.player == table.seat), default=None)
    if last is None:
        raise IllegalMove("nothing_to_undo", N_("You have not moved yet: there is nothing to undo."))
    assert table.record is not None
    record = replace(table.record, moves=table.record.moves[:last], undos=table.record.undos + 1)
    return replace(table, position=played.positions[last - 1] if last else played.start, record=record)

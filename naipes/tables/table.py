"""A table: one reader and computer players at a game, and everything the reader may ask of it.

Each request is a function that takes the table as it was and returns it as it is after,
with the events on the way (unmasked: ``Table.seen`` masks them for the reader's seat),
or raises the kernel's errors (``errors``). Nothing here keeps a table: the store does
(``store``). A table is dealt from ``secrets``, and its dice are thrown then, once: every
later decision's randomness (a fan's order before a draw, a computer's choice, the race's
computer) comes from the deal's dice and the number of moves made before it, so the same
request asked again gets the same answer, after an undo too. A hint throws the dice the
review will throw for the same decision.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

from ..engine.choice import Choice
from ..engine.contract import MoveLike, PositionLike, Rules
from ..engine.decode import is_whole_number
from ..engine.errors import N_, EngineError, IllegalMove
from ..engine.events import Event
from ..engine.review import Review, dice_for
from . import driver, friends
from .errors import GameNotOver, InvalidLevel, InvalidSeat, InvalidTable
from .friends import Seating
from .record import Record, RecordError, Replayed, replay
from .session import Session


def new_table_fields(game: Rules) -> frozenset[str]:
    """What a new table of ``game`` takes: the reader's seat and level, and how many players if the game asks."""
    return frozenset({"seat", "level"} | ({"players"} & game.NEW_GAME_OPTIONS))


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its game, position, the reader's seat and level, when it was dealt, its record, its
    session's deals before this one, the dice thrown at its deal, and whether it is a deal played
    again for practice (its result leaves the session alone)."""

    game: Rules
    position: PositionLike
    seat: int
    level: str
    created: int
    record: Record
    session: Session
    dice: int
    practice: bool = False
    people: frozenset[int] = frozenset()
    """At a table with friends, the seats where a person plays now, the reader's among them unless they
    left (the computer plays the rest); empty at a table of one reader."""

    @classmethod
    def at_deal(cls, game: Rules, position: PositionLike, seat: int, level: str,
                session: Session | None = None) -> Table:
        """A table of ``position`` as dealt now, before anyone moves; ``session`` is the deals played before
        this one (a new session if none)."""
        return cls(game, position, seat, level, int(time.time()), Record(position.to_json()),
                   session or Session.start(game.scoring, game.seats(position)), secrets.randbits(128))

    @property
    def help(self) -> dict:
        """The help the reader asked for: the hints and undos."""
        return {"hints": self.record.hints, "undos": self.record.undos}

    def dice_now(self) -> random.Random:
        """The dice for what happens next: the deal's, at the number of moves made since it."""
        digest = hashlib.sha256(f"{self.dice:032x}:{self.record.made}".encode()).digest()
        return random.Random(int.from_bytes(digest[:16], "big"))

    def seen(self, events: list[Event]) -> dict:
        """What the reader's seat may see of the table and of ``events``, nothing else (the API's ``Table``
        but its key and version)."""
        game, position, seat = self.game, self.position, self.seat
        return {
            "seat": seat,
            "level": self.level,
            "view": game.view(position, seat).to_json(),
            "events": [game.event_seen_by(event, seat).to_json() for event in events],
            "moves": [move.to_json() for move in driver.moves_for(game, position, seat)],
            "over": position.is_over,
            "help": self.help,
            "session": self.session.shown(game.scoring, position, seat, counted=not self.practice),
            "practice": self.practice,
        }

    @property
    def humans(self) -> frozenset[int]:
        """The seats the computer waits for: the people's at a table with friends, else the reader's."""
        return self.people or frozenset({self.seat})

    def went_on(self, position: PositionLike, moves: list[MoveLike]) -> Table:
        """The table after ``moves``, made from the position it had, reached ``position``."""
        return replace(self, position=position, record=self.record.extended(self.game, self.position, moves))


Turn = tuple[Table, list[Event]]
"""A table after a request, and the events on the way."""


def deal(game: Rules, options: Mapping[str, object]) -> Turn:
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
    return _dealt(Table.at_deal(game, position, seat, level))


def _dealt(table: Table) -> Turn:
    """A new table: the computers move until the reader must, the deal recorded."""
    game = table.game
    if game.realtime:
        return table, []
    moves: list[MoveLike] = []
    position, events = driver.settle(game, table.position, table.seat, table.level, table.dice_now(), moves,
                                     table.humans)
    return table.went_on(position, moves), events


def _not_your_turn(table: Table) -> IllegalMove:
    return IllegalMove("not_your_turn", N_("You play as %(player)s: wait for your turn, and move only your own cards"),
                       player=table.seat)


def move(table: Table, data: object) -> Turn:
    """The reader's move (its JSON), then the computer players' until the reader must move again."""
    game = table.game
    chosen = game.move_from_json(data)
    if chosen.player != table.seat:
        raise _not_your_turn(table)
    rng = table.dice_now()
    moves: list[MoveLike] = []
    try:
        position, events = driver.play(game, table.position, table.seat, chosen, rng, moves)
    except EngineError:
        if not table.position.is_over and not driver.moves_for(game, table.position, table.seat):
            raise _not_your_turn(table) from None
        raise
    if not game.realtime:
        position, more = driver.settle(game, position, table.seat, table.level, rng, moves, table.humans)
        events += more
    return table.went_on(position, moves), events


def deal_with_friends(game: Rules, seating: Seating, level: object) -> Turn:
    """A new table with friends: the creator's seat is the reader's, every other seat of a person
    waits for that person (the computer plays the rest)."""
    if not isinstance(level, str) or level not in game.levels:
        raise InvalidLevel(game.levels)
    position = game.new_game(secrets.randbits(128), **friends.new_game_options(game, seating.kinds))
    table = replace(Table.at_deal(game, position, seating.creator, level), people=seating.people)
    return _dealt(table)


def left(table: Table, seat: int) -> Turn:
    """The table once ``seat``'s person has left it: the computer plays that seat from now on, at once if
    it is its turn, until the person comes back (``Table.people`` with the seat again)."""
    return _dealt(replace(table, people=table.people - {seat}))


def played_for(table: Table, seat: int) -> Turn:
    """The computer's move for ``seat``, a person whose turn's time ran out, then the computers' until a
    person must move; the events start with one every seat sees (``friends.PLAYED_FOR``)."""
    game = table.game
    if seat not in friends.to_move(game, table.position, table.humans):
        raise _not_your_turn(table)
    moves: list[MoveLike] = []
    position, events = friends.play_for(game, table.position, seat, table.humans, table.level, table.dice_now(),
                                        moves)
    return table.went_on(position, moves), events


def ran_out(table: Table, late: Collection[int]) -> Turn:
    """The computer's move for each person of ``late`` whose turn's time ran out and who still may move,
    all at once (Old Maid's pairs are laid aside together), in seat order."""
    events: list[Event] = []
    for seat in sorted(late):
        if seat in friends.to_move(table.game, table.position, table.humans):
            table, more = played_for(table, seat)
            events += more
    return table, events


def _hint_dice(table: Table) -> random.Random:
    """The review's dice for this decision, so that the hint and the review agree; a game too
    long for its record has no review, and its hints throw the table's dice."""
    if not table.record.complete:
        return table.dice_now()
    return dice_for(table.game.view(table.position, table.seat).to_json(), len(table.record.moves))


def hint(table: Table) -> tuple[Table, Choice[MoveLike]]:
    """The strongest computer player's choice for the reader now, and the table counting the hint:
    once per decision, however many times it is asked."""
    game = table.game
    if table.position.is_over:
        raise IllegalMove("game_over", N_("The game is over: start a new one."))
    if not driver.moves_for(game, table.position, table.seat):
        raise _not_your_turn(table)
    choice = driver.choose(game, table.position, table.seat, _hint_dice(table), game.levels[-1])
    return replace(table, record=table.record.hinted_now()), choice


def tick(table: Table) -> Turn:
    """In a realtime game (the race), the computer's next move, if it has one."""
    moves: list[MoveLike] = []
    position, events = driver.tick(table.game, table.position, table.seat, table.level, table.dice_now(), moves)
    return table.went_on(position, moves), events


def _not_recorded() -> IllegalMove:
    return IllegalMove("not_recorded", N_(
        "This game's moves were not all kept (it ran too long, or was dealt before reviews): it cannot be"
        " reviewed or dealt again."))


def replayed(table: Table) -> Replayed:
    """The table's game from its deal; ``not_recorded`` for a table whose moves were not all kept."""
    try:
        if not table.record.complete:
            raise RecordError("incomplete")
        return replay(table.game, table.record)
    except RecordError:
        raise _not_recorded() from None


def review(table: Table) -> tuple[Replayed, Review]:
    """A finished table's game from its deal, and the engine's review of the reader's decisions."""
    if not table.position.is_over:
        raise GameNotOver(N_("The game is not over yet: it can be reviewed once it ends."))
    played = replayed(table)
    return played, table.game.review(played.start, played.moves, table.seat)


def again(table: Table) -> Turn:
    """The same deal as a new practice table, once this one is over: the same cards to the same seats,
    from the table's own record. The session is the one this deal left (itself counted, unless it was
    practice too), and the practice's result leaves it alone."""
    game = table.game
    if not table.position.is_over:
        raise GameNotOver(N_("The game is not over yet: it can be played again once it ends."))
    try:
        position = game.Position.from_json(table.record.deal)
    except EngineError:
        raise InvalidTable from None
    session = table.session if table.practice else table.session.after(game.scoring, table.position)
    return _dealt(replace(Table.at_deal(game, position, table.seat, table.level, session), practice=True))


def again_from(table: Table, step: object) -> Turn:
    """A practice table from a decision of the reader's finished game: the same deal, played as it was up
    to just before the reader's move at ``step`` (the review's numbering: the first move is step 1), the
    reader to move. Its record holds the moves up to there, so it can be undone, reviewed and dealt again."""
    game = table.game
    if not table.position.is_over:
        raise GameNotOver(N_("The game is not over yet: it can be played again once it ends."))
    played = replayed(table)
    if not is_whole_number(step) or not 1 <= step <= len(played.moves) or played.moves[step - 1].player != table.seat:
        raise IllegalMove("not_a_decision", N_(
            "That step is not one of your moves in this game: try again from one of your decisions."))
    position = played.positions[step - 2] if step > 1 else played.start
    record = Record(table.record.deal, table.record.moves[:step - 1], made=step - 1)
    session = table.session if table.practice else table.session.after(game.scoring, table.position)
    practice = replace(Table.at_deal(game, position, table.seat, table.level, session), record=record, practice=True)
    return practice, []


def next_deal(table: Table) -> Turn:
    """The session's next deal: the same seats and level, the dealer moving on, the finished deal
    scored (a practice deal is not)."""
    game = table.game
    if not table.position.is_over:
        raise GameNotOver(N_("This deal is not over yet: finish it before the next one."))
    session = table.session if table.practice else table.session.after(game.scoring, table.position)
    position = game.new_game(secrets.randbits(128), **game.scoring.next_deal(table.position))
    return _dealt(replace(Table.at_deal(game, position, table.seat, table.level, session), people=table.people))


def undo(table: Table) -> Table:
    """The table as it was before the reader's last move, replayed from its record, counting the undo."""
    played = replayed(table)
    last = max((index for index, made in enumerate(played.moves) if made.player == table.seat), default=None)
    if last is None:
        raise IllegalMove("nothing_to_undo", N_("You have not moved yet: there is nothing to undo."))
    def before(index: int) -> PositionLike:
        return played.positions[index - 1] if index else played.start

    # The fan readied for the reader's move (``Rules.prepare``) is taken back with it: the move made
    # again is readied again by the same dice, so going back shows nothing new of the fan.
    if last and table.game.prepare(before(last - 1), table.seat, random.Random(0)) is not None:
        last -= 1
    record = replace(table.record, moves=table.record.moves[:last], made=last, undos=table.record.undos + 1)
    return replace(table, position=before(last), record=record)

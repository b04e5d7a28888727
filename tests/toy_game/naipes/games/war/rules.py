"""War for two players, one pass through the pack, as the rulebook defines it.

Each player holds half the pack face down. Both turn their top card at once;
the higher rank (ace high) takes both into its winnings. Equal ranks are a
war: each lays one card face down and turns another, and the higher of those
takes everything on the table. Winnings are not played again: when the
stocks are spent, more cards won wins.

Choices where the rulebook is silent: a war that the stocks cannot finish ends
with each player taking back their own cards; equal winnings are a draw. A
position may hold part of the pack (a worked example's last cards).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...engine.cards import DECK, RANKS, Card
from ...engine.decode import is_whole_number, read, read_union, write
from ...engine.errors import InvalidMove, InvalidOptions, InvalidPosition, N_, Refusal, refuse
from ...engine.events import Event
from .shapes import WarMove, WarPosition, WarTurn

ID = "war"
PLAYERS = (2, 2)
NEW_GAME_OPTIONS: frozenset[str] = frozenset()

STRENGTH = {rank: index for index, rank in enumerate(RANKS[1:] + RANKS[:1])}
"""Two lowest, ace highest."""

Pile = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Position:
    """``stocks[p]`` face down, top first; ``battle[p]`` the cards p laid this battle (odd places face
    down, in a war); ``won[p]`` the cards p has taken."""

    stocks: tuple[Pile, Pile]
    battle: tuple[Pile, Pile]
    won: tuple[Pile, Pile]

    @property
    def is_over(self) -> bool:
        return not any(self.stocks) and not any(self.battle)

    def to_json(self) -> dict[str, object]:
        return write(WarPosition([_codes(p) for p in self.stocks], [_codes(p) for p in self.battle],
                                 [_codes(p) for p in self.won]))

    @classmethod
    def from_json(cls, data: object) -> Position:
        shape = read(data, WarPosition, InvalidPosition)
        position = cls(_pair(shape.stocks), _pair(shape.battle), _pair(shape.won))
        check(position)
        return position


@dataclass(frozen=True, slots=True)
class Turn:
    """``player`` lays the top card of their stock on the table."""

    player: int

    def to_json(self) -> dict[str, object]:
        return write(WarTurn(self.player))


Move = Turn


def _codes(pile: Pile) -> list[str]:
    return [card.code for card in pile]


def _pair(piles: list[list[str]]) -> tuple[Pile, Pile]:
    first, second = (tuple(Card.parse(code) for code in pile) for pile in piles)
    return first, second


def check(position: Position) -> None:
    """``InvalidPosition`` unless the rules can reach ``position``."""
    every = [card for piles in (position.stocks, position.battle, position.won) for pile in piles for card in pile]
    if len(every) != len(set(every)):
        raise InvalidPosition("a card is in one place only: there is one pack")
    laid = [len(pile) for pile in position.battle]
    if len(position.stocks[0]) + laid[0] != len(position.stocks[1]) + laid[1]:
        raise InvalidPosition("the players turn in step: a stock is short by the cards its player laid")
    if abs(laid[0] - laid[1]) > 1:
        raise InvalidPosition("one player is at most one card ahead on the table")
    if _undecided(position) is False:
        raise InvalidPosition("a battle whose cards differ is taken at once")


def _undecided(position: Position) -> bool | None:
    """Whether the face-up cards just turned tie; None unless both have just turned one."""
    first, second = position.battle
    if not first or len(first) != len(second) or len(first) % 2 == 0:
        return None
    return STRENGTH[first[-1].rank] == STRENGTH[second[-1].rank]


def new_game(seed: int, **options: object) -> Position:
    """The pack shuffled with ``seed`` and dealt one card at a time, half to each player."""
    if options:
        raise InvalidOptions("War takes no options")
    if not is_whole_number(seed):
        raise InvalidOptions("the seed must be a whole number")
    pack = list(DECK)
    random.Random(seed).shuffle(pack)
    return Position((tuple(pack[0::2]), tuple(pack[1::2])), ((), ()), ((), ()))


def refusal(position: Position, move: Move) -> Refusal | None:
    """Why the rules forbid ``move`` now, or None."""
    if position.is_over:
        return refuse("game_over", N_("The game is over"))
    if move.player not in (0, 1):
        return refuse("no_such_player", N_("There is no %(player)s at this table"), player=move.player)
    other = 1 - move.player
    if len(position.battle[move.player]) > len(position.battle[other]):
        return refuse("not_your_turn", N_("%(player)s waits for %(other_player)s to turn a card"),
                      player=move.player, other_player=other)
    return None


def legal_moves(position: Position) -> list[Move]:
    return [move for move in (Turn(0), Turn(1)) if refusal(position, move) is None]


def move_from_json(data: object) -> Move:
    shape = read_union(data, WarMove, InvalidMove)
    assert isinstance(shape, WarTurn)
    return Turn(shape.player)


def apply(position: Position, move: Move) -> tuple[Position, list[Event]]:
    """The position after ``move`` and what happened; ``IllegalMove`` if the rules forbid it now."""
    if not isinstance(move, Turn):
        raise InvalidMove("a War move is a turn")
    refused = refusal(position, move)
    if refused is not None:
        raise refused.error()
    player = move.player
    card, rest = position.stocks[player][0], position.stocks[player][1:]
    face_up = len(position.battle[player]) % 2 == 0
    position = Position(_set(position.stocks, player, rest),
                        _set(position.battle, player, position.battle[player] + (card,)), position.won)
    events = [Event("turned", {"player": player, "card": card if face_up else None})]
    tie = _undecided(position)
    if tie is False:
        first, second = position.battle
        winner = 0 if STRENGTH[first[-1].rank] > STRENGTH[second[-1].rank] else 1
        taken = first + second
        position = Position(position.stocks, ((), ()), _set(position.won, winner, position.won[winner] + taken))
        events.append(Event("took", {"player": winner, "cards": list(taken)}))
    elif len(position.battle[0]) == len(position.battle[1]) and not any(position.stocks):
        position = Position(position.stocks, ((), ()),
                            (position.won[0] + position.battle[0], position.won[1] + position.battle[1]))
        events.append(Event("took_back", {}))
    if position.is_over:
        events.append(Event("game_over", {"winner": winner_of(position)}))
    return position, events


def winner_of(position: Position) -> int | None:
    """The player with more cards won, None for a draw."""
    first, second = (len(pile) for pile in position.won)
    return None if first == second else int(second > first)


def _set(pair: tuple[Pile, Pile], index: int, pile: Pile) -> tuple[Pile, Pile]:
    return (pile, pair[1]) if index == 0 else (pair[0], pile)

"""Old Maid as the site registers it: its rules, view, player and sentences bound to the contract."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...engine.choice import Allowance, Choice
from ...engine.contract import LOST, WON, Rules, Scoring
from ...engine.events import Event
from ...engine.puzzles import Hunt, Verdict
from ...engine.sentences import Journey, Sentence
from . import player, puzzles, rules, sentences, shapes, view
from .view import View


def _losses(position: rules.Position) -> tuple[int, ...]:
    """The seed's optional scoring: one loss for the player left with the last queen."""
    return tuple(int(seat == position.loser) for seat in range(position.players))


def _next_deal(position: rules.Position) -> dict[str, int]:
    return {"players": position.players, "dealer": (position.dealer + 1) % position.players}


class OldMaid(Rules[rules.Position, rules.Move, View]):
    ID = rules.ID
    PLAYERS = rules.PLAYERS
    NEW_GAME_OPTIONS = rules.NEW_GAME_OPTIONS
    Position = rules.Position
    shapes = shapes.SHAPES
    levels = player.LEVELS
    sets_puzzles = True
    scoring = Scoring(
        scores=_losses,
        outcome=lambda position, seat: LOST if position.loser == seat else WON,
        next_deal=_next_deal,
        fewer_is_better=True,
    )

    def new_game(self, seed: int, **options: object) -> rules.Position:
        return rules.new_game(seed, **options)

    def legal_moves(self, position: rules.Position) -> list[rules.Move]:
        return rules.legal_moves(position)

    def apply(self, position: rules.Position, move: rules.Move) -> tuple[rules.Position, list[Event]]:
        return rules.apply(position, move)

    def move_from_json(self, data: object) -> rules.Move:
        return rules.move_from_json(data)

    def view(self, position: rules.Position, seat: int) -> View:
        return view.view(position, seat)

    def event_seen_by(self, event: Event, seat: int) -> Event:
        return view.event_seen_by(event, seat)

    def sentence(self, event: Mapping[str, object]) -> Sentence:
        return sentences.tell(event)

    def journey(self, event: Mapping[str, object]) -> Journey | None:
        return sentences.stage(event)

    def seats(self, position: rules.Position) -> int:
        return position.players

    def decide(self, seen: View, moves: list[rules.Move], rng: random.Random, level: str,
               allowance: Allowance | None) -> Choice[rules.Move]:
        return player.choose(seen, moves, rng, level, allowance)

    def prepare(self, position: rules.Position, reader: int, rng: random.Random) -> rules.Move | None:
        """A computer offering its fan shuffles it first: where a card went tells the taker nothing."""
        offerer = position.offerer
        if position.phase != rules.DRAWING or offerer is None or offerer == reader:
            return None
        return player.shuffled(view.view(position, offerer), rng)

    def find_puzzles(self, seed: int, count: int) -> Hunt:
        return puzzles.find(seed, count)

    def check_puzzle(self, start: rules.Position, seat: int, facts: Mapping[str, object],
                     moves: Sequence[rules.Move]) -> Verdict:
        return puzzles.check(start, seat, facts, moves)

    def puzzle_params(self, facts: Mapping[str, object]) -> Mapping[str, object]:
        return puzzles.params(facts)


GAME = OldMaid()

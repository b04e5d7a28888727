"""The Double Solitaire race as the site registers it: its rules, view, player and sentences bound to the contract."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...engine.choice import Allowance, Choice
from ...engine.contract import DRAWN, LOST, WON, Rules, Scoring
from ...engine.events import Event
from ...engine.puzzles import Hunt, Verdict
from ...engine.review import Review
from ...engine.sentences import Journey, Sentence
from . import player, puzzles, review, rules, sentences, shapes, view
from .view import View


def _outcome(position: rules.Position, seat: int) -> str:
    return DRAWN if position.winner is None else WON if position.winner == seat else LOST


class DoubleSolitaire(Rules[rules.Position, rules.Move, View]):
    ID = rules.ID
    PLAYERS = rules.PLAYERS
    NEW_GAME_OPTIONS = rules.NEW_GAME_OPTIONS
    Position = rules.Position
    shapes = shapes.SHAPES
    levels = player.LEVELS
    realtime = True
    judges = True
    sets_puzzles = True
    scoring = Scoring(
        scores=lambda position: tuple(int(seat == position.winner) for seat in range(len(position.players))),
        outcome=_outcome,
        next_deal=lambda position: {},
        tallies={"contributed": lambda position: tuple(position.contributed)},
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
        return len(position.players)

    def decide(self, seen: View, moves: list[rules.Move], rng: random.Random, level: str,
               allowance: Allowance | None) -> Choice[rules.Move]:
        return player.choose(seen, moves, rng, level, allowance)

    def review(self, start: rules.Position, moves: Sequence[rules.Move], seat: int) -> Review:
        return review.review(start, moves, seat)

    def find_puzzles(self, seed: int, count: int) -> Hunt:
        return puzzles.find(seed, count)

    def check_puzzle(self, start: rules.Position, seat: int, facts: Mapping[str, object],
                     moves: Sequence[rules.Move]) -> Verdict:
        return puzzles.check(start, seat, moves)


GAME = DoubleSolitaire()

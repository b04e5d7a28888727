"""Solo Whist as the site registers it: its rules, view, players and sentences bound to the contract,
and what its templates need (the calls, the stakes, the settlement rows)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...engine.choice import Allowance, Choice
from ...engine.contract import ANNULLED, DRAWN, LOST, WON, Rules, Scoring
from ...engine.errors import Nn_
from ...engine.events import Event
from ...engine.puzzles import Hunt, Verdict
from ...engine.review import Review
from ...engine.sentences import Journey, Sentence
from . import analysis, player, puzzles, review, rules, sentences, shapes, view
from .view import View
from .rules.tricks import chip_movements


def _chips(position: rules.Position) -> tuple[int, ...]:
    """Each player's chips from a settled hand; an annulled deal moves none."""
    return tuple(position.result.settlement) if position.result is not None else (0,) * rules.SEATS


def _outcome(position: rules.Position, seat: int) -> str:
    if position.result is None:
        return ANNULLED
    gain = position.result.settlement[seat]
    return WON if gain > 0 else LOST if gain < 0 else DRAWN


class SoloWhist(Rules[rules.Position, rules.Move, View]):
    ID = rules.ID
    PLAYERS = rules.PLAYERS
    NEW_GAME_OPTIONS = rules.NEW_GAME_OPTIONS
    Position = rules.Position
    shapes = shapes.SHAPES
    levels = player.LEVELS
    answer_work = player.ANSWER_WORK
    judges = True
    review_cost = Nn_("Cost: %(num)s trick.", "Cost: %(num)s tricks.")
    analyses = True
    sets_puzzles = True
    scoring = Scoring(
        scores=_chips,
        outcome=_outcome,
        # The deal passes to the left after every hand; an annulled one passes it too, as the seed says.
        next_deal=lambda position: {"dealer": (position.dealer + 1) % rules.SEATS},
    )
    words = sentences.CALL_NAMES
    template_globals = {
        "calls": rules.CALLS,
        "contracts": rules.CONTRACTS,
        "seats": rules.SEATS,
        "setup_cards": analysis.SETUP_CARDS,
        "hand": analysis.HAND,
        "stakes": rules.STAKES,
        "settlement_table": rules.settlement_table,
        "chip_movements": chip_movements,
    }

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
        return rules.SEATS

    def decide(self, seen: View, moves: list[rules.Move], rng: random.Random, level: str,
               allowance: Allowance | None) -> Choice[rules.Move]:
        return player.choose(seen, moves, rng, level, allowance)

    def review(self, start: rules.Position, moves: Sequence[rules.Move], seat: int) -> Review:
        return review.review(start, moves, seat)

    def analysis(self, position: rules.Position) -> Mapping[str, object]:
        return analysis.answer(position)

    def on_board(self, position: rules.Position) -> bool:
        return analysis.on_board(position)

    def set_up(self, fields: Mapping[str, str]) -> rules.Position:
        return analysis.set_up(fields)

    def setup_fields(self, position: rules.Position) -> Mapping[str, str]:
        return analysis.setup_fields(position)

    def find_puzzles(self, seed: int, count: int) -> Hunt:
        return puzzles.find(seed, count)

    def check_puzzle(self, start: rules.Position, seat: int, facts: Mapping[str, object],
                     moves: Sequence[rules.Move]) -> Verdict:
        return puzzles.check(start, seat, moves)

    def puzzle_view(self, start: rules.Position, seat: int) -> View:
        return puzzles.open_view(start, seat)

    def puzzle_params(self, facts: Mapping[str, object]) -> Mapping[str, object]:
        return puzzles.params(facts)

    def setup_dealt(self, fields: Mapping[str, str], rng: random.Random) -> Mapping[str, str]:
        return analysis.dealt(fields, rng)


GAME = SoloWhist()

"""Solo Whist as the site registers it: its rules, view, players and sentences bound to the contract,
and what its templates need (the calls, the stakes, the settlement rows)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...engine.contract import ANNULLED, DRAWN, LOST, WON, Rules, Scoring
from ...engine.errors import Nn_
from ...engine.puzzles import Verdict
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
    level_names = player.LEVEL_NAMES
    answer_work = player.ANSWER_WORK
    judges = True
    review_cost = Nn_("Cost: %(num)s trick.", "Cost: %(num)s tricks.")
    review_unit = "tricks"
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
        "scoring_data": rules.scoring_data,
        "chip_movements": chip_movements,
    }

    def seats(self, position: rules.Position) -> int:
        return rules.SEATS

    scoring_data = staticmethod(rules.scoring_data)
    review = staticmethod(review.review)
    on_board = staticmethod(analysis.on_board)
    set_up = staticmethod(analysis.set_up)
    setup_fields = staticmethod(analysis.setup_fields)
    setup_dealt = staticmethod(analysis.dealt)
    analysis = staticmethod(analysis.answer)
    find_puzzles = staticmethod(puzzles.find)
    puzzle_params = staticmethod(puzzles.params)

    def check_puzzle(self, start: rules.Position, seat: int, facts: Mapping[str, object],
                     moves: Sequence[rules.Move]) -> Verdict:
        return puzzles.check(start, seat, facts, moves)

    def puzzle_view(self, start: rules.Position, seat: int, facts: Mapping[str, object]) -> View:
        return puzzles.open_view(start, seat, facts)


GAME = SoloWhist(rules=rules, view=view, sentences=sentences, player=player, shapes=shapes)

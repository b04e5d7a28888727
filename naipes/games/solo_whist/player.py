"""Computer players for Solo Whist: they bid, name trumps and play from their seat's view.

Two levels. ``basic`` follows the rules of thumb the rules page teaches
(``players.heuristics``). ``strong`` bids by simulation (``bidding``: each contract's chance
from sampled deals solved exactly, the call worth the most chips), names trumps
by the rules of thumb, and plays its cards by sampling (``sampling``): it deals
the hidden cards many times consistently with what it has seen and with the
auction, solves each deal to the last trick, and plays the card that makes (or
beats) the contract most often. Hints use the strong level.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .rules import Bid, Move, NameTrump, Play
from .view import View

from ...engine.choice import Allowance, Choice
from ...engine.errors import N_
from .players import bidding, heuristics
from .players.bidding import STRONG_BIDS, BidBudget
from .players.sampling import STRONG, Budget, choose_card

LEVELS: tuple[str, ...] = ("basic", "strong")
LEVEL_NAMES = {
    "basic": N_("Basic: the rules of thumb the rules page teaches"),
    "strong": N_("Strong: it imagines the hidden cards many times and picks what works best"),
}

ANSWER_WORK = 5_000_000
"""The positions the computer players may search between two of the reader's moves, all of them
together. Up to six of them decide in turn (the rest of a trick and the next one, up to the reader),
and each may search 2 million, so an answer could keep the reader waiting for seconds. 5 million keeps
the wait short even on a slow machine; benchmarks/README.md says what an answer costs."""


def choose(view: View, moves: Sequence[Move], rng: random.Random, level: str = LEVELS[0],
           allowance: Allowance | None = None, budget: Budget = STRONG, bid_budget: BidBudget = STRONG_BIDS) -> Choice:
    """The move ``view.seat`` makes among its legal ``moves``, and why; the strong level's search
    stays within ``allowance`` as well as its own budget (``budget`` for a card, ``bid_budget`` for a
    bid: the site's unless a benchmark measures others)."""
    if level not in LEVELS:
        raise ValueError(f"Solo Whist levels are {', '.join(LEVELS)}, not {level!r}")
    first = moves[0]
    if isinstance(first, Bid):
        calls = [move.bid for move in moves if isinstance(move, Bid)]
        if level == "strong":
            return bidding.bid(view, calls, rng, bid_budget, allowance)
        return heuristics.bid(view, calls)
    if isinstance(first, NameTrump):
        return heuristics.name_trump(view)
    cards = [move.card for move in moves if isinstance(move, Play)]
    if level == "strong":
        return choose_card(view, cards, rng, budget, allowance)
    return heuristics.play(view, cards)

"""The strong Solo Whist card player: perfect-information sampling.

Deal the cards the seat cannot see many times, each deal fitting everything the
seat knows (``deals``); in each deal, with every hand known, search the
remaining tricks (``solver``) to see whether the contract is made after
each card the seat could play; play the card that does best for the seat's side
over all the deals. The work is capped by ``Budget`` so that a table answers in
time: near the end of a hand the search is exact; earlier it looks ``horizon``
whole tricks ahead and then estimates the rest.

When the deals do not tell the cards apart (the contract is as good as made or
lost whatever the seat plays), the rules of thumb choose among the best cards, and
their reason is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ...engine.cards import Card
from ...engine.errors import N_
from .rules import Play
from .view import View

from ...engine.choice import Choice, Reason
from . import thumb
from .deals import Knowledge, deal
from .solver import (
    Goal, SearchBudgetExceeded, Solver, card_of, cards_in, index_of, mask_of, representatives, trump_index,
)


@dataclass(frozen=True, slots=True)
class Budget:
    """The work one decision may do: deals sampled, search nodes over all of them, how many
    remaining tricks are searched exactly, and how far ahead the search looks before that."""

    samples: int = 8
    nodes: int = 2_000
    exact_tricks: int = 5
    horizon: int = 1
    auction_tries: int = 20


STRONG = Budget()
"""The strong level's cap. Measured against the rules of thumb it did at least as well as twice
the samples and three times the nodes (16 deals, 6,000 nodes, exact from six tricks, two tricks
ahead), at a third of the time; see the README's benchmark table."""


def choose_card(view: View, cards: list[Card], rng: random.Random, budget: Budget = STRONG) -> Choice:
    """The card that makes (or beats) the contract in most sampled deals, and why."""
    by_thumb = thumb.play(view, cards)
    if len(cards) == 1:
        return by_thumb
    scores, samples = _scores(view, cards, rng, budget)
    if not samples:
        return by_thumb
    best = max(scores.values())
    if scores[by_thumb.move.card] == best:
        return by_thumb
    card = min((card for card in cards if scores[card] == best), key=thumb.strength)
    message = (N_("Lead the %(card)s: it gets your side its way in %(count)s of %(samples)s deals that fit"
                  " what you have seen, and no other card does so more often") if view.trick is None else
               N_("Play the %(card)s: it gets your side its way in %(count)s of %(samples)s deals that fit"
                  " what you have seen, and no other card does so more often"))
    return Choice(Play(view.seat, card), Reason(message, {"card": card, "count": best, "samples": samples}))


def _scores(view: View, cards: list[Card], rng: random.Random, budget: Budget) -> tuple[dict[Card, int], int]:
    """For each card, in how many sampled deals the seat's side gets its way after playing it."""
    knowledge = Knowledge.of(view)
    goal = Goal.of(view.agreed, view.tricks_won())
    solver_trump = trump_index(view.agreed.trump)
    on_my_side = goal.is_maximiser(view.seat)
    trick = [index_of(card) for card in view.trick.cards] if view.trick is not None else []
    leader = view.leader
    mine = mask_of(cards)
    others = knowledge.unseen | mask_of(view.trick.cards if view.trick else ())
    for seat, known in enumerate(knowledge.known):
        if seat != view.seat:
            others |= known
    distinct = representatives(mine, others)
    horizon = None if len(view.hand) <= budget.exact_tricks else budget.horizon
    wins = dict.fromkeys(distinct, 0)
    likely = _bid_fits(view, knowledge)
    samples = used = 0
    while samples < budget.samples and used < budget.nodes:
        hands = deal(knowledge, rng, likely, budget.auction_tries)
        if hands is None:
            break
        solver = Solver(solver_trump, goal, node_limit=budget.nodes - used, horizon=horizon)
        try:
            outcome = {card: solver.wins_after(hands, leader, trick, card, goal.need) == on_my_side
                       for card in distinct}
        except SearchBudgetExceeded:
            break
        used += solver.nodes
        samples += 1
        for card, good in outcome.items():
            wins[card] += good
    return {card: wins[_stand_in(index_of(card), distinct)] for card in cards}, samples


def _stand_in(card: int, distinct: list[int]) -> int:
    """The card tried for ``card``: the lowest of its run of equivalent cards."""
    return max(other for other in distinct if other // 13 == card // 13 and other <= card)


def _bid_fits(view: View, knowledge: Knowledge) -> Callable[[list[int]], bool] | None:
    """A test that a sampled deal gives the bidder (and a partner) a hand the rules of thumb would
    have bid on, or ``None`` when the seat itself is on the bidding side and knows its own hand."""
    contract = view.agreed
    bidders = [contract.bidder] + ([contract.partner] if contract.partner is not None else [])
    others = [seat for seat in bidders if seat != view.seat and not view.exposed]
    if not others:
        return None

    def fits(hands: list[int]) -> bool:
        for seat in others:
            held = tuple(card_of(index) for index in cards_in(hands[seat] | knowledge.played[seat]))
            if not thumb.worth(held, contract, seat == contract.partner):
                return False
        return True

    return fits

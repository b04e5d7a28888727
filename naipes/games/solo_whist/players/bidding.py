"""The strong Solo Whist bidder: each contract's chance estimated from sampled deals solved exactly.

For the hand held and the auction so far, the hidden cards are dealt many times (each deal fitting
what the auction has said so far, read call by call as the rules of thumb bid: ``deals.auction_fits``)
and each deal is solved double dummy from the first lead to the end
for every contract the seat may bid that a simulation can judge: solo (the turned-up trump), misère,
abundance (trumps in the hand's best suit) and accepting a proposal (with the proposer as partner).
The chance of making a contract is the share of deals in which it is made, and the seat bids the one
worth the most chips on average, if any is worth more than passing:

- a lone bidder settles with each of three defenders, so a contract of stake s is worth
  3 × s × (2p − 1) chips, p the chance of making it: break-even at p = 50 %, whatever the stake;
- a partner in a proposal settles with one opponent: s × (2p − 1), break-even at 50 % too.

A deal where a contract with trumps is missed by a single trick counts half (``SHORT_CREDIT``).

Passing is counted as worth nothing (the deal may be annulled, or another bid played). The other
calls the search cannot judge fairly are left to the rules of thumb: proposing (the partner is not
known yet), open misère (double dummy every hand is open, so it cannot tell open from closed misère:
the strong bidder goes up to open misère only when misère is made in nine deals of ten or more) and
declared abundance (a hand that runs from the top).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ....engine.choice import Allowance, Choice, Reason
from ....engine.errors import N_
from ....engine.sentences import Term
from .. import double_dummy
from ..rules import (
    ABUNDANCE, ACCEPTANCE, CALLS, DECLARED_ABUNDANCE, MISERE, OPEN_MISERE, PASS, PROPOSAL, SEATS, SOLO, STAKES,
    TRICKS_NEEDED, Bid,
)
from ..sentences import CONTRACTS_IN_TEXT
from ..view import View
from . import heuristics
from .deals import Knowledge, auction_fits, deal

ACCEPTING = N_("accepting the proposal")
"""Acceptance inside a sentence, as the contracts are (``CONTRACTS_IN_TEXT``)."""


@dataclass(frozen=True, slots=True)
class BidBudget:
    """The work one bid may do: deals drawn, positions searched over all contracts and in one deal."""

    samples: int = 16
    nodes: int = 1_500_000
    deal_nodes: int = 150_000
    auction_tries: int = 20


STRONG_BIDS = BidBudget()

OPEN_MISERE_SHARE = 0.9
"""The share of deals in which misère must be made before the strong bidder lays its hand open."""

SHORT_CREDIT = 0.5
"""What a deal counts in which a contract with trumps (solo, abundance, acceptance) is missed by a single
trick with best play: double dummy the defenders see the bidder's hand, which at the table they do not,
so such a deal is made about as often as not. Strictly, the strong bidder made every solo it bid and
bid a twentieth as many as the rules of thumb (100 fresh deals against basic)."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """One contract's chance from the deals solved: made in ``made`` and missed by one trick in ``short``
    of ``samples``, worth ``chips``."""

    call: str
    made: int
    short: int
    samples: int
    chips: float


def _worth_in_chips(call: str, made: int, short: int, samples: int) -> float:
    share = (made + SHORT_CREDIT * short) / samples
    payers = 1 if call == ACCEPTANCE else SEATS - 1
    return payers * STAKES[PROPOSAL if call == ACCEPTANCE else call] * (2 * share - 1)


def _questions(view: View, calls: list[str]) -> list[tuple[str, int, int, int, int]]:
    """What the search is asked of each sampled deal for the contracts among ``calls`` it judges: the
    call, the trump, the maximisers, the scorers and the tricks needed."""
    seat = view.seat
    turned = view.turn_up.suit if view.turn_up is not None else None
    proposer = next((call.player for call in reversed(view.auction) if call.bid == PROPOSAL), None)
    judged: list[tuple[str, int, int, int, int]] = []
    if SOLO in calls and turned is not None:
        judged.append((SOLO, double_dummy.trump_index(turned), 1 << seat, 1 << seat, TRICKS_NEEDED[SOLO]))
    if MISERE in calls or OPEN_MISERE in calls:
        judged.append((MISERE, double_dummy.NO_TRUMP, 0b1111 ^ 1 << seat, 1 << seat, 1))
    if ABUNDANCE in calls:
        judged.append((ABUNDANCE, double_dummy.trump_index(heuristics.best_trump(view.hand)), 1 << seat, 1 << seat,
                       TRICKS_NEEDED[ABUNDANCE]))
    if ACCEPTANCE in calls and proposer is not None and turned is not None:
        side = 1 << seat | 1 << proposer
        judged.append((ACCEPTANCE, double_dummy.trump_index(turned), side, side, TRICKS_NEEDED[PROPOSAL]))
    return judged


def estimates(view: View, calls: list[str], rng: random.Random, budget: BidBudget = STRONG_BIDS,
              allowance: Allowance | None = None) -> list[Estimate]:
    """Each contract among ``calls`` that the search judges, with its chance over the same sampled deals,
    within ``budget`` and ``allowance``."""
    judged = _questions(view, calls)
    if not judged:
        return []
    eldest = (view.dealer + 1) % SEATS
    knowledge = Knowledge.of(view)
    likely = auction_fits(view, knowledge)
    made = dict.fromkeys((call for call, *_ in judged), 0)
    short = dict.fromkeys(made, 0)
    solved = dict.fromkeys(made, 0)
    used = 0
    allowance = allowance if allowance is not None else Allowance(budget.nodes)
    nodes = min(budget.nodes, allowance.left)
    double_dummy.forget()
    for _ in range(budget.samples):
        if used >= nodes:
            break
        hands = deal(knowledge, rng, likely, budget.auction_tries)
        if hands is None:
            break
        for call, trump, maximisers, scorers, need in judged:
            limit = min(budget.deal_nodes, nodes - used)
            if limit <= 0:
                break
            position = double_dummy.Deal(tuple(hands), eldest, (), trump)  # type: ignore[arg-type]
            try:
                if call == MISERE:
                    yes, missed = not double_dummy.reaches(position, maximisers, scorers, need, limit), False
                    used += double_dummy.nodes()
                else:
                    near = double_dummy.reaches(position, maximisers, scorers, need - 1, limit)
                    used += double_dummy.nodes()
                    rest = max(limit - double_dummy.nodes(), 1)
                    yes = near and double_dummy.reaches(position, maximisers, scorers, need, rest)
                    used += double_dummy.nodes() if near else 0
                    missed = near and not yes
            except double_dummy.BudgetExceeded:
                used += limit
                continue
            solved[call] += 1
            made[call] += yes
            short[call] += missed
    allowance.spend(used)
    return [Estimate(call, made[call], short[call], solved[call],
                     _worth_in_chips(call, made[call], short[call], solved[call]))
            for call in made if solved[call]]


def _named(call: str) -> Term:
    return Term(ACCEPTING if call == ACCEPTANCE else CONTRACTS_IN_TEXT[call])


@dataclass(frozen=True, slots=True)
class Decision:
    """The strong bidder's call with the estimates it weighed; ``simulated`` when the call is the
    estimates' own (its reason then gives their numbers) rather than the rules of thumb's."""

    choice: Choice
    estimates: tuple[Estimate, ...]
    simulated: bool

    def estimate_of(self, call: str) -> Estimate | None:
        """The estimate behind ``call``, if the search judged it (open misère: misère's)."""
        judged = MISERE if call == OPEN_MISERE else call
        return next((estimate for estimate in self.estimates if estimate.call == judged), None)


def decide(view: View, calls: list[str], rng: random.Random, budget: BidBudget = STRONG_BIDS,
           allowance: Allowance | None = None) -> Decision:
    """The higher of two calls: the rules of thumb's and the one worth the most chips by the estimates
    (a pass where none pays). The search judges against defenders who see every card, which at the
    table they do not: measured against the rules of thumb, the hands it passed but the rules of thumb
    bid on made their solos six times in ten, so the strong bidder never bids less than they do and
    bids more where the estimates say it pays. The reason gives the numbers behind the call."""
    by_thumb = heuristics.bid(view, calls)
    found = tuple(estimates(view, calls, rng, budget, allowance)) if by_thumb.move.bid != DECLARED_ABUNDANCE else ()
    best = max(found, key=lambda estimate: estimate.chips, default=None)
    if best is None:
        return Decision(by_thumb, found, False)
    call = best.call
    if call == MISERE and OPEN_MISERE in calls and best.made >= OPEN_MISERE_SHARE * best.samples:
        call = OPEN_MISERE
    if best.chips <= 0 or call not in calls:
        if by_thumb.move.bid != PASS:
            return Decision(by_thumb, found, False)
        return Decision(Choice(Bid(view.seat, PASS), Reason(
            N_("Pass: no bid you may make pays on average; the best, %(contract)s, is made in %(count)s of"
               " %(samples)s deals that fit the auction"),
            {"contract": _named(call), "count": best.made, "samples": best.samples})), found, True)
    if CALLS.index(by_thumb.move.bid) > CALLS.index(call):
        return Decision(by_thumb, found, False)
    # "missed by one trick in 0 more" reads as a slip: the clause is said only where it counts something.
    if call == ACCEPTANCE:
        message = (N_("Accept the proposal: with best play your side makes it in %(count)s of %(samples)s deals"
                      " that fit the auction and misses it by one trick in %(short)s more") if best.short else
                   N_("Accept the proposal: with best play your side makes it in %(count)s of %(samples)s deals"
                      " that fit the auction"))
    else:
        message = (N_("Bid %(contract)s: with best play it is made in %(count)s of %(samples)s deals that fit the"
                      " auction and missed by one trick in %(short)s more") if best.short else
                   N_("Bid %(contract)s: with best play it is made in %(count)s of %(samples)s deals that fit the"
                      " auction"))
    return Decision(Choice(Bid(view.seat, call), Reason(message, {
        "contract": _named(call), "count": best.made, "samples": best.samples, "short": best.short})), found, True)


def bid(view: View, calls: list[str], rng: random.Random, budget: BidBudget = STRONG_BIDS,
        allowance: Allowance | None = None) -> Choice:
    """The strong bidder's call and why (``decide``)."""
    return decide(view, calls, rng, budget, allowance).choice

"""The strong Solo Whist card player: sampled deals, each solved exactly to the last trick.

Deal the cards the seat cannot see many times, each deal fitting everything the seat has seen (cards
played, suits shown out, the turned-up card, an exposed hand: ``deals``) and, as far as a few tries
find one, what the auction said, read call by call as the rules of thumb bid (``deals.auction_fits``:
each bid was worth making and nothing higher open then was, each pass was worth none of the calls open
then). In each deal, with every hand known, the compiled double-dummy search
(``double_dummy``) says after each card the seat could play whether the contract is then made with best play by
everyone to the end of the hand; the seat plays the card that gets its side its way in the most
deals. Only made or beaten counts: Solo Whist pays no overtricks.

The work is capped by ``Budget``: deals are solved one after another until there are ``samples`` of
them or ``nodes`` positions have been searched; one deal may search ``deal_nodes`` at most, and a deal
that needs more is dropped rather than waited for (it happens early in some hands). At a table the
computer players moving before the reader may share an ``Allowance`` too, which cuts ``nodes`` to
what is left of it. The search's
table is shared by the deals of one decision, which all have the same trump and sides, so each deal
after the first costs much less; it is emptied before each decision, so that the same view and the
same random draws give the same card whatever was decided before.

When the deals do not tell the cards apart (the contract is as good as made or lost whatever the seat
plays), the rules of thumb choose, and their reason is given with the count every card gets.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from ....engine.cards import Card
from ....engine.choice import Allowance, Choice, Reason
from ....engine.errors import N_
from .. import double_dummy
from ..rules import DECLARED_ABUNDANCE, MISERES, TRICKS_NEEDED, Play
from ..view import View
from . import heuristics
from .deals import Knowledge, auction_fits, deal


@dataclass(frozen=True, slots=True)
class Budget:
    """The work one decision may do: deals solved, positions searched over all of them and in one
    deal, and how many deals are drawn to find one that fits the auction."""

    samples: int = 24
    nodes: int = 2_000_000
    deal_nodes: int = 500_000
    auction_tries: int = 20


STRONG = Budget()
"""The strong level's cap: see benchmarks/README.md for the decision times and the strength it gives."""


@dataclass(frozen=True, slots=True)
class Question:
    """What the contract asks of the deal from here (``double_dummy``'s sides and the tricks still needed), and
    whether the seat deciding wants the answer yes."""

    maximisers: int
    scorers: int
    need: int
    wants_yes: bool


def question(view: View) -> Question:
    """The yes/no question the contract poses once each seat has taken what it has."""
    contract = view.agreed
    declaring = contract.declaring_mask
    defenders = 0b1111 ^ declaring
    won = view.tricks_won()
    side_won = contract.declaring_won(won)
    if contract.bid in MISERES:
        maximisers, scorers, need = defenders, declaring, 1 - side_won
    elif contract.bid == DECLARED_ABUNDANCE:
        maximisers, scorers, need = defenders, defenders, 1 - (sum(won) - side_won)
    else:
        maximisers, scorers, need = declaring, declaring, TRICKS_NEEDED[contract.bid] - side_won
    return Question(maximisers, scorers, need, bool(maximisers >> view.seat & 1))


@dataclass(frozen=True, slots=True)
class Tally:
    """For each card the seat may play, in how many of ``samples`` solved deals its side gets its way."""

    good: dict[Card, int]
    samples: int


def tally(view: View, cards: list[Card], rng: random.Random, budget: Budget = STRONG,
          allowance: Allowance | None = None) -> Tally:
    """Deals drawn and solved within ``budget`` and ``allowance``: how often each card gets the seat's
    side its way."""
    knowledge = Knowledge.of(view)
    asked = question(view)
    trick = tuple(double_dummy.index_of(card) for card in view.trick.cards) if view.trick is not None else ()
    trump = double_dummy.trump_index(view.agreed.trump)
    likely = auction_fits(view, knowledge)
    wins = {double_dummy.index_of(card): 0 for card in cards}
    samples = used = 0
    allowance = allowance if allowance is not None else Allowance(budget.nodes)
    nodes = min(budget.nodes, allowance.left)
    double_dummy.forget()
    while samples < budget.samples and used < nodes:
        hands = deal(knowledge, rng, likely, budget.auction_tries)
        if hands is None:
            break
        position = double_dummy.Deal(tuple(hands), view.leader, trick, trump)  # type: ignore[arg-type]
        try:
            verdicts = double_dummy.verdicts(position, asked.maximisers, asked.scorers, asked.need,
                                   min(budget.deal_nodes, nodes - used))
        except double_dummy.BudgetExceeded:
            used += min(budget.deal_nodes, nodes - used)
            continue
        used += double_dummy.nodes()
        samples += 1
        for card, yes in verdicts:
            wins[card] += yes == asked.wants_yes
    allowance.spend(used)
    return Tally({card: wins[double_dummy.index_of(card)] for card in cards}, samples)


def best_card(cards: list[Card], good: Mapping[Card, int], by_thumb: Card) -> Card:
    """Of ``cards``, one that makes (or beats) the contract in the most deals by ``good``: the rules of
    thumb's card ``by_thumb`` where it does as well as any, else the lowest of those that do best."""
    best = max(good.values())
    if good[by_thumb] == best:
        return by_thumb
    return min((card for card in cards if good[card] == best), key=heuristics.strength)


def choose_card(view: View, cards: list[Card], rng: random.Random, budget: Budget = STRONG,
                allowance: Allowance | None = None) -> Choice:
    """The card that makes (or beats) the contract in most solved deals, and why, with the numbers;
    the rules of thumb's when no deal could be solved (``allowance`` spent, say)."""
    by_thumb = heuristics.play(view, cards)
    if len(cards) == 1:
        return by_thumb
    counted = tally(view, cards, rng, budget, allowance)
    if not counted.samples:
        return by_thumb
    good = counted.good
    card = best_card(cards, good, by_thumb.move.card)
    best = good[card]
    declaring = view.seat in view.agreed.declaring
    others = [other for other in cards if other != card and good[other] < best]
    if not others:
        return _alike(by_thumb, declaring, best, counted.samples)
    runner_up = max(others, key=lambda other: (good[other], -heuristics.strength(other)))
    leading = view.trick is None
    if declaring:
        message = (N_("Lead the %(card)s: it makes the contract in %(count)s of %(samples)s deals that fit what"
                      " you have seen; the next best card, the %(other)s, in %(other_count)s") if leading else
                   N_("Play the %(card)s: it makes the contract in %(count)s of %(samples)s deals that fit what"
                      " you have seen; the next best card, the %(other)s, in %(other_count)s"))
    else:
        message = (N_("Lead the %(card)s: it beats the contract in %(count)s of %(samples)s deals that fit what"
                      " you have seen; the next best card, the %(other)s, in %(other_count)s") if leading else
                   N_("Play the %(card)s: it beats the contract in %(count)s of %(samples)s deals that fit what"
                      " you have seen; the next best card, the %(other)s, in %(other_count)s"))
    return Choice(Play(view.seat, card), Reason(message, {
        "card": card, "count": best, "samples": counted.samples, "other": runner_up,
        "other_count": good[runner_up]}))


def _alike(by_thumb: Choice, declaring: bool, count: int, samples: int) -> Choice:
    """The rules of thumb's card where the solved deals tell no card apart, with the count they give
    every card (``declaring``: the seat's side wants the contract made): a reader learns the contract's
    fate does not hang on this card, and how it stands."""
    made = count if declaring else samples - count
    if made == samples:
        message = N_("%(rule)s (whatever you play, the contract is made in %(samples)s of %(samples)s deals that fit"
                     " what you have seen)")
    elif made == 0:
        message = N_("%(rule)s (whatever you play, the contract is beaten in %(samples)s of %(samples)s deals that fit"
                     " what you have seen)")
    elif declaring:
        message = N_("%(rule)s (every card you may play makes the contract in %(count)s of %(samples)s deals that"
                     " fit what you have seen)")
    else:
        message = N_("%(rule)s (every card you may play beats the contract in %(count)s of %(samples)s deals that"
                     " fit what you have seen)")
    return Choice(by_thumb.move, Reason(message, {"rule": by_thumb.reason, "count": count, "samples": samples}))

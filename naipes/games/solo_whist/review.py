"""Solo Whist's review: each card the reader played against best play with every card known.

For each card, ``analyse`` (the double-dummy analysis: for every legal card of the player
to move, the declaring side's tricks in the whole deal with best play after it) says what
the card cost the reader's side: the tricks the best card keeps that the reader's lost, and
whether the contract went with them.
Whether the better card could be found from what the reader saw is the strong player's
answer, given only the reader's view: the better card was findable when that player chose
a card that keeps the most. A reader who played the strong player's hint is never told so
(the hint and the review throw the same dice, ``dice_for``). In the auction the reader's
call is set against the call the computer player would have made, with the chances the
strong bidder's sampled deals give both; its cost is in chips (``CHIPS``), the difference of
their averages over those deals, and a call made in none of them is decisive.

A card the analysis cannot value within its budget (``REVIEW_NODES``: in practice now and then a
deal's first card) is left unjudged rather than guessed. The whole review shares one allowance
(``REVIEW_WORK``), as a table answer's computer players share theirs, so that one request stays
bounded however many of the reader's cards cost something. A strong decision that spends the last of
it may not be the hint's (``Allowance.exhausted``), and its decision is left unjudged too. The review
names the decisions it left unjudged, so the reader is not told that nothing in them could be better.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from ...engine.cards import Card
from ...engine.choice import Allowance
from ...engine.errors import N_
from ...engine.review import CHIPS, Judgement, Review, dice_for
from ...engine.sentences import Term
from . import analysis, double_dummy, player
from .players import bidding
from .sentences import CALL_NAMES
from .rules import MISERES, PASS, Bid, Move, Play, Position, apply, legal_moves
from .view import view

class _Unjudged(Exception):
    """The decision's judgement needs more work than its budget, or than the review has left."""


def _reader_wants_tricks(position: Position, seat: int) -> bool:
    """Whether the reader's side gains when the declaring side takes more tricks."""
    contract = position.agreed
    return (seat in contract.declaring) != (contract.bid in MISERES)


def _double_dummy(position: Position, allowance: Allowance) -> dict[Card, analysis.CardValue]:
    """The analysis board's value of each legal card, within ``REVIEW_NODES`` and ``allowance``."""
    limit = min(REVIEW_NODES, allowance.left)
    if limit <= 0:
        raise _Unjudged
    try:
        values = {value.card: value for value in analysis.analyse(position, limit)}
    except double_dummy.BudgetExceeded:
        raise _Unjudged from None
    finally:
        allowance.spend(double_dummy.nodes())
    return values


def _judge_card(position: Position, seat: int, step: int, move: Play, allowance: Allowance) -> Judgement | None:
    values = _double_dummy(position, allowance)
    sign = 1 if _reader_wants_tricks(position, seat) else -1
    kept = {card: sign * value.tricks for card, value in values.items()}
    best_value = max(kept.values())
    cost = best_value - kept[move.card]
    if cost <= 0:
        return None
    seen = view(position, seat)
    strong = player.choose(seen, legal_moves(position), dice_for(seen.to_json(), step - 1), "strong", allowance)
    if allowance.exhausted:
        raise _Unjudged
    findable = isinstance(strong.move, Play) and kept[strong.move.card] == best_value
    best = strong.move.card if findable else next(card for card, value in kept.items() if value == best_value)
    params = {"card": move.card, "best": best, "cost": cost}
    fate = values[best].made != values[move.card].made
    advice = (N_("You could have found it from what you saw: the strong computer player, seeing only your cards"
                 " and the table, chose it.") if findable else
              N_("Only sight of the hidden cards shows it: from what you saw, your card was a fair choice."))
    return Judgement(step, move, Play(seat, best), float(cost), findable, _cost_message(position, seat, cost, fate),
                     params, advice, rule="strategy", decisive=fate)


def _cost_message(position: Position, seat: int, cost: int, fate: bool) -> str:
    """What a card cost the reader's side in tricks, and whether the contract went with them (``fate``):
    Solo Whist pays no overtricks, so a trick that turned the contract round is the one to learn from."""
    if not fate:
        return (N_("Your card, %(card)s, cost your side a trick against best play: %(best)s kept it") if cost == 1
                else N_("Your card, %(card)s, cost your side %(cost)s tricks against best play: %(best)s kept them"))
    if seat in position.agreed.declaring:
        return (N_("Your card, %(card)s, cost your side a trick against best play, and with it the contract:"
                   " with %(best)s it would have been made") if cost == 1 else
                N_("Your card, %(card)s, cost your side %(cost)s tricks against best play, and with them the"
                   " contract: with %(best)s it would have been made"))
    return (N_("Your card, %(card)s, cost your side a trick against best play and let the contract be made:"
               " with %(best)s it would have been beaten") if cost == 1 else
            N_("Your card, %(card)s, cost your side %(cost)s tricks against best play and let the contract be"
               " made: with %(best)s it would have been beaten"))


def _judge_bid(position: Position, seat: int, step: int, move: Bid, allowance: Allowance) -> Judgement | None:
    """The strong bidder's call where the reader's differs, with the chances its estimates give
    the two calls over the same sampled deals (the search judges solo, misère, abundance and
    acceptance; passing and proposing have none). Where the call is the estimates' own, its reason
    repeats their numbers and is not told again; the rules of thumb's reason is."""
    seen = view(position, seat)
    calls = [legal.bid for legal in legal_moves(position) if isinstance(legal, Bid)]
    decision = bidding.decide(seen, calls, dice_for(seen.to_json(), step - 1), allowance=allowance)
    if allowance.exhausted:
        raise _Unjudged
    choice = decision.choice
    if not isinstance(choice.move, Bid) or choice.move.bid == move.bid:
        return None
    # A call the rules of thumb make is not the estimates' own: their numbers for it may say it fails
    # more often than not, and quoted beside the recommendation they would contradict it.
    theirs = decision.estimate_of(choice.move.bid) if decision.simulated else None
    yours = decision.estimate_of(move.bid)
    params: dict[str, object] = {"bid": Term(CALL_NAMES[choice.move.bid]), "call": Term(CALL_NAMES[move.bid])}
    if theirs is not None:
        params |= {"count": theirs.made, "samples": theirs.samples}
    if yours is not None:
        params |= {"yours": yours.made, "of": yours.samples}
    hopeless = yours is not None and yours.samples > 0 and yours.made == 0
    if hopeless:
        reason = N_("Your %(call)s is made in none of the %(of)s deals that fit the auction, even with best play:"
                    " from your hand alone the computer player would have called %(bid)s.")
    elif theirs is not None and yours is not None:
        reason = N_("From your hand alone the computer player would have called %(bid)s here: with best play it is"
                    " made in %(count)s of %(samples)s deals that fit the auction, your %(call)s in %(yours)s of"
                    " %(of)s.")
    elif theirs is not None:
        reason = N_("From your hand alone the computer player would have called %(bid)s here: with best play it is"
                    " made in %(count)s of %(samples)s deals that fit the auction.")
    elif yours is not None:
        reason = N_("From your hand alone the computer player would have called %(bid)s here: with best play your"
                    " %(call)s is made in %(yours)s of %(of)s deals that fit the auction.")
    else:
        reason = N_("The computer player would have called %(bid)s here, from your hand alone:")
    advice = None if decision.simulated and (theirs or yours) else choice.reason
    return Judgement(step, move, choice.move, _chips_lost(choice.move.bid, theirs, move.bid, yours), True, reason,
                     params, advice.message if advice else None, advice.params if advice else {}, rule="bids",
                     decisive=hopeless, unit=CHIPS)


def _chips_lost(better: str, theirs: bidding.Estimate | None, call: str, yours: bidding.Estimate | None) -> float:
    """The chips the reader's call loses on average against the better one's, over the same sampled deals;
    0 where the reader's call is not estimated (a proposal, declared abundance). A better call the search
    does not judge is counted as a pass, worth nothing: the strong bidder prefers it to passing."""
    if yours is None and call != PASS:
        return 0.0
    gain = theirs.chips if theirs is not None else 0.0
    own = yours.chips if yours is not None else 0.0
    return round(max(gain - own, 0.0), 2)


REVIEW_NODES = 2_000_000
"""The most nodes the double-dummy search may visit for one card of a review (a fraction of a
table answer's allowance): a deal's first card may need more, and is then left unjudged."""

REVIEW_WORK = player.ANSWER_WORK
"""The positions one review may search, all its analyses and strong decisions together: a table
answer's allowance, so that a review keeps the reader waiting no longer than the computers do."""


def review(start: Position, moves: Sequence[Move], seat: int, work: int = REVIEW_WORK) -> Review[Move]:
    """The review of ``seat``'s calls and cards in the deal played from ``start`` by ``moves``,
    searching ``work`` positions at most.

    The calls are judged first, then the cards from the last back to the first: a deal's first cards
    are the costly ones to search, so where the allowance runs short it is they that go unjudged, not
    the many cheap ones after them. A move that was the only one legal was no decision, and is not
    judged. A judgement's ``step`` is the number of the move it judges (the first move is step 1), and
    the judgements come in the order of their steps.
    """
    allowance = Allowance(work)
    calls, cards = [], []
    position = start
    for step, move in enumerate(moves, start=1):
        if move.player == seat and len(legal_moves(position)) > 1:
            if isinstance(move, Bid):
                calls.append((step, position, move))
            elif isinstance(move, Play) and position.contract is not None:
                cards.append((step, position, move))
        position, _ = apply(position, move)
    asked = [(step, partial(_judge_bid, before, seat, step, call, allowance)) for step, before, call in calls]
    asked += [(step, partial(_judge_card, before, seat, step, card, allowance))
              for step, before, card in reversed(cards)]
    judged: list[Judgement] = []
    unjudged: list[int] = []
    for step, judge in asked:
        try:
            judgement = judge()
        except _Unjudged:
            unjudged.append(step)
            continue
        if judgement is not None:
            judged.append(judgement)
    return Review(tuple(sorted(judged, key=lambda judgement: judgement.step)), tuple(sorted(unjudged)))

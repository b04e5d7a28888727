"""Solo Whist's puzzles: double-dummy problems found in random deals and checked by the compiled search.

A candidate is a deal in which the rules of thumb would bid the contract (``heuristics.worth``), played
by the rules of thumb until a few tricks are left, then stopped where the reader's seat is to play: the
bidder to make a solo, a proposal or an abundance, or to keep a misère; a defender to beat one. Every
card is then worth what the double-dummy search says (``analysis.analyse``: the whole deal, every hand
known, best play after the card): the card is right when the goal is still reached. A candidate
becomes a puzzle when some card is right and some is wrong, the card the rules of thumb would pick is
among the wrong ones (the natural card fails), and the right cards are one or two (touching cards
counted as one). A proposal's partner sits opposite the bidder, as in bridge, so that an independent
double-dummy solver (DDS, in the tests) can check every partnership puzzle. The line goes on, the other seats answering with their best card, for as long as
some card of the reader's can still go wrong; the puzzle is solved when none can.

Every check is the engine's: a reader's card is judged by the same search, so a right card other than
the line's is right too, and the replies follow from it.

Single-dummy puzzles (their own series, after these) judge each card over layouts of the cards the
reader cannot see (``single_dummy``); their success counts are found here and stored with the puzzle,
so that a check reads them and draws nothing. Every puzzle is tagged with the themes its values show
(finesse, throw-in, unblocking, counting), each a test defined in ``docs/solo-whist-puzzles.md``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ...engine.cards import DECK, SUITS, Card
from ...engine.errors import IllegalMove
from ...engine.puzzles import Found, Hunt, Verdict, rating
from ...engine.sentences import Seat, Suit, Term
from . import analysis, double_dummy, single_dummy
from .analysis import CardValue
from .players import heuristics
from .rules import (
    ABUNDANCE,
    MISERE,
    MISERES,
    PLAY,
    PROPOSAL,
    SEATS,
    SOLO,
    TRICKS_NEEDED,
    Contract,
    Move,
    Play,
    Position,
    apply,
    legal_moves,
)
from .rules.tricks import STRENGTH
from .sentences import CALL_NAMES
from .view import View, view

MAKE, DEFEAT, KEEP = "make", "defeat", "keep"
"""The reader's goal: make the contract (the declaring side), beat it (a defender), keep a misère."""

KINDS = ((SOLO, MAKE), (PROPOSAL, MAKE), (ABUNDANCE, DEFEAT), (MISERE, KEEP), (SOLO, DEFEAT),
         (ABUNDANCE, MAKE), (PROPOSAL, DEFEAT))
"""The contracts and goals the search takes in turn, so that every kind has its share."""

ENDINGS = (3, 4, 5, 6)
"""Tricks left when a candidate stops: few enough that every check is a small search."""

DEAL_TRIES = 400
"""Deals one candidate may look at for a hand the rules of thumb would bid the contract on."""

MOST_DECISIONS = 4
"""The longest line a puzzle may ask for: beyond this it is a whole hand's play, not a puzzle."""

MOST_RIGHT = 2
"""The most right cards (touching cards counted as one) a puzzle may have at its first decision."""

NODE_LIMIT = 2_000_000
"""The most positions one check may search: far above what a few tricks' ending needs, a bound on
what any request can cost."""

SINGLE_ENDINGS = (3, 4, 5, 6)
"""Tricks left at the reader's decisions a single-dummy candidate looks at, the first clear one taken:
enough hidden cards for the layouts to differ, few enough for a hundred searches of each card."""

LAYOUTS = 100
"""Layouts of the hidden cards each single-dummy decision is judged in: a success count within a few
points of the true rate (about five in a hundred at worst), from a fixed seed, so the same count again."""

CLEAR_MARGIN = 25
"""How many more layouts in a hundred the best play must succeed in than every other for a puzzle."""

MOST_SINGLE_DECISIONS = 2
"""The longest single-dummy line: each decision drawn from what the reader has seen by then."""

SINGLE_SERIES = "sd"
"""The single-dummy puzzles' own numbering (``solo-whist-sd-001``), after the double-dummy ones."""

SINGLE_SHARE = 5
"""One single-dummy puzzle is found for every this many double-dummy ones."""

HONOURS = frozenset({"J", "Q", "K", "A"})

FINESSE_GAP = 50
"""How many points in a hundred the best card's success must differ by between two seats holding a
missing honour for a single-dummy puzzle to be a finesse."""

FINESSE_SHARE = 10
"""The least share in a hundred of the layouts with the honour at a seat for that seat's rate to count."""

TECHNIQUES = ("draw_trumps", "hold_trumps", "ruff", "discard", "unblock", "duck", "timing")
"""The themes the engine can tell from the right and wrong cards of the first decision."""


def role(contract: Contract, seat: int) -> str:
    if seat not in contract.declaring:
        return DEFEAT
    return KEEP if contract.bid in MISERES else MAKE


def _judged(position: Position, seat: int) -> tuple[list[CardValue], list[CardValue]]:
    """The right and the wrong cards of ``seat`` to move, by the double-dummy search."""
    goal = role(position.agreed, seat)
    values = analysis.analyse(position, NODE_LIMIT)
    right = [value for value in values if value.made == (goal != DEFEAT)]
    wrong = [value for value in values if value.made != (goal != DEFEAT)]
    return right, wrong


def _best(position: Position) -> Play:
    """The card the seat to move plays with best play for its side (the lowest of equals)."""
    seat = position.to_move
    assert seat is not None
    contract = position.agreed
    values = analysis.analyse(position, NODE_LIMIT)
    sign = 1 if seat in contract.declaring else -1
    misere = -1 if contract.bid in MISERES else 1

    def worth(value: CardValue) -> tuple[int, int]:
        return sign * value.made, sign * misere * value.tricks

    return Play(seat, max(values, key=worth).card)


def _replies(position: Position, seat: int) -> tuple[Position, list[Move]]:
    """The other seats' best cards until ``seat`` is to play again or the hand is over."""
    replies: list[Move] = []
    while not position.is_over and position.to_move != seat:
        move = _best(position)
        position, _ = apply(position, move)
        replies.append(move)
    return position, replies


def _classes(position: Position, seat: int, cards: Sequence[Card]) -> int:
    """How many different plays ``cards`` are: touching cards of a suit (nothing between them still
    held by another seat or on the table) are the same play."""
    elsewhere = {card for other, hand in enumerate(position.hands) if other != seat for card in hand}
    if position.trick is not None:
        elsewhere |= set(position.trick.cards)
    count = 0
    for suit in SUITS:
        mine = sorted((card for card in cards if card.suit == suit), key=STRENGTH.__getitem__)
        for low, high in zip([None, *mine], mine):
            if low is None or any(STRENGTH[low] < STRENGTH[card] < STRENGTH[high] for card in elsewhere
                                  if card.suit == suit):
                count += 1
    return count


def _technique(position: Position, right: list[CardValue], wrong: list[CardValue]) -> str:
    trump = position.agreed.trump
    good = [value.card for value in right]
    bad = [value.card for value in wrong]
    if position.trick is None:
        if trump is not None and all(card.suit == trump for card in good) and any(card.suit != trump for card in bad):
            return "draw_trumps"
        if trump is not None and all(card.suit != trump for card in good) and any(card.suit == trump for card in bad):
            return "hold_trumps"
        return "timing"
    led = position.trick.cards[0].suit
    if all(card.suit != led for card in good + bad):
        if trump is not None and trump != led and all(card.suit == trump for card in good):
            return "ruff"
        return "discard"
    strength = STRENGTH.__getitem__
    if min(map(strength, good)) > min(map(strength, bad)):
        return "unblock"
    if max(map(strength, good)) < max(map(strength, bad)):
        return "duck"
    return "timing"


def _deal(rng: random.Random, bid: str) -> tuple[Position, Contract] | None:
    """A fresh deal whose bidder (and partner) the rules of thumb would play ``bid`` with, at the start of play."""
    for _ in range(DEAL_TRIES):
        pack = list(DECK)
        rng.shuffle(pack)
        hands = tuple(tuple(pack[seat::SEATS]) for seat in range(SEATS))
        bidder = rng.randrange(SEATS)
        partner = (bidder + 2) % SEATS if bid == PROPOSAL else None
        trump = None if bid in MISERES else heuristics.best_trump(hands[bidder])
        contract = Contract(bid, bidder, partner, trump)
        if not heuristics.worth(hands[bidder], contract):
            continue
        if partner is not None and not heuristics.worth(hands[partner], contract, accepted=True):
            continue
        dealer = rng.randrange(SEATS)
        return Position(dealer, hands, None, PLAY, (), contract), contract
    return None


def _heuristic(position: Position) -> Play:
    seat = position.to_move
    assert seat is not None
    cards = [move.card for move in legal_moves(position) if isinstance(move, Play)]
    move = heuristics.play(view(position, seat), cards).move
    assert isinstance(move, Play)
    return move


def candidate(rng: random.Random, bid: str, goal: str) -> Found | str:
    """One candidate of the search: a puzzle, or why there is none in this deal."""
    dealt = _deal(rng, bid)
    if dealt is None:
        return "no hand worth the bid"
    position, contract = dealt
    left = rng.choice(ENDINGS)
    position = _ending(position, left, goal)
    if position.is_over:
        return "the hand ended before the ending"
    seat = position.to_move
    assert seat is not None
    right, wrong = _judged(position, seat)
    if not right:
        return "no card reaches the goal"
    if not wrong:
        return "no card fails"
    if _heuristic(position).card not in {value.card for value in wrong}:
        return "the rules of thumb find the right card"
    alternatives = _classes(position, seat, [value.card for value in right])
    if alternatives > MOST_RIGHT:
        return "too many right cards"
    start, technique = position, _technique(position, right, wrong)
    solution: list[Move] = []
    decisions = 0
    while True:
        decisions += 1
        move = Play(seat, right[0].card)
        position, _ = apply(position, move)
        position, replies = _replies(position, seat)
        solution += [move, *replies]
        if position.is_over:
            break
        right, wrong = _judged(position, seat)
        if not wrong:
            break
        if decisions == MOST_DECISIONS:
            return "the line is too long"
    first_wrong = len(_judged(start, seat)[1])
    needed = _needed(start, seat)
    facts = {"bid": bid, "goal": goal, "technique": technique, "trump": contract.trump, "left": left,
             "needed": needed, "bidder": contract.bidder, "decisions": decisions,
             "suit": solution[0].card.suit if isinstance(solution[0], Play) else None}
    return Found(f"{goal}-{bid}", rating(decisions, alternatives, first_wrong, 40 * (left - 3)), seat, start,
                 tuple(solution), facts, tags=double_tags(start, seat, solution))


def _ending(position: Position, left: int, goal: str) -> Position:
    """The deal played by the rules of thumb until ``left`` tricks are left and a seat with ``goal`` is
    to play (or the hand is over)."""
    solvers = [seat for seat in range(SEATS) if role(position.agreed, seat) == goal]
    while not position.is_over and (len(position.tricks) < len(DECK) // SEATS - left or position.to_move not in solvers):
        position, _ = apply(position, _heuristic(position))
    return position


def _needed(position: Position, seat: int) -> int:
    """The tricks of those left that the goal asks of the reader's side (a misère: none at all; a
    defence: enough to stop the contract)."""
    contract = position.agreed
    won = contract.declaring_won(position.tricks_won())
    if contract.bid in MISERES:
        return 0
    declaring_needs = TRICKS_NEEDED[contract.bid] - won
    if seat in contract.declaring:
        return declaring_needs
    left = len(DECK) // SEATS - len(position.tricks)
    return left - declaring_needs + 1


def find(seed: int, count: int) -> Hunt:
    """``count`` double-dummy puzzles, then one single-dummy puzzle for every ``SINGLE_SHARE`` of them
    (at least one), each from its own stream of deals so that neither kind moves the other."""
    hunt = Hunt()
    index = 0
    while len(hunt.found) < count:
        bid, goal = KINDS[index % len(KINDS)]
        rng = random.Random(f"solo-whist:{seed}:{index}")
        index += 1
        hunt.tried += 1
        found = candidate(rng, bid, goal)
        if isinstance(found, str):
            hunt.rejected[found] += 1
        else:
            hunt.found.append(found)
    index = 0
    while len(hunt.found) < count + -(-count // SINGLE_SHARE):
        bid, goal = KINDS[index % len(KINDS)]
        rng = random.Random(f"solo-whist-single:{seed}:{index}")
        found = single_candidate(rng, bid, goal, f"solo-whist-layouts:{seed}:{index}")
        index += 1
        hunt.tried += 1
        if isinstance(found, str):
            hunt.rejected[f"single dummy: {found}"] += 1
        else:
            hunt.found.append(found)
    return hunt


def check(start: Position, seat: int, facts: Mapping[str, object], moves: Sequence[Move]) -> Verdict:
    """The reader's cards judged one by one, the first wrong one ending the line: by the search in a
    double-dummy problem, by the success counts the puzzle holds in a single-dummy one."""
    position = start
    replies: list[Move] = []
    if start.phase != PLAY or start.to_move != seat:
        raise IllegalMove("not_your_turn", "the puzzle's seat is not to play")
    if is_single(facts):
        return _check_single(start, seat, facts, moves)
    verdict = Verdict(True, False, (), "start")
    line: list[Move] = []
    for move in moves:
        if verdict.done or not verdict.correct:
            raise IllegalMove("puzzle_over", "the puzzle is over: no more moves")
        right, wrong = _judged(position, seat)
        after, _ = apply(position, move)
        assert isinstance(move, Play)
        if move.card in {value.card for value in wrong}:
            value = next(value for value in wrong if value.card == move.card)
            verdict = Verdict(False, False, (), f"wrong_{role(start.agreed, seat)}", _said(start, seat, move.card, value),
                              tuple(line))
            continue
        position, replies = _replies(after, seat)
        line += [move, *replies]
        done = position.is_over or not _judged(position, seat)[1]
        value = next(value for value in right if value.card == move.card)
        verdict = Verdict(True, done, tuple(replies), "solved" if done else "right", _said(start, seat, move.card, value),
                          tuple(line))
    return verdict


def _said(start: Position, seat: int, card: Card, value: CardValue) -> dict[str, object]:
    contract = start.agreed
    won = contract.declaring_won(start.tricks_won())
    return {"card": card, "tricks": value.tricks - won, "left": len(DECK) // SEATS - len(start.tricks),
            "needed": _needed(start, seat), "bid": Term(CALL_NAMES[contract.bid]), "bidder": Seat(contract.bidder)}


def params(facts: Mapping[str, object]) -> dict[str, object]:
    """A puzzle's facts as its title and goal word them."""
    bid, trump, bidder = facts["bid"], facts["trump"], facts["bidder"]
    assert isinstance(bid, str) and isinstance(bidder, int)
    suit = facts["suit"]
    worded = {**facts, "bid": Term(CALL_NAMES[bid]), "trump": Suit(trump) if isinstance(trump, str) else "",
              "bidder": Seat(bidder), "suit": Suit(suit) if isinstance(suit, str) else ""}
    if is_single(facts):
        successes, layouts = facts["successes"], facts["layouts"]
        assert isinstance(successes, list) and isinstance(layouts, int)
        counts = {Card.parse(code): count for code, count in successes[0].items()}
        order = sorted(counts, key=lambda card: (-counts[card], STRENGTH[card]))
        best = order[0]
        following = next(card for card in order if counts[card] < counts[best])
        worded.update(best=best, best_rate=_percent(counts[best], layouts), next=following,
                      next_rate=_percent(counts[following], layouts))
    return worded


def open_view(position: Position, seat: int, facts: Mapping[str, object]) -> View:
    """A puzzle as the reader sees it: a double-dummy problem with every hand laid open, a single-dummy
    one as the seat sees it at the table."""
    seen = view(position, seat)
    if is_single(facts):
        return seen
    return View(seat, seen.dealer, position.hands, seen.turn_up, seen.phase, seen.auction, seen.contract,
                seen.tricks, seen.trick, seen.result)


# --- single dummy ---------------------------------------------------------------------------------


def _reached(goal: str) -> Callable[[CardValue], bool]:
    return lambda value: value.made == (goal != DEFEAT)


def _groups(position: Position, seat: int, cards: Sequence[Card]) -> list[list[Card]]:
    """``cards`` in plays: touching cards of a suit (nothing between them outside the seat's hand)
    together, each play lowest card first. Touching cards are worth the same in every layout."""
    elsewhere = {card for other, hand in enumerate(position.hands) if other != seat for card in hand}
    if position.trick is not None:
        elsewhere |= set(position.trick.cards)
    plays: list[list[Card]] = []
    for suit in SUITS:
        mine = sorted((card for card in cards if card.suit == suit), key=STRENGTH.__getitem__)
        for low, high in zip([None, *mine], mine):
            if low is None or any(STRENGTH[low] < STRENGTH[card] < STRENGTH[high] for card in elsewhere
                                  if card.suit == suit):
                plays.append([high])
            else:
                plays[-1].append(high)
    return plays


@dataclass(frozen=True, slots=True)
class Decision:
    """One single-dummy decision: each legal card's successes in the layouts drawn, its plays best first,
    the layouts and the cards that reached the goal in each."""

    counts: dict[Card, int]
    plays: list[list[Card]]
    deals: list[Position]
    each: list[frozenset[Card]]

    @property
    def certain(self) -> bool:
        """Whether every play succeeds in every layout or in none: where the hidden cards lie does not
        matter."""
        return all(count in (0, len(self.deals)) for count in self.counts.values())

    @property
    def clear(self) -> bool:
        """Whether the best play succeeds in clearly more layouts than every other."""
        return len(self.plays) > 1 and (self.counts[self.plays[0][0]] - self.counts[self.plays[1][0]]
                                        >= LAYOUTS * CLEAR_MARGIN // 100)


def _decide(position: Position, seat: int, sample: str, counting: bool = True) -> Decision:
    """The single-dummy worth of ``seat``'s cards, from the layouts the seed ``sample`` draws."""
    deals = single_dummy.layouts(position, seat, random.Random(sample), LAYOUTS, counting)
    counts, each = single_dummy.successes(deals, _reached(role(position.agreed, seat)), NODE_LIMIT)
    plays = sorted(_groups(position, seat, list(counts)), key=lambda play: -counts[play[0]])
    return Decision(counts, plays, deals, each)


def single_candidate(rng: random.Random, bid: str, goal: str, sample: str) -> Found | str:
    """One candidate of the single-dummy search: a puzzle whose layouts ``sample`` draws, or why there is
    none in this deal."""
    dealt = _deal(rng, bid)
    if dealt is None:
        return "no hand worth the bid"
    position, contract = dealt
    seat: int | None = None
    start, first = position, None
    for left in sorted(SINGLE_ENDINGS, reverse=True):
        position = _ending(position, left, goal)
        mover = position.to_move
        if mover is None or len(position.hands[mover]) != left:
            continue
        seat, start, first = mover, position, _decide(position, mover, f"{sample}:0")
        if first.clear and _reached(goal)(_value(position, first.plays[0][0])):
            break
    if seat is None or first is None:
        return "the hand ended before the ending"
    if len(first.plays) == 1:
        return "one play only"
    if not first.clear:
        return "no card clearly better than every other"
    if not _reached(goal)(_value(start, first.plays[0][0])):
        return "the best card fails in the deal itself"
    if first.certain and (not _counts(start, seat) or _decide(start, seat, f"{sample}:0", counting=False).certain):
        return "the hidden cards do not matter"
    decided, solution = [first], []
    decision = first
    while True:
        card = decision.plays[0][0]
        position, _ = apply(position, Play(seat, card))
        position, replies = _replies(position, seat)
        solution += [Play(seat, card), *replies]
        if position.is_over or len(decided) == MOST_SINGLE_DECISIONS:
            break
        decision = _decide(position, seat, f"{sample}:{len(decided)}")
        if not decision.clear or not _reached(goal)(_value(position, decision.plays[0][0])):
            break
        decided.append(decision)
    right = [CardValue(card, 0, True) for card in first.plays[0]]
    wrong = [CardValue(card, 0, False) for play in first.plays[1:] for card in play]
    best, following = first.counts[first.plays[0][0]], first.counts[first.plays[1][0]]
    facts = {"bid": bid, "goal": goal, "technique": _technique(start, right, wrong), "trump": contract.trump,
             "left": left, "needed": _needed(start, seat), "bidder": contract.bidder, "decisions": len(decided),
             "suit": first.plays[0][0].suit, "layouts": LAYOUTS, "sample": sample,
             "successes": [{card.code: count for card, count in decision.counts.items()} for decision in decided]}
    closeness = 300 * (LAYOUTS - (best - following)) // LAYOUTS
    return Found(f"single-{goal}-{bid}", rating(len(decided), 1, len(first.plays) - 1, 40 * (left - 3) + closeness),
                 seat, start, tuple(solution), facts, tags=single_tags(start, seat, tuple(solution), decided, sample),
                 series=SINGLE_SERIES)


def _value(position: Position, card: Card) -> CardValue:
    return next(value for value in analysis.analyse(position, NODE_LIMIT) if value.card == card)


def is_single(facts: Mapping[str, object]) -> bool:
    return "successes" in facts


def _check_single(start: Position, seat: int, facts: Mapping[str, object], moves: Sequence[Move]) -> Verdict:
    """The reader's cards judged by the success counts the puzzle holds (no layouts drawn here): a card
    is right when no other succeeds in more layouts; the replies are the engine's best in the deal."""
    stored = facts["successes"]
    layouts = facts["layouts"]
    assert isinstance(stored, list) and isinstance(layouts, int)
    position, line = start, list[Move]()
    verdict = Verdict(True, False, (), "start")
    playing: list[Card] = []
    for number, move in enumerate(moves):
        if verdict.done or not verdict.correct:
            raise IllegalMove("puzzle_over", "the puzzle is over: no more moves")
        after, _ = apply(position, move)
        assert isinstance(move, Play)
        counts = {Card.parse(code): count for code, count in stored[number].items()}
        # A touching card played in place of the line's leaves the reader holding the line's card, which
        # then stands for the one they played.
        card = move.card if move.card in counts else next(
            played for played in playing if played in counts and played.suit == move.card.suit)
        best = max(counts.values())
        top = next(other for other in sorted(counts, key=STRENGTH.__getitem__) if counts[other] == best)
        following = max((count for count in counts.values() if count < best), default=0)
        said = {"card": move.card, "rate": _percent(counts[card], layouts), "best": top,
                "best_rate": _percent(best, layouts), "next_rate": _percent(following, layouts), "layouts": layouts}
        if counts[card] < best:
            verdict = Verdict(False, False, (), "wrong_single", said, tuple(line))
            continue
        playing.append(move.card)
        position, replies = _replies(after, seat)
        line += [move, *replies]
        done = position.is_over or number + 1 == len(stored)
        verdict = Verdict(True, done, tuple(replies), "solved_single" if done else "right_single", said, tuple(line))
    return verdict


def _percent(count: int, layouts: int) -> int:
    return round(100 * count / layouts)


# --- themes ---------------------------------------------------------------------------------------


def double_tags(start: Position, seat: int, solution: Sequence[Move]) -> tuple[str, ...]:
    """The themes a double-dummy puzzle shows (``docs/puzzles.md`` defines each)."""
    card = solution[0].card if isinstance(solution[0], Play) else None
    assert card is not None
    tags = []
    if _finesse(start, seat, card):
        tags.append("finesse")
    if _throw_in(start, seat, solution):
        tags.append("throw_in")
    if _unblocks(start, seat, solution, lambda position: _judged(position, seat)[1]):
        tags.append("unblocking")
    return tuple(tags)


def single_tags(start: Position, seat: int, solution: Sequence[Move], decided: Sequence[Decision],
                sample: str) -> tuple[str, ...]:
    """The themes a single-dummy puzzle shows (``docs/puzzles.md`` defines each)."""
    first = decided[0]
    card = first.plays[0][0]
    tags = []
    if _single_finesse(start, seat, first, card):
        tags.append("finesse")
    if _throw_in(start, seat, solution):
        tags.append("throw_in")
    worse = iter(decided)

    def wrong(position: Position) -> list[CardValue]:
        decision = next(worse)
        best = decision.counts[decision.plays[0][0]]
        return [CardValue(other, 0, False) for other, count in decision.counts.items() if count < best]

    if _unblocks(start, seat, solution, wrong):
        tags.append("unblocking")
    if _counts(start, seat):
        blind = _decide(start, seat, f"{sample}:0", counting=False)
        if blind.counts[card] <= max(blind.counts[play[0]] for play in blind.plays if card not in play):
            tags.append("counting")
    return tuple(tags)


def _counts(position: Position, seat: int) -> bool:
    """Whether a hidden hand has shown a void before the trick on the table: what counting tells."""
    return single_dummy.hidden(position, seat).voids != single_dummy.hidden(position, seat, counting=False).voids


def _swapped(position: Position, one: int, card: Card, other: int, lower: Card) -> Position:
    hands = [list(hand) for hand in position.hands]
    hands[one][hands[one].index(card)] = lower
    hands[other][hands[other].index(lower)] = card
    return dataclasses.replace(position, hands=tuple(tuple(hand) for hand in hands))


def _finesse(position: Position, seat: int, card: Card) -> bool:
    """Some honour the reader does not hold, changed for a lower card of its suit in another hidden hand,
    makes ``card`` wrong and some other card right."""
    others = [other for other in range(SEATS) if other != seat]
    for one in others:
        for honour in position.hands[one]:
            if honour.rank not in HONOURS:
                continue
            for other in others:
                for lower in position.hands[other]:
                    if other == one or lower.suit != honour.suit or STRENGTH[lower] > STRENGTH[honour]:
                        continue
                    right, wrong = _judged(_swapped(position, one, honour, other, lower), seat)
                    if right and card in {value.card for value in wrong}:
                        return True
    return False


def _single_finesse(position: Position, seat: int, decision: Decision, card: Card) -> bool:
    """Some hidden honour whose seat changes the best card's success by ``FINESSE_GAP`` points or more
    between two seats that each hold it in ``FINESSE_SHARE`` in a hundred of the layouts."""
    hidden = single_dummy.hidden(position, seat)
    for honour in hidden.cards:
        if honour.rank not in HONOURS:
            continue
        rates = []
        for holder in hidden.sizes:
            layouts = [good for deal, good in zip(decision.deals, decision.each) if honour in deal.hands[holder]]
            if len(layouts) * 100 >= FINESSE_SHARE * len(decision.deals):
                rates.append(100 * sum(card in good for good in layouts) // len(layouts))
        if len(rates) > 1 and max(rates) - min(rates) >= FINESSE_GAP:
            return True
    return False


def _throw_in(start: Position, seat: int, solution: Sequence[Move]) -> bool:
    """In the line, an opponent wins a trick and is then on lead where leading costs their side a trick:
    their side takes fewer of the tricks left leading than it would with the reader on lead."""
    contract = start.agreed
    if contract.bid in MISERES:
        return False
    declaring = contract.declaring_mask
    position = start
    for move in solution:
        position, _ = apply(position, move)
        if position.is_over or position.trick is not None or not position.tricks:
            continue
        winner = position.tricks[-1].winner
        if (winner in contract.declaring) == (seat in contract.declaring):
            continue
        deal = analysis.deal_of(position)
        theirs = double_dummy.value(deal, declaring, declaring, NODE_LIMIT)
        ours = double_dummy.value(dataclasses.replace(deal, leader=seat), declaring, declaring, NODE_LIMIT)
        if (theirs > ours) if seat in contract.declaring else (theirs < ours):
            return True
    return False


def _unblocks(start: Position, seat: int, solution: Sequence[Move],
              wrong_of: Callable[[Position], list[CardValue]]) -> bool:
    """At a decision of the line, the reader plays a card higher than a wrong card of the same suit they
    hold, and does not win that trick: a high card given up so that the suit runs."""
    position = start
    unblocking: Card | None = None
    for move in solution:
        if move.player == seat and isinstance(move, Play):
            wrong = {value.card for value in wrong_of(position)}
            unblocking = move.card if any(card.suit == move.card.suit and STRENGTH[card] < STRENGTH[move.card]
                                          for card in wrong) else None
        position, _ = apply(position, move)
        if unblocking is not None and position.trick is None and position.tricks:
            if position.tricks[-1].winner != seat:
                return True
            unblocking = None
    return False


def solve_again(start: Position, seat: int, facts: Mapping[str, object],
                solution: Sequence[Move]) -> tuple[list[dict[str, int]], tuple[str, ...]]:
    """A committed puzzle solved again from its position and line as the search solved it: a single-dummy
    one's success counts at each decision (the same layouts drawn, every card judged again by the
    double-dummy search), and the themes either kind shows."""
    if not is_single(facts):
        return [], double_tags(start, seat, solution)
    sample = facts["sample"]
    assert isinstance(sample, str)
    decided, position = list[Decision](), start
    for move in solution:
        if move.player == seat:
            decided.append(_decide(position, seat, f"{sample}:{len(decided)}"))
        position, _ = apply(position, move)
    counted = [{card.code: count for card, count in decision.counts.items()} for decision in decided]
    return counted, single_tags(start, seat, solution, decided, sample)

"""An exact search over the remaining tricks of a Solo Whist deal whose four hands are all known,
in plain Python: the reference the tests check the compiled search (this package) against.

Every contract is one question: can the *maximisers* make the *scorers* take at
least ``need`` of the remaining tricks? In a solo, abundance or proposal both are
the bidder's side and ``need`` is what the contract still lacks; in a misère the
defenders (maximisers) try to make the bidder (scorer) take one trick; in a
declared abundance the defenders try to take one themselves. ``Goal.of`` builds
the question from a contract.

The search is alpha-beta on a yes/no question (each node stops at the first
answer that settles it), with a transposition table of bounds on the tricks the
scorers can be made to take from each position between tricks, and with
equivalent cards merged: two cards of one hand and one suit with no card of
anyone else's between them win exactly the same tricks, so only one is tried.
A node budget turns the search off when it runs long (``SearchBudgetExceeded``).

Cards are numbers 0..51 (suit × 13 + rank, 2 lowest, ace highest) and hands are
bit masks of them, which keeps the inner loop small.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import SUIT_MASKS
from ..rules import DECLARED_ABUNDANCE, MISERES, SEATS, TRICKS_NEEDED, Contract

class SearchBudgetExceeded(Exception):
    """The search visited more nodes than it was allowed."""


@dataclass(frozen=True, slots=True)
class Goal:
    """The yes/no question a deal poses: can ``maximisers`` make ``scorers`` take ``need`` more tricks?

    ``maximisers`` and ``scorers`` are bit masks of seats.
    """

    maximisers: int
    scorers: int
    need: int

    @classmethod
    def of(cls, contract: Contract, tricks_won: tuple[int, ...]) -> Goal:
        """The question ``contract`` poses once each seat has taken ``tricks_won``."""
        bidder_side = contract.declaring_mask
        defenders = 0b1111 ^ bidder_side
        side_won = sum(tricks_won[seat] for seat in range(SEATS) if bidder_side >> seat & 1)
        if contract.bid in MISERES:
            return cls(defenders, bidder_side, 1 - side_won)
        if contract.bid == DECLARED_ABUNDANCE:
            return cls(defenders, defenders, 1 - (sum(tricks_won) - side_won))
        return cls(bidder_side, bidder_side, TRICKS_NEEDED[contract.bid] - side_won)

    def is_maximiser(self, seat: int) -> bool:
        return bool(self.maximisers >> seat & 1)


def trick_winner(leader: int, trick: list[int] | tuple[int, ...], trump: int) -> int:
    """The seat that wins a full trick of card numbers: highest trump, else highest of the suit led."""
    best = trick[0]
    best_at = 0
    for at in range(1, len(trick)):
        card = trick[at]
        if card // 13 == best // 13:
            if card > best:
                best, best_at = card, at
        elif card // 13 == trump:
            best, best_at = card, at
    return (leader + best_at) % SEATS


def representatives(candidates: int, others: int) -> list[int]:
    """One card of each run of equivalent ``candidates``: no card of ``others`` lies between them
    in their suit. The lowest card of each run stands for the run."""
    chosen = []
    previous = -1
    mask = candidates
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        same_run = previous >= 0 and previous // 13 == card // 13 and not others & (low - (2 << previous))
        if not same_run:
            chosen.append(card)
        previous = card
    return chosen


class Solver:
    """Answers a ``Goal`` for deals of one contract and trump; keeps what it learns about positions.

    One solver serves one deal (its table is keyed by the hands, so it stays valid for
    every position reached from that deal). ``node_limit`` caps the nodes over its lifetime.
    With a ``horizon`` the search looks that many whole tricks ahead (counted from the
    first position between tricks) and then estimates the rest (``estimate``): exact
    search over thirteen tricks is out of reach in the time a table may take.
    """

    def __init__(self, trump: int, goal: Goal, node_limit: int = 1 << 62, horizon: int | None = None) -> None:
        self.trump = trump
        self.horizon = horizon
        self.maximisers = goal.maximisers
        self.scorers = goal.scorers
        self.node_limit = node_limit
        self.nodes = 0
        self._bounds: dict[tuple, tuple[int, int]] = {}
        self._stop_at: int | None = None

    def max_tricks(self, hands: list[int], leader: int, trick: list[int]) -> int:
        """How many of the remaining tricks the maximisers can make the scorers take (exact)."""
        remaining = bin(hands[(leader + len(trick)) % SEATS]).count("1") + (1 if trick else 0)
        low, high = 0, remaining
        while low < high:
            middle = (low + high + 1) // 2
            if self.wins(hands, leader, trick, middle):
                low = middle
            else:
                high = middle - 1
        return low

    def wins(self, hands: list[int], leader: int, trick: list[int], need: int) -> bool:
        """Can the maximisers make the scorers take ``need`` of the remaining tricks from here?

        ``hands`` are the four cards still held (bit masks), ``trick`` the cards of the
        trick in progress from ``leader``. The lists are restored before returning.
        """
        self._stop_at = None
        if self.horizon is not None:
            self._stop_at = bin(hands[(leader + len(trick)) % SEATS]).count("1") + (1 if trick else 0)
            self._stop_at -= self.horizon + (1 if trick else 0)
        return self._search(hands, leader, trick, need)

    def wins_after(self, hands: list[int], leader: int, trick: list[int], card: int, need: int) -> bool:
        """``wins`` once the seat to play has played ``card`` (finishing the trick, perhaps)."""
        seat = (leader + len(trick)) % SEATS
        hands = list(hands)
        hands[seat] ^= 1 << card
        played = trick + [card]
        if len(played) == SEATS:
            winner = trick_winner(leader, played, self.trump)
            return self.wins(hands, winner, [], need - (self.scorers >> winner & 1))
        return self.wins(hands, leader, played, need)

    def _search(self, hands: list[int], leader: int, trick: list[int], need: int) -> bool:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchBudgetExceeded
        if not trick:
            if need <= 0:
                return True
            left = bin(hands[leader]).count("1")
            if need > left:
                return False
            if self._stop_at is not None and left <= self._stop_at:
                return self.estimate(hands) >= need
            key = (hands[0], hands[1], hands[2], hands[3], leader, self._stop_at)
            low, high = self._bounds.get(key, (0, 13))
            if low >= need:
                return True
            if high < need:
                return False
            answer = self._try_cards(hands, leader, trick, need)
            if answer:
                self._bounds[key] = (need, high)
            else:
                self._bounds[key] = (low, need - 1)
            return answer
        return self._try_cards(hands, leader, trick, need)

    def _try_cards(self, hands: list[int], leader: int, trick: list[int], need: int) -> bool:
        seat = (leader + len(trick)) % SEATS
        maximiser = bool(self.maximisers >> seat & 1)
        hand = hands[seat]
        for card in self._ordered_cards(hands, seat, trick):
            bit = 1 << card
            hands[seat] = hand ^ bit
            trick.append(card)
            if len(trick) == SEATS:
                winner = trick_winner(leader, trick, self.trump)
                taken = self.scorers >> winner & 1
                answer = self._search(hands, winner, [], need - taken)
            else:
                answer = self._search(hands, leader, trick, need)
            trick.pop()
            hands[seat] = hand
            if answer == maximiser:
                return answer
        return not maximiser

    def _ordered_cards(self, hands: list[int], seat: int, trick: list[int]) -> list[int]:
        """The distinct cards ``seat`` may play, the likeliest to settle the question first."""
        hand = hands[seat]
        others = (hands[0] | hands[1] | hands[2] | hands[3]) ^ hand
        for card in trick:
            others |= 1 << card
        if trick:
            following = hand & SUIT_MASKS[trick[0] // 13]
            cards = representatives(following or hand, others)
        else:
            cards = representatives(hand, others)
        if len(cards) == 1:
            return cards
        # A seat whose side gains when the scorers take tricks wants tricks for the scorers it sits with.
        maximiser = self.maximisers >> seat & 1
        wants_own = (self.scorers >> seat & 1) == maximiser
        if not trick:
            cards.sort(key=lambda card: card % 13, reverse=wants_own)
            return cards
        trump = self.trump
        best = trick[0]
        best_at = 0
        for at in range(1, len(trick)):
            card = trick[at]
            if (card // 13 == best // 13 and card > best) or (card // 13 == trump and best // 13 != trump):
                best, best_at = card, at
        holder = (seat - len(trick) + best_at) % SEATS
        scorers = self.scorers

        def priority(card: int) -> tuple[int, int]:
            beats = (card // 13 == best // 13 and card > best) or (card // 13 == trump and best // 13 != trump)
            winner = seat if beats else holder
            good = (scorers >> winner & 1) == maximiser
            return (0 if good else 1, card % 13 + (13 if card // 13 == trump else 0))

        cards.sort(key=priority)
        return cards

    def estimate(self, hands: list[int]) -> float:
        """A quick guess at the tricks the scorers take from a position between tricks.

        Each card counts as a trick when no opponent holds a higher one of its suit,
        as half a trick when its holder's side has more cards of the suit than opponents
        hold higher ones (it can wait for them to fall), trumps half as much again; the
        remaining tricks are shared out in proportion.
        """
        scorer_cards = other_cards = 0
        for seat in range(SEATS):
            if self.scorers >> seat & 1:
                scorer_cards |= hands[seat]
            else:
                other_cards |= hands[seat]
        strength = [0.1, 0.1]
        for suit in range(4):
            shift = 13 * suit
            scorers_suit = (scorer_cards >> shift) & 0x1FFF
            others_suit = (other_cards >> shift) & 0x1FFF
            bonus = 1.5 if suit == self.trump else 1.0
            strength[0] += bonus * _suit_strength(scorers_suit, others_suit)
            strength[1] += bonus * _suit_strength(others_suit, scorers_suit)
        return bin(hands[0]).count("1") * strength[0] / (strength[0] + strength[1])


_POPCOUNT = tuple(bin(mask).count("1") for mask in range(1 << 13))
_RANKS_IN = tuple(tuple(rank for rank in range(13) if mask >> rank & 1) for mask in range(1 << 13))


def _suit_strength(mine: int, theirs: int) -> float:
    """``estimate``'s count for one side's cards of one suit against the other side's."""
    length = _POPCOUNT[mine]
    total = 0.0
    for rank in _RANKS_IN[mine]:
        higher = _POPCOUNT[theirs >> (rank + 1)]
        if higher == 0:
            total += 1.0
        elif length > higher:
            total += 0.5
    return total

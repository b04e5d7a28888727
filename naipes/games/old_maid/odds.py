"""The chance that a seat ends holding the queen, from any position, every draw blind.

Every draw in Old Maid is blind from a shuffled fan, so from any position the rest of the
game is a chain of chances and nothing else: each card of the offerer's fan is drawn with the
same chance. What matters of a position is, for each rank still in play, which players hold
one of its cards (a hand holds at most one card of a rank once its pairs are laid aside), and
who offers next. A state is that: the ranks' holders as bit masks, sorted (ranks are
interchangeable), and the offerer. A rank of four cards in four hands stays one mask, not two pairs
of two hands: a card of it drawn by any other of its holders pairs off. A seat that has gone out is
out for good, so every state without it is 0 and is not searched further.

A draw that makes no pair keeps the cards in play (the queen bouncing between two players
comes back to where it was), so the chances are the solution of a system of equations, not
a walk down a tree. The states are split into their strongly connected groups, each solved
once every group it leads to is, by elimination over its sparse equations where the group is small
(a few hundred states at most with four players), by iteration where it is large (a thousand or
two, five or six players with many cards in play).

The states reachable from a position with many players and many cards run to millions (five
players at the deal: 115,000 to 1.3 million with the seat in; six players: over 4 million), and
so a search stops at ``MAX_STATES``, all the searches of one game stop at ``MAX_WORK``, and their
iterations at ``MAX_SWEEPS``. With two to four players every draw has
its exact chance from the deal on, or nearly; with five or six, the later draws do, and the
earlier ones are estimated (``estimate``): games played on by chance from the position until they
reach a state whose chance is known or small enough to solve, their average told with the
half-width of its 95 % interval, the number of games bounded per review (``SAMPLES``, ``BUDGET``).
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from .rules import DISCARDING, OVER, PAIRING, Position

MAX_STATES = 40_000
"""The most states one search may find before it gives the chance up."""

MAX_GROUP = 800
"""The most states of one strongly connected group solved by elimination (which grows as its cube); a
larger one is solved by iteration."""

MAX_SWEEPS = 2_000_000
"""The most state updates the iterations of one game may make together; a group whose iteration
would need more gives the chance up."""

TOLERANCE = 1e-13
"""An iteration stops once no chance of its group moved by more than this in a sweep."""

MAX_WORK = 80_000
"""The most states all the searches of one game may find together, failed ones included."""

SAMPLES = 1_000
"""The most games played by chance to estimate one chance the search cannot give exactly."""

BUDGET = 10_000
"""The most games played by chance for all the estimates of one review, shared evenly among them."""

SMALL = 12
"""The most cards in play of a state an estimate solves exactly when one of its games reaches it."""

State = tuple[tuple[int, ...], int | None]


def _next_active(holding: int, player: int, players: int) -> int | None:
    for step in range(1, players):
        seat = (player + step) % players
        if holding >> seat & 1:
            return seat
    return None


def _cards(state: State) -> int:
    return sum(mask.bit_count() for mask in state[0])


def _holding(masks: Sequence[int]) -> int:
    held = 0
    for mask in masks:
        held |= mask
    return held


def state_of(position: Position) -> State:
    """The position as the chain sees it, pairs in hand laid aside and the next offerer named."""
    players = position.players
    holders: dict[str, int] = defaultdict(int)
    for seat, hand in enumerate(position.hands):
        for card in hand:
            holders[card.rank] ^= 1 << seat
    masks = tuple(sorted(mask for mask in holders.values() if mask))
    held = _holding(masks)
    if position.phase == DISCARDING:
        passer = position.dealer
    elif position.phase == PAIRING:
        passer = position.drawing[1]
    else:
        return masks, position.offerer
    return masks, passer if held >> passer & 1 else _next_active(held, passer, players)


def _draws(state: State, players: int) -> list[State]:
    """The states after each card of the offerer's fan is drawn, one per card."""
    masks, offerer = state
    assert offerer is not None
    taker = _next_active(_holding(masks), offerer, players)
    assert taker is not None
    after: list[State] = []
    for index, mask in enumerate(masks):
        if not mask >> offerer & 1:
            continue
        moved = mask & ~(1 << offerer)
        moved = moved & ~(1 << taker) if mask >> taker & 1 else moved | 1 << taker
        rest = masks[:index] + masks[index + 1:]
        following = tuple(sorted(rest + (moved,))) if moved else rest
        held = _holding(following)
        passer = taker if held >> taker & 1 else _next_active(held, taker, players)
        after.append((following, passer))
    return after


def _loser(state: State, players: int) -> int | None | bool:
    """The loser of a finished state (None: nobody holds a card), or False while the game goes on."""
    masks, offerer = state
    if offerer is None:
        return None
    if _next_active(_holding(masks), offerer, players) is None:
        return offerer
    return False


def states_from(start: State, players: int, seat: int, cap: int) -> int | None:
    """How many states with the seat still in and the game not over the exact search from ``start`` would
    solve, or None past ``cap``: the measure of what a search bound leaves out."""
    seen: set[State] = set()
    frontier = [start]
    while frontier:
        state = frontier.pop()
        if state in seen or not _holding(state[0]) >> seat & 1 or _loser(state, players) is not False:
            continue
        seen.add(state)
        if len(seen) > cap:
            return None
        frontier += _draws(state, players)
    return len(seen)


class Odds:
    """The chances of one game, searched once and remembered across its positions."""

    def __init__(self, players: int, seat: int) -> None:
        self.players = players
        self.seat = seat
        self.known: dict[State, float] = {}
        self.work = MAX_WORK
        self.sweeps = MAX_SWEEPS
        self.most = 0
        """The most cards in play of a state solved here: no state with more, the seat in and the game on, is known."""

    def chance(self, position: Position) -> float | None:
        """The chance that the seat ends holding the last card, or None if it needs more than ``MAX_STATES``
        or than the work left (``MAX_WORK``), or its iterations more than the updates left (``MAX_SWEEPS``)."""
        if position.phase == OVER:
            return 1.0 if position.loser == self.seat else 0.0
        return self.of_state(state_of(position))

    def of_state(self, start: State) -> float | None:
        """The chance from a state of the chain, as ``chance`` gives it from a position."""
        if start in self.known:
            return self.known[start]
        found = self._reachable(start)
        if found is None:
            return None
        if not self._solve(found, _components(found)):
            return None
        self.most = max(self.most, _cards(start))
        return self.known[start]

    def _reachable(self, start: State) -> dict[State, list[State]] | None:
        found: dict[State, list[State]] = {}
        frontier = [start]
        while frontier:
            state = frontier.pop()
            if state in found or state in self.known:
                continue
            if not _holding(state[0]) >> self.seat & 1:
                self.known[state] = 0.0
                continue
            loser = _loser(state, self.players)
            if loser is not False:
                self.known[state] = 1.0 if loser == self.seat else 0.0
                continue
            found[state] = _draws(state, self.players)
            if len(found) > min(MAX_STATES, self.work):
                self.work -= len(found)
                return None
            frontier += found[state]
        self.work -= len(found)
        return found

    def _solve(self, found: dict[State, list[State]], groups: list[list[State]]) -> bool:
        """Each strongly connected group of states once every state it leads out to is solved; False if
        a group's iteration ran out of ``sweeps``."""
        known = self.known
        for group in groups:
            if len(group) == 1:
                state = group[0]
                following = found[state]
                loops = following.count(state)
                known[state] = sum(known[after] for after in following if after != state) / (len(following) - loops)
                continue
            place = {state: index for index, state in enumerate(group)}
            inside: list[list[int]] = []
            outside: list[float] = []
            for state in group:
                following = found[state]
                inside.append([place[after] for after in following if after in place])
                outside.append(sum(known[after] for after in following if after not in place) / len(following))
            sizes = [len(found[state]) for state in group]
            if len(group) <= MAX_GROUP:
                values = _solved(inside, outside, sizes)
            else:
                iterated = _iterated(inside, outside, sizes, self.sweeps)
                self.sweeps -= iterated[1]
                if iterated[0] is None:
                    return False
                values = iterated[0]
            known.update(zip(group, values))
        return True


def _iterated(inside: list[list[int]], outside: list[float], sizes: list[int],
              updates: int) -> tuple[list[float] | None, int]:
    """The solution of the same equations as ``_solved``, by Gauss-Seidel sweeps until no value moves by
    more than ``TOLERANCE``, and the updates it made; None if that needs more than ``updates``.

    The sweeps converge: every state of a group leaves it sooner or later (the game ends), so the
    equations' chain within it is absorbing. They converge fast enough to beat elimination on large
    groups, whose fill-in grows as the cube: a few dozen sweeps in the games measured."""
    values = [0.0] * len(inside)
    rows = list(zip(outside, inside, (1.0 / size for size in sizes)))
    made = 0
    while made + len(rows) <= updates:
        made += len(rows)
        moved = 0.0
        for index, (constant, within, weight) in enumerate(rows):
            value = constant + weight * sum(values[after] for after in within)
            moved = max(moved, abs(value - values[index]))
            values[index] = value
        if moved < TOLERANCE:
            return values, made
    return None, made


def _solved(inside: list[list[int]], outside: list[float], sizes: list[int]) -> list[float]:
    """The solution of x[i] = outside[i] + sum(x[j] for j in inside[i]) / sizes[i], by elimination.

    Each equation is kept as the sparse row x[i] = constant + sum(weight * x[j]); eliminating the
    states one by one substitutes the row of each into the rows that mention it, then the rows are
    solved back in reverse order."""
    rows: list[dict[int, float]] = []
    constants = list(outside)
    for index, within in enumerate(inside):
        row: dict[int, float] = defaultdict(float)
        for after in within:
            row[after] += 1.0 / sizes[index]
        rows.append(row)
    users: list[set[int]] = [set() for _ in inside]
    for index, row in enumerate(rows):
        for after in row:
            users[after].add(index)
    for pivot, row in enumerate(rows):
        itself = row.pop(pivot, 0.0)
        scale = 1.0 / (1.0 - itself)
        constants[pivot] *= scale
        for after in row:
            row[after] *= scale
            users[after].discard(pivot)
        users[pivot].discard(pivot)
        for user in users[pivot]:
            other = rows[user]
            weight = other.pop(pivot)
            constants[user] += weight * constants[pivot]
            for after, value in row.items():
                if after not in other:
                    users[after].add(user)
                other[after] = other.get(after, 0.0) + weight * value
        users[pivot] = set()
    values = [0.0] * len(rows)
    for pivot in range(len(rows) - 1, -1, -1):
        values[pivot] = constants[pivot] + sum(weight * values[after] for after, weight in rows[pivot].items())
    return values


def _components(found: dict[State, list[State]]) -> list[list[State]]:
    """The strongly connected groups of ``found`` (Tarjan's algorithm, without recursion), each listed
    after every group it leads to."""
    index: dict[State, int] = {}
    low: dict[State, int] = {}
    stack: list[State] = []
    on_stack: set[State] = set()
    groups: list[list[State]] = []
    for root in found:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(found[root]))]
        while work:
            state, following = work[-1]
            for after in following:
                if after not in found:
                    continue
                if after not in index:
                    index[after] = low[after] = len(index)
                    stack.append(after)
                    on_stack.add(after)
                    work.append((after, iter(found[after])))
                    break
                if after in on_stack:
                    low[state] = min(low[state], index[after])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[state])
                if low[state] == index[state]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == state:
                            break
                    groups.append(group)
    return groups

@dataclass(frozen=True, slots=True)
class Told:
    """A chance as a review tells it: exact (``margin`` 0), or estimated from games played on by chance,
    ``margin`` the half-width of its 95 % interval."""

    chance: float
    margin: float = 0.0


def estimate(odds: Odds, start: State, rng: random.Random, samples: int) -> Told:
    """The chance from ``start`` as the average of ``samples`` games played on by chance from it.

    Each game is played on the chain until its end, until the seat is out, or until it reaches a state
    whose chance is known exactly or has at most ``SMALL`` cards in play (then solved exactly, within
    the work left): the rest of its chance is then counted, not drawn, which narrows the interval.
    The margin is never below 3 / ``samples``, the rule of three's: games that all end alike (a chance
    too small for any of them to show) do not make an estimate look exact."""
    values = [_played_on(odds, start, rng) for _ in range(samples)]
    mean = sum(values) / samples
    spread = sum((value - mean) ** 2 for value in values) / (samples - 1)
    return Told(mean, max(1.96 * math.sqrt(spread / samples), 3 / samples))


def _played_on(odds: Odds, start: State, rng: random.Random) -> float:
    players, seat, known = odds.players, odds.seat, odds.known
    masks, offerer = list(start[0]), start[1]
    hands = [sum(mask >> player & 1 for mask in masks) for player in range(players)]
    cards, held = sum(hands), _holding(masks)
    while offerer is not None:
        if not held >> seat & 1:
            return 0.0
        taker = _next_active(held, offerer, players)
        if taker is None:
            return 1.0 if offerer == seat else 0.0
        if cards <= odds.most or cards <= SMALL:
            state = (tuple(sorted(masks)), offerer)
            value = known.get(state)
            if value is None and cards <= SMALL:
                value = odds.of_state(state)
            if value is not None:
                return value
        fan = [index for index, mask in enumerate(masks) if mask >> offerer & 1]
        index = fan[int(rng.random() * len(fan))]
        moved = masks[index] & ~(1 << offerer)
        hands[offerer] -= 1
        if moved >> taker & 1:
            moved &= ~(1 << taker)
            hands[taker] -= 1
            cards -= 2
        else:
            moved |= 1 << taker
            hands[taker] += 1
        if moved:
            masks[index] = moved
        else:
            del masks[index]
        if not hands[offerer]:
            held &= ~(1 << offerer)
        if not hands[taker]:
            held &= ~(1 << taker)
        offerer = taker if held >> taker & 1 else _next_active(held, taker, players)
    return 0.0


def chances(positions: Sequence[Position], seat: int) -> list[Told]:
    """The seat's chance of ending with the queen at each of ``positions`` of one game.

    The positions are searched from the last back, each finding the later ones' states solved, until
    one needs more than the bounds allow (the earlier ones, with more cards in play, would as well);
    those are estimated, each from ``SAMPLES`` games or its even share of ``BUDGET`` if less. The
    dice of each estimate are drawn from its state, so a review tells the same figures every time it
    is asked."""
    if not positions:
        return []
    odds = Odds(positions[0].players, seat)
    exact: list[float | None] = [None] * len(positions)
    for index in range(len(positions) - 1, -1, -1):
        exact[index] = odds.chance(positions[index])
        if exact[index] is None:
            break
    samples = max(2, min(SAMPLES, BUDGET // max(1, exact.count(None))))
    told: list[Told] = []
    for position, chance in zip(positions, exact):
        if chance is not None:
            told.append(Told(chance))
            continue
        start = state_of(position)
        told.append(estimate(odds, start, random.Random(repr(start)), samples))
    return told

"""The exact Solo Whist search agrees with a brute-force search on every small ending of a corpus."""

from __future__ import annotations

import random

import pytest

from naipes.games.solo_whist import rules as sw
from naipes.engine.cards import Card
from naipes.games.solo_whist.double_dummy import NO_TRUMP, card_of, index_of
from naipes.games.solo_whist.double_dummy.reference import (Goal, SearchBudgetExceeded, Solver, representatives,
                                                             trick_winner)
from solo_whist_endings import ending

SEATS = 4


def brute_force(hands: list[int], leader: int, trick: list[int], trump: int, goal: Goal) -> int:
    """Every legal card tried at every turn, no table and no merging: the tricks the scorers take."""
    seat = (leader + len(trick)) % SEATS
    if not trick and not hands[leader]:
        return 0
    hand = hands[seat]
    if trick:
        following = hand & (0x1FFF << 13 * (trick[0] // 13))
        hand = following or hand
    results = []
    mask = hand
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        hands[seat] ^= low
        played = trick + [card]
        if len(played) == SEATS:
            winner = trick_winner(leader, played, trump)
            value = (goal.scorers >> winner & 1) + brute_force(hands, winner, [], trump, goal)
        else:
            value = brute_force(hands, leader, played, trump, goal)
        hands[seat] ^= low
        results.append(value)
    return max(results) if goal.maximisers >> seat & 1 else min(results)


def small_endings(count: int, tricks: int, seed: int):
    """Random endings: ``tricks`` cards a hand, any trump or none, every kind of contract's question,
    some with a trick already begun."""
    rng = random.Random(seed)
    for _ in range(count):
        hands, leader, trick = ending(rng, tricks)
        bidder = rng.randrange(SEATS)
        kind = rng.choice(("solo", "proposal", "misere", "declared_abundance"))
        if kind == "proposal":
            side = (1 << bidder) | (1 << (bidder + rng.randrange(1, 4)) % SEATS)
            goal = Goal(side, side, 1)
        elif kind == "misere":
            goal = Goal(0b1111 ^ (1 << bidder), 1 << bidder, 1)
        elif kind == "declared_abundance":
            goal = Goal(0b1111 ^ (1 << bidder), 0b1111 ^ (1 << bidder), 1)
        else:
            goal = Goal(1 << bidder, 1 << bidder, 1)
        trump = NO_TRUMP if kind in ("misere", "declared_abundance") else rng.choice((NO_TRUMP, 0, 1, 2, 3))
        yield hands, leader, trick, trump, goal


@pytest.mark.parametrize("tricks, count", [(3, 150), (4, 40)])
def test_exact_search_agrees_with_brute_force_on_every_small_ending(tricks, count):
    for hands, leader, trick, trump, goal in small_endings(count, tricks, seed=tricks):
        expected = brute_force(list(hands), leader, list(trick), trump, goal)
        solver = Solver(trump, goal)
        assert solver.max_tricks(list(hands), leader, list(trick)) == expected
        for need in range(tricks + 2):
            assert solver.wins(list(hands), leader, list(trick), need) == (expected >= need)


def test_the_search_leaves_the_hands_and_the_trick_as_it_found_them():
    hands, leader, trick, trump, goal = next(small_endings(1, 4, seed=9))
    before = (list(hands), list(trick))
    Solver(trump, goal).max_tricks(hands, leader, trick)
    assert (hands, trick) == before


def test_equivalent_cards_are_merged_only_with_nothing_between_them():
    mine = sum(1 << index_of(Card.parse(code)) for code in ("KS", "QS", "10S", "2H"))
    others = sum(1 << index_of(Card.parse(code)) for code in ("JS", "AS", "3H"))
    kept = {card_of(index).code for index in representatives(mine, others)}
    assert kept == {"QS", "10S", "2H"}


def test_goals_follow_the_contracts():
    solo = Goal.of(sw.Contract("solo", 1, None, "H"), (2, 1, 0, 0))
    assert (solo.maximisers, solo.scorers, solo.need) == (0b0010, 0b0010, 4)
    misere = Goal.of(sw.Contract("misere", 2, None, None), (1, 0, 0, 0))
    assert (misere.maximisers, misere.scorers, misere.need) == (0b1011, 0b0100, 1)
    declared = Goal.of(sw.Contract("declared_abundance", 0, None, None), (3, 0, 0, 0))
    assert (declared.maximisers, declared.scorers, declared.need) == (0b1110, 0b1110, 1)
    proposal = Goal.of(sw.Contract("proposal", 0, 3, "S"), (2, 1, 1, 3))
    assert (proposal.maximisers, proposal.need) == (0b1001, 3)


def test_the_node_budget_stops_a_long_search():
    hands, leader, trick, trump, goal = next(small_endings(1, 4, seed=2))
    with pytest.raises(SearchBudgetExceeded):
        Solver(trump, goal, node_limit=3).max_tricks(hands, leader, trick)

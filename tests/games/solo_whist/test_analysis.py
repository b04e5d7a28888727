"""The analysis board: each legal card's tricks for the declaring side in the whole deal and whether the
contract is then made, checked against the pure-Python reference search on positions reached by play."""

from __future__ import annotations

import random

import pytest

from naipes.engine.errors import InvalidPosition
from naipes.games.solo_whist import rules
from naipes.games.solo_whist.analysis import analyse
from naipes.games.solo_whist.rules import Bid, NameTrump, Play
from naipes.games.solo_whist.dd import index_of, mask_of, trump_index
from naipes.games.solo_whist.solver import Goal, Solver, trick_winner


def auctioned(seed: int, bid: str) -> rules.Position:
    """A deal whose auction closes on ``bid`` by eldest hand (accepted by the next player for a proposal)."""
    position = rules.new_game(seed, dealer=0)
    position, _ = rules.apply(position, Bid(1, bid))
    if bid == "proposal":
        position, _ = rules.apply(position, Bid(2, "acceptance"))
    while position.phase == rules.AUCTION:
        position, _ = rules.apply(position, Bid(position.to_move, "pass"))
    if position.phase == rules.NAMING_TRUMP:
        position, _ = rules.apply(position, NameTrump(1, "S"))
    return position


def played_down_to(position: rules.Position, cards_left: int, rng: random.Random) -> rules.Position | None:
    """Random legal cards until the player to move holds ``cards_left`` cards (None if the hand ended).
    In a declared abundance the bidder plays its highest card and the others their lowest, or the hand
    would rarely last."""
    while position.phase == rules.PLAY:
        if len(position.hands[position.to_move]) == cards_left and rng.random() < 0.5:
            return position
        if len(position.hands[position.to_move]) < cards_left:
            return position
        moves = rules.legal_moves(position)
        if position.agreed.bid == "declared_abundance":
            by_rank = sorted(moves, key=lambda move: rules.STRENGTH[move.card])
            move = by_rank[-1] if position.to_move == position.agreed.bidder else by_rank[0]
        else:
            move = rng.choice(moves)
        position, _ = rules.apply(position, move)
    return None


def reference_tricks(position: rules.Position, card, maximisers: int, scorers: int) -> int:
    """The reference search's tricks for ``scorers`` over the rest of the deal after ``card``."""
    trump = trump_index(position.agreed.trump)
    hands = [mask_of(hand) for hand in position.hands]
    trick = [index_of(played) for played in position.trick.cards] if position.trick else []
    seat, leader = position.to_move, position.leader
    hands[seat] ^= 1 << index_of(card)
    trick.append(index_of(card))
    solver = Solver(trump, Goal(maximisers, scorers, 0))
    if len(trick) < 4:
        return solver.max_tricks(hands, leader, trick)
    winner = trick_winner(leader, trick, trump)
    return (scorers >> winner & 1) + (solver.max_tricks(hands, winner, []) if hands[0] else 0)


@pytest.mark.parametrize("bid", ["proposal", "solo", "misere", "abundance", "open_misere", "declared_abundance"])
def test_every_legal_card_gets_the_tricks_and_the_verdict_of_the_reference(bid):
    rng = random.Random(f"analysis-{bid}")
    wanted = 2 if bid == "declared_abundance" else 12  # few random deals keep a declared abundance alive
    checked = 0
    for seed in range(200):
        position = played_down_to(auctioned(seed, bid), 4, rng)
        if position is None:
            continue
        contract = position.agreed
        declaring = 1 << contract.bidder | (0 if contract.partner is None else 1 << contract.partner)
        won = sum(count for seat, count in enumerate(position.tricks_won()) if declaring >> seat & 1)
        values = analyse(position)
        assert [value.card for value in values] == sorted(
            (move.card for move in rules.legal_moves(position) if isinstance(move, Play)), key=index_of)
        for value in values:
            if bid in ("misere", "open_misere"):
                forced = reference_tricks(position, value.card, 0b1111 ^ declaring, declaring) >= 1
                assert (value.tricks, value.made) == (won + forced, not forced)
            else:
                tricks = won + reference_tricks(position, value.card, declaring, declaring)
                every = len(position.tricks) + len(position.hands[position.to_move])
                needed = every if bid == "declared_abundance" else rules.TRICKS_NEEDED[bid]
                assert (value.tricks, value.made) == (tricks, tricks >= needed)
        checked += 1
        if checked == wanted:
            break
    assert checked == wanted


def test_a_whole_deal_is_analysed_from_the_first_lead():
    position = auctioned(7, "solo")
    values = analyse(position)
    assert len(values) == 13
    assert all(0 <= value.tricks <= 13 and value.made == (value.tricks >= 5) for value in values)


def test_only_a_position_in_play_is_analysed():
    with pytest.raises(InvalidPosition):
        analyse(rules.new_game(7, dealer=0))

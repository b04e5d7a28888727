"""Solo Whist views: a seat sees its own hand and everything played face up, never another hand."""

from __future__ import annotations

import random

import pytest

from naipes.games.solo_whist import rules as sw
from naipes.games.solo_whist.view import event_seen_by, view


def bid_through(position: sw.Position, *bids: str) -> sw.Position:
    for bid in bids:
        position, _ = sw.apply(position, sw.Bid(position.to_move, bid))
    return position


def play_lowest(position: sw.Position, cards: int) -> tuple[sw.Position, list]:
    events = []
    for _ in range(cards):
        move = sw.legal_moves(position)[-1]
        position, new = sw.apply(position, move)
        events += new
    return position, events


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others():
    position = sw.new_game(11, dealer=0)
    for seat in range(4):
        shown = view(position, seat).to_json()
        assert shown["hands"][seat] == [card.code for card in position.hands[seat]]
        for other in set(range(4)) - {seat}:
            assert shown["hands"][other] == [None] * 13


def test_the_turned_up_card_is_public_but_not_its_place_in_the_dealers_hand():
    position = sw.new_game(11, dealer=2)
    shown = view(position, 0).to_json()
    assert shown["turn_up"] == position.turn_up.code
    assert shown["hands"][2] == [None] * 13


def test_a_view_has_the_positions_json_shape_with_unseen_cards_null():
    position = bid_through(sw.new_game(5, dealer=3), "solo", "pass", "pass", "pass")
    position, _ = play_lowest(position, 6)
    full, seen = position.to_json(), view(position, 1).to_json()
    assert seen.keys() == full.keys()
    for key in full.keys() - {"hands"}:
        assert seen[key] == full[key]
    assert [len(hand) for hand in seen["hands"]] == [len(hand) for hand in full["hands"]]


def test_the_open_misere_hand_is_seen_by_everyone_once_the_first_trick_is_over():
    for seed in range(200):
        position = bid_through(sw.new_game(seed, dealer=3), "open_misere", "pass", "pass", "pass")
        bidder = position.contract.bidder
        before, _ = play_lowest(position, 3)
        for seat in set(range(4)) - {bidder}:
            assert set(view(before, seat).to_json()["hands"][bidder]) == {None}
        after, events = play_lowest(before, 1)
        if after.exposed:
            break
    else:
        pytest.fail("no open misère survived its first trick")
    for seat in range(4):
        assert view(after, seat).to_json()["hands"][bidder] == [card.code for card in after.hands[bidder]]
    exposed = next(event for event in events if event.type == "hand_exposed")
    assert event_seen_by(exposed, 2).to_json() == exposed.to_json()


def test_every_solo_whist_event_is_public():
    rng = random.Random(3)
    position = sw.new_game(8, dealer=1)
    while not position.is_over:
        move = rng.choice(sw.legal_moves(position))
        position, events = sw.apply(position, move)
        for event in events:
            for seat in range(4):
                assert event_seen_by(event, seat) == event


def test_view_refuses_a_seat_that_is_not_at_the_table():
    with pytest.raises(ValueError):
        view(sw.new_game(1), 4)


def test_view_knows_whose_turn_it_is():
    position = sw.new_game(1, dealer=0)
    assert view(position, 3).to_move == position.to_move == 1

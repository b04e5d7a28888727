"""Old Maid at the table: what a seat may see, and the computer player that decides from it alone."""

from __future__ import annotations

import random

import pytest

from naipes.games.old_maid import rules as old_maid
from naipes.games.old_maid.rules import Arrange, Discard, Draw, Position, apply, legal_moves, new_game
from naipes.games.old_maid.view import event_seen_by, view
from naipes.games.old_maid import player as player


def table(*hands: str, phase: str = "drawing", discards: tuple[str, ...] | None = None) -> Position:
    """Seat 0 draws from the last seat (on its right), unless the phase says nobody draws."""
    piles = discards or ("",) * len(hands)
    drawing = phase in ("drawing", "pairing")
    offerer, taker = (len(hands) - 1, 0) if drawing else (None, None)
    return Position.from_json({
        "dealer": 0, "hands": [hand.split() for hand in hands], "discards": [pile.split() for pile in piles],
        "phase": phase, "offerer": offerer, "taker": taker, "loser": None,
    })


def seat_moves(position: Position, seat: int):
    return [move for move in legal_moves(position) if move.player == seat]


# What a seat sees

def test_a_seat_sees_its_own_fan_in_order_and_only_the_sizes_of_the_others():
    position = table("9H QS", "KH", "9D 5C 7S")
    seen = view(position, 0).to_json()
    assert seen["hands"] == [["9H", "QS"], [None], [None, None, None]]
    assert seen == {**position.to_json(), "hands": seen["hands"]}


def test_every_pair_laid_aside_is_seen_by_everyone():
    position = table("9H", "5C", discards=("8S 8H", "KH KD"))
    for seat in (0, 1):
        assert view(position, seat).to_json()["discards"] == [["8S", "8H"], ["KH", "KD"]]


def test_no_card_of_another_hand_is_in_a_view_of_a_dealt_table():
    position = new_game(7, players=5)
    for seat in range(5):
        shown = view(position, seat).to_json()
        named = {code for hand in shown["hands"] for code in hand if code is not None}
        assert named == {card.code for card in position.hands[seat]}
        assert [len(hand) for hand in shown["hands"]] == [len(hand) for hand in position.hands]


def test_a_seat_that_is_not_at_the_table_has_no_view():
    with pytest.raises(ValueError):
        view(table("9H", "5C"), 2)


def test_a_drawn_card_is_seen_by_the_taker_and_the_offerer_only():
    _, events = apply(table("9H QS", "KH", "9D 5C 7S"), Draw(0, 0))
    drew = events[0]
    assert drew.to_json() == {"type": "drew", "player": 0, "from": 2, "card": "9D"}
    assert event_seen_by(drew, 0) == drew
    assert event_seen_by(drew, 2) == drew
    assert event_seen_by(drew, 1).to_json() == {"type": "drew", "player": 0, "from": 2, "card": None}


def test_discards_and_the_end_are_public_events():
    position = table("9H QS", "KH", "9D")
    _, events = apply(position, Draw(0, 0))
    assert [event.type for event in events] == ["drew", "out"]
    assert event_seen_by(events[1], 2) == events[1]
    pairing, _ = apply(position, Draw(0, 0))
    _, events = apply(pairing, seat_moves(pairing, 0)[0])
    assert all(event_seen_by(event, 2) == event for event in events)


# The computer player

def test_the_player_lays_aside_a_pair_before_anything_else():
    position = table("9H QS 9C", "5D KS", phase="discarding")
    choice = player.choose(view(position, 0), seat_moves(position, 0), random.Random(1))
    assert choice.move == Discard(0, (old_maid.Card.parse("9H"), old_maid.Card.parse("9C")))
    assert choice.reason.params == {"first": choice.move.cards[0], "second": choice.move.cards[1]}


def test_the_player_draws_at_a_place_chosen_at_random():
    position = table("9H QS", "KH", "9D 5C 7S KD")
    places = {player.choose(view(position, 0), seat_moves(position, 0), random.Random(seed)).move.index
              for seed in range(40)}
    assert places == {0, 1, 2, 3}


def test_the_draw_reason_counts_the_hidden_cards_that_would_pair():
    position = table("9H QS", "KH", "9D 5C")
    reason = player.choose(view(position, 0), seat_moves(position, 0), random.Random(1)).reason
    # Hidden: 51 cards less the two held; those pairing with 9♥ or Q♠ are the other nines and two queens.
    assert (reason.params["matching"], reason.params["unseen"]) == (5, 49)
    assert reason.params["offering_player"] == 2


def test_the_last_card_of_a_fan_is_taken_with_its_own_reason():
    position = table("9H QS", "KH", "9D")
    reason = player.choose(view(position, 0), seat_moves(position, 0), random.Random(1)).reason
    assert reason.params == {"offering_player": 2}


def test_two_positions_with_the_same_view_get_the_same_choice():
    # Seat 0 cannot tell these apart: only the other fans differ.
    first = table("9H QS", "KH 3D", "9D 5C 7S")
    second = table("9H QS", "5H 7C", "KD 3C 8S")
    assert view(first, 0) == view(second, 0)
    for seed in range(20):
        assert (player.choose(view(first, 0), seat_moves(first, 0), random.Random(seed))
                == player.choose(view(second, 0), seat_moves(second, 0), random.Random(seed)))


def test_shuffled_is_an_arrange_of_the_seats_own_fan():
    position = table("9H QS 4D 7C 10S", "KH", "9D")
    arrange = player.shuffled(view(position, 0), random.Random(3))
    assert isinstance(arrange, Arrange) and arrange.player == 0
    assert sorted(arrange.order, key=str) == sorted(position.hands[0], key=str)
    apply(position, arrange)


def test_an_unknown_level_is_refused():
    position = table("9H QS", "KH", "9D")
    with pytest.raises(ValueError):
        player.choose(view(position, 0), seat_moves(position, 0), random.Random(1), "strong")


@pytest.mark.parametrize("players", range(2, 7))
def test_computer_players_play_random_deals_to_the_end(players):
    rng = random.Random(players)
    for seed in range(30):
        position = new_game(seed, players=players)
        for _ in range(500):
            if position.is_over:
                break
            if position.phase == old_maid.DRAWING:
                offerer = position.offerer
                position, _ = apply(position, player.shuffled(view(position, offerer), rng))
            moves = legal_moves(position)
            seat = moves[0].player
            mine = [move for move in moves if move.player == seat]
            choice = player.choose(view(position, seat), mine, rng)
            assert choice.move in mine
            position, events = apply(position, choice.move)
            for event in events:
                for watcher in range(players):
                    seen = event_seen_by(event, watcher).to_json()
                    if seen.get("card") is not None:
                        assert watcher in (seen["player"], seen["from"])
        assert position.is_over and position.loser is not None

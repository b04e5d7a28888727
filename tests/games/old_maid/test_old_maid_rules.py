"""Old Maid with 51 cards: every rule of the seeds, the JSON contract, random playouts, the worked examples."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from naipes.games.old_maid import rules as old_maid
from naipes.engine.cards import Card
from naipes.engine.errors import IllegalMove, InvalidMove, InvalidOptions, InvalidPosition
from naipes.games.old_maid.rules import Arrange, Discard, Draw, Position, apply, legal_moves, move_from_json, new_game
from tests.engine.examples_runner import assert_captioned_in_every_language, run_example
from tests.sampling import sweep

EXAMPLE_IDS = ("old-maid-nines", "old-maid-deal", "old-maid-dealer-out", "old-maid-last-queen")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def table(*hands: str, dealer: int = 0, discards: tuple[str, ...] | None = None, phase: str = "discarding",
          offerer: int | None = None, taker: int | None = None, loser: int | None = None) -> Position:
    """A position written as in the tests' prose, validated exactly as the API validates one."""
    piles = discards or ("",) * len(hands)
    return Position.from_json({
        "dealer": dealer,
        "hands": [hand.split() for hand in hands],
        "discards": [pile.split() for pile in piles],
        "phase": phase,
        "offerer": offerer,
        "taker": taker,
        "loser": loser,
    })


def refused(position: Position, move) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        apply(position, move)
    return caught.value


def event_types(events) -> list[str]:
    return [event.type for event in events]


# The pack and the deal

def test_the_pack_is_51_cards_without_the_queen_of_clubs():
    assert len(old_maid.DECK) == len(set(old_maid.DECK)) == 51
    assert Card.parse("QC") not in old_maid.DECK
    assert sum(card.rank == "Q" for card in old_maid.DECK) == 3


def test_module_declares_its_api_identity():
    assert old_maid.ID == "old-maid"
    assert old_maid.PLAYERS == (2, 6)
    assert old_maid.NEW_GAME_OPTIONS == frozenset({"players", "dealer"})


def test_same_seed_same_deal():
    assert new_game(7, players=5) == new_game(7, players=5)
    assert new_game(7, players=5) != new_game(8, players=5)


def test_the_deal_gives_every_card_once():
    for players in range(2, 7):
        dealt = [card for hand in new_game(3, players=players).hands for card in hand]
        assert sorted(dealt, key=old_maid.DECK.index) == list(old_maid.DECK)


@pytest.mark.parametrize("players", range(2, 7))
def test_dealing_one_at_a_time_from_the_dealers_left_gives_the_first_players_an_extra_card(players):
    for dealer in range(players):
        sizes = [len(hand) for hand in new_game(11, players=players, dealer=dealer).hands]
        extra = 51 % players
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            assert sizes[seat] == 51 // players + (1 if step <= extra else 0)


def test_cards_go_round_one_at_a_time_clockwise_from_the_dealers_left():
    pack = list(old_maid.DECK)
    random.Random(5).shuffle(pack)
    position = new_game(5, players=3, dealer=1)
    for turn, card in enumerate(pack):
        seat = (1 + 1 + turn) % 3
        assert position.hands[seat][turn // 3] == card


def test_a_seed_deals_the_same_pack_whatever_the_dealer():
    first, second = new_game(5, players=3, dealer=0), new_game(5, players=3, dealer=1)
    assert second.hands == (first.hands[2], first.hands[0], first.hands[1])


def test_the_dealer_is_drawn_by_lot_from_the_seed_when_not_given():
    dealers = {new_game(seed, players=6).dealer for seed in range(60)}
    assert dealers == set(range(6))
    assert all(new_game(seed, players=6).dealer == new_game(seed, players=6).dealer for seed in range(20))


def test_a_new_game_starts_with_the_deals_discards():
    position = new_game(1)
    assert position.players == 4
    assert position.phase == "discarding"
    assert position.discards == ((),) * 4
    assert (position.offerer, position.taker, position.loser) == (None, None, None)


@pytest.mark.parametrize("options", [
    {"players": 1}, {"players": 7}, {"players": True}, {"players": "4"}, {"players": 4.0},
    {"players": 4, "dealer": 4}, {"dealer": -1}, {"dealer": False}, {"dealer": "0"}, {"colour": "red"},
])
def test_new_game_refuses_options_outside_the_rules(options):
    with pytest.raises(InvalidOptions):
        new_game(1, **options)


@pytest.mark.parametrize("seed", ["1", None, True, 1.5])
def test_new_game_needs_a_whole_number_seed(seed):
    with pytest.raises(InvalidOptions):
        new_game(seed)


# Discarding after the deal

def test_three_of_a_kind_leaves_one_card():
    position = table("9H 9D 9C QS", "3D 7C")
    position, events = apply(position, Discard(0, cards("9H 9C")))
    assert position.hands[0] == cards("9D QS")
    assert position.discards[0] == cards("9H 9C")
    assert [event.to_json() for event in events][0] == {"type": "discarded", "player": 0, "cards": ["9H", "9C"]}
    assert position.phase == "drawing"


def test_any_two_of_three_of_a_kind_may_be_discarded():
    position = table("9H 9D 9C QS", "3D 7C")
    assert sorted(move.to_json()["cards"] for move in legal_moves(position)) == [
        ["9D", "9C"], ["9H", "9C"], ["9H", "9D"]]


def test_four_of_a_kind_is_two_pairs():
    position = table("8C 8S 8H 8D KC", "3D 7C")
    assert len(legal_moves(position)) == 6
    position, _ = apply(position, Discard(0, cards("8C 8H")))
    assert position.phase == "discarding"
    assert legal_moves(position) == [Discard(0, cards("8S 8D"))]
    position, _ = apply(position, Discard(0, cards("8S 8D")))
    assert position.hands[0] == cards("KC")
    assert position.phase == "drawing"


def test_cards_of_one_rank_pair_whatever_their_colour_or_suit():
    position, _ = apply(table("5S 5H 2C", "3D 7C"), Discard(0, cards("5S 5H")))
    assert position.discards[0] == cards("5S 5H")


def test_every_player_holding_a_pair_discards_in_any_order():
    position = table("5S 5H 2C", "3D 7C 3H", "KD KS 9H")
    assert {move.player for move in legal_moves(position)} == {0, 1, 2}
    position, _ = apply(position, Discard(2, cards("KS KD")))
    position, _ = apply(position, Discard(0, cards("5H 5S")))
    assert position.phase == "discarding"
    assert legal_moves(position) == [Discard(1, cards("3D 3H"))]
    position, _ = apply(position, Discard(1, cards("3D 3H")))
    assert position.phase == "drawing"


def test_two_cards_of_different_ranks_are_not_a_pair():
    error = refused(table("9H 8D 9C", "3D 7C"), Discard(0, cards("9H 8D")))
    assert error.code == "not_a_pair"
    assert error.params == {"first": Card.parse("9H"), "second": Card.parse("8D")}


def test_only_cards_in_ones_own_hand_may_be_discarded():
    error = refused(table("9H 9C", "9D 7C"), Discard(0, cards("9H 9D")))
    assert error.code == "card_not_in_hand"
    assert error.params == {"card": Card.parse("9D"), "player": 0}


def test_nobody_draws_until_every_pair_of_the_deal_is_laid_aside():
    error = refused(table("9H 9C 2S", "4D 7C"), Draw(1, 0))
    assert error.code == "pair_pending"
    assert error.params == {"player": 0}


def test_a_hand_emptied_by_discarding_is_out_at_once():
    position, events = apply(table("9H 9C", "4D 4C 2S", "7C"), Discard(0, cards("9H 9C")))
    assert [event.to_json() for event in events] == [
        {"type": "discarded", "player": 0, "cards": ["9H", "9C"]}, {"type": "out", "player": 0}]
    assert position.is_out(0)
    assert position.phase == "discarding"


def test_the_dealer_still_in_offers_first_to_the_next_active_player_on_the_left():
    position, _ = apply(table("2S 3H", "4D 7C", "9H 9C 5S", "KS", dealer=1), Discard(2, cards("9H 9C")))
    assert (position.phase, position.offerer, position.taker) == ("drawing", 1, 2)


def test_a_dealer_who_went_out_lets_the_next_active_player_offer_first():
    position, _ = apply(table("2S 3H", "7D 7C", "8S", "KS", dealer=1), Discard(1, cards("7D 7C")))
    assert position.is_out(1)
    assert (position.phase, position.offerer, position.taker) == ("drawing", 2, 3)


def test_the_first_offer_skips_players_who_are_out():
    position, _ = apply(table("2S", "7D 7C", "", "KS 3H", dealer=1), Discard(1, cards("7D 7C")))
    assert (position.offerer, position.taker) == (3, 0)


def test_the_deals_discards_can_end_the_game_when_one_player_is_left_holding():
    position, events = apply(table("QH", "7D 7C", dealer=1), Discard(1, cards("7D 7C")))
    assert event_types(events) == ["discarded", "out", "game_over"]
    assert (position.phase, position.loser) == ("over", 0)


# Drawing blind from the offered fan

def drawing_table() -> Position:
    return table("2S 3H", "4D 7C KS", "9H 5S", "JC", dealer=1, phase="drawing", offerer=1, taker=2)


def test_the_taker_draws_the_card_at_the_chosen_place_of_the_offered_fan():
    position, events = apply(drawing_table(), Draw(2, 1))
    assert position.hands[1] == cards("4D KS")
    assert position.hands[2] == cards("9H 5S 7C")
    assert [event.to_json() for event in events] == [{"type": "drew", "player": 2, "from": 1, "card": "7C"}]


def test_every_card_of_the_offered_fan_is_equally_available():
    assert legal_moves(drawing_table()) == [Draw(2, 0), Draw(2, 1), Draw(2, 2)]


def test_after_drawing_the_taker_offers_to_the_next_active_player_on_the_left():
    position, _ = apply(drawing_table(), Draw(2, 0))
    assert (position.phase, position.offerer, position.taker) == ("drawing", 2, 3)


def test_only_the_taker_draws():
    error = refused(drawing_table(), Draw(3, 0))
    assert error.code == "not_your_turn"
    assert error.params["taker_player"] == 2 and error.params["offering_player"] == 1


@pytest.mark.parametrize("index", [3, -1, 10**30])
def test_a_draw_must_name_a_card_of_the_offered_fan(index):
    error = refused(drawing_table(), Draw(2, index))
    assert error.code == "index_out_of_range"
    assert error.params["size"] == 3


def test_there_is_nothing_to_discard_while_drawing():
    error = refused(drawing_table(), Discard(2, cards("9H 5S")))
    assert error.code == "draw_expected"
    assert legal_moves(drawing_table()) and all(isinstance(move, Draw) for move in legal_moves(drawing_table()))


def test_a_drawn_card_that_makes_a_pair_is_laid_aside_before_play_goes_on():
    offered = table("2S 3H", "4D 9C KS", "9H 5S", "JC", dealer=1, phase="drawing", offerer=1, taker=2)
    paired, events = apply(offered, Draw(2, 1))
    assert event_types(events) == ["drew"]
    assert (paired.phase, paired.offerer, paired.taker) == ("pairing", 1, 2)
    assert refused(paired, Draw(2, 0)).code == "pair_pending"
    assert legal_moves(paired) == [Discard(2, cards("9H 9C"))]


def test_a_drawn_card_that_pairs_nothing_simply_joins_the_fan():
    position, _ = apply(drawing_table(), Draw(2, 0))
    assert position.phase == "drawing"
    assert position.hands[2] == cards("9H 5S 4D")


def test_while_pairing_only_the_taker_lays_aside_the_pair_just_made():
    paired = table("2S 3H", "4D KS", "9H 5S 9C", "JC", dealer=1, phase="pairing", offerer=1, taker=2)
    assert refused(paired, Discard(0, cards("2S 3H"))).code == "not_your_turn"
    assert refused(paired, Discard(2, cards("9H 5S"))).code == "not_a_pair"
    position, events = apply(paired, Discard(2, cards("9C 9H")))
    assert position.discards[2] == cards("9C 9H")
    assert event_types(events) == ["discarded"]
    assert (position.phase, position.offerer, position.taker) == ("drawing", 2, 3)


def test_an_offerer_whose_last_card_is_drawn_is_out():
    position, events = apply(table("2S 3H", "KS", "9H 5S", dealer=1, phase="drawing", offerer=1, taker=2),
                             Draw(2, 0))
    assert [event.to_json() for event in events] == [
        {"type": "drew", "player": 2, "from": 1, "card": "KS"}, {"type": "out", "player": 1}]
    assert (position.offerer, position.taker) == (2, 0)


def test_a_taker_who_empties_their_hand_passes_the_offer_to_the_next_active_player():
    paired = table("2S 3H", "4D KS", "9C 9H", "JC 5D", dealer=1, phase="pairing", offerer=1, taker=2)
    position, events = apply(paired, Discard(2, cards("9C 9H")))
    assert event_types(events) == ["discarded", "out"]
    assert (position.phase, position.offerer, position.taker) == ("drawing", 3, 0)


def test_the_offer_skips_players_who_are_out():
    position, _ = apply(table("2S 3H", "", "9H 5S", "JC", dealer=1, phase="drawing", offerer=2, taker=3),
                        Draw(3, 0))
    assert (position.offerer, position.taker) == (3, 0)
    position, _ = apply(table("2S", "", "9H 5S", "JC", dealer=1, phase="drawing", offerer=0, taker=2),
                        Draw(2, 0))
    assert (position.offerer, position.taker) == (2, 3)


def test_the_owner_of_the_last_queen_loses():
    position = table("QH 7D", "7S", "", dealer=2, phase="drawing", offerer=0, taker=1)
    position, _ = apply(position, Draw(1, 1))
    position, events = apply(position, Discard(1, cards("7S 7D")))
    assert [event.to_json() for event in events] == [
        {"type": "discarded", "player": 1, "cards": ["7S", "7D"]},
        {"type": "out", "player": 1},
        {"type": "game_over", "loser": 0},
    ]
    assert position.to_json() == {
        "dealer": 2, "hands": [["QH"], [], []], "discards": [[], ["7S", "7D"], []],
        "phase": "over", "offerer": None, "taker": None, "loser": 0}


def test_drawing_the_last_queen_hands_the_defeat_on():
    position, events = apply(table("QH 7D", "7S", dealer=0, phase="drawing", offerer=0, taker=1), Draw(1, 0))
    assert event_types(events) == ["drew"]
    assert (position.phase, position.offerer, position.taker) == ("drawing", 1, 0)
    assert position.hands[1] == cards("7S QH")


def test_the_game_also_ends_when_the_offerers_last_card_leaves_one_player_holding():
    position, events = apply(table("QH 5S", "7S", dealer=0, phase="drawing", offerer=1, taker=0), Draw(0, 0))
    assert event_types(events) == ["drew", "out", "game_over"]
    assert (position.phase, position.loser) == ("over", 0)
    assert position.hands[0] == cards("QH 5S 7S")


def test_a_partial_position_where_every_hand_empties_ends_without_a_loser():
    position, _ = apply(table("7D", "7S", dealer=0, phase="drawing", offerer=0, taker=1), Draw(1, 0))
    position, events = apply(position, Discard(1, cards("7S 7D")))
    assert events[-1].to_json() == {"type": "game_over", "loser": None}
    assert (position.phase, position.loser) == ("over", None)
    assert refused(position, Draw(1, 0)).code == "game_over"


def test_no_move_is_allowed_once_the_game_is_over():
    over = table("QH", "", dealer=0, phase="over", loser=0)
    assert legal_moves(over) == []
    for move in (Draw(1, 0), Discard(0, cards("QH 7S")), Arrange(0, cards("QH"))):
        error = refused(over, move)
        assert error.code == "game_over"
        assert error.params == {"losing_player": 0}


def test_a_move_for_a_seat_that_does_not_exist_is_refused():
    assert refused(drawing_table(), Draw(9, 0)).code == "no_such_player"


# Arranging one's own fan

def test_a_player_may_rearrange_their_fan_in_every_phase_but_over():
    for position in (table("9H 9C 2S", "4D 7C"), drawing_table(),
                     table("2S 3H", "4D KS", "9H 5S 9C", "JC", dealer=1, phase="pairing", offerer=1, taker=2)):
        player = position.offerer if position.offerer is not None else 0
        order = tuple(reversed(position.hands[player]))
        arranged, events = apply(position, Arrange(player, order))
        assert arranged.hands[player] == order and events == []
        assert arranged.phase == position.phase and arranged.discards == position.discards


def test_arranging_is_always_allowed_and_so_not_listed_among_legal_moves():
    assert not any(isinstance(move, Arrange) for move in legal_moves(table("9H 9C 2S", "4D 7C")))


def test_a_new_order_must_hold_exactly_the_same_cards():
    position = drawing_table()
    assert refused(position, Arrange(1, cards("4D 7C"))).code == "not_a_permutation"
    assert refused(position, Arrange(1, cards("4D 7C 7C"))).code == "not_a_permutation"
    assert refused(position, Arrange(1, cards("4D 7C QS"))).code == "card_not_in_hand"


# JSON: positions and moves

def test_the_position_json_is_the_apis():
    position = table("9H 9D 9C QS", "3D", dealer=1)
    assert position.to_json() == {
        "dealer": 1, "hands": [["9H", "9D", "9C", "QS"], ["3D"]], "discards": [[], []],
        "phase": "discarding", "offerer": None, "taker": None, "loser": None}


def test_moves_round_trip_through_json():
    for move in (Discard(1, cards("9H 9D")), Draw(2, 5), Arrange(0, cards("QS 9C 2H")), Arrange(3, ())):
        assert move_from_json(json.loads(json.dumps(move.to_json()))) == move
    assert Draw(2, 5).to_json() == {"type": "draw", "player": 2, "index": 5}
    assert Discard(1, cards("9H 9D")).to_json() == {"type": "discard", "player": 1, "cards": ["9H", "9D"]}
    assert Arrange(0, cards("QS 9C")).to_json() == {"type": "arrange", "player": 0, "order": ["QS", "9C"]}


VALID = {"dealer": 0, "hands": [["9H", "9D", "QS"], ["3D"]], "discards": [["5S", "5H"], []],
         "phase": "discarding", "offerer": None, "taker": None, "loser": None}


def variant(**changes):
    return {**VALID, **changes}


@pytest.mark.parametrize("data", [
    None, [], "position", 3, True,
    {key: value for key, value in VALID.items() if key != "loser"},
    variant(extra=1),
    variant(hands=[["9H", "9D", "QC"], ["3D"]]),
    variant(hands=[["9H", "9D", "QS"], ["3D", "QS"]]),
    variant(hands=[["9H", "9D", "QS"], ["5S"]]),
    variant(hands=[["9H", "9D", "9H"], ["3D"]]),
    variant(hands=[["9H", "9D", "1S"], ["3D"]]),
    variant(hands=[["9H", "9D", "qs"], ["3D"]]),
    variant(hands=[["9H", "9D", ["QS"]], ["3D"]]),
    variant(hands=[["9H", "9D", {"QS": 1}], ["3D"]]),
    variant(hands=[["9H", "9D", "QS"], "3D"]),
    variant(hands={"0": ["9H"]}),
    variant(hands=[["9H", "9D", "QS"]], discards=[[]]),
    variant(hands=[["9H", "9D"]] + [[]] * 6, discards=[[]] * 7),
    variant(discards=[["5S", "5H"]]),
    variant(discards=[["5S", "6H"], []]),
    variant(discards=[["5S"], []]),
    variant(discards=[["5S", "5H", "5D"], []]),
    variant(dealer=2), variant(dealer=-1), variant(dealer=True), variant(dealer=0.0), variant(dealer="0"),
    variant(dealer=10**100), variant(dealer=None),
    variant(phase="playing"), variant(phase=None), variant(phase=["discarding"]),
    variant(offerer=0), variant(taker=1), variant(loser=0),
    variant(hands=[["9H", "QS"], ["3D"]]),
    variant(hands=[["9H", "QS"], ["3D"]], phase="drawing", offerer=0, taker=0),
    variant(hands=[["9H", "QS"], ["3D"]], phase="drawing", offerer=0, taker=None),
    variant(hands=[["9H", "QS"], ["3D"]], phase="drawing", offerer=0, taker=1, loser=0),
    variant(hands=[["9H", "QS"], []], phase="drawing", offerer=0, taker=1),
    variant(hands=[[], ["3D"]], phase="drawing", offerer=0, taker=1),
    variant(hands=[["9H", "9D", "QS"], ["3D"]], phase="drawing", offerer=0, taker=1),
    variant(hands=[["9H", "QS"], ["3D"], ["4C"]], discards=[[], [], []], phase="drawing", offerer=0, taker=2),
    variant(hands=[["9H", "QS"], ["3D", "4C"]], phase="pairing", offerer=0, taker=1),
    variant(hands=[["9H", "QS"], ["3D", "3C", "3S"]], phase="pairing", offerer=0, taker=1),
    variant(hands=[["9H", "9D"], ["3D", "3C"]], phase="pairing", offerer=0, taker=1),
    variant(hands=[["9H"], ["QS"]], phase="over", loser=0),
    variant(hands=[["QS"], []], phase="over", loser=1),
    variant(hands=[["QS"], []], phase="over", loser=None),
    variant(hands=[[], []], phase="over", loser=0),
    variant(hands=[["QS", "QH"], []], phase="over", loser=0),
    variant(hands=[["QS"], []], phase="over", loser=0, offerer=0),
])
def test_from_json_refuses_positions_that_cannot_exist(data):
    with pytest.raises(InvalidPosition):
        Position.from_json(data)


@pytest.mark.parametrize("data", [
    VALID,
    variant(hands=[["9H", "QS"], ["3D"]], phase="drawing", offerer=1, taker=0),
    variant(hands=[["9H", "QS"], [], ["3D"]], discards=[[], [], []], phase="drawing", offerer=0, taker=2),
    variant(hands=[[], ["3D", "QS", "3C"]], phase="pairing", offerer=0, taker=1),
    variant(hands=[["QS"], []], phase="over", loser=0),
    variant(hands=[[], []], phase="over", loser=None),
])
def test_from_json_accepts_partial_positions_and_gives_them_back_unchanged(data):
    assert Position.from_json(data).to_json() == data


@pytest.mark.parametrize("data", [
    None, [], "draw", {}, {"type": "draw"}, {"type": "fold", "player": 0},
    {"type": "draw", "player": 0}, {"type": "draw", "player": 0, "index": "1"},
    {"type": "draw", "player": 0, "index": True}, {"type": "draw", "player": 0, "index": 1.0},
    {"type": "draw", "player": -1, "index": 0}, {"type": "draw", "player": False, "index": 0},
    {"type": "draw", "player": 0, "index": 0, "card": "QS"},
    {"type": "discard", "player": 0, "cards": ["9H"]}, {"type": "discard", "player": 0, "cards": ["9H", "9H"]},
    {"type": "discard", "player": 0, "cards": ["9H", "9D", "9C"]}, {"type": "discard", "player": 0, "cards": "9H 9D"},
    {"type": "discard", "player": 0, "cards": ["9H", "XX"]}, {"type": "discard", "player": 0, "cards": ["QC", "QS"]},
    {"type": "arrange", "player": 0, "order": None}, {"type": "arrange", "player": 0, "order": [["9H"]]},
    {"type": ["draw"], "player": 0, "index": 0}, {"type": None, "player": 0, "index": 0},
])
def test_move_from_json_refuses_moves_off_the_schema(data):
    with pytest.raises(InvalidMove):
        move_from_json(data)


def junk(rng: random.Random, depth: int = 0):
    """Any JSON value, nested at random, leaning towards the shapes a position is made of."""
    kind = rng.randrange(10 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, 1, 2, 3, -1, 5, 6, 7, 10**20, -10**20])
    if kind == 3:
        return rng.choice([0.5, 1.0, -0.0, 1e308])
    if kind in (4, 5):
        return rng.choice(["", "QS", "QC", "9H", "10D", "AC", "discarding", "drawing", "pairing", "over",
                           "discard", "draw", "arrange", "x" * 50, "\u00e9", "0"])
    if kind in (6, 7):
        return [junk(rng, depth + 1) for _ in range(rng.randrange(5))]
    keys = ["dealer", "hands", "discards", "phase", "offerer", "taker", "loser",
            "type", "player", "cards", "index", "order", "other"]
    return {rng.choice(keys): junk(rng, depth + 1) for _ in range(rng.randrange(8))}


def mutate(rng: random.Random, value):
    """A valid JSON value with one leaf, somewhere, replaced by junk."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        return {**value, key: mutate(rng, value[key])}
    if isinstance(value, list) and value and rng.random() < 0.8:
        index = rng.randrange(len(value))
        return value[:index] + [mutate(rng, value[index])] + value[index + 1:]
    return junk(rng)


def test_from_json_refuses_any_junk_with_invalid_position_only():
    rng = random.Random(2024)
    valid = [new_game(seed, players=2 + seed % 5).to_json() for seed in range(10)] + [
        drawing_table().to_json(), VALID]
    for _ in range(sweep(4000)):
        data = junk(rng) if rng.random() < 0.4 else mutate(rng, rng.choice(valid))
        try:
            position = Position.from_json(data)
        except InvalidPosition:
            continue
        assert Position.from_json(position.to_json()) == position


def test_move_from_json_refuses_any_junk_with_invalid_move_only():
    rng = random.Random(4048)
    valid = [Discard(1, cards("9H 9D")).to_json(), Draw(0, 2).to_json(), Arrange(2, cards("QS 3H")).to_json()]
    for _ in range(sweep(4000)):
        data = junk(rng) if rng.random() < 0.4 else mutate(rng, rng.choice(valid))
        try:
            move = move_from_json(data)
        except InvalidMove:
            continue
        assert move_from_json(move.to_json()) == move


def test_apply_on_junk_moves_only_refuses_with_engine_errors():
    rng = random.Random(77)
    positions = [new_game(seed) for seed in range(5)] + [drawing_table()]
    pool = [move.to_json() for position in positions for move in legal_moves(position)]
    pool += [Arrange(1, cards("4D 7C KS")).to_json()]
    for _ in range(sweep(3000)):
        try:
            move = move_from_json(mutate(rng, rng.choice(pool)))
        except InvalidMove:
            continue
        for position in positions:
            try:
                apply(position, move)
            except IllegalMove:
                pass


# Random playouts

THE_PACK = frozenset(old_maid.DECK)


def assert_sound(position: Position) -> None:
    """The invariants of any position a real game passes through."""
    every = [card for row in position.hands + position.discards for card in row]
    assert len(every) == 51 and set(every) == THE_PACK
    for pile in position.discards:
        assert all(first.rank == second.rank for first, second in zip(pile[::2], pile[1::2]))
    if position.phase == "drawing":
        assert all(len({card.rank for card in hand}) == len(hand) for hand in position.hands)


def test_random_games_keep_every_card_and_end_with_one_loser_holding_one_queen():
    rng = random.Random(51)
    losers = Counter()
    for seed in range(sweep(4000)):
        players = 2 + seed % 5
        position = new_game(seed, players=players)
        assert_sound(position)
        check_json = seed % 25 == 0
        while not position.is_over:
            moves = legal_moves(position)
            assert moves
            move = rng.choice(moves)
            before = position.to_json() if check_json else None
            previous = position
            position, events = apply(position, move)
            if check_json:
                assert previous.to_json() == before
            assert_sound(position)
            for event in events:
                if event.type == "discarded":
                    first, second = event.data["cards"]
                    assert first.rank == second.rank and first != second
                if event.type == "out":
                    assert not position.hands[event.data["player"]]
            if check_json:
                assert Position.from_json(json.loads(json.dumps(position.to_json()))) == position
                assert move_from_json(json.loads(json.dumps(move.to_json()))) == move
        assert events[-1].type == "game_over" and events[-1].data["loser"] == position.loser
        assert position.hands[position.loser] in ((Card.parse("QS"),), (Card.parse("QH"),), (Card.parse("QD"),))
        assert sum(map(len, position.hands)) == 1
        losers[(players, position.loser)] += 1
    assert all(losers[(6, seat)] > 0 for seat in range(6))


def test_random_drawing_never_offers_from_or_to_a_player_who_is_out():
    rng = random.Random(3)
    for seed in range(sweep(300)):
        position = new_game(seed, players=6)
        while not position.is_over:
            if position.phase == "drawing":
                assert position.hands[position.offerer] and position.hands[position.taker]
                seats_after_offerer = [(position.offerer + step) % 6 for step in range(1, 6)]
                assert position.taker == next(seat for seat in seats_after_offerer if position.hands[seat])
            position, _ = apply(position, rng.choice(legal_moves(position)))


# The series score

def test_a_series_counts_one_defeat_per_game_and_fewer_is_better():
    standings = old_maid.series_standings([2, 2, 0, 2, 1, 0], players=4)
    assert [(s.player, s.defeats, s.place) for s in standings] == [(3, 0, 1), (1, 1, 2), (0, 2, 3), (2, 3, 4)]


def test_equal_defeats_share_a_place():
    standings = old_maid.series_standings([0, 1, 2, 2], players=4)
    assert [(s.player, s.defeats, s.place) for s in standings] == [(3, 0, 1), (0, 1, 2), (1, 1, 2), (2, 2, 4)]
    assert standings[1].to_json() == {"player": 0, "defeats": 1, "place": 2}
    assert {s.place for s in old_maid.series_standings([], players=3)} == {1}


@pytest.mark.parametrize("losers, players", [([4], 4), ([-1], 4), ([True], 4), ([None], 4), ([], 1), ([], 7)])
def test_a_series_refuses_losers_who_are_not_at_the_table(losers, players):
    with pytest.raises(ValueError):
        old_maid.series_standings(losers, players)


# The worked examples

def json_events(step) -> list[dict]:
    return [event.to_json() for event in step.events]


@pytest.mark.parametrize("example_id", EXAMPLE_IDS)
def test_every_example_has_one_caption_per_step_in_both_languages(example_id):
    assert_captioned_in_every_language(run_example(example_id, old_maid.ID))


def test_example_nines_discards_two_nines_then_pairs_the_queen_drawn_blind():
    example = run_example("old-maid-nines", old_maid.ID)
    start = example.start
    assert start.hands[0] == cards("9H 9D 9C QS")
    assert example.try_player == 0
    assert len([move for move in legal_moves(start) if move.player == 0]) == 3
    after_nines, after_draw, end = (step.position for step in example.steps)
    assert after_nines.hands[0] == cards("9C QS") and (after_nines.offerer, after_nines.taker) == (2, 0)
    assert json_events(example.steps[1]) == [{"type": "drew", "player": 0, "from": 2, "card": "QH"}]
    assert after_draw.phase == "pairing" and after_draw.hands[0] == cards("9C QS QH")
    assert end.hands[0] == cards("9C") and end.discards[0] == cards("9H 9D QS QH")
    assert (end.phase, end.offerer, end.taker) == ("drawing", 0, 1)


def test_example_deal_is_a_real_deal_left_with_unequal_hands():
    example = run_example("old-maid-deal", old_maid.ID)
    assert [len(hand) for hand in example.start.hands] == [12, 13, 13, 13]
    final = example.steps[-1].position
    assert [len(hand) for hand in final.hands] == [8, 3, 11, 3]
    assert (final.phase, final.offerer, final.taker) == ("drawing", 0, 1)
    assert all(step.position.phase == "discarding" for step in example.steps[:-1])


def test_example_dealer_out_lets_the_next_active_player_offer_first():
    example = run_example("old-maid-dealer-out", old_maid.ID)
    assert example.start.dealer == 0
    position = example.steps[1].position
    assert {"type": "out", "player": 0} in json_events(example.steps[1])
    assert (position.phase, position.offerer, position.taker) == ("drawing", 1, 2)
    assert example.steps[2].position.phase == "pairing"
    final = example.steps[-1].position
    assert (final.offerer, final.taker) == (3, 1)


def test_example_last_queen_ends_with_the_queens_owner_losing():
    example = run_example("old-maid-last-queen", old_maid.ID)
    final = example.steps[-1].position
    assert json_events(example.steps[-1])[-1] == {"type": "game_over", "loser": 0}
    assert final.hands[0] == cards("QH") and final.phase == "over"
    assert example.try_player == 1

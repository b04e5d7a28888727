"""Solo Whist engine: every rule by name, the JSON contract, fuzzing, random deals and the examples."""

from __future__ import annotations

import copy
import json
import random

import pytest

from naipes.games.solo_whist import rules as sw
from naipes.engine.cards import DECK, Card
from naipes.engine.errors import IllegalMove, InvalidMove, InvalidOptions, InvalidPosition
from tests.engine.examples_runner import assert_captioned_in_every_language, run_example
from tests.sampling import sweep


ACE_HIGH = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


# --- helpers ---------------------------------------------------------------------------------


def cards(text: str) -> list[str]:
    return text.split()


def position_json(**fields) -> dict:
    """A position as JSON: dealer 3 (so player 0 is eldest hand and leads), in the auction."""
    data = {
        "dealer": 3,
        "hands": [[], [], [], []],
        "turn_up": None,
        "phase": "auction",
        "auction": [],
        "contract": None,
        "tricks": [],
        "trick": None,
        "result": None,
    }
    data.update(fields)
    return data


def in_play(hands: list[str], bid: str, bidder: int, trump: str | None = None, partner: int | None = None,
            **fields) -> sw.Position:
    """A partial position in play: four short hands and a contract, no auction shown."""
    contract = {"bid": bid, "bidder": bidder, "partner": partner, "trump": trump}
    return sw.Position.from_json(position_json(hands=[cards(h) for h in hands], phase="play",
                                               contract=contract, **fields))


def deal(seed: int = 7, dealer: int = 0) -> sw.Position:
    return sw.new_game(seed, dealer=dealer)


def call(position: sw.Position, *bids: str) -> tuple[sw.Position, list]:
    """Each bid made in turn by whoever is to speak."""
    events: list = []
    for bid in bids:
        position, events = sw.apply(position, sw.Bid(position.to_move, bid))
    return position, events


def play(position: sw.Position, *codes: str) -> tuple[sw.Position, list]:
    """Each card played in turn by whoever is to move."""
    events: list = []
    for code in codes:
        position, events = sw.apply(position, sw.Play(position.to_move, Card.parse(code)))
    return position, events


def refusal(position: sw.Position, move) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        sw.apply(position, move)
    return caught.value


def types(events) -> list[str]:
    return [event.type for event in events]


def expected_winner(leader: int, played: tuple[Card, ...], trump: str | None) -> int:
    """Independent of the engine: the highest trump, else the highest card of the suit led."""
    trumps = [i for i, card in enumerate(played) if card.suit == trump]
    followers = [i for i, card in enumerate(played) if card.suit == played[0].suit]
    best = max(trumps or followers, key=lambda i: ACE_HIGH.index(played[i].rank))
    return (leader + best) % 4


# --- the deal -----------------------------------------------------------------------------------


def test_deal_gives_thirteen_cards_to_each_of_four_players_from_one_pack():
    position = sw.new_game(1)
    assert [len(hand) for hand in position.hands] == [13, 13, 13, 13]
    assert sorted(card.code for hand in position.hands for card in hand) == sorted(card.code for card in DECK)


def test_deal_goes_in_four_rounds_of_three_then_one_card_each_from_the_dealers_left():
    rng = random.Random(5)
    pack = list(DECK)
    rng.shuffle(pack)
    position = sw.new_game(5, dealer=2)
    order = [3, 0, 1, 2]
    expected = {player: set() for player in range(4)}
    for round_ in range(4):
        for turn, player in enumerate(order):
            start = 12 * round_ + 3 * turn
            expected[player].update(pack[start:start + 3])
    for turn, player in enumerate(order):
        expected[player].add(pack[48 + turn])
    assert {player: set(hand) for player, hand in enumerate(position.hands)} == expected


def test_turned_up_card_is_the_dealers_last_card_and_stays_in_their_hand():
    rng = random.Random(5)
    pack = list(DECK)
    rng.shuffle(pack)
    position = sw.new_game(5, dealer=2)
    assert position.turn_up == pack[-1]
    assert position.turn_up in position.hands[2]
    assert position.to_json()["turn_up"] == pack[-1].code


def test_same_seed_same_deal_and_the_dealer_does_not_change_the_cards_order():
    assert sw.new_game(42) == sw.new_game(42)
    assert sw.new_game(42) != sw.new_game(43)
    assert sw.new_game(42, dealer=0).turn_up == sw.new_game(42, dealer=3).turn_up


def test_dealer_is_drawn_by_lot_from_the_seed_when_not_given():
    dealers = {sw.new_game(seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert sw.new_game(9, dealer=1).dealer == 1


def test_hands_are_sorted_as_held_spades_hearts_clubs_diamonds_ace_first():
    order = "SHCD"
    for hand in sw.new_game(3).hands:
        keys = [(order.index(card.suit), -ACE_HIGH.index(card.rank)) for card in hand]
        assert keys == sorted(keys)


@pytest.mark.parametrize("options", [
    {"dealer": 4}, {"dealer": -1}, {"dealer": True}, {"dealer": "1"}, {"dealer": 1.0}, {"players": 4},
])
def test_new_game_refuses_bad_options(options):
    with pytest.raises(InvalidOptions):
        sw.new_game(1, **options)


@pytest.mark.parametrize("seed", ["1", True, None, 1.5])
def test_new_game_refuses_a_seed_that_is_not_a_whole_number(seed):
    with pytest.raises(InvalidOptions):
        sw.new_game(seed)


def test_new_game_accepts_huge_seeds():
    assert sw.new_game(10**40, dealer=0).dealer == 0


# --- the auction -------------------------------------------------------------------------------


def test_auction_starts_at_the_dealers_left():
    position = deal(dealer=0)
    assert position.phase == "auction"
    assert position.to_move == 1
    assert {move.player for move in sw.legal_moves(position)} == {1}
    assert refusal(position, sw.Bid(2, "solo")).code == "not_your_turn"


def test_first_speaker_may_pass_or_make_any_bid_but_not_accept():
    bids = [move.bid for move in sw.legal_moves(deal())]
    assert bids == ["pass", "proposal", "solo", "misere", "abundance", "open_misere", "declared_abundance"]
    assert refusal(deal(), sw.Bid(1, "acceptance")).code == "nothing_to_accept"


def test_each_bid_must_beat_the_last():
    position, _ = call(deal(), "misere")
    assert refusal(position, sw.Bid(2, "solo")).code == "bid_too_low"
    assert [move.bid for move in sw.legal_moves(position)] == ["pass", "abundance", "open_misere",
                                                                "declared_abundance"]


def test_equal_bids_do_not_beat_each_other():
    position, _ = call(deal(), "solo")
    error = refusal(position, sw.Bid(2, "solo"))
    assert error.code == "bid_too_low"
    assert error.params["bid"] == "solo" and error.params["highest"] == "solo"


def test_three_passes_close_the_auction_on_the_highest_bid():
    position, events = call(deal(), "solo", "pass", "pass", "pass")
    assert position.phase == "play"
    assert position.contract == sw.Contract("solo", 1, None, position.turn_up.suit)
    assert types(events) == ["bid", "auction_closed"]
    assert events[1].to_json() == {"type": "auction_closed", "contract": position.contract.to_json()}


def test_bids_overcall_until_three_passes_fix_the_contract():
    position, events = call(deal(), "proposal", "acceptance", "solo", "misere", "pass", "pass", "pass")
    assert position.contract == sw.Contract("misere", 0, None, None)
    assert types(events) == ["bid", "auction_closed"]


def test_turn_skips_players_who_have_passed():
    position, _ = call(deal(), "solo", "pass", "misere", "pass")
    assert position.to_move == 1
    position, _ = call(position, "abundance")
    assert position.to_move == 3


def test_passing_is_final():
    position, _ = call(deal(), "solo", "pass", "misere")
    error = refusal(position, sw.Bid(2, "abundance"))
    assert error.code == "already_passed" and error.params["player"] == 2


def test_fourth_player_still_speaks_after_three_passes_without_a_bid():
    position, _ = call(deal(), "pass", "pass", "pass")
    assert position.phase == "auction" and position.to_move == 0
    position, _ = call(position, "solo")
    assert position.phase == "play" and position.contract.bidder == 0


def test_four_passes_annul_the_deal():
    position, events = call(deal(), "pass", "pass", "pass", "pass")
    assert position.phase == "annulled"
    assert types(events) == ["bid", "annulled"]
    assert events[1].to_json() == {"type": "annulled"}
    assert position.contract is None and position.result is None and sw.legal_moves(position) == []


def test_a_proposal_nobody_accepts_or_beats_annuls_the_deal():
    position, events = call(deal(), "proposal", "pass", "pass", "pass")
    assert position.phase == "annulled"
    assert types(events) == ["bid", "annulled"]


def test_acceptance_is_legal_only_while_the_highest_bid_is_an_unaccepted_proposal():
    position, _ = call(deal(), "proposal")
    assert "acceptance" in [move.bid for move in sw.legal_moves(position)]
    accepted, _ = call(position, "acceptance")
    assert refusal(accepted, sw.Bid(3, "acceptance")).code == "nothing_to_accept"
    overcalled, _ = call(position, "solo")
    assert refusal(overcalled, sw.Bid(3, "acceptance")).code == "nothing_to_accept"


def test_the_acceptor_becomes_the_partner_and_the_next_bid_must_be_solo_or_higher():
    position, _ = call(deal(), "proposal", "acceptance")
    assert refusal(position, sw.Bid(3, "proposal")).code == "bid_too_low"
    assert [move.bid for move in sw.legal_moves(position)][:2] == ["pass", "solo"]
    position, events = call(position, "pass", "pass", "pass")
    assert position.contract == sw.Contract("proposal", 1, 2, position.turn_up.suit)
    assert types(events) == ["bid", "auction_closed"]


def test_a_higher_bid_by_the_proposer_replaces_the_partnership():
    position, _ = call(deal(), "proposal", "acceptance", "pass", "pass", "solo")
    assert position.to_move == 2
    position, _ = call(position, "pass")
    assert position.contract == sw.Contract("solo", 1, None, position.turn_up.suit)


def test_the_acceptor_may_bid_higher_alone_too():
    position, _ = call(deal(), "proposal", "acceptance", "pass", "pass", "pass")
    assert position.phase == "play"
    position, _ = call(deal(), "proposal", "acceptance", "solo", "pass", "pass", "misere", "pass")
    assert position.contract == sw.Contract("misere", 2, None, None)


def test_eldest_who_passed_before_any_bid_may_still_accept_a_later_proposal():
    position, _ = call(deal(), "pass", "pass", "pass", "proposal")
    assert position.phase == "auction" and position.to_move == 1
    assert [move.bid for move in sw.legal_moves(position)] == ["pass", "acceptance"]
    position, _ = call(position, "acceptance")
    assert position.to_move == 0
    position, events = call(position, "pass")
    assert position.contract == sw.Contract("proposal", 0, 1, position.turn_up.suit)
    assert types(events) == ["bid", "auction_closed"]


def test_eldest_coming_back_may_only_accept_or_pass():
    position, _ = call(deal(), "pass", "proposal", "pass", "pass")
    assert position.to_move == 1
    error = refusal(position, sw.Bid(1, "solo"))
    assert error.code == "already_passed"
    position, events = call(position, "pass")
    assert position.phase == "annulled" and types(events) == ["bid", "annulled"]


def test_eldest_waits_for_their_turn_to_accept():
    position, _ = call(deal(), "pass", "proposal")
    assert refusal(position, sw.Bid(1, "acceptance")).code == "not_your_turn"


def test_eldest_may_not_come_back_once_the_proposal_is_overcalled():
    position, _ = call(deal(), "pass", "proposal", "solo", "pass")
    assert position.to_move == 2
    assert refusal(position, sw.Bid(1, "acceptance")).code == "already_passed"
    position, _ = call(position, "pass")
    assert position.contract.bid == "solo" and position.contract.bidder == 3


def test_eldest_may_not_come_back_once_someone_else_accepts():
    position, _ = call(deal(), "pass", "proposal", "acceptance", "pass")
    assert position.to_move == 2
    position, _ = call(position, "pass")
    assert position.contract == sw.Contract("proposal", 2, 3, position.turn_up.suit)


def test_the_exception_is_eldest_hands_alone():
    position, _ = call(deal(), "pass", "pass", "proposal")
    assert refusal(position, sw.Bid(2, "acceptance")).code == "already_passed"
    position, _ = call(position, "pass")
    assert position.to_move == 1


def test_eldest_who_bid_first_has_no_second_chance_after_passing():
    position, _ = call(deal(), "proposal", "solo", "pass", "pass", "pass")
    assert position.phase == "play" and position.contract.bidder == 2


def test_proposal_and_solo_play_the_turned_up_suit_the_misères_and_declared_abundance_no_trump():
    suit = deal().turn_up.suit
    for bid, trump in [("solo", suit), ("misere", None), ("open_misere", None), ("declared_abundance", None)]:
        position, _ = call(deal(), bid, "pass", "pass", "pass")
        assert position.contract.trump == trump, bid


def test_abundance_bidder_names_trump_when_the_auction_closes():
    position, events = call(deal(), "abundance", "pass", "pass", "pass")
    assert position.phase == "naming_trump" and position.to_move == 1
    assert events[1].to_json()["contract"] == {"bid": "abundance", "bidder": 1, "partner": None, "trump": None}
    assert sw.legal_moves(position) == [sw.NameTrump(1, suit) for suit in "SHDC"]
    assert refusal(position, sw.Play(1, position.hands[1][0])).code == "not_playing_phase"
    assert refusal(position, sw.Bid(1, "pass")).code == "not_bidding_phase"
    assert refusal(position, sw.NameTrump(2, "H")).code == "not_your_turn"
    named, events = sw.apply(position, sw.NameTrump(1, "C"))
    assert named.phase == "play" and named.contract.trump == "C" and named.to_move == 1
    assert [event.to_json() for event in events] == [{"type": "trump_named", "player": 1, "suit": "C"}]


def test_abundance_may_name_the_turned_up_suit():
    position, _ = call(deal(), "abundance", "pass", "pass", "pass")
    named, _ = sw.apply(position, sw.NameTrump(1, position.turn_up.suit))
    assert named.contract.trump == position.turn_up.suit


def test_trumps_are_named_only_in_their_phase():
    assert refusal(deal(), sw.NameTrump(1, "H")).code == "not_naming_phase"
    position, _ = call(deal(), "solo", "pass", "pass", "pass")
    assert refusal(position, sw.NameTrump(1, "H")).code == "not_naming_phase"


def test_no_card_is_played_during_the_auction_and_no_bid_after_it():
    position = deal()
    assert refusal(position, sw.Play(1, position.hands[1][0])).code == "not_playing_phase"
    position, _ = call(position, "solo", "pass", "pass", "pass")
    assert refusal(position, sw.Bid(1, "abundance")).code == "not_bidding_phase"


# --- the play -------------------------------------------------------------------------------------


def test_the_dealers_left_leads_the_first_trick():
    position, _ = call(deal(dealer=0), "pass", "solo", "pass", "pass")
    assert position.phase == "play" and position.to_move == 1
    assert {move.player for move in sw.legal_moves(position)} == {1}
    assert len(sw.legal_moves(position)) == 13


def test_the_declared_abundance_bidder_leads():
    position, _ = call(deal(dealer=0), "pass", "declared_abundance", "pass", "pass")
    assert position.to_move == 2


def test_must_follow_suit_when_able():
    position = in_play(["5S 9H", "2S 3H", "3S 8H", "4S 7H"], "solo", 1, trump="H")
    position, _ = play(position, "5S")
    assert sw.legal_moves(position) == [sw.Play(1, Card.parse("2S"))]
    error = refusal(position, sw.Play(1, Card.parse("3H")))
    assert error.code == "must_follow_suit"
    assert error.params == {"player": 1, "card": Card.parse("3H"), "led": Card.parse("5S")}


def test_a_player_who_cannot_follow_may_play_anything():
    position = in_play(["5S 9H", "2H 3H", "3S 8H", "4S 7H"], "solo", 1, trump="D")
    position, _ = play(position, "5S")
    assert sw.legal_moves(position) == [sw.Play(1, Card.parse("2H")), sw.Play(1, Card.parse("3H"))]


def test_the_highest_trump_wins_the_trick():
    position = in_play(["AS", "2H", "5H", "KS"], "solo", 0, trump="H")
    position, events = play(position, "AS", "2H", "5H", "KS")
    assert events[-2].to_json() == {"type": "trick_won", "winner": 2, "cards": ["AS", "2H", "5H", "KS"]}


def test_without_trumps_the_highest_card_of_the_suit_led_wins_and_the_ace_is_high():
    position = in_play(["10S 2D", "AS 3D", "KD 4D", "QS 5D"], "solo", 0, trump="C")
    position, events = play(position, "10S", "AS", "KD", "QS")
    assert events[-1].data["winner"] == 1
    assert position.to_move == 1


def test_a_card_of_another_suit_that_is_not_trump_never_wins():
    position = in_play(["2S", "AD", "KC", "3S"], "misere", 2)
    position, events = play(position, "2S", "AD", "KC", "3S")
    assert events[-2].data["winner"] == 3


def test_the_winner_of_a_trick_leads_the_next():
    position = in_play(["2S 4C", "3S 5C", "AS 6C", "4S 7C"], "solo", 0, trump="H")
    position, _ = play(position, "2S", "3S", "AS", "4S")
    assert position.trick is None and position.to_move == 2
    assert refusal(position, sw.Play(0, Card.parse("4C"))).code == "not_your_turn"


def test_a_card_must_be_in_the_players_hand():
    position = in_play(["2S 4C", "3S 5C", "AS 6C", "4S 7C"], "solo", 0, trump="H")
    error = refusal(position, sw.Play(0, Card.parse("KH")))
    assert error.code == "card_not_in_hand" and error.params == {"card": Card.parse("KH"), "player": 0}


def test_a_misere_is_lost_the_moment_its_bidder_takes_a_trick():
    position = in_play(["2S 3H 5D", "5S 4H 6D", "3S 9H 7D", "4S 2H 8D"], "misere", 1)
    position, events = play(position, "2S", "5S", "3S", "4S")
    assert position.phase == "over" and position.to_move is None
    assert types(events) == ["played", "trick_won", "contract_decided"]
    assert events[-1].to_json() == {"type": "contract_decided", "made": False, "tricks": [0, 1, 0, 0],
                                    "settlement": [3, -9, 3, 3]}
    assert [len(hand) for hand in position.hands] == [2, 2, 2, 2]
    assert sw.legal_moves(position) == []


def test_a_misere_with_no_trick_taken_is_made_at_the_end():
    position = in_play(["5S", "2S", "3S", "4S"], "misere", 1)
    position, events = play(position, "5S", "2S", "3S", "4S")
    assert position.result == sw.Result(True, (1, 0, 0, 0), (-3, 9, -3, -3))


def test_a_declared_abundance_is_lost_the_moment_its_bidder_loses_a_trick():
    hands = ["QS AH 3C", "JS 4H 4C", "AS 2H KC", "KS 3H 2C"]
    position = in_play(hands, "declared_abundance", 2)
    assert position.to_move == 2
    position, _ = play(position, "AS", "KS", "QS", "JS")
    assert position.phase == "play"
    position, events = play(position, "2H", "3H", "AH", "4H")
    assert position.phase == "over"
    assert events[-1].data["made"] is False
    assert position.result == sw.Result(False, (1, 0, 1, 0), (8, 8, -24, 8))


def test_open_misere_lays_the_bidders_hand_open_after_the_first_trick():
    position = in_play(["5S 9H", "2S 3H", "3S 8H", "4S 7H"], "open_misere", 1)
    assert position.to_json()["exposed"] is False
    position, events = play(position, "5S", "2S", "3S", "4S")
    assert types(events) == ["played", "trick_won", "hand_exposed"]
    assert events[-1].to_json() == {"type": "hand_exposed", "player": 1, "cards": ["3H"]}
    assert position.exposed is True and position.to_json()["exposed"] is True
    position, events = play(position, "9H", "3H", "8H", "7H")
    assert position.result == sw.Result(True, (2, 0, 0, 0), (-6, 18, -6, -6))
    assert "hand_exposed" not in types(events)


def test_open_misere_taken_at_the_first_trick_ends_before_anything_is_exposed():
    position = in_play(["2S 9H", "5S 3H", "3S 8H", "4S 7H"], "open_misere", 1)
    position, events = play(position, "2S", "5S", "3S", "4S")
    assert types(events) == ["played", "trick_won", "contract_decided"]
    assert position.exposed is False and position.result.settlement == (6, -18, 6, 6)


def test_every_other_contract_is_played_to_the_last_trick_even_once_decided():
    hands = ["AH KH QH JH 10H 2C", "2S 3S 4S 5S 6S 3C", "7S 8S 9S 10S JS 4C", "2D 3D 4D 5D 6D 5C"]
    position = in_play(hands, "solo", 0, trump="H")
    while len(position.tricks) < 5:
        position, _ = sw.apply(position, sw.legal_moves(position)[0])
    assert position.tricks_won()[0] == 5 and position.phase == "play"
    position, events = play(position, "2C", "3C", "4C", "5C")
    assert position.phase == "over" and position.result.made is True
    assert position.result.tricks == (5, 0, 0, 1)


def test_a_proposal_counts_the_partners_tricks_together():
    hands = ["AS 2H", "KS 3H", "QS 4H", "JS AH"]
    position = in_play(hands, "proposal", 0, trump="D", partner=3)
    position, _ = play(position, "AS", "KS", "QS", "JS", "2H", "3H", "4H", "AH")
    assert position.result.tricks == (1, 0, 0, 1)
    assert position.result.made is False
    assert position.result.settlement == (-2, 2, 2, -2)


def test_nothing_may_be_played_once_the_hand_is_over_or_annulled():
    position = in_play(["2S 3H", "5S 4H", "3S 9H", "4S 2H"], "misere", 1)
    over, _ = play(position, "2S", "5S", "3S", "4S")
    assert refusal(over, sw.Play(0, Card.parse("3H"))).code == "game_over"
    annulled, _ = call(deal(), "pass", "pass", "pass", "pass")
    assert refusal(annulled, sw.Bid(1, "solo")).code == "game_over"


def test_apply_never_changes_the_position_it_is_given():
    position = deal()
    snapshot = position.to_json()
    sw.apply(position, sw.Bid(1, "solo"))
    with pytest.raises(IllegalMove):
        sw.apply(position, sw.Bid(2, "solo"))
    assert position.to_json() == snapshot


def test_a_move_for_a_player_who_is_not_at_the_table_is_refused():
    assert refusal(deal(), sw.Bid(7, "solo")).code == "no_such_player"


def test_play_accepts_a_card_built_apart_from_the_deck():
    position = in_play(["5S 9H", "2S 3H", "3S 8H", "4S 7H"], "solo", 1, trump="H")
    position, _ = sw.apply(position, sw.Play(0, Card("5", "S")))
    assert position.hands[0] == (Card.parse("9H"),)


# --- settlement -----------------------------------------------------------------------------------


def test_the_stakes_follow_the_seeds_scale():
    assert sw.STAKES == {"proposal": 2, "solo": 2, "misere": 3, "abundance": 4, "open_misere": 6,
                         "declared_abundance": 8}


def test_a_made_solo_is_paid_the_stake_by_each_defender():
    assert sw.settlement("solo", 0, None, True) == (6, -2, -2, -2)


def test_a_failed_solo_pays_the_stake_to_each_defender():
    assert sw.settlement("solo", 2, None, False) == (2, 2, -6, 2)


def test_a_failed_abundance_costs_twelve():
    assert sw.settlement("abundance", 1, None, False) == (4, -12, 4, 4)


def test_in_a_proposal_each_partner_settles_with_one_opponent():
    assert sw.settlement("proposal", 0, 3, True) == (2, -2, -2, 2)
    assert sw.settlement("proposal", 1, 2, False) == (2, -2, -2, 2)
    with pytest.raises(ValueError):
        sw.settlement("proposal", 1, None, True)


def test_the_settlement_table_covers_every_contract_made_and_failed_and_sums_to_zero():
    table = sw.settlement_table()
    assert [(row.bid, row.made) for row in table] == [(bid, made) for bid in sw.CONTRACTS for made in (True, False)]
    for row in table:
        assert sum(row.settlement) == 0
        assert abs(row.settlement[1]) == row.stake == sw.STAKES[row.bid]
        assert (row.settlement[0] > 0) == row.made
        assert row.partner == (2 if row.bid == "proposal" else None)


# --- JSON -----------------------------------------------------------------------------------------


def test_position_json_has_the_api_fields():
    data = deal().to_json()
    assert set(data) == {"dealer", "hands", "turn_up", "phase", "auction", "contract", "tricks", "trick", "result",
                         "to_move", "exposed"}


def test_position_json_round_trips_without_the_display_fields_and_without_partner():
    position, _ = call(deal(), "solo", "pass", "pass", "pass")
    position, _ = play(position, sw.legal_moves(position)[0].card.code)
    data = position.to_json()
    del data["to_move"], data["exposed"]
    del data["contract"]["partner"]
    assert sw.Position.from_json(json.loads(json.dumps(data))) == position


def test_an_empty_trick_in_progress_is_read_as_no_trick():
    data = in_play(["5S", "2S", "3S", "4S"], "solo", 1, trump="H").to_json()
    data["trick"] = {"leader": 0, "cards": []}
    assert sw.Position.from_json(data).trick is None
    data["trick"] = {"leader": 2, "cards": []}
    with pytest.raises(InvalidPosition):
        sw.Position.from_json(data)


def test_moves_round_trip_through_json():
    for move in [sw.Bid(0, "acceptance"), sw.NameTrump(3, "D"), sw.Play(2, Card.parse("10H"))]:
        assert sw.move_from_json(json.loads(json.dumps(move.to_json()))) == move


@pytest.mark.parametrize("data", [
    None, [], "bid", 3, {}, {"type": "bid"}, {"type": "bid", "player": 0},
    {"type": "bid", "player": 0, "bid": "double"}, {"type": "bid", "player": True, "bid": "pass"},
    {"type": "bid", "player": 4, "bid": "pass"}, {"type": "bid", "player": -1, "bid": "pass"},
    {"type": "bid", "player": 0, "bid": ["pass"]}, {"type": "bid", "player": 0, "bid": "pass", "x": 1},
    {"type": "name_trump", "player": 0, "suit": "X"}, {"type": "name_trump", "player": 0, "suit": None},
    {"type": "play", "player": 0, "card": "1H"}, {"type": "play", "player": 0, "card": {"c": 1}},
    {"type": "play", "player": 0.0, "card": "AH"}, {"type": ["play"], "player": 0, "card": "AH"},
    {"type": "draw", "player": 0},
])
def test_move_from_json_refuses_anything_off_schema(data):
    with pytest.raises(InvalidMove):
        sw.move_from_json(data)


def _valid() -> dict:
    position, _ = call(deal(), "solo", "pass", "pass", "pass")
    position, _ = play(position, *(move.card.code for move in [sw.legal_moves(position)[0]]))
    return position.to_json()


def _with(path: tuple, value) -> dict:
    data = _valid()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize("path, value", [
    (("dealer",), 4), (("dealer",), True), (("dealer",), "0"), (("dealer",), 10**100),
    (("hands",), [[], [], []]), (("hands", 0), "AS"), (("hands", 0, 0), "ZZ"), (("hands", 0, 0), None),
    (("turn_up",), "XX"), (("turn_up",), 5),
    (("phase",), "bidding"), (("phase",), ["play"]), (("phase",), "auction"), (("phase",), "over"),
    (("phase",), "naming_trump"), (("phase",), "annulled"),
    (("auction",), None), (("auction", 0), {"player": 1}), (("auction", 0, "bid"), "double"),
    (("auction", 0, "player"), 2), (("auction", 1, "bid"), "solo"), (("auction", 0, "bid"), "misere"),
    (("contract",), None), (("contract", "bid"), "misere"), (("contract", "bidder"), 2),
    (("contract", "trump"), None), (("contract", "trump"), "X"), (("contract", "partner"), 2),
    (("contract", "partner"), False),
    (("tricks",), {}), (("tricks",), [{"leader": 1, "cards": ["2C", "3C", "4C", "5C"], "winner": 0}]),
    (("trick",), {"leader": 1, "cards": ["AS", "KS", "QS", "JS"]}), (("trick", "leader"), 2),
    (("trick", "cards"), "AS"), (("trick", "extra"), 1),
    (("result",), {"made": True, "tricks": [0, 0, 0, 0], "settlement": [0, 0, 0, 0]}),
    (("unknown",), 1),
])
def test_from_json_refuses_a_position_that_cannot_be(path, value):
    with pytest.raises(InvalidPosition):
        sw.Position.from_json(_with(path, value))


def test_from_json_refuses_a_card_twice():
    data = _valid()
    data["hands"][2].append(data["hands"][1][0])
    with pytest.raises(InvalidPosition):
        sw.Position.from_json(data)


def test_from_json_refuses_the_turned_up_card_in_another_players_hand():
    data = position_json(hands=[["2S"], ["3S"], ["4S"], ["5S"]], turn_up="2S")
    with pytest.raises(InvalidPosition):
        sw.Position.from_json(data)
    data["turn_up"] = "5S"
    assert sw.Position.from_json(data).turn_up == Card.parse("5S")


def test_from_json_refuses_unequal_hands():
    with pytest.raises(InvalidPosition):
        sw.Position.from_json(position_json(hands=[["2S"], ["3S"], ["4S"], ["5S", "6S"]], turn_up="5S"))


def test_from_json_refuses_a_wrong_trick_winner_and_a_revoke():
    won_by_the_wrong_player = {"leader": 0, "cards": ["2S", "3S", "4S", "5S"], "winner": 0}
    with pytest.raises(InvalidPosition):
        in_play(["6S", "7S", "8S", "9S"], "solo", 1, trump="H", tricks=[won_by_the_wrong_player])
    revoke = {"leader": 0, "cards": ["2S", "3H", "4S", "5S"], "winner": 3}
    with pytest.raises(InvalidPosition):
        in_play(["6S", "7S", "8S", "9S"], "solo", 1, trump="D", tricks=[revoke])
    fair = {"leader": 0, "cards": ["2S", "3H", "4S", "5S"], "winner": 3}
    assert in_play(["6S", "7H", "8S", "9S"], "solo", 1, trump="D", tricks=[fair]).to_move == 3


def test_from_json_refuses_play_going_on_after_a_misere_is_lost():
    lost = {"leader": 0, "cards": ["2S", "5S", "3S", "4S"], "winner": 1}
    with pytest.raises(InvalidPosition):
        in_play(["6S", "7S", "8S", "9S"], "misere", 1, tricks=[lost])


def test_from_json_refuses_a_contract_the_auction_did_not_close_on():
    data = _valid()
    data["auction"] = [{"player": 1, "bid": "misere"}, {"player": 2, "bid": "pass"},
                       {"player": 3, "bid": "pass"}, {"player": 0, "bid": "pass"}]
    with pytest.raises(InvalidPosition):
        sw.Position.from_json(data)


def test_from_json_reads_every_position_of_an_example_auction():
    position = deal()
    for bid in ["pass", "pass", "pass", "proposal", "acceptance", "pass"]:
        position, _ = call(position, bid)
        assert sw.Position.from_json(position.to_json()) == position


def random_json(rng: random.Random, depth: int = 0):
    """Junk of every JSON shape, with the words and numbers a position uses mixed in."""
    roll = rng.random()
    if depth > 3 or roll < 0.45:
        return rng.choice([None, True, False, 0, 1, 3, 4, -1, 13, 2**70, 1.5, "", "AS", "10H", "1H", "S", "X",
                           "play", "auction", "over", "solo", "pass", "proposal", "acceptance", "misere"])
    if roll < 0.7:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(5))]
    keys = ["dealer", "hands", "turn_up", "phase", "auction", "contract", "tricks", "trick", "result", "player",
            "bid", "bidder", "partner", "trump", "leader", "cards", "winner", "made", "settlement", "type", "card",
            "suit"]
    return {rng.choice(keys): random_json(rng, depth + 1) for _ in range(rng.randrange(6))}


def mutate(rng: random.Random, data):
    """``data`` with one value somewhere inside replaced by junk."""
    data = copy.deepcopy(data)
    target = data
    while True:
        keys = list(target.keys()) if isinstance(target, dict) else list(range(len(target)))
        if not keys:
            return data
        key = rng.choice(keys)
        if isinstance(target[key], (dict, list)) and target[key] and rng.random() < 0.6:
            target = target[key]
            continue
        target[key] = random_json(rng)
        return data


def test_from_json_raises_only_invalid_position_for_junk():
    rng = random.Random(11)
    for _ in range(3000):
        try:
            sw.Position.from_json(random_json(rng))
        except InvalidPosition:
            pass
        try:
            sw.move_from_json(random_json(rng))
        except InvalidMove:
            pass


def test_from_json_raises_only_invalid_position_for_mutated_positions():
    rng = random.Random(12)
    samples = []
    for seed in range(30):
        position = sw.new_game(seed)
        while not position.is_over:
            samples.append(position.to_json())
            position, _ = sw.apply(position, rng.choice(sw.legal_moves(position)))
        samples.append(position.to_json())
    for _ in range(4000):
        data = mutate(rng, rng.choice(samples))
        try:
            position = sw.Position.from_json(data)
        except InvalidPosition:
            continue
        assert sw.Position.from_json(position.to_json()) == position


# --- random deals ---------------------------------------------------------------------------------


def _biased_call(rng: random.Random, moves: list):
    """Random legal calls that accept and bid often enough for most deals to be played."""
    calls = {move.bid: move for move in moves}
    if "acceptance" in calls and rng.random() < 0.5:
        return calls["acceptance"]
    contracts = [move for move in moves if move.bid in sw.CONTRACTS]
    if contracts and rng.random() < 0.3:
        return rng.choice(contracts)
    return calls["pass"]


def test_random_deals_keep_every_rule():
    rng = random.Random(2024)
    finished = {"over": 0, "annulled": 0}
    deals = sweep(2500)
    for seed in range(deals):
        position = sw.new_game(seed)
        check_json = seed % 25 == 0
        happened = []
        while not position.is_over:
            moves = sw.legal_moves(position)
            assert moves and {move.player for move in moves} == {position.to_move}
            move = _biased_call(rng, moves) if position.phase == "auction" else rng.choice(moves)
            before = position
            position, events = sw.apply(position, move)
            happened += events
            assert events[0].type in ("bid", "trump_named", "played")
            placed = [card for hand in position.hands for card in hand]
            placed += [card for trick in position.tricks for card in trick.cards]
            placed += list(position.trick.cards) if position.trick else []
            assert len(placed) == 52 and set(placed) == set(DECK)
            if "trick_won" in types(events):
                trick = position.tricks[-1]
                assert trick.winner == expected_winner(trick.leader, trick.cards, position.contract.trump)
                assert len(position.tricks) == len(before.tricks) + 1
            if check_json:
                assert sw.Position.from_json(json.loads(json.dumps(position.to_json()))) == position
                check_only_legal_moves_apply(before, moves)
        finished[position.phase] += 1
        if position.phase == "over":
            check_the_end(position, happened)
    assert finished["over"] > deals * 3 // 5 and finished["annulled"] > deals // 25


def check_only_legal_moves_apply(position: sw.Position, moves: list) -> None:
    """Every listed move applies; every other card or call of the player to move is refused."""
    for move in moves:
        sw.apply(position, move)
    player = position.to_move
    if position.phase == "play":
        others = [sw.Play(player, card) for card in position.hands[player] if sw.Play(player, card) not in moves]
        codes = {"must_follow_suit"}
    elif position.phase == "naming_trump":
        others = [sw.Bid(player, "pass"), sw.Play(player, position.hands[player][0])]
        codes = {"not_bidding_phase", "not_playing_phase"}
    else:
        others = [sw.Bid(player, bid) for bid in sw.CALLS if sw.Bid(player, bid) not in moves]
        codes = {"bid_too_low", "nothing_to_accept", "already_passed"}
    for move in others:
        assert refusal(position, move).code in codes


def check_the_end(position: sw.Position, events: list) -> None:
    """The hand stopped at the right trick, its settlement is zero-sum at the contract's stake, and an
    open misère was laid open once, after the first trick, unless its bidder took that trick."""
    contract, result, tricks = position.contract, position.result, position.tricks
    bidder = contract.bidder
    winners = [trick.winner for trick in tricks]
    if contract.bid in ("misere", "open_misere"):
        stop = next((i + 1 for i, winner in enumerate(winners) if winner == bidder), 13)
    elif contract.bid == "declared_abundance":
        stop = next((i + 1 for i, winner in enumerate(winners) if winner != bidder), 13)
    else:
        stop = 13
    assert len(tricks) == stop
    assert result.tricks == tuple(winners.count(player) for player in range(4))
    side = result.tricks[bidder] + (result.tricks[contract.partner] if contract.partner is not None else 0)
    made = {"proposal": side >= 8, "solo": side >= 5, "abundance": side >= 9, "misere": side == 0,
            "open_misere": side == 0, "declared_abundance": side == 13}[contract.bid]
    assert result.made is made
    assert sum(result.settlement) == 0
    stake = sw.STAKES[contract.bid]
    defenders = [p for p in range(4) if p != bidder and p != contract.partner]
    assert all(result.settlement[p] == (-stake if made else stake) for p in defenders)
    exposed = [event.to_json() for event in events if event.type == "hand_exposed"]
    if contract.bid == "open_misere" and winners[0] != bidder:
        first_trick_over = [event.type for event in events].index("trick_won") + 1
        assert events[first_trick_over].type == "hand_exposed"
        assert exposed == [{"type": "hand_exposed", "player": bidder, "cards": exposed[0]["cards"]}]
        assert len(exposed[0]["cards"]) == 12
    else:
        assert exposed == []
    assert events[-1].to_json() == {"type": "contract_decided", "made": made, "tricks": list(result.tricks),
                                    "settlement": list(result.settlement)}


# --- the worked examples --------------------------------------------------------------------------


def events_of(example, step: int) -> dict:
    """The events of move number ``step`` (from 1), by type."""
    return {event.type: event.to_json() for event in example.steps[step - 1].events}


def positions(example) -> list:
    """The position after each move, in order."""
    return [step.position for step in example.steps]


EXAMPLE_IDS = ["solo-whist-auction", "solo-whist-six-tricks", "solo-whist-four-tricks", "solo-whist-misere-lost",
               "solo-whist-open-misere", "solo-whist-advice-solo", "solo-whist-advice-misere"]


@pytest.mark.parametrize("example_id", EXAMPLE_IDS)
def test_every_example_has_one_caption_per_step_in_both_languages(example_id):
    assert_captioned_in_every_language(run_example(example_id, sw.ID))


def test_example_auction_overcalls_until_three_passes_close_it_on_a_misere():
    example = run_example("solo-whist-auction", sw.ID)
    assert [step.move.bid for step in example.steps] == ["proposal", "acceptance", "solo", "misere", "pass", "pass",
                                                         "pass"]
    assert all(position.phase == "auction" for position in positions(example)[:-1])
    assert events_of(example, 7)["auction_closed"]["contract"] == {"bid": "misere", "bidder": 0, "partner": None,
                                                                   "trump": None}
    assert positions(example)[-1].to_move == 1


def test_example_six_tricks_is_the_seeds_solo_paid_by_each_defender():
    example = run_example("solo-whist-six-tricks", sw.ID)
    start = example.start
    assert start.contract.bid == "solo" and start.contract.bidder == 0 and start.tricks_won()[0] == 4
    assert [position.tricks_won()[0] for position in positions(example)[3::4]] == [4, 5, 6]
    assert events_of(example, 12)["contract_decided"] == {"type": "contract_decided", "made": True,
                                                          "tricks": [6, 3, 3, 1], "settlement": [6, -2, -2, -2]}


def test_example_four_tricks_is_the_same_stake_paid_by_the_bidder():
    example = run_example("solo-whist-four-tricks", sw.ID)
    start = example.start
    assert start.contract.bid == "solo" and start.contract.bidder == 0 and start.tricks_won()[0] == 4
    assert [position.tricks_won()[0] for position in positions(example)[3::4]] == [4, 4, 4]
    assert events_of(example, 8)["trick_won"]["winner"] == 2
    decided = events_of(example, 12)["contract_decided"]
    assert decided["made"] is False and decided["settlement"] == [-6, 2, 2, 2]


def test_example_misere_lost_ends_at_the_first_trick_its_bidder_takes():
    example = run_example("solo-whist-misere-lost", sw.ID)
    assert positions(example)[3].phase == "play" and events_of(example, 4)["trick_won"]["winner"] == 0
    final = positions(example)[-1]
    assert final.phase == "over" and len(final.tricks) == 2 and all(len(hand) == 2 for hand in final.hands)
    assert events_of(example, 8)["contract_decided"]["settlement"] == [3, -9, 3, 3]


def test_example_open_misere_lays_the_hand_open_after_the_first_trick():
    example = run_example("solo-whist-open-misere", sw.ID)
    assert not any(position.exposed for position in positions(example)[:3])
    assert events_of(example, 4)["hand_exposed"] == {"type": "hand_exposed", "player": 1, "cards": ["2C", "7D"]}
    assert all(position.exposed for position in positions(example)[3:])
    assert events_of(example, 8)["contract_decided"]["settlement"] == [6, -18, 6, 6]


def test_example_advice_solo_is_a_long_trump_suit_and_an_outside_ace():
    example = run_example("solo-whist-advice-solo", sw.ID)
    start = example.start
    hand = start.hands[start.to_move]
    trump = start.turn_up.suit
    assert sum(card.suit == trump for card in hand) == 6
    assert [card.code for card in hand if card.rank == "A"] == ["AH"]
    assert positions(example)[-1].contract == sw.Contract("solo", 0, None, trump)


def test_example_advice_misere_sinks_on_the_unguarded_queen():
    example = run_example("solo-whist-advice-misere", sw.ID)
    start = example.start
    bidder = start.contract.bidder
    assert [card.code for card in start.hands[bidder] if card.suit == "S"] == ["QS"]
    assert events_of(example, 4)["trick_won"]["winner"] != bidder
    assert events_of(example, 8)["trick_won"] == {"type": "trick_won", "winner": bidder,
                                                  "cards": ["5S", "4S", "3S", "QS"]}
    assert positions(example)[-1].result.made is False

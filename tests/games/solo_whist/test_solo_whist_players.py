"""Solo Whist computer players: the rules of thumb by name, legal and repeatable choices, whole deals."""

from __future__ import annotations

import random

import pytest

from naipes.games.solo_whist import rules as sw
from naipes.engine.cards import DECK, Card
from naipes.games.solo_whist.view import view
from naipes.engine.choice import Allowance
from naipes.games.solo_whist import double_dummy
from naipes.games.solo_whist import player as players
from naipes.games.solo_whist.players import heuristics
from naipes.games.solo_whist.players.deals import Knowledge, auction_fits, deal
from naipes.games.solo_whist.players.sampling import Budget, choose_card
from naipes.games.solo_whist.double_dummy import SUIT_MASKS, card_of, cards_in, index_of

QUICK = Budget(samples=4, nodes=200_000, deal_nodes=100_000)


def in_play(hands: list[str], bid: str, bidder: int, trump: str | None = None, led: list[str] = (),
            leader: int = 0) -> sw.Position:
    """A partial position in play, dealer 3 (so seat 0 leads first), ``led`` already in the trick."""
    return sw.Position.from_json({
        "dealer": 3, "hands": [hand.split() for hand in hands], "turn_up": None, "phase": "play",
        "auction": [], "contract": {"bid": bid, "bidder": bidder, "partner": None, "trump": trump},
        "tricks": [], "trick": {"leader": leader, "cards": list(led)} if led else None, "result": None,
    })


def basic_choice(position: sw.Position) -> tuple[str, str]:
    seat = position.to_move
    choice = players.choose(view(position, seat), sw.legal_moves(position), random.Random(1), "basic")
    return choice.move.card.code, choice.reason.message


def auction_for(hand: str, turn_up: str = "2H") -> sw.Position:
    """Seat 0 (eldest, dealer 3) to speak first holding ``hand``; the rest of the pack dealt to the others."""
    mine = [Card.parse(code) for code in hand.split()]
    rest = [card for card in DECK if card not in mine and card.code != turn_up]
    hands = [mine, rest[0:13], rest[13:26], rest[26:38] + [Card.parse(turn_up)]]
    return sw.Position(3, tuple(tuple(h) for h in hands), Card.parse(turn_up))


def bid_of(position: sw.Position) -> str:
    return players.choose(view(position, 0), sw.legal_moves(position), random.Random(1)).move.bid


# --- card play: the rules of thumb -----------------------------------------------------------


def test_second_hand_low():
    position = in_play(["AS 7C 9D", "KH 3H 8C 2D", "QS 4H 6C 5D", "JS 10H 5C 7D"], "solo", 0, "S", led=["5H"])
    card, reason = basic_choice(position)
    assert card == "3H" and "second hand low" in reason


def test_a_forced_card_is_said_to_be_the_only_one_not_played_by_a_rule():
    """Second hand holding the ace alone in the suit led must play it; the hint says so rather than
    "second hand low". A last card, led or followed, is said to be the last."""
    position = in_play(["AS 7C 9D", "AH 8C 2D 3S", "QS 4H 6C 5D", "JS 10H 5C 7D"], "solo", 0, "S", led=["5H"])
    assert basic_choice(position) == (
        "AH", "Play the %(card)s: it is your only card of the suit led, and you must follow suit")
    last = in_play(["AS", "KH", "QS", "JS"], "solo", 0, "S")
    assert basic_choice(last) == ("AS", "Lead the %(card)s: it is your last card")
    following = in_play(["", "KH", "QS", "JS"], "solo", 0, "S", led=["AS"])
    assert basic_choice(following) == ("KH", "Play the %(card)s: it is your last card")


def test_cover_an_honour_with_an_honour():
    position = in_play(["AS 7C 9D", "KH 3H 8C 2D", "QS 4H 6C 5D", "JS 10H 5C 7D"], "solo", 0, "S", led=["QH"])
    card, reason = basic_choice(position)
    assert card == "KH" and "cover an honour with an honour" in reason


def test_third_hand_high_to_win_the_trick_another_defender_led():
    """Against a lone bidder the other defenders are not partners: partners exist only in a proposal."""
    position = in_play(["AS 7C 8D", "QS 8C 2D", "KD 10D 2C 5C", "JS 10H 5H 7H"], "solo", 1, "S",
                       led=["4D", "9D"])
    card, reason = basic_choice(position)
    assert card == "KD" and reason == "Play the %(card)s: third hand high, to win the trick another defender led"


def test_trump_when_void():
    position = in_play(["AS 7C 9D", "QS 8C 2D", "KD 10D 2C", "JS 4S 5H 7H"], "solo", 1, "S",
                       led=["4C", "9C", "3C"], leader=0)
    card, reason = basic_choice(position)
    assert card == "4S" and "void in the suit led" in reason


def test_discard_from_the_shortest_side_suit():
    position = in_play(["AS 7C 9D", "QS 8C 2D", "KD 10D 2C", "JH 5H 7D 9H"], "solo", 0, "S",
                       led=["4C", "9C", "3C"], leader=0)
    card, reason = basic_choice(position)
    assert card == "7D" and "shortest side suit" in reason


def test_misere_play_the_highest_card_that_stays_under_the_trick():
    position = in_play(["7S 8C 2D", "10S 8S 3S 2H", "KD 10D 2C 4C", "JH 5H 7D 6C"], "misere", 1, led=["9S"])
    card, reason = basic_choice(position)
    assert card == "8S" and "stays under the trick" in reason


def test_misere_discard_the_cards_that_could_win_a_trick():
    position = in_play(["7S 8C 2D", "AC 2H 3D 4D", "KD 10D 2C 5C", "JH 5H 7D 6C"], "misere", 1, led=["9S"])
    card, reason = basic_choice(position)
    assert card == "AC" and reason == "Discard the %(card)s: in misère you must shed the cards that could win a trick"


def test_lead_from_length():
    position = in_play(["8S 3S 2S 4H", "9S 8C 2D JC", "KD 10D 2C QC", "JH 5H 7D AC"], "solo", 1, "H")
    card, reason = basic_choice(position)
    assert card == "2S" and "lead from length" in reason


# --- bidding ---------------------------------------------------------------------------------


def test_a_long_strong_trump_suit_and_an_outside_ace_bid_solo():
    assert bid_of(auction_for("AH KH QH JH 10H AS 3S 4S 2C 5C 7C 3D 4D", turn_up="2H")) == "solo"


def test_low_cards_in_every_suit_bid_misere_laid_open():
    assert bid_of(auction_for("2S 3S 5S 2H 4H 7H 2D 3D 6D 2C 3C 5C 8C", turn_up="9H")) == "open_misere"


def test_a_weak_hand_passes():
    assert bid_of(auction_for("9S 7S 5S 10H 4H 8H JD 3D 6D QC 3C 6C 8C", turn_up="2H")) == "pass"


def test_abundance_names_trumps_in_its_best_suit():
    position = auction_for("AS KS QS JS 10S 9S 8S AH KH 2C 5C 7C 3D", turn_up="2H")
    position = sw.Position(position.dealer, position.hands, position.turn_up, sw.NAMING_TRUMP, (),
                           sw.Contract("abundance", 0, None, None))
    choice = players.choose(view(position, 0), sw.legal_moves(position), random.Random(1), "strong")
    assert choice.move == sw.NameTrump(0, "S")


# --- any level: legal, repeatable, from the view only ----------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("level", players.LEVELS)
def test_whole_deals_end_with_every_choice_among_the_legal_moves(level, monkeypatch):
    monkeypatch.setattr("naipes.games.solo_whist.players.sampling.STRONG", QUICK)
    rng = random.Random(4)
    for seed in range(4):
        position = sw.new_game(seed)
        while not position.is_over:
            moves = sw.legal_moves(position)
            choice = players.choose(view(position, position.to_move), moves, rng, level)
            assert choice.move in moves
            assert choice.reason.message % {name: str(value) for name, value in choice.reason.params.items()}
            position, _ = sw.apply(position, choice.move)


def swap_hidden_cards(position: sw.Position, seat: int) -> sw.Position:
    """The same position as ``seat`` sees it, with one card of the same suit exchanged between two
    other players (neither the turned-up card nor a suit a player has shown out of)."""
    a, b = [other for other in range(4) if other != seat and other != position.dealer][:2]
    for card_a in position.hands[a]:
        for card_b in position.hands[b]:
            if card_a.suit == card_b.suit:
                hands = list(position.hands)
                hands[a] = tuple(card_b if card == card_a else card for card in hands[a])
                hands[b] = tuple(card_a if card == card_b else card for card in hands[b])
                return sw.Position(position.dealer, tuple(hands), position.turn_up, position.phase,
                                   position.auction, position.contract, position.tricks, position.trick)
    raise AssertionError("no two cards of one suit to swap")


@pytest.mark.parametrize("level", players.LEVELS)
def test_same_view_same_choice(level, monkeypatch):
    monkeypatch.setattr("naipes.games.solo_whist.players.sampling.STRONG", QUICK)
    for seed in range(6):
        position = sw.new_game(seed, dealer=3)
        for bid in ("solo", "pass", "pass", "pass"):
            position, _ = sw.apply(position, sw.Bid(position.to_move, bid))
        for _ in range(3):
            position, _ = sw.apply(position, sw.legal_moves(position)[0])
        seat = position.to_move
        other = swap_hidden_cards(position, seat)
        assert other.hands != position.hands and view(other, seat) == view(position, seat)
        moves = sw.legal_moves(position)
        assert (players.choose(view(position, seat), moves, random.Random(9), level)
                == players.choose(view(other, seat), moves, random.Random(9), level))


def test_an_unknown_level_is_refused():
    position = sw.new_game(1)
    with pytest.raises(ValueError):
        players.choose(view(position, position.to_move), sw.legal_moves(position), random.Random(1), "expert")


def test_strong_reason_names_the_sampled_deals_when_it_leaves_the_rules_of_thumb():
    rng = random.Random(2)
    reasons = set()
    for seed in range(8):
        position = sw.new_game(seed, dealer=3)
        for bid in ("solo", "pass", "pass", "pass"):
            position, _ = sw.apply(position, sw.Bid(position.to_move, bid))
        while not position.is_over:
            seat = position.to_move
            cards = [move.card for move in sw.legal_moves(position)]
            choice = choose_card(view(position, seat), cards, rng, QUICK)
            reasons.add(choice.reason.message)
            position, _ = sw.apply(position, choice.move)
    assert any("deals that fit what you have seen" in reason for reason in reasons)
    assert any(reason.startswith("%(rule)s (") for reason in reasons), "some decisions leave the contract's fate alone"


def test_where_no_card_changes_the_contracts_fate_the_strong_hint_says_so_with_its_count():
    """Once a solo bidder can no longer take five tricks, whatever anyone plays the contract is beaten in
    every sampled deal, and the hint gives the rules of thumb's card with that count."""
    position = sw.new_game(7, dealer=3)
    for bid in ("solo", "pass", "pass", "pass"):
        position, _ = sw.apply(position, sw.Bid(position.to_move, bid))
    checked = 0
    while not position.is_over:
        seat, moves = position.to_move, sw.legal_moves(position)
        seen = view(position, seat)
        basic = players.choose(seen, moves, random.Random(1), "basic")
        lost = seen.tricks_won()[0] + 13 - len(seen.tricks) < sw.TRICKS_NEEDED["solo"]
        if lost and len(moves) > 1:
            choice = choose_card(seen, [move.card for move in moves], random.Random(1), QUICK)
            assert choice.move == basic.move
            assert choice.reason.message == ("%(rule)s (whatever you play, the contract is beaten in %(samples)s of"
                                             " %(samples)s deals that fit what you have seen)")
            assert choice.reason.params["rule"] == basic.reason and choice.reason.params["samples"] > 0
            checked += 1
        position, _ = sw.apply(position, basic.move)
    assert checked >= 2


# --- the allowance one table answer shares ---------------------------------------------------


def counting_searches(monkeypatch) -> list[int]:
    """The positions each of the search's questions took, as the strong player asks them."""
    counted: list[int] = []
    for name in ("verdicts", "reaches"):
        question = getattr(double_dummy, name)

        def counting(*args, question=question, **kwargs):
            try:
                return question(*args, **kwargs)
            finally:
                counted.append(double_dummy.nodes())

        monkeypatch.setattr(double_dummy, name, counting)
    return counted


def test_the_strong_player_searches_within_the_allowance_and_is_charged_what_it_searched(monkeypatch):
    position = sw.new_game(5, dealer=3)
    for bid in ("solo", "pass", "pass", "pass"):
        position, _ = sw.apply(position, sw.Bid(position.to_move, bid))
    seen, moves = view(position, 0), sw.legal_moves(position)
    unbounded = players.choose(seen, moves, random.Random(3), "strong")
    counted = counting_searches(monkeypatch)
    plenty = Allowance(10 ** 9)
    assert players.choose(seen, moves, random.Random(3), "strong", plenty) == unbounded, \
        "an allowance it stays within changes nothing"
    spent = sum(counted)
    assert 10 ** 9 - plenty.left == spent > 0
    counted.clear()
    half = Allowance(spent // 2)
    players.choose(seen, moves, random.Random(3), "strong", half)
    # A search stops at the first position past its limit, so each may overstep it by one.
    assert spent // 2 - len(counted) <= sum(counted) <= spent // 2 + len(counted) and half.left <= len(counted)


def test_once_the_allowance_is_spent_the_strong_player_bids_and_plays_by_the_rules_of_thumb():
    position = sw.new_game(6, dealer=3)
    while not position.is_over:
        seat, moves = position.to_move, sw.legal_moves(position)
        strong = players.choose(view(position, seat), moves, random.Random(4), "strong", Allowance(0))
        assert strong == players.choose(view(position, seat), moves, random.Random(4), "basic")
        position, _ = sw.apply(position, strong.move)


# --- sampling deals ---------------------------------------------------------------------------


def test_sampled_deals_fit_everything_the_seat_knows():
    rng = random.Random(7)
    position = sw.new_game(21, dealer=2)
    for bid in ("solo", "pass", "pass", "pass"):
        position, _ = sw.apply(position, sw.Bid(position.to_move, bid))
    while len(position.tricks) < 6:
        position, _ = sw.apply(position, rng.choice(sw.legal_moves(position)))
    seen = view(position, 1)
    knowledge = Knowledge.of(seen)
    played = {card for trick in position.tricks for card in trick.cards}
    for _ in range(30):
        hands = deal(knowledge, rng)
        dealt = [{card_of(index) for index in cards_in(hand)} for hand in hands]
        assert dealt[1] == set(position.hands[1])
        assert [len(hand) for hand in dealt] == [len(hand) for hand in position.hands]
        assert set().union(*dealt) == set(DECK) - played
        for seat in range(4):
            assert not any(knowledge.barred[seat] >> index_of(card) & 1 for card in dealt[seat] - set(position.hands[1]))
        if position.turn_up not in played:
            assert position.turn_up in dealt[position.dealer]


def test_a_player_who_showed_out_of_a_suit_is_never_dealt_it():
    position = in_play(["AS 7C 9D", "QS 8C 2D", "KD 10D 2C", "JH 5H 7D 9H"], "solo", 0, "S",
                       led=["4C", "9C", "3C"], leader=0)
    position, _ = sw.apply(position, sw.Play(3, Card.parse("7D")))
    knowledge = Knowledge.of(view(position, 0))
    assert knowledge.barred[3] & SUIT_MASKS[3] == SUIT_MASKS[3]


def after_a_solo(hands: list[str], turn_up: str) -> sw.Position:
    """Dealer 3: eldest hand (0) passes, 1 bids solo, 2 and 3 pass; ``hands`` for seats 0 to 2, and the
    dealer holds the rest, the turned-up card among them."""
    held = [[Card.parse(code) for code in hand.split()] for hand in hands]
    rest = [card for card in DECK if not any(card in hand for hand in held)]
    position = sw.Position(3, tuple(tuple(hand) for hand in held + [rest]), Card.parse(turn_up))
    for seat, call in ((0, "pass"), (1, "solo"), (2, "pass"), (3, "pass")):
        position, _ = sw.apply(position, sw.Bid(seat, call))
    return position


def swapped(hands: list[int], swaps: list[tuple[int, str, int, str]]) -> list[int]:
    """``hands`` with each (seat, card, other seat, other card) exchanged between the two seats."""
    moved = list(hands)
    for seat, code, other, other_code in swaps:
        card, other_card = 1 << index_of(Card.parse(code)), 1 << index_of(Card.parse(other_code))
        moved[seat] ^= card | other_card
        moved[other] ^= card | other_card
    return moved


def test_the_auction_is_read_call_by_call_as_the_rules_of_thumb_bid():
    """The sampled deals fit the auction read call by call: eldest hand's pass, before anyone bid, says
    their hand was worth no proposal (four sure and likely tricks), and the solo bid says the bidder's
    was worth a solo; but a pass after the solo says nothing of a solo, which that player could not bid.
    So the true deal fits, the dealer holding a solo's worth; one that gives eldest hand a proposal's
    worth contradicts that one call."""
    position = after_a_solo(["5S 6S 7S 8S 5D 6D 7D 8D 4C 5C 6C 7C 9C",
                             "AH KH QH JH 10H AS KS 3S 4S 2D 3D 4D 8C",
                             "2S 9S 10S JS 9D 10D JD QD 2C AC KC QC 9H"], "2H")
    seen = view(position, 2)
    contradicted = auction_fits(seen, Knowledge.of(seen))
    true = [double_dummy.mask_of(hand) for hand in position.hands]
    assert contradicted is not None and contradicted(true) == 0
    assert heuristics.trick_count(position.hands[3], "H") >= heuristics.THRESHOLDS["solo"]
    proposal = swapped(true, [(0, "5S", 3, "AD"), (0, "6S", 3, "KD"), (0, "7S", 1, "AS"), (0, "8S", 1, "KS")])
    eldest = tuple(card_of(index) for index in cards_in(proposal[0]))
    assert heuristics.THRESHOLDS["proposal"] <= heuristics.trick_count(eldest, "H") < heuristics.THRESHOLDS["solo"]
    assert contradicted(proposal) == 1


def test_sampled_deals_give_each_unseen_card_to_each_seat_in_proportion_to_its_room():
    """Before a card is played a seat knows only its hand and the turned-up card: every other card is
    as likely in any hand with room for it (the dealer's has one place fewer, the turn-up's)."""
    position = sw.new_game(33, dealer=3)
    knowledge = Knowledge.of(view(position, 0))
    room = [13 - (seat == 3) for seat in range(4)]
    counts = {index: [0] * 4 for index in cards_in(knowledge.unseen)}
    rng = random.Random(5)
    draws = 3000
    for _ in range(draws):
        for seat, hand in enumerate(deal(knowledge, rng)):
            for index in cards_in(hand & knowledge.unseen):
                counts[index][seat] += 1
    assert len(counts) == 38
    for index, by_seat in counts.items():
        assert by_seat[0] == 0
        for seat in (1, 2, 3):
            assert abs(by_seat[seat] / draws - room[seat] / 38) < 0.04, (card_of(index), by_seat)

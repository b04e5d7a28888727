"""The analysis board: each legal card's tricks for the declaring side in the whole deal and whether the
contract is then made, checked against the pure-Python reference search on positions reached by play;
and the set-up form a reader fills in to put any deal or ending on the board."""

from __future__ import annotations

import random

import pytest

from naipes.engine.cards import DECK
from naipes.engine.errors import InvalidPosition
from naipes.games.solo_whist import rules
from naipes.games.solo_whist.players import heuristics
from naipes.games.solo_whist.analysis import SETUP_FIELDS, analyse, dealt, set_up, setup_fields
from naipes.games.solo_whist.rules import Bid, NameTrump, Play
from naipes.games.solo_whist.double_dummy import index_of, mask_of, trump_index
from naipes.games.solo_whist.double_dummy.reference import Goal, Solver, trick_winner


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


def test_the_set_up_form_reads_back_the_position_it_was_filled_in_from():
    """An ending gets an earlier play of its own (the cards in the tricks are not the form's), with the
    same tricks taken by each side and the same player to lead, so every card is worth the same."""
    rng = random.Random(5)
    read = set()
    for seed, bid in enumerate(["solo", "proposal", "misere", "abundance", "open_misere", "declared_abundance"] * 4):
        position = played_down_to(auctioned(700 + seed, bid), rng.randrange(1, 14), rng)
        if position is None or position.trick is not None:
            continue
        read.add(bid)
        fields = setup_fields(position)
        again = set_up(fields)
        assert [set(hand) for hand in again.hands] == [set(hand) for hand in position.hands]
        assert again.contract == position.contract and again.to_move == position.to_move
        assert len(again.tricks) == len(position.tricks) and setup_fields(again) == fields
        assert analyse(again) == analyse(position)
    assert len(read) >= 4, read


THREE_EACH = {card.code: "" for card in DECK if card.rank not in ("A", "K", "Q")}
"""An ending of three cards each (the aces, kings and queens), ten tricks played."""


@pytest.mark.parametrize("won", range(8))
def test_an_ending_gets_an_earlier_play_the_rules_allow_with_the_tricks_the_form_says(won):
    """A solo of player 3, player 2 to lead: the earlier play is one the engine accepts, the bidder
    having taken the tricks the form says and player 2 the last one."""
    position = set_up(_fields(**THREE_EACH, bid="solo", bidder="2", won=str(won)))
    assert len(position.tricks) == 10 and position.to_move == 1
    assert position.tricks_won()[2] == won and position.tricks[-1].winner == 1
    assert rules.Position.from_json(position.to_json()) == position


def test_a_card_on_the_table_goes_back_to_its_player_in_the_form():
    position = auctioned(40, "solo")
    leader = position.to_move
    position, _ = rules.apply(position, rules.legal_moves(position)[0])
    fields = setup_fields(position)
    assert fields["leader"] == str(leader)
    assert sorted(code for code, seat in fields.items() if seat == str(leader) and code not in SETUP_FIELDS) == \
        sorted(card.code for card in auctioned(40, "solo").hands[leader])


def _fields(**changes: str) -> dict[str, str]:
    """A solo of player 1 in spades, player 2 to lead, with every card dealt round the table."""
    fields = {"bid": "solo", "bidder": "0", "partner": "", "trump": "S", "leader": "1", "won": "0"}
    fields.update((card.code, str(index % 4)) for index, card in enumerate(DECK))
    fields.update(changes)
    return fields


def test_a_whole_deal_set_up_is_in_play_at_the_first_lead_of_the_chosen_player():
    position = set_up(_fields())
    assert position.phase == rules.PLAY and position.to_move == 1
    assert [len(hand) for hand in position.hands] == [13] * 4
    assert position.agreed == rules.Contract("solo", 0, None, "S")


def test_an_ending_left_uncounted_is_judged_on_its_own_tricks_as_the_worked_examples_are():
    position = set_up(_fields(**THREE_EACH, won=""))
    assert [len(hand) for hand in position.hands] == [3] * 4 and not position.tricks
    assert len(analyse(position)) == len(rules.legal_moves(position))
    assert setup_fields(position)["won"] == ""


@pytest.mark.parametrize("changes, says", [
    ({"bid": "pass"}, "Choose one of the contracts."),
    ({"bidder": "4"}, "Choose players from 1 to %(seats)s."),
    ({"trump": "X"}, "Choose a trump suit, or none."),
    ({"bid": "proposal"}, "A proposal is played with a partner: choose a player other than the bidder."),
    ({"bid": "proposal", "partner": "0"}, "A proposal is played with a partner: choose a player other than the bidder."),
    ({"partner": "2"}, "Only a proposal is played with a partner: choose no partner."),
    ({"bid": "misere"}, "A misère, an open misère and a declared abundance are played without trumps."),
    ({"trump": ""}, "A solo, a proposal and an abundance are played with trumps: choose the suit."),
    ({"bid": "declared_abundance", "trump": ""}, "In a declared abundance the bidder leads every trick: he leads"
                                                 " the first and wins each one, or the hand is over."),
    ({"won": "1"}, "Tricks played so far: %(played)s, as each player holds %(held)s of their %(hand)s cards;"
                   " the declaring side took from 0 to %(played)s of them."),
    ({"won": "²"}, "Tricks played so far: %(played)s, as each player holds %(held)s of their %(hand)s cards;"
                   " the declaring side took from 0 to %(played)s of them."),
    ({"AS": "1"}, "Every player must hold as many cards as the others, at least one: now they hold %(sizes)s."),
    ({card.code: "" for card in DECK}, "Every player must hold as many cards as the others, at least one: now they"
                                       " hold %(sizes)s."),
    (THREE_EACH | {"bidder": "2", "won": "10"}, "Whoever leads won the last trick: with %(player)s to lead, the"
                                                " declaring side did not take every trick played."),
    (THREE_EACH | {"bidder": "1", "won": "0"}, "Whoever leads won the last trick: with %(player)s to lead, the"
                                               " declaring side has taken at least one trick."),
    (THREE_EACH | {"bid": "misere", "trump": "", "won": "1"}, "In a misère the bidder has taken no trick yet: one"
                                                              " would have ended the hand."),
    (THREE_EACH | {"bid": "declared_abundance", "trump": "", "leader": "0", "won": "9"},
     "In a declared abundance the bidder has taken every trick so far: losing one would have ended the hand."),
])
def test_a_form_that_describes_no_position_says_what_to_change(changes, says):
    with pytest.raises(InvalidPosition) as refused:
        set_up(_fields(**changes))
    assert refused.value.message == says


def _thirteen_each(fields: dict[str, str]) -> bool:
    return sorted(fields[card.code] for card in DECK) == sorted(str(seat) for seat in range(4) for _ in range(13))


def test_a_random_deal_keeps_the_contract_and_deals_thirteen_cards_each():
    fields = dealt(_fields(bid="misere", trump="", bidder="2", won="3"), random.Random(3))
    assert {name: fields[name] for name in SETUP_FIELDS} == {"bid": "misere", "bidder": "2", "partner": "",
                                                             "trump": "", "leader": "1", "won": ""}
    assert _thirteen_each(fields)
    assert fields != dealt(_fields(bid="misere", trump="", bidder="2", won="3"), random.Random(4))
    assert set_up(fields).agreed.bid == "misere"


def _hand(fields: dict[str, str], seat: int) -> tuple:
    return tuple(card for card in DECK if fields[card.code] == str(seat))


@pytest.mark.parametrize("changes", [
    {"bid": "solo", "bidder": "3"},
    {"bid": "misere", "trump": "", "bidder": "1", "leader": "0"},
    {"bid": "proposal", "bidder": "0", "partner": "2", "trump": "H"},
    {"bid": "abundance", "bidder": "2", "trump": "D"},
])
def test_a_random_deal_gives_the_bidder_a_hand_the_rules_page_would_bid_the_contract_on(changes):
    for seed in range(5):
        fields = dealt(_fields(**changes), random.Random(seed))
        contract = set_up(fields).agreed
        assert heuristics.worth(_hand(fields, contract.bidder), contract)
        if contract.partner is not None:
            assert heuristics.worth(_hand(fields, contract.partner), contract, accepted=True)


def test_a_random_deal_for_a_contract_no_hand_turns_up_for_is_still_a_whole_deal():
    fields = dealt(_fields(bid="declared_abundance", trump="", bidder="1", leader="1"), random.Random(1))
    assert _thirteen_each(fields)
    assert set_up(fields).agreed.bid == "declared_abundance"

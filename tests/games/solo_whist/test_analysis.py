"""The analysis board: each legal card's tricks for the declaring side in the whole deal and whether the
contract is then made, checked against the pure-Python reference search on positions reached by play;
and the set-up form a reader fills in to put any deal or ending on the board."""

from __future__ import annotations

import random

import pytest

from naipes.engine.cards import DECK
from naipes.engine.errors import InvalidPosition
from naipes.games.solo_whist import rules
from naipes.games.solo_whist.analysis import SETUP_FIELDS, analyse, dealt, set_up, setup_fields
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


def test_the_set_up_form_reads_back_the_position_it_was_filled_in_from():
    rng = random.Random(5)
    read = set()
    for seed, bid in enumerate(["solo", "proposal", "misere", "abundance", "open_misere", "declared_abundance"] * 3):
        position = played_down_to(auctioned(700 + seed, bid), rng.randrange(1, 14), rng)
        if position is None or position.trick is not None:
            continue
        read.add(bid)
        fields = setup_fields(position)
        again = set_up(fields)
        assert [set(hand) for hand in again.hands] == [set(hand) for hand in position.hands]
        assert again.contract == position.contract
        assert again.to_move == position.to_move and not again.tricks
        assert analyse(again) and len(analyse(again)) == len(analyse(position))
    assert len(read) >= 4, read


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
    fields = {"bid": "solo", "bidder": "0", "partner": "", "trump": "S", "leader": "1"}
    fields.update((card.code, str(index % 4)) for index, card in enumerate(DECK))
    fields.update(changes)
    return fields


def test_a_whole_deal_set_up_is_in_play_at_the_first_lead_of_the_chosen_player():
    position = set_up(_fields())
    assert position.phase == rules.PLAY and position.to_move == 1
    assert [len(hand) for hand in position.hands] == [13] * 4
    assert position.agreed == rules.Contract("solo", 0, None, "S")


def test_an_ending_set_up_leaves_out_the_cards_already_played():
    out = {card.code: "" for card in DECK if card.rank not in ("A", "K", "Q")}
    position = set_up(_fields(**out))
    assert [len(hand) for hand in position.hands] == [3] * 4
    assert len(analyse(position)) == len(rules.legal_moves(position))


@pytest.mark.parametrize("changes, says", [
    ({"bid": "pass"}, "Choose one of the contracts."),
    ({"bidder": "4"}, "Choose players from 1 to %(seats)s."),
    ({"trump": "X"}, "Choose a trump suit, or none."),
    ({"bid": "proposal"}, "A proposal is played with a partner: choose a player other than the bidder."),
    ({"bid": "proposal", "partner": "0"}, "A proposal is played with a partner: choose a player other than the bidder."),
    ({"partner": "2"}, "Only a proposal is played with a partner: choose no partner."),
    ({"bid": "misere"}, "A misère, an open misère and a declared abundance are played without trumps."),
    ({"trump": ""}, "A solo, a proposal and an abundance are played with trumps: choose the suit."),
    ({"bid": "declared_abundance", "trump": ""}, "In a declared abundance the bidder leads the first trick."),
    ({"AS": "1"}, "Every player must hold as many cards as the others, at least one: now they hold %(sizes)s."),
    ({card.code: "" for card in DECK}, "Every player must hold as many cards as the others, at least one: now they"
                                       " hold %(sizes)s."),
])
def test_a_form_that_describes_no_position_says_what_to_change(changes, says):
    with pytest.raises(InvalidPosition) as refused:
        set_up(_fields(**changes))
    assert refused.value.message == says


def test_a_random_deal_keeps_the_contract_and_deals_thirteen_cards_each():
    fields = dealt(_fields(bid="misere", trump="", bidder="2"), random.Random(3))
    assert {name: fields[name] for name in SETUP_FIELDS} == {"bid": "misere", "bidder": "2", "partner": "",
                                                             "trump": "", "leader": "1"}
    assert sorted(fields[card.code] for card in DECK) == sorted(str(seat) for seat in range(4) for _ in range(13))
    assert fields != dealt(_fields(bid="misere", trump="", bidder="2"), random.Random(4))
    assert set_up(fields).agreed.bid == "misere"

"""The Double Solitaire race: every rule of the seed, the exact block search, the JSON
contract, random races between two random players, and the worked examples."""

from __future__ import annotations

import copy
import json
import random
import time

import pytest

from naipes.games.double_solitaire import block_search
from naipes.games.double_solitaire import rules as ds
from naipes.engine.cards import DECK, RANKS, Card
from naipes.games.double_solitaire.rules import (
    Column,
    Draw,
    Layout,
    Position,
    Recycle,
    Transfer,
    apply,
    is_blocked,
    legal_moves,
    move_from_json,
    new_game,
)
from naipes.engine.errors import IllegalMove, InvalidMove, InvalidOptions, InvalidPosition
from tests.engine.examples_runner import assert_captioned_in_every_language, run_example
from tests.sampling import seconds, sweep

EXAMPLE_IDS = (
    "double-solitaire-seven-onto-eight",
    "double-solitaire-layout",
    "double-solitaire-draw-three",
    "double-solitaire-two-copies",
    "double-solitaire-block",
)


# --- writing positions as the tests' prose does ---------------------------------


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def column(up: str = "", down: str = "") -> Column:
    """A column: its face-down cards from the deepest, then its face-up ones."""
    return Column(cards(down), cards(up))


def layout(*columns: Column, stock: str = "", waste: str = "") -> Layout:
    """A player's cards: the first columns as given, the others empty."""
    tableau = columns + (ds.EMPTY_COLUMN,) * (ds.COLUMN_COUNT - len(columns))
    return Layout(tableau, cards(stock), cards(waste))


def unchecked(first: Layout = ds.EMPTY_LAYOUT, second: Layout = ds.EMPTY_LAYOUT, **piles: str) -> Position:
    """Both players' cards and the foundations, written ``f0="AH/0 2H/1"`` (card/owner)."""
    foundations = [()] * ds.FOUNDATION_COUNT
    for name, text in piles.items():
        foundations[int(name[1:])] = tuple(
            ds.FoundationCard(Card.parse(code), int(owner))
            for code, owner in (item.split("/") for item in text.split())
        )
    return Position.of((first, second), tuple(foundations))


def position(first: Layout = ds.EMPTY_LAYOUT, second: Layout = ds.EMPTY_LAYOUT, **piles: str) -> Position:
    """The same, validated exactly as the API validates a position sent in."""
    return Position.from_json(unchecked(first, second, **piles).to_json())


def move(player: int, source: str, target: str, count: int = 1) -> Transfer:
    return Transfer(player, source, target, count)


def refusal(before: Position, illegal) -> IllegalMove:
    """The refusal of ``illegal``, checking that its message can be shown to a reader."""
    with pytest.raises(IllegalMove) as caught:
        apply(before, illegal)
    error = caught.value
    assert all(isinstance(value, (Card, int)) and not isinstance(value, bool) for value in error.params.values())
    # Filled in as the web layer fills it: cards as symbols, numbers as numbers.
    shown = {name: value.symbol if isinstance(value, Card) else value for name, value in error.params.items()}
    assert "%(" not in error.message % shown
    return error


def event_types(events) -> list[str]:
    return [event.type for event in events]


# A second player who is never blocked, so that hand-built positions stay in play:
# their ace can always go up.
BUSY = layout(column("AD", down="9C"))


# --- the deal ----------------------------------------------------------------------


def test_deal_lays_seven_columns_of_one_to_seven_cards_with_only_the_end_card_face_up():
    for player in new_game(1).players:
        assert [len(col) for col in player.tableau] == [1, 2, 3, 4, 5, 6, 7]
        assert all(len(col.face_up) == 1 for col in player.tableau)


def test_deal_leaves_twenty_four_cards_in_the_stock_and_none_in_the_waste():
    for player in new_game(2).players:
        assert len(player.stock) == 24
        assert player.waste == ()


def test_each_player_deals_a_whole_deck_of_their_own():
    for player in new_game(3).players:
        assert sorted(player.cards(), key=DECK.index) == list(DECK)


def test_the_race_starts_with_eight_empty_shared_foundations():
    game = new_game(4)
    assert game.foundations == ((),) * 8
    assert game.status == ds.PLAYING and game.winner is None and game.contributed == (0, 0)


def test_same_seed_same_deal_and_each_deck_is_shuffled_on_its_own():
    assert new_game(5) == new_game(5)
    assert new_game(5) != new_game(6)
    game = new_game(5)
    assert game.players[0] != game.players[1]


def test_new_game_takes_no_options_and_only_a_whole_number_seed():
    assert ds.NEW_GAME_OPTIONS == frozenset()
    with pytest.raises(InvalidOptions):
        new_game(1, players=2)
    with pytest.raises(InvalidOptions):
        new_game(1, dealer=0)
    for seed in (True, "7", 1.5, None):
        with pytest.raises(InvalidOptions):
            new_game(seed)
    assert new_game(-(10**40)).status == ds.PLAYING


def test_module_contract():
    assert ds.ID == "double-solitaire"
    assert ds.PLAYERS == (2, 2)


# --- building in the tableau ----------------------------------------------------------


def test_a_card_goes_on_the_next_higher_rank_of_the_other_colour():
    before = position(layout(column("7H"), column("8S")), BUSY)
    after, events = apply(before, move(0, "c0", "c1"))
    assert after.players[0].tableau[1] == column("8S 7H")
    assert after.players[0].tableau[0] == ds.EMPTY_COLUMN
    assert events[0].to_json() == {"type": "moved", "player": 0, "from": "c0", "to": "c1", "cards": ["7H"]}


def test_a_red_queen_goes_on_a_black_king():
    before = position(layout(column("QD"), column("KC", down="2S")), BUSY)
    after, _ = apply(before, move(0, "c0", "c1"))
    assert after.players[0].tableau[1].face_up == cards("KC QD")


def test_same_colour_is_refused():
    before = position(layout(column("7H"), column("8D")), BUSY)
    error = refusal(before, move(0, "c0", "c1"))
    assert error.code == "wrong_colour"
    assert error.params == {"card": Card.parse("7H"), "target": Card.parse("8D")}


def test_a_rank_that_is_not_one_lower_is_refused():
    before = position(layout(column("6H"), column("8S")), BUSY)
    assert refusal(before, move(0, "c0", "c1")).code == "wrong_rank"


def test_the_ace_is_below_the_two_and_nothing_wraps_from_king_to_ace():
    before = position(layout(column("AH"), column("2S", down="5C"), column("KS"), column("AC", down="4C")), BUSY)
    after, _ = apply(before, move(0, "c0", "c1"))
    assert after.players[0].tableau[1].face_up == cards("2S AH")
    assert refusal(before, move(0, "c2", "c3")).code == "wrong_rank"
    assert refusal(before, move(0, "c3", "c2")).code == "wrong_rank"


def test_a_whole_face_up_run_moves():
    before = position(layout(column("9C 8H 7S", down="2D"), column("10D", down="3D")), BUSY)
    after, events = apply(before, move(0, "c0", "c1", 3))
    assert after.players[0].tableau[1].face_up == cards("10D 9C 8H 7S")
    assert events[0].to_json()["cards"] == ["9C", "8H", "7S"]


def test_the_lower_part_of_a_run_moves():
    before = position(layout(column("9C 8H 7S", down="2D"), column("9S", down="3D")), BUSY)
    after, _ = apply(before, move(0, "c0", "c1", 2))
    assert after.players[0].tableau[0] == column("9C", down="2D")
    assert after.players[0].tableau[1].face_up == cards("9S 8H 7S")


def test_the_head_of_a_moved_run_must_fit_where_it_lands():
    before = position(layout(column("9C 8H 7S", down="2D"), column("9S", down="3D")), BUSY)
    assert refusal(before, move(0, "c0", "c1", 3)).code == "wrong_rank"


def test_cards_that_are_not_a_run_cannot_move_together():
    # Only a position built in Python can show face-up cards never built on each other:
    # the API refuses one (see test_face_up_cards_that_are_not_a_run_are_not_a_position).
    before = unchecked(layout(column("9H 4S 3D", down="2D"), column("10S", down="3C")), BUSY)
    error = refusal(before, move(0, "c0", "c1", 3))
    assert error.code == "not_a_sequence"
    assert error.params == {"count": 3, "card": Card.parse("4S"), "target": Card.parse("9H")}


def test_face_down_cards_cannot_move():
    before = position(layout(column("8H 7S", down="2D"), column("9S")), BUSY)
    error = refusal(before, move(0, "c0", "c1", 3))
    assert error.code == "face_down"
    assert error.params == {"face_up": 2}


def test_a_freed_face_down_card_turns_up_at_once():
    before = position(layout(column("7H", down="3C AC"), column("8S")), BUSY)
    after, events = apply(before, move(0, "c0", "c1"))
    assert after.players[0].tableau[0] == column("AC", down="3C")
    assert [event.to_json() for event in events] == [
        {"type": "moved", "player": 0, "from": "c0", "to": "c1", "cards": ["7H"]},
        {"type": "flipped", "player": 0, "column": "c0", "card": "AC"},
    ]


def test_an_empty_column_takes_a_king():
    before = position(layout(column("KH", down="4C")), BUSY)
    after, events = apply(before, move(0, "c0", "c3"))
    assert after.players[0].tableau[3] == column("KH")
    assert event_types(events) == ["moved", "flipped"]


def test_an_empty_column_takes_a_run_headed_by_a_king():
    before = position(layout(column("KH QS JD", down="4C")), BUSY)
    after, _ = apply(before, move(0, "c0", "c2", 3))
    assert after.players[0].tableau[2] == column("KH QS JD")


def test_an_empty_column_takes_nothing_but_a_king():
    before = position(layout(column("KH QS JD", down="4C")), BUSY)
    error = refusal(before, move(0, "c0", "c2", 2))
    assert error.code == "not_a_king"
    assert error.params == {"card": Card.parse("QS")}


def test_cards_cannot_move_onto_their_own_column():
    before = position(layout(column("KH QS")), BUSY)
    assert refusal(before, move(0, "c0", "c0")).code == "same_pile"


def test_there_is_nothing_to_move_from_an_empty_column_or_waste():
    before = position(layout(column("KH")), BUSY)
    assert refusal(before, move(0, "c3", "c0")).code == "empty_pile"
    assert refusal(before, move(0, "waste", "c1")).code == "empty_pile"


def test_each_player_moves_only_in_their_own_columns():
    # Player 1's "c1" is their own column, whatever player 0 has in theirs.
    mine = layout(column("7H"), column("8S"))
    theirs = layout(column("7D", down="AS"), column("8C"))
    before = position(mine, theirs)
    after, _ = apply(before, move(1, "c0", "c1"))
    assert after.players[0] == mine
    assert after.players[1].tableau[1].face_up == cards("8C 7D")


# --- the stock and the waste --------------------------------------------------------------


def test_draw_turns_three_cards_keeping_their_order_so_the_third_is_on_top():
    before = position(layout(stock="5D KC 2H 9S 4H"), BUSY)
    after, events = apply(before, Draw(0))
    assert after.players[0].waste == cards("5D KC 2H")
    assert after.players[0].stock == cards("9S 4H")
    assert events[0].to_json() == {"type": "drew", "player": 0, "cards": ["5D", "KC", "2H"]}


def test_draw_turns_what_is_left_when_fewer_than_three_remain():
    before = position(layout(stock="9S 4H", waste="5D KC 2H"), BUSY)
    after, events = apply(before, Draw(0))
    assert after.players[0].waste == cards("5D KC 2H 9S 4H")
    assert after.players[0].stock == ()
    assert events[0].data["cards"] == cards("9S 4H")


def test_only_the_top_card_of_the_waste_is_in_play():
    before = position(layout(column("3S"), waste="2H 9C"), BUSY)
    assert refusal(before, move(0, "waste", "c0")).code == "wrong_rank"
    assert refusal(before, move(0, "waste", "c0", 2)).code == "waste_top_only"
    after, _ = apply(position(layout(column("10H"), waste="2H 9C"), BUSY), move(0, "waste", "c0"))
    assert after.players[0].waste == cards("2H")
    assert after.players[0].tableau[0].face_up == cards("10H 9C")


def test_drawing_from_an_empty_stock_is_refused():
    assert refusal(position(layout(waste="2H"), BUSY), Draw(0)).code == "stock_empty"
    assert refusal(position(layout(column("KS")), BUSY), Draw(0)).code == "stock_empty"


def test_the_waste_is_turned_over_as_the_new_stock_without_reordering():
    before = position(layout(waste="5D KC 2H 9S 4H"), BUSY)
    after, events = apply(before, Recycle(0))
    assert after.players[0].stock == cards("5D KC 2H 9S 4H")
    assert after.players[0].waste == ()
    assert [event.to_json() for event in events] == [{"type": "recycled", "player": 0}]


def test_every_pass_shows_the_same_cards_on_top_while_none_is_taken():
    game = position(layout(stock="4H 9C 8D AS JH 6C QD"), BUSY)
    passes = []
    for _ in range(3):
        tops = []
        while game.players[0].stock:
            game, _ = apply(game, Draw(0))
            tops.append(game.players[0].waste[-1])
        passes.append(tops)
        game, _ = apply(game, Recycle(0))
    assert passes[0] == passes[1] == passes[2] == list(cards("8D 6C QD"))


def test_turning_the_waste_over_needs_an_empty_stock():
    before = position(layout(stock="9S", waste="2H"), BUSY)
    assert refusal(before, Recycle(0)).code == "stock_not_empty"


def test_there_is_nothing_to_turn_over_without_a_waste():
    assert refusal(position(layout(column("KS")), BUSY), Recycle(0)).code == "empty_pile"


def test_passes_are_unlimited():
    game = position(layout(column("KS", down="QS"), stock="2D 3D"), BUSY)
    for _ in range(50):
        game, _ = apply(game, Draw(0))
        game, _ = apply(game, Recycle(0))
    assert game.players[0].stock == cards("2D 3D")


# --- the shared foundations ---------------------------------------------------------------


def test_any_empty_foundation_takes_any_ace():
    before = position(layout(column("AS", down="2C")), BUSY)
    for name in ds.FOUNDATIONS:
        after, _ = apply(before, move(0, "c0", name))
        assert after.foundations[ds.FOUNDATIONS.index(name)] == (ds.FoundationCard(Card.parse("AS"), 0),)


def test_an_empty_foundation_takes_only_an_ace():
    before = position(layout(column("2S", down="AS")), BUSY)
    error = refusal(before, move(0, "c0", "f3"))
    assert error.code == "foundation_mismatch"
    assert error.params == {"card": Card.parse("2S")}


def test_a_foundation_goes_up_in_suit_one_rank_at_a_time():
    before = position(layout(column("2H"), column("2S"), column("3H")), BUSY, f0="AH/1")
    after, _ = apply(before, move(0, "c0", "f0"))
    assert [placed.card for placed in after.foundations[0]] == list(cards("AH 2H"))
    assert refusal(before, move(0, "c1", "f0")).code == "foundation_mismatch"
    assert refusal(before, move(0, "c2", "f0")).code == "foundation_mismatch"


def test_any_owners_card_goes_on_any_pile_and_keeps_its_owner():
    before = position(BUSY, layout(column("2H", down="KD")), f4="AH/0")
    after, _ = apply(before, move(1, "c0", "f4"))
    assert after.foundations[4] == (ds.FoundationCard(Card.parse("AH"), 0), ds.FoundationCard(Card.parse("2H"), 1))
    assert after.contributed == (1, 1)


def test_the_second_copy_of_a_card_needs_the_other_pile_of_its_suit():
    before = position(layout(column("AH", down="9C")), BUSY, f0="AH/1")
    error = refusal(before, move(0, "c0", "f0"))
    assert error.code == "place_taken"
    assert error.params == {"card": Card.parse("AH")}
    after, _ = apply(before, move(0, "c0", "f1"))
    assert after.foundations[0][0].owner == 1 and after.foundations[1][0].owner == 0


def test_the_first_legal_placement_takes_the_place_and_the_later_move_changes_nothing():
    both = layout(column("5H", down="9C"))
    before = position(both, both, f2="AH/0 2H/1 3H/0 4H/1", f3="AH/1 2H/0 3H/1 4H/0")
    first, _ = apply(before, move(1, "c0", "f2"))
    assert first.foundations[2][-1] == ds.FoundationCard(Card.parse("5H"), 1)
    snapshot = json.dumps(first.to_json())
    assert refusal(first, move(0, "c0", "f2")).code == "place_taken"
    assert json.dumps(first.to_json()) == snapshot
    after, _ = apply(first, move(0, "c0", "f3"))
    assert after.foundations[3][-1] == ds.FoundationCard(Card.parse("5H"), 0)


def test_cards_go_to_a_foundation_one_at_a_time():
    before = position(layout(column("3H 2S", down="9C")), BUSY, f0="AS/0")
    assert refusal(before, move(0, "c0", "f0", 2)).code == "one_card_to_foundation"


def test_the_waste_top_goes_to_a_foundation():
    before = position(layout(waste="9C AD"), BUSY)
    after, events = apply(before, move(0, "waste", "f7"))
    assert after.players[0].waste == cards("9C")
    assert events[0].to_json() == {"type": "moved", "player": 0, "from": "waste", "to": "f7", "cards": ["AD"]}


def test_cards_never_come_back_from_the_foundations():
    game = position(layout(column("3S")), BUSY, f0="AH/0 2H/0")
    assert all(not m.source.startswith("f") for m in legal_moves(game) if isinstance(m, Transfer))
    with pytest.raises(InvalidMove):
        move_from_json({"type": "move", "player": 0, "from": "f0", "to": "c0"})


# --- the end of the race ---------------------------------------------------------------------


def test_a_player_who_has_moved_all_their_cards_wins():
    before = position(layout(column("KH")), BUSY, f0="AH/1 2H/1 3H/1 4H/1 5H/1 6H/1 7H/0 8H/0 9H/0 10H/0 JH/0 QH/0")
    after, events = apply(before, move(0, "c0", "f0"))
    assert (after.status, after.winner) == (ds.WON, 0)
    assert events[-1].to_json() == {"type": "won", "winner": 0}
    assert legal_moves(after) == []
    assert refusal(after, Draw(1)).code == "game_over"


def test_empty_columns_do_not_win_while_cards_remain_in_the_stock_or_waste():
    before = position(layout(column("AH"), stock="5S"), BUSY)
    after, events = apply(before, move(0, "c0", "f0"))
    assert after.status == ds.PLAYING
    assert event_types(events) == ["moved"]
    before = position(layout(column("AH"), waste="5S"), BUSY)
    assert apply(before, move(0, "c0", "f0"))[0].status == ds.PLAYING


# Player 0 has nothing to do; player 1 has one card left to put up.
STUCK = layout(column("QH", down="5C"))
LAST_CARD = layout(column("3S", down="QD"), column("JD", down="8C"))


def test_a_mutual_block_ends_the_race():
    before = position(STUCK, LAST_CARD, f0="AS/0 2S/1", f1="AC/0 2C/0")
    assert before.status == ds.PLAYING
    assert is_blocked(before, 0) and not is_blocked(before, 1)
    after, events = apply(before, move(1, "c0", "f0"))
    assert after.status == ds.BLOCKED
    assert event_types(events) == ["moved", "flipped", "blocked"]
    assert legal_moves(after) == []
    assert refusal(after, Draw(0)).code == "game_over"


def test_in_a_mutual_block_the_player_who_contributed_more_wins():
    before = position(STUCK, LAST_CARD, f0="AS/0 2S/1", f1="AC/0 2C/0")
    after, events = apply(before, move(1, "c0", "f0"))
    assert (after.status, after.winner, after.contributed) == (ds.BLOCKED, 0, (3, 2))
    assert events[-1].to_json() == {"type": "blocked", "winner": 0, "contributed": [3, 2]}


def test_equal_contributions_in_a_mutual_block_are_a_tie():
    before = position(STUCK, LAST_CARD, f0="AS/0 2S/1", f1="AC/0")
    after, events = apply(before, move(1, "c0", "f0"))
    assert (after.status, after.winner, after.contributed) == (ds.BLOCKED, None, (2, 2))
    assert events[-1].to_json() == {"type": "blocked", "winner": None, "contributed": [2, 2]}


def test_one_blocked_player_does_not_end_the_race():
    before = position(STUCK, BUSY)
    assert is_blocked(before, 0) and not is_blocked(before, 1)
    assert before.status == ds.PLAYING
    assert all(m.player == 1 for m in legal_moves(before))


def test_the_other_players_foundation_card_can_unblock_a_player():
    waiting = layout(column("3H", down="KC"))
    helper = layout(column("2H", down="QD"), column("AD", down="JD"))
    before = position(waiting, helper, f0="AH/0")
    assert is_blocked(before, 0)
    after, _ = apply(before, move(1, "c0", "f0"))
    assert not is_blocked(after, 0)
    assert after.status == ds.PLAYING


# --- the block search on hand-built positions -------------------------------------------------


def blocked_alone(player_layout: Layout, **piles: str) -> bool:
    return is_blocked(position(player_layout, BUSY, **piles), 0)


def test_a_player_with_a_progress_move_now_is_not_blocked():
    assert not blocked_alone(layout(column("AS", down="KD")))
    assert not blocked_alone(layout(column("8S", down="KD"), waste="7H"))
    assert not blocked_alone(layout(column("7H", down="KD"), column("8S", down="QD")))


# A column that can do nothing by itself: no card takes the 6S, and it goes on no card here.
LONE_SIX = column("6S", down="QS")


def test_a_card_buried_in_every_pass_blocks():
    # Seven cards: the tops are the 3rd, the 6th and the 7th of every pass. The ace is 1st.
    assert blocked_alone(layout(LONE_SIX, stock="AD 4C 9C 5C JD 3C 8C"))
    assert blocked_alone(layout(LONE_SIX, stock="4C 9C 5C JD AD 3C 8C"))


def test_a_card_that_reaches_the_top_in_a_later_pass_is_not_blocked():
    assert not blocked_alone(layout(LONE_SIX, stock="4C 9C AD JD 3C 5C 8C"))
    assert not blocked_alone(layout(LONE_SIX, stock="4C 9C 5C JD 3C AD 8C"))
    assert not blocked_alone(layout(LONE_SIX, stock="4C 9C 5C JD 3C 8C AD"))


def test_a_card_on_top_only_in_the_current_pass_counts():
    # One card already drawn: this pass shows the 1st, 4th and 7th; later ones the 3rd, 6th, 7th.
    assert not blocked_alone(layout(LONE_SIX, waste="4C", stock="9C 5C AD JD 3C 8C"))
    assert blocked_alone(layout(LONE_SIX, waste="4C", stock="AD 9C 5C JD 3C 8C"))


def test_a_waste_card_that_fits_a_column_later_is_not_blocked():
    assert not blocked_alone(layout(column("8S", down="KD"), stock="4C 9S 7H"))
    assert blocked_alone(layout(column("8S", down="KD"), stock="7H 4C 9S"))


def test_a_column_move_that_frees_a_foundation_card_is_not_blocked():
    # 3H covers the wanted 4S; moving it onto 4C is not progress, but it makes some.
    assert not blocked_alone(layout(column("4S 3H", down="QC"), column("4C", down="JD")), f0="AS/0 2S/0 3S/0")
    assert blocked_alone(layout(column("4S 3H", down="QC"), column("4D", down="JD")), f0="AS/0 2S/0 3S/0")


def test_moves_that_can_be_undone_for_ever_are_not_progress():
    # 7H shuttles between the two black eights; nothing else can happen.
    shuttle = layout(column("8S", down="2D"), column("8C 7H", down="3D"))
    assert blocked_alone(shuttle)


def test_a_king_moved_between_columns_without_turning_anything_up_is_not_progress():
    assert blocked_alone(layout(column("KH QC"), LONE_SIX))


def test_a_run_moved_off_a_face_down_card_is_progress():
    assert not blocked_alone(layout(column("QS", down="5D"), column("KH", down="3C")))


def test_a_king_needs_an_empty_column_to_turn_up_what_is_under_it():
    assert not blocked_alone(layout(column("KH", down="5D")))
    others = ("4C 9H", "4S 9D", "6C 10H", "6S 10D", "8C JH", "8S JD")
    full = [column("KH", down="5D")] + [column(up, down=down) for up, down in (pair.split() for pair in others)]
    assert blocked_alone(layout(*full))


def test_a_sequence_of_column_moves_can_reach_progress():
    # Two moves in a row: 7S 6H off the 8D onto the 8H, then the 8D up to its foundation.
    diamonds = " ".join(f"{rank}D/0" for rank in ("A", "2", "3", "4", "5", "6", "7"))
    before = layout(column("8D 7S 6H", down="KC"), column("8H", down="2S"))
    assert not blocked_alone(before, f0=diamonds)
    assert blocked_alone(layout(column("8D 7S 6H", down="KC"), column("8C", down="2S")), f0=diamonds)


def test_a_player_without_cards_has_no_moves_and_is_blocked_but_has_not_won():
    game = position(layout(column("AH")))
    assert is_blocked(game, 1)
    assert game.status == ds.PLAYING


# --- JSON -----------------------------------------------------------------------------------


def test_position_json_has_the_api_shape():
    # The API's own illustration. It leaves player 1 with no card to play and one on a
    # foundation: a race they have won.
    game = position(layout(column("7H", down="AC"), stock="5D KC 2H", waste="9S 4H"), f0="AC/1")
    assert game.to_json() == {
        "players": [
            {"tableau": [[{"card": "AC", "up": False}, {"card": "7H", "up": True}], [], [], [], [], [], []],
             "stock": ["5D", "KC", "2H"],
             "waste": ["9S", "4H"]},
            {"tableau": [[], [], [], [], [], [], []], "stock": [], "waste": []},
        ],
        "foundations": [[{"card": "AC", "owner": 1}], [], [], [], [], [], [], []],
        "status": "won",
        "winner": 1,
        "contributed": [0, 1],
    }


def test_from_json_round_trips_and_recomputes_the_output_fields():
    game = new_game(11)
    data = game.to_json()
    assert Position.from_json(data) == game
    data.update(status="won", winner=1, contributed=[52, 3])
    assert Position.from_json(data) == game
    del data["status"], data["winner"], data["contributed"]
    assert Position.from_json(data) == game


def test_from_json_finds_the_status_of_the_cards():
    data = position(STUCK, STUCK, f0="AS/0").to_json()
    data["status"] = "playing"
    again = Position.from_json(data)
    assert (again.status, again.winner) == (ds.BLOCKED, 0)


@pytest.mark.parametrize("change", [
    lambda d: d["players"].append(d["players"][0]),
    lambda d: d["players"][0]["tableau"].pop(),
    lambda d: d["players"][0]["tableau"][0].append({"card": "7H", "up": True}),  # 7H twice
    lambda d: d["players"][0]["tableau"][0].append({"card": "2C", "up": False}),  # down on up
    lambda d: d["players"][0]["tableau"][2].append({"card": "2C", "up": False}),  # ends face down
    lambda d: d["players"][0]["tableau"][2].append({"card": "2C", "up": 1}),
    lambda d: d["players"][0]["tableau"][2].append({"card": "2C"}),
    lambda d: d["players"][0]["tableau"][2].append({"card": "2C", "up": True, "owner": 0}),
    lambda d: d["players"][0]["stock"].append("AC"),  # AC on a foundation already
    lambda d: d["players"][0]["stock"].append("1H"),
    lambda d: d["players"][0]["stock"].append(["AC"]),
    lambda d: d["players"][0].update(waste="AS"),
    lambda d: d["players"][0].pop("waste"),
    lambda d: d["foundations"][0].append({"card": "AC", "owner": 1}),
    lambda d: d["foundations"][1].append({"card": "2C", "owner": 1}),  # not an ace first
    lambda d: d["foundations"][0].append({"card": "2D", "owner": 1}),  # out of suit
    lambda d: d["foundations"][0].append({"card": "3C", "owner": 1}),  # a rank skipped
    lambda d: d["foundations"][0][0].update(owner=True),
    lambda d: d["foundations"][0][0].update(owner=2),
    lambda d: d["foundations"][0][0].update(owner=-1),
    lambda d: d["foundations"][0][0].update(owner=10**100),
    lambda d: d["foundations"].append([]),
    lambda d: d.update(foundations={}),
    lambda d: d.update(extra=1),
    lambda d: d.pop("players"),
])
def test_from_json_rejects_positions_that_cannot_be(change):
    data = copy.deepcopy(position(layout(column("7H", down="5S"), column("KS")), BUSY, f0="AC/0").to_json())
    change(data)
    with pytest.raises(InvalidPosition):
        Position.from_json(data)


def test_the_same_card_of_both_owners_is_two_cards():
    both = layout(column("7H", down="AC"))
    assert Position.from_json(position(both, both, f0="AS/0", f1="AS/1").to_json()).contributed == (1, 1)


def test_both_players_finished_is_not_a_position():
    data = unchecked(f0="AH/0", f1="AH/1").to_json()
    with pytest.raises(InvalidPosition):
        Position.from_json(data)
    assert Position.from_json(position(f0="AH/0").to_json()).winner == 0


def test_move_json_round_trips_and_count_defaults_to_one():
    for item in (Draw(1), Recycle(0), move(0, "waste", "f3"), move(1, "c2", "c5", 3)):
        assert move_from_json(item.to_json()) == item
    assert move_from_json({"type": "move", "player": 1, "from": "c2", "to": "c5"}) == move(1, "c2", "c5", 1)
    assert move(1, "c2", "c5").to_json() == {"type": "move", "player": 1, "from": "c2", "count": 1, "to": "c5"}


@pytest.mark.parametrize("data", [
    None, [], "draw", {}, {"type": "draw"}, {"type": "draw", "player": 2}, {"type": "draw", "player": True},
    {"type": "draw", "player": 0, "extra": 1}, {"type": "shuffle", "player": 0}, {"type": ["move"], "player": 0},
    {"type": "move", "player": 0, "from": "c7", "to": "c0"}, {"type": "move", "player": 0, "from": "c0", "to": "waste"},
    {"type": "move", "player": 0, "from": "c0", "to": "c1", "count": 0},
    {"type": "move", "player": 0, "from": "c0", "to": "c1", "count": True},
    {"type": "move", "player": 0, "from": "c0", "to": "c1", "count": 2.0},
    {"type": "move", "player": 0, "from": "c0", "to": "c1", "count": 10**100},
    {"type": "move", "player": 0, "from": "c0"}, {"type": "move", "player": 0, "from": 0, "to": "c1"},
])
def test_move_from_json_rejects_anything_off_the_schema(data):
    with pytest.raises(InvalidMove):
        move_from_json(data)


def junk(rng: random.Random, depth: int = 0):
    """A random JSON-like value, sometimes near the schema, sometimes far from it."""
    pick = rng.randrange(12 if depth < 3 else 8)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False])
    if pick == 2:
        return rng.choice([0, 1, 2, -1, 7, 52, 10**30, -(10**30), 2**63])
    if pick == 3:
        return rng.choice([0.0, 1.0, 1.5, float("inf")])
    if pick in (4, 5):
        return rng.choice(["", "AC", "10H", "KS", "1H", "c0", "c9", "f7", "waste", "move", "draw", "recycle",
                           "up", "card", "owner", "playing", "x" * 300])
    if pick in (6, 7):
        return rng.choice([{"card": "AC", "up": True}, {"card": "2D", "owner": 0}, {"card": "KS", "up": False}])
    if pick in (8, 9):
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["players", "foundations", "tableau", "stock", "waste", "card", "up", "owner", "type", "player",
            "from", "to", "count", 1, None]
    return {rng.choice(keys): junk(rng, depth + 1) for _ in range(rng.randrange(4))}


def mutate(value, rng: random.Random):
    """``value`` with one random node replaced, dropped or added to."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        name = rng.choice(list(value))
        choice = rng.randrange(3)
        if choice == 0:
            del value[name]
        elif choice == 1:
            value[name] = junk(rng)
        else:
            value[name] = mutate(value[name], rng)
        return value
    if isinstance(value, list) and value and rng.random() < 0.8:
        index = rng.randrange(len(value))
        choice = rng.randrange(4)
        if choice == 0:
            del value[index]
        elif choice == 1:
            value[index] = junk(rng)
        elif choice == 2:
            value.append(copy.deepcopy(value[index]))
        else:
            value[index] = mutate(value[index], rng)
        return value
    return junk(rng)


def test_from_json_raises_only_invalid_position_whatever_it_is_given():
    rng = random.Random(7)
    seeds = [new_game(seed).to_json() for seed in range(3)]
    seeds.append(position(layout(column("7H", down="AC"), waste="2D"), BUSY, f0="AS/0 2S/1").to_json())
    accepted = 0
    for trial in range(3000):
        data = junk(rng) if trial % 5 == 0 else mutate(copy.deepcopy(rng.choice(seeds)), rng)
        try:
            game = Position.from_json(data)
        except InvalidPosition:
            continue
        accepted += 1
        assert Position.from_json(game.to_json()) == game
    assert accepted > 100


def test_move_from_json_raises_only_invalid_move_whatever_it_is_given():
    rng = random.Random(8)
    valid = [Draw(0).to_json(), Recycle(1).to_json(), move(0, "c3", "f2").to_json(), move(1, "waste", "c6").to_json()]
    for trial in range(3000):
        data = junk(rng) if trial % 3 == 0 else mutate(copy.deepcopy(rng.choice(valid)), rng)
        try:
            parsed = move_from_json(data)
        except InvalidMove:
            continue
        assert move_from_json(parsed.to_json()) == parsed


def test_apply_refuses_junk_as_a_move():
    game = new_game(1)
    for bad in (None, "draw", Draw(2), Draw(True), move(0, "c9", "c1"), move(0, "c0", "waste"), move(0, "c0", "c1", 0)):
        with pytest.raises(InvalidMove):
            apply(game, bad)


# --- random races ----------------------------------------------------------------------------


def random_move(game: Position, rng: random.Random, moves) -> Transfer | Draw | Recycle:
    """A random player's choice: one of the two players at random, then one of their moves,
    a progress move nine times in ten when there is one (so that races end in good time)."""
    player = rng.choice(sorted({m.player for m in moves}))
    mine = [m for m in moves if m.player == player]
    progress = [m for m in mine if ds.is_progress(game, m)]
    return rng.choice(progress if progress and rng.random() < 0.9 else mine)


def assert_all_cards_there(game: Position) -> None:
    for owner, player in enumerate(game.players):
        mine = list(player.cards())
        mine += [placed.card for pile in game.foundations for placed in pile if placed.owner == owner]
        assert len(mine) == 52 and set(mine) == set(DECK)


def assert_foundations_run_in_suit_from_the_ace(game: Position) -> None:
    for pile in game.foundations:
        assert [placed.card.rank for placed in pile] == list(RANKS[: len(pile)])
        assert len({placed.card.suit for placed in pile}) <= 1


def test_random_races_keep_every_card_and_always_end():
    rng = random.Random(2024)
    deadline = time.perf_counter() + seconds(8)
    races = 0
    endings = set()
    while time.perf_counter() < deadline or races < 20:
        game = new_game(races)
        steps = 0
        while game.status == ds.PLAYING:
            moves = legal_moves(game)
            assert moves, "a race in play always has a move: someone is not blocked"
            chosen = random_move(game, rng, moves)
            game, events = apply(game, chosen)
            steps += 1
            assert steps < 20_000
            if steps % 16 == 0 or game.status != ds.PLAYING:
                assert_all_cards_there(game)
                assert_foundations_run_in_suit_from_the_ace(game)
        assert_all_cards_there(game)
        assert_foundations_run_in_suit_from_the_ace(game)
        assert Position.from_json(game.to_json()) == game
        if game.status == ds.BLOCKED:
            assert is_blocked(game, 0) and is_blocked(game, 1)
            first, second = game.contributed
            assert game.winner == (None if first == second else 0 if first > second else 1)
            assert events[-1].to_json() == {"type": "blocked", "winner": game.winner, "contributed": [first, second]}
        else:
            assert game.players[game.winner].is_empty and game.contributed[game.winner] == 52
            assert events[-1].to_json() == {"type": "won", "winner": game.winner}
        endings.add(game.status)
        races += 1
    assert ds.BLOCKED in endings


def every_move_of(game: Position) -> list:
    """Every move of the schema that could make sense here, legal or not."""
    candidates = []
    for player in range(2):
        candidates += [Draw(player), Recycle(player)]
        for source in ("waste",) + ds.COLUMNS:
            for target in ds.COLUMNS + ds.FOUNDATIONS:
                for count in range(1, 14):
                    candidates.append(move(player, source, target, count))
    return candidates


def test_legal_moves_are_exactly_the_moves_apply_accepts():
    rng = random.Random(5)
    checked = 0
    races = sweep(6, least=2)
    for seed in range(races):
        game = new_game(seed)
        steps = 0
        while game.status == ds.PLAYING and steps < 400:
            if steps % 40 == 0:
                legal = legal_moves(game)
                assert len(set(legal)) == len(legal)
                accepted = []
                for candidate in every_move_of(game):
                    try:
                        apply(game, candidate)
                    except IllegalMove:
                        continue
                    accepted.append(candidate)
                assert set(accepted) == set(legal)
                checked += 1
            game, _ = apply(game, random_move(game, rng, legal_moves(game)))
            steps += 1
    assert checked >= 5 * races


def brute_force_blocked(game: Position, player: int) -> bool:
    """The block rule read literally: explore every sequence of the player's own
    non-progress moves, through the engine's own moves, looking for a progress move."""
    other = game.players[1 - player]
    start = game.players[player]
    seen = {start}
    stack = [start]
    while stack:
        mine = stack.pop()
        here = Position((mine, other) if player == 0 else (other, mine), game.foundations)
        for candidate in legal_moves(here):
            if candidate.player != player:
                continue
            if ds.is_progress(here, candidate):
                return False
            following = apply(here, candidate)[0].players[player]
            if following not in seen:
                seen.add(following)
                stack.append(following)
    return True


@pytest.mark.slow
def test_the_block_search_agrees_with_exploring_every_sequence_of_moves():
    rng = random.Random(9)
    outcomes = []
    for seed in range(100, 112):
        game = new_game(seed)
        while game.status == ds.PLAYING:
            if rng.random() < 0.05:
                for player in range(2):
                    outcomes.append(is_blocked(game, player))
                    assert outcomes[-1] == brute_force_blocked(game, player), (seed, player, game.to_json())
            game, _ = apply(game, random_move(game, rng, legal_moves(game)))
    assert True in outcomes and False in outcomes


# --- worked examples --------------------------------------------------------------------------


def shown(example) -> list:
    """Every position a reader is shown: the start, then the one after each move."""
    return [example.position_at(step) for step in range(len(example.steps) + 1)]


@pytest.mark.parametrize("example_id", EXAMPLE_IDS)
def test_example_has_a_caption_per_step_in_both_languages(example_id):
    assert_captioned_in_every_language(run_example(example_id, ds.ID))


def test_example_seven_onto_eight():
    example = run_example("double-solitaire-seven-onto-eight", ds.ID)
    start = example.start
    (onto, first), (up, _), (king, third) = ((step.position, step.events) for step in example.steps)
    assert start.players[0].tableau[0] == column("7H", down="AC")
    assert [e.to_json() for e in first] == [
        {"type": "moved", "player": 0, "from": "c0", "to": "c1", "cards": ["7H"]},
        {"type": "flipped", "player": 0, "column": "c0", "card": "AC"},
    ]
    assert onto.players[0].tableau[1].face_up == cards("8S 7H")
    assert up.foundations[0] == (ds.FoundationCard(Card.parse("AC"), 0),)
    assert up.players[0].tableau[0] == ds.EMPTY_COLUMN
    assert refusal(up, move(0, "c1", "c0")).code == "not_a_king"
    assert king.players[0].tableau[0].face_up == cards("KS QH")
    assert event_types(third) == ["moved", "flipped"]
    assert all(game.status == ds.PLAYING for game in shown(example))
    assert example.try_player == 0


def test_example_layout():
    example = run_example("double-solitaire-layout", ds.ID)
    start = example.start
    assert example.steps == ()
    assert start.status == ds.PLAYING
    assert start.foundations == ((),) * 8
    for player in start.players:
        assert [len(col) for col in player.tableau] == [1, 2, 3, 4, 5, 6, 7]
        assert len(player.stock) == 24 and not player.waste


def test_example_draw_three():
    example = run_example("double-solitaire-draw-three", ds.ID)
    games = shown(example)
    tops = [game.players[0].waste[-1].code if game.players[0].waste else None for game in games]
    assert tops == [None, "8D", "6C", "QD", None, "8D", "9C"]
    assert [e.to_json() for e in example.steps[0].events] == [{"type": "drew", "player": 0,
                                                               "cards": ["4H", "9C", "8D"]}]
    assert example.steps[2].events[0].data["cards"] == cards("QD")
    assert games[4].players[0].stock == games[0].players[0].stock
    assert refusal(games[2], move(0, "waste", "c0")).code == "wrong_rank"
    assert games[6].players[0].tableau[0].face_up == cards("9S 8D")
    # Taking the 8D shifts the packets: the AS, never on top so far, comes up next pass.
    assert "AS" not in tops and not is_blocked(games[6], 0)
    assert all(game.status == ds.PLAYING for game in games)


def test_example_two_copies():
    example = run_example("double-solitaire-two-copies", ds.ID)
    games = shown(example)
    final = games[-1]
    assert [[(p.card.code, p.owner) for p in pile] for pile in final.foundations[:2]] == [
        [("AH", 0), ("2H", 1)],
        [("AH", 1), ("2H", 0)],
    ]
    assert refusal(games[1], move(1, "waste", "f0")).code == "place_taken"
    assert refusal(games[3], move(0, "c1", "f0")).code == "place_taken"
    assert all(game.status == ds.PLAYING for game in games)


def test_example_block():
    example = run_example("double-solitaire-block", ds.ID)
    start = example.start
    (last,) = example.steps
    end, events = last.position, last.events
    assert_all_cards_there(start)
    assert start.status == ds.PLAYING and start.contributed == (31, 27)
    assert is_blocked(start, 0) and not is_blocked(start, 1)
    assert (end.status, end.winner, end.contributed) == (ds.BLOCKED, 0, (31, 28))
    assert [len(list(player.cards())) for player in end.players] == [21, 24]
    assert events[-1].to_json() == {"type": "blocked", "winner": 0, "contributed": [31, 28]}
    assert legal_moves(end) == []


# --- bounded work: positions that cannot arise, and the block search's budget -------------------

# The heaviest legal layout found by a search over splits of the four alternating runs
# from the kings: exploring all its column arrangements generates 6,144 of them.
HEAVY = layout(
    column("KS QH JS 10H 9S 8H 7S 6H"), column("4H 3S 2H", down="AS"), column("KC QD JC"),
    column("10D"), column("9C"), column("8D 7C 6D 5C 4D"), column("3C"),
)


def test_face_up_cards_that_are_not_a_run_are_not_a_position():
    # The hostile client's reproducer: fourteen face-up cards in no order in one column.
    deck = [card.code for card in DECK]
    random.Random(14).shuffle(deck)
    data = unchecked().to_json()
    data["players"][0]["tableau"] = [[{"card": code, "up": True} for code in deck[:14]]] + [
        [{"card": code, "up": True}] for code in deck[14:20]
    ]
    with pytest.raises(InvalidPosition, match="run built down in alternating colours"):
        Position.from_json(data)


def test_a_face_up_run_in_alternating_colours_is_a_position():
    assert Position.from_json(unchecked(HEAVY, HEAVY).to_json()).players[0] == HEAVY


def test_the_block_search_gives_up_at_its_budget_and_the_race_goes_on(monkeypatch):
    heavy = unchecked(HEAVY, HEAVY)
    assert not ds.layout_blocked(HEAVY, heavy.foundations)
    assert Position.from_json(heavy.to_json()).status == ds.PLAYING
    monkeypatch.setattr(block_search, "SEARCH_BUDGET", 10**6)
    # Searched to the end, the layout is blocked: only the budget keeps the race going.
    assert ds.layout_blocked(HEAVY, heavy.foundations)


def _every_move_asked(position):
    """Every move of the race's shape, whatever the table: the rules' check alone keeps the legal ones."""
    for player in range(2):
        yield ds.Draw(player)
        yield ds.Recycle(player)
        for source in ("waste",) + ds.COLUMNS:
            for target in ds.FOUNDATIONS + ds.COLUMNS:
                for count in range(1, 14):
                    if source != target and (count == 1 or (source != "waste" and target in ds.COLUMNS)):
                        yield ds.Transfer(player, source, target, count)


def test_legal_moves_are_exactly_the_moves_the_rules_allow_in_the_order_they_always_had():
    for seed in range(sweep(12, least=3)):
        rng = random.Random(seed)
        position = ds.new_game(seed)
        for _ in range(150):
            listed = ds.legal_moves(position)
            allowed = [move for move in _every_move_asked(position) if ds.refusal(position, move) is None]
            assert sorted(map(repr, listed)) == sorted(map(repr, allowed))
            columns = [(move.player, move.source, move.count, move.target) for move in listed
                       if isinstance(move, ds.Transfer) and move.source != "waste" and move.target in ds.COLUMNS]
            for player, source in {(player, source) for player, source, _, _ in columns}:
                mine = [(count, ds.COLUMNS.index(target)) for p, s, count, target in columns if (p, s) == (player, source)]
                assert mine == sorted(mine), "shorter parts first, then the columns in order"
            if position.status != ds.PLAYING or not listed:
                break
            position, _ = ds.apply(position, rng.choice(listed))

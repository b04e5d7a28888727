"""The race at the table: what a seat may see, and the Klondike player that decides from it alone."""

from __future__ import annotations

import random

import pytest

from naipes.games.double_solitaire import rules as ds
from naipes.engine.cards import Card
from naipes.games.double_solitaire.rules import Column, Draw, Layout, Position, Recycle, Transfer, apply, legal_moves
from naipes.games.double_solitaire.view import event_seen_by, view
from naipes.engine.events import Event
from naipes.games.double_solitaire import player as player
from naipes.games.double_solitaire.strength_alone import clears_alone, random_choice


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def column(up: str = "", down: str = "") -> Column:
    """A column: its face-down cards from the deepest, then its face-up ones."""
    return Column(cards(down), cards(up))


def race(*columns: Column, stock: str = "", waste: str = "", **piles: str) -> Position:
    """Seat 0's cards (the first columns as given, the others empty) against an idle seat 1 holding
    one face-down card under a K♠, and the foundations written ``f0="AH/0 2H/1"`` (card/owner)."""
    tableau = columns + (ds.EMPTY_COLUMN,) * (ds.COLUMN_COUNT - len(columns))
    idle = Layout((column("KS", "2D"),) + (ds.EMPTY_COLUMN,) * (ds.COLUMN_COUNT - 1))
    foundations = [()] * ds.FOUNDATION_COUNT
    for name, text in piles.items():
        foundations[int(name[1:])] = tuple(
            ds.FoundationCard(Card.parse(code), int(owner)) for code, owner in (item.split("/") for item in text.split())
        )
    layout = Layout(tableau, cards(stock), cards(waste))
    return Position.from_json(Position.of((layout, idle), tuple(foundations)).to_json())


def seat_moves(position: Position, seat: int = 0) -> list:
    return [move for move in legal_moves(position) if move.player == seat]


def choice(position: Position, seed: int = 0, seat: int = 0):
    return player.choose(view(position, seat), seat_moves(position, seat), random.Random(seed))


def named_cards(shown: dict) -> set[str]:
    """Every card a view's JSON names, wherever it lies."""
    named = {placed["card"] for pile in shown["foundations"] for placed in pile}
    for layout in shown["players"]:
        named |= {item["card"] for pile in layout["tableau"] for item in pile}
        named |= set(layout["stock"]) | set(layout["waste"])
    return named - {None}


def visible(position: Position) -> set[str]:
    """What the site's rule shows: foundations, face-up cards, the top of each waste."""
    shown = {placed.card.code for pile in position.foundations for placed in pile}
    for layout in position.players:
        shown |= {card.code for pile in layout.tableau for card in pile.face_up}
        shown |= {card.code for card in layout.waste[-1:]}
    return shown


# What a seat sees

def test_a_fresh_deal_shows_only_the_end_card_of_each_column_and_a_stock_of_backs():
    position = ds.new_game(5)
    shown = view(position, 0).to_json()
    for seen, layout in zip(shown["players"], position.players):
        for pile, dealt in zip(seen["tableau"], layout.tableau):
            assert pile[:-1] == [{"card": None, "up": False}] * len(dealt.face_down)
            assert pile[-1] == {"card": dealt.face_up[0].code, "up": True}
        assert seen["stock"] == [None] * 24
        assert seen["waste"] == []
    assert {key: shown[key] for key in ("foundations", "status", "winner", "contributed")} == {
        key: position.to_json()[key] for key in ("foundations", "status", "winner", "contributed")}


def test_only_the_top_card_of_a_waste_is_named():
    position, _ = apply(ds.new_game(5), Draw(1))
    waste = position.players[1].waste
    for seat in (0, 1):
        assert view(position, seat).to_json()["players"][1]["waste"] == [None, None, waste[-1].code]


def test_both_seats_see_the_same_cards_and_a_seat_does_not_know_its_own_face_down_cards():
    position = ds.new_game(8)
    assert view(position, 0).to_json() == view(position, 1).to_json()
    assert view(position, 0).layout == view(position, 0).players[0]


def test_a_seat_that_is_not_in_the_race_has_no_view():
    with pytest.raises(ValueError):
        view(ds.new_game(1), 2)


def test_of_a_draw_only_the_new_top_of_the_waste_is_named():
    drew = Event("drew", {"player": 0, "cards": cards("4H 9C KD")})
    for seat in (0, 1):
        assert event_seen_by(drew, seat).to_json() == {"type": "drew", "player": 0, "cards": [None, None, "KD"]}
    last = Event("drew", {"player": 1, "cards": cards("7S")})
    assert event_seen_by(last, 0) == last


def test_moves_turned_up_cards_and_turning_the_waste_over_are_public():
    position = race(column("8S"), column("7H", "AC"))
    _, events = apply(position, Transfer(0, "c1", "c0"))
    assert [event.type for event in events] == ["moved", "flipped"]
    assert all(event_seen_by(event, 1) == event for event in events)
    assert event_seen_by(Event("recycled", {"player": 0}), 1).to_json() == {"type": "recycled", "player": 0}


def test_no_hidden_card_is_ever_named_in_random_races():
    rng = random.Random(4)
    for seed in range(6):
        position = ds.new_game(seed)
        for _ in range(300):
            moves = legal_moves(position)
            if not moves:
                break
            position, events = apply(position, rng.choice(moves))
            for seat in (0, 1):
                shown = view(position, seat).to_json()
                assert named_cards(shown) <= visible(position)
                assert [[len(pile) for pile in layout["tableau"]] + [len(layout["stock"]), len(layout["waste"])]
                        for layout in shown["players"]] == [
                    [len(pile) for pile in layout.tableau] + [len(layout.stock), len(layout.waste)]
                    for layout in position.players]
                for event in events:
                    drawn = event_seen_by(event, seat).to_json().get("cards", [])
                    if event.type == "drew":
                        assert drawn[:-1] == [None] * (len(drawn) - 1)


# The player's rules

def test_a_card_that_turns_up_a_face_down_card_goes_to_its_foundation_first():
    position = race(column("AS", "4D"), column("9H 8C"), stock="5C")
    made = choice(position)
    assert made.move == Transfer(0, "c0", "f0")
    assert made.reason.params == {"card": Card.parse("AS")}


def test_a_card_still_needed_in_a_column_waits_while_another_move_helps():
    # The 3♥ could go up, but the player's black twos are not home: one of them could still want it.
    # The opponent's 2♠ and 2♣ on the foundations change nothing: they never come to this tableau.
    position = race(column("4S 3H"), column("10S"), stock="5C", waste="9D",
                    f0="AH/0 2H/0", f1="AS/1 2S/1", f2="AC/1 2C/1")
    made = choice(position)
    assert made.move == Transfer(0, "waste", "c1")
    assert made.reason.params == {"card": Card.parse("9D"), "target": Card.parse("10S")}


def test_a_card_is_safe_to_play_up_once_both_cards_that_could_cover_it_are_home():
    position = race(column("4S 3H"), column("10S"), stock="5C", waste="9D",
                    f0="AH/0 2H/0", f1="AS/0 2S/0", f2="AC/0 2C/0")
    made = choice(position)
    assert made.move == Transfer(0, "c0", "f0")
    assert made.reason.params == {"card": Card.parse("3H"), "freed": Card.parse("4S")}


FULL = (column("KC"), column("KS"), column("KH"), column("JC"))
"""Four columns that take no part, so that no column is empty."""


def test_a_column_is_emptied_only_for_a_king_that_is_waiting():
    waiting = race(column("9H"), column("10S"), column("KD", "3C"), *FULL, stock="5C")
    made = choice(waiting)
    assert made.move == Transfer(0, "c0", "c1")
    assert made.reason.params == {"card": Card.parse("9H"), "target": Card.parse("10S"), "king": Card.parse("KD")}
    nobody_waits = race(column("9H"), column("10S"), column("KD"), *FULL, stock="5C")
    assert choice(nobody_waits).move == Draw(0)


def test_a_king_that_covers_face_down_cards_takes_the_empty_column():
    position = race(column("KD", "3C 8H"), column("9S"), column(), stock="5C")
    made = choice(position)
    assert made.move == Transfer(0, "c0", "c2")
    assert made.reason.params == {"card": Card.parse("KD")}


def test_a_king_at_the_bottom_of_its_column_stays_there():
    position = race(column("KH QS"), column(), stock="5C")
    assert choice(position).move == Draw(0)


def test_a_run_is_moved_aside_to_free_the_card_beneath_for_its_foundation():
    hearts = " ".join(f"{rank}H/1" for rank in ("A", "2", "3", "4", "5", "6", "7", "8"))
    position = race(column("9H 8C 7H", "KS"), column("9D"), column("8S"), stock="5C", f0=hearts)
    made = choice(position)
    # 7♥ alone onto 8♠ frees nothing; 8♣ 7♥ onto 9♦ frees the 9♥.
    assert made.move == Transfer(0, "c0", "c1", 2)
    assert made.reason.params == {"card": Card.parse("8C"), "target": Card.parse("9D"), "freed": Card.parse("9H")}


def test_a_card_is_moved_aside_to_free_the_card_beneath_for_its_foundation():
    # The 5♥ is wanted and would turn up the card under it, once the 4♠ goes onto the 5♦.
    position = race(column("5H 4S", "KS"), column("5D"), stock="9C", f0="AH/0 2H/0 3H/0 4H/0")
    made = choice(position)
    assert made.move == Transfer(0, "c0", "c1")
    assert made.reason.params == {"card": Card.parse("4S"), "target": Card.parse("5D"), "freed": Card.parse("5H")}


def test_the_waste_is_turned_over_when_the_stock_is_empty_and_nothing_helps():
    position = race(column("KH"), waste="5C 7D")
    made = choice(position, seed=3)
    assert made.move == Recycle(0)


# Decided from the view alone

def twin(position: Position, rng: random.Random) -> Position:
    """The same position with each player's hidden cards (face down, stock, waste under its top) dealt anew."""
    layouts = []
    for layout in position.players:
        hidden = [card for pile in layout.tableau for card in pile.face_down] + list(layout.stock) + list(layout.waste[:-1])
        rng.shuffle(hidden)
        deal = iter(hidden)
        tableau = tuple(Column(tuple(next(deal) for _ in pile.face_down), pile.face_up) for pile in layout.tableau)
        stock = tuple(next(deal) for _ in layout.stock)
        waste = tuple(next(deal) for _ in layout.waste[:-1]) + layout.waste[-1:]
        layouts.append(Layout(tableau, stock, waste))
    return Position(tuple(layouts), position.foundations, position.status, position.winner)


def solo(seed: int, moves: int, rng: random.Random):
    """The positions of seat 0 playing deal ``seed`` alone, with the player's own choices."""
    position = ds.new_game(seed)
    for _ in range(moves):
        if position.status != ds.PLAYING:
            return
        yield position
        position, _ = apply(position, choice(position, rng.randrange(1000)).move)


def test_two_positions_with_the_same_view_get_the_same_choice():
    rng = random.Random(9)
    for seed in range(4):
        for position in solo(seed, 120, rng):
            other = twin(position, rng)
            assert other != position and view(other, 0) == view(position, 0)
            for draw in range(3):
                assert choice(other, draw) == choice(position, draw)


class NeverExplores(random.Random):
    def random(self) -> float:
        return 1.0


def test_moves_between_columns_always_lead_to_progress_soon():
    for seed in range(10):
        position, shifts = ds.new_game(seed), 0
        for _ in range(400):
            layout = position.players[0]
            if position.status != ds.PLAYING or not (layout.stock or layout.waste):
                break
            move = player.choose(view(position, 0), seat_moves(position), NeverExplores()).move
            if ds.is_progress(position, move):
                shifts = 0
            elif isinstance(move, Transfer):
                shifts += 1
                assert shifts <= 1
            position, _ = apply(position, move)


def test_every_reason_fills_in_and_every_choice_is_a_legal_move():
    rng = random.Random(5)
    for seed in range(5):
        for position in solo(seed, 200, rng):
            moves = seat_moves(position)
            made = player.choose(view(position, 0), moves, rng)
            assert made.move in moves
            made.reason.message % {name: str(value) for name, value in made.reason.params.items()}


def test_races_between_two_computer_players_end():
    for seed in range(3):
        rng = random.Random(seed)
        position = ds.new_game(seed)
        for _ in range(20_000):
            if position.status != ds.PLAYING:
                break
            seat = rng.randrange(2)
            moves = seat_moves(position, seat) or seat_moves(position, 1 - seat)
            seat = moves[0].player
            position, _ = apply(position, player.choose(view(position, seat), moves, rng).move)
        assert position.status in (ds.WON, ds.BLOCKED)


def test_an_unknown_level_is_refused():
    position = race(column("KH"), stock="5C")
    with pytest.raises(ValueError):
        player.choose(view(position, 0), seat_moves(position), random.Random(1), "strong")


def test_the_player_clears_more_deals_alone_than_a_random_player():
    deals = range(100, 130)
    cleared = sum(clears_alone(seed, player.choose, random.Random(seed)) for seed in deals)
    by_chance = sum(clears_alone(seed, random_choice, random.Random(seed)) for seed in deals[:10])
    assert cleared >= 3 > by_chance

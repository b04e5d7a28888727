"""One test over every registered game (OpenSpiel's api_test is the model): whatever a game's rules,
it plays to an end, its JSON goes round, a seat's view keeps to what that seat may see, and every
event it makes is told in every language. Per-game rules are tested in tests/games/<game>/."""

from __future__ import annotations

import functools
import json
import random

import pytest

from naipes.engine.cards import Card
from naipes.games import GAMES
from naipes.tables.driver import play, settle
from naipes.web.narration import narrate
from tests.sampling import sweep

GAME_IDS = list(GAMES)
SEEDS = range(sweep(3, least=1))
_MOVES_PER_GAME = 5_000


@functools.cache
def _playout(game_id: str, seed: int):
    """A random game to its end: every position and, after each, the move and the events it made.
    Kept for the process's other tests of the same game and seed: positions and moves are values."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    position = game.new_game(seed)
    steps = [(position, None, ())]
    for _ in range(_MOVES_PER_GAME):
        moves = game.legal_moves(position)
        if position.is_over or not moves:
            break
        move = rng.choice(list(moves))
        position, events = game.apply(position, move)
        steps.append((position, move, tuple(events)))
    return tuple(steps)


def _codes(node: object) -> list[str]:
    """Every card code in a JSON value."""
    if isinstance(node, dict):
        return [code for value in node.values() for code in _codes(value)]
    if isinstance(node, list):
        return [code for item in node for code in _codes(item)]
    if isinstance(node, str):
        try:
            return [Card.parse(node).code]
        except ValueError:
            return []
    return []


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_reaches_the_end_and_every_value_goes_round_in_json(game_id, seed):
    game = GAMES[game_id]
    steps = _playout(game_id, seed)
    final = steps[-1][0]
    assert final.is_over or not game.legal_moves(final), "a game without moves must be over"
    for position, move, _ in steps:
        assert game.Position.from_json(position.to_json()).to_json() == position.to_json()
        if move is not None:
            assert game.move_from_json(move.to_json()) == move


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_seats_view_names_no_card_the_position_does_not_hold_and_hides_some_of_the_others(game_id):
    game = GAMES[game_id]
    for position, _, _ in _playout(game_id, 7)[::5]:
        held = _codes(position.to_json())
        for seat in range(game.seats(position)):
            seen = _codes(game.view(position, seat).to_json())
            assert set(seen) <= set(held)
            assert len(seen) <= len(held)
        if not position.is_over:
            assert any(len(_codes(game.view(position, seat).to_json())) < len(held)
                       for seat in range(game.seats(position))), "every game here hides cards from someone"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_a_game_makes_is_told_in_every_language(app, game_id):
    game = GAMES[game_id]
    # An event told once is told the same every time: each different one is told once.
    different = {json.dumps(event.to_json(), sort_keys=True): event
                 for seed in SEEDS for _, _, happened in _playout(game_id, seed) for event in happened}
    events = list(different.values())
    kinds = {event.to_json()["type"] for event in events}
    assert len(kinds) >= 2
    for lang in app.extensions["naipes"].languages:
        with app.test_request_context(f"/{lang}/"):
            for event in events:
                told = narrate(game_id, event.to_json())
                assert told, (lang, event.to_json())
                for seat in range(2):
                    assert narrate(game_id, game.event_seen_by(event, seat).to_json()), (lang, seat, event)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_computer_decides_for_every_seat_from_its_view_and_plays_a_legal_move(game_id):
    game = GAMES[game_id]
    rng = random.Random(3)
    for position, _, _ in _playout(game_id, 4)[::9]:
        for seat in range(game.seats(position)):
            mine = [move for move in game.legal_moves(position) if move.player == seat]
            if mine:
                choice = game.choose(position, seat, rng, game.levels[0])
                assert choice.move in mine and choice.reason.message


@pytest.mark.parametrize("game_id", [game_id for game_id in GAME_IDS if not GAMES[game_id].realtime])
def test_the_computers_of_one_answer_share_its_allowance_and_with_none_left_play_as_the_first_level(game_id,
                                                                                                    monkeypatch):
    game = GAMES[game_id]

    def whole_game(level):
        rng = random.Random(5)
        position, record = game.new_game(7), []
        while True:
            position, _ = settle(game, position, 0, level, rng, record)
            if position.is_over:
                return record
            position, _ = play(game, position, 0, game.choose(position, 0, rng, game.levels[0]).move, rng, record)

    first_level = whole_game(game.levels[0])
    monkeypatch.setattr(game, "answer_work", 0)
    assert game.allowance() is not None and game.allowance() is not game.allowance(), "one fresh for each answer"
    assert whole_game(game.levels[-1]) == first_level


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_cards_an_event_moves_travel_between_two_places_of_the_table_by_the_player_who_moved(game_id):
    game = GAMES[game_id]
    journeys = 0
    for seed in SEEDS:
        for position, _, events in _playout(game_id, seed):
            for event in events:
                told = event.to_json()
                journey = game.stage(told)
                if journey is None or "from" not in journey:
                    continue
                journeys += 1
                assert journey["from"] != journey["to"] and isinstance(journey["from"], str)
                assert journey["seat"] == told.get("player"), told
                moved = [code for code in _codes(told) if code in journey["cards"]]
                assert journey["cards"] and moved == journey["cards"][:len(moved)], (told, journey)
    assert journeys, "every game's moves are shown travelling on the table"
    assert game.stage({"type": "moved", "player": True, "from": "c0", "to": "c1", "cards": ["AS"]}) is None

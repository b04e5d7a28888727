"""``naipes.tables`` on its own, with no app: a table is dealt, played, helped, undone, reviewed and dealt
again by plain calls that return the table after and refuse with the kernel's errors."""

from __future__ import annotations

import pytest

from naipes import tables
from naipes.engine.errors import EngineError, IllegalMove
from naipes.games import GAMES
from naipes.tables.errors import GameNotOver, InvalidLevel, InvalidSeat


def _played_out(table: tables.Table) -> tables.Table:
    """The table played to its end, the reader always taking their first legal move."""
    while not table.position.is_over:
        if table.game.realtime:
            raise AssertionError("a turn-based game only")
        table, _ = tables.move(table, table.seen([])["moves"][0])
    return table


@pytest.mark.parametrize("game_id", ["old-maid", "solo-whist"])
def test_a_table_is_played_to_its_end_reviewed_and_dealt_again_without_the_web(game_id):
    game = GAMES[game_id]
    table, events = tables.deal(game, {"seat": 1})
    assert table.seat == 1 and table.session.deals == 0 and not table.practice
    assert table.seen(events)["moves"], "the computers have moved until the reader must"
    with pytest.raises(GameNotOver):
        tables.review(table)
    with pytest.raises(GameNotOver):
        tables.again(table)
    finished = _played_out(table)
    played, review = tables.review(finished)
    assert played.positions[-1].to_json() == finished.position.to_json()
    assert all(judgement.step <= len(played.moves) for judgement in review.judgements)
    again, _ = tables.again(finished)
    assert again.record.deal == table.record.deal, "the same cards"
    assert again.practice and again.session.deals == 1, "the deal repeated is counted, the practice will not be"
    assert _played_out(again).seen([])["session"]["deals"] == 1
    following, _ = tables.next_deal(finished)
    assert following.session.deals == 1 and following.record.deal != table.record.deal


def test_a_hint_and_an_undo_are_counted_on_the_table_they_return():
    game = GAMES["old-maid"]
    table, _ = tables.deal(game, {"players": 3})
    with pytest.raises(IllegalMove) as refused:
        tables.undo(table)
    assert refused.value.code == "nothing_to_undo"
    hinted, choice = tables.hint(table)
    assert hinted.help == {"hints": 1, "undos": 0} and table.help == {"hints": 0, "undos": 0}
    again, same = tables.hint(hinted)
    assert again.help == {"hints": 1, "undos": 0} and same.move == choice.move, "one decision, one hint"
    moved, _ = tables.move(hinted, choice.move.to_json())
    undone = tables.undo(moved)
    assert undone.help == {"hints": 1, "undos": 1}
    assert undone.position.to_json() == table.position.to_json()


def test_a_new_table_refuses_a_level_or_a_seat_the_game_does_not_have():
    game = GAMES["solo-whist"]
    with pytest.raises(InvalidLevel) as level:
        tables.deal(game, {"level": "grandmaster"})
    assert level.value.code == "invalid_level" and level.value.params == {"levels": ", ".join(game.levels)}
    with pytest.raises(InvalidSeat) as seat:
        tables.deal(game, {"seat": 4})
    assert seat.value.code == "invalid_seat" and seat.value.params == {"last": 3}
    with pytest.raises(EngineError) as players:
        tables.deal(GAMES["old-maid"], {"players": 9})
    assert players.value.code == "invalid_options"


def test_the_reader_moves_only_their_own_seat():
    game = GAMES["old-maid"]
    table, _ = tables.deal(game, {})
    other = {**table.seen([])["moves"][0], "player": 1}
    with pytest.raises(IllegalMove) as refused:
        tables.move(table, other)
    assert refused.value.code == "not_your_turn"

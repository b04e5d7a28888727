"""``naipes.tables`` on its own, with no app: a table is dealt, played, helped, undone, reviewed and dealt
again by plain calls that return the table after, refuse with the kernel's errors, and are kept by the
seal between requests."""

from __future__ import annotations

import random

import pytest

from naipes import tables
from naipes.engine.errors import EngineError, IllegalMove
from naipes.games import GAMES
from naipes.tables.errors import ExpiredTable, GameNotOver, InvalidLevel, InvalidSeat, InvalidTable
from naipes.tables.seal import MIN_LIFETIME, Sealed, TableSeal

SEAL = TableSeal("the package's own tests")


def _played_out(table: tables.Table, rng: random.Random) -> tables.Table:
    """The table played to its end, the reader always taking their first legal move."""
    while not table.position.is_over:
        if table.game.realtime:
            raise AssertionError("a turn-based game only")
        table, _ = tables.move(table, table.seen([])["moves"][0], rng)
    return table


@pytest.mark.parametrize("game_id", ["old-maid", "solo-whist"])
def test_a_table_is_played_to_its_end_reviewed_and_dealt_again_without_the_web(game_id):
    game, rng = GAMES[game_id], random.Random(5)
    table, events = tables.deal(game, {"seat": 1}, rng)
    assert table.seat == 1 and table.record is not None and table.session.deals == 0
    assert table.seen(events)["moves"], "the computers have moved until the reader must"
    with pytest.raises(GameNotOver):
        tables.review(table)
    finished = _played_out(table, rng)
    played, review = tables.review(finished)
    assert played.positions[-1].to_json() == finished.position.to_json()
    assert all(judgement.step <= len(played.moves) for judgement in review.judgements)
    again, _ = tables.again(finished, rng)
    assert again.record is not None and again.record.deal == table.record.deal, "the same cards"
    following, _ = tables.next_deal(finished, rng)
    assert following.session.deals == 1 and following.record is not None
    assert following.record.deal != table.record.deal


def test_a_hint_and_an_undo_are_counted_on_the_table_they_return():
    game, rng = GAMES["old-maid"], random.Random(3)
    table, _ = tables.deal(game, {"players": 3}, rng)
    with pytest.raises(IllegalMove) as refused:
        tables.undo(table)
    assert refused.value.code == "nothing_to_undo"
    hinted, choice = tables.hint(table)
    assert hinted.help == {"hints": 1, "undos": 0} and table.help == {"hints": 0, "undos": 0}
    moved, _ = tables.move(hinted, choice.move.to_json(), rng)
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
    table, _ = tables.deal(game, {}, random.Random(1))
    other = {**table.seen([])["moves"][0], "player": 1}
    with pytest.raises(IllegalMove) as refused:
        tables.move(table, other)
    assert refused.value.code == "not_your_turn"


def test_the_seal_keeps_a_table_and_opens_it_only_for_its_game_and_within_its_lifetime():
    game = GAMES["old-maid"]
    table, _ = tables.deal(game, {"seat": 2}, random.Random(8))
    token = SEAL.keep(table)
    opened = SEAL.opened(token, game)
    assert (opened.position.to_json(), opened.seat, opened.level, opened.record, opened.session) == (
        table.position.to_json(), table.seat, table.level, table.record, table.session)
    with pytest.raises(InvalidTable):
        SEAL.opened(token, GAMES["solo-whist"])
    with pytest.raises(InvalidTable):
        TableSeal("another key").opened(token, game)
    with pytest.raises(ExpiredTable) as expired:
        SEAL.opened(token, game, now=table.created + SEAL.lifetime)
    assert expired.value.params == {"days": SEAL.lifetime // (24 * 3600)}
    assert TableSeal("short", lifetime=60).lifetime == MIN_LIFETIME
    odd = SEAL.seal(Sealed("old-maid", table.position.to_json(), 9, table.level, table.created))
    with pytest.raises(InvalidTable):
        SEAL.opened(odd, game)

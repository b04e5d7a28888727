"""Sessions at a table: deal after deal with the same seats, the dealer moving on, a running score per seat.

What a reader keeping score at a real table would check: Solo Whist's chips add
up deal by deal (an annulled deal scores nothing and passes the deal), Old
Maid's losses count one per game with equal counts sharing a place, the race
counts wins and cards contributed, and no deal is counted twice.
"""

from __future__ import annotations

import pytest

from naipes.games import GAMES
from naipes.tables import Table
from naipes.tables.session import places
from naipes.web import create_app
from tests.kept import kept_table, seated


@pytest.fixture(scope="module")
def app():
    return create_app({"TESTING": True, "SECRET_KEY": "sessions at a table"})


def post(client, path, body, lang="es"):
    return client.post(f"/api/v1/{path}?lang={lang}", json=body)


def finish(client, game, table):
    """Play the reader's first listed move until the deal is over (the computers answer each)."""
    for _ in range(400):
        if table["over"]:
            return table
        response = post(client, f"{game}/tables/move", {"table": table["table"], "move": table["moves"][0]})
        assert response.status_code == 200, response.get_json()
        table = response.get_json()
    pytest.fail("the deal did not end")


def next_deal(client, game, table):
    response = post(client, f"{game}/tables/next", {"table": table["table"]})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def dealer(app, game, table):
    return kept_table(app, game, table["table"]).position.to_json()["dealer"]


def test_three_solo_whist_deals_settle_in_chips_and_the_dealer_moves_on(app, client):
    table = post(client, "solo-whist/tables", {"seat": 2}).get_json()
    assert table["session"]["deals"] == 0 and table["session"]["scores"] == [0, 0, 0, 0]
    totals, dealers = [0, 0, 0, 0], [dealer(app, "solo-whist", table)]
    for deal in range(1, 4):
        assert table["session"]["outcome"] is None
        table = finish(client, "solo-whist", table)
        view = table["view"]
        # The chips move as the settlement the reader was shown says; an annulled deal moves none.
        gains = view["result"]["settlement"] if view["phase"] == "over" else [0, 0, 0, 0]
        totals = [total + gain for total, gain in zip(totals, gains)]
        session = table["session"]
        assert session["deals"] == deal and session["scores"] == totals and sum(totals) == 0
        assert session["history"][-1] == totals and len(session["history"]) == deal
        mine = gains[2]
        expected = "annulled" if view["phase"] == "annulled" else "won" if mine > 0 else "lost"
        assert session["outcome"] == expected
        table = next_deal(client, "solo-whist", table)
        assert table["seat"] == 2 and table["over"] is False
        assert table["session"]["deals"] == deal and table["session"]["scores"] == totals, "counted once"
        dealers.append(dealer(app, "solo-whist", table))
    assert all(after == (before + 1) % 4 for before, after in zip(dealers, dealers[1:]))


def test_an_annulled_solo_whist_deal_scores_nothing_and_passes_the_deal(app, client):
    whist = GAMES["solo-whist"]
    position = whist.new_game(18, dealer=3)
    for seat in (0, 1, 2, 3):
        position, _ = whist.apply(position, whist.move_from_json({"type": "bid", "player": seat, "bid": "pass"}))
    assert position.to_json()["phase"] == "annulled"
    assert whist.scoring.outcome(position, 1) == "annulled"
    token = seated(app, Table.at_deal(whist, position, 1, "basic"))
    table = post(client, "solo-whist/tables/hint", {"table": token})
    assert table.status_code == 422, "an annulled deal is over"
    following = next_deal(client, "solo-whist", {"table": token})
    assert following["session"]["deals"] == 1 and following["session"]["scores"] == [0, 0, 0, 0]
    assert following["session"]["history"] == [[0, 0, 0, 0]]
    assert dealer(app, "solo-whist", following) == 0, "the deal passes to the left of the last dealer"


def test_an_old_maid_series_counts_one_loss_per_game_and_equal_counts_share_a_place(app, client):
    table = post(client, "old-maid/tables", {"players": 3, "seat": 1}).get_json()
    losses, dealers = [0, 0, 0], [dealer(app, "old-maid", table)]
    for deal in range(1, 4):
        table = finish(client, "old-maid", table)
        losses[table["view"]["loser"]] += 1
        session = table["session"]
        assert session["deals"] == deal and session["scores"] == losses
        assert session["places"] == places(losses, fewer_is_better=True)
        assert session["outcome"] == ("lost" if table["view"]["loser"] == 1 else "won")
        table = next_deal(client, "old-maid", table)
        assert len(table["view"]["hands"]) == 3, "the same players at the table"
        dealers.append(dealer(app, "old-maid", table))
    assert all(after == (before + 1) % 3 for before, after in zip(dealers, dealers[1:]))


def test_places_fewer_or_more_is_better_and_ties_share_a_place():
    assert places([1, 0, 1, 2], fewer_is_better=True) == [2, 1, 2, 4]
    assert places([4, -2, -2, 0], fewer_is_better=False) == [1, 3, 3, 2]
    assert places([0, 0], fewer_is_better=False) == [1, 1]


def won_race(app):
    """A race the reader (seat 0) has just won: every one of their cards on the foundations, six of the computer's."""
    suits = "SHDC"
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    foundations = [[{"card": rank + suit, "owner": 0} for rank in ranks] for suit in suits]
    foundations += [[{"card": rank + suit, "owner": 1} for rank in ranks[:3]] for suit in "SH"] + [[], []]
    left = [rank + suit for suit in suits for rank in ranks if not (suit in "SH" and rank in ranks[:3])]
    position = {
        "players": [{"tableau": [[] for _ in range(7)], "stock": [], "waste": []},
                    {"tableau": [[] for _ in range(7)], "stock": left, "waste": []}],
        "foundations": foundations,
    }
    race = GAMES["double-solitaire"]
    return seated(app, Table.at_deal(race, race.Position.from_json(position), 0, "basic"))


def test_a_race_session_counts_races_won_and_cards_contributed(app, client):
    token = won_race(app)
    won = post(client, "double-solitaire/tables/tick", {"table": token}).get_json()
    assert won["over"] is True
    assert won["session"] == {"deals": 1, "scores": [1, 0], "contributed": [52, 6], "places": [1, 2],
                              "history": [[1, 0]], "outcome": "won"}
    following = next_deal(client, "double-solitaire", won)
    assert following["over"] is False and following["moves"]
    assert following["session"]["scores"] == [1, 0] and following["session"]["contributed"] == [52, 6]


@pytest.mark.parametrize(("lang", "word"), [("es", "terminado"), ("pt", "termine")])
def test_the_next_deal_waits_for_this_one_to_end(client, lang, word):
    table = post(client, "old-maid/tables", {}).get_json()
    response = post(client, "old-maid/tables/next", {"table": table["table"]}, lang)
    assert response.status_code == 409
    failure = response.get_json()["error"]
    assert failure["code"] == "game_not_over" and word in failure["message"]


def test_the_next_deal_of_a_token_that_is_not_a_table_is_refused(client):
    response = post(client, "solo-whist/tables/next", {"table": "not a token"})
    assert response.status_code == 400 and response.get_json()["error"]["code"] == "invalid_table"

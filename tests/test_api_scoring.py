"""``GET /api/v1/{game}/scoring``: the settlement the score pads look up, as the engines compute it. Solo
Whist's is checked against the engine settling a played hand, for every contract made and failed and every
seat that may bid it; the pad's own arithmetic is the browser test's (tests/browser/test_score_pads.py)."""

import pytest

from naipes.engine.cards import DECK
from naipes.games import GAMES
from naipes.games.solo_whist.rules.auction import Contract
from naipes.games.solo_whist.rules.tricks import Trick, result_of
from naipes.tables.session import places


def scoring(client, game, lang="es"):
    response = client.get(f"/api/v1/{game}/scoring?lang={lang}")
    assert response.status_code == 200
    return response.get_json()


def hand(contract, side_tricks, played=13):
    """The tricks of a hand in which the bidder (with the partner) took ``side_tricks`` of ``played``."""
    declaring = sorted(contract.declaring)
    defender = next(seat for seat in range(4) if seat not in declaring)
    cards = tuple(DECK[:4])
    return tuple(Trick(0, cards, declaring[n % len(declaring)] if n < side_tricks else defender) for n in range(played))


def lookup(data, bid, bidder, partner, side_tricks):
    """What a score pad does with the data: made from ``made_with``, each seat's chips from ``contracts``."""
    made = side_tricks in data["made_with"][bid]
    row = next(row for row in data["contracts"] if row["bid"] == bid and row["made"] == made)
    return made, tuple(row["bidder"] if seat == bidder else row["partner"] if seat == partner else row["defender"]
                       for seat in range(data["seats"]))


def test_solo_whist_lists_every_contract_made_and_failed_with_its_stake(client):
    data = scoring(client, "solo-whist")
    bids = list(data["stakes"])
    assert [(row["bid"], row["made"]) for row in data["contracts"]] == [(bid, made) for bid in bids for made in (True, False)]
    assert data["stakes"] == {"proposal": 2, "solo": 2, "misere": 3, "abundance": 4, "open_misere": 6, "declared_abundance": 8}
    assert all(abs(row["defender"]) == data["stakes"][row["bid"]] for row in data["contracts"])


@pytest.mark.parametrize("bid", ["proposal", "solo", "misere", "abundance", "open_misere", "declared_abundance"])
def test_each_contract_settles_as_the_engine_settles_a_played_hand(client, bid):
    data = scoring(client, "solo-whist")
    for bidder in range(4):
        for partner in [seat for seat in range(4) if seat != bidder] if bid == "proposal" else [None]:
            contract = Contract(bid, bidder, partner, None)
            for side_tricks in range(data["tricks"] + 1):
                result = result_of(contract, hand(contract, side_tricks))
                assert lookup(data, bid, bidder, partner, side_tricks) == (result.made, result.settlement), (
                    bid, bidder, partner, side_tricks)


def test_the_seeds_examples_settle_as_the_seed_says(client):
    data = scoring(client, "solo-whist")
    # «Pujas solo y te llevas seis bazas… cada uno de los otros tres te paga la tarifa del solo.»
    assert lookup(data, "solo", 0, None, 6) == (True, (6, -2, -2, -2))
    # «Si te llevas cuatro, pagas lo mismo a cada uno.»
    assert lookup(data, "solo", 0, None, 4) == (False, (-6, 2, 2, 2))
    # «una abundance fallida sale cara»: four chips to each of three defenders.
    assert lookup(data, "abundance", 1, None, 8) == (False, (4, -12, 4, 4))


def test_old_maid_notes_one_loss_and_equal_losses_share_a_place(client):
    data = scoring(client, "old-maid", "pt")
    engine = GAMES["old-maid"]
    assert data == {"loss": 1, "fewer_is_better": True, "ties": "shared", "players": [2, 6]}
    position = engine.new_game(7, players=3)
    while not position.is_over:
        position, _ = engine.apply(position, engine.legal_moves(position)[0])
    assert sorted(engine.scoring.scores(position)) == [0, 0, data["loss"]]
    assert places([2, 1, 1], data["fewer_is_better"]) == [3, 1, 1]


def test_the_race_counts_a_mutual_block_by_the_cards_each_deck_brought(client):
    data = scoring(client, "double-solitaire")
    assert data == {"win": 1, "draw": 0, "block": {"deck": len(DECK), "more_wins": True, "equal": "draw"}}


@pytest.mark.parametrize("lang, words", [("es", "No hay ningún juego"), ("pt", "Não existe nenhum jogo")])
def test_an_unknown_game_has_no_scoring(client, lang, words):
    response = client.get(f"/api/v1/war/scoring?lang={lang}")
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "unknown_game"
    assert words in response.get_json()["error"]["message"]


def test_the_openapi_document_describes_each_games_scoring(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    for game in GAMES:
        answer = paths[f"/api/v1/{game}/scoring"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert set(answer["required"]) == set(scoring(client, game))

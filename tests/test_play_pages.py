"""The play pages as the server serves them: addresses in the language, the drawing of a seat's view, the result."""

from __future__ import annotations

import random
import re

import pytest

from naipes.games.solo_whist import rules as solo_whist
from naipes.games.solo_whist.rules.tricks import chip_movements
from naipes.games import GAMES as REGISTERED

SLUGS = {"es": "jugar", "pt": "jogar"}
GAMES = list(REGISTERED)


@pytest.mark.parametrize("lang", sorted(SLUGS))
@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_links_to_its_play_page_named_in_the_language(client, lang, game):
    rules = client.get(f"/{lang}/{game}/").get_data(as_text=True)
    address = f"/{lang}/{game}/{SLUGS[lang]}/"
    assert f'href="{address}"' in rules
    page = client.get(address)
    assert page.status_code == 200
    assert "data-needs-js" in page.get_data(as_text=True)


def test_a_play_slug_from_the_other_language_is_not_a_page(client):
    assert client.get("/es/old-maid/jogar/").status_code == 404
    assert client.get("/pt/old-maid/jugar/").status_code == 404


def test_the_rule_sheet_has_no_play_link(client):
    assert "play-link" not in client.get("/es/old-maid/sheet/").get_data(as_text=True)


def deal(client, game, **options):
    return client.post(f"/api/v1/{game}/tables", json=options).get_json()


def render(client, lang, game, table, events=None):
    return client.post(f"/{lang}/{game}/{SLUGS[lang]}/render", json={"table": table, "events": events or []})


def test_the_drawing_shows_the_readers_cards_as_buttons_and_the_others_as_backs(client):
    table = deal(client, "old-maid", players=3, seat=0)
    drawn = render(client, "es", "old-maid", table["table"], table["events"]).get_json()
    own = table["view"]["hands"][0]
    for card in own:
        assert f'data-start=\'{{"cards": ["{card}"]' in drawn["diagram"]
    assert drawn["diagram"].count('class="card back') == sum(len(hand) for hand in table["view"]["hands"][1:])
    assert len(drawn["events"]) == len(table["events"])


@pytest.mark.parametrize(("lang", "passing"), [("es", "Paso"), ("pt", "Passo")])
def test_in_the_auction_every_legal_call_of_the_reader_is_a_button_named_in_the_language(client, lang, passing):
    table = deal(client, "solo-whist")
    drawn = render(client, lang, "solo-whist", table["table"], table["events"]).get_json()["diagram"]
    calls = [move["bid"] for move in table["moves"] if move["type"] == "bid"]
    assert calls, "a new table waits for the reader's call"
    for call in calls:
        assert f'"bid": "{call}"' in drawn, f"no button for {call}"
    assert f">{passing}</button>" in drawn


@pytest.mark.parametrize(("lang", "words"), [("es", "aparta"), ("pt", "põe de parte")])
def test_every_event_is_told_in_the_readers_language(client, lang, words):
    event = {"type": "discarded", "player": 1, "cards": ["9H", "9D"]}
    told = render(client, lang, "old-maid", deal(client, "old-maid")["table"], [event]).get_json()["events"]
    assert len(told) == 1 and words in told[0]


@pytest.mark.parametrize("events", [
    [{"type": "drew", "player": 99, "from": 0, "card": "9H"}],
    [{"type": "discarded", "player": 1, "cards": ["ZZ"]}],
    [{"type": "nonsense"}],
    [{"type": "discarded"}],
    [{"type": 3}],
])
def test_events_that_do_not_fit_are_left_untold(client, events):
    answer = render(client, "es", "old-maid", deal(client, "old-maid")["table"], events)
    assert answer.status_code == 200
    assert answer.get_json()["events"] == []


@pytest.mark.parametrize("body", [{}, {"table": "nope"}, {"table": 5, "events": []}])
def test_drawing_needs_a_genuine_table(client, body):
    answer = client.post("/es/old-maid/jugar/render", json=body)
    assert answer.status_code == 400


def test_drawing_refuses_events_that_are_not_a_list(client):
    answer = render(client, "es", "old-maid", deal(client, "old-maid")["table"], "many")
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] == "invalid_body"


@pytest.mark.parametrize("made", [True, False])
@pytest.mark.parametrize("bid", solo_whist.CONTRACTS)
def test_the_chip_movements_add_up_to_the_engines_settlement(bid, made):
    partner = 2 if bid == solo_whist.PROPOSAL else None
    contract = {"bid": bid, "bidder": 0, "partner": partner}
    net = [0, 0, 0, 0]
    for payer, payee, chips in chip_movements(contract, {"made": made}):
        net[payer] -= chips
        net[payee] += chips
    assert tuple(net) == solo_whist.settlement(bid, 0, partner, made)


def test_a_finished_solo_whist_hand_shows_the_settlement_with_each_chip_explained(client):
    rng = random.Random(3)
    for _ in range(30):
        table = deal(client, "solo-whist", seat=1)
        while not table["over"]:
            table = client.post("/api/v1/solo-whist/tables/move",
                                json={"table": table["table"], "move": rng.choice(table["moves"])}).get_json()
        if table["view"]["phase"] == "over":
            break
    result = table["view"]["result"]
    drawn = render(client, "pt", "solo-whist", table["table"]).get_json()["diagram"]
    assert 'class="settlement"' in drawn and "#scoring" in drawn
    payments = drawn.count("\N{NO-BREAK SPACE}fichas ao ") + drawn.count("\N{NO-BREAK SPACE}ficha ao ")
    assert payments == (2 if table["view"]["contract"]["partner"] is not None else 3)
    for amount in result["settlement"]:
        assert (f"+{amount}" if amount > 0 else f"−{-amount}") in drawn


def test_solo_whist_cards_the_reader_may_not_play_are_dimmed_with_the_rule_that_forbids_them(client):
    """When the reader must follow suit, each card of another suit is drawn dimmed (aria-disabled) with the
    engine's reason; the legal ones are the moves the table lists, and nothing else."""
    table = deal(client, "solo-whist", seat=0)
    for _ in range(60):
        plays = [move["card"] for move in table["moves"] if move["type"] == "play"]
        hand = table["view"]["hands"][0]
        if plays and len(plays) < len(hand):
            break
        table = client.post("/api/v1/solo-whist/tables/move", json={"table": table["table"], "move": table["moves"][0]}
                            ).get_json()
        if table["over"]:
            table = deal(client, "solo-whist", seat=0)
    else:
        pytest.fail("no deal made the reader follow suit")
    drawn = render(client, "es", "solo-whist", table["table"]).get_json()["diagram"]
    for card in hand:
        assert (f'"card": "{card}"' in drawn) == (card in plays)
    dimmed = re.findall(r'<button[^>]*class="card [^"]*unplayable[^"]*"[^>]*>', drawn)
    assert len(dimmed) == len(hand) - len(plays)
    assert all('aria-disabled="true"' in tag and "tiene que servir al palo" in tag for tag in dimmed)


def test_old_maids_opening_pairs_travel_together_so_the_reader_waits_for_one_move_not_ten(client):
    table = deal(client, "old-maid", players=4, seat=0)
    drawn = render(client, "es", "old-maid", table["table"], table["events"]).get_json()
    laid = [step["journey"] for step in drawn["steps"] if step["journey"] and "discards-" in step["journey"].get("to", "")]
    assert len(laid) >= 2, "the computers lay pairs aside at the deal"
    assert all(journey["together"] for journey in laid)

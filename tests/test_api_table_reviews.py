"""Learning from a table (API.md): ``/tables/review`` only once the game is over, every judged Solo Whist
card costing exactly the solver's double-dummy difference, a reader who always played the hint never
told the better card was there to be found nor, in the race, that anything was missed; ``/tables/again``
deals the same cards to the same seats as a practice table; a Solo Whist review opens its deal on
the analysis board."""

from __future__ import annotations

import html
import json
import random
import re

import pytest

from naipes.games import GAMES
from naipes.games.solo_whist import review as whist_review
from naipes.games.solo_whist.analysis import analyse
from naipes.tables import Table
from tests.kept import kept_table, seated
from tests.pool_setup import app_with


def _table(app, game_id, position, seat=0, level=None):
    """A table of a chosen deal, kept as the server keeps one (a client cannot choose the cards)."""
    game = GAMES[game_id]
    return seated(app, Table.at_deal(game, position, seat, level or game.levels[-1]))


def _post(client, game_id, action, token, lang="es"):
    return client.post(f"/api/v1/{game_id}/tables/{action}?lang={lang}", json={"table": token})


def _play(client, game_id, token, choose, limit=400, moves=None):
    """Play the table to its end: ``choose(moves)`` gives the reader's move, or None to play the hint
    (``moves``: the reader's first moves, if the test knows them)."""
    realtime = GAMES[game_id].realtime
    table = token
    for _ in range(limit):
        move = choose(moves) if moves else None
        if move is None:
            hint = _post(client, game_id, "hint", table)
            if hint.status_code == 200:
                move, table = hint.get_json()["move"], hint.get_json()["table"]
        if move is not None:
            answer = client.post(f"/api/v1/{game_id}/tables/move", json={"table": table, "move": move}).get_json()
        else:
            answer = _post(client, game_id, "tick", table).get_json()
        if realtime and move is not None and not answer["over"]:
            answer = _post(client, game_id, "tick", answer["table"]).get_json()
        if answer["over"]:
            return answer
        table, moves = answer["table"], answer["moves"]
    pytest.fail("the game did not end")


def _first_moves(position, seat=0):
    return [move.to_json() for move in GAMES["solo-whist"].legal_moves(position) if move.player == seat]


def _before(review, step):
    return review["start"] if step == 1 else review["steps"][step - 2]["position"]


def test_a_game_is_reviewed_only_once_it_is_over(app, client):
    token = _table(app, "solo-whist", GAMES["solo-whist"].new_game(30, dealer=3))
    answer = _post(client, "solo-whist", "review", token, "pt")
    assert answer.status_code == 409
    assert answer.get_json()["error"]["code"] == "game_not_over"


def _declaring(moves):
    """The reader calls a solo where it may (so that the deal is played, whatever the hint would call)."""
    return next((move for move in moves if move.get("bid") == "solo"), None)


def _weak_whist(seed):
    rng = random.Random(seed)

    def choose(moves):
        return rng.choice(moves) if moves[0]["type"] == "play" else _declaring(moves)
    return choose


def _hinted_whist(moves):
    return None if moves[0]["type"] == "play" else _declaring(moves)


def test_every_judged_card_costs_the_solvers_double_dummy_difference_and_the_worst_leads_the_summary(app, client):
    game = GAMES["solo-whist"]
    # The computers play by the rules of thumb, which throw no dice: the same reader, the same game.
    deal = game.new_game(30, dealer=3)
    token = _table(app, "solo-whist", deal, level="basic")
    over = _play(client, "solo-whist", token, _weak_whist(1), moves=_first_moves(deal))
    review = _post(client, "solo-whist", "review", over["table"]).get_json()
    cards = [d for d in review["decisions"] if d["move"]["type"] == "play"]
    assert cards, "a reader playing at random loses tricks the solver can count"
    for decision in cards:
        position = game.Position.from_json(_before(review, decision["step"]))
        analysed = {value.card.code: value for value in analyse(position)}
        contract = position.contract
        wants = (0 in (contract.bidder, contract.partner)) != (contract.bid in ("misere", "open_misere"))
        kept = {card: (value.tricks if wants else -value.tricks) for card, value in analysed.items()}
        assert decision["cost"] == max(kept.values()) - kept[decision["move"]["card"]] > 0
        assert kept[decision["best"]["card"]] == max(kept.values())
        assert decision["decisive"] == (analysed[decision["best"]["card"]].made
                                        != analysed[decision["move"]["card"]].made)
        # the judgement, then the strong player's view of it: two sentences, each ending as one
        assert decision["reason"].endswith(".") and ". " in decision["reason"]
        assert review["steps"][decision["step"] - 1]["move"] == decision["move"]
    # the card that lost the contract leads the summary, then the costliest
    decisive = [d for d in review["decisions"] if d["decisive"]]
    worst = review["decisions"][review["summary"][0]]
    assert decisive and worst == max(decisive, key=lambda d: d["cost"])
    others = [review["decisions"][index] for index in review["summary"][len(decisive):]]
    assert [d["cost"] for d in others] == sorted((d["cost"] for d in review["decisions"] if not d["decisive"]),
                                                 reverse=True)[:len(others)]
    assert review["unjudged"] == []
    assert all(step["position"]["hands"] and None not in sum(step["position"]["hands"], []) for step in review["steps"])


def test_a_reader_who_always_played_the_hint_is_never_told_the_better_card_could_be_found(app, client):
    deal = GAMES["solo-whist"].new_game(30, dealer=3)
    token = _table(app, "solo-whist", deal, level="basic")
    over = _play(client, "solo-whist", token, _hinted_whist, moves=_first_moves(deal))
    assert over["help"]["hints"] > 10
    review = _post(client, "solo-whist", "review", over["table"], "pt").get_json()
    assert not [d for d in review["decisions"] if d["move"]["type"] == "play" and d["findable"]]


def test_a_race_reader_who_always_played_the_hint_missed_nothing(app, client):
    lesson = app.extensions["naipes"].lessons["double-solitaire"]
    token = _table(app, "double-solitaire", lesson.start)
    over = _play(client, "double-solitaire", token, lambda moves: None)
    review = _post(client, "double-solitaire", "review", over["table"]).get_json()
    assert review["decisions"] == [] and review["summary"] == []
    assert len(review["steps"]) >= 19


def test_a_weak_race_reader_is_shown_what_they_missed(app, client):
    lesson = app.extensions["naipes"].lessons["double-solitaire"]
    token = _table(app, "double-solitaire", lesson.start)
    rng = random.Random(3)
    over = _play(client, "double-solitaire", token, lambda moves: rng.choice(moves), limit=1500)
    review = _post(client, "double-solitaire", "review", over["table"], "pt").get_json()
    assert review["decisions"]
    assert all(d["findable"] and d["reason"].endswith(".") for d in review["decisions"])
    record = kept_table(app, "double-solitaire", over["table"]).record.to_json()
    assert len(json.dumps(record)) < 20_000, "a long race's record stays small in the store"


def test_old_maid_is_shown_without_judging(app, client):
    lesson = app.extensions["naipes"].lessons["old-maid"]
    token = _table(app, "old-maid", lesson.start)
    over = _play(client, "old-maid", token, lambda moves: None)
    review = _post(client, "old-maid", "review", over["table"]).get_json()
    assert review["judged"] is False and review["decisions"] == [] and review["steps"]


def test_again_deals_the_same_cards_to_the_same_seats_as_a_new_table(app, client):
    game = GAMES["solo-whist"]
    deal = game.new_game(30, dealer=3)
    token = _table(app, "solo-whist", deal, level="basic")
    over = _play(client, "solo-whist", token, _hinted_whist, moves=_first_moves(deal))
    again = _post(client, "solo-whist", "again", over["table"])
    assert again.status_code == 201
    fresh = again.get_json()
    assert fresh["table"] != token and fresh["help"] == {"hints": 0, "undos": 0} and fresh["practice"] is True
    assert sorted(fresh["view"]["hands"][0]) == sorted(card.code for card in deal.hands[0])
    assert fresh["view"]["turn_up"] == deal.turn_up.code


def test_again_still_refuses_a_seed(app, client):
    token = _table(app, "old-maid", GAMES["old-maid"].new_game(5, players=3))
    answer = client.post("/api/v1/old-maid/tables/again", json={"table": token, "seed": 7})
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] == "seed_not_allowed"


def test_a_forged_token_is_neither_reviewed_nor_dealt_again(client):
    for action in ("review", "again"):
        answer = _post(client, "double-solitaire", action, "not-a-token")
        assert answer.status_code == 400 and answer.get_json()["error"]["code"] == "invalid_table"


def test_undo_goes_back_before_the_readers_last_move_and_the_end_says_so(app, client):
    token = _table(app, "solo-whist", GAMES["solo-whist"].new_game(30, dealer=3), level="basic")
    first = client.post("/api/v1/solo-whist/tables/move",
                        json={"table": token, "move": {"type": "bid", "player": 0, "bid": "solo"}}).get_json()
    played = client.post("/api/v1/solo-whist/tables/move",
                         json={"table": first["table"], "move": {"type": "play", "player": 0, "card": "AS"}}).get_json()
    undone = _post(client, "solo-whist", "undo", played["table"]).get_json()
    assert undone["view"] == first["view"] and undone["moves"] == first["moves"]
    assert undone["help"] == {"hints": 0, "undos": 1}
    again = _post(client, "solo-whist", "undo", undone["table"]).get_json()
    assert again["view"]["phase"] == "auction" and again["help"]["undos"] == 2
    nothing = _post(client, "solo-whist", "undo", again["table"], "pt")
    assert nothing.status_code == 422 and nothing.get_json()["error"]["code"] == "nothing_to_undo"


@pytest.mark.parametrize("lang, review", [("es", "jugar/revision"), ("pt", "jogar/revisao")])
def test_a_whist_review_links_to_its_deal_set_up_on_the_analysis_board_from_the_first_lead(app, client, lang, review):
    start = GAMES["solo-whist"].new_game(30, dealer=3)
    token = _play(client, "solo-whist", _table(app, "solo-whist", start, level="basic"), _weak_whist(1),
                  moves=_first_moves(start))["table"]
    reviewed = _post(client, "solo-whist", "review", token, lang).get_json()
    lead = next(step["position"] for step in reviewed["steps"] if step["position"]["phase"] == "play")
    drawn = client.post(f"/{lang}/solo-whist/{review}/render", json={"table": token}).get_json()["html"]
    link = re.search(r'<p class="review-board"><a href="([^"]+)">', drawn).group(1)
    board = client.get(html.unescape(link))
    assert board.status_code == 200
    shown = json.loads(html.unescape(re.search(r'<textarea id="analysis-position"[^>]*>([^<]*)</textarea>',
                                               board.get_data(as_text=True)).group(1)))
    assert [set(hand) for hand in shown["hands"]] == [set(hand) for hand in lead["hands"]]
    assert shown["contract"] == lead["contract"] and shown["to_move"] == lead["to_move"]


@pytest.mark.parametrize("lang, review, words", [
    ("es", "jugar/revision", ("Sin valorar.", "de tus decisiones", "Paso")),
    ("pt", "jogar/revisao", ("Sem avaliação.", "das suas decisões", "Passo"))])
def test_a_whist_review_names_the_cards_it_could_not_judge_in_time_and_claims_nothing_of_them(
        lang, review, words):
    """Where the search cannot value a card within the review's work (here none can), the review says
    which decisions it left unjudged, under each and in the summary, rather than that all was well."""
    app = app_with("naipes.games.solo_whist.review", "REVIEW_NODES", 0)
    client = app.test_client()
    start = GAMES["solo-whist"].new_game(30, dealer=3)
    token = _play(client, "solo-whist", _table(app, "solo-whist", start, level="basic"), _weak_whist(1),
                  moves=_first_moves(start))["table"]
    reviewed = _post(client, "solo-whist", "review", token, lang).get_json()
    cards = [number for number, step in enumerate(reviewed["steps"], start=1)
             if step["move"]["type"] == "play" and step["move"]["player"] == 0
             and len(GAMES["solo-whist"].legal_moves(GAMES["solo-whist"].Position.from_json(
                 _before(reviewed, number)))) > 1]
    assert cards and reviewed["unjudged"] == cards
    assert not [d for d in reviewed["decisions"] if d["move"]["type"] == "play"]
    drawn = client.post(f"/{lang}/solo-whist/{review}/render", json={"table": token}).get_json()["html"]
    not_judged, of_yours, step_word = words
    assert drawn.count(f"<strong>{not_judged}</strong>") == len(cards)
    summary = re.search(r'<p class="review-unjudged">(.*?)</p>', drawn, re.S).group(1)
    assert f"{len(cards)} {of_yours}" in summary
    assert re.findall(r'href="#review-step-(\d+)"', summary) == [str(step) for step in cards]
    assert f"{step_word} {cards[0]}" in summary


@pytest.mark.parametrize("lang, play, review, lesson", [("es", "jugar", "revision", "aprende"),
                                                        ("pt", "jogar", "revisao", "aprenda")])
@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_is_drawn_at_its_table_played_to_its_end_and_reviewed_on_its_pages(app, client, game_id, lang,
                                                                                     play, review, lesson):
    """Whatever the game: its table drawn, its lesson's deal played out at random, its review drawn, with a
    link to the analysis board if the game has one and none if it has not."""
    dealt = client.post(f"/api/v1/{game_id}/tables?lang={lang}", json={}).get_json()
    drawn = client.post(f"/{lang}/{game_id}/{play}/render", json={"table": dealt["table"], "events": dealt["events"]})
    assert drawn.status_code == 200 and drawn.get_json()["diagram"]
    rng = random.Random(3)
    token = _play(client, game_id, _table(app, game_id, app.extensions["naipes"].lessons[game_id].start),
                  lambda moves: rng.choice(moves), limit=1500)["table"]
    assert client.post(f"/{lang}/{game_id}/{play}/render", json={"table": token, "events": []}).status_code == 200
    reviewed = _post(client, game_id, "review", token, lang)
    assert reviewed.status_code == 200 and reviewed.get_json()["steps"]
    page = client.post(f"/{lang}/{game_id}/{play}/{review}/render", json={"table": token})
    assert page.status_code == 200 and "review-again" in page.get_json()["html"]
    assert ("review-board" in page.get_json()["html"]) == bool(GAMES[game_id].analyses)
    for address in (f"/{lang}/{game_id}/{play}/", f"/{lang}/{game_id}/{lesson}/"):
        assert client.get(address).status_code == 200, address


def test_old_maid_review_gives_the_readers_odds_at_the_deal_and_after_every_draw(app, client):
    game = GAMES["old-maid"]
    token = _table(app, "old-maid", game.new_game(11, players=3))
    over = _play(client, "old-maid", token, lambda moves: None)
    review = _post(client, "old-maid", "review", over["table"]).get_json()
    draws = [index for index, step in enumerate(review["steps"], start=1) if step["move"]["type"] == "draw"]
    assert [chance["step"] for chance in review["odds"]] == [0] + draws
    assert all(0 <= chance["chance"] <= 1 and chance["margin"] == 0 for chance in review["odds"])
    assert review["odds"][-1]["chance"] == (1.0 if review["steps"][-1]["position"]["loser"] == 0 else 0.0)


@pytest.mark.parametrize("lang, review, about, estimated", [
    ("es", "jugar/revision", "en torno al", "se estima con partidas jugadas al azar"),
    pytest.param("pt", "jogar/revisao", "cerca de", "estimada com partidas jogadas ao acaso", marks=pytest.mark.slow)])
def test_an_old_maid_review_of_five_players_tells_the_early_chances_as_estimates_with_their_margin(
        app, client, lang, review, about, estimated):
    """Five players: no draw is left without its chance; the early ones (the deal at least), beyond the exact
    search, read as estimates (“about 23 % (± 1)”), the last is exact, and the page says how they were made."""
    token = _table(app, "old-maid", GAMES["old-maid"].new_game(5, players=5))
    over = _play(client, "old-maid", token, lambda moves: None)
    drawn = client.post(f"/{lang}/old-maid/{review}/render", json={"table": over["table"]}).get_json()["html"]
    cells = re.findall(r"<td>([^<]*)</td></tr>", drawn.split('class="odds-table"')[1])
    assert cells and all(re.fullmatch(rf"({about} )?\d+\xa0?\s?%( \(± [1-9]\))?", cell.strip()) for cell in cells)
    assert re.search(rf"{about} \d+\xa0?\s?% \(± [1-9]\)", drawn) and not cells[-1].startswith(about)
    assert estimated in drawn


def test_again_from_a_judged_decision_deals_the_position_just_before_it(app, client):
    lesson = app.extensions["naipes"].lessons["double-solitaire"]
    game = GAMES["double-solitaire"]
    token = _table(app, "double-solitaire", lesson.start)
    rng = random.Random(3)
    over = _play(client, "double-solitaire", token, lambda moves: rng.choice(moves), limit=1500)
    review = _post(client, "double-solitaire", "review", over["table"]).get_json()
    decision = review["decisions"][0]
    answer = client.post("/api/v1/double-solitaire/tables/again",
                         json={"table": over["table"], "step": decision["step"]})
    assert answer.status_code == 201
    fresh = answer.get_json()
    before = game.Position.from_json(_before(review, decision["step"]))
    assert fresh["view"] == game.view(before, 0).to_json()
    assert decision["move"] in fresh["moves"] and decision["best"] in fresh["moves"] and not fresh["over"]
    theirs = next(index for index, step in enumerate(review["steps"], start=1) if step["move"]["player"] == 1)
    for step in (0, theirs, len(review["steps"]) + 1, "2"):
        refused = client.post("/api/v1/double-solitaire/tables/again?lang=pt", json={"table": over["table"], "step": step})
        assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "not_a_decision"

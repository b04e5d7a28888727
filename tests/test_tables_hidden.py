"""Hidden cards never leave the server: random tables played to the end through the API.

At every answer the test opens the table in the store to see the true position, and
checks that the answer (view, events, moves, the seat's key) holds no card the reader's
seat could not know, that ``moves`` is exactly the seat's legal
moves as the engine lists them and accepts them, and that the game ends.
"""

from __future__ import annotations

import random
import re

import pytest

from naipes.games.double_solitaire import rules as double_solitaire
from naipes.games.old_maid import rules as old_maid
from naipes.games.solo_whist import rules as solo_whist
from naipes.web import create_app
from tests.kept import kept_table
from tests.sampling import sweep

CARD = re.compile(r"^(10|[A2-9JQK])[SHDC]$")


@pytest.fixture(scope="module")
def app():
    return create_app({"TESTING": True, "SECRET_KEY": "hidden cards at kept tables"})


def cards_in(value) -> set[str]:
    """Every card code anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, list):
        return set().union(*map(cards_in, value)) if value else set()
    if isinstance(value, dict):
        return set().union(*map(cards_in, value.values())) if value else set()
    return set()


class OldMaidKnowledge:
    """What a seat at Old Maid knows: every card it has held, and every pair laid aside (face up)."""

    engine = old_maid

    def __init__(self, seat: int) -> None:
        self.seat, self.known = seat, set()

    def learn(self, position, events) -> None:
        self.known |= {card.code for card in position.hands[self.seat]}
        self.known |= {card.code for pile in position.discards for card in pile}
        # A card drawn by the reader, or from the reader's fan, passed through the reader's hand even
        # if it left again before the answer (drawn on, or laid aside); anyone else's draw stays unnamed.
        for event in events:
            if event["type"] == "drew":
                if self.seat in (event["player"], event["from"]):
                    self.known.add(event["card"])
                else:
                    assert event["card"] is None

    def check_view(self, view: dict, position) -> None:
        truth = position.to_json()
        assert view["hands"][self.seat] == truth["hands"][self.seat]
        for seat, hand in enumerate(view["hands"]):
            if seat != self.seat:
                assert hand == [None] * len(truth["hands"][seat])
        assert {key: view[key] for key in view if key != "hands"} == {key: truth[key] for key in truth if key != "hands"}


class SoloWhistKnowledge:
    """What a seat at Solo Whist knows: its own hand, the turned-up card, every card played, an exposed hand."""

    engine = solo_whist

    def __init__(self, seat: int) -> None:
        self.seat, self.known = seat, set()

    def learn(self, position, events) -> None:
        self.known |= {card.code for card in position.hands[self.seat]}
        self.known.add(position.turn_up.code)
        played = [trick.cards for trick in position.tricks] + ([position.trick.cards] if position.trick else [])
        self.known |= {card.code for cards in played for card in cards}
        if position.exposed:
            self.known |= {card.code for card in position.hands[position.contract.bidder]}

    def check_view(self, view: dict, position) -> None:
        truth = position.to_json()
        open_hand = position.contract.bidder if position.exposed else None
        for seat, hand in enumerate(view["hands"]):
            shown = seat in (self.seat, open_hand)
            assert hand == (truth["hands"][seat] if shown else [None] * len(truth["hands"][seat]))
        assert {key: view[key] for key in view if key != "hands"} == {key: truth[key] for key in truth if key != "hands"}


class RaceKnowledge:
    """What a seat in the race knows: every card it has seen face up, on a foundation or on top of a waste."""

    engine = double_solitaire

    def __init__(self, seat: int) -> None:
        self.seat, self.known = seat, set()

    @staticmethod
    def visible(position):
        for layout in position.players:
            yield from (card for column in layout.tableau for card in column.face_up)
            yield from layout.waste[-1:]
        yield from (placed.card for pile in position.foundations for placed in pile)

    def learn(self, position, events) -> None:
        self.known |= {card.code for card in self.visible(position)}
        # A card moved on before the answer (a tick's single move) was face up or on a waste top when it moved.
        for event in events:
            if event["type"] in ("moved", "flipped"):
                self.known |= cards_in(event)

    def check_view(self, view: dict, position) -> None:
        truth = position.to_json()
        for shown, real in zip(view["players"], truth["players"]):
            assert shown["stock"] == [None] * len(real["stock"])
            assert shown["waste"] == [None] * (len(real["waste"]) - 1) + real["waste"][-1:]
            for column, real_column in zip(shown["tableau"], real["tableau"]):
                assert column == [entry if entry["up"] else {"card": None, "up": False} for entry in real_column]
        assert view["foundations"] == truth["foundations"]


def true_position(app, game, key):
    return kept_table(app, game.engine.ID, key).position


def check_answer(app, knowledge, answer, accepted_sample: int | None = None) -> None:
    """Check one answer; ``accepted_sample`` limits how many listed moves are applied (the race's are costly)."""
    game = knowledge.engine
    position = true_position(app, knowledge, answer["table"])
    knowledge.learn(position, answer["events"])
    knowledge.check_view(answer["view"], position)
    shown = cards_in({key: value for key, value in answer.items() if key != "table"})
    assert shown <= knowledge.known, f"the answer shows cards the seat cannot know: {shown - knowledge.known}"
    assert re.fullmatch(r"[A-Za-z0-9_-]{32,64}", answer["table"]), "the key is a random name, holding no game"
    expected = [move.to_json() for move in game.legal_moves(position) if move.player == knowledge.seat]
    assert answer["moves"] == expected
    moves = answer["moves"]
    if accepted_sample is not None:
        moves = random.Random(len(moves)).sample(moves, min(accepted_sample, len(moves)))
    for move in moves:
        game.apply(position, game.move_from_json(move))
    assert answer["over"] == position.is_over


def play_to_the_end(app, client, game_id, knowledge, options, rng, limit):
    answer = client.post(f"/api/v1/{game_id}/tables", json=options).get_json()
    for _ in range(limit):
        check_answer(app, knowledge, answer)
        if answer["over"]:
            return answer
        response = client.post(f"/api/v1/{game_id}/tables/move",
                               json={"table": answer["table"], "move": rng.choice(answer["moves"])})
        assert response.status_code == 200, response.get_json()
        answer = response.get_json()
    pytest.fail(f"a {game_id} table did not end in {limit} moves")


def test_old_maid_tables_never_show_a_hidden_card_and_always_end(app):
    client = app.test_client()
    rng = random.Random(11)
    losers = set()
    # The deals come from the operating system's randomness: the whole sweep's 100 games leave about
    # one chance in a million that the reader never ends with the queen; the quick tier's sample
    # checks what every game must keep and leaves that count to the whole sweep.
    games = sweep(100, least=12)
    for _ in range(games):
        players = rng.randint(2, 6)
        seat = rng.randrange(players)
        answer = play_to_the_end(app, client, "old-maid", OldMaidKnowledge(seat),
                                 {"players": players, "seat": seat}, rng, limit=200)
        losers.add(answer["view"]["loser"] == seat)
    assert games < 100 or losers == {True, False}, "over 100 games the reader both lost and escaped"


def test_old_maid_computers_shuffle_before_offering_so_the_reader_cannot_track_a_card(app):
    """The card a computer drew from the reader joins its fan's right end (as the store keeps it);
    the fan is shuffled when the reader draws from it, so the right end is any card then."""
    client = app.test_client()
    rng = random.Random(5)
    at_right_end: list[bool] = []
    tracked_draws = sweep(40, least=12)
    while len(at_right_end) < tracked_draws:
        answer = client.post("/api/v1/old-maid/tables", json={"players": 2}).get_json()
        while not answer["over"]:
            taken = [event["card"] for event in answer["events"] if event["type"] == "drew" and event["player"] == 1]
            fan = [card.code for card in true_position(app, OldMaidKnowledge(0), answer["table"]).hands[1]]
            right_end = [move for move in answer["moves"] if move["type"] == "draw" and move["index"] == len(fan) - 1]
            tracked = taken and taken[-1] in fan and len(fan) > 2 and right_end
            move = right_end[0] if tracked else rng.choice(answer["moves"])
            answer = client.post("/api/v1/old-maid/tables/move", json={"table": answer["table"], "move": move}).get_json()
            if tracked:
                drawn = [event["card"] for event in answer["events"] if event["type"] == "drew" and event["player"] == 0]
                at_right_end.append(drawn[0] == taken[-1])
    assert sum(at_right_end) < 0.75 * tracked_draws, "the card a computer took is anywhere in its fan when the reader draws from it"


@pytest.mark.slow
def test_solo_whist_tables_never_show_a_hidden_card_and_always_end(app):
    client = app.test_client()
    rng = random.Random(12)
    phases = set()
    # The server deals from seeds of its own, so how many deals it takes to meet an annulled one varies:
    # at least twenty deals, and on until both ends have come up.
    for number in range(60):
        seat = rng.randrange(4)
        level = "strong" if number < 2 else "basic"
        answer = play_to_the_end(app, client, "solo-whist", SoloWhistKnowledge(seat),
                                 {"seat": seat, "level": level}, rng, limit=60)
        phases.add(answer["view"]["phase"])
        if number >= 19 and phases == {"over", "annulled"}:
            break
    assert phases == {"over", "annulled"}, "random bids both annul deals and lead to contracts played out"


def test_race_tables_never_show_a_hidden_card_and_always_end(app):
    """The reader plays the computer's own hints, and the computer ticks after every move."""
    client = app.test_client()
    rng = random.Random(13)
    for _ in range(sweep(3, least=1)):
        seat = rng.randrange(2)
        knowledge = RaceKnowledge(seat)
        answer = client.post("/api/v1/double-solitaire/tables", json={"seat": seat}).get_json()
        for _ in range(3000):
            check_answer(app, knowledge, answer, accepted_sample=2)
            if answer["over"]:
                break
            if answer["moves"] and rng.random() < 0.8:
                hint = client.post("/api/v1/double-solitaire/tables/hint", json={"table": answer["table"]}).get_json()
                move = hint["move"] if rng.random() < 0.9 else rng.choice(answer["moves"])
                answer = client.post("/api/v1/double-solitaire/tables/move",
                                     json={"table": answer["table"], "move": move}).get_json()
                check_answer(app, knowledge, answer, accepted_sample=2)
            answer = client.post("/api/v1/double-solitaire/tables/tick", json={"table": answer["table"]}).get_json()
        assert answer["over"], "the race ended: one player cleared or both were blocked"

"""The lessons as a reader would check them: a whole game each, replayed by the engine, every
decision asked in both languages without giving its answer away and linked to its rule, and each lesson meeting every rule
the issue asks a first game to meet (read from what the engine did, not from the captions)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask_babel import force_locale

from naipes.content import load_library
from naipes.engine.cards import Card
from naipes.games import GAMES
from naipes.games.solo_whist.rules.tricks import STRENGTH
from naipes.lessons import LessonError, load_lesson, load_lessons, load_words
from naipes.web.i18n import RANK_NAMES, card_name, game_word

LANGS = ("es", "pt")


@pytest.fixture(scope="module")
def lessons():
    return load_lessons()


def _events(lesson, kind, player=None):
    return [(step, event.to_json()) for step in lesson.steps for event in step.events
            if event.to_json()["type"] == kind and (player is None or event.to_json().get("player") == player)]


def test_there_is_one_lesson_per_game(lessons):
    assert sorted(lessons) == sorted(GAMES)
    assert all(lesson.id == lesson.game for lesson in lessons.values())


@pytest.mark.parametrize("game, least", [("old-maid", 8), ("double-solitaire", 8), ("solo-whist", 12)])
def test_each_lesson_asks_the_reader_for_enough_decisions(lessons, game, least):
    lesson = lessons[game]
    assert len(lesson.decisions) >= least
    assert all(step.move.player == lesson.seat for step in lesson.decisions)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_part_of_every_lesson_plays_to_the_end_of_its_game(lessons, game_id):
    lesson = lessons[game_id]
    ends = [start - 1 for start in lesson.part_starts[1:]] + [len(lesson.steps)]
    assert all(lesson.position_at(end).is_over for end in ends), lesson.id
    assert all(not lesson.position_at(step).is_over for step in range(ends[0])), lesson.id


@pytest.mark.parametrize("lang", LANGS)
def test_every_decision_is_coached_and_links_to_a_section_of_its_rules_page(lessons, lang):
    library = load_library()
    for lesson in lessons.values():
        words = load_words(lesson, lang)
        page = next(page for page in library.games_in(lang) if page.game == lesson.game)
        for step in lesson.decisions:
            assert words.steps[step.number].prompt and words.steps[step.number].why, (lesson.id, step.number)
            assert step.rule in page.section_ids, (lesson.id, step.number)
        assert words.title and words.end and len(words.parts) == len(lesson.part_starts)


SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
PILES = {"es": {"c": "columna", "f": "base"}, "pt": {"c": "coluna", "f": "base"}}
# The race's moves that name no card: the verb is the answer.
ACTIONS = {("double-solitaire", "draw"): {"es": r"\brob", "pt": r"\bcompr"},
           ("double-solitaire", "recycle"): {"es": r"\bvuelta\b", "pt": r"\bvir[ae]\b"}}


def _answer_words(lesson, step, lang) -> list[re.Pattern]:
    """What would give a decision's answer away, in ``lang``: each card it moves (by symbol, by name
    and by its rank's word, plural too), the bid it makes, the column or foundation it names, and
    for a move of the race with none of these, its verb."""
    move = step.move.to_json()
    cards = set(move.get("cards", [])) | ({move["card"]} if "card" in move else set())
    for event in step.events:
        told = event.to_json()
        if told.get("player") == lesson.seat:
            cards |= {code for code in told.get("cards", []) + [told.get("card")] if isinstance(code, str)}
    words = []
    for code in cards:
        words += [re.escape(code[:-1] + SYMBOLS[code[-1]]), re.escape(card_name(code)),
                  rf"\b{re.escape(str(RANK_NAMES[code[:-1]]))}(e?s)?\b"]
    if "bid" in move:
        words.append(rf"\b{re.escape(game_word(lesson.game, move['bid']))}\b")
    action = ACTIONS.get((lesson.game, move["type"]))
    if action:
        words.append(action[lang])
    for pile in (move.get("from"), move.get("to")):
        if isinstance(pile, str) and pile[:1] in PILES[lang] and pile[1:].isdigit():
            words.append(rf"\b{PILES[lang][pile[0]]} {int(pile[1:]) + 1}\b")
    return [re.compile(word, re.IGNORECASE) for word in words]


@pytest.mark.parametrize("lang", LANGS)
def test_no_prompt_or_nudge_names_the_card_bid_or_column_of_its_answer(app, lessons, lang):
    """The coach asks what to look at: before the reader moves, and after a first wrong try,
    nothing it says names what the answer plays, bids or moves where; its why does."""
    with app.app_context(), force_locale(lang):
        for lesson in lessons.values():
            words = load_words(lesson, lang)
            # A move may name nothing (a card played face down): the lesson must have some that do.
            named = 0
            for step in lesson.decisions:
                own = words.steps[step.number]
                answer = _answer_words(lesson, step, lang)
                named += bool(answer)
                for text in (own.prompt, own.nudge):
                    given = [word.pattern for word in answer if text and word.search(text)]
                    assert not given, (lesson.id, step.number, text, given)
            assert named, f"no decision of the {lesson.id} lesson names its answer: the check would see nothing"


def test_the_answer_words_catch_a_prompt_that_gives_the_move_away(app, lessons):
    lesson = lessons["solo-whist"]
    with app.app_context(), force_locale("es"):
        bid, lead = (_answer_words(lesson, lesson.steps[number - 1], "es") for number in (1, 5))
        assert any(word.search("Puja un solo.") for word in bid)
        assert any(word.search("Sal con el as de picas.") for word in lead)
        assert any(word.search("Sal con el A♠.") for word in lead)
        assert not any(word.search("Sal con tu carta más alta.") for word in lead)


def test_old_maid_meets_the_nines_a_blind_draw_a_pair_it_makes_going_out_and_the_last_queen(lessons):
    lesson = lessons["old-maid"]
    seat = lesson.seat
    hand = lesson.start.hands[seat]
    assert sum(card.rank == "9" for card in hand) == 3
    first = lesson.decisions[0].move.to_json()
    assert first["type"] == "discard" and all(card[:-1] == "9" for card in first["cards"])
    draws = [step for step in lesson.decisions if step.move.to_json()["type"] == "draw"]
    assert draws
    paired = [step for step in draws if lesson.steps[step.number].decision
              and lesson.steps[step.number].move.to_json()["type"] == "discard"]
    unpaired = [step for step in draws if step not in paired]
    assert paired and unpaired
    assert _events(lesson, "out", seat)
    over = lesson.position_at(len(lesson.steps))
    assert over.loser is not None and over.loser != seat
    assert [card.rank for card in over.hands[over.loser]] == ["Q"]


def _race_moves(lesson):
    return [(step, step.move.to_json()) for step in lesson.decisions]


def test_the_race_meets_seven_onto_eight_an_ace_the_second_copy_draws_a_pass_a_king_and_the_end(lessons):
    lesson = lessons["double-solitaire"]
    seat = lesson.seat
    moved = {step.number: event for step, event in _events(lesson, "moved", seat)}
    before = lesson.position_at

    def onto(number):
        move = lesson.steps[number - 1].move.to_json()
        position = before(number - 1).to_json()
        if move["to"].startswith("c"):
            column = position["players"][seat]["tableau"][int(move["to"][1])]
            return column[-1]["card"] if column else None
        pile = position["foundations"][int(move["to"][1])]
        return pile[-1] if pile else None

    assert any(event["cards"] == ["7H"] and event["to"].startswith("c") and onto(n) == "8S" for n, event in moved.items())
    assert any(event["cards"][0][0] == "A" and event["to"].startswith("f") and onto(n) is None for n, event in moved.items())
    second_copy = [n for n, event in moved.items() if event["to"].startswith("f") and onto(n)
                   and onto(n)["owner"] != seat and any(
                       card["card"] == event["cards"][0] and card["owner"] != seat
                       for pile in before(n - 1).to_json()["foundations"] for card in pile)]
    assert second_copy
    kinds = [move["type"] for _, move in _race_moves(lesson)]
    assert "draw" in kinds and "recycle" in kinds
    assert all(len(event["cards"]) <= 3 for _, event in _events(lesson, "drew", seat))
    assert any(event["cards"][0][0] == "K" and event["to"].startswith("c") and onto(n) is None
               for n, event in moved.items())
    assert [event for _, event in _events(lesson, "won")] == [{"type": "won", "winner": seat}]


def test_solo_whist_meets_the_auction_trumps_leading_following_trumping_a_misere_duck_and_chips(lessons):
    lesson = lessons["solo-whist"]
    seat = lesson.seat
    first = lesson.steps[0]
    assert first.decision and first.move.to_json()["type"] == "bid"
    assert first.move.player == (lesson.start.dealer + 1) % 4
    closed = [event for _, event in _events(lesson, "auction_closed")]
    assert closed[0]["contract"]["bidder"] == seat
    assert closed[0]["contract"]["trump"] == lesson.start.turn_up.suit
    led = followed = trumped = ducked = 0
    for step in lesson.decisions:
        move = step.move.to_json()
        if move["type"] != "play":
            continue
        before = lesson.position_at(step.number - 1)
        trick = before.trick.cards if before.trick else ()
        card = Card.parse(move["card"])
        if not trick:
            led += 1
        elif card.suit == trick[0].suit:
            followed += 1
            if before.contract.bid == "misere" and any(
                    other.suit == card.suit and STRENGTH[other] > STRENGTH[card] for other in trick):
                ducked += 1
        elif card.suit == before.contract.trump:
            trumped += 1
    assert led and followed and trumped and ducked
    decided = [event for _, event in _events(lesson, "contract_decided")]
    assert len(decided) == len(lesson.part_starts)
    assert all(event["made"] and event["settlement"][seat] > 0 for event in decided)


def _write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "old-maid.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _old_maid_lesson():
    return json.loads((Path(__file__).parents[1] / "content" / "lessons" / "old-maid.json").read_text(encoding="utf-8"))


def test_a_lesson_the_engine_refuses_fails_to_load(tmp_path):
    data = _old_maid_lesson()
    data["parts"][0]["moves"][0]["move"]["cards"] = ["9H", "4S"]
    with pytest.raises(LessonError, match="refuses"):
        load_lesson(_write(tmp_path, data))


def test_a_lesson_that_stops_before_the_end_fails_to_load(tmp_path):
    data = _old_maid_lesson()
    data["parts"][0]["moves"] = data["parts"][0]["moves"][:-1]
    with pytest.raises(LessonError, match="end"):
        load_lesson(_write(tmp_path, data))


def test_a_decision_without_its_rule_fails_to_load(tmp_path):
    data = _old_maid_lesson()
    del data["parts"][0]["moves"][0]["rule"]
    with pytest.raises(LessonError, match="rule"):
        load_lesson(_write(tmp_path, data))


def test_a_decision_without_a_prompt_fails_to_load(tmp_path, lessons):
    lesson = lessons["old-maid"]
    words = (Path(__file__).parents[1] / "content" / "es" / "lessons" / "old-maid.toml").read_text(encoding="utf-8")
    (tmp_path / "es" / "lessons").mkdir(parents=True)
    (tmp_path / "es" / "lessons" / "old-maid.toml").write_text(
        words.replace('prompt = "¿Y ahora? Todas las parejas se apartan antes de empezar a sacar."', ""), encoding="utf-8")
    with pytest.raises(LessonError, match="decision 3 needs its prompt"):
        load_words(lesson, "es", tmp_path)

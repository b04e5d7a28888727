"""Old Maid's puzzles, question by question: each kind there in numbers, every answer recomputed by the
engine (the chance of a pair counted again card by card, the chance of ending with the queen against the
chain of chances itself where nothing is hidden), and a wrong draw told why in both languages."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest

from naipes.engine.cards import Card
from naipes.games import GAMES
from naipes.games.old_maid.odds import Odds
from naipes.games.old_maid.puzzles import ending, odds
from naipes.games.old_maid.rules import DECK, PAIRING, Discard, Draw, Position, apply, legal_moves
from naipes.puzzles import Puzzle, load_puzzles
from tests.sampling import sweep

PUZZLES = load_puzzles()["old-maid"]
ENGINE = GAMES["old-maid"]


def kind(puzzle: Puzzle) -> str:
    return f"{puzzle.facts.get('ask', 'pair')} with {puzzle.start.active_players().__len__()} players left"


def sample(kinds: set[str] | None = None) -> list[Puzzle]:
    puzzles = [puzzle for puzzle in PUZZLES if kinds is None or puzzle.theme in kinds]
    return random.Random("old-maid-kinds").sample(puzzles, sweep(len(puzzles), least=6))


def test_three_kinds_of_question_each_with_puzzles_of_its_own():
    kinds = Counter(kind(puzzle) for puzzle in PUZZLES)
    assert len(PUZZLES) >= 40
    assert kinds["pair with 2 players left"] >= 20
    assert kinds["pair with 3 players left"] >= 8
    assert kinds["end with 3 players left"] >= 8
    assert {puzzle.theme for puzzle in PUZZLES} == {"just_given", "remember", "round_table", "ending"}
    assert any(Card.parse(puzzle.facts["given"]).rank != "Q" for puzzle in PUZZLES), \
        "some card followed round the table is one the reader can pair"


def test_the_first_puzzles_keep_the_ids_they_were_published_with():
    """The two-player puzzles came first and are rated below every later kind, so their numbers hold."""
    first = [puzzle for puzzle in PUZZLES if puzzle.theme in ("just_given", "remember")]
    assert [puzzle.id for puzzle in first] == [f"old-maid-{number:03d}" for number in range(1, 46)]
    assert first[0].facts["given"] == "QH" and first[-1].theme == "remember"


def _known(puzzle: Puzzle) -> Card:
    known = Card.parse(puzzle.facts["given"])
    offerer = puzzle.start.drawing[0]
    assert puzzle.start.hands[offerer][puzzle.facts["place"] - 1] == known, puzzle.id
    assert puzzle.facts["place"] == len(puzzle.start.hands[offerer]), "the card followed lies at the right-hand end"
    return known


def _deals(position: Position, known: Card) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Every way of dealing the cards the taker cannot see into the fan drawn from (beside ``known``) and
    the other fan, card by card, no fan holding a pair."""
    offerer, taker = position.drawing
    unseen = set(DECK) - {card for pile in position.discards for card in pile} - set(position.hands[taker]) - {known}
    deals = []
    for fan in combinations(sorted(unseen, key=DECK.index), len(position.hands[offerer]) - 1):
        rest = tuple(sorted(unseen - set(fan), key=DECK.index))
        ranks = [card.rank for card in fan] + [known.rank]
        if len(set(ranks)) == len(ranks) and len({card.rank for card in rest}) == len(rest):
            deals.append((fan, rest))
    return deals


def _pair_chance_card_by_card(position: Position, known: Card) -> Fraction:
    """The chance that a card of the fan other than ``known`` pairs one of the taker's, every deal alike."""
    mine = {card.rank for card in position.hands[position.drawing[1]]}
    deals = _deals(position, known)
    return sum((Fraction(sum(card.rank in mine for card in fan), len(fan)) for fan, _ in deals), Fraction(0)) / len(deals)


def _ending_card_by_card(position: Position, known: Card) -> list[float]:
    """The chance the taker ends with the queen after each draw, every deal alike, each card of a deal
    drawn from each place alike, counted by the chain of chances (``Odds``) of the whole table."""
    offerer, taker = position.drawing
    other = next(seat for seat in position.active_players() if seat not in (offerer, taker))
    chain = Odds(position.players, taker)
    deals = _deals(position, known)
    slots = len(position.hands[offerer]) - 1
    blind = followed = 0.0
    for fan, rest in deals:
        hands = list(position.hands)
        hands[offerer], hands[other] = fan + (known,), rest
        table = replace(position, hands=tuple(hands))
        after = [chain.chance(_laid_aside(apply(table, Draw(taker, index))[0])) for index in range(slots + 1)]
        blind += sum(after[:-1]) / slots
        followed += after[-1]
    return [blind / len(deals)] * slots + [followed / len(deals)]


def _laid_aside(position: Position) -> Position:
    if position.phase != PAIRING:
        return position
    return apply(position, next(move for move in legal_moves(position) if isinstance(move, Discard)))[0]


@pytest.mark.parametrize("theme", ["just_given", "remember", "round_table", "ending"])
def test_every_answer_is_recomputed_by_the_engine_and_every_other_draw_judged_by_it(theme):
    for puzzle in sample({theme}):
        known = _known(puzzle)
        offerer, taker = puzzle.start.drawing
        fan = len(puzzle.start.hands[offerer])
        chances = odds(puzzle.start, known)
        assert chances[fan - 1][0] == Fraction(any(card.rank == known.rank for card in puzzle.start.hands[taker]))
        assert chances[0][0] == _pair_chance_card_by_card(puzzle.start, known), puzzle.id
        if puzzle.facts.get("ask") == "end":
            values = [-chance for chance in ending(puzzle.start, known)]
            if len(puzzle.start.active_players()) == 2:
                # With two players left only the order of the other fan is hidden: the chain of chances
                # itself after each card, the unknown places being any of the unknown cards alike.
                chain = Odds(puzzle.start.players, taker)
                direct = [chain.chance(_laid_aside(apply(puzzle.start, Draw(taker, index))[0]))
                          for index in range(fan)]
                blind = sum(direct[:-1]) / (fan - 1)
                assert [-value for value in values] == pytest.approx([blind] * (fan - 1) + direct[-1:]), puzzle.id
            else:
                assert [-value for value in values] == pytest.approx(_ending_card_by_card(puzzle.start, known)), puzzle.id
        else:
            values = [float(chance) for chance, _ in chances]
        best = max(values)
        for index, value in enumerate(values):
            verdict = ENGINE.check_puzzle(puzzle.start, puzzle.seat, puzzle.facts, [Draw(taker, index)])
            assert verdict.done
            assert verdict.correct == (value >= best - 1e-9), (puzzle.id, index)
            assert verdict.correct or verdict.reason.startswith("wrong")
        assert puzzle.solution[0].index in [index for index, value in enumerate(values) if value >= best - 1e-9]
        assert not all(value >= best - 1e-9 for value in values), f"{puzzle.id}: some draw is wrong"


def _first(theme: str, wrong_is_known: bool) -> tuple[Puzzle, int]:
    """A puzzle of the theme and a wrong draw in it: the card followed, or another."""
    for puzzle in PUZZLES:
        if puzzle.theme != theme:
            continue
        offerer, taker = puzzle.start.drawing
        for index in range(len(puzzle.start.hands[offerer])):
            if (index == puzzle.facts["place"] - 1) != wrong_is_known:
                continue
            if not ENGINE.check_puzzle(puzzle.start, puzzle.seat, puzzle.facts, [Draw(taker, index)]).correct:
                return puzzle, index
    raise AssertionError(f"no wrong draw of that sort among the {theme} puzzles")


@pytest.mark.parametrize(("theme", "wrong_is_known", "es", "pt"), [
    ("round_table", True, r"^No: esa es .+, que no hace pareja con ninguna de tus cartas \(probabilidad del 0 %\)\. "
                          r"Cualquier otra la hacía con una probabilidad del \d+(,\d)? %\.$",
     r"^Não: essa é .+, que não faz par com nenhuma das suas cartas"),
    ("round_table", False, r"^No: esa carta hacía pareja con una de las tuyas con una probabilidad del \d+(,\d)? %, y .+, "
                           r"la carta \d+ empezando por la izquierda, la hace con una probabilidad del 100 %\.$",
     r"^Não: essa carta fazia par com uma das suas com uma probabilidade de \d+(,\d)? %"),
    ("ending", True, r"^No: robando esa carta acabarías con la dama con una probabilidad del \d+(,\d)? %, y la mejor "
                     r"elección la deja en el \d+(,\d)? %\. Robando a ciegas sería del \d+(,\d)? %\.$",
     r"^Não: tirando essa carta ficaria com a dama com uma probabilidade de \d+(,\d)? %"),
], ids=["the-queen-followed", "a-card-that-surely-pairs", "ending-with-the-queen"])
def test_a_wrong_draw_is_told_why_with_its_odds_in_both_languages(client, theme, wrong_is_known, es, pt):
    puzzle, index = _first(theme, wrong_is_known)
    move = {"type": "draw", "player": puzzle.seat, "index": index}
    for lang, pattern in (("es", es), ("pt", pt)):
        answer = client.post(f"/api/v1/puzzles/{puzzle.id}/check?lang={lang}", json={"moves": [move]})
        assert answer.status_code == 200
        verdict = answer.get_json()
        assert verdict["correct"] is False and verdict["done"] is True and verdict["reply"] == []
        assert re.search(pattern, verdict["message"].replace("\u00a0", " ")), verdict["message"]


def test_the_goals_say_how_many_players_are_left_in_words(client):
    three = next(puzzle for puzzle in PUZZLES if puzzle.theme == "ending" and len(puzzle.start.active_players()) == 3)
    es = client.get(f"/api/v1/puzzles/{three.id}?lang=es").get_json()
    pt = client.get(f"/api/v1/puzzles/{three.id}?lang=pt").get_json()
    assert es["goal"].startswith("Quedáis tres jugadores.") and "acabar con la dama" in es["goal"]
    assert pt["goal"].startswith("Restam três jogadores.") and "ficar com a dama" in pt["goal"]

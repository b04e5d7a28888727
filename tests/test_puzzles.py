"""The committed puzzles: enough of them, every one solved again by its game's engine (its line right
to the end, a wrong move at its start; Solo Whist's single-dummy counts and every puzzle's themes
found again), the generator giving the same puzzles from the same seed, the partnership problems agreed
by an independent double-dummy solver (DDS, through endplay), and the words of every puzzle in both
languages."""

from __future__ import annotations

import json
import random

import pytest
from endplay.dds import solve_board
from endplay.types import Card as BridgeCard
from endplay.types import Deal as BridgeDeal
from endplay.types import Denom, Player

from naipes.engine.puzzles import RATING_CEILING, RATING_FLOOR, Found
from naipes.games import GAMES
from naipes.games.solo_whist import puzzles as solo_whist_puzzles
from naipes.games.solo_whist import single_dummy
from naipes.puzzles import Puzzle, load_puzzles, load_words, records
from tests.sampling import sweep

PUZZLES = load_puzzles()
LEAST = {"solo-whist": 150, "double-solitaire": 100, "old-maid": 40}


def sample(game: str) -> list[Puzzle]:
    puzzles = list(PUZZLES[game])
    return random.Random(f"puzzles-{game}").sample(puzzles, sweep(len(puzzles)))


@pytest.mark.parametrize("game", sorted(LEAST))
def test_each_game_has_the_puzzles_promised_with_ratings_in_range(game):
    puzzles = PUZZLES[game]
    assert len(puzzles) >= LEAST[game]
    assert all(RATING_FLOOR <= puzzle.rating <= RATING_CEILING for puzzle in puzzles)
    for series in {_series(puzzle) for puzzle in puzzles}:
        ratings = [puzzle.rating for puzzle in puzzles if _series(puzzle) == series]
        assert ratings == sorted(ratings), f"{series} by rating"
    starts = [str(puzzle.start.to_json()) for puzzle in puzzles]
    assert len(set(starts)) == len(starts), "no position is set twice"


def _series(puzzle: Puzzle) -> str:
    return puzzle.id.rsplit("-", 1)[0]


def test_the_first_solo_whist_puzzles_keep_their_ids_and_single_dummy_ones_follow():
    puzzles = PUZZLES["solo-whist"]
    double = [puzzle for puzzle in puzzles if not solo_whist_puzzles.is_single(puzzle.facts)]
    single = [puzzle for puzzle in puzzles if solo_whist_puzzles.is_single(puzzle.facts)]
    assert [puzzle.id for puzzle in double] == [f"solo-whist-{number:03d}" for number in range(1, len(double) + 1)]
    assert [puzzle.id for puzzle in single] == [f"solo-whist-sd-{number:03d}" for number in range(1, len(single) + 1)]
    assert len(double) >= 150 and len(single) >= 30
    assert puzzles == (*double, *single), "the new series after the old, whose numbers stay"


SOLO_TAGS = ("finesse", "throw_in", "unblocking", "counting")


def test_every_solo_whist_puzzle_is_solved_again_its_single_dummy_counts_and_its_themes():
    """The success counts a single-dummy puzzle holds (what its check reads) are counted again from the
    same layouts, each card judged again by the search; every puzzle's themes are found again; and the
    line's cards are those no other card beats."""
    for puzzle in sample("solo-whist"):
        counted, tags = solo_whist_puzzles.solve_again(puzzle.start, puzzle.seat, puzzle.facts, puzzle.solution)
        assert tags == puzzle.tags, puzzle.id
        if solo_whist_puzzles.is_single(puzzle.facts):
            assert counted == puzzle.facts["successes"], puzzle.id
            for counts, move in zip(counted, puzzle.readers_moves):
                others = [count for count in counts.values() if count < counts[move.card.code]]
                assert counts[move.card.code] == max(counts.values()) and others, puzzle.id
                margin = solo_whist_puzzles.LAYOUTS * solo_whist_puzzles.CLEAR_MARGIN // 100
                assert counts[move.card.code] - max(others) >= margin, puzzle.id


def test_the_layouts_of_a_single_dummy_puzzle_keep_what_the_reader_has_seen():
    """Each layout deals only the hidden cards again: the reader's hand and the cards played stay, every
    hidden hand keeps its size, and no seat is given a suit it has shown out of."""
    counting = next(puzzle for puzzle in PUZZLES["solo-whist"] if "counting" in puzzle.tags)
    start, seat = counting.start, counting.seat
    hidden = single_dummy.hidden(start, seat)
    assert any(hidden.voids.values())
    layouts = single_dummy.layouts(start, seat, random.Random(1), 50)
    assert len({layout.hands for layout in layouts}) > 10, "the layouts differ"
    for layout in layouts:
        assert layout.hands[seat] == start.hands[seat] and layout.tricks == start.tricks
        assert layout.trick == start.trick
        for other, size in hidden.sizes.items():
            assert len(layout.hands[other]) == size
            assert not {card.suit for card in layout.hands[other]} & hidden.voids[other]
        assert sorted(card.code for other in hidden.sizes for card in layout.hands[other]) == sorted(
            card.code for card in hidden.cards)


def test_each_solo_whist_theme_is_found_on_some_puzzle():
    found = {tag for puzzle in PUZZLES["solo-whist"] for tag in puzzle.tags}
    assert found == set(SOLO_TAGS)


def replies_of(puzzle: Puzzle) -> list[list[dict]]:
    """The solution's replies, grouped after each of the reader's moves."""
    groups: list[list[dict]] = []
    for move in puzzle.solution:
        if move.player == puzzle.seat:
            groups.append([])
        else:
            groups[-1].append(move.to_json())
    return groups


@pytest.mark.parametrize("game", sorted(LEAST))
def test_every_solution_is_right_to_the_end_and_a_wrong_first_move_is_told_so(game):
    engine = GAMES[game]
    for puzzle in sample(game):
        mine = list(puzzle.readers_moves)
        replies = replies_of(puzzle)
        for made in range(1, len(mine) + 1):
            verdict = engine.check_puzzle(puzzle.start, puzzle.seat, puzzle.facts, mine[:made])
            assert verdict.correct, (puzzle.id, made)
            assert verdict.done == (made == len(mine)), (puzzle.id, made)
            assert [move.to_json() for move in verdict.reply] == replies[made - 1], puzzle.id
        assert [move.to_json() for move in verdict.line] == [move.to_json() for move in puzzle.solution], puzzle.id
        moves = [move for move in engine.legal_moves(puzzle.start) if move.player == puzzle.seat]
        verdicts = [engine.check_puzzle(puzzle.start, puzzle.seat, puzzle.facts, [move]) for move in moves]
        assert any(not verdict.correct for verdict in verdicts), f"{puzzle.id}: some first move is wrong"
        assert all(verdict.reason.startswith("wrong") or verdict.reason in ("blocked", "stuck")
                   for verdict in verdicts if not verdict.correct)


@pytest.mark.parametrize("game", sorted(LEAST))
def test_the_generator_finds_the_committed_puzzles_again_from_the_same_seed(game):
    """The committed set was found from seed 1 in another process: the same search finds the same
    puzzles first, the same position, line, rating and facts."""
    hunt = GAMES[game].find_puzzles(1, sweep(3, least=1))
    assert hunt.tried >= len(hunt.found) and sum(hunt.rejected.values()) == hunt.tried - len(hunt.found)
    committed = {json.dumps({key: value for key, value in entry.items() if key != "id"}, sort_keys=True)
                 for entry in records(game, list(_found(game)))}
    for entry in records(game, hunt.found):
        assert json.dumps({key: value for key, value in entry.items() if key != "id"}, sort_keys=True) in committed


def _found(game: str):
    """The committed puzzles as the search hands them over."""
    return [Found(puzzle.theme, puzzle.rating, puzzle.seat, puzzle.start, puzzle.solution, puzzle.facts, puzzle.tags)
            for puzzle in PUZZLES[game]]


SUITS, RANKS = "SHDC", "23456789TJQKA"


def bridge_deal(position) -> BridgeDeal:
    """A Solo Whist position in play for DDS: seats 0 to 3 are North, East, South and West."""
    held = [list(hand) for hand in position.hands]
    trick = [] if position.trick is None else list(position.trick.cards)
    for offset, card in enumerate(trick):
        held[(position.leader + offset) % 4].append(card)
    code = {"10": "T"}

    def suit(cards, letter):
        ranks = sorted((code.get(card.rank, card.rank) for card in cards if card.suit == letter), key=RANKS.index)
        return "".join(reversed(ranks))

    pbn = " ".join(".".join(suit(hand, letter) for letter in SUITS) for hand in held)
    trump = position.agreed.trump
    deal = BridgeDeal("N:" + pbn, first=Player(position.leader),
                      trump=Denom.nt if trump is None else getattr(Denom, {"S": "spades", "H": "hearts",
                                                                               "D": "diamonds", "C": "clubs"}[trump]))
    for card in trick:
        deal.play(BridgeCard(card.suit + code.get(card.rank, card.rank)))
    return deal


def test_every_partnership_problem_is_agreed_by_dds_at_every_decision_of_its_line():
    engine = GAMES["solo-whist"]
    partnerships = [puzzle for puzzle in PUZZLES["solo-whist"] if puzzle.start.agreed.partner is not None
                    and not solo_whist_puzzles.is_single(puzzle.facts)]
    assert len(partnerships) >= 10
    needed = {"proposal": 8}
    for puzzle in partnerships:
        position = puzzle.start
        for move in puzzle.solution:
            if move.player == puzzle.seat:
                contract = position.agreed
                won = contract.declaring_won(position.tricks_won())
                left = len(position.hands[position.to_move])
                declaring = position.to_move in contract.declaring
                dds = {("SHDC"[card.suit], card.rank.abbr): tricks
                       for card, tricks in solve_board(bridge_deal(position))}
                for play in engine.legal_moves(position):
                    right = engine.check_puzzle(position, puzzle.seat, puzzle.facts, [play]).correct
                    tricks = dds[play.card.suit, "T" if play.card.rank == "10" else play.card.rank]
                    made = won + (tricks if declaring else left - tricks) >= needed[contract.bid]
                    assert right == (made if declaring else not made), (puzzle.id, play.card)
            position, _ = engine.apply(position, move)


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_theme_and_reason_has_its_words_in_both_languages(lang):
    words = load_words(lang, PUZZLES)
    assert words.slug
    for game, puzzles in PUZZLES.items():
        themes = {puzzle.theme for puzzle in puzzles}
        assert themes <= set(words.games[game].themes)
        assert {tag for puzzle in puzzles for tag in puzzle.tags} <= set(words.games[game].tags)

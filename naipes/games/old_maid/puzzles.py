"""Old Maid's puzzles: questions of odds at the end of a game, when two players are left.

With two players left, the reader knows the other fan's cards exactly (every card still out that is
not in their own hand), but not their order, except for one: a card the other player drew from the
reader's fan and could not pair went to the right-hand end of their fan, and stays at the place the
reader can work out (each draw since took one card out, each pair laid aside two) until it is drawn.
Such a card pairs nothing of the reader's (else the reader would have laid the pair aside), so it is
the one draw sure to be wasted, and, with two players left, it is the queen.

The odds are counted exactly (``odds``): over every order of the other fan's cards the reader cannot
tell apart, each as likely, the chance that each place holds a card that pairs one of the reader's, and
that it holds the queen. A draw is right when no other draw has a better chance of a pair. Games are
played by the engine with the players drawing at random, and a candidate is each moment the reader is
to draw from a fan holding such a card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction

from ...engine.cards import Card
from ...engine.errors import IllegalMove
from ...engine.puzzles import Found, Hunt, Verdict, rating
from .rules import DECK, DRAWING, PAIRING, Discard, Draw, Move, Position, apply, legal_moves, new_game

GAMES_PER_SEED = 2_000
"""The games one search may play: far more than enough for the puzzles asked."""


def odds(position: Position, known: Card | None) -> list[tuple[Fraction, Fraction]]:
    """For each place of the fan the taker draws from: the chance the card there pairs one of the taker's,
    and the chance it is the queen, given the taker's hand, every card laid aside and ``known`` (a card
    the taker saw go to that fan, at its place)."""
    offerer, taker = position.drawing
    mine = position.hands[taker]
    out = set(DECK) - {card for pile in position.discards for card in pile} - set(mine)
    fan = position.hands[offerer]
    unknown = [card for card in out if card != known]
    pairs = Fraction(sum(1 for card in unknown if any(card.rank == held.rank for held in mine)), len(unknown) or 1)
    queens = Fraction(sum(1 for card in unknown if card.rank == "Q"), len(unknown) or 1)
    return [(Fraction(0), Fraction(card.rank == "Q")) if card == known else (pairs, queens) for card in fan]


def _known(position: Position, facts: Mapping[str, object]) -> Card | None:
    given = facts.get("given")
    return Card.parse(given) if isinstance(given, str) else None


def _play(rng: random.Random, players: int) -> list[tuple[Position, Card, int]]:
    """The moments of one game, played at random, when a taker with one other player left is to draw
    from a fan holding a card the taker gave and the other could not pair: the position, the card, and
    how many of the taker's draws ago it was given."""
    position = new_game(rng.randrange(1 << 30), players=players)
    given: dict[int, tuple[Card, int, int]] = {}
    found: list[tuple[Position, Card, int]] = []
    while not position.is_over:
        moves = legal_moves(position)
        if position.phase == DRAWING:
            offerer, taker = position.drawing
            held = given.get(offerer)
            if held is not None and held[1] == taker and held[0] in position.hands[offerer]:
                found.append((position, held[0], held[2]))
            move: Move = rng.choice(moves)
            assert isinstance(move, Draw)
            card = position.hands[offerer][move.index]
            position, _ = apply(position, move)
            if held is not None:
                given[offerer] = (held[0], held[1], held[2] + 1)
            if position.phase != PAIRING and len(position.active_players()) == 2:
                # Taken with two players left and not paired: the giver knows where it lies.
                given[taker] = (card, offerer, 0)
        else:
            discard = next(move for move in moves if isinstance(move, Discard))
            position, _ = apply(position, discard)
    return found


def find(seed: int, count: int) -> Hunt:
    hunt = Hunt()
    rng = random.Random(f"old-maid:{seed}")
    seen: set[tuple[tuple[Card, ...], ...]] = set()
    for _ in range(GAMES_PER_SEED):
        if len(hunt.found) >= count:
            break
        players = rng.randint(2, 6)
        moments = _play(rng, players)
        hunt.tried += 1
        if not moments:
            hunt.rejected["no card of the reader's left known"] += 1
            continue
        # The first such moment has the widest fan; the one longest after the card was given, now and
        # then, asks the reader to remember it.
        position, card, turns = max(moments, key=lambda moment: moment[2]) if rng.random() < 0.4 else moments[0]
        if position.hands in seen:
            hunt.rejected["a position found before"] += 1
            continue
        seen.add(position.hands)
        offerer, taker = position.drawing
        chances = odds(position, card)
        best = max(chance for chance, _ in chances)
        right = sum(1 for chance, _ in chances if chance == best)
        if right == len(chances):
            hunt.rejected["every draw as good"] += 1
            continue
        fan = len(position.hands[offerer])
        facts = {"given": card.code, "turns": turns, "players": players, "fan": fan,
                 "place": position.hands[offerer].index(card) + 1, "pair": _percent(best)}
        theme = "just_given" if turns == 0 else "remember"
        best_index = next(index for index, (chance, _) in enumerate(chances) if chance == best)
        hunt.found.append(Found(theme, rating(1, right, len(chances) - right, 150 * turns + 20 * fan), taker,
                                position, (Draw(taker, best_index),), facts))
    return hunt


def _percent(chance: Fraction) -> str:
    """A chance as the pages write it: a whole percentage, or to one decimal where it is not whole."""
    value = chance * 100
    return str(int(value)) if value.denominator == 1 else f"{float(value):.1f}"


def check(start: Position, seat: int, facts: Mapping[str, object], moves: Sequence[Move]) -> Verdict:
    """The reader's draw judged by its exact odds: right when no other place has a better chance of a pair."""
    if start.phase != DRAWING or start.drawing[1] != seat:
        raise IllegalMove("not_your_turn", "the puzzle's seat is not to draw")
    if len(moves) > 1:
        raise IllegalMove("puzzle_over", "the puzzle is over: no more moves")
    if not moves:
        return Verdict(True, False, (), "start")
    move = moves[0]
    if not isinstance(move, Draw):
        raise IllegalMove("draw_expected", "the puzzle asks for a draw")
    apply(start, move)
    known = _known(start, facts)
    chances = odds(start, known)
    best = max(chance for chance, _ in chances)
    chance, queen = chances[move.index]
    card = start.hands[start.drawing[0]][move.index]
    params = {"card": card, "pair": _percent(chance), "best": _percent(best), "queen": _percent(queen),
              "given": known if known is not None else ""}
    right = chance == best
    return Verdict(right, True, (), "solved" if right else "wrong_draw", params, (move,) if right else ())


def params(facts: Mapping[str, object]) -> dict[str, object]:
    given = facts["given"]
    assert isinstance(given, str)
    return {**facts, "given": Card.parse(given)}

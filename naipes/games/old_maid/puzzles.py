"""Old Maid's puzzles: questions of odds at the end of a game, where the reader knows where one card lies.

A card the reader's left-hand neighbour drew and could not pair went to the right-hand end of their fan.
The reader saw which card left; every player sees which place of a fan is drawn and whether the taker
lays a pair aside, so while the card goes on being drawn from the right-hand end and paired by nobody,
the reader knows where it is. When it reaches the fan the reader draws from, three questions are asked:

- two players left (``just_given``, ``remember``): the card is the queen; which draw has the best chance
  of a pair. With two players the reader knows the other fan's cards exactly, all but their order.
- three players left (``round_table``): the same question, the card followed either the queen or one the
  reader has since come to pair, the unseen cards shared between two fans.
- two or three left (``ending``, ``ask`` = ``end``): which draw leaves the reader the least chance of
  ending with the queen if every later draw is blind, counted by the chain of chances (``odds.Odds``).

The odds are counted exactly (``odds``, ``ending``): every way the cards the reader cannot see may lie
(the other fans' cards and their order, no fan holding a pair) is as likely, and the puzzle says what the
reader has seen. Games are played by the engine with the players drawing at random; a candidate is each
moment the reader is to draw from a fan holding such a card, and it is kept when some draw is wrong.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from math import ceil

from ...engine.cards import Card
from ...engine.errors import IllegalMove
from ...engine.puzzles import Found, Hunt, Verdict, rating
from .odds import Odds
from .rules import DECK, DRAWING, PAIRING, Discard, Draw, Move, Position, apply, legal_moves, new_game

GAMES_PER_SEED = 2_000
"""The games one search may play: far more than enough for the puzzles asked."""

CLOSE = 1e-9
"""Two chances of ending with the queen closer than this are the same chance: the chain is solved in
floating point."""


def odds(position: Position, known: Card | None) -> list[tuple[Fraction, Fraction]]:
    """For each place of the fan the taker draws from: the chance the card there pairs one of the taker's,
    and the chance it is the queen, given the taker's hand, every card laid aside and ``known`` (a card
    the taker saw go to that fan, at its place), every way the unseen cards may lie being as likely."""
    splits = _splits(position, known)
    fan = position.hands[position.drawing[0]]
    mine = {card.rank for card in position.hands[position.drawing[1]]}
    slots = len(fan) - (known in fan)
    pairs = sum((Fraction(sum(card.rank in mine for card in unseen), slots or 1) for unseen, _ in splits),
                Fraction(0)) / len(splits)
    queens = sum((Fraction(sum(card.rank == "Q" for card in unseen), slots or 1) for unseen, _ in splits),
                 Fraction(0)) / len(splits)
    return [(Fraction(any(card.rank == held for held in mine)), Fraction(card.rank == "Q")) if card == known
            else (pairs, queens) for card in fan]


def _splits(position: Position, known: Card | None) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Every way the cards the taker cannot see may lie, each as likely: the unseen cards of the fan drawn
    from and those of the one other player still holding cards (none with two players left).

    Once pairs are laid aside a fan holds one card of a rank at most, so a rank with two unseen cards has
    one in each fan, and only the ranks with one unseen card are shared out; which card of a rank lies
    where changes no chance of the game (a pair is any two of a rank), so each rank is counted once."""
    offerer, taker = position.drawing
    others = [seat for seat in position.active_players() if seat not in (offerer, taker)]
    if len(others) > 1:
        raise ValueError("the odds are counted with three players holding cards at most")
    out = set(DECK) - {card for pile in position.discards for card in pile} - set(position.hands[taker])
    unseen = sorted(out - {known}, key=DECK.index)
    slots = len(position.hands[offerer]) - (known in position.hands[offerer])
    if not others:
        return [(tuple(unseen), ())]
    by_rank: dict[str, list[Card]] = {}
    for card in unseen:
        by_rank.setdefault(card.rank, []).append(card)
    both = [cards for cards in by_rank.values() if len(cards) == 2]
    single = [cards[0] for cards in by_rank.values() if len(cards) == 1]
    barred = known.rank if known is not None else None
    fixed = tuple(cards[0] for cards in both)
    rest = tuple(cards[1] for cards in both)
    splits = []
    for chosen in combinations(single, slots - len(fixed)):
        if any(card.rank == barred for card in chosen):
            continue
        left = tuple(card for card in single if card not in chosen)
        splits.append((fixed + chosen, rest + left))
    return splits


def _paired(position: Position) -> Position:
    """The position once the pair a draw made, if any, is laid aside: the game may be over then."""
    if position.phase != PAIRING:
        return position
    return apply(position, next(move for move in legal_moves(position) if isinstance(move, Discard)))[0]


def ending(position: Position, known: Card | None) -> list[float] | None:
    """For each place of the fan the taker draws from: the chance the taker ends holding the queen after
    drawing the card there, if every later draw is blind (``odds.Odds``), every way the unseen cards may
    lie being as likely; None where the chain of chances is too large to count."""
    offerer, taker = position.drawing
    fan = position.hands[offerer]
    chain = Odds(position.players, taker)
    totals = [0.0] * len(fan)
    splits = _splits(position, known)
    other = next((seat for seat in position.active_players() if seat not in (offerer, taker)), None)
    for unseen, elsewhere in splits:
        cards = iter(unseen)
        dealt = tuple(card if card == known else next(cards) for card in fan)
        hands = list(position.hands)
        hands[offerer] = dealt
        if other is not None:
            hands[other] = elsewhere
        table = replace(position, hands=tuple(hands))
        after = []
        for index in range(len(fan)):
            chance = chain.chance(_paired(apply(table, Draw(taker, index))[0]))
            if chance is None:
                return None
            after.append(chance)
        blind = [chance for card, chance in zip(dealt, after) if card != known]
        for index, card in enumerate(dealt):
            totals[index] += after[index] if card == known else sum(blind) / len(blind)
    return [total / len(splits) for total in totals]


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


def _remembered(seed: int, count: int, hunt: Hunt) -> None:
    """Two players left: the queen the other player took from the reader, at the right-hand end of their fan."""
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


def _travels(rng: random.Random, players: int) -> list[tuple[Position, Card]]:
    """The moments of one game, played at random, when a taker with two other players left at most is to
    draw from a fan whose right-hand end holds a card the taker gave: a card that went from fan to fan, each
    time drawn from the right-hand end and paired by nobody, every player seeing which place was drawn."""
    position = new_game(rng.randrange(1 << 30), players=players)
    # A card followed, by the seat that gave it first: the card and the seat holding it at their right-hand end.
    followed: dict[int, tuple[Card, int]] = {}
    found: list[tuple[Position, Card]] = []
    while not position.is_over:
        moves = legal_moves(position)
        if position.phase != DRAWING:
            position, _ = apply(position, next(move for move in moves if isinstance(move, Discard)))
            continue
        offerer, taker = position.drawing
        mine = followed.get(taker)
        if mine is not None and mine[1] == offerer and len(position.active_players()) <= 3 \
                and position.hands[offerer][-1] == mine[0]:
            found.append((position, mine[0]))
        move = rng.choice(moves)
        assert isinstance(move, Draw)
        card = position.hands[offerer][move.index]
        position, _ = apply(position, move)
        paired = position.phase == PAIRING
        if not paired:
            # The giver sees which card went, and the taker lays no pair: it lies at the taker's right-hand end.
            followed.setdefault(offerer, (card, taker))
        for giver, (held, holder) in list(followed.items()):
            if held == card:
                if paired:
                    del followed[giver]
                else:
                    followed[giver] = (held, taker)
            elif (holder == taker and not paired) or held not in position.hands[holder]:
                # A card the holder drew and kept lies to its right now, so its place is no longer sure;
                # or the card drawn paired it and both were laid aside.
                del followed[giver]
    return found


def _travelled(seed: int, count: int, hunt: Hunt) -> None:
    """Three players left, or two: a card the reader gave lies at the right-hand end of the fan they draw
    from. With three, the best chance of a pair; with two or three, the draw that leaves the reader the
    least chance of ending with the queen."""
    rng = random.Random(f"old-maid-travelled:{seed}")
    wanted = len(hunt.found) + count
    seen = {found.start.hands for found in hunt.found if isinstance(found.start, Position)}
    for _ in range(GAMES_PER_SEED):
        if len(hunt.found) >= wanted:
            break
        players = rng.randint(3, 6)
        moments = _travels(rng, players)
        hunt.tried += 1
        # With two players left the card followed is the queen the other just took, as in the puzzles
        # above, unless the reader has since drawn its pair: those, and every moment with three, are asked.
        moments = [(position, card) for position, card in moments
                   if len(position.active_players()) == 3 or card.rank != "Q"]
        if not moments:
            hunt.rejected["no card of the reader's followed to the fan they draw from"] += 1
            continue
        # The widest fan the card reached: the most cards to weigh.
        position, card = max(moments, key=lambda moment: len(moment[0].hands[moment[0].drawing[0]]))
        if position.hands in seen:
            hunt.rejected["a position found before"] += 1
            continue
        offerer, taker = position.drawing
        active = len(position.active_players())
        ask = "pair" if active == 3 and rng.random() < 0.5 else "end"
        fan = len(position.hands[offerer])
        if ask == "pair":
            values = [float(chance) for chance, _ in odds(position, card)]
        else:
            chances = ending(position, card)
            if chances is None:
                hunt.rejected["the chain of chances too large to count"] += 1
                continue
            values = [-chance for chance in chances]
        best = max(values)
        right = sum(1 for value in values if value >= best - CLOSE)
        if right == len(values):
            hunt.rejected["every draw as good"] += 1
            continue
        seen.add(position.hands)
        best_index = next(index for index, value in enumerate(values) if value >= best - CLOSE)
        facts = {"given": card.code, "players": players, "active": active, "fan": fan,
                 "place": position.hands[offerer].index(card) + 1, "ask": ask}
        theme = "round_table" if ask == "pair" else "ending"
        # Every one of these is rated above the two-player puzzles (1,030 at most), so that those, numbered
        # by rating, keep their ids; the many right draws are cards alike, not a choice made easier.
        extra = 360 + 120 * (right - 1) + 20 * fan + (200 if ask == "end" else 0)
        hunt.found.append(Found(theme, rating(1, right, len(values) - right, extra), taker, position,
                                (Draw(taker, best_index),), facts))


REMEMBERED_SHARE = 3 / 5
"""The share of a search's puzzles that ask about the queen just taken with two players left (the first
puzzles found, whose numbers stay as they were); the others ask about a card followed round the table."""


def find(seed: int, count: int) -> Hunt:
    hunt = Hunt()
    remembered = ceil(count * REMEMBERED_SHARE)
    _remembered(seed, remembered, hunt)
    _travelled(seed, count - len(hunt.found), hunt)
    return hunt


def _percent(chance: Fraction) -> str:
    """A chance as the pages write it: a whole percentage, or to one decimal where it is not whole."""
    value = chance * 100
    return str(int(value)) if value.denominator == 1 else f"{float(value):.1f}"


def check(start: Position, seat: int, facts: Mapping[str, object], moves: Sequence[Move]) -> Verdict:
    """The reader's draw judged by its exact odds: right when no other place has a better chance of a pair,
    or, where the puzzle asks about the end (``ask`` is ``end``), a smaller chance of ending with the queen."""
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
    chance, queen = chances[move.index]
    card = start.hands[start.drawing[0]][move.index]
    params = {"card": card, "pair": _shown(chance), "queen": _shown(queen),
              "given": known if known is not None else "", "place": facts.get("place", "")}
    if facts.get("ask") == "end":
        endings = ending(start, known)
        if endings is None:
            raise ValueError("the puzzle's chain of chances is too large to count")
        least = min(endings)
        right = endings[move.index] <= least + CLOSE
        params |= {"end": _shown(endings[move.index]), "best": _shown(least),
                   "blind": _shown(sum(endings) / len(endings))}
        return Verdict(right, True, (), "solved_end" if right else "wrong_end", params, (move,) if right else ())
    best = max(chance for chance, _ in chances)
    params["best"] = _shown(best)
    right = chance == best
    wrong = "wrong_draw" if card == known else "wrong_pair"
    return Verdict(right, True, (), "solved" if right else wrong, params, (move,) if right else ())


def _shown(chance: Fraction | float) -> float:
    """A chance as a check says it: a percentage to one decimal, which the web writes as the reader's
    language writes numbers."""
    return round(float(chance) * 100, 1)


def params(facts: Mapping[str, object]) -> dict[str, object]:
    given = facts["given"]
    assert isinstance(given, str)
    active = facts.get("active")
    # How many players are left, as the words of each language say it ("dos", "três").
    return {**facts, "given": Card.parse(given), **({"active": f"active_{active}"} if active is not None else {})}

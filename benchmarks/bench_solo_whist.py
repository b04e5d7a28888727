"""Solo Whist engine figures: moves applied per second, random deals per second, voids in the deal.

Random players choose among the legal moves, with the auction biased so that most
deals are played rather than annulled (uniformly random callers would annul a
good share and bid declared abundance far too often): a player accepts a standing
proposal half the time; otherwise they bid with probability 0.3, one of the (up to)
three lowest contracts they may name, chosen uniformly; otherwise they pass. Trump
suits and cards are chosen uniformly among the legal moves.
"""

from __future__ import annotations

import random
import time
from math import comb

from naipes.games.solo_whist import rules as solo_whist

TITLE = "Solo Whist"


def choose(rng: random.Random, moves: list) -> object:
    """A random legal move, the auction biased towards low bids and acceptances (see above)."""
    first = moves[0]
    if not isinstance(first, solo_whist.Bid):
        return rng.choice(moves)
    calls = {move.bid: move for move in moves}
    if solo_whist.ACCEPTANCE in calls and rng.random() < 0.5:
        return calls[solo_whist.ACCEPTANCE]
    contracts = [move for move in moves if move.bid in solo_whist.CONTRACTS]
    if contracts and rng.random() < 0.3:
        return rng.choice(contracts[:3])
    return calls[solo_whist.PASS]


def play_deal(seed: int, rng: random.Random) -> tuple[solo_whist.Position, list]:
    """One complete deal from ``new_game(seed)``: the final position and the moves made."""
    position = solo_whist.new_game(seed)
    moves = []
    while not position.is_over:
        move = choose(rng, solo_whist.legal_moves(position))
        position, _events = solo_whist.apply(position, move)
        moves.append(move)
    return position, moves


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    deals = 200 if quick else 2_000
    rng = random.Random(2024)

    started = time.perf_counter()
    games = [play_deal(seed, rng) for seed in range(deals)]
    deals_per_second = deals / (time.perf_counter() - started)
    played = sum(1 for final, _moves in games if final.phase == solo_whist.OVER)

    starts = [solo_whist.new_game(seed) for seed in range(deals)]
    applied = sum(len(moves) for _final, moves in games)
    apply = solo_whist.apply
    started = time.perf_counter()
    for position, (_final, moves) in zip(starts, games):
        for move in moves:
            position, _events = apply(position, move)
    moves_per_second = applied / (time.perf_counter() - started)

    void_deals = 2_000 if quick else 100_000
    hands_with_void = 0
    for seed in range(void_deals):
        for hand in solo_whist.new_game(seed).hands:
            if len({card.suit for card in hand}) < 4:
                hands_with_void += 1

    return [
        ("moves applied per second (auction and play)", moves_per_second, "moves/s"),
        (f"complete random deals per second ({deals} deals)", deals_per_second, "deals/s"),
        ("share of those deals played rather than annulled", 100 * played / deals, "%"),
        (f"hands of 13 with at least one void suit ({void_deals:,} deals)",
         100 * hands_with_void / (4 * void_deals), "%"),
        ("  the exact probability, for comparison", 100 * exact_void_share(), "%"),
    ]


def exact_void_share() -> float:
    """The chance that a 13-card hand misses at least one suit (inclusion-exclusion over the suits)."""
    hands = comb(52, 13)
    return (4 * comb(39, 13) - 6 * comb(26, 13) + 4 * comb(13, 13)) / hands

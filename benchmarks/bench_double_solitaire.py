"""Double Solitaire race: how fast the engine plays, and how often a deal is stuck from the start.

The random players: at each step one of the two players is picked at random
(both play at once, at the same speed), and that player makes one of their legal
moves. Chosen uniformly, moves would mostly be draws and runs shuffled between
columns, and a race would take very long to reach its end; so nine times in ten
a player who has a progress move (a card to a foundation, the waste's card to a
column, a face-down card turned up) makes one of those instead. Races end only
by the engine's own rules: a player wins, or both are blocked.
"""

from __future__ import annotations

import random
import statistics
import time

from naipes.games.double_solitaire import rules as ds

TITLE = "Double Solitaire race"

PROGRESS_BIAS = 0.9
"""How often a random player who has a progress move makes one."""


def _choose(position: ds.Position, rng: random.Random) -> ds.Move:
    moves = ds.legal_moves(position)
    players = sorted({move.player for move in moves})
    player = rng.choice(players)
    mine = [move for move in moves if move.player == player]
    progress = [move for move in mine if ds.is_progress(position, move)]
    if progress and rng.random() < PROGRESS_BIAS:
        return rng.choice(progress)
    return rng.choice(mine)


def _races(count: int) -> tuple[float, float, float, list[float]]:
    """Random races: races per second, moves per second by ``apply`` alone, mean moves
    per race, and the time of a fresh block check of both layouts after every move
    (searched again without the engine's memo; not counted in the other figures)."""
    rng = random.Random(1)
    applied = 0
    apply_seconds = 0.0
    checks: list[float] = []
    checking = 0.0
    clock = time.perf_counter
    start = clock()
    for seed in range(count):
        position = ds.new_game(seed)
        while position.status == ds.PLAYING:
            move = _choose(position, rng)
            before = clock()
            position, _ = ds.apply(position, move)
            apply_seconds += clock() - before
            applied += 1
            before = clock()
            for layout in position.players:
                checks.append(_check_time(layout, position.foundations))
            checking += clock() - before
    elapsed = clock() - start - checking
    return count / elapsed, applied / apply_seconds, applied / count, checks


def _check_time(layout: ds.Layout, foundations: tuple[ds.Foundation, ...]) -> float:
    """The time of one fresh block search, the best of three so that a pause of the
    machine is not taken for a slow search."""
    clock = time.perf_counter
    best = float("inf")
    for _ in range(3):
        before = clock()
        ds.layout_blocked(layout, foundations)
        best = min(best, clock() - before)
    return best


def _fresh_deals(count: int) -> tuple[float, float]:
    """Over ``count`` deals (two layouts each): the share of layouts with no progress
    move at the start, and the share from which no progress can ever be reached."""
    no_move = stuck = 0
    for seed in range(count):
        position = ds.new_game(seed)
        moves = ds.legal_moves(position)
        for player in range(ds.PLAYER_COUNT):
            no_move += not any(move.player == player and ds.is_progress(position, move) for move in moves)
            stuck += ds.is_blocked(position, player)
    layouts = count * ds.PLAYER_COUNT
    return no_move / layouts, stuck / layouts


HEAVY = (
    ((), ("KS", "QH", "JS", "10H", "9S", "8H", "7S", "6H")), (("AS",), ("4H", "3S", "2H")), ((), ("KC", "QD", "JC")),
    ((), ("10D",)), ((), ("9C",)), ((), ("8D", "7C", "6D", "5C", "4D")), ((), ("3C",)),
)
"""The heaviest legal layout found (tests/engine/test_double_solitaire.py): searched to
the end, its block search generates 6,144 column arrangements, over the budget."""


def _worst_request() -> float:
    """The most CPU time the engine spends on one API request about the heaviest race:
    both players holding ``HEAVY``, read from JSON and then asked for its legal moves
    (``/legal``) or made to apply each of them (``/apply``), the memo emptied each time."""
    layout = {
        "tableau": [[{"card": code, "up": False} for code in down] + [{"card": code, "up": True} for code in up]
                    for down, up in HEAVY],
        "stock": [], "waste": [],
    }
    data = {"players": [layout, layout], "foundations": [[] for _ in range(ds.FOUNDATION_COUNT)]}
    clock = time.process_time
    moves = ds.legal_moves(ds.Position.from_json(data))
    worst = 0.0
    for move in [None, *moves]:
        ds._BLOCKED_MEMO.clear()
        before = clock()
        position = ds.Position.from_json(data)
        if move is None:
            [m.to_json() for m in ds.legal_moves(position)]
        else:
            ds.apply(position, ds.move_from_json(move.to_json()))[0].to_json()
        worst = max(worst, clock() - before)
    return worst


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    races = 20 if quick else 300
    deals = 2_000 if quick else 100_000
    races_rate, apply_rate, mean_moves, checks = _races(races)
    no_move, stuck = _fresh_deals(deals)
    return [
        ("apply(), block check included: moves applied per second", apply_rate, "moves/s"),
        (f"complete random races per second ({races} races)", races_rate, "races/s"),
        ("mean moves per random race", mean_moves, "moves"),
        ("block check of one layout, fresh search (best of 3): median", statistics.median(checks) * 1e6, "µs"),
        ("block check of one layout, fresh search (best of 3): worst", max(checks) * 1e6, "µs"),
        (f"{deals:,} deals: layouts with no progress move at the start", no_move * 100, "%"),
        (f"{deals:,} deals: layouts blocked from the start (no progress reachable)", stuck * 100, "%"),
        ("heaviest legal race: worst engine CPU time of one /legal or /apply", _worst_request() * 1e3, "ms"),
    ]

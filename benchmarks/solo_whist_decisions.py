"""How often the strong Solo Whist player's card is right where the contract's fate hangs on it.

Each deal ``new_game(seed)`` is played twice as the strength benchmark plays it (strong in seats 0 and
2, basic in 1 and 3, then the other way round). At every strong card choice with more than one legal
card, the analysis board, given the true deal, says which cards get the seat's side its way (the
contract made, or beaten) with best play by everyone after them. Where some cards do and some do not,
the choice is *critical*, and the benchmark counts whether the strong player's card is one that does.
This is the oracle's measure (``solo_whist_players.py --match oracle-basic``) taken card by card, so
far more sensitive than chips: a change to the card play shows in a few hundred deals.

``--budgets`` names the card budgets compared: the first plays the deals, and at each choice every
other chooses too, from the same view and the same random state, so all are judged on the same
positions; printed for each, its right cards at critical choices (declaring and defending), the
choices where it and the first differ in being right, and its CPU per choice (p50, p95). Pass
``--start`` a seed no test or tuning used.

    .venv/bin/python benchmarks/solo_whist_decisions.py --deals 400 --start 81100000 --budgets site,large
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from naipes.games.solo_whist import double_dummy
from naipes.games.solo_whist import rules as sw
from naipes.games.solo_whist.players.sampling import STRONG, choose_card
from naipes.games.solo_whist.view import view
from solo_whist_players import SIDES, decide, level, percentile, right_cards

BUDGETS = {"site": STRONG,
           "large": replace(STRONG, samples=96, nodes=8_000_000),
           "small": replace(STRONG, samples=12, nodes=1_000_000),
           "blind": replace(STRONG, auction_tries=1),
           "fitting": replace(STRONG, auction_tries=200),
           "patient": replace(STRONG, deal_nodes=STRONG.nodes)}
"""The site's cap; four times its deals and nodes, and half of them (what more or less sampling buys);
its deals drawn once each, whatever the auction said, or up to 200 times to find one that fits it
instead of 20 (what the auction's hints buy); and no deal dropped for its cost short of the whole
decision's nodes (whether the hard deals the site drops early in a hand bias its count)."""


def one_deal(args: tuple[int, tuple[str, ...]]) -> tuple[Counter, dict[str, list[float]]]:
    """Deal ``seed`` played both ways: the critical choices' counts, and each budget's CPU per choice."""
    seed, names = args
    counts: Counter = Counter()
    times: dict[str, list[float]] = {name: [] for name in names}
    for strong_seats in SIDES:
        rng = random.Random(seed)
        position = sw.new_game(seed)
        while not position.is_over:
            seat = position.to_move
            moves = sw.legal_moves(position)
            if seat not in strong_seats or not isinstance(moves[0], sw.Play) or len(moves) == 1:
                position, _ = sw.apply(position, decide(position, level(seat, strong_seats), rng, STRONG))
                continue
            seen, cards, state = view(position, seat), [move.card for move in moves], rng.getstate()
            chosen = {}
            for name in names:
                draws = random.Random()
                draws.setstate(state)
                cpu = time.process_time()
                chosen[name] = choose_card(seen, cards, draws, BUDGETS[name]).move.card
                times[name].append(time.process_time() - cpu)
                if name == names[0]:
                    rng = draws
            _count(position, len(cards), chosen, names, counts)
            position, _ = sw.apply(position, sw.Play(seat, chosen[names[0]]))
    return counts, times


def _count(position: sw.Position, legal: int, chosen: dict, names: tuple[str, ...], counts: Counter) -> None:
    """Whether each budget's card, of ``legal`` cards, is right at this choice, if it is critical and the
    board can say."""
    try:
        right = right_cards(position)
    except double_dummy.BudgetExceeded:
        counts["unbounded"] += 1
        return
    if not right or len(right) == legal:
        return
    side = "declaring" if position.to_move in position.agreed.declaring else "defending"
    counts[side] += 1
    for name in names:
        counts[(name, side)] += chosen[name] in right
        if name != names[0]:
            counts[(name, "gained")] += chosen[name] in right and chosen[names[0]] not in right
            counts[(name, "lost")] += chosen[names[0]] in right and chosen[name] not in right


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--start", type=int, required=True)
    parser.add_argument("--budgets", default="site,large")
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    names = tuple(options.budgets.split(","))
    unknown = [name for name in names if name not in BUDGETS]
    if unknown:
        parser.error(f"budgets are {', '.join(BUDGETS)}, not {', '.join(unknown)}")
    counts: Counter = Counter()
    times: dict[str, list[float]] = {name: [] for name in names}
    with ProcessPoolExecutor(options.jobs) as pool:
        jobs = [(seed, names) for seed in range(options.start, options.start + options.deals)]
        for deal_counts, deal_times in pool.map(one_deal, jobs, chunksize=2):
            counts.update(deal_counts)
            for name, spent in deal_times.items():
                times[name].extend(spent)
    print(f"{options.deals} deals from seed {options.start}, played by budget {names[0]!r}; critical choices:"
          f" {counts['declaring']} declaring, {counts['defending']} defending"
          f" ({counts['unbounded']} choices past the board's bound, not counted)")
    for name in names:
        right = [counts[(name, side)] / max(1, counts[side]) for side in ("declaring", "defending")]
        critical = counts["declaring"] + counts["defending"]
        every = (counts[(name, "declaring")] + counts[(name, "defending")]) / max(1, critical)
        p50, p95 = (1000 * percentile(times[name], share) for share in (0.5, 0.95))
        line = (f"  {name:9} right {every:.3f} (declaring {right[0]:.3f}, defending {right[1]:.3f});"
                f" CPU a choice p50 {p50:.1f} ms, p95 {p95:.1f} ms")
        if name != names[0]:
            line += f"; right where {names[0]} is wrong {counts[(name, 'gained')]}, the reverse {counts[(name, 'lost')]}"
        print(line)


if __name__ == "__main__":
    main()

"""How strong the Solo Whist computer players are, measured in chips.

Each deal of a fixed corpus (``new_game(seed)`` for seeds 0..N-1, dealer by lot) is
played twice: side A in seats 0 and 2 and side B in seats 1 and 3, then the other
way round, so the cards' luck cancels out. A deal's figure is side A's chips over
both playings (both its seats), halved: the mean chips side A wins per playing.

Matches: ``strong-basic`` (the sampling player against the rules of thumb),
``basic-random`` and ``strong-random`` (against a player that passes in the auction,
names a random trump and plays a random legal card), and ``strong-strong`` (the sampling
player against itself: its mean is nothing by symmetry, but its contracts are the strong
player's make rates against strong defence), and ``oracle-basic``, a yardstick and no player of the
site's: the strong player's bids, but its cards chosen as the strong player chooses them with the
true deal as its one sampled deal (it sees every hand), so that the strong player's edge can be set
against what the same search gets with nothing hidden. Printed: the mean with a 95%
confidence interval (normal approximation over the deals), how often each level's
contracts are made, side A's chips from the deals each level declares, and decision
times per level: CPU time of the deciding process (what one core spends, whatever else
the machine runs) and wall time. Pass ``--start`` a seed no test or tuning used.

``--budget large`` gives the strong player's card play twice the deals and three times the
search (the figures say which budget was used); ``default`` is the cap the site runs with.

    .venv/bin/python benchmarks/solo_whist_players.py --deals 1000 --match strong-basic
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from naipes.engine.cards import Card
from naipes.games.solo_whist import analysis, double_dummy
from naipes.games.solo_whist.players import heuristics
from naipes.games.solo_whist import rules as sw
from naipes.games.solo_whist.view import view
from naipes.games.solo_whist import player as players
from naipes.games.solo_whist import sentences as sw_sentences, shapes as sw_shapes
from naipes.games.solo_whist import view as sw_view
from naipes.games.solo_whist.game import SoloWhist
from naipes.tables import driver
from naipes.games.solo_whist.players.bidding import STRONG_BIDS, BidBudget
from naipes.games.solo_whist.players.sampling import STRONG, Budget, best_card

BUDGETS = {"default": STRONG, "large": Budget(samples=48, nodes=6_000_000, deal_nodes=1_500_000)}
MATCHES = {"strong-basic": ("strong", "basic"), "basic-random": ("basic", "random"),
           "strong-random": ("strong", "random"), "strong-strong": ("strong", "strong"),
           "oracle-basic": ("oracle", "basic")}
ORACLE_NODES = analysis.NODE_LIMIT
"""The most nodes the oracle's search of the true deal may visit for one card; past it the oracle plays
the strong player's card (3 card choices in 1,000 on the deals of its first measurement)."""
SIDES = ((0, 2), (1, 3))
"""The seats of side A in a deal's two playings."""


def level(seat: int, strong: tuple[int, ...]) -> str:
    """The level in ``seat`` when the strong players sit in ``strong`` and basic ones in the others."""
    return "strong" if seat in strong else "basic"


def decide(position: sw.Position, level: str, rng: random.Random, budget: Budget,
           bid_budget: BidBudget = STRONG_BIDS) -> sw.Move:
    """The move of the seat to act, chosen by ``level`` from that seat's view only (but the oracle's
    cards, chosen from the whole deal); a strong player's cards within ``budget``, its bids within
    ``bid_budget``."""
    seat = position.to_move
    moves = sw.legal_moves(position)
    if level == "random":
        if isinstance(moves[0], sw.Bid):
            return sw.Bid(seat, sw.PASS)
        return rng.choice(moves)
    if level == "oracle":
        if isinstance(moves[0], sw.Play) and len(moves) > 1:
            try:
                return oracle_card(position, moves)
            except double_dummy.BudgetExceeded:
                pass
        level = "strong"
    return players.choose(view(position, seat), moves, rng, level, budget=budget, bid_budget=bid_budget).move


def right_cards(position: sw.Position) -> set[Card]:
    """The cards of the seat to play that get its side its way (the contract made, or beaten) with best
    play by everyone after them, judged on the true deal; ``double_dummy.BudgetExceeded`` past ``ORACLE_NODES``."""
    wants_made = position.to_move in position.agreed.declaring
    return {value.card for value in analysis.analyse(position, ORACLE_NODES) if value.made == wants_made}


def oracle_card(position: sw.Position, moves: list[sw.Move]) -> sw.Move:
    """The card the strong player would choose if its one sampled deal were the true one: one that
    makes the contract (or beats it) with best play by everyone after it, the rules of thumb's card
    among those that do as well."""
    seat = position.to_move
    right = right_cards(position)
    cards = [move.card for move in moves if isinstance(move, sw.Play)]
    by_thumb = heuristics.play(view(position, seat), cards).move.card
    return sw.Play(seat, best_card(cards, {card: card in right for card in cards}, by_thumb))


def side_chips(final: sw.Position, seats: tuple[int, ...]) -> int:
    """What ``seats`` won together in a finished deal; nothing in an annulled one."""
    if final.phase != sw.OVER or final.result is None:
        return 0
    return sum(final.result.settlement[seat] for seat in seats)


def play(seed: int, levels: tuple[str, str, str, str], budget: Budget) -> tuple[sw.Position, dict]:
    """One playing of deal ``seed`` with ``levels[seat]`` in each seat; decision times per level."""
    rng = random.Random(seed)
    position = sw.new_game(seed)
    times: dict[str, list[tuple[float, float]]] = {}
    while not position.is_over:
        level = levels[position.to_move]
        cpu, wall = time.process_time(), time.perf_counter()
        move = decide(position, level, rng, budget)
        times.setdefault(level, []).append((time.process_time() - cpu, time.perf_counter() - wall))
        position, _events = sw.apply(position, move)
    return position, times


def one_deal(args: tuple[int, str, str, str]) -> tuple[float, Counter, dict]:
    """Deal ``seed`` played both ways: side A's mean chips, contracts by level, decision times."""
    seed, first, second, budget_name = args
    budget = BUDGETS[budget_name]
    chips = 0
    contracts: Counter = Counter()
    times: dict[str, list] = {}
    for a_seats in SIDES:
        levels = tuple(first if seat in a_seats else second for seat in range(4))
        final, played_times = play(seed, levels, budget)
        for level, spent in played_times.items():
            times.setdefault(level, []).extend(spent)
        if final.phase != sw.OVER:
            continue
        won = side_chips(final, a_seats)
        chips += won
        contracts[(levels[final.contract.bidder], final.contract.bid, final.result.made)] += 1
        contracts[("chips when declaring", levels[final.contract.bidder])] += won
    return chips / 2, contracts, times


def saved(result: tuple[float, Counter, dict]) -> str:
    """One deal's result as a line of JSON, so that a long run stopped half way still counts."""
    chips, contracts, times = result
    return json.dumps({"chips": chips, "contracts": [[list(key), count] for key, count in contracts.items()],
                       "times": times})


def loaded(line: str) -> tuple[float, Counter, dict]:
    data = json.loads(line)
    contracts = Counter({tuple(key): count for key, count in data["contracts"]})
    return data["chips"], contracts, data["times"]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(match: str, deals: int, budget_name: str, results: list, elapsed: float) -> None:
    first, second = MATCHES[match]
    per_deal = [chips for chips, _contracts, _times in results]
    mean = statistics.fmean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / len(per_deal) ** 0.5
    print(f"== {match}: {deals} deals x 2 playings, strong budget {budget_name} {BUDGETS[budget_name]},"
          f" {elapsed:.0f} s wall")
    print(f"{first} side, mean chips per deal (per playing): {mean:+.3f}  95% CI [{mean - half:+.3f},"
          f" {mean + half:+.3f}]")
    contracts: Counter = Counter()
    for _chips, counted, _times in results:
        contracts.update(counted)
    levels = tuple(dict.fromkeys((first, second)))
    for level in levels:
        for bid in sw.CONTRACTS:
            made, failed = contracts[(level, bid, True)], contracts[(level, bid, False)]
            if made + failed:
                print(f"  {level:6} bids {bid:18} {made + failed:5}  made {made / (made + failed):6.1%}")
    for level in levels:
        declared = contracts[("chips when declaring", level)] / (2 * deals)
        print(f"  {first} side's chips per deal (per playing) from the deals {level} declares: {declared:+.3f}")
    times: dict[str, list] = {}
    for _chips, _contracts, spent in results:
        for level, values in spent.items():
            times.setdefault(level, []).extend(values)
    for level, values in sorted(times.items()):
        cpu = [value[0] * 1000 for value in values]
        wall = [value[1] * 1000 for value in values]
        print(f"  {level:6} decisions {len(values):6}  CPU ms p50 {percentile(cpu, .5):7.2f}"
              f" p95 {percentile(cpu, .95):7.2f} p99 {percentile(cpu, .99):7.2f}  wall ms p50 {percentile(wall, .5):7.2f}"
              f" p99 {percentile(wall, .99):7.2f}")


def table_answers(deals: int, start: int, bounded: bool) -> None:
    """What one ``/tables/move`` answer costs: the reader (seat 0, played here by the rules of
    thumb) against three strong players at the default budget, each answer run by the site's own
    table driver (``driver.settle``), which shares the game's allowance among its computers (``bounded``
    False: none, each decision only its own budget); an answer's time is the CPU time of every
    computer move between two of the reader's moves. Also counted: the decisions that found less of
    the allowance left than their own budget, and those that found none and so followed the rules
    of thumb."""
    counted: Counter = Counter()

    class Counting(SoloWhist):
        answer_work = SoloWhist.answer_work if bounded else None

        def decide(self, seen, moves, rng, level, allowance):
            if allowance is not None and len(moves) > 1:
                own = STRONG_BIDS.nodes if isinstance(moves[0], sw.Bid) else STRONG.nodes
                counted["decisions"] += 1
                counted["cut"] += allowance.left < own
                counted["none"] += allowance.left == 0
            return super().decide(seen, moves, rng, level, allowance)

    game = Counting(rules=sw, view=sw_view, sentences=sw_sentences, player=players, shapes=sw_shapes)
    answers: list[float] = []
    for seed in range(start, start + deals):
        rng = random.Random(seed)
        position = sw.new_game(seed)
        while True:
            cpu = time.process_time()
            position, _events = driver.settle(game, position, 0, "strong", rng)
            answers.append(1000 * (time.process_time() - cpu))
            if position.is_over:
                break
            position, _events = driver.play(game, position, 0, game.choose(position, 0, rng, "basic").move, rng)
    print(f"== table answers: {deals} deals from seed {start}, {len(answers)} answers, three strong players {STRONG},"
          f" {game.answer_work or 'no'} positions an answer")
    print(f"  CPU ms per answer p50 {percentile(answers, .5):.1f} p95 {percentile(answers, .95):.1f}"
          f" p99 {percentile(answers, .99):.1f} max {max(answers):.1f}")
    if bounded:
        print(f"  of {counted['decisions']} strong decisions with a choice, {counted['cut']} found less of the answer's"
              f" allowance left than their own budget and {counted['none']} none (these followed the rules of thumb)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="first seed of the corpus (default 0)")
    parser.add_argument("--match", choices=[*MATCHES, "all"], default="all")
    parser.add_argument("--budget", choices=list(BUDGETS), default="default")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the machine is shared: keep it low)")
    parser.add_argument("--quick", action="store_true", help="100 deals")
    parser.add_argument("--table-answers", type=int, metavar="DEALS",
                        help="only time /tables/move answers over this many deals")
    parser.add_argument("--unbounded-answers", action="store_true",
                        help="with --table-answers: no allowance shared by an answer's decisions (as before it)")
    parser.add_argument("--out", help="append each deal's result to this file as it is played (one match)")
    parser.add_argument("--report", nargs="+", metavar="FILE",
                        help="only report the deals saved in these files by --out (for --match)")
    options = parser.parse_args()
    if options.report:
        lines = [line for name in options.report for line in open(name, encoding="utf-8") if line.strip()]
        report(options.match, len(lines), options.budget, [loaded(line) for line in lines], 0.0)
        return
    if options.table_answers:
        table_answers(options.table_answers, options.start, not options.unbounded_answers)
        return
    if options.quick:
        options.deals = 100
    for match in MATCHES if options.match == "all" else (options.match,):
        first, second = MATCHES[match]
        seeds = range(options.start, options.start + options.deals)
        tasks = [(seed, first, second, options.budget) for seed in seeds]
        started = time.perf_counter()
        out = open(options.out, "a", encoding="utf-8") if options.out else None
        results = []
        with ProcessPoolExecutor(options.jobs) as pool:
            for result in pool.map(one_deal, tasks, chunksize=1):
                results.append(result)
                if out:
                    out.write(saved(result) + "\n")
                    out.flush()
        report(match, options.deals, options.budget, results, time.perf_counter() - started)


if __name__ == "__main__":
    main()

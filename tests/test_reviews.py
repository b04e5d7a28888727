"""The reviews' judgements, as a reader would check them: a reader who played every hint is told
nothing they could have done better from what they saw, a weak reader is, and every cost is the
number it claims to be (the solver's difference, the cards that stood ready for a foundation)."""

from __future__ import annotations

import random

import pytest

from benchmarks.old_maid_odds import drawn, old_maid_game
from naipes.engine.cards import Card
from naipes.engine.review import Judgement, dice_for, summary
from naipes.games import GAMES
from naipes.games.double_solitaire import player as race_player
from naipes.games.double_solitaire import rules as race
from naipes.games.double_solitaire.strength_alone import play_alone
from naipes.games.double_solitaire.view import view as race_view
from naipes.games.old_maid import odds as old_maid_odds
from naipes.games.old_maid import rules as old_maid
from naipes.games.solo_whist import double_dummy
from naipes.games.solo_whist.players import bidding
from naipes.games.solo_whist import player as whist_player
from naipes.games.solo_whist import review as whist_review
from naipes.games.solo_whist import rules as whist
from naipes.games.solo_whist.analysis import analyse
from naipes.games.solo_whist.view import view as whist_view


def review_race(start, moves, seat):
    return GAMES["double-solitaire"].review(start, moves, seat).judgements


def review_whist(start, moves, seat):
    return GAMES["solo-whist"].review(start, moves, seat).judgements


def _race(seed: int, weak: bool, limit: int = 400):
    rng = random.Random(seed)
    position = start = race.new_game(seed)
    moves = []
    for turn in range(limit):
        if position.is_over:
            break
        seat = turn % 2
        own = [move for move in race.legal_moves(position) if move.player == seat]
        if not own:
            continue
        seen = race_view(position, seat)
        if seat == 0 and weak:
            move = rng.choice(own)
        else:
            move = race_player.choose(seen, own, dice_for(seen.to_json(), len(moves)) if seat == 0 else rng).move
        position, _ = race.apply(position, move)
        moves.append(move)
    return start, moves


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_race_reader_who_played_every_hint_missed_nothing(seed):
    start, moves = _race(seed, weak=False)
    assert review_race(start, moves, 0) == ()


@pytest.mark.parametrize("seed", [2, 98, 104, 109])
def test_a_race_reader_who_plays_every_hint_comes_to_the_end(seed):
    """On these deals a pass through the stock brings back a view the hints had seen; dice drawn
    from the view alone sent the reader round the same moves for ever."""
    start, moves = _race(seed, weak=False, limit=1000)
    position = start
    for move in moves:
        position, _ = race.apply(position, move)
    assert position.is_over


def test_a_weak_race_reader_is_shown_the_cards_that_stood_ready_for_a_foundation():
    start, moves = _race(5, weak=True)
    judgements = review_race(start, moves, 0)
    assert judgements and all(judgement.findable for judgement in judgements)
    positions = [start]
    for move in moves:
        positions.append(race.apply(positions[-1], move)[0])
    missed = [judgement for judgement in judgements if judgement.cost > 0]
    assert missed
    for judgement in missed:
        before = positions[judgement.step - 1]
        ready = {move.source for move in race.legal_moves(before)
                 if move.player == 0 and isinstance(move, race.Transfer) and move.target.startswith("f")}
        assert judgement.cost == len(ready)
        assert isinstance(judgement.best, race.Transfer) and judgement.best.target.startswith("f")
        assert judgement.move == moves[judgement.step - 1]
    worst = summary(judgements)
    assert judgements[worst[0]].cost == max(judgement.cost for judgement in judgements)


def _ended(start, moves):
    positions = [start]
    for move in moves:
        positions.append(race.apply(positions[-1], move)[0])
    return positions


@pytest.mark.parametrize("seed", [29])
def test_a_lost_race_names_the_moves_the_solo_player_would_have_won_it_from(seed):
    """The reader lost by a block; from some decision before it the race player, seeing only what the
    reader saw and playing on alone, puts up more cards than the opponent had at the end: the review
    names such a decision as decisive, its cost the cards it would have put up beyond the reader's."""
    start, moves = _race(seed, weak=True, limit=1500)
    positions = _ended(start, moves)
    final = positions[-1]
    assert final.winner == 1 and race.is_blocked(final, 0)
    decisive = [judgement for judgement in review_race(start, moves, 0) if judgement.decisive]
    assert decisive
    for judgement in decisive:
        before = positions[judgement.step - 1]
        seen = race_view(before, 0)
        own = [move for move in race.legal_moves(before) if move.player == 0]
        assert judgement.best == race_player.choose(seen, own, dice_for(seen.to_json(), judgement.step - 1)).move
        assert judgement.move == moves[judgement.step - 1] != judgement.best
        after = race.apply(before, judgement.best)[0]
        alone, _ = play_alone(after, 0, race_player.choose,
                              lambda seen, made: dice_for(seen.to_json(), judgement.step + made))
        assert alone.contributed[0] > final.contributed[1]
        assert judgement.cost == alone.contributed[0] - final.contributed[0]
        assert judgement.params["theirs"] == final.contributed[1]


def _whist(seed: int, weak: bool, declares: bool = True, call: str = "solo"):
    """A deal in which the reader (seat 0) makes ``call`` at the first chance, or with ``declares`` false
    passes every time and defends, and plays at random (``weak``) or as the hints say."""
    rng = random.Random(seed)
    call = call if declares else "pass"
    position = start = whist.new_game(seed, dealer=3)
    moves = []
    while not position.is_over and position.phase != whist.ANNULLED:
        seat = position.to_move
        legal = whist.legal_moves(position)
        seen = whist_view(position, seat)
        solo = next((move for move in legal if isinstance(move, whist.Bid) and move.bid == call), None)
        if seat == 0 and solo is not None:
            move = solo
        elif seat == 0 and weak and isinstance(legal[0], whist.Play):
            move = rng.choice(legal)
        else:
            move = whist_player.choose(seen, legal, dice_for(seen.to_json(), len(moves)) if seat == 0 else rng, "strong").move
        position, _ = whist.apply(position, move)
        moves.append(move)
    return start, moves


def _side_value(position, seat, tricks):
    contract = position.contract
    declaring = seat in (contract.bidder, contract.partner)
    return tricks if declaring != (contract.bid in whist.MISERES) else -tricks


@pytest.mark.parametrize("seed", [30, 36])
def test_a_whist_reader_who_played_every_hint_is_never_told_the_better_card_was_findable(seed):
    start, moves = _whist(seed, weak=False)
    assert not any(judgement.findable for judgement in review_whist(start, moves, 0)
                   if isinstance(judgement.move, whist.Play))


def test_every_judged_whist_card_costs_the_solvers_double_dummy_difference():
    start, moves = _whist(34, weak=True)
    judgements = review_whist(start, moves, 0)
    cards = [judgement for judgement in judgements if isinstance(judgement.move, whist.Play)]
    assert cards
    position, positions = start, [start]
    for move in moves:
        position = whist.apply(position, move)[0]
        positions.append(position)
    for judgement in cards:
        before = positions[judgement.step - 1]
        values = {value.card: value.tricks for value in analyse(before)}
        kept = {card: _side_value(before, 0, tricks) for card, tricks in values.items()}
        assert judgement.cost == max(kept.values()) - kept[judgement.move.card] > 0
        assert kept[judgement.best.card] == max(kept.values())


@pytest.mark.parametrize("seed, declares", [(30, True), (35, False)])
def test_a_whist_card_that_cost_the_contract_is_told_so(seed, declares):
    """Solo Whist pays no overtricks: where the tricks a card cost turned the contract round, the
    judgement says so (the bidder's side lost it, or the defence let it be made); elsewhere it speaks of
    tricks alone."""
    start, moves = _whist(seed, weak=True, declares=declares)
    position, positions = start, [start]
    for move in moves:
        position = whist.apply(position, move)[0]
        positions.append(position)
    turned = 0
    for judgement in review_whist(start, moves, 0):
        if not isinstance(judgement.move, whist.Play):
            continue
        made = {value.card: value.made for value in analyse(positions[judgement.step - 1])}
        fate = made[judgement.best.card] != made[judgement.move.card]
        told = "and with it the contract" in judgement.reason or "and with them the contract" in judgement.reason
        let = "let the contract be made" in judgement.reason
        assert (told, let) == ((fate and declares), (fate and not declares))
        assert not fate or made[judgement.best.card] == declares
        assert judgement.decisive == fate
        turned += fate
    assert turned


def test_the_summary_puts_a_decision_that_turned_the_result_round_before_costlier_ones():
    def judged(step, cost, decisive=False):
        return Judgement(step, whist.Play(0, Card.parse("2S")), whist.Play(0, Card.parse("AS")), cost, True, "", {},
                         decisive=decisive)
    judgements = [judged(3, 2.0), judged(7, 1.0), judged(9, 3.0), judged(12, 1.0, decisive=True), judged(20, 2.0)]
    assert summary(judgements) == [3, 2, 0]


@pytest.mark.slow
def test_a_whist_review_searches_within_its_allowance_and_a_smaller_one_changes_no_judgement(monkeypatch):
    """One review request searches no more positions than its allowance, however many of the reader's
    cards cost something; a smaller allowance leaves decisions unjudged, the deal's first cards before
    the later ones, and says which, and each one it judges reads as in the whole review (the strong
    player's card or call is still the hint's)."""
    start, moves = _whist(34, weak=True)
    searched = []
    for name in ("card_tricks", "card_wins", "tricks", "wins"):
        def counting(*args, _search=getattr(double_dummy, name), **kwargs):
            try:
                return _search(*args, **kwargs)
            finally:
                searched.append(double_dummy.nodes())
        monkeypatch.setattr(double_dummy, name, counting)
    whole = whist_review.review(start, moves, 0)
    spent = sum(searched)
    assert len(whole.judgements) >= 3 and spent <= whist_review.REVIEW_WORK and whole.unjudged == ()
    seen, split = set(), False
    for work in (0, spent // 3, 2 * spent // 3):
        searched.clear()
        cut = whist_review.review(start, moves, 0, work)
        # a search cut short stops at the first position past its limit
        assert sum(searched) <= work + len(searched)
        assert all(judgement in whole.judgements for judgement in cut.judgements)
        kept = [judgement.step for judgement in cut.judgements if isinstance(judgement.move, whist.Play)]
        lost = [judgement.step for judgement in whole.judgements
                if isinstance(judgement.move, whist.Play) and judgement not in cut.judgements]
        assert set(lost) <= set(cut.unjudged)
        assert all(step < first for step in cut.unjudged for first in kept)
        seen.add(len(cut.judgements))
        split |= bool(kept and lost)
    assert 0 in seen and len(seen) > 1 and max(seen) < len(whole.judgements) and split


def test_a_whist_review_with_no_work_left_names_every_decision_it_could_not_judge():
    start, moves = _whist(34, weak=True)
    position, reader, forced = start, [], 0
    for step, move in enumerate(moves, start=1):
        if move.player == 0:
            if len(whist.legal_moves(position)) > 1:
                reader.append(step)
            else:
                forced += 1
        position = whist.apply(position, move)[0]
    assert forced and len(reader) > 5
    cut = whist_review.review(start, moves, 0, 0)
    assert cut.judgements == () and cut.unjudged == tuple(reader)


def test_a_whist_call_the_strong_bidder_would_not_make_is_judged_with_its_estimated_chance():
    """The reader bids a solo where the strong bidder passes: the review says how often the solo is
    made in the deals the bidder sampled, which are the deals its own estimate rests on."""
    start, moves = _whist(34, weak=False)
    position = start
    bids = []
    for step, move in enumerate(moves, start=1):
        if move.player == 0 and isinstance(move, whist.Bid):
            bids.append((step, position, move))
        position = whist.apply(position, move)[0]
    judged = {judgement.step: judgement for judgement in review_whist(start, moves, 0)
              if isinstance(judgement.move, whist.Bid)}
    step, before, move = bids[0]
    judgement = judged[step]
    assert (move.bid, judgement.best.bid) == ("solo", "pass")
    seen = whist_view(before, 0)
    calls = [legal.bid for legal in whist.legal_moves(before) if isinstance(legal, whist.Bid)]
    solo = next(estimate for estimate in bidding.estimates(seen, calls, dice_for(seen.to_json(), step - 1))
                if estimate.call == "solo")
    assert (judgement.params["yours"], judgement.params["of"]) == (solo.made, solo.samples)
    assert solo.samples >= 8 and solo.chips <= 0
    assert "%(of)s" in judgement.reason and judgement.rule == "bids"
    assert judgement.unit == "chips" and judgement.cost == round(max(-solo.chips, 0.0), 2) > 0
    assert judgement.decisive == (solo.made == 0)


def test_a_whist_call_made_in_none_of_the_likely_deals_is_decisive_and_costs_its_chips():
    """The reader calls abundance on a hand that makes it in none of the sampled deals: the review does
    not call that free (cost 0) but the costliest kind of decision, in chips lost on average."""
    start, moves = _whist(31, weak=False, call="abundance")
    step = next(step for step, move in enumerate(moves, start=1)
                if move.player == 0 and isinstance(move, whist.Bid) and move.bid == "abundance")
    before = start
    for move in moves[:step - 1]:
        before = whist.apply(before, move)[0]
    judgement = next(judgement for judgement in review_whist(start, moves, 0) if judgement.step == step)
    seen = whist_view(before, 0)
    calls = [legal.bid for legal in whist.legal_moves(before) if isinstance(legal, whist.Bid)]
    abundance = next(estimate for estimate in bidding.estimates(seen, calls, dice_for(seen.to_json(), step - 1))
                     if estimate.call == "abundance")
    assert abundance.made == 0 and abundance.samples == 16
    assert judgement.decisive and judgement.unit == "chips"
    assert judgement.cost == round(-abundance.chips, 2) == 12.0
    assert judgement.params["yours"] == 0 and judgement.params["of"] == 16


def test_old_maid_odds_of_two_players_bouncing_the_queen_are_two_in_three():
    """Two cards left with the reader, the queen and a seven, one seven with the other player, who draws
    from the reader: half the time the seven goes and the reader loses; otherwise the queen crosses and
    the reader draws from two cards, escaping with the seven or taking the queen back to where it was.
    x = 1/2 + x/4, so the reader ends with the queen two times in three."""
    queen, seven, other = Card.parse("QH"), Card.parse("7S"), Card.parse("7D")
    position = old_maid.Position(0, ((seven, queen), (other,)), ((), ()), old_maid.DRAWING, 0, 1)
    assert old_maid_odds.Odds(2, 0).chance(position) == pytest.approx(2 / 3, abs=1e-12)
    assert old_maid_odds.Odds(2, 1).chance(position) == pytest.approx(1 / 3, abs=1e-12)


def test_old_maid_estimate_never_reads_as_exact_even_when_all_its_games_end_alike():
    """Every game played on from the queen bouncing between two players reaches a state small enough to
    solve, so all end at two in three: the estimate is right, and its margin is still the rule of three's
    (3 in 100 games), not the 0 that would tell it as exact."""
    queen, seven, other = Card.parse("QH"), Card.parse("7S"), Card.parse("7D")
    position = old_maid.Position(0, ((seven, queen), (other,)), ((), ()), old_maid.DRAWING, 0, 1)
    told = old_maid_odds.estimate(old_maid_odds.Odds(2, 0), old_maid_odds.state_of(position), random.Random(1), 100)
    assert told.chance == pytest.approx(2 / 3, abs=1e-12)
    assert told.margin == pytest.approx(0.03)


def _settled(position):
    """The position once the pair a draw made (if any) is laid aside, through the engine."""
    while position.phase == old_maid.PAIRING:
        position = old_maid.apply(position, old_maid.legal_moves(position)[0])[0]
    return position


@pytest.mark.parametrize(("seed", "players"), [(3, 3), (8, 4)])
def test_old_maid_review_gives_the_odds_at_every_draw_and_each_is_the_average_of_the_next_draws(seed, players):
    """The odds are exact: at the deal and after every draw, the reader's chance of ending with the queen
    is the average, over every card of the fan drawn next (each as likely, the fan shuffled), of the
    chance after that draw, as the engine plays it; and 1 or 0 once the game is over."""
    start, moves = old_maid_game(seed, players)
    reviewed = GAMES["old-maid"].review(start, moves, 0)
    draws = [step for step, move in enumerate(moves, start=1) if isinstance(move, old_maid.Draw)]
    assert [chance.step for chance in reviewed.odds] == [0] + draws
    assert all(chance.chance is not None for chance in reviewed.odds)
    check = old_maid_odds.Odds(players, 0)
    position = start
    for step, move in enumerate(moves, start=1):
        position = old_maid.apply(position, move)[0]
        if not isinstance(move, old_maid.Draw):
            continue
        told = next(chance.chance for chance in reviewed.odds if chance.step == step)
        settled = _settled(position)
        if settled.is_over:
            assert told == (1.0 if settled.loser == 0 else 0.0)
            continue
        following = [check.chance(_settled(old_maid.apply(settled, draw)[0]))
                     for draw in old_maid.legal_moves(settled)]
        assert told == pytest.approx(sum(following) / len(following), abs=1e-9)


@pytest.mark.parametrize(("seed", "players"), [(5, 5), pytest.param(6, 6, marks=pytest.mark.slow)])
def test_old_maid_review_of_five_or_six_players_tells_a_chance_at_every_draw(seed, players):
    """With five or six players the early draws have too many ways to go on for the exact search: they are
    estimated, with a margin of a point or two, and every later draw is exact, each the average of the
    next draws' chances as the engine plays them."""
    start, moves = old_maid_game(seed, players)
    reviewed = GAMES["old-maid"].review(start, moves, 0)
    draws = [step for step, move in enumerate(moves, start=1) if isinstance(move, old_maid.Draw)]
    assert [chance.step for chance in reviewed.odds] == [0] + draws
    assert all(0 <= chance.chance <= 1 for chance in reviewed.odds)
    estimated = [chance for chance in reviewed.odds if chance.margin > 0]
    assert estimated and reviewed.odds[:len(estimated)] == tuple(estimated)
    assert all(chance.margin <= 0.03 for chance in estimated)
    assert reviewed.odds[-1].chance in (0.0, 1.0) and reviewed.odds[-1].margin == 0
    check = old_maid_odds.Odds(players, 0)
    position = start
    for step, move in enumerate(moves, start=1):
        position = old_maid.apply(position, move)[0]
        told = next((chance for chance in reviewed.odds if chance.step == step), None)
        if told is None or told.margin > 0 or _settled(position).is_over:
            continue
        settled = _settled(position)
        following = [check.chance(_settled(old_maid.apply(settled, draw)[0])) for draw in old_maid.legal_moves(settled)]
        assert told.chance == pytest.approx(sum(following) / len(following), abs=1e-9)


def test_old_maid_odds_by_iteration_are_those_by_elimination(monkeypatch):
    """A large group of states is solved by sweeps instead of elimination: solving every group of a 4-player
    game's search by sweeps gives the chances elimination gives, at the deal and after every draw."""
    positions = drawn(*old_maid_game(8, 4))
    eliminated = [told.chance for told in old_maid_odds.chances(positions, 0)]
    monkeypatch.setattr(old_maid_odds, "MAX_GROUP", 1)
    iterated = [told.chance for told in old_maid_odds.chances(positions, 0)]
    assert iterated == pytest.approx(eliminated, abs=1e-11)


def _first_exact(seed, players):
    """The position of a game at its first draw whose chance the review gives exactly (the deal with four)."""
    start, moves = old_maid_game(seed, players)
    reviewed = GAMES["old-maid"].review(start, moves, 0)
    step = next(chance.step for chance in reviewed.odds if chance.margin == 0)
    position = start
    for move in moves[:step]:
        position = old_maid.apply(position, move)[0]
    return position, next(chance.chance for chance in reviewed.odds if chance.step == step)


@pytest.mark.parametrize(("seed", "players"), [(8, 4), pytest.param(5, 5, marks=pytest.mark.slow)])
def test_old_maid_estimate_holds_the_exact_chance_within_its_margin(seed, players):
    """Where the exact search reaches, an estimate made afresh from the same state (games played on by chance,
    none of the search's chances known to it) lands within its own margin of the exact chance."""
    position, exact = _first_exact(seed, players)
    start = old_maid_odds.state_of(position)
    assert sum(mask.bit_count() for mask in start[0]) > old_maid_odds.SMALL
    told = old_maid_odds.estimate(old_maid_odds.Odds(players, 0), start, random.Random(seed), 1000)
    assert 0 < told.margin <= 0.03
    assert abs(told.chance - exact) <= told.margin


@pytest.mark.parametrize(("seed", "players"), [(5, 5), (6, 6)])
def test_old_maid_chances_of_every_seat_sum_to_one(seed, players):
    """Exactly one player ends with the queen: the chances of the seats, each searched for itself (a seat's
    search stops where that seat goes out), add up to one, two thirds of the way through the draws."""
    start, moves = old_maid_game(seed, players)
    draws = [step for step, move in enumerate(moves, start=1) if isinstance(move, old_maid.Draw)]
    position = start
    for move in moves[:draws[2 * len(draws) // 3]]:
        position = old_maid.apply(position, move)[0]
    chances = [old_maid_odds.Odds(players, seat).chance(position) for seat in range(players)]
    assert all(chance is not None for chance in chances)
    assert sum(chances) == pytest.approx(1, abs=1e-9)
    assert sum(chance > 0 for chance in chances) >= 2
